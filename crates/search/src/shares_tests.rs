//! The guided sweep with a large level's new states cut into shares (asked their bound and
//! admitted share by share, [`crate::spread`]) against the same sweep holding a whole level's
//! new states before asking them (one share, what the serial sweep does): the same answer,
//! passes, positions and counts on random graphs whose levels are cut, and fewer bytes held.

use crate::frontier::MaskedGraph;
use crate::guided::{passes, Guided};
use crate::spread::{Cutting, CUTTING, MAX_SHARES, PARALLEL_MIN};
use crate::Limits;
use proptest::prelude::*;
use std::collections::VecDeque;

/// A circulant graph on `0..n` with leaves: from cell `c` (state `16c`), `c ± step` (mod
/// `n`) for every step, and `leaves` dead ends (states `16c + 1..`) that lead back only.
/// Operator `2k` adds step `k`, `2k + 1` subtracts it, `16 + j` enters leaf `j`, 32 leaves
/// a leaf; the reverse of each is masked. A few steps make levels of tens of thousands of
/// cells, past [`PARALLEL_MIN`], and the leaves many new states per cell for a bound to
/// refuse.
#[derive(Debug)]
struct Circulant {
    n: u64,
    steps: Vec<u64>,
    leaves: u64,
}

impl MaskedGraph for Circulant {
    type State = u64;
    fn expand(&self, &s: &u64, skip: u64, mut emit: impl FnMut(u64, u64)) {
        let (c, j) = (s / 16, s % 16);
        if j > 0 {
            if skip & 1 << 32 == 0 {
                emit(16 * c, 1 << (16 + j));
            }
            return;
        }
        for (k, &g) in self.steps.iter().enumerate() {
            let (up, down) = (2 * k, 2 * k + 1);
            if skip & 1 << up == 0 {
                emit(16 * ((c + g) % self.n), 1 << down);
            }
            if skip & 1 << down == 0 {
                emit(16 * ((c + self.n - g) % self.n), 1 << up);
            }
        }
        for j in 1..=self.leaves {
            if skip & 1 << (16 + j) == 0 {
                emit(16 * c + j, 1 << 32);
            }
        }
    }
}

/// Distances of the cells to cell `goal` by a plain breadth-first search over the cells
/// (the graph is undirected; a leaf is one more than its cell).
fn distances(graph: &Circulant, goal: u64) -> Vec<u32> {
    let mut dist = vec![u32::MAX; graph.n as usize];
    dist[goal as usize] = 0;
    let mut queue = VecDeque::from([goal]);
    while let Some(c) = queue.pop_front() {
        let d = dist[c as usize];
        for &g in &graph.steps {
            for t in [(c + g) % graph.n, (c + graph.n - g) % graph.n] {
                if dist[t as usize] == u32::MAX {
                    dist[t as usize] = d + 1;
                    queue.push_back(t);
                }
            }
        }
    }
    dist
}

/// A bound that is admissible but neither exact nor consistent: on a cell a fraction
/// (`quarters` / 4) of the true distance less a noise of 0..=2 drawn from the state, on a
/// leaf the true distance, so passes refuse many states (most leaves) and the limit grows
/// by the refusal counts.
fn bound(dist: &[u32], quarters: u32, seed: u64) -> impl Fn(&u64) -> u32 + Sync + '_ {
    move |&s| {
        let noise = (s ^ seed).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 62;
        let cell = dist[(s / 16) as usize];
        if s % 16 > 0 {
            // a leaf: exact, so most are refused
            return cell + 1;
        }
        (cell * quarters / 4).saturating_sub(noise.min(2) as u32)
    }
}

/// The guided sweep to `goal`, its large levels cut by `cutting`; the wall time zeroed.
fn guided(
    graph: &Circulant,
    goal: u64,
    h: impl Fn(&u64) -> u32 + Sync,
    cutting: Cutting,
) -> Guided {
    let found = passes(
        graph,
        0,
        &Limits::none(),
        None,
        |&s| s == 16 * goal,
        h,
        (None, cutting),
    );
    let mut found = found.unwrap();
    found.stats.elapsed = Default::default();
    found
}

/// A random circulant graph, a goal and a bound.
fn case() -> impl Strategy<Value = (Circulant, u64, u32, u64)> {
    (
        200_000u64..800_000,
        prop::collection::vec(1u64..400_000, 3..6),
        0u64..10,
        1u64..u64::MAX,
        0u32..5,
        any::<u64>(),
    )
        .prop_map(|(n, steps, leaves, goal, quarters, seed)| {
            let steps = steps.into_iter().map(|g| g % n).collect();
            (Circulant { n, steps, leaves }, goal % n, quarters, seed)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Cut into shares or not, a search gives the same distance (the breadth-first one),
    /// the same passes, states visited, expanded and generated and the same peak of states
    /// held: every refusal is counted once either way, so every pass's limit is the same.
    #[test]
    fn shares_change_nothing_but_bytes((graph, goal, quarters, seed) in case()) {
        let dist = distances(&graph, goal);
        // every large level cut, however few states it should refuse
        let whole = guided(&graph, goal, bound(&dist, quarters, seed), (1, 0));
        let cut = guided(&graph, goal, bound(&dist, quarters, seed), (MAX_SHARES, 0));
        let want = (dist[0] != u32::MAX).then_some(dist[0]);
        prop_assert_eq!(whole.distance, want);
        prop_assert_eq!(
            (cut.distance, cut.visited, cut.passes),
            (whole.distance, whole.visited, whole.passes)
        );
        let counts = |g: &Guided| (g.stats.generated, g.stats.expanded, g.stats.peak_states);
        prop_assert_eq!(counts(&cut), counts(&whole));
        prop_assert!(cut.stats.peak_bytes <= whole.stats.peak_bytes + (1 << 20));
    }
}

/// On a graph where a pass refuses many times the states it admits (8 leaves per cell, the
/// bound exact on leaves and zero on cells), the shares hold far fewer bytes per position
/// held than the whole level's new states did: 27 against 68 when written, checked against
/// 45 (one share, the sweep before shares, fails it). So the sweep's own cutting uses the
/// shares, and the bytes `--stats` reports count them.
#[test]
fn shares_hold_fewer_bytes_per_position() {
    let graph = Circulant {
        n: 1_000_003,
        steps: vec![1, 1_409, 40_009, 497_011],
        leaves: 8,
    };
    let goal = 123_457;
    let dist = distances(&graph, goal);
    let whole = guided(&graph, goal, bound(&dist, 0, 7), (1, 0));
    let cut = guided(&graph, goal, bound(&dist, 0, 7), CUTTING);
    assert_eq!(cut.distance, Some(dist[0]));
    assert_eq!((cut.passes, cut.visited), (whole.passes, whole.visited));
    assert!(whole.stats.peak_states as usize > 8 * PARALLEL_MIN);
    let per_held = |g: &Guided| g.stats.peak_bytes / g.stats.peak_states;
    assert!(per_held(&whole) > 45, "{}", per_held(&whole));
    assert!(per_held(&cut) <= 45, "{}", per_held(&cut));
}
