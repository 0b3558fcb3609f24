//! The guided search's lower bound against the truth: on random small R×C boards, every
//! position of the start's component is enumerated by a brute force written here (a grid of
//! cell owners, slides tried cell by cell), its true distance to the nearest goal measured by
//! a breadth-first search backwards from every goal position (both metrics), and the bound
//! must never exceed it, must be 0 on goals, and may say "dead" only where no goal is
//! reachable.

use gridlock_puzzles::rush_hour::bound::{Blockers, DEAD};
use gridlock_puzzles::rush_hour::{parse, Board, Metric};
use proptest::prelude::*;
use std::collections::{HashMap, VecDeque};

/// Every position one slide (`max` cells at most; 1 = steps) away from `o`.
fn neighbours(board: &Board, o: &[u8], max: u8) -> Vec<Vec<u8>> {
    let (rows, cols) = (board.rows(), board.cols());
    let mut free = vec![true; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            free[r * cols + c] = !board.is_wall(r, c);
        }
    }
    for (i, v) in board.vehicles().iter().enumerate() {
        for k in o[i]..o[i] + v.len {
            let (r, c) = board.cell(i, k);
            free[r * cols + c] = false;
        }
    }
    let mut out = Vec::new();
    for (i, v) in board.vehicles().iter().enumerate() {
        let lane = board.lane_len(i) as i32;
        for dir in [-1i32, 1] {
            for d in 1..=max as i32 {
                // the cell the vehicle's leading end enters at this distance
                let k = if dir < 0 {
                    o[i] as i32 - d
                } else {
                    o[i] as i32 + v.len as i32 - 1 + d
                };
                if k < 0 || k >= lane {
                    break;
                }
                let (r, c) = board.cell(i, k as u8);
                if !free[r * cols + c] {
                    break;
                }
                let mut next = o.to_vec();
                next[i] = (o[i] as i32 + dir * d) as u8;
                out.push(next);
            }
        }
    }
    out
}

/// The start's component (`None` past `cap` positions).
fn component(board: &Board, start: &[u8], cap: usize) -> Option<Vec<Vec<u8>>> {
    let mut seen = HashMap::from([(start.to_vec(), ())]);
    let mut queue = VecDeque::from([start.to_vec()]);
    let mut all = Vec::new();
    while let Some(cur) = queue.pop_front() {
        for next in neighbours(board, &cur, 1) {
            if seen.insert(next.clone(), ()).is_none() {
                queue.push_back(next);
            }
        }
        all.push(cur);
        if seen.len() > cap {
            return None;
        }
    }
    Some(all)
}

/// Each position's true distance to the nearest goal (absent: none reachable).
fn distances(board: &Board, all: &[Vec<u8>], max: u8) -> HashMap<Vec<u8>, u32> {
    let goal = |o: &[u8]| {
        let red = board.vehicles().first();
        red.is_some_and(|v| {
            v.label.is_red()
                && v.horizontal
                && v.line as usize == board.exit_row()
                && o[0] as usize + v.len as usize == board.cols()
        })
    };
    let mut dist: HashMap<Vec<u8>, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    for o in all.iter().filter(|o| goal(o)) {
        dist.insert(o.clone(), 0);
        queue.push_back(o.clone());
    }
    while let Some(cur) = queue.pop_front() {
        let d = dist[&cur];
        for next in neighbours(board, &cur, max) {
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// A vehicle to try to place: horizontal, length, row, column (taken modulo the shape).
type Spec = (bool, usize, usize, usize);

/// A letter grid: the red car (horizontal, in `red_row`), then the vehicles that fit, walls.
fn grid(
    rows: usize,
    cols: usize,
    red: (usize, usize, usize),
    specs: &[Spec],
    walls: &[usize],
) -> String {
    let mut cells = vec!['.'; rows * cols];
    let (rr, rc, rl) = (red.0 % rows, red.1 % (cols - 1), red.2);
    for k in 0..rl {
        if rc + k < cols {
            cells[rr * cols + rc + k] = 'A';
        }
    }
    for &w in walls {
        if cells[w % (rows * cols)] == '.' {
            cells[w % (rows * cols)] = 'x';
        }
    }
    let mut label = b'B';
    for &(horizontal, len, row, col) in specs {
        let (row, col) = (row % rows, col % cols);
        let at: Vec<usize> = (0..len)
            .map(|k| {
                if horizontal {
                    (row, col + k)
                } else {
                    (row + k, col)
                }
            })
            .filter(|&(r, c)| r < rows && c < cols)
            .map(|(r, c)| r * cols + c)
            .collect();
        if at.len() == len && at.iter().all(|&c| cells[c] == '.') {
            at.iter().for_each(|&c| cells[c] = label as char);
            label += 1;
        }
    }
    cells
        .chunks(cols)
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

const CAP: usize = 20_000;

fn check(text: &str) -> Result<bool, TestCaseError> {
    let Ok(puzzle) = parse(text, None) else {
        return Ok(false); // a red car of one cell: not a board
    };
    let (board, start) = (puzzle.board(), &puzzle.start[..]);
    let Some(all) = component(board, start, CAP) else {
        return Ok(false);
    };
    let blockers = Blockers::new(board, start);
    for (metric, max) in [(Metric::Steps, 1), (Metric::Moves, 12)] {
        let dist = distances(board, &all, max);
        for o in &all {
            let b = blockers.bound(o, metric);
            // the per-thread cache gives what the search gives afresh
            prop_assert_eq!(
                b,
                blockers.uncached(o, metric),
                "{:?} at {:?}\n{}",
                metric,
                o,
                text
            );
            match dist.get(o) {
                None => {}
                Some(&d) => {
                    prop_assert!(b != DEAD, "{metric:?}: dead at distance {d}: {o:?}\n{text}");
                    prop_assert!(b <= d, "{metric:?}: bound {b} > {d} at {o:?}\n{text}");
                    prop_assert_eq!(b == 0, d == 0, "{:?} at {:?}\n{}", metric, o, text);
                }
            }
        }
    }
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn the_bound_never_exceeds_the_true_distance(
        rows in 4usize..=7,
        cols in 4usize..=7,
        red in (0usize..7, 0usize..6, 2usize..=3),
        specs in prop::collection::vec((any::<bool>(), 2usize..=3, 0usize..7, 0usize..7), 1..14),
        walls in prop::collection::vec(0usize..49, 0..3),
    ) {
        check(&grid(rows, cols, red, &specs, &walls))?;
    }
}

/// Positions the bound must see through: a blocker with room on one side only (forced
/// onto another vehicle), a statically blocked red car (a wall, a car of its own row), and
/// the counts in both metrics on a hand-checked position.
#[test]
fn hand_made_positions() {
    let board = |text: &str| parse(text, None).unwrap();
    // B must go down (a wall above it): C stands there and must move too.
    let p = board("ooxoo\nAABoo\nooBoo\nooCCo\nooooo\n");
    let b = Blockers::new(p.board(), &p.start);
    assert_eq!(b.bound(&p.start, Metric::Moves), 3);
    // red 3 cells, B down 1 (rows 1-2 to 2-3), C 1 to the right
    assert_eq!(b.bound(&p.start, Metric::Steps), 3 + 1 + 1);
    // B has room both ways: up (2 cells, C stands there) or down (1 cell, D stands there);
    // either way a second vehicle must move, and down is cheaper: the bound takes the
    // cheaper side with its consequences (3 slides; red 3 + B 1 + D 1 steps), which is
    // exactly the optimum (D left, B down, red out)
    let p = board("ooooo\nooCCo\nAABoo\nooBoo\noDDoo\nooooo\n");
    let b = Blockers::new(p.board(), &p.start);
    assert_eq!(b.bound(&p.start, Metric::Moves), 3);
    assert_eq!(b.bound(&p.start, Metric::Steps), 5);
    let wall = board("AAoxo\nooooo\nooooo\nooooo\n");
    assert!(Blockers::new(wall.board(), &wall.start).blocked());
    let car = board("AAoBB\nooooo\nooooo\nooooo\n");
    let b = Blockers::new(car.board(), &car.start);
    assert!(b.blocked());
    assert_eq!(b.bound(&car.start, Metric::Steps), DEAD);
}

/// The proptest above must reach many components (most boards fit the brute force).
#[test]
fn most_random_boards_are_checked() {
    let mut checked = 0;
    let mut seed = 11u64;
    let mut rnd = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    for _ in 0..300 {
        let (rows, cols) = (4 + rnd(4), 4 + rnd(4));
        let red = (rnd(7), rnd(6), 2 + rnd(2));
        let specs: Vec<Spec> = (0..1 + rnd(13))
            .map(|_| (rnd(2) == 0, 2 + rnd(2), rnd(7), rnd(7)))
            .collect();
        let walls: Vec<usize> = (0..rnd(3)).map(|_| rnd(49)).collect();
        if check(&grid(rows, cols, red, &specs, &walls)).unwrap() {
            checked += 1;
        }
    }
    assert!(checked > 200, "only {checked} of 300 boards checked");
}

/// The guided search (the R×C model's judge answer) against the plain level-by-level sweep
/// on boards too large for the brute force (7×7 to 9×9, up to 20 vehicles), both metrics;
/// components past a state cap are skipped.
#[test]
fn guided_answers_equal_the_plain_sweep() {
    use gridlock_puzzles::rush_hour::{optimum, General, Model, Wide};
    use gridlock_search::Limits;
    use std::ops::ControlFlow;
    let mut seed = 29u64;
    let mut rnd = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    let (mut compared, mut solvable) = (0, 0);
    for _ in 0..400 {
        let (rows, cols) = (7 + rnd(3), 7 + rnd(3));
        let red = (rnd(9), rnd(8), 2 + rnd(2));
        let specs: Vec<Spec> = (0..8 + rnd(20))
            .map(|_| (rnd(2) == 0, 2 + rnd(2), rnd(9), rnd(9)))
            .collect();
        let text = grid(rows, cols, red, &specs, &[rnd(81)]);
        let Ok(p) = parse(&text, None) else { continue };
        let g = General::new(p.board().clone());
        if g.words() != 1 {
            continue;
        }
        let model = &Wide::<1>(&g);
        let start = model.pack(&p.start);
        let cap = Limits::states(300_000);
        for metric in [Metric::Steps, Metric::Moves] {
            let goal = |s: &_, d| match model.is_goal(s) {
                true => ControlFlow::Break(d),
                false => ControlFlow::Continue(()),
            };
            let Ok(plain) = model.sweep(metric, start, &cap, goal) else {
                continue;
            };
            let exit = if metric == Metric::Steps {
                u32::from(g.board().red_len().unwrap_or(0))
            } else {
                0
            };
            let want = plain.stopped.map(|d| d + exit);
            let want = want.filter(|_| g.board().can_exit());
            let (got, _) = optimum(model, start, metric, None, &Limits::none()).unwrap();
            assert_eq!(got, want, "{metric:?}\n{text}");
            compared += 1;
            solvable += usize::from(want.is_some());
        }
    }
    assert!(
        compared > 400 && solvable > 150,
        "{compared} compared, {solvable} solvable"
    );
}
