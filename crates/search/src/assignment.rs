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

/// Up to this many columns, [`Assignment::min_cost`] solves by subsets instead (and a
/// [`Warm`] start does not pay: solving afresh by subsets is as cheap).
pub const SMALL: usize = 6;

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
    /// path exists: the rows so far cannot all be given distinct allowed columns (the
    /// potentials are then left as they were).
    ///
    /// The classic form lowers every tentative slack and moves every settled column's
    /// potential by each step's `delta`, two passes over the columns per step. Here the
    /// slacks are kept as distances from the start of the path (`min_slack`), which the
    /// same shift leaves in the same order, and each settled column's potentials move once
    /// at the end by the distance still to go after it was settled: the same sums, so the
    /// same potentials and matching as the classic form, with one pass per step.
    fn augment(&mut self, row: usize, cols: usize, cost: &[u32]) -> bool {
        let Assignment {
            row_potential,
            col_potential,
            row_of_col,
            way,
            min_slack,
            used,
        } = self;
        min_slack.clear();
        min_slack.resize(cols + 1, i64::MAX);
        used.clear();
        used.resize(cols + 1, false);
        row_of_col[0] = row;
        min_slack[0] = 0;
        let mut col = 0;
        loop {
            used[col] = true;
            let r = row_of_col[col];
            // the reduced cost of (r, c) plus the distance at which `col` was settled
            let base = min_slack[col] - row_potential[r];
            let costs = &cost[r * cols..(r + 1) * cols];
            let mut delta = i64::MAX;
            let mut next = 0;
            let columns = costs
                .iter()
                .zip(&col_potential[1..])
                .zip(&used[1..])
                .zip(min_slack[1..].iter_mut().zip(&mut way[1..]));
            for (c, (((&entry, &potential), &settled), (slack, via))) in columns.enumerate() {
                if settled {
                    continue;
                }
                if entry != FORBIDDEN {
                    let through = base + entry as i64 - potential;
                    if through < *slack {
                        *slack = through;
                        *via = col;
                    }
                }
                if *slack < delta {
                    delta = *slack;
                    next = c + 1;
                }
            }
            if delta == i64::MAX {
                return false;
            }
            col = next;
            if row_of_col[col] == NONE {
                break;
            }
        }
        let reached = min_slack[col];
        for c in (0..=cols).filter(|&c| used[c]) {
            let still = reached - min_slack[c];
            row_potential[row_of_col[c]] += still;
            col_potential[c] -= still;
        }
        while col != 0 {
            let prev = way[col];
            row_of_col[col] = row_of_col[prev];
            col = prev;
        }
        true
    }
}

/// A square assignment solved once and kept, to answer the same matrix with **one row
/// replaced** by a single augmenting path: `O(n²)` instead of the `O(n³)` of solving again.
///
/// **Why it is exact.** The kept solution is a perfect matching with potentials under which
/// every reduced cost `cost - row_potential - col_potential` is at least 0 and every matched
/// pair's is 0. Replacing one row's costs changes only that row's reduced costs: unmatch it,
/// and the other rows' matching and potentials still satisfy both conditions. One
/// augmenting path from that row (the same step [`Assignment`] repeats for every row) then
/// gives a perfect matching with such potentials again, which in a square matrix is a least
/// one (any perfect matching costs at least the potentials' sum, and this one costs exactly
/// that); if no path exists, the other rows block every allowed column and there is none.
/// A search whose nodes differ from their parent by one item (a single pushed box) bounds
/// every child this way from its parent's solution.
#[derive(Clone, Debug, Default)]
pub struct Warm {
    n: usize,
    cost: Vec<u32>,
    row_potential: Vec<i64>,
    col_potential: Vec<i64>,
    row_of_col: Vec<usize>,
    /// Whether the fields above hold a solved matrix.
    ready: bool,
    /// The replaced row's original costs while a replacement is tried.
    saved: Vec<u32>,
    scratch: Assignment,
}

impl Warm {
    /// Nothing kept yet.
    pub fn new() -> Self {
        Warm::default()
    }

    /// Solves the `n × n` matrix `cost` (row-major) from scratch and keeps the solution;
    /// `None` (and nothing kept) when every complete assignment uses a [`FORBIDDEN`] entry.
    pub fn solve(&mut self, n: usize, cost: &[u32]) -> Option<u64> {
        assert_eq!(cost.len(), n * n, "cost matrix size");
        self.ready = false;
        let s = &mut self.scratch;
        s.reset(n, n);
        for row in 0..n {
            if !s.augment(row, n, cost) {
                return None;
            }
        }
        self.n = n;
        self.cost.clear();
        self.cost.extend_from_slice(cost);
        self.row_potential.clone_from(&s.row_potential);
        self.col_potential.clone_from(&s.col_potential);
        self.row_of_col.clone_from(&s.row_of_col);
        self.ready = true;
        Some(total(n, &self.cost, &self.row_of_col))
    }

    /// Whether a solved matrix is kept.
    pub fn is_ready(&self) -> bool {
        self.ready
    }

    /// The least total cost of the kept matrix with row `row` replaced by `new_row` (the
    /// kept solution is left as it was); `None` when no complete assignment avoids
    /// [`FORBIDDEN`] entries.
    ///
    /// # Panics
    /// If nothing is kept, `row` is out of range or `new_row` is not `n` long.
    pub fn with_row(&mut self, row: usize, new_row: &[u32]) -> Option<u64> {
        self.try_row(row, new_row, false)
    }

    /// [`Warm::with_row`], keeping the changed matrix and its solution in place of the kept
    /// one (nothing is kept when it has no assignment): a search whose next parent is a
    /// child of the last one moves the kept solution along instead of solving afresh.
    pub fn replace_row(&mut self, row: usize, new_row: &[u32]) -> Option<u64> {
        self.try_row(row, new_row, true)
    }

    /// Row `row` replaced by `new_row`, solved by one augmenting path; kept when `keep`.
    fn try_row(&mut self, row: usize, new_row: &[u32], keep: bool) -> Option<u64> {
        assert!(self.ready, "no solved matrix kept");
        let n = self.n;
        assert!(row < n && new_row.len() == n, "row out of range");
        let s = &mut self.scratch;
        s.row_potential.clone_from(&self.row_potential);
        s.col_potential.clone_from(&self.col_potential);
        s.row_of_col.clone_from(&self.row_of_col);
        s.way.clear();
        s.way.resize(n + 1, 0);
        // column 0 is the virtual one, left holding the last row augmented
        if let Some(c) = (1..=n).find(|&c| s.row_of_col[c] == row) {
            s.row_of_col[c] = NONE;
        }
        s.row_potential[row] = 0;
        let span = row * n..(row + 1) * n;
        self.saved.clear();
        self.saved.extend_from_slice(&self.cost[span.clone()]);
        self.cost[span.clone()].copy_from_slice(new_row);
        let found = s.augment(row, n, &self.cost);
        let answer = found.then(|| total(n, &self.cost, &s.row_of_col));
        if !keep {
            self.cost[span].copy_from_slice(&self.saved);
        } else if found {
            self.row_potential.clone_from(&s.row_potential);
            self.col_potential.clone_from(&s.col_potential);
            self.row_of_col.clone_from(&s.row_of_col);
        } else {
            self.ready = false;
        }
        answer
    }
}

/// The cost of the matching `row_of_col` (columns numbered from 1) in the `n`-column `cost`.
fn total(n: usize, cost: &[u32], row_of_col: &[usize]) -> u64 {
    (1..=n)
        .filter(|&c| row_of_col[c] != NONE)
        .map(|c| cost[row_of_col[c] * n + c - 1] as u64)
        .sum()
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

    /// The classic augmenting step (every slack and settled potential moved by each
    /// step's `delta`), the reference [`Assignment::augment`] must match exactly.
    fn augment_classic(a: &mut Assignment, row: usize, cols: usize, cost: &[u32]) -> bool {
        a.min_slack.clear();
        a.min_slack.resize(cols + 1, i64::MAX);
        a.used.clear();
        a.used.resize(cols + 1, false);
        a.row_of_col[0] = row;
        let mut col = 0;
        loop {
            a.used[col] = true;
            let r = a.row_of_col[col];
            let (mut delta, mut next) = (i64::MAX, 0);
            for c in 1..=cols {
                if a.used[c] {
                    continue;
                }
                let entry = cost[r * cols + c - 1];
                let slack = if entry == FORBIDDEN {
                    i64::MAX
                } else {
                    entry as i64 - a.row_potential[r] - a.col_potential[c]
                };
                if slack < a.min_slack[c] {
                    a.min_slack[c] = slack;
                    a.way[c] = col;
                }
                if a.min_slack[c] < delta {
                    delta = a.min_slack[c];
                    next = c;
                }
            }
            if delta == i64::MAX {
                return false;
            }
            for c in 0..=cols {
                if a.used[c] {
                    a.row_potential[a.row_of_col[c]] += delta;
                    a.col_potential[c] -= delta;
                } else if a.min_slack[c] != i64::MAX {
                    a.min_slack[c] -= delta;
                }
            }
            col = next;
            if a.row_of_col[col] == NONE {
                break;
            }
        }
        while col != 0 {
            let prev = a.way[col];
            a.row_of_col[col] = a.row_of_col[prev];
            col = prev;
        }
        true
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

        #[test]
        fn the_one_pass_step_equals_the_classic_step(
            rows in 1usize..12,
            extra in 0usize..3,
            entries in proptest::collection::vec(prop_oneof![4 => 0u32..30, 1 => Just(FORBIDDEN)], 14 * 14),
        ) {
            // the same matching and potentials after every row, until both find no path
            let cols = rows + extra;
            let cost = &entries[..rows * cols];
            let (mut fast, mut classic) = (Assignment::new(), Assignment::new());
            fast.reset(rows, cols);
            classic.reset(rows, cols);
            for row in 0..rows {
                let found = fast.augment(row, cols, cost);
                prop_assert_eq!(found, augment_classic(&mut classic, row, cols, cost));
                if !found {
                    break;
                }
                prop_assert_eq!(&fast.row_of_col, &classic.row_of_col);
                prop_assert_eq!(&fast.row_potential, &classic.row_potential);
                prop_assert_eq!(&fast.col_potential, &classic.col_potential);
            }
        }

        #[test]
        fn a_replaced_row_equals_solving_again(
            n in 1usize..8,
            entries in proptest::collection::vec(prop_oneof![4 => 0u32..20, 1 => Just(FORBIDDEN)], 64),
            rows in proptest::collection::vec((0usize..8, proptest::collection::vec(prop_oneof![4 => 0u32..20, 1 => Just(FORBIDDEN)], 8)), 1..6),
        ) {
            let cost = &entries[..n * n];
            let mut warm = Warm::new();
            let want = brute(n, n, cost);
            prop_assert_eq!(warm.solve(n, cost), want);
            prop_assert_eq!(warm.is_ready(), want.is_some());
            if want.is_some() {
                // several replacements in turn, each from the same kept solution
                for (row, new_row) in &rows {
                    let (row, new_row) = (row % n, &new_row[..n]);
                    let mut changed = cost.to_vec();
                    changed[row * n..(row + 1) * n].copy_from_slice(new_row);
                    prop_assert_eq!(warm.with_row(row, new_row), brute(n, n, &changed));
                }
                prop_assert_eq!(warm.solve(n, cost), want);
                // the same replacements kept one after another
                let mut changed = cost.to_vec();
                for (row, new_row) in &rows {
                    let (row, new_row) = (row % n, &new_row[..n]);
                    changed[row * n..(row + 1) * n].copy_from_slice(new_row);
                    let want = brute(n, n, &changed);
                    prop_assert_eq!(warm.replace_row(row, new_row), want);
                    prop_assert_eq!(warm.is_ready(), want.is_some());
                    if want.is_none() {
                        break;
                    }
                }
            }
        }
    }
}
