# Stubs of the extension module: the Rust functions behind gridlock.<puzzle>. Each returns
# the dicts (the library's JSON objects) that the public modules wrap in result classes.
from typing import Any, Dict, List, Optional, Tuple, Union

DEFAULT_MAX_STATES: int

class GridlockError(Exception): ...

class ParseError(ValueError):
    line: int
    column: int
    expected: str
    found: str
    index: int  # only on a solve_many error: the failing input's position

class LimitError(GridlockError):
    reason: str  # "timeout", "max_states", "max_memory", "memory" or "max_candidates"
    lower_bound: Optional[int]
    bound: Optional[Tuple[int, ...]]
    index: int  # only on a solve_many error
    found: int  # only from the generators: puzzles found before the limit

_Obj = Dict[str, Any]
_Memory = Union[int, str, None]  # bytes, "512M", "auto" (the default) or None
# (timeout, max_states, max_memory): every search's budget, read once in Rust
_Budget = Tuple[Optional[float], Optional[int], _Memory]
_Objective = Tuple[str, bool]  # (objective, fast)

def chips_solve(chips: str) -> _Obj: ...
def chips_solve_many(inputs: List[str]) -> List[_Obj]: ...
def chips_verify(chips: str, solution: str) -> _Obj: ...
def puzznic_solve(board: str, options: _Objective, budget: _Budget) -> _Obj: ...
def puzznic_solve_many(inputs: List[str], options: _Objective, budget: _Budget) -> List[_Obj]: ...
def puzznic_verify(board: str, solution: str, budget: _Budget) -> _Obj: ...

# (metric, limit, exit_row)
_RushHour = Tuple[str, Optional[int], Optional[int]]

def rush_hour_solve(board: str, options: _RushHour, budget: _Budget) -> _Obj: ...
def rush_hour_solve_many(inputs: List[str], options: _RushHour, budget: _Budget) -> List[_Obj]: ...
def rush_hour_explore(board: str, exit_row: Optional[int], budget: _Budget) -> _Obj: ...
def rush_hour_generate(
    moves: Tuple[int, Optional[int]], count: int, seed: int,
    vehicles: Optional[Tuple[int, int]], walls: int, set: str, budget: _Budget,
) -> List[_Obj]: ...
def rush_hour_verify(
    board: str, solution: str, exit_row: Optional[int], budget: _Budget
) -> _Obj: ...

# (size, goal, heuristic, pattern)
_NPuzzle = Tuple[Optional[str], str, str, Optional[str]]

def n_puzzle_solve(board: str, options: _NPuzzle, budget: _Budget) -> _Obj: ...
def n_puzzle_solve_many(inputs: List[str], options: _NPuzzle, budget: _Budget) -> List[_Obj]: ...
def n_puzzle_explore(size: str, goal: str, budget: _Budget) -> _Obj: ...
def n_puzzle_verify(
    board: str, solution: str, goal: str, size: Optional[str], budget: _Budget
) -> _Obj: ...
def dataset_make(
    puzzle: str, count: int, seed: int, difficulty: Dict[str, Any], budget: _Budget
) -> List[_Obj]: ...
def dataset_score(item: Any, answer: Any) -> float: ...
def sokoban_solve(
    level: str, number: Optional[int], options: _Objective, budget: _Budget
) -> _Obj: ...
def sokoban_solve_many(
    inputs: Union[str, List[str]], options: _Objective, budget: _Budget
) -> List[_Obj]: ...
def sokoban_verify(
    level: str, solution: str, number: Optional[int], objective: str, budget: _Budget
) -> _Obj: ...
def sokoban_generate(
    size: Union[str, int, Tuple[int, int]], boxes: Tuple[int, Optional[int]],
    pushes: Tuple[int, Optional[int]], per_box: int, count: int, seed: int,
    max_candidates: Optional[int], budget: _Budget,
) -> List[_Obj]: ...
