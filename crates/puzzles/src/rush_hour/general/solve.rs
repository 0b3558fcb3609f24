//! Searches on R×C boards: the judge answer, an optimal solution, and whole-component
//! analysis (batch, `explore`, the verifier). Each public function unpacks nothing in the hot
//! loop: it picks the packed width `W` the board needs ([`Board::words`]) once and runs the
//! search over [`Packed<W>`] positions.

use super::board::{Board, Packed};
use super::moves::{Ranked, Slides, Steps};
use super::render;
use crate::rush_hour::moves::Move;
use crate::rush_hour::solve::{Metric, Optima};
use gridlock_search::{
    dijkstra, sweep, Bound, CompactComponent, Limits, Stats, Stopped, UNREACHABLE,
};
use std::ops::ControlFlow;

/// Runs `$f::<W>($args)` for the board's packed width.
macro_rules! by_width {
    ($board:expr, $f:ident($($arg:expr),*)) => {
        match $board.words() {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            _ => $f::<5>($($arg),*),
        }
    };
}

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

/// The optimum in `metric` (steps including the exit steps, or moves) if one exists within
/// `limit`, by a breadth-first sweep that holds three levels and stops at the first goal.
pub fn optimum(
    board: &Board,
    start: &[u8],
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<u32>, Stats), Stopped> {
    by_width!(board, optimum_w(board, start, metric, limit, limits))
}

fn optimum_w<const W: usize>(
    board: &Board,
    start: &[u8],
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<u32>, Stats), Stopped> {
    let Some(red_len) = board.red_len().filter(|_| board.can_exit()) else {
        return Ok((None, Stats::default()));
    };
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
    let first_goal = |p: &Packed<W>, d: u32| {
        if depth.is_some_and(|max| d > max) {
            ControlFlow::Break(None)
        } else if board.is_goal(p) {
            ControlFlow::Break(Some(d + extra))
        } else {
            ControlFlow::Continue(())
        }
    };
    let start: Packed<W> = board.pack(start);
    let swept = match metric {
        Metric::Steps => sweep(&Steps::<W>(board), start, limits, first_goal),
        Metric::Moves => sweep(&Slides::<W>(board), start, limits, first_goal),
    }
    .map_err(|mut stopped| {
        if let Some(Bound(parts)) = &mut stopped.lower_bound {
            parts.iter_mut().for_each(|n| *n += u64::from(extra));
        }
        stopped
    })?;
    Ok((swept.stopped.flatten(), swept.stats))
}

/// An optimal solution in `metric` within `limit`, and among those one that is best in the
/// other metric (Dijkstra on the lexicographic cost, after a sweep has found the optimum).
pub fn solve(
    board: &Board,
    start: &[u8],
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<Solution>, Stats), Stopped> {
    by_width!(board, solve_w(board, start, metric, limit, limits))
}

fn solve_w<const W: usize>(
    board: &Board,
    start: &[u8],
    metric: Metric,
    limit: Option<u32>,
    limits: &Limits,
) -> Result<(Option<Solution>, Stats), Stopped> {
    let (best, mut stats) = optimum_w::<W>(board, start, metric, limit, limits)?;
    let Some(best) = best else {
        return Ok((None, stats));
    };
    let ranked = Ranked::<W> {
        board,
        moves_first: metric == Metric::Moves,
    };
    let found = dijkstra(&ranked, board.pack(start), |p| board.is_goal(p), limits)?;
    stats.absorb(&found.stats);
    let path = found.path.expect("the sweep found a solution");
    let steps: u32 = path.steps.iter().map(|&(m, _)| m.distance()).sum();
    let exit = board.red_len().expect("solvable boards have a red car") as u32;
    let solution = Solution {
        moves: path.moves(),
        positions: path.steps.iter().map(|(_, p)| board.unpack(p)).collect(),
        steps,
        steps_out: steps + exit,
    };
    debug_assert_eq!(solution.answer(metric), best);
    Ok((Some(solution), stats))
}

/// Everything `explore` reports about a component.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Positions reachable from the start: the whole component.
    pub states: usize,
    /// Positions of the component with the red car on the exit cells.
    pub goal_states: usize,
    /// The start's optima.
    pub start: Optima,
    /// Largest distance to a goal in moves, and the farthest position (ties: the smallest
    /// one-line string).
    pub farthest_moves: Option<(u32, Vec<u8>)>,
    /// The same in steps (exit steps not included).
    pub farthest_steps: Option<(u32, Vec<u8>)>,
    /// Bytes held per stored position (packed state and index).
    pub bytes_per_state: f64,
}

/// The start's optimal moves and steps, and its component's size, from one exploration of
/// the component over steps (so the first goal's level is the steps) and one breadth-first
/// search over slides from the goal states that stops at the start.
pub fn optima(board: &Board, start: &[u8], limits: &Limits) -> Result<Optima, Stopped> {
    if !board.can_exit() {
        return Ok(Optima::default());
    }
    by_width!(board, optima_w(board, start, limits))
}

fn optima_w<const W: usize>(
    board: &Board,
    start: &[u8],
    limits: &Limits,
) -> Result<Optima, Stopped> {
    let mut component = CompactComponent::new();
    component.explore(&Steps::<W>(board), board.pack(start), limits)?;
    let mut goals = Vec::new();
    component.find_into(|p| board.is_goal(p), &mut goals);
    let states = component.len();
    let Some(&first) = goals.first() else {
        return Ok(Optima {
            moves: None,
            steps: None,
            states,
        });
    };
    let mut dist = Vec::new();
    component.distances_from(&Slides::<W>(board), &goals, Some(0), &mut dist, limits)?;
    Ok(Optima {
        moves: Some(dist[0]),
        steps: Some(component.depth(first)),
        states,
    })
}

/// The full analysis of `start`'s component: every state's distance to the nearest goal in
/// both metrics, from the goal states.
pub fn analyse(board: &Board, start: &[u8], limits: &Limits) -> Result<(Analysis, Stats), Stopped> {
    by_width!(board, analyse_w(board, start, limits))
}

fn analyse_w<const W: usize>(
    board: &Board,
    start: &[u8],
    limits: &Limits,
) -> Result<(Analysis, Stats), Stopped> {
    let mut component = CompactComponent::new();
    let mut stats = component.explore(&Steps::<W>(board), board.pack(start), limits)?;
    let mut goals = Vec::new();
    if board.can_exit() {
        component.find_into(|p| board.is_goal(p), &mut goals);
    }
    let (mut moves, mut steps) = (Vec::new(), Vec::new());
    let s = component.distances_from(&Slides::<W>(board), &goals, None, &mut moves, limits)?;
    stats.absorb(&s);
    let s = component.distances_from(&Steps::<W>(board), &goals, None, &mut steps, limits)?;
    stats.absorb(&s);
    let finite = |d: u32| (d != UNREACHABLE).then_some(d);
    let farthest = |dist: &[u32]| {
        let max = dist.iter().copied().filter(|&d| d != UNREACHABLE).max()?;
        let best = (0..dist.len())
            .filter(|&i| dist[i] == max)
            .map(|i| board.unpack(&component.state(i as u32)))
            .min_by_key(|o| render::string(board, o))?;
        Some((max, best))
    };
    let analysis = Analysis {
        states: component.len(),
        goal_states: goals.len(),
        start: Optima {
            moves: moves.first().copied().and_then(finite),
            steps: steps.first().copied().and_then(finite),
            states: component.len(),
        },
        farthest_moves: farthest(&moves),
        farthest_steps: farthest(&steps),
        bytes_per_state: component.bytes_per_state() + 8.0,
    };
    Ok((analysis, stats))
}

/// The optima of many boards on every core (rayon), in input order.
pub fn optima_all(
    puzzles: &[super::parse::Puzzle],
    limits: &Limits,
) -> Vec<Result<Optima, Stopped>> {
    use rayon::prelude::*;
    puzzles
        .par_iter()
        .map(|p| optima(&p.board, &p.start, limits))
        .collect()
}
