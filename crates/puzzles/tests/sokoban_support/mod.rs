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
    let inside: Vec<usize> = (0..r2 * c2).filter(|&i| !wall[i]).collect();
    if inside.len() < boxes + 2 {
        return random_level(seed.wrapping_add(1), boxes, pulled);
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
        return random_level(seed.wrapping_add(1), boxes, pulled);
    }
    let pick = |rng: &mut Rng, n: usize, avoid: &[usize]| -> Vec<usize> {
        let mut v = Vec::new();
        while v.len() < n {
            let c = floor[rng.below(floor.len())];
            if !v.contains(&c) && !avoid.contains(&c) {
                v.push(c);
            }
        }
        v
    };
    let goals = pick(&mut rng, boxes, &[]);
    let (mut player, mut box_cells) = if pulled {
        (pick(&mut rng, 1, &goals)[0], goals.clone())
    } else {
        let b = pick(&mut rng, boxes, &[]);
        (pick(&mut rng, 1, &b)[0], b)
    };
    let offsets = [-1isize, -(c2 as isize), 1, c2 as isize];
    let mut tries = 0;
    while pulled && tries < 4 && box_cells.iter().all(|b| goals.contains(b)) {
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
    text
}
