//! The search: A* over whole boards between cycles, with lexicographic (moves, cycles) or
//! (cycles, moves) costs and the admissible bounds of [`super::bound`].
//!
//! Every cycle is an edge: waiting (`-`, cost 0 moves and 1 cycle) or one legal move (1 move,
//! 1 cycle). Waiting on a settled board (nothing falling, nothing about to vanish) leads back
//! to the same board and is never generated. Boards that can never be cleared (see
//! [`Analysis::moves_bound`]) are pruned as soon as they are generated, which is sound: no
//! solution passes through them.

use super::board::Puzzle;
use super::bound::Analysis;
use super::packed::{Packed, PER_WORD};
use super::rules::{check_move, falling, is_settled, resolve, Action};
use gridlock_search::{astar, Edge, Graph, Lex, Limits, Stats, Stopped};

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
    /// Weighted best-first: some valid solution, quickly, with no optimality guarantee.
    Fast,
}

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
    let words = puzzle.geometry.len().div_ceil(PER_WORD);
    match words {
        0..=1 => run::<1>(puzzle, analysis, options),
        2 => run::<2>(puzzle, analysis, options),
        3..=4 => run::<4>(puzzle, analysis, options),
        5..=8 => run::<8>(puzzle, analysis, options),
        _ => run::<16>(puzzle, analysis, options),
    }
}

/// The state graph of one level.
struct Boards<'a, const W: usize> {
    puzzle: &'a Puzzle,
    analysis: &'a Analysis,
    objective: Objective,
}

impl<const W: usize> Boards<'_, W> {
    fn cost(&self, mv: bool) -> Lex<u32, u32> {
        let m = mv as u32;
        match self.objective {
            Objective::Moves => Lex(m, 1),
            Objective::Cycles => Lex(1, m),
        }
    }

    /// The admissible estimate of the remaining cost, or `None` for a dead end.
    fn estimate(&self, state: &Packed<W>) -> Option<Lex<u32, u32>> {
        if state.is_empty() {
            return Some(Lex(0, 0));
        }
        let n = self.puzzle.geometry.len();
        let mut cells = [0u8; 256];
        state.unpack(&mut cells[..n]);
        let moves = self.analysis.moves_bound(&cells[..n])?;
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
        let geometry = &self.puzzle.geometry;
        let n = geometry.len();
        let mut cells = [0u8; 256];
        let cells = &mut cells[..n];
        state.unpack(cells);
        let mut fall = [false; 256];
        let fall = &mut fall[..n];
        falling(geometry, cells, fall);
        let mut next = [0u8; 256];
        let next = &mut next[..n];
        let mut push = |next: &[u8], action: Action| {
            if self.analysis.moves_bound(next).is_some() {
                out.push(Edge::new(
                    action,
                    Packed::pack(next),
                    self.cost(action.is_move()),
                ));
            }
        };
        if !is_settled(geometry, cells, fall) {
            next.copy_from_slice(cells);
            resolve(geometry, next, |_| {}, |_| {});
            push(next, Action::Wait);
        }
        for from in 0..n {
            if cells[from] == 0 || fall[from] {
                continue;
            }
            for right in [false, true] {
                if let Ok(to) = check_move(geometry, cells, fall, from, right) {
                    next.copy_from_slice(cells);
                    next[to] = next[from];
                    next[from] = 0;
                    resolve(geometry, next, |_| {}, |_| {});
                    let action = if right {
                        Action::Right(from as u16)
                    } else {
                        Action::Left(from as u16)
                    };
                    push(next, action);
                }
            }
        }
    }
}

/// Weight of the estimate in fast mode (f = g + WEIGHT·h).
const FAST_WEIGHT: u32 = 4;

fn run<const W: usize>(
    puzzle: &Puzzle,
    analysis: &Analysis,
    options: &SolveOptions,
) -> Result<Outcome, Stopped> {
    let graph = Boards::<W> {
        puzzle,
        analysis,
        objective: options.objective,
    };
    let start = Packed::<W>::pack(&puzzle.start);
    let weight = match options.strategy {
        Strategy::Optimal => 1,
        Strategy::Fast => FAST_WEIGHT,
    };
    let found = astar(
        &graph,
        start,
        |s| s.is_empty(),
        |s| {
            // Dead ends are never generated, so the estimate exists; the fallback keeps the
            // search correct even if that ever changes.
            let Lex(a, b) = graph.estimate(s).unwrap_or(Lex(0, 0));
            Lex(a * weight, b * weight)
        },
        &options.limits,
    )?;
    let solution = found.path.map(|p| Solution::new(p.moves()));
    let optimal = match (options.strategy, &solution) {
        (Strategy::Optimal, _) => true,
        (Strategy::Fast, None) => true,
        (Strategy::Fast, Some(s)) => {
            let Lex(a, b) = graph.estimate(&start).unwrap_or(Lex(0, 0));
            options.objective.key(s.moves, s.cycles) == (a, b)
        }
    };
    Ok(Outcome {
        solution,
        optimal,
        stats: found.stats,
    })
}
