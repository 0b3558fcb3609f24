//! The branch and bound as it stood at commit 7f762c1 (the owner of each cell filled per
//! search, each split copying its branch, the metric read at every cost), kept frozen for
//! the tests: the bound as used must give this value on every position, whatever its
//! search, its cache or its per-thread position do faster. It reads only the board's
//! static room from [`Blockers`], so a change to those cannot change this one with it.

use super::{Blockers, CHOICES, DEAD, EMPTY, MAX_VEHICLES, QUEUE};
use crate::rush_hour::board::MAX_SIDE;
use crate::rush_hour::moves::Metric;

/// The cost of one vehicle's needs.
fn cost(metric: Metric, back: u8, fwd: u8) -> u32 {
    let (b, f) = (u32::from(back), u32::from(fwd));
    match metric {
        Metric::Moves => u32::from(b > 0) + u32::from(f > 0),
        Metric::Steps => b + f + b.min(f),
    }
}

/// One branch: the needs chosen so far, their cost, the choices not yet made.
#[derive(Clone)]
struct Branch {
    back: [u8; MAX_VEHICLES],
    fwd: [u8; MAX_VEHICLES],
    cost: u32,
    choices: [(u8, u8, u8); CHOICES],
    chosen: usize,
}

/// The forced demands not yet answered (vehicle, lane cell).
struct Queue {
    items: [(u8, u8); QUEUE],
    len: usize,
}

/// A position as the old search saw it.
struct View<'a> {
    blockers: &'a Blockers,
    offsets: &'a [u8],
    owner: [u8; MAX_SIDE * MAX_SIDE],
    metric: Metric,
}

impl View<'_> {
    fn sides(&self, i: usize, at: u8) -> (Option<u8>, Option<u8>) {
        let b = self.blockers;
        let (len, o) = (b.lanes[i].len, self.offsets[i]);
        let back = (at >= len && at - len >= b.lanes[i].lo).then(|| o + len - at);
        let fwd = (at < b.lanes[i].hi).then(|| at + 1 - o);
        (back, fwd)
    }

    fn need(&self, br: &mut Branch, q: &mut Queue, i: usize, forward: bool, t: u8) {
        let (b, f) = (br.back[i], br.fwd[i]);
        let old = if forward { f } else { b };
        if t <= old {
            return;
        }
        let (nb, nf) = if forward { (b, t) } else { (t, f) };
        br.cost += cost(self.metric, nb, nf) - cost(self.metric, b, f);
        if forward {
            br.fwd[i] = t;
        } else {
            br.back[i] = t;
        }
        let bl = self.blockers;
        let (o, len) = (self.offsets[i], bl.lanes[i].len);
        let cells = match forward {
            true => o + len + old..o + len + t,
            false => o - t..o - old,
        };
        let cols = bl.board.cols();
        for k in cells {
            let here = (bl.lanes[i].base + k * bl.lanes[i].stride) as usize;
            let w = self.owner[here];
            if w != EMPTY && q.len < QUEUE {
                let lane_cell = match bl.lanes[w as usize].horizontal {
                    true => here % cols,
                    false => here / cols,
                };
                q.items[q.len] = (w, lane_cell as u8);
                q.len += 1;
            }
        }
    }

    fn open_choices(&self, br: &Branch) -> u32 {
        let mut extra = [0u8; MAX_VEHICLES];
        let mut total = 0;
        for &(i, tb, tf) in &br.choices[..br.chosen] {
            let i = i as usize;
            let (b, f) = (br.back[i], br.fwd[i]);
            let by_back = cost(self.metric, b.max(tb), f);
            let by_fwd = cost(self.metric, b, f.max(tf));
            let grow = by_back.min(by_fwd) - cost(self.metric, b, f);
            if grow > u32::from(extra[i]) {
                total += grow - u32::from(extra[i]);
                extra[i] = grow as u8;
            }
        }
        total
    }

    fn search(&self, br: &mut Branch, q: &mut Queue, best: &mut u32, budget: &mut u32) {
        loop {
            if br.cost >= *best {
                return;
            }
            let (i, back, fwd, forced) = if q.len > 0 {
                q.len -= 1;
                let (i, at) = q.items[q.len];
                let (back, fwd) = self.sides(i as usize, at);
                (i as usize, back, fwd, true)
            } else if br.chosen > 0 && *budget > 0 {
                if br.cost + self.open_choices(br) >= *best {
                    return;
                }
                br.chosen -= 1;
                let (i, tb, tf) = br.choices[br.chosen];
                (i as usize, Some(tb), Some(tf), false)
            } else {
                *best = (*best).min(br.cost + self.open_choices(br));
                return;
            };
            let met_back = back.is_some_and(|t| br.back[i] >= t);
            let met_fwd = fwd.is_some_and(|t| br.fwd[i] >= t);
            if met_back || met_fwd {
                continue;
            }
            match (back, fwd) {
                (None, None) => return,
                (Some(t), None) => self.need(br, q, i, false, t),
                (None, Some(t)) => self.need(br, q, i, true, t),
                (Some(tb), Some(tf)) if forced => {
                    if br.chosen < CHOICES {
                        br.choices[br.chosen] = (i as u8, tb, tf);
                        br.chosen += 1;
                    }
                }
                (Some(tb), Some(tf)) => {
                    *budget -= 1;
                    let mut other = br.clone();
                    let (b, f) = (br.back[i], br.fwd[i]);
                    let by_back = cost(self.metric, b.max(tb), f);
                    let by_fwd = cost(self.metric, b, f.max(tf));
                    let first_fwd = by_fwd < by_back;
                    for (side, fwd) in [(br, first_fwd), (&mut other, !first_fwd)] {
                        q.len = 0;
                        self.need(side, q, i, fwd, if fwd { tf } else { tb });
                        self.search(side, q, best, budget);
                    }
                    return;
                }
            }
        }
    }
}

/// The bound of `offsets` in `metric` as the frozen search computes it
/// (with the cut by open choices and `budget` splits).
pub(super) fn bound(b: &Blockers, offsets: &[u8], metric: Metric, budget: u32) -> u32 {
    let Some(goal) = b.board.goal().filter(|_| !b.blocked()) else {
        return DEAD;
    };
    if offsets[0] == goal {
        return 0;
    }
    let mut owner = [EMPTY; MAX_SIDE * MAX_SIDE];
    for (i, &o) in offsets.iter().enumerate() {
        for k in o..o + b.lanes[i].len {
            owner[(b.lanes[i].base + k * b.lanes[i].stride) as usize] = i as u8;
        }
    }
    let view = View {
        blockers: b,
        offsets,
        owner,
        metric,
    };
    let mut root = Branch {
        back: [0; MAX_VEHICLES],
        fwd: [0; MAX_VEHICLES],
        cost: 0,
        choices: [(0, 0, 0); CHOICES],
        chosen: 0,
    };
    let mut queue = Queue {
        items: [(0, 0); QUEUE],
        len: 0,
    };
    view.need(&mut root, &mut queue, 0, true, goal - offsets[0]);
    let (mut best, mut budget) = (DEAD, budget);
    view.search(&mut root, &mut queue, &mut best, &mut budget);
    best
}
