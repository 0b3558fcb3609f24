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

/// `--fast`'s answers as recorded in `nes-fast.txt`: `(moves, cycles)`, or `None` for
/// "proven unsolvable"; levels it does not answer are absent.
fn fast_answers() -> BTreeMap<String, Option<(u32, u32)>> {
    let text = std::fs::read_to_string(root().join("tests/fixtures/puzznic/nes-fast.txt")).unwrap();
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w[1] {
            "none" => {}
            "unsolvable" => {
                out.insert(w[0].to_string(), None);
            }
            m => {
                let answer = (m.parse().unwrap(), w[2].parse().unwrap());
                out.insert(w[0].to_string(), Some(answer));
            }
        }
    }
    out
}

/// Every level `--fast` answers keeps exactly its recorded answer, which verifies and never
/// beats the proven optimum or lower bound. The CLI's time budget is replaced by its state cap
/// so that a loaded machine cannot change the outcome (no answered level comes near the
/// budget: the slowest takes a few seconds).
#[test]
fn fast_answers_match_the_fixture_verify_and_never_beat_the_optimum() {
    let levels = levels();
    let known = known();
    let answers = fast_answers();
    assert_eq!(answers.len(), 58, "every level but 15-08 is answered");
    for (name, answer) in &answers {
        let p = parse(&levels[name]).unwrap();
        let options = SolveOptions {
            objective: Objective::Moves,
            strategy: Strategy::Fast,
            limits: Limits::states(20_000_000),
        };
        let outcome = solve(&p, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Some((moves, cycles)) = *answer else {
            assert!(outcome.solution.is_none() && outcome.optimal, "{name}");
            continue;
        };
        let s = outcome
            .solution
            .unwrap_or_else(|| panic!("{name} is solvable"));
        assert_eq!(verified(&p, &s), (moves, cycles), "{name}");
        match known[name] {
            Known::Optimal { moves: best, .. } => assert!(moves >= best, "{name}: beats {best}"),
            Known::Open { lower } => assert!(moves >= lower, "{name}: beats bound {lower}"),
            Known::Unsolvable => panic!("{name}: answered, but listed as unsolvable"),
        }
    }
}

#[test]
fn level_16_05_has_no_solution() {
    let p = parse(&levels()["16-05"]).unwrap();
    let outcome = solve(&p, &SolveOptions::default()).unwrap();
    assert!(outcome.solution.is_none());
}
