"""gridlock.chips: the CLI's answers, verification, errors."""

from __future__ import annotations

import itertools

import pytest

import gridlock
from conftest import example


def test_sample_is_the_contest_answer():
    r = gridlock.chips.solve("BRRBBRBR")
    assert r.solvable and r.length == 4 and r.moves == [1, 2, 3, 8]
    assert r.to_dict()["moves"] == [1, 2, 3, 8]


def test_every_ring_equals_the_cli(cli):
    rings = ["".join(c) for c in itertools.product("RB", repeat=8)][::7]
    for ring, got in zip(rings, gridlock.chips.solve_many(rings)):
        assert got.to_dict() == cli.json("chips", stdin=ring), ring
        assert got == gridlock.chips.solve(ring)


def test_unsolvable_is_a_result_not_an_exception():
    r = gridlock.chips.solve(example("chips", "unsolvable.txt"))
    assert r.solvable is False and r.length is None and r.moves == []


def test_verify_valid_and_invalid():
    board = example("chips", "sample.txt")
    ok = gridlock.chips.verify(board, example("chips", "sample.solution.txt"))
    assert ok.valid and ok.optimal and ok.reason is None and ok.length == 4
    bad = gridlock.chips.verify(board, example("chips", "sample.bad-move.txt"))
    assert not bad.valid and bad.reason and bad.line >= 1 and not bad.optimal
    assert bad.report.startswith("invalid: line")


def test_errors_carry_line_and_column():
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.chips.solve("\nBRRBBRXR")
    assert isinstance(e.value, ValueError)
    assert (e.value.line, e.value.column) == (2, 7)
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.chips.verify("BRRBBRBR", "2\n1\nx\n")
    assert e.value.line == 3
