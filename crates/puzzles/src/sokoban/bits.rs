//! A set of box cells as `W` 64-bit words: the search state's boxes. Cells are the compact
//! numbers of [`super::maze::Maze`] below its count of live cells, so Boxoban's 10 × 10
//! levels fit one word and a 64 × 64 level at most 64.

/// A set of cells `0 .. 64 * W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);

    /// Is `cell` in the set?
    #[inline]
    pub fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// How many cells are in the set.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Is every cell of `self` in `other`?
    #[inline]
    pub fn is_subset(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// Do `self` and `other` share a cell?
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The cells in increasing order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + bit
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = Bits::<2>::EMPTY;
        for c in [0, 63, 64, 127, 5] {
            s.insert(c);
        }
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 5, 63, 64, 127]);
        assert_eq!(s.count(), 5);
        s.remove(63);
        assert!(!s.has(63) && s.has(64));
        assert_eq!(s.count(), 4);
        let mut t = Bits::<2>::EMPTY;
        t.insert(64);
        assert!(t.is_subset(&s) && t.intersects(&s) && !s.is_subset(&t));
        t.insert(1);
        assert!(!t.is_subset(&s) && t.intersects(&s));
        t.remove(64);
        assert!(!t.intersects(&s));
    }
}
