//! Tiny graphs with answers known by hand, shared by the algorithm tests.

use crate::frontier::{frontier_sweep, MaskedGraph};
use crate::graph::{Edge, Graph, Reversible};
use crate::limits::Limits;
use std::ops::ControlFlow;

/// States 0..n on a line; from s you may step to s-1 or s+1 (cost 1).
pub struct Line(pub u32);

impl Graph for Line {
    type State = u32;
    type Move = i8;
    type Cost = u32;
    fn successors(&self, &s: &u32, out: &mut Vec<Edge<u32, i8, u32>>) {
        if s > 0 {
            out.push(Edge::unit(-1, s - 1));
        }
        if s + 1 < self.0 {
            out.push(Edge::unit(1, s + 1));
        }
    }
}

impl Reversible for Line {}

/// A grid maze: `.` free, `#` wall; 4-neighbour moves of cost 1. States are (x, y).
pub struct Grid {
    free: Vec<Vec<bool>>,
}

impl Grid {
    pub fn new(rows: &[&str]) -> Self {
        Grid {
            free: rows
                .iter()
                .map(|r| r.chars().map(|c| c == '.').collect())
                .collect(),
        }
    }

    fn open(&self, x: i32, y: i32) -> bool {
        y >= 0
            && x >= 0
            && (y as usize) < self.free.len()
            && (x as usize) < self.free[y as usize].len()
            && self.free[y as usize][x as usize]
    }
}

impl Graph for Grid {
    type State = (i32, i32);
    type Move = char;
    type Cost = u32;
    fn successors(&self, &(x, y): &(i32, i32), out: &mut Vec<Edge<(i32, i32), char, u32>>) {
        for (mv, dx, dy) in [('U', 0, -1), ('L', -1, 0), ('R', 1, 0), ('D', 0, 1)] {
            if self.open(x + dx, y + dy) {
                out.push(Edge::unit(mv, (x + dx, y + dy)));
            }
        }
    }
}

impl Reversible for Grid {}

/// An explicit weighted digraph from an edge list `(from, to, cost)`; moves are edge numbers.
pub struct Weighted {
    pub edges: Vec<(u32, u32, u32)>,
}

impl Graph for Weighted {
    type State = u32;
    type Move = usize;
    type Cost = u32;
    fn successors(&self, &s: &u32, out: &mut Vec<Edge<u32, usize, u32>>) {
        for (i, &(a, b, c)) in self.edges.iter().enumerate() {
            if a == s {
                out.push(Edge::new(i, b, c));
            }
        }
    }
}

/// Cells of a `w`×`h` grid with walls (`true`), four moves, the reverse masked: the graph of
/// the guided sweep's tests.
pub struct Maze {
    pub w: u64,
    pub walls: Vec<bool>,
}

impl MaskedGraph for Maze {
    type State = u64;
    fn expand(&self, &s: &u64, skip: u64, mut emit: impl FnMut(u64, u64)) {
        let w = self.w;
        let h = self.walls.len() as u64 / w;
        let (x, y) = (s % w, s / w);
        let moves = [
            (x > 0, s.wrapping_sub(1), 1),
            (x + 1 < w, s + 1, 0),
            (y > 0, s.wrapping_sub(w), 3),
            (y + 1 < h, s + w, 2),
        ];
        for (k, &(ok, t, back)) in moves.iter().enumerate() {
            if ok && skip & 1 << k == 0 && !self.walls[t as usize] {
                emit(t, 1 << back);
            }
        }
    }
}

/// A `w`×`h` maze, about three cells in ten walls (never cell 0), drawn from `seed`.
pub fn maze(w: u64, h: u64, seed: u64) -> Maze {
    let mut x = seed;
    let walls = (0..w * h)
        .map(|i| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            i != 0 && (x >> 33) % 10 < 3
        })
        .collect();
    Maze { w, walls }
}

/// The distance from cell 0 to `goal` by the plain sweep, `None` when it is out of reach.
pub fn plain(m: &Maze, goal: u64) -> Option<u32> {
    let swept = frontier_sweep(m, 0, &Limits::none(), |&s, d| {
        if s == goal {
            ControlFlow::Break(d)
        } else {
            ControlFlow::Continue(())
        }
    });
    swept.unwrap().stopped
}
