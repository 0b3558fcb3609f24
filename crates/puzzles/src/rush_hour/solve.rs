//! Searches: the contest answer, an optimal solution with its moves, and whole-component
//! analysis (both metrics at once) for batch runs, `explore` and the verifier.

use super::board::{Board, Position};
use super::moves::{Move, Ranked, Slides, StepSlots, Steps};
use super::render;
use gridlock_search::slots::SlotComponent;
use gridlock_search::{dijkstra, sweep, Bound, Limits, Stats, Stopped, UNREACHABLE};
use std::ops::ControlFlow;

/// What is being minimised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    /// Single-cell steps; the printed number includes the red car's exit steps (the contest).
    #[default]
    Steps,
    /// Slides of any length; the exit is not counted (the published database).
    Moves,
}

/// An optimal solution: the slides, and its length in both metrics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The slides in order, ending with the red car on the exit cells.
    pub moves: Vec<Move>,
    /// The position after each slide.
    pub positions: Vec<Position>,
    /// Cells travelled until the red car covers the exit cells.
    pub steps: u32,
    /// `steps` plus the red car's length: the contest's count.
    pub steps_out: u32,
}

impl Solution {
    /// Number of slides.
    pub fn move_count(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The number the judge format prints in `metric`.
    pub fn answer(&self, metric: Metric) -> u32 {
        match metric {
            Metric::Steps => self.steps_out,
            Metric::Moves => self.move_count(),
        }
    }
}

/// The optimum in `metric` (steps including the exit steps, or moves) if a solution exists
/// whose count is at most `limit`; `None` otherwise. The search stops at the limit's depth,
/// so a contest board costs only the states within 10 steps.
pub fn optimum(
    board: &Board,
    start: Position,
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<u32>, Stats), Stopped> {
    let Some(red_len) = board.red_len().filter(|_| board.can_exit()) else {
        return Ok((None, Stats::default()));
    };
    // the count alone is wanted, and both graphs are reversible: a sweep that holds three
    // levels and stops at the first goal (or past the limit) instead of a search keeping
    // parents for a path nobody reads
    let (depth, extra) = match metric {
        Metric::Steps => {
            let exit = red_len as u32;
            match limit {
                Some(l) if l < exit => return Ok((None, Stats::default())),
                Some(l) => (Some(l - exit), exit),
                None => (None, exit),
            }
        }
        Metric::Moves => (limit, 0),
    };
    let first_goal = |p: &Position, d: u32| {
        if depth.is_some_and(|max| d > max) {
            // the first state past the limit: every state within it was visited
            ControlFlow::Break(None)
        } else if board.is_goal(*p) {
            ControlFlow::Break(Some(d + extra))
        } else {
            ControlFlow::Continue(())
        }
    };
    let swept = match metric {
        Metric::Steps => sweep(&Steps(board), start, limits, first_goal),
        Metric::Moves => sweep(&Slides(board), start, limits, first_goal),
    }
    .map_err(|mut stopped| {
        // the bound counts edges of the graph; the answer counts the exit steps too
        if let Some(Bound(parts)) = &mut stopped.lower_bound {
            parts.iter_mut().for_each(|n| *n += u64::from(extra));
        }
        stopped
    })?;
    Ok((swept.stopped.flatten(), swept.stats))
}

/// An optimal solution in `metric` within `limit` (counted as [`optimum`] counts), and among
/// those one that is best in the other metric; `None` if there is none within the limit.
pub fn solve(
    board: &Board,
    start: Position,
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<Solution>, Stats), Stopped> {
    let (best, mut stats) = optimum(board, start, metric, limit, limits)?;
    let Some(best) = best else {
        return Ok((None, stats));
    };
    let ranked = Ranked {
        board,
        moves_first: metric == Metric::Moves,
    };
    let found = dijkstra(&ranked, start, |&p| board.is_goal(p), limits)?;
    stats.absorb(&found.stats);
    let path = found
        .path
        .expect("the breadth-first search found a solution");
    let exit = board.red_len().expect("solvable boards have a red car") as u32;
    let solution = Solution {
        moves: path.moves(),
        positions: path.steps.iter().map(|&(_, p)| p).collect(),
        steps: path.steps.iter().map(|&(m, _)| m.distance()).sum(),
        steps_out: path.steps.iter().map(|&(m, _)| m.distance()).sum::<u32>() + exit,
    };
    debug_assert_eq!(solution.answer(metric), best);
    Ok((Some(solution), stats))
}

/// Both optima of one position, from one exploration of its component.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Optima {
    /// Fewest slides to the exit cells, if reachable.
    pub moves: Option<u32>,
    /// Fewest steps to the exit cells (exit steps not included), if reachable.
    pub steps: Option<u32>,
    /// States in the component (0 when the board can never be solved and was not explored).
    pub states: usize,
}

/// Everything `explore` reports about a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Number of positions reachable from the start (moves are reversible, so this is the
    /// whole component, the database's CLUSTER_SIZE).
    pub states: usize,
    /// Positions of the component with the red car on the exit cells.
    pub goal_states: usize,
    /// The start's optima.
    pub start: Optima,
    /// Largest distance to a goal in moves, and the farthest position (ties: the smallest
    /// database string, so every position of a component reports the same one).
    pub farthest_moves: Option<(u32, Position)>,
    /// The same in steps (exit steps not included).
    pub farthest_steps: Option<(u32, Position)>,
}

/// Reusable memory for analysing many components (one per worker thread in batch mode).
#[derive(Default)]
pub struct Analyser {
    component: SlotComponent<Position, (u64, u64)>,
    goals: Vec<u32>,
    moves: Vec<u32>,
    steps: Vec<u32>,
}

impl Analyser {
    /// Fresh buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Explores the component of `start` once, over one-cell steps (each step edge looked up
    /// once), and lists its goal states.
    fn explore(
        &mut self,
        board: &Board,
        start: Position,
        limits: &Limits,
    ) -> Result<Stats, Stopped> {
        let stats = self.component.explore(&StepSlots(board), start, limits)?;
        self.component
            .find_into(|&p| board.is_goal(p), &mut self.goals);
        Ok(stats)
    }

    /// The start's optimal moves and steps. Steps: the exploration is breadth-first from the
    /// start, so the first goal state's level is the answer. Moves: a bidirectional
    /// breadth-first search over runs of one vehicle's steps (slides), between the start and
    /// the goal states.
    pub fn optima(
        &mut self,
        board: &Board,
        start: Position,
        limits: &Limits,
    ) -> Result<Optima, Stopped> {
        if !board.can_exit() {
            return Ok(Optima::default());
        }
        self.explore(board, start, limits)?;
        let states = self.component.len();
        let Some(&first) = self.goals.first() else {
            return Ok(Optima {
                moves: None,
                steps: None,
                states,
            });
        };
        let steps = self.component.depth(first);
        let moves =
            self.component
                .runs_between(&[0], &self.goals, &mut self.moves, &mut self.steps);
        Ok(Optima {
            moves,
            steps: Some(steps),
            states,
        })
    }

    /// The full analysis of `start`'s component.
    pub fn analyse(
        &mut self,
        board: &Board,
        start: Position,
        limits: &Limits,
    ) -> Result<(Analysis, Stats), Stopped> {
        let stats = if board.can_exit() {
            self.explore(board, start, limits)?
        } else {
            let stats = self.component.explore(&StepSlots(board), start, limits)?;
            self.goals.clear();
            stats
        };
        self.component.runs_from(&self.goals, &mut self.moves);
        self.component.distances_from(&self.goals, &mut self.steps);
        let finite = |d: u32| (d != UNREACHABLE).then_some(d);
        let farthest = |dist: &[u32]| {
            let max = dist.iter().copied().filter(|&d| d != UNREACHABLE).max()?;
            let best = (0..dist.len())
                .filter(|&i| dist[i] == max)
                .map(|i| self.component.state(i as u32))
                .min_by_key(|&p| render::database(board, p))?;
            Some((max, best))
        };
        let analysis = Analysis {
            states: self.component.len(),
            goal_states: self.goals.len(),
            start: Optima {
                moves: finite(self.moves[0]),
                steps: finite(self.steps[0]),
                states: self.component.len(),
            },
            farthest_moves: farthest(&self.moves),
            farthest_steps: farthest(&self.steps),
        };
        Ok((analysis, stats))
    }
}

thread_local! {
    /// One analyser per worker thread, kept for the life of the thread so its buffers are
    /// reused across every puzzle it is handed.
    static ANALYSER: std::cell::RefCell<Analyser> = std::cell::RefCell::new(Analyser::new());
}

/// The optima of many boards, computed on every core (rayon), returned in input order.
pub fn optima_all(
    puzzles: &[super::parse::Puzzle],
    limits: &Limits,
) -> Vec<Result<Optima, Stopped>> {
    use rayon::prelude::*;
    puzzles
        .par_iter()
        .map(|p| ANALYSER.with(|a| a.borrow_mut().optima(&p.board, p.start, limits)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush_hour::parse_database;

    /// A search stopped by the state cap proves a bound in the answer's own units (steps
    /// with the exit steps, moves without), never above the answer.
    #[test]
    fn a_stopped_search_bounds_the_answer_in_its_units() {
        // the red car alone at the left edge: 4 steps to the exit cells and 2 out; 1 move
        let alone = parse_database("ooooooooooooAAoooooooooooooooooooooo").unwrap();
        let bound = |p: &crate::rush_hour::Puzzle, metric, cap| {
            let stopped = optimum(&p.board, p.start, metric, None, &Limits::states(cap))
                .expect_err("the cap stops it");
            stopped.lower_bound.expect("a sweep proves a bound").0[0]
        };
        // one state held, the second one found at distance 1: one edge, plus the exit
        assert_eq!(bound(&alone, Metric::Steps, 1), 3);
        assert_eq!(bound(&alone, Metric::Moves, 1), 1);
        let hardest = parse_database("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").unwrap();
        for metric in [Metric::Steps, Metric::Moves] {
            let (answer, _) =
                optimum(&hardest.board, hardest.start, metric, None, &Limits::none()).unwrap();
            let answer = u64::from(answer.unwrap());
            for cap in [1, 10, 100, 400] {
                let b = bound(&hardest, metric, cap);
                assert!(b <= answer, "{metric:?}, cap {cap}: bound {b} > {answer}");
            }
        }
    }
}
