//! The sweep's breadth-first search one position at a time: a queue over the layout's dense
//! numbering ([`Ranker`]), one 16-byte slot per position. It pays where blocks are small
//! (dense layouts: a word of [`super::waves`] would hold a handful of positions and each
//! row move's set-up would cost more than the positions it serves).
//!
//! Labels: each position carries the node of the goal position it was first reached from
//! (through the departures), and a union-find over the goal nodes merges two labels whenever
//! an edge joins positions carrying both. Rule 2 of `docs/universe.md` ("a vehicle already
//! walked") keeps most edges from being walked.

use super::board::RED_ROW;
use super::goals::Goals;
use super::lanes::Tables;
use super::layout::{Layout, Ranker};
use super::sweep::{find, neighbours, union, vehicle_tag};

/// Distance of a position not reached yet.
const UNSEEN: u8 = u8::MAX;

/// One position's entry.
#[derive(Clone, Copy)]
struct Slot {
    /// The [`vehicle_tag`] bits of the vehicles whose slide joins the position to one expanded
    /// before it (its slides of those vehicles need not be walked).
    done: u64,
    /// Goal-node label (valid where `dist` is set).
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

/// The queue search's buffers, reused from layout to layout.
#[derive(Default)]
pub(super) struct Queue {
    /// What the search knows of each position, by rank (one cache line holds all of it).
    at: Vec<Slot>,
    /// Positions in breadth-first order, and their ranks.
    states: Vec<u64>,
    ranks: Vec<u32>,
}

impl Queue {
    /// Searches the layout from the goal blocks' departures to the end, merging labels in
    /// `parent` (the goal nodes' union-find).
    pub fn run(
        &mut self,
        t: &Tables,
        layout: &Layout,
        ranker: &mut Ranker,
        goals: &Goals,
        parent: &mut [u32],
    ) {
        self.at.clear();
        self.states.clear();
        self.ranks.clear();
        // the positions one move from a goal: the red car slid left out of the exit. Each has
        // one goal neighbour, and all its red-car slides are that goal's (rule 2: never walked)
        let red_tag = 1u64 << vehicle_tag(RED_ROW, t.red_of[usize::from(layout.kinds[RED_ROW])]);
        let Queue { at, states, ranks } = self;
        goals.depart(t, layout, ranker, |p, r, node| {
            let r = r as usize;
            if r >= at.len() {
                at.resize((r + 1).next_power_of_two(), FRESH);
            }
            debug_assert_eq!(at[r].dist, UNSEEN);
            at[r] = Slot {
                done: red_tag,
                label: node,
                dist: 1,
            };
            states.push(p);
            ranks.push(r as u32);
        });
        // breadth-first from there; labels meeting are merged. No position met from here on
        // is a goal position: only a red-car slide reaches one, and the positions that have
        // one are all at distance 1 and never walk their red-car slides.
        let mut head = 0;
        while head < states.len() {
            let s = states[head];
            let r_s = ranks[head] as usize;
            let Slot {
                done: skip,
                label,
                dist,
            } = at[r_s];
            head += 1;
            let nd = dist + 1;
            let l = find(parent, label);
            at[r_s].label = l;
            // no slide of a vehicle that joins this position to one expanded before it is
            // walked: it reaches only that position and that position's other neighbours by the
            // same vehicle, all handled when it was expanded (see docs/universe.md)
            neighbours(t, layout, ranker, s, r_s as u64, skip, |np, r, tag| {
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
                    union(parent, l, b);
                }
                slot.done |= 1 << tag;
            });
        }
    }

    /// Positions visited (the goal positions apart).
    pub fn visited(&self) -> u64 {
        self.states.len() as u64
    }

    /// Calls `f(position, label, distance)` for every visited position.
    pub fn for_each_visited(&self, mut f: impl FnMut(u64, u32, u8)) {
        for (&s, &r) in self.states.iter().zip(&self.ranks) {
            let slot = &self.at[r as usize];
            f(s, slot.label, slot.dist);
        }
    }

    /// The distance of a position (0 if not visited).
    pub fn dist_of(&self, t: &Tables, ranker: &mut Ranker, p: u64) -> u8 {
        let r = ranker.rank(t, p) as usize;
        match self.at.get(r) {
            Some(slot) if slot.dist != UNSEEN => slot.dist,
            _ => 0,
        }
    }
}
