//! `gridlock sokoban generate` from the outside: the collection it prints is read back by
//! `gridlock sokoban --batch` with the same fewest pushes, json carries a solution the
//! verifier calls optimal, text draws the levels, the summary on stderr, byte-identical output
//! on 1 and 2 threads, option errors (exit 2), and a request that runs out of candidate rooms
//! (exit 3, saying what was found, the levels found printed whole).
//!
//! Every run is bounded by counts, not by the clock: `--timeout none`, and a candidate cap
//! where a request could run long.

use assert_cmd::Command;

fn run_env(args: &[&str], threads: &str) -> (String, String, i32) {
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .args(["sokoban", "generate", "--timeout", "none"])
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn run(args: &[&str]) -> (String, String, i32) {
    run_env(args, "2")
}

fn sokoban(args: &[&str], stdin: &str) -> (String, i32) {
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .arg("sokoban")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_collection_is_read_back_with_the_same_pushes() {
    let (out, err, code) = run(&["--count", "4", "--seed", "3", "--pushes", "10.."]);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "nothing on stderr without --stats: {err}");
    let titles: Vec<u32> = out
        .lines()
        .filter_map(|l| l.strip_prefix("; "))
        .map(|t| {
            let (index, rest) = t.split_once(" (").unwrap();
            assert!(index.parse::<usize>().is_ok(), "{t}");
            rest.trim_end_matches(" pushes)").parse().unwrap()
        })
        .collect();
    assert_eq!(titles.len(), 4, "{out}");
    assert!(titles.iter().all(|&p| p >= 10));
    assert_eq!(out.lines().filter(|l| l.starts_with('#')).count(), 40);
    let (batch, code) = sokoban(&["--batch"], &out);
    assert_eq!(code, 0);
    let solved: Vec<u32> = batch
        .lines()
        .map(|l| l.split(' ').nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(solved, titles, "the solver finds the stated optimum");
}

#[test]
fn json_solutions_are_valid_and_optimal() {
    let (out, err, code) = run(&["--count", "2", "--format", "json", "--size", "8x8"]);
    assert_eq!(code, 0, "{err}");
    let dir = tempfile::tempdir().unwrap();
    for (i, line) in out.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"], "sokoban");
        assert_eq!(v["index"], i + 1);
        assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(8), Some(8)));
        assert_eq!(v["boxes"], 4);
        for field in ["pushes", "moves"] {
            assert!(v[field].as_u64().unwrap() > 0, "{field}");
        }
        assert!(v["moves_optimal"].is_boolean() && v["key"].is_string());
        let level = dir.path().join(format!("{i}.xsb"));
        let answer = dir.path().join(format!("{i}.txt"));
        std::fs::write(&level, v["level"].as_str().unwrap()).unwrap();
        std::fs::write(&answer, v["solution"].as_str().unwrap()).unwrap();
        let verdict = Command::cargo_bin("gridlock")
            .unwrap()
            .args(["verify", "sokoban", "--timeout", "none"])
            .args([&level, &answer])
            .output()
            .unwrap();
        let said = String::from_utf8(verdict.stdout).unwrap();
        assert_eq!(verdict.status.code(), Some(0), "{said}");
        assert!(said.starts_with("valid"), "{said}");
        assert!(said.contains(&format!("pushes {}", v["pushes"])), "{said}");
        if v["moves_optimal"] == true {
            assert!(said.contains("objective pushes: optimal"), "{said}");
        }
    }
}

#[test]
fn text_draws_each_level_and_stats_sum_up() {
    let (out, err, code) = run(&["--count", "2", "--format", "text", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Level 1 of 2: 4 boxes, 10 rows x 10 columns; fewest pushes "));
    assert!(out.contains("\nLevel 2 of 2: "));
    assert_eq!(out.matches("solution: ").count(), 2);
    assert!(
        err.starts_with("gridlock: sokoban generate: 2 of 2 levels in "),
        "{err}"
    );
    assert!(err.contains("candidate rooms tried"), "{err}");
}

#[test]
fn one_and_two_threads_print_the_same_bytes() {
    let args = ["--count", "6", "--seed", "11", "--boxes", "3..5"];
    let (a, _, ca) = run_env(&args, "1");
    let (b, _, cb) = run_env(&args, "2");
    assert_eq!((ca, cb), (0, 0));
    assert_eq!(a, b);
    let (c, _, _) = run_env(&["--count", "6", "--seed", "12", "--boxes", "3..5"], "2");
    assert_ne!(a, c, "another seed, other levels");
}

#[test]
fn bad_options_exit_2() {
    for args in [
        &["--size", "3x3"][..],
        &["--boxes", "0"],
        &["--pushes", "9..2"],
        &["--count", "0"],
        &["--size", "axb"],
    ] {
        let (out, err, code) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.starts_with("gridlock: error: --"), "{err}");
    }
}

#[test]
fn running_out_of_candidates_exits_3_with_what_was_found() {
    let (out, err, code) = run(&[
        "--size",
        "8x8",
        "--boxes",
        "1",
        "--pushes",
        "7..",
        "--count",
        "3",
        "--max-candidates",
        "15",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.starts_with("gridlock: error: candidate limit of 15 rooms reached: found "),
        "{err}"
    );
    assert!(err.contains("raise --max-candidates"), "{err}");
    // the message counts what was printed, and that is whole: a collection the solver reads
    let found = out.lines().filter(|l| l.starts_with("; ")).count();
    assert!(err.contains(&format!("found {found} of 3 levels")), "{err}");
    assert_eq!(
        found, 1,
        "one room in the first 15 has a box 7 pushes from its goal"
    );
    let (batch, code) = sokoban(&["--batch"], &out);
    assert_eq!((code, batch.lines().count()), (0, 1));
}
