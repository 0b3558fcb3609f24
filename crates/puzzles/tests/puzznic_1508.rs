//! Facts about NES level 15-08 (the one level `--fast` does not answer) that the analysis in
//! `docs/puzznic.md` relies on, computed with the shared rules so that they cannot drift from
//! them.
//!
//! The block at the top (rows 1-3, columns 3-7) is a region no other piece can ever enter;
//! its pieces leave it only by being pushed into column 8 and falling down the chute. Here it
//! is cut out on its own, with the chute ending one row below the block: a piece reaching
//! that cell has left the block (it is removed and recorded as an *output*). The search runs
//! over settled boards (a move, then waiting until nothing falls or vanishes).

use gridlock_puzzles::puzznic::{cycle, falling, is_settled, legal_actions, parse, Action, Puzzle};
use rustc_hash::FxHashSet;
use std::collections::{BTreeSet, VecDeque};

/// Columns 2-9 of 15-08's rows 0-3, and the chute cell below row 3 (the block's only exit).
const BLOCK: &str = "\
########
#6782..#
#51278.#
#14145.#
######.#
";

/// Plays one cycle and removes a piece that reached the exit cell, appending it to `out`.
fn play(p: &Puzzle, cells: &mut [u8], action: Action, exit: usize, out: &mut String) -> bool {
    if cycle(&p.geometry, cells, action).is_err() {
        return false;
    }
    if cells[exit] != 0 {
        out.push((b'0' + cells[exit]) as char);
        cells[exit] = 0;
    }
    true
}

/// Every (board, outputs so far) reachable with at most `limit` outputs, where no 2 vanishes
/// inside the block (a 2 vanishing there pairs with the other block 2 and leaves the level's
/// third 2 without a partner). Returns the output strings that empty the block, and how many
/// boards are reachable without any output.
fn drain(limit: usize) -> (BTreeSet<String>, usize) {
    let p = parse(BLOCK).unwrap();
    let g = &p.geometry;
    let exit = g.at(4, 6).unwrap();
    let twos = |c: &[u8]| c.iter().filter(|&&t| t == 2).count();
    let mut seen: FxHashSet<(Vec<u8>, String)> = FxHashSet::default();
    let mut queue = VecDeque::new();
    let start = (p.start.clone(), String::new());
    seen.insert(start.clone());
    queue.push_back(start);
    let mut emptied = BTreeSet::new();
    let mut fall = vec![false; g.len()];
    while let Some((cells, outs)) = queue.pop_front() {
        if cells.iter().all(|&t| t == 0) {
            emptied.insert(outs);
            continue;
        }
        for i in 0..g.len() {
            for action in [Action::Left(i as u16), Action::Right(i as u16)] {
                let mut next = cells.clone();
                let mut o = outs.clone();
                if !play(&p, &mut next, action, exit, &mut o) {
                    continue;
                }
                loop {
                    falling(g, &next, &mut fall);
                    if is_settled(g, &next, &fall) {
                        break;
                    }
                    play(&p, &mut next, Action::Wait, exit, &mut o);
                }
                let left = twos(&cells) - o[outs.len()..].matches('2').count();
                if o.len() > limit || twos(&next) != left {
                    continue;
                }
                let state = (next, o);
                if seen.insert(state.clone()) {
                    queue.push_back(state);
                }
            }
        }
    }
    let without_output = seen.iter().filter(|(_, o)| o.is_empty()).count();
    (emptied, without_output)
}

#[test]
fn block_of_15_08_drains_with_four_pieces_in_three_orders() {
    let (emptied, without_output) = drain(5);
    // Everything else (the 7s, 8s, 5s, both 4s and two of the three 1s) can vanish inside.
    let expected: BTreeSet<String> = ["2216", "2261", "2621"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(emptied, expected);
    // Until the first piece leaves, only the top 2 can move (along row 1): nothing vanishes.
    assert_eq!(without_output, 5);
}

/// 15-08 with the block and its chute walled off: what the pieces outside the block can do
/// while no block piece has reached the room.
const WITHOUT_BLOCK: &str = "\
##########
#3########
#1########
#4########
#6.#######
#4.......#
#6.......#
#2....##.#
#3.#..1#.#
#13##.##.#
#41#1.#3.#
##########
";

/// Exhausts every board reachable from `text` over the full cycle graph (waiting while
/// anything falls or is about to vanish, and every legal move), without any pruning, and
/// returns how many there are and, per cell, whether a piece was ever on it.
fn everything_reachable(text: &str) -> (usize, Puzzle, Vec<bool>) {
    let p = parse(text).unwrap();
    let g = &p.geometry;
    let n = g.len();
    assert!(n <= 64, "packing holds 64 cells");
    let pack = |c: &[u8]| {
        let mut k = [0u64; 4];
        for (i, &t) in c.iter().enumerate() {
            k[i / 16] |= (t as u64) << (4 * (i % 16));
        }
        k
    };
    let unpack = |k: &[u64; 4], out: &mut [u8]| {
        for (i, t) in out.iter_mut().enumerate() {
            *t = ((k[i / 16] >> (4 * (i % 16))) & 15) as u8;
        }
    };
    let mut seen: FxHashSet<[u64; 4]> = FxHashSet::default();
    let mut queue = VecDeque::new();
    seen.insert(pack(&p.start));
    queue.push_back(pack(&p.start));
    let mut visited = vec![false; n];
    let mut fall = vec![false; n];
    let mut cells = vec![0u8; n];
    let mut next = vec![0u8; n];
    let mut actions = Vec::new();
    while let Some(k) = queue.pop_front() {
        unpack(&k, &mut cells);
        for (i, &t) in cells.iter().enumerate() {
            visited[i] |= t != 0;
        }
        falling(g, &cells, &mut fall);
        legal_actions(g, &cells, &fall, &mut actions);
        for &action in &actions {
            next.copy_from_slice(&cells);
            if cycle(g, &mut next, action).is_ok() {
                let key = pack(&next);
                if seen.insert(key) {
                    queue.push_back(key);
                }
            }
        }
    }
    (seen.len(), p, visited)
}

/// About 7 s of CPU in release mode (690,836 boards), the slowest single test of the
/// puzzles crate, run with the rest because the docs' 15-08 analysis rests on it.
#[test]
fn without_block_pieces_nothing_reaches_the_right_of_the_room() {
    let (boards, p, visited) = everything_reachable(WITHOUT_BLOCK);
    let ever = |r: usize, c: usize| p.geometry.at(r, c).is_some_and(|i| visited[i]);
    // The left-hand pieces do get into the room (so the search is not vacuous) ...
    assert!(ever(6, 4) && ever(7, 5) && ever(10, 5));
    // ... but never onto row 6 from column 5 on, nor onto row 5 from column 3 on: so without a
    // block piece in the room, no outside piece reaches column 8 (the pocket), and the 3 at
    // the top of column 1 never meets the 3 in the alcove.
    for c in 5..=8 {
        assert!(!ever(6, c), "row 6 column {c}");
    }
    for c in 3..=8 {
        assert!(!ever(5, c), "row 5 column {c}");
    }
    eprintln!("{boards} boards reachable without the block");
    assert!(boards > 500_000, "{boards} boards");
}
