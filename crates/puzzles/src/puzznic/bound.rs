//! Admissible lower bounds on the player moves still needed, and sound dead-end detection.
//!
//! Facts used (each a relaxation of the rules, so every bound is a true lower bound):
//!
//! 1. A piece changes column only when the player moves it, one column per move; falling is
//!    free. Ignoring other pieces, a piece on cell `p` can reach cell `a` with at least
//!    `d(p, a)` moves: a 0-1 shortest path where "down" costs 0 and "left"/"right" cost 1,
//!    over non-wall cells (it may stand anywhere, since another piece could hold it up).
//! 2. Every piece vanishes in a group of two or more matching pieces that are orthogonally
//!    adjacent at that moment. So the pieces of one type are partitioned into groups; every
//!    member of a group ends next to another member.
//! 3. Two pieces `p`, `q` that end adjacent needed at least
//!    `pair(p, q) = min over adjacent cells a, b of d(p, a) + d(q, b)` moves between them
//!    (infinite if they can never meet: separated chambers).
//! 4. A group of `k` pieces occupies a connected set of cells, hence at most `k` consecutive
//!    columns: its pieces needed at least `min over x of Σ dist(col_i, [x, x + k - 1])` moves;
//!    and each member `u` ends next to some member `v`, so at least `min_v pair(u, v)`.
//!
//! Moves of different pieces are different moves, so group bounds add up over groups and
//! over types. The best partition is found by a small dynamic program over subsets (cached:
//! the same placements of one type recur in millions of boards). A piece with no possible
//! partner (the last piece of its type, or one walled off from all others of its type) makes
//! the board a dead end: it can never vanish, so the board can never be cleared.
//!
//! **Sealed stacks** (a second sound dead-end test, [`Analysis::sealed_dead_end`]). Call a
//! side of a cell *closed* for a piece of type `t` if it is a wall (no playable cell), or an
//! *alcove* holding a piece of another type: a playable cell whose three other neighbours are
//! walls. A piece belongs to the *sealed set* F if both its sides are closed for it and the
//! cell below it is a wall or holds a piece of F of another type (found bottom-up from the
//! floor, so F is a union of vertical stacks standing on walls). Then:
//!
//! - No piece of F ever moves: it cannot fall (wall or an F piece below), and cannot step
//!   sideways (a wall, or an alcove piece, which itself can never move or vanish while its
//!   only open neighbour, the F piece, is there and of another type). So a piece of F leaves
//!   only by vanishing, and by induction on time the first F piece to change in any future is
//!   the top of its stack, vanishing through the cell *above* it (every other neighbour is a
//!   wall, an alcove piece or an F piece of another type).
//! - So each F piece `p` vanishes in a group holding the piece then on the cell above `p`;
//!   that piece is not in F (F pieces never move, and the F piece that was above `p`, if any,
//!   vanished first), and pieces on the same cell at the same time, or vanished at different
//!   times, are different pieces. Hence every F piece of type `t` uses up its own non-F piece
//!   of type `t`: if F holds more pieces of type `t` than the rest of the board does, the
//!   board can never be cleared.
//!
//! (Groups of three or more exist, so no parity-like claim is made about the pieces left
//! over: a group may take two of the outside pieces at once.)

use super::bits::{Bits, Board, Layout, WORDS};
use super::board::{Geometry, NONE};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::collections::VecDeque;

/// "Impossible" in the distance tables.
const INF8: u8 = u8::MAX;
/// "Impossible" as a bound.
const INF: u32 = u32::MAX / 4;
/// Largest number of pieces of one type for which the exact subset program runs; above it a
/// weaker (still admissible) bound is used.
const DP_MAX: usize = 10;

/// Precomputed distances for one level's geometry, and a cache of per-type bounds.
///
/// `Clone` gives a parallel search one copy per thread (the caches are not shared).
#[derive(Clone)]
pub struct Analysis {
    n: usize,
    /// `pair[p * n + q]`: fact 3, or [`INF8`].
    pair: Vec<u8>,
    /// Column of each playable cell.
    col: Vec<u8>,
    cache: RefCell<FxHashMap<u128, u32>>,
    /// Cache of [`Analysis::next_vanish`] per type placement.
    next_cache: RefCell<FxHashMap<u128, u32>>,
    /// Floors of sealed stacks (module doc): cells standing on a wall whose sides are both
    /// walls or alcoves, each with the cells above it that are sealed too.
    stacks: Vec<Vec<u16>>,
    /// Per playable cell, its left and right sides: [`NONE`] for a wall, the alcove's cell,
    /// or [`OPEN`].
    sides: Vec<[u16; 2]>,
    /// The level's cells as bits.
    layout: Layout,
    /// The cells the sealed-stack test reads: the stacks and their alcoves.
    zone: Bits<WORDS>,
}

/// A board and the bound of each of its types (index 0 unused; [`INF`] for a type that can
/// never vanish): what [`Analysis::moves_bound_board`] reuses for the successors of that board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TypeCosts<const K: usize> {
    board: Board<K>,
    /// The cells of each type.
    masks: [Bits<K>; 10],
    costs: [u32; 10],
    /// Pieces per type.
    total: [u8; 10],
    /// The sealed set's pieces per type ([`Analysis::sealed_dead_end`]).
    sealed: Option<[u8; 10]>,
}

/// Pieces per type of a bitboard (index 0 unused).
fn type_totals<const K: usize>(board: &Board<K>) -> [u8; 10] {
    let mut total = [0u8; 10];
    for (t, n) in total.iter_mut().enumerate().skip(1) {
        *n = board.of_type(t as u8).count() as u8;
    }
    total
}

/// A side that is neither a wall nor an alcove (see [`Analysis::sealed_dead_end`]).
const OPEN: u16 = u16::MAX - 1;

impl Analysis {
    /// Runs the distance computations (O(n³) for n playable cells, at most 16 M steps).
    pub fn new(geometry: &Geometry) -> Analysis {
        let n = geometry.len();
        // d[p * n + a]: fact 1, by 0-1 BFS from every cell.
        let mut d = vec![INF8; n * n];
        let mut queue = VecDeque::new();
        for p in 0..n {
            let row = &mut d[p * n..(p + 1) * n];
            row[p] = 0;
            queue.push_back(p);
            while let Some(a) = queue.pop_front() {
                let da = row[a];
                let down = geometry.down[a];
                if down != NONE && row[down as usize] > da {
                    row[down as usize] = da;
                    queue.push_front(down as usize);
                }
                for side in [geometry.left[a], geometry.right[a]] {
                    if side != NONE && row[side as usize] > da.saturating_add(1) {
                        row[side as usize] = da.saturating_add(1);
                        queue.push_back(side as usize);
                    }
                }
            }
        }
        // near[p * n + b] = min over a adjacent to b of d(p, a).
        let mut near = vec![INF8; n * n];
        for p in 0..n {
            for b in 0..n {
                let mut best = INF8;
                for a in geometry.neighbours(b) {
                    if a != NONE {
                        best = best.min(d[p * n + a as usize]);
                    }
                }
                near[p * n + b] = best;
            }
        }
        // pair[p * n + q] = min over b of near(p, b) + d(q, b).
        let mut pair = vec![INF8; n * n];
        for p in 0..n {
            for q in p..n {
                let mut best = INF8 as u16;
                for b in 0..n {
                    let (x, y) = (near[p * n + b], d[q * n + b]);
                    if x != INF8 && y != INF8 {
                        best = best.min(x as u16 + y as u16);
                    }
                }
                let best = best.min(INF8 as u16 - 1) as u8;
                let best = if best == INF8 - 1 && !reachable(&near, &d, n, p, q) {
                    INF8
                } else {
                    best
                };
                pair[p * n + q] = best;
                pair[q * n + p] = best;
            }
        }
        let (stacks, sides) = sealed_cells(geometry);
        let mut zone = Bits::ZERO;
        for &c in stacks.iter().flatten() {
            zone = zone | Bits::bit(geometry.layout.bit[c as usize] as usize);
            for side in sides[c as usize] {
                if side != NONE && side != OPEN {
                    zone = zone | Bits::bit(geometry.layout.bit[side as usize] as usize);
                }
            }
        }
        Analysis {
            n,
            pair,
            col: geometry.pos.iter().map(|&(_, c)| c).collect(),
            cache: RefCell::new(FxHashMap::default()),
            next_cache: RefCell::new(FxHashMap::default()),
            stacks,
            sides,
            layout: geometry.layout.clone(),
            zone,
        }
    }

    /// The sealed-stack test of the module doc: true when the sealed set F holds more pieces
    /// of some type than the rest of the board, so the board can never be cleared.
    pub fn sealed_dead_end(&self, cells: &[u8]) -> bool {
        self.counts(&|i| cells[i])
            .is_some_and(|sealed| over_sealed(&sealed, &type_counts(cells)))
    }

    /// Pieces per type in the sealed set F, or `None` when F is empty.
    fn counts(&self, type_at: &impl Fn(usize) -> u8) -> Option<[u8; 10]> {
        if self.stacks.is_empty() {
            return None;
        }
        let mut sealed = [0u8; 10];
        let mut any = false;
        for stack in &self.stacks {
            let mut below = 0u8; // type of the F piece below (0: the floor)
            for &c in stack {
                let t = type_at(c as usize);
                if t == 0 || t == below {
                    break; // empty, or about to vanish with the piece below
                }
                let closed = self.sides[c as usize].iter().all(|&s| match s {
                    NONE => true,
                    OPEN => false,
                    alcove => {
                        let a = type_at(alcove as usize);
                        a != 0 && a != t
                    }
                });
                if !closed {
                    break;
                }
                sealed[t as usize] += 1;
                any = true;
                below = t;
            }
        }
        any.then_some(sealed)
    }

    /// Fact 3 for two cells (`None` when the pieces can never meet).
    pub fn pair(&self, p: usize, q: usize) -> Option<u32> {
        match self.pair[p * self.n + q] {
            INF8 => None,
            v => Some(v as u32),
        }
    }

    /// A lower bound on the player moves needed to clear `cells`, or `None` if it can never
    /// be cleared (a dead end).
    pub fn moves_bound(&self, cells: &[u8]) -> Option<u32> {
        let board = Board::<WORDS>::from_cells(&self.layout, cells);
        self.moves_bound_board(&board, None)
    }

    /// [`Analysis::moves_bound`] of a bitboard. The bound is a sum over types of a cost that
    /// depends on that type's cells only, so given `parent` (a board this one was generated
    /// from, with its per-type costs) only the types found on the cells that differ are
    /// computed again: one type after a plain move, a few when groups vanish or pieces fall.
    /// The others keep the parent's cost without a look-up.
    #[inline]
    pub(crate) fn moves_bound_board<const K: usize>(
        &self,
        board: &Board<K>,
        parent: Option<&TypeCosts<K>>,
    ) -> Option<u32> {
        let layout = &self.layout;
        let type_at = |i: usize| board.type_at(layout.bit[i] as usize);
        // Bit `t` set: type `t` is computed here.
        let mut redo: u16 = 0b11_1111_1110;
        let mut sum = 0;
        if let Some(p) = parent {
            let changed = board.differs(&p.board);
            // Every piece on a changed cell came down a chain of moved pieces whose first
            // cell changed too and held the same type, so the types on the changed cells
            // after the cycle are among those before it: the parent's masks tell them all.
            redo = 0;
            let mut total = p.total;
            let per_type = p.masks.iter().zip(&p.costs).zip(total.iter_mut());
            for (t, ((&mask, &cost), n)) in per_type.enumerate().skip(1) {
                if !(mask & changed).is_zero() {
                    redo |= 1 << t;
                    // Only vanishing changes a count, and only of a changed type.
                    *n = board.of_type(t as u8).count() as u8;
                } else {
                    if cost >= INF {
                        return None;
                    }
                    sum += cost;
                }
            }
            // The sealed set is read from the stacks and their alcoves only.
            let sealed = if (changed & Bits::narrow(&self.zone)).is_zero() {
                p.sealed
            } else {
                self.counts(&type_at)
            };
            if sealed.is_some_and(|sealed| over_sealed(&sealed, &total)) {
                return None; // the sealed-stack test (`sealed_dead_end`)
            }
        } else if let Some(sealed) = self.counts(&type_at) {
            if over_sealed(&sealed, &type_totals(board)) {
                return None; // the sealed-stack test (`sealed_dead_end`)
            }
        }
        for t in 1..10u8 {
            if redo >> t & 1 == 0 {
                continue;
            }
            let mine = board.of_type(t);
            if mine.is_zero() {
                continue;
            }
            let cost = self.mask_cost(mine);
            if cost >= INF {
                return None;
            }
            sum += cost;
        }
        Some(sum)
    }

    /// The per-type costs of a board, for [`Analysis::moves_bound_board`] on its successors.
    pub(crate) fn type_costs<const K: usize>(&self, board: &Board<K>) -> TypeCosts<K> {
        let mut costs = [0; 10];
        let mut masks = [Bits::ZERO; 10];
        let mut total = [0; 10];
        for t in 1..10 {
            let mine = board.of_type(t as u8);
            if !mine.is_zero() {
                masks[t] = mine;
                total[t] = mine.count() as u8;
                costs[t] = self.mask_cost(mine);
            }
        }
        let layout = &self.layout;
        TypeCosts {
            board: *board,
            masks,
            costs,
            total,
            sealed: self.counts(&|i| board.type_at(layout.bit[i] as usize)),
        }
    }

    /// The bound for the pieces of one type on the cells of `mine` (or [`INF`]): see
    /// [`Analysis::type_bound`], which caches it by placement.
    #[inline]
    fn mask_cost<const K: usize>(&self, mine: Bits<K>) -> u32 {
        let cells = mine.ones().map(|b| self.layout.cell[b]);
        let m = mine.count() as usize;
        if m <= DP_MAX {
            let mut list = [0u16; DP_MAX];
            for (c, i) in list.iter_mut().zip(cells) {
                *c = i;
            }
            self.type_bound(&list[..m])
        } else {
            self.type_bound(&cells.collect::<Vec<u16>>())
        }
    }

    /// A lower bound on the moves before the *next* group vanishes: the cheapest group of two
    /// or more pieces of one type whose vanishing leaves no single piece of that type behind
    /// (fact 4 for that group alone). The goal-directed `--fast` planner steers its short
    /// searches with it; 0 when a group is already in place.
    pub fn next_vanish(&self, cells: &[u8]) -> u32 {
        self.next_vanish_of(cells, 0)
    }

    /// [`Analysis::next_vanish`] for pieces of type `only` (all types when `only` is 0).
    pub fn next_vanish_of(&self, cells: &[u8], only: u8) -> u32 {
        let mut lists = [[0u16; 64]; 10];
        let mut len = [0usize; 10];
        for (i, &t) in cells.iter().enumerate() {
            if t != 0 && len[t as usize] < 64 {
                lists[t as usize][len[t as usize]] = i as u16;
                len[t as usize] += 1;
            }
        }
        let mut best = INF;
        for t in 1..10 {
            if len[t] >= 2 && (only == 0 || only as usize == t) {
                best = best.min(self.type_next(&lists[t][..len[t]]));
            }
        }
        best
    }

    /// [`Analysis::next_vanish`] for the pieces of one type on cells `list` (ascending).
    fn type_next(&self, list: &[u16]) -> u32 {
        let m = list.len();
        match m {
            0 | 1 => INF,
            2 | 3 => self.type_bound(list),
            _ if m <= DP_MAX => {
                let key = list.iter().fold(m as u128, |k, &c| (k << 8) | c as u128);
                if let Some(&v) = self.next_cache.borrow().get(&key) {
                    return v;
                }
                let full = (1u32 << m) - 1;
                let members = Members::new(self, list);
                let mut v = INF;
                for mask in 1..=full {
                    let k = mask.count_ones();
                    if k >= 2 && (full ^ mask).count_ones() != 1 {
                        v = v.min(members.group(mask));
                    }
                }
                self.next_cache.borrow_mut().insert(key, v);
                v
            }
            _ => {
                let mut v = INF;
                for (x, &p) in list.iter().enumerate() {
                    for &q in &list[x + 1..] {
                        v = v.min(self.pair(p as usize, q as usize).unwrap_or(INF));
                    }
                }
                v
            }
        }
    }

    /// The bound for the pieces of one type on cells `list` (sorted ascending).
    fn type_bound(&self, list: &[u16]) -> u32 {
        let m = list.len();
        match m {
            0 => 0,
            1 => INF,
            2 => self.pair(list[0] as usize, list[1] as usize).unwrap_or(INF),
            _ if m <= DP_MAX => {
                let key = list.iter().fold(m as u128, |k, &c| (k << 8) | c as u128);
                if let Some(&v) = self.cache.borrow().get(&key) {
                    return v;
                }
                let v = if m == 3 {
                    self.group_bound(list, 0b111)
                } else {
                    self.partition_bound(list)
                };
                self.cache.borrow_mut().insert(key, v);
                v
            }
            _ => {
                // Too many to partition exactly: every piece needs some partner.
                let mut best = 0;
                for (x, &p) in list.iter().enumerate() {
                    let mut near = INF;
                    for (y, &q) in list.iter().enumerate() {
                        if x != y {
                            near = near.min(self.pair(p as usize, q as usize).unwrap_or(INF));
                        }
                    }
                    best = best.max(near);
                }
                best
            }
        }
    }

    /// Fact 4 for the group `mask` of `list` (members are the set bits).
    fn group_bound(&self, list: &[u16], mask: u32) -> u32 {
        Members::new(self, list).group(mask)
    }

    /// Minimum over partitions of `list` into groups of two or more of the sum of group
    /// bounds (subset dynamic program).
    fn partition_bound(&self, list: &[u16]) -> u32 {
        let m = list.len();
        let full = (1u32 << m) - 1;
        let members = Members::new(self, list);
        let group: Vec<u32> = (0..=full).map(|s| members.group(s)).collect();
        let mut best = vec![INF; (full + 1) as usize];
        best[0] = 0;
        for mask in 1..=full {
            let low = mask & mask.wrapping_neg();
            let rest = mask ^ low;
            // Subsets of `rest`, each joined with the lowest member.
            let mut sub = rest;
            let mut b = INF;
            loop {
                let g = sub | low;
                let cost = group[g as usize];
                if cost < INF {
                    let other = best[(mask ^ g) as usize];
                    if other < INF {
                        b = b.min(cost + other);
                    }
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & rest;
            }
            best[mask as usize] = b;
        }
        best[full as usize]
    }
}

/// Pieces per type (index 0 counts the empty cells).
#[inline]
fn type_counts(cells: &[u8]) -> [u8; 10] {
    let mut total = [0u8; 10];
    for &t in cells {
        total[t as usize] += 1;
    }
    total
}

/// The sealed-stack verdict: more sealed pieces of some type than pieces of it outside F.
#[inline]
fn over_sealed(sealed: &[u8; 10], total: &[u8; 10]) -> bool {
    (1..10).any(|t| sealed[t] > total[t] - sealed[t])
}

/// The pieces of one type (at most [`DP_MAX`]) with their pairwise meeting distances and
/// columns copied into small arrays, so that the bound of each of the up to 2^10 groups the
/// subset programs look at is a few array reads.
struct Members {
    /// `pair[x][y]`: fact 3 for members `x` and `y`, or [`INF`].
    pair: [[u32; DP_MAX]; DP_MAX],
    col: [i32; DP_MAX],
}

impl Members {
    fn new(analysis: &Analysis, list: &[u16]) -> Members {
        let mut pair = [[INF; DP_MAX]; DP_MAX];
        let mut col = [0; DP_MAX];
        for (x, &p) in list.iter().enumerate().take(DP_MAX) {
            col[x] = analysis.col[p as usize] as i32;
            for (y, &q) in list.iter().enumerate().take(DP_MAX) {
                pair[x][y] = analysis.pair(p as usize, q as usize).unwrap_or(INF);
            }
        }
        Members { pair, col }
    }

    /// Fact 4 for the group `mask` (members are the set bits).
    fn group(&self, mask: u32) -> u32 {
        let k = mask.count_ones() as i32;
        if k < 2 {
            return INF;
        }
        let bits = || {
            let mut rest = mask;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let x = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    x
                })
            })
        };
        if k == 2 {
            let a = mask.trailing_zeros() as usize;
            let b = (mask & (mask - 1)).trailing_zeros() as usize;
            return self.pair[a][b];
        }
        let mut partner_bound = 0;
        let (mut lo, mut hi) = (i32::MAX, i32::MIN);
        for u in bits() {
            let row = &self.pair[u];
            let near = bits()
                .filter(|&v| v != u)
                .map(|v| row[v])
                .min()
                .unwrap_or(INF);
            partner_bound = partner_bound.max(near);
            lo = lo.min(self.col[u]);
            hi = hi.max(self.col[u]);
        }
        if partner_bound >= INF {
            return INF;
        }
        let width = k - 1;
        if hi - lo <= width {
            return partner_bound; // the columns already fit in k consecutive ones
        }
        // The cost is convex in x; left of `lo` it only falls with x, and once the window
        // passes `hi` it only rises, so the minimum has x in [lo, hi - width].
        let mut column_bound = u32::MAX;
        for x in lo..=hi - width {
            let cost: i32 = bits()
                .map(|u| {
                    let c = self.col[u];
                    (x - c).max(0) + (c - x - width).max(0)
                })
                .sum();
            column_bound = column_bound.min(cost as u32);
        }
        partner_bound.max(column_bound)
    }
}

/// The sealed stacks and the sides of every cell (see [`Analysis::sealed_dead_end`]).
fn sealed_cells(geometry: &Geometry) -> (Vec<Vec<u16>>, Vec<[u16; 2]>) {
    let n = geometry.len();
    // An alcove next to `from`: its neighbours other than `from` are all walls.
    let alcove = |cell: u16, from: usize| -> bool {
        geometry
            .neighbours(cell as usize)
            .iter()
            .all(|&x| x == NONE || x as usize == from)
    };
    let sides: Vec<[u16; 2]> = (0..n)
        .map(|i| {
            [geometry.left[i], geometry.right[i]].map(|s| {
                if s == NONE {
                    NONE
                } else if alcove(s, i) {
                    s
                } else {
                    OPEN
                }
            })
        })
        .collect();
    let sealed = |i: usize| sides[i].iter().all(|&s| s != OPEN);
    let mut stacks = Vec::new();
    for floor in 0..n {
        if geometry.down[floor] != NONE || !sealed(floor) {
            continue;
        }
        let mut stack = vec![floor as u16];
        let mut c = geometry.up[floor];
        while c != NONE && sealed(c as usize) {
            stack.push(c);
            c = geometry.up[c as usize];
        }
        stacks.push(stack);
    }
    (stacks, sides)
}

/// Whether some adjacent pair of cells is reachable by both `p` and `q` at all (used only to
/// tell a saturated distance from an impossible one).
fn reachable(near: &[u8], d: &[u8], n: usize, p: usize, q: usize) -> bool {
    (0..n).any(|b| near[p * n + b] != INF8 && d[q * n + b] != INF8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzznic::parse;

    fn bound(text: &str) -> Option<u32> {
        let p = parse(text).unwrap();
        Analysis::new(&p.geometry).moves_bound(&p.start)
    }

    #[test]
    fn single_piece_of_a_type_is_a_dead_end() {
        assert_eq!(bound("#1.2.2#\n#######\n"), None);
    }

    #[test]
    fn walled_off_pair_is_a_dead_end() {
        assert_eq!(bound("#1#1#\n#####\n"), None);
        assert_eq!(bound("#1.1#\n#####\n"), Some(1));
    }

    fn sealed(text: &str) -> bool {
        let p = parse(text).unwrap();
        Analysis::new(&p.geometry).sealed_dead_end(&p.start)
    }

    #[test]
    fn sealed_stack_needs_an_outside_partner_per_piece() {
        // A one-wide shaft holding 1, 2, 1 from the floor and one 1 outside: the lower 1 can
        // only vanish with a piece dropped onto it after the upper one has, so the two sealed
        // 1s need two outside 1s. (Every type has a partner, so only this test sees it.)
        let shaft = "#1.2..#\n#####1#\n#####2#\n#####1#\n#######\n";
        assert!(sealed(shaft));
        assert_eq!(bound(shaft), None);
        // Two 1s outside: enough partners, not flagged.
        assert!(!sealed("#1.21.#\n#####1#\n#####2#\n#####1#\n#######\n"));
        // An alcove beside the bottom holding another type closes that side ...
        assert!(sealed("#1.23.#\n#####1#\n#####2#\n####31#\n#######\n"));
        // ... an empty one does not (the 1 can step into it), nor one of the same type.
        assert!(!sealed("#1.23.#\n#####1#\n#####2#\n####.1#\n#######\n"));
        assert!(!sealed("#1.23.#\n#####1#\n#####2#\n####11#\n#######\n"));
        // A shaft cell with an open side is no stack: nothing above it counts.
        assert!(!sealed(
            "#1.2..#\n#####1#\n#####2#\n####.1#\n####.##\n#######\n"
        ));
        // Two equal pieces on top of each other are about to vanish: the upper one is not
        // sealed (here the sealed part is the lower 1 alone, with two 1s outside).
        assert!(!sealed("#1.2.1#\n#####1#\n#####1#\n#######\n"));
    }

    #[test]
    fn pair_distance_counts_detours_around_walls() {
        // The upper piece steps right once and falls next to its twin.
        assert_eq!(bound("#1..#\n##.1#\n#####\n"), Some(1));
        // Here it needs two steps before the hole lets it down.
        assert_eq!(bound("#1...#\n###.1#\n######\n"), Some(2));
    }

    fn next(text: &str, only: u8) -> u32 {
        let p = parse(text).unwrap();
        Analysis::new(&p.geometry).next_vanish_of(&p.start, only)
    }

    #[test]
    fn next_vanish_is_the_cheapest_group_that_leaves_no_single_piece() {
        // A pair already in place: the next group vanishes with no move.
        assert_eq!(next("#11.2..2#\n#########\n", 0), 0);
        // Only the 2s: three columns apart, so two moves.
        assert_eq!(next("#11.2..2#\n#########\n", 2), 2);
        // Three of a kind must vanish together: the far one counts (the pair alone would
        // leave a single piece), unlike the whole-board bound's cheapest partner.
        assert_eq!(next("#11....1#\n#########\n", 1), 4);
        // Four of a kind may go two by two: the adjacent pair is next, at no cost.
        assert_eq!(next("#11....11#\n##########\n", 1), 0);
        assert_eq!(next("#1.1...1.1#\n###########\n", 1), 1);
        // A type with one piece never vanishes, and a board of such is "infinitely far".
        assert!(next("#1.2#\n#####\n", 0) >= INF);
    }

    #[test]
    fn partitions_pick_the_cheapest_grouping() {
        // Four pieces of one type in a row of a flat floor: two adjacent pairs, cost 0+0.
        assert_eq!(bound("#11.11#\n#######\n"), Some(0));
        // 1 . . 1 1 . . 1: pairs (a,b) cost 2 and (c,d) cost 2, or one group of four cost 4.
        assert_eq!(bound("#1..11..1#\n##########\n"), Some(4));
    }
}
