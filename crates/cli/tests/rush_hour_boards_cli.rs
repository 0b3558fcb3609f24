//! `gridlock rush-hour` on boards other than 6×6 and with `--exit-row`: every format, batch
//! with grids separated by blank lines, explore and verify, as a user runs them.

use assert_cmd::Command;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A 5×7 board, its optimum by hand: the vertical car B (rows 1-2 of column 4) must leave the
/// red car's row 2, and the edge above leaves only 2 cells down, through C (row 3, columns
/// 4-5), which a wall keeps from moving right, so C goes left at least 2; then A travels 5.
/// 3 moves, 9 steps, 11 with the exit.
const SMALL: &str = "oooBooo\nAAoBooo\noooCCxo\nooooooo\nooooooo\n";

#[test]
fn a_5x7_board_in_every_format() {
    assert_eq!(run(&["rush-hour", "--limit", "none"], SMALL).1, "11\n");
    assert_eq!(run(&["rush-hour"], SMALL).1, "-1\n");
    assert_eq!(run(&["rush-hour", "--metric", "moves"], SMALL).1, "3\n");
    let (code, moves, _) = run(
        &["rush-hour", "--format", "moves", "--limit", "none"],
        SMALL,
    );
    assert_eq!(code, 0);
    assert_eq!(moves, "C left 2\nB down 2\nA right 5\n");
    let (_, json, _) = run(&["rush-hour", "--format", "json", "--limit", "none"], SMALL);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["board"], "oooBooo/AAoBooo/oooCCxo/ooooooo/ooooooo");
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(5), Some(7)));
    assert_eq!(v["exit_row"], 2);
    assert_eq!(
        (v["moves"].as_u64(), v["steps"].as_u64()),
        (Some(3), Some(9))
    );
    let (_, text, _) = run(&["rush-hour", "--format", "text", "--limit", "none"], SMALL);
    assert!(text.contains("A A . B . . .  <- exit"), "{text}");
    assert!(text.contains("3. A right 5"), "{text}");
    // the same board as one line with '/' between rows
    let line = "oooBooo/AAoBooo/oooCCxo/ooooooo/ooooooo\n";
    assert_eq!(run(&["rush-hour", "--limit", "none"], line).1, "11\n");
}

#[test]
fn exit_row_moves_the_exit_and_is_checked() {
    // the red car alone at columns 1-2 of row 2 of a 6x6 board: -1 by the contest's rule,
    // 6 (4 steps and 2 out) with the exit moved to its row
    let board = "oooooo\nAAoooo\noooooo\noooooo\noooooo\noooooo\n";
    assert_eq!(run(&["rush-hour"], board).1, "-1\n");
    assert_eq!(run(&["rush-hour", "--exit-row", "2"], board).1, "6\n");
    let (code, out, err) = run(&["rush-hour", "--exit-row", "4"], board);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("line 2, column 1") && err.contains("exit row 4"),
        "{err}"
    );
    let (code, _, err) = run(&["rush-hour", "--exit-row", "0"], board);
    assert_eq!(code, 2, "{err}");
    // the database string with another exit row
    let db = "ooooooAAoooooooooooooooooooooooooooo\n";
    assert_eq!(run(&["rush-hour", "--exit-row", "2"], db).1, "6\n");
}

#[test]
fn the_9x9_chain_from_the_command_line_and_verified() {
    let file = root().join("tests/fixtures/rush_hour/chain_9x9.txt");
    let file = file.to_str().unwrap();
    assert_eq!(run(&["rush-hour", "--limit", "none", file], "").1, "29\n");
    assert_eq!(
        run(
            &["rush-hour", "--limit", "none", "--metric", "moves", file],
            ""
        )
        .1,
        "21\n"
    );
    let (_, list, _) = run(
        &["rush-hour", "--format", "moves", "--limit", "none", file],
        "",
    );
    let dir = tempfile::tempdir().unwrap();
    let sol = dir.path().join("sol.txt");
    std::fs::write(&sol, &list).unwrap();
    let (code, out, _) = run(
        &[
            "verify",
            "rush-hour",
            "--timeout",
            "none",
            file,
            sol.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("valid\nsteps: 29"), "{out}");
    assert!(out.contains("optimal: yes (fewest 29)"), "{out}");
    // the first move taken away: the chain is broken (where depends on the order of the
    // independent moves the solution chose)
    let broken: String = list.lines().skip(1).map(|l| format!("{l}\n")).collect();
    std::fs::write(&sol, broken).unwrap();
    let (code, out, _) = run(
        &[
            "verify",
            "rush-hour",
            "--timeout",
            "none",
            file,
            sol.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("invalid: line "), "{out}");
    let (code, json, _) = run(&["rush-hour", "explore", "--format", "json", file], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["start_moves"].as_u64(), v["start_steps_out"].as_u64()),
        (Some(21), Some(29))
    );
    assert!(v["key"].is_null());
}

#[test]
fn batch_takes_grids_separated_by_blank_lines_and_database_lines() {
    let input = format!(
        "{SMALL}\n1 ooooooooooooAAoooooooooooooooooooooo 4\n\noooooo\nAAoooo\noooooo\noooooo\noooooo\noooooo\n\n\
         0 0 0 0\n0 0 0 0\n1 1 0 0\n0 0 0 0\n"
    );
    let (code, out, err) = run(&["rush-hour", "--batch"], &input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "3 9 oooBooo/AAoBooo/oooCCxo/ooooooo/ooooooo\n\
         1 4 ooooooooooooAAoooooooooooooooooooooo\n\
         -1 -1 ooooooAAoooooooooooooooooooooooooooo\n\
         1 2 oooo/oooo/AAoo/oooo\n"
    );
    let (_, json, _) = run(&["rush-hour", "--batch", "--format", "json"], &input);
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(
        (first["line"].as_u64(), first["states"].as_u64()),
        (Some(1), Some(60))
    );
    let last: serde_json::Value = serde_json::from_str(json.lines().nth(3).unwrap()).unwrap();
    assert_eq!(last["line"], 16);
    // a malformed grid stops the run after the boards before it, naming its line
    let bad = format!("{SMALL}\noooo\noooo\nooAAo\noooo\n");
    let (code, out, err) = run(&["rush-hour", "--batch"], &bad);
    assert_eq!(code, 2);
    assert_eq!(out.lines().count(), 1);
    assert!(err.contains("line 9, column 5"), "{err}");
}

/// `hard_9x9.txt` in steps (33): the guided search's last pass overshoots the optimum and
/// holds 33,911 positions at its peak, the pass at 33 (`--limit 33`) holds 12,809 (measured
/// with `--stats`). Under a cap between the two the overshooting pass is stopped and one at
/// a lower limit answers (the search that stopped at the first stopped pass answered exit 3,
/// "at least 33"); under a cap below the pass at 33 the answer is still exit 3 with the
/// proven bound.
#[test]
fn a_state_cap_that_stops_an_overshooting_pass_still_answers() {
    let file = root().join("examples/rush-hour/hard_9x9.txt");
    let file = file.to_str().unwrap();
    let capped = |cap: &str| {
        run(
            &["rush-hour", "--limit", "none", "--max-states", cap, file],
            "",
        )
    };
    let (code, out, err) = capped("20000");
    assert_eq!((code, out.as_str()), (0, "33\n"), "{err}");
    let (code, out, err) = capped("10000");
    assert_eq!((code, out.as_str()), (3, ""));
    assert!(err.contains("state limit of 10000"), "{err}");
    let bound: u32 = err
        .split("proven lower bound ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!(bound <= 33, "{err}");
}
