"""gridlock.datasets: reproducible items with optimal answers, and scores that never raise."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import gridlock
from gridlock import datasets

# small difficulties, so the whole suite stays quick
CASES = {
    "chips": {"moves": (3, 8)},
    "n-puzzle": {"size": "3x3", "moves": (8, 14)},
    "rush-hour": {"moves": (5, 9)},
    "puzznic": {"moves": (2, 4), "size": "4x4"},
    "sokoban": {"objective": "moves", "moves": (35, 60)},
}


@pytest.fixture(scope="module")
def items():
    return {p: datasets.make(p, 6, 11, **d) for p, d in CASES.items()}


@pytest.mark.parametrize("puzzle", CASES)
def test_items_are_optimal_and_in_range(items, puzzle):
    lo, hi = CASES[puzzle]["moves"]
    for k, item in enumerate(items[puzzle]):
        assert set(item) == {"question", "answer", "metadata"}
        meta = item["metadata"]
        assert meta["puzzle"] == puzzle and meta["seed"] == 11 and meta["index"] == k
        assert lo <= meta["optimal"] <= hi
        assert meta["difficulty"]["moves"] == [lo, hi]
        assert "answer" in item["question"].lower() or "Answer" in item["question"]
        assert datasets.score(item, item["answer"]) == 1.0


@pytest.mark.parametrize("puzzle", CASES)
def test_same_arguments_same_items(items, puzzle):
    assert datasets.make(puzzle, 6, 11, **CASES[puzzle]) == items[puzzle]
    assert datasets.make(puzzle, 6, 12, **CASES[puzzle]) != items[puzzle]


MAKE_ALL = """
import json, sys, gridlock
cases = json.loads(sys.argv[1])
print(json.dumps({p: gridlock.datasets.make(p, 4, 5, **d) for p, d in cases.items()}))
"""


def test_same_items_on_any_number_of_threads():
    def run(threads):
        env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
        done = subprocess.run(
            [sys.executable, "-c", MAKE_ALL, json.dumps(CASES)],
            env=env, capture_output=True, check=True, text=True,
        )
        return json.loads(done.stdout)

    assert run(1) == run(3)


def test_answers_are_what_the_verifiers_accept(items):
    for item in items["chips"]:
        v = gridlock.chips.verify(item["metadata"]["board"], item["answer"])
        assert v.valid and v.optimal
    for item in items["puzznic"]:
        v = gridlock.puzznic.verify(item["metadata"]["board"], item["answer"])
        assert v.valid and v.optimal
    for item in items["sokoban"]:
        meta = item["metadata"]
        v = gridlock.sokoban.verify(meta["board"], item["answer"], objective="moves")
        assert v.valid and v.optimal
        assert v.lengths == {"moves": meta["moves"], "pushes": meta["pushes"]}
        assert (meta["boxes"], meta["size"], meta["source"]) == (4, "10x10", "generator")


def test_longer_valid_answers_get_partial_credit(items):
    for item in items["chips"]:
        lines = item["answer"].split()
        n = int(lines[0])
        # after the goal the centre is empty: cell 1's chip in and back out
        longer = "\n".join([str(n + 2), *lines[1:], "1", "8"]) + "\n"
        assert datasets.score(item, longer) == pytest.approx(n / (n + 2))
    for item in items["n-puzzle"]:
        lines = item["answer"].split()
        n = int(lines[0])
        # at the goal tile 8 is left of the blank: slide it in and back
        longer = "\n".join([str(n + 2), *lines[1:], "8", "8"]) + "\n"
        assert datasets.score(item, longer) == pytest.approx(n / (n + 2))
    for item in items["sokoban"]:
        answer, n = item["answer"], item["metadata"]["moves"]
        # a step that pushes nothing, and back, before the first such step
        k = next(i for i, c in enumerate(answer) if c.islower())
        back = {"l": "r", "r": "l", "u": "d", "d": "u"}[answer[k]]
        longer = answer[:k] + answer[k] + back + answer[k:]
        assert datasets.score(item, longer) == pytest.approx(n / (n + 2))


GARBAGE = [
    "",
    " ",
    "-1",
    "\x00\x01\x02\xff",
    "\ud800",  # a lone surrogate: not even valid UTF-8
    "9" * 3_000_000,
    "1\n" * 1_000_000,
    "R 1 1\n" * 1000,
    "A right 99\n",
    "4\n1\n2\n3\n8\n",
    b"\x00\xff binary",
    None,
    12,
    ["1", "2"],
]


@pytest.mark.parametrize("puzzle", CASES)
def test_garbage_scores_zero_and_never_raises(items, puzzle):
    item = items[puzzle][0]
    others = [items[p][0]["answer"] for p in CASES if p != puzzle]
    for answer in GARBAGE + others:
        assert datasets.score(item, answer) == 0.0, (puzzle, repr(answer)[:40])


def test_bad_items_score_zero():
    assert datasets.score({}, "1") == 0.0
    assert datasets.score(None, "1") == 0.0
    assert datasets.score({"metadata": {"puzzle": "chips"}}, "0") == 0.0


def test_bad_parameters_raise_value_error():
    with pytest.raises(ValueError, match="mvoes"):
        datasets.make("chips", 1, 1, mvoes=3)
    with pytest.raises(ValueError, match="unknown puzzle"):
        datasets.make("tetris", 1, 1)
    with pytest.raises(ValueError):
        datasets.make("chips", 1, 1, moves=(30, 40))
    with pytest.raises(ValueError, match="pushes"):
        datasets.make("sokoban", 1, 1, pushes=(0, 3))
    with pytest.raises(ValueError, match="objective"):
        datasets.make("sokoban", 1, 1, objective="boxes")


def test_sokoban_items_are_the_generators_levels():
    items = datasets.make("sokoban", 6, 4, size="9x8", boxes=(2, 3), pushes=(8, 30),
                          pushes_per_box=3)
    assert datasets.make("sokoban", 4, 4, size="9x8", boxes=(2, 3), pushes=(8, 30),
                         pushes_per_box=3) == items[:4]
    levels = gridlock.sokoban.generate(size="9x8", boxes=(2, 3), pushes=(8, 30),
                                       pushes_per_box=3, count=6, seed=4)
    # in the pushes order the answer is the generator's (fewest pushes, then moves, proven)
    assert [g.level + "\n" for g in levels if g.moves_optimal] == [
        i["metadata"]["board"] for i in items
    ]
    for item, level in zip(items, [g for g in levels if g.moves_optimal]):
        meta = item["metadata"]
        assert meta["objective"] == "pushes" and meta["optimal"] == meta["pushes"]
        assert 8 <= meta["pushes"] <= 30 and meta["pushes"] >= 3 * meta["boxes"]
        assert (meta["source"], meta["size"], meta["key"]) == ("generator", "9x8", level.key)
        assert sum(c.isupper() for c in item["answer"]) == meta["pushes"]
        assert "fewest pushes" in item["question"] and meta["board"] in item["question"]
        assert datasets.score(item, item["answer"].lower()) == 1.0
        solved = gridlock.sokoban.solve(meta["board"])
        assert (solved.pushes, solved.moves) == (meta["pushes"], meta["moves"])


def test_sokoban_moves_range_and_bad_requests():
    items = datasets.make("sokoban", 3, 2, moves=(40, 50))
    assert all(40 <= i["metadata"]["moves"] <= 50 for i in items)
    with pytest.raises(ValueError, match="at least 16"):
        datasets.make("sokoban", 1, 1, pushes=(5, 10))  # 4 boxes of 4 pushes each
    with pytest.raises(ValueError, match="size"):
        datasets.make("sokoban", 1, 1, size="30x30")
    with pytest.raises(ValueError, match="found \"level\""):
        datasets.make("sokoban", 1, 1, level=3)


def test_sokoban_items_from_boxoban():
    items = datasets.make("sokoban", 12, 4, source="boxoban", pushes=(10, 14))
    levels = [i["metadata"]["level"] for i in items]
    assert len(set(levels)) == 12, "no level repeats while the pool lasts"
    assert datasets.make("sokoban", 5, 4, source="boxoban", pushes=(10, 14)) == items[:5]
    for item in items:
        meta = item["metadata"]
        assert meta["objective"] == "pushes" and meta["optimal"] == meta["pushes"]
        assert meta["source"] == "boxoban hard/000.txt"
        assert 10 <= meta["pushes"] <= 14
        assert sum(c.isupper() for c in item["answer"]) == meta["pushes"]
        assert datasets.score(item, item["answer"].lower()) == 1.0
    with pytest.raises(ValueError, match="size"):
        datasets.make("sokoban", 1, 1, source="boxoban", size="10x10")
