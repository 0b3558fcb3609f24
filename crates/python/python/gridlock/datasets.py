"""Reproducible puzzle datasets for training and evaluating reasoning models.

``make(puzzle, count, seed, **difficulty)`` returns ``count`` items, each a dict
``{"question", "answer", "metadata"}``: the question states the board, the rules and the
answer format in plain text; the answer is an optimal solution in that format (the format
``gridlock verify`` reads); the metadata holds the board, the optimal length
(``optimal``), the difficulty parameters with their defaults filled in, the seed and the
item's index. The same arguments give the same items on any machine and any number of
threads.

``score(item, answer)`` replays ``answer`` with the puzzle's rules: 1.0 for a valid optimal
solution, ``optimal / length`` for a valid longer one (Puzznic: the moves ratio times the
cycles ratio; Sokoban: the pushes ratio times the moves ratio), 0.0 for anything invalid.
It never raises, whatever ``answer`` is.

Difficulty parameters (ranges are an int ``n`` or a pair ``(low, high)``):

=============  ==========================================================================
puzzle         parameters (defaults)
=============  ==========================================================================
``rush-hour``  ``moves`` (10, 20) optimal slides; ``vehicles`` (2, 18); ``walls`` 0;
               ``size`` 6 (only 6x6 has a generator)
``n-puzzle``   ``size`` "3x3" (2x2 to 4x4); ``moves`` (10, 20) optimal moves
``chips``      ``moves`` (1, 12) optimal moves (there are only 70 rings)
``puzznic``    ``size`` "5x5" playing area (3x3 to 8x8); ``pieces`` (4, 6); ``types`` (2, 3);
               ``moves`` (2, 6) optimal player moves
``sokoban``    ``size`` "10x10" (5x5 to 24x24, the wall included); ``boxes`` 4;
               ``pushes`` (1, 1000) the fewest pushes; ``pushes_per_box`` 4 (at least
               that many pushes a box; 0: no such rule); ``moves`` (default any) the
               answer's moves; ``objective`` "pushes" (fewest pushes, then moves) or
               "moves": levels of gridlock's generator (``sokoban.generate``), Boxoban-
               like by default. ``source="boxoban"``: Boxoban ``hard/000.txt`` levels
               instead (300, all 10x10 with 4 boxes; ``pushes`` (0, 1000), ``moves``
               (0, 10000) optimal counts, ``objective``)
=============  ==========================================================================
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import _gridlock
from ._result import MaxMemory

__all__ = ["PUZZLES", "make", "score"]

#: The puzzles ``make`` takes.
PUZZLES = ("rush-hour", "n-puzzle", "sokoban", "chips", "puzznic")


def make(
    puzzle: str,
    count: int,
    seed: int,
    timeout: Optional[float] = None,
    max_memory: MaxMemory = "auto",
    **difficulty: Any,
) -> List[Dict[str, Any]]:
    """Makes ``count`` items of ``puzzle`` (one of :data:`PUZZLES`) with the given
    difficulty parameters, reproducibly from ``seed``. Raises ``ValueError`` for an unknown
    puzzle or parameter, or a range no board of the chosen kind can meet;
    :class:`gridlock.LimitError` when ``timeout`` (seconds) runs out or a search needs more
    than ``max_memory``; ``KeyboardInterrupt``
    on Ctrl-C."""
    if count < 0:
        raise ValueError(f"count must be at least 0, found {count}")
    return _gridlock.dataset_make(puzzle, count, seed, difficulty, (timeout, None, max_memory))


def score(item: Dict[str, Any], answer: Any) -> float:
    """The score of ``answer`` for ``item`` (made by :func:`make`): 1.0 optimal,
    ``optimal / length`` for a valid longer answer, 0.0 for anything else (including a
    non-string answer or an item that is not one of ``make``'s). Never raises."""
    try:
        return _gridlock.dataset_score(item, answer)
    except Exception:  # noqa: BLE001 - the contract is "never an exception"
        return 0.0
