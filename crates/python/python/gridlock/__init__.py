"""gridlock: optimal solvers, verifiers and generators for grid puzzles, and reproducible
reasoning datasets with exact answers.

Every function takes the inputs the ``gridlock`` command line reads (every text format) and
returns the object ``--format json`` prints, as attributes and ``to_dict()``. Searches
release the GIL, stop on Ctrl-C (``KeyboardInterrupt``) and honour ``timeout=`` and
``max_states=``.

Modules: :mod:`gridlock.rush_hour`, :mod:`gridlock.chips`, :mod:`gridlock.puzznic`,
:mod:`gridlock.n_puzzle`, :mod:`gridlock.datasets`.
"""

from __future__ import annotations

from . import chips, datasets, n_puzzle, puzznic, rush_hour
from ._gridlock import DEFAULT_MAX_STATES, GridlockError, LimitError, ParseError
from ._result import Result, Verdict

__all__ = [
    "DEFAULT_MAX_STATES",
    "GridlockError",
    "LimitError",
    "ParseError",
    "Result",
    "Verdict",
    "chips",
    "datasets",
    "n_puzzle",
    "puzznic",
    "rush_hour",
]
