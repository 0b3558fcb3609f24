//! A feature-space search for `--fast`, after Shoham and Schaeffer's FESS ("The FESS
//! Algorithm: A Feature Based Approach to Single-Agent Search", IEEE CoG 2020).
//!
//! A weighted best-first search spends its whole budget under the first position its bound
//! likes, however lost that position is. Here every stored position is projected onto a
//! small feature space ([`super::features`]: boxes packed in order, floor regions, boxes
//! in doors, boxes out of plan), and the search **cycles over the occupied feature
//! cells**, expanding one position of each in turn: a cell of well-packed positions gets as
//! many expansions as a cell of barely-started ones, however many positions each holds, so
//! no single family of positions can drown the rest.
//!
//! **Move advisors** ([`super::advisors`]): each expansion, the packing, connectivity,
//! room-connectivity and explorer advisors each name at most one move; an advised move
//! costs 0 and every other move 1, and within a cell the position expanded is the one of
//! least accumulated cost (then least sum of each box's distance to its nearest goal, then
//! the oldest), so the search
//! follows advice deep at no cost and turns to unadvised moves cell by cell. The packing
//! advisor's move is a macro (one box pushed to a goal, many pushes), stored beside the
//! single pushes.
//!
//! The graph is [`super::fast::FastGraph`] (pushes over normalised nodes, dead cells, freeze
//! deadlocks and PI-corral pruning), and a position whose boxes cannot all be given distinct
//! goals is not expanded. With corral-deadlock detection on ([`super::corral_deadlock`],
//! `Tuning::fess_deadlock`), a generated position holding a learned deadlock pattern is not
//! stored, and a position whose corral sub-search fails is not expanded (a lost position
//! gets its cell's turns like any other, so dropping it early pays). Each rule only removes
//! unsolvable positions or keeps some solution, and the macros only add positions that are
//! reachable, so a search that runs out of positions has proven the level unsolvable.
//!
//! **Not the paper's full algorithm**: its hotspot, opener and out-of-plan advisors are
//! built but off ([`super::hotspots`], [`super::opener`], [`super::out_of_plan`]; measured,
//! docs/sokoban-fast-figures.md), its room connectivity is counted per door (boxes in
//! corridor cells), and moves are single pushes but for the packing macro, where the
//! paper's moves carry a box to any cell.

use super::advisors::{advise, play, Candidate, Packer};
use super::bits::Bits;
use super::bound::Bound;
use super::corral_deadlock::CorralDeadlocks;
use super::fast::FastGraph;
use super::features::{Cell, Features};
use super::graph::{Node, Push};
use super::hotspots::advise_hotspots;
use super::maze::Maze;
use super::opener::Opener;
use super::out_of_plan::advise_out_of_plan;
use super::patterns::Patterns;
use gridlock_search::{Edge, Graph, Limits, Stats, StopReason, Stopped};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One stored position: the node, and the push and the position it was reached by.
#[derive(Clone, Copy)]
struct Entry<const W: usize> {
    node: Node<W>,
    parent: u32,
    push: Push,
}

/// The open positions of one feature cell, least `(weight, nearest-goal sum, id)` first.
type Open = BinaryHeap<Reverse<(u32, u32, u32)>>;

/// Approximate bytes per stored position: the entry, its map slot, its queue slot.
const BYTES_EACH: u64 = 96;

/// The pushes of a solution from `start`, `None` when the level is proven unsolvable.
///
/// With `deadlocks` (`Some((cap, known))`), positions are also dropped when they hold a
/// deadlock pattern of `known` or learned here (checked as they are generated), or when a
/// corral sub-search of at most `cap` positions proves them lost (run as they are chosen
/// for expansion, [`super::corral_deadlock`]); the patterns learned come back with the
/// answer.
pub fn fess<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    limits: &Limits,
    deadlocks: Option<(usize, &Patterns<W>)>,
) -> (Answer, Option<Patterns<W>>) {
    Fess::new(maze, start).resume(limits, deadlocks)
}

/// One search's answer: the pushes of a solution (`None`: proven unsolvable), or the stop.
type Answer = Result<(Option<Vec<Push>>, Stats), Stopped>;

/// A feature-space search that a state cap pauses instead of ending: [`Fess::resume`] with
/// a larger cap continues where the last call stopped, so the portfolio's rounds
/// ([`super::fast::search`]) do not redo the positions of the rounds before. The pause
/// falls between two expansions, once more positions are stored than the cap, so a search
/// paused and continued expands exactly the positions, in the same order, of one run
/// without a pause, and its answer depends on the caps alone (never on the clock).
pub struct Fess<'a, const W: usize> {
    search: Search<'a, W>,
    start: Node<W>,
}

impl<'a, const W: usize> Fess<'a, W> {
    /// A search of `maze` from `start`, nothing stored yet.
    pub fn new(maze: &'a Maze, start: Node<W>) -> Self {
        Fess {
            search: Search::new(maze),
            start,
        }
    }

    /// The same search with the hotspot advisor ([`super::hotspots`]) when `on`.
    pub fn with_hotspots(mut self, on: bool) -> Self {
        self.search.hotspots = on;
        self
    }

    /// The same search with the advisors `extra` turns on.
    pub fn with_advisors(mut self, extra: Extra) -> Self {
        self.search.extra = extra;
        self
    }

    /// The same search with the packing order from the start's boxes and parking cells
    /// ([`super::packing::Packing::from_start`]) when `on`, instead of the first rule
    /// ([`super::packing::Packing::new`]). Call before the first [`Fess::resume`].
    pub fn with_parking(mut self, on: bool) -> Self {
        if on {
            let boxes = self.start.boxes;
            self.search.features = Features::from_start(self.search.maze, &boxes);
        }
        self
    }

    /// The most boxes packed in order ([`Features::packed`]) of any position stored so far:
    /// how far a search that did not finish came, for the figures of unsolved levels.
    pub fn most_packed(&self) -> u16 {
        self.search.most_packed
    }

    /// Up to `k` stored positions with [`Fess::most_packed`] boxes packed, in the order
    /// they were stored: the positions a search that stalls one box short holds, to
    /// examine (the diagnosis of unsolved levels, `examples/sokoban_fast_counts.rs`).
    pub fn most_packed_positions(&self, k: usize) -> Vec<Node<W>> {
        let search = &self.search;
        let best = search.most_packed;
        let packed = search.cells_of.iter().map(|c| c.0);
        let ids = packed.enumerate().filter(|&(_, p)| p == best);
        ids.take(k).map(|(i, _)| search.entries[i].node).collect()
    }

    /// Searches on until a solution, a proof that there is none, or a stop of `limits`
    /// (a [`StopReason::StateLimit`] once more than `limits.max_states` positions are
    /// stored: a pause, after which a call with a larger cap continues). The statistics
    /// are this call's. With `deadlocks` (`Some((cap, known))`, as in [`fess`]) corral
    /// deadlocks are detected from this call on, `known` taking the place of the patterns
    /// an earlier call was given; the patterns learned in this call come back.
    pub fn resume(
        &mut self,
        limits: &Limits,
        deadlocks: Option<(usize, &Patterns<W>)>,
    ) -> (Answer, Option<Patterns<W>>) {
        let search = &mut self.search;
        if let Some((cap, known)) = deadlocks {
            let maze = search.maze;
            let detector = search
                .deadlocks
                .get_or_insert_with(|| CorralDeadlocks::new(maze, cap));
            detector.inherit(known);
        }
        let before = search.stats;
        search.limits = limits.clone();
        let found = search.run(self.start);
        let learned = search.deadlocks.as_ref().map(|d| d.patterns().clone());
        search.stats.hold(search.entries.len(), BYTES_EACH as usize);
        let mut stats = search.stats;
        stats.generated -= before.generated;
        stats.expanded -= before.expanded;
        let answer = match found {
            Ok(path) => Ok((path, stats)),
            Err(reason) => Err(Stopped {
                reason,
                stats,
                lower_bound: None,
            }),
        };
        (answer, learned)
    }
}

/// The advisors beyond the default ones, each off unless set (see [`super::fast::Tuning`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extra {
    /// The opener ([`super::opener`]), where the packing advisor has nothing to say.
    pub opener: bool,
    /// The out-of-plan advisor ([`super::out_of_plan`]).
    pub out_of_plan: bool,
    /// The hotspot advisor ([`super::hotspots`]) only where the packing advisor has
    /// nothing to say.
    pub stuck_hotspots: bool,
}

/// The state of one feature-space search.
struct Search<'a, const W: usize> {
    maze: &'a Maze,
    /// The limits of the current call ([`Fess::resume`]).
    limits: Limits,
    /// The feature cell expanded last (the cycle goes on from there when resumed).
    turn: usize,
    /// Whether the start is stored (the search has begun).
    begun: bool,
    /// Whether the hotspot advisor advises too.
    hotspots: bool,
    /// The advisors beyond the default ones.
    extra: Extra,
    /// Whether the packing advisor named a move in the current expansion.
    packing_advised: bool,
    /// The opener's scratch space, made when first needed.
    opener: Option<Opener>,
    graph: FastGraph<'a, W>,
    bound: Bound<'a>,
    features: Features,
    goal: Bits<W>,
    entries: Vec<Entry<W>>,
    /// Per entry: the accumulated weight of its moves (advised moves weigh 0).
    weights: Vec<u32>,
    /// Per entry: its feature cell.
    cells_of: Vec<Cell>,
    /// The most boxes packed in order of any stored position ([`Fess::most_packed`]).
    most_packed: u16,
    /// The pushes of entries reached by a packing macro, all but the last.
    macros: FxHashMap<u32, Vec<Push>>,
    packer: Packer,
    /// Scratch space of an expansion: the successors, then the new ones as the advisors see
    /// them.
    out: Vec<Edge<Node<W>, Push, u32>>,
    candidates: Vec<Candidate<W>>,
    index: FxHashMap<Node<W>, u32>,
    cells: Vec<Open>,
    cell_of: FxHashMap<Cell, usize>,
    /// Corral-deadlock detection, when on: its learned patterns drop positions as they are
    /// generated, its sub-searches as they are expanded (a field, so that what it learned
    /// lives as long as the search).
    deadlocks: Option<CorralDeadlocks<'a, W>>,
    stats: Stats,
}

impl<'a, const W: usize> Search<'a, W> {
    fn new(maze: &'a Maze) -> Self {
        Search {
            maze,
            limits: Limits::default(),
            turn: 0,
            begun: false,
            hotspots: false,
            extra: Extra::default(),
            packing_advised: false,
            opener: None,
            graph: FastGraph::new(maze, true),
            bound: Bound::new(maze),
            features: Features::new(maze),
            goal: maze.goal_set(),
            entries: Vec::new(),
            weights: Vec::new(),
            cells_of: Vec::new(),
            most_packed: 0,
            macros: FxHashMap::default(),
            packer: Packer::new(maze),
            out: Vec::new(),
            candidates: Vec::new(),
            index: FxHashMap::default(),
            cells: Vec::new(),
            cell_of: FxHashMap::default(),
            deadlocks: None,
            stats: Stats::default(),
        }
    }

    /// Cycles over the feature cells until a solution is found, nothing is left open, or
    /// more positions are stored than the cap (a pause: the next call goes on from there).
    fn run(&mut self, start: Node<W>) -> Result<Option<Vec<Push>>, StopReason> {
        if !self.begun {
            let root = self.graph.normalise(&start);
            if root.boxes == self.goal {
                return Ok(Some(Vec::new()));
            }
            let none = Push {
                from: 0,
                dir: super::moves::Dir::Left,
            };
            let Some(h) = self.bound.pushes(&root.boxes) else {
                return Ok(None);
            };
            let cell = self.features.of(self.maze, &root);
            self.store(root, (u32::MAX, none), (h, cell, 0))?;
            self.begun = true;
        }
        loop {
            // the cap is checked between expansions only, so a paused search holds no
            // half-expanded position and continues as if never paused
            if let Some(max) = self.limits.max_states {
                if self.entries.len() > max {
                    return Err(StopReason::StateLimit(max));
                }
            }
            if self.stats.expanded % 1024 == 1023 {
                self.limits.check_clock()?;
            }
            let Some(id) = self.next() else {
                return Ok(None);
            };
            self.stats.expanded += 1;
            if let Some(solved) = self.expand(id)? {
                return Ok(Some(self.path(solved)));
            }
        }
    }

    /// Stores the new successors of entry `id`, advised ones at its weight and the rest one
    /// more; the entry of a solved position when one is met.
    fn expand(&mut self, id: u32) -> Result<Option<u32>, StopReason> {
        let node = self.entries[id as usize].node;
        let weight = self.weights[id as usize];
        // the assignment bound costs most of a generation: it is checked once a position
        // is chosen, and one whose boxes cannot all be given distinct goals is lost
        if self.bound.pushes(&node.boxes).is_none() {
            return Ok(None);
        }
        // a pattern learned since it was stored, or a corral its sub-search proves lost
        if self.deadlocks.as_mut().is_some_and(|d| d.dead(&node)) {
            return Ok(None);
        }
        if let Some(solved) = self.pack(id, &node, weight)? {
            return Ok(Some(solved));
        }
        let mut out = std::mem::take(&mut self.out);
        out.clear();
        self.graph.successors(&node, &mut out);
        self.stats.generated += out.len() as u64;
        let mut candidates = std::mem::take(&mut self.candidates);
        candidates.clear();
        for &Edge { to, mv, .. } in &out {
            if self.index.contains_key(&to) || self.known_dead(&to) {
                continue;
            }
            let Some(bound) = self.bound.nearest_goal(&to.boxes) else {
                continue;
            };
            let cell = self.features.of(self.maze, &to);
            candidates.push(Candidate {
                node: to,
                push: mv,
                bound,
                cell,
                advised: false,
            });
        }
        advise(self.cells_of[id as usize], &mut candidates, |c| {
            self.cell_of.contains_key(c)
        });
        let here = self.cells_of[id as usize];
        if self.hotspots || (self.extra.stuck_hotspots && !self.packing_advised) {
            advise_hotspots(self.maze, &node.boxes, here, &mut candidates);
        }
        self.advise_extra(&node, here, &mut candidates);
        let mut solved = None;
        for c in &candidates {
            // two pushes may reach one position (normalised): the first is kept
            if solved.is_some() || self.index.contains_key(&c.node) {
                continue;
            }
            let w = weight + u32::from(!c.advised);
            let new = self.store(c.node, (id, c.push), (c.bound, c.cell, w))?;
            if c.node.boxes == self.goal {
                solved = Some(new);
            }
        }
        self.candidates = candidates;
        self.out = out;
        Ok(solved)
    }

    /// Marks the candidates the opener and out-of-plan advisors name, when on.
    fn advise_extra(&mut self, node: &Node<W>, here: Cell, candidates: &mut [Candidate<W>]) {
        if self.extra.out_of_plan {
            advise_out_of_plan(here, candidates);
        }
        if self.extra.opener && !self.packing_advised {
            let maze = self.maze;
            let opener = self.opener.get_or_insert_with(|| Opener::new(maze));
            opener.advise(maze, &self.features, (node, here), candidates);
        }
    }

    /// Stores the packing advisor's macro from entry `id`, at its weight.
    fn pack(&mut self, id: u32, node: &Node<W>, weight: u32) -> Result<Option<u32>, StopReason> {
        let advice = self.packer.advise(self.maze, &self.features, node);
        self.packing_advised = advice.is_some();
        let Some(pushes) = advice else {
            return Ok(None);
        };
        let to = self.graph.normalise(&play(self.maze, node, &pushes));
        if self.index.contains_key(&to) || self.known_dead(&to) {
            return Ok(None);
        }
        let Some(bound) = self.bound.nearest_goal(&to.boxes) else {
            return Ok(None);
        };
        let cell = self.features.of(self.maze, &to);
        let last = *pushes.last().expect("a macro pushes");
        let new = self.store(to, (id, last), (bound, cell, weight))?;
        if pushes.len() > 1 {
            self.macros.insert(new, pushes[..pushes.len() - 1].to_vec());
        }
        Ok((to.boxes == self.goal).then_some(new))
    }

    /// True when `node` holds a deadlock pattern known to the detector (when on): a few
    /// word operations, so every generated position is checked.
    fn known_dead(&mut self, node: &Node<W>) -> bool {
        self.deadlocks.as_mut().is_some_and(|d| d.known(node))
    }

    /// The next position to expand: the best of the next occupied cell after the last.
    fn next(&mut self) -> Option<u32> {
        for _ in 0..self.cells.len() {
            self.turn = (self.turn + 1) % self.cells.len();
            if let Some(Reverse((_, _, id))) = self.cells[self.turn].pop() {
                return Some(id);
            }
        }
        None
    }

    /// Stores a new position (reached from `parent` by `push`) and queues it in its feature
    /// cell at `(bound, cell, weight)`; its entry number.
    fn store(
        &mut self,
        node: Node<W>,
        (parent, push): (u32, Push),
        (bound, feature, weight): (u32, Cell, u32),
    ) -> Result<u32, StopReason> {
        let id = self.entries.len() as u32;
        self.entries.push(Entry { node, parent, push });
        self.weights.push(weight);
        self.cells_of.push(feature);
        self.most_packed = self.most_packed.max(feature.0);
        self.index.insert(node, id);
        let cells = &mut self.cells;
        let k = *self.cell_of.entry(feature).or_insert_with(|| {
            cells.push(Open::new());
            cells.len() - 1
        });
        self.cells[k].push(Reverse((weight, bound, id)));
        let held = self.entries.len();
        if held.is_multiple_of(4096) {
            let bytes = held as u64 * BYTES_EACH;
            self.limits.check_bytes(bytes, bytes)?;
        }
        Ok(id)
    }

    /// The pushes from the start to entry `id`.
    fn path(&self, mut id: u32) -> Vec<Push> {
        let mut pushes = Vec::new();
        while self.entries[id as usize].parent != u32::MAX {
            pushes.push(self.entries[id as usize].push);
            if let Some(before) = self.macros.get(&id) {
                pushes.extend(before.iter().rev());
            }
            id = self.entries[id as usize].parent;
        }
        pushes.reverse();
        pushes
    }
}
