//! The special judge on R×C boards: replays a move list (`VEHICLE DIRECTION DISTANCE` per
//! line, read by [`crate::rush_hour::verify::parse_moves`]) with [`Board::slide`], and words
//! the verdict as on 6×6 ([`Judgement`]).

use super::board::Board;
use super::moves::Illegal;
use crate::rush_hour::board::Label;
use crate::rush_hour::verify::{Judgement, Verdict, Written};

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
    if board.is_goal_offsets(&p) {
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
    } else if !board.can_exit() {
        format!(
            "the red car is not horizontal in the exit row {row}, so it can never reach the exit"
        )
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

/// Replays `moves` and, when valid, solves the board within `limits` to say whether the list
/// is optimal in steps and in moves (unknown when the limits stop that).
pub fn judge(
    board: &Board,
    start: &[u8],
    moves: &[Written],
    limits: &gridlock_search::Limits,
) -> Judgement {
    let verdict = replay(board, start, moves);
    let (mut best_steps_out, mut best_moves) = (None, None);
    if matches!(verdict, Verdict::Valid { .. }) {
        if let Ok(best) = super::solve::optima(board, start, limits) {
            let red = u32::from(board.red_len().unwrap_or(0));
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

#[cfg(test)]
mod tests {
    use super::super::parse::parse_general;
    use super::*;
    use crate::rush_hour::verify::parse_moves;

    /// A 5×7 board: the red car in row 2 behind a vertical car B.
    const BOARD: &str = "oooBooo\nAAoBooo\noooCCxo\nooooooo\nooooooo\n";

    fn check(list: &str) -> Verdict {
        let p = parse_general(BOARD, None).unwrap();
        replay(&p.board, &p.start, &parse_moves(list).unwrap())
    }

    #[test]
    fn a_solution_is_valid_and_faults_are_named() {
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
}
