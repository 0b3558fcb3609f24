//! One component: explore it from a goal position, find every position's distance to the
//! nearest goal, pick the hardest position and decide whether it is minimal.

use super::board::{CELLS, RED_ROW};
use super::lanes::{tables, Tables, CROSSES_RED_ROW, EMPTY, MAX_DIGITS, STUCK_ON_RED_ROW};
use super::layout::{digit, with_digit, Layout, Occupancy, Ranker, LANES};
use super::neighbours::{for_each_neighbour, moved_vehicle};
use rustc_hash::FxHashSet;

/// Marks a rank not yet visited in [`Scratch::seen`].
const UNSEEN: u32 = u32::MAX;

/// What the enumeration learns about one solvable component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentInfo {
    /// Positions in the component.
    pub size: u64,
    /// Distance of the hardest position from the nearest goal (the component's MOVES).
    pub moves: u32,
    /// The hardest position, normalised.
    pub hardest: [u8; CELLS],
    /// Whether removing any non-red vehicle (and, under the published rules, any wall) from
    /// the hardest position strictly lowers its optimal number of moves.
    pub minimal: bool,
}

/// Per-thread buffers, reused from component to component so the hot loop never allocates.
#[derive(Default)]
pub struct Scratch {
    pub(crate) ranker: Ranker,
    /// Layout-local visit number of each rank, or [`UNSEEN`].
    pub(crate) seen: Vec<u32>,
    /// Positions visited in this layout so far.
    visited: u32,
    states: Vec<u64>,
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    dist: Vec<u8>,
    queue: Vec<u32>,
    ranks: Vec<u64>,
    set: FxHashSet<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    /// The neighbours of the position being expanded, with their ranks.
    next_ranked: Vec<(u64, u64)>,
    /// Most positions numbered in one layout (for the memory report).
    pub(crate) peak_layout: u64,
}

impl Scratch {
    /// Starts a new layout.
    pub fn begin_layout(&mut self, layout: &Layout) {
        self.ranker.reset(layout);
        self.seen.clear();
        self.visited = 0;
    }

    #[inline]
    fn grow(&mut self) {
        let n = self.ranker.size() as usize;
        if self.seen.len() < n {
            self.seen.resize(n, UNSEEN);
            self.peak_layout = self.peak_layout.max(n as u64);
        }
    }

    /// Whether the position of rank `r` was already visited (ranks come from
    /// `Scratch::ranker`, so its block exists).
    #[inline]
    pub fn is_seen(&mut self, r: u64) -> bool {
        self.grow();
        self.seen[r as usize] != UNSEEN
    }

    /// Visits the whole component of `seed` (rank `seed_rank`), breadth first, storing every
    /// position and the adjacency. Returns the component's size, or `None` as soon as it holds
    /// more than `cap` positions.
    fn explore(
        &mut self,
        t: &Tables,
        layout: &Layout,
        seed: u64,
        seed_rank: u64,
        cap: usize,
    ) -> Option<usize> {
        let base = self.visited;
        self.states.clear();
        self.adj.clear();
        self.adj_start.clear();
        self.adj_start.push(0);
        self.grow();
        self.seen[seed_rank as usize] = base;
        self.states.push(seed);
        let mut rank_list = std::mem::take(&mut self.ranks);
        rank_list.clear();
        rank_list.push(seed_rank);
        let mut i = 0;
        while i < self.states.len() {
            let s = self.states[i];
            let r_s = rank_list[i];
            // the sweep's move generation (same order: row lanes, then columns); the ranks
            // are collected first because ranking may lay out new blocks, which `seen` must
            // then grow to cover
            let mut next = std::mem::take(&mut self.next_ranked);
            next.clear();
            for_each_neighbour(t, layout, &mut self.ranker, s, r_s, |np, r| {
                next.push((np, r))
            });
            self.grow();
            for &(np, r) in &next {
                let idx = &mut self.seen[r as usize];
                if *idx == UNSEEN {
                    *idx = base + self.states.len() as u32;
                    self.states.push(np);
                    rank_list.push(r);
                }
                self.adj.push(*idx - base);
            }
            self.next_ranked = next;
            self.adj_start.push(self.adj.len() as u32);
            i += 1;
            if self.states.len() > cap {
                break;
            }
        }
        self.visited = base + self.states.len() as u32;
        self.ranks = rank_list;
        (self.states.len() <= cap).then_some(self.states.len())
    }

    /// Distances to the nearest goal over the stored adjacency; returns the largest.
    fn distances(&mut self, layout: &Layout) -> u32 {
        let n = self.states.len();
        self.dist.clear();
        self.dist.resize(n, u8::MAX);
        self.queue.clear();
        for (i, &s) in self.states.iter().enumerate() {
            if layout.is_goal(s) {
                self.dist[i] = 0;
                self.queue.push(i as u32);
            }
        }
        let mut head = 0;
        let mut max = 0u8;
        while head < self.queue.len() {
            let u = self.queue[head] as usize;
            head += 1;
            let du = self.dist[u];
            max = du;
            for &w in &self.adj[self.adj_start[u] as usize..self.adj_start[u + 1] as usize] {
                if self.dist[w as usize] == u8::MAX {
                    self.dist[w as usize] = du + 1;
                    self.queue.push(w);
                }
            }
        }
        u32::from(max)
    }

    /// Optimal number of moves of `start` in `layout` if it is at most `max_depth`.
    ///
    /// Breadth first, keeping only positions that may still reach a goal in time: a position
    /// `g` moves from the start is dropped when `g` plus `moves_left_at_least` exceeds
    /// `max_depth`. No position on a path that reaches a goal within `max_depth` is ever
    /// dropped (along such a path `g` plus the true distance is at most `max_depth`, and the
    /// bound never exceeds the true distance), so the depth returned is still the optimum; the
    /// last layer, where only goals count, is never stored, and only the red car's slides
    /// (the only ones that can reach a goal) are generated for it. Each successor's bound is
    /// updated from its parent's (see `Here`) rather than recomputed.
    pub fn solve_within(&mut self, layout: &Layout, start: u64, max_depth: u32) -> Option<u32> {
        let t = tables();
        if layout.is_goal(start) {
            return Some(0);
        }
        if moves_left_at_least(t, layout, start) > max_depth {
            return None;
        }
        self.set.clear();
        self.frontier.clear();
        self.set.insert(start);
        self.frontier.push(start);
        let red_kind = layout.kinds[RED_ROW];
        for depth in 1..=max_depth {
            let left = max_depth - depth;
            self.next.clear();
            let (set, next) = (&mut self.set, &mut self.next);
            for &s in &self.frontier {
                let occ = layout.occupancy(t, s);
                let red_moves = t.moves(red_kind, digit(s, RED_ROW), layout.blocked(&occ, RED_ROW));
                if left == 0 {
                    if red_moves
                        .iter()
                        .any(|&(nd, _)| layout.is_goal(with_digit(s, RED_ROW, nd)))
                    {
                        return Some(depth);
                    }
                    continue;
                }
                let here = Here::new(t, layout, s, occ);
                for &(nd, _) in red_moves {
                    let np = with_digit(s, RED_ROW, nd);
                    if layout.is_goal(np) {
                        return Some(depth);
                    }
                    if here.after_red_row(t, layout, nd) <= left && set.insert(np) {
                        next.push(np);
                    }
                }
                for lane in (0..LANES).filter(|&l| l != RED_ROW) {
                    let kind = layout.kinds[lane];
                    if kind == EMPTY {
                        continue;
                    }
                    let d = digit(s, lane);
                    for &(nd, _) in t.moves(kind, d, layout.blocked(&occ, lane)) {
                        if here.after(t, layout, lane, d, nd) <= left {
                            let np = with_digit(s, lane, nd);
                            if set.insert(np) {
                                next.push(np);
                            }
                        }
                    }
                }
            }
            if self.next.is_empty() {
                return None;
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        None
    }

    /// Explores and classifies the component of `seed`. `walls_matter` adds the published
    /// database's extra condition that removing any wall must also lower the moves.
    pub fn component(
        &mut self,
        layout: &Layout,
        seed: u64,
        seed_rank: u64,
        walls_matter: bool,
    ) -> ComponentInfo {
        let t = tables();
        let size = self
            .explore(t, layout, seed, seed_rank, usize::MAX)
            .expect("no cap");
        let moves = self.distances(layout);
        let (best, best_str) = self.hardest(layout, moves);
        let minimal = self.is_minimal(layout, best, moves, walls_matter);
        ComponentInfo {
            size: size as u64,
            moves,
            hardest: best_str,
            minimal,
        }
    }

    /// The hardest position of the component just explored (at distance `moves`): its index
    /// and normalised string. Ties go to the smallest normalised string.
    fn hardest(&self, layout: &Layout, moves: u32) -> (usize, [u8; CELLS]) {
        let mut best = usize::MAX;
        let mut best_str = [u8::MAX; CELLS];
        for (i, &d) in self.dist.iter().enumerate() {
            if u32::from(d) == moves {
                if let Some(s) = layout.normalised_below(self.states[i], &best_str) {
                    best = i;
                    best_str = s;
                }
            }
        }
        (best, best_str)
    }

    /// Explores the component of `seed` in `layout` (a new layout: the layout's numbering
    /// is reset) and finds its hardest position; `None` when the component has no goal. The
    /// generator's evaluation: the same exploration, distances and tie rule as the
    /// enumeration, without the minimality test. Also `None` when the component holds more
    /// than `cap` positions (the exploration stops there).
    pub(crate) fn farthest(&mut self, layout: &Layout, seed: u64, cap: usize) -> Option<Farthest> {
        let t = tables();
        self.begin_layout(layout);
        let rank = self.ranker.rank(t, seed);
        let size = self.explore(t, layout, seed, rank, cap)?;
        if !self.states.iter().any(|&s| layout.is_goal(s)) {
            return None;
        }
        let moves = self.distances(layout);
        let (index, hardest) = self.hardest(layout, moves);
        Some(Farthest {
            size: size as u64,
            moves,
            hardest,
            position: self.states[index],
            index,
        })
    }

    /// After [`Scratch::farthest`]: a vehicle of the hardest position whose removal does
    /// not lower its optimal moves, as `(lane, index in lane)` for [`Layout::without`];
    /// `None` when the hardest position is minimal.
    pub(crate) fn needless_vehicle(
        &mut self,
        layout: &Layout,
        found: &Farthest,
    ) -> Option<(usize, usize)> {
        let moved = self.moved_by_a_solution(layout, found.index);
        self.needless_unless_moved(layout, found.position, &moved, found.moves)
    }

    /// The smallest normalised string of the component just classified.
    pub fn key(&self, layout: &Layout) -> [u8; CELLS] {
        let mut key = [u8::MAX; CELLS];
        for &s in &self.states {
            if let Some(n) = layout.normalised_below(s, &key) {
                key = n;
            }
        }
        if self.states.is_empty() {
            [b'o'; CELLS]
        } else {
            key
        }
    }

    fn is_minimal(
        &mut self,
        layout: &Layout,
        hardest: usize,
        moves: u32,
        walls_matter: bool,
    ) -> bool {
        let moved = self.moved_by_a_solution(layout, hardest);
        let p = self.states[hardest];
        self.minimal_unless_moved(layout, p, &moved, moves, walls_matter)
    }

    /// The vehicles one optimal solution of state `hardest` moves (bit `v` of `moved[lane]`),
    /// walking the stored distances down. Those need no minimality test: replaying that
    /// solution without them is shorter.
    fn moved_by_a_solution(&self, layout: &Layout, hardest: usize) -> [u8; LANES] {
        let t = tables();
        let mut moved = [0u8; LANES];
        let mut at = hardest;
        while self.dist[at] > 0 {
            let d = self.dist[at];
            let next = self.adj[self.adj_start[at] as usize..self.adj_start[at + 1] as usize]
                .iter()
                .map(|&w| w as usize)
                .find(|&w| self.dist[w] + 1 == d)
                .expect("a neighbour one move closer to the goal");
            let (lane, v) = moved_vehicle(t, layout, self.states[at], self.states[next]);
            moved[lane] |= 1 << v;
            at = next;
        }
        moved
    }

    /// Whether position `p` (optimal moves `moves`) is minimal, given `moved`: bit `v` of
    /// `moved[lane]` is set for each vehicle that one optimal solution of `p` moves (those need
    /// no test: replaying that solution without them is shorter). The others are removed one
    /// at a time and re-solved within `moves - 1`.
    pub(crate) fn minimal_unless_moved(
        &mut self,
        layout: &Layout,
        p: u64,
        moved: &[u8; LANES],
        moves: u32,
        walls_matter: bool,
    ) -> bool {
        if self
            .needless_unless_moved(layout, p, moved, moves)
            .is_some()
        {
            return false;
        }
        if walls_matter {
            let mut walls = layout.walls;
            while walls != 0 {
                let cell = walls.trailing_zeros() as usize;
                walls &= walls - 1;
                let smaller = layout.without_wall(cell);
                if moves == 0 || self.solve_within(&smaller, p, moves - 1).is_none() {
                    return false;
                }
            }
        }
        true
    }
}

impl Scratch {
    /// The first vehicle (lane by lane) not in `moved` whose removal from `p` (optimal moves
    /// `moves`) leaves a board that still needs `moves` moves: the witness that `p` is not
    /// minimal, or `None` when it is (as far as vehicles go).
    fn needless_unless_moved(
        &mut self,
        layout: &Layout,
        p: u64,
        moved: &[u8; LANES],
        moves: u32,
    ) -> Option<(usize, usize)> {
        let t = tables();
        for (lane, &moved_here) in moved.iter().enumerate() {
            let n = t.kinds[usize::from(layout.kinds[lane])].lens.len();
            for v in 0..n {
                if moved_here >> v & 1 == 1 {
                    continue;
                }
                let Some((smaller, q)) = layout.without(p, lane, v) else {
                    continue; // the red car
                };
                if moves == 0 || self.solve_within(&smaller, q, moves - 1).is_none() {
                    return Some((lane, v));
                }
            }
        }
        None
    }
}

/// What [`Scratch::farthest`] learns about one solvable component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Farthest {
    /// Positions in the component.
    pub size: u64,
    /// Distance of the hardest position from the nearest goal.
    pub moves: u32,
    /// The hardest position, normalised.
    pub hardest: [u8; CELLS],
    /// The hardest position, packed in its layout.
    pub position: u64,
    /// Its index among the explored states (valid until the next exploration).
    index: usize,
}

/// A lower bound on the moves `p` needs (admissible: never above the true distance, the
/// condition under which [`Scratch::solve_within`] may drop positions): none at a goal;
/// otherwise the number of vehicles that provably move at least once in every solution, each
/// such vehicle taking at least one move of its own (a move slides one vehicle):
///
/// - the red car;
/// - every *blocker*: a vertical vehicle on a cell of the red car's row right of the red car
///   (the red car must cross that cell, and only the blocker's own move clears it);
/// - one more when some blocker `B` is *stuck*: it can leave the red car's row in neither
///   direction as the board stands (upwards it must end on the rows above, downwards on the
///   rows below, crossing every cell between; a direction is closed when one of those cells
///   is off the board, a wall, or taken by another vehicle). Walls and the board's edge never
///   change, so if no vehicle but the red car and the blockers ever moved, `B`'s column would
///   keep every cell but `B`'s own as it is (the red car stays in its row; each other blocker
///   in its own column, since a column's cell on the red car's row holds one vehicle at most),
///   both directions would stay closed and the red car could never pass `B`. So some other
///   vehicle moves: one taking a cell of `B`'s column outside the red car's row, hence neither
///   the red car nor a blocker. Several stuck blockers add only one, since one vehicle may
///   close the way of several (a horizontal truck under two of them).
///
/// A position with no solution (a blocker walled in both ways) gets a finite bound, which is
/// trivially admissible.
#[inline]
pub(crate) fn moves_left_at_least(t: &Tables, layout: &Layout, p: u64) -> u32 {
    if layout.is_goal(p) {
        return 0;
    }
    Here::new(t, layout, p, layout.occupancy(t, p)).bound()
}

/// What [`moves_left_at_least`] reads of one position, kept while its successors are
/// generated: a move changes one lane, so a successor's bound is this one's with at most the
/// moved lane's share (or, for a row move, the codes of the columns it crosses) looked up
/// again.
pub(crate) struct Here {
    p: u64,
    occ: Occupancy,
    /// Columns right of the red car (bit `j` for column `j`).
    right: u32,
    /// Every column's [`Tables::red_row_code`] shifted left by the column: two column masks,
    /// one byte apart (covers the red car's row; stuck there).
    cols: u32,
}

/// The flags of [`Tables::red_row_code`], for one column.
const CODE_BITS: u32 = CROSSES_RED_ROW | STUCK_ON_RED_ROW;

impl Here {
    #[inline]
    pub(crate) fn new(t: &Tables, layout: &Layout, p: u64, occ: Occupancy) -> Here {
        let mut cols = 0u32;
        for j in 0..6 {
            cols |= column_code(t, layout, p, j, layout.blocked(&occ, 6 + j)) << j;
        }
        Here {
            p,
            occ,
            right: right_of_red(t, layout, digit(p, RED_ROW)),
            cols,
        }
    }

    /// The bound at this position (not a goal).
    #[inline]
    pub(crate) fn bound(&self) -> u32 {
        bound_of(self.right, self.cols)
    }

    /// The bound after a slide in the red car's row to digit `nd` (the caller checks for a
    /// goal first): only the red car's place can change what is right of it (vehicles left
    /// of it stay left of it, and the columns' codes never read the red car's row).
    #[inline]
    pub(crate) fn after_red_row(&self, t: &Tables, layout: &Layout, nd: u8) -> u32 {
        bound_of(right_of_red(t, layout, nd), self.cols)
    }

    /// The bound after lane `lane` (not the red car's row) slides from digit `d` to `nd`.
    #[inline]
    pub(crate) fn after(&self, t: &Tables, layout: &Layout, lane: usize, d: u8, nd: u8) -> u32 {
        let kind = layout.kinds[lane];
        if lane < 6 {
            // a row vehicle changes the blocked cells of the columns it leaves or enters,
            // which matters only to a blocker's stuck status
            let mut changed =
                u32::from(t.mask(kind, d) ^ t.mask(kind, nd)) & self.cols & self.right;
            if changed == 0 {
                return self.bound();
            }
            let mut cols = self.cols;
            while changed != 0 {
                let j = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                let blocked = layout.blocked(&self.occ, 6 + j) ^ (1 << lane);
                cols = cols & !(CODE_BITS << j) | column_code(t, layout, self.p, j, blocked) << j;
            }
            bound_of(self.right, cols)
        } else {
            let j = lane - 6;
            let code = t.red_row_code[(usize::from(kind) * MAX_DIGITS + usize::from(nd)) * 64
                + usize::from(layout.blocked(&self.occ, lane))];
            bound_of(self.right, self.cols & !(CODE_BITS << j) | code << j)
        }
    }
}

/// [`Tables::red_row_code`] of column `j` of `p` with `blocked` cells.
#[inline]
fn column_code(t: &Tables, layout: &Layout, p: u64, j: usize, blocked: u8) -> u32 {
    let kind = layout.kinds[6 + j];
    t.red_row_code[(usize::from(kind) * MAX_DIGITS + usize::from(digit(p, 6 + j))) * 64
        + usize::from(blocked)]
}

/// Cells of the red car's row right of the red car, when the row's digit is `d`.
#[inline]
fn right_of_red(t: &Tables, layout: &Layout, d: u8) -> u32 {
    let kind = usize::from(layout.kinds[RED_ROW]);
    let masks = &t.vehicle_masks[kind * MAX_DIGITS + usize::from(d)];
    let red = u32::from(masks[usize::from(t.red_of[kind])]);
    0x3f & !((1u32 << (32 - red.leading_zeros())) - 1)
}

/// [`moves_left_at_least`] from the columns right of the red car and the columns' codes: the
/// red car, the blockers, and one more vehicle if some blocker is stuck.
#[inline]
fn bound_of(right: u32, cols: u32) -> u32 {
    let here = cols & (right * CODE_BITS);
    1 + (here & 0x3f).count_ones() + u32::from(here >> 8 != 0)
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::*;

    fn classify(s: &str) -> ComponentInfo {
        let (layout, p) = Layout::from_board(&Board::parse(s).unwrap()).unwrap();
        let mut scratch = Scratch::default();
        scratch.begin_layout(&layout);
        let r = scratch.ranker.rank(tables(), p);
        scratch.component(&layout, p, r, false)
    }

    #[test]
    fn lone_red_car() {
        let info = classify("ooooooooooooAAoooooooooooooooooooooo");
        assert_eq!((info.size, info.moves, info.minimal), (5, 1, true));
        assert_eq!(&info.hardest[..], b"ooooooooooooAAoooooooooooooooooooooo");
    }

    #[test]
    fn hardest_known_puzzle() {
        let info = classify("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo");
        assert_eq!((info.size, info.moves, info.minimal), (4780, 51, true));
        assert_eq!(
            &info.hardest[..],
            super::super::board::normalise("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")
                .unwrap()
                .as_bytes()
        );
    }

    /// Every position of a component, its exact distance to the goals and its layout.
    fn component_of(s: &str) -> (Layout, Vec<u64>, Vec<u8>) {
        let (layout, p) = Layout::from_board(&Board::parse(s).unwrap()).unwrap();
        let mut scratch = Scratch::default();
        scratch.begin_layout(&layout);
        let r = scratch.ranker.rank(tables(), p);
        scratch.component(&layout, p, r, false);
        (layout, scratch.states.clone(), scratch.dist.clone())
    }

    /// Hard components without walls and with one or two (a wall under or over a blocker
    /// closes one of its ways out for good).
    const BOUND_SAMPLES: [&str; 7] = [
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
        "oBoooooBooCCAAoDoooEoDooFEooooFGGGoo",
        "BBoCooDDoCoEoAAoFEGoHHFoGoIIJoKKKoJo",
        "xooooBooCDDBEoCAAFEoGHHFIoGJKKILLJoo",
        "xoBooCooBDDCEAAooFEGHIIFJGHKLLJMMKoo",
        "BBCDDoEoCoFoEoAAFGHHoIxGJJoIoGKKLLoo",
        "BBBCCoooDEFFAADEGHIJJJGHIoKKoxLLoooo",
    ];

    #[test]
    fn the_bound_never_exceeds_the_distance_and_its_updates_are_exact() {
        // Every position of whole components against the exact distances, and the bound each
        // successor gets from its parent's (`Here::after*`) against the bound computed from
        // scratch. Also counts the positions where the stuck term decides (the bound is then
        // exact and one less without it) and where a wall makes a blocker stuck, so the test
        // sees the rule and its wall case at work.
        let t = tables();
        let (mut tight_by_stuck, mut stuck_by_wall, mut checked) = (0, 0, 0);
        for s in BOUND_SAMPLES {
            let (layout, states, dist) = component_of(s);
            assert!(states.len() > 100, "{s}");
            let open = Layout::new(layout.kinds, 0);
            for (&q, &d) in states.iter().zip(&dist) {
                let h = moves_left_at_least(t, &layout, q);
                assert!(h <= u32::from(d), "{s}: bound {h} > distance {d}");
                if layout.is_goal(q) {
                    continue;
                }
                let here = Here::new(t, &layout, q, layout.occupancy(t, q));
                assert_eq!(here.bound(), h);
                let stuck = here.cols >> 8 & here.right;
                if stuck != 0 && h == u32::from(d) {
                    tight_by_stuck += 1;
                }
                let no_walls = Here::new(t, &open, q, open.occupancy(t, q));
                if stuck & !(no_walls.cols >> 8) != 0 {
                    stuck_by_wall += 1;
                }
                layout.for_each_move(t, q, |np, lane, _| {
                    if layout.is_goal(np) {
                        return;
                    }
                    let (d0, nd) = (digit(q, lane), digit(np, lane));
                    let updated = if lane == RED_ROW {
                        here.after_red_row(t, &layout, nd)
                    } else {
                        here.after(t, &layout, lane, d0, nd)
                    };
                    assert_eq!(updated, moves_left_at_least(t, &layout, np), "{s}");
                    checked += 1;
                });
            }
        }
        assert!(tight_by_stuck > 100, "{tight_by_stuck}");
        assert!(stuck_by_wall > 10, "{stuck_by_wall}");
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn bounded_solves_are_exact_and_the_bound_is_a_bound() {
        // positions of a few components: the bounded search against the component's own
        // distances, at the exact budget and one short of it
        for s in BOUND_SAMPLES {
            let (layout, states, dist) = component_of(s);
            let mut scratch = Scratch::default();
            let step = states.len() / 150 + 1;
            for (i, (&q, &d)) in states.iter().zip(&dist).enumerate().step_by(step) {
                let d = u32::from(d);
                assert!(moves_left_at_least(tables(), &layout, q) <= d);
                assert_eq!(scratch.solve_within(&layout, q, d), Some(d), "{s} #{i}");
                if d > 0 {
                    assert_eq!(scratch.solve_within(&layout, q, d - 1), None, "{s} #{i}");
                }
                assert_eq!(scratch.solve_within(&layout, q, d + 2), Some(d), "{s} #{i}");
            }
        }
    }

    #[test]
    fn a_useless_vehicle_makes_it_not_minimal() {
        // a car far from everything: removing it changes nothing
        let info = classify("ooooooooooooAAooooooooooooooooooooBB");
        assert_eq!(info.moves, 1);
        assert!(!info.minimal);
    }
}
