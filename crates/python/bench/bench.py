"""Benchmarks of the Python package (figures in docs/python.md).

    python3 crates/python/bench/bench.py [--data ../shared/data] [--gridlock target/release/gridlock]

1. per-call cost of trivial solves (µs per call, best of 5 runs);
2. datasets.make throughput per puzzle at the default difficulty (items/s);
3. rush_hour.solve_many over rush_18k.txt against `gridlock rush-hour --batch` in the same
   run (when the data and the binary are there), and the ratio;
4. sokoban.solve_many over the committed Boxoban fixture (300 levels) against `gridlock
   sokoban --batch` in the same run, both objectives, and the ratios;
5. sokoban.generate of 300 default levels against `gridlock sokoban generate` in the same
   run, and the ratio.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from pathlib import Path

import gridlock

REPO = Path(__file__).resolve().parents[3]


def per_call(label, fn, calls):
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    print(f"per call  {label:<44} {best * 1e6:9.1f} µs")


def throughput(puzzle, count, **difficulty):
    start = time.perf_counter()
    items = gridlock.datasets.make(puzzle, count, 1, **difficulty)
    secs = time.perf_counter() - start
    shown = ", ".join(f"{k}={v}" for k, v in difficulty.items()) or "defaults"
    print(f"datasets  {puzzle:<10} {shown:<33} {len(items) / secs:9.1f} items/s ({count} in {secs:.2f} s)")


def batch(data: Path, binary: Path):
    path = data / "rush_18k.txt"
    if not path.exists() or not binary.exists():
        print(f"solve_many: skipped (no {path} or no {binary})")
        return
    boards = [line.split()[1] for line in path.read_text().splitlines() if line.strip()]
    start = time.perf_counter()
    subprocess.run([str(binary), "rush-hour", "--batch", "--format", "json", str(path)],
                   stdout=subprocess.DEVNULL, check=True)
    cli = time.perf_counter() - start
    many = getattr(gridlock.rush_hour, "solve_many", None)
    if many is None:
        print(f"solve_many: rush_hour.solve_many not available; CLI --batch {cli:.2f} s")
        return
    start = time.perf_counter()
    results = many(boards, metric="moves", limit=None)
    py = time.perf_counter() - start
    assert len(results) == len(boards)
    print(f"rush_18k  CLI --batch --format json {cli:.2f} s; solve_many {py:.2f} s; ratio {py / cli:.2f}")


def sokoban_batch(binary: Path):
    path = REPO / "tests" / "fixtures" / "sokoban" / "boxoban-hard-000-first300.txt"
    if not binary.exists():
        print(f"sokoban solve_many: skipped (no {binary})")
        return
    text = path.read_text()
    for objective in ("pushes", "moves"):
        start = time.perf_counter()
        subprocess.run([str(binary), "sokoban", "--batch", "--objective", objective,
                        "--format", "json", str(path)], stdout=subprocess.DEVNULL, check=True)
        cli = time.perf_counter() - start
        start = time.perf_counter()
        results = gridlock.sokoban.solve_many(text, objective=objective)
        py = time.perf_counter() - start
        assert len(results) == 300 and all(r.optimal for r in results)
        print(f"boxoban   {objective:<6} CLI --batch --format json {cli:.2f} s; solve_many {py:.2f} s; "
              f"ratio {py / cli:.2f}")


def sokoban_generate(binary: Path, count: int = 300):
    if not binary.exists():
        print(f"sokoban generate: skipped (no {binary})")
        return
    start = time.perf_counter()
    subprocess.run([str(binary), "sokoban", "generate", "--count", str(count), "--format",
                    "json"], stdout=subprocess.DEVNULL, check=True)
    cli = time.perf_counter() - start
    start = time.perf_counter()
    levels = gridlock.sokoban.generate(count=count)
    py = time.perf_counter() - start
    assert len(levels) == count
    print(f"generate  sokoban {count} levels: CLI --format json {cli:.2f} s; generate {py:.2f} s; "
          f"ratio {py / cli:.2f} ({count / py:.1f} levels/s)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--gridlock", type=Path, default=REPO / "target" / "release" / "gridlock")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    per_call("chips.solve('BRRBBRBR')", lambda: gridlock.chips.solve("BRRBBRBR"), 20000)
    sample = (REPO / "examples" / "puzznic" / "sample.txt").read_text()
    per_call("puzznic.solve(sample)", lambda: gridlock.puzznic.solve(sample), 2000)
    if hasattr(gridlock.rush_hour, "solve"):
        red = "ooooooooooooooooAAoooooooooooooooooo"
        per_call("rush_hour.solve(red car 2 from the exit)", lambda: gridlock.rush_hour.solve(red), 2000)
    push = "#####\n#@$.#\n#####\n"
    per_call("sokoban.solve(one push)", lambda: gridlock.sokoban.solve(push), 2000)
    throughput("chips", 2000)
    throughput("n-puzzle", 200)
    throughput("n-puzzle", 20, size="4x4", moves=(30, 40))
    throughput("rush-hour", 50)
    throughput("rush-hour", 10, moves=(30, 40))
    throughput("puzznic", 50)
    throughput("sokoban", 100)
    throughput("sokoban", 100, objective="moves")
    throughput("sokoban", 100, source="boxoban")
    batch(args.data, args.gridlock)
    sokoban_batch(args.gridlock)
    sokoban_generate(args.gridlock)


if __name__ == "__main__":
    main()
