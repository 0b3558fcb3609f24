//! Running out of memory is an answer: under a small `--max-memory`, or an address-space
//! limit (`ulimit -v`) in a child shell, every search ends with exit code 3, one line on
//! stderr naming the memory limit and the proven lower bound where the search has one, and
//! nothing on stdout. The searches stop on bytes counted, never on time, so every verdict
//! here is the same on a fast or a busy machine.

use assert_cmd::Command;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture(path: &str) -> String {
    root()
        .join("tests/fixtures")
        .join(path)
        .display()
        .to_string()
}

/// Exit code, stdout, stderr of `gridlock args` with `stdin`, tables cached in a fresh
/// directory.
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let cache = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .env("GRIDLOCK_CACHE", cache.path())
        .env("RAYON_NUM_THREADS", "1")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The number after `marker` in `text`.
fn number_after(text: &str, marker: &str) -> u32 {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker:?} in {text}"))
        + marker.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// A stop on the memory budget, as the contract says: exit 3, nothing on stdout, one line
/// naming the budget; returns that line.
fn memory_stop((code, stdout, stderr): (i32, String, String)) -> String {
    assert_eq!(code, 3, "{stderr}");
    assert!(stdout.is_empty(), "stdout: {stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("gridlock: error: "), "{stderr}");
    assert!(stderr.contains("memory"), "{stderr}");
    stderr
}

/// The hardest puzzle without walls of the database (51 moves; `rush_18k_sample.txt`).
const HARD_6X6: &str = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n";

#[test]
fn rush_hour_6x6_stops_on_memory_with_a_bound() {
    let args = ["rush-hour", "--limit", "none", "--metric", "moves"];
    let line = memory_stop(run(
        &[&args[..], &["--max-memory", "32K"]].concat(),
        HARD_6X6,
    ));
    assert!(line.contains("memory limit of 32.0 KiB reached"), "{line}");
    let bound = number_after(&line, "proven lower bound ");
    assert!((10..=51).contains(&bound), "{line}");
    // a budget that fits answers, and the answer is the database's
    let (code, out, err) = run(&[&args[..], &["--max-memory", "64M"]].concat(), HARD_6X6);
    assert_eq!((code, out.as_str()), (0, "51\n"), "{err}");
}

#[test]
fn rush_hour_rxc_stops_on_memory_with_a_bound() {
    // 12x12, 41 vehicles; 52 steps proved by its construction (fixture README)
    let chain = fixture("rush_hour/chain_12x12.txt");
    let line = memory_stop(run(
        &["rush-hour", "--limit", "none", "--max-memory", "2M", &chain],
        "",
    ));
    let bound = number_after(&line, "proven lower bound ");
    assert!((5..=52).contains(&bound), "{line}");
    // the solution's search (the guided search keeping its levels) too
    let line = memory_stop(run(
        &[
            "rush-hour",
            "--limit",
            "none",
            "--format",
            "moves",
            "--max-memory",
            "2M",
            &chain,
        ],
        "",
    ));
    let bound = number_after(&line, "proven lower bound ");
    assert!((5..=52).contains(&bound), "{line}");
    let (code, out, err) = run(
        &[
            "rush-hour",
            "--limit",
            "none",
            "--max-memory",
            "512M",
            &chain,
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "52\n"), "{err}");
}

#[test]
fn a_state_cap_says_how_much_memory_was_held() {
    let (code, _, err) = run(
        &["rush-hour", "--limit", "none", "--max-states", "100"],
        HARD_6X6,
    );
    assert_eq!(code, 3);
    assert!(err.contains("state limit of 100 states reached"), "{err}");
    assert!(err.contains("the search held "), "{err}");
}

#[test]
fn stats_show_peak_memory_against_the_budget() {
    let (code, out, err) = run(
        &["rush-hour", "--stats", "--max-memory", "1G"],
        &std::fs::read_to_string(root().join("examples/rush-hour/sample2.txt")).unwrap(),
    );
    assert_eq!((code, out.as_str()), (0, "6\n"));
    assert!(err.contains("peak memory "), "{err}");
    assert!(err.contains(" of a budget of 1.0 GiB"), "{err}");
    let (_, _, err) = run(
        &["rush-hour", "--stats", "--max-memory", "none"],
        "AAoooo/oooooo/oooooo/oooooo/oooooo/oooooo\n",
    );
    assert!(err.contains("of no budget"), "{err}");
}

/// Manhattan distance of a 15-puzzle line to the blank-first goal (tile `t` at cell `t`).
fn manhattan(tiles: &[u32]) -> u32 {
    let mut sum = 0;
    for (cell, &t) in tiles.iter().enumerate() {
        if t != 0 {
            let (r, c) = (cell as u32 / 4, cell as u32 % 4);
            sum += r.abs_diff(t / 4) + c.abs_diff(t % 4);
        }
    }
    sum
}

#[test]
fn a_pattern_table_too_large_stops_before_it_is_built_with_the_start_s_bound() {
    // Korf's instance 1: 57 moves (korf100.txt)
    let tiles = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    let board: Vec<String> = tiles.iter().map(u32::to_string).collect();
    let args = [
        "n-puzzle",
        "--goal",
        "blank-first",
        "--pattern",
        "7-8",
        "--max-memory",
        "256M",
    ];
    let (code, out, err) = run(&args, &board.join(" "));
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    // the build announces itself, then stops before allocating its 7-tile table
    let last = err.lines().last().unwrap();
    assert!(last.contains("memory limit of 256.0 MiB reached"), "{err}");
    let bound = number_after(last, "proven lower bound ");
    assert!((manhattan(&tiles)..=57).contains(&bound), "{err}");
    // building the tables ahead of time stops the same way, with no board to bound
    let (code, _, err) = run(
        &[
            "n-puzzle",
            "pdb",
            "build",
            "--pattern",
            "7-8",
            "--goal",
            "blank-first",
            "--max-memory",
            "256M",
        ],
        "",
    );
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("memory limit of 256.0 MiB reached"), "{err}");
}

#[test]
fn puzznic_stops_on_memory_with_its_bound_in_words() {
    // level 08-05: 32 moves, proven (nes-optimal.txt)
    let level = fixture("puzznic/nes/08-05.txt");
    let line = memory_stop(run(&["puzznic", "--max-memory", "16M", &level], ""));
    assert!(line.contains("raise --max-memory"), "{line}");
    let bound = number_after(&line, "proven lower bound: at least ");
    assert!((20..=32).contains(&bound), "{line}");
}

#[test]
fn the_universe_and_the_generator_obey_the_budget() {
    // both are many small searches: the process's resident memory is checked between them,
    // and no process holds less than a mebibyte
    let (code, out, err) = run(
        &["rush-hour", "universe", "--no-count", "--max-memory", "1M"],
        "",
    );
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("stopped by the memory budget after "), "{err}");
    assert!(
        err.lines()
            .last()
            .unwrap()
            .starts_with("gridlock: error: memory limit of 1.0 MiB reached"),
        "{err}"
    );
    // what was written is whole rows of the units done
    assert!(out.lines().all(|l| l.split(' ').count() == 4), "{out}");
    let (code, out, err) = run(
        &[
            "rush-hour",
            "generate",
            "--moves",
            "30..",
            "--max-memory",
            "1M",
        ],
        "",
    );
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("memory limit of 1.0 MiB reached"), "{err}");
}

#[test]
fn a_bad_size_is_refused() {
    let (code, out, err) = run(&["rush-hour", "--max-memory", "8X"], HARD_6X6);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("expected a size such as 512M"), "{err}");
}

/// Exit code, stdout, stderr of `gridlock args` in a shell whose address space is limited
/// to `kib` KiB (`ulimit -v`).
#[cfg(target_os = "linux")]
fn run_limited(kib: u64, args: &[&str]) -> (i32, String, String) {
    let bin = assert_cmd::cargo::cargo_bin("gridlock");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(bin)
        .args(args)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .unwrap();
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// `wide_12x12.txt`: 45 vehicles in independent rows, whose fifth level of steps alone holds
/// 16,985,981 positions (more than 500 MB); the red car needs 10 steps and 2 to exit. The
/// judge answer and the solution need no memory (the guided search sees the red car's free
/// row at once), so its whole component is asked for (`explore`).
#[cfg(target_os = "linux")]
#[test]
fn under_ulimit_the_default_budget_stops_the_search() {
    let wide = fixture("rush_hour/wide_12x12.txt");
    let line = memory_stop(run_limited(400_000, &["rush-hour", "explore", &wide]));
    assert!(line.contains("memory limit of "), "{line}");
    // the default budget is 3/4 of what the address space has left when it is read: at
    // most 3/4 of 390.6 MiB, less what the program has mapped by then (its threads' stacks
    // and allocator arenas: about 140 MiB)
    let sample = root().join("examples/rush-hour/sample2.txt");
    let sample = sample.display().to_string();
    let (code, out, err) = run_limited(400_000, &["rush-hour", "--stats", &sample]);
    assert_eq!((code, out.as_str()), (0, "6\n"), "{err}");
    let budget = number_after(&err, "of a budget of ");
    assert!((100..=293).contains(&budget), "{err}");
    assert!(err.contains(" MiB"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn under_ulimit_without_a_budget_a_refusal_is_still_exit_3() {
    // the search's own reservation is refused: it stops with its bound
    let wide = fixture("rush_hour/wide_12x12.txt");
    let line = memory_stop(run_limited(
        400_000,
        &["rush-hour", "explore", "--max-memory", "none", &wide],
    ));
    assert!(
        line.contains("out of memory: the system refused "),
        "{line}"
    );
    // a refusal anywhere else (here an allocation of Puzznic's quick searches, one of the
    // small buffers none of them reserves) ends the process the same way, without a signal
    let level = fixture("puzznic/nes/09-05.txt");
    let line = memory_stop(run_limited(
        60_000,
        &["puzznic", "--fast", "--max-memory", "none", &level],
    ));
    assert!(
        line.contains("out of memory: the system refused "),
        "{line}"
    );
}

/// The first ten levels of the Boxoban fixture; level 3 needs 16 pushes (58 moves), 58
/// moves (16 pushes) in the other objective
/// (`sokoban/boxoban-hard-000-first300-optimal.txt`).
fn boxoban_ten() -> String {
    let all = std::fs::read_to_string(fixture("sokoban/boxoban-hard-000-first300.txt")).unwrap();
    all.lines().take(120).map(|l| format!("{l}\n")).collect()
}

#[test]
fn sokoban_stops_on_memory_with_its_bound_in_both_objectives() {
    let ten = boxoban_ten();
    for (objective, unit, optimum) in [("pushes", "pushes", 16), ("moves", "moves", 58)] {
        let args = ["sokoban", "--level", "3", "--objective", objective];
        let line = memory_stop(run(&[&args[..], &["--max-memory", "64K"]].concat(), &ten));
        assert!(line.contains("memory limit of 64.0 KiB reached"), "{line}");
        let bound = number_after(&line, "proven lower bound: at least ");
        assert!(line.contains(&format!("{bound} {unit}")), "{line}");
        assert!((1..=optimum).contains(&bound), "{line}");
        // a budget that fits answers with the optimum
        let (code, out, err) = run(&[&args[..], &["--max-memory", "16M"]].concat(), &ten);
        assert_eq!(code, 0, "{err}");
        let first = if objective == "pushes" {
            out.chars().filter(char::is_ascii_uppercase).count()
        } else {
            out.trim_end().len()
        };
        assert_eq!(first, optimum as usize, "{out}");
    }
}

#[test]
fn a_sokoban_batch_under_a_small_budget_says_which_levels_stopped() {
    let (code, out, err) = run(
        &["sokoban", "--batch", "--max-memory", "64K"],
        &boxoban_ten(),
    );
    assert_eq!(code, 3, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "{out}");
    // the recorded fewest pushes of each level: a bound never above it, an answer equal
    let optima =
        std::fs::read_to_string(fixture("sokoban/boxoban-hard-000-first300-optimal.txt")).unwrap();
    let pushes: Vec<u32> = optima
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(10)
        .map(|l| l.split(' ').nth(1).unwrap().parse().unwrap())
        .collect();
    let mut stopped = 0;
    for (i, line) in lines.iter().enumerate() {
        let (id, rest) = line.split_once(' ').unwrap();
        assert_eq!(id, (i + 1).to_string());
        if let Some(b) = rest.strip_prefix("stopped pushes>=") {
            stopped += 1;
            assert!(
                (1..=pushes[i]).contains(&b.parse::<u32>().unwrap()),
                "{line}"
            );
        } else {
            assert_eq!(
                rest.split(' ').nth(1),
                Some(&*pushes[i].to_string()),
                "{line}"
            );
        }
    }
    assert!(stopped > 0, "{out}");
}
