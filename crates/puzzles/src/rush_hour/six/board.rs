//! The 6×6 model with the exit in row 3, the contest's board: a [`Six`] (the board and its
//! move tables) and the packed [`Position`].
//!
//! A vehicle never leaves its lane, so a position is just one offset per vehicle: 3 bits each
//! (offsets 0..=4), vehicle `i` at bits `3i..3i + 3`. A 6×6 board holds at most 18 vehicles,
//! 54 bits, so every position is one `u64` the engine can hash and store cheaply. Cells are
//! numbered `6 * row + column` (0-based) and sets of cells are 36-bit masks, so "is this cell
//! free?" is one AND.

use crate::rush_hour::board::{Board, Vehicle};

/// Board side, in cells.
pub const SIDE: usize = 6;
/// The row (0-based) whose right end is the exit.
pub const EXIT_ROW: usize = 2;
/// Bits per vehicle in a [`Position`].
pub const BITS: u32 = 3;
/// The most vehicles a 6×6 board can hold (all cars, no empty cell).
pub const MAX_VEHICLES: usize = SIDE * SIDE / 2;

/// A bit outside the board (cells are bits 0..36) that is always "occupied" in a step
/// occupancy word, so that "the cell ahead is beyond the edge" needs no separate test.
pub const OFF_BOARD: u64 = 1 << 63;

/// Per vehicle and offset, what a one-cell step needs: the cell behind and the cell ahead
/// (or [`OFF_BOARD`]), and the two cells that change when stepping back or forward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepCells {
    /// The cell entered by a step back (left/up), or [`OFF_BOARD`].
    pub behind: u64,
    /// The cell entered by a step forward (right/down), or [`OFF_BOARD`].
    pub ahead: u64,
    /// Cells entered and left by a step back.
    pub flip_back: u64,
    /// Cells entered and left by a step forward.
    pub flip_ahead: u64,
    /// The step slots (see [`Six::open_steps`]) that a step back may open or close: those
    /// of every vehicle whose lane holds one of the two cells that change.
    pub touch_back: u64,
    /// The same for a step forward.
    pub touch_ahead: u64,
}

/// Every vehicle's offset in its lane, packed 3 bits per vehicle (vehicle 0, the red car when
/// there is one, in the lowest bits).
pub type Position = u64;

/// `REACH[(len - 2) * 5 + offset][free]`: the offsets a vehicle of length `len` at `offset`
/// can slide to when its lane's free cells are the 6-bit mask `free` (bit `k` = lane cell `k`).
static REACH: [[u8; 64]; 2 * (SIDE - 1)] = reach_table();

const fn reach_table() -> [[u8; 64]; 2 * (SIDE - 1)] {
    let mut table = [[0u8; 64]; 2 * (SIDE - 1)];
    let mut len = 2;
    while len <= 3 {
        let mut offset = 0;
        while offset + len <= SIDE {
            let mut free = 0;
            while free < 64 {
                let mut mask = 0u8;
                let mut k = offset;
                while k > 0 && free & (1 << (k - 1)) != 0 {
                    k -= 1;
                    mask |= 1 << k;
                }
                let mut end = offset + len;
                while end < SIDE && free & (1 << end) != 0 {
                    end += 1;
                    mask |= 1 << (end - len);
                }
                table[(len - 2) * (SIDE - 1) + offset][free] = mask;
                free += 1;
            }
            offset += 1;
        }
        len += 1;
    }
    table
}

/// Board cell (`6 * row + column`) of lane cell `k` of `v`.
#[inline]
fn cell(v: &Vehicle, k: u8) -> u8 {
    if v.horizontal {
        v.line * SIDE as u8 + k
    } else {
        k * SIDE as u8 + v.line
    }
}

/// The cells `v` covers at `offset`, as a mask.
fn body(v: &Vehicle, offset: u8) -> u64 {
    (offset..offset + v.len).fold(0, |m, k| m | 1 << cell(v, k))
}

/// A 6×6 board with the exit in row 3, and precomputed masks so move generation is a
/// handful of bit operations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Six {
    board: Board,
    /// The wall cells, as a mask.
    walls: u64,
    /// `lanes[i][k]`: the mask of lane cell `k` of vehicle `i`.
    lanes: Vec<[u64; SIDE]>,
    /// `bodies[i][o]`: the cells vehicle `i` covers at offset `o`.
    bodies: Vec<[u64; SIDE - 1]>,
    /// The same cells in column-major numbering (`6 * column + row`), so that a vertical
    /// vehicle's lane is six consecutive bits too.
    bodies_t: Vec<[u64; SIDE - 1]>,
    /// Per vehicle: where its lane starts in the matching numbering, whether it is
    /// horizontal, and the row of [`REACH`] for its length.
    lanes_at: Vec<(u32, bool, usize)>,
    /// The walls in column-major numbering.
    walls_t: u64,
    /// `steps[i][o]`: vehicle `i` at offset `o` (entries past its largest offset unused).
    steps: Vec<[StepCells; 8]>,
    /// The red car's offset on the exit cells, when it can ever get there.
    goal: Option<u8>,
}

impl Six {
    /// The model of `board`, which must be 6×6 with the exit in row 3.
    pub fn new(board: Board) -> Self {
        assert!(
            board.rows() == SIDE && board.cols() == SIDE && board.exit_row() == EXIT_ROW,
            "the 6x6 model is for 6x6 boards with the exit in row 3"
        );
        let vehicles = board.vehicles();
        let walls = (0..SIDE * SIDE)
            .filter(|&c| board.is_wall(c / SIDE, c % SIDE))
            .fold(0u64, |m, c| m | 1 << c);
        let lanes = vehicles
            .iter()
            .map(|v| std::array::from_fn(|k| 1u64 << cell(v, k as u8)))
            .collect();
        let bodies = vehicles
            .iter()
            .map(|v| {
                std::array::from_fn(|o| {
                    if o as u8 <= max_offset(v) {
                        body(v, o as u8)
                    } else {
                        0
                    }
                })
            })
            .collect();
        let transpose = |m: u64| {
            (0..SIDE * SIDE)
                .filter(|c| m & 1 << c != 0)
                .fold(0u64, |t, c| t | 1 << ((c % SIDE) * SIDE + c / SIDE))
        };
        let bodies_t = vehicles
            .iter()
            .map(|v| {
                std::array::from_fn(|o| {
                    if o as u8 <= max_offset(v) {
                        transpose(body(v, o as u8))
                    } else {
                        0
                    }
                })
            })
            .collect();
        let lanes_at = vehicles
            .iter()
            .map(|v| {
                (
                    v.line as u32 * SIDE as u32,
                    v.horizontal,
                    (v.len as usize - 2) * (SIDE - 1),
                )
            })
            .collect();
        // lane_users[c]: the vehicles whose lane holds cell c, as step slots
        let mut lane_users = [0u64; SIDE * SIDE];
        for (i, v) in vehicles.iter().enumerate() {
            for k in 0..SIDE as u8 {
                lane_users[cell(v, k) as usize] |= 3 << (2 * i);
            }
        }
        let touched = |m: u64| {
            (0..SIDE * SIDE)
                .filter(|&c| m & 1 << c != 0)
                .fold(0, |t, c| t | lane_users[c])
        };
        let steps = vehicles
            .iter()
            .map(|v| {
                std::array::from_fn(|o| {
                    let o = o as u8;
                    if o > max_offset(v) {
                        return StepCells::default();
                    }
                    let bit = |k: u8| 1u64 << cell(v, k);
                    let behind = if o > 0 { bit(o - 1) } else { OFF_BOARD };
                    let ahead = if o < max_offset(v) {
                        bit(o + v.len)
                    } else {
                        OFF_BOARD
                    };
                    let flip_back = if o > 0 {
                        behind | bit(o + v.len - 1)
                    } else {
                        0
                    };
                    let flip_ahead = if o < max_offset(v) { ahead | bit(o) } else { 0 };
                    StepCells {
                        behind,
                        ahead,
                        flip_back,
                        flip_ahead,
                        touch_back: touched(flip_back),
                        touch_ahead: touched(flip_ahead),
                    }
                })
            })
            .collect();
        let goal = board.goal();
        Six {
            walls,
            lanes,
            bodies,
            bodies_t,
            lanes_at,
            walls_t: transpose(walls),
            steps,
            goal,
            board,
        }
    }

    /// The board described.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The wall cells, as a mask.
    pub fn walls(&self) -> u64 {
        self.walls
    }

    /// Offset of vehicle `i` in `p`.
    #[inline]
    pub fn offset(&self, p: Position, i: usize) -> u8 {
        ((p >> (BITS * i as u32)) & 7) as u8
    }

    /// `p` with vehicle `i` at `offset`.
    pub fn with_offset(&self, p: Position, i: usize, offset: u8) -> Position {
        let shift = BITS * i as u32;
        (p & !(7 << shift)) | (offset as u64) << shift
    }

    /// Cells covered by a vehicle or a wall.
    #[inline]
    pub fn occupied(&self, p: Position) -> u64 {
        let mut occ = self.walls;
        let mut rest = p;
        for body in &self.bodies {
            occ |= body[(rest & 7) as usize];
            rest >>= BITS;
        }
        occ
    }

    /// For each vehicle, the offsets it can slide to from `p` (a 5-bit mask, its own offset
    /// excluded), found with two occupancy words and one table look-up per vehicle instead of
    /// a cell-by-cell walk: this is the hot loop of every search.
    #[inline]
    pub fn for_each_reach(&self, p: Position, mut each: impl FnMut(usize, u8, u8)) {
        let mut occ = self.walls;
        let mut occ_t = self.walls_t;
        let mut rest = p;
        for (body, body_t) in self.bodies.iter().zip(&self.bodies_t) {
            let o = (rest & 7) as usize;
            occ |= body[o];
            occ_t |= body_t[o];
            rest >>= BITS;
        }
        let mut rest = p;
        for (i, &(shift, horizontal, row)) in self.lanes_at.iter().enumerate() {
            let lane = if horizontal { occ } else { occ_t };
            let free = !(lane >> shift) as usize & 63;
            let offset = (rest & 7) as u8;
            rest >>= BITS;
            let reach = REACH[row + offset as usize][free];
            if reach != 0 {
                each(i, offset, reach);
            }
        }
    }

    /// The occupancy word the step generator works on: [`Six::occupied`] plus
    /// [`OFF_BOARD`]. A step changes two of its bits (see [`StepCells`]).
    #[inline]
    pub fn step_occupancy(&self, p: Position) -> u64 {
        self.occupied(p) | OFF_BOARD
    }

    /// The one-cell steps open in `p` (with `occ` its [`Six::step_occupancy`]) as a mask:
    /// bit `2i` vehicle `i` back (left/up), bit `2i + 1` forward (right/down). One table
    /// read and two ANDs per vehicle, no branches.
    #[inline]
    pub fn open_steps(&self, p: Position, occ: u64) -> u64 {
        let mut open = 0u64;
        let mut rest = p;
        for (i, cells) in self.steps.iter().enumerate() {
            let c = &cells[(rest & 7) as usize];
            rest >>= BITS;
            open |= ((occ & c.behind == 0) as u64) << (2 * i);
            open |= ((occ & c.ahead == 0) as u64) << (2 * i + 1);
        }
        open
    }

    /// The position, occupancy and open steps after open step `slot` (as numbered by
    /// [`Six::open_steps`]). Only the vehicles whose lanes hold the two changed cells are
    /// looked at again (three or four, not all of them).
    #[inline]
    pub fn take_step(&self, p: Position, occ: u64, open: u64, slot: u32) -> (Position, u64, u64) {
        let i = (slot >> 1) as usize;
        let shift = BITS * i as u32;
        let c = &self.steps[i][((p >> shift) & 7) as usize];
        let (p, occ, touch) = if slot & 1 == 1 {
            (p + (1 << shift), occ ^ c.flip_ahead, c.touch_ahead)
        } else {
            (p - (1 << shift), occ ^ c.flip_back, c.touch_back)
        };
        let mut open = open & !touch;
        // one bit per touched vehicle: the even slot
        let mut each = touch & 0x5555_5555_5555_5555;
        while each != 0 {
            let slot = each.trailing_zeros();
            each &= each - 1;
            let u = (slot >> 1) as usize;
            let c = &self.steps[u][((p >> (BITS * u as u32)) & 7) as usize];
            open |= ((occ & c.behind == 0) as u64) << slot;
            open |= ((occ & c.ahead == 0) as u64) << (slot + 1);
        }
        (p, occ, open)
    }

    /// The mask of lane cell `k` of vehicle `i`.
    #[inline]
    pub fn lane(&self, i: usize) -> &[u64; SIDE] {
        &self.lanes[i]
    }

    /// True when the red car covers the exit cells.
    #[inline]
    pub fn is_goal(&self, p: Position) -> bool {
        self.goal.is_some_and(|g| p & 7 == g as u64)
    }

    /// One offset per vehicle.
    pub fn unpack(&self, p: Position) -> Vec<u8> {
        (0..self.bodies.len()).map(|i| self.offset(p, i)).collect()
    }

    /// Packs one offset per vehicle.
    pub fn pack(&self, offsets: &[u8]) -> Position {
        offsets
            .iter()
            .enumerate()
            .fold(0, |p, (i, &o)| p | (o as u64) << (BITS * i as u32))
    }
}

/// Largest offset of `v` in its lane.
fn max_offset(v: &Vehicle) -> u8 {
    SIDE as u8 - v.len
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush_hour::board::{Label, MAX_SIDE};

    fn car(label: Label, horizontal: bool, line: u8, len: u8) -> Vehicle {
        Vehicle {
            label,
            horizontal,
            line,
            len,
        }
    }

    fn six(vehicles: Vec<Vehicle>, walls: [u16; MAX_SIDE]) -> Six {
        Six::new(Board::new(SIDE, SIDE, vehicles, walls, EXIT_ROW))
    }

    #[test]
    fn lanes_and_bodies_follow_orientation() {
        let h = car(Label::Letter('A'), true, 2, 2);
        assert_eq!(cell(&h, 0), 12);
        assert_eq!(body(&h, 4), 1 << 16 | 1 << 17);
        let v = car(Label::Letter('B'), false, 5, 3);
        assert_eq!(cell(&v, 1), 11);
        assert_eq!(body(&v, 3), 1 << 23 | 1 << 29 | 1 << 35);
        assert_eq!(max_offset(&v), 3);
    }

    #[test]
    fn goal_needs_a_horizontal_red_car_in_the_exit_row() {
        let red = Label::Id(1);
        let b = six(vec![car(red, true, 2, 2)], [0; MAX_SIDE]);
        assert!(b.board().can_exit());
        assert!(b.is_goal(4));
        assert!(!b.is_goal(3));
        assert!(!six(vec![car(red, false, 2, 2)], [0; MAX_SIDE]).is_goal(4));
        assert!(!six(vec![car(red, true, 3, 2)], [0; MAX_SIDE]).is_goal(4));
        assert!(!six(vec![car(Label::Id(2), true, 2, 2)], [0; MAX_SIDE]).is_goal(4));
        let truck = six(vec![car(red, true, 2, 3)], [0; MAX_SIDE]);
        assert!(truck.is_goal(3));
    }

    #[test]
    fn incremental_steps_match_steps_from_scratch() {
        // A crowded board with crossing lanes and a wall; a long pseudo-random walk.
        let mut walls = [0; MAX_SIDE];
        walls[5] = 1 << 5;
        let b = six(
            vec![
                car(Label::Letter('A'), true, 2, 2),
                car(Label::Letter('B'), false, 0, 3),
                car(Label::Letter('C'), false, 3, 2),
                car(Label::Letter('D'), true, 0, 2),
                car(Label::Letter('E'), true, 4, 3),
                car(Label::Letter('F'), false, 5, 2),
                car(Label::Letter('G'), true, 2, 2),
                car(Label::Letter('H'), false, 4, 2),
            ],
            walls,
        );
        assert_eq!(b.walls(), 1 << 35);
        let mut p = b.pack(&[1, 1, 0, 1, 0, 2, 3, 3]);
        let mut occ = b.step_occupancy(p);
        let cells: u32 = b.board().vehicles().iter().map(|v| v.len as u32).sum();
        assert_eq!(
            occ.count_ones(),
            cells + 2,
            "no overlaps (vehicles, wall, off-board bit)"
        );
        let mut open = b.open_steps(p, occ);
        let mut seed = 12345u64;
        for _ in 0..10_000 {
            assert_eq!(occ, b.step_occupancy(p));
            assert_eq!(open, b.open_steps(p, occ));
            assert_ne!(open, 0);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = (seed >> 33) as u32 % open.count_ones();
            let mut rest = open;
            for _ in 0..pick {
                rest &= rest - 1;
            }
            (p, occ, open) = b.take_step(p, occ, open, rest.trailing_zeros());
        }
    }

    #[test]
    fn packed_offsets_round_trip() {
        let vehicles = (0..18)
            .map(|i| car(Label::Id(i + 2), i % 2 == 0, (i % 6) as u8, 2))
            .collect();
        let b = six(vehicles, [0; MAX_SIDE]);
        let offsets: Vec<u8> = (0..18).map(|i| (i % 5) as u8).collect();
        let p = b.pack(&offsets);
        assert_eq!(b.unpack(p), offsets);
        assert_eq!(b.offset(b.with_offset(p, 7, 0), 7), 0);
        assert_eq!(b.offset(b.with_offset(p, 7, 0), 8), 3);
    }
}
