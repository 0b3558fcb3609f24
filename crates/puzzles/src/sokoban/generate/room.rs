//! Random rooms: the walls and floor of a level, then its goals.
//!
//! A room is carved out of solid wall by a random walk inside the outer wall, which now and
//! then clears a small block around itself (2 × 2 or a short bar), until the floor covers a
//! random share of the inside. A walk keeps the floor connected and makes the corridors,
//! corners and small open areas of hand-made warehouses; the blocks give boxes room to be
//! turned. The goals are floor cells drawn at random.

use crate::rush_hour::generate::rng::Rng;

/// Share of the inside the floor covers, in percent: at least this...
const FLOOR_MIN: u32 = 40;
/// ...and below this.
const FLOOR_MAX: u32 = 60;
/// Chance in 100 that the walk turns at a step.
const TURN: u32 = 35;
/// Chance in 100 that a step also clears a block around the walker.
const BLOCK: u32 = 30;

/// A room: `floor[r * cols + c]`, walls everywhere else (the border always).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Room {
    /// Rows, border included.
    pub rows: usize,
    /// Columns, border included.
    pub cols: usize,
    /// Which cells are floor.
    pub floor: Vec<bool>,
}

impl Room {
    /// The floor cells, in reading order.
    pub fn floor_cells(&self) -> Vec<usize> {
        (0..self.floor.len()).filter(|&c| self.floor[c]).collect()
    }
}

/// Carves a random room of `rows` × `cols` (border included; both at least 3).
pub fn carve(rng: &mut Rng, rows: usize, cols: usize) -> Room {
    let inside = (rows - 2) * (cols - 2);
    let share = FLOOR_MIN + rng.below(FLOOR_MAX - FLOOR_MIN);
    let target = (inside * share as usize / 100).max(1);
    let mut floor = vec![false; rows * cols];
    let mut r = 1 + rng.below((rows - 2) as u32) as usize;
    let mut c = 1 + rng.below((cols - 2) as u32) as usize;
    let mut dir = rng.below(4);
    let mut count = 0;
    let clear = |floor: &mut Vec<bool>, r: usize, c: usize, count: &mut usize| {
        if (1..rows - 1).contains(&r) && (1..cols - 1).contains(&c) && !floor[r * cols + c] {
            floor[r * cols + c] = true;
            *count += 1;
        }
    };
    while count < target {
        clear(&mut floor, r, c, &mut count);
        if rng.chance(BLOCK, 100) {
            let cells: &[(isize, isize)] = match rng.below(3) {
                0 => &[(0, 1), (1, 0), (1, 1)],
                1 => &[(0, -1), (0, 1)],
                _ => &[(-1, 0), (1, 0)],
            };
            for &(dr, dc) in cells {
                let (rr, cc) = (r as isize + dr, c as isize + dc);
                if rr >= 0 && cc >= 0 {
                    clear(&mut floor, rr as usize, cc as usize, &mut count);
                }
            }
        }
        if rng.chance(TURN, 100) {
            dir = rng.below(4);
        }
        // a step that would leave the inside turns around instead
        let (dr, dc): (isize, isize) = [(0, -1), (-1, 0), (0, 1), (1, 0)][dir as usize];
        let (nr, nc) = (r as isize + dr, c as isize + dc);
        if nr < 1 || nc < 1 || nr as usize >= rows - 1 || nc as usize >= cols - 1 {
            dir ^= 2;
        } else {
            (r, c) = (nr as usize, nc as usize);
        }
    }
    Room { rows, cols, floor }
}

/// `count` distinct floor cells drawn at random (the room must have that many).
pub fn pick_cells(rng: &mut Rng, cells: &[usize], count: usize) -> Vec<usize> {
    let mut pool = cells.to_vec();
    let mut chosen = Vec::with_capacity(count);
    for _ in 0..count {
        let i = rng.below(pool.len() as u32) as usize;
        chosen.push(pool.swap_remove(i));
    }
    chosen.sort_unstable();
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_are_walled_connected_and_as_large_as_drawn() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let room = carve(&mut rng, 10, 10);
            let cells = room.floor_cells();
            assert!(cells.len() >= 64 * FLOOR_MIN as usize / 100, "{seed}");
            for &c in &cells {
                let (r, k) = (c / 10, c % 10);
                assert!((1..9).contains(&r) && (1..9).contains(&k), "border is wall");
            }
            // connected: a flood from the first cell reaches all
            let mut seen = [false; 100];
            let mut stack = vec![cells[0]];
            seen[cells[0]] = true;
            while let Some(x) = stack.pop() {
                for n in [x - 1, x + 1, x - 10, x + 10] {
                    if room.floor[n] && !seen[n] {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            assert!(cells.iter().all(|&c| seen[c]), "{seed}");
        }
    }
}
