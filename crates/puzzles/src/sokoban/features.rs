//! The feature space of [`super::fess`]: a few numbers that say how far a position has
//! come, in the terms a person would use, rather than how many pushes remain.
//!
//! * **packed**: boxes standing on goals in packing order ([`Packing`]): a box on a goal
//!   counts unless a deeper goal of its room is still empty (it walls that goal in) or a
//!   parking cell of its room still waits for its box; a box waiting on a parking cell
//!   counts too;
//! * **regions**: the number of areas of empty floor the boxes cut the warehouse into (1
//!   when the player can walk everywhere); fewer is better, since a box that splits the
//!   floor usually has to be moved again before the level can be finished;
//! * **blocked doors**: boxes standing in a corridor cell (a cell walled on both sides
//!   across it), the doors between the warehouse's rooms: the paper's room connectivity,
//!   counted per door instead of per pair of rooms (fewer is better: a box in a door cuts
//!   the rooms on either side apart even when the player can walk around);
//! * **out of plan**: boxes on goals out of packing order ([`Packing::out_of_order`]).
//!
//! None of them is a bound; the search uses them to spread its effort over positions that
//! differ in kind, not to prove anything.

use super::bits::Bits;
use super::graph::Node;
use super::maze::{Maze, NONE};
use super::moves::Dir;
use super::packing::Packing;

/// A position's coordinates in the feature space: `(packed, regions, blocked doors, out of
/// plan)`.
pub type Cell = (u16, u16, u16, u16);

/// Computes [`Cell`]s for one maze, with its scratch space.
pub struct Features {
    packing: Packing,
    /// The live corridor cells, as a box set: a box there blocks a door.
    doors: Vec<u16>,
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
}

impl Features {
    /// Features of positions of `maze`, boxes coming in from any cell off the goals
    /// ([`Packing::new`]).
    pub fn new(maze: &Maze) -> Self {
        Self::with_packing(maze, Packing::new(maze))
    }

    /// Features of positions of `maze`, boxes coming in from the cells of `start`
    /// ([`Packing::from_start`]): the feature-space search's.
    pub fn from_start<const W: usize>(maze: &Maze, start: &Bits<W>) -> Self {
        Self::with_packing(maze, Packing::from_start(maze, start))
    }

    fn with_packing(maze: &Maze, packing: Packing) -> Self {
        Features {
            packing,
            doors: (0..maze.live as u16).filter(|&c| door(maze, c)).collect(),
            stamp: vec![0; maze.cells.len()],
            generation: 0,
            stack: Vec::with_capacity(maze.cells.len()),
        }
    }

    /// The feature cell of `node`.
    pub fn of<const W: usize>(&mut self, maze: &Maze, node: &Node<W>) -> Cell {
        let out = self.packing.out_of_order(maze, &node.boxes) as u16;
        let regions = self.regions(maze, &node.boxes);
        let parked = self.packing.parked(maze, &node.boxes) as u16;
        let packed = on_goals(maze, &node.boxes) + parked - out;
        (packed, regions, self.blocked_doors(&node.boxes), out)
    }

    /// Boxes packed in order: boxes on goals less those out of plan, and boxes parked
    /// where a goal needs them ([`Packing::parked`]).
    pub fn packed<const W: usize>(&self, maze: &Maze, boxes: &Bits<W>) -> u16 {
        let parked = self.packing.parked(maze, boxes) as u16;
        on_goals(maze, boxes) + parked - self.packing.out_of_order(maze, boxes) as u16
    }

    /// The cells a box may be packed on: the goals, then the parking cells.
    pub fn target_cells<'s>(&'s self, maze: &'s Maze) -> impl Iterator<Item = u16> + 's {
        let parks = self.packing.parks().iter().map(|p| p.cell);
        maze.goals.iter().copied().chain(parks)
    }

    /// Each live cell's lone-box push distance to the target cell `cell` (a goal or a
    /// parking cell, [`Features::target_cells`]) on the empty level.
    pub fn distances_to<'s>(&'s self, maze: &'s Maze, cell: u16) -> Option<&'s [u16]> {
        if let Some(k) = maze.goals.iter().position(|&g| g == cell) {
            return Some(&maze.goal_distance[k]);
        }
        let park = self.packing.parks().iter().find(|p| p.cell == cell)?;
        Some(&park.distance)
    }

    /// The number of boxes standing in corridor cells.
    pub fn blocked_doors<const W: usize>(&self, boxes: &Bits<W>) -> u16 {
        self.doors
            .iter()
            .filter(|&&c| boxes.has(c as usize))
            .count() as u16
    }

    /// The number of connected areas of floor cells without a box.
    pub fn regions<const W: usize>(&mut self, maze: &Maze, boxes: &Bits<W>) -> u16 {
        self.generation = super::stamp::next(self.generation, &mut self.stamp);
        let g = self.generation;
        let has_box = |c: u16| (c as usize) < maze.live && boxes.has(c as usize);
        let mut count = 0;
        for seed in 0..maze.cells.len() as u16 {
            if self.stamp[seed as usize] == g || has_box(seed) {
                continue;
            }
            count += 1;
            self.stamp[seed as usize] = g;
            self.stack.push(seed);
            while let Some(cell) = self.stack.pop() {
                for dir in Dir::ALL {
                    let n = maze.step(cell, dir);
                    if n != NONE && self.stamp[n as usize] != g && !has_box(n) {
                        self.stamp[n as usize] = g;
                        self.stack.push(n);
                    }
                }
            }
        }
        count
    }
}

/// The number of boxes on goals.
fn on_goals<const W: usize>(maze: &Maze, boxes: &Bits<W>) -> u16 {
    let on = maze.goals.iter().filter(|&&g| boxes.has(g as usize));
    on.count() as u16
}

/// Is `cell` a corridor cell: floor on two opposite sides and wall on the other two?
fn door(maze: &Maze, cell: u16) -> bool {
    let open = |d: Dir| maze.step(cell, d) != NONE;
    let across = |a: Dir, b: Dir| open(a) && open(b);
    let shut = |a: Dir, b: Dir| !open(a) && !open(b);
    (across(Dir::Left, Dir::Right) && shut(Dir::Up, Dir::Down))
        || (across(Dir::Up, Dir::Down) && shut(Dir::Left, Dir::Right))
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    fn cell_of(rows: &str) -> Cell {
        let level = parse_level(rows, None).unwrap();
        let maze = Maze::new(&level);
        let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let node = Node::new(&maze, boxes, maze.index[level.start.player]);
        Features::from_start(&maze, &boxes).of(&maze, &node)
    }

    #[test]
    fn open_floor_is_one_region_and_a_wall_of_boxes_makes_two() {
        assert_eq!(cell_of("######\n#    #\n# @$.#\n#    #\n######").1, 1);
        // the boxes close the right-hand column off from the player
        let text = "#######\n#  $. #\n# @$. #\n#  $. #\n#######";
        assert_eq!(cell_of(text).1, 2);
    }

    #[test]
    fn a_box_on_the_entrance_goal_is_out_of_plan() {
        // a dead-end corridor of goals: the entrance goal filled first walls in the others
        let text = "##########\n#...*$$$@#\n##########";
        let (packed, _, _, out) = cell_of(text);
        assert_eq!((packed, out), (0, 1));
        // the far goal filled first is packed; the boxes cut the corridor in two
        let text = "##########\n#*...$$$@#\n##########";
        assert_eq!(cell_of(text), (1, 2, 3, 0));
    }

    #[test]
    fn a_box_in_a_corridor_blocks_a_door() {
        // two rooms joined by a corridor of two cells; the box stands in it
        let text = "#########\n#  #  # #\n# @$  . #\n#  #  # #\n#########";
        assert_eq!(cell_of(text).2, 1);
        let text = "#########\n#  #  # #\n# @ $ . #\n#  #  # #\n#########";
        assert_eq!(cell_of(text).2, 0);
    }
}
