//! Deadlocks: positions from which no solution exists, recognised without search. Both rules
//! here only ever remove positions that cannot be solved (the tests check every position of
//! small levels against an exhaustive search).
//!
//! * **Dead cells**: a box on a cell from which even a lone box cannot reach any goal is
//!   lost. The live cells are found backwards, by pulling a box from every goal (a box at
//!   `x` can have come from `x - d` when the player could stand at `x - 2d`).
//! * **Freeze deadlocks**: a box is frozen when it can move along neither axis. An axis is
//!   blocked by a wall on either side, by dead cells on both sides (moving there is useless),
//!   or by a frozen box on either side (checked recursively, the box being checked counting
//!   as a wall). No box of such a group can ever move again, so if one of them is off its
//!   goal the level is lost.

use super::bits::Bits;
use super::board::Level;
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// `live[cell]` for every grid cell: floor from which a lone box can be pushed to a goal.
pub fn live_cells(level: &Level) -> Vec<bool> {
    let mut live = vec![false; level.floor.len()];
    let mut queue = level.goals();
    for &g in &queue {
        live[g] = true;
    }
    let floor = |c: Option<usize>| c.filter(|&c| level.is_floor(c));
    let mut head = 0;
    while let Some(&x) = queue.get(head) {
        head += 1;
        for d in Dir::ALL {
            let Some(from) = floor(level.neighbor(x, d.opposite())) else {
                continue;
            };
            if !live[from] && floor(level.neighbor(from, d.opposite())).is_some() {
                live[from] = true;
                queue.push(from);
            }
        }
    }
    live
}

/// True when the box just pushed onto `cell` belongs to a frozen group with a box off its
/// goal: the position can never be solved.
pub fn frozen_off_goal<const W: usize>(maze: &Maze, boxes: &Bits<W>, cell: u16) -> bool {
    let mut walls = Bits::<W>::EMPTY;
    matches!(frozen(maze, boxes, cell, &mut walls), Some(true))
}

/// `None` if the box on `cell` can still move; `Some(off)` if it never can (alone or with
/// the frozen group it belongs to), `off` telling whether a box of that group is off its
/// goal ([`super::frozen_goals`] uses the groups on goals as walls).
pub fn frozen_in_place<const W: usize>(maze: &Maze, boxes: &Bits<W>, cell: u16) -> Option<bool> {
    let mut walls = Bits::<W>::EMPTY;
    frozen(maze, boxes, cell, &mut walls)
}

/// `None` if the box on `cell` can still move; `Some(off)` if it cannot, `off` telling
/// whether it or a box its freezing relied on is off its goal. `walls` holds the boxes
/// being checked further up (treated as walls).
fn frozen<const W: usize>(
    maze: &Maze,
    boxes: &Bits<W>,
    cell: u16,
    walls: &mut Bits<W>,
) -> Option<bool> {
    walls.insert(cell as usize);
    let mut off = !is_goal(maze, cell);
    let mut result = Some(());
    for (a, b) in [(Dir::Left, Dir::Right), (Dir::Up, Dir::Down)] {
        match blocked(maze, boxes, maze.step(cell, a), maze.step(cell, b), walls) {
            Some(o) => off |= o,
            None => {
                result = None;
                break;
            }
        }
    }
    walls.remove(cell as usize);
    result.map(|()| off)
}

/// Whether an axis with neighbours `a` and `b` is blocked (`Some(off)`, with whether a box
/// relied on is off its goal) or open (`None`).
fn blocked<const W: usize>(
    maze: &Maze,
    boxes: &Bits<W>,
    a: u16,
    b: u16,
    walls: &mut Bits<W>,
) -> Option<bool> {
    // only boxes (live cells) are ever counted as walls; a dead cell's number may lie
    // beyond the set's words
    let is_wall =
        |c: u16, walls: &Bits<W>| c == NONE || ((c as usize) < maze.live && walls.has(c as usize));
    if is_wall(a, walls) || is_wall(b, walls) {
        return Some(false);
    }
    let dead = |c: u16| c as usize >= maze.live;
    if dead(a) && dead(b) {
        return Some(false);
    }
    for c in [a, b] {
        if !dead(c) && boxes.has(c as usize) {
            if let Some(off) = frozen(maze, boxes, c, walls) {
                return Some(off);
            }
        }
    }
    None
}

fn is_goal(maze: &Maze, cell: u16) -> bool {
    maze.goals.contains(&cell)
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse_level;
    use super::*;

    fn check(rows: &str) -> bool {
        let level = parse_level(rows, None).unwrap();
        let maze = Maze::new(&level);
        let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let last = boxes.iter().last().unwrap() as u16;
        frozen_off_goal(&maze, &boxes, last)
    }

    #[test]
    fn live_cells_exclude_corners_and_walls_without_goals() {
        let level = parse_level("######\n#    #\n# @$.#\n#    #\n######", None).unwrap();
        let live = live_cells(&level);
        let count = live.iter().filter(|&&l| l).count();
        assert_eq!(count, 3, "the goal's row, except against the left wall");
    }

    #[test]
    fn two_boxes_against_a_wall_freeze() {
        // two boxes side by side along the top wall: neither can move, both off their goals
        assert!(check("#######\n# $$..#\n#     #\n#  @  #\n#######"));
        // on their goals they are fine
        assert!(!check("#######\n# **  #\n#     #\n#  @  #\n#######"));
        // a lone box in open floor is not frozen
        assert!(!check("#######\n#     #\n# .$  #\n#  @  #\n#######"));
        // a 2x2 square of boxes freezes even in the open
        assert!(check(
            "########\n#      #\n# $$   #\n# $$   #\n# .... #\n#  @   #\n########"
        ));
    }
}
