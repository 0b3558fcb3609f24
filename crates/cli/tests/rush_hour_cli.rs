//! `gridlock rush-hour` and `gridlock verify rush-hour` as a user runs them.

use assert_cmd::Command;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn gridlock() -> Command {
    Command::cargo_bin("gridlock").unwrap()
}

/// Runs `gridlock ARGS` with `stdin`; returns (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = gridlock().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn judge(board: &str) -> String {
    let (code, out, err) = run(&["rush-hour"], board);
    assert_eq!(code, 0, "{err}");
    out
}

fn red_alone(col: usize) -> String {
    let mut rows = vec!["0 0 0 0 0 0".to_string(); 6];
    let mut row = ["0"; 6];
    row[col] = "1";
    row[col + 1] = "1";
    rows[2] = row.join(" ");
    rows.join("\n") + "\n"
}

const SAMPLE1: &str =
    "2 2 0 0 0 7\n3 0 0 5 0 7\n3 1 1 5 0 7\n3 0 0 5 0 0\n4 0 0 0 8 8\n4 0 6 6 6 0\n";
const SAMPLE2: &str =
    "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";
const HARDEST: &str = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";

#[test]
fn contest_samples_and_simple_boards() {
    assert_eq!(judge(SAMPLE1), "-1\n");
    assert_eq!(judge(SAMPLE2), "6\n");
    assert_eq!(judge(&red_alone(4)), "2\n");
    assert_eq!(judge(&red_alone(0)), "6\n");
    assert_eq!(judge(&"0 0 0 0 0 0\n".repeat(6)), "-1\n");
    // the shipped examples are the samples
    let (code, out, _) = run(
        &[
            "rush-hour",
            root()
                .join("examples/rush-hour/sample2.txt")
                .to_str()
                .unwrap(),
        ],
        "",
    );
    assert_eq!((code, out.as_str()), (0, "6\n"));
}

#[test]
fn contest_rule_for_a_red_car_that_cannot_exit() {
    // vertical red car, red car in another row, no red car: -1 even though moves exist
    let vertical = "0 0 0 0 0 0\n0 0 0 0 1 0\n0 0 0 0 1 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
    let row4 = "0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 1 1\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
    let none = "0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 2 2\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
    for board in [vertical, row4, none] {
        assert_eq!(judge(board), "-1\n");
    }
}

#[test]
fn limit_and_metric() {
    // red alone at columns 1-2: 4 steps + 2 exit = 6; 1 move
    let b = red_alone(0);
    assert_eq!(run(&["rush-hour", "--limit", "5"], &b).1, "-1\n");
    assert_eq!(run(&["rush-hour", "--limit", "6"], &b).1, "6\n");
    assert_eq!(run(&["rush-hour", "--metric", "moves"], &b).1, "1\n");
    assert_eq!(
        run(&["rush-hour", "--metric", "moves", "--limit", "0"], &b).1,
        "-1\n"
    );
    // the hardest board: 83 steps with the exit, beyond the default limit
    assert_eq!(judge(HARDEST), "-1\n");
    assert_eq!(run(&["rush-hour", "--limit", "none"], HARDEST).1, "83\n");
    assert_eq!(
        run(
            &["rush-hour", "--limit", "none", "--metric", "moves"],
            HARDEST
        )
        .1,
        "51\n"
    );
    assert_eq!(run(&["rush-hour", "--limit", "82"], HARDEST).1, "-1\n");
    let (code, _, err) = run(&["rush-hour", "--limit", "many"], HARDEST);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn json_reports_both_metrics_and_the_moves() {
    let (code, out, _) = run(
        &[
            "rush-hour",
            "--limit",
            "none",
            "--metric",
            "moves",
            "--format",
            "json",
        ],
        HARDEST,
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["answer"], 51);
    assert_eq!(v["moves"], 51);
    assert_eq!(
        v["steps_out"].as_u64().unwrap(),
        v["steps"].as_u64().unwrap() + 2
    );
    assert_eq!(v["solution"].as_array().unwrap().len(), 51);
    let (_, out, _) = run(
        &["rush-hour", "--limit", "none", "--format", "json"],
        HARDEST,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (
            v["answer"].as_u64(),
            v["steps"].as_u64(),
            v["steps_out"].as_u64()
        ),
        (Some(83), Some(81), Some(83))
    );
    let (_, out, _) = run(&["rush-hour", "--format", "json"], HARDEST);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["answer"], -1);
    assert!(v["solution"].is_null());
}

#[test]
fn text_names_moves_and_draws_boards() {
    let (code, out, _) = run(&["rush-hour", "--format", "text"], SAMPLE2);
    assert_eq!(code, 0);
    assert!(out.contains("1. 6 left 1"), "{out}");
    assert!(out.contains("3. 1 right 2"), "{out}");
    assert!(out.contains(". 3 . . 1 1  <- exit"), "{out}");
    assert!(out.contains("6 steps"), "{out}");
    let (_, out, _) = run(&["rush-hour", "--format", "text"], SAMPLE1);
    assert!(out.contains("No solution within 10 steps"), "{out}");
}

#[test]
fn three_input_formats_agree() {
    let grid = "oBoCCo\noBooDo\noEAADo\noEFFGo\noHHHGo\noooooo\n";
    let line = "oBoCCooBooDooEAADooEFFGooHHHGooooooo";
    assert_eq!(judge(grid), "6\n");
    assert_eq!(judge(line), "6\n");
    assert_eq!(judge(&SAMPLE2.replace('\n', "\r\n")), "6\n");
    assert_eq!(judge(SAMPLE2.trim_end()), "6\n");
    // a wall that blocks the exit row for good
    assert_eq!(
        judge(&format!("{}oAAoxo{}", "o".repeat(12), ".".repeat(18))),
        "-1\n"
    );
}

#[test]
fn malformed_boards_exit_2_naming_line_and_column() {
    let cases = [
        (
            "0 0 0 0 0 0\n0 0 0 0 0 0\n0 3 1 1 0 0\n0 3 3 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            "line 4, column 5",
            "vehicle 3 is bent",
        ),
        (
            "0 0 0 0 0 0\n5 5 5 5 0 0\n0 0 1 1 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            "line 2, column 7",
            "vehicle 5 has 4 cells; vehicles are 2 or 3 long",
        ),
        (
            "0 0 0 0 0 0\n7 7 0 7 7 0\n0 0 1 1 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            "line 2, column 7",
            "split into pieces",
        ),
        (
            "0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 1 1 0\n",
            "line 3, column 10",
            "6 numbers on row 3",
        ),
        ("0 0 0 0 0 0\n0 0 a 0 0 0\n", "line 2, column 5", "'a'"),
        ("", "line 1, column 1", "a Rush Hour board"),
        (
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF?",
            "line 1, column 36",
            "'?'",
        ),
    ];
    for (input, place, words) in cases {
        let (code, out, err) = run(&["rush-hour"], input);
        assert_eq!(code, 2, "{input:?}: {err}");
        assert!(out.is_empty(), "nothing on stdout for {input:?}");
        assert!(
            err.contains(place) && err.contains(words),
            "{input:?}: {err}"
        );
    }
    let out = gridlock()
        .args(["rush-hour"])
        .write_stdin(vec![b'0', b' ', 0xff, b'\n'])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

fn fixture() -> String {
    std::fs::read_to_string(root().join("tests/fixtures/rush_hour/rush_18k_sample.txt")).unwrap()
}

#[test]
fn batch_reproduces_the_fixture_in_order() {
    let text = fixture();
    let (code, out, err) = run(&["rush-hour", "--batch"], &text);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), rows.len());
    for (line, row) in lines.iter().zip(&rows) {
        let got: Vec<&str> = line.split(' ').collect();
        let want: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(got.len(), 3, "{line}");
        assert_eq!(got[0], want[0].trim_start_matches('0'), "{row}");
        assert_eq!(got[2], want[1], "{row}");
        assert!(got[1].parse::<u32>().unwrap() >= got[0].parse::<u32>().unwrap());
    }
    // json: one object per line, same numbers, component size included
    let (code, out, _) = run(&["rush-hour", "--batch", "--format", "json"], &text);
    assert_eq!(code, 0);
    for (line, row) in out.lines().zip(&rows) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let want: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(
            v["moves"].as_u64().unwrap(),
            want[0].parse::<u64>().unwrap()
        );
        assert_eq!(
            v["states"].as_u64().unwrap(),
            want[2].parse::<u64>().unwrap()
        );
        assert_eq!(
            v["steps_out"].as_u64().unwrap(),
            v["steps"].as_u64().unwrap() + 2
        );
    }
}

#[test]
fn batch_limit_blank_lines_and_bad_lines() {
    let input = format!("{HARDEST}\n\n01 ooooooooooooAAoooooooooooooooooooooo 5\n");
    let (code, out, _) = run(&["rush-hour", "--batch"], &input);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        format!("51 81 {HARDEST}\n1 4 ooooooooooooAAoooooooooooooooooooooo\n")
    );
    let (_, out, _) = run(&["rush-hour", "--batch", "--limit", "10"], &input);
    assert_eq!(
        out,
        format!("-1 -1 {HARDEST}\n1 4 ooooooooooooAAoooooooooooooooooooooo\n")
    );
    // a bad line: the lines before it are answered, then exit 2 naming it
    let input = format!("{HARDEST}\nnot a board\n{HARDEST}\n");
    let (code, out, err) = run(&["rush-hour", "--batch"], &input);
    assert_eq!(code, 2);
    assert_eq!(out, format!("51 81 {HARDEST}\n"));
    assert!(err.contains("line 2, column 1"), "{err}");
}

#[test]
fn explore_reports_the_component() {
    let (code, out, _) = run(&["rush-hour", "explore", "--format", "json"], HARDEST);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["states"], 4780);
    assert_eq!(v["max_moves"], 51);
    assert_eq!(v["farthest_moves"], HARDEST);
    assert_eq!(v["start_steps"], 81);
    assert!(v["goal_states"].as_u64().unwrap() > 0);
    // any position of the component reports the same component and farthest position
    let (_, text, _) = run(&["rush-hour", "explore"], HARDEST);
    assert!(text.contains("component: 4780 states"), "{text}");
    let (_, moved, _) = run(
        &[
            "rush-hour",
            "--limit",
            "none",
            "--metric",
            "moves",
            "--format",
            "moves",
        ],
        HARDEST,
    );
    let first = moved.lines().next().unwrap();
    assert_eq!(first.split(' ').count(), 3);
    // every fixture row: explore's size is CLUSTER_SIZE and its farthest distance is MOVES
    for row in fixture().lines().step_by(15) {
        let f: Vec<&str> = row.split_whitespace().collect();
        let (_, out, _) = run(&["rush-hour", "explore", "--format", "json"], f[1]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            v["states"].as_u64().unwrap(),
            f[2].parse::<u64>().unwrap(),
            "{row}"
        );
        assert_eq!(
            v["max_moves"].as_u64().unwrap(),
            f[0].parse::<u64>().unwrap(),
            "{row}"
        );
    }
}

fn verify(input: &str, solution: &str) -> (i32, String) {
    let dir = tempfile::tempdir().unwrap();
    let i = dir.path().join("input.txt");
    let s = dir.path().join("solution.txt");
    std::fs::write(&i, input).unwrap();
    std::fs::write(&s, solution).unwrap();
    let out = gridlock()
        .args([
            "verify",
            "rush-hour",
            "--timeout",
            "none",
            i.to_str().unwrap(),
            s.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn moves_of(input: &str, metric: &str) -> String {
    let (code, out, err) = run(
        &[
            "rush-hour",
            "--limit",
            "none",
            "--metric",
            metric,
            "--format",
            "moves",
        ],
        input,
    );
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn solutions_verify_and_every_altered_move_is_caught_on_its_line() {
    let boards = [
        SAMPLE2.to_string(),
        HARDEST.to_string(),
        red_alone(0),
        fixture().lines().nth(200).unwrap().to_string(),
    ];
    for input in &boards {
        for metric in ["steps", "moves"] {
            let list = moves_of(input, metric);
            let (code, out) = verify(input, &list);
            assert_eq!(code, 0, "{out}");
            assert!(out.starts_with("valid\n"), "{out}");
            let optimal_line = if metric == "steps" { 1 } else { 2 };
            assert!(
                out.lines()
                    .nth(optimal_line)
                    .unwrap()
                    .contains("optimal: yes"),
                "{metric}: {out}"
            );
            let lines: Vec<&str> = list.lines().collect();
            for k in 0..lines.len() {
                let f: Vec<&str> = lines[k].split(' ').collect();
                let across = match f[1] {
                    "up" | "down" => "left",
                    _ => "up",
                };
                let alterations = [
                    format!("{} {} {}", f[0], across, f[2]),
                    format!("{} {} {}", f[0], f[1], f[2].parse::<u32>().unwrap() + 5),
                    format!("Q9 {} {}", f[1], f[2]),
                ];
                for altered in alterations {
                    let mut copy = lines.clone();
                    copy[k] = &altered;
                    let (code, out) = verify(input, &(copy.join("\n") + "\n"));
                    assert_eq!(code, 1, "{altered}: {out}");
                    assert!(
                        out.starts_with(&format!("invalid: line {}:", k + 1)),
                        "{altered}: {out}"
                    );
                }
                if metric == "moves" {
                    // an optimal list minus any move cannot still be a solution
                    let mut shorter = lines.clone();
                    shorter.remove(k);
                    assert_eq!(verify(input, &(shorter.join("\n") + "\n")).0, 1);
                }
            }
        }
    }
}

#[test]
fn verify_reports_non_optimal_and_malformed() {
    // a valid but roundabout list: 7 steps where 4 suffice
    let (code, out) = verify(
        SAMPLE2,
        "6 left 1\n6 right 1\n6 left 1\n7 up 1\n1 right 2\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "valid\nsteps: 8 (exit steps included), optimal: no (fewest 6)\nmoves: 5, optimal: no (fewest 3)\n");
    let (code, _) = verify(SAMPLE2, "6 left 1\n7 sideways 1\n");
    assert_eq!(code, 2);
    let (code, _) = verify("0 0 0\n", "1 right 1\n");
    assert_eq!(code, 2);
    let (code, out) = verify(&red_alone(0), "A right 4\n");
    assert_eq!(
        (code, out.as_str()),
        (1, "invalid: line 1: there is no vehicle A on the board\n")
    );
}

#[test]
fn closed_pipe_ends_quietly() {
    let text = fixture();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("gridlock"))
        .args(["rush-hour", "--batch"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(text.as_bytes());
    });
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

/// `--stats` on a batch prints one summary line on stderr (puzzles, states, time), and
/// nothing there without it; stdout is the same either way.
#[test]
fn batch_stats_summarise_on_stderr_only_when_asked() {
    let input =
        "01 ooooooooooooAAoooooooooooooooooooooo 5\n02 ooBoooooBoooAABooooooooooooooooooooo 14\n";
    let with = gridlock()
        .args(["rush-hour", "--batch", "--stats"])
        .write_stdin(input)
        .output()
        .unwrap();
    let without = gridlock()
        .args(["rush-hour", "--batch"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(with.status.success() && without.status.success());
    assert_eq!(with.stdout, without.stdout);
    let stats = String::from_utf8(with.stderr).unwrap();
    assert!(
        stats.starts_with("gridlock: batch: 2 puzzles, 19 states in their components"),
        "{stats}"
    );
    assert!(without.stderr.is_empty());
}

/// A generated puzzle piped into the contest command: `-1` on stdout (beyond 10 steps), and a
/// note on stderr saying why and which options count it; with `--limit` given, no note.
#[test]
fn minus_one_from_the_default_limit_says_why_on_stderr() {
    let line = "11 oooBCCoooBoDoAAooDEEEooDooFGGGooFooo 1869\n";
    let (code, out, err) = run(&["rush-hour"], line);
    assert_eq!((code, out.as_str()), (0, "-1\n"));
    assert!(
        err.contains("no solution within 10 steps, the contest's limit"),
        "{err}"
    );
    assert!(err.contains("`--limit none --metric moves`"), "{err}");
    let (_, out, _) = run(&["rush-hour", "--limit", "none", "--metric", "moves"], line);
    assert_eq!(out, "11\n", "the count the note points to");
    let (_, out, err) = run(&["rush-hour", "--limit", "10"], line);
    assert_eq!((out.as_str(), err.as_str()), ("-1\n", ""));
    // a board without a red car says nothing: -1 is its answer at any limit
    let (_, out, err) = run(&["rush-hour"], &"0 0 0 0 0 0\n".repeat(6));
    assert_eq!((out.as_str(), err.as_str()), ("-1\n", ""));
}

/// `--batch --format text` names the columns above the judge lines; counts of one are
/// singular in the text format.
#[test]
fn batch_text_names_its_columns_and_one_move_is_singular() {
    let line = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n";
    let (code, out, err) = run(&["rush-hour", "--batch", "--format", "text"], line);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "# MOVES STEPS BOARD: the fewest moves and the fewest steps until the red car covers \
             the exit cells (-1 if none within --limit), then the board as read",
            "51 81 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"
        ]
    );
    let one = "oooooo\noooooo\nAAoooo\noooooo\noooooo\noooooo\n";
    let (_, out, _) = run(&["rush-hour", "--format", "text", "--limit", "none"], one);
    assert!(
        out.ends_with(
            "Solved in 1 move, 4 steps; driving the red car out takes 2 more: 6 steps.\n"
        ),
        "{out}"
    );
}
