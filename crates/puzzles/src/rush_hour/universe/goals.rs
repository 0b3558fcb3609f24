//! A layout's goal positions, handled a block at a time instead of one position at a time.
//!
//! Goal positions (the red car on the exit cells) are about a third of every position the
//! sweep visits, yet all the sweep needs from them is: how many there are, and their lane
//! digits, per component; which of them are joined to which (the seeds' union-find); and the
//! positions one move away from them, which are exactly the red car's slides to the left
//! (any other move keeps the red car on the exit cells). Each of these is a product over the
//! columns, so none needs the positions one by one:
//!
//! - Inside a goal block (one row tuple), column moves alone join two positions exactly when
//!   every column's arrangement lies in the same component of that column's lane graph
//!   (`docs/universe.md`, Rule 1). So the block's positions fall into *nodes*, one per tuple
//!   of column components (a mixed-radix number), each node joined inside and of known size.
//! - A row move between two goal blocks is possible exactly at the positions whose columns
//!   all avoid the cells the moving vehicle sweeps: a product of one set per column. The node
//!   pairs it joins are therefore the product of one small relation per column (the
//!   component of each allowed arrangement on either side), so joining those pairs joins
//!   every goal position it should, and no other.
//! - The red car's slides out of a block likewise start from a product of per-column sets;
//!   an odometer walks it, updating the target's rank and the starting node incrementally.
//!
//! Nodes are numbered block by block in seeding order and, inside a block, in the order their
//! first position appears in the block's rank order (column components are numbered in the
//! order of their first arrangement), so the smallest node of a union-find set is the one
//! holding the set's first goal position in seeding order, as it was when every goal position
//! was a seed of its own.

use super::board::RED_ROW;
use super::lanes::{Tables, MAX_DIGITS, NONE};
use super::layout::{digit, with_digit, Layout, Ranker};
use super::rowmap::RowMap;

/// One column of a goal block.
#[derive(Clone, Copy, Default)]
struct Col {
    /// Row of the column-lane tables for this column's kind and blocked cells:
    /// `kind * 64 + blocked`.
    row: usize,
    /// Compatible arrangements.
    n: u8,
    /// Node weight of this column's component index.
    w: u32,
}

/// One goal block: a goal row tuple and its nodes.
#[derive(Clone, Copy, Default)]
pub(super) struct GoalBlock {
    /// Packed row digits.
    rows: u64,
    /// Horizontal cells, column-major.
    h_cm: u64,
    row_index: u32,
    /// First node of the block.
    pub node_base: u32,
    cols: [Col; 6],
}

/// The goal blocks of one layout, reused from layout to layout.
#[derive(Default)]
pub(super) struct Goals {
    pub blocks: Vec<GoalBlock>,
    /// The goal block of each goal row tuple.
    index: RowMap,
    /// Nodes of all blocks.
    pub nodes: u32,
    /// Goal positions of all blocks.
    pub positions: u64,
}

/// The compatible arrangements of `col`, as `(digit, component)` pairs in rank order.
#[inline]
fn arrangements<'a>(t: &'a Tables, col: &Col) -> impl Iterator<Item = (u8, u8)> + 'a {
    let at = col.row * MAX_DIGITS;
    (0..usize::from(col.n)).map(move |i| (t.compat_digit[at + i], t.compat_cc[at + i]))
}

/// Calls `f` with every combination of one entry per list (list 0 varying fastest), given as
/// the sum of the chosen entries' values (`u64`, `u32`, `u32` parts added separately), after
/// `start`. Nothing is called if a list is empty.
#[inline]
fn product(
    lists: &[Vec<(u64, u32, u32)>; 6],
    start: (u64, u32, u32),
    mut f: impl FnMut(u64, u32, u32),
) {
    if lists.iter().any(|l| l.is_empty()) {
        return;
    }
    let mut at = [0usize; 6];
    let (mut a, mut b, mut c) = start;
    for l in lists {
        a = a.wrapping_add(l[0].0);
        b = b.wrapping_add(l[0].1);
        c = c.wrapping_add(l[0].2);
    }
    'outer: loop {
        f(a, b, c);
        for (j, l) in lists.iter().enumerate() {
            let old = l[at[j]];
            at[j] += 1;
            let new = if at[j] < l.len() {
                l[at[j]]
            } else {
                at[j] = 0;
                l[0]
            };
            a = a.wrapping_sub(old.0).wrapping_add(new.0);
            b = b.wrapping_sub(old.1).wrapping_add(new.1);
            c = c.wrapping_sub(old.2).wrapping_add(new.2);
            if at[j] != 0 {
                continue 'outer;
            }
        }
        return;
    }
}

/// The cells (lane bits) that vehicle `v` of a lane of `kind` crosses or enters going from
/// arrangement `d` to `nd`: they must be free of the other orientation.
#[inline]
pub(super) fn swept(t: &Tables, kind: u8, d: u8, nd: u8, v: u8) -> u8 {
    let old = t.vehicle_masks[usize::from(kind) * MAX_DIGITS + usize::from(d)][usize::from(v)];
    let new = t.vehicle_masks[usize::from(kind) * MAX_DIGITS + usize::from(nd)][usize::from(v)];
    let both = old | new;
    let lo = both.trailing_zeros();
    let hi = 8 - both.leading_zeros();
    let hull = ((1u16 << hi) - (1u16 << lo)) as u8;
    hull & !old
}

impl Goals {
    /// Lays out the goal blocks of `layout` from its goal row tuples (packed row digits and
    /// column-major horizontal cells), in seeding order.
    pub fn seed(
        &mut self,
        t: &Tables,
        layout: &Layout,
        ranker: &Ranker,
        goal_tuples: impl Iterator<Item = (u64, u64)>,
    ) {
        self.index.clear();
        self.blocks.clear();
        self.nodes = 0;
        self.positions = 0;
        for (rows, h_cm) in goal_tuples {
            let row_index = ranker.row_index(rows);
            let (columns, nodes) = layout.column_weights(t, h_cm);
            let cols = columns.map(|(row, w)| Col {
                row,
                n: t.compat_count[row],
                w,
            });
            let size: u64 = cols.iter().map(|c| u64::from(c.n)).product();
            self.index.set(row_index as usize, self.blocks.len() as u32);
            self.blocks.push(GoalBlock {
                rows,
                h_cm,
                row_index,
                node_base: self.nodes,
                cols,
            });
            self.nodes += nodes;
            self.positions += size;
        }
    }

    /// The goal block of row tuple `row_index`, if it is one.
    fn block_of(&self, row_index: u32) -> Option<usize> {
        self.index.get(row_index as usize).map(|b| b as usize)
    }

    /// Calls `join(a, b)` for node pairs that, joined, join every two goal positions one row
    /// move apart (and no others).
    pub fn join_by_row_moves(
        &self,
        t: &Tables,
        layout: &Layout,
        ranker: &Ranker,
        mut join: impl FnMut(u32, u32),
    ) {
        let mut lists: [Vec<(u64, u32, u32)>; 6] = Default::default();
        for (gi, g) in self.blocks.iter().enumerate() {
            layout.for_each_row_move(t, g.rows, |slide| {
                if slide.red {
                    return; // leaves the goal blocks: see `depart`
                }
                let row2 = (i64::from(g.row_index)
                    + (i64::from(slide.to) - i64::from(slide.from))
                        * i64::from(ranker.row_weight(slide.lane)))
                    as u32;
                // each pair of blocks once (the relation is symmetric)
                let Some(g2) = self.block_of(row2) else {
                    // no position of the block can make the move (a column has no
                    // arrangement avoiding the swept cells), else the target tuple would
                    // be a goal tuple of this layout
                    debug_assert!(Self::move_is_never_possible(
                        t,
                        layout,
                        g,
                        slide.lane,
                        slide.from,
                        slide.to,
                        slide.vehicle
                    ));
                    return;
                };
                if g2 <= gi {
                    return;
                }
                let g2 = &self.blocks[g2];
                let s = swept(t, slide.kind, slide.from, slide.to, slide.vehicle);
                for (j, list) in lists.iter_mut().enumerate() {
                    list.clear();
                    let kj = layout.kinds[6 + j];
                    let (c1, c2) = (&g.cols[j], &g2.cols[j]);
                    let must_avoid = s >> j & 1 == 1;
                    for (a, cc1) in arrangements(t, c1) {
                        if must_avoid && t.mask(kj, a) >> slide.lane & 1 == 1 {
                            continue;
                        }
                        let i2 = t.compat_index[c2.row * MAX_DIGITS + usize::from(a)];
                        debug_assert_ne!(i2, NONE);
                        let cc2 = t.compat_cc[c2.row * MAX_DIGITS + usize::from(i2)];
                        let pair = (0, u32::from(cc1) * c1.w, u32::from(cc2) * c2.w);
                        if !list.contains(&pair) {
                            list.push(pair);
                        }
                    }
                }
                product(&lists, (0, g.node_base, g2.node_base), |_, a, b| join(a, b));
            });
        }
    }

    /// Whether a row move from goal block `g` is possible at none of its positions.
    fn move_is_never_possible(
        t: &Tables,
        layout: &Layout,
        g: &GoalBlock,
        lane: usize,
        d: u8,
        nd: u8,
        v: u8,
    ) -> bool {
        let s = swept(t, layout.kinds[lane], d, nd, v);
        (0..6).any(|j| {
            s >> j & 1 == 1
                && arrangements(t, &g.cols[j])
                    .all(|(a, _)| t.mask(layout.kinds[6 + j], a) >> lane & 1 == 1)
        })
    }

    /// Calls `f(position, rank, node)` for every position one move from a goal position (the
    /// red car slid left out of the exit), with the node of the goal position it comes from.
    /// Each such position has exactly one goal neighbour, so each is called once. Lays out the
    /// target blocks in `ranker`.
    pub fn depart(
        &self,
        t: &Tables,
        layout: &Layout,
        ranker: &mut Ranker,
        mut f: impl FnMut(u64, u64, u32),
    ) {
        let kind = layout.kinds[RED_ROW];
        let red = t.red_of[usize::from(kind)];
        let walls = (layout.walls >> (6 * RED_ROW) & 63) as u8;
        let mut lists: [Vec<(u64, u32, u32)>; 6] = Default::default();
        for g in &self.blocks {
            let d = digit(g.rows, RED_ROW);
            for &(nd, v) in t.moves(kind, d, walls) {
                if v != red {
                    continue;
                }
                let s = swept(t, kind, d, nd, v);
                let rows2 = with_digit(g.rows, RED_ROW, nd);
                let h_cm2 = g.h_cm ^ ((t.spread_of(kind, d) ^ t.spread_of(kind, nd)) << RED_ROW);
                let blocked2 = h_cm2 | layout.walls_cm;
                // the columns' allowed arrangements first: the target block is laid out only
                // if some position can make the move
                for (j, list) in lists.iter_mut().enumerate() {
                    list.clear();
                    let kj = layout.kinds[6 + j];
                    let c1 = &g.cols[j];
                    let must_avoid = s >> j & 1 == 1;
                    let b2 = (blocked2 >> (6 * j) & 63) as u8;
                    for (a, cc1) in arrangements(t, c1) {
                        if must_avoid && t.mask(kj, a) >> RED_ROW & 1 == 1 {
                            continue;
                        }
                        let i2 = ranker.column_index_of(j, b2, a);
                        debug_assert_ne!(i2, NONE);
                        list.push((
                            u64::from(a) << (3 * (6 + j)),
                            u32::from(i2),
                            u32::from(cc1) * c1.w,
                        ));
                    }
                }
                if lists.iter().any(|l| l.is_empty()) {
                    continue;
                }
                let row2 = ranker.row_index(rows2);
                let (base2, w2) = ranker.block_at(t, row2, h_cm2);
                for (list, &w) in lists.iter_mut().zip(&w2) {
                    for e in list.iter_mut() {
                        e.1 *= w;
                    }
                }
                let rows_only = rows2 & ((1 << 18) - 1);
                product(&lists, (rows_only, 0, g.node_base), |p, r, node| {
                    f(p, base2 + u64::from(r), node);
                });
            }
        }
    }

    /// Calls `f(node, positions, lane digit bits)` for every node: its number of goal
    /// positions and, one bit per lane and digit (lane `l` in byte `l`), the digits its
    /// positions use.
    pub fn for_each_node(&self, t: &Tables, mut f: impl FnMut(u32, u64, u128)) {
        for g in &self.blocks {
            let cols = g.cols.map(|c| (c.row, c.n));
            for_each_node_of(t, g.rows, &cols, g.node_base, &mut f);
        }
    }

    /// Calls `f(position, node)` for every goal position.
    pub fn for_each_position(&self, t: &Tables, mut f: impl FnMut(u64, u32)) {
        let mut lists: [Vec<(u64, u32, u32)>; 6] = Default::default();
        for g in &self.blocks {
            for (j, list) in lists.iter_mut().enumerate() {
                list.clear();
                for (a, cc) in arrangements(t, &g.cols[j]) {
                    list.push((
                        u64::from(a) << (3 * (6 + j)),
                        0,
                        u32::from(cc) * g.cols[j].w,
                    ));
                }
            }
            let rows_only = g.rows & ((1 << 18) - 1);
            product(&lists, (rows_only, 0, g.node_base), |p, _, node| f(p, node));
        }
    }
}

/// Calls `f(node, positions, lane digit bits)` for every node of one block (row digits
/// `rows`; each column's table row `kind * 64 + blocked` and its number of compatible
/// arrangements), the nodes numbered from `node_base` with column 0's component varying
/// fastest: each node's size is the product of its components' sizes, and its digits the
/// union of theirs.
pub(super) fn for_each_node_of(
    t: &Tables,
    rows: u64,
    cols: &[(usize, u8); 6],
    node_base: u32,
    f: &mut impl FnMut(u32, u64, u128),
) {
    let mut row_bits = 0u128;
    for l in 0..6 {
        row_bits |= 1u128 << (8 * l as u32 + u32::from(digit(rows, l)));
    }
    // per column and component: how many arrangements, and their digits
    let mut per_col = [[(0u64, 0u8); MAX_DIGITS]; 6];
    let mut ccs = [0usize; 6];
    for (j, &(row, n)) in cols.iter().enumerate() {
        for i in 0..usize::from(n) {
            let (a, cc) = (
                t.compat_digit[row * MAX_DIGITS + i],
                t.compat_cc[row * MAX_DIGITS + i],
            );
            let e = &mut per_col[j][usize::from(cc)];
            e.0 += 1;
            e.1 |= 1 << a;
            ccs[j] = ccs[j].max(usize::from(cc) + 1);
        }
    }
    let mut at = [0usize; 6];
    let mut node = node_base;
    loop {
        let mut size = 1u64;
        let mut bits = row_bits;
        for j in 0..6 {
            let (n, digits) = per_col[j][at[j]];
            size *= n;
            bits |= u128::from(digits) << (8 * (6 + j) as u32);
        }
        f(node, size, bits);
        node += 1;
        let mut j = 0;
        while j < 6 {
            at[j] += 1;
            if at[j] < ccs[j] {
                break;
            }
            at[j] = 0;
            j += 1;
        }
        if j == 6 {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush_hour::universe::board::Board;
    use crate::rush_hour::universe::lanes::tables;
    use crate::rush_hour::universe::union_find::union;
    use std::collections::HashMap;

    /// Every goal row tuple of `layout` whose columns all have a compatible arrangement, by
    /// brute force over the row digits.
    fn goal_tuples(layout: &Layout) -> Vec<(u64, u64)> {
        let t = tables();
        let mut out = vec![(0u64, 0u64)];
        for i in 0..6 {
            let k = layout.kinds[i];
            let wall_row = (layout.walls >> (6 * i) & 63) as u8;
            let mut next = Vec::new();
            for &(p, h) in &out {
                for d in 0..t.radix(k) {
                    let goal = t.goal[usize::from(k) * MAX_DIGITS + usize::from(d)];
                    if t.mask(k, d) & wall_row == 0 && (i != RED_ROW || goal) {
                        next.push((with_digit(p, i, d), h | t.spread_of(k, d) << i));
                    }
                }
            }
            out = next;
        }
        out.retain(|&(_, h)| (0..6).all(|j| t.compat_count[layout.column_row(h, j)] > 0));
        out
    }

    fn find(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            x = parent[x as usize];
        }
        x
    }

    /// The block-at-a-time handling against the goal positions taken one by one: the same
    /// positions, the same sets of joined nodes, the same departures with the same ranks.
    #[test]
    fn goal_blocks_do_what_the_goal_positions_one_by_one_do() {
        let t = tables();
        let mut checked_departures = 0;
        let mut checked_joins = 0;
        for s in [
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
            "BBoCxoDDoCoEoAAoFEGoHHFoGxIIJoKKKoJo",
            "oBoooooBooCCAAoDoooEoDooFEooooFGGGoo",
            "BCDEooBCDEFGHHAAFGIIooooJJooooKKKooo",
            "ooooooooooooAAoooooooooooooooooooooo",
            "BBBCoDoEoCoDoEAAoDFFxoGooHIIGoxHoooo",
        ] {
            let (layout, _) = Layout::from_board(&Board::parse(s).unwrap()).unwrap();
            let mut ranker = Ranker::default();
            ranker.reset(&layout);
            let mut goals = Goals::default();
            goals.seed(t, &layout, &ranker, goal_tuples(&layout).into_iter());
            // the positions: exactly the layout's goal positions, each once, node sizes adding up
            let mut node_of = HashMap::new();
            goals.for_each_position(t, |p, node| {
                assert!(layout.is_goal(p), "{s}: not a goal position");
                assert!(node < goals.nodes);
                assert!(node_of.insert(p, node).is_none(), "{s}: position twice");
            });
            assert_eq!(node_of.len() as u64, goals.positions);
            let mut sizes = vec![0u64; goals.nodes as usize];
            goals.for_each_node(t, |node, size, bits| {
                sizes[node as usize] += size;
                assert_ne!(bits, 0);
            });
            let mut counted = vec![0u64; goals.nodes as usize];
            for &n in node_of.values() {
                counted[n as usize] += 1;
            }
            assert_eq!(sizes, counted, "{s}: node sizes");
            // joins: walking every goal-to-goal move position by position gives the same sets
            let mut by_blocks: Vec<u32> = (0..goals.nodes).collect();
            goals.join_by_row_moves(t, &layout, &ranker, |a, b| {
                union(&mut by_blocks, a, b);
                checked_joins += 1;
            });
            let mut by_positions: Vec<u32> = (0..goals.nodes).collect();
            let mut departures = HashMap::new();
            for (&p, &n) in &node_of {
                layout.for_each_move(t, p, |q, lane, _| {
                    if let Some(&m) = node_of.get(&q) {
                        if lane >= 6 {
                            assert_eq!(n, m, "{s}: a column move changes the node");
                        }
                        union(&mut by_positions, n, m);
                    } else {
                        assert_eq!(lane, RED_ROW, "{s}: only the red car leaves the goal");
                        assert!(
                            departures.insert(q, n).is_none(),
                            "{s}: two goal neighbours"
                        );
                    }
                });
            }
            for x in 0..goals.nodes {
                assert_eq!(
                    find(&mut by_blocks, x),
                    find(&mut by_positions, x),
                    "{s}: node {x}"
                );
            }
            // departures: each position one move from a goal once, from its goal's node, ranked
            let mut seen = HashMap::new();
            goals.depart(t, &layout, &mut ranker, |q, r, node| {
                assert!(seen.insert(q, (r, node)).is_none(), "{s}: departure twice");
            });
            assert_eq!(seen.len(), departures.len(), "{s}: departures");
            for (q, (r, node)) in seen {
                assert_eq!(departures.get(&q), Some(&node), "{s}: departure's node");
                assert_eq!(ranker.rank(t, q), r, "{s}: departure's rank");
                checked_departures += 1;
            }
        }
        assert!(checked_departures > 1000 && checked_joins > 100);
    }
}
