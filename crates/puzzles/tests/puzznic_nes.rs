//! The 59 platform-free NES Puzznic levels (fixture copied from the shared reference data):
//! proven optimal move counts, fast answers, and the one level with no solution.

use gridlock_puzzles::puzznic::{
    judge_lines, parse, parse_solution, replay, solve, Objective, Puzzle, Solution, SolveOptions,
    Strategy, Verdict,
};
use gridlock_search::Limits;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn levels() -> BTreeMap<String, String> {
    let dir = root().join("tests/fixtures/puzznic/nes");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        out.insert(name, std::fs::read_to_string(&path).unwrap());
    }
    out
}

/// One line of `nes-optimal.txt`.
#[derive(Debug)]
enum Known {
    /// Proven optimum for `--objective moves`; `ci` marks levels cheap enough to re-prove in
    /// every test run.
    Optimal { moves: u32, cycles: u32, ci: bool },
    /// No solution exists.
    Unsolvable,
    /// Not proven; the proven lower bound (the file may also give the best known answer,
    /// for people).
    Open { lower: u32 },
}

fn known() -> BTreeMap<String, Known> {
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/puzznic/nes-optimal.txt")).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        let k = match w[1] {
            "unsolvable" => Known::Unsolvable,
            "open" => Known::Open {
                lower: w[2].trim_start_matches(">=").parse().unwrap(),
            },
            m => Known::Optimal {
                moves: m.parse().unwrap(),
                cycles: w[2].parse().unwrap(),
                ci: w.get(3) == Some(&"ci"),
            },
        };
        out.insert(w[0].to_string(), k);
    }
    out
}

/// Checks an answer with the verifier's own path: judge text, parse, replay.
fn verified(p: &Puzzle, s: &Solution) -> (u32, u32) {
    let judge = judge_lines(&p.geometry, &s.actions);
    let Ok(Verdict::Lines(lines)) = parse_solution(&judge) else {
        panic!("unreadable answer")
    };
    let r = replay(p, &lines).expect("the verifier accepts the answer");
    (r.moves, r.cycles)
}

#[test]
fn fixture_has_all_59_levels_and_matches_the_shared_data() {
    let levels = levels();
    assert_eq!(levels.len(), 59);
    assert_eq!(known().len(), 59, "nes-optimal.txt covers every level");
    let shared = root().join("../shared/data/puzznic-nes");
    if !shared.is_dir() {
        eprintln!(
            "note: {} is absent; checked the fixture only",
            shared.display()
        );
        return;
    }
    for (name, text) in &levels {
        let original = std::fs::read_to_string(shared.join(format!("{name}.txt"))).unwrap();
        assert_eq!(&original, text, "{name}");
    }
}

#[test]
fn optimal_move_counts_match_the_fixture() {
    let levels = levels();
    let mut checked = 0;
    for (name, k) in known() {
        let Known::Optimal {
            moves,
            cycles,
            ci: true,
        } = k
        else {
            continue;
        };
        let p = parse(&levels[&name]).unwrap();
        let options = SolveOptions {
            limits: Limits::states(3_000_000),
            ..SolveOptions::default()
        };
        let s = solve(&p, &options).unwrap().solution.expect("solvable");
        assert_eq!((s.moves, s.cycles), (moves, cycles), "level {name}");
        assert_eq!(verified(&p, &s), (moves, cycles), "level {name}");
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} levels re-proven");
}

#[test]
fn fast_answers_are_valid_and_never_beat_the_optimum() {
    let levels = levels();
    let known = known();
    let mut solved = 0;
    for (name, text) in &levels {
        if matches!(known[name], Known::Unsolvable) {
            continue;
        }
        let p = parse(text).unwrap();
        let options = SolveOptions {
            objective: Objective::Moves,
            strategy: Strategy::Fast,
            limits: Limits::states(60_000),
        };
        let Ok(outcome) = solve(&p, &options) else {
            continue; // a hard level the fast search gives up on within this budget
        };
        let s = outcome.solution.expect("every level but 16-05 is solvable");
        let (m, _) = verified(&p, &s);
        match known[name] {
            Known::Optimal { moves, .. } => assert!(m >= moves, "{name}: {m} < optimum {moves}"),
            Known::Open { lower, .. } => assert!(m >= lower, "{name}: {m} < lower bound {lower}"),
            Known::Unsolvable => unreachable!(),
        }
        solved += 1;
    }
    // A regression guard: with this small budget (to keep the test quick) fast mode answers
    // 48 levels; with the CLI's budget it answers 57 (docs/puzznic.md).
    eprintln!("fast mode answered {solved} of 58 solvable levels within 60,000 states");
    assert!(
        solved >= 48,
        "fast mode answered only {solved} of 58 solvable levels"
    );
}

/// The level with a wide open room that only the goal-directed planner of `--fast` answers
/// (within the CLI's budget): the answer verifies and respects the proven bound.
#[test]
fn fast_answers_the_open_room_level_15_07() {
    let levels = levels();
    let known = known();
    let p = parse(&levels["15-07"]).unwrap();
    let options = SolveOptions {
        objective: Objective::Moves,
        strategy: Strategy::Fast,
        limits: Limits::states(2_000_000),
    };
    let outcome = solve(&p, &options).expect("answered within the budget");
    let s = outcome.solution.expect("15-07 is solvable");
    let (m, _) = verified(&p, &s);
    let Known::Open { lower } = known["15-07"] else {
        panic!("15-07 is listed as open in nes-optimal.txt")
    };
    assert!(m >= lower, "{m} moves < proven lower bound {lower}");
    assert!(!outcome.optimal || m == lower);
}

/// `--fast` proves 16-05 unsolvable too (a beam wide enough never to drop a board is a
/// complete search), instead of printing nothing or a wrong answer.
#[test]
fn fast_proves_level_16_05_unsolvable() {
    let p = parse(&levels()["16-05"]).unwrap();
    let options = SolveOptions {
        strategy: Strategy::Fast,
        limits: Limits::states(20_000_000),
        ..SolveOptions::default()
    };
    let outcome = solve(&p, &options).unwrap();
    assert!(outcome.solution.is_none() && outcome.optimal);
}

#[test]
fn level_16_05_has_no_solution() {
    let p = parse(&levels()["16-05"]).unwrap();
    let outcome = solve(&p, &SolveOptions::default()).unwrap();
    assert!(outcome.solution.is_none());
}
