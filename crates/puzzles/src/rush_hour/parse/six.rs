//! The formats only a 6×6 board is written in, and the 6×6 grids: the 36-character database
//! string, the judge's matrix of 6 rows of 6 numbers, and 6 lines of 6 letters. Their
//! messages speak of 6 rows and 6 cells; the parent module turns what they read into a
//! board.

use super::{judge_cell, Cell, Read};
use crate::error::{describe_char, ParseError};
use crate::rush_hour::board::Label;
use crate::rush_hour::puzzle::Format;
use crate::rush_hour::six::SIDE;
use crate::text::tokens;

const ALPHABET: &str = "'o' or '.' (empty), 'x' (wall), 'A' (red car) or 'B'..'Z' (vehicles)";

/// Reads one board in any of the three formats from its non-blank lines.
pub(crate) fn read(lines: &[(usize, &str)]) -> Result<Read, ParseError> {
    let Some(&(first_line, first)) = lines.first() else {
        return Err(ParseError::new(1, 1, "end of input", "a Rush Hour board")
            .with_hint("R rows of C numbers or letters, 4 to 12 each, or a 36-character string"));
    };
    if lines.len() == 1 {
        if let Some((column, token)) = tokens(first).find(|(_, t)| t.chars().count() == SIDE * SIDE)
        {
            return read_database(token, first_line, column);
        }
    }
    if first.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        read_judge(lines)
    } else if lines.len() == 1 {
        let (column, token) = tokens(first).next().expect("line is not blank");
        read_database(token, first_line, column)
    } else {
        read_grid(lines)
    }
}

/// Reads the database string `token`, found at `line`, `column`.
pub(crate) fn read_database(token: &str, line: usize, column: usize) -> Result<Read, ParseError> {
    let count = token.chars().count();
    if count != SIDE * SIDE {
        return Err(ParseError::new(line, column, format!("{count} characters"), "36 characters")
            .with_hint("the database format is the 6x6 board row by row, e.g. GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"));
    }
    let mut cells = Vec::with_capacity(SIDE * SIDE);
    for (k, c) in token.chars().enumerate() {
        cells.push((letter_cell(c, line, column + k)?, line, column + k));
    }
    Ok(six_by_six(cells, Format::Database))
}

fn letter_cell(c: char, line: usize, column: usize) -> Result<Cell, ParseError> {
    match c {
        'o' | '.' => Ok(Cell::Empty),
        'x' => Ok(Cell::Wall),
        'A'..='Z' => Ok(Cell::Piece(Label::Letter(c))),
        _ => Err(ParseError::new(line, column, describe_char(c), ALPHABET)),
    }
}

fn read_grid(lines: &[(usize, &str)]) -> Result<Read, ParseError> {
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
    Ok(six_by_six(cells, Format::Grid))
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

fn read_judge(lines: &[(usize, &str)]) -> Result<Read, ParseError> {
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
    Ok(six_by_six(cells, Format::Judge))
}

/// 36 cells read.
fn six_by_six(cells: Vec<(Cell, usize, usize)>, format: Format) -> Read {
    Read {
        cells,
        rows: SIDE,
        cols: SIDE,
        format,
    }
}

#[cfg(test)]
mod tests {
    use crate::error::ParseError;
    use crate::rush_hour::parse::{board_lines, parse};
    use crate::rush_hour::puzzle::Format;
    use crate::rush_hour::Puzzle;

    const SAMPLE2: &str =
        "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";

    /// The 6×6 readers' error on `text` (some of these texts would go to the R×C readers
    /// through [`parse`]).
    fn err(text: &str) -> ParseError {
        match super::read(&board_lines(text)) {
            Ok(_) => panic!("{text:?} was read"),
            Err(e) => e,
        }
    }

    #[test]
    fn three_formats_of_one_board_agree() {
        let judge = parse(SAMPLE2, None).unwrap();
        assert_eq!(judge.format, Format::Judge);
        let db = parse("oBoCCo\noBo.Do\noEAADo\noEFFGo\noHHHGo\n......", None).unwrap();
        assert_eq!(db.format, Format::Grid);
        let line = parse("oBoGGooBooHooCAAHooCDDIooEEEIooooooo", None).unwrap();
        assert_eq!(line.format, Format::Database);
        assert_eq!(db.start, line.start);
        assert_eq!(judge.start, line.start);
        let shape = |p: &Puzzle| {
            p.board()
                .vehicles()
                .iter()
                .map(|v| (v.horizontal, v.line, v.len))
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(&judge), shape(&line));
        assert_eq!(shape(&db), shape(&line));
    }

    #[test]
    fn database_line_with_extra_fields_is_accepted() {
        let p = parse("51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n", None).unwrap();
        assert_eq!(p.format, Format::Database);
        assert_eq!(p.board().vehicles().len(), 13);
    }

    #[test]
    fn crlf_and_missing_final_newline_are_fine() {
        let crlf = SAMPLE2.replace('\n', "\r\n");
        assert_eq!(parse(&crlf, None).unwrap(), parse(SAMPLE2, None).unwrap());
        assert_eq!(
            parse(SAMPLE2.trim_end(), None).unwrap(),
            parse(SAMPLE2, None).unwrap()
        );
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
