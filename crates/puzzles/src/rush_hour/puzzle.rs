//! The entry point for every board: a parsed [`Puzzle`] holds its board prepared for the
//! model that fits it (the 6×6 model for a 6×6 board with the exit in row 3, the R×C model
//! otherwise) and answers every command through the searches of [`super::solve`](mod@super::solve), compiled
//! for that model. The command line, the web player and the tests take this one path.

use super::board::Board;
use super::general::{General, Wide};
use super::model::Model;
use super::moves::{Metric, Move};
use super::render;
use super::six::{Position, Six, EXIT_ROW, SIDE};
use super::solve::{self, Analyser, Analysis, Optima, Solution};
use super::verify::{replay, Judgement, Verdict, Written};
use gridlock_search::{Limits, Stats, Stopped};
use std::borrow::Borrow;
use std::cell::RefCell;

/// Which format a board was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Rows of integers.
    Judge,
    /// One 36-character string.
    Database,
    /// Lines of letters (or one line, rows separated by `/`).
    Grid,
}

/// A board prepared for search by the model that fits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prepared {
    /// 6×6 with the exit in row 3: the fast path.
    Six(Six),
    /// Any other shape or exit row.
    General(General),
}

/// A parsed puzzle: the board prepared for search, the start and the format it came in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The board, prepared for its model.
    pub prepared: Prepared,
    /// Each vehicle's offset in its lane at the start.
    pub start: Vec<u8>,
    /// The input format (decides how vehicles are named in output).
    pub format: Format,
}

/// Runs `$body` with `$model` bound to the puzzle's model (at the packed width its board
/// needs) and `$start` to the start packed for it: one body, compiled for each model.
macro_rules! with_model {
    ($puzzle:expr, |$model:ident, $start:ident| $body:expr) => {{
        let puzzle = $puzzle;
        match &puzzle.prepared {
            Prepared::Six(six) => with_model!(@run six, puzzle, $model, $start, $body),
            Prepared::General(g) => match g.words() {
                1 => with_model!(@run &Wide::<1>(g), puzzle, $model, $start, $body),
                2 => with_model!(@run &Wide::<2>(g), puzzle, $model, $start, $body),
                3 => with_model!(@run &Wide::<3>(g), puzzle, $model, $start, $body),
                4 => with_model!(@run &Wide::<4>(g), puzzle, $model, $start, $body),
                _ => with_model!(@run &Wide::<5>(g), puzzle, $model, $start, $body),
            },
        }
    }};
    (@run $prepared:expr, $puzzle:ident, $model:ident, $start:ident, $body:expr) => {{
        let $model = $prepared;
        let $start = Model::pack($model, &$puzzle.start);
        $body
    }};
}

thread_local! {
    /// One 6×6 analyser per thread, kept for the life of the thread so a batch's buffers are
    /// reused across every puzzle the thread is handed.
    static SIX_ANALYSER: RefCell<Analyser<Six>> = RefCell::new(Analyser::new());
}

impl Puzzle {
    /// A puzzle on `board` from `start`, prepared for the model that fits the board.
    pub fn new(board: Board, start: Vec<u8>, format: Format) -> Puzzle {
        let standard = (board.rows(), board.cols(), board.exit_row()) == (SIDE, SIDE, EXIT_ROW);
        let prepared = if standard {
            Prepared::Six(Six::new(board))
        } else {
            Prepared::General(General::new(board))
        };
        Puzzle {
            prepared,
            start,
            format,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        match &self.prepared {
            Prepared::Six(six) => six.board(),
            Prepared::General(g) => g.board(),
        }
    }

    /// The 6×6 model and the start packed for it, when the board is the contest's (6×6,
    /// the exit in row 3): what the universe, the generator and the benches work on.
    pub fn six(&self) -> Option<(&Six, Position)> {
        match &self.prepared {
            Prepared::Six(six) => Some((six, six.pack(&self.start))),
            Prepared::General(_) => None,
        }
    }

    /// The one-line form of `offsets` ([`render::string`]).
    pub fn string(&self, offsets: &[u8]) -> String {
        render::string(self.board(), offsets)
    }

    /// `offsets` drawn as a grid with the input's names and the exit marked.
    pub fn grid(&self, offsets: &[u8]) -> String {
        render::grid(self.board(), offsets)
    }

    /// A move as a move list writes it (`B down 2`).
    pub fn move_name(&self, m: Move) -> String {
        render::move_name(self.board(), m)
    }

    /// The judge answer: the optimum in `metric` within `limit` (see [`solve::optimum`]).
    pub fn optimum(
        &self,
        metric: Metric,
        limit: Option<u32>,
        limits: &Limits,
    ) -> Result<(Option<u32>, Stats), Stopped> {
        with_model!(self, |model, start| solve::optimum(
            model, start, metric, limit, limits
        ))
    }

    /// An optimal solution within `limit`, best in the other metric among those.
    pub fn solve(
        &self,
        metric: Metric,
        limit: Option<u32>,
        limits: &Limits,
    ) -> Result<(Option<Solution>, Stats), Stopped> {
        with_model!(self, |model, start| solve::solve(
            model, start, metric, limit, limits
        ))
    }

    /// Both optima of the start and its component's size.
    pub fn optima(&self, limits: &Limits) -> Result<Optima, Stopped> {
        if let Some((six, start)) = self.six() {
            return SIX_ANALYSER.with(|a| a.borrow_mut().optima(six, start, limits));
        }
        with_model!(self, |model, start| Analyser::new()
            .optima(model, start, limits))
    }

    /// The whole component: sizes, the start's optima, the farthest positions.
    pub fn analyse(&self, limits: &Limits) -> Result<(Analysis, Stats), Stopped> {
        with_model!(self, |model, start| Analyser::new()
            .analyse(model, start, limits))
    }

    /// The special judge: replays `moves` and, when valid, solves the board (within
    /// `limits`) to say whether the list is optimal in steps and in moves. An optimum that
    /// cannot be computed within the limits leaves the list valid with its optimality
    /// unknown.
    pub fn judge(&self, moves: &[Written], limits: &Limits) -> Judgement {
        let verdict = replay(self.board(), &self.start, moves);
        let (mut best_steps_out, mut best_moves) = (None, None);
        if matches!(verdict, Verdict::Valid { .. }) {
            if let Ok(best) = self.optima(limits) {
                let red = u32::from(self.board().red_len().unwrap_or(0));
                best_steps_out = best.steps.map(|s| s + red);
                best_moves = best.moves;
            }
        }
        Judgement {
            verdict,
            best_steps_out,
            best_moves,
        }
    }
}

/// The optima of many boards of any shape (puzzles or references to them), on every core
/// (rayon), in input order.
pub fn optima_all<P: Borrow<Puzzle> + Sync>(
    puzzles: &[P],
    limits: &Limits,
) -> Vec<Result<Optima, Stopped>> {
    use rayon::prelude::*;
    puzzles
        .par_iter()
        .map(|p| p.borrow().optima(limits))
        .collect()
}
