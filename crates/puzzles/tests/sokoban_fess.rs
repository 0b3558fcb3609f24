//! The feature-space search with its move advisors ([`Tuning::fess`]) alone: on random
//! small levels, open and built round tunnels, it answers exactly the solvable ones
//! (against the tests' own brute force; its packing macros and advised moves must neither
//! lose a solution nor make an invalid one), and every answer, there and on the Boxoban
//! fixture, replays under the tests' own rules with the counts reported and never beats
//! the optimum. Paused at every round's cap and continued, it answers exactly as one run
//! without a pause, expanding the same positions ([`Tuning::fess_resume`]). Each search is
//! bounded by a state count, never by the clock.
//!
//! With the packing order from the start's boxes and parking cells
//! ([`Tuning::fess_parking`]), whose parking targets steer the packing macro, it still
//! answers exactly the solvable levels.
//!
//! With corral-deadlock detection ([`Tuning::fess_deadlock`]) from the first round and
//! rounds of a few states (so that the patterns one round learns are read by the next), it
//! still answers exactly the solvable levels; and given every pattern a detector learns
//! over all reachable positions of a level, it still solves every solvable reachable
//! position (a pattern matched wrongly would drop one, and the search would answer -1).
//!
//! With the opener, out-of-plan or stuck-hotspot advisors on ([`Tuning::opener`],
//! [`Tuning::out_of_plan`], [`Tuning::stuck_hotspots`]), each alone and all together, it
//! still answers exactly the solvable levels, with valid answers: advice only reorders.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::corral_deadlock::{CorralDeadlocks, CAP};
use gridlock_puzzles::sokoban::fess::{fess, Fess};
use gridlock_puzzles::sokoban::graph::Node;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::{parse_collection, parse_level, solve_fast, Level, Tuning};
use gridlock_search::Limits;
use proptest::prelude::*;
use sokoban_nodes::{live_nodes, read};
use sokoban_support::{brute_force, random_level, remaining, tunnel_level, Grid};
use std::path::PathBuf;

/// The feature-space search with no weighted search beside it.
fn alone() -> Tuning {
    Tuning {
        weights: Vec::new(),
        fess: true,
        bidirectional: None,
        backward: None,
        ..Tuning::default()
    }
}

/// The feature-space search alone with the extra advisors `which` names: `o` opener, `p`
/// out-of-plan, `h` the hotspot advisor where packing advice is missing.
fn advised(which: &str) -> Tuning {
    Tuning {
        opener: which.contains('o'),
        out_of_plan: which.contains('p'),
        stuck_hotspots: which.contains('h'),
        ..alone()
    }
}

/// The feature-space search alone with corral deadlocks in every round, the first round
/// capped at 16 states (each round's cap four times the last's).
fn with_deadlocks() -> Tuning {
    Tuning {
        fess_deadlock: true,
        deadlock_first_round: true,
        first_cap: 16,
        ..alone()
    }
}

/// Its answer as `(moves, pushes)`, replayed by the tests' rules on `text`.
fn answer(level: &Level, text: &str, limits: &Limits) -> Option<(u32, u32)> {
    answer_tuned(level, text, limits, &alone())
}

/// [`answer`] with `tuning`.
fn answer_tuned(level: &Level, text: &str, limits: &Limits, tuning: &Tuning) -> Option<(u32, u32)> {
    let outcome = solve_fast(level, limits, tuning).expect("within the budget");
    assert_eq!(outcome.optimal, outcome.solution.is_none());
    let s = outcome.solution?;
    let counts = (s.moves, s.pushes);
    assert_eq!(Grid::read(text).replay(&s.lurd()), Some(counts), "{text}");
    Some(counts)
}

fn check(text: &str) {
    check_tuned(text, &alone());
}

/// [`check`] with `tuning`.
fn check_tuned(text: &str, tuning: &Tuning) {
    let level = parse_level(text, None).expect("generated levels are valid");
    let found = answer_tuned(&level, text, &Limits::states(1_000_000), tuning);
    let optimum = brute_force(&Grid::read(text), true);
    assert_eq!(found.is_some(), optimum.is_some(), "{text}");
    if let (Some(f), Some(o)) = (found, optimum) {
        assert!(f.1 >= o.1, "fewer pushes than the optimum: {text}");
    }
}

/// The feature-space search alone, its rounds starting at `first_cap` states (continued
/// from one round to the next when `resume`), without corral deadlocks (they start with
/// the second round, so a pause would change what is searched, not just when).
fn paused(first_cap: usize, resume: bool) -> Tuning {
    Tuning {
        first_cap,
        fess_resume: resume,
        fess_deadlock: false,
        ..alone()
    }
}

/// The answer's LURD (or `-1`) and the positions expanded, under `tuning` within `limits`.
fn run(level: &Level, limits: &Limits, tuning: &Tuning) -> (String, u64) {
    let outcome = solve_fast(level, limits, tuning).expect("within the budget");
    let answer = outcome.solution.map_or("-1".to_string(), |s| s.lurd());
    (answer, outcome.stats.expanded)
}

/// Paused after every round of `first_cap` (×4 each round) and continued, the search gives
/// the answer of one run without a pause and expands as many positions in all; started
/// again each round instead, it expands more whenever it was paused.
fn same_when_paused(text: &str, first_cap: usize) {
    let level = parse_level(text, None).expect("valid");
    let limits = Limits::states(2_000_000);
    let whole = run(&level, &limits, &paused(10_000_000, true));
    let resumed = run(&level, &limits, &paused(first_cap, true));
    assert_eq!(resumed, whole, "{text}");
    let restarted = run(&level, &limits, &paused(first_cap, false));
    assert_eq!(restarted.0, whole.0, "{text}");
    assert!(restarted.1 >= whole.1, "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn solvable_levels_are_solved(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, true));
    }

    #[test]
    fn random_levels_answered_exactly_when_solvable(seed in any::<u64>(), boxes in 1usize..=3) {
        check(&random_level(seed, boxes, false));
    }

    #[test]
    fn with_deadlocks_random_levels_answered_exactly(seed in any::<u64>(), boxes in 1usize..=3) {
        check_tuned(&random_level(seed, boxes, false), &with_deadlocks());
    }

    #[test]
    fn with_deadlocks_tunnel_levels_answered_exactly(
        seed in any::<u64>(),
        boxes in 1usize..=3,
        pulled in any::<bool>(),
    ) {
        check_tuned(&tunnel_level(seed, boxes, pulled), &with_deadlocks());
    }

    #[test]
    fn with_the_opener_random_levels_answered_exactly(seed in any::<u64>(), boxes in 1usize..=3) {
        check_tuned(&random_level(seed, boxes, false), &advised("o"));
    }

    #[test]
    fn with_out_of_plan_advice_random_levels_answered_exactly(
        seed in any::<u64>(),
        boxes in 1usize..=3,
    ) {
        check_tuned(&random_level(seed, boxes, false), &advised("p"));
    }

    #[test]
    fn with_stuck_hotspots_random_levels_answered_exactly(
        seed in any::<u64>(),
        boxes in 1usize..=3,
    ) {
        check_tuned(&random_level(seed, boxes, false), &advised("h"));
    }

    #[test]
    fn with_every_extra_advisor_tunnel_levels_answered_exactly(
        seed in any::<u64>(),
        boxes in 1usize..=3,
        pulled in any::<bool>(),
    ) {
        check_tuned(&tunnel_level(seed, boxes, pulled), &advised("oph"));
    }

    #[test]
    fn with_parking_levels_answered_exactly(
        seed in any::<u64>(),
        boxes in 1usize..=3,
        pulled in any::<bool>(),
    ) {
        let parking = Tuning { fess_parking: true, ..alone() };
        check_tuned(&random_level(seed, boxes, pulled), &parking);
        check_tuned(&tunnel_level(seed, boxes, pulled), &parking);
    }

    #[test]
    fn a_paused_search_continues_as_if_never_paused(seed in any::<u64>(), boxes in 1usize..=3) {
        same_when_paused(&random_level(seed, boxes, false), 1);
    }

    #[test]
    fn tunnel_levels_answered_exactly_when_solvable(
        seed in any::<u64>(),
        boxes in 1usize..=3,
        pulled in any::<bool>(),
    ) {
        check(&tunnel_level(seed, boxes, pulled));
    }
}

#[test]
fn boxoban_fixture_answers_replay() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    let levels = parse_collection(&text).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").filter(|b| b.contains('#')).collect();
    for (level, block) in levels.iter().zip(&blocks).take(60) {
        assert!(answer(level, block, &Limits::states(2_000_000)).is_some());
    }
}

/// With every extra advisor on, the Boxoban fixture's answers (larger levels, where the
/// packing advisor often has nothing to say) still replay under the tests' own rules.
#[test]
fn boxoban_fixture_answers_replay_with_every_extra_advisor() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    let levels = parse_collection(&text).unwrap();
    let blocks: Vec<&str> = text.split("\n\n").filter(|b| b.contains('#')).collect();
    for (level, block) in levels.iter().zip(&blocks).take(60) {
        let limits = Limits::states(2_000_000);
        assert!(answer_tuned(level, block, &limits, &advised("oph")).is_some());
    }
}

/// Runs the feature-space search, handed every pattern a detector learns over all reachable
/// positions of `text`, from each solvable reachable position (boxes on live cells): it
/// must solve every one. Returns (positions searched, patterns handed).
fn solvable_positions_survive_patterns(text: &str) -> (usize, usize) {
    let (grid, maze) = read(text);
    let solvable = remaining(&grid, true);
    let mut starts = Vec::new();
    let mut detector = CorralDeadlocks::<2>::new(&maze, CAP);
    for (state, node) in live_nodes(&grid, &maze) {
        detector.dead(&node);
        if solvable.contains_key(&state) {
            starts.push(node);
        }
    }
    let store = detector.into_learned();
    // every seventh position at most (evenly spread), to bound the test's work
    for start in starts.iter().step_by(7) {
        let (found, learned) = fess(&maze, *start, &Limits::states(200_000), Some((CAP, &store)));
        let (pushes, _) = found.expect("within the budget");
        assert!(pushes.is_some(), "a solvable position answered -1:\n{text}");
        assert!(learned.is_some());
    }
    (starts.len().div_ceil(7), store.len())
}

#[test]
fn patterns_never_drop_a_solvable_position() {
    let (mut positions, mut patterns) = (0, 0);
    for seed in 0..120u64 {
        let (p, n) = solvable_positions_survive_patterns(&random_level(seed, 3, seed % 2 == 0));
        positions += p;
        patterns += n;
    }
    // the patterns must be many for this test to mean anything
    assert!(positions > 1000 && patterns > 100, "{positions} {patterns}");
}

#[test]
fn boxoban_levels_paused_every_round_answer_as_one_run() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    let levels = parse_collection(&text).unwrap();
    let mut paused_some = 0;
    for (n, level) in levels.iter().enumerate().take(12) {
        let limits = Limits::states(2_000_000);
        let whole = run(level, &limits, &paused(10_000_000, true));
        assert_eq!(run(level, &limits, &paused(16, true)), whole, "level {n}");
        // started again each round, the work of the rounds before is done again
        let restarted = run(level, &limits, &paused(16, false));
        paused_some += usize::from(restarted.1 > whole.1);
    }
    assert!(
        paused_some > 0,
        "no level was paused: the test proves nothing"
    );
}

/// How far a search came ([`Fess::most_packed`]): every box, once it has solved a level;
/// fewer while the first position is all it holds (no Boxoban level starts packed).
#[test]
fn most_packed_counts_every_box_of_a_solved_level() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sokoban");
    let text = std::fs::read_to_string(dir.join("boxoban-hard-000-first300.txt")).unwrap();
    for (n, level) in parse_collection(&text).unwrap().iter().enumerate().take(12) {
        let maze = Maze::new(level);
        let boxes = maze.boxes_of::<2>(&level.start).expect("live boxes");
        let count = (0..maze.live).filter(|&c| boxes.has(c)).count();
        let start = Node::new(&maze, boxes, maze.index[level.start.player]);
        let mut search = Fess::new(&maze, start);
        let (paused, _) = search.resume(&Limits::states(0), None);
        assert!(paused.is_err(), "level {n}: a cap of 0 pauses at once");
        assert!(usize::from(search.most_packed()) < count, "level {n}");
        let (found, _) = search.resume(&Limits::states(1_000_000), None);
        assert!(found.expect("within the budget").0.is_some(), "level {n}");
        assert_eq!(usize::from(search.most_packed()), count, "level {n}");
    }
}
