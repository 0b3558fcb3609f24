//! Deadlock patterns learned during a search ([`super::corral_deadlock`] proves them): a set
//! of boxes on given cells and an area of floor fenced off by them, such that **every**
//! position with those boxes on those cells, no box in the area and the player outside it is
//! lost, whatever the other boxes do. A pattern proven once under one position is then
//! recognised under every later position that contains it, at the cost of a few word
//! operations, instead of being searched again.
//!
//! One store can be passed from search to search ([`Patterns::absorb`]): a pattern is a fact
//! about the maze, true whichever search proved it, so `--fast` hands the patterns every
//! search of a round learned to every search of the next ([`super::fast::search`]).

use super::bits::Bits;
use super::graph::Node;
use super::maze::Maze;
use super::penalty::Penalties;
use rustc_hash::FxHashSet;

/// A set of compact cells of a maze, every floor cell included (dead cells too, which a
/// [`Bits`] of boxes leaves out).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellSet(Vec<u64>);

impl CellSet {
    /// The empty set for a maze of `cells` cells.
    pub fn new(cells: usize) -> Self {
        CellSet(vec![0; cells.div_ceil(64)])
    }

    /// Is `cell` in the set?
    #[inline]
    pub fn has(&self, cell: u16) -> bool {
        self.0[cell as usize / 64] >> (cell % 64) & 1 == 1
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: u16) {
        self.0[cell as usize / 64] |= 1 << (cell % 64);
    }

    /// Removes every cell.
    pub fn clear(&mut self) {
        self.0.fill(0);
    }

    /// The live cells of the set, as a box set (live cells are numbered first).
    pub fn live<const W: usize>(&self, maze: &Maze) -> Bits<W> {
        let mut set = Bits::EMPTY;
        for (w, &word) in self.0.iter().enumerate().take(W) {
            set.0[w] = word;
        }
        // clear the dead cells sharing the last live word
        for cell in maze.live..(W * 64).min(self.0.len() * 64) {
            set.remove(cell);
        }
        set
    }
}

/// One learned pattern.
#[derive(Clone, Debug)]
struct Pattern<const W: usize> {
    /// Boxes that must all be present.
    boxes: Bits<W>,
    /// The fenced-off area: no box may stand in it and the player must not be in it.
    area: CellSet,
    /// The live cells of `area`, to test the boxes in one pass.
    area_live: Bits<W>,
}

/// The patterns learned so far, filed under their first box so that a position only looks
/// at the patterns whose first box it has.
#[derive(Clone, Debug)]
pub struct Patterns<const W: usize> {
    list: Vec<Pattern<W>>,
    by_anchor: Vec<Vec<u32>>,
    /// Every pattern's boxes and area, so that none is stored twice.
    known: FxHashSet<(Bits<W>, CellSet)>,
    /// The penalty patterns ([`super::penalty`]), shared the same way.
    penalties: Penalties<W>,
}

impl<const W: usize> Patterns<W> {
    /// No patterns yet, for `maze`.
    pub fn new(maze: &Maze) -> Self {
        Patterns {
            list: Vec::new(),
            by_anchor: vec![Vec::new(); maze.live],
            known: FxHashSet::default(),
            penalties: Penalties::new(maze),
        }
    }

    /// The penalty patterns ([`super::penalty`]) learned with these.
    pub fn penalties(&self) -> &Penalties<W> {
        &self.penalties
    }

    /// The penalty patterns, to learn more.
    pub fn penalties_mut(&mut self) -> &mut Penalties<W> {
        &mut self.penalties
    }

    /// How many patterns are known.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when none is known.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Remembers that `boxes` with `area` fenced off (no box in it, the player outside) is
    /// lost, unless it is known already. `boxes` must not be empty.
    pub fn learn(&mut self, maze: &Maze, boxes: Bits<W>, area: CellSet) {
        let Some(anchor) = boxes.iter().next() else {
            return;
        };
        if !self.known.insert((boxes, area.clone())) {
            return;
        }
        self.by_anchor[anchor].push(self.list.len() as u32);
        let area_live = area.live(maze);
        self.list.push(Pattern {
            boxes,
            area,
            area_live,
        });
    }

    /// Adds every pattern of `other` (penalty patterns too) not known yet, in `other`'s order (so merging the same
    /// stores in the same order always gives the same store).
    pub fn absorb(&mut self, maze: &Maze, other: &Patterns<W>) {
        for p in &other.list {
            self.learn(maze, p.boxes, p.area.clone());
        }
        self.penalties.absorb(&other.penalties);
    }

    /// Does `node` contain a learned pattern (and is therefore lost)? `node.player` may be
    /// any cell of the player's area.
    pub fn matches(&self, node: &Node<W>) -> bool {
        if self.list.is_empty() {
            return false;
        }
        node.boxes.iter().any(|anchor| {
            self.by_anchor[anchor].iter().any(|&p| {
                let p = &self.list[p as usize];
                p.boxes.is_subset(&node.boxes)
                    && !p.area_live.intersects(&node.boxes)
                    && !p.area.has(node.player)
            })
        })
    }
}
