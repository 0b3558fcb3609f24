//! The sweep one position at a time (kept for dense layouts, whose blocks are too small for the
//! level-at-a-time search to pay): a breadth-first search from every goal position at once over the
//! layout's dense numbering ([`Ranker`]), one 8-byte slot per position (distance, seed label,
//! vehicles walked), and a union-find over the goal positions (the seeds). Goal positions of a
//! block joined by column moves alone start in one set and never walk their column moves (Rule 1 of
//! `docs/universe.md`), and no position walks the slides of a vehicle that joins it to a position
//! expanded before it (Rule 2). Where blocks are small (dense layouts: most units by count), this
//! is faster than handling goal positions a block at a time and searching a level at a time over
//! bitsets ([`super::goals`], [`super::waves`]): a block's per-move set-up would serve a handful of
//! positions.

use super::component::Scratch;
use super::lanes::{tables, MAX_DIGITS};
use super::layout::{with_digit, Layout, Ranker};
use super::neighbours::neighbours;
use super::scan::{digit_bits, number_components, Agg, Found, SweepStats, Visited};
use super::union_find::find;

/// Distance of a position not reached yet.
const UNSEEN: u8 = u8::MAX;

/// The buffers of the position-at-a-time sweep, reused from layout to layout.
#[derive(Default)]
pub(super) struct Queue {
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

/// One position's entry (8 bytes: eight to a cache line).
#[derive(Clone, Copy)]
struct Slot {
    /// Seed label (valid where the distance is set).
    label: u32,
    /// The distance to the nearest goal (or [`UNSEEN`]) in the top byte, and below it the
    /// vehicle-tag bits ([`super::sweep::vehicle_tag`]: a layout has at most 18 vehicles) of
    /// the vehicles whose slide joins the position to one expanded before it (its slides of
    /// those vehicles need not be walked).
    meta: u32,
}

/// Bits of [`Slot::meta`] below the distance.
const DONE: u32 = (1 << 24) - 1;

impl Slot {
    #[inline(always)]
    fn dist(self) -> u8 {
        (self.meta >> 24) as u8
    }

    #[inline(always)]
    fn done(self) -> u32 {
        self.meta & DONE
    }
}

/// A position not reached yet.
const FRESH: Slot = Slot {
    label: 0,
    meta: (UNSEEN as u32) << 24,
};

impl Queue {
    /// Sweeps `layout` one position at a time from the goal row tuples `goal_tuples` (each
    /// as `(row digits packed, column-major horizontal cells)`, in seeding order),
    /// calling `found` for every solvable component in table order. The caller
    /// ([`super::sweep::Sweep::sweep_layout`]) has reset `scratch`'s ranker for `layout`.
    pub(super) fn sweep(
        &mut self,
        scratch: &mut Scratch,
        layout: &Layout,
        goal_tuples: &[(u64, u64)],
        walls_matter: bool,
        found: impl FnMut(Found),
    ) -> SweepStats {
        let t = tables();
        let sw = self;
        sw.at.clear();
        sw.states.clear();
        sw.ranks.clear();
        sw.parent.clear();
        let mut stats = SweepStats::default();
        // seeds: every goal position, each its own label
        for &(rows_packed, h_cm) in goal_tuples {
            let row = scratch.ranker.row_index(rows_packed);
            let block = scratch.ranker.block(t, row, h_cm);
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
                    label: *first,
                    meta: 0,
                };
                debug_assert_eq!(
                    p,
                    scratch.ranker.unrank_in(t, &block, rows_packed, h_cm, off)
                );
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
            let slot = sw.at[r_s];
            let (skip, label, dist) = (slot.done(), slot.label, slot.dist());
            head += 1;
            let nd = dist + 1;
            let l = find(&mut sw.parent, label);
            sw.at[r_s].label = l;
            let Queue {
                at,
                states,
                ranks,
                parent,
                ..
            } = &mut *sw;
            // a goal position's column moves lead to goal positions of its own block joined to
            // it by column moves alone, already in its set (see the seeding): skipped
            let columns = nd > 1;
            // and no slide of a vehicle that joins this position to one expanded before it is
            // walked: it reaches only that position and that position's other neighbours by the
            // same vehicle, all handled when it was expanded (see docs/universe.md)
            let (ranker, cols) = (&mut scratch.ranker, columns);
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
                        grow(at, r);
                    }
                    let slot = &mut at[r];
                    if slot.dist() == UNSEEN {
                        slot.meta = u32::from(nd) << 24;
                        slot.label = l;
                        states.push(np);
                        ranks.push(r as u32);
                    } else if slot.label != l {
                        slot.label = merge(parent, slot.label, l);
                    }
                    slot.meta |= 1 << tag;
                },
            );
        }
        stats.visited = sw.states.len() as u64;
        stats.numbered = scratch.ranker.size();
        number_components(&mut sw.parent, u32::MAX, &mut sw.comp_of, &mut sw.comps);
        // sizes, MOVES and lane digits
        for (&s, &r) in sw.states.iter().zip(&sw.ranks) {
            let slot = sw.at[r as usize];
            let c = &mut sw.comps[sw.comp_of[slot.label as usize] as usize];
            c.size += 1;
            c.moves = c.moves.max(slot.dist());
            c.digit_bits |= digit_bits(s);
        }
        let visited = ByPositions {
            at: &sw.at,
            states: &sw.states,
            ranks: &sw.ranks,
            comp_of: &sw.comp_of,
        };
        scratch.finish_sweep(layout, &mut sw.comps, &visited, walls_matter, found);
        stats
    }
}

/// Makes room for rank `r` (a block laid out by the expansion): out of the hot loop.
#[cold]
#[inline(never)]
fn grow(at: &mut Vec<Slot>, r: usize) {
    at.resize((r + 1).next_power_of_two(), FRESH);
}

/// Joins the sets of a met position's label `b` and the expanded position's `l`; returns
/// `b`'s root (before the join), the met position's new label. Kept out of line so that the
/// per-neighbour closure stays small enough to be inlined.
#[inline(never)]
fn merge(parent: &mut [u32], b: u32, l: u32) -> u32 {
    let b = find(parent, b);
    let a = find(parent, l);
    if a != b {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        parent[hi as usize] = lo;
    }
    b
}

/// What the position-at-a-time sweep visited: its queue, goal positions included.
struct ByPositions<'a> {
    at: &'a [Slot],
    states: &'a [u64],
    ranks: &'a [u32],
    comp_of: &'a [u32],
}

impl Visited for ByPositions<'_> {
    fn for_each(&self, _goals: bool, mut f: impl FnMut(u64, u32, u8)) {
        for (&s, &r) in self.states.iter().zip(self.ranks) {
            let slot = self.at[r as usize];
            f(s, self.comp_of[slot.label as usize], slot.dist());
        }
    }

    fn closer(&self, ranker: &mut Ranker, p: u64, d: u8) -> bool {
        let r = ranker.rank(tables(), p) as usize;
        self.at.get(r).is_some_and(|slot| slot.dist() == d - 1)
    }
}
