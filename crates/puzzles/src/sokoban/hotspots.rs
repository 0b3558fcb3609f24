//! The hotspot advisor of [`super::fess`], after Shoham and Schaeffer's FESS: a box that
//! stands in the way of other boxes' pushes (a *hotspot*) is pushed away.
//!
//! A push of a box is *blocked* when, the boxes taken away, the player could make it (floor
//! behind the box, a live cell ahead) but a box stands on one of those two cells. The
//! advisor names the push that most lowers the number of blocked pushes of the position
//! (box and direction counted once each), without lowering the packed count: boxes in
//! each other's way are what makes the player's and the other boxes' moves scarce, and a
//! position where they stand apart leaves more ways on. Counted only around the pushed
//! box, so the advice costs a few cells per candidate.
//!
//! Off by default ([`super::fast::Tuning::hotspots`]): measured, it made some levels much
//! faster and lost others (docs/sokoban-fast-figures.md).

use super::advisors::Candidate;
use super::bits::Bits;
use super::features::Cell;
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// Marks the candidate (from a position of boxes `before`, in feature cell `here`) whose
/// push most lowers the number of blocked pushes, if any lowers it and keeps the packed
/// count; ties go to the least nearest-goal sum.
pub fn advise_hotspots<const W: usize>(
    maze: &Maze,
    before: &Bits<W>,
    here: Cell,
    candidates: &mut [Candidate<W>],
) {
    let best = (0..candidates.len())
        .filter(|&i| candidates[i].cell.0 >= here.0)
        .filter_map(|i| {
            let c = &candidates[i];
            let change = blocked_change(maze, before, &c.node.boxes, c.push.from, c.push.dir);
            (change < 0).then_some(((change, c.bound), i))
        })
        .min();
    if let Some((_, i)) = best {
        candidates[i].advised = true;
    }
}

/// How the number of blocked pushes changes when the box on `from` is pushed `dir`
/// (`before` and `after` the push): only pushes of boxes on or beside the two cells can
/// change.
pub fn blocked_change<const W: usize>(
    maze: &Maze,
    before: &Bits<W>,
    after: &Bits<W>,
    from: u16,
    dir: Dir,
) -> i32 {
    let to = maze.step(from, dir);
    let mut near = [NONE; 10];
    near[0] = from;
    near[1] = to;
    for (k, d) in Dir::ALL.into_iter().enumerate() {
        near[2 + k] = maze.step(from, d);
        near[6 + k] = if to == NONE { NONE } else { maze.step(to, d) };
    }
    let mut change = 0;
    for (k, &c) in near.iter().enumerate() {
        // each cell once: `to` is beside `from`, and `from` beside `to`
        if c == NONE || near[..k].contains(&c) {
            continue;
        }
        change += blocked_at(maze, after, c) as i32 - blocked_at(maze, before, c) as i32;
    }
    change
}

/// The blocked pushes of the box on `cell` in `boxes` (0 when no box stands there).
pub fn blocked_at<const W: usize>(maze: &Maze, boxes: &Bits<W>, cell: u16) -> u32 {
    let has = |c: u16| (c as usize) < maze.live && boxes.has(c as usize);
    if !has(cell) {
        return 0;
    }
    Dir::ALL
        .into_iter()
        .filter(|&d| {
            let ahead = maze.step(cell, d);
            let behind = maze.step(cell, d.opposite());
            let open = ahead != NONE && (ahead as usize) < maze.live && behind != NONE;
            open && (has(ahead) || has(behind))
        })
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::super::graph::{Node, Push};
    use super::super::parse::parse_level;
    use super::*;

    fn setup(rows: &str) -> (Maze, Node<1>) {
        let level = parse_level(rows, None).unwrap();
        let maze = Maze::new(&level);
        let boxes: Bits<1> = maze.boxes_of(&level.start).unwrap();
        let node = Node::new(&maze, boxes, maze.index[level.start.player]);
        (maze, node)
    }

    /// Every blocked push of the position, counted box by box.
    fn blocked<const W: usize>(maze: &Maze, boxes: &Bits<W>) -> i32 {
        boxes
            .iter()
            .map(|b| blocked_at(maze, boxes, b as u16) as i32)
            .sum()
    }

    /// An open room whose inner cells are all live (goals in the middle), the boxes on
    /// row 3 as `row` places them, as many goals as boxes.
    fn room(row: &str) -> String {
        let third = if row.matches('$').count() == 3 {
            "."
        } else {
            " "
        };
        let rows = ["#       #", "#       #", &format!("#{row}#"), "#   ..@ #"];
        let last = format!("#    {third}  #\n#       #\n#########");
        format!("#########\n{}\n{last}", rows.join("\n"))
    }

    #[test]
    fn boxes_side_by_side_block_each_other() {
        // each of two boxes in a row stops the other's push towards it and away from it
        let (maze, node) = setup(&room("  $$   "));
        assert_eq!(blocked(&maze, &node.boxes), 4);
        let (maze, node) = setup(&room("  $ $  "));
        assert_eq!(blocked(&maze, &node.boxes), 0);
    }

    #[test]
    fn the_local_change_equals_the_whole_count_after_every_push() {
        let (maze, node) = setup(&room("  $$$  "));
        let mut checked = 0;
        for from in node.boxes.iter() {
            for dir in Dir::ALL {
                let to = maze.step(from as u16, dir);
                if to == NONE || to as usize >= maze.live || node.boxes.has(to as usize) {
                    continue;
                }
                let after = node.pushed(&maze, from as u16, to).boxes;
                let whole = blocked(&maze, &after) - blocked(&maze, &node.boxes);
                let local = blocked_change(&maze, &node.boxes, &after, from as u16, dir);
                assert_eq!(local, whole, "box {from} pushed {dir:?}");
                checked += 1;
            }
        }
        assert!(checked >= 6, "{checked}");
    }

    #[test]
    fn the_advisor_pushes_the_box_in_the_way_of_most_and_not_off_a_goal() {
        let (maze, node) = setup(&room("  $$$  "));
        let candidate = |from: u16, dir: Dir, packed: u16| Candidate {
            node: node.pushed(&maze, from, maze.step(from, dir)),
            push: Push { from, dir },
            bound: 0,
            cell: (packed, 1, 0, 0),
            advised: false,
        };
        let boxes: Vec<u16> = node.boxes.iter().map(|b| b as u16).collect();
        // the end box pushed aside frees 2 blocked pushes, the middle one pushed up all 6
        let mut c = vec![
            candidate(boxes[0], Dir::Left, 0),
            candidate(boxes[1], Dir::Up, 0),
        ];
        advise_hotspots(&maze, &node.boxes, (0, 1, 0, 0), &mut c);
        assert_eq!(
            c.iter().map(|c| c.advised).collect::<Vec<_>>(),
            [false, true]
        );
        // a push that would lower the packed count is not advised
        let mut c = vec![candidate(boxes[1], Dir::Up, 0)];
        advise_hotspots(&maze, &node.boxes, (1, 1, 0, 0), &mut c);
        assert!(!c[0].advised);
    }
}
