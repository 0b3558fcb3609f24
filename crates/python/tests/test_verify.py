"""verify for Rush Hour and sliding tiles: the CLI's verdicts, fields and errors."""

from __future__ import annotations

import pytest

import gridlock
from conftest import example

SAMPLE2 = example("rush-hour", "sample2.txt")


def test_rush_hour_verify_valid_optimal(cli):
    moves = "\n".join(
        f"{m['vehicle']} {m['direction']} {m['distance']}"
        for m in cli.json("rush-hour", "--limit", "none", stdin=SAMPLE2)["solution"]
    )
    v = gridlock.rush_hour.verify(SAMPLE2, moves)
    assert v.valid and v.optimal and v.optimal_moves and v.length == 6 and v.reason is None
    assert v.lengths == {"moves": v.lengths["moves"], "steps_out": 6}
    assert v.report.startswith("valid")


def test_rush_hour_verify_invalid_names_the_line():
    v = gridlock.rush_hour.verify(SAMPLE2, "6 left 1\n2 up 5\n")
    assert not v.valid and v.line == 2 and v.reason and v.optimal is False


def test_rush_hour_errors_carry_line_and_column():
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.rush_hour.verify(SAMPLE2, "6 sideways 1\n")
    assert e.value.line == 1 and e.value.column >= 1
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.rush_hour.verify("0 0\n0 Q\n", "")
    assert isinstance(e.value, ValueError) and e.value.line >= 1


def test_n_puzzle_verify():
    board = example("n-puzzle", "sample.txt")
    ok = gridlock.n_puzzle.verify(board, "2\n7\n8\n")
    assert ok.valid and ok.optimal and ok.length == 2 and ok.optimum_known
    bad = gridlock.n_puzzle.verify(board, "2\n1\n8\n")
    assert not bad.valid and bad.line == 2 and not bad.optimal
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.n_puzzle.verify("1 2 3\n4 5 6\n7 x 0\n", "0\n")
    assert (e.value.line, e.value.column) == (3, 3)
