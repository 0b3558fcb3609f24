//! Who stands on which cell, kept per thread from one bound to the next and brought up to
//! date by the vehicles that moved.
//!
//! **Why.** Every call needs the occupied cells (the cache's key), every miss the owner of
//! each cell (the search's demands); filling both from scratch walked every vehicle (44 on
//! the deep 12×12 boards) per call. The guided search asks for its positions in key order,
//! so one differs from the last asked on the same thread in a few vehicles only: each of
//! those leaves its old cells and takes its new ones, and nothing else changes.
//!
//! **Why it is exact.** Vehicles never overlap, so the occupied cells are the exclusive or
//! of each vehicle's cells, and a cell's owner changes only where a moved vehicle left or
//! came: clearing every moved vehicle's old cells before writing any new one leaves the
//! grid [`Position::fresh`] would build (a test compares them along random walks).
//!
//! **From the key.** The position keeps the packed words it was last given (the guided
//! search's key) and finds the vehicles that moved by comparing words, reading only their
//! offsets ([`Fields::moved`](super::packed::Fields::moved)), not unpacking every vehicle per call.

use super::{Blockers, CELL_WORDS, EMPTY, MAX_VEHICLES};
use crate::rush_hour::board::MAX_SIDE;
use crate::rush_hour::general::MAX_WORDS;
use std::cell::RefCell;

/// One position of one board, as the bound reads it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Position {
    /// The [`Blockers`] it belongs to (its `id`).
    board: u64,
    /// Its packed words, the unused ones zero.
    words: [u64; MAX_WORDS],
    /// Every vehicle's offset.
    pub offsets: [u8; MAX_VEHICLES],
    /// The occupied cells, one bit each (`row * cols + col`).
    pub occupied: [u64; CELL_WORDS],
    /// The vehicle on each cell, [`EMPTY`] where none is.
    pub owner: [u8; MAX_SIDE * MAX_SIDE],
}

thread_local! {
    static LAST: RefCell<Option<Position>> = const { RefCell::new(None) };
}

impl Position {
    /// `offsets` of `b`'s board, built vehicle by vehicle.
    pub fn fresh(b: &Blockers, offsets: &[u8]) -> Self {
        let mut p = Position {
            board: b.id,
            words: b.fields.pack(offsets),
            offsets: [0; MAX_VEHICLES],
            occupied: [0; CELL_WORDS],
            owner: [EMPTY; MAX_SIDE * MAX_SIDE],
        };
        p.offsets[..offsets.len()].copy_from_slice(offsets);
        for (i, &o) in offsets.iter().enumerate() {
            p.enter(b, i, o);
        }
        p
    }

    /// Vehicle `i` takes its cells at offset `o`.
    fn enter(&mut self, b: &Blockers, i: usize, o: u8) {
        for (word, cell) in self.occupied.iter_mut().zip(b.cells(i, o)) {
            *word ^= cell;
        }
        let lane = &b.lanes[i];
        for k in o..o + lane.len {
            self.owner[(lane.base + k * lane.stride) as usize] = i as u8;
        }
    }

    /// Vehicle `i` leaves its cells at offset `o`.
    fn leave(&mut self, b: &Blockers, i: usize, o: u8) {
        for (word, cell) in self.occupied.iter_mut().zip(b.cells(i, o)) {
            *word ^= cell;
        }
        let lane = &b.lanes[i];
        for k in o..o + lane.len {
            self.owner[(lane.base + k * lane.stride) as usize] = EMPTY;
        }
    }

    /// This position turned into the one packed in `words`: the vehicles that moved leave,
    /// then enter.
    fn move_to(&mut self, b: &Blockers, words: &[u64]) {
        let mut moved = [0u8; MAX_VEHICLES];
        let count = b
            .fields
            .moved(&self.words[..words.len()], words, &mut moved);
        for &i in &moved[..count] {
            self.leave(b, i as usize, self.offsets[i as usize]);
        }
        for &i in &moved[..count] {
            let o = b.fields.offset(words, i as usize);
            self.offsets[i as usize] = o;
            self.enter(b, i as usize, o);
        }
        self.words[..words.len()].copy_from_slice(words);
    }
}

/// `f` given the position packed in `words` of `b`'s board as a [`Position`]: this
/// thread's last one brought up to date, or a fresh one if its last was of another board.
pub(super) fn with<T>(b: &Blockers, words: &[u64], f: impl FnOnce(&Position) -> T) -> T {
    LAST.with_borrow_mut(|last| {
        match last {
            Some(p) if p.board == b.id => p.move_to(b, words),
            _ => {
                let offsets = b.fields.unpack(words);
                *last = Some(Position::fresh(b, &offsets[..b.lanes.len()]));
            }
        }
        f(last.as_ref().expect("just set"))
    })
}

#[cfg(test)]
mod tests {
    use super::super::prune::{deep_boards, walk};
    use super::*;

    /// Along random walks from the deep boards, and jumping between them, the position
    /// brought up to date is the one built afresh.
    #[test]
    fn the_position_brought_up_to_date_is_the_fresh_one() {
        let boards: Vec<_> = deep_boards()
            .into_iter()
            .map(|(_, p)| (Blockers::new(p.board(), &p.start), p))
            .collect();
        let mut compared = 0;
        for round in 0..2 {
            for (k, (b, p)) in boards.iter().enumerate() {
                // two positions of three skipped: vehicles move two at a time too
                for o in walk(p.board(), &p.start, 300, round * 7 + k as u64)
                    .iter()
                    .step_by(3)
                {
                    let words = b.fields.pack(o);
                    with(b, &words, |got| assert_eq!(*got, Position::fresh(b, o)));
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 2 * 4 * 100);
    }
}
