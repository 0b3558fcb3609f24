//! Where each vehicle's offset lives in the packed words the guided search stores
//! ([`General::field`]), so that the bound reads a position's offsets from its key.
//!
//! **Why.** Unpacking every vehicle's offset per call (44 on the deep 12×12 boards) was about
//! 9 % of the instructions on `hard44_12x12.txt`, while the per-thread position
//! (`bound/position.rs`) needs only the vehicles that moved since its last call, 2.0 on
//! average: the words that differ, and within them the fields whose bits differ, name them.

use super::MAX_VEHICLES;
use crate::rush_hour::board::Board;
use crate::rush_hour::general::{General, MAX_WORDS};

/// No vehicle's field holds this bit.
const NONE: u8 = u8::MAX;

/// The packing of one board's positions: per vehicle its field, per bit of each word the
/// vehicle whose field holds it.
#[derive(Clone, Debug)]
pub(super) struct Fields {
    /// Per vehicle: its word, its shift and its mask (not shifted).
    of: Vec<(u8, u8, u64)>,
    /// Per word and bit, the vehicle whose field holds the bit, [`NONE`] for unused bits.
    at: [[u8; 64]; MAX_WORDS],
}

impl Fields {
    /// The packing [`General::new`] gives `board`: the one of the keys the guided search
    /// hands the bound.
    pub fn new(board: &Board) -> Self {
        let general = General::new(board.clone());
        let mut fields = Fields {
            of: Vec::with_capacity(board.vehicles().len()),
            at: [[NONE; 64]; MAX_WORDS],
        };
        for i in 0..board.vehicles().len() {
            let (word, shift, bits) = general.field(i);
            for bit in shift..shift + bits {
                fields.at[word][bit as usize] = i as u8;
            }
            fields.of.push((word as u8, shift as u8, (1 << bits) - 1));
        }
        fields
    }

    /// Vehicle `i`'s offset in `words`.
    #[inline]
    pub fn offset(&self, words: &[u64], i: usize) -> u8 {
        let (word, shift, mask) = self.of[i];
        ((words[word as usize] >> shift) & mask) as u8
    }

    /// The words of `offsets` (one per vehicle), the unused ones zero.
    pub fn pack(&self, offsets: &[u8]) -> [u64; MAX_WORDS] {
        let mut words = [0; MAX_WORDS];
        for (&(word, shift, _), &o) in self.of.iter().zip(offsets) {
            words[word as usize] |= u64::from(o) << shift;
        }
        words
    }

    /// Every vehicle's offset in `words`.
    pub fn unpack(&self, words: &[u64]) -> [u8; MAX_VEHICLES] {
        let mut offsets = [0; MAX_VEHICLES];
        for (i, o) in offsets.iter_mut().enumerate().take(self.of.len()) {
            *o = self.offset(words, i);
        }
        offsets
    }

    /// Writes into `moved` the vehicles whose offsets differ between `old` and `new`, in
    /// order, and returns how many: per differing word, the field of its lowest differing
    /// bit, then that field's bits cleared.
    pub fn moved(&self, old: &[u64], new: &[u64], moved: &mut [u8; MAX_VEHICLES]) -> usize {
        let mut count = 0;
        for (k, (a, b)) in old.iter().zip(new).enumerate() {
            let mut diff = a ^ b;
            while diff != 0 {
                let i = self.at[k][diff.trailing_zeros() as usize];
                let (_, shift, mask) = self.of[i as usize];
                moved[count] = i;
                count += 1;
                diff &= !(mask << shift);
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::super::prune::{deep_boards, walk};
    use super::*;

    /// Along random walks from the deep boards, two positions of three skipped: the packed
    /// words read back every offset, and the vehicles found moved are exactly those whose
    /// offsets differ.
    #[test]
    fn the_moved_fields_are_the_vehicles_whose_offsets_differ() {
        let mut compared = 0;
        for (k, (name, p)) in deep_boards().into_iter().enumerate() {
            let fields = Fields::new(p.board());
            let n = p.start.len();
            let mut last = p.start.clone();
            for o in walk(p.board(), &p.start, 300, 40 + k as u64)
                .iter()
                .step_by(3)
            {
                let (old, new) = (fields.pack(&last), fields.pack(o));
                assert_eq!(fields.unpack(&new)[..n], o[..], "{name}");
                let mut moved = [0; MAX_VEHICLES];
                let count = fields.moved(&old, &new, &mut moved);
                let want: Vec<u8> = (0..n as u8)
                    .filter(|&i| last[i as usize] != o[i as usize])
                    .collect();
                assert_eq!(moved[..count], want[..], "{name} {last:?} {o:?}");
                last = o.clone();
                compared += 1;
            }
        }
        assert_eq!(compared, 4 * 100);
    }
}
