//! Minimum-cost assignment (the Hungarian algorithm): given an `n × m` cost matrix with
//! `n ≤ m`, pick one distinct column for every row so that the chosen costs add up to the
//! least total. Entries may be [`FORBIDDEN`]: such a pair is never chosen, and when every
//! complete assignment needs one, there is none.
//!
//! A search uses this as an admissible lower bound when the remaining work splits into
//! items that must each be matched to a distinct target and each pair has a known least
//! cost (the engine does not ask what the items are). It is the classic shortest
//! augmenting path method with row and column potentials: `O(n² · m)` time, no allocation
//! after the first call of a given size; up to six columns, a dynamic programme over column
//! subsets, which has no set-up and is faster there.

/// A cost entry meaning "this row may not take this column".
pub const FORBIDDEN: u32 = u32::MAX;

/// Scratch space for repeated assignments; keep one per thread and reuse it, so that solving
/// one matrix allocates nothing once the buffers have grown to the largest size seen.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    row_potential: Vec<i64>,
    col_potential: Vec<i64>,
    row_of_col: Vec<usize>,
    way: Vec<usize>,
    min_slack: Vec<i64>,
    used: Vec<bool>,
}

/// Up to this many columns, [`Assignment::min_cost`] solves by subsets instead.
const SMALL: usize = 6;

/// Columns are numbered from 1 inside the algorithm; 0 is the virtual column that starts
/// each augmenting path.
const NONE: usize = usize::MAX;

impl Assignment {
    /// Empty scratch space.
    pub fn new() -> Self {
        Assignment::default()
    }

    /// The least total cost of assigning each of the `rows` rows of `cost` (row-major,
    /// `rows × cols`, `rows ≤ cols`) to a distinct column, or `None` when every complete
    /// assignment uses a [`FORBIDDEN`] entry. Zero rows cost 0.
    ///
    /// # Panics
    /// If `rows > cols` or `cost.len() != rows * cols` (a caller's bug, not an input's).
    pub fn min_cost(&mut self, rows: usize, cols: usize, cost: &[u32]) -> Option<u64> {
        assert!(rows <= cols, "more rows than columns");
        assert_eq!(cost.len(), rows * cols, "cost matrix size");
        if cols <= SMALL {
            return self.by_subsets(rows, cols, cost);
        }
        self.hungarian(rows, cols, cost)
    }

    /// The Hungarian algorithm proper.
    fn hungarian(&mut self, rows: usize, cols: usize, cost: &[u32]) -> Option<u64> {
        self.reset(rows, cols);
        for row in 0..rows {
            if !self.augment(row, cols, cost) {
                return None;
            }
        }
        let mut total = 0u64;
        for col in 1..=cols {
            let row = self.row_of_col[col];
            if row != NONE {
                total += cost[row * cols + col - 1] as u64;
            }
        }
        Some(total)
    }

    /// Small matrices: the least cost of giving the first `k` rows the columns of each
    /// `k`-column subset, subset by subset (`2^cols · cols` steps, no potentials): for a
    /// handful of rows this is several times faster than the Hungarian algorithm's set-up.
    fn by_subsets(&mut self, rows: usize, cols: usize, cost: &[u32]) -> Option<u64> {
        const UNREACHED: i64 = i64::MAX;
        let best = &mut self.min_slack;
        best.clear();
        best.resize(1 << cols, UNREACHED);
        best[0] = 0;
        for mask in 0usize..1 << cols {
            let row = mask.count_ones() as usize;
            let here = best[mask];
            if row >= rows || here == UNREACHED {
                continue;
            }
            for col in (0..cols).filter(|c| mask >> c & 1 == 0) {
                let entry = cost[row * cols + col];
                if entry != FORBIDDEN {
                    let next = &mut best[mask | 1 << col];
                    *next = (*next).min(here + entry as i64);
                }
            }
        }
        (0usize..1 << cols)
            .filter(|m| m.count_ones() as usize == rows)
            .map(|m| best[m])
            .filter(|&b| b != UNREACHED)
            .min()
            .map(|b| b as u64)
    }

    fn reset(&mut self, rows: usize, cols: usize) {
        self.row_potential.clear();
        self.row_potential.resize(rows, 0);
        self.col_potential.clear();
        self.col_potential.resize(cols + 1, 0);
        self.row_of_col.clear();
        self.row_of_col.resize(cols + 1, NONE);
        self.way.clear();
        self.way.resize(cols + 1, 0);
    }

    /// Adds `row` to the matching along a shortest augmenting path (Dijkstra on reduced
    /// costs), updating the potentials so reduced costs stay non-negative. False when no
    /// path exists: the rows so far cannot all be given distinct allowed columns.
    fn augment(&mut self, row: usize, cols: usize, cost: &[u32]) -> bool {
        self.min_slack.clear();
        self.min_slack.resize(cols + 1, i64::MAX);
        self.used.clear();
        self.used.resize(cols + 1, false);
        self.row_of_col[0] = row;
        let mut col = 0;
        loop {
            self.used[col] = true;
            let r = self.row_of_col[col];
            let mut delta = i64::MAX;
            let mut next = 0;
            for c in 1..=cols {
                if self.used[c] {
                    continue;
                }
                let entry = cost[r * cols + c - 1];
                let slack = if entry == FORBIDDEN {
                    i64::MAX
                } else {
                    entry as i64 - self.row_potential[r] - self.col_potential[c]
                };
                if slack < self.min_slack[c] {
                    self.min_slack[c] = slack;
                    self.way[c] = col;
                }
                if self.min_slack[c] < delta {
                    delta = self.min_slack[c];
                    next = c;
                }
            }
            if delta == i64::MAX {
                return false;
            }
            for c in 0..=cols {
                if self.used[c] {
                    self.row_potential[self.row_of_col[c]] += delta;
                    self.col_potential[c] -= delta;
                } else if self.min_slack[c] != i64::MAX {
                    self.min_slack[c] -= delta;
                }
            }
            col = next;
            if self.row_of_col[col] == NONE {
                break;
            }
        }
        while col != 0 {
            let prev = self.way[col];
            self.row_of_col[col] = self.row_of_col[prev];
            col = prev;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every injective assignment, tried one by one.
    fn brute(rows: usize, cols: usize, cost: &[u32]) -> Option<u64> {
        fn go(
            r: usize,
            rows: usize,
            cols: usize,
            cost: &[u32],
            taken: &mut Vec<bool>,
        ) -> Option<u64> {
            if r == rows {
                return Some(0);
            }
            let mut best: Option<u64> = None;
            for c in 0..cols {
                let x = cost[r * cols + c];
                if taken[c] || x == FORBIDDEN {
                    continue;
                }
                taken[c] = true;
                if let Some(rest) = go(r + 1, rows, cols, cost, taken) {
                    let total = rest + x as u64;
                    best = Some(best.map_or(total, |b| b.min(total)));
                }
                taken[c] = false;
            }
            best
        }
        go(0, rows, cols, cost, &mut vec![false; cols])
    }

    #[test]
    fn a_known_matrix() {
        // the greedy choice (row 0 takes its 1) is not optimal
        let cost = [1, 2, 100, 1, 50, 100, 100, 100, 3];
        assert_eq!(Assignment::new().min_cost(3, 3, &cost), Some(2 + 1 + 3));
        assert_eq!(Assignment::new().min_cost(0, 4, &[]), Some(0));
    }

    #[test]
    fn forbidden_everywhere_in_a_row_means_none() {
        let f = FORBIDDEN;
        assert_eq!(Assignment::new().min_cost(2, 2, &[1, 2, f, f]), None);
        // two rows that can only take the same column
        assert_eq!(Assignment::new().min_cost(2, 3, &[4, f, f, 5, f, f]), None);
        assert_eq!(Assignment::new().min_cost(2, 2, &[f, 7, 3, f]), Some(10));
    }

    proptest! {
        #[test]
        fn equals_brute_force(
            rows in 0usize..7,
            extra in 0usize..3,
            entries in proptest::collection::vec(prop_oneof![4 => 0u32..20, 1 => Just(FORBIDDEN)], 64),
        ) {
            let cols = rows + extra;
            let cost = &entries[..rows * cols];
            let mut scratch = Assignment::new();
            let want = brute(rows, cols, cost);
            prop_assert_eq!(scratch.min_cost(rows, cols, cost), want);
            // reusing the scratch space gives the same answer, and both methods agree
            prop_assert_eq!(scratch.min_cost(rows, cols, cost), want);
            prop_assert_eq!(scratch.hungarian(rows, cols, cost), want);
            prop_assert_eq!(scratch.by_subsets(rows, cols, cost), want);
        }
    }
}
