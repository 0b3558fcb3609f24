//! Penalty patterns never claim more than is true: on every reachable position of many small
//! levels the pattern searches run, and every pattern learned is checked against the tests'
//! own exact search on its boxes alone: its boxes' assignment bound plus its penalty is never
//! above their fewest pushes to goals (and equals it, which the sub-search claims: a penalty
//! one too large fails), an infinite penalty only where they can never reach goals, a
//! pattern is recognised only with the player in its zone, and a position called lost is
//! unsolvable. Then `--fast` with the searches on answers exactly the solvable levels.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::bound::Bound;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::penalty::{Counts, PatternSearch, Penalties, CAP, INFINITE};
use gridlock_puzzles::sokoban::{parse_level, solve_fast, Tuning};
use gridlock_search::Limits;
use sokoban_nodes::{live_nodes, read};
use sokoban_support::{brute_force, random_level, remaining, tunnel_level, Grid, State};
use std::collections::{HashMap, VecDeque};

#[derive(Default, Debug)]
struct Tally {
    patterns: usize,
    exact: usize,
    infinite: usize,
    hits: usize,
    lost: usize,
    counts: Counts,
}

/// Fewest pushes that bring every box of `start` onto a goal (any goals), by a 0-1
/// breadth-first search over full states (a step costs 0, a push 1); `None`: never.
fn pushes_to_goals(grid: &Grid, start: State) -> Option<u32> {
    let goals = grid.goals();
    let mut best: HashMap<State, u32> = HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([(start, 0)]);
    while let Some((s, d)) = queue.pop_front() {
        if best[&s] < d {
            continue;
        }
        if s.1 & !goals == 0 {
            return Some(d);
        }
        for dir in 0..4 {
            let Some((t, pushed)) = grid.step(s, dir) else {
                continue;
            };
            let e = d + pushed as u32;
            if best.get(&t).is_none_or(|&old| e < old) {
                best.insert(t, e);
                if pushed {
                    queue.push_back((t, e));
                } else {
                    queue.push_front((t, e));
                }
            }
        }
    }
    None
}

/// The cells the player walks to from `player` with only `boxes` on the floor.
fn zone(grid: &Grid, player: usize, boxes: u128) -> u128 {
    let mut seen = 1u128 << player;
    let mut stack = vec![player];
    while let Some(c) = stack.pop() {
        for dir in 0..4 {
            if let Some(((n, _), false)) = grid.step((c, boxes), dir) {
                if seen >> n & 1 == 0 {
                    seen |= 1u128 << n;
                    stack.push(n);
                }
            }
        }
    }
    seen
}

/// The grid cells of a box set, as the tests' bit set.
fn grid_boxes<const W: usize>(maze: &Maze, boxes: &Bits<W>) -> u128 {
    boxes.iter().fold(0, |m, b| m | 1u128 << maze.cells[b])
}

fn check_level(text: &str, cap: usize, tally: &mut Tally) {
    let (grid, maze) = read(text);
    let mut search = PatternSearch::<2>::new(&maze, cap);
    let mut learned = Penalties::new(&maze);
    let mut nodes = Vec::new();
    for (state, node) in live_nodes(&grid, &maze) {
        search.explore(&node, &mut learned, None);
        nodes.push((state, node));
    }
    // every pattern against the exact pushes of its boxes alone
    let mut bound = Bound::new(&maze);
    for p in learned.iter() {
        tally.patterns += 1;
        let start = (maze.cells[p.least as usize], grid_boxes(&maze, &p.boxes));
        let exact = pushes_to_goals(&grid, start);
        if p.penalty == INFINITE {
            tally.infinite += 1;
            assert_eq!(exact, None, "an infinite penalty on solvable boxes\n{text}");
            continue;
        }
        let own = bound.pushes(&p.boxes).unwrap();
        let exact = exact.expect("a finite penalty on boxes that never reach goals");
        assert!(
            own + p.penalty <= exact,
            "bound {own} + penalty {} above the exact {exact} pushes\n{text}",
            p.penalty
        );
        tally.exact += (own + p.penalty == exact) as usize;
    }
    // a pattern is recognised only with the player in its zone, and a position the
    // patterns call lost is unsolvable
    let solvable = remaining(&grid, true);
    for (state, node) in nodes {
        let mut hits = Vec::new();
        learned.collect(&node, &mut hits);
        for (_, boxes) in &hits {
            tally.hits += 1;
            let p = learned
                .iter()
                .find(|p| p.boxes == *boxes && p.zone.has(node.player));
            let p = p.expect("a hit names a learned pattern");
            let walk = zone(&grid, state.0, grid_boxes(&maze, boxes));
            assert!(walk >> maze.cells[p.least as usize] & 1 == 1, "{text}");
        }
        if search.penalty(&node, &learned, None).is_none() {
            tally.lost += 1;
            assert!(
                !solvable.contains_key(&state),
                "a solvable position lost\n{text}"
            );
        }
    }
    let c = search.counts;
    tally.counts.searches += c.searches;
    tally.counts.penalties += c.penalties;
    tally.counts.lost += c.lost;
    tally.counts.capped += c.capped;
    tally.counts.stored += c.stored;
}

#[test]
fn penalties_are_exact_lower_bounds_of_their_boxes() {
    let mut tally = Tally::default();
    for seed in 0..40u64 {
        let boxes = 2 + seed as usize % 3;
        check_level(&random_level(seed, boxes, true), CAP, &mut tally);
        check_level(&random_level(seed, boxes, false), CAP, &mut tally);
        check_level(&tunnel_level(seed, 1 + boxes % 3, true), CAP, &mut tally);
    }
    println!("{tally:?}");
    // the searches must have learned finite and infinite penalties, mostly exact, and
    // positions must have held them, for this test to mean anything
    assert!(
        tally.exact > 200 && tally.infinite > 500 && tally.hits > 50_000 && tally.lost > 20_000,
        "{tally:?}"
    );
    assert_eq!(tally.exact, tally.patterns - tally.infinite, "{tally:?}");
}

#[test]
fn a_tiny_cap_learns_less_but_nothing_false() {
    let (mut small, mut full) = (Tally::default(), Tally::default());
    for seed in 0..40u64 {
        let text = random_level(seed, 3, true);
        check_level(&text, 4, &mut small);
        check_level(&text, CAP, &mut full);
    }
    println!("{small:?}\n{full:?}");
    assert!(
        small.patterns < full.patterns && small.counts.capped > 0,
        "{small:?} {full:?}"
    );
}

/// `--fast` with the pattern searches in every round answers exactly the solvable levels,
/// with answers that replay and are no shorter than the optimum.
#[test]
fn fast_with_patterns_answers_exactly_the_solvable_levels() {
    // without the feature-space search, which learns no patterns and often answers first
    let tuning = Tuning {
        patterns: CAP,
        deadlock_first_round: true,
        fess: false,
        ..Tuning::default()
    };
    let (mut solved, mut unsolvable) = (0, 0);
    for seed in 0..150u64 {
        let text = random_level(seed, 2 + seed as usize % 3, seed % 2 == 0);
        let grid = Grid::read(&text);
        let level = parse_level(&text, None).unwrap();
        let best = brute_force(&grid, true);
        let outcome = solve_fast(&level, &Limits::states(1_000_000), &tuning).unwrap();
        match (best, outcome.solution) {
            (Some((_, pushes)), Some(s)) => {
                let replayed = grid.replay(&s.lurd()).expect("a valid answer");
                assert_eq!(replayed, (s.moves, s.pushes), "{text}");
                assert!(s.pushes >= pushes, "{text}");
                solved += 1;
            }
            (None, None) => unsolvable += 1,
            (best, got) => panic!("brute force {best:?}, fast {:?}\n{text}", got.is_some()),
        }
    }
    assert!(solved > 50 && unsolvable > 20, "{solved} {unsolvable}");
}
