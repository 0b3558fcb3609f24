//! PI-corral pruning: when part of the floor is fenced off from the player by boxes, and
//! those boxes can only ever be pushed into it, some push of those boxes must come first in
//! some shortest solution, so the pushes of every other box can be left out of the node's
//! successors.
//!
//! A *corral* is a set `A` of empty floor cells the player cannot reach (one or more areas
//! cut off by boxes); its *fence* `X` is the set of boxes next to `A`. Every neighbour of `A`
//! is a wall or a box of `X`, so while the fence stands neither the player nor another box
//! can enter `A`. `A` is a **PI-corral** when:
//!
//! * **worth opening**: `A` holds a goal, or a box of `X` is off its goal (so every solution
//!   pushes a fence box some time);
//! * **I** (inward only): a fence box can be pushed nowhere but into `A` while the fence
//!   stands. A push of a fence box is ruled out when the player's cell behind it is a wall,
//!   a fence box or in `A`, or the cell ahead is a wall, a fence box or a dead cell (no
//!   solution pushes a box there); anything else that does not go into `A` fails the test;
//! * **P** (possible now): every push of a fence box into `A` onto a live cell that the
//!   first rule does not exclude can be made now: the player reaches the cell behind.
//!
//! **Why it keeps the fewest pushes.** Take a shortest solution and its first push `q` of a
//! fence box. The pushes before `q` move other boxes, so the fence stands until `q`, and by
//! **I** `q` goes into `A`; by **P** the player can make `q` in the node itself. Making `q`
//! first and then the earlier pushes in their order is again a solution with as many
//! pushes: those pushes never used `A` or the fence box's cell (the player and the other
//! boxes stay out of `A` while the fence stands, and the box's old cell was a box), and the
//! player, standing where the box was, is next to the cell it pushed from, which reaches
//! everything the player reached before. So some shortest solution starts with a fence
//! push: the node's pushes can be cut to those of the fence. The walking between pushes
//! changes with the order, so the **fewest moves** are not kept; the optimal searches,
//! which break push ties by moves, do not use it (`docs/sokoban-solver.md`).
//!
//! The tests check the claim on every reachable position of small levels: some fence push
//! of every corral found leads to a position one push nearer the goal.

use super::bits::Bits;
use super::graph::{Node, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// "Not in a corral" in [`Corrals::area`].
const OPEN: u32 = u32::MAX;

/// Scratch space for finding PI-corrals in one maze.
#[derive(Clone, Debug)]
pub struct Corrals {
    /// `goal[cell]` for every compact cell.
    goal: Vec<bool>,
    /// The corral area number of each cell, [`OPEN`] for reachable cells and boxes.
    area: Vec<u32>,
    /// Cells of every area, area by area (`starts` marks where each begins).
    cells: Vec<u16>,
    starts: Vec<usize>,
}

impl Corrals {
    /// Scratch space for `maze`.
    pub fn new(maze: &Maze) -> Self {
        let mut goal = vec![false; maze.cells.len()];
        for &g in &maze.goals {
            goal[g as usize] = true;
        }
        Corrals {
            goal,
            area: vec![OPEN; maze.cells.len()],
            cells: Vec::new(),
            starts: Vec::new(),
        }
    }

    /// The fence of a PI-corral of `node`, if there is one: the only boxes whose pushes need
    /// to be tried. `walk` must hold the player's walk from `node` ([`Walk::explore`]). Of
    /// the single areas that qualify, the one with the fewest fence boxes; when none does,
    /// every area together, if that qualifies.
    pub fn fence<const W: usize>(
        &mut self,
        maze: &Maze,
        node: &Node<W>,
        walk: &Walk,
    ) -> Option<Bits<W>> {
        self.label(maze, node, walk);
        let areas = self.starts.len();
        if areas == 0 {
            return None;
        }
        let mut best: Option<(u32, Bits<W>)> = None;
        for k in 0..areas {
            let range = self.starts[k]..self.starts.get(k + 1).copied().unwrap_or(self.cells.len());
            let (fence, goal) = self.fence_of(maze, node, range);
            if best.is_some_and(|(n, _)| n <= fence.count()) {
                continue;
            }
            if self.qualifies(maze, walk, &fence, goal, |a| a == k as u32) {
                best = Some((fence.count(), fence));
            }
        }
        if best.is_none() && areas > 1 {
            let (fence, goal) = self.fence_of(maze, node, 0..self.cells.len());
            if self.qualifies(maze, walk, &fence, goal, |a| a != OPEN) {
                return Some(fence);
            }
        }
        best.map(|(_, fence)| fence)
    }

    /// Numbers the areas of empty cells the player cannot reach.
    fn label<const W: usize>(&mut self, maze: &Maze, node: &Node<W>, walk: &Walk) {
        self.area.fill(OPEN);
        self.cells.clear();
        self.starts.clear();
        for seed in 0..maze.cells.len() as u16 {
            if self.area[seed as usize] != OPEN
                || walk.distance(seed).is_some()
                || node.has_box(maze, seed)
            {
                continue;
            }
            let k = self.starts.len() as u32;
            self.starts.push(self.cells.len());
            self.area[seed as usize] = k;
            self.cells.push(seed);
            let mut head = self.cells.len() - 1;
            while let Some(&cell) = self.cells.get(head) {
                head += 1;
                for dir in Dir::ALL {
                    let n = maze.step(cell, dir);
                    // an empty neighbour of an unreachable cell is unreachable too
                    if n != NONE && self.area[n as usize] == OPEN && !node.has_box(maze, n) {
                        self.area[n as usize] = k;
                        self.cells.push(n);
                    }
                }
            }
        }
    }

    /// The boxes next to the cells `range` of [`Corrals::cells`], and whether those cells
    /// hold a goal.
    fn fence_of<const W: usize>(
        &self,
        maze: &Maze,
        node: &Node<W>,
        range: std::ops::Range<usize>,
    ) -> (Bits<W>, bool) {
        let mut fence = Bits::EMPTY;
        let mut goal = false;
        for &cell in &self.cells[range] {
            goal |= self.goal[cell as usize];
            for dir in Dir::ALL {
                let n = maze.step(cell, dir);
                if n != NONE && node.has_box(maze, n) {
                    fence.insert(n as usize);
                }
            }
        }
        (fence, goal)
    }

    /// The three conditions of a PI-corral (module doc) for the area `in_area` picks.
    fn qualifies<const W: usize>(
        &self,
        maze: &Maze,
        walk: &Walk,
        fence: &Bits<W>,
        goal_inside: bool,
        in_area: impl Fn(u32) -> bool,
    ) -> bool {
        if !goal_inside && fence.iter().all(|b| self.goal[b]) {
            return false;
        }
        let fenced = |c: u16| (c as usize) < maze.live && fence.has(c as usize);
        let inside = |c: u16| c != NONE && in_area(self.area[c as usize]);
        for b in fence.iter() {
            let b = b as u16;
            for dir in Dir::ALL {
                let (ahead, behind) = (maze.step(b, dir), maze.step(b, dir.opposite()));
                let cannot = behind == NONE || fenced(behind) || inside(behind);
                if cannot || ahead == NONE || fenced(ahead) || ahead as usize >= maze.live {
                    continue;
                }
                if !inside(ahead) || walk.distance(behind).is_none() {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    /// The fence found in a level's start, as grid cells.
    fn fence_cells(rows: &str) -> Option<Vec<usize>> {
        let level = parse_level(rows, None).unwrap();
        let maze = Maze::new(&level);
        let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let node = Node::new(&maze, boxes, maze.index[level.start.player]);
        let mut walk = Walk::new(maze.cells.len());
        walk.explore(&maze, &node);
        let fence = Corrals::new(&maze).fence(&maze, &node, &walk)?;
        let mut cells: Vec<usize> = fence.iter().map(|c| maze.cells[c]).collect();
        cells.sort();
        Some(cells)
    }

    #[test]
    fn a_room_fenced_by_pushable_boxes_is_a_corral() {
        // the goal room on the right is closed by the box at (2,3); it can only go right
        let text = "#######\n#   # #\n# @ $.#\n#   # #\n#######";
        assert_eq!(fence_cells(text), Some(vec![2 * 7 + 4]));
    }

    #[test]
    fn no_corral_when_everything_is_reachable_or_the_fence_can_go_out() {
        assert_eq!(fence_cells("######\n#    #\n# @$.#\n#    #\n######"), None);
        // the goal is reachable below the box: no corral at all
        let text = "#######\n#   # #\n# @ $.#\n#     #\n#######";
        assert_eq!(fence_cells(text), None);
        // the fence box can be pushed up or down onto live cells, out of the corral: not I
        let text = "########\n#     ##\n#     ##\n# @  $.#\n#     ##\n#     ##\n########";
        assert_eq!(fence_cells(text), None);
        // two boxes fence the goals; neither can leave the fence: both are the fence
        let text = "#######\n#   $.#\n# @ $.#\n#   ###\n#######";
        assert_eq!(fence_cells(text), Some(vec![7 + 4, 2 * 7 + 4]));
    }

    #[test]
    fn a_solved_corral_is_not_worth_opening() {
        // the box is on its goal and the area behind it has no goal
        let text = "#######\n#   # #\n# @ * #\n#   # #\n#######";
        assert_eq!(fence_cells(text), None);
    }
}
