//! A sharper pushes bound for `--fast` once boxes are frozen on their goals: such boxes never
//! move again, so they are walls for the rest of the level, and the other boxes' push
//! distances are measured around them.
//!
//! **Why.** The assignment bound ([`super::bound`]) uses each box's distance to each goal on
//! the empty level. A box parked on the entrance goal of a dead-end goal corridor (Microban
//! 153's left column) is frozen there and seals every goal behind it, but the plain bound
//! still sees them a few pushes away; the search then spends millions of positions behind
//! that seal. With the frozen boxes as walls no box reaches the sealed goals, no
//! assignment exists, and the position is dropped at once.
//!
//! **Soundness.** A box is frozen when neither axis lets it move: a wall on either side,
//! dead cells on both sides (a solution never pushes a box onto a dead cell), or a box on
//! either side that is itself frozen (the group is checked together, [`super::deadlock`]).
//! No box of such a group can be the first to move, so in every solution from this position
//! every frozen box stays where it is. If one is off its goal the position is lost (the
//! freeze rule). If all are on goals, every other box must end on one of the remaining
//! goals, moved in a level where the frozen boxes are walls for the boxes and the player;
//! its lone-box push distance there is a lower bound on its pushes, and the least
//! assignment of those distances a lower bound on the total, never below the plain bound
//! (the distances only grow, and the frozen boxes cost nothing in both). No assignment:
//! lost.

use super::bits::Bits;
use super::bound::{cost, Bound, FromParent};
use super::deadlock::frozen_in_place;
use super::maze::{Maze, NONE};
use gridlock_search::assignment::Assignment;
use rustc_hash::FxHashMap;

/// Frozen sets whose distance tables are kept before the cache is emptied.
const CACHE: usize = 1 << 12;

/// The bound with frozen boxes as walls, its tables cached by the frozen set.
pub struct FrozenGoals<'a, const W: usize> {
    maze: &'a Maze,
    goals: Bits<W>,
    plain: Bound<'a>,
    /// Per frozen set: each goal's pull distances with the set as walls (an empty row for
    /// a goal in the set).
    tables: FxHashMap<Bits<W>, Vec<Vec<u16>>>,
    matrix: Vec<u32>,
    assignment: Assignment,
    /// Children's bounds solved from their parent's ([`FromParent`]).
    warm: FromParent<W>,
}

impl<'a, const W: usize> FrozenGoals<'a, W> {
    /// The bound for `maze`.
    pub fn new(maze: &'a Maze) -> Self {
        FrozenGoals {
            maze,
            goals: maze.goal_set(),
            plain: Bound::new(maze),
            tables: FxHashMap::default(),
            matrix: Vec::new(),
            assignment: Assignment::new(),
            warm: FromParent::new(),
        }
    }

    /// A lower bound on the pushes left with `boxes`, at least the plain assignment bound;
    /// `None` when the position is proven lost (module doc).
    pub fn pushes(&mut self, boxes: &Bits<W>) -> Option<u32> {
        self.pushes_after(boxes, boxes)
    }

    /// [`FrozenGoals::pushes`] of `boxes`, a child of `parent`: the same value, solved from
    /// the parent's assignment when one box moved and the frozen boxes are the same
    /// ([`FromParent`]).
    pub fn pushes_after(&mut self, parent: &Bits<W>, boxes: &Bits<W>) -> Option<u32> {
        let frozen = self.frozen(boxes)?;
        if frozen == Bits::EMPTY {
            return self.plain.pushes_after(&mut self.warm, parent, boxes);
        }
        if self.tables.len() >= CACHE {
            self.tables.clear();
        }
        let maze = self.maze;
        let table = self
            .tables
            .entry(frozen)
            .or_insert_with(|| distances(maze, &frozen));
        // box `b`'s costs to the goals not frozen, in goal order
        let row = |b: usize, out: &mut Vec<u32>| {
            let open = maze.goals.iter().enumerate();
            let open = open.filter(|&(_, &g)| !frozen.has(g as usize));
            out.extend(open.map(|(k, _)| cost(table[k][b])))
        };
        let cols = maze.goals.len() - frozen.count() as usize;
        if let Some(answer) = self.warm.pushes((parent, &frozen), boxes, cols, row) {
            return answer;
        }
        self.matrix.clear();
        let mut rows = 0;
        for b in boxes.iter().filter(|&b| !frozen.has(b)) {
            rows += 1;
            row(b, &mut self.matrix);
        }
        self.assignment
            .min_cost(rows, cols, &self.matrix)
            .map(|total| total as u32)
    }

    /// The boxes frozen on their goals; `None` when a frozen group holds a box off its goal.
    fn frozen(&self, boxes: &Bits<W>) -> Option<Bits<W>> {
        let mut on_goals = *boxes;
        for (w, g) in on_goals.0.iter_mut().zip(&self.goals.0) {
            *w &= g;
        }
        let mut frozen = Bits::EMPTY;
        for cell in on_goals.iter() {
            match frozen_in_place(self.maze, boxes, cell as u16) {
                Some(true) => return None,
                Some(false) => frozen.insert(cell),
                None => {}
            }
        }
        Some(frozen)
    }
}

/// Each goal's lone-box push distance from every live cell with the cells of `walls` as
/// walls (for the box and the player); an empty row for a goal in `walls`.
fn distances<const W: usize>(maze: &Maze, walls: &Bits<W>) -> Vec<Vec<u16>> {
    let open = |c: u16| c != NONE && !((c as usize) < maze.live && walls.has(c as usize));
    maze.goals
        .iter()
        .map(|&goal| {
            if !open(goal) {
                return Vec::new();
            }
            maze.pull_distances_within(goal, open)
        })
        .collect()
}
