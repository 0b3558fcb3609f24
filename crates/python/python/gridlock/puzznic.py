"""Puzznic: pieces fall under gravity; move one piece a cell left or right per cycle so that
matching pieces meet and vanish, until the board is empty (SPEC section 5,
docs/puzznic.md).

The board is the judge format: one line per row, ``#`` wall, ``.`` empty, ``1``..``9`` a
piece. The answer has one line per cycle: ``-`` (wait), ``L r c`` or ``R r c`` (1-based).
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional

from . import _gridlock
from ._options import solve_options
from ._result import MaxMemory, Result, Verdict

__all__ = ["PuzznicSolution", "PuzznicVerdict", "solve", "solve_many", "verify"]


class PuzznicSolution(Result):
    """The fields of ``gridlock puzznic --format json``: ``puzzle``, ``rows``, ``cols``,
    ``objective``, ``solvable``, ``optimal``, ``moves``, ``cycles``, ``actions`` (the judge
    lines), ``start`` (the rows), ``steps`` (``{cycle, action, moved, vanished, board}``)."""

    __slots__ = ()

    puzzle: str
    rows: int
    cols: int
    objective: str
    solvable: bool
    optimal: bool
    moves: Optional[int]
    cycles: Optional[int]
    actions: List[str]
    start: List[str]
    steps: List[Dict[str, Any]]


class PuzznicVerdict(Verdict):
    """``verify``'s verdict: ``length`` (cycles; -1 for a right ``-1``), ``lengths``
    (``{moves, cycles}``), ``optimal`` for the default objective (fewest moves, then cycles;
    None when unknown within the budget) and ``optimal_by_objective`` for both."""

    __slots__ = ()

    length: Optional[int]
    lengths: Optional[Dict[str, int]]
    optimal_by_objective: Optional[Dict[str, Optional[bool]]]


def solve(
    board: str,
    objective: str = "moves",
    fast: bool = False,
    timeout: Optional[float] = None,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> PuzznicSolution:
    """Solves one board as ``gridlock puzznic`` does: an optimal sequence for ``objective``
    (``"moves"``: fewest moves, then cycles; ``"cycles"``: the reverse), or with
    ``fast=True`` a valid one quickly (10 s budget unless ``timeout`` is given), not proven
    optimal. ``max_states`` defaults to the CLI's 20,000,000. Raises
    :class:`gridlock.ParseError` on malformed input and :class:`gridlock.LimitError` when a
    limit stops the search (with the proven lower bound)."""
    return PuzznicSolution(
        _gridlock.puzznic_solve(board, (objective, fast), (timeout, max_states, max_memory))
    )


def solve_many(inputs: Iterable[str], **options: Any) -> List[PuzznicSolution]:
    """Solves many boards on every core with :func:`solve`'s keywords ``options`` (the time and state limits apply to each, the
    memory budget is shared by the boards solved at once); results in input order. The
    first failing input raises, with its position as the exception's ``index``."""
    found = _gridlock.puzznic_solve_many(list(inputs), *solve_options(solve, options))
    return [PuzznicSolution(d) for d in found]


def verify(
    board: str,
    solution: str,
    timeout: Optional[float] = 30.0,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> PuzznicVerdict:
    """Replays ``solution`` (the judge answer) as ``gridlock verify puzznic`` does, then
    solves both objectives within ``timeout`` (the CLI's 30 s) to say whether it is optimal
    (None when that could not be decided). Only a ``-1`` answer needs the search to finish:
    if it cannot, :class:`gridlock.LimitError` is raised."""
    return PuzznicVerdict(_gridlock.puzznic_verify(
        board, solution, (timeout, max_states, max_memory)
    ))
