//! The conflicts' excess ([`super::conflict`]) against the truth: on every position of
//! random small components, the steps bound with it never exceeds the true distance (a
//! breadth-first search back from every goal), and it raises the bound of the needs alone
//! on many of them (so that a wrong excess would show).

use super::prune::steps;
use super::same::{component, random_board};
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

#[test]
fn the_conflicts_never_lift_the_bound_above_the_true_distance() {
    let mut rnd = super::prune::random(3838);
    let (mut positions, mut raised, mut lifted) = (0, 0, 0);
    for _ in 0..600 {
        // denser than the other tests' boards: conflicts need crowded lanes
        let text = random_board(&mut rnd, 24);
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
