//! Positions and moves as people and other tools read them.

use super::board::{Board, Label, Position, EXIT_ROW, SIDE};
use super::moves::Move;

/// The letter a vehicle gets in the database format: its own letter if the input used
/// letters; otherwise `A` for the red car and `B`, `C`, ... for the others in board order.
pub fn letter(board: &Board, i: usize) -> char {
    match board.vehicles()[i].label {
        Label::Letter(c) => c,
        Label::Id(_) => {
            let skip = if board.has_red() { 0 } else { 1 };
            (b'A' + (i + skip) as u8) as char
        }
    }
}

/// The 36-character database string of `p` (`o` empty, `x` wall).
pub fn database(board: &Board, p: Position) -> String {
    let owners = board.owners(p);
    (0..SIDE * SIDE)
        .map(|cell| match owners[cell] {
            Some(i) => letter(board, i as usize),
            None if board.walls() & 1 << cell != 0 => 'x',
            None => 'o',
        })
        .collect()
}

/// `p` drawn as a grid with each vehicle's own name (`.` empty, `x` wall) and the exit marked.
pub fn grid(board: &Board, p: Position) -> String {
    let owners = board.owners(p);
    let width = board
        .vehicles()
        .iter()
        .map(|v| v.label.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for row in 0..SIDE {
        let cells: Vec<String> = (0..SIDE)
            .map(|col| {
                let cell = row * SIDE + col;
                let text = match owners[cell] {
                    Some(i) => board.vehicles()[i as usize].label.to_string(),
                    None if board.walls() & 1 << cell != 0 => "x".to_string(),
                    None => ".".to_string(),
                };
                format!("{text:>width$}")
            })
            .collect();
        out.push_str(&cells.join(" "));
        if row == EXIT_ROW as usize {
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
    use super::super::parse::parse;
    use super::*;

    #[test]
    fn database_string_round_trips() {
        for s in [
            "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
            "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
        ] {
            let p = parse(s).unwrap();
            assert_eq!(database(&p.board, p.start), s);
        }
    }

    #[test]
    fn numbered_boards_get_letters_and_grids_keep_numbers() {
        let p =
            parse("0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0")
                .unwrap();
        assert_eq!(
            database(&p.board, p.start),
            "oBoCCooBooDooEAADooEFFGooHHHGooooooo"
        );
        let g = grid(&p.board, p.start);
        assert_eq!(g.lines().nth(2).unwrap(), ". 3 1 1 7 .  <- exit");
        let m = Move {
            vehicle: 2,
            delta: -1,
        };
        assert_eq!(
            move_name(&p.board, m),
            format!("{} left 1", p.board.vehicles()[2].label)
        );
    }
}
