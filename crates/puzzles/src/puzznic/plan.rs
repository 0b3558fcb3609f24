//! `--fast`, goal-directed: clear the board one vanishing group at a time.
//!
//! Levels with wide open rooms defeat the beams: the move bound barely changes while pieces
//! shuffle, so nothing tells good boards from bad ones. Progress there is made of *events* —
//! a group vanishes — and the search is organised around them:
//!
//! * A **short search** from a settled board looks, best-first over the full graph of cycles
//!   (moves in mid-cascade included, since some groups can only be assembled while pieces
//!   fall), for the nearest boards where some pieces vanish. It is steered by
//!   [`Analysis::next_vanish`], the moves still needed before the cheapest group of one type
//!   can meet. Each hit is followed by waiting until the board settles; hits that are dead
//!   ends (a type left with one piece, or walled apart) are dropped.
//! * The **outer search** is a beam over those settled boards, one layer per vanishing event,
//!   ranked by moves so far plus the admissible move bound plus the pieces left. Boards seen
//!   before (in any layer) are dropped.
//!
//! Like the beams it is incomplete; its answers are replayed with the rules before use.

use super::board::Puzzle;
use super::bound::Analysis;
use super::fast::{pieces, settle, Beam};
use super::packed::Packed;
use super::rules::{cycle, Action};
use super::solve::Boards;
use gridlock_search::{Edge, Graph, Lex, Limits, Stats};
use rustc_hash::FxHashSet;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

/// Sizes of one planner run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    /// Settled boards kept per layer of the outer beam.
    pub width: usize,
    /// Vanishing events collected per short search.
    pub events: usize,
    /// Expansions one short search may make.
    pub expansions: usize,
    /// Weight of the next-vanish bound in the short search.
    pub weight: u32,
    /// Children one board may place in the next layer (diversity).
    pub per_parent: usize,
    /// Weight of the move bound in the outer rank.
    pub bound_weight: u32,
    /// Weight of the pieces left in the outer rank.
    pub piece_weight: u32,
    /// Weight of the moves so far in the outer rank.
    pub moves_weight: u32,
    /// One short search per piece type (each steered to that type's next group) instead of
    /// one for all types.
    pub per_type: bool,
}

/// One settled board of the outer beam, with the way it was reached.
struct Node<const W: usize> {
    board: Packed<W>,
    parent: u32,
    /// The cycles from the parent's board to this one.
    segment: Vec<Action>,
    moves: u32,
    rank: u32,
}

/// Runs the planner from the puzzle's start; an answer is replayed with the rules first.
pub(super) fn plan<const W: usize>(
    graph: &Boards<'_, W>,
    puzzle: &Puzzle,
    analysis: &Analysis,
    params: Plan,
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
    let Some(b0) = analysis.moves_bound(&cells) else {
        return Beam::Failed;
    };
    let start = Packed::<W>::pack(&cells);
    let mut nodes = vec![Node {
        board: start,
        parent: u32::MAX,
        segment: prefix,
        moves: 0,
        rank: b0,
    }];
    let mut seen: FxHashSet<Packed<W>> = FxHashSet::default();
    seen.insert(start);
    let mut layer: Vec<u32> = vec![0];
    let mut short = Short::default();
    let result = loop {
        if layer.is_empty() {
            break Beam::Failed;
        }
        let mut next: Vec<u32> = Vec::new();
        for &id in &layer {
            if stopped(limits, stats, seen.len()) {
                stats.elapsed += clock.elapsed();
                return Beam::Failed;
            }
            let (board, moves) = (nodes[id as usize].board, nodes[id as usize].moves);
            let mut events = Vec::new();
            if params.per_type {
                board.unpack(&mut cells);
                let mut present = [false; 10];
                for &t in &cells {
                    present[t as usize] = true;
                }
                for t in 1..10u8 {
                    if present[t as usize] {
                        for ev in short.run(graph, analysis, board, t, params, stats) {
                            if !events.iter().any(|(b, _)| *b == ev.0) {
                                events.push(ev);
                            }
                        }
                    }
                }
            } else {
                events = short.run(graph, analysis, board, 0, params, stats);
            }
            for (to, segment) in events {
                if !seen.insert(to) {
                    continue;
                }
                let m = moves + segment.iter().filter(|a| a.is_move()).count() as u32;
                let rank = if to.is_empty() {
                    0
                } else {
                    to.unpack(&mut cells);
                    let Some(b) = analysis.moves_bound(&cells) else {
                        continue;
                    };
                    params.moves_weight * m + params.bound_weight * b + params.piece_weight * pieces(&to)
                };
                nodes.push(Node {
                    board: to,
                    parent: id,
                    segment,
                    moves: m,
                    rank,
                });
                let child = (nodes.len() - 1) as u32;
                if to.is_empty() {
                    break;
                }
                next.push(child);
            }
            if nodes.last().is_some_and(|last| last.board.is_empty()) {
                break;
            }
        }
        if let Some(last) = nodes.last().filter(|last| last.board.is_empty()) {
            let _ = last;
            break Beam::Found(unwind(&nodes, (nodes.len() - 1) as u32));
        }
        next.sort_by_key(|&c| (nodes[c as usize].rank, c));
        if params.per_parent > 0 {
            let mut taken: rustc_hash::FxHashMap<u32, usize> = Default::default();
            next.retain(|&c| {
                let k = taken.entry(nodes[c as usize].parent).or_insert(0);
                *k += 1;
                *k <= params.per_parent
            });
        }
        if std::env::var("GRIDLOCK_PLAN_DEBUG").is_ok() {
            let pc: Vec<u32> = next.iter().take(params.width).map(|&c| pieces(&nodes[c as usize].board)).collect();
            eprintln!("layer {} -> {} children, pieces {:?}", layer.len(), next.len(), pc);
            if let Some(&c) = next.first() {
                nodes[c as usize].board.unpack(&mut cells);
                for row in graph.puzzle().rows_of(&cells) { eprintln!("  {row}"); }
            }
        }
        next.truncate(params.width);
        layer = next;
    };
    stats.peak_states = stats.peak_states.max(seen.len() as u64);
    stats.elapsed += clock.elapsed();
    match result {
        Beam::Found(actions) => {
            // Defence in depth: the answer must clear the board under the rules.
            let mut board = puzzle.start.clone();
            for (k, &a) in actions.iter().enumerate() {
                if board.iter().all(|&t| t == 0) || cycle(geometry, &mut board, a).is_err() {
                    debug_assert!(false, "planner produced an illegal cycle {k}");
                    return Beam::Failed;
                }
            }
            if board.iter().any(|&t| t != 0) {
                return Beam::Failed;
            }
            Beam::Found(actions)
        }
        failed => failed,
    }
}

/// The actions from the start to outer node `id`.
fn unwind<const W: usize>(nodes: &[Node<W>], id: u32) -> Vec<Action> {
    let mut parts = Vec::new();
    let mut at = id;
    while at != u32::MAX {
        parts.push(&nodes[at as usize].segment);
        at = nodes[at as usize].parent;
    }
    parts.into_iter().rev().flatten().copied().collect()
}

/// Whether a limit of the caller says stop.
fn stopped(limits: &Limits, stats: &Stats, held: usize) -> bool {
    limits.max_states.is_some_and(|m| held > m)
        || limits.deadline.is_some_and(|d| Instant::now() >= d)
        || limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
        || limits
            .max_states
            .is_some_and(|m| stats.expanded as usize > 4 * m)
}

/// Buffers of the short search, reused between runs.
#[derive(Default)]
struct Short<const W: usize> {
    /// Arena: board, parent, action, moves so far.
    arena: Vec<(Packed<W>, u32, Action, u32)>,
    seen: FxHashSet<Packed<W>>,
    heap: BinaryHeap<Reverse<(u32, u32, u32)>>,
    edges: Vec<Edge<Packed<W>, Action, Lex<u32, u32>>>,
    cells: Vec<u8>,
    fall: Vec<bool>,
}

impl<const W: usize> Short<W> {
    /// Best-first from the settled board `from` to the nearest vanishing events; returns each
    /// event's settled board (not a dead end) with the cycles that lead there.
    fn run(
        &mut self,
        graph: &Boards<'_, W>,
        analysis: &Analysis,
        from: Packed<W>,
        target: u8,
        params: Plan,
        stats: &mut Stats,
    ) -> Vec<(Packed<W>, Vec<Action>)> {
        let geometry = &graph.puzzle().geometry;
        let n = geometry.len();
        self.cells.resize(n, 0);
        self.fall.resize(n, false);
        self.arena.clear();
        self.seen.clear();
        self.heap.clear();
        self.arena.push((from, u32::MAX, Action::Wait, 0));
        self.seen.insert(from);
        self.heap.push(Reverse((0, 0, 0)));
        let count = pieces(&from);
        let mut out: Vec<(Packed<W>, Vec<Action>)> = Vec::new();
        let mut expanded = 0;
        while let Some(Reverse((_, _, id))) = self.heap.pop() {
            if expanded >= params.expansions || out.len() >= params.events {
                break;
            }
            expanded += 1;
            let (board, _, _, moves) = self.arena[id as usize];
            self.edges.clear();
            graph.successors(&board, &mut self.edges);
            stats.expanded += 1;
            stats.generated += self.edges.len() as u64;
            for k in 0..self.edges.len() {
                let e = self.edges[k];
                if !self.seen.insert(e.to) {
                    continue;
                }
                let m = moves + e.mv.is_move() as u32;
                self.arena.push((e.to, id, e.mv, m));
                let child = (self.arena.len() - 1) as u32;
                if pieces(&e.to) < count {
                    // An event: wait until the board settles, then keep it unless it is a
                    // dead end.
                    let mut actions = self.trace(child);
                    e.to.unpack(&mut self.cells);
                    settle(geometry, &mut self.cells, &mut self.fall, &mut actions);
                    if self.cells.iter().all(|&t| t == 0)
                        || analysis.moves_bound(&self.cells).is_some()
                    {
                        let settled = Packed::<W>::pack(&self.cells);
                        if !out.iter().any(|(b, _)| *b == settled) {
                            out.push((settled, actions));
                        }
                    }
                    continue;
                }
                e.to.unpack(&mut self.cells);
                let h = analysis.next_vanish_of(&self.cells, target);
                self.heap
                    .push(Reverse((m + params.weight * h, h, child)));
            }
        }
        out
    }

    /// The actions from the short search's root to arena node `id`.
    fn trace(&self, id: u32) -> Vec<Action> {
        let mut actions = Vec::new();
        let mut at = id;
        while at != 0 {
            let (_, parent, action, _) = self.arena[at as usize];
            actions.push(action);
            at = parent;
        }
        actions.reverse();
        actions
    }
}
