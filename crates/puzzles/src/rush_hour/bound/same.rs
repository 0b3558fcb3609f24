//! The bound as used gives, position by position, the value of the frozen search of
//! [`super::reference`] (the bound as it stood before the per-thread position): on every
//! position of random small components and on random walks from every board of
//! `examples/rush-hour/`, in both metrics, with the budget of splits as used and with a
//! budget of 3 (so that the cut by the budget is reached on small boards too). The frozen
//! search knows only needs: it is compared with the bound of the needs alone (the
//! conflicts of [`super::conflict`] off); the bound as used, conflicts on, equals the same
//! search afresh.

use super::prune::{steps, walk};
use super::{reference, Blockers, BUDGET};
use crate::rush_hour::{parse, Board, Metric};
use std::collections::{HashSet, VecDeque};

/// The bound through the cache, afresh and with 3 splits against the old search's.
fn compare(blockers: &Blockers, o: &[u8], what: &str) {
    for metric in [Metric::Moves, Metric::Steps] {
        let old = reference::bound(blockers, o, metric, BUDGET);
        let needs = blockers.needs_only(o, metric, BUDGET);
        assert_eq!(needs, old, "{what} {metric:?} {o:?}");
        let fresh = blockers.uncached(o, metric);
        assert_eq!(blockers.bound(o, metric), fresh, "{what} {metric:?} {o:?}");
        assert!(fresh >= needs, "{what} {metric:?} {o:?}");
        let old = reference::bound(blockers, o, metric, 3);
        let needs = blockers.needs_only(o, metric, 3);
        assert_eq!(needs, old, "{what} {metric:?} {o:?}");
    }
}

/// The start's component, positions one step apart (`None` past `cap` positions).
pub(super) fn component(board: &Board, start: &[u8], cap: usize) -> Option<Vec<Vec<u8>>> {
    let mut seen = HashSet::from([start.to_vec()]);
    let mut queue = VecDeque::from([start.to_vec()]);
    let mut all = Vec::new();
    while let Some(cur) = queue.pop_front() {
        for next in steps(board, &cur) {
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
        all.push(cur);
        if seen.len() > cap {
            return None;
        }
    }
    Some(all)
}

/// A random 5×5 to 7×7 board: the red car in the middle row, then up to `tries` cars and
/// trucks where they fit (more tries, more crowded lanes).
pub(super) fn random_board(rnd: &mut impl FnMut(usize) -> usize, tries: usize) -> String {
    let (rows, cols) = (5 + rnd(3), 5 + rnd(3));
    let mut cells = vec!['.'; rows * cols];
    let red_row = rows / 2;
    for k in 0..2 {
        cells[red_row * cols + k] = 'A';
    }
    let mut label = b'B';
    for _ in 0..tries {
        let (horizontal, len) = (rnd(2) == 0, 2 + rnd(2));
        let (row, col) = (rnd(rows), rnd(cols));
        let at: Vec<usize> = (0..len)
            .map(|k| {
                if horizontal {
                    (row, col + k)
                } else {
                    (row + k, col)
                }
            })
            .filter(|&(r, c)| r < rows && c < cols && !(horizontal && r == red_row))
            .map(|(r, c)| r * cols + c)
            .collect();
        if at.len() == len && at.iter().all(|&c| cells[c] == '.') {
            at.iter().for_each(|&c| cells[c] = label as char);
            label += 1;
        }
    }
    cells
        .chunks(cols)
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect()
}

#[test]
fn the_bound_equals_the_old_search_on_random_small_components() {
    let mut rnd = super::prune::random(38);
    let (mut components, mut positions) = (0, 0);
    for _ in 0..60 {
        let text = random_board(&mut rnd, 16);
        let p = parse(&text, None).unwrap();
        let Some(all) = component(p.board(), &p.start, 4000) else {
            continue;
        };
        let blockers = Blockers::new(p.board(), &p.start);
        for o in &all {
            compare(&blockers, o, &text);
        }
        components += 1;
        positions += all.len();
    }
    assert!(
        components > 30 && positions > 20_000,
        "{components} {positions}"
    );
}

#[test]
fn the_bound_equals_the_old_search_on_walks_from_every_example_board() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/rush-hour");
    let mut boards = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let p = parse(&std::fs::read_to_string(&path).unwrap(), None).unwrap();
        let blockers = Blockers::new(p.board(), &p.start);
        for o in walk(p.board(), &p.start, 150, boards) {
            compare(&blockers, &o, &path.display().to_string());
        }
        boards += 1;
    }
    assert_eq!(boards, 9);
}
