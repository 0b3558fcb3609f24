//! A packing order for goal rooms, computed backwards, for `--fast`'s priority
//! ([`Packing::new`], the first rule) and the feature-space search's packed count
//! ([`Packing::from_start`], [`super::features`]).
//!
//! Where goals touch each other (a goal room), the goals by the entrance must be filled
//! last or they wall in the rest. Starting with a box on every goal, the goals whose box can
//! be pulled out are emptied together: they form layer 0, filled last. Then layer 1 from
//! what is left, and so on; goals never freed share the last layer. A box resting on a goal
//! while a goal of its room in a deeper layer is still empty is *out of order*.
//!
//! **Pulled out to where.** The first rule pulls to any cell off the goals, the player not
//! followed. [`Packing::from_start`] pulls to a cell where a box starts, the player walking
//! between pulls and the other full goals' boxes standing as walls: a pull played forward
//! is a push, so that is a route by which a box can still come in. When no goal can be
//! emptied so, one goal whose box reaches a cell off the goals that a box can reach through
//! the room (from a start cell on the empty level) gets that cell as its **parking cell**
//! ([`Park`]): a box must wait there before the room closes, so until one does, the room's
//! boxes are out of order, and a waiting box counts as packed. The parked box is a wall for
//! the later layers' pulls.
//!
//! **Why.** With the first rule, a goal whose one way in is a pocket no box can enter
//! (XSokoban 41) came out filled last, and so did goals that can be filled last only from a
//! pocket a box reaches through the room (42, 44) or whose pusher can only stand there by
//! walking through the room (46): the feature-space search packed the room round them and
//! stalled one box short, every such position lost (docs/sokoban-fast-figures.md).

use super::bits::Bits;
use super::maze::{Maze, NONE};
use super::moves::Dir;
use rustc_hash::FxHashSet;

/// The layer and room of every goal, and the cells where a box must wait.
#[derive(Clone, Debug)]
pub struct Packing {
    /// Per goal (index into `Maze::goals`): layer, 0 = filled last.
    layer: Vec<u16>,
    /// Per goal: the number of its room (goals joined by side-by-side goals).
    room: Vec<u16>,
    /// Goals filled last from a parking cell ([`Park`]).
    parks: Vec<Park>,
    /// Whether any room has more than one layer or a parking cell (else nothing is ever
    /// out of order).
    pub ordered: bool,
}

/// A goal that can be filled late only by a box waiting on a cell off the goals that no
/// box can reach once the room around it is full (a pocket beside the room, XSokoban 42
/// and 44, or a cell whose pusher must walk through the room, 46): a box must be parked
/// there, through the room, before the room is filled.
#[derive(Clone, Debug)]
pub struct Park {
    /// The parking cell.
    pub cell: u16,
    /// The goal it serves (index into `Maze::goals`).
    pub goal: usize,
    /// Each live cell's lone-box push distance to the parking cell ([`super::maze::NONE`]:
    /// none), on the empty level.
    pub distance: Vec<u16>,
}

impl Packing {
    /// The packing order of `maze`'s goals by the first rule: a goal is emptied when its
    /// box can be pulled to any cell off the goals, the player not followed (`--fast`'s
    /// penalty, `Tuning::penalty`).
    pub fn new(maze: &Maze) -> Packing {
        Self::layered(maze, None)
    }

    /// The packing order of `maze`'s goals, boxes coming in from the cells of `start`, the
    /// player followed, parking cells where needed (the module doc): the feature-space
    /// search's.
    pub fn from_start<const W: usize>(maze: &Maze, start: &Bits<W>) -> Packing {
        let sources = (0..maze.cells.len()).map(|c| c < maze.live && start.has(c));
        Self::layered(maze, Some(Pulls::new(maze, sources.collect())))
    }

    /// The layers, by `pulls` ([`Pulls::out`]) or, without, by the first rule
    /// ([`pulls_out`]).
    fn layered(maze: &Maze, mut pulls: Option<Pulls>) -> Packing {
        let n = maze.goals.len();
        let goal_of = |c: u16| maze.goals.iter().position(|&g| g == c);
        let room = rooms(maze, &goal_of);
        let mut layer = vec![u16::MAX; n];
        let mut full: Vec<bool> = vec![true; n];
        let mut parks: Vec<Park> = Vec::new();
        let mut k = 0u16;
        while full.iter().any(|&f| f) {
            let mut out = |g: usize| match pulls.as_mut() {
                Some(pulls) => pulls.out(maze, &full, g),
                None if pulls_out(maze, &full, g, &goal_of) => Out::Source,
                None => Out::Stuck,
            };
            let mut free: Vec<(usize, Out)> = (0..n)
                .filter(|&g| full[g])
                .map(|g| (g, out(g)))
                .filter(|&(_, out)| out != Out::Stuck)
                .collect();
            // a parking cell only when no goal can be emptied otherwise, and one at a
            // time: each one asks for a box brought out of the room and back
            if free.iter().any(|&(_, out)| out == Out::Source) {
                free.retain(|&(_, out)| out == Out::Source);
            } else {
                free.truncate(1);
            }
            if free.is_empty() {
                break;
            }
            for (g, out) in free {
                if let (Out::Park(cell), Some(pulls)) = (out, pulls.as_mut()) {
                    // a parked cell is a wall of every later search: never parked twice
                    pulls.parked[cell as usize] = true;
                    let distance = maze.pull_distances_within(cell, |c| c != NONE);
                    parks.push(Park {
                        cell,
                        goal: g,
                        distance,
                    });
                }
                layer[g] = k;
                full[g] = false;
            }
            k += 1;
        }
        for l in layer.iter_mut().filter(|l| **l == u16::MAX) {
            *l = k;
        }
        let ordered = !parks.is_empty()
            || (0..n).any(|a| (0..n).any(|b| room[a] == room[b] && layer[a] != layer[b]));
        Packing {
            layer,
            room,
            parks,
            ordered,
        }
    }

    /// Each goal's layer (in the order of `Maze::goals`; 0 is filled last, and goals never
    /// freed share the largest).
    pub fn layers(&self) -> &[u16] {
        &self.layer
    }

    /// The parking cells, with the goals they serve.
    pub fn parks(&self) -> &[Park] {
        &self.parks
    }

    /// Boxes resting on a goal while a deeper goal of the same room is empty, or while a
    /// parking cell of the room waits for its box (its goal still empty): parking comes
    /// first.
    pub fn out_of_order<const W: usize>(&self, maze: &Maze, boxes: &Bits<W>) -> u32 {
        if !self.ordered {
            return 0;
        }
        let full: Vec<bool> = maze.goals.iter().map(|&g| boxes.has(g as usize)).collect();
        let waiting = |a: usize| {
            self.parks.iter().any(|p| {
                p.goal != a
                    && self.room[p.goal] == self.room[a]
                    && !full[p.goal]
                    && !boxes.has(p.cell as usize)
            })
        };
        let mut count = 0;
        for a in (0..full.len()).filter(|&a| full[a]) {
            count += ((0..full.len())
                .any(|b| !full[b] && self.room[b] == self.room[a] && self.layer[b] > self.layer[a])
                || waiting(a)) as u32;
        }
        count
    }

    /// Boxes parked ([`Park`]) while the goal they wait for is empty.
    pub fn parked<const W: usize>(&self, maze: &Maze, boxes: &Bits<W>) -> u32 {
        let waits =
            |p: &&Park| boxes.has(p.cell as usize) && !boxes.has(maze.goals[p.goal] as usize);
        self.parks.iter().filter(waits).count() as u32
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

/// Where a goal's box can be pulled to ([`Pulls::out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Out {
    /// To a cell where a box starts.
    Source,
    /// Only to cells off the goals that a box reaches through the room: the first met.
    Park(u16),
    /// Nowhere a box can come from.
    Stuck,
}

/// The backward search of one box: pulls, the player walking between them.
struct Pulls {
    /// Per cell: a box starts there.
    source: Vec<bool>,
    /// Per cell: a box from a start cell can be pushed there on the empty level.
    movable: Vec<bool>,
    /// Per cell: a parking cell ([`Park`]), a wall for the later layers' pulls.
    parked: Vec<bool>,
    /// Per cell: a wall for the box and the player in the current search (a full goal).
    shut: Vec<bool>,
    /// The player's cells, per flood.
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
}

impl Pulls {
    fn new(maze: &Maze, source: Vec<bool>) -> Self {
        let cells = maze.cells.len();
        Pulls {
            movable: movable(maze, &source),
            parked: vec![false; cells],
            source,
            shut: vec![false; cells],
            stamp: vec![0; cells],
            generation: 0,
            stack: Vec::new(),
        }
    }

    /// Can the box on goal `g` be pulled, the player walking between pulls, to a cell where
    /// a box starts (other than `g`), the other `full` goals' boxes and the parked boxes
    /// standing still as walls? If not, the first cell off the goals it reaches that a box
    /// can reach through the room (a parking cell). Breadth first over (box cell, player's
    /// area), the area named by its least cell.
    fn out(&mut self, maze: &Maze, full: &[bool], g: usize) -> Out {
        self.shut.clone_from(&self.parked);
        let mut goal = vec![false; maze.cells.len()];
        for (k, &cell) in maze.goals.iter().enumerate() {
            self.shut[cell as usize] |= full[k] && k != g;
            goal[cell as usize] = true;
        }
        let mut park = None;
        let start = maze.goals[g];
        let mut seen: FxHashSet<(u16, u16)> = FxHashSet::default();
        let mut queue: Vec<(u16, u16)> = Vec::new();
        for dir in Dir::ALL {
            let next = maze.step(start, dir);
            if self.open(next) {
                let area = self.flood(maze, next, start);
                if seen.insert((start, area)) {
                    queue.push((start, area));
                }
            }
        }
        let mut head = 0;
        while let Some(&(at, area)) = queue.get(head) {
            head += 1;
            if at != start && self.source[at as usize] {
                return Out::Source;
            }
            if park.is_none() && !goal[at as usize] && self.movable[at as usize] {
                park = Some(at);
            }
            self.flood(maze, area, at);
            let reached: Vec<(u16, u16)> = Dir::ALL
                .iter()
                .map(|&d| (maze.step(at, d), d))
                .filter(|&(p, d)| {
                    self.open(p) && self.stamp[p as usize] == self.generation && {
                        let q = maze.step(p, d);
                        self.open(q)
                    }
                })
                .map(|(p, d)| (p, maze.step(p, d)))
                .collect();
            // the player stood on `p` beside the box and stepped back to `q`; the box
            // followed onto `p`
            for (p, q) in reached {
                let next = (p, self.flood(maze, q, p));
                if seen.insert(next) {
                    queue.push(next);
                }
            }
        }
        park.map_or(Out::Stuck, Out::Park)
    }

    /// Floor that is not a wall of this search.
    fn open(&self, cell: u16) -> bool {
        cell != NONE && !self.shut[cell as usize]
    }

    /// Marks the player's area from `from`, the box on `at`; its least cell.
    fn flood(&mut self, maze: &Maze, from: u16, at: u16) -> u16 {
        self.generation = super::stamp::next(self.generation, &mut self.stamp);
        let g = self.generation;
        self.stamp[from as usize] = g;
        self.stack.push(from);
        let mut least = from;
        while let Some(cell) = self.stack.pop() {
            least = least.min(cell);
            for dir in Dir::ALL {
                let n = maze.step(cell, dir);
                if self.open(n) && n != at && self.stamp[n as usize] != g {
                    self.stamp[n as usize] = g;
                    self.stack.push(n);
                }
            }
        }
        least
    }
}

/// The cells a lone box from a `source` cell can be pushed to on the empty level (the
/// player standing on any floor cell behind it).
fn movable(maze: &Maze, source: &[bool]) -> Vec<bool> {
    let mut reached = source.to_vec();
    let mut stack: Vec<u16> = (0..source.len() as u16)
        .filter(|&c| source[c as usize])
        .collect();
    while let Some(x) = stack.pop() {
        for dir in Dir::ALL {
            let (to, behind) = (maze.step(x, dir), maze.step(x, dir.opposite()));
            if to != NONE && behind != NONE && !reached[to as usize] {
                reached[to as usize] = true;
                stack.push(to);
            }
        }
    }
    reached
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
        let start: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let p = Packing::from_start(&maze, &start);
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
