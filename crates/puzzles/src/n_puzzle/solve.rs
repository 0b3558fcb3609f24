//! Solving: parity first (an unreachable goal is answered at once), then IDA* on the
//! engine's in-place search with the chosen heuristic, one tree split over every core of
//! rayon's pool once its iterations grow (the move list is the serial search's, on any
//! number of threads), and the move list in tile numbers.

use super::board::{Board, Dir, Shape};
use super::cache::{self, Event};
use super::manhattan::Manhattan;
use super::moves::{labels, Tiles};
use super::pdb::{Pattern, PdbHeuristic};
use gridlock_search::{ida_star_split, Limits, Stats, Stopped};
use std::path::Path;

/// A lower bound ready to search with.
#[derive(Clone, Debug)]
pub enum Heuristic {
    /// Manhattan distance with linear conflicts.
    Manhattan(Manhattan),
    /// Additive pattern databases (with the mirrored look-up where the board allows it).
    Pdb(Box<PdbHeuristic>),
}

impl Heuristic {
    /// How the heuristic is named in JSON and `--stats`: `manhattan+lc`, `pdb 7-8`,
    /// `pdb 7-8 mirrored`.
    pub fn name(&self) -> String {
        match self {
            Heuristic::Manhattan(_) => "manhattan+lc".to_string(),
            Heuristic::Pdb(p) if p.mirrored() => format!("pdb {} mirrored", p.pattern()),
            Heuristic::Pdb(p) => format!("pdb {}", p.pattern()),
        }
    }
}

/// An optimal solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The tile slid into the blank at each move (the judge output).
    pub tiles: Vec<u8>,
    /// Where the blank went at each move.
    pub dirs: Vec<Dir>,
    /// The start's lower bound.
    pub start_bound: u32,
    /// The bound of each IDA* iteration.
    pub iterations: Vec<u32>,
}

/// A goal and a heuristic for it: solves any board of the goal's shape.
#[derive(Clone, Debug)]
pub struct Solver {
    goal: Board,
    labels: Vec<u8>,
    heuristic: Heuristic,
}

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

/// Roughly how long building `pattern`'s tables takes on two cores, and their peak memory
/// in bytes (measured on the reference machine: see docs/n-puzzle.md).
pub fn build_cost(shape: Shape, pattern: &Pattern) -> (f64, u64) {
    let placements = pattern.placements(shape);
    let largest = pattern
        .sizes()
        .iter()
        .map(|&k| super::pdb::placements(shape.cells(), k as usize))
        .max()
        .unwrap_or(0);
    let free = shape.cells() - *pattern.sizes().iter().max().unwrap_or(&1) as usize;
    let mask = match free {
        0..=8 => 1,
        9..=16 => 2,
        17..=32 => 4,
        _ => 8,
    };
    let secs = placements as f64 * BUILD_NS_PER_PLACEMENT * 1e-9;
    (secs, largest * (3 * mask + 1) + (placements - largest))
}

/// Build time per placement on two free cores: the 7-8 tables (576.6 M placements) took
/// 168 s (docs/n-puzzle.md).
const BUILD_NS_PER_PLACEMENT: f64 = 290.0;

/// What `auto` decided, for the command line to say once.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The stronger pattern that is not cached.
    pub pattern: Pattern,
    /// Its estimated build time in seconds, and peak memory in bytes.
    pub seconds: f64,
    /// Estimated peak memory of the build.
    pub bytes: u64,
}

/// Which heuristic the user asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Manhattan distance with linear conflicts.
    Manhattan,
    /// Pattern databases: the named pattern, or the strongest known for the shape.
    Pdb(Option<Pattern>),
    /// The strongest pattern already cached, else the quick one (built now).
    Auto,
}

/// Resolves `choice` for `goal`'s shape: loads or builds tables (in `cache`) as needed.
/// Returns the heuristic and, for `auto`, the stronger pattern that could be built.
pub fn prepare(
    goal: &Board,
    choice: &Choice,
    cache: Option<&Path>,
    limits: &Limits,
    report: &(dyn Fn(Event) + Sync),
) -> Result<(Heuristic, Option<Advice>), Stopped> {
    let shape = goal.shape;
    let blank = goal.cells_of()[0];
    let (pattern, advice) = match choice {
        Choice::Manhattan => return Ok((Heuristic::Manhattan(Manhattan::new(shape, blank)), None)),
        Choice::Pdb(Some(p)) => (p.clone(), None),
        Choice::Pdb(None) => (strongest_pattern(shape), None),
        Choice::Auto => {
            let known = known_patterns(shape);
            let cached = cache.and_then(|dir| {
                known
                    .iter()
                    .position(|p| cache::is_cached(dir, shape, blank, p))
            });
            let quick = Pattern::quick(shape);
            let chosen = cached.map_or(quick, |i| known[i].clone());
            let strongest = &known[0];
            let advice = (chosen != *strongest).then(|| {
                let (seconds, bytes) = build_cost(shape, strongest);
                Advice {
                    pattern: strongest.clone(),
                    seconds,
                    bytes,
                }
            });
            (chosen, advice)
        }
    };
    let tables = cache::tables(
        cache,
        shape,
        blank,
        &pattern,
        &builder_limits(limits),
        report,
    )?;
    let h = PdbHeuristic::new(shape, blank, &pattern, tables);
    Ok((Heuristic::Pdb(Box::new(h)), advice))
}

/// Table builds obey the deadline and Ctrl-C but not the node cap, which is for the search.
fn builder_limits(limits: &Limits) -> Limits {
    Limits {
        max_states: None,
        ..limits.clone()
    }
}

impl Solver {
    /// A solver for boards of `goal`'s shape.
    pub fn new(goal: Board, heuristic: Heuristic) -> Solver {
        Solver {
            labels: labels(&goal),
            goal,
            heuristic,
        }
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &Heuristic {
        &self.heuristic
    }

    /// The lower bound of `board`.
    pub fn estimate(&self, board: &Board) -> u32 {
        let tiles = Tiles::new(board, &self.labels);
        match &self.heuristic {
            Heuristic::Manhattan(m) => m.estimate(&tiles),
            Heuristic::Pdb(p) => p.estimate(&p.state(tiles)),
        }
    }

    /// An optimal solution of `start`, or `None` when the goal cannot be reached (decided by
    /// parity, without search). `limits.max_states` caps the expanded nodes.
    pub fn solve(
        &self,
        start: &Board,
        limits: &Limits,
    ) -> Result<(Option<Solution>, Stats), Stopped> {
        assert_eq!(start.shape, self.goal.shape, "the goal's shape");
        if !start.can_reach(&self.goal) {
            return Ok((None, Stats::default()));
        }
        let tiles = Tiles::new(start, &self.labels);
        let (found, h) = match &self.heuristic {
            Heuristic::Manhattan(m) => {
                let mut t = tiles;
                let h = m.estimate(&t);
                (ida_star_split(m, &mut t, h, None, limits)?, h)
            }
            Heuristic::Pdb(p) => {
                let mut s = p.state(tiles);
                let h = p.estimate(&s);
                (ida_star_split(p.as_ref(), &mut s, h, None, limits)?, h)
            }
        };
        let dirs = found.moves.expect("a reachable goal is found");
        let mut board = start.clone();
        let tiles = dirs
            .iter()
            .map(|&d| board.slide(d).expect("the search plays legal moves"))
            .collect();
        debug_assert_eq!(board, self.goal);
        let solution = Solution {
            tiles,
            dirs,
            start_bound: h,
            iterations: found.iterations,
        };
        Ok((Some(solution), found.stats))
    }
}
