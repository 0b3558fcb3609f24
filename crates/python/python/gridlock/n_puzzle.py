"""Sliding-tile puzzles: the 8-, 15- and 24-puzzle and any R x C board up to 64 cells
(SPEC section 9; docs/n-puzzle.md).

Boards are R lines of C numbers (0 the blank) or one line of k*k numbers; ``size="RxC"``
states the shape. ``goal`` is ``"blank-last"`` (the puzzle as sold, the default),
``"blank-first"`` (Korf's) or the text of a goal board. Solutions are the judge output: the
number of moves, then the tile slid at each move, one per line.
"""

from __future__ import annotations

from typing import Optional

from . import _gridlock
from ._result import Result, Verdict

__all__ = ["NPuzzleVerdict", "verify"]


class NPuzzleVerdict(Verdict):
    """``verify``'s verdict: ``length`` (the moves listed, or -1), ``optimal`` (None when the
    optimum could not be found within the budget) and ``best`` (the optimum, -1 when the goal
    cannot be reached)."""

    __slots__ = ()

    length: int
    best: Optional[int]


def verify(
    board: str,
    solution: str,
    goal: str = "blank-last",
    size: Optional[str] = None,
    timeout: Optional[float] = 30.0,
) -> NPuzzleVerdict:
    """Replays ``solution`` as ``gridlock verify n-puzzle`` does: valid when every tile
    listed is next to the blank and the goal is reached; then solves the board within
    ``timeout`` (the CLI's 30 s) to say whether it is optimal."""
    return NPuzzleVerdict(_gridlock.n_puzzle_verify(board, solution, goal, size, timeout))
