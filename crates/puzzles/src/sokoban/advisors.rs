//! The move advisors of [`super::fess`], after Shoham and Schaeffer's FESS: each expansion,
//! each advisor names at most one move it would play, and the search takes advised moves
//! at no cost (weight 0, every other move weight 1), so it runs deep along them without
//! spending its budget.
//!
//! * **packing** ([`Packer`]): one box pushed, alone, the other boxes standing still, to an
//!   empty goal whose filling raises the packed count ([`Features::packed`]), by the fewest
//!   pushes: a macro of many pushes, the paper's box-to-goal move;
//! * **connectivity**, **room connectivity**: the push that most lowers the number of
//!   floor regions, or of boxes in doors ([`super::features`]);
//! * **explorer**: a push to a position whose feature cell no stored position has yet.
//!
//! Advice only reorders the search: every legal push is still stored, so the search's
//! answers and its `-1` keep their meaning. The paper's hotspot advisor (a box in the way
//! of others, [`super::hotspots`]), opener ([`super::opener`]) and out-of-plan advisor
//! ([`super::out_of_plan`]) are built, each off by default (measured: they lose levels).

use super::bits::Bits;
use super::deadlock::frozen_off_goal;
use super::features::{Cell, Features};
use super::graph::{Node, Push, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// Boxes the packing advisor tries per position, nearest to a goal first: a box that
/// cannot get there alone costs a whole search of its cells.
const TRIES: usize = 3;

/// A new position met by an expansion, as the advisors see it.
#[derive(Clone, Copy, Debug)]
pub struct Candidate<const W: usize> {
    /// The position after the push.
    pub node: Node<W>,
    /// The push.
    pub push: Push,
    /// Each box's distance to its nearest goal, summed (the advisors' tiebreak).
    pub bound: u32,
    /// Its feature cell.
    pub cell: Cell,
    /// Whether an advisor named it.
    pub advised: bool,
}

/// Marks the candidates that the connectivity, room-connectivity and explorer advisors
/// name, from a position in feature cell `here`; `known` tells whether a cell is occupied.
pub fn advise<const W: usize>(
    here: Cell,
    candidates: &mut [Candidate<W>],
    known: impl Fn(&Cell) -> bool,
) {
    let best = |c: &[Candidate<W>], key: &dyn Fn(&Candidate<W>) -> Option<(u16, u32)>| {
        (0..c.len())
            .filter_map(|i| key(&c[i]).map(|k| (k, i)))
            .min()
            .map(|(_, i)| i)
    };
    let regions = |c: &Candidate<W>| (c.cell.1 < here.1).then_some((c.cell.1, c.bound));
    let doors = |c: &Candidate<W>| (c.cell.2 < here.2).then_some((c.cell.2, c.bound));
    let new = |c: &Candidate<W>| (!known(&c.cell)).then_some((0, c.bound));
    for key in [&regions as &dyn Fn(&_) -> _, &doors, &new] {
        if let Some(i) = best(candidates, key) {
            candidates[i].advised = true;
        }
    }
}

/// The packing advisor: a search of one box's pushes, the other boxes standing still.
pub struct Packer {
    walk: Walk,
    /// Per `cell × 4 + direction` (the box on `cell`, last pushed in `direction`): the
    /// state it came from, or `u32::MAX`, valid when its stamp is current.
    came: Vec<u32>,
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
}

/// Marks the first states of a box's search (pushed from where the player stands).
const ROOT: u32 = u32::MAX;

impl Packer {
    /// Scratch space for `maze`.
    pub fn new(maze: &Maze) -> Self {
        Packer {
            walk: Walk::new(maze.cells.len()),
            came: vec![ROOT; maze.live * 4],
            stamp: vec![0; maze.live * 4],
            generation: 0,
            queue: Vec::new(),
        }
    }

    /// The pushes of one box to a goal whose filling raises `node`'s packed count, fewest
    /// first among the three boxes nearest (by lone-box distance) to such a goal.
    pub fn advise<const W: usize>(
        &mut self,
        maze: &Maze,
        features: &Features,
        node: &Node<W>,
    ) -> Option<Vec<Push>> {
        let targets = targets(maze, features, &node.boxes);
        if targets == Bits::EMPTY {
            return None;
        }
        let goal_set: Bits<W> = maze.goal_set();
        let mut boxes: Vec<(u16, u16)> = node
            .boxes
            .iter()
            .filter(|&b| !goal_set.has(b))
            .filter_map(|b| {
                let near = targets
                    .iter()
                    .filter_map(|t| features.distances_to(maze, t as u16))
                    .map(|d| d[b])
                    .min()?;
                (near != NONE).then_some((near, b as u16))
            })
            .collect();
        boxes.sort_unstable();
        boxes
            .iter()
            .take(TRIES)
            .find_map(|&(_, b)| self.route(maze, node, b, &targets))
    }

    /// Fewest pushes of the box on `b` alone to a cell of `targets`, breadth first over
    /// (box cell, side the player pushed from); each push as the push graph allows it (onto
    /// a live cell, no freeze deadlock).
    fn route<const W: usize>(
        &mut self,
        maze: &Maze,
        node: &Node<W>,
        b: u16,
        targets: &Bits<W>,
    ) -> Option<Vec<Push>> {
        self.next_generation();
        self.queue.clear();
        let mut others = node.boxes;
        others.remove(b as usize);
        self.walk.explore(maze, node);
        self.expand(maze, &others, b, ROOT);
        let mut head = 0;
        while let Some(&state) = self.queue.get(head) {
            head += 1;
            let cell = (state / 4) as u16;
            if targets.has(cell as usize) {
                return Some(self.pushes(maze, state));
            }
            let behind = maze.step(cell, Dir::ALL[(state % 4) as usize].opposite());
            let mut boxes = others;
            boxes.insert(cell as usize);
            let at = Node {
                boxes,
                key: 0,
                player: behind,
            };
            self.walk.explore(maze, &at);
            self.expand(maze, &others, cell, state);
        }
        None
    }

    /// Queues the pushes of the box on `cell` that the player (as last explored) can make.
    fn expand<const W: usize>(&mut self, maze: &Maze, others: &Bits<W>, cell: u16, from: u32) {
        for dir in Dir::ALL {
            let to = maze.step(cell, dir);
            let behind = maze.step(cell, dir.opposite());
            if to == NONE || to as usize >= maze.live || others.has(to as usize) {
                continue;
            }
            if behind == NONE || self.walk.distance(behind).is_none() {
                continue;
            }
            let state = to as usize * 4 + dir as usize;
            if self.stamp[state] == self.generation {
                continue;
            }
            let mut after = *others;
            after.insert(to as usize);
            if frozen_off_goal(maze, &after, to) {
                continue;
            }
            self.stamp[state] = self.generation;
            self.came[state] = from;
            self.queue.push(state as u32);
        }
    }

    /// The pushes that led to `state`.
    fn pushes(&self, maze: &Maze, mut state: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while state != ROOT {
            let to = (state / 4) as u16;
            let dir = Dir::ALL[(state % 4) as usize];
            pushes.push(Push {
                from: maze.step(to, dir.opposite()),
                dir,
            });
            state = self.came[state as usize];
        }
        pushes.reverse();
        pushes
    }

    fn next_generation(&mut self) {
        self.generation = super::stamp::next(self.generation, &mut self.stamp);
    }
}

/// The empty goals (and parking cells) where one more box raises the packed count.
pub fn targets<const W: usize>(maze: &Maze, features: &Features, boxes: &Bits<W>) -> Bits<W> {
    let packed = features.packed(maze, boxes);
    let mut targets = Bits::EMPTY;
    let cells = features.target_cells(maze);
    for g in cells.filter(|&g| !boxes.has(g as usize)) {
        let mut more = *boxes;
        more.insert(g as usize);
        if features.packed(maze, &more) > packed {
            targets.insert(g as usize);
        }
    }
    targets
}

/// `node` after `pushes`, played in order (each a legal push of `node`'s boxes).
pub fn play<const W: usize>(maze: &Maze, node: &Node<W>, pushes: &[Push]) -> Node<W> {
    pushes.iter().fold(*node, |at, p| {
        at.pushed(maze, p.from, maze.step(p.from, p.dir))
    })
}

#[cfg(test)]
mod tests {
    use super::super::board::Level;
    use super::super::parse::parse_level;
    use super::super::solve::expand;
    use super::super::verify::{parse_solution, replay, Claim, Replay};
    use super::*;

    fn setup(rows: &str) -> (Level, Maze, Node<1>) {
        let level = parse_level(rows, None).unwrap();
        let maze = Maze::new(&level);
        let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let node = Node::new(&maze, boxes, maze.index[level.start.player]);
        (level, maze, node)
    }

    #[test]
    fn the_packing_move_takes_a_box_round_walls_to_its_goal_and_replays() {
        // the box must go up, right along the open row and down round the wall to its goal
        let text =
            "##########\n#        #\n#        #\n#  $ #   #\n#    # . #\n#@   #   #\n##########";
        let (level, maze, node) = setup(text);
        let features = Features::new(&maze);
        let pushes = Packer::new(&maze).advise(&maze, &features, &node).unwrap();
        let after = play(&maze, &node, &pushes);
        assert!(features.packed(&maze, &after.boxes) > features.packed(&maze, &node.boxes));
        let lurd = expand(&maze, node, &pushes).lurd();
        let Ok(Claim::Steps(letters)) = parse_solution(&lurd) else {
            panic!("{lurd}")
        };
        let replayed = replay(&level, &letters);
        assert!(matches!(replayed, Replay::Solved { .. }), "{lurd}");
    }

    #[test]
    fn the_packing_move_fills_a_goal_corridor_from_its_far_end() {
        // a dead-end corridor of goals off a room: its far goal is the only one in order
        let text = "#######\n#...  #\n####  #\n# $$$ #\n#   @ #\n#######";
        let (_, maze, node) = setup(text);
        let features = Features::new(&maze);
        let pushes = Packer::new(&maze).advise(&maze, &features, &node).unwrap();
        let after = play(&maze, &node, &pushes);
        let far = maze.index[7 + 1];
        assert!(after.boxes.has(far as usize), "{pushes:?}");
        assert_eq!(features.packed(&maze, &after.boxes), 1);
        assert_eq!(features.packed(&maze, &node.boxes), 0);
    }

    fn candidate(cell: Cell, bound: u32) -> Candidate<1> {
        let push = Push {
            from: 0,
            dir: Dir::Left,
        };
        let node = Node {
            boxes: Bits::EMPTY,
            key: bound,
            player: 0,
        };
        Candidate {
            node,
            push,
            bound,
            cell,
            advised: false,
        }
    }

    #[test]
    fn each_advisor_names_the_move_that_improves_its_feature_most() {
        let here = (0, 3, 2, 0);
        let mut c = vec![
            candidate((0, 3, 2, 0), 1), // improves nothing, a known cell
            candidate((0, 2, 2, 0), 5), // one region fewer
            candidate((0, 1, 2, 0), 9), // two regions fewer: the connectivity advisor's
            candidate((0, 3, 1, 0), 4), // one door fewer: the room advisor's
            candidate((1, 3, 2, 0), 7), // a new cell, least bound among new: the explorer's
        ];
        let known = [(0, 3, 2, 0), (0, 2, 2, 0), (0, 1, 2, 0), (0, 3, 1, 0)];
        advise(here, &mut c, |cell| known.contains(cell));
        let advised: Vec<bool> = c.iter().map(|c| c.advised).collect();
        assert_eq!(advised, [false, false, true, true, true]);
    }
}
