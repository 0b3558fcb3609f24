//! The sweep's breadth-first search, one level at a time over bitsets instead of one position
//! at a time.
//!
//! Inside a block (one row tuple) a position is a choice of one compatible arrangement per
//! column, so a block is a box of at most 6⁶ cells. Here two columns (the *inner* ones, those
//! of the largest kinds) index the 64 bits of a word, one byte per arrangement of the second
//! and one bit of each byte per arrangement of the first; the other four index the words
//! (mixed radix). Every move is then a word operation:
//!
//! - a slide in an inner column moves bits inside each byte, or whole bytes, for every
//!   position of a word at once (a multiplication by a 6-bit mask spreads a bit into a byte);
//! - a slide in an outer column ORs a word into the word with that column's index changed;
//! - a row move maps a word of one block to one word of another: the positions where it is
//!   possible are a product over the columns (arrangements that avoid the cells the vehicle
//!   crosses), so it is a fixed word-to-word table plus a bit remapping of the two inner
//!   columns.
//!
//! Only words holding frontier positions are expanded, so each position costs its share of a
//! word's operations plus writing its distance. Components need no per-position labels: a
//! block's positions joined by column moves alone form a *node* (the same component of every
//! column's lane graph; `docs/universe.md`, Rule 1), and row moves join nodes through one
//! product relation per move, as [`super::goals`] does for the goal blocks. The goal blocks
//! themselves are never laid out here: the search starts from the positions one move away
//! from them ([`Goals::depart`]), and the red car's slides back onto the exit cells are the
//! same edges, already joined.

// The loops below walk several fixed-size per-column arrays in step (column `j`'s
// arrangement `i` in the allowed set, the index maps and the node weights); indices read
// more plainly there than zipped iterators.
#![allow(clippy::needless_range_loop)]

use super::goals::Goals;
use super::lanes::{Tables, EMPTY, MAX_DIGITS, NONE};
use super::layout::{digit, with_digit, Layout, Ranker};
use super::rowmap::RowMap;

/// Bit 0 of every byte.
const BYTE_LSB: u64 = 0x0101_0101_0101_0101;

/// One column of a block.
#[derive(Clone, Copy, Default)]
struct Col {
    /// `kind * 64 + blocked` in the column-lane tables.
    row: usize,
    /// Compatible arrangements.
    n: u8,
    /// Node weight of the column's component number.
    ccw: u32,
    /// Word weight (outer columns; 0 for the inner ones).
    ww: u32,
}

/// A row move out of a block, resolved for the word layout.
#[derive(Clone, Copy)]
struct RowMove {
    /// Target block.
    to: u32,
    /// Per outer column (in word order) and source index: the target word's part, or
    /// `u32::MAX` where the move is impossible.
    dst: [[u32; MAX_DIGITS]; 4],
    /// Inner column 0: (source index, target index) of the allowed arrangements.
    inner0: [(u8, u8); MAX_DIGITS],
    n0: u8,
    /// Inner column 1: the same.
    inner1: [(u8, u8); MAX_DIGITS],
    n1: u8,
}

/// One laid-out block.
struct Block {
    rows: u64,
    h_cm: u64,
    word_base: u32,
    words: u32,
    node_base: u32,
    cols: [Col; 6],
    /// Its row moves, `moves[0]..moves[1]` in [`Waves::moves`], built when it is first
    /// expanded.
    moves: Option<(u32, u32)>,
    /// Each column's slides as index masks (`nbr[j][i]`: the arrangements one slide from
    /// arrangement `i` of column `j`), built with the row moves.
    nbr: [[u8; MAX_DIGITS]; 6],
}

/// The level-at-a-time search over one layout; buffers reused from layout to layout.
#[derive(Default)]
pub(super) struct Waves {
    /// Column lanes (0..6) in word order: the two inner ones first.
    order: [usize; 6],
    blocks: Vec<Block>,
    /// The block of each row tuple laid out.
    index: RowMap,
    words: u32,
    visited: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    /// Distances to the nearest goal, 64 per visited word (see `dist_at`), 0 where unvisited.
    dist: Vec<u8>,
    /// Per word: its block, and its outer columns' indices (3 bits each, in word order).
    word_block: Vec<u32>,
    word_idx: Vec<u16>,
    /// Words holding frontier positions (sorted, so grouped by block), and words that
    /// received positions in the level being built.
    active: Vec<u32>,
    touched: Vec<u32>,
    /// Row moves of all blocks.
    moves: Vec<RowMove>,
    /// Per word: where its 64 distances start in `dist`, or `u32::MAX` before it holds a
    /// visited position.
    dist_at: Vec<u32>,
    /// Departures being seeded: position and goal node.
    arrivals: Vec<(u64, u32)>,
    /// Next free node number.
    nodes: u32,
    /// Positions visited.
    pub visited_count: u64,
}

/// A position as the search numbers it.
#[derive(Clone, Copy)]
pub(super) struct Index(pub usize);

/// `spread8[m]`: byte `k` set to 1 for every bit `k` of `m`.
fn spread8(m: u8) -> u64 {
    (0..6)
        .filter(|k| m >> k & 1 == 1)
        .map(|k| 1u64 << (8 * k))
        .sum()
}

impl Waves {
    /// Starts a layout: nodes are numbered after the goal blocks' `goal_nodes`.
    pub fn reset(&mut self, t: &Tables, layout: &Layout, goal_nodes: u32) {
        self.index.clear();
        self.blocks.clear();
        self.words = 0;
        self.visited.clear();
        self.word_block.clear();
        self.word_idx.clear();
        self.frontier.clear();
        self.next.clear();
        self.dist.clear();
        self.active.clear();
        self.touched.clear();
        self.moves.clear();
        self.dist_at.clear();
        self.nodes = goal_nodes;
        self.visited_count = 0;
        // the inner columns: the two with the most arrangements
        let mut cols: [usize; 6] = [0, 1, 2, 3, 4, 5];
        cols.sort_by_key(|&j| std::cmp::Reverse(t.radix(layout.kinds[6 + j])));
        let (inner, mut outer) = (cols[..2].to_vec(), cols[2..].to_vec());
        outer.sort_unstable();
        self.order = [inner[0], inner[1], outer[0], outer[1], outer[2], outer[3]];
    }

    /// The block of a (non-goal) row tuple, laid out on first use; new nodes join `parent`.
    fn block(
        &mut self,
        t: &Tables,
        layout: &Layout,
        ranker: &Ranker,
        rows: u64,
        h_cm: u64,
        parent: &mut Vec<u32>,
    ) -> u32 {
        let ri = ranker.row_index(rows) as usize;
        if let Some(id) = self.index.get(ri) {
            return id;
        }
        let (columns, nodes) = layout.column_weights(t, h_cm);
        let mut cols = columns.map(|(row, ccw)| Col {
            row,
            n: t.compat_count[row],
            ccw,
            ww: 0,
        });
        let mut words = 1u32;
        for &j in &self.order[2..] {
            cols[j].ww = words;
            words *= u32::from(cols[j].n);
        }
        let id = self.blocks.len() as u32;
        self.index.set(ri, id);
        self.blocks.push(Block {
            rows: rows & ((1 << 18) - 1),
            h_cm,
            word_base: self.words,
            words,
            node_base: self.nodes,
            cols,
            moves: None,
            nbr: [[0; MAX_DIGITS]; 6],
        });
        parent.extend(self.nodes..self.nodes + nodes);
        self.nodes += nodes;
        self.words += words;
        let w = self.words as usize;
        self.word_block.resize(w, id);
        let outer = [self.order[2], self.order[3], self.order[4], self.order[5]];
        let mut at = [0u16; 4];
        for _ in 0..words {
            self.word_idx
                .push(at[0] | at[1] << 3 | at[2] << 6 | at[3] << 9);
            for k in 0..4 {
                at[k] += 1;
                if at[k] < u16::from(cols[outer[k]].n) {
                    break;
                }
                at[k] = 0;
            }
        }
        self.visited.resize(w, 0);
        self.frontier.resize(w, 0);
        self.next.resize(w, 0);
        self.dist_at.resize(w, u32::MAX);
        id
    }

    /// The index of a position's column arrangement `i` in column `j` of `block`.
    #[inline]
    fn column_index(t: &Tables, col: &Col, d: u8) -> u8 {
        t.compat_index[col.row * MAX_DIGITS + usize::from(d)]
    }

    /// Word and bit of a position inside its block.
    fn word_bit(&self, t: &Tables, b: &Block, p: u64) -> (u32, u32) {
        let mut word = 0u32;
        for &j in &self.order[2..] {
            let i = Self::column_index(t, &b.cols[j], digit(p, 6 + j));
            word += u32::from(i) * b.cols[j].ww;
        }
        let (c0, c1) = (self.order[0], self.order[1]);
        let i0 = Self::column_index(t, &b.cols[c0], digit(p, 6 + c0));
        let i1 = Self::column_index(t, &b.cols[c1], digit(p, 6 + c1));
        (word, u32::from(i0) + 8 * u32::from(i1))
    }

    /// The node of a position of `b`.
    fn node_of(t: &Tables, b: &Block, p: u64) -> u32 {
        let mut node = b.node_base;
        for (j, col) in b.cols.iter().enumerate() {
            let i = Self::column_index(t, col, digit(p, 6 + j));
            node += u32::from(t.compat_cc[col.row * MAX_DIGITS + usize::from(i)]) * col.ccw;
        }
        node
    }

    /// The search's index of a visited-layout position, if its block is laid out.
    pub fn index_of(&self, t: &Tables, ranker: &Ranker, p: u64) -> Option<Index> {
        let ri = ranker.row_index(p) as usize;
        let b = &self.blocks[self.index.get(ri)? as usize];
        let (w, bit) = self.word_bit(t, b, p);
        let at = self.dist_at[(b.word_base + w) as usize];
        (at != u32::MAX).then(|| Index(at as usize + bit as usize))
    }

    /// Seeds level 1 from the goal blocks' departures, joining each to its goal's node.
    pub fn seed(
        &mut self,
        t: &Tables,
        layout: &Layout,
        ranker: &mut Ranker,
        goals: &Goals,
        parent: &mut Vec<u32>,
    ) {
        let mut arrivals = std::mem::take(&mut self.arrivals);
        arrivals.clear();
        goals.depart(t, layout, ranker, |q, _, node| arrivals.push((q, node)));
        let occupancy_rows = |q: u64| -> u64 {
            let mut h = 0u64;
            for i in 0..6 {
                h |= t.spread_of(layout.kinds[i], digit(q, i)) << i;
            }
            h
        };
        let mut last = (u64::MAX, 0u32);
        for &(q, goal_node) in &arrivals {
            let rows = q & ((1 << 18) - 1);
            let id = if rows == last.0 {
                last.1
            } else {
                let id = self.block(t, layout, ranker, rows, occupancy_rows(q), parent);
                last = (rows, id);
                id
            };
            let b = &self.blocks[id as usize];
            let node = Self::node_of(t, b, q);
            let (w, bit) = self.word_bit(t, b, q);
            let at = (b.word_base + w) as usize;
            if self.next[at] == 0 {
                self.touched.push(at as u32);
            }
            self.next[at] |= 1 << bit;
            super::union_find::union(parent, goal_node, node);
        }
        self.arrivals = arrivals;
        self.settle(1);
    }

    /// Ends a level: the touched words' new positions get distance `d` and become the
    /// frontier.
    fn settle(&mut self, d: u8) {
        for &w in &self.active {
            self.frontier[w as usize] = 0;
        }
        self.active.clear();
        for &w in &self.touched {
            let w = w as usize;
            let new = self.next[w] & !self.visited[w];
            self.next[w] = 0;
            if new != 0 {
                self.visited[w] |= new;
                self.frontier[w] = new;
                self.active.push(w as u32);
                self.visited_count += u64::from(new.count_ones());
                if self.dist_at[w] == u32::MAX {
                    self.dist_at[w] = self.dist.len() as u32;
                    self.dist.resize(self.dist.len() + 64, 0);
                }
                let at = self.dist_at[w] as usize;
                let mut m = new;
                while m != 0 {
                    self.dist[at + m.trailing_zeros() as usize] = d;
                    m &= m - 1;
                }
            }
        }
        self.touched.clear();
        self.active.sort_unstable();
    }

    /// Runs the search to the end (after [`Waves::seed`]).
    pub fn run(&mut self, t: &Tables, layout: &Layout, ranker: &Ranker, parent: &mut Vec<u32>) {
        let mut d = 1u8;
        while !self.active.is_empty() {
            let active = std::mem::take(&mut self.active);
            // the frontier's words, block by block (sorted: a block's words are contiguous)
            let mut k = 0;
            while k < active.len() {
                let id = self.word_block[active[k] as usize];
                let mut e = k + 1;
                while e < active.len() && self.word_block[active[e] as usize] == id {
                    e += 1;
                }
                if self.blocks[id as usize].moves.is_none() {
                    let start = self.moves.len() as u32;
                    self.row_moves(t, layout, ranker, id, parent);
                    self.blocks[id as usize].moves = Some((start, self.moves.len() as u32));
                }
                self.expand(id, &active[k..e]);
                k = e;
            }
            self.active = active;
            d += 1;
            self.settle(d);
        }
    }

    /// Expands the frontier words `words` (global indices) of block `id` into `next`.
    fn expand(&mut self, id: u32, words: &[u32]) {
        let b = &self.blocks[id as usize];
        let (c0, c1) = (self.order[0], self.order[1]);
        let n0 = b.nbr[c0];
        let n1: [u64; MAX_DIGITS] = b.nbr[c1].map(spread8);
        let outer: [usize; 4] = [self.order[2], self.order[3], self.order[4], self.order[5]];
        let on: [[u8; MAX_DIGITS]; 4] = outer.map(|j| b.nbr[j]);
        let ww: [u32; 4] = outer.map(|j| b.cols[j].ww);
        let (m0, m1) = b.moves.expect("row moves built");
        let moves = &self.moves[m0 as usize..m1 as usize];
        let touched = &mut self.touched;
        let next = &mut self.next;
        let mut put = |at: usize, bits: u64| {
            if next[at] == 0 {
                touched.push(at as u32);
            }
            next[at] |= bits;
        };
        for &gw in words {
            let gw = gw as usize;
            let f = self.frontier[gw];
            // inner columns
            let mut out = 0u64;
            for (i, &m) in n0.iter().enumerate() {
                out |= (f >> i & BYTE_LSB) * u64::from(m);
            }
            for (i, &m) in n1.iter().enumerate() {
                out |= (f >> (8 * i) & 0xFF) * m;
            }
            if out != 0 {
                put(gw, out);
            }
            // outer columns
            let idx = self.word_idx[gw];
            for k in 0..4 {
                let i = (idx >> (3 * k) & 7) as usize;
                let mut m = on[k][i];
                while m != 0 {
                    let i2 = m.trailing_zeros() as i64;
                    m &= m - 1;
                    let to = (gw as i64 + (i2 - i as i64) * i64::from(ww[k])) as usize;
                    put(to, f);
                }
            }
            // rows
            'moves: for mv in moves {
                let mut dw = 0u32;
                for k in 0..4 {
                    let part = mv.dst[k][(idx >> (3 * k) & 7) as usize];
                    if part == u32::MAX {
                        continue 'moves;
                    }
                    dw += part;
                }
                let mut g = 0u64;
                for &(i, i2) in &mv.inner0[..usize::from(mv.n0)] {
                    g |= (f >> i & BYTE_LSB) << i2;
                }
                let mut h = 0u64;
                for &(i, i2) in &mv.inner1[..usize::from(mv.n1)] {
                    h |= (g >> (8 * u32::from(i)) & 0xFF) << (8 * u32::from(i2));
                }
                if h != 0 {
                    put((self.blocks[mv.to as usize].word_base + dw) as usize, h);
                }
            }
        }
    }

    /// The row moves out of block `id` to other non-goal blocks (laid out here), with their
    /// node pairs joined in `parent`.
    fn row_moves(
        &mut self,
        t: &Tables,
        layout: &Layout,
        ranker: &Ranker,
        id: u32,
        parent: &mut Vec<u32>,
    ) {
        let (rows, h_cm) = {
            let b = &mut self.blocks[id as usize];
            for j in 0..6 {
                let col = b.cols[j];
                let kind = (col.row / 64) as u8;
                let blocked = (col.row % 64) as u8;
                if kind == EMPTY {
                    continue;
                }
                for i in 0..usize::from(col.n) {
                    let d = t.compat_digit[col.row * MAX_DIGITS + i];
                    for &(nd, _) in t.moves(kind, d, blocked) {
                        b.nbr[j][i] |= 1 << Self::column_index(t, &col, nd);
                    }
                }
            }
            (b.rows, b.h_cm)
        };
        layout.for_each_row_move(t, rows, |slide| {
            if slide.red && t.goal[usize::from(slide.kind) * MAX_DIGITS + usize::from(slide.to)] {
                return; // onto the exit cells: the departures' edges
            }
            let s = super::goals::swept(t, slide.kind, slide.from, slide.to, slide.vehicle);
            // each column's allowed arrangements
            let b = &self.blocks[id as usize];
            let mut allowed = [[false; MAX_DIGITS]; 6];
            let mut possible = true;
            for j in 0..6 {
                let col = &b.cols[j];
                let kj = layout.kinds[6 + j];
                let must_avoid = s >> j & 1 == 1;
                let mut any = false;
                for i in 0..usize::from(col.n) {
                    let a = t.compat_digit[col.row * MAX_DIGITS + i];
                    if !(must_avoid && t.mask(kj, a) >> slide.lane & 1 == 1) {
                        allowed[j][i] = true;
                        any = true;
                    }
                }
                possible &= any;
            }
            if !possible {
                return;
            }
            let rows2 = with_digit(rows, slide.lane, slide.to);
            let h_cm2 = h_cm
                ^ ((t.spread_of(slide.kind, slide.from) ^ t.spread_of(slide.kind, slide.to))
                    << slide.lane);
            let to = self.block(t, layout, ranker, rows2, h_cm2, parent);
            let (b, b2) = (&self.blocks[id as usize], &self.blocks[to as usize]);
            // index maps, column by column
            let map = |j: usize, i: usize| -> (u8, u8, u8) {
                let a = t.compat_digit[b.cols[j].row * MAX_DIGITS + i];
                let i2 = Self::column_index(t, &b2.cols[j], a);
                debug_assert_ne!(i2, NONE);
                let cc1 = t.compat_cc[b.cols[j].row * MAX_DIGITS + i];
                let cc2 = t.compat_cc[b2.cols[j].row * MAX_DIGITS + usize::from(i2)];
                (i2, cc1, cc2)
            };
            let (c0, c1) = (self.order[0], self.order[1]);
            let inner = |j: usize| -> ([(u8, u8); MAX_DIGITS], u8) {
                let mut out = [(0u8, 0u8); MAX_DIGITS];
                let mut n = 0;
                for i in 0..usize::from(b.cols[j].n) {
                    if allowed[j][i] {
                        out[n] = (i as u8, map(j, i).0);
                        n += 1;
                    }
                }
                (out, n as u8)
            };
            let ((inner0, n0), (inner1, n1)) = (inner(c0), inner(c1));
            // each outer column's part of the target word
            let outer = [self.order[2], self.order[3], self.order[4], self.order[5]];
            let mut dst = [[u32::MAX; MAX_DIGITS]; 4];
            for (k, &j) in outer.iter().enumerate() {
                for i in 0..usize::from(b.cols[j].n) {
                    if allowed[j][i] {
                        dst[k][i] = u32::from(map(j, i).0) * b2.cols[j].ww;
                    }
                }
            }
            // the node pairs the move joins: a product of per-column relations
            let mut rel = [[(0u32, 0u32); MAX_DIGITS]; 6];
            let mut rlens = [0usize; 6];
            for j in 0..6 {
                for i in 0..usize::from(b.cols[j].n) {
                    if allowed[j][i] {
                        let (_, cc1, cc2) = map(j, i);
                        let pair = (
                            u32::from(cc1) * b.cols[j].ccw,
                            u32::from(cc2) * b2.cols[j].ccw,
                        );
                        if !rel[j][..rlens[j]].contains(&pair) {
                            rel[j][rlens[j]] = pair;
                            rlens[j] += 1;
                        }
                    }
                }
            }
            let (nb1, nb2) = (b.node_base, b2.node_base);
            let mut at = [0usize; 6];
            'pairs: loop {
                let (mut x, mut y) = (nb1, nb2);
                for j in 0..6 {
                    x += rel[j][at[j]].0;
                    y += rel[j][at[j]].1;
                }
                super::union_find::union(parent, x, y);
                for j in 0..6 {
                    at[j] += 1;
                    if at[j] < rlens[j] {
                        continue 'pairs;
                    }
                    at[j] = 0;
                }
                break;
            }
            self.moves.push(RowMove {
                to,
                dst,
                inner0,
                n0,
                inner1,
                n1,
            });
        });
    }

    /// Calls `f(node, positions, lane digit bits)` for every node of every laid-out block
    /// (see [`super::goals::for_each_node_of`]); a node's positions are all visited or none.
    pub fn for_each_node(&self, t: &Tables, mut f: impl FnMut(u32, u64, u128)) {
        for b in &self.blocks {
            let cols = b.cols.map(|c| (c.row, c.n));
            super::goals::for_each_node_of(t, b.rows, &cols, b.node_base, &mut f);
        }
    }

    /// Calls `f(node, distance)` for every visited position, without writing the position.
    pub fn for_each_distance(&self, t: &Tables, mut f: impl FnMut(u32, u8)) {
        let (c0, c1) = (self.order[0], self.order[1]);
        for b in &self.blocks {
            let mut inner = [0u32; 64];
            let (col0, col1) = (&b.cols[c0], &b.cols[c1]);
            for i1 in 0..usize::from(col1.n) {
                for i0 in 0..usize::from(col0.n) {
                    let cc0 = t.compat_cc[col0.row * MAX_DIGITS + i0];
                    let cc1 = t.compat_cc[col1.row * MAX_DIGITS + i1];
                    inner[i0 + 8 * i1] = u32::from(cc0) * col0.ccw + u32::from(cc1) * col1.ccw;
                }
            }
            let outer = [self.order[2], self.order[3], self.order[4], self.order[5]];
            for w in 0..b.words as usize {
                let gw = b.word_base as usize + w;
                let mut m = self.visited[gw];
                if m == 0 {
                    continue;
                }
                let idx = self.word_idx[gw];
                let mut node = b.node_base;
                for (k, &j) in outer.iter().enumerate() {
                    let col = &b.cols[j];
                    let i = usize::from(idx >> (3 * k) & 7);
                    node += u32::from(t.compat_cc[col.row * MAX_DIGITS + i]) * col.ccw;
                }
                let at = self.dist_at[gw] as usize;
                while m != 0 {
                    let bit = m.trailing_zeros() as usize;
                    m &= m - 1;
                    f(node + inner[bit], self.dist[at + bit]);
                }
            }
        }
    }

    /// Calls `f(position, node, distance)` for every visited position, block by block.
    pub fn for_each_visited(&self, t: &Tables, mut f: impl FnMut(u64, u32, u8)) {
        let (c0, c1) = (self.order[0], self.order[1]);
        for b in &self.blocks {
            // inner bits: digits and node parts
            let mut inner = [(0u64, 0u32); 64];
            for i1 in 0..usize::from(b.cols[c1].n) {
                for i0 in 0..usize::from(b.cols[c0].n) {
                    let (col0, col1) = (&b.cols[c0], &b.cols[c1]);
                    let d0 = t.compat_digit[col0.row * MAX_DIGITS + i0];
                    let d1 = t.compat_digit[col1.row * MAX_DIGITS + i1];
                    let cc0 = t.compat_cc[col0.row * MAX_DIGITS + i0];
                    let cc1 = t.compat_cc[col1.row * MAX_DIGITS + i1];
                    inner[i0 + 8 * i1] = (
                        u64::from(d0) << (3 * (6 + c0)) | u64::from(d1) << (3 * (6 + c1)),
                        u32::from(cc0) * col0.ccw + u32::from(cc1) * col1.ccw,
                    );
                }
            }
            let outer = [self.order[2], self.order[3], self.order[4], self.order[5]];
            let mut at = [0usize; 4];
            for w in 0..b.words as usize {
                let gw = b.word_base as usize + w;
                let mut m = self.visited[gw];
                if m != 0 {
                    let mut p = b.rows;
                    let mut node = b.node_base;
                    for (k, &j) in outer.iter().enumerate() {
                        let col = &b.cols[j];
                        p |= u64::from(t.compat_digit[col.row * MAX_DIGITS + at[k]])
                            << (3 * (6 + j));
                        node += u32::from(t.compat_cc[col.row * MAX_DIGITS + at[k]]) * col.ccw;
                    }
                    while m != 0 {
                        let bit = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let (digits, part) = inner[bit];
                        f(
                            p | digits,
                            node + part,
                            self.dist[self.dist_at[gw] as usize + bit],
                        );
                    }
                }
                for k in 0..4 {
                    at[k] += 1;
                    if at[k] < usize::from(b.cols[outer[k]].n) {
                        break;
                    }
                    at[k] = 0;
                }
            }
        }
    }

    /// The distance of a position (0 if not visited or not laid out).
    pub fn dist_of(&self, t: &Tables, ranker: &Ranker, p: u64) -> u8 {
        self.index_of(t, ranker, p)
            .map_or(0, |Index(i)| self.dist[i])
    }

    /// Positions numbered (words laid out, 64 positions each).
    pub fn numbered(&self) -> u64 {
        u64::from(self.words) * 64
    }
}
