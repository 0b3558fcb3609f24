"""gridlock.sokoban: the CLI's answers on the committed Boxoban fixture (one level, the
whole collection), verification, errors with line and column, limits with the proven
bound (state cap and memory budget), Ctrl-C."""

from __future__ import annotations

import pytest

import gridlock
from conftest import REPO, interrupted

FIXTURES = REPO / "tests" / "fixtures" / "sokoban"
COLLECTION_PATH = FIXTURES / "boxoban-hard-000-first300.txt"
COLLECTION = COLLECTION_PATH.read_text()


def optima():
    """The committed optima: level -> (pushes, moves) and (moves, pushes)."""
    table = {}
    for line in (FIXTURES / "boxoban-hard-000-first300-optimal.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            n = [int(w) for w in line.split()]
            table[n[0]] = {"pushes": (n[1], n[2]), "moves": (n[3], n[4])}
    return table


OPTIMA = optima()


def without_stats(d):
    """A result without its search statistics (wall time, and the bytes its budget let the
    bound memo keep), which no two runs share."""
    return {k: v for k, v in d.items() if k != "stats"}


def first(result):
    """The result's (first, second) counts in its objective's order."""
    if result.objective == "pushes":
        return (result.pushes, result.moves)
    return (result.moves, result.pushes)


@pytest.mark.parametrize("objective", ["pushes", "moves"])
@pytest.mark.parametrize("number", [1, 3, 150, 300])
def test_answers_equal_the_cli(cli, objective, number):
    got = gridlock.sokoban.solve(COLLECTION, number=number, objective=objective)
    want = cli.json(
        "sokoban", "--level", str(number), "--objective", objective, str(COLLECTION_PATH)
    )
    assert without_stats(got.to_dict()) == without_stats(want)
    assert got.optimal and got.solvable and first(got) == OPTIMA[number][objective]
    assert set(got.stats) == {"generated", "expanded", "peak_states", "peak_bytes", "seconds"}


@pytest.mark.parametrize("objective", ["pushes", "moves"])
def test_solve_many_equals_the_cli_batch(cli, objective):
    many = gridlock.sokoban.solve_many(COLLECTION, objective=objective)
    want = cli.lines("sokoban", "--batch", "--objective", objective, str(COLLECTION_PATH))
    assert len(many) == len(want) == 300
    assert [without_stats(r.to_dict()) for r in many] == [without_stats(w) for w in want]
    assert [r.id for r in many] == list(range(1, 301))
    assert all(first(r) == OPTIMA[r.id][objective] for r in many)


def test_solve_many_of_a_list_keeps_input_order():
    levels = [gridlock.sokoban.solve(COLLECTION, number=n) for n in (5, 2, 9)]
    texts = ["\n".join(rows(n)) for n in (5, 2, 9)]
    many = gridlock.sokoban.solve_many(texts * 2)
    assert [r.id for r in many] == list(range(1, 7))
    assert [r.solution for r in many] == [r.solution for r in levels] * 2


def rows(number):
    """The ten rows of fixture level `number` (1-based; each level is a `; N` line, ten
    rows and a blank line)."""
    lines = COLLECTION.splitlines()
    start = (number - 1) * 12 + 1
    return lines[start : start + 10]


def test_verify_accepts_the_answer_and_names_a_wrong_step():
    level = "\n".join(rows(3))
    answer = gridlock.sokoban.solve(level).solution
    ok = gridlock.sokoban.verify(level, answer)
    assert ok.valid and ok.optimal and ok.reason is None
    assert ok.lengths == {"moves": len(answer), "pushes": sum(c.isupper() for c in answer)}
    # the first push made a plain move: the step is named, its line and column too
    k = next(i for i, c in enumerate(answer) if c.isupper())
    wrong = answer[:k] + answer[k].lower() + answer[k + 1 :]
    bad = gridlock.sokoban.verify(level, wrong)
    assert not bad.valid and bad.step == k + 1 and bad.line == 1
    assert f"step {k + 1} (line 1, column {k + 1})" in bad.reason and bad.optimal is False
    # one step short: every step legal, boxes left off their goals
    short = gridlock.sokoban.verify(level, answer[:-1])
    assert not short.valid and short.step == len(answer) and short.line == 0
    assert "off" in short.reason


def test_verify_says_a_longer_answer_is_not_optimal():
    level = "\n".join(rows(3))
    answer = gridlock.sokoban.solve(level, objective="moves").solution
    k = next(i for i, c in enumerate(answer) if c.islower())
    back = {"l": "r", "r": "l", "u": "d", "d": "u"}[answer[k]]
    longer = answer[:k] + answer[k] + back + answer[k:]
    v = gridlock.sokoban.verify(level, longer, objective="moves")
    assert v.valid and v.optimal is False and v.objective == "moves"
    assert v.optimum == {"moves": len(answer), "pushes": sum(c.isupper() for c in answer)}


def test_unsolvable_is_a_result():
    # the box is against the left wall of a one-row corridor: it can never move right
    stuck = gridlock.sokoban.solve("#####\n#$@.#\n#####\n")
    assert stuck.solvable is False and stuck.solution is None and stuck.optimal


def test_errors_carry_line_and_column():
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.sokoban.solve("#####\n#@$.#\n#X  #\n#####\n")
    assert (e.value.line, e.value.column) == (3, 2)
    # a collection needs number=: the second level's line is named
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.sokoban.solve(COLLECTION)
    assert e.value.line == 14
    with pytest.raises(gridlock.ParseError):
        gridlock.sokoban.solve(COLLECTION, number=301)
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.sokoban.verify("\n".join(rows(1)), "lurd\nllX")
    assert (e.value.line, e.value.column) == (2, 3)
    with pytest.raises(gridlock.ParseError):
        gridlock.sokoban.solve("\n".join(rows(1)), objective="boxes")
    with pytest.raises(gridlock.ParseError) as e:
        gridlock.sokoban.solve_many(["\n".join(rows(1)), "#####\n#@$ #\n#####\n"])
    assert e.value.index == 1


def test_state_cap_raises_limit_error_with_the_bound():
    level = "\n".join(rows(3))
    with pytest.raises(gridlock.LimitError) as e:
        gridlock.sokoban.solve(level, max_states=50)
    assert e.value.reason == "max_states"
    assert 1 <= e.value.lower_bound <= OPTIMA[3]["pushes"][0]


@pytest.mark.parametrize("objective", ["pushes", "moves"])
def test_a_tiny_memory_budget_stops_with_the_bound(objective):
    level = "\n".join(rows(3))
    with pytest.raises(gridlock.LimitError) as e:
        gridlock.sokoban.solve(level, objective=objective, max_memory="64K")
    assert e.value.reason == "max_memory" and "64.0 KiB" in str(e.value)
    assert 1 <= e.value.lower_bound <= OPTIMA[3][objective][0]
    # a budget that fits gives the optimum, as an int of bytes or a text
    for fits in (16 << 20, "16M", None, "none"):
        r = gridlock.sokoban.solve(level, objective=objective, max_memory=fits)
        assert first(r) == OPTIMA[3][objective]


def test_solve_many_reports_stopped_levels_as_the_batch_does():
    ten = "\n".join(COLLECTION.splitlines()[:120])
    many = gridlock.sokoban.solve_many(ten, max_states=200)
    stopped = [r for r in many if r.solvable is None]
    assert stopped, "a cap of 200 states stops some of the first ten levels"
    for r in many:
        best = OPTIMA[r.id]["pushes"]
        if r.solvable is None:
            assert r.solution is None and 1 <= r.lower_bound <= best[0]
        else:
            assert first(r) == best and r.lower_bound is None


# a 14x12 room with ten boxes, made up for this test: its optimal search needs far more than
# the second the test waits (the CLI proves 43 pushes in 4 s and holds 200 MiB)
BIG = """\
################
#@           . #
#              #
# . $ $  .$    #
#     $        #
#         $    #
#  $      $    #
#  $   $$. .   #
#         .   .#
#   .      .   #
#              #
# .            #
#              #
################
"""


def test_ctrl_c_stops_a_long_search():
    interrupted("gridlock.sokoban.solve(args[0])", BIG)
