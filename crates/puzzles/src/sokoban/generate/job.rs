//! One job of the generator: one random room, the search of pulls from its goals, and the
//! choice of one of the farthest positions as the level.
//!
//! The job draws the box count, carves a room ([`super::room`]) and drops the goals on it,
//! then searches pulls from the solved positions ([`super::pull`]): breadth-first while the
//! layers are narrower than the beam ([`BEAM`] over the square of the box count; Boxoban's
//! rooms are searched whole), so every position found is at its exact fewest pushes; past a
//! wider layer, a beam that keeps the positions with the most boxes far from every goal and
//! the largest lower bound (there a position's layer is only an upper bound).
//!
//! Candidates ([`TRIES`] at most): the beam's positions whose boxes are all at least
//! [`MIN_BOX_PUSHES`] from every goal and whose layer exceeds their lower bound by at most
//! [`MAX_GAP`], nearest first (the proof is quickest there); then the exact layers from the
//! deepest the request allows down, in a random order, without a box on a goal.
//!
//! A candidate's fewest pushes are proven without a search when its layer is exact (a
//! complete breadth-first layer is the optimum) or equals its assignment bound (a lower
//! bound met by the pull path, an upper bound); its solution is then read back from the
//! layers ([`descend`]). Otherwise A* must prove the layer within [`cap`]`(`[`SOLVE_CAP`]`)`
//! states. The candidate becomes the level when its pushes lie in the request and reach
//! [`Request::per_box`] a box, and the solution printed pushes every box at least
//! [`MIN_BOX_PUSHES`] times.

use super::key::{key, Mark};
use super::pull::{descend, layers, Layers, Node, PullGraph};
use super::room::{carve, pick_cells, Room};
use super::{Generated, Request, Stop};
use crate::rush_hour::generate::rng::Rng;
use crate::sokoban::bits::Bits;
use crate::sokoban::board::Level;
use crate::sokoban::bound::Bound;
use crate::sokoban::graph::{self, Push, RegionGraph};
use crate::sokoban::maze::Maze;
use crate::sokoban::parse::parse_level;
use crate::sokoban::solve::{expand, solve, Outcome, Solution, SolveOptions};
use gridlock_search::{astar_pruning, Limits};

/// Positions the reverse search of one room stores at most (its memory: about 40 bytes
/// each with a one-word box set).
pub const PULL_CAP: usize = 1_000_000;
/// The beam's width is this divided by the square of the box count: 5,000 positions a layer
/// for 4 boxes (so Boxoban-sized rooms are searched whole, their distances exact), 355 for
/// 15 (so the search reaches far before [`PULL_CAP`]).
pub const BEAM: usize = 80_000;
/// States the push-count proof may store for one candidate of 4 boxes; for `b` boxes,
/// this times 16 / b² (see [`cap`]).
pub const SOLVE_CAP: usize = 300_000;
/// States the optimal solver may store to find the fewest moves among push-optimal
/// solutions (its exact player cells make it far larger than the proof's search), for 4
/// boxes; scaled as [`SOLVE_CAP`].
pub const LEX_CAP: usize = 100_000;

/// A state cap for a level of `boxes` boxes: `base` for 4 boxes, and in proportion to
/// 16 / boxes² otherwise, so that a candidate costs about the same time whatever its box
/// count (the assignment bound of each state costs about boxes², and most proofs of many
/// boxes that do not end soon do not end within any cap the generator can afford).
pub fn cap(base: usize, boxes: usize) -> usize {
    base * 16 / (boxes * boxes).max(1)
}
/// Beam positions whose pull distance exceeds their lower bound by more than this are not
/// offered to the proof: with 10 boxes, 40 such proofs in a row all stopped at their cap
/// (a quarter of a second each), while a gap of 0 needs no search at all.
pub const MAX_GAP: usize = 2;
/// Candidates of one room the optimal solver is asked about at most.
pub const TRIES: usize = 4;
/// Pushes the printed solution gives every box at least.
pub const MIN_BOX_PUSHES: u32 = 2;

/// What one job produced.
#[derive(Clone, Debug, Default)]
pub struct JobResult {
    /// The level, if the room gave one that meets the request.
    pub found: Option<Generated>,
    /// Positions the reverse search stored.
    pub nodes: u64,
    /// The room's largest optimal push count found (the deepest exact layer, or a larger
    /// proven optimum).
    pub best_pushes: u32,
    /// Whether the pull search cut a layer to the beam's width (past it, layers are only
    /// upper bounds and the proof alone gives the fewest pushes).
    pub beam: bool,
    /// Why the job was cut short (the deadline, the cancel flag or the memory budget): its
    /// result is not the one an uncut run gets, so it and the jobs after it are not
    /// accepted.
    pub cut: Option<Stop>,
}

/// Runs job `index` of `req`: the same result on any thread and machine, unless `limits`'
/// deadline or cancel flag cuts it short (then [`JobResult::cut`] says so).
pub fn run(req: &Request, index: u64, limits: &Limits) -> JobResult {
    let mut rng = Rng::for_job(req.seed, index);
    let (lo, hi) = req.boxes;
    let boxes = lo + rng.below((hi - lo + 1) as u32) as usize;
    let room = carve(&mut rng, req.size.0, req.size.1);
    let cells = room.floor_cells();
    if cells.len() < boxes + 2 {
        return JobResult::default();
    }
    let goals = pick_cells(&mut rng, &cells, boxes);
    let player = cells.iter().copied().find(|c| !goals.contains(c));
    let solved = draw(
        &room,
        &goals,
        &goals,
        player.expect("more floor than goals"),
    );
    let level = parse_level(&solved, None).expect("a drawn room is a level");
    let maze = Maze::new(&level);
    let mut job = Job {
        req,
        index,
        rng,
        room: &room,
        goals: &goals,
        maze: &maze,
        limits,
        result: JobResult::default(),
    };
    match maze.cells.len() {
        0..=64 => job.search::<1>(),
        65..=128 => job.search::<2>(),
        129..=256 => job.search::<4>(),
        _ => job.search::<8>(),
    }
    job.result
}

/// One job's fixed parts and its result so far.
struct Job<'a> {
    req: &'a Request,
    index: u64,
    rng: Rng,
    room: &'a Room,
    goals: &'a [usize],
    maze: &'a Maze,
    limits: &'a Limits,
    result: JobResult,
}

impl Job<'_> {
    fn search<const W: usize>(&mut self) {
        let Some(graph) = PullGraph::<W>::new(self.maze) else {
            return;
        };
        let boxes = self.goals.len();
        let mut bound = Bound::new(self.maze);
        // the beam keeps the positions with the most boxes at least `MIN_BOX_PUSHES` from
        // every goal, then the largest lower bound on their pushes
        let maze = self.maze;
        let far = |b: usize| {
            maze.goal_distance
                .iter()
                .all(|d| u32::from(d[b]) >= MIN_BOX_PUSHES)
        };
        let mut rank = |n: &Node<W>| {
            let away = n.0.iter().filter(|&b| far(b)).count() as u32;
            away << 16 | bound.pushes(&n.0).unwrap_or(0)
        };
        let found = layers(
            &graph,
            PULL_CAP,
            BEAM / (boxes * boxes),
            &mut rank,
            self.limits,
        );
        if let Some(stop) = self.limits_hit() {
            // the layers may have been cut short: not what an unbounded run finds
            self.result.cut = Some(stop);
            return;
        }
        self.result.nodes = found.nodes.len() as u64;
        self.result.beam = found.exact_below <= found.deepest();
        // the deepest layer whose distances are exact
        self.result.best_pushes = found.deepest().min(found.exact_below.saturating_sub(1)) as u32;
        let (lo, hi) = self.req.pushes;
        let hi = hi.map_or(usize::MAX, |h| h as usize);
        // long for its size: at least `per_box` pushes a box
        let lo = (lo as usize).max(self.req.per_box as usize * boxes);
        let mut distances = None;
        for (d, k) in self.candidates(&found, &mut rank, lo, hi) {
            let node = found.at(d)[k];
            let area: Vec<u16> = graph.area(&node.0, node.1).cells().collect();
            let player = area[self.rng.below(area.len() as u32) as usize];
            let start = graph::Node::new(maze, node.0, player);
            // the layer is the optimum where the layers are exact, and where the bound
            // meets it (a lower bound equal to the pull path's length, an upper bound)
            let exact = d < found.exact_below;
            let proven = exact || Bound::new(maze).pushes(&node.0) == Some(d as u32);
            let path = if proven {
                let distances = distances.get_or_insert_with(|| found.distances());
                descend(&graph, distances, node)
            } else {
                self.prove(start, d as u32)
            };
            if let Some(g) = path.and_then(|p| self.level(start, &p)) {
                self.result.found = Some(g);
                return;
            }
            if self.result.cut.is_some() {
                return;
            }
        }
    }

    /// Up to [`TRIES`] positions to offer the solver, as `(distance, index in its layer)`:
    /// first the beam's (the layers past its first cut), highest rank first, then the
    /// exact layers' from the deepest the request allows down, each layer in a random
    /// order. Positions with a box on a goal are left out, and so are beam positions whose
    /// distance (an upper bound there) is below the request, or whose rank's lower bound
    /// is above it.
    fn candidates<const W: usize>(
        &mut self,
        found: &Layers<W>,
        rank: &mut impl FnMut(&Node<W>) -> u32,
        lo: usize,
        hi: usize,
    ) -> Vec<(usize, usize)> {
        let boxes = self.goals.len();
        let goals: Bits<W> = self.maze.goal_set();
        let on_goal = |n: &Node<W>| n.0 .0.iter().zip(goals.0).any(|(b, g)| b & g != 0);
        let mut beam = Vec::new();
        for d in found.exact_below.max(lo)..=found.deepest() {
            for (k, n) in found.at(d).iter().enumerate() {
                // every box at least `MIN_BOX_PUSHES` from every goal (so off them)
                let r = rank(n);
                let bound = (r & 0xFFFF) as usize;
                // the gap between the distance (an upper bound) and the rank's lower bound,
                // small first: the proof's work grows with it
                let gap = d - bound.min(d);
                if (r >> 16) as usize == boxes && bound <= hi && gap <= MAX_GAP {
                    beam.push((gap, std::cmp::Reverse(bound), d, k));
                }
            }
        }
        beam.sort_unstable();
        let mut out: Vec<(usize, usize)> = beam
            .iter()
            .take(TRIES)
            .map(|&(_, _, d, k)| (d, k))
            .collect();
        let top = found
            .deepest()
            .min(found.exact_below.saturating_sub(1))
            .min(hi);
        for d in (lo..=top).rev() {
            let nodes = found.at(d);
            let first = self.rng.below(nodes.len() as u32) as usize;
            for i in 0..nodes.len() {
                if out.len() == TRIES {
                    return out;
                }
                let k = (first + i) % nodes.len();
                if !on_goal(&nodes[k]) {
                    out.push((d, k));
                }
            }
        }
        out
    }

    /// A push-optimal solution of `start`, found by A* over the push graph with the player
    /// normalised to its area, each push costing 1, under the assignment bound (admissible,
    /// so the first solution taken from the queue has the fewest pushes), within
    /// [`cap`]`(`[`SOLVE_CAP`]`)` states; `None` when the cap stops it, or when its optimum is not
    /// `pushes`, the length of the pull path that found the position (an upper bound).
    fn prove<const W: usize>(&mut self, start: graph::Node<W>, pushes: u32) -> Option<Vec<Push>> {
        let maze = self.maze;
        let regions = RegionGraph::new(maze);
        let goal: Bits<W> = maze.goal_set();
        let mut bound = Bound::new(maze);
        let proof = astar_pruning(
            &regions,
            regions.normalise(&start),
            |n| n.boxes == goal,
            |n| bound.pushes(&n.boxes),
            &self.capped(cap(SOLVE_CAP, self.goals.len())),
        );
        let path = match proof {
            Ok(found) => found.path?.moves(),
            Err(stopped) => {
                // a state cap is part of the request; a clock, Ctrl-C or memory is not
                self.result.cut = Stop::from_reason(stopped.reason);
                return None;
            }
        };
        let optimum = path.len() as u32;
        self.result.best_pushes = self.result.best_pushes.max(optimum);
        debug_assert!(optimum <= pushes, "a pull path is a solution");
        (optimum == pushes).then_some(path)
    }

    /// The limits with a state cap of `cap`.
    fn capped(&self, cap: usize) -> Limits {
        Limits {
            max_states: Some(cap),
            ..self.limits.clone()
        }
    }

    /// The level that starts at `start` and is solved by `path`, a push-optimal solution,
    /// if it is in the request and worth playing: its pushes within the request and every
    /// box pushed at least [`MIN_BOX_PUSHES`] times. The solution printed is the optimal
    /// solver's (fewest pushes, then fewest moves) when it finishes within
    /// [`cap`]`(`[`LEX_CAP`]`)` states, else `path` joined by shortest walks.
    fn level<const W: usize>(&mut self, start: graph::Node<W>, path: &[Push]) -> Option<Generated> {
        let maze = self.maze;
        let optimum = path.len() as u32;
        self.result.best_pushes = self.result.best_pushes.max(optimum);
        let (lo, hi) = self.req.pushes;
        let lo = lo.max(self.req.per_box * self.goals.len() as u32);
        if optimum < lo || hi.is_some_and(|h| optimum > h) {
            return None;
        }
        let box_cells: Vec<usize> = start.boxes.iter().map(|b| maze.cells[b]).collect();
        let text = draw(
            self.room,
            self.goals,
            &box_cells,
            maze.cells[start.player as usize],
        );
        let level = parse_level(&text, None).expect("a drawn room is a level");
        // the proof's own solution first: most candidates that fail, fail here, cheaply
        let proof_solution = expand(maze, start, path);
        if !every_box_moves(&level, &proof_solution) {
            return None;
        }
        let options = SolveOptions {
            limits: self.capped(cap(LEX_CAP, self.goals.len())),
            ..SolveOptions::default()
        };
        let (solution, moves_optimal) = match solve(&level, &options) {
            Ok(Outcome {
                solution: Some(s), ..
            }) if s.pushes == optimum => (s, true),
            Err(stopped) if Stop::from_reason(stopped.reason).is_some() => {
                // a clock, Ctrl-C or memory stop: not the answer an unbounded run gets
                self.result.cut = Stop::from_reason(stopped.reason);
                return None;
            }
            _ => (proof_solution, false),
        };
        if let Some(stop) = self.limits_hit() {
            self.result.cut = Some(stop);
            return None;
        }
        if !every_box_moves(&level, &solution) {
            return None;
        }
        let key = level_key(&level);
        Some(Generated {
            level,
            pushes: optimum,
            solution,
            moves_optimal,
            key,
            job: self.index,
        })
    }

    /// Whether the deadline has passed or the cancel flag is up (the optional solve that
    /// picks the fewest moves may have been stopped by either, which must not change the
    /// level printed).
    fn limits_hit(&self) -> Option<Stop> {
        self.limits.check_clock().err().and_then(Stop::from_reason)
    }
}

/// The room drawn in XSB with goals, boxes and the player (grid cells).
pub fn draw(room: &Room, goals: &[usize], boxes: &[usize], player: usize) -> String {
    let mut text = String::with_capacity(room.rows * (room.cols + 1));
    for r in 0..room.rows {
        for c in 0..room.cols {
            let cell = r * room.cols + c;
            let (g, b) = (goals.contains(&cell), boxes.contains(&cell));
            text.push(match (room.floor[cell], cell == player, b, g) {
                (false, ..) => '#',
                (true, true, _, false) => '@',
                (true, true, _, true) => '+',
                (true, false, true, true) => '*',
                (true, false, true, false) => '$',
                (true, false, false, true) => '.',
                (true, false, false, false) => ' ',
            });
        }
        text.push('\n');
    }
    text
}

/// Whether `solution` pushes every box at least [`MIN_BOX_PUSHES`] times.
fn every_box_moves(level: &Level, solution: &Solution) -> bool {
    pushes_per_box(level, solution)
        .iter()
        .all(|&p| p >= MIN_BOX_PUSHES)
}

/// How many times `solution` pushes each box of `level` (boxes in reading order of their
/// starting cells).
pub fn pushes_per_box(level: &Level, solution: &Solution) -> Vec<u32> {
    let mut id: Vec<Option<usize>> = vec![None; level.rows * level.cols];
    let mut count = Vec::new();
    for (cell, _) in level.start.boxes.iter().enumerate().filter(|(_, &b)| b) {
        id[cell] = Some(count.len());
        count.push(0);
    }
    let mut player = level.start.player;
    for step in &solution.steps {
        let next = level.neighbor(player, step.dir).expect("a valid solution");
        if step.push {
            let beyond = level.neighbor(next, step.dir).expect("a valid solution");
            let b = id[next].take().expect("a push moves a box");
            id[beyond] = Some(b);
            count[b] += 1;
        }
        player = next;
    }
    count
}

/// The level's key ([`super::key`]): its grid with the player's starting area marked.
pub fn level_key(level: &Level) -> String {
    let cells = level.rows * level.cols;
    let mut area = vec![false; cells];
    let mut stack = vec![level.start.player];
    area[level.start.player] = true;
    while let Some(x) = stack.pop() {
        for d in crate::sokoban::moves::Dir::ALL {
            if let Some(n) = level.neighbor(x, d) {
                if level.is_floor(n) && !level.start.boxes[n] && !area[n] {
                    area[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    let marks: Vec<Mark> = (0..cells)
        .map(
            |c| match (level.is_floor(c), level.start.boxes[c], level.is_goal(c)) {
                (false, ..) => Mark::Wall,
                (true, true, true) => Mark::BoxOnGoal,
                (true, true, false) => Mark::Box,
                (true, false, true) => Mark::Goal,
                (true, false, false) if area[c] => Mark::Area,
                (true, false, false) => Mark::Floor,
            },
        )
        .collect();
    key(level.rows, level.cols, &marks)
}
