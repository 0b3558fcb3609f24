"""gridlock.rush_hour: the CLI's JSON for solve, solve_many, explore and generate."""

from __future__ import annotations

import pytest

import gridlock
from conftest import REPO, example

BOARDS = [
    example("rush-hour", "sample1.txt"),
    example("rush-hour", "sample2.txt"),
    "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
    # a 6x7 board: the general model, with rows, cols and exit_row in its JSON
    "ooBoCoo\nooBoCoo\nAAooDoo\nEEEoDoo\noooFFxo\nooooooo\n",
]


@pytest.mark.parametrize("k", range(len(BOARDS)))
@pytest.mark.parametrize("metric", ["moves", "steps"])
def test_solve_equals_the_cli(cli, k, metric):
    board = BOARDS[k]
    got = gridlock.rush_hour.solve(board, metric=metric)
    want = cli.json("rush-hour", "--metric", metric, "--limit", "none", stdin=board)
    assert got.to_dict() == want
    assert got.solvable == (want["answer"] >= 0)


def test_cli_defaults_when_asked_for(cli):
    board = BOARDS[2]
    got = gridlock.rush_hour.solve(board, metric="steps", limit=10)
    assert got.to_dict() == cli.json("rush-hour", stdin=board)
    assert got.answer == -1 and got.solution is None


BATCH = (REPO / "tests" / "fixtures" / "rush_hour" / "rush_18k_sample.txt").read_text()


@pytest.mark.parametrize("metric,limit", [("moves", None), ("steps", 10), ("moves", 20)])
def test_solve_many_equals_the_cli_batch(cli, metric, limit):
    boards = [line.split()[1] for line in BATCH.splitlines() if line.strip()]
    got = gridlock.rush_hour.solve_many(boards, metric=metric, limit=limit)
    args = ["rush-hour", "--batch", "--metric", metric, "--limit", str(limit or "none")]
    assert [r.to_dict() for r in got] == cli.lines(*args, stdin="\n".join(boards) + "\n")
    # and the optima are solve's
    for board, r in list(zip(boards, got))[:5]:
        if limit is None:
            assert gridlock.rush_hour.solve(board).moves == r.moves


def test_move_list_is_what_verify_reads():
    r = gridlock.rush_hour.solve(BOARDS[2])
    v = gridlock.rush_hour.verify(BOARDS[2], r.move_list())
    assert v.valid and v.optimal_moves and v.lengths["moves"] == r.moves == 51


@pytest.mark.parametrize("k", [1, 2, 3])
def test_explore_equals_the_cli(cli, k):
    got = gridlock.rush_hour.explore(BOARDS[k])
    assert got.to_dict() == cli.json("rush-hour", "explore", stdin=BOARDS[k])


def test_generate_equals_the_cli(cli):
    got = gridlock.rush_hour.generate(moves=(10, 12), count=3, seed=4)
    want = cli.lines("rush-hour", "generate", "--moves", "10..12", "--count", "3", "--seed", "4")
    assert [g.to_dict() for g in got] == want
    walls = gridlock.rush_hour.generate(moves=(5, None), count=2, seed=2, walls=1, vehicles=(3, 9))
    want = cli.lines("rush-hour", "generate", "--moves", "5..", "--count", "2", "--seed", "2",
                     "--walls", "1", "--vehicles", "3..9")
    assert [g.to_dict() for g in walls] == want


def test_bad_arguments():
    with pytest.raises(gridlock.ParseError):
        gridlock.rush_hour.solve(BOARDS[1], metric="slides")
    with pytest.raises(gridlock.ParseError):
        gridlock.rush_hour.generate(moves=(0, 3))
    for arguments in [{"count": -1}, {"seed": -1}, {"walls": -2}, {"moves": (-3, 5)},
                      {"vehicles": (2, -1)}]:
        with pytest.raises(ValueError, match="must be at least 0"):
            gridlock.rush_hour.generate(**arguments)
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.rush_hour.solve_many([BOARDS[1], "1 1 2\n"])
    assert e.value.index == 1 and e.value.line >= 1


def test_max_states_raises_limit_error():
    with pytest.raises(gridlock.LimitError) as e:
        gridlock.rush_hour.solve(BOARDS[2], max_states=100)
    assert e.value.reason == "max_states"
