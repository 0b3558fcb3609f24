//! Moves on the R×C model, and the engines it is searched with: sorted levels
//! (`frontier_sweep`, over the masked graphs below) for sweeps far larger than the cache, and
//! the compact explorer, which holds states only, for whole components.
//!
//! The successor functions generate moves from the lane masks of [`General::occupancy`]
//! ([`General::room`]); a property test checks that they produce exactly the slides
//! [`Board::slide`] accepts.

use super::board::{General, Packed};
use crate::rush_hour::board::Board;
use crate::rush_hour::bound::{Blockers, DEAD};
use crate::rush_hour::graphs::{Slides, Steps};
use crate::rush_hour::model::{Explorer, Model, PathFound};
use crate::rush_hour::moves::{Metric, Move};
use gridlock_search::{
    frontier_sweep, guided_levels, guided_sweep, Bound, CompactComponent, Guided, Limits,
    MaskedGraph, Stats, Stopped, Sweep, DEAD_END,
};
use std::ops::ControlFlow;

impl General {
    /// For each vehicle of `p` that `skip` lets through, in order: its index, its offset, and
    /// how far it can slide back (left/up) and forward (right/down). Every move generator,
    /// masked or not, is this loop.
    #[inline]
    pub fn for_each_room<const W: usize>(
        &self,
        p: &Packed<W>,
        skip: impl Fn(usize) -> bool,
        mut each: impl FnMut(usize, u8, u8, u8),
    ) {
        let occ = self.occupancy(p);
        for i in 0..self.board().vehicles().len() {
            if skip(i) {
                continue;
            }
            let o = self.offset(p, i);
            let (behind, ahead) = self.room(self.lane(&occ, i), i, o);
            each(i, o, behind, ahead);
        }
    }

    /// Every legal slide from `p`, vehicle by vehicle, back (shortest first) before forward,
    /// calling `emit(move, next position)`.
    #[inline]
    pub fn for_each_slide<const W: usize>(
        &self,
        p: &Packed<W>,
        mut emit: impl FnMut(Move, Packed<W>),
    ) {
        self.for_each_room(
            p,
            |_| false,
            |i, o, behind, ahead| {
                for d in 1..=behind {
                    emit(Move::new(i, -(d as i8)), self.with_offset(p, i, o - d));
                }
                for d in 1..=ahead {
                    emit(Move::new(i, d as i8), self.with_offset(p, i, o + d));
                }
            },
        );
    }

    /// Every one-cell step from `p`, vehicle by vehicle, back before forward.
    #[inline]
    pub fn for_each_step<const W: usize>(
        &self,
        p: &Packed<W>,
        mut emit: impl FnMut(Move, Packed<W>),
    ) {
        self.for_each_room(
            p,
            |_| false,
            |i, _, behind, ahead| {
                if behind > 0 {
                    emit(Move::new(i, -1), self.shifted(p, i, -1));
                }
                if ahead > 0 {
                    emit(Move::new(i, 1), self.shifted(p, i, 1));
                }
            },
        );
    }
}

/// The R×C model at a packed width of `W` words ([`General::words`] picks it).
#[derive(Clone, Copy)]
pub struct Wide<'a, const W: usize>(pub &'a General);

impl<const W: usize> Model for Wide<'_, W> {
    type State = Packed<W>;
    type Explorer = CompactComponent<Packed<W>>;

    fn board(&self) -> &Board {
        self.0.board()
    }

    fn pack(&self, offsets: &[u8]) -> Packed<W> {
        self.0.pack(offsets)
    }

    fn unpack(&self, p: &Packed<W>) -> Vec<u8> {
        self.0.unpack(p)
    }

    #[inline]
    fn is_goal(&self, p: &Packed<W>) -> bool {
        self.0.is_goal(p)
    }

    #[inline]
    fn for_each_step(&self, p: &Packed<W>, emit: impl FnMut(Move, Packed<W>)) {
        self.0.for_each_step(p, emit)
    }

    #[inline]
    fn for_each_slide(&self, p: &Packed<W>, emit: impl FnMut(Move, Packed<W>)) {
        self.0.for_each_slide(p, emit)
    }

    /// Levels sorted by radix, the moves that lead back masked: no hash look-ups.
    fn sweep<T>(
        &self,
        metric: Metric,
        start: Packed<W>,
        limits: &Limits,
        visit: impl FnMut(&Packed<W>, u32) -> ControlFlow<T>,
    ) -> Result<Sweep<T>, Stopped> {
        match metric {
            Metric::Steps => frontier_sweep(&Steps(self), start, limits, visit),
            Metric::Moves => frontier_sweep(&Slides(self), start, limits, visit),
        }
    }

    /// The sorted levels restricted by the blocking-vehicles bound ([`Blockers`]).
    fn guided(
        &self,
        metric: Metric,
        start: Packed<W>,
        max_depth: Option<u32>,
        limits: &Limits,
    ) -> Option<Result<Guided, Stopped>> {
        let g = self.0;
        let blockers = Blockers::new(g.board(), &g.unpack(&start));
        let bound = |p: &Packed<W>| self.bound(&blockers, p, metric);
        let goal = |p: &Packed<W>| g.is_goal(p);
        Some(match metric {
            Metric::Steps => guided_sweep(&Steps(self), start, limits, max_depth, goal, bound),
            Metric::Moves => guided_sweep(&Slides(self), start, limits, max_depth, goal, bound),
        })
    }

    /// The guided search's last pass keeps its levels; the path is read back from them:
    /// the positions of shortest paths (walking back from the goals), then among those
    /// paths the one of fewest steps (moves: each slide spans one level and costs its
    /// cells) or fewest slides (steps: a slide of `k` cells spans `k` levels and costs 1).
    fn guided_path(
        &self,
        metric: Metric,
        start: Packed<W>,
        max_depth: Option<u32>,
        limits: &Limits,
    ) -> Option<Result<PathFound<Packed<W>>, Stopped>> {
        let g = self.0;
        let blockers = Blockers::new(g.board(), &g.unpack(&start));
        let bound = |p: &Packed<W>| self.bound(&blockers, p, metric);
        let jumps = |p: &Packed<W>, emit: &mut dyn FnMut(Packed<W>, u32, u32)| {
            g.for_each_slide(p, |m, q| match metric {
                Metric::Steps => emit(q, m.distance(), 1),
                Metric::Moves => emit(q, 1, m.distance()),
            })
        };
        let search = Search {
            general: g,
            start,
            max_depth,
            limits,
        };
        Some(match metric {
            Metric::Steps => search.path(&Steps(self), bound, jumps),
            Metric::Moves => search.path(&Slides(self), bound, jumps),
        })
    }
}

impl<const W: usize> Wide<'_, W> {
    /// The blocking-vehicles bound of `p` in `metric`, [`DEAD_END`] where no goal is
    /// reachable.
    #[inline]
    fn bound(&self, blockers: &Blockers, p: &Packed<W>, metric: Metric) -> u32 {
        match blockers.bound_packed(&p.0, metric) {
            DEAD => DEAD_END,
            h => h,
        }
    }
}

/// Where a guided path search starts and what it may hold.
struct Search<'l, const W: usize> {
    general: &'l General,
    start: Packed<W>,
    max_depth: Option<u32>,
    limits: &'l Limits,
}

impl<const W: usize> Search<'_, W> {
    /// The guided search over `graph` keeping its last pass's levels, then the path read
    /// back from them, cheapest over `jumps` ([`gridlock_search::Levels::cheapest_path`]). A
    /// stop while reading (the memory budget) proves the distance found.
    fn path<G: MaskedGraph<State = Packed<W>>>(
        &self,
        graph: &G,
        bound: impl Fn(&Packed<W>) -> u32 + Sync,
        jumps: impl FnMut(&Packed<W>, &mut dyn FnMut(Packed<W>, u32, u32)),
    ) -> Result<PathFound<Packed<W>>, Stopped> {
        let goal = |p: &Packed<W>| self.general.is_goal(p);
        let (start, limits) = (self.start, self.limits);
        let (found, levels) = guided_levels(graph, start, limits, self.max_depth, goal, bound)?;
        let mut stats = found.stats;
        let (Some(distance), Some(levels)) = (found.distance, levels) else {
            return Ok((None, stats));
        };
        let stop = |reason, stats: &Stats| Stopped {
            reason,
            stats: *stats,
            lower_bound: Some(Bound(vec![u64::from(distance)])),
        };
        let on = levels
            .on_shortest_paths(graph, goal, limits)
            .map_err(|r| stop(r, &stats))?;
        stats.hold_bytes(levels.held() + on.held());
        drop(levels);
        let path = on
            .cheapest_path(jumps, limits)
            .map_err(|r| stop(r, &stats))?;
        stats.hold_bytes(on.held() + 4 * on.len() as u64);
        Ok((path, stats))
    }
}

impl<const W: usize> MaskedGraph for Steps<'_, Wide<'_, W>> {
    type State = Packed<W>;
    /// Operators `2i` (vehicle `i` back) and `2i + 1` (forward) for the first 32 vehicles;
    /// the step that found a state is masked (its reverse leads one level back). Vehicles
    /// past the 32nd are never masked.
    #[inline]
    fn expand(&self, p: &Packed<W>, skip: u64, mut emit: impl FnMut(Packed<W>, u64)) {
        let b = self.0 .0;
        b.for_each_room(
            p,
            |_| false,
            |i, _, behind, ahead| {
                let (back, fwd) = if i < 32 {
                    (1u64 << (2 * i), 1u64 << (2 * i + 1))
                } else {
                    (0, 0)
                };
                if behind > 0 && skip & back == 0 {
                    emit(b.shifted(p, i, -1), fwd);
                }
                if ahead > 0 && skip & fwd == 0 {
                    emit(b.shifted(p, i, 1), back);
                }
            },
        );
    }
}

impl<const W: usize> MaskedGraph for Slides<'_, Wide<'_, W>> {
    type State = Packed<W>;
    /// Operator `i`: every slide of vehicle `i` (first 64 vehicles). After a slide of
    /// vehicle `i`, every further slide of it leads to a position one slide from the state
    /// before, so never farther from the start: it is masked.
    #[inline]
    fn expand(&self, p: &Packed<W>, skip: u64, mut emit: impl FnMut(Packed<W>, u64)) {
        let b = self.0 .0;
        let bit = |i: usize| if i < 64 { 1u64 << i } else { 0 };
        b.for_each_room(
            p,
            |i| skip & bit(i) != 0,
            |i, o, behind, ahead| {
                for d in 1..=behind {
                    emit(b.with_offset(p, i, o - d), bit(i));
                }
                for d in 1..=ahead {
                    emit(b.with_offset(p, i, o + d), bit(i));
                }
            },
        );
    }
}

/// The compact explorer: states only (no edges), distances recomputed over any graph on
/// them, so the largest R×C components fit.
impl<'a, const W: usize> Explorer<Wide<'a, W>> for CompactComponent<Packed<W>> {
    fn explore(
        &mut self,
        model: &Wide<'a, W>,
        start: Packed<W>,
        limits: &Limits,
    ) -> Result<Stats, Stopped> {
        CompactComponent::explore(self, &Steps(model), start, limits)
    }

    fn distances_from(
        &mut self,
        model: &Wide<'a, W>,
        metric: Metric,
        sources: &[u32],
        dist: &mut Vec<u32>,
        limits: &Limits,
    ) -> Result<Stats, Stopped> {
        match metric {
            Metric::Moves => {
                CompactComponent::distances_from(self, &Slides(model), sources, None, dist, limits)
            }
            Metric::Steps => {
                CompactComponent::distances_from(self, &Steps(model), sources, None, dist, limits)
            }
        }
    }

    fn start_moves(
        &mut self,
        model: &Wide<'a, W>,
        goals: &[u32],
        (dist, _): (&mut Vec<u32>, &mut Vec<u32>),
        limits: &Limits,
    ) -> Result<Option<u32>, Stopped> {
        CompactComponent::distances_from(self, &Slides(model), goals, Some(0), dist, limits)?;
        Ok(dist.first().copied())
    }

    fn bytes_per_state(&self, _: &Stats) -> f64 {
        CompactComponent::bytes_per_state(self) + 8.0
    }
}
