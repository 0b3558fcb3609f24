//! The special judge: replays a move list (`VEHICLE DIRECTION DISTANCE` per line) with the
//! same legality rule the solvers use ([`Board::slide`]), on any board.
//!
//! A file that is not a move list (a line without three fields, an unknown direction, a
//! distance that is not a positive integer) is malformed; a well-formed list that breaks the
//! rules (an unknown vehicle, a blocked or off-board slide, not ending on the exit cells) is
//! invalid, and the first such problem is reported with its line number.

use super::board::{Board, Label};
use super::moves::{Direction, Illegal};
use crate::error::{describe_char, ParseError};
use crate::text::tokens;

/// One line of a move list, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// 1-based line number.
    pub line: usize,
    /// The vehicle's name as written.
    pub vehicle: String,
    /// Which way.
    pub direction: Direction,
    /// How many cells (at least 1).
    pub distance: u32,
}

/// The verdict on a move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every move is legal and the red car ends on the exit cells.
    Valid {
        /// Cells travelled plus the red car's exit steps (the contest's count).
        steps_out: u32,
        /// Number of moves (lines).
        moves: u32,
    },
    /// The first problem, with the line it is on.
    Invalid {
        /// 1-based line of the problem (the last move's line, or 1 for an empty list, when
        /// the list ends too early).
        line: usize,
        /// What is wrong, in words.
        reason: String,
    },
}

/// Reads a move list; blank lines are skipped, CRLF accepted.
pub fn parse_moves(text: &str) -> Result<Vec<Written>, ParseError> {
    let mut out = Vec::new();
    for (i, raw) in crate::text::lines(text).enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let fields: Vec<(usize, &str)> = tokens(raw).collect();
        if fields.len() != 3 {
            let column = fields
                .get(3)
                .map_or(raw.trim_end().chars().count() + 1, |f| f.0);
            return Err(ParseError::new(
                line,
                column,
                format!("{} fields", fields.len()),
                "a move `VEHICLE DIRECTION DISTANCE`, e.g. `B down 2`",
            ));
        }
        let (_, vehicle) = fields[0];
        let (dcol, word) = fields[1];
        let direction = Direction::from_word(word).ok_or_else(|| {
            ParseError::new(
                line,
                dcol,
                format!("'{word}'"),
                "a direction: up, down, left or right",
            )
        })?;
        let (ncol, number) = fields[2];
        if let Some((k, c)) = number
            .chars()
            .enumerate()
            .find(|(_, c)| !c.is_ascii_digit())
        {
            return Err(ParseError::new(
                line,
                ncol + k,
                describe_char(c),
                "a distance in cells (a positive integer)",
            ));
        }
        let distance: u32 = match number.parse() {
            Ok(0) | Err(_) => {
                return Err(ParseError::new(
                    line,
                    ncol,
                    format!("'{number}'"),
                    "a distance of at least 1 cell",
                ))
            }
            Ok(d) => d,
        };
        out.push(Written {
            line,
            vehicle: vehicle.to_string(),
            direction,
            distance,
        });
    }
    Ok(out)
}

fn cell_name(r: usize, c: usize) -> String {
    format!("row {}, column {}", r + 1, c + 1)
}

/// Replays `moves` from `start`.
pub fn replay(board: &Board, start: &[u8], moves: &[Written]) -> Verdict {
    let mut p = start.to_vec();
    let mut cells = 0u32;
    for w in moves {
        let label = match w.vehicle.parse::<u32>() {
            Ok(n) => Label::Id(n),
            Err(_) => match w.vehicle.chars().collect::<Vec<_>>()[..] {
                [c] => Label::Letter(c),
                _ => Label::Letter('\0'),
            },
        };
        let Some(i) = board.find(label) else {
            return Verdict::Invalid {
                line: w.line,
                reason: format!("there is no vehicle {} on the board", w.vehicle),
            };
        };
        let v = board.vehicles()[i];
        match board.slide(&p, i, w.direction, w.distance) {
            Ok(next) => {
                p = next;
                cells += w.distance;
            }
            Err(why) => {
                let what = format!("{} {} {}", w.vehicle, w.direction, w.distance);
                let reason = match why {
                    Illegal::WrongAxis => format!(
                        "{what}: vehicle {} is {} and cannot move {}",
                        w.vehicle,
                        if v.horizontal {
                            "horizontal"
                        } else {
                            "vertical"
                        },
                        w.direction
                    ),
                    Illegal::OffBoard => format!("{what}: the move would leave the board"),
                    Illegal::Wall(r, c) => {
                        format!("{what}: the wall at {} is in the way", cell_name(r, c))
                    }
                    Illegal::Blocked(r, c, other) => format!(
                        "{what}: vehicle {} at {} is in the way",
                        board.vehicles()[other as usize].label,
                        cell_name(r, c)
                    ),
                };
                return Verdict::Invalid {
                    line: w.line,
                    reason,
                };
            }
        }
    }
    if board.is_goal(&p) {
        let exit = board.red_len().expect("a goal needs a red car") as u32;
        return Verdict::Valid {
            steps_out: cells + exit,
            moves: moves.len() as u32,
        };
    }
    let line = moves.last().map_or(1, |w| w.line);
    let row = board.exit_row() + 1;
    let reason = if !board.has_red() {
        "the board has no red car, so no move list can solve it".to_string()
    } else if let Some(why) = board.unsolvable_reason() {
        why
    } else {
        let v = board.vehicles()[0];
        let o = p[0] as usize;
        format!(
            "the moves end with the red car {} at columns {}-{} of row {row}, not on the exit cells",
            v.label,
            o + 1,
            o + v.len as usize
        )
    };
    Verdict::Invalid { line, reason }
}

/// A replayed move list together with the optimum it is measured against ([`super::Puzzle::judge`]): the special
/// judge's whole answer, worded once here so the command line and the web API say the same.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Whether the list is legal and ends on the exit cells.
    pub verdict: Verdict,
    /// The fewest steps, exit steps included (`None` if unsolvable or not computed within the
    /// limits; only computed for valid lists).
    pub best_steps_out: Option<u32>,
    /// The fewest moves (same conditions).
    pub best_moves: Option<u32>,
}

impl Judgement {
    /// True when the list is valid and as short as possible in steps (the contest metric).
    pub fn optimal_steps(&self) -> Option<bool> {
        match self.verdict {
            Verdict::Valid { steps_out, .. } => self.best_steps_out.map(|b| b == steps_out),
            Verdict::Invalid { .. } => Some(false),
        }
    }

    /// True when the list is valid and has the fewest moves.
    pub fn optimal_moves(&self) -> Option<bool> {
        match self.verdict {
            Verdict::Valid { moves, .. } => self.best_moves.map(|b| b == moves),
            Verdict::Invalid { .. } => Some(false),
        }
    }

    /// What `gridlock verify rush-hour` prints: `invalid: line N: reason`, or `valid` and the
    /// list's steps and moves, each with whether it is optimal.
    pub fn report(&self) -> String {
        let optimal = |mine: u32, best: Option<u32>| match best {
            Some(b) if b == mine => format!("optimal: yes (fewest {b})"),
            Some(b) => format!("optimal: no (fewest {b})"),
            None => "optimal: unknown".to_string(),
        };
        match &self.verdict {
            Verdict::Invalid { line, reason } => format!("invalid: line {line}: {reason}\n"),
            Verdict::Valid { steps_out, moves } => format!(
                "valid\nsteps: {steps_out} (exit steps included), {}\nmoves: {moves}, {}\n",
                optimal(*steps_out, self.best_steps_out),
                optimal(*moves, self.best_moves)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse::parse;
    use super::*;

    const SAMPLE2: &str =
        "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";

    fn check(list: &str) -> Verdict {
        let p = parse(SAMPLE2, None).unwrap();
        replay(p.board(), &p.start, &parse_moves(list).unwrap())
    }

    /// A 5×7 board: the red car in row 2 behind a vertical car B.
    const BOARD: &str = "oooBooo\nAAoBooo\noooCCxo\nooooooo\nooooooo\n";

    #[test]
    fn a_solution_on_another_shape_is_valid_and_faults_are_named() {
        let p = parse(BOARD, None).unwrap();
        let check = |list: &str| replay(p.board(), &p.start, &parse_moves(list).unwrap());
        assert_eq!(
            check("C left 3\nB down 2\nA right 5\n"),
            Verdict::Valid {
                steps_out: 12,
                moves: 3
            }
        );
        let cases = [
            ("B down 1\n", "vehicle C at row 3, column 4"),
            ("C right 1\n", "the wall at row 3, column 6"),
            ("A right 1\nA down 1\n", "horizontal and cannot move down"),
            ("C left 4\n", "leave the board"),
            ("A right 1\n", "columns 2-3 of row 2"),
        ];
        for (list, words) in cases {
            match check(list) {
                Verdict::Invalid { reason, .. } => assert!(reason.contains(words), "{reason}"),
                v => panic!("{list:?} accepted: {v:?}"),
            }
        }
    }

    #[test]
    fn a_known_solution_is_valid() {
        // 6 makes room for 7, which clears row 3 for the red car: 4 steps, 2 more to leave.
        assert_eq!(
            check("6 left 1\n7 up 1\n1 right 2\n"),
            Verdict::Valid {
                steps_out: 6,
                moves: 3
            }
        );
    }

    #[test]
    fn illegal_moves_name_their_line() {
        let cases = [
            ("6 left 1\n7 up 1\n\n1 right 3\n", 4, "leave the board"),
            ("7 up 1\n", 1, "vehicle 6 at row 1, column 5 is in the way"),
            ("7 down 1\n", 1, "vehicle 8"),
            ("7 left 1\n", 1, "vertical"),
            ("9 up 1\n", 1, "no vehicle 9"),
            ("6 left 1\n", 1, "not on the exit cells"),
            ("", 1, "not on the exit cells"),
        ];
        for (list, line, words) in cases {
            match check(list) {
                Verdict::Invalid { line: l, reason } => {
                    assert_eq!(l, line, "{list:?}: {reason}");
                    assert!(reason.contains(words), "{list:?}: {reason}");
                }
                v => panic!("{list:?} accepted: {v:?}"),
            }
        }
    }

    #[test]
    fn malformed_lists_are_parse_errors() {
        let e = parse_moves("7 up 1\nB sideways 2\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse_moves("7 up 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
        let e = parse_moves("7 up\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_moves("7 up 1 2\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 8));
        let e = parse_moves("7 up x\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 6));
        assert_eq!(
            parse_moves("7 UP 1\r\n").unwrap()[0].direction,
            Direction::Up
        );
        // a byte-order mark is not part of the first field
        assert_eq!(parse_moves("\u{FEFF}7 UP 1\n").unwrap().len(), 1);
    }
}
