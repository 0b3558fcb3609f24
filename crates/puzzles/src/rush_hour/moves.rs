//! The rules: which slides are legal, and the graphs the engine searches.
//!
//! One function, [`Board::slide`], decides legality for the verifier; the successor
//! functions below generate exactly the slides it accepts (a property test checks this), so
//! solver and verifier cannot disagree.

use super::board::{Board, Position, BITS, SIDE};
use gridlock_search::slots::SlotGraph;
use gridlock_search::{Edge, Graph, Lex, Reversible};
use std::fmt;

/// A slide of one vehicle: `delta` cells towards the right/bottom (positive) or the
/// left/top (negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Index of the vehicle in [`Board::vehicles`].
    pub vehicle: u8,
    /// Signed distance in cells, never 0.
    pub delta: i8,
}

impl Move {
    /// Cells travelled: the move's length in steps.
    pub fn distance(self) -> u32 {
        self.delta.unsigned_abs() as u32
    }
}

/// The four directions a move list names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Towards row 6.
    Down,
    /// Towards column 1.
    Left,
    /// Towards column 6 (the exit side).
    Right,
}

impl Direction {
    /// The word used in move lists.
    pub fn word(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// Parses `up|down|left|right` (any case).
    pub fn from_word(word: &str) -> Option<Direction> {
        match word.to_ascii_lowercase().as_str() {
            "up" => Some(Direction::Up),
            "down" => Some(Direction::Down),
            "left" => Some(Direction::Left),
            "right" => Some(Direction::Right),
            _ => None,
        }
    }

    /// Whether this direction moves along rows (left/right).
    pub fn horizontal(self) -> bool {
        matches!(self, Direction::Left | Direction::Right)
    }

    /// +1 towards the right/bottom, -1 towards the left/top.
    pub fn sign(self) -> i8 {
        match self {
            Direction::Up | Direction::Left => -1,
            Direction::Down | Direction::Right => 1,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Why a slide is illegal; the verifier prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The vehicle does not move in that direction.
    WrongAxis,
    /// The slide would take the vehicle past the edge of the board (cells travelled before).
    OffBoard,
    /// The cell (0-based index) is a wall.
    Wall(u8),
    /// The cell (0-based index) holds this vehicle.
    Blocked(u8, u8),
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

    /// Slides vehicle `i` by `delta` cells in direction `dir`, if every cell it passes is free
    /// and inside the board: the single definition of a legal move.
    pub fn slide(
        &self,
        p: Position,
        i: usize,
        dir: Direction,
        distance: u32,
    ) -> Result<Position, Illegal> {
        let v = self.vehicles()[i];
        if v.horizontal != dir.horizontal() {
            return Err(Illegal::WrongAxis);
        }
        let offset = self.offset(p, i) as i32;
        let target = offset + dir.sign() as i32 * distance.min(SIDE as u32) as i32;
        if target < 0 || target > v.max_offset() as i32 || distance > SIDE as u32 {
            return Err(Illegal::OffBoard);
        }
        let owners = self.owners(p);
        let lane = self.lane(i);
        // the cells entered, in the order the vehicle reaches them
        let entered: Vec<u8> = if dir.sign() > 0 {
            (offset + v.len as i32..target + v.len as i32)
                .map(|k| k as u8)
                .collect()
        } else {
            (target..offset).rev().map(|k| k as u8).collect()
        };
        for k in entered {
            let cell = v.cell(k);
            if self.walls() & lane[k as usize] != 0 {
                return Err(Illegal::Wall(cell));
            }
            if let Some(other) = owners[cell as usize] {
                return Err(Illegal::Blocked(cell, other));
            }
        }
        Ok(self.with_offset(p, i, target as u8))
    }

    /// Every legal slide from `p` (each vehicle, each direction, each distance), calling
    /// `emit(move, next position)`.
    #[inline]
    pub fn for_each_slide(&self, p: Position, mut emit: impl FnMut(Move, Position)) {
        self.for_each_reach(p, |i, offset, mut reach| {
            let shift = BITS * i as u32;
            while reach != 0 {
                let to = reach.trailing_zeros() as u8;
                reach &= reach - 1;
                let delta = to as i8 - offset as i8;
                let next = (p & !(7 << shift)) | (to as u64) << shift;
                emit(
                    Move {
                        vehicle: i as u8,
                        delta,
                    },
                    next,
                );
            }
        });
    }

    /// Every one-cell step from `p`, vehicle by vehicle, back before forward: one occupancy
    /// word and one table read per vehicle ([`Board::open_steps`]), then one step per open
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

/// The move and the position of step `slot` from `p`, slots numbered as [`Board::open_steps`]
/// numbers them (`2i` vehicle `i` back, `2i + 1` forward).
#[inline]
fn step_of(p: Position, slot: u32) -> (Move, Position) {
    let vehicle = (slot >> 1) as u8;
    let unit = 1 << (BITS * (slot >> 1));
    if slot & 1 == 1 {
        (Move { vehicle, delta: 1 }, p + unit)
    } else {
        (Move { vehicle, delta: -1 }, p - unit)
    }
}

/// The step graph: one cell per edge, cost 1. Its BFS distance is the contest's step count
/// (before the exit steps).
pub struct Steps<'a>(pub &'a Board);

impl Graph for Steps<'_> {
    type State = Position;
    type Move = Move;
    type Cost = u32;
    #[inline]
    fn successors(&self, p: &Position, out: &mut Vec<Edge<Position, Move, u32>>) {
        self.0.for_each_step(*p, |m, q| out.push(Edge::unit(m, q)));
    }
}

impl Reversible for Steps<'_> {}

/// The step graph in the engine's slot form: slot `2i` steps vehicle `i` back (left/up),
/// `2i + 1` forward, each the other's reverse; the occupancy word rides along and is updated
/// by two bit flips per step. A run of one slot is a slide, so one exploration of this graph
/// answers both metrics.
pub struct StepSlots<'a>(pub &'a Board);

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
        2 * self.0.vehicles().len() as u32
    }
}

/// The slide graph: one edge per legal slide, costing its distance in cells. BFS (edge
/// count) gives moves; the cost-1 edges alone are the step graph, so one explored component
/// answers both metrics.
pub struct Slides<'a>(pub &'a Board);

impl Graph for Slides<'_> {
    type State = Position;
    type Move = Move;
    type Cost = u32;
    fn successors(&self, p: &Position, out: &mut Vec<Edge<Position, Move, u32>>) {
        self.0
            .for_each_slide(*p, |m, q| out.push(Edge::new(m, q, m.distance())));
    }
}

impl Reversible for Slides<'_> {}

/// Slides ranked lexicographically: by the chosen metric first, the other second. Dijkstra on
/// it finds, among all optimal solutions, one that is also best in the other metric.
pub struct Ranked<'a> {
    /// The board.
    pub board: &'a Board,
    /// True: (moves, steps); false: (steps, moves).
    pub moves_first: bool,
}

impl Graph for Ranked<'_> {
    type State = Position;
    type Move = Move;
    type Cost = Lex<u32, u32>;
    fn successors(&self, p: &Position, out: &mut Vec<Edge<Position, Move, Lex<u32, u32>>>) {
        let moves_first = self.moves_first;
        self.board.for_each_slide(*p, |m, q| {
            let cost = if moves_first {
                Lex(1, m.distance())
            } else {
                Lex(m.distance(), 1)
            };
            out.push(Edge::new(m, q, cost));
        });
    }
}
