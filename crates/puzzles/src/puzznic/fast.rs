//! `--fast`: a beam search over the same board graph as the optimal search.
//!
//! Each layer is one cycle. From every board of the layer all successors are generated (with
//! the same rules and dead-end pruning); boards seen before are dropped, and the `width` most
//! promising survive, ranked by moves so far plus twice the admissible move bound, then by
//! pieces left. Widths grow geometrically until a solution appears; beam search is not
//! complete, so when even the widest beam fails the caller falls back to a complete search.
//! One exception: a beam that never had to drop a board was a complete breadth-first search,
//! and its failure proves that there is no solution ([`Beam::Exhausted`]).

use super::board::{Geometry, Puzzle};
use super::bound::Analysis;
use super::graph::{expand, Boards, Scratch};
use super::packed::Packed;
use super::rules::Action;
use super::rules::{check_move, cycle, falling, is_settled, resolve_in};
use gridlock_search::memory::{reserve, reserve_map, Buffer, Held};
use gridlock_search::{Edge, Lex, Limits, Stats, StopReason};
use rayon::prelude::*;
use rustc_hash::FxHashSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Mutex;
use std::time::Instant;

/// Beam widths tried in turn.
pub(super) const WIDTHS: [usize; 5] = [64, 1024, 2048, 16_384, 131_072];

/// Weight of the move bound in [`settled_best_first`], tried before the beams.
pub(super) const SETTLED_WEIGHT: u32 = 3;

/// Boards [`settled_best_first`] may hold before it gives up: small, so that on the levels it
/// cannot solve it costs little next to the beams.
pub(super) const SETTLED_NODES: usize = 20_000;

/// Result of one beam run.
pub(super) enum Beam {
    /// A solution (one action per cycle).
    Found(Vec<Action>),
    /// The beam emptied or a limit was hit.
    Failed,
    /// The beam emptied without ever dropping a board: it enumerated every board reachable
    /// from the start (that is not a dead end) and none is empty, so there is no solution.
    Exhausted,
}

/// Boards of a layer one parallel task expands (small layers make a single task). Tiny in
/// tests, so that the small boards there are split into many tasks too.
const CHUNK: usize = if cfg!(test) { 3 } else { 256 };

/// One thread's share of a parallel beam: its own copy of the bounds (their caches are not
/// shared between threads) and expansion buffers.
struct Worker<const W: usize> {
    analysis: Analysis,
    scratch: Scratch<W>,
    edges: Vec<Edge<Packed<W>, Action, Lex<u32, u32>>>,
}

/// A successor a worker found, not seen in an earlier layer: (rank, pieces, parent node,
/// board, action, moves so far).
type Child<const W: usize> = (u32, u32, u32, Packed<W>, Action, u32);

/// One beam search of the given width.
///
/// The boards of a layer are expanded in parallel, in chunks, on rayon's pool (successor
/// generation and bounds are most of the work); the chunks' successors are then merged in
/// layer order on one thread, exactly as a sequential loop would meet them, so the beam, its
/// answer and its statistics are the same whatever the number of threads.
pub(super) fn beam<const W: usize>(
    graph: &Boards<'_, W>,
    start: Packed<W>,
    width: usize,
    limits: &Limits,
    stats: &mut Stats,
) -> Beam {
    let clock = Instant::now();
    let puzzle = graph.puzzle();
    let objective = graph.objective();
    let workers: Vec<Mutex<Worker<W>>> = (0..rayon::current_num_threads().max(1))
        .map(|_| {
            Mutex::new(Worker {
                analysis: graph.analysis().clone(),
                scratch: Scratch::new(puzzle.geometry.len()),
                edges: Vec::new(),
            })
        })
        .collect();
    // Arena: board, parent index, action that led here, moves so far.
    let mut nodes: Vec<(Packed<W>, u32, Action, u32)> = vec![(start, u32::MAX, Action::Wait, 0)];
    let mut seen: FxHashSet<Packed<W>> = FxHashSet::default();
    seen.insert(start);
    let mut layer: Vec<u32> = vec![0];
    let mut candidates: Vec<(u32, u32, u32)> = Vec::new(); // (rank, pieces, node)
    let mut truncated = false;
    let result = 'beam: loop {
        if layer.is_empty() {
            // Without truncation this was a breadth-first search over every reachable board
            // (dead ends are never generated, which is sound): none of them is the goal.
            break if truncated {
                Beam::Failed
            } else {
                Beam::Exhausted
            };
        }
        if limits.max_states.is_some_and(|m| seen.len() > m)
            || limits.deadline.is_some_and(|d| Instant::now() >= d)
            || limits
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            break Beam::Failed;
        }
        // Expand (in parallel; boards seen in earlier layers are dropped here already, as
        // `seen` is only read in this phase) ...
        let (nodes_ref, seen_ref) = (&nodes, &seen);
        let chunks: Vec<(Vec<Child<W>>, u64)> = layer
            .par_chunks(CHUNK)
            .map(|chunk| {
                let slot = rayon::current_thread_index().unwrap_or(0) % workers.len();
                let mut guard = workers[slot].lock().unwrap_or_else(|e| e.into_inner());
                let Worker {
                    analysis,
                    scratch,
                    edges,
                } = &mut *guard;
                let mut out = Vec::new();
                let mut generated = 0u64;
                for &i in chunk {
                    let (board, _, _, moves) = nodes_ref[i as usize];
                    edges.clear();
                    expand((puzzle, analysis, objective), scratch, &board, edges);
                    generated += edges.len() as u64;
                    for (e, &(_, h)) in edges.iter().zip(&scratch.bounds) {
                        if seen_ref.contains(&e.to) {
                            continue;
                        }
                        let m = moves + e.mv.is_move() as u32;
                        out.push((m + 2 * h, pieces(&e.to), i, e.to, e.mv, m));
                    }
                }
                (out, generated)
            })
            .collect();
        // ... then merge in layer order on this thread, within the memory budget (a beam
        // that would pass it fails, and the complete search after it reports the bound).
        candidates.clear();
        stats.expanded += layer.len() as u64;
        let children_bytes: u64 = chunks.iter().map(|(c, _)| c.held()).sum();
        for (children, generated) in chunks {
            stats.generated += generated;
            for (rank, count, parent, to, mv, m) in children {
                let full = seen.len() == seen.capacity()
                    || nodes.len() == nodes.capacity()
                    || candidates.len() == candidates.capacity();
                if full {
                    let others = children_bytes + layer.held();
                    if make_room(&mut seen, &mut nodes, &mut candidates, others, limits).is_err() {
                        stats.hold_bytes(others + seen.held() + nodes.held() + candidates.held());
                        break 'beam Beam::Failed;
                    }
                }
                if !seen.insert(to) {
                    continue;
                }
                nodes.push((to, parent, mv, m));
                let id = (nodes.len() - 1) as u32;
                if to.is_empty() {
                    stats.elapsed += clock.elapsed();
                    return Beam::Found(trace(&nodes, id));
                }
                candidates.push((rank, count, id));
            }
        }
        if candidates.len() > width {
            truncated = true;
            candidates.select_nth_unstable(width);
            candidates.truncate(width);
        }
        layer.clear();
        layer.extend(candidates.iter().map(|&(_, _, id)| id));
        stats.hold_states(seen.len());
        stats.hold_bytes(seen.held() + nodes.held() + candidates.held() + layer.held());
    };
    stats.elapsed += clock.elapsed();
    result
}

/// Room for one more board in a search's seen set, its arena and a third buffer (the beam's
/// candidates, the best-first search's heap), `others` bytes being held besides.
fn make_room<const W: usize, T: Buffer>(
    seen: &mut FxHashSet<Packed<W>>,
    nodes: &mut Vec<(Packed<W>, u32, Action, u32)>,
    third: &mut T,
    others: u64,
    limits: &Limits,
) -> Result<(), StopReason> {
    reserve_map(seen, 1, others + nodes.held() + third.held(), limits)?;
    reserve(nodes, 1, others + seen.held() + third.held(), limits)?;
    reserve(third, 1, others + seen.held() + nodes.held(), limits)
}

/// The actions from the start to node `id` of an arena of (board, parent, action, moves).
fn trace<const W: usize>(nodes: &[(Packed<W>, u32, Action, u32)], id: u32) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut at = id;
    while at != 0 {
        let (_, parent, action, _) = nodes[at as usize];
        actions.push(action);
        at = parent;
    }
    actions.reverse();
    actions
}

/// Weighted best-first search over *settled* boards only: every edge is one move followed by
/// waiting until nothing falls or vanishes any more. Boards are ranked by moves so far plus
/// `weight` × the move bound plus the pieces left (progress the bound does not see). Moving in mid-cascade is never tried, so
/// this is incomplete (some levels need such moves), but the graph is far smaller and
/// shallower than the one of every cycle, which is what lets the bound steer it. The answer
/// is expanded back into one action per cycle (the waits replayed with the same rules).
pub(super) fn settled_best_first<const W: usize>(
    puzzle: &Puzzle,
    analysis: &Analysis,
    weight: u32,
    max_nodes: usize,
    limits: &Limits,
    stats: &mut Stats,
) -> Beam {
    let clock = Instant::now();
    let geometry = &puzzle.geometry;
    let n = geometry.len();
    let mut cells = puzzle.start.clone();
    let mut fall = vec![false; n];
    let mut prefix = Vec::new();
    settle(geometry, &mut cells, &mut fall, &mut prefix);
    if cells.iter().all(|&t| t == 0) {
        return Beam::Found(prefix);
    }
    if analysis.moves_bound(&cells).is_none() {
        return Beam::Failed;
    }
    let start = Packed::<W>::pack(&cells);
    // Arena: board, parent, move that led here, moves so far.
    let mut nodes: Vec<(Packed<W>, u32, Action, u32)> = vec![(start, u32::MAX, Action::Wait, 0)];
    let mut seen: FxHashSet<Packed<W>> = FxHashSet::default();
    seen.insert(start);
    let mut heap: BinaryHeap<Reverse<(u32, u32, u32, u32)>> = BinaryHeap::new();
    heap.push(Reverse((0, 0, 0, 0)));
    let mut next = vec![0u8; n];
    let mut f2 = vec![false; n];
    let mut scratch = Vec::new();
    let result = 'search: loop {
        let Some(Reverse((_, _, _, i))) = heap.pop() else {
            break Beam::Failed;
        };
        if seen.len() > max_nodes
            || limits.max_states.is_some_and(|m| seen.len() > m)
            || (stats.expanded.is_multiple_of(1024)
                && limits.deadline.is_some_and(|d| Instant::now() >= d))
            || limits
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        {
            break Beam::Failed;
        }
        let (board, _, _, moves) = nodes[i as usize];
        board.unpack(&mut cells);
        falling(geometry, &cells, &mut fall);
        stats.expanded += 1;
        for from in 0..n {
            if cells[from] == 0 || fall[from] {
                continue;
            }
            for right in [false, true] {
                let Ok(to) = check_move(geometry, &cells, &fall, from, right) else {
                    continue;
                };
                next.copy_from_slice(&cells);
                next[to] = next[from];
                next[from] = 0;
                resolve_in(geometry, &mut next, &mut f2, |_| {}, |_| {});
                scratch.clear();
                settle(geometry, &mut next, &mut f2, &mut scratch);
                stats.generated += 1;
                let Some(h) = analysis.moves_bound(&next) else {
                    continue;
                };
                let to_board = Packed::<W>::pack(&next);
                let full = seen.len() == seen.capacity()
                    || nodes.len() == nodes.capacity()
                    || heap.len() == heap.capacity();
                if full && make_room(&mut seen, &mut nodes, &mut heap, 0, limits).is_err() {
                    stats.hold_bytes(seen.held() + nodes.held() + heap.held());
                    break 'search Beam::Failed;
                }
                if !seen.insert(to_board) {
                    continue;
                }
                let action = if right {
                    Action::Right(from as u16)
                } else {
                    Action::Left(from as u16)
                };
                nodes.push((to_board, i, action, moves + 1));
                let id = (nodes.len() - 1) as u32;
                if to_board.is_empty() {
                    stats.elapsed += clock.elapsed();
                    stats.hold_states(seen.len());
                    stats.hold_bytes(seen.held() + nodes.held() + heap.held());
                    let mut actions = prefix;
                    let mut board = puzzle.start.clone();
                    for a in &actions {
                        let _ = cycle(geometry, &mut board, *a);
                    }
                    for a in trace(&nodes, id) {
                        if cycle(geometry, &mut board, a).is_err() {
                            return Beam::Failed;
                        }
                        actions.push(a);
                        settle(geometry, &mut board, &mut f2, &mut actions);
                    }
                    return Beam::Found(actions);
                }
                let pc = pieces(&to_board);
                heap.push(Reverse((moves + 1 + weight * h + pc, h, pc, id)));
            }
        }
    };
    stats.hold_states(seen.len());
    stats.hold_bytes(seen.held() + nodes.held() + heap.held());
    stats.elapsed += clock.elapsed();
    result
}

/// Waits (pushing one [`Action::Wait`] per cycle) until the board is settled or empty.
pub(super) fn settle(
    geometry: &Geometry,
    cells: &mut [u8],
    fall: &mut [bool],
    actions: &mut Vec<Action>,
) {
    loop {
        if cells.iter().all(|&t| t == 0) {
            return;
        }
        falling(geometry, cells, fall);
        if is_settled(geometry, cells, fall) {
            return;
        }
        resolve_in(geometry, cells, fall, |_| {}, |_| {});
        actions.push(Action::Wait);
    }
}

/// Number of pieces on a packed board.
pub(super) fn pieces<const W: usize>(board: &Packed<W>) -> u32 {
    board
        .0
        .iter()
        .map(|w| ((w | w >> 1 | w >> 2 | w >> 3) & 0x1111_1111_1111_1111).count_ones())
        .sum()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::puzznic::{parse, solve, SolveOptions};

    /// A pool of `threads` threads, for tests that compare one thread with several.
    pub(in crate::puzznic) fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    /// A small closed board from a seed: a few types of 2–4 pieces (sometimes 1) on a floor
    /// with a few inner walls; the search tests' random sample.
    pub(in crate::puzznic) fn random_board(seed: u64) -> String {
        let mut x = seed | 1;
        let mut below = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let (rows, cols) = (2 + below(4) as usize, 3 + below(4) as usize);
        let mut g = vec![vec![b'#'; cols + 2]; rows + 2];
        let mut free = Vec::new();
        for (r, row) in g.iter_mut().enumerate().skip(1).take(rows) {
            for (c, cell) in row.iter_mut().enumerate().skip(1).take(cols) {
                if below(6) != 0 {
                    *cell = b'.';
                    free.push((r, c));
                }
            }
        }
        for t in 0..1 + below(3) as u8 {
            for _ in 0..[2, 2, 2, 3, 3, 4, 1][below(7) as usize] {
                if !free.is_empty() {
                    let (r, c) = free.swap_remove(below(free.len() as u64) as usize);
                    g[r][c] = b'1' + t;
                }
            }
        }
        g[1][1] = if g[1][1] == b'#' {
            b'1'
        } else {
            g[1][1].max(b'1')
        };
        g.iter()
            .map(|row| String::from_utf8(row.clone()).unwrap() + "\n")
            .collect()
    }

    /// Runs one beam of `width` on a board.
    fn run_beam(text: &str, width: usize) -> (Beam, bool) {
        let p = parse(text).unwrap();
        let analysis = Analysis::new(&p.geometry);
        let graph = Boards::<8>::new(&p, &analysis, crate::puzznic::Objective::Moves);
        let start = Packed::<8>::pack(&p.start);
        let mut stats = Stats::default();
        let found = beam(&graph, start, width, &Limits::none(), &mut stats);
        let solvable = solve(&p, &SolveOptions::default())
            .unwrap()
            .solution
            .is_some();
        (found, solvable)
    }

    /// The beam as a plain sequential loop (how it was written before its layers were
    /// expanded in parallel): `Some(Some(answer))`, `Some(None)` when exhausted, `None`.
    fn sequential_beam(text: &str, width: usize) -> Option<Option<Vec<Action>>> {
        use gridlock_search::Graph;
        let p = parse(text).unwrap();
        let analysis = Analysis::new(&p.geometry);
        let graph = Boards::<8>::new(&p, &analysis, crate::puzznic::Objective::Moves);
        let start = Packed::<8>::pack(&p.start);
        let mut nodes = vec![(start, u32::MAX, Action::Wait, 0u32)];
        let mut seen: FxHashSet<Packed<8>> = [start].into_iter().collect();
        let (mut layer, mut edges, mut truncated) = (vec![0u32], Vec::new(), false);
        while !layer.is_empty() {
            let mut candidates = Vec::new();
            for &i in &layer {
                let (board, _, _, moves) = nodes[i as usize];
                edges.clear();
                graph.successors(&board, &mut edges);
                for e in &edges {
                    if !seen.insert(e.to) {
                        continue;
                    }
                    let m = moves + e.mv.is_move() as u32;
                    nodes.push((e.to, i, e.mv, m));
                    let id = (nodes.len() - 1) as u32;
                    if e.to.is_empty() {
                        return Some(Some(trace(&nodes, id)));
                    }
                    let mut cells = vec![0; p.geometry.len()];
                    e.to.unpack(&mut cells);
                    let h = analysis.moves_bound(&cells).unwrap();
                    candidates.push((m + 2 * h, pieces(&e.to), id));
                }
            }
            if candidates.len() > width {
                truncated = true;
                candidates.select_nth_unstable(width);
                candidates.truncate(width);
            }
            layer = candidates.iter().map(|&(_, _, id)| id).collect();
        }
        (!truncated).then_some(None)
    }

    #[test]
    fn the_parallel_beam_is_the_sequential_beam_on_any_number_of_threads() {
        // The layers are expanded in parallel and merged in order: the answer must be the
        // plain loop's, whatever the thread count (`--fast` prints the same on any machine).
        let (one, four) = (pool(1), pool(4));
        let mut found = 0;
        for seed in 0..150u64 {
            let text = random_board(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 7);
            for width in [1, 8, 1 << 20] {
                let want = sequential_beam(&text, width);
                found += matches!(want, Some(Some(_))) as u32;
                for pool in [&one, &four] {
                    let got = pool.install(|| {
                        let p = parse(&text).unwrap();
                        let analysis = Analysis::new(&p.geometry);
                        let graph =
                            Boards::<8>::new(&p, &analysis, crate::puzznic::Objective::Moves);
                        let start = Packed::<8>::pack(&p.start);
                        match beam(&graph, start, width, &Limits::none(), &mut Stats::default()) {
                            Beam::Found(actions) => Some(Some(actions)),
                            Beam::Exhausted => Some(None),
                            Beam::Failed => None,
                        }
                    });
                    assert_eq!(got, want, "width {width} on\n{text}");
                }
            }
        }
        assert!(found >= 100, "only {found} answers in the sample");
    }

    #[test]
    fn a_beam_that_drops_nothing_proves_unsolvable_and_only_then() {
        let (mut exhausted, mut failed) = (0, 0);
        for seed in 0..400u64 {
            let text = random_board(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let p = parse(&text).unwrap();
            if Analysis::new(&p.geometry).moves_bound(&p.start).is_none() {
                continue; // a dead end at the start; the solver answers before any beam
            }
            // Wide enough never to drop a board: a complete breadth-first search.
            match run_beam(&text, usize::MAX) {
                (Beam::Found(_), true) => {}
                (Beam::Exhausted, false) => exhausted += 1,
                (found, solvable) => panic!(
                    "complete beam: found {} exhausted {} but solvable {solvable} on\n{text}",
                    matches!(found, Beam::Found(_)),
                    matches!(found, Beam::Exhausted)
                ),
            }
            // A beam of width 1 drops boards wherever there is a choice: it may fail, but
            // it never claims a proof it does not have.
            match run_beam(&text, 1) {
                (Beam::Exhausted, solvable) => {
                    assert!(!solvable, "width 1 claimed no solution on\n{text}")
                }
                (Beam::Failed, solvable) => failed += solvable as u32,
                (Beam::Found(_), solvable) => assert!(solvable),
            }
        }
        assert!(
            exhausted >= 20,
            "only {exhausted} unsolvable boards in the sample"
        );
        assert!(
            failed >= 3,
            "width 1 never failed on a solvable board ({failed})"
        );
    }
}
