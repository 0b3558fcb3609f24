//! The packing order of a goal room ([`super::goal_room`]), computed backwards with the
//! player's side respected.
//!
//! With a box on every goal of the room (and on the goals held fixed), the goals whose box
//! can be pulled out of the room form layer 0, filled last; then layer 1 from what is left,
//! and so on. A pull moves the box one cell towards the player, who must stand on that cell,
//! reached from where it stood without crossing a box, and step back onto a free cell: so a
//! goal counts as freed only when the player can really get to it, which a pull that looks
//! at the two cells alone does not check. The player starts anywhere it can walk outside
//! the room (where it stands once the room is full) and follows each pull. Filling the room
//! forwards in the reverse order (the deepest layer first) then only ever pushes a box back
//! along such a pull path, with every box already placed standing where it stood.

use super::goal_room_space::Space;
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// The layer of each of `goals` (0 = filled last), the boxes on `fixed` never moving;
/// `None` when some goal is never freed.
pub(super) fn layers(maze: &Maze, space: &Space, goals: &[u16], fixed: &[u16]) -> Option<Vec<u16>> {
    let mut layer = vec![u16::MAX; goals.len()];
    let mut k = 0;
    while layer.contains(&u16::MAX) {
        let full: Vec<u16> = (0..goals.len())
            .filter(|&g| layer[g] == u16::MAX)
            .map(|g| goals[g])
            .chain(fixed.iter().copied())
            .collect();
        let free: Vec<usize> = (0..goals.len())
            .filter(|&g| layer[g] == u16::MAX && pulls_out(maze, space, &full, goals[g]))
            .collect();
        if free.is_empty() {
            return None;
        }
        for g in free {
            layer[g] = k;
        }
        k += 1;
    }
    Some(layer)
}

/// Can the box on `goal` be pulled to an exit, the player starting outside the room and
/// walking only in `space`, the boxes on the other `full` cells standing still?
pub(super) fn pulls_out(maze: &Maze, space: &Space, full: &[u16], goal: u16) -> bool {
    if space.exit(goal) {
        return true;
    }
    let blocked = |c: u16| c != goal && full.contains(&c);
    let n = space.walkable.len();
    let Some(start) = space.slot(goal) else {
        return false;
    };
    // the player's first stand: every walkable cell outside the room
    let outside: Vec<usize> = (0..n)
        .filter(|&s| {
            let c = space.walkable[s];
            !space.inside(c) && !blocked(c) && c != goal
        })
        .collect();
    // states (box slot, player slot), `n` standing for "anywhere outside"
    let mut seen = vec![false; n * (n + 1)];
    let mut states = vec![(start, n)];
    seen[start * (n + 1) + n] = true;
    let mut head = 0;
    while let Some(&(b, p)) = states.get(head) {
        head += 1;
        let boxed = space.walkable[b];
        let seeds = if p == n { outside.clone() } else { vec![p] };
        let reach = if space.wide {
            space.reach(maze, &seeds, |c| c == boxed || blocked(c))
        } else {
            vec![true; n] // the first rooms' rule: the two cells of the pull alone
        };
        for dir in Dir::ALL {
            let to = maze.step(boxed, dir);
            let dead = space.wide && to as usize >= maze.live;
            if to == NONE || dead || blocked(to) {
                continue;
            }
            let beyond = maze.step(to, dir);
            let (Some(ts), Some(bs)) = (space.slot(to), space.slot(beyond)) else {
                continue;
            };
            let usable = space.inside(to) || space.exit(to);
            if !usable || !reach[ts] || blocked(beyond) {
                continue;
            }
            if space.exit(to) {
                return true;
            }
            if !seen[ts * (n + 1) + bs] {
                seen[ts * (n + 1) + bs] = true;
                states.push((ts, bs));
            }
        }
    }
    false
}
