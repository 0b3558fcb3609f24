//! Answers for the judge (one LURD line), for people (`--format text`: the board after
//! every push), the `--batch` lines and the words for a stopped search's bound. The JSON
//! object is [`super::json::Report`].

use super::board::Level;
use super::graph::Objective;
use super::moves::step;
use super::solve::{Outcome, Solution};
use gridlock_search::Stopped;
use std::fmt::Write;

/// The judge line: the LURD solution (empty when the level starts solved), or `-1` when
/// the level is proven unsolvable. Ends with a newline.
pub fn judge(solution: Option<&Solution>) -> String {
    match solution {
        Some(s) => format!("{}\n", s.lurd()),
        None => "-1\n".to_string(),
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
