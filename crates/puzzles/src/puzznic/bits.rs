//! Bitboards for the rules: a board as four bit planes over the bounding box of the playable
//! cells, so that falling, matching groups and gravity are a few word operations for the whole
//! board instead of a loop over its cells.
//!
//! Bit `b = (row - top) * stride + (col - left)` stands for a grid cell of the bounding box of
//! the playable cells (`stride` is the box's width, at most 16, so a board fits in 256 bits).
//! Row-major bits keep the order of the playable numbering of [`super::Geometry`]: walking
//! the bits upwards meets the playable cells in index order. The cell below bit `b` is bit
//! `b + stride` and the one to its right is bit `b + 1` (only when [`Layout::has_right`] says
//! the two are neighbours: the last column's `b + 1` is the next row's first cell).
//!
//! A piece type is `1..=9`, four bits: plane `k` holds bit `k` of the type of every cell, so
//! two cells hold the same type exactly when all four planes agree on them, and a cell is
//! occupied when any plane has it.

use super::board::NONE;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// 64-bit words of the widest [`Bits`]: 256 bits, the 16×16 grid of the general mode.
pub(crate) const WORDS: usize = 4;

/// A set of cells of the bounding box as bits (see the module comment), in `K` 64-bit words.
/// The solver picks the fewest words that hold the level's box (one for most NES levels and
/// every contest board), so that each operation is one to four word instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Bits<const K: usize>(pub(crate) [u64; K]);

impl<const K: usize> Default for Bits<K> {
    fn default() -> Self {
        Bits([0; K])
    }
}

impl<const K: usize> Bits<K> {
    /// The empty set.
    pub(crate) const ZERO: Bits<K> = Bits([0; K]);

    /// The set holding bit `b` alone.
    #[inline]
    pub(crate) fn bit(b: usize) -> Self {
        let mut w = [0; K];
        w[b / 64] = 1 << (b % 64);
        Bits(w)
    }

    /// The first `K` words of a full-width set (the layout's masks, which have no bits past
    /// the box).
    #[inline]
    pub(crate) fn narrow(wide: &Bits<WORDS>) -> Self {
        let mut w = [0; K];
        w.copy_from_slice(&wide.0[..K]);
        Bits(w)
    }

    /// Whether bit `b` is in the set.
    #[inline]
    pub(crate) fn has(self, b: usize) -> bool {
        self.0[b / 64] >> (b % 64) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub(crate) fn is_zero(self) -> bool {
        self.0.iter().fold(0, |a, &w| a | w) == 0
    }

    /// Number of bits in the set.
    #[inline]
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Bit `b` of the result is bit `b + k` of `self`: "the cell `k` bits later" (the one
    /// below for `k = stride`, to the right for `k = 1`).
    #[inline]
    pub(crate) fn later(self, k: usize) -> Self {
        let mut out = [0u64; K];
        if k == 0 {
            return self;
        }
        if k < 64 {
            // The common case (one cell right, one row down): no whole-word offset.
            for (i, o) in out.iter_mut().enumerate() {
                let carry = if i + 1 < K {
                    self.0[i + 1] << (64 - k)
                } else {
                    0
                };
                *o = self.0[i] >> k | carry;
            }
            return Bits(out);
        }
        let (q, r) = (k / 64, (k % 64) as u32);
        for (i, o) in out.iter_mut().enumerate() {
            let j = i + q;
            if j < K {
                let carry = if r != 0 && j + 1 < K {
                    self.0[j + 1] << (64 - r)
                } else {
                    0
                };
                *o = self.0[j] >> r | carry;
            }
        }
        Bits(out)
    }

    /// Bit `b + k` of the result is bit `b` of `self`: the inverse of [`Bits::later`].
    #[inline]
    pub(crate) fn earlier(self, k: usize) -> Self {
        let mut out = [0u64; K];
        if k == 0 {
            return self;
        }
        if k < 64 {
            for (i, o) in out.iter_mut().enumerate() {
                let carry = if i >= 1 { self.0[i - 1] >> (64 - k) } else { 0 };
                *o = self.0[i] << k | carry;
            }
            return Bits(out);
        }
        let (q, r) = (k / 64, (k % 64) as u32);
        for (i, o) in out.iter_mut().enumerate() {
            if i >= q {
                let j = i - q;
                let carry = if r != 0 && j >= 1 {
                    self.0[j - 1] >> (64 - r)
                } else {
                    0
                };
                *o = self.0[j] << r | carry;
            }
        }
        Bits(out)
    }

    /// The bits of the set, ascending.
    #[inline]
    pub(crate) fn ones(self) -> impl Iterator<Item = usize> {
        let mut w = 0;
        let mut rest = self.0[0];
        std::iter::from_fn(move || loop {
            if rest != 0 {
                let b = w * 64 + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                return Some(b);
            }
            w += 1;
            if w >= K {
                return None;
            }
            rest = self.0[w];
        })
    }

    /// The bits of the set, descending (bottom-up on the board).
    #[inline]
    pub(crate) fn ones_rev(self) -> impl Iterator<Item = usize> {
        let mut w = K - 1;
        let mut rest = self.0[w];
        std::iter::from_fn(move || loop {
            if rest != 0 {
                let top = 63 - rest.leading_zeros() as usize;
                rest &= !(1 << top);
                return Some(w * 64 + top);
            }
            if w == 0 {
                return None;
            }
            w -= 1;
            rest = self.0[w];
        })
    }
}

macro_rules! wordwise {
    ($trait:ident, $method:ident, $op:tt) => {
        impl<const K: usize> $trait for Bits<K> {
            type Output = Bits<K>;
            #[inline]
            fn $method(self, other: Bits<K>) -> Bits<K> {
                let mut out = self.0;
                for (o, w) in out.iter_mut().zip(other.0) {
                    *o $op w;
                }
                Bits(out)
            }
        }
    };
}
wordwise!(BitAnd, bitand, &=);
wordwise!(BitOr, bitor, |=);
wordwise!(BitXor, bitxor, ^=);

impl<const K: usize> Not for Bits<K> {
    type Output = Bits<K>;
    #[inline]
    fn not(self) -> Bits<K> {
        Bits(self.0.map(|w| !w))
    }
}

/// Where each playable cell sits in the bitboards of one level, and the fixed masks the rules
/// need (built once per level by [`super::Puzzle::new`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    /// Width of the bounding box: the distance in bits from a cell to the cell below.
    pub(crate) stride: usize,
    /// Height of the bounding box (how far falling can chain).
    pub(crate) rows: usize,
    /// Playable index → bit.
    pub(crate) bit: Vec<u16>,
    /// Bit → playable index, or [`NONE`] (a wall, or a cell no piece can reach).
    pub(crate) cell: Vec<u16>,
    /// 64-bit words the box needs (1, 2 or 4: the `K` of the bitboards that fit).
    pub(crate) words: usize,
    /// Playable cells whose cell below is playable (the others stand on a wall).
    pub(crate) has_down: Bits<WORDS>,
    /// Playable cells whose right neighbour is playable.
    pub(crate) has_right: Bits<WORDS>,
    /// Playable cells whose left neighbour is playable.
    pub(crate) has_left: Bits<WORDS>,
}

impl Layout {
    /// The layout of playable cells at `pos` (row-major (row, column)) with the given
    /// neighbour tables of [`super::Geometry`].
    pub(crate) fn new(pos: &[(u8, u8)], down: &[u16], left: &[u16], right: &[u16]) -> Layout {
        if pos.is_empty() {
            return Layout::default();
        }
        let top = pos.iter().map(|p| p.0 as usize).min().unwrap_or(0);
        let bottom = pos.iter().map(|p| p.0 as usize).max().unwrap_or(0);
        let first = pos.iter().map(|p| p.1 as usize).min().unwrap_or(0);
        let last = pos.iter().map(|p| p.1 as usize).max().unwrap_or(0);
        let (stride, rows) = (last - first + 1, bottom - top + 1);
        assert!(stride * rows <= WORDS * 64, "a board is at most 16×16");
        let bit: Vec<u16> = pos
            .iter()
            .map(|&(r, c)| ((r as usize - top) * stride + c as usize - first) as u16)
            .collect();
        let mut cell = vec![NONE; stride * rows];
        let (mut has_down, mut has_right, mut has_left) =
            (Bits::<WORDS>::ZERO, Bits::ZERO, Bits::ZERO);
        for (i, &b) in bit.iter().enumerate() {
            let b = b as usize;
            cell[b] = i as u16;
            let one = Bits::bit(b);
            if down[i] != NONE {
                debug_assert_eq!(bit[down[i] as usize] as usize, b + stride);
                has_down = has_down | one;
            }
            if right[i] != NONE {
                debug_assert_eq!(bit[right[i] as usize] as usize, b + 1);
                has_right = has_right | one;
            }
            if left[i] != NONE {
                debug_assert_eq!(bit[left[i] as usize] as usize + 1, b);
                has_left = has_left | one;
            }
        }
        Layout {
            stride,
            rows,
            words: match (stride * rows).div_ceil(64) {
                0..=1 => 1,
                2 => 2,
                _ => WORDS,
            },
            bit,
            cell,
            has_down,
            has_right,
            has_left,
        }
    }
}

/// A board as four bit planes (see the module comment): what the rules compute on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board<const K: usize> {
    pub(crate) planes: [Bits<K>; 4],
}

impl<const K: usize> Default for Board<K> {
    fn default() -> Self {
        Board {
            planes: [Bits::ZERO; 4],
        }
    }
}

impl<const K: usize> Board<K> {
    /// The board of one byte per playable cell (`0` empty, `1..=9` a type).
    pub(crate) fn from_cells(layout: &Layout, cells: &[u8]) -> Self {
        let mut board = Board::default();
        for (i, &t) in cells.iter().enumerate() {
            if t != 0 {
                board.put(layout.bit[i] as usize, t);
            }
        }
        board
    }

    /// Puts a piece of type `t` on the empty cell of bit `b`.
    #[inline]
    pub(crate) fn put(&mut self, b: usize, t: u8) {
        let (w, one) = (b / 64, 1u64 << (b % 64));
        for (k, plane) in self.planes.iter_mut().enumerate() {
            if t >> k & 1 == 1 {
                plane.0[w] |= one;
            }
        }
    }

    /// The occupied cells.
    #[inline]
    pub(crate) fn occupied(&self) -> Bits<K> {
        let [a, b, c, d] = self.planes;
        a | b | c | d
    }

    /// The type on the cell of bit `b` (`0` when empty).
    #[inline]
    pub(crate) fn type_at(&self, b: usize) -> u8 {
        let (w, s) = (b / 64, b % 64);
        let [p0, p1, p2, p3] = &self.planes;
        let bit = |p: &Bits<K>| (p.0[w] >> s & 1) as u8;
        bit(p0) | bit(p1) << 1 | bit(p2) << 2 | bit(p3) << 3
    }

    /// The cells holding type `t` (`1..=9`).
    #[inline]
    pub(crate) fn of_type(&self, t: u8) -> Bits<K> {
        let mut out = Bits([!0; K]);
        for (k, &p) in self.planes.iter().enumerate() {
            out = out & if t >> k & 1 == 1 { p } else { !p };
        }
        out
    }

    /// Cells whose type differs from that of the cell `k` bits later (or is occupied while
    /// that one is empty, and so on; only meaningful where both are pieces).
    #[inline]
    pub(crate) fn differs_from_later(&self, k: usize) -> Bits<K> {
        self.planes
            .iter()
            .fold(Bits::ZERO, |acc, &p| acc | (p ^ p.later(k)))
    }

    /// The cells where the two boards hold different things.
    #[inline]
    pub(crate) fn differs(&self, other: &Board<K>) -> Bits<K> {
        let mut out = Bits::ZERO;
        for (p, q) in self.planes.iter().zip(&other.planes) {
            out = out | (*p ^ *q);
        }
        out
    }

    /// Empties the cells of `gone`.
    #[inline]
    pub(crate) fn remove(&mut self, gone: Bits<K>) {
        for p in &mut self.planes {
            *p = *p & !gone;
        }
    }

    /// Moves the piece on bit `from` to the empty bit `to`.
    #[inline]
    pub(crate) fn shift_piece(&mut self, from: usize, to: usize) {
        let (f, t) = (Bits::<K>::bit(from), Bits::<K>::bit(to));
        for p in &mut self.planes {
            if p.has(from) {
                *p = (*p & !f) | t;
            }
        }
    }

    /// Moves every piece of `fall` one cell down (`stride` bits later), all at once.
    #[inline]
    pub(crate) fn drop(&mut self, fall: Bits<K>, stride: usize) {
        for p in &mut self.planes {
            *p = (*p & !fall) | (*p & fall).earlier(stride);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_words_both_ways() {
        let x = Bits::<4>::bit(63) | Bits::bit(64) | Bits::bit(200);
        assert_eq!(x.later(1), Bits::bit(62) | Bits::bit(63) | Bits::bit(199));
        assert_eq!(x.earlier(1), Bits::bit(64) | Bits::bit(65) | Bits::bit(201));
        assert_eq!(x.later(70), Bits::bit(130));
        assert_eq!(x.earlier(70), Bits::bit(133) | Bits::bit(134));
        assert_eq!(x.later(128), Bits::bit(72));
        assert_eq!(x.earlier(0), x);
        assert_eq!(x.ones().collect::<Vec<_>>(), vec![63, 64, 200]);
        assert_eq!(x.ones_rev().collect::<Vec<_>>(), vec![200, 64, 63]);
        assert!(Bits::<4>::ZERO.is_zero() && !x.is_zero());
        assert_eq!(
            Bits::<4>::ZERO.ones().count() + Bits::<4>::ZERO.ones_rev().count(),
            0
        );
        // One word: bits shifted out are lost, not wrapped.
        let y = Bits::<1>::bit(0) | Bits::bit(63);
        assert_eq!(y.later(1), Bits::bit(62));
        assert_eq!(y.earlier(1), Bits::bit(1));
        assert_eq!(y.later(64), Bits::ZERO);
        assert_eq!(Bits::<2>::bit(3).earlier(64), Bits::bit(67));
        assert_eq!(Bits::<2>::narrow(&x), Bits::bit(63) | Bits::bit(64));
    }

    #[test]
    fn planes_hold_types() {
        let mut b = Board::<4>::default();
        for (bit, t) in [(0, 1u8), (5, 9), (100, 6), (255, 8)] {
            b.put(bit, t);
        }
        assert_eq!(b.type_at(5), 9);
        assert_eq!(b.type_at(255), 8);
        assert_eq!(b.type_at(6), 0);
        assert_eq!(b.of_type(6), Bits::bit(100));
        assert_eq!(b.occupied().ones().count(), 4);
        b.shift_piece(100, 101);
        assert_eq!(b.type_at(101), 6);
        assert_eq!(b.type_at(100), 0);
    }
}
