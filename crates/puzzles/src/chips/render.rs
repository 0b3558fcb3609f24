//! Output for people (`--format text`) and the judge answer (JSON: [`super::json`]).

use super::board::{Chip, Position, CENTRE, COORDS};
use super::solve::Solution;
use std::fmt::Write;

const RED: &str = "\x1b[1;31m";
const BLUE: &str = "\x1b[1;34m";
const DIM: &str = "\x1b[2m";
const UNDERLINE: &str = "\x1b[4m";
const RESET: &str = "\x1b[0m";

/// The board drawn as three rows, cells separated by a space, the empty cell as `.`.
/// With `colour`, chips are red and blue (ANSI) and the chip that just moved into `moved`
/// is underlined; without it, plain letters, so a pipe or a file gets clean text.
pub fn board(p: Position, colour: bool, moved: Option<u8>) -> String {
    let mut grid = [[(None, false); 3]; 3];
    for cell in 0..9u8 {
        let (r, c) = COORDS[cell as usize];
        grid[r as usize][c as usize] = (p.chip(cell), moved == Some(cell));
    }
    let mut out = String::new();
    for row in grid {
        out.push_str("  ");
        for (j, (chip, just_moved)) in row.into_iter().enumerate() {
            if j > 0 {
                out.push(' ');
            }
            match (chip, colour) {
                (None, false) => out.push('.'),
                (None, true) => {
                    let _ = write!(out, "{DIM}.{RESET}");
                }
                (Some(chip), false) => out.push(chip.letter()),
                (Some(chip), true) => {
                    let hue = if chip == Chip::Red { RED } else { BLUE };
                    let mark = if just_moved { UNDERLINE } else { "" };
                    let _ = write!(out, "{hue}{mark}{}{RESET}", chip.letter());
                }
            }
        }
        out.push('\n');
    }
    out
}

fn cell_name(cell: u8) -> String {
    if cell == CENTRE {
        "the centre".to_string()
    } else {
        format!("cell {cell}")
    }
}

fn direction(from: u8, to: u8) -> &'static str {
    let (fr, fc) = COORDS[from as usize];
    let (tr, tc) = COORDS[to as usize];
    match (i16::from(tr) - i16::from(fr), i16::from(tc) - i16::from(fc)) {
        (1, 0) => "down",
        (-1, 0) => "up",
        (0, 1) => "right",
        _ => "left",
    }
}

fn move_list(moves: &[u8]) -> String {
    moves
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `--format text`: the start, every move named in words with the board after it, and a
/// closing line with the answer.
pub fn text(start: Position, solution: Option<&Solution>, colour: bool) -> String {
    let mut out = format!("start: {start}  (cells 0 1 2 / 7 8 3 / 6 5 4)\n");
    out.push_str(&board(start, colour, None));
    let Some(solution) = solution else {
        let blues = start.blues();
        let _ = writeln!(
            out,
            "\nno solution (judge answer -1): {} red and {blues} blue chips, and moves never \
             change that; alternating colours need four of each",
            8 - blues
        );
        return out;
    };
    let mut before = start;
    for (i, (&mv, &after)) in solution.moves.iter().zip(&solution.positions).enumerate() {
        let chip = before.chip(mv).map_or('?', Chip::letter);
        let _ = writeln!(
            out,
            "\nmove {}: {chip} from cell {mv} slides {} into {}",
            i + 1,
            direction(mv, before.empty()),
            cell_name(before.empty())
        );
        out.push_str(&board(after, colour, Some(before.empty())));
        before = after;
    }
    if solution.moves.is_empty() {
        out.push_str("\nalready solved: the colours alternate (0 moves)\n");
    } else {
        let _ = writeln!(
            out,
            "\nsolved in {}: {} (the shortest; the lexicographically smallest of the shortest)",
            crate::quantity(solution.moves.len(), "move"),
            move_list(&solution.moves)
        );
    }
    out
}

/// The judge output: the move count, then one cell per line; `-1` when unsolvable.
pub fn judge(solution: Option<&Solution>) -> String {
    match solution {
        None => "-1\n".to_string(),
        Some(s) => {
            let mut out = format!("{}\n", s.moves.len());
            for m in &s.moves {
                let _ = writeln!(out, "{m}");
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::{parse_board, Solver};
    use gridlock_search::Limits;

    #[test]
    fn plain_text_names_moves_and_draws_boards_without_escapes() {
        let start = parse_board("BRRBBRBR").unwrap();
        let s = Solver::new(&Limits::none()).unwrap().solve(start).unwrap();
        let t = text(start, Some(&s), false);
        assert!(!t.contains('\x1b'));
        assert!(t.contains("  B R R\n  R . B\n  B R B\n"), "{t}");
        assert!(
            t.contains("move 1: R from cell 1 slides down into the centre"),
            "{t}"
        );
        assert!(
            t.contains("move 4: R from cell 8 slides right into cell 3"),
            "{t}"
        );
        assert!(t.contains("solved in 4 moves: 1 2 3 8"), "{t}");
        assert!(t.ends_with("\n"));
    }

    #[test]
    fn colour_text_uses_ansi_red_and_blue() {
        let start = parse_board("BRRBBRBR").unwrap();
        let b = board(start, true, None);
        assert!(b.contains(RED) && b.contains(BLUE) && b.contains(RESET));
    }
}
