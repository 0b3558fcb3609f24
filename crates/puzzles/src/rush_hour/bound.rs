//! An admissible lower bound on the distance to the goal, in both metrics, for the guided
//! search of single boards ([`super::general`]).
//!
//! The red car must pass every cell between its front and the exit, so every vehicle on
//! those cells must move at least once; a vehicle that must leave a cell of its lane can
//! do so backwards or forwards, and when the walls and the vehicles sharing its lane (which
//! keep their order for ever) leave room on one side only, every cell it sweeps on that side
//! is needed too, so whatever stands there must move as well, recursively. The bound counts
//! the vehicles found so (moves: each moves at least once), or the cells each must travel to
//! clear the cells it is on (steps: the largest such clearance per vehicle, summed).
//!
//! When a vehicle that must leave a cell has room on neither side, the position can never
//! reach the goal: the bound is [`DEAD`]. Room is static (walls and lane order never change),
//! so a dead verdict is a proof, not a guess.

use super::board::{Board, MAX_SIDE};
use super::moves::Metric;

/// The bound of a position from which the goal can never be reached.
pub const DEAD: u32 = u32::MAX;

/// No vehicle on a cell.
const EMPTY: u8 = u8::MAX;

/// The most vehicles a board holds (a full 12×12 board of cars).
const MAX_VEHICLES: usize = MAX_SIDE * MAX_SIDE / 2;

/// Pending "vehicle must leave lane cell" questions; past this many the rest are dropped,
/// which only weakens the bound (every question asked adds only what must happen).
const QUEUE: usize = 64;

/// A board prepared for the bound: per vehicle, the least and the largest offset its lane
/// allows it (walls, and the vehicles in its stretch of lane that it can never pass).
#[derive(Clone, Debug)]
pub struct Blockers {
    board: Board,
    lo: Vec<u8>,
    hi: Vec<u8>,
    /// Per vehicle: the cell index (`row * cols + col`) of lane cell 0, and the step
    /// between lane cells (1 along a row, `cols` down a column).
    base: Vec<u8>,
    stride: Vec<u8>,
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

impl Blockers {
    /// Prepares `board`, whose start is `offsets` (any position of the component gives the
    /// same reach: walls never move and vehicles in a lane never pass each other).
    pub fn new(board: &Board, offsets: &[u8]) -> Self {
        let (lo, hi) = (0..board.vehicles().len())
            .map(|i| reach(board, i, offsets))
            .unzip();
        let cols = board.cols() as u8;
        let (base, stride) = board
            .vehicles()
            .iter()
            .map(|v| match v.horizontal {
                true => (v.line * cols, 1),
                false => (v.line, cols),
            })
            .unzip();
        Blockers {
            board: board.clone(),
            lo,
            hi,
            base,
            stride,
        }
    }

    /// True when the red car can never reach the exit cells: it has no red car in the exit
    /// row, or a wall or a vehicle of its own row stands between it and the exit for ever.
    pub fn blocked(&self) -> bool {
        match self.board.goal() {
            None => true,
            Some(goal) => self.hi[0] < goal,
        }
    }

    /// A lower bound on the distance from `offsets` to the nearest goal in `metric` (slides,
    /// or one-cell steps without the exit steps); [`DEAD`] when no goal can be reached.
    pub fn bound(&self, offsets: &[u8], metric: Metric) -> u32 {
        let Some(goal) = self.board.goal().filter(|_| !self.blocked()) else {
            return DEAD;
        };
        let red = offsets[0];
        if red == goal {
            return 0;
        }
        let board = &self.board;
        let n = board.vehicles().len();
        let cols = board.cols();
        let row = board.exit_row();
        let red_len = board.vehicles()[0].len;
        let cell = |i: usize, k: u8| (self.base[i] + k * self.stride[i]) as usize;
        let path = (red + red_len) as usize..cols;
        let mut owner = [EMPTY; MAX_SIDE * MAX_SIDE];
        for (i, v) in board.vehicles().iter().enumerate() {
            for k in offsets[i]..offsets[i] + v.len {
                owner[cell(i, k)] = i as u8;
            }
        }
        // per vehicle: the cells it travels at the least (+1; 0 = need not move)
        let mut need = [0u8; MAX_VEHICLES];
        // per vehicle: lane cells already asked about
        let mut done = [0u16; MAX_VEHICLES];
        let mut todo = [(0u8, 0u8); QUEUE];
        let mut queued = 0;
        need[0] = goal - red + 1;
        for c in path {
            let w = owner[row * cols + c];
            if w != EMPTY && queued < QUEUE {
                todo[queued] = (w, row as u8);
                queued += 1;
            }
        }
        while queued > 0 {
            queued -= 1;
            let (i, at) = todo[queued];
            let iu = i as usize;
            if done[iu] & 1 << at != 0 {
                continue;
            }
            done[iu] |= 1 << at;
            let len = board.vehicles()[iu].len;
            let o = offsets[iu];
            // back: to offset `at - len` at the most; forward: to `at + 1` at the least
            let back = (at >= len && at - len >= self.lo[iu]).then(|| o + len - at);
            let fwd = (at < self.hi[iu]).then(|| at + 1 - o);
            let travel = match (back, fwd) {
                (None, None) => return DEAD,
                (Some(b), Some(f)) => b.min(f),
                (Some(t), None) | (None, Some(t)) => t,
            };
            need[iu] = need[iu].max(travel + 1);
            // room on one side only: every cell it sweeps there is needed
            let swept = match (back, fwd) {
                (Some(_), None) => at - len..o,
                (None, Some(_)) => o + len..at + len + 1,
                _ => continue,
            };
            for k in swept {
                let here = cell(iu, k);
                let w = owner[here];
                if w != EMPTY && w != i && queued < QUEUE {
                    let (r, c) = (here / cols, here % cols);
                    let their = if board.vehicles()[w as usize].horizontal {
                        c
                    } else {
                        r
                    };
                    todo[queued] = (w, their as u8);
                    queued += 1;
                }
            }
        }
        let movers = need[..n].iter().filter(|&&t| t > 0);
        match metric {
            Metric::Moves => movers.count() as u32,
            Metric::Steps => movers.map(|&n| u32::from(n) - 1).sum(),
        }
    }
}
