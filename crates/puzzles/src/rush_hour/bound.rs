//! An admissible lower bound on the distance to the goal, in both metrics, for the guided
//! search of single boards ([`super::general`]).
//!
//! **Needs.** The bound reasons about what any solution from the position must do: per
//! vehicle, how far back and how far forward from where it stands now it must travel at some
//! time (a *need*). The red car needs to travel forward to the exit. A vehicle that travels
//! `t` cells passes over every cell between (vehicles slide), so every vehicle standing on
//! one of those cells now must leave that cell at some time (a *demand*). A vehicle of length
//! `L` at offset `o` leaves lane cell `k` only by going back to offset `k - L` or less, or
//! forward to `k + 1` or more; room is static (walls, and the vehicles of its stretch of
//! lane, which keep their order for ever), so a side without room is never taken.
//!
//! **Choices.** A demand with room on one side only adds that need; one with room on both
//! sides is a choice. The bound is the least cost over every way of choosing (a branch and
//! bound: forced needs are followed first, then one choice is split into its two sides, the
//! cheaper first). Any solution takes, for every demand, a side it really travels, so its
//! own needs contain one of the branches' and it costs at least that branch: the minimum
//! over branches is admissible. Past a budget of splits, a branch follows only its forced
//! demands and adds, per vehicle, the least its open choices cost one by one (every
//! completion only adds needs to what it holds), which keeps the minimum admissible.
//! The same sum prunes: a branch whose cost plus its open choices' least growth already
//! reaches the best complete branch found is not split further (every leaf below it costs
//! at least that much): while the budget lasts the minimum is the one an exhaustive search
//! finds, and the budget lasts far longer (a seventh of the splits on the deep 12×12 boards).
//!
//! **Cost** of a set of needs, per vehicle (every slide and step is one vehicle's): moves,
//! one slide per direction needed (a vehicle needed both back and forward slides twice);
//! steps, `back + forward + min(back, forward)` (it must go to one extreme and back past its
//! start to the other), the red car's exit steps left out (the caller adds them).
//!
//! **Conflicts** (steps only, `bound/conflict.rs`): a need puts its vehicle, at some time,
//! exactly at its extreme; two extremes that share a cell are reached at different times,
//! and the vehicle there first must leave the cell again before the other arrives. A
//! complete leaf adds, over conflicts that share no vehicle, the smaller of the two
//! vehicles' extra walking (the other one's alone when one is the red car at the exit,
//! which stands there last). On `deep_12x12.txt` this lifts the start's bound from 28 to
//! 30 of 33 steps.
//!
//! **Dead.** When every branch meets a demand with room on neither side, no solution exists:
//! the bound is [`DEAD`] (a proof, not a guess: it relies only on static room).

use super::board::{Board, Vehicle, MAX_SIDE};
use super::moves::Metric;
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

mod cache;
#[cfg(test)]
mod choices;
mod conflict;
#[cfg(test)]
mod conflict_truth;
mod packed;
mod position;
#[cfg(test)]
mod prune;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod same;

use cache::{Layout, Reads};
use packed::Fields;
use position::Position;

/// The bound of a position from which the goal can never be reached.
pub const DEAD: u32 = u32::MAX;

/// No vehicle on a cell.
const EMPTY: u8 = u8::MAX;

/// The most vehicles a board holds (a full 12×12 board of cars).
const MAX_VEHICLES: usize = MAX_SIDE * MAX_SIDE / 2;

/// Words of a set of cells (one bit per cell of a 12×12 board).
const CELL_WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

/// The identity of the next [`Blockers`] made: the per-thread cache's entries name the
/// board they were computed on.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// Pending forced demands; past this many the rest are dropped, which only weakens the
/// bound (a dropped demand is a need left out, and needs only add cost).
const QUEUE: usize = 96;

/// Choices a branch keeps open; past this many the rest are dropped (as above).
const CHOICES: usize = 32;

/// Choices split per call; past it a branch follows only its forced demands and counts its
/// open choices by their cheaper side ([`View::open_choices`]). 1024 rather than 6: on
/// `hard_12x12.txt` in moves the guided search expands 19.1 k positions instead of 4.24 M
/// (0.8 s of CPU and 16 MB instead of 44 s and 1.7 GB); on `dense_12x12.txt` a third of the
/// positions, on `hard_9x9.txt` and the chains the same (their bound has few choices).
const BUDGET: u32 = 1024;

/// A board prepared for the bound: per vehicle, the least and the largest offset its lane
/// allows it (walls, and the vehicles in its stretch of lane that it can never pass).
#[derive(Clone, Debug)]
pub struct Blockers {
    /// Unique per prepared board (clones share it: same board, same bounds).
    id: u64,
    board: Board,
    /// Per vehicle, its lane (one look-up for all the search reads of a vehicle).
    lanes: Vec<Lane>,
    /// Per vehicle and offset (`i * MAX_SIDE + o`): the cells it covers, one bit each.
    covers: Vec<[u64; CELL_WORDS]>,
    /// The vertical vehicles, which cross the red car's row (the only ones that can stand
    /// on its path: one of its own row ahead of it blocks it for ever).
    crossing: Vec<u8>,
    /// Where each vehicle's offset lives in the packed words of the guided search's keys.
    fields: Fields,
}

/// What the bound knows of one vehicle's lane; all of it static.
#[derive(Clone, Copy, Debug)]
struct Lane {
    /// The least and the largest offset the lane leaves the vehicle.
    lo: u8,
    hi: u8,
    /// The cell index (`row * cols + col`) of lane cell 0, and the step between lane cells
    /// (1 along a row, `cols` down a column).
    base: u8,
    stride: u8,
    /// Whether it lies along a row (its lane cells are columns), its row or column, and
    /// its length.
    horizontal: bool,
    line: u8,
    len: u8,
}

/// What a vehicle's lane leaves it: `(least offset, largest offset)`, walls and the
/// vehicles in the same stretch of lane (between walls) counted.
fn reach(board: &Board, i: usize, offsets: &[u8]) -> (u8, u8) {
    let v = board.vehicles()[i];
    let lane_len = board.lane_len(i) as i32;
    let wall = |k: i32| {
        let (r, c) = board.cell(i, k as u8);
        board.is_wall(r, c)
    };
    let o = offsets[i] as i32;
    let mut start = o;
    while start > 0 && !wall(start - 1) {
        start -= 1;
    }
    let mut end = o + v.len as i32 - 1;
    while end + 1 < lane_len && !wall(end + 1) {
        end += 1;
    }
    let (mut behind, mut ahead) = (0, 0);
    for (j, w) in board.vehicles().iter().enumerate() {
        let same_lane = j != i && w.horizontal == v.horizontal && w.line == v.line;
        let oj = offsets[j] as i32;
        if same_lane && (start..=end).contains(&oj) {
            if oj < o {
                behind += w.len as i32;
            } else {
                ahead += w.len as i32;
            }
        }
    }
    let lo = start + behind;
    let hi = end + 1 - v.len as i32 - ahead;
    (lo as u8, hi as u8)
}

/// Per vehicle and lane offset (`i * MAX_SIDE + o`), the cells the vehicle covers there.
fn covers(board: &Board) -> Vec<[u64; CELL_WORDS]> {
    let mut out = vec![[0; CELL_WORDS]; board.vehicles().len() * MAX_SIDE];
    for (i, v) in board.vehicles().iter().enumerate() {
        for o in 0..=board.lane_len(i).saturating_sub(v.len) {
            for k in o..o + v.len {
                let (r, c) = board.cell(i, k);
                let here = r * board.cols() + c;
                out[i * MAX_SIDE + o as usize][here / 64] |= 1 << (here % 64);
            }
        }
    }
    out
}

/// The vertical vehicles (they cross the exit row).
fn crossing(board: &Board) -> Vec<u8> {
    let vehicles = board.vehicles().iter().enumerate();
    vehicles
        .filter(|(_, v)| !v.horizontal)
        .map(|(i, _)| i as u8)
        .collect()
}

/// How a search runs: its budget of splits, and which of its rules are on (off only in
/// tests that compare a rule's absence).
#[derive(Clone, Copy)]
struct Rules {
    budget: u32,
    /// The cut by open choices ([`View::open_choices`]).
    prune: bool,
    /// The conflicts' excess at complete leaves ([`conflict`]).
    conflicts: bool,
}

impl Rules {
    /// The rules of the bound as used.
    const USED: Rules = Rules {
        budget: BUDGET,
        prune: true,
        conflicts: true,
    };
}

/// One branch of the search: the needs chosen so far, their cost, and the choices not yet
/// made (they wait until no forced demand is left, so a split copies no pending demand).
#[derive(Clone)]
struct Branch {
    back: [u8; MAX_VEHICLES],
    fwd: [u8; MAX_VEHICLES],
    cost: u32,
    /// Per open choice: the vehicle and its travel back and forward that would answer it.
    choices: [(u8, u8, u8); CHOICES],
    chosen: usize,
}

/// The forced demands not yet answered (vehicle, lane cell), shared by every branch: a
/// branch is split only once it is empty, and each side starts from empty.
struct Queue {
    items: [(u8, u8); QUEUE],
    len: usize,
}

/// What a position looks like to the bound: who stands where; the metric is `STEPS` (one
/// search per metric, so that no cost asks which metric it is in).
struct View<'a, const STEPS: bool> {
    blockers: &'a Blockers,
    offsets: &'a [u8],
    owner: &'a [u8; MAX_SIDE * MAX_SIDE],
    /// Whether a branch is cut by its open choices' least growth ([`View::open_choices`]);
    /// off only to check, in tests, that the cut changes no bound.
    prune: bool,
    /// Whether a complete leaf adds its conflicts' excess ([`conflict`]; steps only); off
    /// only to compare, in tests, the needs alone with the frozen search.
    conflicts: bool,
    /// What of the position the search read: the vehicles whose offsets it used and the
    /// cells whose owner it looked up (the cache's key, [`cache`]).
    touched: Cell<u128>,
    scanned: [Cell<u64>; CELL_WORDS],
}

/// The cost of one vehicle's needs (see the module's doc).
fn cost<const STEPS: bool>(back: u8, fwd: u8) -> u32 {
    let (b, f) = (u32::from(back), u32::from(fwd));
    match STEPS {
        false => u32::from(b > 0) + u32::from(f > 0),
        true => b + f + b.min(f),
    }
}

/// [`View::open_choices`] in either metric: per vehicle with open choices, the largest over
/// them of the cheaper side's growth, summed.
fn least_growth<const STEPS: bool>(br: &Branch) -> u32 {
    let mut extra = [0u8; MAX_VEHICLES];
    let mut total = 0;
    for &(i, tb, tf) in &br.choices[..br.chosen] {
        let i = i as usize;
        let (b, f) = (br.back[i], br.fwd[i]);
        let by_back = cost::<STEPS>(b.max(tb), f);
        let by_fwd = cost::<STEPS>(b, f.max(tf));
        let grow = by_back.min(by_fwd) - cost::<STEPS>(b, f);
        // the vehicle's largest growth counts, once
        if grow > u32::from(extra[i]) {
            total += grow - u32::from(extra[i]);
            extra[i] = grow as u8;
        }
    }
    total
}

/// [`least_growth`] in moves, without its per-vehicle table: both sides of a choice travel
/// at least one cell, so its cheaper side adds one slide when its vehicle has no need yet
/// and nothing otherwise (a vehicle with a need on one side takes that side at no cost).
/// The sum is the number of vehicles with open choices and no need, each counted when its
/// bit is first set (two words: a `u128` shifted by a variable, or a bit count without
/// the `popcnt` instruction of the baseline x86-64 target, costs several instructions).
fn idle_choosers(br: &Branch) -> u32 {
    let (mut idle, mut count) = ([0u64; MAX_VEHICLES.div_ceil(64)], 0);
    for &(i, _, _) in &br.choices[..br.chosen] {
        let i = i as usize;
        // no branch on the needs: which vehicles are idle is data the CPU cannot predict
        let idle_now = u64::from(br.back[i] | br.fwd[i] == 0);
        let (word, at) = (&mut idle[i / 64], i % 64);
        let new = idle_now & !(*word >> at) & 1;
        *word |= new << at;
        count += new as u32;
    }
    count
}

impl<const STEPS: bool> View<'_, STEPS> {
    /// The travel back and forward that would take vehicle `i` off lane cell `at`, each
    /// `None` when its lane has no room on that side.
    fn sides(&self, i: usize, at: u8) -> (Option<u8>, Option<u8>) {
        let b = self.blockers;
        let (lane, o) = (&b.lanes[i], self.offsets[i]);
        let len = lane.len;
        let back = (at >= len && at - len >= lane.lo).then(|| o + len - at);
        let fwd = (at < lane.hi).then(|| at + 1 - o);
        (back, fwd)
    }

    /// Vehicle `i` needs to travel `t` cells back (`forward` false) or forward: records it
    /// and demands that whoever stands on the cells newly passed over leave them.
    fn need(&self, br: &mut Branch, q: &mut Queue, i: usize, forward: bool, t: u8) {
        let (b, f) = (br.back[i], br.fwd[i]);
        let old = if forward { f } else { b };
        if t <= old {
            return;
        }
        let (nb, nf) = if forward { (b, t) } else { (t, f) };
        br.cost += cost::<STEPS>(nb, nf) - cost::<STEPS>(b, f);
        if forward {
            br.fwd[i] = t;
        } else {
            br.back[i] = t;
        }
        let bl = self.blockers;
        let (o, lane) = (self.offsets[i], &bl.lanes[i]);
        let len = lane.len;
        let cells = match forward {
            true => o + len + old..o + len + t,
            false => o - t..o - old,
        };
        // whoever stands on lane cell `k` of `i`'s lane stands on its own lane cell `k` if
        // it lies the same way, else on the cell of `i`'s row or column (no division)
        let (along, across) = (lane.horizontal, lane.line);
        for k in cells {
            let here = (lane.base + k * lane.stride) as usize;
            let word = &self.scanned[here / 64];
            word.set(word.get() | 1 << (here % 64));
            let w = self.owner[here];
            if w != EMPTY {
                self.touched.set(self.touched.get() | 1 << w);
            }
            if w != EMPTY && q.len < QUEUE {
                let lane_cell = match bl.lanes[w as usize].horizontal == along {
                    true => k,
                    false => across,
                };
                q.items[q.len] = (w, lane_cell);
                q.len += 1;
            }
        }
    }

    /// What the choices left open when the budget ran out add at the least: each vehicle
    /// must still answer every one of its open demands, by one side or the other, so its
    /// cost grows by at least the largest, over its demands, of the cheaper side's growth
    /// (the sides' own consequences left out). Costs are per vehicle, so these add up.
    fn open_choices(&self, br: &Branch) -> u32 {
        match STEPS {
            false => idle_choosers(br),
            true => least_growth::<STEPS>(br),
        }
    }

    /// Answers the branch's demands and keeps in `best` the least cost of a complete
    /// branch below it (or of one cut by `budget`).
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
                // every leaf below answers each open choice: none can beat `best`
                if self.prune && br.cost + self.open_choices(br) >= *best {
                    return;
                }
                br.chosen -= 1;
                let (i, tb, tf) = br.choices[br.chosen];
                (i as usize, Some(tb), Some(tf), false)
            } else {
                let v = match STEPS && self.conflicts && br.chosen == 0 {
                    true => br.cost + self.conflicts(br),
                    false => br.cost + self.open_choices(br),
                };
                *best = (*best).min(v);
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
                    let by_back = cost::<STEPS>(b.max(tb), f);
                    let by_fwd = cost::<STEPS>(b, f.max(tf));
                    // the cheaper side first: its leaves prune the other side sooner
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

impl Blockers {
    /// Prepares `board`, whose start is `offsets` (any position of the component gives the
    /// same reach: walls never move and vehicles in a lane never pass each other).
    pub fn new(board: &Board, offsets: &[u8]) -> Self {
        let cols = board.cols() as u8;
        let lane = |(i, v): (usize, &Vehicle)| {
            let (lo, hi) = reach(board, i, offsets);
            let (base, stride) = match v.horizontal {
                true => (v.line * cols, 1),
                false => (v.line, cols),
            };
            let (horizontal, line, len) = (v.horizontal, v.line, v.len);
            Lane {
                lo,
                hi,
                base,
                stride,
                horizontal,
                line,
                len,
            }
        };
        Blockers {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            board: board.clone(),
            lanes: board.vehicles().iter().enumerate().map(lane).collect(),
            covers: covers(board),
            crossing: crossing(board),
            fields: Fields::new(board),
        }
    }

    /// True when the red car can never reach the exit cells: it has no red car in the exit
    /// row, or a wall or a vehicle of its own row stands between it and the exit for ever.
    pub fn blocked(&self) -> bool {
        match self.board.goal() {
            None => true,
            Some(goal) => self.lanes[0].hi < goal,
        }
    }

    /// A lower bound on the distance from `offsets` to the nearest goal in `metric` (slides,
    /// or one-cell steps without the exit steps); [`DEAD`] when no goal can be reached.
    /// Answered from this thread's cache when a position seen before agrees with `offsets`
    /// on everything the bound read there (`bound/cache.rs`): the same value, computed once.
    /// Who stands where is this thread's last position brought up to date by the vehicles
    /// that moved (`bound/position.rs`), not rebuilt.
    pub fn bound(&self, offsets: &[u8], metric: Metric) -> u32 {
        self.bound_packed(&self.fields.pack(offsets), metric)
    }

    /// [`Blockers::bound`] of the position packed in `words` as
    /// [`General`](crate::rush_hour::general::General) packs this board (the guided search's
    /// key): only the offsets of the vehicles that moved since this thread's last call are
    /// read from it.
    pub fn bound_packed(&self, words: &[u64], metric: Metric) -> u32 {
        let red = self.fields.offset(words, 0);
        let Some(goal) = self.goal(red) else {
            return self.trivial(red);
        };
        position::with(self, words, |p| {
            let layout = Layout {
                occupied: p.occupied,
                goal,
            };
            let offsets = &p.offsets[..self.lanes.len()];
            cache::bound(self, &layout, offsets, metric, || {
                self.search(&layout, &p.owner, offsets, metric, Rules::USED)
            })
        })
    }

    /// [`Blockers::bound`] computed afresh, without the cache: what the cache must give.
    pub fn uncached(&self, offsets: &[u8], metric: Metric) -> u32 {
        self.least(offsets, metric, BUDGET, true)
    }

    /// [`Blockers::bound`] with `budget` splits, the cut by open choices on or off, from a
    /// position built afresh.
    fn least(&self, offsets: &[u8], metric: Metric, budget: u32, prune: bool) -> u32 {
        let rules = Rules {
            budget,
            prune,
            conflicts: true,
        };
        self.least_with(offsets, metric, rules)
    }

    /// The bound of the needs alone, without their conflicts ([`conflict`]), afresh: what
    /// the frozen search of the tests gives.
    #[cfg(test)]
    fn needs_only(&self, offsets: &[u8], metric: Metric, budget: u32) -> u32 {
        let rules = Rules {
            budget,
            prune: true,
            conflicts: false,
        };
        self.least_with(offsets, metric, rules)
    }

    /// The bound under `rules`, from a position built afresh.
    fn least_with(&self, offsets: &[u8], metric: Metric, rules: Rules) -> u32 {
        let Some(goal) = self.goal(offsets[0]) else {
            return self.trivial(offsets[0]);
        };
        let p = Position::fresh(self, offsets);
        let layout = Layout {
            occupied: p.occupied,
            goal,
        };
        (self.search(&layout, &p.owner, offsets, metric, rules)).0
    }

    /// The bound where no search is needed: [`DEAD`] when the red car is blocked for
    /// ever, 0 on a goal.
    fn trivial(&self, red: u8) -> u32 {
        match self.board.goal().filter(|_| !self.blocked()) {
            Some(goal) if red == goal => 0,
            _ => DEAD,
        }
    }

    /// The red car's goal offset, the red car at `red`; `None` where the bound needs no
    /// search ([`Blockers::trivial`]).
    fn goal(&self, red: u8) -> Option<u8> {
        let goal = self.board.goal().filter(|_| !self.blocked())?;
        (red != goal).then_some(goal)
    }

    /// What the cache needs of `offsets` (built afresh); `None` where no search is needed.
    #[cfg(test)]
    fn layout(&self, offsets: &[u8]) -> Option<Layout> {
        let goal = self.goal(offsets[0])?;
        let occupied = Position::fresh(self, offsets).occupied;
        Some(Layout { occupied, goal })
    }

    /// The cells vehicle `i` covers at offset `o`, one bit each.
    fn cells(&self, i: usize, o: u8) -> &[u64; CELL_WORDS] {
        &self.covers[i * MAX_SIDE + o as usize]
    }

    /// The branch and bound from the red car's need, and what of the position it read.
    fn search(
        &self,
        layout: &Layout,
        owner: &[u8; MAX_SIDE * MAX_SIDE],
        offsets: &[u8],
        metric: Metric,
        rules: Rules,
    ) -> (u32, Reads) {
        match metric {
            Metric::Moves => self.search_in::<false>(layout, owner, offsets, rules),
            Metric::Steps => self.search_in::<true>(layout, owner, offsets, rules),
        }
    }

    /// [`Blockers::search`] in moves (`STEPS` false) or steps.
    fn search_in<const STEPS: bool>(
        &self,
        layout: &Layout,
        owner: &[u8; MAX_SIDE * MAX_SIDE],
        offsets: &[u8],
        rules: Rules,
    ) -> (u32, Reads) {
        let view = View::<STEPS> {
            blockers: self,
            offsets,
            owner,
            prune: rules.prune,
            conflicts: rules.conflicts,
            touched: Cell::new(1),
            scanned: Default::default(),
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
        view.need(&mut root, &mut queue, 0, true, layout.goal - offsets[0]);
        let (mut best, mut budget) = (DEAD, rules.budget);
        view.search(&mut root, &mut queue, &mut best, &mut budget);
        let reads = Reads {
            touched: view.touched.get(),
            scanned: view.scanned.map(|w| w.get()),
        };
        (best, reads)
    }
}
