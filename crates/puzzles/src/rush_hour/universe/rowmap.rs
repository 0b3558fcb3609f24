//! A map from a layout's row tuples to small numbers (the blocks laid out so far), emptied in
//! constant time between layouts: a layout touches a few of the 6⁶ row tuples, and millions of
//! layouts are swept, so clearing the whole array each time would cost more than the sweep of
//! a small layout.

use super::lanes::MAX_DIGITS;

/// Row tuple index → value, valid where its stamp is the current generation.
#[derive(Default)]
pub(super) struct RowMap {
    value: Vec<u32>,
    stamp: Vec<u32>,
    generation: u32,
}

impl RowMap {
    /// Forgets every entry (allocating the arrays on first use).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 || self.stamp.is_empty() {
            let n = MAX_DIGITS.pow(6);
            self.stamp = vec![0; n];
            self.value = vec![0; n];
            self.generation = 1;
        }
    }

    /// The value of row tuple `row_index`, if one was set since the last [`RowMap::clear`].
    #[inline]
    pub fn get(&self, row_index: usize) -> Option<u32> {
        (self.stamp[row_index] == self.generation).then(|| self.value[row_index])
    }

    /// Sets the value of row tuple `row_index`.
    #[inline]
    pub fn set(&mut self, row_index: usize, value: u32) {
        self.stamp[row_index] = self.generation;
        self.value[row_index] = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_last_until_the_next_clear() {
        let mut m = RowMap::default();
        m.clear();
        assert_eq!(m.get(7), None);
        m.set(7, 3);
        m.set(0, 9);
        assert_eq!((m.get(7), m.get(0), m.get(8)), (Some(3), Some(9), None));
        m.clear();
        assert_eq!((m.get(7), m.get(0)), (None, None));
        m.set(7, 4);
        assert_eq!(m.get(7), Some(4));
        // a wrapped generation starts over with fresh stamps
        m.generation = u32::MAX;
        m.clear();
        assert_eq!(m.get(7), None);
    }
}
