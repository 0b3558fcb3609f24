//! The searches, over the push graphs of [`super::graph`] with the bound of
//! [`super::bound`]: the optimal search (either objective) and `--fast`'s weighted search;
//! and the expansion of a list of pushes into the LURD steps of a solution.

use super::bits::Bits;
use super::board::Level;
use super::bound::Bound;
use super::fast::Tuning;
use super::graph::{Node, Objective, Push, PushGraph, Walk};
use super::maze::Maze;
use super::moves::Dir;
use gridlock_search::memory::{reserve_map, Held};
use gridlock_search::{astar_pruning, Lex, Limits, Stats, StopReason, Stopped};
use rustc_hash::FxHashMap;

/// Options of one solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// What to minimise.
    pub objective: Objective,
    /// Any solution, quickly, not proven optimal.
    pub fast: bool,
    /// State cap, deadline, cancel flag.
    pub limits: Limits,
}

/// One step of a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Where the player goes.
    pub dir: Dir,
    /// Whether the step pushes a box.
    pub push: bool,
}

/// A solution: every step, and its counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// Steps taken (every step is a move).
    pub moves: u32,
    /// Steps that push a box.
    pub pushes: u32,
}

impl Solution {
    /// Counts the moves and pushes of a list of steps.
    pub fn new(steps: Vec<Step>) -> Solution {
        let pushes = steps.iter().filter(|s| s.push).count() as u32;
        Solution {
            moves: steps.len() as u32,
            pushes,
            steps,
        }
    }

    /// The solution in LURD (`l u r d` moves, `L U R D` pushes).
    pub fn lurd(&self) -> String {
        self.steps.iter().map(|s| s.dir.letter(s.push)).collect()
    }
}

/// What a finished solve found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The solution, or `None` when the level is proven unsolvable.
    pub solution: Option<Solution>,
    /// Whether the solution is proven optimal for the objective (and, with no solution,
    /// whether the level is proven unsolvable: always, since every search runs to the end
    /// unless a limit stops it).
    pub optimal: bool,
    /// What the search did.
    pub stats: Stats,
}

/// Solves `level` as `options` ask; a limit stops the search with the bound proven so far.
pub fn solve(level: &Level, options: &SolveOptions) -> Result<Outcome, Stopped> {
    solve_tuned(level, options, &Tuning::default())
}

/// `--fast` with its pieces chosen ([`Tuning`]), for the benchmarks that measure each.
pub fn solve_fast(level: &Level, limits: &Limits, tuning: &Tuning) -> Result<Outcome, Stopped> {
    let options = SolveOptions {
        fast: true,
        limits: limits.clone(),
        ..SolveOptions::default()
    };
    solve_tuned(level, &options, tuning)
}

fn solve_tuned(level: &Level, options: &SolveOptions, tuning: &Tuning) -> Result<Outcome, Stopped> {
    let maze = Maze::new(level);
    let args = (level, &maze, options, tuning);
    match maze.live {
        0..=64 => solve_in::<1>(args),
        65..=128 => solve_in::<2>(args),
        129..=256 => solve_in::<4>(args),
        257..=512 => solve_in::<8>(args),
        _ => solve_in::<64>(args),
    }
}

fn solve_in<const W: usize>(
    (level, maze, options, tuning): (&Level, &Maze, &SolveOptions, &Tuning),
) -> Result<Outcome, Stopped> {
    let Some(boxes) = maze.boxes_of::<W>(&level.start) else {
        // a box on a dead cell: no search needed
        return Ok(Outcome {
            solution: None,
            optimal: true,
            stats: Stats::default(),
        });
    };
    let start = Node::new(maze, boxes, maze.index[level.start.player]);
    let (pushes, stats) = if options.fast {
        super::fast::search(maze, start, &options.limits, tuning)?
    } else {
        optimal(maze, start, options.objective, &options.limits)?
    };
    Ok(Outcome {
        // `--fast` searches the same graph to the end: no solution is a proof there too
        optimal: !options.fast || pushes.is_none(),
        solution: pushes.map(|p| expand(maze, start, &p)),
        stats,
    })
}

/// The pushes of a path, in order.
type Pushes = Vec<Push>;

/// The optimal search: A* over exact player cells, each push costing `Lex(1, walk + 1)`
/// (fewest pushes, then moves) or `Lex(walk + 1, 1)` (fewest moves, then pushes), a push
/// into a tunnel continued through it as one edge ([`super::tunnel`]), bounded by
/// the assignment bound on pushes in both places (every push is a move). Dead nodes (no
/// assignment of boxes to goals) are never queued. The bound depends on the boxes alone, and
/// a box set comes back with the player elsewhere about four times on Boxoban: each set's
/// bound is computed once and remembered ([`Memo`]).
fn optimal<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    objective: Objective,
    limits: &Limits,
) -> Result<(Option<Pushes>, Stats), Stopped> {
    let goal: Bits<W> = maze.goal_set();
    let graph = PushGraph::new(maze, objective);
    let mut bound = Bound::new(maze);
    let (mut memo, search_limits) = Memo::new(limits);
    let h = |n: &Node<W>| memo.get_or(n.boxes, |b| bound.pushes(b)).map(|p| Lex(p, p));
    let found = astar_pruning(&graph, start, |n| n.boxes == goal, h, &search_limits);
    // the memo only grows: its peak is its size at the end, on top of the search's peak
    let held = memo.peak;
    let found = found.map_err(|mut e| {
        e.stats.peak_bytes += held;
        // a memory stop speaks of the whole budget and of everything held
        if let StopReason::MemoryLimit {
            budget,
            held: h,
            needed,
        } = &mut e.reason
        {
            *budget = limits.max_bytes.unwrap_or(*budget);
            *h += held;
            *needed += held;
        }
        e
    })?;
    let mut stats = found.stats;
    stats.peak_bytes += held;
    let pushes = found
        .path
        .map(|p| p.moves().iter().flat_map(|run| run.pushes(maze)).collect());
    Ok((pushes, stats))
}

/// The assignment bound of each box set met, within a sixteenth of the memory budget (the
/// search gets the rest): past that share new sets are bounded without being remembered, so
/// the memo never stops a search. On Boxoban it holds about 5 % of what the search holds.
struct Memo<const W: usize> {
    known: FxHashMap<Bits<W>, Option<u32>>,
    /// The memo's share of the budget.
    own: Limits,
    /// Most bytes held (a growing table holds its old and new buckets at once).
    peak: u64,
    /// The share is used up: remember nothing more.
    full: bool,
}

impl<const W: usize> Memo<W> {
    /// An empty memo, and the limits of the search beside it (the budget less the memo's
    /// share).
    fn new(limits: &Limits) -> (Self, Limits) {
        let share = limits.max_bytes.map(|b| b / 16);
        let memo = Memo {
            known: FxHashMap::default(),
            own: Limits {
                max_bytes: share,
                ..Limits::none()
            },
            peak: 0,
            full: false,
        };
        (memo, limits.with_held(share.unwrap_or(0)))
    }

    /// The remembered value for `boxes`, or `compute`'s, remembered if there is room.
    #[inline]
    fn get_or(
        &mut self,
        boxes: Bits<W>,
        compute: impl FnOnce(&Bits<W>) -> Option<u32>,
    ) -> Option<u32> {
        if let Some(&known) = self.known.get(&boxes) {
            return known;
        }
        let value = compute(&boxes);
        if !self.full {
            match reserve_map(&mut self.known, 1, 0, &self.own) {
                Ok(peak) => {
                    self.peak = self.peak.max(peak).max(self.known.held());
                    self.known.insert(boxes, value);
                }
                Err(_) => self.full = true,
            }
        }
        value
    }
}

/// The LURD steps of a list of pushes from the exact start: before each push, a shortest
/// walk to the cell behind the box.
pub(crate) fn expand<const W: usize>(maze: &Maze, start: Node<W>, pushes: &[Push]) -> Solution {
    let mut walk = Walk::new(maze.cells.len());
    let mut node = start;
    let mut steps = Vec::new();
    for push in pushes {
        walk.explore(maze, &node);
        let behind = maze.step(push.from, push.dir.opposite());
        steps.extend(
            walk.route(maze, behind)
                .into_iter()
                .map(|dir| Step { dir, push: false }),
        );
        steps.push(Step {
            dir: push.dir,
            push: true,
        });
        node = node.pushed(maze, push.from, maze.step(push.from, push.dir));
    }
    Solution::new(steps)
}
