"""Rush Hour: slide cars and trucks along their lanes until the red car drives out of the
exit (SPEC sections 3, 10, 11; docs/rush-hour.md).

Boards in every format the command line reads: the judge matrix (numbers, 1 the red car),
the 36-character database string (``A`` the red car, ``o``/``.`` empty, ``x`` wall) and
letter grids; any shape from 4x4 to 12x12. Solutions are move lists, one
``VEHICLE DIRECTION DISTANCE`` per line (``B down 2``), what ``gridlock verify rush-hour``
reads.
"""

from __future__ import annotations

from typing import Optional

from . import _gridlock
from ._result import Result, Verdict

__all__ = ["RushHourVerdict", "verify"]


class RushHourVerdict(Verdict):
    """``verify``'s verdict: ``moves`` (lines) and ``steps`` (cells travelled plus the red
    car's exit steps) of a valid list; ``optimal`` in the ``metric`` asked for,
    ``optimal_steps`` and ``optimal_moves`` in each; ``best_steps`` and ``best_moves`` the
    optima (None if not known within the budget)."""

    __slots__ = ()

    moves: Optional[int]
    steps: Optional[int]
    optimal_steps: Optional[bool]
    optimal_moves: Optional[bool]
    best_steps: Optional[int]
    best_moves: Optional[int]


def verify(
    board: str,
    solution: str,
    metric: str = "steps",
    exit_row: Optional[int] = None,
    timeout: Optional[float] = 30.0,
    max_states: Optional[int] = None,
) -> RushHourVerdict:
    """Replays ``solution`` (a move list) on ``board`` as ``gridlock verify rush-hour``
    does, then solves the board within ``timeout`` (the CLI's 30 s) to say whether the list
    is optimal (None when that could not be decided). ``exit_row`` (1-based) as
    ``--exit-row``. Raises :class:`gridlock.ParseError` for a malformed board or list."""
    return RushHourVerdict(
        _gridlock.rush_hour_verify(board, solution, metric, exit_row, timeout, max_states)
    )
