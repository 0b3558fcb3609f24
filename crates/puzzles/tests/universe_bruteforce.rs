//! The enumeration on a reduced universe (a sample of units: a wall set and the horizontal
//! vehicles of each row), cross-checked against an independent brute force written here from
//! the definitions: boards as cell arrays, placements by recursion over cells, components by
//! breadth-first search over whole boards, minimality by re-solving after removing each vehicle.

use gridlock_puzzles::rush_hour::universe::{lanes::tables, Config, Row, Rules, Units, Worker};
use std::collections::{HashMap, HashSet, VecDeque};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Veh {
    start: usize,
    len: usize,
    horizontal: bool,
}

impl Veh {
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        let step = if self.horizontal { 1 } else { 6 };
        (0..self.len).map(move |k| self.start + k * step)
    }
}

/// A board: vehicles (index 0 is the red car) and walls.
#[derive(Clone, Debug)]
struct Bf {
    vehicles: Vec<Veh>,
    walls: u64,
}

impl Bf {
    fn grid(&self) -> [u8; 36] {
        let mut g = [0u8; 36];
        for (c, cell) in g.iter_mut().enumerate() {
            if self.walls >> c & 1 == 1 {
                *cell = 255;
            }
        }
        for (k, v) in self.vehicles.iter().enumerate() {
            for c in v.cells() {
                assert_eq!(g[c], 0, "overlap");
                g[c] = k as u8 + 1;
            }
        }
        g
    }

    fn normalised(&self) -> String {
        let g = self.grid();
        let mut label: HashMap<u8, char> = HashMap::new();
        let mut next = b'B';
        g.iter()
            .map(|&o| match o {
                0 => 'o',
                255 => 'x',
                1 => 'A',
                _ => *label.entry(o).or_insert_with(|| {
                    next += 1;
                    char::from(next - 1)
                }),
            })
            .collect()
    }

    fn is_goal(&self) -> bool {
        self.vehicles[0].start == 2 * 6 + 4
    }

    fn successors(&self) -> Vec<Bf> {
        let g = self.grid();
        let mut out = Vec::new();
        for (k, v) in self.vehicles.iter().enumerate() {
            let (step, pos, lane_start) = if v.horizontal {
                (1isize, v.start % 6, v.start - v.start % 6)
            } else {
                (6isize, v.start / 6, v.start % 6)
            };
            for dir in [-1isize, 1] {
                let mut p = pos as isize;
                loop {
                    p += dir;
                    if p < 0 || p as usize + v.len > 6 {
                        break;
                    }
                    // the cell newly entered
                    let entered = if dir < 0 { p } else { p + v.len as isize - 1 };
                    let cell = (lane_start as isize + entered * step) as usize;
                    if g[cell] != 0 {
                        break;
                    }
                    let mut b = self.clone();
                    b.vehicles[k].start = (lane_start as isize + p * step) as usize;
                    out.push(b);
                }
            }
        }
        out
    }

    fn without(&self, k: usize) -> Bf {
        let mut b = self.clone();
        b.vehicles.remove(k);
        b
    }
}

/// Plain BFS: optimal moves of a board, if solvable.
fn solve(b: &Bf) -> Option<u32> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(b.normalised());
    queue.push_back((b.clone(), 0));
    while let Some((s, d)) = queue.pop_front() {
        if s.is_goal() {
            return Some(d);
        }
        for n in s.successors() {
            if seen.insert(n.normalised()) {
                queue.push_back((n, d + 1));
            }
        }
    }
    None
}

/// Every goal board of a unit: the given horizontal vehicles per row (lengths in order; the red
/// car last in the third row, on the exit cells), walls, and any vertical vehicles.
fn goal_boards(walls: u64, rows: &[Vec<usize>; 6]) -> Vec<Bf> {
    // horizontal placements row by row
    fn place_row(
        lens: &[usize],
        from: usize,
        row: usize,
        taken: u64,
        acc: &mut Vec<Veh>,
        out: &mut Vec<(Vec<Veh>, u64)>,
    ) {
        let Some((&len, rest)) = lens.split_first() else {
            out.push((acc.clone(), taken));
            return;
        };
        for x in from..=6usize.saturating_sub(len) {
            let v = Veh {
                start: row * 6 + x,
                len,
                horizontal: true,
            };
            if v.cells().any(|c| taken >> c & 1 == 1) {
                continue;
            }
            acc.push(v);
            let t = v.cells().fold(taken, |t, c| t | 1 << c);
            place_row(rest, x + len, row, t, acc, out);
            acc.pop();
        }
    }
    let mut partial: Vec<(Vec<Veh>, u64)> = vec![(Vec::new(), walls)];
    for (r, lens) in rows.iter().enumerate() {
        let mut next = Vec::new();
        for (acc, taken) in &partial {
            let mut a = acc.clone();
            place_row(lens, 0, r, *taken, &mut a, &mut next);
        }
        partial = next;
    }
    // vertical vehicles: every free cell either stays empty or starts a vertical car or truck
    fn verticals(cell: usize, taken: u64, acc: &mut Vec<Veh>, out: &mut Vec<Vec<Veh>>) {
        if cell == 36 {
            out.push(acc.clone());
            return;
        }
        verticals(cell + 1, taken, acc, out);
        if taken >> cell & 1 == 1 {
            return;
        }
        for len in [2, 3] {
            if cell / 6 + len > 6 {
                continue;
            }
            let v = Veh {
                start: cell,
                len,
                horizontal: false,
            };
            if v.cells().any(|c| taken >> c & 1 == 1) {
                continue;
            }
            acc.push(v);
            verticals(cell + 1, v.cells().fold(taken, |t, c| t | 1 << c), acc, out);
            acc.pop();
        }
    }
    let mut boards = Vec::new();
    for (hs, taken) in partial {
        let red = hs
            .iter()
            .position(|v| v.start / 6 == 2 && v.cells().last() == Some(17));
        let Some(red) = red else { continue };
        let mut vs = Vec::new();
        verticals(0, taken, &mut Vec::new(), &mut vs);
        for v in vs {
            let mut vehicles = vec![hs[red]];
            vehicles.extend(
                hs.iter()
                    .enumerate()
                    .filter(|&(k, _)| k != red)
                    .map(|(_, v)| *v),
            );
            vehicles.extend(v);
            boards.push(Bf { vehicles, walls });
        }
    }
    boards
}

/// The rows the definitions give for a unit, and (goal positions, positions explored).
fn brute_force(walls: u64, rows: &[Vec<usize>; 6]) -> (Vec<Row>, u64, u64) {
    let goals = goal_boards(walls, rows);
    let n_goals = goals.len() as u64;
    let mut done: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    let mut explored = 0;
    for g in goals {
        if done.contains(&g.normalised()) {
            continue;
        }
        // the component
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut states = vec![g.clone()];
        index.insert(g.normalised(), 0);
        let mut adj: Vec<Vec<usize>> = Vec::new();
        let mut i = 0;
        while i < states.len() {
            let mut a = Vec::new();
            for n in states[i].successors() {
                let key = n.normalised();
                let j = *index.entry(key).or_insert_with(|| {
                    states.push(n);
                    states.len() - 1
                });
                a.push(j);
            }
            adj.push(a);
            i += 1;
        }
        explored += states.len() as u64;
        let mut dist = vec![u32::MAX; states.len()];
        let mut queue = VecDeque::new();
        for (k, s) in states.iter().enumerate() {
            if s.is_goal() {
                done.insert(s.normalised());
                dist[k] = 0;
                queue.push_back(k);
            }
        }
        while let Some(u) = queue.pop_front() {
            for &w in &adj[u] {
                if dist[w] == u32::MAX {
                    dist[w] = dist[u] + 1;
                    queue.push_back(w);
                }
            }
        }
        let moves = *dist.iter().max().unwrap();
        let hardest = (0..states.len())
            .filter(|&k| dist[k] == moves)
            .map(|k| (states[k].normalised(), k))
            .min()
            .unwrap();
        let p = &states[hardest.1];
        let minimal = (1..p.vehicles.len()).all(|k| solve(&p.without(k)).unwrap() < moves);
        if minimal {
            out.push(Row {
                moves,
                board: hardest.0,
                size: states.len() as u64,
                key: states.iter().map(|s| s.normalised()).min().unwrap(),
            });
        }
    }
    out.sort_by(|a, b| a.key.cmp(&b.key));
    (out, n_goals, explored)
}

fn check_units(walls: usize, picks: &[u64]) -> usize {
    let config = Config {
        walls,
        rules: Rules::All,
        ..Config::default()
    };
    let units = Units::new(&config);
    let mut worker = Worker::default();
    let mut interesting = 0;
    let mut red_kinds = HashSet::new();
    let (mut skipped, mut rejected) = (0, 0);
    for &u in picks {
        let mut rows = Vec::new();
        let summary = units.run_unit(u, &mut worker, &mut rows);
        rows.sort_by(|a, b| a.key.cmp(&b.key));
        let (wall_mask, kinds) = units.unit(u);
        let spec: [Vec<usize>; 6] = std::array::from_fn(|r| {
            tables().kinds[usize::from(kinds[r])]
                .lens
                .iter()
                .map(|&l| usize::from(l))
                .collect()
        });
        let (expected, goals, explored) = brute_force(wall_mask, &spec);
        assert_eq!(summary.goal_positions, goals, "unit {u}: goal positions");
        // layouts proven uninteresting are not visited; every other solvable position is
        if summary.skipped_layouts == 0 {
            assert_eq!(
                summary.explored, explored,
                "unit {u}: positions in solvable components"
            );
        } else {
            assert!(summary.explored < explored, "unit {u}: skipped positions");
            assert!(
                summary.skipped_goal_positions > 0,
                "unit {u}: skipped goals"
            );
        }
        skipped += summary.skipped_layouts;
        rejected += summary.rejected_early;
        assert_eq!(rows, expected, "unit {u}");
        interesting += rows.len();
        red_kinds.insert(kinds[2]);
    }
    eprintln!(
        "{} units, {interesting} interesting components, red-row kinds {red_kinds:?}, \
         {skipped} layouts skipped, {rejected} components rejected early",
        picks.len()
    );
    // the identical rows above are the referee of both prunings: make sure they were used
    assert!(skipped > 0, "the sample should exercise the layout pruning");
    assert!(
        rejected > 0,
        "the sample should exercise the component pruning"
    );
    assert!(
        red_kinds.len() > 1,
        "the sample should put vehicles left of the red car"
    );
    interesting
}

/// Units of a configuration small enough for the brute force (dense rows): every `every`-th
/// one that is small (by its goal positions, which the pruning does not change, so units it
/// skips whole are checked too), plus `extra` (small units known to hold interesting components, found
/// by scanning; the numbering is the enumeration's unit order).
fn sample(walls: usize, every: u64, max: usize, extra: &[u64]) -> Vec<u64> {
    let config = Config {
        walls,
        ..Config::default()
    };
    let units = Units::new(&config);
    let mut worker = Worker::default();
    let mut picks = Vec::new();
    let mut u = 7;
    while u < units.count() && picks.len() < max {
        let mut rows = Vec::new();
        let s = units.run_unit(u, &mut worker, &mut rows);
        if s.goal_positions > 0 && s.goal_positions < 1_000 {
            picks.push(u);
        }
        u += every;
    }
    picks.extend_from_slice(extra);
    picks
}

#[test]
fn reduced_universe_without_walls_matches_the_brute_force() {
    let picks = sample(
        0,
        997,
        40,
        &[
            4144, 13032, 66328, 66402, 66883, 66920, 69880, 70176, 72248, 72544, 82756,
        ],
    );
    assert!(picks.len() >= 30, "sample too small: {picks:?}");
    let interesting = check_units(0, &picks);
    assert!(
        interesting >= 20,
        "the sample should hold interesting components"
    );
}

#[test]
fn reduced_universe_with_a_wall_matches_the_brute_force() {
    let picks = sample(
        1,
        30_011,
        25,
        &[15008, 54021, 1599536, 1935648, 2703904, 3232080, 3343117],
    );
    assert!(picks.len() >= 20, "sample too small: {picks:?}");
    assert!(
        check_units(1, &picks) >= 10,
        "the sample should hold interesting components"
    );
}
