//! Where the goal rooms of [`super::goal_room`] are: parts of the floor cut off by one cell,
//! and goal areas (side-by-side goals) with several entrances.

use super::bits::Bits;
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// A room found: the cells a box may use in it, the cells where a box is out of it, and its
/// number of goals.
pub(super) struct Found {
    /// The cells a routed box may use (for a room behind one cell, `C ∪ {e}`).
    pub inside: Vec<u16>,
    /// Where a box pulled out of the room leaves it (`e`, or the floor around the area).
    pub exits: Vec<u16>,
    /// The goals in `inside`.
    pub goals: usize,
}

/// Every room behind one cell: a cell `e` and a part `C` of the floor that removing `e`
/// cuts off, with at least two goals counting `e`, no box off a goal, and not the player.
pub(super) fn behind_one_cell<const W: usize>(
    maze: &Maze,
    boxes: &Bits<W>,
    player: u16,
) -> Vec<Found> {
    let is_goal = |c: u16| maze.goals.contains(&c);
    let has_box = |c: u16| (c as usize) < maze.live && boxes.has(c as usize);
    let cells = maze.cells.len() as u16;
    let mut out = Vec::new();
    for e in 0..cells {
        let mut part = vec![u32::MAX; cells as usize];
        for (k, dir) in Dir::ALL.into_iter().enumerate() {
            let seed = maze.step(e, dir);
            if seed == NONE || part[seed as usize] != u32::MAX {
                continue;
            }
            let mut c = vec![seed];
            part[seed as usize] = k as u32;
            let mut head = 0;
            while let Some(&x) = c.get(head) {
                head += 1;
                for d in Dir::ALL {
                    let y = maze.step(x, d);
                    if y != NONE && y != e && part[y as usize] == u32::MAX {
                        part[y as usize] = k as u32;
                        c.push(y);
                    }
                }
            }
            if c.len() + 1 == cells as usize {
                continue; // `e` cuts nothing off on this side
            }
            let goals = c.iter().filter(|&&x| is_goal(x)).count() + is_goal(e) as usize;
            let clean = c.iter().all(|&x| !has_box(x) || is_goal(x)) && !c.contains(&player);
            if goals >= 2 && clean {
                c.push(e);
                out.push(Found {
                    inside: c,
                    exits: vec![e],
                    goals,
                });
            }
        }
    }
    out
}

/// Every goal area with several entrances: a set of at least two goals joined side by side,
/// none of them in `taken` or under the player, its exits the live floor cells beside it.
pub(super) fn goal_areas(maze: &Maze, player: u16, taken: &[bool]) -> Vec<Found> {
    let free = |c: u16| maze.goals.contains(&c) && !taken[c as usize];
    let mut seen = vec![false; maze.cells.len()];
    let mut out = Vec::new();
    for &g in &maze.goals {
        if seen[g as usize] || !free(g) {
            continue;
        }
        seen[g as usize] = true;
        let mut area = vec![g];
        let mut head = 0;
        while let Some(&x) = area.get(head) {
            head += 1;
            for d in Dir::ALL {
                let y = maze.step(x, d);
                if y != NONE && free(y) && !seen[y as usize] {
                    seen[y as usize] = true;
                    area.push(y);
                }
            }
        }
        let mut exits = Vec::new();
        for &x in &area {
            for d in Dir::ALL {
                let y = maze.step(x, d);
                let outside = y != NONE && (y as usize) < maze.live && !area.contains(&y);
                if outside && !exits.contains(&y) {
                    exits.push(y);
                }
            }
        }
        if area.len() >= 2 && !area.contains(&player) && !exits.is_empty() {
            out.push(Found {
                goals: area.len(),
                inside: area,
                exits,
            });
        }
    }
    out
}
