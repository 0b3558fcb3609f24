//! The searches: A* over the push graph of [`super::graph`] with the bounds of
//! [`super::bound`], for either objective; `--fast`'s weighted search on the same graph; and
//! the expansion of a path of pushes into the LURD steps of a solution.

use super::bits::Bits;
use super::board::Level;
use super::bound::Bound;
use super::graph::{Node, Objective, Push, PushGraph, Walk};
use super::maze::Maze;
use super::moves::Dir;
use gridlock_search::{astar, Lex, Limits, Path, Stats, Stopped};

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
    /// Whether the solution is proven optimal for the objective.
    pub optimal: bool,
    /// What the search did.
    pub stats: Stats,
}

/// A bound so large that nodes carrying it sort after every real one: the node is dead.
const DEAD: u32 = 1 << 28;

/// How much `--fast` trusts the bound over the cost so far (weighted A*).
const FAST_WEIGHT: u32 = 5;

/// Solves `level` as `options` ask; a limit stops the search with the bound proven so far.
pub fn solve(level: &Level, options: &SolveOptions) -> Result<Outcome, Stopped> {
    let maze = Maze::new(level);
    match maze.live {
        0..=64 => solve_in::<1>(level, &maze, options),
        65..=128 => solve_in::<2>(level, &maze, options),
        129..=256 => solve_in::<4>(level, &maze, options),
        257..=512 => solve_in::<8>(level, &maze, options),
        _ => solve_in::<64>(level, &maze, options),
    }
}

fn solve_in<const W: usize>(
    level: &Level,
    maze: &Maze,
    options: &SolveOptions,
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
    let goal: Bits<W> = maze.goal_set();
    let objective = if options.fast {
        Objective::Pushes
    } else {
        options.objective
    };
    let graph = PushGraph::new(maze, objective);
    let mut bound = Bound::new(maze);
    let weight = if options.fast { FAST_WEIGHT } else { 1 };
    let h = |n: &Node<W>| match bound.pushes(&n.boxes) {
        Some(p) if options.fast => Lex(weight * p, 0),
        Some(p) => Lex(p, p),
        None => Lex(DEAD, DEAD),
    };
    let found = astar(&graph, start, |n| n.boxes == goal, h, &options.limits)?;
    let solution = found.path.map(|p| expand(maze, &p));
    Ok(Outcome {
        solution,
        optimal: !options.fast,
        stats: found.stats,
    })
}

/// The LURD steps of a path of pushes: before each push, a shortest walk to the cell
/// behind the box.
fn expand<const W: usize, C>(maze: &Maze, path: &Path<Node<W>, Push, C>) -> Solution {
    let mut walk = Walk::new(maze.cells.len());
    let mut node = path.start;
    let mut steps = Vec::new();
    for &(push, next) in &path.steps {
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
        node = next;
    }
    Solution::new(steps)
}
