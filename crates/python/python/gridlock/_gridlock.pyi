# Stubs of the extension module: the Rust functions behind gridlock.<puzzle>. Each returns
# the dicts (the library's JSON objects) that the public modules wrap in result classes.
from typing import Any, Dict, List, Optional, Tuple

DEFAULT_MAX_STATES: int

class GridlockError(Exception): ...

class ParseError(ValueError):
    line: int
    column: int
    expected: str
    found: str
    index: int  # only on a solve_many error: the failing input's position

class LimitError(GridlockError):
    reason: str
    lower_bound: Optional[int]
    bound: Optional[Tuple[int, ...]]
    index: int  # only on a solve_many error
    found: int  # only from rush_hour_generate: puzzles found before the limit

_Obj = Dict[str, Any]

def chips_solve(chips: str) -> _Obj: ...
def chips_solve_many(inputs: List[str]) -> List[_Obj]: ...
def chips_verify(chips: str, solution: str) -> _Obj: ...
def puzznic_solve(
    board: str, objective: str = ..., fast: bool = ..., timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> _Obj: ...
def puzznic_solve_many(
    inputs: List[str], objective: str = ..., fast: bool = ..., timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> List[_Obj]: ...
def puzznic_verify(
    board: str, solution: str, timeout: Optional[float] = ..., max_states: Optional[int] = ...
) -> _Obj: ...
def rush_hour_solve(
    board: str, metric: str = ..., limit: Optional[int] = ..., exit_row: Optional[int] = ...,
    timeout: Optional[float] = ..., max_states: Optional[int] = ...,
) -> _Obj: ...
def rush_hour_solve_many(
    inputs: List[str], metric: str = ..., limit: Optional[int] = ...,
    exit_row: Optional[int] = ..., timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> List[_Obj]: ...
def rush_hour_explore(
    board: str, exit_row: Optional[int] = ..., timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> _Obj: ...
def rush_hour_generate(
    moves: Tuple[int, Optional[int]] = ..., count: int = ..., seed: int = ...,
    vehicles: Optional[Tuple[int, int]] = ..., walls: int = ..., set: str = ...,
    timeout: Optional[float] = ...,
) -> List[_Obj]: ...
def rush_hour_verify(
    board: str, solution: str, exit_row: Optional[int] = ..., timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> _Obj: ...
def n_puzzle_solve(
    board: str, size: Optional[str] = ..., goal: str = ..., heuristic: str = ...,
    pattern: Optional[str] = ..., timeout: Optional[float] = ..., max_states: Optional[int] = ...,
) -> _Obj: ...
def n_puzzle_solve_many(
    inputs: List[str], size: Optional[str] = ..., goal: str = ..., heuristic: str = ...,
    pattern: Optional[str] = ..., timeout: Optional[float] = ..., max_states: Optional[int] = ...,
) -> List[_Obj]: ...
def n_puzzle_explore(size: str = ..., goal: str = ..., max_states: Optional[int] = ...) -> _Obj: ...
def n_puzzle_verify(
    board: str, solution: str, goal: str = ..., size: Optional[str] = ...,
    timeout: Optional[float] = ...,
) -> _Obj: ...
def dataset_make(
    puzzle: str, count: int, seed: int, difficulty: Dict[str, Any], timeout: Optional[float] = ...
) -> List[_Obj]: ...
def dataset_score(item: Any, answer: Any) -> float: ...
