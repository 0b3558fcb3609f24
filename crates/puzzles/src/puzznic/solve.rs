//! The searches' entry points: the optimal search (A* over the board graph of
//! [`super::graph`]) and, on top of it, `--fast`'s order of attempts (the narrow beams, the
//! weighted best-first over settled boards, the goal-directed planner, the wide beams, then
//! the complete search, all within the caller's limits), with chambers solved one by one.
//! The strategies themselves live in [`super::fast`] and [`super::plan`]; they expand boards
//! through the same graph and know nothing of this order.

use super::board::Puzzle;
use super::bound::Analysis;
use super::chambers::{chambers, sub_puzzle};
use super::fast::{beam, settled_best_first, Beam, SETTLED_NODES, SETTLED_WEIGHT, WIDTHS};
use super::graph::{Boards, Objective};
use super::packed::{Packed, PER_WORD};
use super::plan::{plan, PLAN};
use super::rules::{cycle, falling, is_settled, Action};
use gridlock_search::{astar, Lex, Limits, Stats, Stopped};

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
            let (a, b) = (crate::quantity(a, "move"), crate::quantity(b, "cycle"));
            format!("proven lower bound: at least {a} (and at least {b} with {a})")
        }
        (Objective::Cycles, [a, b]) => {
            let (a, b) = (crate::quantity(a, "cycle"), crate::quantity(b, "move"));
            format!("proven lower bound: at least {a} (and at least {b} with {a})")
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
