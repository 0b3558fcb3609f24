//! The goal's whole component: every position that can reach the goal, counted by its
//! distance, from one pattern table holding every tile (an exact distance table, built by
//! the engine's breadth-first search).

use super::board::Board;
use super::pdb::GroupSpace;
use gridlock_search::pdb::{self, PatternSpace, UNREACHED};
use gridlock_search::{Limits, Stats, Stopped};

/// How many farthest positions are listed.
pub const FARTHEST_SHOWN: usize = 16;

/// The goal's component, counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Positions that can reach the goal (the goal included).
    pub states: u64,
    /// `by_distance[d]`: positions exactly `d` moves from the goal.
    pub by_distance: Vec<u64>,
    /// The first farthest positions in table order (at most [`FARTHEST_SHOWN`]).
    pub farthest: Vec<Board>,
}

impl Component {
    /// The largest distance.
    pub fn max_distance(&self) -> usize {
        self.by_distance.len() - 1
    }
}

/// Explores the component of `goal`. The table has `cells!` entries (every placement of
/// every tile), which `limits.max_states` caps before anything is allocated.
pub fn explore(goal: &Board, limits: &Limits) -> Result<(Component, Stats), Stopped> {
    let shape = goal.shape;
    let blank = goal.cells_of()[0];
    let labels: Vec<u8> = (0..shape.cells() as u8).filter(|&c| c != blank).collect();
    let space = GroupSpace::new(shape, &labels, blank);
    let (table, stats) = pdb::build(&space, limits, &|_, _| {})?;
    let by_distance = table.histogram();
    let max = table.max();
    let mut farthest = Vec::new();
    for p in 0..space.placements() {
        if farthest.len() == FARTHEST_SHOWN {
            break;
        }
        if table.get(p as usize) == max && max != UNREACHED {
            let mut tiles = vec![0u8; shape.cells()];
            for (&label, cell) in labels.iter().zip(space.cells(p)) {
                tiles[cell as usize] = goal.tiles[label as usize];
            }
            farthest.push(Board::new(shape, tiles).expect("a placement of every tile"));
        }
    }
    let component = Component {
        states: by_distance.iter().sum(),
        by_distance,
        farthest,
    };
    Ok((component, stats))
}
