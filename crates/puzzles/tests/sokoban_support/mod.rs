//! Independent reference code for the Sokoban tests: its own reading of a level (plain XSB
//! only), its own step rule, a plain Dijkstra over full states (the player's cell and the
//! box set, one edge per step), and random small levels. Nothing here calls the library.

#![allow(dead_code)]

use rustc_hash::FxHashMap as HashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A level read by the tests: walls, goals, boxes and the player on a grid of at most 128
/// cells (so a box set is one `u128`; Boxoban's 10 × 10 levels fit).
#[derive(Clone, Debug)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub wall: Vec<bool>,
    pub goal: Vec<bool>,
    pub boxes: u128,
    pub player: usize,
}

/// A full state: player cell and box set.
pub type State = (usize, u128);

impl Grid {
    /// Reads plain XSB (`#`, space, `.`, `$`, `*`, `@`, `+`), every row padded with walls.
    pub fn read(text: &str) -> Grid {
        let lines: Vec<&str> = text.lines().filter(|l| l.contains('#')).collect();
        let rows = lines.len();
        let cols = lines.iter().map(|l| l.len()).max().unwrap();
        assert!(rows * cols <= 128, "test grids have at most 128 cells");
        let mut g = Grid {
            rows,
            cols,
            wall: vec![true; rows * cols],
            goal: vec![false; rows * cols],
            boxes: 0,
            player: usize::MAX,
        };
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let i = r * cols + c;
                g.wall[i] = ch == '#';
                g.goal[i] = matches!(ch, '.' | '*' | '+');
                if matches!(ch, '$' | '*') {
                    g.boxes |= 1u128 << i;
                }
                if matches!(ch, '@' | '+') {
                    g.player = i;
                }
            }
        }
        g
    }

    pub fn goals(&self) -> u128 {
        (0..self.wall.len())
            .filter(|&i| self.goal[i])
            .fold(0, |m, i| m | 1u128 << i)
    }

    /// The neighbour in direction 0..4 (left, up, right, down), if inside the grid.
    pub fn next(&self, cell: usize, dir: usize) -> Option<usize> {
        let (r, c) = (cell / self.cols, cell % self.cols);
        match dir {
            0 if c > 0 => Some(cell - 1),
            1 if r > 0 => Some(cell - self.cols),
            2 if c + 1 < self.cols => Some(cell + 1),
            3 if r + 1 < self.rows => Some(cell + self.cols),
            _ => None,
        }
    }

    fn open(&self, cell: Option<usize>) -> Option<usize> {
        cell.filter(|&c| !self.wall[c])
    }

    /// One step: the new state and whether it pushed, or `None` if not allowed.
    pub fn step(&self, (player, boxes): State, dir: usize) -> Option<(State, bool)> {
        let to = self.open(self.next(player, dir))?;
        if boxes >> to & 1 == 0 {
            return Some(((to, boxes), false));
        }
        let beyond = self.open(self.next(to, dir))?;
        if boxes >> beyond & 1 == 1 {
            return None;
        }
        Some(((to, boxes & !(1u128 << to) | 1u128 << beyond), true))
    }

    /// Replays LURD; `(moves, pushes)` if every step is legal and the level ends solved.
    pub fn replay(&self, lurd: &str) -> Option<(u32, u32)> {
        let mut s = (self.player, self.boxes);
        let mut pushes = 0;
        for ch in lurd.chars() {
            let dir = "lurd".find(ch.to_ascii_lowercase())?;
            let (next, pushed) = self.step(s, dir)?;
            if pushed != ch.is_ascii_uppercase() {
                return None;
            }
            pushes += pushed as u32;
            s = next;
        }
        (s.1 == self.goals()).then_some((lurd.len() as u32, pushes))
    }

    /// Every state reachable from the start.
    pub fn reachable(&self) -> Vec<State> {
        let start = (self.player, self.boxes);
        let mut seen: HashMap<State, ()> = HashMap::default();
        seen.insert(start, ());
        let mut queue = vec![start];
        let mut head = 0;
        while let Some(&s) = queue.get(head) {
            head += 1;
            for d in 0..4 {
                if let Some((t, _)) = self.step(s, d) {
                    if seen.insert(t, ()).is_none() {
                        queue.push(t);
                    }
                }
            }
        }
        queue
    }
}

/// Dijkstra over full states from the start; `(moves, pushes)` of the optimum in the order
/// `pushes_first` asks (fewest pushes then moves, or moves then pushes), or `None`.
pub fn brute_force(g: &Grid, pushes_first: bool) -> Option<(u32, u32)> {
    let key = |moves: u32, pushes: u32| {
        if pushes_first {
            (pushes, moves)
        } else {
            (moves, pushes)
        }
    };
    let start = (g.player, g.boxes);
    let goals = g.goals();
    let mut best: HashMap<State, (u32, u32)> = HashMap::default();
    best.insert(start, (0, 0));
    let mut heap = BinaryHeap::from([Reverse((key(0, 0), 0u32, 0u32, start))]);
    while let Some(Reverse((k, moves, pushes, s))) = heap.pop() {
        if best.get(&s).is_some_and(|&(m, p)| key(m, p) < k) {
            continue;
        }
        if s.1 == goals {
            return Some((moves, pushes));
        }
        for d in 0..4 {
            let Some((t, pushed)) = g.step(s, d) else {
                continue;
            };
            let (m, p) = (moves + 1, pushes + pushed as u32);
            if best.get(&t).is_none_or(|&(bm, bp)| key(m, p) < key(bm, bp)) {
                best.insert(t, (m, p));
                heap.push(Reverse((key(m, p), m, p, t)));
            }
        }
    }
    None
}

/// `n` distinct cells of `cells` at random, none in `avoid` (which must leave `n`).
fn pick_from(rng: &mut Rng, cells: &[usize], n: usize, avoid: &[usize]) -> Vec<usize> {
    let mut v = Vec::new();
    while v.len() < n {
        let c = cells[rng.below(cells.len())];
        if !v.contains(&c) && !avoid.contains(&c) {
            v.push(c);
        }
    }
    v
}

/// Exact remaining cost of every reachable state to a solved one, by a backward search over
/// the reachable graph: fewest pushes (`pushes_only`) or fewest moves. Unsolvable states are
/// absent.
pub fn remaining(g: &Grid, pushes_only: bool) -> HashMap<State, u32> {
    let states = g.reachable();
    let mut back: HashMap<State, Vec<(State, u32)>> = HashMap::default();
    for &s in &states {
        for d in 0..4 {
            if let Some((t, pushed)) = g.step(s, d) {
                let cost = if pushes_only { pushed as u32 } else { 1 };
                back.entry(t).or_default().push((s, cost));
            }
        }
    }
    let goals = g.goals();
    let mut dist: HashMap<State, u32> = HashMap::default();
    let mut heap = BinaryHeap::new();
    for &s in states.iter().filter(|s| s.1 == goals) {
        dist.insert(s, 0);
        heap.push(Reverse((0, s)));
    }
    while let Some(Reverse((d, s))) = heap.pop() {
        if dist[&s] < d {
            continue;
        }
        for &(p, c) in back.get(&s).map_or(&[][..], |v| v) {
            if dist.get(&p).is_none_or(|&old| d + c < old) {
                dist.insert(p, d + c);
                heap.push(Reverse((d + c, p)));
            }
        }
    }
    dist
}

/// Two counts in an objective's order.
pub type Pair = (u32, u32);

/// Exact remaining cost of every reachable state, both counts, by a backward lexicographic
/// Dijkstra over the reachable graph: `(pushes, moves)` when `pushes_first`, else
/// `(moves, pushes)`. Unsolvable states are absent.
pub fn remaining_lex(g: &Grid, pushes_first: bool) -> HashMap<State, Pair> {
    let states = g.reachable();
    let mut back: HashMap<State, Vec<(State, Pair)>> = HashMap::default();
    for &s in &states {
        for d in 0..4 {
            if let Some((t, pushed)) = g.step(s, d) {
                let cost = if pushes_first {
                    (pushed as u32, 1)
                } else {
                    (1, pushed as u32)
                };
                back.entry(t).or_default().push((s, cost));
            }
        }
    }
    let goals = g.goals();
    let mut dist: HashMap<State, Pair> = HashMap::default();
    let mut heap = BinaryHeap::new();
    for &s in states.iter().filter(|s| s.1 == goals) {
        dist.insert(s, (0, 0));
        heap.push(Reverse(((0, 0), s)));
    }
    while let Some(Reverse((d, s))) = heap.pop() {
        if dist[&s] < d {
            continue;
        }
        for &(p, c) in back.get(&s).map_or(&[][..], |v| v) {
            let via = (d.0 + c.0, d.1 + c.1);
            if dist.get(&p).is_none_or(|&old| via < old) {
                dist.insert(p, via);
                heap.push(Reverse((via, p)));
            }
        }
    }
    dist
}

/// A small deterministic generator.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random closed level in XSB, at most 8 × 8 with its walls, `boxes` boxes. With
/// `pulled`, the boxes start on the goals and the player pulls them about at random, so the
/// level is solvable; otherwise boxes and goals are placed at random (often unsolvable).
pub fn random_level(seed: u64, boxes: usize, pulled: bool) -> String {
    let mut rng = Rng(seed);
    let (rows, cols) = (3 + rng.below(4), 3 + rng.below(4));
    let (r2, c2) = (rows + 2, cols + 2);
    let mut wall = vec![true; r2 * c2];
    for r in 1..=rows {
        for c in 1..=cols {
            wall[r * c2 + c] = rng.below(100) < 15;
        }
    }
    furnish(&mut rng, (r2, c2), &wall, boxes, pulled, None)
        .unwrap_or_else(|| random_level(seed.wrapping_add(1), boxes, pulled))
}

/// A random level built round tunnels: two rooms joined by a straight one-wide corridor of
/// two to five cells (a third of the time a second one along the grid's other edge, open or
/// closed by one wall), a few walls strewn in the rooms, turned upright half the time.
/// With `pulled` the goals are in the second room and the corridor's far half, and the
/// boxes pulled from them (as in [`random_level`]) until every one is on the near side, so
/// that every box has to go through; without, goals and boxes are anywhere (often
/// unsolvable).
pub fn tunnel_level(seed: u64, boxes: usize, pulled: bool) -> String {
    let mut rng = Rng(seed ^ 0x007E_77E1);
    let rows = 3 + rng.below(2);
    let (left, right) = (2 + rng.below(2), 2 + rng.below(2));
    let corridor = 2 + rng.below(4);
    let cols = left + corridor + right;
    let (r2, c2) = (rows + 2, cols + 2);
    let mut open = vec![false; r2 * c2];
    for r in 1..=rows {
        for c in (1..=left).chain(left + corridor + 1..=cols) {
            open[r * c2 + c] = rng.below(100) >= 10;
        }
    }
    let row = 1 + rng.below(rows);
    // the corridor and the room cells at its two mouths
    for c in left..=left + corridor + 1 {
        open[row * c2 + c] = true;
    }
    if rng.below(3) == 0 {
        // a second way round, bent: along the top or bottom edge
        let other = if row == 1 { rows } else { 1 };
        for c in left + 1..=left + corridor {
            open[other * c2 + c] = true;
        }
        open[other * c2 + left + 1 + rng.below(corridor)] = rng.below(2) == 0;
    }
    let (mut dims, mut wall) = ((r2, c2), open.iter().map(|&o| !o).collect::<Vec<_>>());
    let mut far: Vec<bool> = (0..r2 * c2).map(|i| i % c2 > left + corridor / 2).collect();
    if rng.below(2) == 0 {
        // upright: transpose the grid
        let at = |i: usize| (i % r2) * c2 + i / r2;
        wall = (0..r2 * c2).map(|i| wall[at(i)]).collect();
        far = (0..r2 * c2).map(|i| far[at(i)]).collect();
        dims = (c2, r2);
    }
    let split = pulled.then_some(&far[..]);
    furnish(&mut rng, dims, &wall, boxes, pulled, split)
        .unwrap_or_else(|| tunnel_level(seed.wrapping_add(1 << 32), boxes, pulled))
}

/// The player, goals and boxes on a walled grid: the player at random, everything outside
/// its area walled, goals at random, boxes pulled from them or placed at random. With
/// `split` (pulled levels only), goals go on its cells and the boxes are pulled off them
/// all. `None` when the area is too small or the pulling fails.
fn furnish(
    rng: &mut Rng,
    (r2, c2): (usize, usize),
    wall: &[bool],
    boxes: usize,
    pulled: bool,
    split: Option<&[bool]>,
) -> Option<String> {
    let inside: Vec<usize> = (0..r2 * c2).filter(|&i| !wall[i]).collect();
    if inside.len() < boxes + 2 {
        return None;
    }
    let player = inside[rng.below(inside.len())];
    // the player's area: everything else becomes wall
    let mut area = vec![false; r2 * c2];
    let mut queue = vec![player];
    area[player] = true;
    while let Some(c) = queue.pop() {
        for n in [c - 1, c + 1, c - c2, c + c2] {
            if !wall[n] && !area[n] {
                area[n] = true;
                queue.push(n);
            }
        }
    }
    let floor: Vec<usize> = (0..r2 * c2).filter(|&i| area[i]).collect();
    if floor.len() < boxes + 2 {
        return None;
    }
    let pick = |rng: &mut Rng, n: usize, avoid: &[usize]| pick_from(rng, &floor, n, avoid);
    let (goals, mut player, mut box_cells) = match split {
        None => {
            let goals = pick(rng, boxes, &[]);
            if pulled {
                (goals.clone(), pick(rng, 1, &goals)[0], goals)
            } else {
                let b = pick(rng, boxes, &[]);
                (goals, pick(rng, 1, &b)[0], b)
            }
        }
        Some(side) => {
            let far: Vec<usize> = floor.iter().copied().filter(|&c| side[c]).collect();
            if far.len() < boxes + 1 || far.len() == floor.len() {
                return None;
            }
            let goals = pick_from(rng, &far, boxes, &[]);
            (goals.clone(), pick_from(rng, &far, 1, &goals)[0], goals)
        }
    };
    let offsets = [-1isize, -(c2 as isize), 1, c2 as isize];
    // pull until a box is off its goal (with `split`: until every box is off its side)
    let (mut tries, limit) = (0, if split.is_some() { 400 } else { 4 });
    let done = |cells: &[usize]| match split {
        None => !cells.iter().all(|b| goals.contains(b)),
        Some(side) => cells.iter().all(|&b| !side[b]),
    };
    while pulled && tries < limit && !done(&box_cells) {
        tries += 1;
        for _ in 0..(50 + rng.below(150)) {
            let d = offsets[rng.below(4)];
            let to = (player as isize + d) as usize;
            if !area[to] || box_cells.contains(&to) {
                continue;
            }
            let behind = (player as isize - d) as usize;
            if rng.below(4) != 0 {
                if let Some(b) = box_cells.iter_mut().find(|b| **b == behind) {
                    *b = player; // pulled along
                }
            }
            player = to;
        }
    }
    if split.is_some() && !done(&box_cells) {
        return None;
    }
    let mut text = String::new();
    for r in 0..r2 {
        for c in 0..c2 {
            let i = r * c2 + c;
            let ch = match (
                area[i],
                box_cells.contains(&i),
                goals.contains(&i),
                player == i,
            ) {
                (false, ..) => '#',
                (_, _, true, true) => '+',
                (_, _, false, true) => '@',
                (_, true, true, _) => '*',
                (_, true, false, _) => '$',
                (_, false, true, _) => '.',
                _ => ' ',
            };
            text.push(ch);
        }
        text.push('\n');
    }
    Some(text)
}
