use std::fmt::Debug;
use std::ops::Add;

/// What a path costs: totally ordered, with a zero (`Default`) and addition.
///
/// Implemented for every such type: `u32`, `u64`, `usize`, and [`Lex`] pairs.
pub trait Cost: Copy + Ord + Default + Add<Output = Self> + Debug {}

impl<T: Copy + Ord + Default + Add<Output = T> + Debug> Cost for T {}

/// A pair of costs compared lexicographically: first `.0`, then `.1` breaks ties.
///
/// Puzznic minimises player moves, then cycles (or the other way round); a `Lex(moves,
/// cycles)` edge cost lets the ordinary [`crate::dijkstra`] do that with no special case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lex<A, B>(pub A, pub B);

impl<A: Add<Output = A>, B: Add<Output = B>> Add for Lex<A, B> {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Lex(self.0 + other.0, self.1 + other.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lex_orders_by_first_then_second() {
        assert!(Lex(1u32, 9u32) < Lex(2, 0));
        assert!(Lex(1u32, 2u32) < Lex(1, 3));
        assert_eq!(Lex(1u32, 2u32) + Lex(3, 4), Lex(4, 6));
        assert_eq!(Lex::<u32, u32>::default(), Lex(0, 0));
    }
}
