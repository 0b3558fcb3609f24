//! Layouts: the move-invariant part of a position, and positions packed in 36 bits.
//!
//! A *layout* is the kind of each of the 12 lanes (rows 0..6 are lanes 0..6, columns 0..6 are
//! lanes 6..12) plus the wall cells. No move changes it, so every component lives inside one
//! layout. A position of a layout is the arrangement digit of each lane, 3 bits each
//! (lane `l` at bits `3l..3l+3`).
//!
//! [`Ranker`] numbers the positions of one layout densely: rows first (mixed radix over the
//! row digits), then, inside the block of one row tuple, the columns' arrangements that avoid
//! it (mixed radix over each column's compatible arrangements). Blocks are laid out lazily,
//! in the order they are first touched, so a layout costs nothing for the row tuples a search
//! never meets, and the visited array is exactly as large as the blocks touched.

use super::board::{Board, Vehicle, CELLS, RED_ROW};
use super::lanes::{tables, Tables, EMPTY, MAX_DIGITS, NONE};
use gridlock_search::{Edge, Graph, Reversible};
use std::cell::RefCell;

/// Lanes: 6 rows then 6 columns.
pub const LANES: usize = 12;

/// The move-invariant part of a position: lane kinds and walls.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Kind of each lane (see [`super::lanes::Tables::kinds`]).
    pub kinds: [u8; LANES],
    /// Wall cells, row-major bits.
    pub walls: u64,
    /// The same walls, column-major bits (bit `6c + r`).
    pub walls_cm: u64,
}

/// Board occupancy of one position, in both bit orders, for move generation.
#[derive(Clone, Copy, Debug)]
pub struct Occupancy {
    /// Cells of horizontal vehicles, column-major.
    pub h_cm: u64,
    /// Cells of vertical vehicles, row-major.
    pub v_rm: u64,
}

/// One single slide of a row vehicle, as [`Layout::for_each_row_move`] gives it.
#[derive(Clone, Copy, Debug)]
pub struct RowSlide {
    /// The row (0-based).
    pub lane: usize,
    /// The row's kind.
    pub kind: u8,
    /// The row's arrangement before the slide.
    pub from: u8,
    /// Its arrangement after.
    pub to: u8,
    /// The vehicle that slides: its index in lane order.
    pub vehicle: u8,
    /// Whether that vehicle is the red car.
    pub red: bool,
}

/// Reads lane `l`'s digit.
#[inline]
pub fn digit(packed: u64, lane: usize) -> u8 {
    (packed >> (3 * lane) & 7) as u8
}

/// Replaces lane `l`'s digit.
#[inline]
pub fn with_digit(packed: u64, lane: usize, d: u8) -> u64 {
    packed & !(7 << (3 * lane)) | u64::from(d) << (3 * lane)
}

/// Transposes a 36-bit board mask between row-major and column-major.
pub fn transpose(mask: u64) -> u64 {
    let mut out = 0;
    for i in 0..CELLS {
        if mask >> i & 1 == 1 {
            out |= 1 << ((i % 6) * 6 + i / 6);
        }
    }
    out
}

impl Layout {
    /// Calls `each` with every single slide of a row vehicle in the row tuple `rows` (packed
    /// row digits), the walls blocking: the row moves of a block of positions, which the goal
    /// blocks and the level search both walk (the columns decide, position by position,
    /// whether the slide's cells are free).
    #[inline(always)]
    pub fn for_each_row_move(&self, t: &Tables, rows: u64, mut each: impl FnMut(RowSlide)) {
        for lane in 0..6 {
            let kind = self.kinds[lane];
            if kind == EMPTY {
                continue;
            }
            let from = digit(rows, lane);
            let walls = (self.walls >> (6 * lane) & 63) as u8;
            let red = if lane == RED_ROW {
                t.red_of[usize::from(kind)]
            } else {
                NONE
            };
            for &(to, vehicle) in t.moves(kind, from, walls) {
                each(RowSlide {
                    lane,
                    kind,
                    from,
                    to,
                    vehicle,
                    red: vehicle == red,
                });
            }
        }
    }

    /// A layout from lane kinds and row-major walls.
    pub fn new(kinds: [u8; LANES], walls: u64) -> Layout {
        Layout {
            kinds,
            walls,
            walls_cm: transpose(walls),
        }
    }

    /// Splits a board into its layout and packed position. `None` if a lane holds a sequence
    /// no kind describes (cannot happen for a valid board).
    pub fn from_board(board: &Board) -> Option<(Layout, u64)> {
        let t = tables();
        let mut kinds = [EMPTY; LANES];
        let mut packed = 0u64;
        for (lane, kind_slot) in kinds.iter_mut().enumerate() {
            let mut here: Vec<&Vehicle> = board
                .vehicles
                .iter()
                .filter(|v| {
                    if lane < 6 {
                        v.horizontal && usize::from(v.start) / 6 == lane
                    } else {
                        !v.horizontal && usize::from(v.start) % 6 == lane - 6
                    }
                })
                .collect();
            here.sort_by_key(|v| v.start);
            let lens: Vec<u8> = here.iter().map(|v| v.len).collect();
            let red = here.iter().position(|v| v.red);
            let kind = t.kind_of(&lens, red)?;
            let starts: Vec<u8> = here
                .iter()
                .map(|v| if lane < 6 { v.start % 6 } else { v.start / 6 })
                .collect();
            let d = t.kinds[usize::from(kind)]
                .arrangements
                .iter()
                .position(|a| *a == starts)?;
            *kind_slot = kind;
            packed = with_digit(packed, lane, d as u8);
        }
        Some((Layout::new(kinds, board.walls), packed))
    }

    /// The vehicles of a position, lane by lane, each lane's in order; `(lane, index)` of the
    /// `k`-th vehicle listed is what [`Layout::without`] takes.
    pub fn vehicles(&self, packed: u64) -> Vec<(usize, usize, Vehicle)> {
        let t = tables();
        let mut out = Vec::new();
        for lane in 0..LANES {
            let kind = &t.kinds[usize::from(self.kinds[lane])];
            let starts = &kind.arrangements[usize::from(digit(packed, lane))];
            for (i, (&len, &s)) in kind.lens.iter().zip(starts).enumerate() {
                let start = if lane < 6 {
                    lane * 6 + usize::from(s)
                } else {
                    usize::from(s) * 6 + lane - 6
                };
                out.push((
                    lane,
                    i,
                    Vehicle {
                        start: start as u8,
                        len,
                        horizontal: lane < 6,
                        red: kind.red == Some(i),
                    },
                ));
            }
        }
        out
    }

    /// The position as a [`Board`].
    pub fn board(&self, packed: u64) -> Board {
        Board {
            vehicles: self
                .vehicles(packed)
                .into_iter()
                .map(|(_, _, v)| v)
                .collect(),
            walls: self.walls,
        }
    }

    /// The normalised 36-character string of a position (see [`Board::normalised`]), written
    /// straight from the lanes.
    pub fn normalised(&self, packed: u64) -> [u8; CELLS] {
        self.string_masks(packed).write()
    }

    /// [`Layout::normalised`] if it is smaller than `bound` (byte order), else `None`. The
    /// string is a function of five row-major cell masks (walls, occupied, vehicles' first
    /// cells, horizontal, red car; a vehicle's letter is decided at its first cell, which
    /// reading order meets first); the bound's masks are remembered per thread (a scan passes
    /// the same bound again and again), so the two strings are compared only at the cells
    /// where the masks differ, a few bit operations each, and a string is written out only
    /// when it is below the bound (or the bound is no normalised string, as at the start of a
    /// scan).
    pub fn normalised_below(&self, packed: u64, bound: &[u8; CELLS]) -> Option<[u8; CELLS]> {
        let mine = self.string_masks(packed);
        // Where two sets of masks agree on every cell before `d`, and the strings agree on
        // every cell before `d` where the masks differ, the strings agree on every cell before
        // `d` (a character depends only on the masks at its cell, the number of first cells
        // before it, and the character to its left or above). So the first cell where the
        // strings differ is the first cell where the masks differ and the characters too:
        // compare the characters at those cells alone, and write the whole string only when
        // it is below the bound. (The characters can agree where the masks differ: a vehicle
        // starting there with the same letter, horizontal in one and vertical in the other.)
        if let Some(theirs) = bound_masks(bound) {
            let mut diff = (mine.walls ^ theirs.walls)
                | (mine.occ ^ theirs.occ)
                | (mine.starts ^ theirs.starts)
                | (mine.horizontal ^ theirs.horizontal)
                | (mine.red ^ theirs.red);
            loop {
                if diff == 0 {
                    return None; // the same string
                }
                let d = diff.trailing_zeros() as usize;
                let ch = mine.char_at(d);
                if ch > bound[d] {
                    return None;
                }
                if ch < bound[d] {
                    break;
                }
                diff &= diff - 1;
            }
        }
        let out = mine.write();
        (out < *bound).then_some(out)
    }

    /// The row-major cell masks the position's normalised string is written from.
    fn string_masks(&self, packed: u64) -> StringMasks {
        let t = tables();
        // row-major cells: occupied, first cells of vehicles, horizontal ones, the red car
        let (mut occ, mut starts, mut horizontal, mut red) = (0u64, 0u64, 0u64, 0u64);
        for i in 0..6 {
            let kind = self.kinds[i];
            let k = usize::from(kind) * MAX_DIGITS + usize::from(digit(packed, i));
            let cells = u64::from(t.mask_flat[k]) << (6 * i);
            occ |= cells;
            horizontal |= cells;
            starts |= u64::from(t.start_flat[k]) << (6 * i);
            let r = usize::from(t.red_of[usize::from(kind)]);
            if r < 3 {
                red = u64::from(t.vehicle_masks[k][r]) << (6 * i);
            }
            let k = usize::from(self.kinds[6 + i]) * MAX_DIGITS + usize::from(digit(packed, 6 + i));
            occ |= t.spread_flat[k] << i;
            starts |= t.spread[usize::from(t.start_flat[k])] << i;
        }
        StringMasks {
            walls: self.walls,
            occ,
            starts,
            horizontal,
            red,
        }
    }

    /// Occupancy of a position.
    #[inline]
    pub fn occupancy(&self, t: &Tables, packed: u64) -> Occupancy {
        let mut h_cm = 0u64;
        let mut v_rm = 0u64;
        for i in 0..6 {
            h_cm |= t.spread_of(self.kinds[i], digit(packed, i)) << i;
            v_rm |= t.spread_of(self.kinds[6 + i], digit(packed, 6 + i)) << i;
        }
        Occupancy { h_cm, v_rm }
    }

    /// The row of column `j` in the column-lane tables (`kind * 64 + blocked cells`) when
    /// the row lanes hold the cells `h_cm` (column-major) and the walls stand.
    #[inline(always)]
    pub fn column_row(&self, h_cm: u64, j: usize) -> usize {
        let blocked = h_cm | self.walls_cm;
        usize::from(self.kinds[6 + j]) * 64 + (blocked >> (6 * j) & 63) as usize
    }

    /// How the column lanes of a block (the row lanes holding `h_cm`) number their
    /// components: each column's table row and weight (the product of the components of
    /// the columns before it), and the product of all of them.
    #[inline]
    pub fn column_weights(&self, t: &Tables, h_cm: u64) -> ([(usize, u32); 6], u32) {
        let mut nodes = 1u32;
        let columns = std::array::from_fn(|j| {
            let row = self.column_row(h_cm, j);
            let weight = nodes;
            nodes *= u32::from(t.compat_ccs[row]);
            (row, weight)
        });
        (columns, nodes)
    }

    /// Cells of lane `l` taken by the other orientation or by walls.
    #[inline]
    pub fn blocked(&self, occ: &Occupancy, lane: usize) -> u8 {
        if lane < 6 {
            ((occ.v_rm | self.walls) >> (6 * lane) & 63) as u8
        } else {
            ((occ.h_cm | self.walls_cm) >> (6 * (lane - 6)) & 63) as u8
        }
    }

    /// Whether the red car is on the exit cells.
    #[inline]
    pub fn is_goal(&self, packed: u64) -> bool {
        tables().goal
            [usize::from(self.kinds[RED_ROW]) * MAX_DIGITS + usize::from(digit(packed, RED_ROW))]
    }

    /// Calls `f(next, lane, vehicle)` for every position one move away.
    #[inline]
    pub fn for_each_move(&self, t: &Tables, packed: u64, mut f: impl FnMut(u64, usize, u8)) {
        let occ = self.occupancy(t, packed);
        for lane in 0..LANES {
            let kind = self.kinds[lane];
            if kind == EMPTY {
                continue;
            }
            let d = digit(packed, lane);
            for &(nd, v) in t.moves(kind, d, self.blocked(&occ, lane)) {
                f(with_digit(packed, lane, nd), lane, v);
            }
        }
    }

    /// The layout and position with vehicle `index` of `lane` taken off the board. `None` for
    /// the red car.
    pub fn without(&self, packed: u64, lane: usize, index: usize) -> Option<(Layout, u64)> {
        let t = tables();
        let kind = &t.kinds[usize::from(self.kinds[lane])];
        if kind.red == Some(index) {
            return None;
        }
        let mut lens = kind.lens.clone();
        let mut starts = kind.arrangements[usize::from(digit(packed, lane))].clone();
        lens.remove(index);
        starts.remove(index);
        let red = kind.red.map(|r| if r > index { r - 1 } else { r });
        let nk = t.kind_of(&lens, red)?;
        let nd = t.kinds[usize::from(nk)]
            .arrangements
            .iter()
            .position(|a| *a == starts)?;
        let mut kinds = self.kinds;
        kinds[lane] = nk;
        Some((
            Layout { kinds, ..*self },
            with_digit(packed, lane, nd as u8),
        ))
    }

    /// The same position with one wall cell removed.
    pub fn without_wall(&self, cell: usize) -> Layout {
        Layout::new(self.kinds, self.walls & !(1 << cell))
    }
}

/// The row-major cell masks a normalised string is written from (see
/// [`Layout::normalised_below`]): the string is a function of them, cell by cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StringMasks {
    walls: u64,
    occ: u64,
    starts: u64,
    horizontal: u64,
    red: u64,
}

/// Column 0's cells, row-major.
const COLUMN0: u64 = 0x0000_4104_1041;

impl StringMasks {
    /// The masks of a normalised string, or `None` if it is not one (the scans start from a
    /// bound of `0xFF` bytes).
    fn of_string(s: &[u8; CELLS]) -> Option<StringMasks> {
        let mut m = StringMasks::default();
        for (c, &ch) in s.iter().enumerate() {
            let bit = 1u64 << c;
            match ch {
                b'x' => m.walls |= bit,
                b'o' => {}
                b'A'..=b'Z' => {
                    let left = c % 6 > 0 && s[c - 1] == ch;
                    let right = c % 6 < 5 && s[c + 1] == ch;
                    m.occ |= bit;
                    if left || right {
                        m.horizontal |= bit;
                    }
                    let up = c >= 6 && s[c - 6] == ch;
                    if !left && !up {
                        m.starts |= bit;
                    }
                    if ch == b'A' {
                        m.red |= bit;
                    }
                }
                _ => return None,
            }
        }
        Some(m)
    }

    /// The string: walls `x`, empty cells `o`, the red car `A`, then each other vehicle, in
    /// the order of its first cell, the next letter, written on its two or three cells.
    fn write(&self) -> [u8; CELLS] {
        let mut out = [b'o'; CELLS];
        let mut set = |mut cells: u64, ch: u8| {
            while cells != 0 {
                out[cells.trailing_zeros() as usize] = ch;
                cells &= cells - 1;
            }
        };
        set(self.walls, b'x');
        set(self.red, b'A');
        // a vehicle's third cell, if any, is a cell of its orientation that starts nothing
        let (h_rest, v_rest) = (
            self.horizontal & !self.starts,
            self.occ & !self.horizontal & !self.starts,
        );
        let mut letter = b'B';
        let mut starts = self.starts & !self.red;
        while starts != 0 {
            let c = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            let cells = if self.horizontal >> c & 1 == 1 {
                0b11 << c | if c % 6 < 4 { h_rest & 0b100 << c } else { 0 }
            } else {
                (1 | 1 << 6) << c | v_rest & 1 << 12 << c
            };
            set(cells, letter);
            letter += 1;
        }
        out
    }

    /// The string's character at cell `c`, as [`StringMasks::write`] would put it there: a
    /// vehicle's letter is `A` for the red car, else the next letter after `A` in the order of
    /// the other vehicles' first cells.
    fn char_at(&self, c: usize) -> u8 {
        let bit = 1u64 << c;
        if self.walls & bit != 0 {
            return b'x';
        }
        if self.occ & bit == 0 {
            return b'o';
        }
        let below = bit - 1;
        // the vehicle's first cell: this one, or the nearest first cell left of it in its
        // row (horizontal) or above it in its column (vertical)
        let first = if self.starts & bit != 0 {
            c
        } else if self.horizontal & bit != 0 {
            63 - (self.starts & self.horizontal & below).leading_zeros() as usize
        } else {
            let column = COLUMN0 << (c % 6);
            63 - (self.starts & !self.horizontal & column & below).leading_zeros() as usize
        };
        if self.red >> first & 1 == 1 {
            b'A'
        } else {
            b'B' + (self.starts & !self.red & ((1u64 << first) - 1)).count_ones() as u8
        }
    }
}

/// A bound given to [`Layout::normalised_below`] and its masks.
type RememberedBound = Option<([u8; CELLS], StringMasks)>;

/// Bounds remembered per thread by [`bound_masks`].
const REMEMBERED: usize = 4;

thread_local! {
    /// The masks of the last few bounds [`Layout::normalised_below`] was given: a scan passes
    /// the same bound until it finds a smaller string, and the key scan alternates between
    /// the interesting components of a layout. The last slot is the next to be replaced.
    static BOUNDS: RefCell<[RememberedBound; REMEMBERED]> =
        const { RefCell::new([None; REMEMBERED]) };
}

/// [`StringMasks::of_string`] of `bound`, through the cache above.
fn bound_masks(bound: &[u8; CELLS]) -> Option<StringMasks> {
    BOUNDS.with_borrow_mut(|cache| {
        if let Some((_, m)) = cache.iter().flatten().find(|(s, _)| s == bound) {
            return Some(*m);
        }
        let m = StringMasks::of_string(bound)?;
        cache.rotate_right(1);
        cache[0] = Some((*bound, m));
        Some(m)
    })
}

/// A move of the enumeration's graph: lane, vehicle index in the lane, new lane digit.
pub type LaneMove = (u8, u8, u8);

impl Graph for Layout {
    type State = u64;
    type Move = LaneMove;
    type Cost = u32;

    fn successors(&self, state: &u64, out: &mut Vec<Edge<u64, LaneMove, u32>>) {
        let t = tables();
        self.for_each_move(t, *state, |next, lane, v| {
            out.push(Edge::unit((lane as u8, v, digit(next, lane)), next));
        });
    }
}

impl Reversible for Layout {}

/// Dense, lazily laid out numbering of one layout's positions (see the module comment).
pub struct Ranker {
    generation: u32,
    stamp: Vec<u32>,
    base: Vec<u64>,
    weights: Vec<[u32; 6]>,
    row_weight: [u32; 6],
    /// `lane_cells[lane][digit]`: the lane's cells in that arrangement, placed where
    /// [`Layout::occupancy`] puts them (rows column-major, columns row-major), zero past the
    /// kind's last digit, so the hot loop computes an occupancy with twelve loads and no
    /// table indirection.
    lane_cells: [[u64; 8]; LANES],
    /// `col_index[j][blocked * 8 + digit]`: [`Tables::compat_index`] for column `j`'s kind.
    col_index: [[u8; 64 * 8]; 6],
    /// The number of each lane's first vehicle, the vehicles numbered lane by lane (the
    /// sweep's vehicle tags).
    pub first_vehicle: [u8; LANES],
    /// The tag bits of each lane's vehicles.
    pub lane_vehicles: [u32; LANES],
    layout: Layout,
    size: u64,
}

/// Row tuples a layout can have at most (six rows of at most six arrangements).
const ROW_TUPLES: usize = MAX_DIGITS.pow(6);

impl Default for Ranker {
    fn default() -> Self {
        Ranker {
            generation: 0,
            stamp: vec![0; ROW_TUPLES],
            base: vec![0; ROW_TUPLES],
            weights: vec![[0; 6]; ROW_TUPLES],
            row_weight: [0; 6],
            lane_cells: [[0; 8]; LANES],
            col_index: [[super::lanes::NONE; 64 * 8]; 6],
            first_vehicle: [0; LANES],
            lane_vehicles: [0; LANES],
            layout: Layout::new([EMPTY; LANES], 0),
            size: 0,
        }
    }
}

/// Where a row tuple's block is: its first rank and each column's weight.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    /// Index of the row tuple (mixed radix over row digits).
    pub row_index: u32,
    /// Rank of the block's first position.
    pub base: u64,
    /// Rank weight of each column's compatible-arrangement index.
    pub weights: [u32; 6],
    /// Positions in the block.
    pub size: u64,
}

impl Ranker {
    /// Starts numbering a new layout; forgets every block of the previous one.
    pub fn reset(&mut self, layout: &Layout) {
        let t = tables();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.layout = *layout;
        self.size = 0;
        let mut w = 1u32;
        for i in 0..6 {
            self.row_weight[i] = w;
            w *= u32::from(t.radix(layout.kinds[i]));
        }
        for (j, idx) in self.col_index.iter_mut().enumerate() {
            *idx = t.compat_index8[usize::from(layout.kinds[6 + j])];
        }
        let mut first = 0u8;
        for lane in 0..LANES {
            let n = t.kinds[usize::from(layout.kinds[lane])].lens.len() as u8;
            self.first_vehicle[lane] = first;
            self.lane_vehicles[lane] = ((1u32 << n) - 1) << first;
            first += n;
        }
        // a position has at most 18 vehicles (two cells each at least); the sweep's slots
        // keep 24 tag bits
        assert!(
            first <= 24,
            "a layout with {first} vehicles has no position"
        );
        for (lane, cells) in self.lane_cells.iter_mut().enumerate() {
            let kind = layout.kinds[lane];
            for (d, c) in cells.iter_mut().enumerate() {
                *c = if d < usize::from(t.radix(kind)) {
                    t.spread_of(kind, d as u8) << (lane % 6)
                } else {
                    0
                };
            }
        }
    }

    /// [`Layout::occupancy`] of a position of the current layout, from per-layout tables.
    #[inline]
    pub fn occupancy(&self, packed: u64) -> Occupancy {
        let mut h_cm = 0u64;
        let mut v_rm = 0u64;
        for i in 0..6 {
            h_cm |= self.lane_cells[i][(packed >> (3 * i) & 7) as usize];
            v_rm |= self.lane_cells[6 + i][(packed >> (3 * (6 + i)) & 7) as usize];
        }
        Occupancy { h_cm, v_rm }
    }

    /// Positions numbered so far (the sum of the sizes of the blocks laid out).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Index of a position's row tuple.
    #[inline]
    pub fn row_index(&self, packed: u64) -> u32 {
        (0..6)
            .map(|i| u32::from(digit(packed, i)) * self.row_weight[i])
            .sum()
    }

    /// The block of row tuple `row_index`, whose horizontal cells (column-major) are `h_cm`;
    /// laid out at the end of the numbering on first use.
    #[inline]
    pub fn block(&mut self, t: &Tables, row_index: u32, h_cm: u64) -> Block {
        let r = row_index as usize;
        if self.stamp[r] != self.generation {
            let mut w = [0u32; 6];
            let mut acc = 1u32;
            for (j, wj) in w.iter_mut().enumerate() {
                *wj = acc;
                acc *= u32::from(t.compat_count[self.layout.column_row(h_cm, j)]);
            }
            self.stamp[r] = self.generation;
            self.base[r] = self.size;
            self.weights[r] = w;
            self.size += u64::from(acc);
        }
        let weights = self.weights[r];
        let size = {
            // recompute the block size from the last weight (cheap, avoids another array)
            u64::from(weights[5]) * u64::from(t.compat_count[self.layout.column_row(h_cm, 5)])
        };
        Block {
            row_index,
            base: self.base[r],
            weights,
            size,
        }
    }

    /// The first rank and column weights of row tuple `row_index`'s block (laid out on first
    /// use): [`Ranker::block`] without the block size, for the hot loop.
    #[inline]
    pub fn block_at(&mut self, t: &Tables, row_index: u32, h_cm: u64) -> (u64, [u32; 6]) {
        let r = row_index as usize;
        if self.stamp[r] != self.generation {
            self.block(t, row_index, h_cm);
        }
        (self.base[r], self.weights[r])
    }

    /// Rank of a position with block `(base, weights)` (see [`Ranker::block_at`]).
    #[inline]
    pub fn rank_at(
        &self,
        t: &Tables,
        base: u64,
        weights: &[u32; 6],
        packed: u64,
        h_cm: u64,
    ) -> u64 {
        let _ = t;
        let blocked = h_cm | self.layout.walls_cm;
        let mut r = base;
        for (j, &w) in weights.iter().enumerate() {
            r += u64::from(self.column_index(j, blocked, packed)) * u64::from(w);
        }
        r
    }

    /// Index of column `j`'s arrangement in `packed` among those compatible with the
    /// column-major blocked cells `blocked_cm` ([`super::lanes::NONE`] if none).
    #[inline(always)]
    pub fn column_index(&self, j: usize, blocked_cm: u64, packed: u64) -> u8 {
        let b = (blocked_cm >> (6 * j) & 63) as usize;
        self.col_index[j][b << 3 | (packed >> (3 * (6 + j)) & 7) as usize]
    }

    /// Index of arrangement `d` of column `j` among those that avoid the 6-bit `b`.
    #[inline(always)]
    pub fn column_index_of(&self, j: usize, b: u8, d: u8) -> u8 {
        self.col_index[j][usize::from(b) << 3 | usize::from(d & 7)]
    }

    /// Rank of a position inside its block.
    #[inline]
    pub fn rank_in(&self, t: &Tables, block: &Block, packed: u64, h_cm: u64) -> u64 {
        let mut r = block.base;
        for j in 0..6 {
            let row = self.layout.column_row(h_cm, j);
            let i = t.compat_index[row * MAX_DIGITS + usize::from(digit(packed, 6 + j))];
            debug_assert_ne!(i, super::lanes::NONE);
            r += u64::from(i) * u64::from(block.weights[j]);
        }
        r
    }

    /// Rank of any position of the current layout.
    pub fn rank(&mut self, t: &Tables, packed: u64) -> u64 {
        let occ = self.layout.occupancy(t, packed);
        let row = self.row_index(packed);
        let block = self.block(t, row, occ.h_cm);
        self.rank_in(t, &block, packed, occ.h_cm)
    }

    /// Weight of row lane `i` in the row index.
    #[inline]
    pub fn row_weight(&self, i: usize) -> u32 {
        self.row_weight[i]
    }

    /// The position at `offset` inside `block`, whose row digits are those of `rows`.
    pub fn unrank_in(&self, t: &Tables, block: &Block, rows: u64, h_cm: u64, offset: u64) -> u64 {
        let mut packed = rows & ((1 << 18) - 1);
        for j in 0..6 {
            let row = self.layout.column_row(h_cm, j);
            let n = u64::from(t.compat_count[row]);
            let i = offset / u64::from(block.weights[j]) % n;
            let d = t.compat_digit[row * MAX_DIGITS + i as usize];
            packed = with_digit(packed, 6 + j, d);
        }
        packed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridlock_search::Component;

    fn parse(s: &str) -> (Layout, u64) {
        Layout::from_board(&Board::parse(s).unwrap()).unwrap()
    }

    #[test]
    fn board_round_trips_through_the_layout() {
        let s = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo";
        let (layout, packed) = parse(s);
        let back = std::str::from_utf8(&layout.normalised(packed))
            .unwrap()
            .to_string();
        assert_eq!(back, super::super::board::normalise(s).unwrap());
        assert_eq!(layout.board(packed).normalised(), back);
    }

    #[test]
    fn normalised_strings_match_the_boards_own_over_whole_components() {
        // the fast writer against Board::normalised (written from the vehicle list)
        for s in [
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
            "BBoCxoDDoCoEoAAoFEGoHHFoGxIIJoKKKoJo",
            "oBoooooBooCCAAoDoooEoDooFEooooFGGGoo",
        ] {
            let (layout, start) = parse(s);
            let comp =
                super::super::explored(&layout, start, &gridlock_search::Limits::none()).unwrap();
            assert!(comp.len() > 100);
            for p in comp.states() {
                let fast = layout.normalised(p);
                assert_eq!(
                    std::str::from_utf8(&fast).unwrap(),
                    layout.board(p).normalised()
                );
            }
        }
    }

    #[test]
    fn normalised_below_is_the_normalised_string_when_smaller() {
        // every pair of positions of a component (and the smallest string of it found both ways)
        let (layout, start) = parse("BBoCxoDDoCoEoAAoFEGoHHFoGxIIJoKKKoJo");
        let comp =
            super::super::explored(&layout, start, &gridlock_search::Limits::none()).unwrap();
        let strings: Vec<[u8; CELLS]> = comp.states().map(|p| layout.normalised(p)).collect();
        let (mut smaller, mut not, mut ties) = (0, 0, 0);
        for (p, &own) in comp.states().zip(&strings).step_by(7) {
            for other in strings.iter().step_by(5) {
                // pairs whose masks first differ at a cell where the characters agree (the
                // comparison must look further)
                let (a, b) = (
                    StringMasks::of_string(&own).unwrap(),
                    StringMasks::of_string(other).unwrap(),
                );
                let diff = (a.occ ^ b.occ) | (a.starts ^ b.starts) | (a.horizontal ^ b.horizontal);
                if diff != 0 {
                    let d = diff.trailing_zeros() as usize;
                    ties += usize::from(own[d] == other[d]);
                }
                match layout.normalised_below(p, other) {
                    Some(s) => {
                        assert_eq!(s, own);
                        assert!(own < *other);
                        smaller += 1;
                    }
                    None => {
                        assert!(own >= *other);
                        not += 1;
                    }
                }
            }
            assert_eq!(layout.normalised_below(p, &own), None, "not below itself");
        }
        assert!(
            smaller > 100 && not > 100 && ties > 100,
            "{smaller} {not} {ties}"
        );
        let mut best = [u8::MAX; CELLS];
        for p in comp.states() {
            if let Some(s) = layout.normalised_below(p, &best) {
                best = s;
            }
        }
        assert_eq!(Some(&best), strings.iter().min());
    }

    #[test]
    fn lone_red_car_has_four_moves_and_one_goal() {
        let (layout, packed) = parse("ooooooooooooAAoooooooooooooooooooooo");
        let mut n = 0;
        layout.for_each_move(tables(), packed, |next, _, _| {
            n += 1;
            assert_ne!(next, packed);
        });
        assert_eq!(n, 4);
        assert!(!layout.is_goal(packed));
        assert!(parse("ooooooooooooooooAAoooooooooooooooooo")
            .0
            .is_goal(parse("ooooooooooooooooAAoooooooooooooooooo").1));
    }

    #[test]
    fn ranks_are_dense_and_unique() {
        let t = tables();
        let (layout, start) = parse("oBoooooBooCCAAoDoooEoDooFEooooFGGGoo");
        let comp =
            super::super::explored(&layout, start, &gridlock_search::Limits::none()).unwrap();
        let mut ranker = Ranker::default();
        ranker.reset(&layout);
        let mut seen = std::collections::HashSet::new();
        for s in comp.states() {
            let r = ranker.rank(t, s);
            assert!(seen.insert(r));
        }
        assert!(ranker.size() >= comp.len() as u64);
        // every rank maps back to its position; the ranker's occupancy is the layout's
        for s in comp.states() {
            let (a, b) = (ranker.occupancy(s), layout.occupancy(t, s));
            assert_eq!((a.h_cm, a.v_rm), (b.h_cm, b.v_rm));
            let occ = layout.occupancy(t, s);
            let block = ranker.block(t, ranker.row_index(s), occ.h_cm);
            let r = ranker.rank_in(t, &block, s, occ.h_cm);
            assert_eq!(ranker.unrank_in(t, &block, s, occ.h_cm, r - block.base), s);
        }
    }
}
