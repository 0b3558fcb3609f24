//! `gridlock sokoban` and `gridlock verify sokoban` end to end: answers in every format,
//! collections, batches, limits with their bounds, and the verifier's verdicts.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;
use std::path::PathBuf;

/// Three boxes; fewest pushes 6 (then 13 moves), fewest moves 13.
const SAMPLE: &str = "#######\n#.  # #\n#.$ $ #\n#.$@  #\n#  #  #\n#######\n";

fn gridlock() -> Command {
    Command::cargo_bin("gridlock").unwrap()
}

fn file(text: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn stdout_of(args: &[&str], input: &str) -> String {
    let out = gridlock().args(args).write_stdin(input).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

/// `gridlock verify sokoban [extra] LEVEL SOLUTION`, bounded by states only (no verdict
/// depends on the machine's speed).
fn verify(level: &str, solution: &str, extra: &[&str]) -> assert_cmd::assert::Assert {
    let (l, s) = (file(level), file(solution));
    gridlock()
        .args(["verify", "sokoban", "--timeout", "none"])
        .args(extra)
        .arg(l.path())
        .arg(s.path())
        .assert()
}

fn counts(lurd: &str) -> (usize, usize) {
    (
        lurd.len(),
        lurd.chars().filter(char::is_ascii_uppercase).count(),
    )
}

#[test]
fn judge_answer_is_one_lurd_line_the_verifier_calls_optimal() {
    for objective in ["pushes", "moves"] {
        let answer = stdout_of(&["sokoban", "--objective", objective], SAMPLE);
        assert_eq!(answer.lines().count(), 1);
        assert_eq!(counts(answer.trim_end()), (13, 6));
        verify(SAMPLE, &answer, &["--objective", objective])
            .success()
            .stdout(format!(
                "valid\nmoves 13, pushes 6\nobjective {objective}: optimal\n"
            ));
    }
}

#[test]
fn the_objectives_differ_where_they_should() {
    // each objective's answer is at least as good as the other's in its own first count
    let level = "#######\n#.   .#\n# $ $ #\n#  @  #\n#######\n";
    let p = counts(stdout_of(&["sokoban"], level).trim_end());
    let m = counts(stdout_of(&["sokoban", "--objective", "moves"], level).trim_end());
    assert!(p.1 <= m.1 && m.0 <= p.0, "pushes {p:?} moves {m:?}");
}

#[test]
fn starts_solved_and_unsolvable() {
    assert_eq!(stdout_of(&["sokoban"], "####\n#@*#\n####\n"), "\n");
    assert_eq!(
        stdout_of(&["sokoban"], "#####\n#$ .#\n# @ #\n#####\n"),
        "-1\n"
    );
    // unsolvable with both boxes on live cells: found by the search
    let stuck = "#######\n#  $$.#\n#@   .#\n#######\n";
    let json = stdout_of(&["sokoban", "--format", "json"], stuck);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["solvable"].as_bool(), v["optimal"].as_bool()),
        (Some(false), Some(true))
    );
    assert!(v["solution"].is_null());
    verify("#####\n#$ .#\n# @ #\n#####\n", "-1\n", &[])
        .success()
        .stdout(predicate::str::contains("no solution"));
    verify(SAMPLE, "-1", &[])
        .code(1)
        .stdout(predicate::str::starts_with(
            "invalid: -1 claims no solution",
        ));
}

#[test]
fn json_has_the_documented_fields() {
    let json = stdout_of(
        &["sokoban", "--format", "json"],
        &format!("; the sample\n{SAMPLE}"),
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["name"], "the sample");
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(6), Some(7)));
    assert_eq!(v["boxes"], 3);
    assert_eq!(v["objective"], "pushes");
    assert_eq!(v["solvable"], true);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["pushes"], 6);
    assert_eq!(v["moves"], 13);
    assert_eq!(v["solution"].as_str().unwrap().len(), 13);
    assert!(v["lower_bound"].is_null());
    assert!(v["stats"]["expanded"].as_u64().unwrap() > 0);
}

#[test]
fn text_draws_the_board_after_every_push() {
    let text = stdout_of(&["sokoban", "--format", "text"], SAMPLE);
    assert!(text.contains("push 6 of 6"), "{text}");
    assert_eq!(text.matches("\npush ").count(), 6);
    assert!(text.contains("  #**  #") || text.contains("#*"), "{text}");
}

#[test]
fn format_moves_is_refused() {
    gridlock()
        .args(["sokoban", "--format", "moves"])
        .write_stdin(SAMPLE)
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn collections_need_level_or_batch() {
    let two = format!("; first\n{SAMPLE}\n; second\n#######\n#@ $ .#\n#######\n");
    gridlock()
        .arg("sokoban")
        .write_stdin(two.clone())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--level N"));
    assert_eq!(stdout_of(&["sokoban", "--level", "2"], &two), "rRR\n");
    let f = file(&two);
    let out = gridlock()
        .args(["sokoban", "--batch"])
        .arg(f.path())
        .assert()
        .success();
    let lines: Vec<String> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("1 13 6 "), "{lines:?}");
    assert_eq!(lines[1], "2 3 2 rRR");
    let json = stdout_of(&["sokoban", "--batch", "--format", "json", "-"], &two);
    let ids: Vec<u64> = json
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["id"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(ids, [1, 2]);
}

#[test]
fn batch_marks_unsolvable_and_stopped_levels() {
    let three = format!("{SAMPLE}\n#####\n#$ .#\n# @ #\n#####\n\n#######\n#@ $ .#\n#######\n");
    let out = gridlock()
        .args(["sokoban", "--batch", "--max-states", "10"])
        .write_stdin(three)
        .assert()
        .code(3);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("1 stopped pushes>="), "{text}");
    assert_eq!(lines[1], "2 -1");
    assert_eq!(lines[2], "3 3 2 rRR");
}

#[test]
fn a_limit_exits_3_with_the_proven_bound() {
    gridlock()
        .args(["sokoban", "--max-states", "20"])
        .write_stdin(SAMPLE)
        .assert()
        .code(3)
        .stdout("")
        .stderr(predicate::str::contains("at least").and(predicate::str::contains("pushes")));
    let out = gridlock()
        .args(["sokoban", "--max-states", "20", "--format", "json"])
        .write_stdin(SAMPLE)
        .assert()
        .code(3);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert!(v["solvable"].is_null());
    let bound = v["lower_bound"].as_u64().unwrap();
    assert!((1..=6).contains(&bound), "{bound}");
}

#[test]
fn fast_answers_are_valid_and_not_claimed_optimal() {
    let json = stdout_of(&["sokoban", "--fast", "--format", "json"], SAMPLE);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["optimal"], false);
    let lurd = v["solution"].as_str().unwrap();
    verify(SAMPLE, lurd, &[]).success();
}

#[test]
fn fast_fallback_prints_the_fast_answer_and_the_proven_bound() {
    let out = gridlock()
        .args(["sokoban", "--max-states", "20", "--fast-fallback"])
        .write_stdin(SAMPLE)
        .assert()
        .code(3)
        .stderr(predicate::str::contains("at least"))
        .stderr(predicate::str::contains("not proven optimal"));
    let lurd = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    verify(SAMPLE, lurd.trim_end(), &[]).success();
    // it is not a mode of its own: with --fast or --batch it is an error
    for other in ["--fast", "--batch"] {
        gridlock()
            .args(["sokoban", "--fast-fallback", other])
            .write_stdin(SAMPLE)
            .assert()
            .code(2);
    }
}

#[test]
fn verify_names_the_failing_step() {
    let good = stdout_of(&["sokoban"], SAMPLE);
    let good = good.trim_end();
    // dropped step
    let dropped = format!("{}{}", &good[..2], &good[3..]);
    verify(SAMPLE, &dropped, &[])
        .code(1)
        .stdout(predicate::str::starts_with("invalid: step "));
    // a changed step: the first push turned the other way
    let changed = good.replacen('L', "R", 1);
    verify(SAMPLE, &changed, &[])
        .code(1)
        .stdout(predicate::str::starts_with("invalid: step 1 "));
    // wrongly cased: a walk written upper case while the rest is mixed
    let k = good.find(|c: char| c.is_ascii_lowercase()).unwrap();
    let mut cased = good.to_string();
    cased.replace_range(k..=k, &good[k..=k].to_ascii_uppercase());
    verify(SAMPLE, &cased, &[]).code(1).stdout(format!(
        "invalid: step {} (line 1, column {}): '{}' is upper case but pushes nothing\n",
        k + 1,
        k + 1,
        &cased[k..=k]
    ));
    // all lower case: case is not checked
    verify(SAMPLE, &good.to_ascii_lowercase(), &[]).success();
    // an unfinished solution
    verify(SAMPLE, &good[..good.len() - 1], &[])
        .code(1)
        .stdout(predicate::str::contains("off"));
}

#[test]
fn verify_reads_counts_and_groups() {
    let level = "#########\n#@ $   .#\n#########\n";
    verify(level, "r4R", &[])
        .success()
        .stdout("valid\nmoves 5, pushes 4\nobjective pushes: optimal\n");
    verify(level, "r2(RR)\n", &["--objective", "moves"]).success();
    // not optimal: a detour
    verify("######\n#    #\n#@$ .#\n######\n", "udRR", &[])
        .success()
        .stdout(predicate::str::contains(
            "not optimal (optimum: 2 moves, 2 pushes)",
        ));
    verify(level, "r4X", &[])
        .code(2)
        .stderr(predicate::str::contains("line 1, column 3"));
    verify(level, "r2(RR", &[]).code(2);
}

#[test]
fn verify_options_belong_to_sokoban() {
    let (l, s) = (file("BRRBBRBR\n"), file("4\n1\n2\n3\n8\n"));
    gridlock()
        .args(["verify", "chips", "--objective", "moves"])
        .arg(l.path())
        .arg(s.path())
        .assert()
        .code(2);
}

#[test]
fn example_file_solves() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/sokoban/sample.txt");
    gridlock()
        .arg("sokoban")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::is_match("^[lurdLURD]+\n$").unwrap());
}
