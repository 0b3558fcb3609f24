//! The rules on an R×C board: which slides are legal, and the graphs the engine searches.
//!
//! [`Board::slide`] decides legality for the verifier, cell by cell; the successor functions
//! generate moves from the lane masks of [`Board::occupancy`] ([`Board::room`]), and a
//! property test checks that they produce exactly the slides `slide` accepts.

use super::board::{Board, Packed};
use crate::rush_hour::moves::{Direction, Move};
use gridlock_search::{Edge, Graph, Lex, Reversible};

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
