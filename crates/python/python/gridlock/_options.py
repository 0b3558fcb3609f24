"""How the functions hand their keyword arguments to the extension, in one place.

Each extension function takes its input, then the puzzle's own options as one tuple, then
the search budget ``(timeout, max_states, max_memory)`` as another (read once, in Rust, for
every function). A ``solve_many`` takes exactly its puzzle's ``solve`` keywords, so it reads
them through ``solve``'s own signature rather than listing them again.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, Optional, Tuple

#: The keywords of the search budget, the last of every ``solve``'s.
LIMITS = ("timeout", "max_states", "max_memory")


def solve_options(
    solve: Callable[..., Any], options: Dict[str, Any]
) -> Tuple[Tuple[Any, ...], Tuple[Any, ...]]:
    """The extension's ``(options, budget)`` for ``options``, keywords given to a
    ``solve_many``: read as ``solve`` reads its keywords, its defaults for those not given.
    A keyword ``solve`` does not take raises ``TypeError`` naming it, as ``solve`` would."""
    bound = inspect.signature(solve).bind(None, **options)
    bound.apply_defaults()
    args = dict(bound.arguments)
    del args[next(iter(args))]  # solve's input, not an option
    budget = tuple(args.pop(name) for name in LIMITS)
    return tuple(args.values()), budget


def naturals(**values: Optional[int]) -> None:
    """Raises ``ValueError`` for a negative count, seed or range end (None: not given), as
    Python's own functions do; the extension reads them as unsigned numbers and would
    raise ``OverflowError``."""
    for name, value in values.items():
        if value is not None and value < 0:
            raise ValueError(f"{name} must be at least 0, found {value}")
