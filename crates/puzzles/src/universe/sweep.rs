//! One layout in one sweep: a breadth-first search from *all* goal positions of the layout at
//! once gives every position its distance to the nearest goal, and a union-find labels the
//! components. Two implementations, chosen per layout by the size of its blocks (the table is
//! the same either way, tested): where blocks are small, the position-at-a-time sweep of
//! [`super::queue`] (every goal position a seed, one slot per position); where they are large,
//! the goal positions a block at a time ([`super::goals`]: nodes of goal positions joined by
//! column moves, joined to each other by one product relation per row move) and the search a
//! level at a time over bitsets ([`super::waves`]). The rules that keep either from walking
//! most edges are proved in `docs/universe.md` ("Walking fewer edges"). A final scan gives
//! each component its size, its MOVES (largest distance) and the lane digits it uses; the last
//! feed the first-obstacle test ([`super::prune::component_may_be_minimal`]), and only the
//! components that pass it are scanned again for their hardest position (the normalised-string
//! tie-break) and re-solved for minimality.
//!
//! Components come out ordered by their first goal position in the seeding order, which is
//! the order in which the per-component explorer met them, so the table is unchanged.

use super::board::CELLS;
use super::component::{ComponentInfo, Scratch};
use super::goals::Goals;
use super::lanes::{tables, Tables, EMPTY};
use super::layout::{digit, with_digit, Layout, Ranker, LANES};
use super::prune::component_may_be_minimal;
use super::queue::Queue;
use super::waves::Waves;

/// Per-thread buffers of the sweep, reused from layout to layout.
#[derive(Default)]
pub struct Sweep {
    /// Union-find parent of each node; a root is the smallest node of its component (a goal
    /// node for every solvable component).
    parent: Vec<u32>,
    /// Component index of each node (components numbered in root order; `u32::MAX` for the
    /// nodes of unsolvable components).
    comp_of: Vec<u32>,
    comps: Vec<Agg>,
    /// The goal positions, by block and node (see [`super::goals`]).
    goals: Goals,
    /// The two searches: a level at a time over bitsets where blocks are large
    /// ([`super::waves`]), one position at a time where they are small ([`super::queue`]).
    waves: Waves,
    pub(super) queue: Queue,
    /// Tests: run this search on every layout instead of choosing.
    #[cfg(test)]
    force_waves: Option<bool>,
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

#[inline]
pub(super) fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = p;
    }
    x
}

/// Joins the union-find sets of `a` and `b`; the smaller root stays the root.
#[inline]
pub(super) fn union(parent: &mut [u32], a: u32, b: u32) {
    let (a, b) = (find(parent, a), find(parent, b));
    if a != b {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        parent[hi as usize] = lo;
    }
}

/// Calls `f(next, rank)` for every position one move from `s` (rank `r_s`), ranking each in
/// the layout's numbering (laying out blocks as they are met).
#[inline(always)]
pub(crate) fn for_each_neighbour(
    t: &Tables,
    layout: &Layout,
    ranker: &mut Ranker,
    s: u64,
    r_s: u64,
    mut f: impl FnMut(u64, u64),
) {
    neighbours(t, layout, ranker, s, r_s, true, 0, |np, r, _| f(np, r));
}

/// A vehicle as [`neighbours`] names it: bit `lane * 4 + index in the lane`.
#[inline(always)]
pub(super) fn vehicle_tag(lane: usize, v: u8) -> u8 {
    (lane as u8) << 2 | v
}

/// [`for_each_neighbour`] with two omissions the sweep proves harmless: the column moves are
/// generated only when `columns` (they stay in `s`'s block), and no slide of a vehicle whose
/// [`vehicle_tag`] bit is set in `skip` is. `f` also gets the tag of the vehicle that moved.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn neighbours(
    t: &Tables,
    layout: &Layout,
    ranker: &mut Ranker,
    s: u64,
    r_s: u64,
    columns: bool,
    skip: u64,
    mut f: impl FnMut(u64, u64, u8),
) {
    let occ = ranker.occupancy(s);
    let row = ranker.row_index(s);
    let (_, weights) = ranker.block_at(t, row, occ.h_cm);
    // rows: the row tuple changes, so the block does
    for lane in 0..6 {
        let kind = layout.kinds[lane];
        let all = ranker.lane_vehicles[lane];
        if kind == EMPTY || skip & all == all {
            continue;
        }
        let d = digit(s, lane);
        let blocked = layout.blocked(&occ, lane);
        let old_spread = t.spread_of(kind, d);
        let rw = i64::from(ranker.row_weight(lane));
        for &(nd, v) in t.moves(kind, d, blocked) {
            let tag = vehicle_tag(lane, v);
            if skip >> tag & 1 == 1 {
                continue;
            }
            let new_row = (i64::from(row) + (i64::from(nd) - i64::from(d)) * rw) as u32;
            let h_cm = occ.h_cm ^ ((old_spread ^ t.spread_of(kind, nd)) << lane);
            let (base, w) = ranker.block_at(t, new_row, h_cm);
            let np = with_digit(s, lane, nd);
            let r = ranker.rank_at(t, base, &w, np, h_cm);
            f(np, r, tag);
        }
    }
    if !columns {
        return;
    }
    // columns: same block, the rank moves by the column's weight
    let blocked_all = occ.h_cm | layout.walls_cm;
    for (j, &wj) in weights.iter().enumerate() {
        let lane = 6 + j;
        let kind = layout.kinds[lane];
        let all = ranker.lane_vehicles[lane];
        if kind == EMPTY || skip & all == all {
            continue;
        }
        let d = digit(s, lane);
        let b = (blocked_all >> (6 * j) & 63) as u8;
        let ci = i64::from(ranker.column_index_of(j, b, d));
        let w = i64::from(wj);
        for &(nd, v) in t.moves(kind, d, b) {
            let tag = vehicle_tag(lane, v);
            if skip >> tag & 1 == 1 {
                continue;
            }
            let r = (r_s as i64 + (i64::from(ranker.column_index_of(j, b, nd)) - ci) * w) as u64;
            f(with_digit(s, lane, nd), r, tag);
        }
    }
}

/// The lane and vehicle index that differ between two positions one move apart.
pub(crate) fn moved_vehicle(t: &Tables, layout: &Layout, a: u64, b: u64) -> (usize, usize) {
    let lane = (0..LANES)
        .find(|&l| digit(a, l) != digit(b, l))
        .expect("one lane changed");
    let kind = &t.kinds[usize::from(layout.kinds[lane])];
    let sa = &kind.arrangements[usize::from(digit(a, lane))];
    let sb = &kind.arrangements[usize::from(digit(b, lane))];
    let v = (0..sa.len())
        .find(|&k| sa[k] != sb[k])
        .expect("one vehicle moved");
    (lane, v)
}

impl Scratch {
    /// Sweeps `layout` from the goal positions `goal_tuples` yields (each as `(row digits packed,
    /// column-major horizontal cells)` of a goal row tuple, in seeding order), calling
    /// `found` for every solvable component in table order.
    pub fn sweep_layout(
        &mut self,
        layout: &Layout,
        goal_tuples: impl Iterator<Item = (u64, u64)>,
        walls_matter: bool,
        mut found: impl FnMut(Found),
    ) -> SweepStats {
        let t = tables();
        self.ranker.reset(layout);
        // the goal blocks first: their sizes decide which search runs
        self.sweep.goals.seed(t, layout, &self.ranker, goal_tuples);
        #[allow(unused_mut)]
        let mut by_waves = waves_pay(&self.sweep.goals);
        #[cfg(test)]
        if let Some(forced) = self.sweep.force_waves {
            by_waves = forced;
        }
        if !by_waves {
            let goals = std::mem::take(&mut self.sweep.goals);
            let stats = self.sweep_by_positions(layout, goals.tuples(), walls_matter, found);
            self.sweep.goals = goals;
            return stats;
        }
        let mut sw = std::mem::take(&mut self.sweep);
        sw.parent.clear();
        // the goal positions, as nodes (each a set of goal positions joined by column moves),
        // each node its own label; goal positions joined by row moves have their nodes joined
        let mut stats = SweepStats {
            goals: sw.goals.positions,
            ..SweepStats::default()
        };
        let goal_nodes = sw.goals.nodes;
        sw.parent.extend(0..goal_nodes);
        {
            let parent = &mut sw.parent;
            sw.goals
                .join_by_row_moves(t, layout, &self.ranker, |a, b| union(parent, a, b));
        }
        // breadth-first from the positions one move from a goal, a level at a time
        sw.waves.reset(t, layout, goal_nodes);
        sw.waves
            .seed(t, layout, &mut self.ranker, &sw.goals, &mut sw.parent);
        sw.waves.run(t, layout, &self.ranker, &mut sw.parent);
        stats.visited = sw.waves.visited_count + stats.goals;
        stats.numbered = sw.waves.numbered();
        // components in root order (every solvable component's root is a goal node)
        sw.comp_of.clear();
        sw.comps.clear();
        for seed in 0..goal_nodes {
            let root = find(&mut sw.parent, seed);
            let c = if root == seed {
                sw.comps.push(Agg {
                    size: 0,
                    moves: 0,
                    digit_bits: 0,
                    candidate: false,
                    hardest: 0,
                    hardest_str: [u8::MAX; CELLS],
                    row: u32::MAX,
                });
                sw.comps.len() as u32 - 1
            } else {
                sw.comp_of[root as usize]
            };
            sw.comp_of.push(c);
        }
        for node in goal_nodes..sw.parent.len() as u32 {
            let root = find(&mut sw.parent, node);
            let c = if root < goal_nodes {
                sw.comp_of[root as usize]
            } else {
                u32::MAX
            };
            sw.comp_of.push(c);
        }
        // sizes, MOVES and lane digits: the goal positions node by node, then the others
        {
            let Sweep {
                goals,
                comps,
                comp_of,
                waves,
                ..
            } = &mut sw;
            goals.for_each_node(t, |node, size, bits| {
                let c = &mut comps[comp_of[node as usize] as usize];
                c.size += size;
                c.digit_bits |= bits;
            });
            // a node's positions are all in one component: solvable or not as a whole
            waves.for_each_node(t, |node, size, bits| {
                if let Some(c) = comps.get_mut(comp_of[node as usize] as usize) {
                    c.size += size;
                    c.digit_bits |= bits;
                }
            });
            waves.for_each_distance(t, |node, dist| {
                let c = &mut comps[comp_of[node as usize] as usize];
                c.moves = c.moves.max(dist);
            });
        }
        let mut any_candidate = false;
        for c in sw.comps.iter_mut() {
            let digits: [u8; LANES] = std::array::from_fn(|l| (c.digit_bits >> (8 * l)) as u8);
            c.candidate = component_may_be_minimal(layout, &digits);
            any_candidate |= c.candidate;
        }
        // the hardest position of each candidate: farthest, then smallest normalised string
        if any_candidate {
            let Sweep {
                goals,
                comps,
                comp_of,
                waves,
                ..
            } = &mut sw;
            waves.for_each_visited(t, |s, node, dist| {
                let c = &mut comps[comp_of[node as usize] as usize];
                if c.candidate && dist == c.moves {
                    if let Some(n) = layout.normalised_below(s, &c.hardest_str) {
                        c.hardest_str = n;
                        c.hardest = s;
                    }
                }
            });
            // a component of goal positions only (the red car can never leave the exit)
            if comps.iter().any(|c| c.candidate && c.moves == 0) {
                goals.for_each_position(t, |s, node| {
                    let c = &mut comps[comp_of[node as usize] as usize];
                    if c.candidate && c.moves == 0 {
                        if let Some(n) = layout.normalised_below(s, &c.hardest_str) {
                            c.hardest_str = n;
                            c.hardest = s;
                        }
                    }
                });
            }
        }
        // minimality of the candidates
        let waves = &sw.waves;
        let (minimal, rows) =
            self.mark_minimal(layout, &mut sw.comps, walls_matter, |ranker, np, d| {
                // goal positions are not numbered: one move from a goal is a red-car slide
                if d == 1 {
                    layout.is_goal(np)
                } else {
                    waves.dist_of(t, ranker, np) == d - 1
                }
            });
        // keys of the interesting ones
        let mut keys = vec![[u8::MAX; CELLS]; rows as usize];
        if rows > 0 {
            let (comps, comp_of) = (&sw.comps, &sw.comp_of);
            let mut consider = |s: u64, node: u32| {
                let c = &comps[comp_of[node as usize] as usize];
                if c.row != u32::MAX {
                    let k = &mut keys[c.row as usize];
                    if let Some(n) = layout.normalised_below(s, k) {
                        *k = n;
                    }
                }
            };
            sw.waves.for_each_visited(t, |s, node, _| consider(s, node));
            sw.goals.for_each_position(t, consider);
        }
        for (ci, c) in sw.comps.iter().enumerate() {
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
        self.sweep = sw;
        stats
    }
}

impl Scratch {
    /// Decides which candidate components (`comps` with `candidate` set, their hardest
    /// position found) are minimal, numbering those as table rows in order; returns the flags
    /// and the number of rows. `closer(ranker, position, d)` says whether a position is at
    /// distance `d - 1` from the goals: one optimal solution is walked down the distances
    /// from the hardest position, and only the vehicles it never moves are re-solved.
    pub(super) fn mark_minimal(
        &mut self,
        layout: &Layout,
        comps: &mut [Agg],
        walls_matter: bool,
        mut closer: impl FnMut(&mut Ranker, u64, u8) -> bool,
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
                    if next.is_none() && closer(ranker, np, d) {
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

/// Whether the level-at-a-time search pays for this layout: its blocks are large enough that
/// a word holds many positions and a row move's set-up serves many. The goal blocks' average
/// size stands for the layout's (every block of a layout has the same column kinds; only the
/// cells the row vehicles take differ).
fn waves_pay(goals: &Goals) -> bool {
    // measured on sample units: 32 to 64 positions per block are as good as each other;
    // 128 and more leave large-block layouts to the queue, 16 and less hand it small ones
    const MIN_AVERAGE_BLOCK: u64 = 48;
    goals.positions >= MIN_AVERAGE_BLOCK * goals.blocks.len() as u64
}

#[cfg(test)]
mod tests {
    use super::super::enumerate::{Config, Rules, Units};
    use super::super::Scratch;

    /// Both searches, forced on every layout, give the same rows and the same summary on a
    /// sample of units (sparse and dense rows, with and without walls); the choice between
    /// them is only a matter of speed.
    #[test]
    fn both_searches_give_the_same_tables() {
        for (walls, units) in [
            (0, vec![586, 8192, 8200, 24576, 40960]),
            (1, vec![1000, 411848]),
        ] {
            let config = Config {
                walls,
                shard: (0, 1),
                rules: Rules::All,
                cancel: None,
                only_units: None,
            };
            let all = Units::new(&config);
            let mut total_rows = 0;
            for u in units {
                let mut results = Vec::new();
                for forced in [true, false] {
                    let mut scratch = Scratch::default();
                    scratch.sweep.force_waves = Some(forced);
                    let mut rows = Vec::new();
                    let mut summary = all.run_unit(u, &mut scratch, &mut rows);
                    // the largest numbering depends on the search; nothing else may
                    summary.peak_layout = 0;
                    results.push((rows, summary));
                }
                assert_eq!(results[0], results[1], "unit {u} (walls {walls})");
                total_rows += results[0].0.len();
            }
            assert!(total_rows > 10, "the sample holds interesting components");
        }
    }
}
