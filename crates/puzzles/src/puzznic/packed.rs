//! Search states: the board packed at 4 bits per playable cell into `W` 64-bit words.
//!
//! The word count is a const parameter so a small board costs 8 or 16 bytes per state while a
//! 16×16 one still fits; the solver picks the smallest `W` that holds the level.

use super::bits::{Bits, Board, Layout};

/// Cells held by one 64-bit word.
pub const PER_WORD: usize = 16;

/// The lowest bit of every nibble.
const LOW_BITS: u64 = 0x1111_1111_1111_1111;

/// A board as a search state; all-zero words mean an empty board (the goal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Packed<const W: usize>(pub [u64; W]);

impl<const W: usize> Packed<W> {
    /// Approximate bytes a search holds per board it remembers: the board in its seen-set
    /// (with the hash table's slack) and once more in its node list.
    pub const HELD_BYTES: usize = 3 * std::mem::size_of::<Self>();
}

impl<const W: usize> Packed<W> {
    /// Packs one byte per cell (each `0..=15`).
    #[inline]
    pub fn pack(cells: &[u8]) -> Self {
        debug_assert!(cells.len() <= W * PER_WORD);
        let mut words = [0u64; W];
        for (w, chunk) in cells.chunks(PER_WORD).enumerate() {
            let mut word = 0u64;
            for (k, &t) in chunk.iter().enumerate() {
                word |= (t as u64) << (4 * k);
            }
            words[w] = word;
        }
        Packed(words)
    }

    /// Unpacks into `out` (its length is the number of playable cells).
    #[inline]
    pub fn unpack(&self, out: &mut [u8]) {
        for (w, chunk) in out.chunks_mut(PER_WORD).enumerate() {
            let word = self.0[w];
            for (k, t) in chunk.iter_mut().enumerate() {
                *t = ((word >> (4 * k)) & 15) as u8;
            }
        }
    }

    /// The board as bit planes: nibble bit `k` of cell `i` is plane `k`'s bit for the cell.
    /// Only the set bits are visited (a few per piece), not every cell.
    #[inline]
    pub(crate) fn to_board<const K: usize>(self, layout: &Layout) -> Board<K> {
        let mut board = Board::default();
        for (w, &word) in self.0.iter().enumerate() {
            for (k, plane) in board.planes.iter_mut().enumerate() {
                let mut m = (word >> k) & LOW_BITS;
                while m != 0 {
                    let i = w * PER_WORD + m.trailing_zeros() as usize / 4;
                    m &= m - 1;
                    let b = layout.bit[i] as usize;
                    plane.0[b / 64] |= 1 << (b % 64);
                }
            }
        }
        board
    }

    /// Packs a bitboard (the inverse of [`Packed::to_board`]), visiting its set bits only.
    #[inline]
    pub(crate) fn from_board<const K: usize>(layout: &Layout, board: &Board<K>) -> Self {
        let mut words = [0u64; W];
        for (k, plane) in board.planes.iter().enumerate() {
            for b in plane.ones() {
                let i = layout.cell[b] as usize;
                words[i / PER_WORD] |= 1 << (4 * (i % PER_WORD) + k);
            }
        }
        Packed(words)
    }

    /// This packed board with the cells of `changed` rewritten from `board`: packing a
    /// successor costs the cells its cycle changed (two for a plain move), not all its pieces.
    #[inline]
    pub(crate) fn with_changes<const K: usize>(
        self,
        layout: &Layout,
        board: &Board<K>,
        changed: Bits<K>,
    ) -> Self {
        let mut words = self.0;
        for b in changed.ones() {
            let i = layout.cell[b] as usize;
            words[i / PER_WORD] &= !(15 << (4 * (i % PER_WORD)));
        }
        for (k, plane) in board.planes.iter().enumerate() {
            for b in (*plane & changed).ones() {
                let i = layout.cell[b] as usize;
                words[i / PER_WORD] |= 1 << (4 * (i % PER_WORD) + k);
            }
        }
        Packed(words)
    }

    /// True for the goal: no piece left.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let cells: Vec<u8> = (0..37).map(|i| (i * 7 % 10) as u8).collect();
        let p = Packed::<4>::pack(&cells);
        let mut back = vec![0; 37];
        p.unpack(&mut back);
        assert_eq!(back, cells);
        assert!(!p.is_empty());
        assert!(Packed::<4>::pack(&[0; 37]).is_empty());
    }
}
