//! The opener advisor of [`super::fess`], after Shoham and Schaeffer's FESS: a push that
//! opens access, for a box to a goal it could not reach or for the player to floor it
//! could not walk to.
//!
//! It advises only where the packing advisor has nothing to say (no box can be pushed
//! alone to a goal that raises the packed count): there the search is stuck behind boxes
//! in the way, and a push that lets some box reach such a goal again (or, failing that,
//! lets the player walk farther) is the move a person would look for. Where packing advice
//! exists the opener stays silent, which also keeps its cost (a flood per candidate) off
//! the expansions that do not need it.
//!
//! **Access of boxes to goals** is counted by one flood per box off a goal, the other
//! boxes standing still and the player ignored: a box on a cell can go on to a neighbour
//! when the cell behind it is floor without another box and the neighbour is a live cell
//! without one. It over-counts (the player may not get behind the box), but it only ranks
//! pushes, never prunes. One flood per box, not one from all boxes at once: from a shared
//! flood a box could not be pushed on past its own first cell.

use super::advisors::{targets, Candidate};
use super::bits::Bits;
use super::features::{Cell, Features};
use super::graph::{Node, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// The opener's scratch space for one maze.
pub struct Opener {
    walk: Walk,
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u16>,
}

impl Opener {
    /// Scratch space for `maze`.
    pub fn new(maze: &Maze) -> Self {
        Opener {
            walk: Walk::new(maze.cells.len()),
            stamp: vec![0; maze.live],
            generation: 0,
            queue: Vec::with_capacity(maze.live),
        }
    }

    /// Marks the candidate (from `node`, in feature cell `here`) that most raises the
    /// number of goals some box can reach among those whose filling raises the packed
    /// count, then most raises the floor the player can walk, then has the least
    /// nearest-goal sum; none when no candidate raises either or every one lowers the
    /// packed count.
    pub fn advise<const W: usize>(
        &mut self,
        maze: &Maze,
        features: &Features,
        (node, here): (&Node<W>, Cell),
        candidates: &mut [Candidate<W>],
    ) {
        let goals = targets(maze, features, &node.boxes);
        let reach = self.goals_reached(maze, &node.boxes, &goals);
        let area = self.area(maze, node);
        let mut best: Option<((i32, i32, u32), usize)> = None;
        for (i, c) in candidates.iter().enumerate() {
            if c.cell.0 < here.0 {
                continue;
            }
            let more_goals = self.goals_reached(maze, &c.node.boxes, &goals) as i32 - reach as i32;
            let more_floor = self.area(maze, &c.node) as i32 - area as i32;
            if more_goals < 0 || (more_goals, more_floor) <= (0, 0) {
                continue;
            }
            let key = (-more_goals, -more_floor, c.bound);
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, i));
            }
        }
        if let Some((_, i)) = best {
            candidates[i].advised = true;
        }
    }

    /// The cells the player can walk to in `node`.
    fn area<const W: usize>(&mut self, maze: &Maze, node: &Node<W>) -> usize {
        self.walk.explore(maze, node);
        self.walk.reached().len()
    }

    /// How many cells of `goals` (empty) some box of `boxes` off a goal can reach, by
    /// the floods of the module's documentation.
    pub fn goals_reached<const W: usize>(
        &mut self,
        maze: &Maze,
        boxes: &Bits<W>,
        goals: &Bits<W>,
    ) -> u32 {
        if *goals == Bits::EMPTY {
            return 0;
        }
        let goal_set: Bits<W> = maze.goal_set();
        let mut reached = Bits::<W>::EMPTY;
        for b in boxes.iter().filter(|&b| !goal_set.has(b)) {
            let mut others = *boxes;
            others.remove(b);
            self.flood(maze, &others, b as u16);
            for &cell in &self.queue {
                if goals.has(cell as usize) {
                    reached.insert(cell as usize);
                }
            }
        }
        reached.count()
    }

    /// The live cells a lone box on `start` can be pushed to, `others` standing still and
    /// the player ignored (left in the queue).
    fn flood<const W: usize>(&mut self, maze: &Maze, others: &Bits<W>, start: u16) {
        self.generation = super::stamp::next(self.generation, &mut self.stamp);
        let g = self.generation;
        self.queue.clear();
        self.stamp[start as usize] = g;
        self.queue.push(start);
        let has_box = |c: u16| (c as usize) < maze.live && others.has(c as usize);
        let mut head = 0;
        while let Some(&cell) = self.queue.get(head) {
            head += 1;
            for dir in Dir::ALL {
                let to = maze.step(cell, dir);
                let behind = maze.step(cell, dir.opposite());
                if to == NONE || to as usize >= maze.live || has_box(to) {
                    continue;
                }
                if behind == NONE || has_box(behind) || self.stamp[to as usize] == g {
                    continue;
                }
                self.stamp[to as usize] = g;
                self.queue.push(to);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::Push;
    use super::super::parse::parse_level;
    use super::*;

    /// A corridor of one goal off a room with two goals; boxes A, B, C stand in a row from
    /// the corridor's mouth, B where the player would have to stand to push A in.
    const LEVEL: &str = "##########\n####     #\n#.  $$$  #\n####   ..#\n####    @#\n##########";

    fn setup() -> (Maze, Node<1>, u16, u16) {
        let level = parse_level(LEVEL, None).unwrap();
        let maze = Maze::new(&level);
        let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let node = Node::new(&maze, boxes, maze.index[level.start.player]);
        let at = |row: usize, col: usize| maze.index[row * level.cols + col];
        let (a, b) = (at(2, 4), at(2, 5));
        (maze, node, a, b)
    }

    fn candidate(maze: &Maze, features: &mut Features, node: &Node<1>, push: Push) -> Candidate<1> {
        let after = node.pushed(maze, push.from, maze.step(push.from, push.dir));
        Candidate {
            node: after,
            push,
            bound: 0,
            cell: features.of(maze, &after),
            advised: false,
        }
    }

    #[test]
    fn the_box_behind_the_corridor_box_is_pushed_aside() {
        let (maze, node, a, b) = setup();
        let mut features = Features::new(&maze);
        let mut opener = Opener::new(&maze);
        let goals = targets(&maze, &features, &node.boxes);
        // only the room's goals are in reach: A cannot be pushed into the corridor
        assert_eq!(opener.goals_reached(&maze, &node.boxes, &goals), 2);
        let push = |from, dir| Push { from, dir };
        let mut c = vec![
            candidate(&maze, &mut features, &node, push(a, Dir::Down)),
            candidate(&maze, &mut features, &node, push(b, Dir::Down)),
        ];
        // B pushed down opens the corridor to A; A pushed down opens nothing for a box (B
        // cannot follow into the corridor with C behind it)
        assert_eq!(opener.goals_reached(&maze, &c[1].node.boxes, &goals), 3);
        assert_eq!(opener.goals_reached(&maze, &c[0].node.boxes, &goals), 2);
        let here = features.of(&maze, &node);
        opener.advise(&maze, &features, (&node, here), &mut c);
        assert_eq!(
            c.iter().map(|c| c.advised).collect::<Vec<_>>(),
            [false, true]
        );
        // without the push that opens a goal, the one that opens floor to the player
        let mut c = vec![candidate(&maze, &mut features, &node, push(a, Dir::Down))];
        opener.advise(&maze, &features, (&node, here), &mut c);
        assert!(c[0].advised);
    }

    #[test]
    fn no_goal_left_to_fill_means_no_box_reaches_one() {
        let (maze, node, _, _) = setup();
        let mut opener = Opener::new(&maze);
        assert_eq!(opener.goals_reached(&maze, &node.boxes, &Bits::EMPTY), 0);
    }
}
