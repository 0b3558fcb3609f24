"""gridlock.sokoban.generate: the CLI's levels; the same seed, the same levels; every level
solvable in exactly its stated pushes (the optimal solver and the verifier agree), inside
the ranges asked for, no two alike; bad ranges, limits and Ctrl-C.

Runs are bounded by counts (levels, rooms tried), never by the clock."""

from __future__ import annotations

import pytest

import gridlock
from conftest import interrupted

generate = gridlock.sokoban.generate


def test_levels_equal_the_cli(cli):
    got = generate(count=3, seed=5)
    want = cli.lines("sokoban", "generate", "--count", "3", "--seed", "5")
    assert [g.to_dict() for g in got] == want
    got = generate(size="8x9", boxes=(2, 3), pushes=(6, 30), pushes_per_box=2, count=2, seed=2)
    want = cli.lines(
        "sokoban", "generate", "--size", "8x9", "--boxes", "2..3", "--pushes", "6..30",
        "--pushes-per-box", "2", "--count", "2", "--seed", "2",
    )
    assert [g.to_dict() for g in got] == want


def test_the_same_seed_gives_the_same_levels():
    first = generate(count=4, seed=9)
    assert generate(count=4, seed=9) == first
    # the run is accepted in job order: a longer run starts with the shorter one
    assert generate(count=6, seed=9)[:4] == first
    other = generate(count=4, seed=10)
    assert {g.level for g in other}.isdisjoint(g.level for g in first)
    # the size written three ways is one request
    assert generate(size=(10, 10), count=4, seed=9) == first
    assert generate(size=10, count=4, seed=9) == first


def grid(level):
    """The level's cells as rows, the player removed (his cell's floor or goal kept)."""
    return tuple(row.replace("@", " ").replace("+", ".") for row in level.split("\n"))


def symmetries(rows):
    """The grid under its 8 rotations and reflections (rows padded to one width)."""
    width = max(len(r) for r in rows)
    g = [r.ljust(width) for r in rows]
    out = []
    for _ in range(4):
        g = ["".join(col) for col in zip(*g[::-1])]  # a quarter turn
        out += [tuple(g), tuple(r[::-1] for r in g)]
    return out


@pytest.mark.parametrize(
    "size,boxes,pushes,per_box",
    [
        ("10x10", 4, (1, None), 4),
        ("7x8", (2, 3), (6, 12), 2),
        ((9, 11), (3, None), (15, 40), 4),
    ],
)
def test_levels_meet_the_request_and_the_solver_agrees(size, boxes, pushes, per_box):
    levels = generate(size=size, boxes=boxes, pushes=pushes, pushes_per_box=per_box,
                      count=4, seed=3)
    rows, cols = (10, 10) if size == "10x10" else (7, 8) if size == "7x8" else size
    low, high = (boxes, boxes) if isinstance(boxes, int) else boxes
    assert [g.index for g in levels] == [1, 2, 3, 4]
    for g in levels:
        cells = g.level.split("\n")
        assert (g.rows, g.cols) == (rows, cols) == (len(cells), max(map(len, cells)))
        box_count = g.level.count("$")
        assert "*" not in g.level  # no box starts on a goal
        assert g.boxes == box_count == g.level.count(".") + g.level.count("+")
        assert low <= box_count <= (high if high is not None else rows * cols)
        assert pushes[0] <= g.pushes <= (pushes[1] or g.pushes)
        assert g.pushes >= per_box * box_count
        solved = gridlock.sokoban.solve(g.level)  # fewest pushes, then moves, proven
        assert solved.optimal and solved.pushes == g.pushes
        if g.moves_optimal:
            assert solved.moves == g.moves
        verdict = gridlock.sokoban.verify(g.level, g.solution)
        assert verdict.valid and verdict.lengths == {"moves": g.moves, "pushes": g.pushes}
        if g.moves_optimal:
            assert verdict.optimal
    # no two alike: not the same key, nor the same grid under any symmetry
    assert len({g.key for g in levels}) == len(levels)
    shapes = [min(symmetries(grid(g.level))) for g in levels]
    assert len(set(shapes)) == len(shapes)


@pytest.mark.parametrize(
    "arguments,words",
    [
        ({"size": "3x3"}, "5 to 24"),
        ({"size": "ten"}, "size"),
        ({"size": (30, 10)}, "5 to 24"),
        ({"boxes": 0}, "at least 1 box"),
        ({"boxes": (3, 2)}, "lower end"),
        ({"boxes": 17}, "at most 16 boxes"),
        ({"pushes": (0, 5)}, "at least 1 push"),
        ({"pushes": (9, 3)}, "lower end"),
        ({"pushes": (5, 10)}, "at least 16"),
        ({"count": 0}, "at least 1 level"),
    ],
)
def test_bad_ranges_are_value_errors(arguments, words):
    with pytest.raises(ValueError, match=words) as e:
        generate(**arguments)
    assert isinstance(e.value, gridlock.ParseError) and e.value.line == 0


@pytest.mark.parametrize(
    "arguments",
    [{"count": -1}, {"seed": -5}, {"boxes": (-1, 3)}, {"pushes": (1, -2)},
     {"pushes_per_box": -1}, {"max_candidates": -10}],
)
def test_negative_numbers_are_value_errors(arguments):
    name = next(iter(arguments))
    with pytest.raises(ValueError, match=f"{name}(_max)? must be at least 0"):
        generate(**arguments)


def test_limits_raise_limit_error_with_what_was_found():
    with pytest.raises(gridlock.LimitError) as e:
        generate(count=50, seed=1, max_candidates=6)
    assert e.value.reason == "max_candidates" and "6 rooms" in str(e.value)
    assert 0 <= e.value.found <= 6
    with pytest.raises(gridlock.LimitError) as e:
        generate(count=1, timeout=0)
    assert e.value.reason == "timeout" and e.value.found == 0
    with pytest.raises(gridlock.LimitError) as e:
        generate(count=1, max_memory="1K")
    assert e.value.reason == "max_memory"


def test_ctrl_c_stops_a_long_run():
    # rooms of 12x12 with 6 boxes offer about 40 pushes at the most, so no room ever
    # gives 500: the run would go on for ever
    interrupted("gridlock.sokoban.generate(size='12x12', boxes=6, pushes=(500, None))")
