//! One layout in one sweep: a breadth-first search from *all* goal positions of the layout at
//! once gives every position its distance to the nearest goal, and a union-find over the goal
//! positions (the seeds) labels the components, merged whenever an edge joins two labels.
//! Nothing per edge is stored: positions live in the layout's dense numbering
//! ([`super::layout::Ranker`]), the distance, the seed label and the vehicles whose slides the
//! position need not walk share one slot over that numbering, and the BFS queue is the list of
//! the layout's solvable positions. Two rules, proved in `docs/universe.md` ("Walking fewer
//! edges"), keep the search from walking most edges: goal positions start labelled by the
//! column components of their block and never walk their column moves, and a position never
//! walks the slides of a vehicle that joins it to a position expanded before it. A final scan over the queue gives each component its size, its MOVES (largest
//! distance) and the lane digits it uses; the last feed the first-obstacle test
//! ([`super::prune::component_may_be_minimal`]), and only the components that pass it are
//! scanned again for their hardest position (the normalised-string tie-break) and re-solved
//! for minimality.
//!
//! Components come out ordered by their first goal position in the seeding order, which is
//! the order in which the per-component explorer met them, so the table is unchanged.

use super::board::CELLS;
use super::component::{ComponentInfo, Scratch};
use super::lanes::{tables, Tables, EMPTY, MAX_DIGITS};
use super::layout::{digit, with_digit, Layout, Ranker, LANES};
use super::prune::component_may_be_minimal;

/// Distance of a position not reached yet.
const UNSEEN: u8 = u8::MAX;

/// Per-thread buffers of the sweep, reused from layout to layout.
#[derive(Default)]
pub struct Sweep {
    /// What the sweep knows of each position, by rank (one cache line holds all of it).
    at: Vec<Slot>,
    /// Queue: positions in BFS order, and their ranks.
    states: Vec<u64>,
    ranks: Vec<u32>,
    /// Union-find parent of each seed; a root is the smallest seed of its component.
    parent: Vec<u32>,
    /// Component index of each seed (components numbered in root order).
    comp_of: Vec<u32>,
    comps: Vec<Agg>,
    /// Seeding: the first seed of each product of column components in the current block.
    first_of_cc: Vec<u32>,
}

/// One position's entry in the sweep.
#[derive(Clone, Copy)]
struct Slot {
    /// The [`vehicle_tag`] bits of the vehicles whose slide joins the position to one expanded
    /// before it (its slides of those vehicles need not be walked).
    done: u64,
    /// Seed label (valid where `dist` is set).
    label: u32,
    /// Distance to the nearest goal, or [`UNSEEN`].
    dist: u8,
}

/// A position not reached yet.
const FRESH: Slot = Slot {
    done: 0,
    label: 0,
    dist: UNSEEN,
};

/// What the final scan gathers about one component.
#[derive(Clone, Copy)]
struct Agg {
    size: u64,
    moves: u8,
    digit_bits: u128,
    /// Survived the first-obstacle test: the hardest position is looked for.
    candidate: bool,
    hardest: u64,
    hardest_str: [u8; CELLS],
    /// Index of the interesting component among this layout's rows (for the key).
    row: u32,
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
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = p;
    }
    x
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
fn vehicle_tag(lane: usize, v: u8) -> u8 {
    (lane as u8) << 2 | v
}

/// [`for_each_neighbour`] with two omissions the sweep proves harmless: the column moves are
/// generated only when `columns` (they stay in `s`'s block), and no slide of a vehicle whose
/// [`vehicle_tag`] bit is set in `skip` is. `f` also gets the tag of the vehicle that moved.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn neighbours(
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
    /// Sweeps `layout` from the goal positions `goals` yields (each as `(row digits packed,
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
        let mut sw = std::mem::take(&mut self.sweep);
        sw.at.clear();
        sw.states.clear();
        sw.ranks.clear();
        sw.parent.clear();
        let mut stats = SweepStats::default();
        // seeds: every goal position, each its own label
        for (rows_packed, h_cm) in goal_tuples {
            let row = self.ranker.row_index(rows_packed);
            let block = self.ranker.block(t, row, h_cm);
            let end = (block.base + block.size) as usize;
            if sw.at.len() < end {
                sw.at.resize(end, FRESH);
            }
            // the block's positions in rank order: a mixed-radix odometer over the columns'
            // compatible arrangements
            let blocked = h_cm | layout.walls_cm;
            let mut lists = [[0u8; MAX_DIGITS]; 6];
            let mut ccs = [[0u32; MAX_DIGITS]; 6];
            let mut counts = [1u8; 6];
            let mut at = [0u8; 6];
            let mut cc_weight = 1u32;
            let mut p = rows_packed & ((1 << 18) - 1);
            for j in 0..6 {
                let b = (blocked >> (6 * j) & 63) as usize;
                let k = usize::from(layout.kinds[6 + j]);
                counts[j] = t.compat_count[k * 64 + b];
                lists[j]
                    .copy_from_slice(&t.compat_digit[(k * 64 + b) * MAX_DIGITS..][..MAX_DIGITS]);
                for (c, &id) in ccs[j]
                    .iter_mut()
                    .zip(&t.compat_cc[(k * 64 + b) * MAX_DIGITS..][..MAX_DIGITS])
                {
                    *c = u32::from(id) * cc_weight;
                }
                cc_weight *= u32::from(t.compat_ccs[k * 64 + b]);
                p = with_digit(p, 6 + j, lists[j][0]);
            }
            // goal positions joined by column moves alone (the same lane component in every
            // column) start in one set, whose first seed is the label: their column moves are
            // then never walked (see the breadth-first loop)
            sw.first_of_cc.clear();
            sw.first_of_cc.resize(cc_weight as usize, u32::MAX);
            let mut cc = 0u32;
            for off in 0..block.size {
                let r = (block.base + off) as usize;
                let seed = sw.parent.len() as u32;
                let first = &mut sw.first_of_cc[cc as usize];
                if *first == u32::MAX {
                    *first = seed;
                }
                sw.parent.push(*first);
                sw.at[r] = Slot {
                    done: 0,
                    label: *first,
                    dist: 0,
                };
                debug_assert_eq!(p, self.ranker.unrank_in(t, &block, rows_packed, h_cm, off));
                sw.states.push(p);
                sw.ranks.push(r as u32);
                for j in 0..6 {
                    cc -= ccs[j][usize::from(at[j])];
                    at[j] += 1;
                    if at[j] < counts[j] {
                        p = with_digit(p, 6 + j, lists[j][usize::from(at[j])]);
                        cc += ccs[j][usize::from(at[j])];
                        break;
                    }
                    at[j] = 0;
                    p = with_digit(p, 6 + j, lists[j][0]);
                    cc += ccs[j][0];
                }
            }
        }
        stats.goals = sw.states.len() as u64;
        // breadth-first from all of them; labels meeting are merged
        let mut head = 0;
        while head < sw.states.len() {
            let s = sw.states[head];
            let r_s = sw.ranks[head] as usize;
            let Slot {
                done: skip,
                label,
                dist,
            } = sw.at[r_s];
            head += 1;
            let nd = dist + 1;
            let l = find(&mut sw.parent, label);
            sw.at[r_s].label = l;
            let Sweep {
                at,
                states,
                ranks,
                parent,
                ..
            } = &mut sw;
            // a goal position's column moves lead to goal positions of its own block joined to
            // it by column moves alone, already in its set (see the seeding): skipped
            let columns = nd > 1;
            // and no slide of a vehicle that joins this position to one expanded before it is
            // walked: it reaches only that position and that position's other neighbours by the
            // same vehicle, all handled when it was expanded (see docs/universe.md)
            let (ranker, cols) = (&mut self.ranker, columns);
            neighbours(
                t,
                layout,
                ranker,
                s,
                r_s as u64,
                cols,
                skip,
                |np, r, tag| {
                    let r = r as usize;
                    if r >= at.len() {
                        at.resize((r + 1).next_power_of_two(), FRESH);
                    }
                    let slot = &mut at[r];
                    if slot.dist == UNSEEN {
                        slot.dist = nd;
                        slot.label = l;
                        states.push(np);
                        ranks.push(r as u32);
                    } else if slot.label != l {
                        let b = find(parent, slot.label);
                        slot.label = b;
                        let a = find(parent, l);
                        if a != b {
                            let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                            parent[hi as usize] = lo;
                        }
                    }
                    slot.done |= 1 << tag;
                },
            );
        }
        stats.visited = sw.states.len() as u64;
        stats.numbered = self.ranker.size();
        // components in root order
        sw.comp_of.clear();
        sw.comps.clear();
        for seed in 0..sw.parent.len() as u32 {
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
        // sizes, MOVES and lane digits
        for (&s, &r) in sw.states.iter().zip(&sw.ranks) {
            let c = &mut sw.comps[sw.comp_of[sw.at[r as usize].label as usize] as usize];
            c.size += 1;
            c.moves = c.moves.max(sw.at[r as usize].dist);
            // one bit per lane and digit, lane `l` in byte `l`
            let mut bits = 0u128;
            for l in 0..LANES {
                bits |= 1u128 << (8 * l as u32 + u32::from(digit(s, l)));
            }
            c.digit_bits |= bits;
        }
        let mut any_candidate = false;
        for c in sw.comps.iter_mut() {
            let digits: [u8; LANES] = std::array::from_fn(|l| (c.digit_bits >> (8 * l)) as u8);
            c.candidate = component_may_be_minimal(layout, &digits);
            any_candidate |= c.candidate;
        }
        // the hardest position of each candidate: farthest, then smallest normalised string
        if any_candidate {
            for (&s, &r) in sw.states.iter().zip(&sw.ranks) {
                let c = &mut sw.comps[sw.comp_of[sw.at[r as usize].label as usize] as usize];
                if c.candidate && sw.at[r as usize].dist == c.moves {
                    let n = layout.normalised(s);
                    if n < c.hardest_str {
                        c.hardest_str = n;
                        c.hardest = s;
                    }
                }
            }
        }
        // minimality of the candidates
        let mut rows = 0u32;
        let mut minimal = vec![false; sw.comps.len()];
        for (ci, c) in sw.comps.iter_mut().enumerate() {
            if !c.candidate {
                continue;
            }
            // one optimal solution, walked down the distances
            let mut moved = [0u8; LANES];
            let mut at = c.hardest;
            let mut d = c.moves;
            let mut at_rank = self.ranker.rank(t, at);
            while d > 0 {
                let mut next = None;
                for_each_neighbour(t, layout, &mut self.ranker, at, at_rank, |np, r| {
                    if next.is_none() && sw.at[r as usize].dist == d - 1 {
                        next = Some((np, r));
                    }
                });
                let (np, r) = next.expect("a neighbour one move closer to the goal");
                let (lane, v) = moved_vehicle(t, layout, at, np);
                moved[lane] |= 1 << v;
                at = np;
                at_rank = r;
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
        // keys of the interesting ones
        let mut keys = vec![[u8::MAX; CELLS]; rows as usize];
        if rows > 0 {
            for (&s, &r) in sw.states.iter().zip(&sw.ranks) {
                let c = &sw.comps[sw.comp_of[sw.at[r as usize].label as usize] as usize];
                if c.row != u32::MAX {
                    let n = layout.normalised(s);
                    let k = &mut keys[c.row as usize];
                    if n < *k {
                        *k = n;
                    }
                }
            }
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
