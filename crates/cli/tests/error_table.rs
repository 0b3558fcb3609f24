//! Every bad input we could think of, per puzzle, through the real binary: the exit code, that
//! stdout stays empty on error, and the one-line message. The results are rendered as the
//! table in `docs/errors.md`; this test fails if the table is stale, so the document stays
//! true. Regenerate it with `GRIDLOCK_BLESS=1 cargo test --test error_table`.

use assert_cmd::Command;
use std::path::PathBuf;

/// One input tried: which subcommand, a short description, the bytes, and the exit code the
/// contract demands (2 for malformed input; 0 where the input is odd but valid).
struct Case {
    puzzle: &'static str,
    what: &'static str,
    input: Vec<u8>,
    exit: i32,
    /// Options after the puzzle's name (`--exit-row 2`).
    args: Vec<&'static str>,
}

fn case(puzzle: &'static str, what: &'static str, input: impl Into<Vec<u8>>, exit: i32) -> Case {
    Case {
        puzzle,
        what,
        input: input.into(),
        exit,
        args: Vec::new(),
    }
}

/// A case run with options.
fn case_with(
    puzzle: &'static str,
    args: &[&'static str],
    what: &'static str,
    input: impl Into<Vec<u8>>,
    exit: i32,
) -> Case {
    Case {
        args: args.to_vec(),
        ..case(puzzle, what, input, exit)
    }
}

/// An R×C letter grid of empty cells with `rows` drawn over it: (row, column, text).
fn grid(rows: usize, cols: usize, drawn: &[(usize, usize, &str)]) -> String {
    let mut g = vec![vec!['o'; cols]; rows];
    for &(r, c, text) in drawn {
        for (k, ch) in text.chars().enumerate() {
            g[r][c + k] = ch;
        }
    }
    g.into_iter()
        .map(|r| r.into_iter().collect::<String>() + "\n")
        .collect()
}

const RUSH_OK: &str =
    "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";

fn rush_cases() -> Vec<Case> {
    let r = "rush-hour";
    vec![
        case(r, "empty input", "", 2),
        case(r, "whitespace only", " \n\t\n  \n", 2),
        case(
            r,
            "three rows (boards are 4x4 to 12x12)",
            "0 0 0 0 0 0\n".repeat(3),
            2,
        ),
        case(
            r,
            "five rows of six (a 5x6 board, accepted)",
            "0 0 0 0 0 0\n".repeat(5),
            0,
        ),
        case(r, "thirteen rows", "0 0 0 0 0 0\n".repeat(13), 2),
        case(r, "a 13x13 board", grid(13, 13, &[(2, 0, "AA")]), 2),
        case(
            r,
            "a 9x9 board with a vehicle of four cells",
            grid(9, 9, &[(4, 0, "AA"), (0, 2, "BBBB")]),
            2,
        ),
        case(
            r,
            "an 8x8 board with a vehicle of one cell",
            grid(8, 8, &[(4, 0, "AA"), (6, 5, "C")]),
            2,
        ),
        case(
            r,
            "a 7x7 board with a bent vehicle",
            grid(7, 7, &[(3, 0, "AA"), (0, 4, "BB"), (1, 4, "B")]),
            2,
        ),
        case(
            r,
            "two red cars (12x12)",
            grid(12, 12, &[(3, 0, "AA"), (8, 5, "AAA")]),
            2,
        ),
        case_with(
            r,
            &["--exit-row", "2"],
            "--exit-row 2 without the red car in row 2 (8x8)",
            grid(8, 8, &[(4, 0, "AA")]),
            2,
        ),
        case_with(
            r,
            &["--exit-row", "9"],
            "--exit-row 9 on a board of 8 rows",
            grid(8, 8, &[(4, 0, "AA")]),
            2,
        ),
        case(
            r,
            "a row shorter than the first (row 5 of an 8x8 board)",
            grid(8, 8, &[(4, 0, "AA")]).replacen("AAoooooo\n", "AAooooo\n", 1),
            2,
        ),
        case(
            r,
            "a 9x9 board whose red car can never exit (vertical, answers -1)",
            grid(9, 9, &[(3, 4, "A"), (4, 4, "A")]),
            0,
        ),
        case(
            r,
            "a short (ragged) row",
            RUSH_OK.replacen("0 2 0 6 6 0", "0 2 0 6 6", 1),
            2,
        ),
        case(
            r,
            "a long row",
            RUSH_OK.replacen("0 2 0 6 6 0", "0 2 0 6 6 0 0", 1),
            2,
        ),
        case(r, "unknown character", RUSH_OK.replacen('5', "?", 1), 2),
        case(r, "negative id", RUSH_OK.replacen("8", "-8", 1), 2),
        case(
            r,
            "huge number",
            RUSH_OK.replacen("8 0\n", "99999999999999999999999 0\n", 1),
            2,
        ),
        case(
            r,
            "vehicle of one cell",
            RUSH_OK.replacen("0 0 0 0 0 0", "0 0 0 0 0 9", 1),
            2,
        ),
        case(
            r,
            "vehicle of four cells",
            "2 2 2 2 0 0\n0 0 0 0 0 0\n1 1 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            2,
        ),
        case(
            r,
            "bent vehicle",
            "2 2 0 0 0 0\n2 0 0 0 0 0\n1 1 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            2,
        ),
        case(
            r,
            "id split into pieces (duplicate id)",
            "2 2 0 2 2 0\n0 0 0 0 0 0\n1 1 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n",
            2,
        ),
        case(
            r,
            "database string of 35 characters",
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF\n",
            2,
        ),
        case(
            r,
            "database string with a bad letter",
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF!\n",
            2,
        ),
        case(
            r,
            "letter grid with a ragged row",
            "GBBoLo\nGHIoLM\nGHIAAM\nCCCKo\nooJKDD\nEEJFFo\n",
            2,
        ),
        case(
            r,
            "binary garbage",
            vec![0u8, 159, 146, 150, 255, 1, 2, 3],
            2,
        ),
        case(
            r,
            "CRLF line endings (accepted)",
            RUSH_OK.replace('\n', "\r\n"),
            0,
        ),
        case(r, "no final newline (accepted)", RUSH_OK.trim_end(), 0),
        case(r, "more than 1 MiB", "0 ".repeat(600_000), 2),
    ]
}

fn chips_cases() -> Vec<Case> {
    let c = "chips";
    vec![
        case(c, "empty input", "", 2),
        case(c, "whitespace only", "  \n\n", 2),
        case(c, "seven letters", "BRRBBRB\n", 2),
        case(c, "nine letters", "BRRBBRBRB\n", 2),
        case(c, "unknown letter", "BRRGBRBR\n", 2),
        case(c, "lower case", "brrbbrbr\n", 2),
        case(c, "space inside", "BRRB BRBR\n", 2),
        case(c, "two lines of letters", "BRRB\nBRBR\n", 2),
        case(c, "digits", "01234567\n", 2),
        case(
            c,
            "binary garbage",
            vec![0u8, 159, 146, 150, 255, 1, 2, 3],
            2,
        ),
        case(c, "non-ASCII letter", "BRRBBRBÉ\n", 2),
        case(c, "two boards", "BRRBBRBR\nBRRBBRBR\n", 2),
        case(c, "more than 1 MiB", "R".repeat(2_000_000), 2),
        case(c, "CRLF line ending (accepted)", "BRRBBRBR\r\n", 0),
        case(c, "no final newline (accepted)", "BRRBBRBR", 0),
        case(c, "not four of each colour (answers -1)", "RRRRRBBB\n", 0),
    ]
}

fn puzznic_cases() -> Vec<Case> {
    let p = "puzznic";
    vec![
        case(p, "empty input", "", 2),
        case(p, "whitespace only", "\n  \n", 2),
        case(p, "ragged rows", "#####\n#.1.#\n#.#1\n#####\n", 2),
        case(p, "unknown character", "#####\n#.1.#\n#.#X#\n#####\n", 2),
        case(p, "piece type 0", "#####\n#.0.#\n#.#0#\n#####\n", 2),
        case(p, "no piece at all", "#####\n#...#\n#####\n", 2),
        case(
            p,
            "17 columns",
            format!("{}\n", "#".repeat(17)) + "#1..............1\n",
            2,
        ),
        case(p, "17 rows", "#1#\n".repeat(17), 2),
        case(
            p,
            "binary garbage",
            vec![0u8, 159, 146, 150, 255, 1, 2, 3],
            2,
        ),
        case(p, "tab inside a row", "#####\n#.1\t#\n#.#1#\n#####\n", 2),
        case(p, "more than 1 MiB", "#".repeat(2_000_000), 2),
        case(
            p,
            "CRLF line endings (accepted)",
            "#####\r\n#.1.#\r\n#.#1#\r\n#####\r\n",
            0,
        ),
        case(
            p,
            "no final newline (accepted)",
            "#####\n#.1.#\n#.#1#\n#####",
            0,
        ),
        case(
            p,
            "a lone piece of its type (answers -1)",
            "#####\n#.1.#\n#.#2#\n#####\n",
            0,
        ),
        case(p, "open board, no outer wall (accepted)", ".1.\n.#1\n", 0),
    ]
}

fn n_puzzle_cases() -> Vec<Case> {
    let n = "n-puzzle";
    vec![
        case(n, "empty input", "", 2),
        case(n, "whitespace only", " \n\n", 2),
        case(n, "a word instead of a number", "1 2 3\n4 x 6\n7 8 0\n", 2),
        case(n, "a negative number", "1 2 3\n4 -5 6\n7 8 0\n", 2),
        case(
            n,
            "a number too large for the board",
            "1 2 3\n4 5 6\n7 8 9\n",
            2,
        ),
        case(n, "a number twice", "1 2 3\n4 5 6\n7 8 8\n", 2),
        case(n, "a short row", "1 2 3\n4 5\n6 7 8 0\n", 2),
        case(n, "a long row", "1 2 3\n4 5 6 7\n8 0 9\n", 2),
        case(
            n,
            "a blank line inside the board",
            "1 2 3\n\n4 5 6\n7 8 0\n",
            2,
        ),
        case(n, "one line, not a square count", "1 2 3 4 5 0\n", 2),
        case(n, "one row only (1xC is no board)", "0\n1\n", 2),
        case(n, "more than 64 cells", "0 ".repeat(81), 2),
        case(
            n,
            "huge number",
            "99999999999999999999999 1 2 3 4 5 6 7 0\n",
            2,
        ),
        case(
            n,
            "binary garbage",
            vec![0u8, 159, 146, 150, 255, 1, 2, 3],
            2,
        ),
        case(n, "more than 1 MiB", "0 ".repeat(600_000), 2),
        case(
            n,
            "CRLF line endings (accepted)",
            "1 2 3\r\n4 5 6\r\n7 8 0\r\n",
            0,
        ),
        case(n, "no final newline (accepted)", "1 2 3\n4 5 6\n7 0 8", 0),
        case(
            n,
            "Korf's one-line format (accepted)",
            "1 2 3 4 5 6 7 8 0\n",
            0,
        ),
        case(
            n,
            "the other parity class (answers -1)",
            "2 1 3\n4 5 6\n7 8 0\n",
            0,
        ),
    ]
}

const SOKOBAN_OK: &str = "#####\n#@$.#\n#####\n";

fn sokoban_cases() -> Vec<Case> {
    let s = "sokoban";
    let two = format!("; one\n{SOKOBAN_OK}\n; two\n#######\n#@ $ .#\n#######\n");
    vec![
        case(s, "empty input", "", 2),
        case(s, "whitespace only", " \n\t\n", 2),
        case(s, "a title and no board", "; level 1\nTitle: nothing\n", 2),
        case(s, "no player", "#####\n# $.#\n#####\n", 2),
        case(s, "two players", "######\n#@$.@#\n######\n", 2),
        case(s, "more boxes than goals", "######\n#@$$.#\n######\n", 2),
        case(s, "no boxes and no goals", "####\n#@ #\n####\n", 2),
        case(
            s,
            "the player's area is open (a gap in the wall)",
            "#####\n#@$. \n#####\n",
            2,
        ),
        case(
            s,
            "a shorter row leaves the area open",
            "#####\n#@$.#\n#  \n#####\n",
            2,
        ),
        case(
            s,
            "a box walled off from the player, its goal inside (one box short)",
            "######\n#@$..#\n######\n#$#\n###\n",
            2,
        ),
        case(
            s,
            "unknown symbol in a row",
            "#####\n#@$.#\n#x  #\n#####\n",
            2,
        ),
        case(s, "a tab inside a row", "#####\n#@$.\t#\n#####\n", 2),
        case(s, "65 rows", "#\n".repeat(65), 2),
        case(s, "a row of 65 cells", format!("{}\n", "#".repeat(65)), 2),
        case(s, "a run length above 64", "99#\n", 2),
        case(s, "a run length with nothing after it", "5#|#@$.3\n", 2),
        case(s, "two levels and no --level", two.clone(), 2),
        case_with(
            s,
            &["--level", "3"],
            "--level 3 of a file of 2 levels",
            two.clone(),
            2,
        ),
        case(
            s,
            "binary garbage",
            vec![0u8, 159, 146, 150, 255, 1, 2, 3],
            2,
        ),
        case(s, "more than 1 MiB", "#".repeat(2_000_000), 2),
        case_with(
            s,
            &["--level", "2"],
            "--level 2 of a file of 2 levels (accepted)",
            two,
            0,
        ),
        case(
            s,
            "CRLF line endings (accepted)",
            SOKOBAN_OK.replace('\n', "\r\n"),
            0,
        ),
        case(s, "no final newline (accepted)", SOKOBAN_OK.trim_end(), 0),
        case(s, "run-length rows (accepted)", "5#|#@$.#|5#\n", 0),
        case(
            s,
            "walled-off boxes and goals: scenery (accepted)",
            "#####\n#@$.#\n#####\n#*#$.#\n######\n",
            0,
        ),
        case(
            s,
            "- and _ for floor (accepted)",
            "######\n#@-$.#\n#_ __#\n######\n",
            0,
        ),
        case(
            s,
            "starts solved (answers an empty line)",
            "####\n#@*#\n####\n",
            0,
        ),
        case(
            s,
            "a box in a corner off its goal (answers -1)",
            "#####\n#$ .#\n# @ #\n#####\n",
            0,
        ),
    ]
}

/// Options of `gridlock rush-hour generate` that must be refused (exit 2), with what they
/// are.
fn generate_cases() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("a range upside down", vec!["--moves", "10..5"]),
        ("not a range", vec!["--moves", "abc"]),
        ("zero moves", vec!["--moves", "0"]),
        ("no puzzles", vec!["--count", "0"]),
        ("too many walls", vec!["--walls", "9"]),
        ("the red car alone", vec!["--vehicles", "1..1"]),
        (
            "more vehicles than a board holds",
            vec!["--vehicles", "10..20"],
        ),
        ("vehicles upside down", vec!["--vehicles", "9..4"]),
        (
            "walls in the boxed game",
            vec!["--set", "physical", "--walls", "1"],
        ),
        (
            "more vehicles than the boxed game has",
            vec!["--set", "physical", "--vehicles", "17.."],
        ),
        (
            "more moves than any wall-free puzzle needs",
            vec!["--moves", "52.."],
        ),
        (
            "more moves than any puzzle with these vehicles needs",
            vec!["--vehicles", "14", "--moves", "47.."],
        ),
        (
            "36 moves or more with few vehicles",
            vec!["--vehicles", "2..8", "--moves", "36..40"],
        ),
        (
            "more moves than the hardest known puzzle with walls",
            vec!["--walls", "2", "--moves", "61.."],
        ),
    ]
}

/// Options of `gridlock sokoban generate` that must be refused (exit 2), with what they are.
fn sokoban_generate_cases() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("not a size", vec!["--size", "ten"]),
        ("a room too small", vec!["--size", "4x10"]),
        ("a room too large", vec!["--size", "10x25"]),
        ("no boxes", vec!["--boxes", "0"]),
        ("boxes upside down", vec!["--boxes", "5..3"]),
        ("more boxes than the room takes", vec!["--boxes", "17"]),
        ("zero pushes", vec!["--pushes", "0..10"]),
        ("pushes upside down", vec!["--pushes", "30..20"]),
        ("not a range", vec!["--pushes", "many"]),
        (
            "fewer pushes than 4 a box allows",
            vec!["--pushes", "5..12"],
        ),
        ("no levels", vec!["--count", "0"]),
    ]
}

/// Runs one refused `generate` option of `command` and returns its table row (exit 2,
/// nothing on stdout, one line on stderr).
fn run_generate(command: &str, what: &str, args: &[&str]) -> String {
    let output = Command::cargo_bin("gridlock")
        .unwrap()
        .args([command, "generate"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{what}: {stderr}");
    assert!(output.stdout.is_empty(), "{what}");
    assert_eq!(stderr.lines().count(), 1, "{what}: {stderr}");
    assert!(stderr.starts_with("gridlock: error: "), "{stderr}");
    format!(
        "| {what}: `{}` | 2 | {} |",
        args.join(" "),
        stderr.trim_end().replace('|', "\\|").replace('`', "'")
    )
}

/// Runs one case and returns its table row; panics (fails the test) when the contract is
/// broken: wrong exit code, output on stdout with an error, or no message.
fn run(c: &Case) -> String {
    let cache = tempfile::tempdir().unwrap();
    let output = Command::cargo_bin("gridlock")
        .unwrap()
        .env("GRIDLOCK_CACHE", cache.path())
        .arg(c.puzzle)
        .args(&c.args)
        .write_stdin(c.input.clone())
        .output()
        .unwrap();
    let code = output.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(code, c.exit, "{} / {}: stderr {stderr}", c.puzzle, c.what);
    let said = if code == 3 {
        // a limit: nothing on stdout, one line (after any progress notes), shown without
        // its statistics, which hold the wall time
        assert!(stdout.is_empty(), "{} / {}: {stdout}", c.puzzle, c.what);
        let last = stderr.lines().last().unwrap_or("");
        assert!(last.starts_with("gridlock: error: "), "{stderr}");
        last.split("; states generated").next().unwrap().to_string()
    } else if code == 2 {
        assert!(
            stdout.is_empty(),
            "{} / {}: stdout on error: {stdout}",
            c.puzzle,
            c.what
        );
        assert_eq!(
            stderr.lines().count(),
            1,
            "{} / {}: {stderr}",
            c.puzzle,
            c.what
        );
        assert!(stderr.starts_with("gridlock: error: "), "{stderr}");
        stderr.trim_end().to_string()
    } else {
        assert!(!stdout.is_empty(), "{} / {}: no answer", c.puzzle, c.what);
        format!("answers `{}`", stdout.lines().next().unwrap_or(""))
    };
    format!(
        "| {} | {} | {} |",
        c.what,
        code,
        said.replace('|', "\\|").replace('`', "'")
    )
}

fn fixture(path: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read(root.join(path)).unwrap()
}

/// Limits: exit code 3, one line, the proven lower bound where the search has one.
fn limit_cases() -> Vec<Case> {
    let hard = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n";
    let korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n";
    vec![
        case_with(
            "rush-hour",
            &[
                "--limit",
                "none",
                "--metric",
                "moves",
                "--max-memory",
                "32K",
            ],
            "the hardest 6x6 puzzle (51 moves) in 32 KiB",
            hard,
            3,
        ),
        case_with(
            "rush-hour",
            &["--limit", "none", "--max-states", "100"],
            "the same, 100 states",
            hard,
            3,
        ),
        case_with(
            "rush-hour",
            &["--limit", "none", "--max-memory", "2M"],
            "`tests/fixtures/rush_hour/chain_12x12.txt` (52 steps) in 2 MiB",
            fixture("tests/fixtures/rush_hour/chain_12x12.txt"),
            3,
        ),
        case_with(
            "rush-hour",
            &["explore", "--max-memory", "64M"],
            "`tests/fixtures/rush_hour/wide_12x12.txt` (45 vehicles), its whole component (`explore`), in 64 MiB",
            fixture("tests/fixtures/rush_hour/wide_12x12.txt"),
            3,
        ),
        case_with(
            "puzznic",
            &["--max-memory", "16M"],
            "NES level 08-05 (32 moves) in 16 MiB",
            fixture("tests/fixtures/puzznic/nes/08-05.txt"),
            3,
        ),
        case_with(
            "n-puzzle",
            &[
                "--goal",
                "blank-first",
                "--pattern",
                "7-8",
                "--max-memory",
                "256M",
            ],
            "Korf's 15-puzzle 1 (57 moves), 7-8 tables not cached, in 256 MiB",
            korf1,
            3,
        ),
        case_with(
            "sokoban",
            &["--level", "3", "--max-memory", "64K"],
            "Boxoban hard level 2 (16 pushes; the fixture's third level) in 64 KiB",
            fixture("tests/fixtures/sokoban/boxoban-hard-000-first300.txt"),
            3,
        ),
        case_with(
            "sokoban",
            &["--level", "3", "--max-states", "1000"],
            "the same, 1000 states",
            fixture("tests/fixtures/sokoban/boxoban-hard-000-first300.txt"),
            3,
        ),
    ]
}

fn table(title: &str, cases: &[Case]) -> String {
    let mut s = format!("\n## {title}\n\n| input | exit | message |\n|---|---|---|\n");
    for c in cases {
        s.push_str(&run(c));
        s.push('\n');
    }
    s
}

#[test]
fn error_table_is_true() {
    let mut doc = String::from(
        "# Bad input, and what gridlock says\n\n\
         Generated by `crates/cli/tests/error_table.rs`, which runs every row through the real\n\
         binary and fails when this file is out of date (regenerate with\n\
         `GRIDLOCK_BLESS=1 cargo test --test error_table`). Exit code 2 always comes with\n\
         nothing on stdout and one line on stderr; so does exit code 3 (a limit), whose line\n\
         ends with the search's statistics (left out below: they hold the wall time).\n",
    );
    doc.push_str(&table("Rush Hour (`gridlock rush-hour`)", &rush_cases()));
    doc.push_str(&table("Red-blue chips (`gridlock chips`)", &chips_cases()));
    doc.push_str(&table("Puzznic (`gridlock puzznic`)", &puzznic_cases()));
    doc.push_str(&table(
        "Sliding tiles (`gridlock n-puzzle`)",
        &n_puzzle_cases(),
    ));
    doc.push_str(&table("Sokoban (`gridlock sokoban`)", &sokoban_cases()));
    doc.push_str(&table(
        "Limits (`--max-memory`, `--max-states`): exit code 3",
        &limit_cases(),
    ));
    doc.push_str(
        "\n## Generating Rush Hour puzzles (`gridlock rush-hour generate`)\n\n\
         | options | exit | message |\n|---|---|---|\n",
    );
    for (what, args) in generate_cases() {
        doc.push_str(&run_generate("rush-hour", what, &args));
        doc.push('\n');
    }
    doc.push_str(
        "\n## Generating Sokoban levels (`gridlock sokoban generate`)\n\n\
         | options | exit | message |\n|---|---|---|\n",
    );
    for (what, args) in sokoban_generate_cases() {
        doc.push_str(&run_generate("sokoban", what, &args));
        doc.push('\n');
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/errors.md");
    if std::env::var_os("GRIDLOCK_BLESS").is_some() {
        std::fs::write(&path, &doc).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == doc,
        "docs/errors.md is stale; regenerate with GRIDLOCK_BLESS=1 cargo test --test error_table\n\
         --- generated ---\n{doc}"
    );
}
