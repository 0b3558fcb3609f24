//! The feature-space search's packing order ([`Packing::from_start`]) against the tests'
//! own forward search of one box: each layer's goals are exactly those a box from a start
//! cell can still be pushed onto, the deeper goals standing full (the player walking
//! between pushes), and a parking cell is used only when no goal can be filled that way.
//! Small random and corridor levels, and three levels drawn after the XSokoban rooms the
//! first order got wrong.

mod sokoban_nodes;
mod sokoban_support;

use gridlock_puzzles::sokoban::bits::Bits;
use gridlock_puzzles::sokoban::maze::{Maze, NONE};
use gridlock_puzzles::sokoban::packing::Packing;
use sokoban_nodes::read;
use sokoban_support::{random_level, tunnel_level, Grid};

/// Can a lone box on `from` be pushed to `to` with the cells of `walls` walled too? With
/// `walk`, the player walks between pushes from any free cell it starts on; without, it may
/// stand on any free cell behind the box.
fn reaches(grid: &Grid, walls: u128, (from, to): (usize, usize), walk: bool) -> bool {
    let mut g = grid.clone();
    (0..g.wall.len()).for_each(|c| g.wall[c] |= walls >> c & 1 == 1);
    if g.wall[from] || g.wall[to] {
        return false;
    }
    if !walk {
        return pushes_anywhere(&g, from, to);
    }
    let starts = (0..g.wall.len()).filter(|&p| !g.wall[p] && p != from);
    let mut seen: std::collections::HashSet<(usize, u128)> = Default::default();
    let mut queue: Vec<(usize, u128)> = starts.map(|p| (p, 1u128 << from)).collect();
    queue.iter().for_each(|&s| {
        seen.insert(s);
    });
    while let Some(s) = queue.pop() {
        if s.1 == 1u128 << to {
            return true;
        }
        for d in 0..4 {
            if let Some((t, _)) = g.step(s, d) {
                if seen.insert(t) {
                    queue.push(t);
                }
            }
        }
    }
    false
}

/// A lone box's pushes, the player on any free cell behind it.
fn pushes_anywhere(g: &Grid, from: usize, to: usize) -> bool {
    let mut seen = vec![false; g.wall.len()];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(x) = stack.pop() {
        if x == to {
            return true;
        }
        for d in 0..4 {
            let (ahead, behind) = (g.next(x, d), g.next(x, (d + 2) % 4));
            if let (Some(a), Some(b)) = (ahead, behind) {
                if !g.wall[a] && !g.wall[b] && !seen[a] {
                    seen[a] = true;
                    stack.push(a);
                }
            }
        }
    }
    false
}

#[derive(Default, Debug)]
struct Tally {
    levels: usize,
    /// Levels with more than one layer.
    ordered: usize,
    /// Goals whose box, the deeper goals full, no start box can reach (a later layer).
    held: usize,
    parks: usize,
}

/// Checks every layer of `text`'s packing order against [`reaches`].
fn check(text: &str, tally: &mut Tally) {
    let (grid, maze) = read(text);
    let start: Bits<2> = maze_boxes(&grid, &maze);
    let packing = Packing::from_start(&maze, &start);
    let layers = packing.layers();
    let goal_cell = |k: usize| maze.cells[maze.goals[k] as usize];
    let sources: Vec<usize> = (0..128).filter(|c| grid.boxes >> c & 1 == 1).collect();
    let top = layers.iter().copied().max().unwrap_or(0);
    tally.levels += 1;
    tally.ordered += (top > 0) as usize;
    let mut parked = 0u128;
    for k in 0..=top {
        let full: Vec<usize> = (0..layers.len()).filter(|&g| layers[g] >= k).collect();
        let walls = |g: usize| {
            let others = full.iter().filter(|&&h| h != g).map(|&h| goal_cell(h));
            others.fold(parked, |m, c| m | 1u128 << c)
        };
        let fillable = |g: usize| {
            let (cell, w) = (goal_cell(g), walls(g));
            let free = |&&s: &&usize| s != cell && w >> s & 1 == 0;
            sources
                .iter()
                .filter(free)
                .any(|&s| reaches(&grid, w, (s, cell), true))
        };
        let here: Vec<usize> = full.iter().copied().filter(|&g| layers[g] == k).collect();
        let park = packing
            .parks()
            .iter()
            .find(|p| here.contains(&p.goal) && layers[p.goal] == k);
        for &g in full.iter().filter(|&&g| layers[g] > k) {
            assert!(!fillable(g), "goal {g} fillable at layer {k}\n{text}");
            tally.held += 1;
        }
        match park {
            Some(p) => {
                // one goal, that no start box can reach, filled from the parking cell
                assert_eq!(here, vec![p.goal], "{text}");
                assert!(!fillable(p.goal), "parked needlessly\n{text}");
                let cell = maze.cells[p.cell as usize];
                assert!(!grid.goal[cell], "{text}");
                let g = goal_cell(p.goal);
                assert!(reaches(&grid, walls(p.goal), (cell, g), true), "{text}");
                let open = |&&s: &&usize| pushes_anywhere_from(&grid, s, cell);
                assert!(sources.iter().any(|s| open(&s)), "{text}");
                parked |= 1u128 << cell;
                tally.parks += 1;
            }
            None if here.iter().all(|&g| fillable(g)) => {}
            None => {
                // the goals never freed: none reachable from a start box or a parking cell
                assert_eq!(k, top, "{text}");
                for &g in &here {
                    assert!(!fillable(g), "{text}");
                    let parkable = (0..grid.wall.len()).any(|c| {
                        let live = maze.index[c] != NONE && !grid.goal[c];
                        let movable = sources.iter().any(|&s| pushes_anywhere_from(&grid, s, c));
                        live && movable && reaches(&grid, walls(g), (c, goal_cell(g)), true)
                    });
                    assert!(
                        !parkable,
                        "goal {g} could be filled from a parking cell\n{text}"
                    );
                }
            }
        }
    }
}

/// [`pushes_anywhere`] on the level as drawn (no extra walls).
fn pushes_anywhere_from(grid: &Grid, from: usize, to: usize) -> bool {
    reaches(grid, 0, (from, to), false)
}

/// The start's boxes as the library's box set.
fn maze_boxes(grid: &Grid, maze: &Maze) -> Bits<2> {
    let mut bits = Bits::EMPTY;
    for c in (0..128).filter(|c| grid.boxes >> c & 1 == 1) {
        bits.insert(maze.index[c] as usize);
    }
    bits
}

#[test]
fn each_layer_holds_the_goals_a_start_box_can_still_reach() {
    let mut tally = Tally::default();
    for seed in 0..300u64 {
        let boxes = 2 + (seed % 3) as usize;
        check(&random_level(seed, boxes, true), &mut tally);
        check(&tunnel_level(seed, 1 + boxes % 3, true), &mut tally);
    }
    check(POCKET, &mut tally);
    println!("{tally:?}");
    assert!(
        tally.ordered > 50 && tally.held > 50 && tally.parks >= 2,
        "{tally:?}"
    );
}

/// After XSokoban 41: the goal under the dead-end pocket can only be filled along the
/// corridor (no box ever enters the pocket), so it is not filled last.
const POCKET: &str = "\
#########
#### @  #
## # $$ #
## #    #
#... $  #
#########";

#[test]
fn the_pocket_goal_is_filled_before_its_neighbours() {
    let (grid, maze) = read(POCKET);
    let start = maze_boxes(&grid, &maze);
    let layer_at = |p: &Packing, col: usize| {
        let cell = 4 * grid.cols + col;
        p.layers()[maze
            .goals
            .iter()
            .position(|&g| maze.cells[g as usize] == cell)
            .unwrap()]
    };
    let new = Packing::from_start(&maze, &start);
    // the goal under the pocket (column 3) is filled before the entrance goal (column 3 is
    // the corridor's end; column 1 and 2 are deeper)
    assert!(layer_at(&new, 3) == 0, "{:?}", new.layers());
    // the first rule pulled the middle goal's box into the pocket and called it last
    let first = Packing::new(&maze);
    assert!(
        layer_at(&first, 2) <= layer_at(&first, 3),
        "{:?}",
        first.layers()
    );
    assert!(layer_at(&new, 2) > layer_at(&new, 3), "{:?}", new.layers());
}
