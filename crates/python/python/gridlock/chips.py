"""Red-blue chips: a 3x3 ring of eight chips around an empty centre; slide chips into the
empty cell until the colours alternate around the ring (SPEC section 4, docs/chips.md).

The board is 8 letters ``R``/``B``, the chips of cells 0..7 (clockwise from the top left;
the centre, cell 8, starts empty). The answer is the shortest move list, and among those the
lexicographically smallest: each move is the number of the cell a chip leaves.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional

from . import _gridlock
from ._result import Result, Verdict

__all__ = ["ChipsSolution", "ChipsVerdict", "solve", "solve_many", "verify"]


class ChipsSolution(Result):
    """The answer for one board: the fields of ``gridlock chips --format json``:
    ``puzzle`` ("chips"), ``input`` (the 8 letters), ``solvable``, ``length`` (None when
    unsolvable), ``moves`` (the cells moved from), ``boards`` (the start and the board after
    every move: ``{move, empty, cells, rows}``)."""

    __slots__ = ()

    puzzle: str
    input: str
    solvable: bool
    length: Optional[int]
    moves: List[int]
    boards: List[Dict[str, Any]]


class ChipsVerdict(Verdict):
    """``verify``'s verdict; the length is ``length`` (the number of moves listed, or -1)."""

    __slots__ = ()

    length: int


def solve(chips: str) -> ChipsSolution:
    """Solves one board (8 letters R/B, whitespace around them allowed), as
    ``gridlock chips`` does. An unsolvable board (not four of each colour) is a result with
    ``solvable == False``. Raises :class:`gridlock.ParseError` on malformed input."""
    return ChipsSolution(_gridlock.chips_solve(chips))


def solve_many(inputs: Iterable[str]) -> List[ChipsSolution]:
    """Solves many boards on every core; results in input order. A malformed input raises
    :class:`gridlock.ParseError` whose ``index`` is its position in ``inputs``."""
    return [ChipsSolution(d) for d in _gridlock.chips_solve_many(list(inputs))]


def verify(chips: str, solution: str) -> ChipsVerdict:
    """Replays ``solution`` (the judge output: the number of moves, then one cell per line;
    ``-1`` for "no solution") on the board, as ``gridlock verify chips`` does."""
    return ChipsVerdict(_gridlock.chips_verify(chips, solution))
