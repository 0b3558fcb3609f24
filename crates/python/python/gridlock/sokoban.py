"""Sokoban: push every box onto a goal; boxes are pushed, never pulled (SPEC section 13,
docs/sokoban.md).

Levels in the XSB notation every Sokoban program reads: ``#`` wall, space (or ``-``,
``_``) floor, ``.`` goal, ``$`` box, ``*`` box on a goal, ``@`` the player, ``+`` the
player on a goal; run-length rows (``4#``, ``|`` between rows) and collections (many levels
separated by title or comment lines, Boxoban's ``; N`` files) too. ``number=`` picks one
level of a collection (1-based, as ``--level``). Solutions are LURD: ``l u r d`` a move,
``L U R D`` a push.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _gridlock
from ._options import naturals
from ._result import MaxMemory, Result, Verdict

__all__ = [
    "SokobanLevel",
    "SokobanSolution",
    "SokobanVerdict",
    "generate",
    "solve",
    "solve_many",
    "verify",
]

#: A range of ``generate``: an int ``n`` (exactly n), a pair ``(a, b)``, or ``(a, None)``
#: for at least ``a``.
Range = Union[int, Tuple[int, Optional[int]]]


class SokobanSolution(Result):
    """The fields of ``gridlock sokoban --format json``: ``puzzle``, ``id`` (only from
    :func:`solve_many`: the 1-based position), ``name`` (the level's title line or None),
    ``rows``, ``cols``, ``boxes``, ``objective``, ``solvable`` (None when a limit stopped
    the level in :func:`solve_many`), ``optimal``, ``moves``, ``pushes``, ``solution``
    (LURD), ``lower_bound`` (the proven bound on the objective's first count when stopped)
    and ``stats`` (``generated``, ``expanded``, ``peak_states``, ``peak_bytes``,
    ``seconds``)."""

    __slots__ = ()

    puzzle: str
    name: Optional[str]
    rows: int
    cols: int
    boxes: int
    objective: str
    solvable: Optional[bool]
    optimal: bool
    moves: Optional[int]
    pushes: Optional[int]
    solution: Optional[str]
    lower_bound: Optional[int]
    stats: Dict[str, Any]


class SokobanLevel(Result):
    """One generated level, the fields of ``gridlock sokoban generate --format json``:
    ``puzzle``, ``index`` (1-based place in the run), ``level`` (XSB rows joined by
    ``\\n``: what :func:`solve` reads), ``rows``, ``cols``, ``boxes``, ``pushes`` (the fewest,
    proven), ``moves`` and ``solution`` (LURD) of a push-optimal solution, ``moves_optimal``
    (whether those are the fewest moves among push-optimal solutions, as :func:`solve`
    gives them) and ``key`` (no other level of the run shares it)."""

    __slots__ = ()

    puzzle: str
    index: int
    level: str
    rows: int
    cols: int
    boxes: int
    pushes: int
    moves: int
    moves_optimal: bool
    solution: str
    key: str


class SokobanVerdict(Verdict):
    """``verify``'s verdict: ``objective``, ``length`` (moves; -1 for a right ``-1``),
    ``lengths`` (``{moves, pushes}``), ``optimal`` for the objective (None when unknown
    within the budget), ``optimum`` (the optimum's ``{moves, pushes}`` when the solution is
    valid but longer) and ``step`` (the 1-based step where an invalid solution fails; 0 for
    a wrong ``-1``). ``line`` is the failing letter's line in the solution (0 when no letter
    is to blame: boxes left off their goals at the end)."""

    __slots__ = ()

    objective: str
    length: Optional[int]
    lengths: Optional[Dict[str, int]]
    optimum: Optional[Dict[str, int]]
    step: Optional[int]


def solve(
    level: str,
    number: Optional[int] = None,
    objective: str = "pushes",
    fast: bool = False,
    timeout: Optional[float] = None,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> SokobanSolution:
    """Solves one level as ``gridlock sokoban --format json`` does: fewest pushes, then
    fewest moves (``objective="pushes"``), or fewest moves, then pushes (``"moves"``), each
    proven optimal; ``fast=True``: any solution, quickly, not proven optimal. A file of
    several levels needs ``number`` (1-based). ``max_states`` defaults to the CLI's
    20,000,000, ``max_memory`` to its share of the machine's memory. A level proven
    unsolvable is a result with ``solvable == False``. Raises :class:`gridlock.ParseError`
    (``line``, ``column``) and :class:`gridlock.LimitError` (``reason``, ``lower_bound``: at
    least that many pushes, or moves)."""
    return SokobanSolution(
        _gridlock.sokoban_solve(
            level, number, (objective, fast), (timeout, max_states, max_memory)
        )
    )


def solve_many(
    inputs: Union[str, Iterable[str]],
    objective: str = "pushes",
    fast: bool = False,
    timeout: Optional[float] = None,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> List[SokobanSolution]:
    """Solves every level on every core, as ``gridlock sokoban --batch --format json``:
    ``inputs`` is a collection's text (every level in it) or an iterable of single levels;
    one result per level in input order, ``id`` its 1-based position. As in the batch, a
    level stopped by a limit is a result too (``solvable`` None, ``lower_bound`` the proven
    bound), so one hard level does not lose the others' answers; ``timeout`` and
    ``max_states`` apply to each level, the memory budget is shared by the levels solved at
    once. A malformed level raises :class:`gridlock.ParseError` (from a list, with the
    item's position as ``index``); Ctrl-C raises ``KeyboardInterrupt``."""
    if not isinstance(inputs, str):
        inputs = list(inputs)
    found = _gridlock.sokoban_solve_many(
        inputs, (objective, fast), (timeout, max_states, max_memory)
    )
    return [SokobanSolution(d) for d in found]


def verify(
    level: str,
    solution: str,
    number: Optional[int] = None,
    objective: str = "pushes",
    timeout: Optional[float] = 30.0,
    max_states: Optional[int] = None,
    max_memory: MaxMemory = "auto",
) -> SokobanVerdict:
    """Replays ``solution`` (LURD; run-length counts such as ``3r``, groups and line breaks
    allowed; ``-1`` claims no solution) as ``gridlock verify sokoban`` does: valid when every
    step is legal and every box ends on a goal; case is checked only when the solution holds
    both cases. Then solves the level within ``timeout`` (the CLI's 30 s) to say whether it
    is optimal for ``objective``. A malformed solution raises :class:`gridlock.ParseError`;
    a ``-1`` whose proof does not finish raises :class:`gridlock.LimitError`."""
    return SokobanVerdict(
        _gridlock.sokoban_verify(
            level, solution, number, objective, (timeout, max_states, max_memory)
        )
    )


def _pair(value: Range) -> Tuple[int, Optional[int]]:
    """A range as the extension takes it: ``(low, high)``, high None for no upper end."""
    if isinstance(value, int):
        return (value, value)
    low, high = value
    return (low, high)


def generate(
    size: Union[str, int, Tuple[int, int]] = "10x10",
    boxes: Range = 4,
    pushes: Range = (1, None),
    pushes_per_box: int = 4,
    count: int = 1,
    seed: int = 1,
    max_candidates: Optional[int] = None,
    timeout: Optional[float] = None,
    max_memory: MaxMemory = "auto",
) -> List[SokobanLevel]:
    """New levels, as ``gridlock sokoban generate --format json`` prints them (its options
    as keywords, its defaults: Boxoban's 10x10 with 4 boxes): ``size`` rows x columns, the
    outer wall included (``"RxC"``, ``N`` or ``(R, C)``, 5 to 24 each); ``boxes`` and
    ``pushes`` (the fewest, proven) an int, ``(a, b)`` or ``(a, None)`` (boxes: as many as
    the room takes); at least ``pushes_per_box`` optimal pushes a box (0: no such rule).
    Every level is solvable in exactly its ``pushes``, no two alike, and the same arguments
    give the same levels on any machine and thread count. ``max_candidates`` caps the rooms
    tried (a bound that, unlike ``timeout``, stops at the same place everywhere). Raises
    :class:`gridlock.ParseError` (a ``ValueError``) for a range no level can meet and
    :class:`gridlock.LimitError` when a limit stops the run before ``count`` levels
    (``reason`` ``"max_candidates"``, ``"timeout"`` or ``"max_memory"``; ``found``: how many
    were made); ``KeyboardInterrupt`` on Ctrl-C."""
    boxes, pushes = _pair(boxes), _pair(pushes)
    naturals(
        boxes=boxes[0], boxes_max=boxes[1], pushes=pushes[0], pushes_max=pushes[1],
        pushes_per_box=pushes_per_box, count=count, seed=seed, max_candidates=max_candidates,
    )
    found = _gridlock.sokoban_generate(
        size, boxes, pushes, pushes_per_box, count, seed, max_candidates,
        (timeout, None, max_memory),
    )
    return [SokobanLevel(d) for d in found]
