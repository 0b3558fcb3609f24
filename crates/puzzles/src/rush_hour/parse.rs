//! The three input formats, detected automatically, and the checks every board must pass.
//!
//! * the judge's matrix: 6 rows of 6 non-negative integers (`0` empty, `k` vehicle `k`);
//! * the published database's 36-character string (`o`/`.` empty, `x` wall, `A` red car,
//!   `B`..`Z` other vehicles), alone or as the first 36-character token of a line;
//! * a grid of 6 lines of 6 characters in the database's alphabet.
//!
//! Each format is read into a 6×6 grid of cells that remembers where each cell was written,
//! then one function turns the grid into vehicles, so every format gets the same checks and
//! the same precise messages (line and column of the offending cell).

use super::board::{Board, Label, Position, Vehicle, SIDE};
use crate::error::{describe_char, ParseError};

/// Which format a board was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// 6 rows of 6 integers.
    Judge,
    /// One 36-character string.
    Database,
    /// 6 lines of 6 letters.
    Grid,
}

/// A parsed puzzle: the fixed board, the starting position and the format it came in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Lanes and walls.
    pub board: Board,
    /// Where the vehicles start.
    pub start: Position,
    /// The input format (decides how vehicles are named in output).
    pub format: Format,
}

/// What one character or number of a board says is in its cell (both board models read
/// cells this way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    Empty,
    Wall,
    Piece(Label),
}

/// A cell and where the input wrote it (1-based line and column).
pub(crate) type Located = (Cell, usize, usize);

const ALPHABET: &str = "'o' or '.' (empty), 'x' (wall), 'A' (red car) or 'B'..'Z' (vehicles)";

/// Parses one board in any of the three formats.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let lines: Vec<(usize, &str)> = crate::text::lines(text)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let Some(&(first_line, first)) = lines.first() else {
        return Err(ParseError::new(1, 1, "end of input", "a Rush Hour board")
            .with_hint("R rows of C numbers or letters, 4 to 12 each, or a 36-character string"));
    };
    if lines.len() == 1 {
        if let Some((column, token)) = tokens(first).find(|(_, t)| t.chars().count() == SIDE * SIDE)
        {
            return parse_database_at(token, first_line, column);
        }
    }
    if first.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        parse_judge(&lines)
    } else if lines.len() == 1 {
        let (column, token) = tokens(first).next().expect("line is not blank");
        parse_database_at(token, first_line, column)
    } else {
        parse_grid(&lines)
    }
}

/// Parses a 36-character database string (line 1, column 1 in messages).
pub fn parse_database(token: &str) -> Result<Puzzle, ParseError> {
    parse_database_at(token, 1, 1)
}

/// Whitespace-separated tokens of a line with their 1-based character columns.
pub(crate) fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut column = 1;
    std::iter::from_fn(move || {
        let skipped = rest.len() - rest.trim_start().len();
        column += rest[..skipped].chars().count();
        rest = &rest[skipped..];
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, after) = rest.split_at(end);
        let at = column;
        column += token.chars().count();
        rest = after;
        Some((at, token))
    })
}

/// The cell a number of the judge matrix names (`0` empty, else a vehicle id), `token`
/// standing at `line`, `column`.
pub(crate) fn judge_cell(token: &str, line: usize, column: usize) -> Result<Cell, ParseError> {
    if let Some((k, c)) = token.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(ParseError::new(
            line,
            column + k,
            describe_char(c),
            "a vehicle id (a positive integer) or 0 for an empty cell",
        ));
    }
    let id: u32 = token.parse().map_err(|_| {
        ParseError::new(
            line,
            column,
            format!("'{token}'"),
            "a vehicle id below 4294967296",
        )
    })?;
    Ok(if id == 0 {
        Cell::Empty
    } else {
        Cell::Piece(Label::Id(id))
    })
}

/// Parses the database string `token`, found at `line`, `column`.
pub(crate) fn parse_database_at(
    token: &str,
    line: usize,
    column: usize,
) -> Result<Puzzle, ParseError> {
    let count = token.chars().count();
    if count != SIDE * SIDE {
        return Err(ParseError::new(line, column, format!("{count} characters"), "36 characters")
            .with_hint("the database format is the 6x6 board row by row, e.g. GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"));
    }
    let mut cells = Vec::with_capacity(SIDE * SIDE);
    for (k, c) in token.chars().enumerate() {
        cells.push((letter_cell(c, line, column + k)?, line, column + k));
    }
    build(&cells, Format::Database)
}

fn letter_cell(c: char, line: usize, column: usize) -> Result<Cell, ParseError> {
    match c {
        'o' | '.' => Ok(Cell::Empty),
        'x' => Ok(Cell::Wall),
        'A'..='Z' => Ok(Cell::Piece(Label::Letter(c))),
        _ => Err(ParseError::new(line, column, describe_char(c), ALPHABET)),
    }
}

fn parse_grid(lines: &[(usize, &str)]) -> Result<Puzzle, ParseError> {
    let mut cells = Vec::with_capacity(SIDE * SIDE);
    for (row, &(line, text)) in lines.iter().enumerate() {
        if row == SIDE {
            return Err(seventh_row(line, "6 rows"));
        }
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let body: Vec<char> = text.trim().chars().collect();
        for (k, &c) in body.iter().enumerate().take(SIDE) {
            cells.push((letter_cell(c, line, lead + k + 1)?, line, lead + k + 1));
        }
        if body.len() != SIDE {
            let column = lead + body.len().min(SIDE) + 1;
            return Err(ParseError::new(
                line,
                column,
                if body.len() < SIDE {
                    "end of line".to_string()
                } else {
                    describe_char(body[SIDE])
                },
                format!("6 cells on row {} (found {})", row + 1, body.len()),
            ));
        }
    }
    if lines.len() < SIDE {
        return Err(missing_row(lines));
    }
    build(&cells, Format::Grid)
}

/// The error for a board that goes on past its sixth row (both grid formats).
fn seventh_row(line: usize, rows: &str) -> ParseError {
    ParseError::new(
        line,
        1,
        "a 7th row",
        format!("end of input (the board has {rows})"),
    )
}

/// The error for a board that ends before its sixth row (both grid formats), pointing just
/// past the last row given.
fn missing_row(lines: &[(usize, &str)]) -> ParseError {
    let line = lines.last().map_or(1, |l| l.0 + 1);
    ParseError::new(
        line,
        1,
        "end of input",
        format!("row {} of 6", lines.len() + 1),
    )
}

fn parse_judge(lines: &[(usize, &str)]) -> Result<Puzzle, ParseError> {
    let mut cells = Vec::with_capacity(SIDE * SIDE);
    for (row, &(line, text)) in lines.iter().enumerate() {
        if row == SIDE {
            return Err(seventh_row(line, "6 rows of 6 numbers"));
        }
        let mut count = 0;
        for (column, token) in tokens(text) {
            if count == SIDE {
                return Err(ParseError::new(
                    line,
                    column,
                    format!("a 7th number '{token}'"),
                    "6 numbers on each row",
                ));
            }
            cells.push((judge_cell(token, line, column)?, line, column));
            count += 1;
        }
        if count < SIDE {
            let column = text.trim_end().chars().count() + 1;
            return Err(ParseError::new(
                line,
                column,
                format!("end of line after {count} numbers"),
                format!("6 numbers on row {}", row + 1),
            ));
        }
    }
    if lines.len() < SIDE {
        return Err(missing_row(lines));
    }
    build(&cells, Format::Judge)
}

/// Turns 36 located cells (row-major) into a board: every id must form one straight,
/// unbroken run of 2 or 3 cells.
fn build(cells: &[Located], format: Format) -> Result<Puzzle, ParseError> {
    debug_assert_eq!(cells.len(), SIDE * SIDE);
    let mut walls = 0u64;
    // labels in order of first appearance, each with its cell indices
    let mut pieces: Vec<(Label, Vec<usize>)> = Vec::new();
    for (index, &(cell, _, _)) in cells.iter().enumerate() {
        match cell {
            Cell::Empty => {}
            Cell::Wall => walls |= 1 << index,
            Cell::Piece(label) => match pieces.iter_mut().find(|(l, _)| *l == label) {
                Some((_, list)) => list.push(index),
                None => pieces.push((label, vec![index])),
            },
        }
    }
    let mut vehicles = Vec::with_capacity(pieces.len());
    let mut start: Position = 0;
    // the red car first, so that it sits in the lowest bits of a position
    pieces.sort_by_key(|(label, _)| !label.is_red());
    for (label, list) in &pieces {
        let at = |k: usize| {
            let (_, line, column) = cells[list[k]];
            (line, column)
        };
        let error = |k: usize, found: String| {
            let (line, column) = at(k);
            ParseError::new(
                line,
                column,
                found,
                "every vehicle a straight, unbroken run of 2 or 3 cells",
            )
        };
        let name = format!("vehicle {label}");
        if list.len() == 1 {
            return Err(error(
                0,
                format!("{name} has 1 cell; vehicles are 2 or 3 long"),
            ));
        }
        let (r0, c0) = (list[0] / SIDE, list[0] % SIDE);
        let horizontal = list[1] / SIDE == r0;
        for (k, &cell) in list.iter().enumerate().skip(1) {
            let in_line = if horizontal {
                cell / SIDE == r0
            } else {
                cell % SIDE == c0
            };
            if !in_line {
                return Err(error(
                    k,
                    format!("{name} is bent (this cell is not in line with its first cells)"),
                ));
            }
            let step = if horizontal { 1 } else { SIDE };
            if cell != list[k - 1] + step {
                return Err(error(
                    k,
                    format!("{name} split into pieces (id {label} appears again here)"),
                ));
            }
        }
        if list.len() > 3 {
            return Err(error(
                3,
                format!("{name} has {} cells; vehicles are 2 or 3 long", list.len()),
            ));
        }
        let (line, offset) = if horizontal { (r0, c0) } else { (c0, r0) };
        start |= (offset as u64) << (3 * vehicles.len());
        vehicles.push(Vehicle {
            label: *label,
            horizontal,
            line: line as u8,
            len: list.len() as u8,
        });
    }
    Ok(Puzzle {
        board: Board::new(vehicles, walls),
        start,
        format,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE2: &str =
        "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";

    fn err(text: &str) -> ParseError {
        parse(text).unwrap_err()
    }

    #[test]
    fn three_formats_of_one_board_agree() {
        let judge = parse(SAMPLE2).unwrap();
        assert_eq!(judge.format, Format::Judge);
        let db = parse("oBoCCo\noBo.Do\noEAADo\noEFFGo\noHHHGo\n......").unwrap();
        assert_eq!(db.format, Format::Grid);
        let line = parse("oBoGGooBooHooCAAHooCDDIooEEEIooooooo").unwrap();
        assert_eq!(line.format, Format::Database);
        assert_eq!(db.start, line.start);
        assert_eq!(judge.start, line.start);
        let shape = |p: &Puzzle| {
            p.board
                .vehicles()
                .iter()
                .map(|v| (v.horizontal, v.line, v.len))
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(&judge), shape(&line));
        assert_eq!(shape(&db), shape(&line));
    }

    #[test]
    fn red_car_comes_first_and_walls_are_kept() {
        let p = parse("xBBoooooooooooooAAooooooooooooooooox").unwrap();
        assert_eq!(p.board.vehicles()[0].label, Label::Letter('A'));
        assert_eq!(p.board.walls(), 1 | 1 << 35);
        assert_eq!(p.board.offset(p.start, 0), 4);
    }

    #[test]
    fn database_line_with_extra_fields_is_accepted() {
        let p = parse("51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n").unwrap();
        assert_eq!(p.format, Format::Database);
        assert_eq!(p.board.vehicles().len(), 13);
    }

    #[test]
    fn crlf_and_missing_final_newline_are_fine() {
        let crlf = SAMPLE2.replace('\n', "\r\n");
        assert_eq!(parse(&crlf).unwrap(), parse(SAMPLE2).unwrap());
        assert_eq!(parse(SAMPLE2.trim_end()).unwrap(), parse(SAMPLE2).unwrap());
    }

    #[test]
    fn wrong_numbers_are_located() {
        let e = err("0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n");
        assert_eq!((e.line, e.column), (3, 10));
        let e = err("0 2 0 6 6 0\n0 2 0 0 7 0 9\n");
        assert_eq!((e.line, e.column), (2, 13));
        let e = err("0 2 0 6 6 0\n0 2 0 -7 7 0\n");
        assert_eq!((e.line, e.column), (2, 7));
        assert!(e.found.contains("'-'"));
        let e = err("0 2 0 6 6 0\n0 2 0 0 7 0\n");
        assert_eq!((e.line, e.column), (3, 1));
        let e = err(&format!("{SAMPLE2}1 1 0 0 0 0\n"));
        assert_eq!((e.line, e.column), (7, 1));
        let e = err("   \n\n");
        assert_eq!((e.line, e.column), (1, 1));
        let e = err("0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 99999999999\n");
        assert_eq!((e.line, e.column), (3, 11));
    }

    #[test]
    fn bad_vehicles_are_named_and_located() {
        // vehicle 3 bent: (row 3, col 2), (row 4, col 2), (row 4, col 3)
        let e =
            err("0 0 0 0 0 0\n0 0 0 0 0 0\n0 3 1 1 0 0\n0 3 3 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n");
        assert!(e.found.contains("vehicle 3 is bent"), "{e}");
        assert_eq!((e.line, e.column), (4, 5));
        let e =
            err("0 0 0 0 0 0\n5 5 5 5 0 0\n0 0 1 1 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n");
        assert!(
            e.found
                .contains("vehicle 5 has 4 cells; vehicles are 2 or 3 long"),
            "{e}"
        );
        assert_eq!((e.line, e.column), (2, 7));
        let e =
            err("0 0 0 0 0 0\n7 7 0 7 7 0\n0 0 1 1 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n");
        assert!(e.found.contains("split into pieces"), "{e}");
        assert_eq!((e.line, e.column), (2, 7));
        let e =
            err("0 0 0 0 0 0\n0 0 0 0 0 4\n0 0 1 1 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n");
        assert!(e.found.contains("vehicle 4 has 1 cell"), "{e}");
        assert_eq!((e.line, e.column), (2, 11));
        let e = err("oooooo\noooooo\nooAAoo\noooooo\nooBooo\nooooBo\n");
        assert!(e.found.contains("vehicle B is bent"), "{e}");
        assert_eq!((e.line, e.column), (6, 5));
    }

    #[test]
    fn bad_letters_and_lengths_are_located() {
        let e = err("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF");
        assert!(e.found.contains("35 characters"));
        let e = err("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF?");
        assert_eq!((e.line, e.column), (1, 36));
        let e = err("oooooo\noooooo\nooAAoo\nooooo\noooooo\noooooo\n");
        assert_eq!((e.line, e.column), (4, 6));
        let e = err("oooooo\noooooo\nooAAoo\noooooo\noooooo\noooooo\noooooo\n");
        assert_eq!((e.line, e.column), (7, 1));
        let e = err("oooooo\noooooo\nooAAoo\noooqoo\n");
        assert_eq!((e.line, e.column), (4, 4));
    }
}
