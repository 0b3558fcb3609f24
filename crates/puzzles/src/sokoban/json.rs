//! The JSON object of Sokoban (`gridlock sokoban --format json`, one per level with
//! `--batch`): the command line prints it, the web API can embed it and a binding can hand it
//! on, so the field names are written once (docs/sokoban.md, README "JSON output").

use super::board::Level;
use super::graph::Objective;
use super::render::lower_bound;
use super::solve::{Outcome, Solution};
use gridlock_search::{Stats, Stopped};
use serde::Serialize;

/// Search statistics as the JSON output gives them.
#[derive(Clone, Debug, Serialize)]
pub struct StatsReport {
    /// Nodes generated (edges produced).
    pub generated: u64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Most nodes held at once.
    pub peak_states: u64,
    /// Approximate bytes of search data at the peak.
    pub peak_bytes: u64,
    /// Wall time of the search in seconds.
    pub seconds: f64,
}

impl From<&Stats> for StatsReport {
    fn from(s: &Stats) -> Self {
        StatsReport {
            generated: s.generated,
            expanded: s.expanded,
            peak_states: s.peak_states,
            peak_bytes: s.peak_bytes,
            seconds: s.elapsed.as_secs_f64(),
        }
    }
}

/// One level's answer as one JSON object (field names are stable; see docs/sokoban.md).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Always `"sokoban"`.
    pub puzzle: &'static str,
    /// 1-based index of the level in its file (`--batch` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<usize>,
    /// The level's name (its title line), or null.
    pub name: Option<String>,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Number of boxes.
    pub boxes: usize,
    /// `"pushes"` or `"moves"`.
    pub objective: &'static str,
    /// True with a solution, false when proven unsolvable, null when a limit stopped the
    /// search first.
    pub solvable: Option<bool>,
    /// Whether the solution is proven optimal for the objective.
    pub optimal: bool,
    /// Moves of the solution, or null.
    pub moves: Option<u32>,
    /// Pushes of the solution, or null.
    pub pushes: Option<u32>,
    /// The solution in LURD, or null.
    pub solution: Option<String>,
    /// When a limit stopped the search: the proven lower bound on the objective's first
    /// count (pushes, or moves); otherwise null.
    pub lower_bound: Option<u64>,
    /// What the search did.
    pub stats: StatsReport,
}

impl Report {
    /// The report of a finished solve.
    pub fn solved(level: &Level, objective: Objective, outcome: &Outcome) -> Report {
        let s = outcome.solution.as_ref();
        Report {
            solvable: Some(s.is_some()),
            optimal: outcome.optimal,
            moves: s.map(|s| s.moves),
            pushes: s.map(|s| s.pushes),
            solution: s.map(Solution::lurd),
            ..Report::base(level, objective, &outcome.stats)
        }
    }

    /// The report of a solve stopped by a limit.
    pub fn stopped(level: &Level, objective: Objective, stopped: &Stopped) -> Report {
        Report {
            lower_bound: lower_bound(stopped),
            ..Report::base(level, objective, &stopped.stats)
        }
    }

    /// The same report with the level's index in its file.
    pub fn with_id(self, id: usize) -> Report {
        Report {
            id: Some(id),
            ..self
        }
    }

    fn base(level: &Level, objective: Objective, stats: &Stats) -> Report {
        Report {
            puzzle: "sokoban",
            id: None,
            name: level.name.clone(),
            rows: level.rows,
            cols: level.cols,
            boxes: level.box_count(),
            objective: objective.name(),
            solvable: None,
            optimal: false,
            moves: None,
            pushes: None,
            solution: None,
            lower_bound: None,
            stats: stats.into(),
        }
    }
}
