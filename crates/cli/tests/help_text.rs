//! The help tells the truth: the top-level line and the README's opening line name every
//! puzzle command; each command's `--format` lists exactly the values it accepts (and only
//! Rush Hour has `moves`, only commands with `--batch` talk about it); every FILE argument
//! says which formats it reads; `n-puzzle explore` describes its real input; `--timeout`
//! takes `none`. Each check runs the real binary.

use assert_cmd::Command;
use std::path::PathBuf;

fn help(args: &[&str]) -> String {
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The commands listed under `Commands:` in `gridlock --help`.
fn commands() -> Vec<String> {
    help(&[])
        .split("Commands:")
        .nth(1)
        .expect("a command list")
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

/// The puzzle commands: every command but the judge, the player and help.
fn puzzles() -> Vec<String> {
    commands()
        .into_iter()
        .filter(|c| !["verify", "serve", "help"].contains(&c.as_str()))
        .collect()
}

/// Lower case, with `-` read as a space: "Rush Hour" names `rush-hour`.
fn words(text: &str) -> String {
    text.to_lowercase().replace('-', " ")
}

#[test]
fn the_top_line_and_the_readme_name_every_puzzle() {
    let puzzles = puzzles();
    assert!(puzzles.len() >= 4, "{puzzles:?}");
    let top = help(&[]);
    let first = words(top.lines().next().unwrap());
    let readme =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../README.md"))
            .unwrap();
    let opening = words(readme.split("\n\n").nth(1).expect("an opening paragraph"));
    for p in &puzzles {
        assert!(
            first.contains(&words(p)),
            "`gridlock --help` omits {p}: {first}"
        );
        assert!(
            opening.contains(&words(p)),
            "README's opening omits {p}: {opening}"
        );
    }
}

/// The values `--format` lists in `help`, with their descriptions.
fn formats(help: &str) -> Vec<(String, String)> {
    let section = help
        .split("--format <FORMAT>")
        .nth(1)
        .expect("a --format option")
        .split("[default:")
        .next()
        .unwrap();
    section
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .map(|l| {
            let (name, what) = l.split_once(':').expect("name: description");
            (name.trim().to_string(), what.trim().to_string())
        })
        .collect()
}

#[test]
fn each_format_list_is_what_the_command_accepts() {
    let cases: [(&[&str], &[&str]); 7] = [
        (&["rush-hour"], &["judge", "text", "json", "moves"]),
        (&["rush-hour", "explore"], &["text", "json"]),
        (&["chips"], &["judge", "text", "json"]),
        (&["puzznic"], &["judge", "text", "json"]),
        (&["n-puzzle"], &["judge", "text", "json"]),
        (&["n-puzzle", "explore"], &["text", "json"]),
        (&["sokoban"], &["judge", "text", "json"]),
    ];
    for (command, want) in cases {
        let text = help(command);
        let listed = formats(&text);
        let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, want, "{command:?}");
        let has_batch = text.contains("--batch");
        for (name, what) in &listed {
            assert!(!what.is_empty(), "{command:?} {name}");
            // batch is mentioned exactly where there is one
            assert_eq!(
                what.contains("--batch"),
                has_batch,
                "{command:?} {name}: {what}"
            );
        }
        // a value not listed is refused, naming the ones that are
        for other in ["judge", "text", "json", "moves"] {
            if want.contains(&other) {
                continue;
            }
            let out = Command::cargo_bin("gridlock")
                .unwrap()
                .args(command)
                .args(["--format", other])
                .write_stdin("")
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{command:?} --format {other}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.contains(&format!("invalid value '{other}'")),
                "{command:?}: {err}"
            );
        }
    }
}

#[test]
fn every_file_argument_says_what_it_reads() {
    for (command, reads) in [
        (
            &["rush-hour"][..],
            "judge matrix, 36-character string, or lines of letters",
        ),
        (
            &["rush-hour", "explore"],
            "judge matrix, 36-character string, or lines of letters",
        ),
        (&["chips"], "8 letters R/B"),
        (
            &["puzznic"],
            "rows of `#` (wall), `.` (empty) and digits 1-9",
        ),
        (&["n-puzzle"], "R lines of C numbers (0 the blank)"),
        (
            &["sokoban"],
            "XSB (`#` wall, space floor, `.` goal, `$` box",
        ),
    ] {
        let text = help(command);
        let file = text
            .split("\n  [FILE]\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{command:?} has a FILE argument"));
        let file = file.split("\n\n").next().unwrap();
        assert!(words(file).contains(&words(reads)), "{command:?}: {file}");
    }
    let verify = help(&["verify"]);
    assert!(verify.contains("any format the solver accepts"), "{verify}");
    assert!(verify.contains("the format PUZZLE names"), "{verify}");
}

#[test]
fn n_puzzle_explore_describes_its_real_input() {
    let text = help(&["n-puzzle", "explore"]);
    assert!(!text.contains("read from the input"), "{text}");
    assert!(!text.contains("[FILE]"), "{text}");
    assert!(text.contains("Reads no input"), "{text}");
    assert!(text.contains("default 3x3"), "{text}");
    // and it does read none: an empty standard input is no error
    let out = Command::cargo_bin("gridlock")
        .unwrap()
        .args(["n-puzzle", "explore", "--size", "2x3"])
        .write_stdin("this is not read")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("component: 360 positions"));
}

#[test]
fn batch_help_names_the_board_columns() {
    let text = help(&["n-puzzle"]);
    let batch = text.split("--batch\n").nth(1).unwrap();
    let batch = batch.split("\n\n").next().unwrap();
    assert!(batch.contains("`MOVES BOARD`"), "{batch}");
    assert!(
        !text.contains("TILES"),
        "the board's numbers are not the tiles slid: {text}"
    );
}

#[test]
fn every_timeout_takes_none() {
    for command in [
        &["rush-hour"][..],
        &["rush-hour", "generate"],
        &["chips"],
        &["puzznic"],
        &["n-puzzle"],
        &["sokoban"],
        &["verify"],
        &["serve"],
    ] {
        let text = help(command);
        assert!(text.contains("--timeout <SECONDS|none>"), "{command:?}");
    }
}
