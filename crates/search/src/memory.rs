//! The memory budget ([`Limits::max_bytes`]): how a search counts the bytes it holds, grows
//! its buffers without passing the budget, and turns an allocation the system refuses into
//! a [`StopReason`] instead of an abort.
//!
//! A search counts its buffers by capacity (what the allocator handed out, [`Held`]) and,
//! before a buffer grows, asks [`reserve`] (vectors, heaps, queues) or [`reserve_map`] (hash
//! maps and sets) for the room: they compute what the search would hold after the growth, stop with
//! [`StopReason::MemoryLimit`] if that is over the budget, and otherwise grow by fallible
//! reservation (`try_reserve`), so a refusal becomes [`StopReason::OutOfMemory`]. Checks
//! cost one comparison per insertion (is the buffer full?); the arithmetic runs only when a
//! buffer grows.

pub use crate::bytes::Bytes;
use crate::limits::{Limits, StopReason};
use std::cell::Cell;
use std::collections::{BinaryHeap, HashMap, HashSet, TryReserveError, VecDeque};
use std::hash::{BuildHasher, Hash};
use std::mem::size_of;

/// A buffer whose bytes a search counts: by capacity, since that is what it holds.
pub trait Held {
    /// Bytes allocated for the buffer's items (its capacity, not its length).
    fn held(&self) -> u64;
}

/// A buffer that grows by fallible reservation: what [`reserve`] grows.
pub trait Buffer: Held {
    /// Bytes one item takes.
    const ITEM: usize;
    /// Items in the buffer.
    fn len(&self) -> usize;
    /// True when the buffer holds no items.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Items that fit without growing.
    fn capacity(&self) -> usize;
    /// `try_reserve_exact` of the standard collections.
    fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError>;
}

macro_rules! buffer {
    ($($t:ident),*) => {$(
        impl<T> Held for $t<T> {
            fn held(&self) -> u64 {
                (self.capacity() * size_of::<T>()) as u64
            }
        }
        impl<T> Buffer for $t<T> {
            const ITEM: usize = size_of::<T>();
            fn len(&self) -> usize {
                $t::len(self)
            }
            fn capacity(&self) -> usize {
                $t::capacity(self)
            }
            fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
                $t::try_reserve_exact(self, additional)
            }
        }
    )*};
}

buffer!(Vec, VecDeque);

impl<T: Ord> Held for BinaryHeap<T> {
    fn held(&self) -> u64 {
        (self.capacity() * size_of::<T>()) as u64
    }
}

impl<T: Ord> Buffer for BinaryHeap<T> {
    const ITEM: usize = size_of::<T>();
    fn len(&self) -> usize {
        BinaryHeap::len(self)
    }
    fn capacity(&self) -> usize {
        BinaryHeap::capacity(self)
    }
    fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
        BinaryHeap::try_reserve_exact(self, additional)
    }
}

/// Buckets of a hash table that reports `capacity` (the standard library's SwissTable keeps
/// at most 7/8 of a power-of-two number of buckets full, and tables under 8 buckets one
/// bucket free).
fn buckets(capacity: usize) -> usize {
    match capacity {
        0 => 0,
        1..=6 => (capacity + 1).next_power_of_two(),
        _ => (capacity * 8 / 7).next_power_of_two(),
    }
}

/// Bytes of a hash table of `capacity` entries of `entry` bytes: the entries and one
/// control byte per bucket, plus one group of control bytes.
fn table_bytes(capacity: usize, entry: usize) -> u64 {
    match buckets(capacity) {
        0 => 0,
        b => (b * (entry + 1) + 16) as u64,
    }
}

/// A hash table [`reserve_map`] can grow: a `HashMap` or a `HashSet` of the standard library.
pub trait Table {
    /// Bytes of one entry.
    const ENTRY: usize;
    /// Entries held, and entries the table takes before it grows.
    fn fill(&self) -> (usize, usize);
    /// The standard library's fallible growth.
    fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError>;
}

impl<K: Eq + Hash, V, S: BuildHasher> Table for HashMap<K, V, S> {
    const ENTRY: usize = size_of::<(K, V)>();
    fn fill(&self) -> (usize, usize) {
        (self.len(), self.capacity())
    }
    fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        HashMap::try_reserve(self, additional)
    }
}

impl<K: Eq + Hash, S: BuildHasher> Table for HashSet<K, S> {
    const ENTRY: usize = size_of::<K>();
    fn fill(&self) -> (usize, usize) {
        (self.len(), self.capacity())
    }
    fn try_reserve(&mut self, additional: usize) -> Result<(), TryReserveError> {
        HashSet::try_reserve(self, additional)
    }
}

impl<K, V, S> Held for HashMap<K, V, S> {
    fn held(&self) -> u64 {
        table_bytes(self.capacity(), size_of::<(K, V)>())
    }
}

impl<K, S> Held for HashSet<K, S> {
    fn held(&self) -> u64 {
        table_bytes(self.capacity(), size_of::<K>())
    }
}

thread_local! {
    /// Set while this thread runs a fallible reservation ([`in_fallible_reservation`]).
    static FALLIBLE: Cell<bool> = const { Cell::new(false) };
}

/// True while the calling thread is inside one of this module's fallible reservations. A
/// global allocator that ends the process when an allocation fails (the command line's:
/// exit code 3 instead of an abort) must let such an allocation fail normally instead, so
/// that the search stops with its lower bound.
pub fn in_fallible_reservation() -> bool {
    FALLIBLE.with(Cell::get)
}

/// Runs `grow` with [`in_fallible_reservation`] true.
fn fallible<R>(grow: impl FnOnce() -> R) -> R {
    let before = FALLIBLE.with(|f| f.replace(true));
    let result = grow();
    FALLIBLE.with(|f| f.set(before));
    result
}

/// Makes room for `additional` more items in `buffer`, holding `others` bytes besides it.
///
/// The buffer doubles its capacity when the budget allows, else grows to what the budget
/// allows (at least what was asked): a growing vector keeps one block, and the system
/// allocator moves a large block's pages rather than copying them, so the old and the new
/// block are not counted together. Past the budget the answer is
/// [`StopReason::MemoryLimit`]; a growth the system refuses is [`StopReason::OutOfMemory`].
#[inline]
pub fn reserve<B: Buffer>(
    buffer: &mut B,
    additional: usize,
    others: u64,
    limits: &Limits,
) -> Result<(), StopReason> {
    reserve_as(buffer, Want::doubling(additional, others), limits)
}

/// [`reserve`] to exactly `len + additional` items (a sort buffer, a table of known size).
pub fn reserve_exact<B: Buffer>(
    buffer: &mut B,
    additional: usize,
    others: u64,
    limits: &Limits,
) -> Result<(), StopReason> {
    reserve_as(buffer, Want::exactly(additional, others), limits)
}

/// What a reservation asks for: room for `additional` more items, `others` bytes held
/// besides the buffer, and whether to grow to exactly that or by doubling.
#[derive(Clone, Copy)]
struct Want {
    additional: usize,
    others: u64,
    exact: bool,
}

impl Want {
    /// Room that may grow by doubling, for a buffer that keeps growing.
    fn doubling(additional: usize, others: u64) -> Self {
        Want {
            additional,
            others,
            exact: false,
        }
    }

    /// Room for exactly `additional` more items, for a buffer of known size.
    fn exactly(additional: usize, others: u64) -> Self {
        Want {
            exact: true,
            ..Want::doubling(additional, others)
        }
    }
}

#[inline]
fn reserve_as<B: Buffer>(buffer: &mut B, want: Want, limits: &Limits) -> Result<(), StopReason> {
    if buffer.capacity() - buffer.len() >= want.additional {
        return Ok(());
    }
    grow(buffer, want, limits)
}

#[cold]
fn grow<B: Buffer>(buffer: &mut B, want: Want, limits: &Limits) -> Result<(), StopReason> {
    let item = B::ITEM.max(1) as u64;
    let Want {
        additional,
        others,
        exact,
    } = want;
    let held = others.saturating_add(buffer.held());
    let needed = buffer.len().saturating_add(additional);
    let doubled = if exact {
        needed
    } else {
        needed.max(buffer.capacity().saturating_mul(2)).max(4)
    };
    let room = limits
        .max_bytes
        .map_or(u64::MAX, |b| b.saturating_sub(others))
        / item;
    let target = (doubled as u64).min(room).max(needed as u64) as usize;
    let after = others.saturating_add((target as u64).saturating_mul(item));
    limits.check_bytes(held, after)?;
    fallible(|| buffer.try_reserve_exact(target - buffer.len())).map_err(|_| {
        StopReason::OutOfMemory {
            held,
            needed: after,
        }
    })
}

/// Makes room for `additional` more entries in `table` (a hash map or set), holding
/// `others` bytes besides it. A table grows by doubling its buckets and holds the old and
/// the new table while it moves the entries, so both count; returns the bytes held at that
/// moment (the search's peak, for [`crate::Stats::hold_bytes`]), or 0 when the table did not
/// grow.
#[inline]
pub fn reserve_map<T: Table>(
    table: &mut T,
    additional: usize,
    others: u64,
    limits: &Limits,
) -> Result<u64, StopReason> {
    let (len, capacity) = table.fill();
    if capacity - len >= additional {
        return Ok(0);
    }
    let needed = (len + additional).max(capacity + 1);
    let held = others.saturating_add(table_bytes(capacity, T::ENTRY));
    let after = held.saturating_add(table_bytes(needed, T::ENTRY));
    limits.check_bytes(held, after)?;
    fallible(|| table.try_reserve(additional)).map_err(|_| StopReason::OutOfMemory {
        held,
        needed: after,
    })?;
    Ok(after)
}

/// A vector of `len` items made by `item`, allocated whole after the budget allows it (for
/// tables whose size is known before they are filled).
pub fn filled<T>(
    len: usize,
    item: impl FnMut() -> T,
    others: u64,
    limits: &Limits,
) -> Result<Vec<T>, StopReason> {
    let mut v = Vec::new();
    reserve_exact(&mut v, len, others, limits)?;
    v.extend(std::iter::repeat_with(item).take(len));
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn bytes_read_as_people_read_them() {
        assert_eq!(Bytes(812).to_string(), "812 B");
        assert_eq!(Bytes(1536).to_string(), "1.5 KiB");
        assert_eq!(Bytes(64 << 20).to_string(), "64.0 MiB");
        assert_eq!(Bytes(20_000_000 * 1024).to_string(), "19.1 GiB");
    }

    #[test]
    fn a_vector_doubles_within_the_budget_and_stops_past_it() {
        let limits = Limits::none().with_max_bytes(1000);
        let mut v: Vec<u64> = Vec::new();
        reserve(&mut v, 1, 0, &limits).unwrap();
        assert_eq!(v.capacity(), 4);
        v.extend([1, 2, 3, 4]);
        reserve(&mut v, 1, 0, &limits).unwrap();
        assert_eq!(v.capacity(), 8);
        // 100 items fit 800 bytes; with 300 held elsewhere only 87 do: the growth stops
        // there instead of doubling past the budget
        v.resize(64, 0);
        reserve(&mut v, 1, 300, &limits).unwrap();
        assert_eq!(v.capacity(), 87);
        v.resize(87, 0);
        let err = reserve(&mut v, 1, 300, &limits).unwrap_err();
        assert_eq!(
            err,
            StopReason::MemoryLimit {
                budget: 1000,
                held: 300 + 87 * 8,
                needed: 300 + 88 * 8
            }
        );
    }

    #[test]
    fn a_map_counts_its_old_and_new_table_while_it_grows() {
        let mut map: FxHashMap<u64, u64> = FxHashMap::default();
        let limits = Limits::none();
        for i in 0..1000 {
            reserve_map(&mut map, 1, 0, &limits).unwrap();
            map.insert(i, i);
        }
        // 1000 entries of 16 bytes: 2048 buckets (7/8 of 1024 would be too few)
        assert_eq!(map.held(), 2048 * 17 + 16);
        let held = map.held();
        while map.len() < map.capacity() {
            let k = map.len() as u64;
            map.insert(k, k);
        }
        let tight = Limits::none().with_max_bytes(2 * held);
        match reserve_map(&mut map, 1, 0, &tight) {
            Err(StopReason::MemoryLimit {
                held: h, needed, ..
            }) => {
                assert_eq!(h, held);
                assert_eq!(needed, held + 4096 * 17 + 16);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_refused_reservation_is_a_stop_not_an_abort() {
        let mut v: Vec<u64> = Vec::new();
        // more than the address space: the allocator refuses it (capacity overflow)
        let err = reserve_exact(&mut v, usize::MAX / 4, 0, &Limits::none()).unwrap_err();
        assert!(matches!(err, StopReason::OutOfMemory { .. }), "{err:?}");
        assert!(!in_fallible_reservation());
    }
}
