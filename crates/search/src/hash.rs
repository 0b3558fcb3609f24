//! Where a state's search starts in the engine's open-addressing tables (the sweeps' level
//! index and the compact and slot explorers' state index).

use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// The first table entry to probe for `state` in a table of `2^(64 - shift)` entries: the Fx
/// hash, spread by a multiplication and taken from the top bits (Fx's low bits are weak for
/// packed integers).
#[inline]
pub(crate) fn home<S: Hash>(state: &S, shift: u32) -> usize {
    let mut h = FxHasher::default();
    state.hash(&mut h);
    (h.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}
