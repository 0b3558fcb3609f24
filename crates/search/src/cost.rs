use std::fmt::Debug;
use std::ops::Add;

/// What a path costs: totally ordered, with a zero (`Default`) and addition, and readable as
/// plain numbers ([`Parts`]) so that a bound a search proves can be reported without knowing
/// the cost type.
///
/// Implemented for every such type: `u8` to `u64`, `usize`, and [`Lex`] pairs of them.
pub trait Cost: Copy + Ord + Default + Add<Output = Self> + Debug + Parts {}

impl<T: Copy + Ord + Default + Add<Output = T> + Debug + Parts> Cost for T {}

/// A cost as its numbers, most significant first: one for a count, two for a [`Lex`] pair.
/// This is how a [`crate::Stopped`] search hands its proven lower bound to a caller that
/// words it (a puzzle's "at least 26 moves, then 30 cycles"), instead of text to parse back.
pub trait Parts {
    /// Appends the numbers to `out`.
    fn parts(&self, out: &mut Vec<u64>);
}

macro_rules! plain_parts {
    ($($t:ty),*) => {$(
        impl Parts for $t {
            fn parts(&self, out: &mut Vec<u64>) {
                out.push(*self as u64);
            }
        }
    )*};
}

plain_parts!(u8, u16, u32, u64, usize);

impl<A: Parts, B: Parts> Parts for Lex<A, B> {
    fn parts(&self, out: &mut Vec<u64>) {
        self.0.parts(out);
        self.1.parts(out);
    }
}

/// A lower bound on the optimal cost, proven by a search that stopped before answering: the
/// cost's numbers (see [`Parts`]). Shown as `26`, or `(26, 30)` for a pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound(pub Vec<u64>);

impl Bound {
    /// The bound of a cost.
    pub fn of<C: Parts>(cost: &C) -> Bound {
        let mut parts = Vec::with_capacity(2);
        cost.parts(&mut parts);
        Bound(parts)
    }
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.as_slice() {
            [one] => write!(f, "{one}"),
            parts => {
                let text: Vec<String> = parts.iter().map(u64::to_string).collect();
                write!(f, "({})", text.join(", "))
            }
        }
    }
}

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

    #[test]
    fn bounds_keep_the_numbers_in_order() {
        assert_eq!(Bound::of(&7u32), Bound(vec![7]));
        assert_eq!(Bound::of(&Lex(26u32, 30u64)), Bound(vec![26, 30]));
        assert_eq!(Bound::of(&Lex(Lex(1u8, 2u16), 3usize)).0, vec![1, 2, 3]);
        assert_eq!(Bound(vec![7]).to_string(), "7");
        assert_eq!(Bound::of(&Lex(26u32, 30u32)).to_string(), "(26, 30)");
    }
}
