//! Moves on the 6×6 model, and the engines it is searched with: hash sweeps over `u64`
//! positions, and the slot explorer ([`StepSlots`]), whose runs of one slot are slides, for
//! whole components in both metrics at once.

use super::board::{Position, Six, BITS};
use crate::rush_hour::board::Board;
use crate::rush_hour::graphs::{Slides, Steps};
use crate::rush_hour::model::{Explorer, Model};
use crate::rush_hour::moves::{Metric, Move};
use gridlock_search::slots::{SlotComponent, SlotGraph};
use gridlock_search::{sweep, Limits, Stats, Stopped, Sweep};
use std::ops::ControlFlow;

impl Six {
    /// Every legal slide from `p` (each vehicle, each direction, each distance), calling
    /// `emit(move, next position)`.
    #[inline]
    pub fn for_each_slide(&self, p: Position, mut emit: impl FnMut(Move, Position)) {
        self.for_each_reach(p, |i, offset, mut reach| {
            let shift = BITS * i as u32;
            while reach != 0 {
                let to = reach.trailing_zeros() as u8;
                reach &= reach - 1;
                let next = (p & !(7 << shift)) | (to as u64) << shift;
                emit(Move::new(i, to as i8 - offset as i8), next);
            }
        });
    }

    /// Every one-cell step from `p`, vehicle by vehicle, back before forward: one occupancy
    /// word and one table read per vehicle ([`Six::open_steps`]), then one step per open
    /// slot.
    #[inline]
    pub fn for_each_step(&self, p: Position, mut emit: impl FnMut(Move, Position)) {
        let mut open = self.open_steps(p, self.step_occupancy(p));
        while open != 0 {
            let slot = open.trailing_zeros();
            open &= open - 1;
            let (m, q) = step_of(p, slot);
            emit(m, q);
        }
    }
}

/// The move and the position of step `slot` from `p`, slots numbered as [`Six::open_steps`]
/// numbers them (`2i` vehicle `i` back, `2i + 1` forward).
#[inline]
fn step_of(p: Position, slot: u32) -> (Move, Position) {
    let vehicle = (slot >> 1) as usize;
    let unit = 1 << (BITS * (slot >> 1));
    if slot & 1 == 1 {
        (Move::new(vehicle, 1), p + unit)
    } else {
        (Move::new(vehicle, -1), p - unit)
    }
}

impl Model for Six {
    type State = Position;
    type Explorer = SlotComponent<Position, (u64, u64)>;

    fn board(&self) -> &Board {
        Six::board(self)
    }

    fn pack(&self, offsets: &[u8]) -> Position {
        Six::pack(self, offsets)
    }

    fn unpack(&self, p: &Position) -> Vec<u8> {
        Six::unpack(self, *p)
    }

    #[inline]
    fn is_goal(&self, p: &Position) -> bool {
        Six::is_goal(self, *p)
    }

    #[inline]
    fn for_each_step(&self, p: &Position, emit: impl FnMut(Move, Position)) {
        Six::for_each_step(self, *p, emit)
    }

    #[inline]
    fn for_each_slide(&self, p: &Position, emit: impl FnMut(Move, Position)) {
        Six::for_each_slide(self, *p, emit)
    }

    /// A hash sweep: small levels that stay in the cache.
    fn sweep<T>(
        &self,
        metric: Metric,
        start: Position,
        limits: &Limits,
        visit: impl FnMut(&Position, u32) -> ControlFlow<T>,
    ) -> Result<Sweep<T>, Stopped> {
        match metric {
            Metric::Steps => sweep(&Steps(self), start, limits, visit),
            Metric::Moves => sweep(&Slides(self), start, limits, visit),
        }
    }
}

/// The step graph in the engine's slot form: slot `2i` steps vehicle `i` back (left/up),
/// `2i + 1` forward, each the other's reverse; the occupancy word rides along and is updated
/// by two bit flips per step. A run of one slot is a slide, so one exploration of this graph
/// answers both metrics.
pub struct StepSlots<'a>(pub &'a Six);

impl SlotGraph for StepSlots<'_> {
    type State = Position;
    /// The occupancy word and the open steps.
    type Aux = (u64, u64);
    #[inline]
    fn aux(&self, p: &Position) -> (u64, u64) {
        let occ = self.0.step_occupancy(*p);
        (occ, self.0.open_steps(*p, occ))
    }
    #[inline]
    fn open_slots(&self, _: &Position, &(_, open): &(u64, u64)) -> u64 {
        open
    }
    #[inline]
    fn follow(&self, p: &Position, _: &(u64, u64), slot: u32) -> Position {
        step_of(*p, slot).1
    }
    #[inline]
    fn derive(
        &self,
        p: &Position,
        &(occ, open): &(u64, u64),
        slot: u32,
        _: &Position,
    ) -> (u64, u64) {
        let (_, occ, open) = self.0.take_step(*p, occ, open, slot);
        (occ, open)
    }
    #[inline]
    fn reverse(&self, slot: u32) -> u32 {
        slot ^ 1
    }
    #[inline]
    fn slot_count(&self) -> u32 {
        2 * self.0.board().vehicles().len() as u32
    }
}

/// The slot explorer: each undirected step hashed once, slides measured as runs of one slot.
impl Explorer<Six> for SlotComponent<Position, (u64, u64)> {
    fn explore(&mut self, six: &Six, start: Position, limits: &Limits) -> Result<Stats, Stopped> {
        SlotComponent::explore(self, &StepSlots(six), start, limits)
    }

    fn distances_from(
        &mut self,
        _: &Six,
        metric: Metric,
        sources: &[u32],
        dist: &mut Vec<u32>,
        _: &Limits,
    ) -> Result<Stats, Stopped> {
        match metric {
            Metric::Moves => self.runs_from(sources, dist),
            Metric::Steps => SlotComponent::distances_from(self, sources, dist),
        }
        Ok(Stats::default())
    }

    fn start_moves(
        &mut self,
        _: &Six,
        goals: &[u32],
        (a, b): (&mut Vec<u32>, &mut Vec<u32>),
        _: &Limits,
    ) -> Result<Option<u32>, Stopped> {
        Ok(self.runs_between(&[0], goals, a, b))
    }

    fn bytes_per_state(&self, stats: &Stats) -> f64 {
        stats.peak_bytes as f64 / stats.peak_states.max(1) as f64
    }
}
