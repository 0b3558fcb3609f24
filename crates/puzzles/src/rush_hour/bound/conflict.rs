//! What the steps bound adds when two needs would put two vehicles on one cell.
//!
//! **Why every solution pays it.** A need of `t` cells back (or forward) means the vehicle
//! stands, at some time, exactly `t` cells back from where it stands now (it moves a cell
//! per step), covering the cells of that *extreme*. When two vehicles' extremes share a
//! cell, they are never there at the same time: whichever is there first must, before the
//! other arrives, leave the shared cell, by going on past it or coming back. Its walk then
//! visits its extreme, later a point off the cell, and its other extreme at some time;
//! [`walk`] is the least such walk, and its excess over the vehicle's cost
//! (`back + forward + min(back, forward)`, the least walk reaching both extremes) is paid
//! on top of that cost. Not knowing which comes first, a conflict adds the smaller excess of
//! its two vehicles, except when one is the red car at the exit: it stands there last, so
//! the other one pays.
//!
//! **Adding.** Costs are per vehicle, so excesses of conflicts that share no vehicle add up
//! (a greedy matching, the largest first: any matching is admissible). Counted only at a
//! leaf whose choices are all made, where the needs are those of every solution below it;
//! open choices would add needs that can move an extreme off the shared cell.
//!
//! In moves the bound is unchanged (a vehicle's slides are not counted by extreme).

use super::{Branch, View, CELL_WORDS, MAX_SIDE, MAX_VEHICLES};

/// Conflicts kept per leaf; past this many the rest are dropped (only weaker).
const EDGES: usize = 32;

/// One vehicle at one of its extremes: who, the offset, and whether it is the red car's
/// exit (there last).
#[derive(Clone, Copy)]
struct Extreme {
    i: u8,
    at: u8,
    last: bool,
}

/// The least steps of a walk on a line from `o` that reaches `o - back` and `o + fwd` and,
/// after being at `first` (one of the two), is at `then`: the least over the orders of
/// those three points with `first` before `then` (a walk passes every point between two
/// it visits, so the points' order fixes its least length).
pub(super) fn walk(o: u8, back: u8, fwd: u8, first: u8, then: u8) -> u32 {
    let (lo, hi) = (o - back, o + fwd);
    let other = if first == lo { hi } else { lo };
    let orders = [
        [first, then, other],
        [first, other, then],
        [other, first, then],
    ];
    let length = |seq: &[u8; 3]| {
        let mut at = o;
        let mut sum = 0;
        for &p in seq {
            sum += u32::from(at.abs_diff(p));
            at = p;
        }
        sum
    };
    orders.iter().map(length).min().unwrap_or(0)
}

impl<const STEPS: bool> View<'_, STEPS> {
    /// What vehicle `e.i` pays more than its needs' cost if it must leave, after its extreme
    /// `e.at`, the board cell `cell` (which that extreme covers); `None` when its lane has
    /// no room to leave it on either side.
    fn excess(&self, br: &Branch, e: Extreme, cell: usize) -> Option<u32> {
        let i = e.i as usize;
        let lane = &self.blockers.lanes[i];
        let cols = self.blockers.board.cols();
        let k = match lane.horizontal {
            true => cell % cols,
            false => cell / cols,
        } as u8;
        let (o, b, f) = (self.offsets[i], br.back[i], br.fwd[i]);
        let base = u32::from(b) + u32::from(f) + u32::from(b.min(f));
        let back = (k >= lane.len && k - lane.len >= lane.lo).then(|| k - lane.len);
        let fwd = (k < lane.hi).then_some(k + 1);
        [back, fwd]
            .into_iter()
            .flatten()
            .map(|then| walk(o, b, f, e.at, then) - base)
            .min()
    }

    /// The extremes of the branch's needs, in vehicle order.
    fn extremes(&self, br: &Branch, out: &mut [Extreme; 2 * MAX_VEHICLES]) -> usize {
        let mut n = 0;
        for (i, &o) in self.offsets.iter().enumerate() {
            let (b, f) = (br.back[i], br.fwd[i]);
            if b > 0 {
                out[n] = Extreme {
                    i: i as u8,
                    at: o - b,
                    last: false,
                };
                n += 1;
            }
            if f > 0 {
                out[n] = Extreme {
                    i: i as u8,
                    at: o + f,
                    last: i == 0,
                };
                n += 1;
            }
        }
        n
    }

    /// The excess of a conflict between two extremes sharing `cell` (see the module doc).
    fn weight(&self, br: &Branch, x: Extreme, y: Extreme, cell: usize) -> u32 {
        let ex = self.excess(br, x, cell);
        let ey = self.excess(br, y, cell);
        let pay = |e: Option<u32>| e.unwrap_or(0);
        match (x.last, y.last) {
            (true, _) => pay(ey),
            (_, true) => pay(ex),
            // a side with no room to leave cannot be first: the other pays
            _ => match (ex, ey) {
                (None, e) | (e, None) => pay(e),
                (Some(a), Some(b)) => a.min(b),
            },
        }
    }

    /// What the branch's conflicts add at the least (see the module doc).
    pub(super) fn conflicts(&self, br: &Branch) -> u32 {
        let mut ext = [Extreme {
            i: 0,
            at: 0,
            last: false,
        }; 2 * MAX_VEHICLES];
        let n = self.extremes(br, &mut ext);
        let mut edges = [(0u32, 0u8, 0u8); EDGES];
        let mut m = 0;
        // the cells of the extremes seen so far: most extremes share none, and skip the pairs
        let mut seen = [0u64; CELL_WORDS];
        for y in 0..n {
            let cy = self.blockers.cells(ext[y].i as usize, ext[y].at);
            let met = shared(&seen, cy).is_some();
            (0..CELL_WORDS).for_each(|k| seen[k] |= cy[k]);
            if !met {
                continue;
            }
            for x in 0..y {
                if ext[x].i == ext[y].i || m == EDGES {
                    continue;
                }
                let cx = self.blockers.cells(ext[x].i as usize, ext[x].at);
                let Some(cell) = shared(cx, cy) else {
                    continue;
                };
                let w = self.weight(br, ext[x], ext[y], cell);
                if w > 0 {
                    edges[m] = (w, ext[x].i, ext[y].i);
                    m += 1;
                }
            }
        }
        matching(&mut edges[..m])
    }
}

/// The first cell two sets share.
fn shared(a: &[u64; CELL_WORDS], b: &[u64; CELL_WORDS]) -> Option<usize> {
    (0..CELL_WORDS).find_map(|k| {
        let both = a[k] & b[k];
        (both != 0).then(|| k * 64 + both.trailing_zeros() as usize)
    })
}

/// The total weight of a greedy matching (heaviest first, no vehicle twice).
fn matching(edges: &mut [(u32, u8, u8)]) -> u32 {
    edges.sort_unstable_by_key(|e| std::cmp::Reverse(e.0));
    let mut used = [false; MAX_SIDE * MAX_SIDE / 2];
    let mut total = 0;
    for &(w, x, y) in edges.iter() {
        if !used[x as usize] && !used[y as usize] {
            used[x as usize] = true;
            used[y as usize] = true;
            total += w;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::walk;

    /// The least walk against every walk of up to 12 steps, on a lane of 8 offsets.
    #[test]
    fn walk_is_the_least_walk_with_the_order() {
        for o in 0..8u8 {
            for back in 0..=o {
                for fwd in 0..8 - o {
                    for first in [o - back, o + fwd] {
                        if first == o {
                            continue;
                        }
                        // a point off the shared cell, never the extreme itself
                        for then in (0..8u8).filter(|&t| t != first) {
                            let least = brute(o, back, fwd, first, then);
                            let what = (o, back, fwd, first, then);
                            assert_eq!(walk(o, back, fwd, first, then), least, "{what:?}");
                        }
                    }
                }
            }
        }
    }

    /// Breadth-first over (offset, reached back, reached fwd, been at `first`, done).
    fn brute(o: u8, back: u8, fwd: u8, first: u8, then: u8) -> u32 {
        let key = |p: u8, s: u8| usize::from(p) * 16 + usize::from(s);
        let step = |p: u8, s: u8| {
            let mut s = s;
            if p == o - back {
                s |= 1;
            }
            if p == o + fwd {
                s |= 2;
            }
            if s & 4 != 0 && p == then {
                s |= 8;
            }
            if p == first {
                s |= 4;
            }
            s
        };
        let mut seen = [u32::MAX; 8 * 16];
        let start = step(o, 0);
        seen[key(o, start)] = 0;
        let mut queue = std::collections::VecDeque::from([(o, start)]);
        while let Some((p, s)) = queue.pop_front() {
            let d = seen[key(p, s)];
            if s & 11 == 11 {
                return d;
            }
            for q in [p.wrapping_sub(1), p + 1] {
                if q < 8 && seen[key(q, step(q, s))] == u32::MAX {
                    seen[key(q, step(q, s))] = d + 1;
                    queue.push_back((q, step(q, s)));
                }
            }
        }
        u32::MAX
    }
}
