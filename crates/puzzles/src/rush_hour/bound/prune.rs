//! The cut by open choices changes no bound: on positions of a random walk from each deep
//! board of `examples/rush-hour/`, in both metrics, the branch and bound with the cut gives
//! the least an exhaustive one (no cut, no budget) gives, and so does the bound as used,
//! with its budget of splits.

use super::{Blockers, BUDGET};
use crate::rush_hour::{parse, Board, Metric, Puzzle};

/// Every position one step from `o` (one vehicle, one cell).
pub(super) fn steps(board: &Board, o: &[u8]) -> Vec<Vec<u8>> {
    let cols = board.cols();
    let mut taken = vec![false; board.rows() * cols];
    for (i, v) in board.vehicles().iter().enumerate() {
        for k in o[i]..o[i] + v.len {
            let (r, c) = board.cell(i, k);
            taken[r * cols + c] = true;
        }
    }
    let free = |i: usize, k: i32| {
        let (r, c) = board.cell(i, k as u8);
        k >= 0 && k < i32::from(board.lane_len(i)) && !taken[r * cols + c] && !board.is_wall(r, c)
    };
    let mut out = Vec::new();
    for (i, v) in board.vehicles().iter().enumerate() {
        let (o_i, len) = (i32::from(o[i]), i32::from(v.len));
        for (enter, to) in [(o_i - 1, o_i - 1), (o_i + len, o_i + 1)] {
            if enter >= 0 && free(i, enter) {
                let mut next = o.to_vec();
                next[i] = to as u8;
                out.push(next);
            }
        }
    }
    out
}

/// The deep boards of `examples/rush-hour/` the bound's tests walk from, with their names.
pub(super) fn deep_boards() -> Vec<(&'static str, Puzzle)> {
    ["deep_12x12", "deep17_12x12", "hard_12x12", "hard_9x9"]
        .into_iter()
        .map(|name| {
            let path = format!(
                "{}/../../examples/rush-hour/{name}.txt",
                env!("CARGO_MANIFEST_DIR")
            );
            (
                name,
                parse(&std::fs::read_to_string(path).unwrap(), None).unwrap(),
            )
        })
        .collect()
}

/// A seeded stream of numbers below `n` (a linear congruential generator): the bound's
/// tests draw boards, walks and branches from it, so every run checks the same cases.
pub(super) fn random(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    }
}

/// `count` positions of a random walk of steps from the board's start.
pub(super) fn walk(board: &Board, start: &[u8], count: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut rnd = random(seed);
    let mut at = start.to_vec();
    let mut seen = vec![at.clone()];
    while seen.len() < count {
        let next = steps(board, &at);
        at = next[rnd(next.len())].clone();
        seen.push(at.clone());
    }
    seen
}

#[test]
fn the_cut_by_open_choices_gives_the_exhaustive_least() {
    let mut compared = 0;
    for (k, (name, p)) in deep_boards().into_iter().enumerate() {
        let blockers = Blockers::new(p.board(), &p.start);
        for o in walk(p.board(), &p.start, 60, k as u64) {
            for metric in [Metric::Moves, Metric::Steps] {
                let exhaustive = blockers.least(&o, metric, u32::MAX, false);
                let cut = blockers.least(&o, metric, u32::MAX, true);
                assert_eq!(cut, exhaustive, "{name} {metric:?} {o:?}");
                assert_eq!(blockers.least(&o, metric, BUDGET, true), cut, "{name}");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 4 * 60 * 2);
}
