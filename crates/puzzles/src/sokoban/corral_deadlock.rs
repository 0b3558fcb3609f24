//! Corral deadlocks: positions lost because a group of boxes fences off part of the floor
//! and can never be opened or packed, found by a small search on those boxes alone, and
//! remembered as patterns ([`super::patterns`]) for every later position.
//!
//! **The reduced problem.** In a position `P`, the *unreachable* cells are the floor cells
//! the player cannot walk to (boxes and empty cells). A *corral region* `K` is a connected
//! group of unreachable cells holding at least one empty cell; `S` is the set of its boxes.
//! Remove every other box: the player's area becomes `Z`, the part of the floor without `S`
//! that holds the player, and `A` is the rest of the floor, `A = floor − Z − S` (in `P`
//! exactly the empty cells of `K`: an empty unreachable cell's neighbours are walls, boxes
//! of `K` or cells of `K`). Every neighbour of `A` outside `A` is a wall or a box of `S`.
//! The sub-search explores every position of the reduced problem (boxes `S` only, the
//! player in `Z`) by pushes, and looks for a position where
//!
//! * **(a)** the player can walk onto a cell of `A`, or
//! * **(b)** every box of `S` is on a goal and every goal in `A` holds a box of `S`.
//!
//! If it runs out of positions without meeting either, `P` is lost.
//!
//! **Proof.** Take a solution from `P`, and play the same steps in the reduced problem: a
//! step that pushes a box outside `S` becomes a plain step (that cell holds no box there),
//! every other step is legal too (the reduced problem has fewer boxes), and the boxes of `S`
//! stand where they stand in the full game. Look at the first moment when the player or a
//! box not in `S` enters `A`. If the player steps onto `y` in `A`, the reduced player makes
//! the same step: (a). If a box not in `S` is pushed from `x` to `y` in `A`, then `x` is not
//! in `A` (nothing but `S` has entered `A` before), `y` is empty, and the reduced player,
//! standing behind `x`, can walk onto `x` (no box of `S` there) and on to `y`: (a). If
//! neither ever happens, every box that ends in `A` is a box of `S`, and the solution ends
//! with every box on a goal: (b). So every solution passes, in the reduced problem, through
//! a position meeting (a) or (b).
//!
//! The sub-search leaves out pushes onto dead cells and pushes that freeze a box off its
//! goal ([`super::deadlock`]), as [`super::fast::FastGraph`] does. No position of the
//! replayed solution is left out: the full game never puts a box on a dead cell or freezes
//! one off its goal on a way to the solution, and a group frozen with the boxes of `S`
//! alone stays frozen when more boxes stand around it. So the replayed solution is a path of
//! the sub-search's graph from its start, and a sub-search that exhausts that graph without
//! meeting (a) or (b) proves that no solution exists. A sub-search stopped by its cap proves
//! nothing (the position is kept).
//!
//! **Patterns.** The proof used only the boxes of `S`, their cells, and that no other box
//! stands in `A` and the player is outside `A`. So every position `Q` with the boxes `S` on
//! the same cells, no box in `A` and the player outside `A` is lost too: the same argument
//! from `Q` replays into the same reduced problem (the player's area without the other
//! boxes is `Z` again, since the floor is exactly `Z`, `S` and `A`). That is the pattern
//! stored.

use super::bits::Bits;
use super::graph::{Node, RegionGraph, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;
use super::patterns::{CellSet, Patterns};
use super::penalty::PatternSearch;
use gridlock_search::Edge;
use rustc_hash::FxHashSet;
use std::borrow::Cow;

/// Positions each sub-search may store before it gives up (the position is then kept).
pub const CAP: usize = 1_000;

/// Reduced problems found not lost (or not decided within the cap) are remembered up to
/// this many, then forgotten all at once.
const OPEN_MEMO: usize = 1 << 18;

/// What the detector did, for the benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions checked.
    pub checked: u64,
    /// Positions found lost by a learned pattern.
    pub by_pattern: u64,
    /// Sub-searches run.
    pub searches: u64,
    /// Sub-searches that proved their position lost (each adds a pattern).
    pub proved: u64,
    /// Positions stored by every sub-search together.
    pub stored: u64,
}

/// Corral-deadlock detection for one maze: scratch space, the learned patterns, and the
/// reduced problems already found open.
pub struct CorralDeadlocks<'a, const W: usize> {
    maze: &'a Maze,
    cap: usize,
    /// Plain pushes (no corral cuts, no macros): the graph the module doc's proof is about.
    graph: RegionGraph<'a, W>,
    walk: Walk,
    reduced: Walk,
    goals: Bits<W>,
    /// Generation stamps of the region labelling.
    mark: Vec<u32>,
    generation: u32,
    stack: Vec<u16>,
    /// The corral regions found by [`Self::label`]: their boxes and least empty cell.
    regions: Vec<(Bits<W>, u16)>,
    /// The patterns this detector learned.
    patterns: Patterns<W>,
    /// Patterns learned before it started, read only: borrowed ([`Self::inheriting`]) or
    /// owned by a detector that lives across rounds ([`Self::inherit`]).
    inherited: Option<Cow<'a, Patterns<W>>>,
    open: FxHashSet<(Bits<W>, u16)>,
    seen: FxHashSet<Node<W>>,
    queue: Vec<Node<W>>,
    edges: Vec<Edge<Node<W>, super::graph::Push, u32>>,
    /// Penalty-pattern searches ([`super::penalty`]), when on; what they learn is kept in
    /// [`Self::patterns`] with the deadlock patterns.
    pub pattern_search: Option<PatternSearch<'a, W>>,
    /// What was done so far.
    pub counts: Counts,
}

impl<'a, const W: usize> CorralDeadlocks<'a, W> {
    /// A detector for `maze` whose sub-searches store at most `cap` positions each.
    pub fn new(maze: &'a Maze, cap: usize) -> Self {
        let cells = maze.cells.len();
        CorralDeadlocks {
            maze,
            cap,
            graph: RegionGraph::new(maze),
            walk: Walk::new(cells),
            reduced: Walk::new(cells),
            goals: maze.goal_set(),
            mark: vec![0; cells],
            generation: 0,
            stack: Vec::new(),
            regions: Vec::new(),
            patterns: Patterns::new(maze),
            inherited: None,
            open: FxHashSet::default(),
            seen: FxHashSet::default(),
            queue: Vec::new(),
            edges: Vec::new(),
            pattern_search: None,
            counts: Counts::default(),
        }
    }

    /// The same detector that also runs penalty-pattern searches of at most `cap`
    /// positions each ([`super::penalty`]) on every position it is asked to expand.
    pub fn with_pattern_search(self, cap: usize) -> Self {
        CorralDeadlocks {
            pattern_search: (cap > 0).then(|| PatternSearch::new(self.maze, cap)),
            ..self
        }
    }

    /// True when `node` is proven lost as it is expanded: its penalty-pattern searches (if
    /// on) are run first, then its corral sub-searches (if the cap is not 0).
    pub fn expanded(&mut self, node: &Node<W>) -> bool {
        if let Some(search) = self.pattern_search.as_mut() {
            let inherited = self.inherited.as_deref().map(Patterns::penalties);
            search.explore(node, self.patterns.penalties_mut(), inherited);
            if self.penalty(node).is_none() {
                return true;
            }
        }
        self.searched(node)
    }

    /// The extra pushes the penalty patterns learned so far give `node` (0 when the
    /// searches are off); `None` when one proves it lost ([`super::penalty`]).
    pub fn penalty(&mut self, node: &Node<W>) -> Option<u32> {
        let Some(search) = self.pattern_search.as_mut() else {
            return Some(0);
        };
        let inherited = self.inherited.as_deref().map(Patterns::penalties);
        search.penalty(node, self.patterns.penalties(), inherited)
    }

    /// A detector as [`Self::new`] that also recognises the patterns of `known` (learned by
    /// earlier searches of the same maze), without copying or locking them.
    pub fn inheriting(maze: &'a Maze, cap: usize, known: &'a Patterns<W>) -> Self {
        CorralDeadlocks {
            inherited: Some(Cow::Borrowed(known)),
            ..Self::new(maze, cap)
        }
    }

    /// Takes `known` (the patterns every search has learned so far, in a store that
    /// changes between rounds) as the inherited patterns, with this detector's own folded
    /// in: a detector that outlives a round (the feature-space search's) then hands back
    /// only what it learns from here on, and checks no pattern twice.
    pub fn inherit(&mut self, known: &Patterns<W>) {
        let mut all = known.clone();
        all.absorb(self.maze, &self.patterns);
        self.inherited = Some(Cow::Owned(all));
        self.patterns = Patterns::new(self.maze);
    }

    /// The patterns this detector learned (not the inherited ones).
    pub fn patterns(&self) -> &Patterns<W> {
        &self.patterns
    }

    /// The patterns this detector learned, to hand on to later searches.
    pub fn into_learned(self) -> Patterns<W> {
        self.patterns
    }

    /// True when `node` is proven lost: it contains a learned pattern, or one of its corral
    /// regions fails its sub-search (module doc). `false` proves nothing.
    pub fn dead(&mut self, node: &Node<W>) -> bool {
        self.known(node) || self.searched(node)
    }

    /// True when `node` contains a learned pattern: a few word operations per pattern filed
    /// under one of its boxes, so callers check it before anything costlier.
    pub fn known(&mut self, node: &Node<W>) -> bool {
        self.counts.checked += 1;
        let hit =
            self.inherited.as_ref().is_some_and(|p| p.matches(node)) || self.patterns.matches(node);
        self.counts.by_pattern += hit as u64;
        hit
    }

    /// True when one of `node`'s corral regions, not met before, fails its sub-search.
    pub fn searched(&mut self, node: &Node<W>) -> bool {
        if self.cap == 0 {
            return false;
        }
        self.label(node);
        for k in 0..self.regions.len() {
            let region = self.regions[k];
            if !self.open.contains(&region) && self.region_dead(node.player, region) {
                return true;
            }
        }
        false
    }

    /// Collects the corral regions of `node` in [`Self::regions`].
    fn label(&mut self, node: &Node<W>) {
        let maze = self.maze;
        self.regions.clear();
        self.walk.explore(maze, node);
        // every cell reached or under a box: no empty cell is out of reach, no region
        if self.walk.reached().len() + node.boxes.count() as usize == maze.cells.len() {
            return;
        }
        self.generation = super::stamp::next(self.generation, &mut self.mark);
        let g = self.generation;
        for seed in 0..maze.cells.len() as u16 {
            if self.mark[seed as usize] == g || self.walk.distance(seed).is_some() {
                continue;
            }
            self.mark[seed as usize] = g;
            self.stack.push(seed);
            let (mut boxes, mut least) = (Bits::EMPTY, NONE);
            while let Some(cell) = self.stack.pop() {
                if node.has_box(maze, cell) {
                    boxes.insert(cell as usize);
                } else {
                    least = least.min(cell);
                }
                for dir in Dir::ALL {
                    let n = maze.step(cell, dir);
                    if n != NONE && self.mark[n as usize] != g && self.walk.distance(n).is_none() {
                        self.mark[n as usize] = g;
                        self.stack.push(n);
                    }
                }
            }
            if least != NONE && boxes != Bits::EMPTY {
                self.regions.push((boxes, least));
            }
        }
    }

    /// Whether the corral region `(boxes, least empty cell)`, with the player on `player`,
    /// is proven lost; learns the pattern when it is, else remembers the region as open.
    /// The region's empty cells are exactly the area `A` of the module doc, and `A` and the
    /// boxes determine the reduced problem, so a region is searched once (two regions that
    /// share boxes and least cell but differ elsewhere would only be searched once too,
    /// which loses pruning, never soundness: the memo only ever says "not proven").
    fn region_dead(&mut self, player: u16, region: (Bits<W>, u16)) -> bool {
        let maze = self.maze;
        let boxes = region.0;
        let start = Node::new(maze, boxes, player);
        self.reduced.explore(maze, &start);
        let least = self
            .reduced
            .reached()
            .iter()
            .copied()
            .min()
            .unwrap_or(player);
        let mut area = CellSet::new(maze.cells.len());
        for cell in 0..maze.cells.len() as u16 {
            if self.reduced.distance(cell).is_none() && !start.has_box(maze, cell) {
                area.insert(cell);
            }
        }
        self.counts.searches += 1;
        if self.exhausts(start.with_player(maze, least), &area) {
            self.counts.proved += 1;
            self.patterns.learn(maze, boxes, area);
            return true;
        }
        if self.open.len() >= OPEN_MEMO {
            self.open.clear();
        }
        self.open.insert(region);
        false
    }

    /// The sub-search: true when every position of the reduced problem from `start` has
    /// been explored without meeting (a) or (b) of the module doc.
    fn exhausts(&mut self, start: Node<W>, area: &CellSet) -> bool {
        let maze = self.maze;
        let mut area_goals = Bits::<W>::EMPTY;
        for &g in maze.goals.iter().filter(|&&g| area.has(g)) {
            area_goals.insert(g as usize);
        }
        let goals = self.goals;
        let packed = |n: &Node<W>| n.boxes.is_subset(&goals) && area_goals.is_subset(&n.boxes);
        if packed(&start) {
            return false;
        }
        self.seen.clear();
        self.queue.clear();
        self.seen.insert(start);
        self.queue.push(start);
        let mut head = 0;
        let mut outcome = true;
        while let Some(&node) = self.queue.get(head) {
            head += 1;
            // (a) is read off the walk the successors are generated from; when it holds, no
            // push is generated (an empty set of boxes to push)
            let mut opened = false;
            self.edges.clear();
            let reach = |walk: &Walk| {
                opened = walk.reached().iter().any(|&c| area.has(c));
                opened.then_some(Bits::EMPTY)
            };
            self.graph.successors_among(&node, reach, &mut self.edges);
            if opened {
                outcome = false;
                break;
            }
            for edge in &self.edges {
                if self.seen.insert(edge.to) {
                    self.queue.push(edge.to);
                    if packed(&edge.to) {
                        outcome = false;
                    }
                }
            }
            if !outcome || self.seen.len() > self.cap {
                outcome = false;
                break;
            }
        }
        self.counts.stored += self.seen.len() as u64;
        outcome
    }
}
