//! Where pattern tables live between runs, and getting one: load it if a whole, matching
//! file is there, else build it and save it.
//!
//! The directory is `$GRIDLOCK_CACHE`, else the platform's user cache directory with
//! `gridlock` under it (`~/.cache/gridlock` on Linux). One file per group table, named after
//! the shape, the blank's goal cell and the group's goal cells; its header repeats them,
//! with the format version and a checksum, so a file that is truncated, damaged, of another
//! version or for another table is rebuilt, never trusted.

use super::board::Shape;
use super::pdb::{GroupSpace, Pattern};
use gridlock_search::pdb::{self, LoadError, PatternSpace, PatternTable};
use gridlock_search::{Limits, Stats, Stopped};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The cache directory: `$GRIDLOCK_CACHE` if set and not empty, else the user cache
/// directory's `gridlock` folder; `None` on a platform without one.
pub fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os("GRIDLOCK_CACHE") {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|d| d.join("gridlock")),
    }
}

/// What happened while getting a pattern's tables, for the command line to report.
#[derive(Clone, Debug)]
pub enum Event {
    /// A table was read from its file.
    Loaded {
        /// The file.
        path: PathBuf,
        /// How long reading and checking took.
        took: Duration,
    },
    /// A file was there but is not usable; the table is rebuilt.
    Rejected {
        /// Why (truncated, checksum, another table...).
        why: String,
    },
    /// A table is being built.
    Building {
        /// Its tiles, as labels (goal cells).
        labels: Vec<u8>,
        /// How many placements it has.
        placements: u64,
    },
    /// A layer of the build is done.
    Layer {
        /// Its distance.
        depth: u32,
        /// Zero-cost closures found at that distance.
        reached: u64,
    },
    /// The table was built.
    Built {
        /// How long the build took.
        took: Duration,
        /// Bytes of entries.
        bytes: usize,
    },
    /// The table could not be saved (a read-only cache); it is used from memory.
    NotSaved {
        /// What went wrong.
        why: String,
    },
}

/// The key written into a table's header and checked on load.
pub fn key(shape: Shape, blank_label: u8, labels: &[u8]) -> String {
    let cells: Vec<String> = labels.iter().map(u8::to_string).collect();
    format!(
        "n-puzzle {shape} blank-goal {blank_label} group {}",
        cells.join(",")
    )
}

/// The file of a group's table in `dir`.
pub fn file(dir: &Path, shape: Shape, blank_label: u8, labels: &[u8]) -> PathBuf {
    let cells: Vec<String> = labels.iter().map(u8::to_string).collect();
    dir.join(format!(
        "n-puzzle-{shape}-blank{blank_label}-{}.pdb",
        cells.join("-")
    ))
}

/// True when every table of `pattern` has a file whose header matches (the entries are
/// checked when they are loaded).
pub fn is_cached(dir: &Path, shape: Shape, blank_label: u8, pattern: &Pattern) -> bool {
    pattern.groups(shape, blank_label).iter().all(|labels| {
        let path = file(dir, shape, blank_label, labels);
        pdb::peek(&path, &key(shape, blank_label, labels)).is_ok()
    })
}

/// The tables of `pattern`, one per group: loaded from `dir` where a good file is there,
/// else built (and saved, when `dir` is given). `limits` bound the builds; each build's
/// memory budget is what the tables before it left.
pub fn tables(
    dir: Option<&Path>,
    shape: Shape,
    blank_label: u8,
    pattern: &Pattern,
    limits: &Limits,
    report: &(dyn Fn(Event) + Sync),
) -> Result<Vec<Arc<PatternTable>>, Stopped> {
    let mut held = 0;
    let mut tables = Vec::new();
    for labels in pattern.groups(shape, blank_label) {
        let limits = limits.with_held(held);
        let table = table(dir, shape, blank_label, &labels, &limits, report)?;
        held += table.bytes() as u64;
        tables.push(Arc::new(table));
    }
    Ok(tables)
}

fn table(
    dir: Option<&Path>,
    shape: Shape,
    blank_label: u8,
    labels: &[u8],
    limits: &Limits,
    report: &(dyn Fn(Event) + Sync),
) -> Result<PatternTable, Stopped> {
    let space = GroupSpace::new(shape, labels, blank_label);
    let key = key(shape, blank_label, labels);
    let path = dir.map(|d| file(d, shape, blank_label, labels));
    if let Some(path) = &path {
        let clock = Instant::now();
        // a loaded table takes at least half a byte a placement
        let least = space.placements().div_ceil(2);
        limits.check_bytes(0, least).map_err(|reason| Stopped {
            reason,
            stats: Stats::default(),
            lower_bound: None,
        })?;
        match pdb::load(path, &key, space.placements()) {
            Ok(table) => {
                report(Event::Loaded {
                    path: path.clone(),
                    took: clock.elapsed(),
                });
                return Ok(table);
            }
            Err(LoadError::Io { .. }) => {}
            Err(e @ LoadError::Invalid { .. }) => report(Event::Rejected { why: e.to_string() }),
        }
    }
    report(Event::Building {
        labels: labels.to_vec(),
        placements: space.placements(),
    });
    let layer = |depth, reached| report(Event::Layer { depth, reached });
    let (table, stats) = pdb::build(&space, limits, &layer)?;
    report(Event::Built {
        took: stats.elapsed,
        bytes: table.bytes(),
    });
    if let Some(path) = &path {
        if let Err(e) = pdb::save(&table, &key, path) {
            report(Event::NotSaved {
                why: format!("{}: {e}", path.display()),
            });
        }
    }
    Ok(table)
}
