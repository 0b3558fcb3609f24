//! A guided sweep: the sorted-level sweep of [`crate::frontier_sweep`] restricted to states
//! whose distance plus an admissible bound stays within a limit `F`, the limit raised until a
//! goal is found or nothing is left out.
//!
//! Why not A*: on a reversible graph with levels far larger than the cache, the sorted levels
//! cost a few sequential passes per state where a hash table or a priority queue misses the
//! cache on every edge. The restriction keeps that cost: a state is asked for its bound once
//! per level it is found at (after duplicates are merged), not once per edge.
//!
//! Why it is right: with an admissible bound `h`, every state of an optimal path at distance
//! `i` has `i + h ≤ C*`, so with `F ≥ C*` the whole path is admitted at its own distances and
//! the first goal met is at level `C*`; no goal is nearer than `C*` in the full graph, so none
//! in the restricted one. A refusal `d + h > F` grows with `d`, so the restricted levels keep
//! the property the sweep's duplicate removal relies on (neighbours lie within one level).
//! When a pass refuses nothing but dead states, the whole component was seen: no goal.
//!
//! Why a stopped pass is retried lower: a pass's limit may overshoot the answer `C*` by
//! several, and the passes above `C*` hold many times the states of the pass at `C*`; any
//! limit at least `C*` answers, so a pass stopped by the memory budget or the state cap says
//! only that its limit is too high for the budget, not that the answer is out of reach.
//!
//! Why the limit grows geometrically: each pass counts the states it refused by their
//! `d + h`, and the next limit is the least one that admits at least [`GROWTH`] times the
//! states the pass visited; when all it refused are fewer than that, the limit's excess over
//! the first limit grows by half at least, plus one (a long thin component costs a
//! logarithmic number of passes, not one per level). Overshooting `C*` keeps the answer (the
//! first goal met is still at level `C*`) but not the cost: the last pass admits every state
//! within its limit up to level `C*`, so growth by half rather than doubling (measured:
//! `hard_9x9` in steps 241 k positions visited over four passes against 762 k, no other board
//! changed).

use crate::cost::Bound;
use crate::frontier::{sweep_flushing, MaskedGraph, FLUSH_MIN};
use crate::kept::Levels;
use crate::levels::Sweep;
use crate::limits::{Limits, StopReason, Stopped};
use crate::spread::{Cutting, CUTTING};
use crate::stats::Stats;
use std::ops::ControlFlow;

/// A bound that says no goal can be reached from the state.
pub const DEAD_END: u32 = u32::MAX;

/// The next pass admits at least this many times the states the last one visited.
pub const GROWTH: u64 = 4;

/// Distinct values of `d + h - F` counted per pass; larger ones share the last count.
const SPREAD: usize = 256;

/// What a guided sweep found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guided {
    /// The distance of the nearest goal, `None` when none can be reached (or none within
    /// the caller's `max_depth`).
    pub distance: Option<u32>,
    /// States visited over all passes, the repeated ones counted again.
    pub visited: u64,
    /// Passes run, the stopped ones included.
    pub passes: u32,
    /// The limit of each pass, in order: a pass stopped by the memory budget or the state
    /// cap is followed by one at a lower limit (see [`guided_sweep`]).
    pub limits: Vec<u32>,
    /// Work done over all passes (peaks: the largest pass).
    pub stats: Stats,
}

/// The distance from `start` to the nearest state `is_goal` accepts, over a reversible
/// [`MaskedGraph`], guided by `bound` (admissible: never above the true distance; may be
/// [`DEAD_END`] only where no goal is reachable). With `max_depth`, goals farther than it
/// are not looked for (`None`).
///
/// A pass stopped by the memory budget or the state cap (each bounds one pass: a pass frees
/// what it held before the next) is followed by one at a lower limit, halfway from the
/// least distance a goal may lie at to the stopped limit: the stopped pass's limit may lie
/// far above the answer, and the pass at the answer hold far fewer states. Later passes
/// stay below the least stopped limit. The search stops when a pass at that least distance
/// is stopped, or at once on the deadline or the cancel flag, and reports the largest
/// distance it proved no goal is nearer than (a stopped pass proves the levels it
/// completed).
pub fn guided_sweep<G: MaskedGraph>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    max_depth: Option<u32>,
    is_goal: impl Fn(&G::State) -> bool,
    bound: impl Fn(&G::State) -> u32 + Sync,
) -> Result<Guided, Stopped> {
    passes(
        graph,
        start,
        limits,
        max_depth,
        is_goal,
        bound,
        (None, CUTTING),
    )
}

/// [`guided_sweep`] that also returns, when it finds a goal, every level of its last pass
/// from the start's to the nearest goal's ([`Levels`]): they hold every shortest path (a
/// state of one has `d + h ≤ C*`, so the pass admitted it at its true distance), so a path
/// is read back from them with no second search. The price is memory: the last pass holds
/// all its levels instead of three (the passes before it drop theirs).
pub fn guided_levels<G: MaskedGraph>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    max_depth: Option<u32>,
    is_goal: impl Fn(&G::State) -> bool,
    bound: impl Fn(&G::State) -> u32 + Sync,
) -> Result<WithLevels<G::State>, Stopped> {
    let mut kept = Vec::new();
    let found = passes(
        graph,
        start,
        limits,
        max_depth,
        is_goal,
        bound,
        (Some(&mut kept), CUTTING),
    )?;
    let levels = found.distance.map(|_| Levels::new(kept));
    Ok((found, levels))
}

/// What [`guided_levels`] found, and the last pass's levels when it found a goal.
type WithLevels<S> = (Guided, Option<Levels<S>>);

/// The passes of [`guided_sweep`]; with `keep`, each pass's levels replace the last's. A
/// large level's new states are cut into shares by `cutting` (at most 1: the whole level's
/// new states held before their bounds are asked, as the serial sweep does).
pub(crate) fn passes<G: MaskedGraph>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    max_depth: Option<u32>,
    is_goal: impl Fn(&G::State) -> bool,
    bound: impl Fn(&G::State) -> u32 + Sync,
    (mut keep, cutting): (Option<&mut Vec<Vec<G::State>>>, Cutting),
) -> Result<Guided, Stopped> {
    let mut found = Guided {
        distance: None,
        visited: 0,
        passes: 0,
        limits: Vec::new(),
        stats: Stats::default(),
    };
    let h0 = bound(&start);
    let max = max_depth.unwrap_or(DEAD_END - 1);
    if h0 == DEAD_END || h0 > max {
        return Ok(found);
    }
    // every goal lies at `proven` or farther
    let (mut limit, mut proven) = (h0, h0);
    // the least limit whose pass the memory budget or the state cap stopped, and that stop
    let mut ceiling: Option<(u32, Stopped)> = None;
    loop {
        found.passes += 1;
        found.limits.push(limit);
        let judge = (&is_goal, &bound);
        let (outcome, refused, seen) = pass(
            graph,
            start,
            limits,
            limit,
            judge,
            keep.as_deref_mut(),
            cutting,
        );
        found.visited += seen;
        let swept = match outcome {
            Ok(swept) => swept,
            Err(stopped) => {
                found.stats.absorb(&stopped.stats);
                // the levels it completed hold no goal: none is that near in the full graph
                let level = stopped.lower_bound.as_ref().map_or(0, |b| b.0[0]);
                proven = proven.max(u32::try_from(level).unwrap_or(DEAD_END));
                if !retried(&stopped.reason) || proven >= limit {
                    return Err(stopped_at(stopped, proven, &found));
                }
                ceiling = Some((limit, stopped));
                limit = retry_limit(proven, limit);
                continue;
            }
        };
        found.stats.absorb(&swept.stats);
        if swept.stopped.is_some() || refused.iter().all(|&n| n == 0) || limit >= max {
            found.distance = swept.stopped;
            return Ok(found);
        }
        proven = limit + 1;
        limit = next_limit(h0, limit, &refused, swept.states).min(max);
        if let Some((least, stopped)) = &ceiling {
            if limit >= *least {
                // that pass would stop again: try one below it, if any is left
                if proven >= *least {
                    return Err(stopped_at(stopped.clone(), proven, &found));
                }
                limit = retry_limit(proven, *least);
            }
        }
    }
}

/// One pass at `limit`: its sweep, the states it refused counted by `d + h - limit - 1`
/// (the last count shared by larger ones), and the states it visited (stopped or not).
/// With `keep`, the pass's levels replace what it held.
fn pass<G: MaskedGraph>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    limit: u32,
    (is_goal, bound): (
        &impl Fn(&G::State) -> bool,
        &(impl Fn(&G::State) -> u32 + Sync),
    ),
    keep: Option<&mut Vec<Vec<G::State>>>,
    cutting: Cutting,
) -> (Result<Sweep<u32>, Stopped>, Vec<u64>, u64) {
    let mut refused = vec![0u64; SPREAD];
    let admit = |d: u32, h: u32| {
        if h == DEAD_END {
            return false;
        }
        let f = d.saturating_add(h);
        if f <= limit {
            return true;
        }
        refused[((f - limit - 1) as usize).min(SPREAD - 1)] += 1;
        false
    };
    // counted here, not from the sweep, so that a stopped pass's count too
    let mut seen = 0u64;
    let visit = |s: &G::State, d: u32| {
        seen += 1;
        if is_goal(s) {
            ControlFlow::Break(d)
        } else {
            ControlFlow::Continue(())
        }
    };
    let keep = keep.map(|kept| {
        *kept = Vec::new();
        kept
    });
    let judge = (bound, admit);
    let swept = sweep_flushing(
        graph,
        start,
        limits,
        judge,
        visit,
        (FLUSH_MIN, cutting),
        keep,
    );
    (swept, refused, seen)
}

/// Whether a pass stopped for `reason` is followed by one at a lower limit: the memory
/// budget and the state cap bound each pass, and a lower limit's pass holds fewer states;
/// the deadline and the cancel flag bound the whole search, and a refusal by the system
/// (out of memory) says nothing of what a smaller pass would get.
fn retried(reason: &StopReason) -> bool {
    matches!(
        reason,
        StopReason::StateLimit(_) | StopReason::MemoryLimit { .. }
    )
}

/// The limit of the pass after one stopped at `ceiling` (or after a complete pass whose
/// next limit reached it): halfway from `proven` (every goal lies at it or farther) to
/// `ceiling`, at least `proven`, below `ceiling` (`proven < ceiling`).
fn retry_limit(proven: u32, ceiling: u32) -> u32 {
    proven + (ceiling - proven) / 2
}

/// The search's stop: `stopped`'s reason, the work of every pass in `found`, and `proven`
/// as its lower bound.
fn stopped_at(mut stopped: Stopped, proven: u32, found: &Guided) -> Stopped {
    stopped.lower_bound = Some(Bound(vec![u64::from(proven)]));
    stopped.stats = found.stats;
    stopped
}

/// The least limit above `limit` that admits at least [`GROWTH`] times `visited` of the
/// states refused (by their `d + h - limit - 1` in `refused`); when all of them are fewer,
/// a limit that admits them all and lies twice as far above the `first` limit.
fn next_limit(first: u32, limit: u32, refused: &[u64], visited: u64) -> u32 {
    let want = GROWTH.saturating_mul(visited);
    let mut admitted = 0u64;
    let mut last = 0;
    for (k, &n) in refused.iter().enumerate() {
        if n == 0 {
            continue;
        }
        admitted += n;
        last = k;
        if admitted >= want {
            break;
        }
    }
    if last == SPREAD - 1 {
        // the refused lie farther than the counts reach: the last pass admits everything
        return DEAD_END - 1;
    }
    let least = limit + 1 + last as u32;
    if admitted < want {
        // too few refused to promise the growth (the states behind them were never
        // generated): the limit's excess over the first one grows by half (and one)
        // instead, so passes never creep a few states at a time
        return least.max(limit + (limit - first) / 2 + 1);
    }
    least
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_graphs::{maze, plain};

    /// Manhattan distance is admissible on a maze: the guided sweep's answer is the plain
    /// sweep's on every goal of many random mazes, reachable or not, and it visits fewer
    /// states than the plain sweep where the goal is far and reachable.
    #[test]
    fn answers_equal_the_plain_sweep() {
        let (w, h) = (30u64, 20u64);
        let mut saved = 0;
        for seed in 0..40 {
            let m = maze(w, h, seed);
            for goal in (0..w * h).step_by(37) {
                let (gx, gy) = (goal % w, goal / w);
                let manhattan = |&s: &u64| ((s % w).abs_diff(gx) + (s / w).abs_diff(gy)) as u32;
                let guided =
                    guided_sweep(&m, 0, &Limits::none(), None, |&s| s == goal, manhattan).unwrap();
                let want = if m.walls[goal as usize] {
                    None
                } else {
                    plain(&m, goal)
                };
                assert_eq!(guided.distance, want, "seed {seed}, goal {goal}");
                if want.is_some_and(|d| d > 30) && guided.passes == 1 {
                    saved += 1;
                }
            }
        }
        assert!(saved > 0);
    }

    /// A bound of zero is the plain sweep; a depth cap answers `None` past it; a dead start
    /// visits nothing; a state cap reports a bound no larger than the answer.
    #[test]
    fn caps_dead_ends_and_stops() {
        let m = maze(30, 20, 3);
        let goal = (0..600).rev().find(|&g| plain(&m, g).is_some()).unwrap();
        let d = plain(&m, goal).unwrap();
        let zero = |_: &u64| 0;
        let run = |max, limits: &Limits| guided_sweep(&m, 0, limits, max, |&s| s == goal, zero);
        assert_eq!(run(None, &Limits::none()).unwrap().distance, Some(d));
        assert_eq!(run(Some(d), &Limits::none()).unwrap().distance, Some(d));
        assert_eq!(run(Some(d - 1), &Limits::none()).unwrap().distance, None);
        let dead = guided_sweep(&m, 0, &Limits::none(), None, |_| true, |_| DEAD_END).unwrap();
        assert_eq!((dead.distance, dead.visited), (None, 0));
        let stopped = run(None, &Limits::states(20)).unwrap_err();
        let b = stopped.lower_bound.unwrap().0[0];
        assert!(b <= u64::from(d));
    }
}
