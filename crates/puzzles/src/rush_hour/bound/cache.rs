//! The bound's per-thread cache: a position's bound computed once for every position that
//! agrees with it on what the bound read.
//!
//! **Why it is exact.** The branch and bound reads a position in two ways only: the offset
//! of a vehicle it gives a need or a demand to (the red car, and every vehicle it finds on a
//! cell passed over), and the owner of a cell passed over. Everything else it uses is the
//! board's (walls, lanes, room). So a second position on which those vehicles stand where
//! they stood, and those cells are occupied where they were and empty where they were,
//! makes the search read the same values in the same order: the same bound. An occupied
//! cell of the first position held one of those vehicles (the search records whoever it
//! finds), which stands there again, so the owners agree too.
//!
//! **Why it pays.** A level's new positions are mostly one slide from each other's parents,
//! and most slides move a vehicle the bound never reads (on a 44-vehicle 12×12 board it
//! reads a few lanes around the red car's path). Every such position shares its parent's
//! siblings' bound.
//!
//! **Shape.** Sets of [`WAYS`] entries, chosen by the red car's offset and who stands on its
//! path (always read, so positions that agree on the reads share a set); a missing entry
//! replaces the set's ways in turn. Per thread (the bound runs on every core for a large
//! level), so no locks; a hit gives exactly what a miss computes, so answers and `--stats`
//! do not depend on the threads or on what a thread saw before.

use super::{Blockers, CELL_WORDS, MAX_VEHICLES};
use crate::rush_hour::moves::Metric;
use std::cell::RefCell;

/// Sets of the cache (a power of two). With [`WAYS`], 32 Ki entries of 160 bytes: 5 MiB
/// per thread. Eight times as many gave the same CPU on `deep_12x12.txt` in moves (8.5
/// against 8.6 s, 12.04 G instructions on `hard44_12x12.txt` both) for 40 MiB per thread.
const SETS: usize = 1 << 12;

/// Entries per set: positions with the same red car's path but different lanes beyond it.
const WAYS: usize = 8;

/// What the cache needs of a position before any search.
pub(super) struct Layout {
    /// The occupied cells, one bit each.
    pub occupied: [u64; CELL_WORDS],
    /// The red car's offset at the exit.
    pub goal: u8,
}

/// What of a position one search read: the vehicles whose offsets it used (one bit each)
/// and the cells whose owner it looked up.
pub(super) struct Reads {
    pub touched: u128,
    pub scanned: [u64; CELL_WORDS],
}

/// One cached bound and the reads it depends on.
#[derive(Clone)]
struct Entry {
    /// The [`Blockers`] it was computed with (0: never filled).
    board: u64,
    metric: Metric,
    value: u32,
    reads: [u64; CELL_WORDS],
    /// Which of the read cells were occupied.
    occupied: [u64; CELL_WORDS],
    touched: u128,
    offsets: [u8; MAX_VEHICLES],
}

/// This thread's entries, and per set the way to replace next.
struct Cache {
    entries: Vec<Entry>,
    next: Vec<u8>,
}

thread_local! {
    static CACHE: RefCell<Option<Cache>> = const { RefCell::new(None) };
}

impl Entry {
    /// Whether the position (`offsets`, `layout`) agrees with this entry's on every read.
    fn answers(&self, b: &Blockers, metric: Metric, layout: &Layout, offsets: &[u8]) -> bool {
        if self.board != b.id || self.metric != metric {
            return false;
        }
        let cells_agree =
            (0..CELL_WORDS).all(|k| layout.occupied[k] & self.reads[k] == self.occupied[k]);
        if !cells_agree {
            return false;
        }
        let mut touched = self.touched;
        while touched != 0 {
            let i = touched.trailing_zeros() as usize;
            if offsets[i] != self.offsets[i] {
                return false;
            }
            touched &= touched - 1;
        }
        true
    }
}

/// The set of a position: a hash of the red car's offset and of who stands on its path to
/// the exit, and where (the search reads all of it first, whatever else it reads).
fn set_of(b: &Blockers, layout: &Layout, offsets: &[u8]) -> usize {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let (red, len) = (offsets[0], b.lanes[0].len);
    let path = red + len..layout.goal + len;
    let row = b.board.exit_row() as u8;
    let mut h = u64::from(red).wrapping_add(1).wrapping_mul(K);
    for &j in &b.crossing {
        let (w, at) = (j as usize, offsets[j as usize]);
        let on_row = (at..at + b.lanes[w].len).contains(&row);
        if on_row && path.contains(&b.lanes[w].base) {
            h = (h ^ (u64::from(j) << 8 | u64::from(at))).wrapping_mul(K);
        }
    }
    (h >> 40) as usize % SETS
}

/// The value of an entry of `set` that answers the position, if any.
fn cached(
    b: &Blockers,
    set: usize,
    layout: &Layout,
    offsets: &[u8],
    metric: Metric,
) -> Option<u32> {
    CACHE.with_borrow(|cache| {
        let entries = &cache.as_ref()?.entries[set * WAYS..(set + 1) * WAYS];
        let e = entries
            .iter()
            .find(|e| e.answers(b, metric, layout, offsets))?;
        Some(e.value)
    })
}

/// The bound of the position (`offsets`, `layout`) in `metric`: a cached entry's that agrees
/// with it on every read, else `compute`'s, then cached.
pub(super) fn bound(
    b: &Blockers,
    layout: &Layout,
    offsets: &[u8],
    metric: Metric,
    compute: impl FnOnce() -> (u32, Reads),
) -> u32 {
    let set = set_of(b, layout, offsets);
    if let Some(value) = cached(b, set, layout, offsets, metric) {
        return value;
    }
    let (value, reads) = compute();
    let mut entry = Entry {
        board: b.id,
        metric,
        value,
        occupied: [0; CELL_WORDS],
        reads: reads.scanned,
        touched: reads.touched,
        offsets: [0; MAX_VEHICLES],
    };
    for k in 0..CELL_WORDS {
        entry.occupied[k] = layout.occupied[k] & reads.scanned[k];
    }
    entry.offsets[..offsets.len()].copy_from_slice(offsets);
    CACHE.with_borrow_mut(|cache| {
        let cache = cache.get_or_insert_with(|| Cache {
            entries: vec![
                Entry {
                    board: 0,
                    ..entry.clone()
                };
                SETS * WAYS
            ],
            next: vec![0; SETS],
        });
        let way = cache.next[set] as usize;
        cache.next[set] = ((way + 1) % WAYS) as u8;
        cache.entries[set * WAYS + way] = entry;
    });
    value
}

#[cfg(test)]
mod tests {
    use super::super::prune::{deep_boards, walk};
    use super::*;

    /// On random walks from the deep boards (each position next to the last, so many agree
    /// on what the bound reads), both metrics: every position the cache answers before its
    /// own bound is computed gets the bound computed afresh, and the cache answers often.
    #[test]
    fn every_cached_answer_is_the_bound_computed_afresh() {
        let (mut hits, mut asked) = (0, 0);
        for (k, (name, p)) in deep_boards().into_iter().enumerate() {
            let blockers = Blockers::new(p.board(), &p.start);
            for o in walk(p.board(), &p.start, 400, 10 + k as u64) {
                for metric in [Metric::Moves, Metric::Steps] {
                    let fresh = blockers.uncached(&o, metric);
                    if let Some(layout) = blockers.layout(&o) {
                        let set = set_of(&blockers, &layout, &o);
                        if let Some(value) = cached(&blockers, set, &layout, &o, metric) {
                            assert_eq!(value, fresh, "{name} {metric:?} {o:?}");
                            hits += 1;
                        }
                    }
                    assert_eq!(blockers.bound(&o, metric), fresh, "{name} {metric:?} {o:?}");
                    asked += 1;
                }
            }
        }
        assert_eq!(asked, 4 * 400 * 2);
        assert!(hits > asked / 4, "{hits} of {asked}");
    }
}
