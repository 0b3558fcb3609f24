//! Admissible lower bounds on what is left to do from a node.
//!
//! * **Pushes**: every box must end on a distinct goal, and a box needs at least its lone-box
//!   push distance to the goal it takes ([`super::maze::Maze::goal_distance`]; other boxes
//!   only add pushes). The least total over every assignment of boxes to goals (the engine's
//!   [`Assignment`], the Hungarian algorithm) is therefore a lower bound, and when no
//!   assignment exists the node is dead. [`Bound::nearest_goal`] (each box to its nearest
//!   goal, goals shared) is the weaker bound it is measured against.
//! * **Moves**: every push is a move, so the pushes bound is also the moves bound. (Adding
//!   the walk to the nearest cell from which a box can be pushed removed under 2 % of the
//!   expansions on Boxoban and cost a walk per generated node: see docs/sokoban.md.)
//! * **From the parent** ([`FromParent`]): a child differs from the node it was generated
//!   from by one box, so its assignment is the parent's matrix with one row replaced, solved
//!   by one augmenting path from the parent's solution ([`Warm`]), the same value as solving
//!   it afresh at a fraction of the cost (the bound was over half of `--fast`'s time).

use super::bits::Bits;
use super::maze::{Maze, NONE};
use gridlock_search::assignment::{Assignment, Warm, FORBIDDEN, SMALL};

/// Bound computations for one maze, with their scratch space.
pub struct Bound<'a> {
    maze: &'a Maze,
    matrix: Vec<u32>,
    assignment: Assignment,
    /// The last square matrix solved by [`Bound::pushes`], moved along to the next.
    near: Near,
}

/// The last box set [`Bound::pushes`] solved, kept with its solution: a search that asks
/// for the bound of positions chosen far apart in its tree (the feature-space search asks
/// once per expansion) still meets sets that differ from the last by a few boxes, and each
/// differing box costs one augmenting path instead of the `n` of a fresh solve.
#[derive(Debug, Default)]
struct Near {
    warm: Warm,
    /// The box of each kept row.
    rows: Vec<usize>,
    /// The kept matrix's least total.
    value: u64,
    matrix: Vec<u32>,
    row: Vec<u32>,
    /// Sets answered by moving the kept solution along (for tests and measurements).
    answered: u64,
}

impl<'a> Bound<'a> {
    /// Bounds for `maze`.
    pub fn new(maze: &'a Maze) -> Self {
        Bound {
            maze,
            matrix: Vec::new(),
            assignment: Assignment::new(),
            near: Near::default(),
        }
    }

    /// [`Bound::pushes`] of `boxes`, a child of `parent` (solved from the parent's
    /// assignment when they differ by one box, [`FromParent`]).
    pub fn pushes_after<const W: usize>(
        &mut self,
        warm: &mut FromParent<W>,
        parent: &Bits<W>,
        boxes: &Bits<W>,
    ) -> Option<u32> {
        let maze = self.maze;
        let row = |b: usize, out: &mut Vec<u32>| cost_row(&maze.goal_distance, b, out);
        let key = Bits::EMPTY;
        match warm.pushes((parent, &key), boxes, maze.goals.len(), row) {
            Some(answer) => answer,
            None => self.pushes(boxes),
        }
    }

    /// How many [`Bound::pushes`] answers moved the last solution along instead of solving
    /// afresh.
    pub fn moved_along(&self) -> u64 {
        self.near.answered
    }

    /// Least total push distance over every assignment of the boxes to distinct goals;
    /// `None` when some box cannot be given a goal (the node is dead).
    pub fn pushes<const W: usize>(&mut self, boxes: &Bits<W>) -> Option<u32> {
        let goals = &self.maze.goals;
        if goals.len() > SMALL && boxes.count() as usize == goals.len() {
            return self.near.pushes(&self.maze.goal_distance, boxes);
        }
        self.matrix.clear();
        let mut rows = 0;
        for b in boxes.iter() {
            rows += 1;
            cost_row(&self.maze.goal_distance, b, &mut self.matrix);
        }
        self.assignment
            .min_cost(rows, goals.len(), &self.matrix)
            .map(|total| total as u32)
    }

    /// Sum over the boxes of the distance to the nearest goal, goals shared; `None` when a
    /// box reaches no goal.
    pub fn nearest_goal<const W: usize>(&self, boxes: &Bits<W>) -> Option<u32> {
        boxes
            .iter()
            .map(|b| {
                self.maze
                    .goal_distance
                    .iter()
                    .map(|d| d[b])
                    .min()
                    .filter(|&d| d != NONE)
                    .map(u32::from)
            })
            .sum()
    }
}

impl Near {
    /// The least assignment of `boxes` (as many as `tables`' goals): the kept solution
    /// moved along when at most half the boxes differ from its set ([`Warm::replace_row`],
    /// same value as a fresh solve), else solved afresh and kept.
    fn pushes<const W: usize>(&mut self, tables: &[Vec<u16>], boxes: &Bits<W>) -> Option<u32> {
        let cols = tables.len();
        if self.warm.is_ready() && self.rows.len() == cols {
            if let Some(value) = self.moved_along(tables, boxes) {
                self.answered += 1;
                return Some(value as u32);
            }
        }
        self.rows.clear();
        self.rows.extend(boxes.iter());
        self.matrix.clear();
        for &b in &self.rows {
            cost_row(tables, b, &mut self.matrix);
        }
        self.value = self.warm.solve(cols, &self.matrix)?;
        Some(self.value as u32)
    }

    /// The kept solution moved to `boxes`, one row replaced per box that differs; `None`
    /// when too many differ ([`move_along`]) or an intermediate matrix has no assignment
    /// (the kept solution is then lost).
    fn moved_along<const W: usize>(&mut self, tables: &[Vec<u16>], boxes: &Bits<W>) -> Option<u64> {
        let mut kept = Bits::<W>::EMPTY;
        for &b in &self.rows {
            kept.insert(b);
        }
        let (gone, came) = difference(&kept, boxes);
        if gone.count() > move_along(self.rows.len()) || gone.count() != came.count() {
            return None;
        }
        for (from, to) in gone.iter().zip(came.iter()) {
            let at = self.rows.iter().position(|&b| b == from)?;
            self.row.clear();
            cost_row(tables, to, &mut self.row);
            self.value = self.warm.replace_row(at, &self.row)?;
            self.rows[at] = to;
        }
        Some(self.value)
    }
}

/// The most boxes by which the next set may differ from a kept one of `n` boxes for the kept
/// solution to be moved along ([`Near`], [`FromParent`]), one augmenting path per box,
/// rather than solved afresh (`n` paths): half of them (XSokoban 10, first 10,000 states on
/// one thread: the parents' solves took 0.79 G instructions with at most 3 boxes, 0.47 G
/// with half; the same with a third or all of them).
fn move_along(n: usize) -> u32 {
    n as u32 / 2
}

/// A distance as an assignment cost: [`FORBIDDEN`] where there is none ([`NONE`]).
pub fn cost(distance: u16) -> u32 {
    match distance {
        NONE => FORBIDDEN,
        d => u32::from(d),
    }
}

/// Box `b`'s row of an assignment matrix, one column per table of distances (`tables[k][b]`:
/// box cell `b` to the `k`-th target), appended to `out`.
pub fn cost_row(tables: &[Vec<u16>], b: usize, out: &mut Vec<u32>) {
    out.extend(tables.iter().map(|d| cost(d[b])));
}

/// An assignment bound of children solved from their parent's ([`Warm`]): the parent's
/// matrix is solved once and kept, and each child that moved one box costs one augmenting
/// path. The value is the same as solving the child's matrix afresh (the rows' order does
/// not change an assignment's least total), checked on every position of random levels by
/// `crates/puzzles/tests/sokoban_incremental_bound.rs`.
#[derive(Debug, Default)]
pub struct FromParent<const W: usize> {
    warm: Warm,
    /// The box set and the key (boxes left out of the matrix) whose matrix is kept.
    kept: Option<(Bits<W>, Bits<W>)>,
    /// The box of each kept row.
    rows: Vec<usize>,
    matrix: Vec<u32>,
    row: Vec<u32>,
    /// The fewest columns a matrix needs for the warm start to be tried.
    from_cols: usize,
    /// Children answered by the warm start (for tests and measurements).
    answered: u64,
}

impl<const W: usize> FromParent<W> {
    /// Nothing kept yet; matrices of at most [`SMALL`] columns are left to a fresh solve
    /// (Boxoban's four boxes: 4.11 s user against 3.84 s for the hard set with the warm
    /// start on them).
    pub fn new() -> Self {
        FromParent {
            from_cols: SMALL + 1,
            ..FromParent::default()
        }
    }

    /// Children answered by the warm start so far.
    pub fn answered(&self) -> u64 {
        self.answered
    }

    /// As [`FromParent::new`], trying the warm start on matrices of any size (for tests
    /// on small levels).
    pub fn any_size() -> Self {
        FromParent::default()
    }

    /// The least assignment of `boxes` less the boxes of `key` to `cols` columns, box `b`'s
    /// costs appended by `row(b, out)`, solved from the same matrix for `parent`: `None`
    /// when that does not apply (not exactly one box moved, a box moved into or out of
    /// `key`, a matrix that is not square or too small ([`FromParent::new`]), a parent
    /// without an assignment), else the answer (`Some(None)`: no assignment).
    pub fn pushes(
        &mut self,
        (parent, key): (&Bits<W>, &Bits<W>),
        boxes: &Bits<W>,
        cols: usize,
        row: impl Fn(usize, &mut Vec<u32>),
    ) -> Option<Option<u32>> {
        if cols < self.from_cols {
            return None;
        }
        let (from, to) = moved(parent, boxes)?;
        if key.has(from) || key.has(to) || !key.is_subset(parent) {
            return None;
        }
        match self.kept {
            Some(kept) if kept == (*parent, *key) => {}
            // a child whose frozen boxes differ from its siblings' is solved afresh, so
            // the parent's matrix is kept for the others
            Some((kept, _)) if kept == *parent => return None,
            _ => self.keep(parent, key, cols, &row)?,
        }
        let at = self.rows.iter().position(|&b| b == from)?;
        self.row.clear();
        row(to, &mut self.row);
        self.answered += 1;
        Some(self.warm.with_row(at, &self.row).map(|t| t as u32))
    }

    /// Solves and keeps the matrix of `parent` less `key`; `None` when it is not square or
    /// has no assignment. A parent that differs from the kept one by one box (the search
    /// went on from one of its children, as a weighted search mostly does) costs one
    /// augmenting path.
    fn keep(
        &mut self,
        parent: &Bits<W>,
        key: &Bits<W>,
        cols: usize,
        row: &impl Fn(usize, &mut Vec<u32>),
    ) -> Option<()> {
        if let Some((kept, kept_key)) = self.kept.take() {
            if kept_key == *key && self.moved_along(&kept, parent, row) {
                self.kept = Some((*parent, *key));
                return Some(());
            }
        }
        self.rows.clear();
        self.rows.extend(parent.iter().filter(|&b| !key.has(b)));
        if self.rows.len() != cols {
            return None;
        }
        self.matrix.clear();
        for &b in &self.rows {
            row(b, &mut self.matrix);
        }
        self.warm.solve(cols, &self.matrix)?;
        self.kept = Some((*parent, *key));
        Some(())
    }
}

impl<const W: usize> FromParent<W> {
    /// Moves the kept solution for `kept` to `parent` by replacing the rows of the boxes
    /// that differ ([`Warm::replace_row`]); false (the kept solution may be lost) when more
    /// than [`move_along`] allows differ or an intermediate matrix has no assignment.
    fn moved_along(
        &mut self,
        kept: &Bits<W>,
        parent: &Bits<W>,
        row: &impl Fn(usize, &mut Vec<u32>),
    ) -> bool {
        let (gone, came) = difference(kept, parent);
        if !self.warm.is_ready()
            || gone.count() > move_along(self.rows.len())
            || gone.count() != came.count()
        {
            return false;
        }
        for (from, to) in gone.iter().zip(came.iter()) {
            let Some(at) = self.rows.iter().position(|&b| b == from) else {
                return false;
            };
            self.row.clear();
            row(to, &mut self.row);
            if self.warm.replace_row(at, &self.row).is_none() {
                return false;
            }
            self.rows[at] = to;
        }
        true
    }
}

/// The boxes of `a` not in `b`, and those of `b` not in `a`.
fn difference<const W: usize>(a: &Bits<W>, b: &Bits<W>) -> (Bits<W>, Bits<W>) {
    let (mut gone, mut came) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
    for w in 0..W {
        gone.0[w] = a.0[w] & !b.0[w];
        came.0[w] = b.0[w] & !a.0[w];
    }
    (gone, came)
}

/// The one box that left `parent` and the cell it reached in `boxes`; `None` unless exactly
/// one box moved.
fn moved<const W: usize>(parent: &Bits<W>, boxes: &Bits<W>) -> Option<(usize, usize)> {
    let (gone, came) = difference(parent, boxes);
    if gone.count() != 1 || came.count() != 1 {
        return None;
    }
    let from = gone.iter().next()?;
    let to = came.iter().next()?;
    Some((from, to))
}
