//! Which lower bound a sliding-tile search uses and what to advise about it: the one policy
//! the command line, the web player and any other caller follow.
//!
//! - [`Choice::Auto`] (the command line's default): the strongest of the shape's known
//!   patterns whose tables are already in the cache directory ([`known_patterns`], strongest
//!   first: on 4×4 7-8, then 6-6-3, then 5-5-5), else [`Pattern::quick`], built now in a few
//!   seconds; and an [`Advice`] naming the strongest pattern and the command that builds it.
//! - [`Choice::AutoWithin`] (the web player, whose requests must not wait minutes): the
//!   strongest cached likewise, else groups whose tables hold at most that many placements
//!   in all ([`within`]; the web asks for [`REQUEST_PLACEMENTS`], about a second's build).
//! - [`Choice::Pdb`] and [`Choice::Manhattan`]: what was named.
//!
//! [`resolve`] decides without building; [`prepare`] loads or builds the tables; [`kept`]
//! also keeps a few heuristics in memory between calls (a server's requests, a binding's
//! batches), keyed by what the tables depend on: the shape, the blank's goal cell and the
//! pattern.

use super::board::{Board, Shape};
use super::cache::{self, Event};
use super::manhattan::Manhattan;
use super::pdb::{placements, Pattern, PdbHeuristic};
use super::solve::Heuristic;
use gridlock_search::{Limits, Stopped};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// Which heuristic the caller asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Manhattan distance with linear conflicts.
    Manhattan,
    /// Pattern databases: the named pattern, or the strongest known for the shape.
    Pdb(Option<Pattern>),
    /// The strongest pattern already cached, else the quick one (built now).
    Auto,
    /// The strongest pattern already cached, else groups whose tables hold at most this many
    /// placements in all (built now): for callers that answer within seconds.
    AutoWithin(u64),
}

/// Most placements the web player builds within one request: at the measured 290 ns a
/// placement on two cores (docs/n-puzzle.md) about 0.6 s, a second or two on a loaded
/// machine. 4×4 gets 5-5-5 (1.6 M placements), 5×5 4-4-4-4-4-4 (1.8 M), 3×3 the exact table
/// (0.36 M).
pub const REQUEST_PLACEMENTS: u64 = 2_000_000;

/// Build time per placement on two free cores: the 7-8 tables (576.6 M placements) took
/// 168 s (docs/n-puzzle.md).
const BUILD_NS_PER_PLACEMENT: f64 = 290.0;

/// Heuristics [`kept`] in memory at once; the least recently used goes first. Bounds the
/// memory a server's visitors can make it hold by asking for many shapes and goals.
const KEPT: usize = 8;

/// The shapes' pattern lists, strongest first: what `auto` looks for in the cache.
pub fn known_patterns(shape: Shape) -> Vec<Pattern> {
    let named: &[&str] = match (shape.rows, shape.cols) {
        (4, 4) => &["7-8", "6-6-3", "5-5-5"],
        (5, 5) => &["6-6-6-6"],
        _ => &[],
    };
    let mut list: Vec<Pattern> = named
        .iter()
        .map(|p| Pattern::parse(p, shape).expect("a valid pattern"))
        .collect();
    let quick = Pattern::quick(shape);
    if !list.contains(&quick) {
        list.push(quick);
    }
    list
}

/// The pattern `--heuristic pdb` uses when none is named: the strongest known.
pub fn strongest_pattern(shape: Shape) -> Pattern {
    known_patterns(shape).remove(0)
}

/// Groups in the goal's reading order, as large as keep all the tables within `budget`
/// placements (the last group smaller if needed).
pub fn within(shape: Shape, budget: u64) -> Pattern {
    (1..shape.cells())
        .rev()
        .find_map(|k| groups_of(shape, k).filter(|p| p.placements(shape) <= budget))
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

/// Roughly how long building `pattern`'s tables takes on two cores, and their peak memory
/// in bytes (measured on the reference machine: see docs/n-puzzle.md).
pub fn build_cost(shape: Shape, pattern: &Pattern) -> (f64, u64) {
    let total = pattern.placements(shape);
    let largest = pattern
        .sizes()
        .iter()
        .map(|&k| placements(shape.cells(), k as usize))
        .max()
        .unwrap_or(0);
    let free = shape.cells() - *pattern.sizes().iter().max().unwrap_or(&1) as usize;
    let mask = match free {
        0..=8 => 1,
        9..=16 => 2,
        17..=32 => 4,
        _ => 8,
    };
    let secs = total as f64 * BUILD_NS_PER_PLACEMENT * 1e-9;
    (secs, largest * (3 * mask + 1) + (total - largest))
}

/// The command that builds `pattern`'s tables ahead of time; `goal` as `--goal` takes it
/// (`blank-last`, the default, is left out).
pub fn build_command(shape: Shape, pattern: &Pattern, goal: &str) -> String {
    let goal = match goal {
        "blank-last" => String::new(),
        other => format!(" --goal {other}"),
    };
    format!("gridlock n-puzzle pdb build --pattern {pattern} --size {shape}{goal}")
}

/// A stronger pattern than the one chosen, not yet cached: worth building ahead of time.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The board's shape.
    pub shape: Shape,
    /// The stronger pattern that is not cached.
    pub pattern: Pattern,
    /// Its estimated build time in seconds.
    pub seconds: f64,
    /// Estimated peak memory of the build, in bytes.
    pub bytes: u64,
}

impl Advice {
    /// The advice in words, with the command for the goal `goal` (as `--goal` takes it).
    pub fn note(&self, goal: &str) -> String {
        format!(
            "the stronger {} tables are not cached; `{}` builds them (about {:.0} s, {:.1} GiB \
             peak), then searches expand far fewer nodes",
            self.pattern,
            build_command(self.shape, &self.pattern, goal),
            self.seconds.max(1.0),
            self.bytes as f64 / (1u64 << 30) as f64
        )
    }
}

/// What a choice comes to for one goal, before anything is built.
#[derive(Clone, Debug, PartialEq)]
pub struct Resolved {
    /// The pattern to search with; `None` for Manhattan distance.
    pub pattern: Option<Pattern>,
    /// For the `auto` choices: the stronger pattern worth building, if it is not the one.
    pub advice: Option<Advice>,
}

/// Decides `choice` for `goal` with the tables in `cache` (nothing is built or loaded).
pub fn resolve(goal: &Board, choice: &Choice, cache: Option<&Path>) -> Resolved {
    let shape = goal.shape;
    let blank = goal.cells_of()[0];
    let fallback = match choice {
        Choice::Manhattan => {
            return Resolved {
                pattern: None,
                advice: None,
            }
        }
        Choice::Pdb(named) => {
            return Resolved {
                pattern: Some(named.clone().unwrap_or_else(|| strongest_pattern(shape))),
                advice: None,
            }
        }
        Choice::Auto => Pattern::quick(shape),
        Choice::AutoWithin(budget) => within(shape, *budget),
    };
    let known = known_patterns(shape);
    let chosen = cache
        .and_then(|dir| {
            known
                .iter()
                .find(|p| cache::is_cached(dir, shape, blank, p))
        })
        .cloned()
        .unwrap_or(fallback);
    let strongest = &known[0];
    let advice = (chosen != *strongest).then(|| {
        let (seconds, bytes) = build_cost(shape, strongest);
        Advice {
            shape,
            pattern: strongest.clone(),
            seconds,
            bytes,
        }
    });
    Resolved {
        pattern: Some(chosen),
        advice,
    }
}

/// Resolves `choice` for `goal`'s shape and loads or builds the tables (in `cache`) as
/// needed. Returns the heuristic and, for the `auto` choices, the stronger pattern that
/// could be built.
pub fn prepare(
    goal: &Board,
    choice: &Choice,
    cache: Option<&Path>,
    limits: &Limits,
    report: &(dyn Fn(Event) + Sync),
) -> Result<(Heuristic, Option<Advice>), Stopped> {
    let resolved = resolve(goal, choice, cache);
    let heuristic = build(goal, resolved.pattern.as_ref(), cache, limits, report)?;
    Ok((heuristic, resolved.advice))
}

/// The heuristic of `pattern` (`None`: Manhattan) for `goal`.
fn build(
    goal: &Board,
    pattern: Option<&Pattern>,
    cache: Option<&Path>,
    limits: &Limits,
    report: &(dyn Fn(Event) + Sync),
) -> Result<Heuristic, Stopped> {
    let shape = goal.shape;
    let blank = goal.cells_of()[0];
    let Some(pattern) = pattern else {
        return Ok(Heuristic::Manhattan(Manhattan::new(shape, blank)));
    };
    // table builds obey the deadline and Ctrl-C but not the node cap, which is the search's
    let limits = Limits {
        max_states: None,
        ..limits.clone()
    };
    let tables = cache::tables(cache, shape, blank, pattern, &limits, report)?;
    let h = PdbHeuristic::new(shape, blank, pattern, tables);
    Ok(Heuristic::Pdb(Box::new(h)))
}

type Key = (Option<PathBuf>, Shape, u8, Option<String>);
type Slot = Arc<Mutex<Option<Heuristic>>>;

static KEPT_HEURISTICS: Mutex<Vec<(Key, Slot)>> = Mutex::new(Vec::new());

/// The heuristic `choice` comes to for `goal`, as [`prepare`] makes it, kept in memory for
/// the next calls (`KEPT` at a time). Two calls for the same tables wait for one build
/// rather than racing; a build stopped by `limits` is not kept.
pub fn kept(
    goal: &Board,
    choice: &Choice,
    cache: Option<&Path>,
    limits: &Limits,
) -> Result<Heuristic, Stopped> {
    let pattern = resolve(goal, choice, cache).pattern;
    let key = (
        cache.map(Path::to_path_buf),
        goal.shape,
        goal.cells_of()[0],
        pattern.as_ref().map(Pattern::to_string),
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
    let h = build(goal, pattern.as_ref(), cache, limits, &|_| {})?;
    *held = Some(h.clone());
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(r, c).unwrap()
    }

    const WEB: Choice = Choice::AutoWithin(REQUEST_PLACEMENTS);

    #[test]
    fn request_patterns_are_the_largest_groups_within_the_budget() {
        assert_eq!(within(shape(3, 3), REQUEST_PLACEMENTS).to_string(), "8");
        assert_eq!(within(shape(4, 4), REQUEST_PLACEMENTS).to_string(), "5-5-5");
        assert_eq!(
            within(shape(5, 5), REQUEST_PLACEMENTS).to_string(),
            "4-4-4-4-4-4"
        );
        assert_eq!(within(shape(2, 2), REQUEST_PLACEMENTS).to_string(), "3");
        for (r, c) in [(2, 3), (3, 4), (4, 5), (6, 6), (8, 8), (2, 32)] {
            let s = shape(r, c);
            let p = within(s, REQUEST_PLACEMENTS);
            assert!(p.placements(s) <= REQUEST_PLACEMENTS, "{s}: {p}");
            let k = p.sizes()[0] as usize;
            if let Some(larger) = groups_of(s, k + 1) {
                assert!(
                    larger.placements(s) > REQUEST_PLACEMENTS,
                    "{s}: {larger} fits too"
                );
            }
        }
    }

    #[test]
    fn stronger_tables_in_the_cache_are_used_and_the_strongest_is_advised() {
        // 3x4: the web builds 6-5 (0.76 M placements); the CLI's quick pattern 7-4 (4 M) is
        // used once its tables are in the cache.
        let s = shape(3, 4);
        let goal = Board::blank_last(s);
        let dir = tempfile::tempdir().unwrap();
        let pattern = |c: &Choice, d| resolve(&goal, c, d).pattern.unwrap().to_string();
        assert_eq!(pattern(&WEB, Some(dir.path())), "6-5");
        assert_eq!(pattern(&WEB, None), "6-5");
        assert_eq!(pattern(&Choice::Auto, None), "7-4");
        let advice = resolve(&goal, &WEB, None).advice.unwrap();
        assert_eq!(advice.pattern.to_string(), "7-4");
        assert!(advice
            .note("blank-first")
            .contains("`gridlock n-puzzle pdb build --pattern 7-4 --size 3x4 --goal blank-first`"));
        let quick = Pattern::parse("7-4", s).unwrap();
        let blank = goal.cells_of()[0];
        cache::tables(Some(dir.path()), s, blank, &quick, &Limits::none(), &|_| {}).unwrap();
        assert_eq!(pattern(&WEB, Some(dir.path())), "7-4");
        assert_eq!(resolve(&goal, &WEB, Some(dir.path())).advice, None);
        let h = kept(&goal, &WEB, Some(dir.path()), &Limits::none()).unwrap();
        assert_eq!(h.name(), "pdb 7-4");
        // another blank cell has other tables
        let first = Board::blank_first(s);
        assert_eq!(
            resolve(&first, &WEB, Some(dir.path()))
                .pattern
                .unwrap()
                .to_string(),
            "6-5"
        );
    }

    #[test]
    fn named_choices_are_taken_as_named() {
        let goal = Board::blank_last(shape(4, 4));
        assert_eq!(resolve(&goal, &Choice::Manhattan, None).pattern, None);
        let strongest = resolve(&goal, &Choice::Pdb(None), None);
        assert_eq!(strongest.pattern.unwrap().to_string(), "7-8");
        assert_eq!(strongest.advice, None);
    }

    #[test]
    fn heuristics_are_kept_and_shared_by_goals_with_the_same_blank_cell() {
        let s = shape(3, 3);
        let goal = Board::blank_last(s);
        let h = kept(&goal, &WEB, None, &Limits::none()).unwrap();
        assert_eq!(h.name(), "pdb 8 mirrored");
        let mut other = goal.clone();
        other.tiles.swap(0, 1);
        let again = kept(&other, &WEB, None, &Limits::none()).unwrap();
        assert_eq!(again.name(), h.name());
        let kept = KEPT_HEURISTICS.lock().unwrap();
        assert!(kept.len() <= KEPT);
        let same = kept.iter().filter(|(k, _)| k.1 == s && k.2 == 8).count();
        assert_eq!(same, 1, "one entry for both goals");
    }
}
