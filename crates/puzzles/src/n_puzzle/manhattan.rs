//! Manhattan distance with linear conflicts (Hansson, Mayer & Yung, 1992).
//!
//! Every tile needs at least its taxicab distance in moves. Two tiles in their goal row
//! (or column) but in the wrong order there cannot pass each other without one leaving the
//! line and coming back: two more moves. In each line, the tiles that must leave are as
//! few as the line's length minus its longest correctly ordered subsequence; each adds 2.
//!
//! Updated move by move: a slide changes one tile's distance by ±1, and it can change the
//! conflicts of at most one line (the column, for a sideways slide, that is the tile's
//! goal column and that it leaves or enters; the row for a vertical one). The order within
//! the line the tile stays in does not change, since it only swaps with the blank.

use super::board::{Dir, Shape, MAX_CELLS};
use super::moves::{Geometry, Tiles};
use gridlock_search::InPlace;

/// The heuristic and its tables for one shape and blank goal cell.
#[derive(Clone, Debug)]
pub struct Manhattan {
    geometry: Geometry,
    /// `dist[label * 64 + cell]`: taxicab distance from `cell` to the label's goal.
    dist: Vec<u8>,
    row: [u8; MAX_CELLS],
    col: [u8; MAX_CELLS],
    blank_label: u8,
}

impl Manhattan {
    /// The heuristic for `shape` with the blank's goal in `blank_label`.
    pub fn new(shape: Shape, blank_label: u8) -> Manhattan {
        let n = shape.cells();
        let mut row = [0u8; MAX_CELLS];
        let mut col = [0u8; MAX_CELLS];
        for c in 0..n {
            let (r, k) = shape.row_col(c);
            row[c] = r as u8;
            col[c] = k as u8;
        }
        let mut dist = vec![0u8; MAX_CELLS * MAX_CELLS];
        for l in 0..n {
            if l == blank_label as usize {
                continue;
            }
            for c in 0..n {
                dist[l * MAX_CELLS + c] = row[l].abs_diff(row[c]) + col[l].abs_diff(col[c]);
            }
        }
        Manhattan {
            geometry: Geometry::new(shape),
            dist,
            row,
            col,
            blank_label,
        }
    }

    /// The Manhattan distance alone.
    pub fn distance(&self, t: &Tiles) -> u32 {
        let n = self.geometry.shape.cells();
        (0..n)
            .map(|c| self.dist[t.cell[c] as usize * MAX_CELLS + c] as u32)
            .sum()
    }

    /// The whole bound: distance plus conflicts.
    pub fn estimate(&self, t: &Tiles) -> u32 {
        let s = self.geometry.shape;
        let rows: u32 = (0..s.rows).map(|r| self.row_conflicts(t, r)).sum();
        let cols: u32 = (0..s.cols).map(|c| self.col_conflicts(t, c)).sum();
        self.distance(t) + rows + cols
    }

    /// Extra moves forced by tiles in their goal row `r` but out of order.
    fn row_conflicts(&self, t: &Tiles, r: u8) -> u32 {
        let cols = self.geometry.shape.cols as usize;
        let start = r as usize * cols;
        let mut seq = [0u8; 32];
        let mut len = 0;
        for c in start..start + cols {
            let l = t.cell[c];
            if l != self.blank_label && self.row[l as usize] == r {
                seq[len] = self.col[l as usize];
                len += 1;
            }
        }
        2 * (len - longest_increasing(&seq[..len])) as u32
    }

    /// The same for goal column `k`.
    fn col_conflicts(&self, t: &Tiles, k: u8) -> u32 {
        let s = self.geometry.shape;
        let mut seq = [0u8; 32];
        let mut len = 0;
        for r in 0..s.rows as usize {
            let l = t.cell[r * s.cols as usize + k as usize];
            if l != self.blank_label && self.col[l as usize] == k {
                seq[len] = self.row[l as usize];
                len += 1;
            }
        }
        2 * (len - longest_increasing(&seq[..len])) as u32
    }

    /// The conflicts of the one line a slide of `label` between `a` and `b` can change.
    #[inline]
    fn line_conflicts(&self, t: &Tiles, label: u8, a: u8, b: u8) -> u32 {
        let l = label as usize;
        if self.row[a as usize] == self.row[b as usize] {
            let k = self.col[l];
            if k == self.col[a as usize] || k == self.col[b as usize] {
                return self.col_conflicts(t, k);
            }
        } else {
            let r = self.row[l];
            if r == self.row[a as usize] || r == self.row[b as usize] {
                return self.row_conflicts(t, r);
            }
        }
        0
    }

    /// The precomputed moves.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }
}

/// Length of the longest strictly increasing subsequence (a line holds at most 32 tiles).
fn longest_increasing(seq: &[u8]) -> usize {
    let mut best = [0u8; 32];
    let mut longest = 0;
    for i in 0..seq.len() {
        let mut b = 1;
        for j in 0..i {
            if seq[j] < seq[i] && best[j] + 1 > b {
                b = best[j] + 1;
            }
        }
        best[i] = b;
        longest = longest.max(b as usize);
    }
    longest
}

impl InPlace for Manhattan {
    type State = Tiles;
    type Move = Dir;
    type Undo = ();

    fn moves<'a>(&'a self, state: &Tiles) -> &'a [Dir] {
        self.geometry.moves(state.blank)
    }

    fn inverse(&self, mv: Dir) -> Dir {
        mv.opposite()
    }

    // one call per node: left to itself the inliner kept it out of the walk in some builds
    // (6 % more instructions on Korf's first five with Manhattan)
    #[inline(always)]
    fn apply(&self, t: &mut Tiles, mv: Dir, h: u32) -> (u32, ()) {
        let to = self.geometry.target(t.blank, mv);
        let label = t.cell[to as usize];
        let before = self.line_conflicts(t, label, to, t.blank);
        let s = t.slide(to);
        let after = self.line_conflicts(t, label, s.from, s.into);
        let l = label as usize * MAX_CELLS;
        let h = h + self.dist[l + s.into as usize] as u32 + after
            - self.dist[l + s.from as usize] as u32
            - before;
        (h, ())
    }

    fn undo(&self, t: &mut Tiles, mv: Dir, _: ()) {
        t.slide(self.geometry.target(t.blank, mv.opposite()));
    }

    fn is_goal(&self, _: &Tiles, h: u32) -> bool {
        h == 0
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Board;
    use super::super::moves::labels;
    use super::*;

    #[test]
    fn conflicts_count_tiles_out_of_order() {
        assert_eq!(longest_increasing(&[3, 1, 2]), 2);
        assert_eq!(longest_increasing(&[]), 0);
        let shape = Shape::new(3, 3).unwrap();
        let goal = Board::blank_last(shape);
        let labels = labels(&goal);
        let m = Manhattan::new(shape, 8);
        // 2 1 3 / 4 5 6 / 7 8 _ : distance 2, one conflict in row 0
        let b = Board::new(shape, vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        let t = Tiles::new(&b, &labels);
        assert_eq!((m.distance(&t), m.estimate(&t)), (2, 4));
        // 3 2 1 in the first row: two of the three must leave
        let b = Board::new(shape, vec![3, 2, 1, 4, 5, 6, 7, 8, 0]).unwrap();
        assert_eq!(m.estimate(&Tiles::new(&b, &labels)), 4 + 4);
    }

    #[test]
    fn the_update_matches_a_fresh_count_along_a_walk() {
        let shape = Shape::new(4, 4).unwrap();
        let goal = Board::blank_first(shape);
        let m = Manhattan::new(shape, 0);
        let mut t = Tiles::new(&goal, &labels(&goal));
        let mut h = m.estimate(&t);
        let mut seed = 12345u64;
        for _ in 0..2000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves = m.moves(&t);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            h = m.apply(&mut t, mv, h).0;
            assert_eq!(h, m.estimate(&t));
        }
    }
}
