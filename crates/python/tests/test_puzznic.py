"""gridlock.puzznic: the CLI's answers (both objectives, fast), verification, errors."""

from __future__ import annotations

import pytest

import gridlock
from conftest import example

BOARDS = ["sample.txt", "contest7a.txt", "contest7b.txt"]


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("objective", ["moves", "cycles"])
def test_answers_equal_the_cli(cli, name, objective):
    board = example("puzznic", name)
    got = gridlock.puzznic.solve(board, objective=objective)
    assert got.to_dict() == cli.json("puzznic", "--objective", objective, stdin=board)
    assert got.optimal and got.solvable


def test_fast_equals_the_cli(cli):
    board = example("puzznic", "contest7b.txt")
    got = gridlock.puzznic.solve(board, fast=True)
    assert got.to_dict() == cli.json("puzznic", "--fast", stdin=board)


def test_solve_many_keeps_input_order():
    boards = [example("puzznic", n) for n in BOARDS]
    many = gridlock.puzznic.solve_many(boards * 2)
    assert [r.to_dict() for r in many] == [gridlock.puzznic.solve(b).to_dict() for b in boards * 2]


def test_verify():
    board = example("puzznic", "sample.txt")
    ok = gridlock.puzznic.verify(board, "R 2 3\n")
    assert ok.valid and ok.optimal and ok.lengths == {"moves": 1, "cycles": 1}
    bad = gridlock.puzznic.verify(board, "L 2 3\n")
    assert not bad.valid and bad.line == 1 and bad.reason


def test_unsolvable_is_a_result():
    r = gridlock.puzznic.solve("#####\n#1.2#\n#####\n")
    assert r.solvable is False and r.moves is None and r.actions == []


def test_errors_carry_line_and_column():
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.puzznic.solve("#####\n#.1.#\n#.#x#\n#####\n")
    assert (e.value.line, e.value.column) == (3, 4)
    with pytest.raises(gridlock.ParseError):
        gridlock.puzznic.solve("#1#", objective="pushes")
