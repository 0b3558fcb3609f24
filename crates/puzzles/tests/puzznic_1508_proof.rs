//! NES level 15-08: searches of a sound over-approximation of the level, meant to prove it
//! unsolvable if exhausted (they are not: they stop at a board cap, see the docs).
//!
//! The block (rows 1-3, columns 3-7) is replaced by a *source*: on any cycle, instead of a
//! move outside, the player may put any block piece not yet emitted on an empty cell of
//! column 8 at rows 1-3 (what pushing it out of column 7 does). What the real block can emit,
//! and in which multisets, is computed first from the block alone over the full cycle graph
//! (a fast test; the searches are ignored tests taking minutes, with `MAX_STATES` as the cap).
//! An emptied board with a possible drain would be a candidate to check against the real
//! block, so the searches fail if they meet one.
//! See `docs/puzznic.md`, "Level 15-08", for the soundness argument and what was measured.

use gridlock_puzzles::puzznic::{cycle, falling, legal_actions, parse, resolve};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

mod puzznic_1508_support;

/// The block cut out with its chute: columns 2-9 of 15-08's rows 0-4 (local column 6 is the
/// level's column 8).
const BLOCK: &str = "\
########
#6782..#
#51278.#
#14145.#
######.#
";

/// Emitted multisets: 4 bits per type 1..=9.
type Multi = u64;

fn add(m: Multi, t: u8) -> Multi {
    m + (1u64 << (4 * t as u64))
}

fn count(m: Multi, t: u8) -> u8 {
    ((m >> (4 * t as u64)) & 15) as u8
}

fn show(m: Multi) -> String {
    let mut s = String::new();
    for t in 1..=9u8 {
        for _ in 0..count(m, t) {
            s.push((b'0' + t) as char);
        }
    }
    s
}

/// The block's full cycle graph (every move, waiting while anything falls or is about to
/// vanish), a piece reaching column 8 being removed at the end of its cycle and added to the
/// emitted multiset. Returns (P, F): the emitted multisets of the states from which the block
/// can still be emptied, and those with which it is empty.
fn block_drains() -> (FxHashSet<Multi>, FxHashSet<Multi>, usize) {
    let p = parse(BLOCK).unwrap();
    let g = &p.geometry;
    let n = g.len();
    let chute: Vec<usize> = (0..n).filter(|&i| g.pos[i].1 == 6).collect();
    let mut ids: FxHashMap<(Vec<u8>, Multi), u32> = FxHashMap::default();
    let mut states: Vec<(Vec<u8>, Multi)> = Vec::new();
    let mut edges: Vec<Vec<u32>> = Vec::new();
    ids.insert((p.start.clone(), 0), 0);
    states.push((p.start.clone(), 0));
    let mut fall = vec![false; n];
    let mut k = 0;
    while k < states.len() {
        let (cells, m) = states[k].clone();
        let mut out = Vec::new();
        falling(g, &cells, &mut fall);
        let mut actions = Vec::new();
        legal_actions(g, &cells, &fall, &mut actions);
        for a in actions {
            let mut next = cells.clone();
            cycle(g, &mut next, a).unwrap();
            let mut m2 = m;
            for &c in &chute {
                if next[c] != 0 {
                    m2 = add(m2, next[c]);
                    next[c] = 0;
                }
            }
            let key = (next, m2);
            let id = match ids.get(&key) {
                Some(&id) => id,
                None => {
                    let id = states.len() as u32;
                    ids.insert(key.clone(), id);
                    states.push(key);
                    id
                }
            };
            out.push(id);
        }
        edges.push(out);
        k += 1;
    }
    // Backward: which states reach an empty block.
    let mut rev: Vec<Vec<u32>> = vec![Vec::new(); states.len()];
    for (a, out) in edges.iter().enumerate() {
        for &b in out {
            rev[b as usize].push(a as u32);
        }
    }
    let mut good = vec![false; states.len()];
    let mut queue: Vec<u32> = Vec::new();
    let mut finals = FxHashSet::default();
    for (i, (cells, m)) in states.iter().enumerate() {
        if cells.iter().all(|&t| t == 0) {
            good[i] = true;
            queue.push(i as u32);
            finals.insert(*m);
        }
    }
    while let Some(b) = queue.pop() {
        for &a in &rev[b as usize] {
            if !good[a as usize] {
                good[a as usize] = true;
                queue.push(a);
            }
        }
    }
    let prefixes = states
        .iter()
        .zip(&good)
        .filter(|(_, &g)| g)
        .map(|((_, m), _)| *m)
        .collect();
    (prefixes, finals, states.len())
}

/// About 0.5 s in release mode. Unlike fact 1 of the docs (settled boards only), this is over
/// the full cycle graph, so it bounds what the real block can send down the chute.
#[test]
fn block_of_15_08_over_the_full_cycle_graph_always_sends_1_2_2_6() {
    let (prefixes, finals, states) = block_drains();
    let mut all: Vec<String> = finals.iter().map(|&m| show(m)).collect();
    all.sort_by_key(|s| (s.len(), s.clone()));
    eprintln!(
        "{states} block states, {} viable emitted multisets, {} final: {all:?}",
        prefixes.len(),
        all.len()
    );
    // The level's third 2 (left column) needs a block 2 outside, and a block 2 left alone
    // inside can never vanish: so in a solution both block 2s leave. Those drains all send
    // 1, 2, 2 and 6, plus pairs (or the two other 1s).
    let with_twos: Vec<&String> = all.iter().filter(|s| s.contains("22")).collect();
    assert_eq!(with_twos.len(), 20, "{with_twos:?}");
    for s in &with_twos {
        for t in ['1', '2', '6'] {
            assert!(s.contains(t), "{s}");
        }
        // What is sent beyond 1, 2, 2, 6 comes in pairs of a type.
        let mut rest: Vec<char> = s.chars().collect();
        for t in ['1', '2', '2', '6'] {
            let k = rest.iter().position(|&c| c == t).unwrap();
            rest.remove(k);
        }
        for t in '1'..='8' {
            assert_eq!(rest.iter().filter(|&&c| c == t).count() % 2, 0, "{s}");
        }
    }
    assert_eq!(with_twos[0].as_str(), "1226");
    // Without the 2s' condition there are drains the settled-board search of fact 1 excludes
    // by construction (both block 2s vanishing together inside).
    assert!(all.len() > with_twos.len() && all.iter().any(|s| s == "1556"));
    assert!(states > 100_000 && prefixes.len() > all.len());
}

/// 15-08 with the block walled off; the chute (column 8, rows 1-4) stays open. The `9` on the
/// chute's top cell only makes the chute playable; it is removed from the start board.
const OUTSIDE: &str = "\
##########
#3######9#
#1######.#
#4######.#
#6.#####.#
#4.......#
#6.......#
#2....##.#
#3.#..1#.#
#13##.##.#
#41#1.#3.#
##########
";

/// The same with only the chute's lowest cell (row 4) open, for the *free* source that puts
/// pieces there between cycles.
const OUTSIDE_FREE: &str = "\
##########
#3########
#1########
#4########
#6.#####9#
#4.......#
#6.......#
#2....##.#
#3.#..1#.#
#13##.##.#
#41#1.#3.#
##########
";

fn pack(cells: &[u8], m: Multi) -> [u64; 4] {
    let mut k = [0u64; 4];
    for (i, &t) in cells.iter().enumerate() {
        k[i / 16] |= (t as u64) << (4 * (i % 16));
    }
    k[3] = m;
    k
}

fn unpack(k: &[u64; 4], out: &mut [u8]) -> Multi {
    for (i, t) in out.iter_mut().enumerate() {
        *t = ((k[i / 16] >> (4 * (i % 16))) & 15) as u8;
    }
    k[3]
}

/// The block's pieces per type.
const BLOCK_PIECES: [u8; 10] = [0, 3, 2, 0, 2, 2, 1, 2, 2, 0];

/// The six relabellings of types 5, 7 and 8 (two pieces each, all in the block, so they only
/// ever match one another).
fn relabellings() -> Vec<[u8; 10]> {
    let mut out = Vec::new();
    for p in [
        [5, 7, 8],
        [5, 8, 7],
        [7, 5, 8],
        [7, 8, 5],
        [8, 5, 7],
        [8, 7, 5],
    ] {
        let mut map: [u8; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
        map[5] = p[0];
        map[7] = p[1];
        map[8] = p[2];
        out.push(map);
    }
    out
}

fn relabel(m: Multi, map: &[u8; 10]) -> Multi {
    (1..=9u8).fold(0, |acc, t| {
        acc | (count(m, t) as u64) << (4 * map[t as usize] as u64)
    })
}

/// A frontier entry: rank (smallest first), insertion order (first in, first out among equal
/// ranks), the board's key, its depth.
type Entry = (Reverse<(u32, u32)>, Reverse<u64>, [u64; 4], u32);

/// Which abstraction [`search`] explores.
#[derive(Clone, Copy, Debug)]
struct Model {
    /// The source puts a piece on the chute's row-4 cell between two cycles, without using
    /// the cycle's action (instead of pushing it onto row 1, 2 or 3 as the cycle's action).
    free: bool,
    /// Boards equal up to relabelling 5, 7 and 8 are one board (the drains are closed under
    /// the relabelling); and the pocket's standing pieces each need a partner that can reach
    /// the pocket (or the alcove), on the board or still to come.
    reduced: bool,
    /// Expand the boards with the fewest pieces left (on the board and still to come) first,
    /// instead of breadth-first: to look for a candidate, not to exhaust.
    best_first: bool,
    /// With `best_first`: rank first by how far the top 3 still is from the alcove's 3 (the
    /// pair every solution needs, fact 2), then by pieces left.
    guided: bool,
}

/// What [`search`] met.
#[derive(Debug, Default)]
struct Found {
    expanded: usize,
    seen: usize,
    open: usize,
    deads: usize,
    escapes: usize,
    goals: usize,
    exhausted: bool,
}

/// What the block can still send, closed under the relabellings of the model: the emitted
/// multisets from which it can still be emptied, those with which it is empty, and per
/// viable multiset what each final one extending it has yet to send.
struct Drains {
    maps: Vec<[u8; 10]>,
    prefixes: FxHashSet<Multi>,
    finals: FxHashSet<Multi>,
    /// Per viable multiset: what each final multiset extending it has yet to send, per type,
    /// and the most of each type still to come.
    to_come: FxHashMap<Multi, (Vec<[u8; 10]>, [u8; 10])>,
}

fn drains(reduced: bool) -> Drains {
    let (mut prefixes, mut finals, _) = block_drains();
    let maps = if reduced {
        relabellings()
    } else {
        vec![[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]
    };
    // Close the drains under the relabellings (a superset of what the block can do).
    prefixes = prefixes
        .iter()
        .flat_map(|&m| maps.iter().map(move |map| relabel(m, map)))
        .collect();
    finals = finals
        .iter()
        .flat_map(|&m| maps.iter().map(move |map| relabel(m, map)))
        .collect();
    let mut to_come: FxHashMap<Multi, (Vec<[u8; 10]>, [u8; 10])> = FxHashMap::default();
    for &m in prefixes.iter().chain(std::iter::once(&0)) {
        let rest: Vec<[u8; 10]> = finals
            .iter()
            .filter(|&&f| (1..=9u8).all(|t| count(f, t) >= count(m, t)))
            .map(|&f| {
                let mut r = [0u8; 10];
                for t in 1..=9u8 {
                    r[t as usize] = count(f, t) - count(m, t);
                }
                r
            })
            .collect();
        let mut most = [0u8; 10];
        for r in &rest {
            for t in 0..10 {
                most[t] = most[t].max(r[t]);
            }
        }
        to_come.insert(m, (rest, most));
    }
    Drains {
        maps,
        prefixes,
        finals,
        to_come,
    }
}

/// Breadth-first search of the outside of 15-08 with the block replaced by a source (see the
/// module comment and `docs/puzznic.md`), stopping after `max_states` boards.
fn search(model: Model, max_states: usize) -> Found {
    let d = drains(model.reduced);
    let text = if model.free { OUTSIDE_FREE } else { OUTSIDE };
    search_from(model, &d, text, None, max_states)
}

/// The same search from `text`'s board (the model's geometry, with the chute's placeholder
/// `9`), or, given `seeds`, from all of them at once: boards of that geometry and what the
/// block has sent before each.
fn search_from(
    model: Model,
    d: &Drains,
    text: &str,
    seeds: Option<&[(Vec<u8>, Multi)]>,
    max_states: usize,
) -> Found {
    let Drains {
        maps,
        prefixes,
        finals,
        to_come,
    } = d;
    let p = parse(text).unwrap();
    let g = &p.geometry;
    let n = g.len();
    assert!(n <= 48, "{n} cells");
    let entries: Vec<usize> = if model.free {
        vec![g.at(4, 8).unwrap()]
    } else {
        (1..=3).map(|r| g.at(r, 8).unwrap()).collect()
    };
    let top = entries[0];
    let mut start = p.start.clone();
    start[top] = 0;
    // Dead end: every final multiset that extends `m` leaves some type with exactly one
    // piece outside the block, ever.
    let dead = |cells: &[u8], m: Multi| -> bool {
        let mut o = [0u8; 10];
        for &t in cells {
            o[t as usize] += 1;
        }
        !to_come[&m]
            .0
            .iter()
            .any(|r| (1..=9).all(|t| o[t] + r[t] != 1))
    };
    // Reach: the cells a piece on a cell can ever occupy (left, right, down), and whether two
    // pieces could ever be orthogonal neighbours.
    let mut reach = vec![0u64; n];
    for (i, reach_i) in reach.iter_mut().enumerate() {
        let mut r = 1u64 << i;
        loop {
            let mut r2 = r;
            for j in 0..n {
                if r >> j & 1 == 1 {
                    for nb in [g.down[j], g.left[j], g.right[j]] {
                        if nb != gridlock_puzzles::puzznic::NONE {
                            r2 |= 1 << nb;
                        }
                    }
                }
            }
            if r2 == r {
                break;
            }
            r = r2;
        }
        *reach_i = r;
    }
    let around = |s: u64| -> u64 {
        let mut a = 0u64;
        for j in 0..n {
            if s >> j & 1 == 1 {
                for nb in g.neighbours(j) {
                    if nb != gridlock_puzzles::puzznic::NONE {
                        a |= 1 << nb;
                    }
                }
            }
        }
        a
    };
    let meet: Vec<Vec<bool>> = (0..n)
        .map(|i| (0..n).map(|j| reach[i] & around(reach[j]) != 0).collect())
        .collect();
    let meet_src: Vec<bool> = (0..n).map(|i| meet[i][top]).collect();
    let can_come =
        |m: Multi, t: u8| count(m, t) < BLOCK_PIECES[t as usize] && prefixes.contains(&add(m, t));
    // Dead end: a piece that no other piece of its type, on the board or still to come, can
    // ever touch.
    let lonely = |cells: &[u8], m: Multi| -> bool {
        (0..n).any(|i| {
            let t = cells[i];
            t != 0
                && !(0..n).any(|j| j != i && cells[j] == t && meet[i][j])
                && !(meet_src[i] && can_come(m, t))
        })
    };
    // The pocket (column 8, rows 7-10) and its alcove (row 10, column 7).
    let pocket: Vec<usize> = (7..=10).map(|r| g.at(r, 8).unwrap()).collect();
    let pocket_mask = pocket.iter().fold(0u64, |a, &i| a | 1 << i);
    let alcove = g.at(10, 7).unwrap();
    // Dead end (sealed stack): a standing pocket piece that is not about to vanish can only
    // vanish with a piece from above (or the alcove's piece), each with its own; so a type
    // with more of them than pieces that can reach the pocket, on the board or to come,
    // cannot be cleared.
    let sealed = |cells: &[u8], fall: &[bool], m: Multi| -> bool {
        let mut stacked = [0u8; 10];
        let mut is_stacked = 0u64;
        for &i in &pocket {
            let t = cells[i];
            if t != 0
                && !fall[i]
                && !g
                    .neighbours(i)
                    .iter()
                    .any(|&j| j != gridlock_puzzles::puzznic::NONE && cells[j as usize] == t)
            {
                stacked[t as usize] += 1;
                is_stacked |= 1 << i;
            }
        }
        let mut partners = [0u8; 10];
        for i in 0..n {
            let t = cells[i];
            if t != 0 && is_stacked >> i & 1 == 0 && (reach[i] & pocket_mask != 0 || i == alcove) {
                partners[t as usize] += 1;
            }
        }
        let most = &to_come[&m].1;
        (1..=9).any(|t| stacked[t] > partners[t] + most[t])
    };
    let key_of = |cells: &[u8], m: Multi, tmp: &mut Vec<u8>| -> [u64; 4] {
        let mut best = pack(cells, m);
        for map in &maps[1..] {
            tmp.clear();
            tmp.extend(cells.iter().map(|&t| map[t as usize]));
            best = best.min(pack(tmp, relabel(m, map)));
        }
        best
    };
    let mut tmp = Vec::with_capacity(n);
    let seeds: Vec<(Vec<u8>, Multi)> = match seeds {
        Some(seeds) => seeds.to_vec(),
        None => vec![(start, 0)],
    };
    let mut seen: FxHashSet<[u64; 4]> = FxHashSet::default();
    // Pieces still to come at the least, per emitted multiset.
    let least: FxHashMap<Multi, u32> = to_come
        .iter()
        .map(|(&m, (rest, _))| {
            let l = rest
                .iter()
                .map(|r| r.iter().map(|&x| x as u32).sum::<u32>())
                .min();
            (m, l.unwrap_or(0))
        })
        .collect();
    let rank = |cells: &[u8], m: Multi, depth: u32| -> (u32, u32) {
        if model.best_first {
            let on = cells.iter().filter(|&&t| t != 0).count() as u32;
            let far = if model.guided {
                // The 3 that is neither locked low on the left nor the alcove's.
                let top3 = (0..n).find(|&i| {
                    let (r, c) = g.pos[i];
                    cells[i] == 3 && !(r >= 8 && c <= 2) && !(r == 10 && c >= 7)
                });
                match top3 {
                    Some(i) => 4 * (10 - g.pos[i].1 as u32) + (10 - g.pos[i].0 as u32),
                    None => 0,
                }
            } else {
                0
            };
            (far * 4 + on + least[&m], depth)
        } else {
            (depth, 0)
        }
    };
    // Frontier ordered by rank; each entry carries its depth (cycles and emissions so far).
    let mut queue: BinaryHeap<Entry> = BinaryHeap::new();
    let mut order = 0u64;
    let mut best = u32::MAX;
    let mut found = Found::default();
    for (start, m0) in &seeds {
        if dead(start, *m0) || lonely(start, *m0) {
            found.deads += 1;
            continue;
        }
        let k0 = key_of(start, *m0, &mut tmp);
        if seen.insert(k0) {
            queue.push((Reverse(rank(start, *m0, 0)), Reverse(0), k0, 0));
        }
    }
    let mut cells = vec![0u8; n];
    let mut next = vec![0u8; n];
    let mut fall = vec![false; n];
    let mut fall2 = vec![false; n];
    let t0 = std::time::Instant::now();
    let mut succ: Vec<(Vec<u8>, Multi)> = Vec::new();
    let mut actions = Vec::new();
    let mut stopped = false;
    // Boards per depth (cycles, and in the free model also emissions), to show how the search
    // grows.
    let mut layers: Vec<usize> = vec![1];
    'search: while let Some((Reverse((r, _)), _, k, depth)) = queue.pop() {
        let m = unpack(&k, &mut cells);
        if model.best_first && r < best {
            best = r;
            eprintln!(
                "{r} pieces left at best: {:?} emitted {}",
                p.rows_of(&cells),
                show(m)
            );
        }
        found.expanded += 1;
        if found.expanded % 1_000_000 == 0 {
            eprintln!(
                "{} expanded, {} seen, {} queued, {} dead, {} escapes, {:.0?}",
                found.expanded,
                seen.len(),
                queue.len(),
                found.deads,
                found.escapes,
                t0.elapsed()
            );
        }
        succ.clear();
        falling(g, &cells, &mut fall);
        legal_actions(g, &cells, &fall, &mut actions);
        for &a in &actions {
            next.copy_from_slice(&cells);
            cycle(g, &mut next, a).unwrap();
            succ.push((next.clone(), m));
        }
        for &e in &entries {
            if cells[e] != 0 {
                continue;
            }
            // A piece pushed onto a standing piece would itself stand beside the block in step
            // 2 (and could match a block piece): outside the abstraction's bounds.
            let below = g.down[e] as usize;
            if !model.free && cells[below] != 0 && !fall[below] {
                found.escapes += 1;
                continue;
            }
            for t in 1..=9u8 {
                if !can_come(m, t) {
                    continue;
                }
                next.copy_from_slice(&cells);
                next[e] = t;
                if !model.free {
                    resolve(g, &mut next, |_| {}, |_| {});
                }
                succ.push((next.clone(), add(m, t)));
            }
        }
        for (b, m2) in succ.drain(..) {
            let key = key_of(&b, m2, &mut tmp);
            if seen.contains(&key) {
                continue;
            }
            seen.insert(key);
            falling(g, &b, &mut fall2);
            // A piece standing in the chute beside the block (or, with the free source, on
            // its row-4 cell, where the next piece pushed out would stand beside the block).
            if entries.iter().any(|&e| b[e] != 0 && !fall2[e]) {
                found.escapes += 1;
                if found.escapes <= 3 {
                    eprintln!("escape: {:?} emitted {}", p.rows_of(&b), show(m2));
                }
                continue;
            }
            if b.iter().all(|&t| t == 0) {
                if finals.contains(&m2) {
                    found.goals += 1;
                    eprintln!("GOAL: emitted {}", show(m2));
                }
                continue;
            }
            if dead(&b, m2) || lonely(&b, m2) || (model.reduced && sealed(&b, &fall2, m2)) {
                found.deads += 1;
                continue;
            }
            if seen.len() >= max_states {
                stopped = true;
                break 'search;
            }
            let d = depth + 1;
            if layers.len() <= d as usize {
                layers.push(0);
            }
            layers[d as usize] += 1;
            order += 1;
            queue.push((Reverse(rank(&b, m2, d)), Reverse(order), key, d));
        }
    }
    found.seen = seen.len();
    found.open = queue.len();
    found.exhausted = !stopped;
    eprintln!("{model:?}: {found:?}, {:.1?}", t0.elapsed());
    eprintln!("boards per layer (the last one unfinished): {layers:?}");
    if stopped {
        // Where the open boards are: by number of emitted pieces, and how many distinct
        // boards of the left part (columns 1-4) and of the right part (with what was emitted)
        // they combine.
        let mut by_emitted = [0usize; 16];
        let mut left = FxHashSet::default();
        let mut right = FxHashSet::default();
        for (_, _, k, _) in queue.iter() {
            let m = unpack(k, &mut cells);
            by_emitted[(1..=9u8).map(|t| count(m, t) as usize).sum::<usize>()] += 1;
            let part = |keep: &dyn Fn(u8) -> bool| -> Vec<u8> {
                (0..n)
                    .map(|i| if keep(g.pos[i].1) { cells[i] } else { 0 })
                    .collect()
            };
            left.insert(part(&|c| c <= 4));
            right.insert((part(&|c| c > 4), m));
        }
        eprintln!(
            "open boards by pieces emitted: {:?}; {} left parts, {} right parts",
            &by_emitted[..8],
            left.len(),
            right.len()
        );
    }
    found
}

fn max_states() -> usize {
    std::env::var("MAX_STATES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000_000)
}

/// The source pushes a piece onto row 1, 2 or 3 of the chute as the cycle's action.
#[test]
#[ignore = "minutes of CPU; run with --ignored --nocapture"]
fn outside_with_a_source() {
    let found = search(
        Model {
            free: false,
            reduced: false,
            best_first: false,
            guided: false,
        },
        max_states(),
    );
    // A board emptied with a possible drain would be a candidate to check against the real
    // block; a piece standing in the chute at rows 1-3 would leave the abstraction's bounds.
    assert_eq!((found.goals, found.escapes), (0, 0));
}

/// The free source, with the 5-7-8 relabelling and the sealed pocket.
#[test]
#[ignore = "minutes of CPU; run with --ignored --nocapture"]
fn outside_with_a_free_source() {
    let found = search(
        Model {
            free: true,
            reduced: true,
            best_first: false,
            guided: false,
        },
        max_states(),
    );
    assert_eq!(found.goals, 0);
    eprintln!("escapes: {}", found.escapes);
}

/// The free source, best-first: a look for a candidate to check against the real block.
#[test]
#[ignore = "minutes of CPU; run with --ignored --nocapture"]
fn outside_with_a_free_source_best_first() {
    let found = search(
        Model {
            free: true,
            reduced: true,
            best_first: true,
            guided: std::env::var("GUIDED").is_ok(),
        },
        max_states(),
    );
    assert_eq!(found.goals, 0);
}

/// The cleanup boards of `puzznic_1508_cleanup.rs` (the plan family: pocket `5 8 4` or
/// `5 7 8` over `3x`, room multiset M, the pocket taken off in reverse), but with the block
/// allowed to go on sending whatever it still can after `3t` drops (the free source, from
/// the emitted multiset M + pocket + pocket): all of them at once, as the seeds of one search.
/// It does not finish (`docs/puzznic.md`): the boards it meets grow about 2.3x per layer.
/// `STEP=k` keeps every k-th board of each family.
#[test]
#[ignore = "minutes of CPU; run with --ignored --nocapture"]
fn cleanup_boards_with_the_block_still_sending() {
    let d = drains(true);
    let model = Model {
        free: true,
        reduced: true,
        best_first: false,
        guided: false,
    };
    let g = &parse(OUTSIDE_FREE).unwrap().geometry;
    let step: usize = std::env::var("STEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut seeds = Vec::new();
    for room in ["2261", "226", "226144", "22644"] {
        // Each board on the model's geometry, converted once for both pockets.
        let family: Vec<Vec<u8>> = puzznic_1508_support::boards(room.as_bytes(), b"")
            .iter()
            .step_by(step)
            .map(|text| {
                let board = parse(text).unwrap();
                let mut cells = vec![0u8; g.len()];
                for (i, &(r, c)) in g.pos.iter().enumerate() {
                    // A cell the parser dropped is one no piece can ever reach: empty.
                    if let Some(j) = board.geometry.at(r as usize, c as usize) {
                        cells[i] = board.start[j];
                    }
                }
                cells
            })
            .collect();
        for pocket in ["584", "578"] {
            let sent = room.bytes().chain(pocket.bytes()).chain(pocket.bytes());
            let m = sent.fold(0, |m, c| add(m, c - b'0'));
            let too_many = (1..=9u8).any(|t| count(m, t) > BLOCK_PIECES[t as usize]);
            if too_many || !d.prefixes.contains(&m) {
                eprintln!("room {room}, pocket {pocket}: {} cannot be sent", show(m));
                continue;
            }
            eprintln!(
                "room {room}, pocket {pocket}, sent {}: {} boards",
                show(m),
                family.len()
            );
            seeds.extend(family.iter().map(|cells| (cells.clone(), m)));
        }
    }
    let found = search_from(model, &d, OUTSIDE_FREE, Some(&seeds), max_states());
    eprintln!("{} seeds", seeds.len());
    assert_eq!(found.goals, 0);
}
