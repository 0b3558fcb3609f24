//! The state graph the searches walk: whole boards between cycles, with lexicographic
//! (moves, cycles) or (cycles, moves) edge costs and the admissible bounds of
//! [`super::bound`].
//!
//! Every cycle is an edge: waiting (`-`, cost 0 moves and 1 cycle) or one legal move (1 move,
//! 1 cycle). Waiting on a settled board (nothing falling, nothing about to vanish) leads back
//! to the same board and is never generated. Boards that can never be cleared (see
//! [`Analysis::moves_bound`]) are pruned as soon as they are generated, which is sound: no
//! solution passes through them. The optimal search ([`super::solve`]) and the quick
//! strategies of `--fast` ([`super::fast`], [`super::plan`]) all expand boards here, so they
//! agree on the rules by construction.

use super::bits::{Bits, Board, WORDS};
use super::board::Puzzle;
use super::bound::Analysis;
use super::packed::Packed;
use super::rules::{falling_bits, matched_bits, resolve_bits, settled_bits, Action};
use gridlock_search::{Edge, Graph, Lex};
use std::cell::RefCell;

/// What "optimal" means. Read from a request by its [`Objective::name`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Objective {
    /// Fewest player moves, then fewest cycles.
    #[default]
    Moves,
    /// Fewest cycles, then fewest player moves.
    Cycles,
}

impl Objective {
    /// The objective's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Moves => "moves",
            Objective::Cycles => "cycles",
        }
    }

    /// The (primary, secondary) cost of a solution with these counts.
    pub fn key(self, moves: u32, cycles: u32) -> (u32, u32) {
        match self {
            Objective::Moves => (moves, cycles),
            Objective::Cycles => (cycles, moves),
        }
    }
}

/// The state graph of one level.
pub(super) struct Boards<'a, const W: usize> {
    puzzle: &'a Puzzle,
    analysis: &'a Analysis,
    objective: Objective,
    scratch: RefCell<Scratch<W>>,
}

/// Buffers reused by every expansion, and the move bounds of the last expansion's
/// successors (the engine asks for them right after generating them).
pub(super) struct Scratch<const W: usize> {
    /// The successors of the last expansion with their move bounds, in the order of the
    /// edges it pushed.
    pub(super) bounds: Vec<(Packed<W>, u32)>,
    cursor: usize,
}

impl<const W: usize> Scratch<W> {
    /// Buffers for a level of `n` playable cells (the bitboards need none of that size).
    pub(super) fn new(_n: usize) -> Self {
        Scratch {
            bounds: Vec::new(),
            cursor: 0,
        }
    }
}

impl<'a, const W: usize> Boards<'a, W> {
    pub(super) fn new(puzzle: &'a Puzzle, analysis: &'a Analysis, objective: Objective) -> Self {
        Boards {
            puzzle,
            analysis,
            objective,
            scratch: RefCell::new(Scratch::new(puzzle.geometry.len())),
        }
    }

    /// The level this graph plays.
    pub(super) fn puzzle(&self) -> &'a Puzzle {
        self.puzzle
    }

    /// The bounds this graph prunes and ranks with.
    pub(super) fn analysis(&self) -> &'a Analysis {
        self.analysis
    }

    /// What the edge costs count.
    pub(super) fn objective(&self) -> Objective {
        self.objective
    }

    /// The admissible estimate of the remaining cost, or `None` for a dead end.
    pub(super) fn estimate(&self, state: &Packed<W>) -> Option<Lex<u32, u32>> {
        if state.is_empty() {
            return Some(Lex(0, 0));
        }
        let cached = {
            let scratch = self.scratch.borrow();
            scratch
                .bounds
                .iter()
                .find(|(s, _)| s == state)
                .map(|&(_, b)| b)
        };
        let moves = match cached {
            Some(b) => b,
            None => {
                let mut cells = vec![0; self.puzzle.geometry.len()];
                state.unpack(&mut cells);
                self.analysis.moves_bound(&cells)?
            }
        };
        // Each cycle carries at most one move, and a non-empty board needs a cycle.
        let cycles = moves.max(1);
        Some(match self.objective {
            Objective::Moves => Lex(moves, cycles),
            Objective::Cycles => Lex(cycles, moves),
        })
    }
}

impl<const W: usize> Graph for Boards<'_, W> {
    type State = Packed<W>;
    type Move = Action;
    type Cost = Lex<u32, u32>;

    fn successors(&self, state: &Packed<W>, out: &mut Vec<Edge<Packed<W>, Action, Lex<u32, u32>>>) {
        let mut scratch = self.scratch.borrow_mut();
        let rules = (self.puzzle, self.analysis, self.objective);
        expand(rules, &mut scratch, state, out);
    }
}

/// The cost of one cycle under `objective`: one cycle, and one move unless it is a wait.
fn edge_cost(objective: Objective, mv: bool) -> Lex<u32, u32> {
    let m = mv as u32;
    match objective {
        Objective::Moves => Lex(m, 1),
        Objective::Cycles => Lex(1, m),
    }
}

/// What an expansion reads: the puzzle, its analysis (for the successors' bounds) and what
/// the edge costs count.
pub(super) type Rules<'a> = (&'a Puzzle, &'a Analysis, Objective);

/// [`Graph::successors`] of [`Boards`], on buffers the caller owns, so that the `--fast`
/// beams can expand boards on several threads at once (each with its own [`Analysis`], whose
/// caches are not shared). Also leaves each successor's move bound in `scratch.bounds`.
pub(super) fn expand<const W: usize>(
    rules: Rules,
    scratch: &mut Scratch<W>,
    state: &Packed<W>,
    out: &mut Vec<Edge<Packed<W>, Action, Lex<u32, u32>>>,
) {
    // The narrowest bitboards that hold the level (the branch goes the same way every time).
    match rules.0.geometry.layout.words {
        1 => expand_in::<W, 1>(rules, scratch, state, out),
        2 => expand_in::<W, 2>(rules, scratch, state, out),
        _ => expand_in::<W, WORDS>(rules, scratch, state, out),
    }
}

/// [`expand`] on bitboards of `K` words.
fn expand_in<const W: usize, const K: usize>(
    (puzzle, analysis, objective): Rules,
    scratch: &mut Scratch<W>,
    state: &Packed<W>,
    out: &mut Vec<Edge<Packed<W>, Action, Lex<u32, u32>>>,
) {
    let geometry = &puzzle.geometry;
    let layout = &geometry.layout;
    let Scratch { bounds, cursor } = scratch;
    bounds.clear();
    *cursor = 0;
    let board: Board<K> = state.to_board(layout);
    let fall = falling_bits(layout, &board);
    let costs = analysis.type_costs(&board);
    let mut push = |next: &Board<K>, action: Action| {
        if let Some(b) = analysis.moves_bound_board(next, Some(&costs)) {
            let to = state.with_changes(layout, next, next.differs(&board));
            debug_assert_eq!(to, Packed::from_board(layout, next));
            bounds.push((to, b));
            out.push(Edge::new(
                action,
                to,
                edge_cost(objective, action.is_move()),
            ));
        }
    };
    // The pieces about to vanish: they may not move (for a non-falling piece this is
    // `check_move`'s neighbour test), and a board without them or falling pieces is
    // settled, where waiting is a self-loop.
    let vanishing = matched_bits(layout, &board, fall);
    if !settled_bits(fall, vanishing) {
        let mut next = board;
        resolve_bits(layout, &mut next);
        push(&next, Action::Wait);
    }
    // `check_move`'s conditions for every piece at once: not falling, not about to vanish,
    // and the destination a playable empty cell.
    let occupied = board.occupied();
    let movable = occupied & !fall & !vanishing;
    let to_left = movable & Bits::narrow(&layout.has_left) & !occupied.earlier(1);
    let to_right = movable & Bits::narrow(&layout.has_right) & !occupied.later(1);
    // In cell order, left before right: the order the engine meets the edges in.
    for b in (to_left | to_right).ones() {
        for right in [false, true] {
            let (ok, to) = if right {
                (to_right.has(b), b + 1)
            } else {
                (to_left.has(b), b.wrapping_sub(1))
            };
            if !ok {
                continue;
            }
            let from = layout.cell[b] as usize;
            #[cfg(debug_assertions)]
            {
                let mut cells = vec![0; geometry.len()];
                state.unpack(&mut cells);
                let mut f = vec![false; cells.len()];
                super::rules::falling(geometry, &cells, &mut f);
                assert_eq!(
                    super::rules::check_move(geometry, &cells, &f, from, right),
                    Ok(layout.cell[to] as usize)
                );
            }
            let mut next = board;
            next.shift_piece(b, to);
            resolve_bits(layout, &mut next);
            let action = if right {
                Action::Right(from as u16)
            } else {
                Action::Left(from as u16)
            };
            push(&next, action);
        }
    }
}
