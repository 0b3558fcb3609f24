//! The cells a goal room's box and player may use ([`super::goal_room`]), numbered in
//! slots so that the route and order searches index arrays instead of scanning lists.

use super::maze::{Maze, NONE};
use super::moves::Dir;

/// A slot's cell is inside the room (a box may stand there).
const INSIDE: u8 = 1;
/// A slot's cell is an exit (a box pulled there is out of the room).
const EXIT: u8 = 2;

/// The cells around one room.
#[derive(Clone, Debug)]
pub(super) struct Space {
    /// Per slot: its cell. The room's cells, its exits and the floor within two steps of
    /// the room: where the player may walk in a route or an order's pull.
    pub walkable: Vec<u16>,
    /// Per compact cell: its slot, or [`NONE`].
    slot: Vec<u16>,
    /// Per slot: [`INSIDE`] and [`EXIT`] flags.
    kind: Vec<u8>,
    /// Two rings of floor round the room, and orders that follow the player (else the
    /// first rooms' rules: the exits' neighbours only, pulls checked on their two cells).
    pub wide: bool,
}

impl Space {
    /// The space of the room `inside` with `exits`, `wide` or not.
    pub fn new(maze: &Maze, inside: &[u16], exits: &[u16], wide: bool) -> Space {
        let mut walkable: Vec<u16> = inside.to_vec();
        for &e in exits {
            if !walkable.contains(&e) {
                walkable.push(e);
            }
        }
        // two rings of floor round the room: room to turn a box at an entrance; else the
        // exits' neighbours
        let around: Vec<u16> = if wide {
            walkable.clone()
        } else {
            exits.to_vec()
        };
        let grown = |walkable: &mut Vec<u16>, from: &[u16]| {
            for &c in from {
                for dir in Dir::ALL {
                    let n = maze.step(c, dir);
                    if n != NONE && !walkable.contains(&n) {
                        walkable.push(n);
                    }
                }
            }
        };
        grown(&mut walkable, &around);
        if wide {
            let ring = walkable.clone();
            grown(&mut walkable, &ring);
        }
        let mut slot = vec![NONE; maze.cells.len()];
        for (s, &c) in walkable.iter().enumerate() {
            slot[c as usize] = s as u16;
        }
        let kind = walkable
            .iter()
            .map(|c| (INSIDE * inside.contains(c) as u8) | (EXIT * exits.contains(c) as u8))
            .collect();
        Space {
            walkable,
            slot,
            kind,
            wide,
        }
    }

    /// The slot of `cell`, if walkable.
    pub fn slot(&self, cell: u16) -> Option<usize> {
        let s = *self.slot.get(cell as usize)?;
        (s != NONE).then_some(s as usize)
    }

    /// Whether a box may stand on `cell` in the room.
    pub fn inside(&self, cell: u16) -> bool {
        self.slot(cell).is_some_and(|s| self.kind[s] & INSIDE != 0)
    }

    /// Whether a box on `cell` is out of the room.
    pub fn exit(&self, cell: u16) -> bool {
        self.slot(cell).is_some_and(|s| self.kind[s] & EXIT != 0)
    }

    /// The slots the player reaches from the slots `seeds`, `wall` cells aside.
    pub fn reach(&self, maze: &Maze, seeds: &[usize], wall: impl Fn(u16) -> bool) -> Vec<bool> {
        let mut reached = vec![false; self.walkable.len()];
        let mut stack = Vec::with_capacity(self.walkable.len());
        for &s in seeds {
            if !reached[s] && !wall(self.walkable[s]) {
                reached[s] = true;
                stack.push(self.walkable[s]);
            }
        }
        while let Some(c) = stack.pop() {
            for dir in Dir::ALL {
                let n = maze.step(c, dir);
                if n == NONE || wall(n) {
                    continue;
                }
                if let Some(s) = self.slot(n) {
                    if !reached[s] {
                        reached[s] = true;
                        stack.push(n);
                    }
                }
            }
        }
        reached
    }
}
