//! The rules on an R×C board: which slides are legal, and the graphs the engine searches.
//!
//! [`Board::slide`] decides legality for the verifier, cell by cell; the successor functions
//! generate moves from the lane masks of [`Board::occupancy`] ([`Board::room`]), and a
//! property test checks that they produce exactly the slides `slide` accepts.

use super::board::{Board, Packed};
use crate::rush_hour::moves::{Direction, Move};
use gridlock_search::{Edge, Graph, Lex, MaskedGraph, Reversible};

/// Why a slide is illegal; the verifier prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The vehicle does not move in that direction.
    WrongAxis,
    /// The slide would take the vehicle past the edge of the board.
    OffBoard,
    /// A wall at (row, column), 0-based.
    Wall(usize, usize),
    /// This vehicle (index) at (row, column).
    Blocked(usize, usize, u8),
}

impl Board {
    /// The direction of `m`.
    pub fn direction(&self, m: Move) -> Direction {
        match (self.vehicles()[m.vehicle as usize].horizontal, m.delta > 0) {
            (true, true) => Direction::Right,
            (true, false) => Direction::Left,
            (false, true) => Direction::Down,
            (false, false) => Direction::Up,
        }
    }

    /// Slides vehicle `i` of `offsets` by `distance` cells in direction `dir`, if every cell
    /// it passes is free and inside the board: the single definition of a legal move.
    pub fn slide(
        &self,
        offsets: &[u8],
        i: usize,
        dir: Direction,
        distance: u32,
    ) -> Result<Vec<u8>, Illegal> {
        let v = self.vehicles()[i];
        if v.horizontal != dir.horizontal() {
            return Err(Illegal::WrongAxis);
        }
        let offset = offsets[i] as i64;
        let target = offset + dir.sign() as i64 * distance as i64;
        if target < 0 || target > self.max_offset(i) as i64 {
            return Err(Illegal::OffBoard);
        }
        let owners = self.owners(offsets);
        let entered: Vec<i64> = if dir.sign() > 0 {
            (offset + v.len as i64..target + v.len as i64).collect()
        } else {
            (target..offset).rev().collect()
        };
        for k in entered {
            let (r, c) = self.cell(i, k as u8);
            if self.is_wall(r, c) {
                return Err(Illegal::Wall(r, c));
            }
            if let Some(other) = owners[r * self.cols() + c] {
                return Err(Illegal::Blocked(r, c, other));
            }
        }
        let mut next = offsets.to_vec();
        next[i] = target as u8;
        Ok(next)
    }

    /// Every legal slide from `p`, vehicle by vehicle, back (shortest first) before forward,
    /// calling `emit(move, next position)`.
    #[inline]
    pub fn for_each_slide<const W: usize>(
        &self,
        p: &Packed<W>,
        mut emit: impl FnMut(Move, Packed<W>),
    ) {
        let occ = self.occupancy(p);
        for i in 0..self.vehicles().len() {
            let o = self.offset(p, i);
            let (behind, ahead) = self.room(self.lane(&occ, i), i, o);
            for d in 1..=behind {
                let to = self.with_offset(p, i, o - d);
                emit(move_of(i, -(d as i8)), to);
            }
            for d in 1..=ahead {
                let to = self.with_offset(p, i, o + d);
                emit(move_of(i, d as i8), to);
            }
        }
    }

    /// Every one-cell step from `p`, vehicle by vehicle, back before forward.
    #[inline]
    pub fn for_each_step<const W: usize>(
        &self,
        p: &Packed<W>,
        mut emit: impl FnMut(Move, Packed<W>),
    ) {
        let occ = self.occupancy(p);
        for i in 0..self.vehicles().len() {
            let o = self.offset(p, i);
            let (behind, ahead) = self.room(self.lane(&occ, i), i, o);
            if behind > 0 {
                emit(move_of(i, -1), self.shifted(p, i, -1));
            }
            if ahead > 0 {
                emit(move_of(i, 1), self.shifted(p, i, 1));
            }
        }
    }
}

fn move_of(i: usize, delta: i8) -> Move {
    Move {
        vehicle: i as u8,
        delta,
    }
}

/// The step graph: one cell per edge. Its BFS distance is the step count before the exit.
pub struct Steps<'a, const W: usize>(pub &'a Board);

impl<const W: usize> Graph for Steps<'_, W> {
    type State = Packed<W>;
    type Move = Move;
    type Cost = u32;
    #[inline]
    fn successors(&self, p: &Packed<W>, out: &mut Vec<Edge<Packed<W>, Move, u32>>) {
        self.0.for_each_step(p, |m, q| out.push(Edge::unit(m, q)));
    }
}

impl<const W: usize> Reversible for Steps<'_, W> {}

/// The slide graph: one edge per legal slide, costing its distance in cells; BFS over it
/// (edge count) gives moves.
pub struct Slides<'a, const W: usize>(pub &'a Board);

impl<const W: usize> Graph for Slides<'_, W> {
    type State = Packed<W>;
    type Move = Move;
    type Cost = u32;
    #[inline]
    fn successors(&self, p: &Packed<W>, out: &mut Vec<Edge<Packed<W>, Move, u32>>) {
        self.0
            .for_each_slide(p, |m, q| out.push(Edge::new(m, q, m.distance())));
    }
}

impl<const W: usize> Reversible for Slides<'_, W> {}

/// Slides ranked lexicographically, the chosen metric first: Dijkstra on it finds, among the
/// optimal solutions, one that is also best in the other metric (as on 6×6).
pub struct Ranked<'a, const W: usize> {
    /// The board.
    pub board: &'a Board,
    /// True: (moves, steps); false: (steps, moves).
    pub moves_first: bool,
}

impl<const W: usize> Graph for Ranked<'_, W> {
    type State = Packed<W>;
    type Move = Move;
    type Cost = Lex<u32, u32>;
    fn successors(&self, p: &Packed<W>, out: &mut Vec<Edge<Packed<W>, Move, Lex<u32, u32>>>) {
        let moves_first = self.moves_first;
        self.board.for_each_slide(p, |m, q| {
            let cost = if moves_first {
                Lex(1, m.distance())
            } else {
                Lex(m.distance(), 1)
            };
            out.push(Edge::new(m, q, cost));
        });
    }
}

impl<const W: usize> MaskedGraph for Steps<'_, W> {
    type State = Packed<W>;
    /// Operators `2i` (vehicle `i` back) and `2i + 1` (forward) for the first 32 vehicles;
    /// the step that found a state is masked (its reverse leads one level back). Vehicles
    /// past the 32nd are never masked.
    #[inline]
    fn expand(&self, p: &Packed<W>, skip: u64, mut emit: impl FnMut(Packed<W>, u64)) {
        let b = self.0;
        let occ = b.occupancy(p);
        for i in 0..b.vehicles().len() {
            let (back, fwd) = if i < 32 {
                (1u64 << (2 * i), 1u64 << (2 * i + 1))
            } else {
                (0, 0)
            };
            let o = b.offset(p, i);
            let (behind, ahead) = b.room(b.lane(&occ, i), i, o);
            if behind > 0 && skip & back == 0 {
                emit(b.shifted(p, i, -1), fwd);
            }
            if ahead > 0 && skip & fwd == 0 {
                emit(b.shifted(p, i, 1), back);
            }
        }
    }
}

impl<const W: usize> MaskedGraph for Slides<'_, W> {
    type State = Packed<W>;
    /// Operator `i`: every slide of vehicle `i` (first 64 vehicles). After a slide of
    /// vehicle `i`, every further slide of it leads to a position one slide from the state
    /// before, so never farther from the start: it is masked.
    #[inline]
    fn expand(&self, p: &Packed<W>, skip: u64, mut emit: impl FnMut(Packed<W>, u64)) {
        let b = self.0;
        let occ = b.occupancy(p);
        for i in 0..b.vehicles().len() {
            let bit = if i < 64 { 1u64 << i } else { 0 };
            if skip & bit != 0 {
                continue;
            }
            let o = b.offset(p, i);
            let (behind, ahead) = b.room(b.lane(&occ, i), i, o);
            for d in 1..=behind {
                emit(b.with_offset(p, i, o - d), bit);
            }
            for d in 1..=ahead {
                emit(b.with_offset(p, i, o + d), bit);
            }
        }
    }
}
