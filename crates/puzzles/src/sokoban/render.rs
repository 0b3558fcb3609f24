//! Answers for the judge (one LURD line), for people (`--format text`: the board after
//! every push) and for programs (`--format json`: [`Report`], one serde structure that the
//! command line, the web server and bindings print alike).

use super::board::Level;
use super::graph::Objective;
use super::moves::step;
use super::solve::{Outcome, Solution};
use gridlock_search::{Stats, Stopped};
use serde::Serialize;
use std::fmt::Write;

/// The judge line: the LURD solution (empty when the level starts solved), or `-1` when
/// the level is proven unsolvable. Ends with a newline.
pub fn judge(solution: Option<&Solution>) -> String {
    match solution {
        Some(s) => format!("{}\n", s.lurd()),
        None => "-1\n".to_string(),
    }
}

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

/// The proven lower bound of a stopped search on the objective's first count.
pub fn lower_bound(stopped: &Stopped) -> Option<u64> {
    stopped
        .lower_bound
        .as_ref()
        .and_then(|b| b.0.first().copied())
}

/// The words for a stopped search's bound: `at least 31 pushes`.
pub fn describe_bound(stopped: &Stopped, objective: Objective) -> String {
    match lower_bound(stopped) {
        Some(b) => format!("proven lower bound: at least {b} {}", objective.name()),
        None => "no lower bound proven".to_string(),
    }
}

/// The `--batch` line of a level: `ID MOVES PUSHES SOLUTION`, `ID -1` when unsolvable.
pub fn batch_line(id: usize, solution: Option<&Solution>) -> String {
    match solution {
        Some(s) => format!("{id} {} {} {}", s.moves, s.pushes, s.lurd()),
        None => format!("{id} -1"),
    }
}

/// The `--batch` line of a level stopped by a limit: `ID stopped pushes>=31` (the
/// objective's first count and its proven lower bound).
pub fn batch_stopped_line(id: usize, objective: Objective, stopped: &Stopped) -> String {
    match lower_bound(stopped) {
        Some(b) => format!("{id} stopped {}>={b}", objective.name()),
        None => format!("{id} stopped"),
    }
}

/// The text rendering: the level, then the board after every push with the steps that led
/// to it.
pub fn render_text(level: &Level, objective: Objective, outcome: &Outcome) -> String {
    let mut s = String::new();
    let name = level
        .name
        .as_deref()
        .map_or(String::new(), |n| format!(" \"{n}\""));
    let _ = writeln!(
        s,
        "Sokoban level{name}: {} rows x {} columns, {} boxes.",
        level.rows,
        level.cols,
        level.box_count()
    );
    let _ = writeln!(s, "start:");
    draw(&mut s, &level.draw(&level.start));
    let Some(solution) = &outcome.solution else {
        let _ = writeln!(s, "\nNo solution: the level cannot be solved (answer -1).");
        return s;
    };
    let proven = if outcome.optimal {
        "proven optimal"
    } else {
        "not proven optimal"
    };
    let order = match objective {
        Objective::Pushes => "fewest pushes, then fewest moves",
        Objective::Moves => "fewest moves, then fewest pushes",
    };
    let _ = writeln!(
        s,
        "\nSolution: {} moves, {} pushes ({order}; {proven}).\n{}",
        solution.moves,
        solution.pushes,
        solution.lurd()
    );
    if solution.steps.is_empty() {
        let _ = writeln!(s, "\nThe level starts solved.");
        return s;
    }
    let _ = writeln!(
        s,
        "\nThe board after every push (lower case: walking, upper case: the push):"
    );
    let mut position = level.start.clone();
    let (mut letters, mut pushes) = (String::new(), 0);
    for (k, st) in solution.steps.iter().enumerate() {
        // the solution came from the solver or passed the verifier: every step is legal
        let _ = step(level, &mut position, st.dir);
        letters.push(st.dir.letter(st.push));
        if st.push {
            pushes += 1;
            let _ = writeln!(
                s,
                "\npush {pushes} of {}, move {} of {}: {letters}",
                solution.pushes,
                k + 1,
                solution.moves
            );
            draw(&mut s, &level.draw(&position));
            letters.clear();
        }
    }
    s
}

fn draw(s: &mut String, rows: &[String]) {
    for row in rows {
        let _ = writeln!(s, "  {row}");
    }
}
