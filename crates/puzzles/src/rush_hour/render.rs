//! Positions and moves as people and other tools read them, on any board.

use super::board::{Board, Label};
use super::moves::Move;
use super::six;

/// The names a numbered board's vehicles get in the one-line form, in board order: `A` (the
/// red car) to `Z`, then the lower-case letters that are not `o` or `x`. Past those 50 (only
/// judge matrices hold more), `?`: the string is then for reading, not for parsing back.
const NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnpqrstuvwyz";

/// The letter vehicle `i` gets in the one-line form: its own letter if the input used
/// letters, otherwise its place in `NAMES` (`A` kept for the red car).
pub fn letter(board: &Board, i: usize) -> char {
    match board.vehicles()[i].label {
        Label::Letter(c) => c,
        Label::Id(_) => {
            let skip = if board.has_red() { 0 } else { 1 };
            NAMES.chars().nth(i + skip).unwrap_or('?')
        }
    }
}

/// True for the contest's board: 6×6 with the exit in row 3.
fn standard(board: &Board) -> bool {
    (board.rows(), board.cols(), board.exit_row()) == (six::SIDE, six::SIDE, six::EXIT_ROW)
}

/// The one-line form: on the contest's board the database's 36-character string, otherwise
/// the rows separated by `/` (`ooooooo/AAooooo/...`), in letters (`o` empty, `x` wall).
/// [`super::parse`](mod@super::parse) reads both back.
pub fn string(board: &Board, offsets: &[u8]) -> String {
    let owners = board.owners(offsets);
    let mut out = String::with_capacity(board.rows() * (board.cols() + 1));
    for r in 0..board.rows() {
        if r > 0 && !standard(board) {
            out.push('/');
        }
        for c in 0..board.cols() {
            out.push(match owners[r * board.cols() + c] {
                Some(i) => letter(board, i as usize),
                None if board.is_wall(r, c) => 'x',
                None => 'o',
            });
        }
    }
    out
}

/// The position drawn as a grid with each vehicle's own name (`.` empty, `x` wall) and the
/// exit marked.
pub fn grid(board: &Board, offsets: &[u8]) -> String {
    let owners = board.owners(offsets);
    let width = board
        .vehicles()
        .iter()
        .map(|v| v.label.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for r in 0..board.rows() {
        let cells: Vec<String> = (0..board.cols())
            .map(|c| {
                let text = match owners[r * board.cols() + c] {
                    Some(i) => board.vehicles()[i as usize].label.to_string(),
                    None if board.is_wall(r, c) => "x".to_string(),
                    None => ".".to_string(),
                };
                format!("{text:>width$}")
            })
            .collect();
        out.push_str(&cells.join(" "));
        if r == board.exit_row() {
            out.push_str("  <- exit");
        }
        out.push('\n');
    }
    out
}

/// A move as a move list writes it: `B down 2`, `1 right 3`.
pub fn move_name(board: &Board, m: Move) -> String {
    format!(
        "{} {} {}",
        board.vehicles()[m.vehicle as usize].label,
        board.direction(m),
        m.distance()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rush_hour::parse::{parse, parse_database};

    #[test]
    fn the_one_line_form_round_trips() {
        let s = "BBoooooo/ooCooooo/AACooooo/oooooxoo/oooooooo/oooooooo/oooooooo";
        let p = parse(s, None).unwrap();
        assert_eq!(string(p.board(), &p.start), s);
        let g = grid(p.board(), &p.start);
        assert_eq!(g.lines().nth(2).unwrap(), "A A C . . . . .  <- exit");
        for s in [
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
            "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
        ] {
            let p = parse_database(s).unwrap();
            assert_eq!(string(p.board(), &p.start), s);
        }
        // a 6x6 board with another exit row keeps the rows apart
        let other = parse("oooooo/AAoooo/oooooo/oooooo/oooooo/oooooo", Some(1)).unwrap();
        assert_eq!(
            string(other.board(), &other.start),
            "oooooo/AAoooo/oooooo/oooooo/oooooo/oooooo"
        );
    }

    #[test]
    fn numbered_boards_get_letters_even_past_z() {
        // 30 vertical cars in a 4x12 board: ids 2..=31, no red car
        let row: Vec<String> = (0..12).map(|c| (c + 2).to_string()).collect();
        let row2: Vec<String> = (0..12).map(|c| (c + 14).to_string()).collect();
        let text = format!(
            "{r}\n{r}\n{s}\n{s}\n",
            r = row.join(" "),
            s = row2.join(" ")
        );
        let p = parse(&text, None).unwrap();
        let s = string(p.board(), &p.start);
        assert_eq!(s, "BCDEFGHIJKLM/BCDEFGHIJKLM/NOPQRSTUVWXY/NOPQRSTUVWXY");
        let back = parse(&s, None).unwrap();
        assert_eq!(back.start, p.start);
        // the judge's sample: the red car is A, the others B, C, ... in board order
        let sample2 =
            "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";
        let p = parse(sample2, None).unwrap();
        assert_eq!(
            string(p.board(), &p.start),
            "oBoCCooBooDooEAADooEFFGooHHHGooooooo"
        );
    }
}
