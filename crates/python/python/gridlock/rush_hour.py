"""Rush Hour: slide cars and trucks along their lanes until the red car drives out of the
exit (SPEC sections 3, 10, 11; docs/rush-hour.md).

Boards in every format the command line reads: the judge matrix (numbers, 1 the red car),
the 36-character database string (``A`` the red car, ``o``/``.`` empty, ``x`` wall) and
letter grids; any shape from 4x4 to 12x12. Solutions are move lists, one
``VEHICLE DIRECTION DISTANCE`` per line (``B down 2``), what ``gridlock verify rush-hour``
reads.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Tuple

from . import _gridlock
from ._options import naturals, solve_options
from ._result import MaxMemory, Result, Verdict

__all__ = [
    "RushHourComponent",
    "RushHourOptima",
    "RushHourPuzzle",
    "RushHourSolution",
    "RushHourVerdict",
    "explore",
    "generate",
    "solve",
    "solve_many",
    "verify",
]


class RushHourSolution(Result):
    """The fields of ``gridlock rush-hour --format json``: ``answer`` (the optimum in
    ``metric``, -1 when there is none within ``limit``), ``metric``, ``limit``, ``board``
    (the database string, or rows joined by ``/`` on other shapes), ``moves``, ``steps``,
    ``steps_out`` (steps plus the red car's exit) and ``solution`` (``{vehicle, direction,
    distance}`` per move); on shapes other than 6x6 also ``rows``, ``cols``, ``exit_row``."""

    __slots__ = ()

    answer: int
    metric: str
    limit: Optional[int]
    board: str
    moves: Optional[int]
    steps: Optional[int]
    steps_out: Optional[int]
    solution: Optional[List[Dict[str, Any]]]

    @property
    def solvable(self) -> bool:
        """True when a solution was found (within ``limit``)."""
        return self._fields["answer"] >= 0

    def move_list(self) -> str:
        """The solution as ``gridlock verify rush-hour`` reads it: one move per line."""
        return "".join(
            f"{m['vehicle']} {m['direction']} {m['distance']}\n" for m in self.solution or []
        )


class RushHourOptima(Result):
    """One board of ``solve_many``: the fields of ``gridlock rush-hour --batch --format
    json``: ``line`` (the input's 1-based position), ``board``, ``moves``, ``steps``,
    ``steps_out`` (None when unsolvable or beyond ``limit``) and ``states`` (the size of the
    board's component, which the batch explores whole)."""

    __slots__ = ()

    line: int
    board: str
    moves: Optional[int]
    steps: Optional[int]
    steps_out: Optional[int]
    states: int


class RushHourComponent(Result):
    """The fields of ``gridlock rush-hour explore --format json``: ``board``, ``key``,
    ``states``, ``goal_states``, ``start_moves``, ``start_steps``, ``start_steps_out``,
    ``max_moves``, ``farthest_moves``, ``max_steps``, ``max_steps_out``, ``farthest_steps``."""

    __slots__ = ()

    board: str
    key: Optional[str]
    states: int
    goal_states: int
    start_moves: Optional[int]
    start_steps: Optional[int]
    start_steps_out: Optional[int]
    max_moves: Optional[int]
    farthest_moves: Optional[str]
    max_steps: Optional[int]
    max_steps_out: Optional[int]
    farthest_steps: Optional[str]


class RushHourPuzzle(Result):
    """One generated puzzle, the fields of ``gridlock rush-hour generate --format json``:
    ``moves``, ``steps``, ``steps_out``, ``board``, ``size`` (positions in its component),
    ``key``, ``vehicles``, ``walls``, ``solution`` (move names)."""

    __slots__ = ()

    moves: int
    steps: int
    steps_out: int
    board: str
    size: int
    key: str
    vehicles: int
    walls: int
    solution: List[str]


class RushHourVerdict(Verdict):
    """``verify``'s verdict: ``length`` (steps, exit included), ``lengths`` (``{moves,
    steps_out}``), ``optimal`` in steps and ``optimal_moves`` in moves (None when not known
    within the budget), ``problem``, ``reason``, ``line``, ``report``."""

    __slots__ = ()

    length: Optional[int]
    lengths: Optional[Dict[str, int]]
    optimal_moves: Optional[bool]


def solve(
    board: str,
    metric: str = "moves",
    limit: Optional[int] = None,
    exit_row: Optional[int] = None,
    timeout: Optional[float] = None,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> RushHourSolution:
    """An optimal solution of ``board`` as ``gridlock rush-hour --format json`` gives it:
    fewest ``metric`` (``"moves"``: slides of any length, the exit not counted; ``"steps"``:
    single cells, the red car's exit steps included in ``answer``), then fewest of the other,
    at most ``limit`` (None: any depth). ``exit_row`` (1-based) as ``--exit-row``.
    ``max_states`` defaults to the CLI's 20,000,000, ``max_memory`` to its share of the
    machine's memory (docs/python.md). No solution is a result with
    ``answer == -1``. Raises :class:`gridlock.ParseError` and :class:`gridlock.LimitError`."""
    return RushHourSolution(
        _gridlock.rush_hour_solve(
            board, (metric, limit, exit_row), (timeout, max_states, max_memory)
        )
    )


def solve_many(inputs: Iterable[str], **options: Any) -> List[RushHourOptima]:
    """Both optima of many boards on every core, as ``gridlock rush-hour --batch --format
    json`` gives them, in input order; ``options`` are :func:`solve`'s keywords, with its
    defaults: each board's whole component is explored (moves and
    steps at once, the CLI's batch path, the fastest way through many boards); ``metric``
    and ``limit`` only decide which optima count as within the limit. For the move lists
    themselves, call :func:`solve` (it releases the GIL, so a thread pool runs several at
    once). The memory budget is shared by the boards explored at once. The first failing
    input raises, with its position as ``index``."""
    found = _gridlock.rush_hour_solve_many(list(inputs), *solve_options(solve, options))
    return [RushHourOptima(d) for d in found]


def explore(
    board: str,
    exit_row: Optional[int] = None,
    timeout: Optional[float] = None,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> RushHourComponent:
    """The whole component of ``board``, as ``gridlock rush-hour explore --format json``:
    its size, goal states, the start's optima and the farthest positions."""
    return RushHourComponent(
        _gridlock.rush_hour_explore(board, exit_row, (timeout, max_states, max_memory))
    )


def generate(
    moves: Tuple[int, Optional[int]] = (20, 30),
    count: int = 10,
    seed: int = 1,
    vehicles: Optional[Tuple[int, int]] = None,
    walls: int = 0,
    set: str = "any",
    timeout: Optional[float] = None,
    max_memory: MaxMemory = "auto",
) -> List[RushHourPuzzle]:
    """Fresh interesting 6x6 puzzles, as ``gridlock rush-hour generate --format json``: each
    the hardest position of its component, optimal moves in ``moves`` (``(a, None)``: at
    least ``a``; an int ``n``: exactly ``n``), ``vehicles`` (red car included; default 2 to
    18), exactly ``walls`` walls, ``set`` ``"any"`` or ``"physical"`` (the boxed game's
    pieces). The same arguments give the same puzzles on any machine and thread count. A
    ``timeout`` that runs out raises :class:`gridlock.LimitError` (``found``: how many were
    found)."""
    if isinstance(moves, int):
        moves = (moves, moves)
    low, high = vehicles if vehicles is not None else (None, None)
    naturals(
        moves=moves[0], moves_max=moves[1], count=count, seed=seed, vehicles=low,
        vehicles_max=high, walls=walls,
    )
    return [
        RushHourPuzzle(d)
        for d in _gridlock.rush_hour_generate(
            tuple(moves), count, seed, None if vehicles is None else tuple(vehicles),
            walls, set, (timeout, None, max_memory),
        )
    ]


def verify(
    board: str,
    solution: str,
    exit_row: Optional[int] = None,
    timeout: Optional[float] = 30.0,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> RushHourVerdict:
    """Replays ``solution`` (a move list) on ``board`` as ``gridlock verify rush-hour``
    does, then solves the board within ``timeout`` (the CLI's 30 s) to say whether the list
    is optimal in steps (``optimal``) and in moves (``optimal_moves``). Raises
    :class:`gridlock.ParseError` for a malformed board or list."""
    return RushHourVerdict(
        _gridlock.rush_hour_verify(
            board, solution, exit_row, (timeout, max_states, max_memory)
        )
    )
