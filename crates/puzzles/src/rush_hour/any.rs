//! One entry point for every board shape: [`parse_any`] sends a 6×6 board with the standard
//! exit to the 6×6 model (its packed `u64` positions, slot explorer and tables, unchanged)
//! and every other board to [`general`](super::general); [`AnyPuzzle`] then answers each
//! command the same way for both, so the command line and the web player have one code path.
//!
//! Positions cross this boundary as one offset per vehicle (`Vec<u8>`), which both models
//! pack and unpack; the hot loops never see it.

use super::board::Position;
use super::general::{self, parse::board_lines, parse::shape};
use super::moves::{Direction, Move};
use super::parse::{parse, Format, Puzzle};
use super::solve::{Analyser, Metric, Optima};
use super::verify::{Judgement, Written};
use super::{render, Label};
use crate::error::ParseError;
use gridlock_search::{Limits, Stats, Stopped};

pub use general::{Analysis, Solution};

/// A parsed board of any supported shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPuzzle {
    /// A 6×6 board with the exit at the right end of row 3: the fast path.
    Six(Puzzle),
    /// Any other shape or exit row.
    General(general::Puzzle),
}

/// Parses a board of any shape in any format. `exit_row`: the 0-based exit row asked for
/// (`--exit-row`), `None` for the default (row 3 on 6×6, else the red car's row).
pub fn parse_any(text: &str, exit_row: Option<usize>) -> Result<AnyPuzzle, ParseError> {
    let lines = board_lines(text);
    let one_line = lines.len() <= 1 && !lines.first().is_some_and(|(_, l)| l.contains('/'));
    let six = one_line || shape(&lines) == (6, 6);
    if !six {
        return general::parse_general(text, exit_row).map(AnyPuzzle::General);
    }
    let puzzle = parse(text)?;
    let Some(row) = exit_row else {
        return Ok(AnyPuzzle::Six(puzzle));
    };
    // an exit row asked for: the general parser checks it (and models any row but 3)
    let slashed = if one_line {
        let s = render::database(&puzzle.board, puzzle.start);
        (0..6)
            .map(|r| &s[6 * r..6 * r + 6])
            .collect::<Vec<_>>()
            .join("/")
    } else {
        text.to_string()
    };
    let mut general = general::parse_general(&slashed, Some(row))?;
    if row == super::board::EXIT_ROW as usize {
        return Ok(AnyPuzzle::Six(puzzle));
    }
    general.format = puzzle.format;
    Ok(AnyPuzzle::General(general))
}

/// The 6×6 position of one offset per vehicle.
fn pack6(offsets: &[u8]) -> Position {
    offsets
        .iter()
        .enumerate()
        .fold(0, |p, (i, &o)| p | (o as u64) << (3 * i))
}

fn unpack6(p: &Puzzle, pos: Position) -> Vec<u8> {
    (0..p.board.vehicles().len())
        .map(|i| p.board.offset(pos, i))
        .collect()
}

impl AnyPuzzle {
    /// Rows and columns.
    pub fn shape(&self) -> (usize, usize) {
        match self {
            AnyPuzzle::Six(_) => (6, 6),
            AnyPuzzle::General(g) => (g.board.rows(), g.board.cols()),
        }
    }

    /// The exit row, 0-based.
    pub fn exit_row(&self) -> usize {
        match self {
            AnyPuzzle::Six(_) => super::board::EXIT_ROW as usize,
            AnyPuzzle::General(g) => g.board.exit_row(),
        }
    }

    /// The format the board was written in.
    pub fn format(&self) -> Format {
        match self {
            AnyPuzzle::Six(p) => p.format,
            AnyPuzzle::General(g) => g.format,
        }
    }

    /// The start: one offset per vehicle.
    pub fn start(&self) -> Vec<u8> {
        match self {
            AnyPuzzle::Six(p) => unpack6(p, p.start),
            AnyPuzzle::General(g) => g.start.clone(),
        }
    }

    /// Number of vehicles.
    pub fn vehicle_count(&self) -> usize {
        match self {
            AnyPuzzle::Six(p) => p.board.vehicles().len(),
            AnyPuzzle::General(g) => g.board.vehicles().len(),
        }
    }

    /// Vehicle `i`: its name, whether it is horizontal, its lane and its length.
    pub fn vehicle(&self, i: usize) -> (Label, bool, u8, u8) {
        match self {
            AnyPuzzle::Six(p) => {
                let v = p.board.vehicles()[i];
                (v.label, v.horizontal, v.line, v.len)
            }
            AnyPuzzle::General(g) => {
                let v = g.board.vehicles()[i];
                (v.label, v.horizontal, v.line, v.len)
            }
        }
    }

    /// True when the board has a red car.
    pub fn has_red(&self) -> bool {
        match self {
            AnyPuzzle::Six(p) => p.board.has_red(),
            AnyPuzzle::General(g) => g.board.has_red(),
        }
    }

    /// True when the red car lies horizontally in the exit row.
    pub fn can_exit(&self) -> bool {
        match self {
            AnyPuzzle::Six(p) => p.board.can_exit(),
            AnyPuzzle::General(g) => g.board.can_exit(),
        }
    }

    /// Why the board can never be solved, when the board itself says so (no red car, or
    /// one that cannot reach the exit); `None` when only a search can tell.
    pub fn unsolvable_reason(&self) -> Option<String> {
        if !self.has_red() {
            Some("there is no red car".into())
        } else if !self.can_exit() {
            Some(format!(
                "the red car is not horizontal in row {}, so it can never reach the exit",
                self.exit_row() + 1
            ))
        } else {
            None
        }
    }

    /// The red car's length, if there is one.
    pub fn red_len(&self) -> Option<u8> {
        match self {
            AnyPuzzle::Six(p) => p.board.red_len(),
            AnyPuzzle::General(g) => g.board.red_len(),
        }
    }

    /// The letter vehicle `i` is written with in [`AnyPuzzle::string`].
    pub fn letter(&self, i: usize) -> char {
        match self {
            AnyPuzzle::Six(p) => render::letter(&p.board, i),
            AnyPuzzle::General(g) => general::render::letter(&g.board, i),
        }
    }

    /// The one-line form: the 36-character database string on 6×6 with the standard exit,
    /// the rows separated by `/` otherwise.
    pub fn string(&self, offsets: &[u8]) -> String {
        match self {
            AnyPuzzle::Six(p) => render::database(&p.board, pack6(offsets)),
            AnyPuzzle::General(g) => general::render::string(&g.board, offsets),
        }
    }

    /// The position drawn as a grid with the input's names and the exit marked.
    pub fn grid(&self, offsets: &[u8]) -> String {
        match self {
            AnyPuzzle::Six(p) => render::grid(&p.board, pack6(offsets)),
            AnyPuzzle::General(g) => general::render::grid(&g.board, offsets),
        }
    }

    /// The direction of a move.
    pub fn direction(&self, m: Move) -> Direction {
        match self {
            AnyPuzzle::Six(p) => p.board.direction(m),
            AnyPuzzle::General(g) => g.board.direction(m),
        }
    }

    /// A move as a move list writes it (`B down 2`).
    pub fn move_name(&self, m: Move) -> String {
        let (label, ..) = self.vehicle(m.vehicle as usize);
        format!("{label} {} {}", self.direction(m), m.distance())
    }

    /// The judge answer: the optimum in `metric` within `limit` (see
    /// [`super::solve::optimum`]).
    pub fn optimum(
        &self,
        metric: Metric,
        limit: Option<u32>,
        limits: &Limits,
    ) -> Result<(Option<u32>, Stats), Stopped> {
        match self {
            AnyPuzzle::Six(p) => super::solve::optimum(&p.board, p.start, metric, limit, limits),
            AnyPuzzle::General(g) => general::optimum(&g.board, &g.start, metric, limit, limits),
        }
    }

    /// An optimal solution within `limit`, best in the other metric among those.
    pub fn solve(
        &self,
        metric: Metric,
        limit: Option<u32>,
        limits: &Limits,
    ) -> Result<(Option<Solution>, Stats), Stopped> {
        match self {
            AnyPuzzle::Six(p) => {
                let (found, stats) = super::solve::solve(&p.board, p.start, metric, limit, limits)?;
                let found = found.map(|s| Solution {
                    positions: s.positions.iter().map(|&q| unpack6(p, q)).collect(),
                    moves: s.moves,
                    steps: s.steps,
                    steps_out: s.steps_out,
                });
                Ok((found, stats))
            }
            AnyPuzzle::General(g) => general::solve(&g.board, &g.start, metric, limit, limits),
        }
    }

    /// Both optima of the start and its component's size.
    pub fn optima(&self, limits: &Limits) -> Result<Optima, Stopped> {
        match self {
            AnyPuzzle::Six(p) => Analyser::new().optima(&p.board, p.start, limits),
            AnyPuzzle::General(g) => general::optima(&g.board, &g.start, limits),
        }
    }

    /// The whole component: sizes, the start's optima, the farthest positions.
    pub fn analyse(&self, limits: &Limits) -> Result<(Analysis, Stats), Stopped> {
        match self {
            AnyPuzzle::Six(p) => {
                let (a, stats) = Analyser::new().analyse(&p.board, p.start, limits)?;
                let far = |f: Option<(u32, Position)>| f.map(|(d, q)| (d, unpack6(p, q)));
                let analysis = Analysis {
                    states: a.states,
                    goal_states: a.goal_states,
                    start: a.start,
                    farthest_moves: far(a.farthest_moves),
                    farthest_steps: far(a.farthest_steps),
                    bytes_per_state: stats.peak_bytes as f64 / stats.peak_states.max(1) as f64,
                };
                Ok((analysis, stats))
            }
            AnyPuzzle::General(g) => general::analyse(&g.board, &g.start, limits),
        }
    }

    /// Replays a move list and measures it against the optimum (the special judge).
    pub fn judge(&self, moves: &[Written], limits: &Limits) -> Judgement {
        match self {
            AnyPuzzle::Six(p) => super::verify::judge(&p.board, p.start, moves, limits),
            AnyPuzzle::General(g) => general::verify::judge(&g.board, &g.start, moves, limits),
        }
    }
}

/// The optima of many boards of any shape, on every core, in input order. The 6×6 boards go
/// through [`super::solve::optima_all`] together (one reused analyser per thread), the others
/// through [`general::optima_all`].
pub fn optima_all_any(puzzles: &[AnyPuzzle], limits: &Limits) -> Vec<Result<Optima, Stopped>> {
    let (mut six, mut six_at, mut other, mut other_at) = (vec![], vec![], vec![], vec![]);
    for (k, p) in puzzles.iter().enumerate() {
        match p {
            AnyPuzzle::Six(p) => {
                six.push(p.clone());
                six_at.push(k);
            }
            AnyPuzzle::General(g) => {
                other.push(g.clone());
                other_at.push(k);
            }
        }
    }
    let mut out: Vec<Option<Result<Optima, Stopped>>> = vec![None; puzzles.len()];
    for (k, r) in six_at
        .into_iter()
        .zip(super::solve::optima_all(&six, limits))
    {
        out[k] = Some(r);
    }
    for (k, r) in other_at
        .into_iter()
        .zip(general::optima_all(&other, limits))
    {
        out[k] = Some(r);
    }
    out.into_iter()
        .map(|r| r.expect("every board answered"))
        .collect()
}
