//! Searches, written once over [`Model`]: the contest answer, an optimal solution with its
//! moves, and whole-component analysis (both metrics at once) for batch runs, `explore` and
//! the verifier.

use super::graphs::Ranked;
use super::model::{Explorer, Model};
use super::moves::{Metric, Move};
use super::render;
use gridlock_search::{dijkstra, Bound, Component, Limits, Stats, Stopped, UNREACHABLE};
use std::ops::ControlFlow;

/// An optimal solution: the slides, the position after each, and its length in both metrics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The slides in order, ending with the red car on the exit cells.
    pub moves: Vec<Move>,
    /// The offsets after each slide.
    pub positions: Vec<Vec<u8>>,
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
pub fn optimum<M: Model>(
    model: &M,
    start: M::State,
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<u32>, Stats), Stopped> {
    let Some((depth, extra)) = reach(model, metric, limit) else {
        return Ok((None, Stats::default()));
    };
    // the count alone is wanted, and both graphs are reversible: a sweep that holds three
    // levels and stops at the first goal (or past the limit) instead of a search keeping
    // parents for a path nobody reads; guided by a lower bound where the model has one
    let with_exit = |stopped| with_exit(stopped, extra);
    if let Some(guided) = model.guided(metric, start, depth, limits) {
        let found = guided.map_err(with_exit)?;
        return Ok((found.distance.map(|d| d + extra), found.stats));
    }
    let first_goal = |p: &M::State, d: u32| {
        if depth.is_some_and(|max| d > max) {
            // the first state past the limit: every state within it was visited
            ControlFlow::Break(None)
        } else if model.is_goal(p) {
            ControlFlow::Break(Some(d + extra))
        } else {
            ControlFlow::Continue(())
        }
    };
    let swept = model
        .sweep(metric, start, limits, first_goal)
        .map_err(with_exit)?;
    Ok((swept.stopped.flatten(), swept.stats))
}

/// The graph edges a solution within `limit` may take (`None`: any number) and what the
/// answer adds to them (the exit steps, in steps); `None` when no solution can be within it
/// (no red car, no exit, a limit below the exit steps).
fn reach<M: Model>(model: &M, metric: Metric, limit: Option<u32>) -> Option<(Option<u32>, u32)> {
    let board = model.board();
    let red_len = board.red_len().filter(|_| board.can_exit())?;
    Some(match metric {
        Metric::Steps => {
            let exit = red_len as u32;
            match limit {
                Some(l) if l < exit => return None,
                Some(l) => (Some(l - exit), exit),
                None => (None, exit),
            }
        }
        Metric::Moves => (limit, 0),
    })
}

/// A stop's bound, which counts graph edges, in the answer's units (plus `extra`: the exit
/// steps).
fn with_exit(mut stopped: Stopped, extra: u32) -> Stopped {
    if let Some(Bound(parts)) = &mut stopped.lower_bound {
        parts.iter_mut().for_each(|n| *n += u64::from(extra));
    }
    stopped
}

/// An optimal solution in `metric` within `limit` (counted as [`optimum`] counts), and among
/// those one that is best in the other metric; `None` if there is none within the limit.
pub fn solve<M: Model>(
    model: &M,
    start: M::State,
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<Solution>, Stats), Stopped> {
    let Some((depth, extra)) = reach(model, metric, limit) else {
        return Ok((None, Stats::default()));
    };
    if let Some(guided) = model.guided_path(metric, start, depth, limits) {
        let (path, stats) = guided.map_err(|stopped| with_exit(stopped, extra))?;
        return Ok((path.map(|path| solution_of(model, &path)), stats));
    }
    let (best, mut stats) = optimum(model, start, metric, limit, limits)?;
    let Some(best) = best else {
        return Ok((None, stats));
    };
    let ranked = Ranked {
        model,
        moves_first: metric == Metric::Moves,
    };
    let found = dijkstra(&ranked, start, |p| model.is_goal(p), limits)?;
    stats.absorb(&found.stats);
    let path = found.path.expect("the sweep found a solution");
    let steps: u32 = path.steps.iter().map(|&(m, _)| m.distance()).sum();
    let exit = model
        .board()
        .red_len()
        .expect("solvable boards have a red car") as u32;
    let solution = Solution {
        moves: path.moves(),
        positions: path.steps.iter().map(|(_, p)| model.unpack(p)).collect(),
        steps,
        steps_out: steps + exit,
    };
    debug_assert_eq!(solution.answer(metric), best);
    Ok((Some(solution), stats))
}

/// The solution that visits `path`'s positions (the start first; each the last one with
/// one vehicle slid).
fn solution_of<M: Model>(model: &M, path: &[M::State]) -> Solution {
    let positions: Vec<Vec<u8>> = path.iter().map(|p| model.unpack(p)).collect();
    let moves: Vec<Move> = positions
        .windows(2)
        .map(|pair| {
            let (i, (&a, &b)) = (pair[0].iter().zip(&pair[1]).enumerate())
                .find(|(_, (a, b))| a != b)
                .expect("each position of a path differs from the last");
            Move::new(i, b as i8 - a as i8)
        })
        .collect();
    let steps = moves.iter().map(|m| m.distance()).sum();
    let exit = model.board().red_len().unwrap_or(0) as u32;
    Solution {
        moves,
        positions: positions.into_iter().skip(1).collect(),
        steps,
        steps_out: steps + exit,
    }
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
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Number of positions reachable from the start (moves are reversible, so this is the
    /// whole component, the database's CLUSTER_SIZE).
    pub states: usize,
    /// Positions of the component with the red car on the exit cells.
    pub goal_states: usize,
    /// The start's optima.
    pub start: Optima,
    /// Largest distance to a goal in moves, and the farthest position's offsets (ties: the
    /// smallest one-line string, so every position of a component reports the same one).
    pub farthest_moves: Option<(u32, Vec<u8>)>,
    /// The same in steps (exit steps not included).
    pub farthest_steps: Option<(u32, Vec<u8>)>,
    /// Bytes held per stored position.
    pub bytes_per_state: f64,
}

/// Reusable memory for analysing many components of one model (one per worker thread in
/// batch mode).
pub struct Analyser<M: Model> {
    explorer: M::Explorer,
    goals: Vec<u32>,
    moves: Vec<u32>,
    steps: Vec<u32>,
}

impl<M: Model> Default for Analyser<M> {
    fn default() -> Self {
        Analyser {
            explorer: M::Explorer::default(),
            goals: Vec::new(),
            moves: Vec::new(),
            steps: Vec::new(),
        }
    }
}

impl<M: Model> Analyser<M> {
    /// Fresh buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Explores the component of `start` once, over one-cell steps, and lists its goal
    /// states (none when the red car can never exit).
    fn explore(&mut self, model: &M, start: M::State, limits: &Limits) -> Result<Stats, Stopped> {
        let stats = self.explorer.explore(model, start, limits)?;
        self.goals.clear();
        if model.board().can_exit() {
            self.explorer
                .find_into(|p| model.is_goal(p), &mut self.goals);
        }
        Ok(stats)
    }

    /// The start's optimal moves and steps. Steps: the exploration is breadth-first from the
    /// start, so the first goal state's level is the answer. Moves: the model's explorer
    /// measures slides between the start and the goal states.
    pub fn optima(
        &mut self,
        model: &M,
        start: M::State,
        limits: &Limits,
    ) -> Result<Optima, Stopped> {
        if !model.board().can_exit() {
            return Ok(Optima::default());
        }
        self.explore(model, start, limits)?;
        let states = self.explorer.len();
        let Some(&first) = self.goals.first() else {
            return Ok(Optima {
                moves: None,
                steps: None,
                states,
            });
        };
        let steps = self.explorer.depth(first);
        let scratch = (&mut self.moves, &mut self.steps);
        let moves = self
            .explorer
            .start_moves(model, &self.goals, scratch, limits)?;
        Ok(Optima {
            moves,
            steps: Some(steps),
            states,
        })
    }

    /// The full analysis of `start`'s component: every position's distance to the nearest
    /// goal in both metrics.
    pub fn analyse(
        &mut self,
        model: &M,
        start: M::State,
        limits: &Limits,
    ) -> Result<(Analysis, Stats), Stopped> {
        let mut stats = self.explore(model, start, limits)?;
        let bytes_per_state = self.explorer.bytes_per_state(&stats);
        let goals = &self.goals;
        for (metric, dist) in [
            (Metric::Moves, &mut self.moves),
            (Metric::Steps, &mut self.steps),
        ] {
            let measured = self
                .explorer
                .distances_from(model, metric, goals, dist, limits)?;
            stats.absorb(&measured);
        }
        let finite = |d: Option<&u32>| d.copied().filter(|&d| d != UNREACHABLE);
        let explorer = &self.explorer;
        let board = model.board();
        let farthest = |dist: &[u32]| {
            let max = dist.iter().copied().filter(|&d| d != UNREACHABLE).max()?;
            let best = (0..dist.len())
                .filter(|&i| dist[i] == max)
                .map(|i| model.unpack(&explorer.state(i as u32)))
                .min_by_key(|o| render::string(board, o))?;
            Some((max, best))
        };
        let states = explorer.len();
        let analysis = Analysis {
            states,
            goal_states: goals.len(),
            start: Optima {
                moves: finite(self.moves.first()),
                steps: finite(self.steps.first()),
                states,
            },
            farthest_moves: farthest(&self.moves),
            farthest_steps: farthest(&self.steps),
            bytes_per_state,
        };
        Ok((analysis, stats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush_hour::{parse_database, Puzzle, Six};

    fn six(p: &Puzzle) -> (Six, u64) {
        let six = Six::new(p.board().clone());
        let start = six.pack(&p.start);
        (six, start)
    }

    /// A search stopped by the state cap proves a bound in the answer's own units (steps
    /// with the exit steps, moves without), never above the answer.
    #[test]
    fn a_stopped_search_bounds_the_answer_in_its_units() {
        // the red car alone at the left edge: 4 steps to the exit cells and 2 out; 1 move
        let alone = parse_database("ooooooooooooAAoooooooooooooooooooooo").unwrap();
        let bound = |p: &Puzzle, metric, cap| {
            let (model, start) = six(p);
            let stopped = optimum(&model, start, metric, None, &Limits::states(cap))
                .expect_err("the cap stops it");
            stopped.lower_bound.expect("a sweep proves a bound").0[0]
        };
        // one state held, the second one found at distance 1: one edge, plus the exit
        assert_eq!(bound(&alone, Metric::Steps, 1), 3);
        assert_eq!(bound(&alone, Metric::Moves, 1), 1);
        let hardest = parse_database("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").unwrap();
        let (model, start) = six(&hardest);
        for metric in [Metric::Steps, Metric::Moves] {
            let (answer, _) = optimum(&model, start, metric, None, &Limits::none()).unwrap();
            let answer = u64::from(answer.unwrap());
            for cap in [1, 10, 100, 400] {
                let b = bound(&hardest, metric, cap);
                assert!(b <= answer, "{metric:?}, cap {cap}: bound {b} > {answer}");
            }
        }
    }
}
