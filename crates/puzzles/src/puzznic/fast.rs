//! `--fast`: a beam search over the same board graph as the optimal search.
//!
//! Each layer is one cycle. From every board of the layer all successors are generated (with
//! the same rules and dead-end pruning); boards seen before are dropped, and the `width` most
//! promising survive, ranked by moves so far plus twice the admissible move bound, then by
//! pieces left. Widths grow geometrically until a solution appears; beam search is not
//! complete, so when even the widest beam fails the caller falls back to a complete search.

use super::packed::Packed;
use super::rules::Action;
use super::solve::Boards;
use gridlock_search::{Edge, Graph, Lex, Limits, Stats};
use rustc_hash::FxHashSet;
use std::time::Instant;

/// Beam widths tried in turn.
pub(super) const WIDTHS: [usize; 4] = [64, 1024, 16_384, 131_072];

/// Result of one beam run.
pub(super) enum Beam {
    /// A solution (one action per cycle).
    Found(Vec<Action>),
    /// The beam emptied or a limit was hit.
    Failed,
}

/// One beam search of the given width.
pub(super) fn beam<const W: usize>(
    graph: &Boards<'_, W>,
    start: Packed<W>,
    width: usize,
    limits: &Limits,
    stats: &mut Stats,
) -> Beam {
    let clock = Instant::now();
    // Arena: board, parent index, action that led here, moves so far.
    let mut nodes: Vec<(Packed<W>, u32, Action, u32)> = vec![(start, u32::MAX, Action::Wait, 0)];
    let mut seen: FxHashSet<Packed<W>> = FxHashSet::default();
    seen.insert(start);
    let mut layer: Vec<u32> = vec![0];
    let mut edges: Vec<Edge<Packed<W>, Action, Lex<u32, u32>>> = Vec::new();
    let mut candidates: Vec<(u32, u32, u32)> = Vec::new(); // (rank, pieces, node)
    let result = loop {
        if layer.is_empty() {
            break Beam::Failed;
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
        candidates.clear();
        for &i in &layer {
            let (board, _, _, moves) = nodes[i as usize];
            edges.clear();
            graph.successors(&board, &mut edges);
            stats.expanded += 1;
            stats.generated += edges.len() as u64;
            for e in &edges {
                if !seen.insert(e.to) {
                    continue;
                }
                let m = moves + e.mv.is_move() as u32;
                nodes.push((e.to, i, e.mv, m));
                let id = (nodes.len() - 1) as u32;
                if e.to.is_empty() {
                    let mut actions = Vec::new();
                    let mut at = id;
                    while at != 0 {
                        let (_, parent, action, _) = nodes[at as usize];
                        actions.push(action);
                        at = parent;
                    }
                    actions.reverse();
                    stats.elapsed += clock.elapsed();
                    return Beam::Found(actions);
                }
                let h = graph.moves_estimate(&e.to).unwrap_or(u32::MAX / 8);
                candidates.push((m + 2 * h, pieces(&e.to), id));
            }
        }
        if candidates.len() > width {
            candidates.select_nth_unstable(width);
            candidates.truncate(width);
        }
        layer.clear();
        layer.extend(candidates.iter().map(|&(_, _, id)| id));
        stats.peak_states = stats.peak_states.max(seen.len() as u64);
    };
    stats.elapsed += clock.elapsed();
    result
}

/// Number of pieces on a packed board.
fn pieces<const W: usize>(board: &Packed<W>) -> u32 {
    board
        .0
        .iter()
        .map(|w| ((w | w >> 1 | w >> 2 | w >> 3) & 0x1111_1111_1111_1111).count_ones())
        .sum()
}
