//! The player's area after one push, from the area before it: the normalised player (the
//! smallest cell of the area, [`super::graph::RegionGraph::normalise`]) of every child
//! without a flood of its own in most cases.
//!
//! **Why it is exact.** A push moves one box from `from` to `to`, and the player ends on
//! `from`. Let `R` be the parent's area (the player reached the cell behind the box, so
//! `from` touches `R`). The child's free floor is the parent's with `from` added and `to`
//! taken away.
//!
//! * If either cell beside `from` (across the push) is free and outside `R`, `from` joins
//!   `R` to another area: flood ([`area_after`] answers `None`).
//! * Otherwise the area of `from` with `from` freed is `R ∪ {from}` (its other neighbours
//!   are the cell behind, in `R`, and `to`).
//! * If `to` was outside `R`, filling it changes nothing there: the area is `R ∪ {from}`.
//! * If `to` was in `R`, filling it keeps the rest of the area together when the free cells
//!   among its four neighbours are joined through the free cells of the eight around it
//!   (every path through `to` can go round it): the area is `R ∪ {from} − {to}`. When they
//!   are not joined there, `to` may split the area: flood.
//!
//! The smallest cell of those sets needs only the two smallest cells of `R` ([`Least`]).
//! Checked against a fresh flood on every child of every reachable position of random
//! levels by `crates/puzzles/tests/sokoban_area.rs`.

use super::graph::{Node, Push, Walk};
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// The two smallest cells of an area ([`NONE`] where it has fewer).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Least {
    /// The smallest cell.
    pub first: u16,
    /// The second smallest cell.
    pub second: u16,
}

impl Least {
    /// The two smallest of `cells`.
    pub fn of(cells: &[u16]) -> Self {
        let mut least = Least {
            first: NONE,
            second: NONE,
        };
        for &c in cells {
            if c < least.first {
                least.second = least.first;
                least.first = c;
            } else if c < least.second {
                least.second = c;
            }
        }
        least
    }
}

/// The smallest cell of the player's area in `child`, made by the single push `push` from
/// a node whose player's walk is `walk` (with the two smallest reached cells `least`);
/// `None` when only a flood can tell (module doc).
pub fn area_after<const W: usize>(
    maze: &Maze,
    walk: &Walk,
    least: Least,
    push: Push,
    child: &Node<W>,
) -> Option<u16> {
    let from = push.from;
    let to = maze.step(from, push.dir);
    let free = |c: u16| c != NONE && !child.has_box(maze, c);
    let d = push.dir as usize;
    for side in [Dir::ALL[(d + 1) % 4], Dir::ALL[(d + 3) % 4]] {
        let s = maze.step(from, side);
        if free(s) && walk.distance(s).is_none() {
            return None;
        }
    }
    let rest = if walk.distance(to).is_none() {
        least.first
    } else if !joined_around(maze, to, free) {
        return None;
    } else if to == least.first {
        least.second
    } else {
        least.first
    };
    Some(rest.min(from))
}

/// Whether the free neighbours of `cell` (`free` says which cells are free) all lie on one
/// run of free cells of the eight around it, so that filling `cell` disconnects nothing.
fn joined_around(maze: &Maze, cell: u16, free: impl Fn(u16) -> bool) -> bool {
    let side = Dir::ALL.map(|d| maze.step(cell, d));
    // the ring in order: side 0, the corner between sides 0 and 1, side 1, ...
    let mut ring = [(false, false); 8];
    for i in 0..4 {
        let j = (i + 1) % 4;
        let corner = match (side[i], side[j]) {
            (NONE, NONE) => NONE,
            (NONE, b) => maze.step(b, Dir::ALL[i]),
            (a, _) => maze.step(a, Dir::ALL[j]),
        };
        ring[2 * i] = (free(side[i]), true);
        ring[2 * i + 1] = (free(corner), false);
    }
    let Some(gap) = ring.iter().position(|&(f, _)| !f) else {
        return true;
    };
    // count the runs of free cells that hold a side, going round from a blocked cell
    let (mut runs, mut holds) = (0, false);
    for k in 1..=8 {
        let (is_free, is_side) = ring[(gap + k) % 8];
        if is_free {
            holds |= is_side;
        } else {
            runs += holds as u32;
            holds = false;
        }
    }
    runs <= 1
}
