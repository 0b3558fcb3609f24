//! The level as the solver sees it: the floor cells numbered compactly, *live* cells first
//! (the cells from which a lone box can still be pushed to some goal, see
//! [`super::deadlock::live_cells`]), so that a set of boxes is a bitset over the first
//! `live` numbers; a neighbour table; the goals; each goal's push distance from every live
//! cell (the lower bound's costs); and the random keys of the incremental hash.

use super::bits::Bits;
use super::board::{Level, Position};
use super::deadlock::live_cells;
use super::moves::Dir;

/// "No cell": a wall beyond the edge of the floor, or a cell a box never reaches.
pub const NONE: u16 = u16::MAX;

/// The compact level.
#[derive(Clone, Debug)]
pub struct Maze {
    /// Cells `0 .. live` are live; `live .. cells.len()` are floor where a box is lost.
    pub live: usize,
    /// Grid cell of each compact number.
    pub cells: Vec<usize>,
    /// Compact number of each grid cell ([`NONE`] off the floor).
    pub index: Vec<u16>,
    /// `next[cell][dir]`: the neighbouring floor cell, or [`NONE`].
    pub next: Vec<[u16; 4]>,
    /// The goals' compact numbers (all live).
    pub goals: Vec<u16>,
    /// `goal_distance[k][cell]`: fewest pushes that bring a lone box from live `cell` to
    /// goal `k`, with the player free to stand on any floor cell ([`NONE`] if it cannot).
    pub goal_distance: Vec<Vec<u16>>,
    /// Hash key of a box on each live cell.
    pub box_key: Vec<u32>,
    /// Hash key of the player on each floor cell.
    pub player_key: Vec<u32>,
}

impl Maze {
    /// The compact form of `level`.
    pub fn new(level: &Level) -> Maze {
        let live_grid = live_cells(level);
        let floor: Vec<usize> = (0..level.floor.len())
            .filter(|&c| level.is_floor(c))
            .collect();
        let mut cells: Vec<usize> = floor.iter().copied().filter(|&c| live_grid[c]).collect();
        let live = cells.len();
        cells.extend(floor.iter().copied().filter(|&c| !live_grid[c]));
        let mut index = vec![NONE; level.floor.len()];
        for (i, &c) in cells.iter().enumerate() {
            index[c] = i as u16;
        }
        let next = cells
            .iter()
            .map(|&c| Dir::ALL.map(|d| level.neighbor(c, d).map_or(NONE, |n| index[n])))
            .collect();
        let goals: Vec<u16> = level.goals().iter().map(|&g| index[g]).collect();
        let mut rng = SplitMix(0x005E_ED0F_B0C5 ^ cells.len() as u64);
        let mut maze = Maze {
            live,
            index,
            next,
            goal_distance: Vec::new(),
            box_key: (0..live).map(|_| rng.next() as u32).collect(),
            player_key: (0..cells.len()).map(|_| rng.next() as u32).collect(),
            cells,
            goals,
        };
        maze.goal_distance = maze.goals.iter().map(|&g| maze.pull_distances(g)).collect();
        maze
    }

    /// The neighbour of `cell` in `dir`, or [`NONE`].
    #[inline]
    pub fn step(&self, cell: u16, dir: Dir) -> u16 {
        self.next[cell as usize][dir as usize]
    }

    /// Fewest pushes from each cell to `goal` for a lone box: a breadth-first search of
    /// pulls from the goal (a box at `x` came from `y = x - d` if the player could stand at
    /// `y - d`).
    fn pull_distances(&self, goal: u16) -> Vec<u16> {
        self.pull_distances_within(goal, |c| c != NONE)
    }

    /// [`Maze::pull_distances`] on the cells `open` accepts (for the box and the player), so
    /// a caller can wall off more cells (boxes frozen on goals) with the same search.
    pub(crate) fn pull_distances_within(&self, goal: u16, open: impl Fn(u16) -> bool) -> Vec<u16> {
        let mut dist = vec![NONE; self.cells.len()];
        dist[goal as usize] = 0;
        let mut queue = vec![goal];
        let mut head = 0;
        while let Some(&x) = queue.get(head) {
            head += 1;
            for d in Dir::ALL {
                // the box came from `y` with the player behind it
                let y = self.step(x, d.opposite());
                if !open(y) || dist[y as usize] != NONE {
                    continue;
                }
                if open(self.step(y, d.opposite())) {
                    dist[y as usize] = dist[x as usize] + 1;
                    queue.push(y);
                }
            }
        }
        dist.truncate(self.live);
        dist
    }

    /// The goals as a box set.
    pub fn goal_set<const W: usize>(&self) -> Bits<W> {
        let mut set = Bits::EMPTY;
        for &g in &self.goals {
            set.insert(g as usize);
        }
        set
    }

    /// The boxes of `position` as a set, or `None` when one stands on a dead cell (the
    /// level cannot be solved).
    pub fn boxes_of<const W: usize>(&self, position: &Position) -> Option<Bits<W>> {
        let mut set = Bits::EMPTY;
        for (cell, _) in position.boxes.iter().enumerate().filter(|(_, &b)| b) {
            let i = self.index[cell] as usize;
            if i >= self.live {
                return None;
            }
            set.insert(i);
        }
        Some(set)
    }

    /// The hash key of a box set.
    pub fn key_of<const W: usize>(&self, boxes: &Bits<W>) -> u32 {
        boxes.iter().fold(0, |k, b| k ^ self.box_key[b])
    }
}

/// A small deterministic generator for the hash keys (the same keys on every run, so
/// searches are reproducible).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    #[test]
    fn live_cells_come_first_and_distances_count_pushes() {
        // corners are dead; a box two cells left of the goal needs two pushes
        let level = parse_level("######\n#    #\n# @$.#\n#    #\n######", None).unwrap();
        let maze = Maze::new(&level);
        assert_eq!(maze.cells.len(), 12);
        let corner = maze.index[level.cols + 1] as usize;
        assert!(corner >= maze.live, "a corner is dead");
        let start = maze.index[2 * level.cols + 2] as usize;
        assert!(start < maze.live);
        assert_eq!(maze.goal_distance[0][start], 2);
        let b: Bits<1> = maze.boxes_of(&level.start).unwrap();
        assert_eq!(b.count(), 1);
        assert_eq!(maze.key_of(&b), maze.box_key[b.iter().next().unwrap()]);
    }
}
