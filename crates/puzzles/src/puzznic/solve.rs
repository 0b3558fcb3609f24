//! The search: A* over whole boards between cycles, with lexicographic (moves, cycles) or
//! (cycles, moves) costs and the admissible bounds of [`super::bound`].
//!
//! Every cycle is an edge: waiting (`-`, cost 0 moves and 1 cycle) or one legal move (1 move,
//! 1 cycle). Waiting on a settled board (nothing falling, nothing about to vanish) leads back
//! to the same board and is never generated. Boards that can never be cleared (see
//! [`Analysis::moves_bound`]) are pruned as soon as they are generated, which is sound: no
//! solution passes through them.

use super::bits::{Bits, Board, WORDS};
use super::board::Puzzle;
use super::bound::Analysis;
use super::chambers::{chambers, sub_puzzle};
use super::fast::{beam, settled_best_first, Beam, SETTLED_NODES, SETTLED_WEIGHT, WIDTHS};
use super::packed::{Packed, PER_WORD};
use super::plan::{plan, PLAN};
use super::rules::{
    cycle, falling, falling_bits, is_settled, matched_bits, resolve_bits, settled_bits, Action,
};
use gridlock_search::{astar, Edge, Graph, Lex, Limits, Stats, Stopped};
use std::cell::RefCell;

/// What "optimal" means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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

/// How hard to look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strategy {
    /// A*: the answer is proven optimal for the objective.
    #[default]
    Optimal,
    /// Beams of growing width, best-first over settled boards and the goal-directed planner
    /// (then, if all fail, the complete search): some valid solution, quickly, with no
    /// optimality guarantee.
    Fast,
}

impl Strategy {
    /// The strategy a `--fast` flag (CLI) or `"fast": true` field (web API) asks for.
    pub fn from_fast_flag(fast: bool) -> Self {
        if fast {
            Strategy::Fast
        } else {
            Strategy::Optimal
        }
    }
}

/// How long `--fast` searches when the caller sets no deadline of its own: its quick methods
/// answer every level they can answer in a few seconds at most, and past this budget the only
/// thing left to try is the complete search, which on a hard level runs for minutes before it
/// hits the state cap. A user who wants that longer search asks for it with a timeout.
pub const FAST_BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// Options of one solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// What to minimise.
    pub objective: Objective,
    /// Optimal or fast.
    pub strategy: Strategy,
    /// State cap, deadline, cancel flag.
    pub limits: Limits,
}

/// A solution: one action per cycle, until the board is empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The actions, one per cycle.
    pub actions: Vec<Action>,
    /// Player moves (actions other than waiting).
    pub moves: u32,
    /// Cycles (lines of the judge answer).
    pub cycles: u32,
}

impl Solution {
    /// Counts moves and cycles of an action list.
    pub fn new(actions: Vec<Action>) -> Solution {
        let moves = actions.iter().filter(|a| a.is_move()).count() as u32;
        let cycles = actions.len() as u32;
        Solution {
            actions,
            moves,
            cycles,
        }
    }
}

/// The result of a search that ran to completion.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The solution, or `None` when the board cannot be cleared.
    pub solution: Option<Solution>,
    /// Whether the solution is proven optimal for the objective (always true for
    /// [`Strategy::Optimal`]; for [`Strategy::Fast`] only when it happens to meet the bound).
    pub optimal: bool,
    /// Search statistics.
    pub stats: Stats,
}

/// Solves a puzzle. Fails only when a limit stops the search; the error carries the proven
/// lower bound on the objective's cost, as `Lex(primary, secondary)`.
pub fn solve(puzzle: &Puzzle, options: &SolveOptions) -> Result<Outcome, Stopped> {
    let analysis = Analysis::new(&puzzle.geometry);
    solve_with(puzzle, &analysis, options)
}

/// [`solve`] with a precomputed [`Analysis`] (the verifier solves twice on one level).
pub fn solve_with(
    puzzle: &Puzzle,
    analysis: &Analysis,
    options: &SolveOptions,
) -> Result<Outcome, Stopped> {
    if analysis.moves_bound(&puzzle.start).is_none() {
        return Ok(Outcome {
            solution: None,
            optimal: true,
            stats: Stats::default(),
        });
    }
    if options.strategy == Strategy::Fast {
        let parts = chambers(&puzzle.geometry);
        if parts.len() > 1 {
            if let Some(outcome) = fast_by_chambers(puzzle, analysis, options, &parts)? {
                return Ok(outcome);
            }
        }
    }
    solve_whole(puzzle, analysis, options)
}

/// The search over the whole level, chambers or not.
fn solve_whole(
    puzzle: &Puzzle,
    analysis: &Analysis,
    options: &SolveOptions,
) -> Result<Outcome, Stopped> {
    // The fewest words that hold the level: every state is stored in the seen-set and the
    // node list, so a word saved per board is up to a quarter of the memory (the NES levels
    // have 18 to 72 playable cells, two to five words).
    let words = puzzle.geometry.len().div_ceil(PER_WORD);
    match words {
        0..=1 => run::<1>(puzzle, analysis, options),
        2 => run::<2>(puzzle, analysis, options),
        3 => run::<3>(puzzle, analysis, options),
        4 => run::<4>(puzzle, analysis, options),
        5 => run::<5>(puzzle, analysis, options),
        6 => run::<6>(puzzle, analysis, options),
        7..=8 => run::<8>(puzzle, analysis, options),
        _ => run::<16>(puzzle, analysis, options),
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
    fn estimate(&self, state: &Packed<W>) -> Option<Lex<u32, u32>> {
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
        expand(
            self.puzzle,
            self.analysis,
            self.objective,
            &mut scratch,
            state,
            out,
        );
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

/// [`Graph::successors`] of [`Boards`], on buffers the caller owns, so that the `--fast`
/// beams can expand boards on several threads at once (each with its own [`Analysis`], whose
/// caches are not shared). Also leaves each successor's move bound in `scratch.bounds`.
pub(super) fn expand<const W: usize>(
    puzzle: &Puzzle,
    analysis: &Analysis,
    objective: Objective,
    scratch: &mut Scratch<W>,
    state: &Packed<W>,
    out: &mut Vec<Edge<Packed<W>, Action, Lex<u32, u32>>>,
) {
    // The narrowest bitboards that hold the level (the branch goes the same way every time).
    match puzzle.geometry.layout.words {
        1 => expand_in::<W, 1>(puzzle, analysis, objective, scratch, state, out),
        2 => expand_in::<W, 2>(puzzle, analysis, objective, scratch, state, out),
        _ => expand_in::<W, WORDS>(puzzle, analysis, objective, scratch, state, out),
    }
}

/// [`expand`] on bitboards of `K` words.
fn expand_in<const W: usize, const K: usize>(
    puzzle: &Puzzle,
    analysis: &Analysis,
    objective: Objective,
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
                falling(geometry, &cells, &mut f);
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

/// One incomplete try of `--fast`, in the order [`run`] makes them.
#[derive(Clone, Copy)]
enum Attempt {
    /// A beam of this width over every cycle.
    Beam(usize),
    /// Weighted best-first over settled boards.
    Settled,
    /// The goal-directed planner.
    Plan,
}

fn run<const W: usize>(
    puzzle: &Puzzle,
    analysis: &Analysis,
    options: &SolveOptions,
) -> Result<Outcome, Stopped> {
    let graph = Boards::<W>::new(puzzle, analysis, options.objective);
    let start = Packed::<W>::pack(&puzzle.start);
    let mut stats = Stats::default();
    if options.strategy == Strategy::Fast {
        // Narrow beams (cheap, good answers), then a cheap try over settled boards only, then
        // the goal-directed planner, then the wide beams.
        let (narrow, wide) = WIDTHS.split_at(2);
        let attempts = narrow.iter().map(|&w| Attempt::Beam(w));
        let attempts = attempts
            .chain([Attempt::Settled, Attempt::Plan])
            .chain(wide.iter().map(|&w| Attempt::Beam(w)));
        for attempt in attempts {
            let found = match attempt {
                Attempt::Settled => settled_best_first::<W>(
                    puzzle,
                    analysis,
                    SETTLED_WEIGHT,
                    SETTLED_NODES,
                    &options.limits,
                    &mut stats,
                ),
                Attempt::Plan => plan(&graph, analysis, PLAN, &options.limits, &mut stats),
                Attempt::Beam(width) => beam(&graph, start, width, &options.limits, &mut stats),
            };
            match found {
                Beam::Found(actions) => {
                    let solution = Solution::new(actions);
                    let Lex(a, b) = graph.estimate(&start).unwrap_or(Lex(0, 0));
                    let optimal = options.objective.key(solution.moves, solution.cycles) == (a, b);
                    return Ok(Outcome {
                        solution: Some(solution),
                        optimal,
                        stats,
                    });
                }
                // A beam that never dropped a board proved there is no solution.
                Beam::Exhausted => {
                    return Ok(Outcome {
                        solution: None,
                        optimal: true,
                        stats,
                    })
                }
                Beam::Failed => {}
            }
        }
        // Beam search is incomplete: settle the question with the complete search.
    }
    let found = astar(
        &graph,
        start,
        |s| s.is_empty(),
        // Dead ends are never generated, so the estimate exists; the fallback keeps the
        // search correct even if that ever changes.
        |s| graph.estimate(s).unwrap_or(Lex(0, 0)),
        &options.limits,
    )
    .map_err(|mut stopped| {
        stopped.stats.absorb(&stats);
        stopped
    })?;
    stats.absorb(&found.stats);
    Ok(Outcome {
        solution: found.path.map(|p| Solution::new(p.moves())),
        optimal: true,
        stats,
    })
}

/// `--fast` on a level that splits into independent chambers (see [`super::chambers`]): each
/// chamber is solved on its own, in turn, while the others wait, and the answers are
/// concatenated. The state spaces multiply when chambers are searched together and only add
/// up here. Returns `None` when this shortcut does not settle the level (the caller then
/// searches the whole level): a chamber that waiting has changed turned out unsolvable, or the
/// concatenation failed the replay with the full rules (it never should).
fn fast_by_chambers(
    puzzle: &Puzzle,
    analysis: &Analysis,
    options: &SolveOptions,
    parts: &[Vec<usize>],
) -> Result<Option<Outcome>, Stopped> {
    let geometry = &puzzle.geometry;
    // Chambers that move on their own (not settled) go first, the first of them exactly from
    // its starting board; settled chambers do not change while they wait.
    let mut fall = vec![false; geometry.len()];
    falling(geometry, &puzzle.start, &mut fall);
    let unsettled = |cells: &[usize]| {
        let mut only = vec![0u8; geometry.len()];
        for &c in cells {
            only[c] = puzzle.start[c];
        }
        let mut f = vec![false; geometry.len()];
        falling(geometry, &only, &mut f);
        !is_settled(geometry, &only, &f)
    };
    let mut order: Vec<&Vec<usize>> = parts.iter().collect();
    order.sort_by_key(|cells| !unsettled(cells));
    let mut board = puzzle.start.clone();
    let mut actions: Vec<Action> = Vec::new();
    let mut stats = Stats::default();
    for cells in order {
        let Some(sub) = sub_puzzle(puzzle, &board, cells) else {
            continue;
        };
        let sub_analysis = Analysis::new(&sub.geometry);
        let outcome = solve_whole(&sub, &sub_analysis, options)?;
        stats.absorb(&outcome.stats);
        let Some(solution) = outcome.solution else {
            // Projection: a chamber that cannot be cleared from its starting board makes the
            // level unsolvable. From a board that waiting produced, it proves nothing.
            if cells.iter().all(|&c| board[c] == puzzle.start[c]) {
                return Ok(Some(Outcome {
                    solution: None,
                    optimal: true,
                    stats,
                }));
            }
            return Ok(None);
        };
        for action in solution.actions {
            let map = |i: u16| {
                let (r, c) = sub.geometry.pos[i as usize];
                geometry.at(r as usize, c as usize).map(|j| j as u16)
            };
            let mapped = match action {
                Action::Wait => Some(Action::Wait),
                Action::Left(i) => map(i).map(Action::Left),
                Action::Right(i) => map(i).map(Action::Right),
            };
            let Some(mapped) = mapped else {
                return Ok(None);
            };
            if board.iter().all(|&t| t == 0) || cycle(geometry, &mut board, mapped).is_err() {
                return Ok(None);
            }
            actions.push(mapped);
        }
    }
    if board.iter().any(|&t| t != 0) {
        return Ok(None);
    }
    let solution = Solution::new(actions);
    let optimal = analysis.moves_bound(&puzzle.start).is_some_and(|m| {
        options.objective.key(solution.moves, solution.cycles) == options.objective.key(m, m.max(1))
    });
    Ok(Some(Outcome {
        solution: Some(solution),
        optimal,
        stats,
    }))
}

/// Puts the lower bound a stopped search proved into words, for the command line and the web
/// API alike. For Puzznic the bound's numbers are the objective's cost pair, most significant
/// first.
pub fn describe_bound(stopped: &Stopped, objective: Objective) -> String {
    let Some(bound) = &stopped.lower_bound else {
        return "no lower bound was established".to_string();
    };
    match (objective, bound.0.as_slice()) {
        (Objective::Moves, [a, b]) => {
            format!(
                "proven lower bound: at least {a} moves (and at least {b} cycles with {a} moves)"
            )
        }
        (Objective::Cycles, [a, b]) => {
            format!(
                "proven lower bound: at least {a} cycles (and at least {b} moves with {a} cycles)"
            )
        }
        _ => format!("proven lower bound: {bound}"),
    }
}

#[cfg(test)]
mod describe_tests {
    use super::*;
    use gridlock_search::{Bound, Stats, StopReason};

    fn stopped(bound: Option<Bound>) -> Stopped {
        Stopped {
            reason: StopReason::Timeout,
            stats: Stats::default(),
            lower_bound: bound,
        }
    }

    #[test]
    fn bounds_are_worded_per_objective() {
        let s = stopped(Some(Bound::of(&Lex(26u32, 30u32))));
        assert_eq!(
            describe_bound(&s, Objective::Moves),
            "proven lower bound: at least 26 moves (and at least 30 cycles with 26 moves)"
        );
        assert_eq!(
            describe_bound(&s, Objective::Cycles),
            "proven lower bound: at least 26 cycles (and at least 30 moves with 26 cycles)"
        );
        assert_eq!(
            describe_bound(&stopped(None), Objective::Moves),
            "no lower bound was established"
        );
        // a bound of another shape is shown as it is
        assert_eq!(
            describe_bound(&stopped(Some(Bound(vec![7]))), Objective::Moves),
            "proven lower bound: 7"
        );
    }
}
