//! The R×C model: a [`General`] (the board and its packing layout) and the packed position
//! [`Packed`] the searches store.
//!
//! A vehicle never leaves its lane, so a position is one offset per vehicle. Each vehicle gets
//! just the bits its lane needs (`ceil(log2(max offset + 1))`: 3 on an 8-cell lane, 4 on a
//! 12-cell one), packed into 64-bit words without straddling a word boundary, so a 9×9 board
//! of up to 21 vehicles is one `u64` and a full 12×12 board (72 cars) is five. The searches
//! are generic over the word count `W` and pick the smallest that fits ([`General::words`]).
//!
//! Occupancy is one 16-bit mask per row and one per column, so every lane is a `u16` and the
//! free run in front of and behind a vehicle is one shift and one bit count.

use crate::rush_hour::board::{Board, MAX_SIDE};
use std::hash::{Hash, Hasher};

/// The most 64-bit words a packed position needs (72 vehicles of 4 bits, 16 per word).
pub const MAX_WORDS: usize = 5;

/// Where a vehicle's offset lives in a packed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Field {
    word: u8,
    shift: u8,
    mask: u64,
}

/// A packed position of `W` words: every vehicle's offset in its lane. Hashing writes the
/// words only (an array's `Hash` would add its length to every hash).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Packed<const W: usize>(pub [u64; W]);

impl<const W: usize> Hash for Packed<W> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        for w in self.0 {
            state.write_u64(w);
        }
    }
}

impl<const W: usize> gridlock_search::RadixKey for Packed<W> {
    const WORDS: usize = W;
    #[inline]
    fn word(&self, i: usize) -> u64 {
        self.0[i]
    }
}

/// A board prepared for the R×C searches: its walls by column too, and where each vehicle's
/// offset lives in a packed position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct General {
    board: Board,
    /// `walls_t[c]`: bit `r` set when cell (r, c) is a wall.
    walls_t: [u16; MAX_SIDE],
    fields: Vec<Field>,
    words: usize,
}

/// Occupancy of a position: one mask per row (bit = column) and per column (bit = row),
/// walls included, with every bit past the board's edge set, so "free" never runs off it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// Per row.
    pub rows: [u16; MAX_SIDE],
    /// Per column.
    pub cols: [u16; MAX_SIDE],
}

impl General {
    /// The model of `board` (any shape; it packs up to 72 vehicles).
    pub fn new(board: Board) -> Self {
        let (rows, cols) = (board.rows(), board.cols());
        let mut walls_t = [0u16; MAX_SIDE];
        for (r, &row) in board.walls().iter().enumerate().take(rows) {
            for (c, col) in walls_t.iter_mut().enumerate().take(cols) {
                if row & 1 << c != 0 {
                    *col |= 1 << r;
                }
            }
        }
        let mut fields = Vec::with_capacity(board.vehicles().len());
        let (mut word, mut used) = (0u8, 0u32);
        for i in 0..board.vehicles().len() {
            let max = board.max_offset(i) as u32;
            let bits = (32 - max.leading_zeros()).max(1);
            if used + bits > 64 {
                word += 1;
                used = 0;
            }
            fields.push(Field {
                word,
                shift: used as u8,
                mask: (1 << bits) - 1,
            });
            used += bits;
        }
        let words = if fields.is_empty() {
            1
        } else {
            word as usize + 1
        };
        assert!(
            words <= MAX_WORDS,
            "too many vehicles for a packed position"
        );
        General {
            board,
            walls_t,
            fields,
            words,
        }
    }

    /// The board described.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The 64-bit words a packed position of this board needs (1..=[`MAX_WORDS`]).
    pub fn words(&self) -> usize {
        self.words
    }

    /// Bits of a packed position actually used (for the figures on memory per position).
    pub fn bits_used(&self) -> u32 {
        self.fields.iter().map(|f| f.mask.count_ones()).sum()
    }

    /// Where vehicle `i`'s offset lives in a packed position: `(word, shift, bits)`, the
    /// offset being `(p.0[word] >> shift) & ((1 << bits) - 1)`. For readers that keep a
    /// position's words and look only at the fields that changed (the bound's per-thread
    /// position), rather than unpacking every vehicle.
    pub fn field(&self, i: usize) -> (usize, u32, u32) {
        let f = self.fields[i];
        (f.word as usize, u32::from(f.shift), f.mask.count_ones())
    }

    /// Offset of vehicle `i` in `p`.
    #[inline]
    pub fn offset<const W: usize>(&self, p: &Packed<W>, i: usize) -> u8 {
        let f = self.fields[i];
        ((p.0[f.word as usize] >> f.shift) & f.mask) as u8
    }

    /// `p` with vehicle `i` at `offset`.
    #[inline]
    pub fn with_offset<const W: usize>(&self, p: &Packed<W>, i: usize, offset: u8) -> Packed<W> {
        let f = self.fields[i];
        let mut q = *p;
        let w = &mut q.0[f.word as usize];
        *w = (*w & !(f.mask << f.shift)) | (offset as u64) << f.shift;
        q
    }

    /// `p` with vehicle `i` moved by `delta` cells (the caller checked it is legal).
    #[inline]
    pub fn shifted<const W: usize>(&self, p: &Packed<W>, i: usize, delta: i8) -> Packed<W> {
        let f = self.fields[i];
        let mut q = *p;
        let unit = 1u64 << f.shift;
        let w = &mut q.0[f.word as usize];
        if delta > 0 {
            *w += unit * delta as u64;
        } else {
            *w -= unit * delta.unsigned_abs() as u64;
        }
        q
    }

    /// Packs one offset per vehicle.
    pub fn pack<const W: usize>(&self, offsets: &[u8]) -> Packed<W> {
        debug_assert_eq!(offsets.len(), self.fields.len());
        offsets
            .iter()
            .enumerate()
            .fold(Packed([0; W]), |p, (i, &o)| self.with_offset(&p, i, o))
    }

    /// One offset per vehicle.
    pub fn unpack<const W: usize>(&self, p: &Packed<W>) -> Vec<u8> {
        (0..self.fields.len()).map(|i| self.offset(p, i)).collect()
    }

    /// The occupancy of `p` (walls and vehicles, every bit past the edge set).
    #[inline]
    pub fn occupancy<const W: usize>(&self, p: &Packed<W>) -> Occupancy {
        let row_edge = !((1u16 << self.board.cols()) - 1);
        let col_edge = !((1u16 << self.board.rows()) - 1);
        let mut occ = Occupancy {
            rows: self.board.walls().map(|w| w | row_edge),
            cols: self.walls_t.map(|w| w | col_edge),
        };
        for (i, v) in self.board.vehicles().iter().enumerate() {
            let o = self.offset(p, i);
            let line = v.line as usize;
            let body = ((1u16 << v.len) - 1) << o;
            if v.horizontal {
                occ.rows[line] |= body;
                for k in o..o + v.len {
                    occ.cols[k as usize] |= 1 << line;
                }
            } else {
                occ.cols[line] |= body;
                for k in o..o + v.len {
                    occ.rows[k as usize] |= 1 << line;
                }
            }
        }
        occ
    }

    /// The lane occupancy of vehicle `i` (bit `k` = lane cell `k`, past the edge set).
    #[inline]
    pub fn lane(&self, occ: &Occupancy, i: usize) -> u16 {
        let v = &self.board.vehicles()[i];
        if v.horizontal {
            occ.rows[v.line as usize]
        } else {
            occ.cols[v.line as usize]
        }
    }

    /// How far vehicle `i` at `offset` can slide back (left/up) and forward (right/down) in
    /// its lane `lane` (which holds the vehicle itself).
    #[inline]
    pub fn room(&self, lane: u16, i: usize, offset: u8) -> (u8, u8) {
        let len = self.board.vehicles()[i].len;
        let lane = lane as u32;
        let ahead = (lane >> (offset + len)).trailing_zeros() as u8;
        let behind = if offset == 0 {
            0
        } else {
            ((lane << (32 - offset as u32)).leading_zeros() as u8).min(offset)
        };
        (behind, ahead)
    }

    /// True when the red car covers the exit cells.
    #[inline]
    pub fn is_goal<const W: usize>(&self, p: &Packed<W>) -> bool {
        self.board.goal().is_some_and(|g| self.offset(p, 0) == g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush_hour::board::tests::car;
    use crate::rush_hour::board::Vehicle;

    fn general(
        rows: usize,
        cols: usize,
        vehicles: Vec<Vehicle>,
        walls: [u16; MAX_SIDE],
        exit: usize,
    ) -> General {
        General::new(Board::new(rows, cols, vehicles, walls, exit))
    }

    #[test]
    fn fields_are_sized_to_their_lanes_and_never_straddle_words() {
        // 12-cell lanes: 4 bits each, 16 per word
        let cars: Vec<Vehicle> = (0..72).map(|i| car('B', true, (i / 6) as u8, 2)).collect();
        let b = general(12, 12, cars, [0; MAX_SIDE], 2);
        assert_eq!(b.words(), 5);
        assert_eq!(b.bits_used(), 288);
        let offsets: Vec<u8> = (0..72).map(|i| (i % 11) as u8).collect();
        let p: Packed<5> = b.pack(&offsets);
        assert_eq!(b.unpack(&p), offsets);
        // 8-cell lanes: cars 0..=6 and trucks 0..=5 both take 3 bits
        let b = general(
            8,
            8,
            vec![car('A', true, 2, 2), car('B', false, 0, 3)],
            [0; 12],
            2,
        );
        assert_eq!((b.words(), b.bits_used()), (1, 6));
    }

    /// The fields `field` describes read back every offset packed, and no two overlap.
    #[test]
    fn each_field_reads_its_vehicles_offset_and_no_two_overlap() {
        let mut vehicles: Vec<Vehicle> = (0..6).map(|i| car('B', true, i, 2)).collect();
        vehicles.extend((0..12).map(|i| car('C', false, i, 3)));
        vehicles.extend((6..12).map(|i| car('D', true, i, 4)));
        let b = general(12, 12, vehicles, [0; MAX_SIDE], 2);
        assert_eq!(b.words(), 2);
        let mut seed = 7u64;
        for _ in 0..200 {
            let offsets: Vec<u8> = (0..b.board().vehicles().len())
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    ((seed >> 33) % (u64::from(b.board().max_offset(i)) + 1)) as u8
                })
                .collect();
            let p: Packed<2> = b.pack(&offsets);
            let mut used = [0u64; 2];
            for (i, &o) in offsets.iter().enumerate() {
                let (word, shift, bits) = b.field(i);
                let mask = ((1u64 << bits) - 1) << shift;
                assert_eq!(((p.0[word] & mask) >> shift) as u8, o, "vehicle {i}");
                assert_eq!(used[word] & mask, 0, "vehicle {i} overlaps");
                used[word] |= mask;
            }
        }
    }

    #[test]
    fn room_counts_free_cells_to_the_next_obstacle_or_edge() {
        let b = general(5, 9, vec![car('A', true, 1, 2)], [0; MAX_SIDE], 1);
        let occ = b.occupancy(&b.pack::<1>(&[3]));
        let lane = b.lane(&occ, 0);
        assert_eq!(b.room(lane, 0, 3), (3, 4));
        let mut walls = [0u16; MAX_SIDE];
        walls[1] = 1 << 1 | 1 << 7;
        let b = general(5, 9, vec![car('A', true, 1, 2)], walls, 1);
        let occ = b.occupancy(&b.pack::<1>(&[3]));
        assert_eq!(b.room(b.lane(&occ, 0), 0, 3), (1, 2));
        // a vertical truck at the bottom of a 12-row column
        let b = general(12, 4, vec![car('B', false, 3, 3)], [0; MAX_SIDE], 1);
        let occ = b.occupancy(&b.pack::<1>(&[9]));
        assert_eq!(b.room(b.lane(&occ, 0), 0, 9), (9, 0));
        assert_eq!(occ.rows[11] & 0xF, 1 << 3);
    }

    #[test]
    fn the_goal_is_the_red_car_on_the_right_end_of_the_exit_row() {
        let b = general(7, 9, vec![car('A', true, 4, 3)], [0; MAX_SIDE], 4);
        assert!(b.is_goal(&b.pack::<1>(&[6])));
        assert!(!b.is_goal(&b.pack::<1>(&[5])));
        let elsewhere = general(7, 9, vec![car('A', true, 4, 3)], [0; 12], 3);
        assert!(!elsewhere.is_goal(&elsewhere.pack::<1>(&[6])));
    }
}
