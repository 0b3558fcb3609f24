//! Every JSON object the command line prints, field by field and in printed order (nested
//! objects included), against the names written here and in the README's "JSON output"
//! table. A renamed, dropped, added or reordered field fails this test: scripts read these
//! names, so a change to them is a decision, made here and in the README together.

use assert_cmd::Command;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The first line `gridlock ARGS` prints for `stdin`.
fn first_line(args: &[&str], stdin: &str) -> String {
    let cache = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .current_dir(root())
        .env("GRIDLOCK_CACHE", cache.path())
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().next().unwrap_or_default().to_string()
}

/// A JSON value reduced to what this test checks: objects' keys in the order written.
enum Shape {
    Object(Vec<(String, Shape)>),
    Array(Vec<Shape>),
    Scalar,
}

/// Reads one value from `text` at `*at` (a JSON reader of its own, because `serde_json`'s
/// `Value` forgets the order of keys).
fn read(text: &[u8], at: &mut usize) -> Shape {
    skip_space(text, at);
    match text[*at] {
        b'{' => {
            *at += 1;
            let mut fields = Vec::new();
            loop {
                skip_space(text, at);
                if text[*at] == b'}' {
                    *at += 1;
                    return Shape::Object(fields);
                }
                let key = string(text, at);
                skip_space(text, at);
                assert_eq!(text[*at], b':');
                *at += 1;
                fields.push((key, read(text, at)));
                skip_space(text, at);
                if text[*at] == b',' {
                    *at += 1;
                }
            }
        }
        b'[' => {
            *at += 1;
            let mut items = Vec::new();
            loop {
                skip_space(text, at);
                if text[*at] == b']' {
                    *at += 1;
                    return Shape::Array(items);
                }
                items.push(read(text, at));
                skip_space(text, at);
                if text[*at] == b',' {
                    *at += 1;
                }
            }
        }
        b'"' => {
            string(text, at);
            Shape::Scalar
        }
        _ => {
            while *at < text.len() && !b",]}".contains(&text[*at]) {
                *at += 1;
            }
            Shape::Scalar
        }
    }
}

fn skip_space(text: &[u8], at: &mut usize) {
    while text[*at].is_ascii_whitespace() {
        *at += 1;
    }
}

fn string(text: &[u8], at: &mut usize) -> String {
    assert_eq!(text[*at], b'"');
    let start = *at + 1;
    *at = start;
    while text[*at] != b'"' {
        *at += if text[*at] == b'\\' { 2 } else { 1 };
    }
    *at += 1;
    String::from_utf8(text[start..*at - 1].to_vec()).unwrap()
}

/// The keys in printed order, nested ones after their parent as `parent.key` (arrays of
/// objects: the first element's keys, as `parent[].key`).
fn keys(shape: &Shape, prefix: &str, out: &mut Vec<String>) {
    match shape {
        Shape::Object(fields) => {
            for (key, value) in fields {
                let path = format!("{prefix}{key}");
                out.push(path.clone());
                keys(value, &format!("{path}."), out);
            }
        }
        Shape::Array(items) => {
            if let Some(first) = items.first() {
                let path = format!("{}[].", prefix.trim_end_matches('.'));
                keys(first, &path, out);
            }
        }
        Shape::Scalar => {}
    }
}

fn printed_keys(line: &str) -> Vec<String> {
    let mut at = 0;
    let shape = read(line.as_bytes(), &mut at);
    let mut out = Vec::new();
    keys(&shape, "", &mut out);
    out
}

/// Every backquoted name in the README's "JSON output" row for `command`.
fn readme_names(command: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let section = readme
        .split("### JSON output")
        .nth(1)
        .expect("the README has a JSON output section");
    let row = section
        .lines()
        .find(|l| l.starts_with(&format!("| `{command}` |")))
        .unwrap_or_else(|| panic!("no README row for `{command}`"));
    let fields = row.splitn(3, '|').nth(2).unwrap();
    let mut names: Vec<String> = fields
        .split('`')
        .skip(1)
        .step_by(2)
        .flat_map(|quoted| {
            quoted
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Checks the printed keys against `expected` (space-separated paths) and the README row.
fn check(command: &str, args: &[&str], stdin: &str, expected: &str) {
    let line = first_line(args, stdin);
    let printed = printed_keys(&line);
    let want: Vec<&str> = expected.split_whitespace().collect();
    assert_eq!(
        printed,
        want,
        "`gridlock {}` printed {line}",
        args.join(" ")
    );
    let mut last: Vec<String> = printed
        .iter()
        .map(|p| p.rsplit(['.']).next().unwrap().to_string())
        .collect();
    last.sort();
    last.dedup();
    assert_eq!(
        last,
        readme_names(command),
        "README row `{command}` and the printed names"
    );
}

const SAMPLE2: &str = "examples/rush-hour/sample2.txt";

#[test]
fn rush_hour_one_board() {
    // boards other than 6x6 add their shape and exit row
    check(
        "rush-hour",
        &["rush-hour", "--format", "json", "--limit", "none"],
        "oooBooo\nAAoBooo\noooCCxo\nooooooo\nooooooo\n",
        "answer board cols exit_row limit metric moves rows solution solution[].direction \
         solution[].distance solution[].vehicle steps steps_out",
    );
    let line = first_line(&["rush-hour", "--format", "json", SAMPLE2], "");
    assert_eq!(
        printed_keys(&line).join(" "),
        "answer board limit metric moves solution solution[].direction solution[].distance \
         solution[].vehicle steps steps_out"
    );
}

#[test]
fn rush_hour_batch_explore_and_generate() {
    check(
        "rush-hour --batch",
        &["rush-hour", "--batch", "--format", "json"],
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n",
        "board line moves states steps steps_out",
    );
    check(
        "rush-hour explore",
        &["rush-hour", "explore", "--format", "json", SAMPLE2],
        "",
        "board farthest_moves farthest_steps goal_states key max_moves max_steps \
         max_steps_out start_moves start_steps start_steps_out states",
    );
    check(
        "rush-hour generate",
        &[
            "rush-hour",
            "generate",
            "--moves",
            "5..8",
            "--format",
            "json",
        ],
        "",
        "board key moves size solution steps steps_out vehicles walls",
    );
}

#[test]
fn chips_and_puzznic() {
    check(
        "chips",
        &["chips", "--format", "json", "examples/chips/sample.txt"],
        "",
        "puzzle input solvable length moves boards boards[].move boards[].empty \
         boards[].cells boards[].rows",
    );
    check(
        "puzznic",
        &["puzznic", "--format", "json", "examples/puzznic/sample.txt"],
        "",
        "puzzle rows cols objective solvable optimal moves cycles actions start steps \
         steps[].cycle steps[].action steps[].moved steps[].vanished steps[].board",
    );
}

#[test]
fn n_puzzle_one_board_batch_and_explore() {
    check(
        "n-puzzle",
        &[
            "n-puzzle",
            "--heuristic",
            "manhattan",
            "--format",
            "json",
            "examples/n-puzzle/sample.txt",
        ],
        "",
        "cols directions goal heuristic lower_bound moves rows solvable start stats \
         stats.expanded stats.generated stats.iterations stats.nodes_per_second \
         stats.seconds tiles",
    );
    check(
        "n-puzzle --batch",
        &[
            "n-puzzle",
            "--heuristic",
            "manhattan",
            "--batch",
            "--format",
            "json",
        ],
        "1 2 3 4 5 6 7 0 8\n",
        "board directions expanded generated line moves seconds tiles",
    );
    check(
        "n-puzzle explore",
        &["n-puzzle", "explore", "--size", "2x3", "--format", "json"],
        "",
        "by_distance cols farthest farthest_count goal max_distance rows states",
    );
}

#[test]
fn sokoban_one_level_and_batch() {
    let fields = "puzzle name rows cols boxes objective solvable optimal moves pushes solution \
                  lower_bound stats stats.generated stats.expanded stats.peak_states \
                  stats.peak_bytes stats.seconds";
    check(
        "sokoban",
        &["sokoban", "--format", "json", "examples/sokoban/sample.txt"],
        "",
        fields,
    );
    // --batch adds the level's index after `puzzle`
    check(
        "sokoban --batch",
        &["sokoban", "--batch", "--format", "json"],
        "; 1\n#####\n#@$.#\n#####\n",
        &fields.replacen("puzzle", "puzzle id", 1),
    );
}

#[test]
fn sokoban_generate() {
    check(
        "sokoban generate",
        &[
            "sokoban", "generate", "--format", "json", "--size", "7x7", "--boxes", "2",
        ],
        "",
        "puzzle index level rows cols boxes pushes moves moves_optimal solution key",
    );
}

#[test]
fn the_reader_keeps_the_printed_order() {
    assert_eq!(
        printed_keys(r#"{"b":1,"a":[{"y":"}","x":null}],"c":{"e":[],"d":2}}"#),
        ["b", "a", "a[].y", "a[].x", "c", "c.e", "c.d"]
    );
}
