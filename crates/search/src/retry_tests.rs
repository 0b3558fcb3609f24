//! The guided sweep's passes retried at a lower limit after a stop by the state cap
//! (`guided::passes`), checked against the plain sweep and against its passes run one by
//! one.

use crate::frontier::{sweep_flushing, FLUSH_MIN};
use crate::guided::{guided_sweep, Guided};
use crate::levels::Sweep;
use crate::limits::{Limits, StopReason, Stopped};
use crate::spread::CUTTING;
use crate::test_graphs::{maze, plain, Maze};
use proptest::prelude::*;
use std::ops::ControlFlow;

/// Manhattan distance to `goal` on a maze `w` cells wide: admissible.
fn manhattan(w: u64, goal: u64) -> impl Fn(&u64) -> u32 + Sync {
    move |&s| ((s % w).abs_diff(goal % w) + (s / w).abs_diff(goal / w)) as u32
}

/// The guided sweep from cell 0 to `goal` under `limits`.
fn guided(m: &Maze, goal: u64, limits: &Limits) -> Result<Guided, Stopped> {
    guided_sweep(m, 0, limits, None, |&s| s == goal, manhattan(m.w, goal))
}

/// One pass at `limit`, written apart from `passes`: the states with distance plus
/// Manhattan distance within it; and the states it visited, stopped or not.
type Pass = (Result<Sweep<u32>, Stopped>, u64);

fn one_pass(m: &Maze, goal: u64, limit: u32, limits: &Limits) -> Pass {
    let admit = |d: u32, h: u32| d + h <= limit;
    let mut seen = 0;
    let visit = |&s: &u64, d| {
        seen += 1;
        if s == goal {
            ControlFlow::Break(d)
        } else {
            ControlFlow::Continue(())
        }
    };
    let judge = (manhattan(m.w, goal), admit);
    let pass = sweep_flushing(m, 0, limits, judge, visit, (FLUSH_MIN, CUTTING), None);
    (pass, seen)
}

/// The states held at the peak of the pass at `limit`, with no cap.
fn peak(m: &Maze, goal: u64, limit: u32) -> u64 {
    one_pass(m, goal, limit, &Limits::none())
        .0
        .unwrap()
        .stats
        .peak_states
}

/// A maze, a goal, its distance and a state cap that the pass at the distance fits in but a
/// pass of the uncapped search (whose limit overshot the distance) does not: the first
/// such case of many random mazes.
fn overshooting_case() -> (Maze, u64, u32, usize) {
    let (w, h) = (30u64, 20u64);
    for seed in 0..200 {
        let m = maze(w, h, seed);
        for goal in (0..w * h).step_by(7) {
            let Some(d) = plain(&m, goal) else { continue };
            let free = guided(&m, goal, &Limits::none()).unwrap();
            let fits = peak(&m, goal, d);
            let over = free.limits.iter().filter(|&&l| l > d);
            if over.map(|&l| peak(&m, goal, l)).any(|p| p > fits) {
                return (m, goal, d, fits as usize);
            }
        }
    }
    panic!("no maze overshoots");
}

/// With a cap that stops a pass whose limit lies above the answer but holds the pass at the
/// answer, the search answers (the search that stopped at the first stopped pass answered
/// "at least" instead), and no pass holds more than the cap allows but a stopped one.
#[test]
fn a_pass_stopped_by_the_cap_is_retried_lower() {
    let (m, goal, d, cap) = overshooting_case();
    let found = guided(&m, goal, &Limits::states(cap)).unwrap();
    assert_eq!(found.distance, Some(d));
    assert!(found.limits.windows(2).any(|l| l[1] < l[0]), "{found:?}");
    assert_eq!(found.passes as usize, found.limits.len());
}

/// A cap too small for the first pass stops the search, with a lower bound no larger than
/// the answer and the first pass's limit alone.
#[test]
fn a_cap_below_the_first_pass_stops() {
    let (m, goal, d, _) = overshooting_case();
    let stopped = guided(&m, goal, &Limits::states(2)).unwrap_err();
    assert_eq!(stopped.reason, StopReason::StateLimit(2));
    let bound = stopped.lower_bound.unwrap().0[0];
    assert!(bound <= u64::from(d), "{bound} > {d}");
    assert!(stopped.stats.expanded > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the cap, the answer is the plain sweep's or a stop with a lower bound no
    /// larger than the true distance; an answer's counts are the sums of its passes run one
    /// by one at its limits under the same cap (the stopped ones included) and its peak
    /// their largest.
    #[test]
    fn retried_passes_answer_right_or_stop_below(
        seed in any::<u64>(),
        (w, h) in (4u64..25, 4u64..25),
        goal in any::<u64>(),
        cap in 1usize..300,
    ) {
        let m = maze(w, h, seed);
        let goal = goal % (w * h);
        let want = if m.walls[goal as usize] { None } else { plain(&m, goal) };
        let limits = Limits::states(cap);
        match guided(&m, goal, &limits) {
            Ok(found) => {
                prop_assert_eq!(found.distance, want);
                let (mut expanded, mut generated, mut visited, mut held) = (0, 0, 0, 0);
                for &l in &found.limits {
                    let (pass, states) = one_pass(&m, goal, l, &limits);
                    let stats = pass.map_or_else(|s| s.stats, |s| s.stats);
                    expanded += stats.expanded;
                    generated += stats.generated;
                    held = held.max(stats.peak_states);
                    visited += states;
                }
                prop_assert_eq!(
                    (found.stats.expanded, found.stats.generated, found.stats.peak_states),
                    (expanded, generated, held)
                );
                prop_assert_eq!(found.visited, visited);
            }
            Err(stopped) => {
                prop_assert_eq!(stopped.reason, StopReason::StateLimit(cap));
                let bound = stopped.lower_bound.unwrap().0[0];
                if let Some(d) = want {
                    prop_assert!(bound <= u64::from(d), "{} > {}", bound, d);
                }
            }
        }
    }
}
