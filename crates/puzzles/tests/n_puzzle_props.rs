//! The n-puzzle against independent code written here: a plain breadth-first search over
//! boards as vectors (every state of the small shapes), a meet-in-the-middle search for
//! 4×4 scrambles, and a replay of the solutions. Checks optimality, the parity rule, and the
//! admissibility of every heuristic over whole state spaces.

use gridlock_puzzles::n_puzzle::manhattan::Manhattan;
use gridlock_puzzles::n_puzzle::moves::{labels, Tiles};
use gridlock_puzzles::n_puzzle::pdb::{GroupSpace, PdbHeuristic};
use gridlock_puzzles::n_puzzle::solve::Heuristic;
use gridlock_puzzles::n_puzzle::{Board, Pattern, Shape, Solver};
use gridlock_search::pdb;
use gridlock_search::Limits;
use proptest::prelude::*;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

/// The boards next to `b`: the blank swapped with each orthogonal neighbour.
fn neighbours(b: &[u8], rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let z = b.iter().position(|&t| t == 0).unwrap();
    let (r, c) = (z / cols, z % cols);
    let mut out = Vec::new();
    let mut push = |n: usize| {
        let mut v = b.to_vec();
        v.swap(z, n);
        out.push(v);
    };
    if r > 0 {
        push(z - cols);
    }
    if r + 1 < rows {
        push(z + cols);
    }
    if c > 0 {
        push(z - 1);
    }
    if c + 1 < cols {
        push(z + 1);
    }
    out
}

/// Every board that reaches `goal`, with its distance: plain BFS on vectors.
fn distances(goal: &[u8], rows: usize, cols: usize) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.to_vec(), 0);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        for n in neighbours(&b, rows, cols) {
            if !dist.contains_key(&n) {
                dist.insert(n.clone(), d + 1);
                queue.push_back(n);
            }
        }
    }
    dist
}

fn sold(rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    (1..n as u8).chain([0]).collect()
}

/// Distances of every board of one shape.
type Space = HashMap<Vec<u8>, u32>;

/// The BFS tables of the small shapes, computed once per test binary.
fn space(rows: usize, cols: usize) -> &'static HashMap<Vec<u8>, u32> {
    static SPACES: OnceLock<Vec<((usize, usize), Space)>> = OnceLock::new();
    let all = SPACES.get_or_init(|| {
        [(2, 3), (3, 3), (2, 4)]
            .into_iter()
            .map(|(r, c)| ((r, c), distances(&sold(r, c), r, c)))
            .collect()
    });
    &all.iter().find(|(s, _)| *s == (rows, cols)).unwrap().1
}

/// Replays `tiles` from `start`; panics on an illegal move; returns the end board.
fn replay(start: &[u8], tiles: &[u8], rows: usize, cols: usize) -> Vec<u8> {
    let mut b = start.to_vec();
    for &t in tiles {
        let next = neighbours(&b, rows, cols)
            .into_iter()
            .find(|n| n.iter().position(|&x| x == 0) == b.iter().position(|&x| x == t));
        b = next.unwrap_or_else(|| panic!("tile {t} is not next to the blank in {b:?}"));
    }
    b
}

/// Pattern tables built without any cache.
fn pdb_solver(shape: Shape, goal: &Board, pattern: &str) -> Solver {
    let pattern = Pattern::parse(pattern, shape).unwrap();
    let blank = goal.cells_of()[0];
    let tables = pattern
        .groups(shape, blank)
        .iter()
        .map(|labels| {
            let space = GroupSpace::new(shape, labels, blank);
            Arc::new(pdb::build(&space, &Limits::none(), &|_, _| {}).unwrap().0)
        })
        .collect();
    let h = PdbHeuristic::new(shape, blank, &pattern, tables);
    Solver::new(goal.clone(), Heuristic::Pdb(Box::new(h)))
}

fn solvers(rows: usize, cols: usize) -> Vec<Solver> {
    let shape = Shape::new(rows, cols).unwrap();
    let goal = Board::blank_last(shape);
    let quick = Pattern::quick(shape).to_string();
    let small = match (rows, cols) {
        (2, 3) => "2-3",
        (3, 3) => "3-3-2",
        _ => "4-3",
    };
    vec![
        Solver::new(
            goal.clone(),
            Heuristic::Manhattan(Manhattan::new(shape, goal.cells_of()[0])),
        ),
        pdb_solver(shape, &goal, &quick),
        pdb_solver(shape, &goal, small),
    ]
}

fn check_optimal(rows: usize, cols: usize, tiles: Vec<u8>, solvers: &[Solver]) {
    let shape = Shape::new(rows, cols).unwrap();
    let board = Board::new(shape, tiles.clone()).unwrap();
    let truth = space(rows, cols).get(&tiles).copied();
    for solver in solvers {
        let (found, _) = solver.solve(&board, &Limits::none()).unwrap();
        match (truth, found) {
            (None, None) => {}
            (Some(d), Some(s)) => {
                assert_eq!(
                    s.tiles.len() as u32,
                    d,
                    "{tiles:?} with {}",
                    solver.heuristic().name()
                );
                assert_eq!(replay(&tiles, &s.tiles, rows, cols), sold(rows, cols));
            }
            (t, f) => panic!(
                "{tiles:?}: BFS says {t:?}, the solver {:?}",
                f.map(|s| s.tiles)
            ),
        }
    }
}

fn permutation(n: usize) -> impl Strategy<Value = Vec<u8>> {
    Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_2x3_boards_are_solved_optimally(tiles in permutation(6)) {
        static S: OnceLock<Vec<Solver>> = OnceLock::new();
        check_optimal(2, 3, tiles, S.get_or_init(|| solvers(2, 3)));
    }

    #[test]
    fn random_3x3_boards_are_solved_optimally(tiles in permutation(9)) {
        static S: OnceLock<Vec<Solver>> = OnceLock::new();
        check_optimal(3, 3, tiles, S.get_or_init(|| solvers(3, 3)));
    }

    #[test]
    fn random_2x4_boards_are_solved_optimally(tiles in permutation(8)) {
        static S: OnceLock<Vec<Solver>> = OnceLock::new();
        check_optimal(2, 4, tiles, S.get_or_init(|| solvers(2, 4)));
    }
}

/// Every permutation of the small shapes: the parity rule says "reachable" exactly for the
/// boards the BFS found (and the BFS finds exactly half of them).
#[test]
fn parity_agrees_with_exhaustive_search() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)] {
        let shape = Shape::new(rows, cols).unwrap();
        let goal_tiles = sold(rows, cols);
        let reach = distances(&goal_tiles, rows, cols);
        let goal = Board::new(shape, goal_tiles).unwrap();
        let mut count = 0u64;
        let mut perm: Vec<u8> = (0..(rows * cols) as u8).collect();
        permutations(&mut perm, 0, &mut |p| {
            count += 1;
            let b = Board::new(shape, p.to_vec()).unwrap();
            assert_eq!(
                b.can_reach(&goal),
                reach.contains_key(p),
                "{rows}x{cols} {p:?}"
            );
        });
        assert_eq!(reach.len() as u64 * 2, count, "{rows}x{cols}");
    }
    // and for another goal: Korf's, blank top-left
    let shape = Shape::new(3, 3).unwrap();
    let first = Board::blank_first(shape);
    let reach = distances(&first.tiles, 3, 3);
    let mut perm: Vec<u8> = (0..9).collect();
    permutations(&mut perm, 0, &mut |p| {
        let b = Board::new(shape, p.to_vec()).unwrap();
        assert_eq!(b.can_reach(&first), reach.contains_key(p));
    });
}

fn permutations(v: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}

/// Over the whole 3×3 and 2×4 spaces: every group's table entry, their sum, the mirrored sum
/// and Manhattan with linear conflicts never exceed the true distance; the full 3×3 table is
/// the distance itself.
#[test]
fn every_heuristic_is_admissible_everywhere() {
    let cases: [(usize, usize, &[&str]); 2] = [
        (3, 3, &["8", "4-4", "3-3-2", "2-2-2-2", "5-3", "1-7"]),
        (2, 4, &["7", "4-3", "3-4", "2-2-3", "1-1-1-1-1-1-1"]),
    ];
    for (rows, cols, patterns) in cases {
        let shape = Shape::new(rows, cols).unwrap();
        for goal in [Board::blank_last(shape), Board::blank_first(shape)] {
            let dist = distances(&goal.tiles, rows, cols);
            let labels = labels(&goal);
            let blank = goal.cells_of()[0];
            let m = Manhattan::new(shape, blank);
            for p in patterns.iter() {
                let solver = pdb_solver(shape, &goal, p);
                let Heuristic::Pdb(h) = solver.heuristic() else {
                    unreachable!()
                };
                let mut exact = true;
                for (tiles, &d) in &dist {
                    let b = Board::new(shape, tiles.clone()).unwrap();
                    let t = Tiles::new(&b, &labels);
                    let s = h.state(t.clone());
                    assert!(
                        h.sum(&s) <= d && h.mirror_sum(&s) <= d,
                        "{p} on {tiles:?}: d {d}"
                    );
                    assert!(m.estimate(&t) <= d, "manhattan on {tiles:?}");
                    exact &= h.estimate(&s) == d;
                }
                // a table of every tile is the distance itself
                assert_eq!(exact, p.split('-').count() == 1, "{rows}x{cols} {p}");
            }
        }
    }
}

/// 4×4 random walks from the goal, solved by the pattern tables (6-6-3 and 5-5-5, both
/// mirrored) and by Manhattan; the optimum comes from a meet-in-the-middle search here.
#[test]
fn random_4x4_scrambles_match_meet_in_the_middle() {
    let shape = Shape::new(4, 4).unwrap();
    let goal = Board::blank_first(shape);
    let solvers = [
        pdb_solver(shape, &goal, "6-6-3"),
        pdb_solver(shape, &goal, "5-5-5"),
        Solver::new(goal.clone(), Heuristic::Manhattan(Manhattan::new(shape, 0))),
    ];
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for case in 0..24 {
        let mut b = goal.tiles.clone();
        for _ in 0..20 + case {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let n = neighbours(&b, 4, 4);
            b = n[(seed % n.len() as u64) as usize].clone();
        }
        let truth = meet_in_the_middle(&b, &goal.tiles, 4, 4);
        let board = Board::new(shape, b.clone()).unwrap();
        for solver in &solvers {
            let (s, _) = solver.solve(&board, &Limits::none()).unwrap();
            let s = s.unwrap();
            assert_eq!(
                s.tiles.len() as u32,
                truth,
                "{b:?} {}",
                solver.heuristic().name()
            );
            assert_eq!(replay(&b, &s.tiles, 4, 4), goal.tiles);
        }
    }
}

/// Fewest moves between `a` and `b`: breadth-first layers from both ends, always growing
/// the smaller side, until they meet.
fn meet_in_the_middle(a: &[u8], b: &[u8], rows: usize, cols: usize) -> u32 {
    if a == b {
        return 0;
    }
    let mut sides = [
        (HashMap::from([(a.to_vec(), 0u32)]), vec![a.to_vec()]),
        (HashMap::from([(b.to_vec(), 0u32)]), vec![b.to_vec()]),
    ];
    let mut depth = [0u32, 0];
    loop {
        let s = if sides[0].1.len() <= sides[1].1.len() {
            0
        } else {
            1
        };
        let mut next = Vec::new();
        let mut best = u32::MAX;
        for board in std::mem::take(&mut sides[s].1) {
            for n in neighbours(&board, rows, cols) {
                if sides[s].0.contains_key(&n) {
                    continue;
                }
                if let Some(&d) = sides[1 - s].0.get(&n) {
                    best = best.min(depth[s] + 1 + d);
                }
                sides[s].0.insert(n.clone(), depth[s] + 1);
                next.push(n);
            }
        }
        if best != u32::MAX {
            return best;
        }
        depth[s] += 1;
        sides[s].1 = next;
    }
}

/// The incremental bound (one group re-looked-up per move, the mirror kept in step) equals
/// a fresh computation along long random walks, on 4×4 and 3×3.
#[test]
fn incremental_bounds_match_fresh_ones() {
    use gridlock_search::InPlace;
    for (rows, pattern) in [(4usize, "6-6-3"), (3, "4-4")] {
        let shape = Shape::new(rows, rows).unwrap();
        let goal = Board::blank_first(shape);
        let solver = pdb_solver(shape, &goal, pattern);
        let Heuristic::Pdb(h) = solver.heuristic() else {
            unreachable!()
        };
        let labels = labels(&goal);
        let mut s = h.state(Tiles::new(&goal, &labels));
        let mut bound = h.estimate(&s);
        let mut seed = 77u64;
        for _ in 0..5000 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            let moves = h.moves(&s);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            let (b, undo) = h.apply(&mut s, mv, bound);
            let fresh = h.state(s.tiles.clone());
            assert_eq!(b, h.estimate(&fresh));
            if seed.is_multiple_of(7) {
                h.undo(&mut s, mv, undo);
                let back = h.state(s.tiles.clone());
                assert_eq!(
                    (h.sum(&s), h.mirror_sum(&s)),
                    (h.sum(&back), h.mirror_sum(&back))
                );
                bound = h.estimate(&s);
            } else {
                bound = b;
            }
        }
    }
}
