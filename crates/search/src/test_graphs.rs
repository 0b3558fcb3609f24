//! Tiny graphs with answers known by hand, shared by the algorithm tests.

use crate::graph::{Edge, Graph, Reversible};

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
