//! Generated levels in the three output formats, written once for the command line, the
//! web server and the Python binding:
//! - **judge**: a collection `gridlock sokoban --batch` reads back: a title line
//!   `; N (P pushes)` then the rows, a blank line after each level;
//! - **text**: for people: the counts, the level, the solution;
//! - **json**: [`LevelJson`], one object per level.

use super::Generated;
use serde::Serialize;
use std::fmt::Write;

/// One generated level as a JSON object (field names are stable; docs/sokoban-generate.md).
#[derive(Clone, Debug, Serialize)]
pub struct LevelJson {
    /// Always `"sokoban"`.
    pub puzzle: &'static str,
    /// 1-based place in the run's output.
    pub index: usize,
    /// The level in XSB, rows joined by `\n`.
    pub level: String,
    /// Rows of the grid (the outer wall included).
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Number of boxes.
    pub boxes: usize,
    /// Fewest pushes (proven).
    pub pushes: u32,
    /// Moves of the solution.
    pub moves: u32,
    /// Whether those are the fewest moves among push-optimal solutions (proven; the answer
    /// `gridlock sokoban` prints), rather than those of some push-optimal solution.
    pub moves_optimal: bool,
    /// That solution in LURD.
    pub solution: String,
    /// The key no other level of the run shares (the level under its grid's symmetries, the
    /// player's area drawn as `-`).
    pub key: String,
}

impl Generated {
    /// The JSON object of this level, the `index`-th of its run.
    pub fn json(&self, index: usize) -> LevelJson {
        LevelJson {
            puzzle: "sokoban",
            index,
            level: self.rows().join("\n"),
            rows: self.level.rows,
            cols: self.level.cols,
            boxes: self.level.box_count(),
            pushes: self.pushes,
            moves: self.solution.moves,
            moves_optimal: self.moves_optimal,
            solution: self.solution.lurd(),
            key: self.key.clone(),
        }
    }

    /// The judge format: `; N (P pushes)`, the rows, a blank line.
    pub fn judge(&self, index: usize) -> String {
        let mut s = format!(
            "; {index} ({})\n",
            noun(self.pushes as usize, "push", "pushes")
        );
        for row in self.rows() {
            let _ = writeln!(s, "{row}");
        }
        s.push('\n');
        s
    }

    /// The text format: what the level needs, the level, an optimal solution.
    pub fn text(&self, index: usize, count: usize) -> String {
        let mut s = format!(
            "Level {index} of {count}: {}, {} rows x {} columns; fewest pushes {} (proven), \
             {} {}\n",
            noun(self.level.box_count(), "box", "boxes"),
            self.level.rows,
            self.level.cols,
            self.pushes,
            if self.moves_optimal {
                "then fewest moves"
            } else {
                "moves of this solution"
            },
            self.solution.moves
        );
        for row in self.rows() {
            let _ = writeln!(s, "  {row}");
        }
        let _ = writeln!(s, "solution: {}\n", self.solution.lurd());
        s
    }
}

/// `n` and its noun, singular for exactly one (`1 push`, `2 pushes`).
fn noun(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
