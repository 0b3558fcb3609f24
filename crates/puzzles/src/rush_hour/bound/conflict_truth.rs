//! The conflicts' excess ([`super::conflict`]) against the truth: on every position of
//! random small components, the steps bound with it never exceeds the true distance (a
//! breadth-first search back from every goal), and it raises the bound of the needs alone
//! on many of them (so that a wrong excess would show).

use super::prune::steps;
use super::same::component;
use super::{Blockers, BUDGET};
use crate::rush_hour::{parse, Board, Metric};
use std::collections::{HashMap, VecDeque};

/// Each position's true distance in steps to the nearest goal (absent: none reachable).
fn distances(board: &Board, all: &[Vec<u8>]) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    for o in all.iter().filter(|o| board.is_goal(o)) {
        dist.insert(o.clone(), 0);
        queue.push_back(o.clone());
    }
    while let Some(cur) = queue.pop_front() {
        let d = dist[&cur];
        for next in steps(board, &cur) {
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// A random 5×5 to 7×7 board, denser than the other tests' (conflicts need crowded
/// lanes): the red car in the middle row, then up to 24 cars and trucks where they fit.
fn crowded_board(rnd: &mut impl FnMut(usize) -> usize) -> String {
    let (rows, cols) = (5 + rnd(3), 5 + rnd(3));
    let mut cells = vec!['.'; rows * cols];
    let red_row = rows / 2;
    cells[red_row * cols] = 'A';
    cells[red_row * cols + 1] = 'A';
    let mut label = b'B';
    for _ in 0..24 {
        let (horizontal, len) = (rnd(2) == 0, 2 + rnd(2));
        let (row, col) = (rnd(rows), rnd(cols));
        let at: Vec<usize> = (0..len)
            .map(|k| match horizontal {
                true => (row, col + k),
                false => (row + k, col),
            })
            .filter(|&(r, c)| r < rows && c < cols && !(horizontal && r == red_row))
            .map(|(r, c)| r * cols + c)
            .collect();
        if at.len() == len && at.iter().all(|&c| cells[c] == '.') {
            at.iter().for_each(|&c| cells[c] = label as char);
            label += 1;
        }
    }
    let lines = cells.chunks(cols).map(|r| r.iter().collect::<String>());
    lines.map(|r| r + "\n").collect()
}

#[test]
fn the_conflicts_never_lift_the_bound_above_the_true_distance() {
    let mut rnd = super::prune::random(3838);
    let (mut positions, mut raised, mut lifted) = (0, 0, 0);
    for _ in 0..600 {
        let text = crowded_board(&mut rnd);
        let p = parse(&text, None).unwrap();
        let Some(all) = component(p.board(), &p.start, 20_000) else {
            continue;
        };
        let dist = distances(p.board(), &all);
        let blockers = Blockers::new(p.board(), &p.start);
        for o in all.iter().filter(|o| dist.contains_key(*o)) {
            let bound = blockers.uncached(o, Metric::Steps);
            let needs = blockers.needs_only(o, Metric::Steps, BUDGET);
            assert!(bound <= dist[o], "{bound} > {} at {o:?}\n{text}", dist[o]);
            positions += 1;
            raised += usize::from(bound > needs);
            lifted += bound - needs;
        }
    }
    assert!(
        positions > 100_000 && raised > 1000,
        "{positions} {raised} {lifted}"
    );
}
