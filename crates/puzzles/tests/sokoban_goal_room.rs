//! `--fast` with goal areas of several entrances ([`GoalRooms`]) against the independent
//! brute force: on random small levels whose goals lie side by side in the open, often with
//! boxes left on goals at the start, `--fast` with the goal-area macros answers exactly the
//! solvable levels (`-1` only when the brute force finds none), every answer replays with
//! the counts reported, and the rooms are really there (counted, so the test cannot check
//! nothing). Bounded by the brute force's state counts, never by the clock.

mod sokoban_support;

use gridlock_puzzles::sokoban::goal_room::GoalRooms;
use gridlock_puzzles::sokoban::maze::Maze;
use gridlock_puzzles::sokoban::{parse_level, solve_fast, Tuning};
use gridlock_search::Limits;
use sokoban_support::{brute_force, Grid, Rng};

/// The shapes of side-by-side goals placed: (rows, columns), at most three goals.
const SHAPES: [(usize, usize); 4] = [(1, 2), (1, 3), (2, 1), (3, 1)];

/// A random level with a block of goals in the open (so it has several entrances): a grid
/// of 4–5 × 5–7 with a few walls, the player on a free cell. With `pulled` the boxes start
/// on the goals and the player walks about at random, pulling a box behind it half the
/// time it can (so the level is solvable, and boxes often stay on goals); otherwise the
/// boxes are put anywhere. `None` when the grid came out unusable.
fn goal_area_level(seed: u64, pulled: bool) -> Option<String> {
    let mut rng = Rng(seed ^ 0x60A1_A4EA);
    let (rows, cols) = (4 + rng.below(2), 5 + rng.below(3));
    let (r2, c2) = (rows + 2, cols + 2);
    let inner = |i: usize| (1..=rows).contains(&(i / c2)) && (1..=cols).contains(&(i % c2));
    let mut wall: Vec<bool> = (0..r2 * c2)
        .map(|i| !inner(i) || rng.below(100) < 10)
        .collect();
    let (h, w) = SHAPES[rng.below(SHAPES.len())];
    let (top, left) = (1 + rng.below(rows + 1 - h), 1 + rng.below(cols + 1 - w));
    let goals: Vec<usize> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (top + r) * c2 + left + c))
        .collect();
    for &g in &goals {
        wall[g] = false;
    }
    let floor: Vec<usize> = (0..r2 * c2).filter(|&i| !wall[i]).collect();
    let mut boxes: Vec<usize> = if pulled {
        goals.clone()
    } else {
        pick(&mut rng, &floor, goals.len(), &[])
    };
    let mut player = *pick(&mut rng, &floor, 1, &boxes).first()?;
    if pulled {
        let steps = [1, c2, usize::MAX, 0usize.wrapping_sub(c2)];
        for _ in 0..40 {
            let d = steps[rng.below(4)];
            let to = player.wrapping_add(d);
            if wall[to] || boxes.contains(&to) {
                continue;
            }
            let behind = player.wrapping_sub(d);
            if rng.below(2) == 0 {
                if let Some(b) = boxes.iter_mut().find(|b| **b == behind) {
                    *b = player;
                }
            }
            player = to;
        }
    }
    Some(render(r2, c2, &wall, &goals, &boxes, player))
}

/// `n` distinct cells of `from`, none in `taken`, at random.
fn pick(rng: &mut Rng, from: &[usize], n: usize, taken: &[usize]) -> Vec<usize> {
    let mut free: Vec<usize> = from
        .iter()
        .copied()
        .filter(|c| !taken.contains(c))
        .collect();
    let mut out = Vec::new();
    while out.len() < n && !free.is_empty() {
        out.push(free.swap_remove(rng.below(free.len())));
    }
    out
}

/// The level in XSB.
fn render(
    r2: usize,
    c2: usize,
    wall: &[bool],
    goals: &[usize],
    boxes: &[usize],
    player: usize,
) -> String {
    let mut text = String::new();
    for r in 0..r2 {
        for c in 0..c2 {
            let i = r * c2 + c;
            let (g, b) = (goals.contains(&i), boxes.contains(&i));
            text.push(match (wall[i], g, b, i == player) {
                (true, ..) => '#',
                (_, true, true, _) => '*',
                (_, false, true, _) => '$',
                (_, true, _, true) => '+',
                (_, false, _, true) => '@',
                (_, true, ..) => '.',
                _ => ' ',
            });
        }
        text.push('\n');
    }
    text
}

/// `--fast` with goal areas on: its answer as `(moves, pushes)`, replayed by the tests' own
/// rules; `None` for `-1`.
fn fast(text: &str) -> Option<(u32, u32)> {
    let level = parse_level(text, None).expect("checked by the caller");
    let tuning = Tuning {
        room_areas: true,
        ..Tuning::default()
    };
    let outcome = solve_fast(&level, &Limits::none(), &tuning).expect("no limits");
    let s = outcome.solution?;
    assert_eq!(
        Grid::read(text).replay(&s.lurd()),
        Some((s.moves, s.pushes)),
        "{text}{}",
        s.lurd()
    );
    Some((s.moves, s.pushes))
}

#[test]
fn fast_with_goal_areas_answers_exactly_the_solvable_levels() {
    let (mut several, mut fixed, mut solvable_with_area) = (0, 0, 0);
    for seed in 0..1000u64 {
        let Some(text) = goal_area_level(seed, seed % 4 != 0) else {
            continue;
        };
        let Ok(level) = parse_level(&text, None) else {
            continue; // walls cut a box or goal off the player's area
        };
        let maze = Maze::new(&level);
        let Some(boxes) = maze.boxes_of::<2>(&level.start) else {
            continue; // a box on a dead cell: nothing to route
        };
        let rooms = GoalRooms::new::<2>(&maze, &boxes, maze.index[level.start.player], true);
        let area = rooms.as_ref().map_or(0, |r| r.with_several_entrances());
        several += (area > 0) as u32;
        fixed += rooms.as_ref().map_or(0, |r| r.fixed());
        let optimum = brute_force(&Grid::read(&text), true);
        solvable_with_area += (area > 0 && optimum.is_some()) as u32;
        let quick = fast(&text);
        assert_eq!(quick.is_some(), optimum.is_some(), "{text}");
        if let (Some(q), Some(o)) = (quick, optimum) {
            assert!(
                q.1 >= o.1,
                "fast found fewer pushes than the optimum: {text}"
            );
        }
    }
    assert!(several >= 500, "only {several} levels with a goal area");
    assert!(
        solvable_with_area >= 500,
        "only {solvable_with_area} solvable ones"
    );
    assert!(fixed >= 30, "only {fixed} boxes held fixed");
}
