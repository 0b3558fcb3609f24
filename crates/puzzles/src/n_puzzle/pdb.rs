//! Additive pattern databases for sliding tiles (Korf & Felner, 2002).
//!
//! The tiles (named after their goal cells, see [`super::moves`]) are split into disjoint
//! groups; a group's table holds, for every placement of its tiles, the fewest moves *of
//! those tiles* that bring them home while the other tiles move for free. So the groups'
//! values add up to a lower bound. On a square board whose blank goal lies on the main
//! diagonal, the board mirrored about that diagonal is another position at the same
//! distance from the goal, so the larger of the two sums is a lower bound too.
//!
//! A pattern `7-8` takes the non-blank goal cells in reading order: the first 7, then the
//! next 8. For Korf's goal (blank top-left) that is tiles 1–7 and 8–15, Korf and Felner's
//! split; for the goal as sold it is tiles 1–7 and 8–15 too.
//!
//! The engine builds a table over a [`PatternSpace`]: a placement is the group's cells,
//! numbered as a partial permutation, and the slots are the cells the group leaves free
//! (where the blank may be); the zero-cost closure of a slot is the region of free cells
//! the blank reaches without moving a pattern tile.

use super::board::{Dir, Shape, MAX_CELLS};
use super::moves::{Geometry, Tiles};
use gridlock_search::pdb::{PatternSpace, PatternTable, Visit, MAX_PLACEMENTS};
use gridlock_search::InPlace;
use std::fmt;
use std::sync::Arc;

/// Most tiles in one group; a table of 12 tiles would not fit in memory on any board.
pub const MAX_GROUP: usize = 12;

/// Group sizes, as written on the command line (`5-5-5`, `6-6-3`, `7-8`, `8`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pattern {
    sizes: Vec<u8>,
}

impl Pattern {
    /// Reads `text` for `shape`: sizes that add up to the number of tiles, each table small
    /// enough to build ([`MAX_PLACEMENTS`] placements at most).
    pub fn parse(text: &str, shape: Shape) -> Result<Pattern, String> {
        let tiles = shape.cells() - 1;
        let sizes: Option<Vec<u8>> = text
            .split('-')
            .map(|w| w.trim().parse::<u8>().ok().filter(|&k| k > 0))
            .collect();
        let sizes = sizes
            .ok_or_else(|| format!("expected group sizes like 7-8 or 6-6-3, found `{text}`"))?;
        let total: usize = sizes.iter().map(|&k| k as usize).sum();
        if total != tiles {
            return Err(format!(
                "the groups of `{text}` hold {total} tiles; a {shape} board has {tiles}"
            ));
        }
        for &k in &sizes {
            let placements = placements(shape.cells(), k as usize);
            if k as usize > MAX_GROUP || placements > MAX_PLACEMENTS {
                return Err(format!(
                    "a group of {k} tiles on a {shape} board has {placements} placements; at \
                     most {MAX_PLACEMENTS} fit in memory"
                ));
            }
        }
        Ok(Pattern { sizes })
    }

    /// The default for boards without a list of their own: groups as large as build in well
    /// under a second (about 8 M placements), in reading order.
    pub fn quick(shape: Shape) -> Pattern {
        let n = shape.cells();
        let k = (1..=MAX_GROUP.min(n - 1))
            .rev()
            .find(|&k| placements(n, k) <= 1 << 23)
            .unwrap_or(1);
        let mut left = n - 1;
        let mut sizes = Vec::new();
        while left > 0 {
            let take = k.min(left);
            sizes.push(take as u8);
            left -= take;
        }
        Pattern { sizes }
    }

    /// The group sizes.
    pub fn sizes(&self) -> &[u8] {
        &self.sizes
    }

    /// The labels (goal cells) of each group. `6-6-6-6` on a 5×5 board with the blank's goal
    /// in a corner of the main diagonal is Korf and Felner's split (compact blocks around the
    /// blank's corner, turned half a turn when the blank's goal is the far corner); every
    /// other pattern takes the non-blank goal cells in reading order, cut into groups of the
    /// pattern's sizes.
    pub fn groups(&self, shape: Shape, blank_label: u8) -> Vec<Vec<u8>> {
        if let Some(groups) = self.korf_felner(shape, blank_label) {
            return groups;
        }
        let mut cells = (0..shape.cells() as u8).filter(|&c| c != blank_label);
        self.sizes
            .iter()
            .map(|&k| cells.by_ref().take(k as usize).collect())
            .collect()
    }

    /// Korf and Felner's 6-6-6-6 split of the 24-puzzle (blank's goal top-left): tiles
    /// 1 2 5 6 7 12 beside the blank, then the 3×2 block 3 4 8 9 13 14, the 3×2 block
    /// 10 11 15 16 20 21 and the 2×3 block 17 18 19 22 23 24. Compact groups see more of the
    /// interactions between their tiles than reading-order rows do (Korf & Felner 2002).
    fn korf_felner(&self, shape: Shape, blank_label: u8) -> Option<Vec<Vec<u8>>> {
        const SPLIT: [[u8; 6]; 4] = [
            [1, 2, 5, 6, 7, 12],
            [3, 4, 8, 9, 13, 14],
            [10, 11, 15, 16, 20, 21],
            [17, 18, 19, 22, 23, 24],
        ];
        if (shape.rows, shape.cols) != (5, 5) || self.sizes != [6, 6, 6, 6] {
            return None;
        }
        let turn = match blank_label {
            0 => |c: u8| c,
            24 => |c: u8| 24 - c,
            _ => return None,
        };
        Some(
            SPLIT
                .iter()
                .map(|g| g.iter().map(|&c| turn(c)).collect())
                .collect(),
        )
    }

    /// Total placements of all the tables: what building them costs, roughly.
    pub fn placements(&self, shape: Shape) -> u64 {
        self.sizes
            .iter()
            .map(|&k| placements(shape.cells(), k as usize))
            .sum()
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.sizes.iter().map(u8::to_string).collect();
        write!(f, "{}", words.join("-"))
    }
}

/// Placements of `k` distinct tiles on `n` cells: n! / (n − k)!, saturating.
pub fn placements(n: usize, k: usize) -> u64 {
    (0..k).fold(1u64, |p, i| p.saturating_mul((n - i) as u64))
}

/// The perfect numbering of placements of `k` tiles on `n` cells: tile `i`'s cell, counted
/// among the cells tiles `0..i` left free, is digit `i` of a mixed-radix number.
#[derive(Clone, Debug)]
struct Ranker {
    k: usize,
    /// Weight of digit `i`: (n−1−i)! / (n−k)!.
    weight: [u64; MAX_GROUP],
    all: u64,
}

impl Ranker {
    fn new(n: usize, k: usize) -> Ranker {
        let mut weight = [0u64; MAX_GROUP];
        for (i, w) in weight.iter_mut().enumerate().take(k) {
            *w = placements(n - 1 - i, k - 1 - i);
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Ranker { k, weight, all }
    }

    #[inline]
    fn rank(&self, cells: impl Iterator<Item = u8>) -> u64 {
        let mut index = 0;
        let mut taken = 0u64;
        for (i, c) in cells.enumerate() {
            let below = (taken & ((1u64 << c) - 1)).count_ones() as u64;
            index += (c as u64 - below) * self.weight[i];
            taken |= 1 << c;
        }
        index
    }

    fn unrank(&self, mut index: u64, cells: &mut [u8; MAX_GROUP]) -> u64 {
        let mut taken = 0u64;
        for (cell, &weight) in cells.iter_mut().zip(&self.weight).take(self.k) {
            let digit = index / weight;
            index %= weight;
            let mut free = self.all & !taken;
            for _ in 0..digit {
                free &= free - 1;
            }
            let c = free.trailing_zeros() as u8;
            *cell = c;
            taken |= 1 << c;
        }
        taken
    }
}

/// One group's abstraction, as the engine's builder sees it.
pub struct GroupSpace {
    ranker: Ranker,
    labels: Vec<u8>,
    blank_label: u8,
    cols: u32,
    /// Cells not in the first column / not in the last.
    not_first: u64,
    not_last: u64,
    neighbours: [u64; MAX_CELLS],
    slots: u32,
}

impl GroupSpace {
    /// The space of `labels` (the group's goal cells) on `shape`, blank goal `blank_label`.
    pub fn new(shape: Shape, labels: &[u8], blank_label: u8) -> GroupSpace {
        let n = shape.cells();
        let ranker = Ranker::new(n, labels.len());
        let mut not_first = 0u64;
        let mut not_last = 0u64;
        let mut neighbours = [0u64; MAX_CELLS];
        for (c, nb) in neighbours.iter_mut().enumerate().take(n) {
            let (_, col) = shape.row_col(c);
            if col > 0 {
                not_first |= 1 << c;
            }
            if col + 1 < shape.cols as usize {
                not_last |= 1 << c;
            }
            for (_, m) in shape.neighbours(c) {
                *nb |= 1 << m;
            }
        }
        GroupSpace {
            ranker,
            labels: labels.to_vec(),
            blank_label,
            cols: shape.cols as u32,
            not_first,
            not_last,
            neighbours,
            slots: (n - labels.len()) as u32,
        }
    }

    /// The cells of the group's tiles in `placement`, in the group's order.
    pub fn cells(&self, placement: u64) -> Vec<u8> {
        let mut cells = [0u8; MAX_GROUP];
        self.ranker.unrank(placement, &mut cells);
        cells[..self.ranker.k].to_vec()
    }

    /// `cells` and their neighbours.
    #[inline]
    fn grow(&self, cells: u64) -> u64 {
        (cells
            | ((cells << 1) & self.not_first)
            | ((cells >> 1) & self.not_last)
            | (cells << self.cols)
            | (cells >> self.cols))
            & self.ranker.all
    }

    /// The cells reachable from `seed` through `free` cells.
    #[inline]
    fn flood(&self, seed: u64, free: u64) -> u64 {
        let mut region = seed;
        loop {
            let grown = self.grow(region) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The slot numbers (ranks among `free`) of the cells in `cells`.
#[inline]
fn to_slots(cells: u64, free: u64) -> u64 {
    let mut slots = 0u64;
    let mut rest = cells;
    while rest != 0 {
        let c = rest.trailing_zeros();
        rest &= rest - 1;
        slots |= 1 << (free & ((1u64 << c) - 1)).count_ones();
    }
    slots
}

/// The cells of the slot numbers `slots` among `free`.
#[inline]
fn to_cells(slots: u64, free: u64) -> u64 {
    let mut cells = 0u64;
    let mut rest = slots;
    let mut f = free;
    let mut at = 0;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        while at < s {
            f &= f - 1;
            at += 1;
        }
        cells |= 1 << f.trailing_zeros();
    }
    cells
}

impl PatternSpace for GroupSpace {
    fn placements(&self) -> u64 {
        placements(self.ranker.all.count_ones() as usize, self.ranker.k)
    }

    fn slots(&self) -> u32 {
        self.slots
    }

    fn goal(&self) -> (u64, u64) {
        let index = self.ranker.rank(self.labels.iter().copied());
        let taken = self.labels.iter().fold(0u64, |m, &c| m | 1 << c);
        let free = self.ranker.all & !taken;
        let region = self.flood(1 << self.blank_label, free);
        (index, to_slots(region, free))
    }

    type Cursor = Cursor;

    fn expand<V: Visit>(&self, cursor: &mut Cursor, placement: u64, frontier: u64, visit: &mut V) {
        let k = self.ranker.k;
        self.decode(cursor, placement);
        let cells = cursor.cells;
        // per tile: the cells of the tiles before it in the numbering
        let before = &cursor.before;
        let taken = before[k];
        let free = self.ranker.all & !taken;
        let mut tile_at = [0u8; MAX_CELLS];
        for (i, &c) in cells.iter().enumerate().take(k) {
            tile_at[c as usize] = i as u8;
        }
        let mut open = if frontier == (1u64 << self.slots) - 1 {
            free
        } else {
            to_cells(frontier, free)
        };
        while open != 0 {
            let region = self.flood(open & open.wrapping_neg(), free);
            open &= !region;
            // the pattern tiles next to the region, found from the region's border
            let mut next_to = self.grow(region) & taken;
            while next_to != 0 {
                let from = next_to.trailing_zeros();
                next_to &= next_to - 1;
                let i = tile_at[from as usize] as usize;
                let mut into = self.neighbours[from as usize] & region;
                let after = taken & !before[i] & !(1u64 << from);
                let slot_base = (free & ((1u64 << from) - 1)).count_ones();
                while into != 0 {
                    let to = into.trailing_zeros();
                    into &= into - 1;
                    let next = self.moved(placement, i, (from, to), before[i], after, &tile_at);
                    debug_assert_eq!(next, {
                        let mut c = cells;
                        c[i] = to as u8;
                        self.ranker.rank(c[..k].iter().copied())
                    });
                    let slot = slot_base - (to < from) as u32;
                    if !visit.seen(next, slot) {
                        let next_free = (free | 1 << from) & !(1u64 << to);
                        let next_region = self.flood(1 << from, next_free);
                        visit.reach(next, to_slots(next_region, next_free));
                    }
                }
            }
        }
    }
}

/// The last placement a worker decoded, as digits and cells, so that the next one (a little
/// further on in the same block) is found by counting on from it.
#[derive(Clone, Debug, Default)]
pub struct Cursor {
    placement: Option<u64>,
    digits: [u64; MAX_GROUP],
    cells: [u8; MAX_GROUP],
    /// `before[i]`: the cells of tiles `0..i`; `before[k]` all of them.
    before: [u64; MAX_GROUP + 1],
}

impl GroupSpace {
    /// Puts `placement` into `cursor`: from the previous placement by adding the difference
    /// to the last digit and carrying (the digits' radices are n, n−1, …), re-deriving the
    /// cells only from the first digit that changed; by division when it jumps far.
    fn decode(&self, cursor: &mut Cursor, placement: u64) {
        let k = self.ranker.k;
        let n = self.ranker.all.count_ones() as u64;
        let mut first = 0;
        match cursor.placement {
            Some(last) if last < placement && placement - last < 4096 => {
                let mut carry = placement - last;
                let mut i = k - 1;
                loop {
                    let radix = n - i as u64;
                    let v = cursor.digits[i] + carry;
                    if v < radix {
                        cursor.digits[i] = v;
                        break;
                    }
                    cursor.digits[i] = v % radix;
                    carry = v / radix;
                    i -= 1; // a placement below the table's size never carries out of digit 0
                }
                first = i;
            }
            _ => {
                let mut index = placement;
                for i in 0..k {
                    cursor.digits[i] = index / self.ranker.weight[i];
                    index %= self.ranker.weight[i];
                }
            }
        }
        for i in first..k {
            let mut free = self.ranker.all & !cursor.before[i];
            for _ in 0..cursor.digits[i] {
                free &= free - 1;
            }
            let c = free.trailing_zeros() as u8;
            cursor.cells[i] = c;
            cursor.before[i + 1] = cursor.before[i] | 1 << c;
        }
        cursor.placement = Some(placement);
    }

    /// The number of `placement` after tile `i` moves from `from` to the free cell `to`,
    /// from the digits that change: tile `i`'s own (its cell, counted among the cells the
    /// tiles `before` it leave free) and, for each later tile on a cell strictly between
    /// `from` and `to`, one less (or more) earlier tile below it. A sideways move passes no
    /// cell, so it changes only tile `i`'s digit, by one.
    #[inline]
    fn moved(
        &self,
        placement: u64,
        i: usize,
        (from, to): (u32, u32),
        before: u64,
        after: u64,
        tile_at: &[u8; MAX_CELLS],
    ) -> u64 {
        let (lo, hi) = if to > from { (from, to) } else { (to, from) };
        let w = &self.ranker.weight;
        if hi - lo == 1 {
            // sideways: no cell in between
            return if to > from {
                placement + w[i]
            } else {
                placement - w[i]
            };
        }
        let between = ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
        let own = (hi - lo - (before & between).count_ones()) as u64 * w[i];
        let mut passed = 0u64;
        let mut later = after & between;
        while later != 0 {
            passed += w[tile_at[later.trailing_zeros() as usize] as usize];
            later &= later - 1;
        }
        if to > from {
            placement + own + passed
        } else {
            placement - own - passed
        }
    }
}

/// One group's tiles and table, ready for look-ups.
#[derive(Clone, Debug)]
struct Group {
    labels: [u8; MAX_GROUP],
    ranker: Ranker,
    table: Arc<PatternTable>,
}

impl Group {
    #[inline]
    fn index(&self, pos: &[u8; MAX_CELLS]) -> u64 {
        let k = self.ranker.k;
        self.ranker
            .rank(self.labels[..k].iter().map(|&l| pos[l as usize]))
    }
}

/// The additive heuristic over a pattern's tables, with the mirrored look-up where the board
/// allows it.
///
/// Each move re-looks-up only the moved tile's group (and, mirrored, its mirror's group),
/// and the group's index is updated from the move rather than recomputed: a sideways move
/// changes one digit by one; a vertical move also passes the cells in between, whose tiles
/// of the same group change their digits by one (see [`GroupSpace`]'s numbering).
#[derive(Clone, Debug)]
pub struct PdbHeuristic {
    geometry: Geometry,
    groups: Vec<Group>,
    group_of: [u8; MAX_CELLS],
    /// `order[label]`: the label's digit in its group's numbering.
    order: [u8; MAX_CELLS],
    /// `weight[label]`: the weight of that digit.
    weight: [u64; MAX_CELLS],
    /// `transpose[cell]`, when the mirrored look-up is used.
    transpose: Option<[u8; MAX_CELLS]>,
    blank_label: u8,
    pattern: Pattern,
}

/// The search state of [`PdbHeuristic`]: the tiles, the mirrored board's label positions
/// kept in step, and each group's current index and value in both.
#[derive(Clone, Debug)]
pub struct PdbState {
    /// The position.
    pub tiles: Tiles,
    /// `mirror[label]`: the cell of `label` on the mirrored board.
    mirror: [u8; MAX_CELLS],
    index: [u64; MAX_CELLS],
    mirror_index: [u64; MAX_CELLS],
    parts: [u8; MAX_CELLS],
    mirror_parts: [u8; MAX_CELLS],
    sum: u32,
    mirror_sum: u32,
}

/// What [`PdbHeuristic::undo`] restores: both groups' previous index and value.
#[derive(Clone, Copy, Debug)]
pub struct PdbUndo {
    index: u64,
    mirror_index: u64,
    part: u8,
    mirror_part: u8,
}

impl PdbHeuristic {
    /// The heuristic of `pattern` on `shape` (blank goal `blank_label`) over `tables`, one
    /// per group in order. Mirrored look-ups are used on square boards whose blank goal is
    /// on the main diagonal.
    pub fn new(
        shape: Shape,
        blank_label: u8,
        pattern: &Pattern,
        tables: Vec<Arc<PatternTable>>,
    ) -> PdbHeuristic {
        let n = shape.cells();
        let mut group_of = [u8::MAX; MAX_CELLS];
        let mut order = [0u8; MAX_CELLS];
        let mut weight = [0u64; MAX_CELLS];
        let groups: Vec<Group> = pattern
            .groups(shape, blank_label)
            .into_iter()
            .zip(tables)
            .enumerate()
            .map(|(g, (labels, table))| {
                let ranker = Ranker::new(n, labels.len());
                let mut fixed = [0u8; MAX_GROUP];
                for (i, &l) in labels.iter().enumerate() {
                    fixed[i] = l;
                    group_of[l as usize] = g as u8;
                    order[l as usize] = i as u8;
                    weight[l as usize] = ranker.weight[i];
                }
                Group {
                    labels: fixed,
                    ranker,
                    table,
                }
            })
            .collect();
        let mirrored =
            shape.is_square() && shape.transpose(blank_label as usize) == blank_label as usize;
        let transpose = mirrored.then(|| {
            let mut t = [0u8; MAX_CELLS];
            for (c, m) in t.iter_mut().enumerate().take(n) {
                *m = shape.transpose(c) as u8;
            }
            t
        });
        PdbHeuristic {
            geometry: Geometry::new(shape),
            groups,
            group_of,
            order,
            weight,
            transpose,
            blank_label,
            pattern: pattern.clone(),
        }
    }

    /// True when the mirrored board is looked up too.
    pub fn mirrored(&self) -> bool {
        self.transpose.is_some()
    }

    /// The pattern.
    pub fn pattern(&self) -> &Pattern {
        &self.pattern
    }

    /// The search state of `tiles`, with every group looked up once.
    pub fn state(&self, tiles: Tiles) -> PdbState {
        let mut s = PdbState {
            mirror: [0; MAX_CELLS],
            index: [0; MAX_CELLS],
            mirror_index: [0; MAX_CELLS],
            parts: [0; MAX_CELLS],
            mirror_parts: [0; MAX_CELLS],
            sum: 0,
            mirror_sum: 0,
            tiles,
        };
        for (g, group) in self.groups.iter().enumerate() {
            s.index[g] = group.index(&s.tiles.pos);
            s.parts[g] = group.table.get(s.index[g] as usize);
            s.sum += s.parts[g] as u32;
        }
        if let Some(t) = &self.transpose {
            for l in 0..self.geometry.shape.cells() {
                s.mirror[t[l] as usize] = t[s.tiles.pos[l] as usize];
            }
            for (g, group) in self.groups.iter().enumerate() {
                s.mirror_index[g] = group.index(&s.mirror);
                s.mirror_parts[g] = group.table.get(s.mirror_index[g] as usize);
                s.mirror_sum += s.mirror_parts[g] as u32;
            }
        }
        s
    }

    /// The bound of a state made by [`PdbHeuristic::state`] or kept by the search.
    pub fn estimate(&self, s: &PdbState) -> u32 {
        s.sum.max(s.mirror_sum)
    }

    /// The plain sum (no mirror), for tests of admissibility.
    pub fn sum(&self, s: &PdbState) -> u32 {
        s.sum
    }

    /// The mirrored sum (0 when the mirror is not used).
    pub fn mirror_sum(&self, s: &PdbState) -> u32 {
        s.mirror_sum
    }

    /// The new index of the group of `label` when it moves from cell `from` to the blank
    /// cell `to`; `label_at(c)` names the label in cell `c` of the board being numbered.
    #[inline(always)]
    fn moved(
        &self,
        index: u64,
        label: u8,
        from: u32,
        to: u32,
        label_at: impl Fn(u32) -> u8,
    ) -> u64 {
        let w = self.weight[label as usize];
        let (lo, hi) = if to > from { (from, to) } else { (to, from) };
        let mut delta = w;
        if hi - lo > 1 {
            let g = self.group_of[label as usize];
            let i = self.order[label as usize];
            let mut earlier = 0u64;
            let mut passed = 0u64;
            for c in lo + 1..hi {
                let m = label_at(c);
                if m != self.blank_label && self.group_of[m as usize] == g {
                    if self.order[m as usize] < i {
                        earlier += 1;
                    } else {
                        passed += self.weight[m as usize];
                    }
                }
            }
            delta = (hi - lo) as u64 * w - earlier * w + passed;
        }
        if to > from {
            index + delta
        } else {
            index - delta
        }
    }
}

impl InPlace for PdbHeuristic {
    type State = PdbState;
    type Move = Dir;
    type Undo = PdbUndo;

    fn moves<'a>(&'a self, s: &PdbState) -> &'a [Dir] {
        self.geometry.moves(s.tiles.blank)
    }

    fn inverse(&self, mv: Dir) -> Dir {
        mv.opposite()
    }

    // one call per node: left to itself the inliner kept it out of the walk in some builds
    #[inline(always)]
    fn apply(&self, s: &mut PdbState, mv: Dir, _: u32) -> (u32, PdbUndo) {
        let slide = s.tiles.slide(self.geometry.target(s.tiles.blank, mv));
        let label = slide.label;
        let g = self.group_of[label as usize] as usize;
        let cells = &s.tiles.cell;
        let old_index = s.index[g];
        let index = self.moved(
            old_index,
            label,
            slide.from as u32,
            slide.into as u32,
            |c| cells[c as usize],
        );
        debug_assert_eq!(index, self.groups[g].index(&s.tiles.pos));
        s.index[g] = index;
        let old = s.parts[g];
        let new = self.groups[g].table.get(index as usize);
        s.parts[g] = new;
        s.sum = s.sum + new as u32 - old as u32;
        let mut undo = PdbUndo {
            index: old_index,
            mirror_index: 0,
            part: old,
            mirror_part: 0,
        };
        if let Some(t) = &self.transpose {
            let m = t[label as usize];
            let (from, into) = (t[slide.from as usize], t[slide.into as usize]);
            s.mirror[m as usize] = into;
            let mg = self.group_of[m as usize] as usize;
            undo.mirror_index = s.mirror_index[mg];
            let index = self.moved(undo.mirror_index, m, from as u32, into as u32, |c| {
                t[cells[t[c as usize] as usize] as usize]
            });
            debug_assert_eq!(index, self.groups[mg].index(&s.mirror));
            s.mirror_index[mg] = index;
            undo.mirror_part = s.mirror_parts[mg];
            let new = self.groups[mg].table.get(index as usize);
            s.mirror_parts[mg] = new;
            s.mirror_sum = s.mirror_sum + new as u32 - undo.mirror_part as u32;
        }
        (s.sum.max(s.mirror_sum), undo)
    }

    #[inline]
    fn undo(&self, s: &mut PdbState, mv: Dir, undo: PdbUndo) {
        let slide = s
            .tiles
            .slide(self.geometry.target(s.tiles.blank, mv.opposite()));
        let g = self.group_of[slide.label as usize] as usize;
        s.sum = s.sum + undo.part as u32 - s.parts[g] as u32;
        s.parts[g] = undo.part;
        s.index[g] = undo.index;
        if let Some(t) = &self.transpose {
            let m = t[slide.label as usize];
            s.mirror[m as usize] = t[slide.into as usize];
            let mg = self.group_of[m as usize] as usize;
            s.mirror_sum = s.mirror_sum + undo.mirror_part as u32 - s.mirror_parts[mg] as u32;
            s.mirror_parts[mg] = undo.mirror_part;
            s.mirror_index[mg] = undo.mirror_index;
        }
    }

    fn is_goal(&self, _: &PdbState, h: u32) -> bool {
        h == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridlock_search::{pdb, Limits};

    #[test]
    fn ranks_are_a_perfect_numbering() {
        let r = Ranker::new(6, 3);
        let mut seen = [false; 120];
        for a in 0..6u8 {
            for b in (0..6u8).filter(|&b| b != a) {
                for c in (0..6u8).filter(|&c| c != a && c != b) {
                    let i = r.rank([a, b, c].into_iter()) as usize;
                    assert!(!seen[i]);
                    seen[i] = true;
                    let mut cells = [0u8; MAX_GROUP];
                    r.unrank(i as u64, &mut cells);
                    assert_eq!(&cells[..3], &[a, b, c]);
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn slot_masks_round_trip() {
        let free = 0b1011_0110u64;
        assert_eq!(to_slots(0b0010_0100, free), 0b1010);
        assert_eq!(to_cells(0b1010, free), 0b0010_0100);
    }

    #[test]
    fn patterns() {
        let s = Shape::new(4, 4).unwrap();
        assert_eq!(Pattern::parse("7-8", s).unwrap().sizes(), [7, 8]);
        assert!(Pattern::parse("7-7", s).is_err());
        assert!(Pattern::parse("15", s).unwrap_err().contains("placements"));
        assert!(Pattern::parse("a-b", s).is_err());
        assert_eq!(Pattern::quick(s).to_string(), "6-6-3");
        assert_eq!(Pattern::quick(Shape::new(3, 3).unwrap()).to_string(), "8");
        let groups = Pattern::parse("7-8", s).unwrap().groups(s, 0);
        assert_eq!(groups[0], [1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn the_24_puzzle_split_is_korf_and_felners_blocks() {
        let s = Shape::new(5, 5).unwrap();
        let p = Pattern::parse("6-6-6-6", s).unwrap();
        for blank in [0u8, 24] {
            let groups = p.groups(s, blank);
            let mut all: Vec<u8> = groups.concat();
            all.sort_unstable();
            let expected: Vec<u8> = (0..25).filter(|&c| c != blank).collect();
            assert_eq!(all, expected, "a partition of the tiles");
        }
        assert_eq!(p.groups(s, 0)[0], [1, 2, 5, 6, 7, 12]);
        assert_eq!(p.groups(s, 24)[3], [7, 6, 5, 2, 1, 0]);
        // other blank cells and other patterns keep reading order
        assert_eq!(p.groups(s, 12)[0], [0, 1, 2, 3, 4, 5]);
        let rows = Pattern::parse("6-6-6-5-1", s).unwrap();
        assert_eq!(rows.groups(s, 0)[1], [7, 8, 9, 10, 11, 12]);
    }

    #[test]
    fn the_whole_eight_puzzle_as_one_pattern() {
        let s = Shape::new(3, 3).unwrap();
        let space = GroupSpace::new(s, &[0, 1, 2, 3, 4, 5, 6, 7], 8);
        let (table, _) = pdb::build(&space, &Limits::none(), &|_, _| {}).unwrap();
        let h = table.histogram();
        assert_eq!(h.iter().sum::<u64>(), 181_440);
        assert_eq!((table.max(), h[31]), (31, 2));
    }
}
