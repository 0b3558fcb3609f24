"""gridlock.n_puzzle: the CLI's JSON for solve, solve_many and explore."""

from __future__ import annotations

import pytest

import gridlock
from conftest import example

BOARDS = [
    example("n-puzzle", "sample.txt"),
    example("n-puzzle", "hardest8.txt"),
    "1 2 3\n4 5 6\n8 7 0\n",  # the wrong parity: unsolvable
    "5 1 2\n0 4 3\n",
]


def stable(d):
    """The JSON without the search's timings, which differ from run to run."""
    d = dict(d)
    if d.get("stats"):
        d["stats"] = {k: v for k, v in d["stats"].items() if k not in ("seconds", "nodes_per_second")}
    return d


@pytest.mark.parametrize("k", range(len(BOARDS)))
@pytest.mark.parametrize("heuristic", ["manhattan", "auto"])
def test_solve_equals_the_cli(cli, k, heuristic):
    got = gridlock.n_puzzle.solve(BOARDS[k], heuristic=heuristic)
    want = cli.json("n-puzzle", "--heuristic", heuristic, stdin=BOARDS[k])
    assert stable(got.to_dict()) == stable(want)


def test_goals_and_sizes(cli):
    board = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 15 14"
    with pytest.raises(gridlock.ParseError):
        gridlock.n_puzzle.solve("1 2 3\n4 5 6\n", size="3x3")
    got = gridlock.n_puzzle.solve("1 4 2 3 0 5 6 7 8", goal="blank-first", heuristic="manhattan")
    want = cli.json("n-puzzle", "--goal", "blank-first", "--heuristic", "manhattan",
                    stdin="1 4 2 3 0 5 6 7 8")
    assert stable(got.to_dict()) == stable(want) and got.moves == 2
    assert gridlock.n_puzzle.solve(board, goal="blank-first").solvable is False


def test_solve_many_equals_the_cli_batch(cli):
    boards = [" ".join(b.split()) for b in BOARDS if len(b.split()) == 9] * 2
    got = gridlock.n_puzzle.solve_many(boards, heuristic="manhattan")
    want = cli.lines("n-puzzle", "--batch", "--heuristic", "manhattan", stdin="\n".join(boards))
    drop = ("seconds", "generated", "expanded")
    assert [{k: v for k, v in r.to_dict().items() if k not in drop} for r in got] == [
        {k: v for k, v in w.items() if k not in drop} for w in want
    ]
    assert [r.tiles for r in got] == [gridlock.n_puzzle.solve(b, heuristic="manhattan").tiles for b in boards]


def test_explore_equals_the_cli(cli):
    got = gridlock.n_puzzle.explore(size="2x3")
    assert got.to_dict() == cli.json("n-puzzle", "explore", "--size", "2x3")


def test_errors():
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.n_puzzle.solve("1 2 3\n4 5 6\n7 8 8\n")
    assert e.value.line == 3
    with pytest.raises(gridlock.ParseError):
        gridlock.n_puzzle.solve(BOARDS[0], heuristic="manhattan", pattern="8")
    with pytest.raises(gridlock.LimitError) as e:
        gridlock.n_puzzle.solve(BOARDS[1], heuristic="manhattan", max_states=10)
    assert e.value.reason == "max_states" and e.value.lower_bound >= 1
