//! The end of a sweep, the same whichever search visited the layout: number the solvable
//! components in root order, give each the first-obstacle test, find the hardest position of
//! those that pass (farthest, then smallest normalised string), decide their minimality, take
//! the key of the interesting ones and hand every component out in table order. The two
//! searches differ only in what they visited ([`Visited`]: how they list it, and how they
//! tell whether a position is one move closer to the goals).

use super::board::CELLS;
use super::component::{ComponentInfo, Scratch};
use super::lanes::tables;
use super::layout::{Layout, Ranker, LANES};
use super::neighbours::moved_vehicle;
use super::prune::component_may_be_minimal;
use super::union_find::find;

/// One solvable component of a swept layout, in table order.
pub struct Found {
    /// What the per-component classification gives.
    pub info: ComponentInfo,
    /// Its key (smallest normalised string), only for interesting components.
    pub key: Option<[u8; CELLS]>,
    /// Whether the first-obstacle test proved it not minimal before the hardest-position
    /// scan.
    pub rejected_early: bool,
}

/// Totals of one sweep.
#[derive(Default)]
pub struct SweepStats {
    /// Goal positions (the seeds).
    pub goals: u64,
    /// Positions visited (every position of every solvable component).
    pub visited: u64,
    /// Positions numbered (the visited array's length).
    pub numbered: u64,
}

/// What the final scan gathers about one component.
#[derive(Clone, Copy)]
pub(super) struct Agg {
    pub size: u64,
    pub moves: u8,
    pub digit_bits: u128,
    /// Survived the first-obstacle test: the hardest position is looked for.
    pub candidate: bool,
    pub hardest: u64,
    pub hardest_str: [u8; CELLS],
    /// Index of the interesting component among this layout's rows (for the key).
    pub row: u32,
}

impl Agg {
    /// A component before its positions are counted.
    fn new() -> Agg {
        Agg {
            size: 0,
            moves: 0,
            digit_bits: 0,
            candidate: false,
            hardest: 0,
            hardest_str: [u8::MAX; CELLS],
            row: u32::MAX,
        }
    }
}

/// Numbers the components of the union-find `parent` in root order, so that they come out in
/// the order of their first goal position. Only the first `seeds` elements (the goal
/// positions or goal nodes, in seeding order) can be roots of solvable components: each root
/// among them opens a component, every other element joins its root's, and an element whose
/// root is not a seed gets `u32::MAX` (unsolvable: the level search can meet such nodes).
pub(super) fn number_components(
    parent: &mut [u32],
    seeds: u32,
    comp_of: &mut Vec<u32>,
    comps: &mut Vec<Agg>,
) {
    comp_of.clear();
    comps.clear();
    for element in 0..parent.len() as u32 {
        let root = find(parent, element);
        let c = if root == element && element < seeds {
            comps.push(Agg::new());
            comps.len() as u32 - 1
        } else if root < seeds {
            comp_of[root as usize]
        } else {
            u32::MAX
        };
        comp_of.push(c);
    }
}

/// One lane-digit bit per lane of `s` (lane `l` in byte `l`): a component's union of these
/// says which digits each lane takes in it, what the first-obstacle test needs.
#[inline]
pub(super) fn digit_bits(s: u64) -> u128 {
    let mut bits = 0u128;
    for l in 0..LANES {
        bits |= 1u128 << (8 * l as u32 + u32::from(super::layout::digit(s, l)));
    }
    bits
}

/// The positions a sweep visited, for the scans.
pub(super) trait Visited {
    /// Calls `f(position, component, distance)` for every visited position of a solvable
    /// component. Goal positions (distance 0) may be left out unless `goals` is set: only a
    /// component made of goal positions alone looks for its hardest position among them.
    fn for_each(&self, goals: bool, f: impl FnMut(u64, u32, u8));

    /// Whether position `p` (ranked by `ranker`, reset for the layout) is at distance `d - 1`
    /// from the goals: the step down an optimal solution from the hardest position.
    fn closer(&self, ranker: &mut Ranker, p: u64, d: u8) -> bool;
}

impl Scratch {
    /// Everything after the components are numbered and `comps` hold their sizes, MOVES and
    /// lane digits: see the module documentation.
    pub(super) fn finish_sweep(
        &mut self,
        layout: &Layout,
        comps: &mut [Agg],
        visited: &impl Visited,
        walls_matter: bool,
        mut found: impl FnMut(Found),
    ) {
        let mut any_candidate = false;
        for c in comps.iter_mut() {
            let digits: [u8; LANES] = std::array::from_fn(|l| (c.digit_bits >> (8 * l)) as u8);
            c.candidate = component_may_be_minimal(layout, &digits);
            any_candidate |= c.candidate;
        }
        if any_candidate {
            let goals = comps.iter().any(|c| c.candidate && c.moves == 0);
            visited.for_each(goals, |s, ci, dist| {
                let c = &mut comps[ci as usize];
                if c.candidate && dist == c.moves {
                    if let Some(n) = layout.normalised_below(s, &c.hardest_str) {
                        c.hardest_str = n;
                        c.hardest = s;
                    }
                }
            });
        }
        let (minimal, rows) = self.mark_minimal(layout, comps, walls_matter, visited);
        let mut keys = vec![[u8::MAX; CELLS]; rows as usize];
        if rows > 0 {
            visited.for_each(true, |s, ci, _| {
                let row = comps[ci as usize].row;
                if row != u32::MAX {
                    let k = &mut keys[row as usize];
                    if let Some(n) = layout.normalised_below(s, k) {
                        *k = n;
                    }
                }
            });
        }
        for (ci, c) in comps.iter().enumerate() {
            found(Found {
                info: ComponentInfo {
                    size: c.size,
                    moves: u32::from(c.moves),
                    hardest: c.hardest_str,
                    minimal: minimal[ci],
                },
                key: (c.row != u32::MAX).then(|| keys[c.row as usize]),
                rejected_early: !c.candidate,
            });
        }
    }

    /// Decides which candidate components (`comps` with `candidate` set, their hardest
    /// position found) are minimal, numbering those as table rows in order; returns the flags
    /// and the number of rows. One optimal solution is walked down the distances from the
    /// hardest position ([`Visited::closer`]), and only the vehicles
    /// it never moves are re-solved.
    fn mark_minimal(
        &mut self,
        layout: &Layout,
        comps: &mut [Agg],
        walls_matter: bool,
        visited: &impl Visited,
    ) -> (Vec<bool>, u32) {
        let t = tables();
        let mut rows = 0u32;
        let mut minimal = vec![false; comps.len()];
        for (ci, c) in comps.iter_mut().enumerate() {
            if !c.candidate {
                continue;
            }
            let mut moved = [0u8; LANES];
            let mut at = c.hardest;
            let mut d = c.moves;
            while d > 0 {
                let mut next = None;
                let ranker = &mut self.ranker;
                layout.for_each_move(t, at, |np, _, _| {
                    if next.is_none() && visited.closer(ranker, np, d) {
                        next = Some(np);
                    }
                });
                let np = next.expect("a neighbour one move closer to the goal");
                let (lane, v) = moved_vehicle(t, layout, at, np);
                moved[lane] |= 1 << v;
                at = np;
                d -= 1;
            }
            if self.minimal_unless_moved(
                layout,
                c.hardest,
                &moved,
                u32::from(c.moves),
                walls_matter,
            ) {
                minimal[ci] = true;
                c.row = rows;
                rows += 1;
            }
        }
        (minimal, rows)
    }
}
