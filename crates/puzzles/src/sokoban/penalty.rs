//! Penalty patterns, after Rolling Stone's pattern search (Junghanns and Schaeffer): small
//! searches on a few boxes that stand close together, every other box removed, that find
//! those boxes need more pushes than the assignment bound says; the boxes, the player's
//! area and the difference (the **penalty**) are remembered and added to the bound of every
//! later position that holds them.
//!
//! **The reduced problem.** In a position `P`, take a set `S` of its boxes and remove every
//! other box. The player's area is then `Z`, the part of the floor without `S` that holds
//! the player. The sub-search is an A* over pushes of `S` alone (dead cells and freeze
//! deadlocks cut, as in [`super::corral_deadlock`]), guided by the assignment bound of `S`,
//! to a position where every box of `S` stands on a goal (any goals). It stores at most a
//! given number of positions; stopped there, it proves nothing and nothing is learned.
//!
//! **What a finished sub-search proves.** Let `opt(S, Z)` be its answer, the fewest pushes
//! that bring `S` alone onto goals from `Z`. Every position `Q` with the boxes of `S` on the
//! same cells and the player in `Z` needs at least `opt(S, Z)` pushes of the boxes of `S`:
//! replay a solution of `Q` with the other boxes removed (their pushes become plain steps,
//! every other step stays legal, since the reduced level has fewer boxes), and it is a
//! solution of the reduced problem with as many pushes of `S`. (The player's area in `Q`
//! lies inside one part of the floor without `S`, so "the player in `Z`" is one cell test.)
//! The search's cuts keep every such replayed solution, as the corral-deadlock proof
//! argues, so a search that runs out of positions proves `Q` lost: an **infinite penalty**,
//! a deadlock pattern, and `--fast` drops the position.
//!
//! **How penalties are used.** The penalty is `opt(S, Z)` minus the assignment bound of `S`
//! alone. `--fast` adds to its bound the penalties of patterns the position holds, greedily
//! (largest first) among patterns with no box in common. Each penalty is a proven lower
//! bound for its own boxes, but the sum with the whole level's assignment bound is not
//! proven admissible (that assignment may send the pattern's boxes to other goals): it only
//! orders the weighted searches, which prove nothing by their order. Only the infinite
//! penalties prune, and those are proven.
//!
//! **Which boxes.** When a position is expanded, each box off its goal with its
//! neighbours (the eight cells around, reached over floor), grown breadth-first through
//! neighbouring boxes up to [`MAX_BOXES`] boxes; each such set with its player area is
//! searched once per search.

use super::bits::Bits;
use super::bound::Bound;
use super::graph::{Node, RegionGraph, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;
use super::patterns::CellSet;
use gridlock_search::{astar_pruning, Limits};
use rustc_hash::FxHashSet;

/// Positions each pattern sub-search may store before it gives up (nothing is learned).
pub const CAP: usize = 300;

/// The most boxes one pattern sub-search takes.
pub const MAX_BOXES: usize = 4;

/// The penalty of a set of boxes that can never all reach goals: the position is lost.
pub const INFINITE: u32 = u32::MAX;

/// One learned pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Penalty<const W: usize> {
    /// Boxes that must all be present.
    pub boxes: Bits<W>,
    /// The player's area with only these boxes on the floor: the player must be in it.
    pub zone: CellSet,
    /// The least cell of `zone` (with the boxes, the pattern's name).
    pub least: u16,
    /// The extra pushes over the boxes' own assignment bound ([`INFINITE`]: lost).
    pub penalty: u32,
}

/// The penalty patterns learned so far, filed under their first box.
#[derive(Clone, Debug)]
pub struct Penalties<const W: usize> {
    list: Vec<Penalty<W>>,
    by_anchor: Vec<Vec<u32>>,
    /// Every pattern's boxes and least zone cell, so that none is stored twice.
    known: FxHashSet<(Bits<W>, u16)>,
}

impl<const W: usize> Penalties<W> {
    /// No pattern yet, for `maze`.
    pub fn new(maze: &Maze) -> Self {
        Penalties {
            list: Vec::new(),
            by_anchor: vec![Vec::new(); maze.live],
            known: FxHashSet::default(),
        }
    }

    /// How many patterns are known.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when none is known.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The patterns, in the order they were learned.
    pub fn iter(&self) -> impl Iterator<Item = &Penalty<W>> {
        self.list.iter()
    }

    /// Is the pattern of `boxes` with the zone whose least cell is `least` known?
    pub fn has(&self, boxes: &Bits<W>, least: u16) -> bool {
        self.known.contains(&(*boxes, least))
    }

    /// Remembers `pattern` unless it is known already.
    pub fn learn(&mut self, pattern: Penalty<W>) {
        let Some(anchor) = pattern.boxes.iter().next() else {
            return;
        };
        if !self.known.insert((pattern.boxes, pattern.least)) {
            return;
        }
        self.by_anchor[anchor].push(self.list.len() as u32);
        self.list.push(pattern);
    }

    /// Adds every pattern of `other` not known yet, in `other`'s order (so merging the same
    /// stores in the same order always gives the same store).
    pub fn absorb(&mut self, other: &Penalties<W>) {
        for p in &other.list {
            self.learn(p.clone());
        }
    }

    /// Appends to `hits` the penalty and boxes of every pattern `node` holds.
    pub fn collect(&self, node: &Node<W>, hits: &mut Vec<(u32, Bits<W>)>) {
        if self.list.is_empty() {
            return;
        }
        for anchor in node.boxes.iter() {
            for &p in &self.by_anchor[anchor] {
                let p = &self.list[p as usize];
                if p.boxes.is_subset(&node.boxes) && p.zone.has(node.player) {
                    hits.push((p.penalty, p.boxes));
                }
            }
        }
    }
}

/// What the pattern searches did, for the benchmarks and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Sub-searches run.
    pub searches: u64,
    /// Sub-searches that finished with a penalty above 0 (each adds a pattern).
    pub penalties: u64,
    /// Sub-searches that proved their boxes can never all reach goals.
    pub lost: u64,
    /// Sub-searches stopped by the cap.
    pub capped: u64,
    /// Positions stored by every sub-search together.
    pub stored: u64,
}

/// Pattern searches for one maze: scratch space and the sets already searched.
pub struct PatternSearch<'a, const W: usize> {
    maze: &'a Maze,
    cap: usize,
    /// Plain pushes (no corral cuts, no macros): the graph the module doc's proof is about.
    graph: RegionGraph<'a, W>,
    bound: Bound<'a>,
    walk: Walk,
    goals: Bits<W>,
    /// Box sets and least zone cells searched already (by this search).
    tried: FxHashSet<(Bits<W>, u16)>,
    /// Box sets met with the player's area named by its least cell in the full position:
    /// their zone's key is in `tried` (emptied with it), so the walk is skipped.
    visited: FxHashSet<(Bits<W>, u16)>,
    hits: Vec<(u32, Bits<W>)>,
    /// What was done so far.
    pub counts: Counts,
}

/// Box sets searched are remembered up to this many, then forgotten all at once.
const TRIED_MEMO: usize = 1 << 18;

impl<'a, const W: usize> PatternSearch<'a, W> {
    /// Pattern searches for `maze`, each storing at most `cap` positions.
    pub fn new(maze: &'a Maze, cap: usize) -> Self {
        PatternSearch {
            maze,
            cap,
            graph: RegionGraph::new(maze),
            bound: Bound::new(maze),
            walk: Walk::new(maze.cells.len()),
            goals: maze.goal_set(),
            tried: FxHashSet::default(),
            visited: FxHashSet::default(),
            hits: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// Searches the box sets of `node` (module doc) not searched before and not in
    /// `inherited`, adding what they prove to `learned`.
    pub fn explore(
        &mut self,
        node: &Node<W>,
        learned: &mut Penalties<W>,
        inherited: Option<&Penalties<W>>,
    ) {
        for seed in node.boxes.iter() {
            if self.goals.has(seed) {
                continue;
            }
            let set = self.cluster(node, seed as u16);
            if set.count() >= 2 {
                self.search(set, node.player, learned, inherited);
            }
        }
    }

    /// The extra pushes `node` needs by the patterns it holds, chosen greedily (largest
    /// first) among patterns with no box in common; `None` when one is infinite.
    pub fn penalty(
        &mut self,
        node: &Node<W>,
        learned: &Penalties<W>,
        inherited: Option<&Penalties<W>>,
    ) -> Option<u32> {
        self.hits.clear();
        if let Some(known) = inherited {
            known.collect(node, &mut self.hits);
        }
        learned.collect(node, &mut self.hits);
        if self.hits.is_empty() {
            return Some(0);
        }
        // largest first, ties by the boxes: the same choice whatever order they were found in
        self.hits.sort_unstable_by(|a, b| b.cmp(a));
        if self.hits[0].0 == INFINITE {
            return None;
        }
        let mut used = Bits::<W>::EMPTY;
        let mut total = 0;
        for &(penalty, boxes) in &self.hits {
            if !boxes.intersects(&used) {
                total += penalty;
                for b in boxes.iter() {
                    used.insert(b);
                }
            }
        }
        Some(total)
    }

    /// `seed` and the boxes around it, breadth-first through neighbouring boxes, at most
    /// [`MAX_BOXES`].
    fn cluster(&self, node: &Node<W>, seed: u16) -> Bits<W> {
        let mut set = Bits::<W>::EMPTY;
        set.insert(seed as usize);
        let mut order = [seed; MAX_BOXES];
        let (mut len, mut head) = (1, 0);
        while head < len && len < MAX_BOXES {
            let cell = order[head];
            head += 1;
            for n in neighbours(self.maze, cell) {
                if len < MAX_BOXES && node.has_box(self.maze, n) && !set.has(n as usize) {
                    set.insert(n as usize);
                    order[len] = n;
                    len += 1;
                }
            }
        }
        set
    }

    /// Runs the sub-search on `boxes` with the player on `player`, unless searched before.
    fn search(
        &mut self,
        boxes: Bits<W>,
        player: u16,
        learned: &mut Penalties<W>,
        inherited: Option<&Penalties<W>>,
    ) {
        if self.visited.len() >= TRIED_MEMO {
            self.visited.clear();
        }
        if !self.visited.insert((boxes, player)) {
            return;
        }
        let maze = self.maze;
        let start = Node::new(maze, boxes, player);
        self.walk.explore(maze, &start);
        let least = self.walk.reached().iter().copied().min().unwrap_or(player);
        let key = (boxes, least);
        if learned.has(&boxes, least)
            || inherited.is_some_and(|p| p.has(&boxes, least))
            || self.tried.contains(&key)
        {
            return;
        }
        if self.tried.len() >= TRIED_MEMO {
            self.tried.clear();
            self.visited.clear();
            self.visited.insert((boxes, player));
        }
        self.tried.insert(key);
        let Some(own) = self.bound.pushes(&boxes) else {
            return;
        };
        let mut zone = CellSet::new(maze.cells.len());
        for &c in self.walk.reached() {
            zone.insert(c);
        }
        self.counts.searches += 1;
        let penalty = match self.optimum(start.with_player(maze, least)) {
            Some(Some(opt)) => opt.saturating_sub(own),
            Some(None) => INFINITE,
            None => return,
        };
        if penalty == 0 {
            return;
        }
        if penalty == INFINITE {
            self.counts.lost += 1;
        } else {
            self.counts.penalties += 1;
        }
        learned.learn(Penalty {
            boxes,
            zone,
            least,
            penalty,
        });
    }

    /// The fewest pushes that bring the boxes of `start` onto goals (`Some(None)`: never),
    /// or `None` when the search stopped at its cap.
    fn optimum(&mut self, start: Node<W>) -> Option<Option<u32>> {
        let goals = self.goals;
        let bound = &mut self.bound;
        let found = astar_pruning(
            &self.graph,
            start,
            |n| n.boxes.is_subset(&goals),
            |n| bound.pushes(&n.boxes),
            &Limits::states(self.cap),
        );
        match found {
            Ok(f) => {
                self.counts.stored += f.stats.generated;
                Some(f.path.map(|p| p.cost))
            }
            Err(stopped) => {
                self.counts.stored += stopped.stats.generated;
                self.counts.capped += 1;
                None
            }
        }
    }
}

/// The floor cells among the eight around `cell` (diagonals reached over either side).
fn neighbours(maze: &Maze, cell: u16) -> impl Iterator<Item = u16> + '_ {
    let straight = Dir::ALL.into_iter().map(move |d| maze.step(cell, d));
    let diagonal = [
        (Dir::ALL[0], Dir::ALL[1]),
        (Dir::ALL[1], Dir::ALL[2]),
        (Dir::ALL[2], Dir::ALL[3]),
        (Dir::ALL[3], Dir::ALL[0]),
    ]
    .into_iter()
    .map(move |(a, b)| {
        let via = |x: Dir, y: Dir| {
            let m = maze.step(cell, x);
            if m == NONE {
                NONE
            } else {
                maze.step(m, y)
            }
        };
        let first = via(a, b);
        if first == NONE {
            via(b, a)
        } else {
            first
        }
    });
    straight.chain(diagonal).filter(|&c| c != NONE)
}
