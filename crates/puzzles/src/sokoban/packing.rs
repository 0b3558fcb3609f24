//! A packing order for goal rooms, computed backwards, for `--fast`'s priority.
//!
//! Where goals touch each other (a goal room), the goals by the entrance must be filled
//! last or they wall in the rest. Starting with a box on every goal, the goals whose box can
//! be pulled out of the goal area (to a cell that is not a goal, the other full goals
//! standing in the way) are emptied together: they form layer 0, filled last. Then layer 1
//! from what is left, and so on; goals never freed share the last layer. A box resting on a
//! goal while a goal of its room in a deeper layer is still empty is *out of order*: the
//! fast search adds a penalty for each one to its priority (not a bound: `--fast` proves
//! nothing about length).

use super::bits::Bits;
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// The layer and room of every goal.
#[derive(Clone, Debug)]
pub struct Packing {
    /// Per goal (index into `Maze::goals`): layer, 0 = filled last.
    layer: Vec<u16>,
    /// Per goal: the number of its room (goals joined by side-by-side goals).
    room: Vec<u16>,
    /// Whether any room has more than one layer (else the penalty is always 0).
    pub ordered: bool,
}

impl Packing {
    /// The packing order of `maze`'s goals.
    pub fn new(maze: &Maze) -> Packing {
        let n = maze.goals.len();
        let goal_of = |c: u16| maze.goals.iter().position(|&g| g == c);
        let room = rooms(maze, &goal_of);
        let mut layer = vec![u16::MAX; n];
        let mut full: Vec<bool> = vec![true; n];
        let mut k = 0u16;
        while full.iter().any(|&f| f) {
            let free: Vec<usize> = (0..n)
                .filter(|&g| full[g] && pulls_out(maze, &full, g, &goal_of))
                .collect();
            if free.is_empty() {
                break;
            }
            for &g in &free {
                layer[g] = k;
                full[g] = false;
            }
            k += 1;
        }
        for l in layer.iter_mut().filter(|l| **l == u16::MAX) {
            *l = k;
        }
        let ordered = (0..n).any(|a| (0..n).any(|b| room[a] == room[b] && layer[a] != layer[b]));
        Packing {
            layer,
            room,
            ordered,
        }
    }

    /// Boxes resting on a goal while a deeper goal of the same room is empty.
    pub fn out_of_order<const W: usize>(&self, maze: &Maze, boxes: &Bits<W>) -> u32 {
        if !self.ordered {
            return 0;
        }
        let full: Vec<bool> = maze.goals.iter().map(|&g| boxes.has(g as usize)).collect();
        let mut count = 0;
        for a in (0..full.len()).filter(|&a| full[a]) {
            count += (0..full.len())
                .any(|b| !full[b] && self.room[b] == self.room[a] && self.layer[b] > self.layer[a])
                as u32;
        }
        count
    }
}

/// Numbers the rooms: goals side by side share one.
fn rooms(maze: &Maze, goal_of: &impl Fn(u16) -> Option<usize>) -> Vec<u16> {
    let n = maze.goals.len();
    let mut room = vec![u16::MAX; n];
    for seed in 0..n {
        if room[seed] != u16::MAX {
            continue;
        }
        room[seed] = seed as u16;
        let mut stack = vec![seed];
        while let Some(g) = stack.pop() {
            for dir in Dir::ALL {
                let next = maze.step(maze.goals[g], dir);
                if let Some(h) = (next != NONE).then(|| goal_of(next)).flatten() {
                    if room[h] == u16::MAX {
                        room[h] = seed as u16;
                        stack.push(h);
                    }
                }
            }
        }
    }
    room
}

/// Can the box on goal `g` be pulled to a cell that is not a goal, the other `full` goals'
/// boxes standing still? (A pull from `x` to `x + d` needs `x + d` and `x + 2d` free.)
fn pulls_out(
    maze: &Maze,
    full: &[bool],
    g: usize,
    goal_of: &impl Fn(u16) -> Option<usize>,
) -> bool {
    let blocked = |c: u16| c == NONE || goal_of(c).is_some_and(|h| h != g && full[h]);
    let mut seen = vec![false; maze.cells.len()];
    let start = maze.goals[g];
    seen[start as usize] = true;
    let mut stack = vec![start];
    while let Some(x) = stack.pop() {
        for dir in Dir::ALL {
            let to = maze.step(x, dir);
            if blocked(to) || blocked(maze.step(to, dir)) || seen[to as usize] {
                continue;
            }
            if goal_of(to).is_none() {
                return true;
            }
            seen[to as usize] = true;
            stack.push(to);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    #[test]
    fn a_corridor_of_goals_fills_from_the_far_end() {
        // goals at columns 1, 2, 3 of a dead-end corridor; the entrance is on the right
        let level = parse_level("########\n#...$$$@#\n########", None).unwrap();
        let maze = Maze::new(&level);
        let p = Packing::new(&maze);
        assert!(p.ordered);
        let layer_of = |col: usize| {
            p.layer[maze
                .goals
                .iter()
                .position(|&g| maze.cells[g as usize] == level.cols + col)
                .unwrap()]
        };
        assert!(layer_of(1) > layer_of(2) && layer_of(2) > layer_of(3));
        // a box on the entrance goal with the far goals empty is out of order
        let mut boxes = Bits::<1>::EMPTY;
        boxes.insert(maze.index[level.cols + 3] as usize);
        assert_eq!(p.out_of_order(&maze, &boxes), 1);
        let mut deep = Bits::<1>::EMPTY;
        deep.insert(maze.index[level.cols + 1] as usize);
        assert_eq!(p.out_of_order(&maze, &deep), 0);
    }
}
