"""Sliding-tile puzzles: the 8-, 15- and 24-puzzle and any R x C board up to 64 cells
(SPEC section 9; docs/n-puzzle.md).

Boards are R lines of C numbers (0 the blank) or one line of k*k numbers; ``size="RxC"``
states the shape. ``goal`` is ``"blank-last"`` (the puzzle as sold, the default),
``"blank-first"`` (Korf's) or the text of a goal board. Heuristics as the CLI's:
``"auto"`` (the strongest pattern tables already cached, else a quick one built now),
``"pdb"`` (``pattern``, else the strongest), ``"manhattan"``. Tables live in the cache
directory (``$GRIDLOCK_CACHE``) and stay in memory between calls. Solutions are the judge
output: the number of moves, then the tile slid at each move, one per line.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional

from . import _gridlock
from ._options import solve_options
from ._result import MaxMemory, Result, Verdict

__all__ = [
    "NPuzzleBatchAnswer",
    "NPuzzleComponent",
    "NPuzzleSolution",
    "NPuzzleVerdict",
    "explore",
    "solve",
    "solve_many",
    "verify",
]


class NPuzzleSolution(Result):
    """The fields of ``gridlock n-puzzle --format json``: ``rows``, ``cols``, ``start``,
    ``goal`` (tiles in reading order), ``solvable``, ``moves`` (-1 when unsolvable),
    ``tiles`` (the tile slid at each move), ``directions`` (``U D L R``: where the blank
    goes), ``heuristic``, ``lower_bound``, ``stats``."""

    __slots__ = ()

    rows: int
    cols: int
    start: List[int]
    goal: List[int]
    solvable: bool
    moves: int
    tiles: Optional[List[int]]
    directions: Optional[str]
    heuristic: Optional[str]
    lower_bound: Optional[int]
    stats: Optional[Dict[str, Any]]


class NPuzzleBatchAnswer(Result):
    """One board of ``solve_many``: the fields of ``gridlock n-puzzle --batch --format
    json``: ``line`` (the input's 1-based position), ``board``, ``moves`` (-1 when
    unsolvable), ``tiles``, ``directions``, ``generated``, ``expanded``, ``seconds``."""

    __slots__ = ()

    line: int
    board: List[int]
    moves: int
    tiles: Optional[List[int]]
    directions: Optional[str]
    generated: int
    expanded: int
    seconds: float


class NPuzzleComponent(Result):
    """The fields of ``gridlock n-puzzle explore --format json``."""

    __slots__ = ()


class NPuzzleVerdict(Verdict):
    """``verify``'s verdict: ``length`` (moves listed, or -1), ``optimal`` (False when the
    optimum is not known), ``optimum_known``, ``problem``, ``reason``, ``line``, ``report``."""

    __slots__ = ()

    length: int
    optimum_known: bool


def solve(
    board: str,
    size: Optional[str] = None,
    goal: str = "blank-last",
    heuristic: str = "auto",
    pattern: Optional[str] = None,
    timeout: Optional[float] = None,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> NPuzzleSolution:
    """An optimal solution, as ``gridlock n-puzzle --format json`` gives it. An unreachable
    goal (the wrong parity) is a result with ``solvable == False``, decided without search.
    ``max_states`` caps expanded nodes (no cap by default). Raises
    :class:`gridlock.ParseError` and :class:`gridlock.LimitError`."""
    return NPuzzleSolution(
        _gridlock.n_puzzle_solve(
            board, (size, goal, heuristic, pattern), (timeout, max_states, max_memory)
        )
    )


def solve_many(inputs: Iterable[str], **options: Any) -> List[NPuzzleBatchAnswer]:
    """Optimal solutions of many boards on every core, as ``gridlock n-puzzle --batch
    --format json`` gives them (the limits apply to each), in input order; ``options`` are
    :func:`solve`'s keywords, with its defaults. The first
    failing input raises, with its position as ``index``."""
    found = _gridlock.n_puzzle_solve_many(list(inputs), *solve_options(solve, options))
    return [NPuzzleBatchAnswer(d) for d in found]


def explore(
    size: str = "3x3",
    goal: str = "blank-last",
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> NPuzzleComponent:
    """The goal's whole component, as ``gridlock n-puzzle explore --format json``: how many
    positions, how far the farthest are."""
    return NPuzzleComponent(_gridlock.n_puzzle_explore(size, goal, (None, max_states, max_memory)))


def verify(
    board: str,
    solution: str,
    goal: str = "blank-last",
    size: Optional[str] = None,
    timeout: Optional[float] = 30.0,
    max_memory: MaxMemory = "auto",
) -> NPuzzleVerdict:
    """Replays ``solution`` as ``gridlock verify n-puzzle`` does: valid when every tile
    listed is next to the blank and the goal is reached; then solves the board within
    ``timeout`` (the CLI's 30 s) to say whether it is optimal."""
    return NPuzzleVerdict(_gridlock.n_puzzle_verify(
        board, solution, goal, size, (timeout, None, max_memory)
    ))
