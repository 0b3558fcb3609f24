# Stubs of the extension module: the Rust functions behind gridlock.<puzzle>. Each returns
# the dicts that the public modules wrap in their result classes.
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

def chips_solve(chips: str) -> Dict[str, Any]: ...
def chips_solve_many(inputs: List[str]) -> List[Dict[str, Any]]: ...
def chips_verify(chips: str, solution: str) -> Dict[str, Any]: ...
def puzznic_solve(
    board: str,
    objective: str = ...,
    fast: bool = ...,
    timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> Dict[str, Any]: ...
def puzznic_solve_many(
    inputs: List[str],
    objective: str = ...,
    fast: bool = ...,
    timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> List[Dict[str, Any]]: ...
def puzznic_verify(
    board: str, solution: str, timeout: Optional[float] = ..., max_states: Optional[int] = ...
) -> Dict[str, Any]: ...
def rush_hour_verify(
    board: str,
    solution: str,
    metric: str = ...,
    exit_row: Optional[int] = ...,
    timeout: Optional[float] = ...,
    max_states: Optional[int] = ...,
) -> Dict[str, Any]: ...
def n_puzzle_verify(
    board: str,
    solution: str,
    goal: str = ...,
    size: Optional[str] = ...,
    timeout: Optional[float] = ...,
) -> Dict[str, Any]: ...
def dataset_make(
    puzzle: str, count: int, seed: int, difficulty: Dict[str, Any], timeout: Optional[float] = ...
) -> List[Dict[str, Any]]: ...
def dataset_score(item: Any, answer: Any) -> float: ...
