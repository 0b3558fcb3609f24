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

use super::bits::Bits;
use super::maze::{Maze, NONE};
use gridlock_search::assignment::{Assignment, FORBIDDEN};

/// Bound computations for one maze, with their scratch space.
pub struct Bound<'a> {
    maze: &'a Maze,
    matrix: Vec<u32>,
    assignment: Assignment,
}

impl<'a> Bound<'a> {
    /// Bounds for `maze`.
    pub fn new(maze: &'a Maze) -> Self {
        Bound {
            maze,
            matrix: Vec::new(),
            assignment: Assignment::new(),
        }
    }

    /// Least total push distance over every assignment of the boxes to distinct goals;
    /// `None` when some box cannot be given a goal (the node is dead).
    pub fn pushes<const W: usize>(&mut self, boxes: &Bits<W>) -> Option<u32> {
        let goals = &self.maze.goals;
        self.matrix.clear();
        let mut rows = 0;
        for b in boxes.iter() {
            rows += 1;
            self.matrix
                .extend(self.maze.goal_distance.iter().map(|d| match d[b] {
                    NONE => FORBIDDEN,
                    x => x as u32,
                }));
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
