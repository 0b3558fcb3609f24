//! `gridlock n-puzzle` and `gridlock verify n-puzzle` through the real binary. Every run
//! gets its own `GRIDLOCK_CACHE` (a temporary directory), so tests never touch the user's
//! cache and never build the 7-8 tables.

use assert_cmd::Command;
use std::path::Path;

fn gridlock(cache: &Path) -> Command {
    let mut c = Command::cargo_bin("gridlock").unwrap();
    c.env("GRIDLOCK_CACHE", cache);
    c
}

fn run(cache: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let out = gridlock(cache)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

const HARDEST: &str = "8 6 7\n2 5 4\n3 0 1\n";

/// Replays a judge answer on `board` (reading order); panics on an illegal move.
fn replay(board: &[u8], cols: usize, answer: &str) -> Vec<u8> {
    let mut b = board.to_vec();
    let mut lines = answer.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let tiles: Vec<u8> = lines.map(|l| l.parse().unwrap()).collect();
    assert_eq!(tiles.len(), n);
    for t in tiles {
        let z = b.iter().position(|&x| x == 0).unwrap();
        let p = b.iter().position(|&x| x == t).unwrap();
        let adjacent = (z / cols == p / cols && z.abs_diff(p) == 1) || z.abs_diff(p) == cols;
        assert!(adjacent, "tile {t} is not next to the blank");
        b.swap(z, p);
    }
    b
}

#[test]
fn the_hardest_eight_puzzle_takes_31_moves_and_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run(dir.path(), &["n-puzzle"], HARDEST);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("31"));
    assert_eq!(
        replay(&[8, 6, 7, 2, 5, 4, 3, 0, 1], 3, &out),
        [1, 2, 3, 4, 5, 6, 7, 8, 0]
    );
    let input = dir.path().join("board.txt");
    let answer = dir.path().join("answer.txt");
    std::fs::write(&input, HARDEST).unwrap();
    std::fs::write(&answer, &out).unwrap();
    let verify = |answer: &Path| {
        let out = gridlock(dir.path())
            .args(["verify", "n-puzzle", "--timeout", "none"])
            .arg(&input)
            .arg(answer)
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8(out.stdout).unwrap(),
        )
    };
    let (code, report) = verify(&answer);
    assert_eq!(code, 0, "{report}");
    assert!(
        report.starts_with("valid\nlength: 31\noptimal: yes"),
        "{report}"
    );
    // one changed move: invalid at its line
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    let changed = dir.path().join("changed.txt");
    let mut c = lines.clone();
    // after the first four moves, a tile that is not next to the blank
    let four = format!("4\n{}\n", lines[1..5].join("\n"));
    let before = replay(&[8, 6, 7, 2, 5, 4, 3, 0, 1], 3, &four);
    let z = before.iter().position(|&t| t == 0).unwrap();
    let far = (0..9)
        .find(|&p| p != z && (p / 3).abs_diff(z / 3) + (p % 3).abs_diff(z % 3) > 1)
        .unwrap();
    c[5] = before[far].to_string();
    std::fs::write(&changed, c.join("\n")).unwrap();
    let (code, report) = verify(&changed);
    assert_eq!(code, 1);
    assert!(report.starts_with("invalid: line 6: "), "{report}");
    // an invalid list is only that: no length, no "optimal: no" as if it were valid
    assert_eq!(report.lines().count(), 1, "{report}");
    // one dropped move: the next one is not next to the blank
    lines.remove(10);
    lines[0] = "30".into();
    let dropped = dir.path().join("dropped.txt");
    std::fs::write(&dropped, lines.join("\n")).unwrap();
    let (code, report) = verify(&dropped);
    assert_eq!(code, 1);
    assert!(report.starts_with("invalid: line 11: "), "{report}");
}

#[test]
fn parity_is_answered_at_once_without_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run(dir.path(), &["n-puzzle"], "2 1 3\n4 5 6\n7 8 0\n");
    assert_eq!((code, out.as_str()), (0, "-1\n"));
    let fifteen = "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0";
    let (code, out, _) = run(dir.path(), &["n-puzzle", "--format", "json"], fifteen);
    assert_eq!(code, 0);
    assert!(
        out.contains("\"moves\":-1") && out.contains("\"solvable\":false"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no table built"
    );
}

#[test]
fn korf_lines_in_batch_in_order_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let korf = include_str!("../../../tests/fixtures/n_puzzle/korf100.txt");
    // instances 9, 12, 19 and 42: about 10,000 nodes each with 6-6-3
    let lines: Vec<&str> = korf
        .lines()
        .filter(|l| ["9", "12", "19", "42"].contains(&l.split(' ').next().unwrap()))
        .collect();
    let input = lines.join("\n") + "\n";
    let args = [
        "n-puzzle",
        "--goal",
        "blank-first",
        "--pattern",
        "6-6-3",
        "--batch",
    ];
    let (code, out, err) = run(dir.path(), &args, &input);
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 4);
    for (line, answer) in lines.iter().zip(&got) {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(*answer, format!("{} {}", words[1], words[2..].join(" ")));
    }
    // auto now finds 6-6-3 cached and says once that 7-8 is stronger
    let one = lines[0].split(' ').skip(2).collect::<Vec<_>>().join(" ");
    let (code, out, err) = run(
        dir.path(),
        &["n-puzzle", "--goal", "blank-first", "--stats"],
        &one,
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("46"));
    assert!(
        err.contains("pdb 6-6-3 mirrored") && err.contains("--pattern 7-8"),
        "{err}"
    );
    assert!(err.contains("M nodes/s"), "{err}");
    assert!(!err.contains("building"), "6-6-3 was cached: {err}");
    let board: Vec<u8> = one.split(' ').map(|w| w.parse().unwrap()).collect();
    let goal: Vec<u8> = (0..16).collect();
    assert_eq!(replay(&board, 4, &out), goal);
}

#[test]
fn formats_shapes_and_heuristics() {
    let dir = tempfile::tempdir().unwrap();
    let board = "1 2 3\n4 5 6\n0 7 8\n";
    let (_, out, _) = run(dir.path(), &["n-puzzle", "--format", "json"], board);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"], 2);
    assert_eq!(v["tiles"], serde_json::json!([7, 8]));
    assert_eq!(v["directions"], "RR");
    assert_eq!(v["heuristic"], "pdb 8 mirrored");
    assert!(v["stats"]["generated"].as_u64().is_some());
    let (_, text, _) = run(dir.path(), &["n-puzzle", "--format", "text"], board);
    assert!(
        text.contains("1. 7 left") && text.contains("Solved in 2 moves"),
        "{text}"
    );
    // 2x4, Manhattan, an explicit goal file
    let goal = dir.path().join("goal.txt");
    std::fs::write(&goal, "0 1 2 3\n4 5 6 7\n").unwrap();
    let args = [
        "n-puzzle",
        "--heuristic",
        "manhattan",
        "--goal",
        goal.to_str().unwrap(),
    ];
    let (code, out, _) = run(dir.path(), &args, "1 0 2 3\n4 5 6 7\n");
    assert_eq!((code, out.as_str()), (0, "1\n1\n"));
    let (code, out, _) = run(dir.path(), &["n-puzzle", "--size", "2x3"], "1 2 3 4 0 5");
    assert_eq!((code, out.as_str()), (0, "1\n5\n"));
    // --pattern that does not fit the board, --pattern with manhattan
    let (code, _, err) = run(dir.path(), &["n-puzzle", "--pattern", "7-8"], board);
    assert_eq!(code, 2);
    assert!(err.contains("3x3 board has 8"), "{err}");
    let (code, _, _) = run(
        dir.path(),
        &["n-puzzle", "--heuristic", "manhattan", "--pattern", "8"],
        board,
    );
    assert_eq!(code, 2);
}

#[test]
fn explore_counts_the_eight_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run(dir.path(), &["n-puzzle", "explore", "--format", "json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["states"], 181_440);
    assert_eq!(v["max_distance"], 31);
    assert_eq!(v["farthest_count"], 2);
    let far: Vec<&str> = v["farthest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert!(far.contains(&"8 6 7 2 5 4 3 0 1"), "{far:?}");
    // 4x4 does not fit the default cap
    let (code, _, _) = run(dir.path(), &["n-puzzle", "explore", "--size", "4x4"], "");
    assert_eq!(code, 3);
}

#[test]
fn limits_stop_with_exit_code_3() {
    let dir = tempfile::tempdir().unwrap();
    // Korf's instance 88, 65 moves: far beyond 1,000 nodes or 0.2 s with Manhattan
    let hard = "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4";
    let args = [
        "n-puzzle",
        "--goal",
        "blank-first",
        "--heuristic",
        "manhattan",
        "--max-states",
        "1000",
    ];
    let (code, out, err) = run(dir.path(), &args, hard);
    assert_eq!(code, 3);
    assert!(out.is_empty());
    assert!(err.contains("lower bound"), "{err}");
    let args = [
        "n-puzzle",
        "--goal",
        "blank-first",
        "--heuristic",
        "manhattan",
        "--timeout",
        "0", // certain to pass before this search (billions of nodes) ends
    ];
    let (code, _, _) = run(dir.path(), &args, hard);
    assert_eq!(code, 3);
}

#[test]
fn pdb_build_fills_the_cache() {
    let dir = tempfile::tempdir().unwrap();
    let (code, out, _) = run(
        dir.path(),
        &[
            "n-puzzle",
            "pdb",
            "build",
            "--pattern",
            "4-4",
            "--size",
            "3x3",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("ready"), "{out}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// Twelve 8-puzzles scrambled by seeded random walks, one per line, with an id in front (as
/// in Korf's files) and a blank line among them.
fn scrambled_eights() -> String {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut text = String::new();
    for id in 1..=12 {
        let mut b: Vec<u8> = (0..9).collect();
        for _ in 0..40 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let z = b.iter().position(|&x| x == 0).unwrap();
            let (r, c) = (z / 3, z % 3);
            let next: Vec<usize> = [(r > 0, z.wrapping_sub(3)), (r < 2, z + 3)]
                .into_iter()
                .chain([(c > 0, z.wrapping_sub(1)), (c < 2, z + 1)])
                .filter_map(|(ok, m)| ok.then_some(m))
                .collect();
            b.swap(z, next[(seed % next.len() as u64) as usize]);
        }
        let words: Vec<String> = b.iter().map(u8::to_string).collect();
        text += &format!("{id} {}\n", words.join(" "));
        if id == 6 {
            text += "\n";
        }
    }
    text
}

#[test]
fn batch_lines_split_a_set_into_parts_that_concatenate_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let input = scrambled_eights();
    for format in ["judge", "json"] {
        let base = [
            "n-puzzle",
            "--goal",
            "blank-first",
            "--batch",
            "--format",
            format,
        ];
        let (code, whole, err) = run(dir.path(), &base, &input);
        assert_eq!(code, 0, "{err}");
        assert_eq!(whole.lines().count(), 12);
        let mut parts = String::new();
        for range in ["1..4", "5..7", "8", "9..", "20.."] {
            let args: Vec<&str> = base.iter().copied().chain(["--lines", range]).collect();
            let (code, part, err) = run(dir.path(), &args, &input);
            assert_eq!(code, 0, "{range}: {err}");
            parts += &part;
        }
        // the same lines in the same order (JSON's `seconds` differ from run to run)
        let key = |text: &str| -> Vec<String> {
            text.lines()
                .map(|l| match serde_json::from_str::<serde_json::Value>(l) {
                    Ok(v) => format!("{} {} {}", v["line"], v["moves"], v["tiles"]),
                    Err(_) => l.to_string(),
                })
                .collect()
        };
        assert_eq!(key(&parts), key(&whole), "{format}");
        let args: Vec<&str> = base.iter().copied().chain(["--lines", "..2"]).collect();
        let (_, head, _) = run(dir.path(), &args, &input);
        assert_eq!(key(&head), key(&whole)[..2]);
    }
    // a malformed line outside the range is not read as a board
    let broken = input.replace("12 ", "12 x ");
    let args = [
        "n-puzzle",
        "--goal",
        "blank-first",
        "--batch",
        "--lines",
        "1..3",
    ];
    let (code, out, _) = run(dir.path(), &args, &broken);
    assert_eq!((code, out.lines().count()), (0, 3));
}

#[test]
fn bad_line_ranges_are_refused_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    for range in ["3..1", "0..4", "0", "abc", "1..x", "", "=-2..3"] {
        let flag = format!("--lines{}", if range.starts_with('=') { "" } else { "=" });
        let flag = flag + range;
        let args = ["n-puzzle", "--batch", &flag];
        let (code, out, err) = run(dir.path(), &args, "1 2 3 4 5 6 7 8 0\n");
        assert_eq!(code, 2, "{range}: {err}");
        assert!(out.is_empty() && err.contains("--lines"), "{range}: {err}");
    }
    let (code, _, err) = run(dir.path(), &["n-puzzle", "--lines", "1..2"], HARDEST);
    assert_eq!(code, 2);
    assert!(err.contains("--batch"), "{err}");
}

/// `--batch --format text`: the judge lines under a header that says the numbers after MOVES
/// are the start board (in JSON the board is `board`; `tiles` are the tiles slid); nothing on
/// stdout when the first line is malformed.
#[test]
fn batch_text_names_its_columns() {
    let dir = tempfile::tempdir().unwrap();
    let input = "1 2 3 4 5 6 7 0 8\n8 6 7 2 5 4 3 0 1\n";
    let (code, out, err) = run(
        dir.path(),
        &["n-puzzle", "--batch", "--format", "text"],
        input,
    );
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("# MOVES BOARD: "), "{out}");
    assert!(lines[0].contains("the start board's numbers"), "{out}");
    assert_eq!(&lines[1..], ["1 1 2 3 4 5 6 7 0 8", "31 8 6 7 2 5 4 3 0 1"]);
    let (_, judge, _) = run(dir.path(), &["n-puzzle", "--batch"], input);
    assert_eq!(
        judge,
        lines[1..].join("\n") + "\n",
        "judge: the same lines, no header"
    );
    let (_, json, _) = run(
        dir.path(),
        &["n-puzzle", "--batch", "--format", "json"],
        input,
    );
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["board"],
        serde_json::json!([1, 2, 3, 4, 5, 6, 7, 0, 8])
    );
    assert_eq!(first["tiles"], serde_json::json!([8]));
    let (code, out, err) = run(
        dir.path(),
        &["n-puzzle", "--batch", "--format", "text"],
        "x\n",
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("after 1 word "), "singular: {err}");
}
