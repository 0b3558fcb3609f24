//! Which pattern tables the web player searches with, and keeping them between requests.
//!
//! A request must not wait minutes for a build, so the choice is: the strongest of the
//! shape's known patterns whose tables are already in the cache directory (the CLI's
//! `auto` order: on 4×4 7-8, then 6-6-3, then 5-5-5), else [`web_pattern`], whose tables
//! take about a second to build on two cores. The heuristics in use are kept in memory, a
//! few at a time ([`KEPT`]), keyed by what the tables depend on: the shape, the blank's goal
//! cell and the pattern (any goal with the blank in the same cell shares them).

use gridlock_puzzles::n_puzzle::cache;
use gridlock_puzzles::n_puzzle::solve::known_patterns;
use gridlock_puzzles::n_puzzle::{prepare, Board, Choice, Heuristic, Pattern, Shape};
use gridlock_search::{Limits, Stopped};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// Most placements the web builds within one request: at the measured 290 ns a placement
/// on two cores (docs/n-puzzle.md) about 0.6 s, a second or two on a loaded machine. 4×4
/// gets 5-5-5 (1.6 M placements), 5×5 4-4-4-4-4-4 (1.8 M), 3×3 the exact table (0.36 M).
pub const WEB_PLACEMENTS: u64 = 2_000_000;

/// Heuristics kept in memory at once; the least recently used goes first. Bounds the
/// memory a visitor can make the server hold by asking for many shapes and goals.
const KEPT: usize = 8;

/// The pattern the web builds when nothing stronger is cached: groups, in the goal's
/// reading order, as large as keep all the tables within [`WEB_PLACEMENTS`].
pub fn web_pattern(shape: Shape) -> Pattern {
    (1..shape.cells())
        .rev()
        .find_map(|k| groups_of(shape, k).filter(|p| p.placements(shape) <= WEB_PLACEMENTS))
        .expect("one-tile groups are always small")
}

/// Groups of `k` tiles in reading order, the last one smaller if needed; `None` when `k`
/// is not a group size for the shape.
fn groups_of(shape: Shape, k: usize) -> Option<Pattern> {
    let tiles = shape.cells() - 1;
    if k == 0 || k > tiles {
        return None;
    }
    let mut sizes = vec![k.to_string(); tiles / k];
    if !tiles.is_multiple_of(k) {
        sizes.push((tiles % k).to_string());
    }
    Pattern::parse(&sizes.join("-"), shape).ok()
}

/// The pattern a request for `goal` is searched with (see the module comment).
pub fn pattern_for(goal: &Board, dir: Option<&Path>) -> Pattern {
    let shape = goal.shape;
    let blank = goal.cells_of()[0];
    dir.and_then(|dir| {
        known_patterns(shape)
            .into_iter()
            .find(|p| cache::is_cached(dir, shape, blank, p))
    })
    .unwrap_or_else(|| web_pattern(shape))
}

type Key = (Option<PathBuf>, Shape, u8, String);
type Slot = Arc<Mutex<Option<Heuristic>>>;

static KEPT_HEURISTICS: Mutex<Vec<(Key, Slot)>> = Mutex::new(Vec::new());

/// The heuristic for `goal`: from memory, else loaded from `dir` or built (saved to `dir`
/// when it is given) within `limits`' deadline. Two requests for the same tables wait for
/// one build rather than racing.
pub fn heuristic(goal: &Board, dir: Option<&Path>, limits: &Limits) -> Result<Heuristic, Stopped> {
    let pattern = pattern_for(goal, dir);
    let key = (
        dir.map(Path::to_path_buf),
        goal.shape,
        goal.cells_of()[0],
        pattern.to_string(),
    );
    let slot = {
        let mut kept = KEPT_HEURISTICS
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let slot = match kept.iter().position(|(k, _)| *k == key) {
            Some(i) => kept.remove(i).1,
            None => Slot::default(),
        };
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((key, slot.clone()));
        slot
    };
    let mut held = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(h) = held.as_ref() {
        return Ok(h.clone());
    }
    let (h, _) = prepare(goal, &Choice::Pdb(Some(pattern)), dir, limits, &|_| {})?;
    *held = Some(h.clone());
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).unwrap()
    }

    #[test]
    fn web_patterns_are_the_largest_groups_within_the_budget() {
        assert_eq!(web_pattern(shape(3, 3)).to_string(), "8");
        assert_eq!(web_pattern(shape(4, 4)).to_string(), "5-5-5");
        assert_eq!(web_pattern(shape(5, 5)).to_string(), "4-4-4-4-4-4");
        assert_eq!(web_pattern(shape(2, 2)).to_string(), "3");
        for (r, c) in [(2, 3), (3, 4), (4, 5), (6, 6), (8, 8), (2, 32)] {
            let s = shape(r, c);
            let p = web_pattern(s);
            assert!(p.placements(s) <= WEB_PLACEMENTS, "{s}: {p}");
            let k = p.sizes()[0] as usize;
            if let Some(larger) = groups_of(s, k + 1) {
                assert!(
                    larger.placements(s) > WEB_PLACEMENTS,
                    "{s}: {larger} fits too"
                );
            }
        }
    }

    #[test]
    fn stronger_tables_in_the_cache_are_used() {
        // 3x4: the web builds 6-5 (0.76 M placements); the CLI's quick pattern 7-4 (4 M) is
        // used once its tables are in the cache.
        let s = shape(3, 4);
        let goal = Board::blank_last(s);
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(pattern_for(&goal, Some(dir.path())).to_string(), "6-5");
        assert_eq!(pattern_for(&goal, None).to_string(), "6-5");
        let quick = Pattern::parse("7-4", s).unwrap();
        let blank = goal.cells_of()[0];
        cache::tables(Some(dir.path()), s, blank, &quick, &Limits::none(), &|_| {}).unwrap();
        assert_eq!(pattern_for(&goal, Some(dir.path())).to_string(), "7-4");
        let h = heuristic(&goal, Some(dir.path()), &Limits::none()).unwrap();
        assert_eq!(h.name(), "pdb 7-4");
        // another blank cell has other tables
        let first = Board::blank_first(s);
        assert_eq!(pattern_for(&first, Some(dir.path())).to_string(), "6-5");
    }

    #[test]
    fn heuristics_are_kept_and_shared_by_goals_with_the_same_blank_cell() {
        let s = shape(3, 3);
        let goal = Board::blank_last(s);
        let h = heuristic(&goal, None, &Limits::none()).unwrap();
        assert_eq!(h.name(), "pdb 8 mirrored");
        let mut other = goal.clone();
        other.tiles.swap(0, 1);
        let again = heuristic(&other, None, &Limits::none()).unwrap();
        assert_eq!(again.name(), h.name());
        let kept = KEPT_HEURISTICS.lock().unwrap();
        assert!(kept.len() <= KEPT);
        let same = kept.iter().filter(|(k, _)| k.1 == s && k.2 == 8).count();
        assert_eq!(same, 1, "one entry for both goals");
    }
}
