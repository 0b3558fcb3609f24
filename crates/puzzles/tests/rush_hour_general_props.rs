//! Random R×C boards (R, C in 4..=8, 1–12 vehicles, walls, the red car in any row or absent)
//! checked against an independent brute force written here: a plain grid of cell owners,
//! vehicles rediscovered by scanning, slides tried cell by cell, BFS over whole grids in a
//! `HashMap`, and the exit rule of SPEC §11 restated. It shares no code with the solver
//! except the input formats. Also: on 6×6 boards with the standard exit the general model
//! and the 6×6 fast path give the same answers.

use gridlock_puzzles::rush_hour::verify::Written;
use gridlock_puzzles::rush_hour::{
    optimum, parse, solve, Board, Direction, General, Metric, Model, Prepared, Ranked, Steps, Wide,
};
use gridlock_search::{dijkstra, Graph, Limits};
use proptest::prelude::*;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, VecDeque};

const WALL: u8 = 255;

/// A board: its shape and one owner per cell (0 empty, [`WALL`], else a vehicle id; 1 red).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Grid {
    fn ids(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self
            .cells
            .iter()
            .copied()
            .filter(|&x| x != 0 && x != WALL)
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn of(&self, id: u8) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&c| self.cells[c] == id)
            .collect()
    }

    /// The exit row by SPEC §11: row 3 on 6×6, else the red car's row (if horizontal).
    fn exit_row(&self) -> Option<usize> {
        if (self.rows, self.cols) == (6, 6) {
            return Some(2);
        }
        let red = self.of(1);
        (red.len() >= 2 && red[1] == red[0] + 1).then(|| red[0] / self.cols)
    }

    fn solved(&self, exit: Option<usize>) -> bool {
        let Some(e) = exit else { return false };
        let red = self.of(1);
        let horizontal = red.len() >= 2 && red[1] == red[0] + 1;
        horizontal
            && red[0] / self.cols == e
            && *red.last().unwrap() == e * self.cols + self.cols - 1
    }

    /// Every grid reachable by sliding one vehicle `1..=max` cells.
    fn neighbours(&self, max: usize) -> Vec<Grid> {
        let mut out = Vec::new();
        for id in self.ids() {
            let cs = self.of(id);
            let horizontal = cs[1] == cs[0] + 1;
            for dir in [-1isize, 1] {
                let mut cur = self.clone();
                let mut body: Vec<(isize, isize)> = cs
                    .iter()
                    .map(|&c| ((c / self.cols) as isize, (c % self.cols) as isize))
                    .collect();
                for _ in 1..=max {
                    let lead = if dir < 0 {
                        body[0]
                    } else {
                        *body.last().unwrap()
                    };
                    let next = if horizontal {
                        (lead.0, lead.1 + dir)
                    } else {
                        (lead.0 + dir, lead.1)
                    };
                    if next.0 < 0
                        || next.1 < 0
                        || next.0 >= self.rows as isize
                        || next.1 >= self.cols as isize
                    {
                        break;
                    }
                    let at = next.0 as usize * self.cols + next.1 as usize;
                    if cur.cells[at] != 0 {
                        break;
                    }
                    let tail = if dir < 0 {
                        *body.last().unwrap()
                    } else {
                        body[0]
                    };
                    cur.cells[tail.0 as usize * self.cols + tail.1 as usize] = 0;
                    cur.cells[at] = id;
                    for c in body.iter_mut() {
                        if horizontal {
                            c.1 += dir;
                        } else {
                            c.0 += dir;
                        }
                    }
                    out.push(cur.clone());
                }
            }
        }
        out
    }

    fn judge_text(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| match self.cells[r * self.cols + c] {
                    0 | WALL => "0".to_string(),
                    1 => "1".to_string(),
                    id => (id as u32 * 7 + 3).to_string(),
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }

    fn letter_text(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                s.push(match self.cells[r * self.cols + c] {
                    0 => '.',
                    WALL => 'x',
                    id => (b'A' + id - 1) as char,
                });
            }
            s.push('\n');
        }
        s
    }
}

/// What BFS from `g` finds: the distance to the nearest solved grid, the component's size,
/// its solved grids and the largest distance from a solved grid (`None` past `cap` grids).
struct Brute {
    dist: Option<usize>,
    size: usize,
    goals: usize,
    farthest: Option<usize>,
}

fn brute(g: &Grid, steps: bool, cap: usize) -> Option<Brute> {
    let max = if steps { 1 } else { 12 };
    let exit = g.exit_row();
    let mut seen: HashMap<Grid, usize> = HashMap::new();
    seen.insert(g.clone(), 0);
    let mut queue = VecDeque::from([g.clone()]);
    let mut dist = None;
    while let Some(cur) = queue.pop_front() {
        let d = seen[&cur];
        if cur.solved(exit) && dist.is_none() {
            dist = Some(d);
        }
        for next in cur.neighbours(max) {
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next);
                if seen.len() > cap {
                    return None;
                }
            }
        }
    }
    // distances from the solved grids, for the farthest position
    let goals: Vec<Grid> = seen.keys().filter(|k| k.solved(exit)).cloned().collect();
    let mut from: HashMap<Grid, usize> = goals.iter().map(|k| (k.clone(), 0)).collect();
    let mut queue: VecDeque<Grid> = goals.iter().cloned().collect();
    while let Some(cur) = queue.pop_front() {
        let d = from[&cur];
        for next in cur.neighbours(max) {
            if !from.contains_key(&next) {
                from.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    Some(Brute {
        dist,
        size: seen.len(),
        goals: goals.len(),
        farthest: from.values().copied().max(),
    })
}

/// The cells one vehicle travelled between two grids one slide apart: how far its first
/// cell moved (a multiple of the width when it moved down or up).
fn slide_length(a: &Grid, b: &Grid) -> usize {
    let at = a
        .cells
        .iter()
        .zip(&b.cells)
        .position(|(x, y)| x != y)
        .unwrap();
    let id = if a.cells[at] != 0 {
        a.cells[at]
    } else {
        b.cells[at]
    };
    let (from, to) = (a.of(id)[0], b.of(id)[0]);
    let d = from.abs_diff(to);
    if d % a.cols == 0 {
        d / a.cols
    } else {
        d
    }
}

/// The least (first metric, second metric) over every solution, slides costing `(1,
/// cells)` when `moves_first`, `(cells, 1)` otherwise: a plain Dijkstra over whole grids
/// (`None` when unsolvable or past `cap` grids).
fn lex_best(g: &Grid, moves_first: bool, cap: usize) -> Option<(usize, usize)> {
    let exit = g.exit_row();
    let mut best: HashMap<Grid, (usize, usize)> = HashMap::from([(g.clone(), (0, 0))]);
    let mut heap = BinaryHeap::from([Reverse(((0, 0), g.clone()))]);
    while let Some(Reverse((cost, cur))) = heap.pop() {
        if best[&cur] < cost {
            continue;
        }
        if cur.solved(exit) {
            return Some(cost);
        }
        for next in cur.neighbours(12) {
            let cells = slide_length(&cur, &next);
            let step = if moves_first { (1, cells) } else { (cells, 1) };
            let c = (cost.0 + step.0, cost.1 + step.1);
            if best.get(&next).is_none_or(|&b| c < b) {
                best.insert(next.clone(), c);
                heap.push(Reverse((c, next)));
                if best.len() > cap {
                    return None;
                }
            }
        }
    }
    None
}

/// A vehicle to try to place: horizontal, length, row, column (taken modulo the shape).
type Spec = (bool, usize, usize, usize);

fn build(rows: usize, cols: usize, specs: &[Spec], red: bool, walls: &[usize]) -> Grid {
    let mut g = Grid {
        rows,
        cols,
        cells: vec![0; rows * cols],
    };
    for &w in walls {
        g.cells[w % (rows * cols)] = WALL;
    }
    let mut next_id = if red { 1 } else { 2 };
    for &(horizontal, len, row, col) in specs {
        let (row, col) = (row % rows, col % cols);
        let cs: Vec<usize> = (0..len)
            .map(|k| {
                if horizontal {
                    (row, col + k)
                } else {
                    (row + k, col)
                }
            })
            .filter(|&(r, c)| r < rows && c < cols)
            .map(|(r, c)| r * cols + c)
            .collect();
        if cs.len() == len && cs.iter().all(|&c| g.cells[c] == 0) {
            for c in cs {
                g.cells[c] = next_id;
            }
            next_id += 1;
        }
    }
    g
}

const CAP: usize = 3_000;

fn check(g: &Grid, text: &str) -> Result<(), TestCaseError> {
    let puzzle = parse(text, None).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let (board, start) = (puzzle.board(), &puzzle.start[..]);
    let red_len = g.of(1).len();
    let limits = Limits::none();

    // The contest answer with its limit of 10 steps, by a depth-bounded brute force.
    let contest = puzzle.optimum(Metric::Steps, Some(10), &limits).unwrap().0;
    let Some(steps) = brute(g, true, CAP) else {
        return Ok(());
    };
    let moves = brute(g, false, CAP).expect("the same component");
    prop_assert_eq!(
        steps.size,
        moves.size,
        "steps and slides reach the same grids"
    );
    let expected = steps
        .dist
        .map(|s| s + red_len)
        .filter(|&s| s <= 10)
        .map(|s| s as u32);
    prop_assert_eq!(contest, expected, "contest answer\n{}", text);

    // Both metrics without a limit, through every entry point.
    let want_steps = steps.dist.map(|s| s as u32);
    let want_moves = moves.dist.map(|s| s as u32);
    for (metric, want) in [
        (Metric::Steps, want_steps.map(|s| s + red_len as u32)),
        (Metric::Moves, want_moves),
    ] {
        let got = puzzle.optimum(metric, None, &limits).unwrap().0;
        prop_assert_eq!(got, want, "{:?}\n{}", metric, text);
        // a limit just below the optimum hides it
        if let Some(w) = want.filter(|&w| w > 0) {
            let below = puzzle.optimum(metric, Some(w - 1), &limits).unwrap().0;
            prop_assert_eq!(below, None);
        }
        let (sol, _) = puzzle.solve(metric, None, &limits).unwrap();
        prop_assert_eq!(sol.is_some(), want.is_some());
        if let Some(sol) = sol {
            prop_assert_eq!(Some(sol.answer(metric)), want);
            let written: Vec<Written> = sol
                .moves
                .iter()
                .enumerate()
                .map(|(k, &m)| Written {
                    line: k + 1,
                    vehicle: board.vehicles()[m.vehicle as usize].label.to_string(),
                    direction: board.direction(m),
                    distance: m.distance(),
                })
                .collect();
            let j = puzzle.judge(&written, &limits);
            prop_assert!(j.optimal_steps().is_some());
            // optimal in the metric asked for, and the fewest of the other among those
            let moves_first = metric == Metric::Moves;
            let (steps, slides) = (sol.steps as usize, sol.move_count() as usize);
            let got = if moves_first {
                (slides, steps)
            } else {
                (steps, slides)
            };
            if let Some(want) = lex_best(g, moves_first, 4 * CAP) {
                prop_assert_eq!(got, want, "{:?}\n{}", metric, text);
            }
            match metric {
                Metric::Steps => prop_assert_eq!(j.optimal_steps(), Some(true)),
                Metric::Moves => prop_assert_eq!(j.optimal_moves(), Some(true)),
            }
        }
    }
    let optima = puzzle.optima(&limits).unwrap();
    prop_assert_eq!(optima.steps, want_steps);
    prop_assert_eq!(optima.moves, want_moves);
    if board.can_exit() {
        prop_assert_eq!(optima.states, steps.size);
    }
    let (a, _) = puzzle.analyse(&limits).unwrap();
    prop_assert_eq!(a.states, steps.size, "component\n{}", text);
    prop_assert_eq!(a.goal_states, steps.goals);
    prop_assert_eq!(
        a.farthest_steps.as_ref().map(|f| f.0 as usize),
        steps.farthest
    );
    prop_assert_eq!(
        a.farthest_moves.as_ref().map(|f| f.0 as usize),
        moves.farthest
    );
    if let Some((far, pos)) = &a.farthest_moves {
        let again = gridlock_puzzles::rush_hour::Puzzle {
            start: pos.clone(),
            ..puzzle.clone()
        };
        prop_assert_eq!(again.optima(&limits).unwrap().moves, Some(*far));
    }

    // Generated slides are exactly those the verifier's rule accepts, and as many as the
    // brute force finds; steps are the one-cell slides: in the general model (every board
    // here packs into one word), and in the 6×6 model when parse picked it.
    let general = General::new(board.clone());
    prop_assert_eq!(general.words(), 1);
    moves_match(g, &Wide::<1>(&general), start)?;
    if let Prepared::Six(six) = &puzzle.prepared {
        moves_match(g, six, start)?;
    }
    Ok(())
}

/// `model`'s slides and steps from `start` against [`Board::slide`] and the brute force.
fn moves_match<M: Model>(g: &Grid, model: &M, start: &[u8]) -> Result<(), TestCaseError> {
    let board: &Board = model.board();
    let p = model.pack(start);
    let mut generated = Vec::new();
    model.for_each_slide(&p, |m, q| {
        generated.push((
            m.vehicle as usize,
            board.direction(m),
            m.distance(),
            model.unpack(&q),
        ))
    });
    let mut accepted = Vec::new();
    for i in 0..board.vehicles().len() {
        for dir in [
            Direction::Up,
            Direction::Down,
            Direction::Left,
            Direction::Right,
        ] {
            for dist in 1..=12 {
                if let Ok(q) = board.slide(start, i, dir, dist) {
                    accepted.push((i, dir, dist, q));
                }
            }
        }
    }
    // the same set; each model lists it in its own order
    generated.sort_by_key(|&(i, dir, dist, _)| (i, dir as u8, dist));
    accepted.sort_by_key(|&(i, dir, dist, _)| (i, dir as u8, dist));
    prop_assert_eq!(&generated, &accepted);
    prop_assert_eq!(generated.len(), g.neighbours(12).len());
    let mut steps_out = Vec::new();
    Steps(model).successors(&p, &mut steps_out);
    prop_assert_eq!(steps_out.len(), g.neighbours(1).len());
    Ok(())
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        any::<bool>(),
        prop_oneof![3 => Just(2usize), 1 => Just(3usize)],
        0..8usize,
        0..8usize,
    )
}

fn cases() -> u32 {
    if cfg!(debug_assertions) {
        150
    } else {
        2000
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        max_global_rejects: cases(),
        ..ProptestConfig::default()
    })]

    /// Judge matrices: R, C in 4..=8, 1–12 vehicles, the red car anywhere or absent.
    #[test]
    fn judge_boards_match_brute_force(
        rows in 4..=8usize,
        cols in 4..=8usize,
        specs in prop::collection::vec(spec(), 1..=12),
        red in prop::bool::weighted(0.9),
        red_horizontal in prop::bool::weighted(0.8),
    ) {
        let mut specs = specs;
        if red && red_horizontal {
            specs[0].0 = true;
        }
        let g = build(rows, cols, &specs, red, &[]);
        prop_assume!(!g.ids().is_empty());
        check(&g, &g.judge_text())?;
    }

    /// Letter grids with up to 4 walls, the red car horizontal in any row.
    #[test]
    fn letter_grids_with_walls_match_brute_force(
        rows in 4..=8usize,
        cols in 4..=8usize,
        specs in prop::collection::vec(spec(), 1..=12),
        walls in prop::collection::vec(0..64usize, 0..=4),
    ) {
        let mut specs = specs;
        specs[0].0 = true;
        let g = build(rows, cols, &specs, true, &walls);
        prop_assume!(!g.ids().is_empty());
        check(&g, &g.letter_text())?;
    }

    /// On 6×6 boards with the standard exit the general model agrees with the fast path.
    #[test]
    fn the_general_model_agrees_with_the_6x6_fast_path(
        specs in prop::collection::vec(spec(), 1..=12),
        walls in prop::collection::vec(0..36usize, 0..=3),
    ) {
        let mut specs = specs;
        specs[0].0 = true;
        specs[0].2 = 2;
        let g = build(6, 6, &specs, true, &walls);
        prop_assume!(!g.ids().is_empty());
        let text = g.letter_text();
        let puzzle = parse(&text, None).unwrap();
        let (six, start) = puzzle.six().expect("6x6 with the standard exit");
        let general = General::new(puzzle.board().clone());
        let wide = Wide::<1>(&general);
        let limits = Limits::states(200_000);
        for metric in [Metric::Steps, Metric::Moves] {
            let a = optimum(six, start, metric, None, &limits);
            let b = optimum(&wide, wide.pack(&puzzle.start), metric, None, &limits);
            if let (Ok(a), Ok(b)) = (a, b) {
                prop_assert_eq!(a.0, b.0, "{:?}\n{}", metric, text);
            }
            // the guided path (general model) and Dijkstra's (6×6 model, and over the
            // general model's ranked slides) cost the same in both metrics
            let a = solve(six, start, metric, None, &limits);
            let b = solve(&wide, wide.pack(&puzzle.start), metric, None, &limits);
            let ranked = Ranked { model: &wide, moves_first: metric == Metric::Moves };
            let c = dijkstra(&ranked, wide.pack(&puzzle.start), |p| wide.is_goal(p), &limits);
            if let (Ok(a), Ok(b), Ok(c)) = (a, b, c) {
                let cost = |s: &Option<gridlock_puzzles::rush_hour::Solution>| {
                    s.as_ref().map(|s| (s.steps, s.move_count()))
                };
                prop_assert_eq!(cost(&a.0), cost(&b.0), "{:?}\n{}", metric, text);
                let d = c.path.map(|p| {
                    let steps = p.steps.iter().map(|(m, _)| m.distance()).sum::<u32>();
                    (steps, p.len() as u32)
                });
                prop_assert_eq!(cost(&b.0), d, "{:?}\n{}", metric, text);
            }
        }
        let mut out = Vec::new();
        Steps(six).successors(&start, &mut out);
        let mut gen_out = Vec::new();
        Steps(&wide).successors(&wide.pack(&puzzle.start), &mut gen_out);
        prop_assert_eq!(out.len(), gen_out.len());
    }
}
