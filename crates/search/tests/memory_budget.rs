//! Every search obeys the memory budget: measured, not taken on trust. A counting allocator
//! records the live heap bytes of this test process; each search runs on an open grid under
//! a small budget and must stop with [`StopReason::MemoryLimit`] and its lower bound, having
//! never held more live bytes than the budget (plus the search's few unbudgeted bytes: the
//! successor buffer's first allocation and the like, [`SLACK`]). Under a budget that fits,
//! the same search answers as without one, and the bytes it reports in `Stats::peak_bytes`
//! cover what the allocator saw, so `--stats` tells the truth.
//!
//! Bytes, not time: every verdict here is a count of bytes or states, the same on any
//! machine. The checks run one after the other from `main` (this file has no test harness:
//! the harness's own threads would allocate while a check measures).

use gridlock_search::memory::Bytes;
use gridlock_search::pdb::{self, PatternSpace, Visit};
use gridlock_search::slots::{SlotComponent, SlotGraph};
use gridlock_search::{
    astar, astar_pruning, bfs, dijkstra, frontier_sweep, sweep, Bound, CompactComponent, Component,
    Edge, EdgeComponent, Graph, Limits, MaskedGraph, Reversible, Stats, StopReason, Stopped,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

/// Live heap bytes of the process, and the most since the last [`measure`].
static LIVE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);

/// The system allocator, counting.
struct Counting;

// SAFETY: every method forwards its arguments unchanged to `System`, which implements
// `GlobalAlloc` soundly; the caller's obligations (a non-zero-size layout, a pointer that
// this allocator returned with that layout) are the ones `System` requires, and the
// counters are plain atomics that never touch the memory handed out.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is (see the impl's comment).
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size() as u64);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size() as u64, Ordering::Relaxed);
            grew(new_size as u64);
        }
        p
    }
}

fn grew(bytes: u64) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes a search may allocate outside its budget: its successor buffer's first few
/// growths, a path, the radix sort's digit counts below 256 items.
const SLACK: u64 = 4096;

/// Runs `search` and returns its result and the most live bytes it added.
fn measure<R>(search: impl FnOnce() -> R) -> (R, u64) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = search();
    (result, PEAK.load(Ordering::Relaxed) - before)
}

/// A `side`×`side` open grid; a state is `y * side + x`, four moves (operators 0..4: left,
/// right, up, down; the reverse of `k` is `k ^ 1`).
struct Open(u64);

impl Open {
    fn step(&self, s: u64, k: u32) -> Option<u64> {
        let (x, y, n) = (s % self.0, s / self.0, self.0);
        match k {
            0 => (x > 0).then(|| s - 1),
            1 => (x + 1 < n).then(|| s + 1),
            2 => (y > 0).then(|| s - n),
            _ => (y + 1 < n).then(|| s + n),
        }
    }

    /// The far corner: at distance `2 (side - 1)` from the start, 0.
    fn corner(&self) -> u64 {
        self.0 * self.0 - 1
    }
}

impl Graph for Open {
    type State = u64;
    type Move = u8;
    type Cost = u32;
    fn successors(&self, &s: &u64, out: &mut Vec<Edge<u64, u8, u32>>) {
        for k in 0..4 {
            if let Some(t) = self.step(s, k) {
                out.push(Edge::unit(k as u8, t));
            }
        }
    }
}

impl Reversible for Open {}

impl MaskedGraph for Open {
    type State = u64;
    fn expand(&self, &s: &u64, skip: u64, mut emit: impl FnMut(u64, u64)) {
        for k in 0..4 {
            if skip & 1 << k == 0 {
                if let Some(t) = self.step(s, k) {
                    emit(t, 1 << (k ^ 1));
                }
            }
        }
    }
}

impl SlotGraph for Open {
    type State = u64;
    type Aux = ();
    fn aux(&self, _: &u64) {}
    fn open_slots(&self, &s: &u64, _: &()) -> u64 {
        (0..4)
            .filter(|&k| self.step(s, k).is_some())
            .map(|k| 1 << k)
            .sum()
    }
    fn follow(&self, &s: &u64, _: &(), slot: u32) -> u64 {
        self.step(s, slot).expect("an open slot")
    }
    fn derive(&self, _: &u64, _: &(), _: u32, _: &u64) {}
    fn reverse(&self, slot: u32) -> u32 {
        slot ^ 1
    }
    fn slot_count(&self) -> u32 {
        4
    }
}

const GRID: Open = Open(400);
/// 160,000 states: several MiB for every search, so a budget of 256 KiB stops each one
/// after a few levels.
const BUDGET: u64 = 256 << 10;

fn tight() -> Limits {
    Limits::none().with_max_bytes(BUDGET)
}

/// A search stopped by the budget: the reason names the budget, what it held is within it,
/// and so is what the allocator saw.
fn assert_budget_stop(stopped: &Stopped, live: u64) {
    match stopped.reason {
        StopReason::MemoryLimit {
            budget,
            held,
            needed,
        } => {
            assert_eq!(budget, BUDGET);
            assert!(held <= budget && needed > budget, "{:?}", stopped.reason);
        }
        other => panic!("stopped by {other:?}, not by the memory budget"),
    }
    assert!(
        live <= BUDGET + SLACK,
        "the allocator saw {} live under a budget of {} ({live} B; {})",
        Bytes(live),
        Bytes(BUDGET),
        stopped.reason
    );
    assert!(stopped.stats.peak_bytes <= BUDGET, "{}", stopped.stats);
}

/// A lower bound of a search from 0 on [`GRID`], stopped after some levels: more than a
/// few levels (the budget was used), at most the distance to the corner.
fn assert_depth_bound(stopped: &Stopped) {
    let Some(Bound(parts)) = &stopped.lower_bound else {
        panic!("no lower bound");
    };
    let far = 2 * (GRID.0 - 1);
    assert!((10..far).contains(&parts[0]), "bound {parts:?}");
}

/// The bytes `--stats` reports cover what the allocator saw (up to the slack).
fn assert_counted(stats: &Stats, live: u64) {
    assert!(
        live <= stats.peak_bytes + SLACK,
        "counted {} but the allocator saw {} ({} B against {live} B)",
        Bytes(stats.peak_bytes),
        Bytes(live),
        stats.peak_bytes
    );
}

fn bfs_stops_within_the_budget_with_its_depth() {
    let goal = GRID.corner();
    let (stopped, live) = measure(|| bfs(&GRID, 0, |&s| s == goal, &tight()).unwrap_err());
    assert_budget_stop(&stopped, live);
    assert_depth_bound(&stopped);
    let (found, live) = measure(|| bfs(&GRID, 0, |&s| s == goal, &Limits::none()).unwrap());
    assert_eq!(found.path.unwrap().len() as u64, 2 * (GRID.0 - 1));
    assert_counted(&found.stats, live);
}

fn astar_and_dijkstra_stop_within_the_budget_with_their_cost() {
    let goal = GRID.corner();
    let (stopped, live) = measure(|| dijkstra(&GRID, 0, |&s| s == goal, &tight()).unwrap_err());
    assert_budget_stop(&stopped, live);
    assert_depth_bound(&stopped);
    // a weak bound (half the Manhattan distance) leaves A* a wide search
    let n = GRID.0;
    let half = |&s: &u64| ((n - 1 - s % n) + (n - 1 - s / n)) as u32 / 2;
    let (stopped, live) = measure(|| astar(&GRID, 0, |&s| s == goal, half, &tight()).unwrap_err());
    assert_budget_stop(&stopped, live);
    assert_depth_bound(&stopped);
    let (found, live) = measure(|| astar(&GRID, 0, |&s| s == goal, half, &Limits::none()).unwrap());
    assert_eq!(found.path.unwrap().cost as u64, 2 * (n - 1));
    assert_counted(&found.stats, live);
}

fn astar_pruning_stops_within_the_budget_with_its_cost() {
    let goal = GRID.corner();
    let n = GRID.0;
    // the same weak bound, and every state of the first column below the start dead
    let bound =
        |&s: &u64| (s % n != 0 || s == 0).then_some(((n - 1 - s % n) + (n - 1 - s / n)) as u32 / 2);
    let (stopped, live) =
        measure(|| astar_pruning(&GRID, 0, |&s| s == goal, bound, &tight()).unwrap_err());
    assert_budget_stop(&stopped, live);
    assert_depth_bound(&stopped);
    let (found, live) =
        measure(|| astar_pruning(&GRID, 0, |&s| s == goal, bound, &Limits::none()).unwrap());
    assert_eq!(found.path.unwrap().cost as u64, 2 * (n - 1));
    assert_counted(&found.stats, live);
}

fn sweeps_stop_within_the_budget_with_their_level() {
    let goal = GRID.corner();
    let at_goal = |&s: &u64, d: u32| {
        if s == goal {
            ControlFlow::Break(d)
        } else {
            ControlFlow::Continue(())
        }
    };
    // three levels of a grid are small: a corner of a larger grid, from its middle
    let wide = Open(3000);
    let middle = 1500 * 3000 + 1500;
    let (stopped, live) = measure(|| sweep(&wide, middle, &tight(), at_goal).unwrap_err());
    assert_budget_stop(&stopped, live);
    let (stopped_f, live_f) =
        measure(|| frontier_sweep(&wide, middle, &tight(), at_goal).unwrap_err());
    assert_budget_stop(&stopped_f, live_f);
    for s in [&stopped, &stopped_f] {
        let bound = s.lower_bound.as_ref().expect("a bound").0[0];
        assert!((100..=3000).contains(&bound), "bound {bound}");
    }
    let (found, live) = measure(|| sweep(&GRID, 0, &Limits::none(), at_goal).unwrap());
    assert_eq!(found.stopped, Some(2 * (GRID.0 as u32 - 1)));
    assert_counted(&found.stats, live);
    let (found, live) = measure(|| frontier_sweep(&GRID, 0, &Limits::none(), at_goal).unwrap());
    assert_eq!(found.stopped, Some(2 * (GRID.0 as u32 - 1)));
    assert_counted(&found.stats, live);
}

fn explorers_stop_within_the_budget() {
    let (stopped, live) = measure(|| {
        let mut c = EdgeComponent::new();
        c.explore(&GRID, 0, &tight()).unwrap_err()
    });
    assert_budget_stop(&stopped, live);
    let (stopped, live) = measure(|| {
        let mut c = CompactComponent::new();
        c.explore(&GRID, 0, &tight()).unwrap_err()
    });
    assert_budget_stop(&stopped, live);
    let (stopped, live) = measure(|| {
        let mut c = SlotComponent::new();
        c.explore(&GRID, 0, &tight()).unwrap_err()
    });
    assert_budget_stop(&stopped, live);
    // a component is all or nothing: no bound
    assert!(stopped.lower_bound.is_none());
    let ((len, stats), live) = measure(|| {
        let mut c = SlotComponent::new();
        let stats = c.explore(&GRID, 0, &Limits::none()).unwrap();
        (c.len(), stats)
    });
    assert_eq!(len as u64, GRID.0 * GRID.0);
    assert_counted(&stats, live);
    let ((len, stats), live) = measure(|| {
        let mut c = CompactComponent::new();
        let stats = c.explore(&GRID, 0, &Limits::none()).unwrap();
        (c.len(), stats)
    });
    assert_eq!(len as u64, GRID.0 * GRID.0);
    assert_counted(&stats, live);
    let ((len, stats), live) = measure(|| {
        let mut c = EdgeComponent::new();
        let stats = c.explore(&GRID, 0, &Limits::none()).unwrap();
        (c.len(), stats)
    });
    assert_eq!(len as u64, GRID.0 * GRID.0);
    assert_counted(&stats, live);
}

fn distances_in_a_compact_component_obey_the_budget() {
    let mut c = CompactComponent::new();
    c.explore(&GRID, 0, &Limits::none()).unwrap();
    // the component fits; its two arrays of a u32 per state do not
    let budget = c.held() + 4 * GRID.0 * GRID.0;
    let limits = Limits::none().with_max_bytes(budget);
    let mut dist = Vec::new();
    let stopped = c
        .distances_from(&GRID, &[0], None, &mut dist, &limits)
        .unwrap_err();
    assert!(matches!(stopped.reason, StopReason::MemoryLimit { .. }));
    let limits = Limits::none().with_max_bytes(budget + 4 * GRID.0 * GRID.0);
    c.distances_from(&GRID, &[0], None, &mut dist, &limits)
        .unwrap();
    assert_eq!(dist[GRID.corner() as usize] as u64, 2 * (GRID.0 - 1));
}

/// Placements `0..n` as a binary heap (the children of `p` are `2p + 1` and `2p + 2`), one
/// slot: every placement's distance from 0 is its depth in the heap.
struct Heap(u64);

impl PatternSpace for Heap {
    fn placements(&self) -> u64 {
        self.0
    }
    fn slots(&self) -> u32 {
        1
    }
    fn goal(&self) -> (u64, u64) {
        (0, 1)
    }
    type Cursor = ();
    fn expand<V: Visit>(&self, _: &mut (), p: u64, _: u64, visit: &mut V) {
        for child in [2 * p + 1, 2 * p + 2] {
            if child < self.0 {
                visit.reach(child, 1);
            }
        }
    }
}

fn a_pattern_table_is_refused_before_it_is_allocated() {
    // rayon's thread pool and its work queues are made once per process, by the first
    // parallel build: not the search's bytes
    let heap = Heap(1 << 20);
    pdb::build(&heap, &Limits::none(), &|_, _| {}).unwrap();
    // a million placements: three masks of a byte each and a byte of table: 4 MiB
    let (stopped, live) = measure(|| pdb::build(&heap, &tight(), &|_, _| {}).unwrap_err());
    assert_budget_stop(&stopped, live);
    let limits = Limits::none().with_max_bytes(5 << 20);
    let ((table, stats), live) = measure(|| pdb::build(&heap, &limits, &|_, _| {}).unwrap());
    assert_eq!((table.get(0), table.get(2), table.get(1 << 19)), (0, 1, 19));
    assert_counted(&stats, live);
}

fn main() {
    let checks: [(&str, fn()); 7] = [
        (
            "bfs_stops_within_the_budget_with_its_depth",
            bfs_stops_within_the_budget_with_its_depth,
        ),
        (
            "astar_and_dijkstra_stop_within_the_budget_with_their_cost",
            astar_and_dijkstra_stop_within_the_budget_with_their_cost,
        ),
        (
            "astar_pruning_stops_within_the_budget_with_its_cost",
            astar_pruning_stops_within_the_budget_with_its_cost,
        ),
        (
            "sweeps_stop_within_the_budget_with_their_level",
            sweeps_stop_within_the_budget_with_their_level,
        ),
        (
            "explorers_stop_within_the_budget",
            explorers_stop_within_the_budget,
        ),
        (
            "distances_in_a_compact_component_obey_the_budget",
            distances_in_a_compact_component_obey_the_budget,
        ),
        (
            "a_pattern_table_is_refused_before_it_is_allocated",
            a_pattern_table_is_refused_before_it_is_allocated,
        ),
    ];
    for (name, check) in checks {
        check();
        println!("memory_budget: {name} ... ok");
    }
}
