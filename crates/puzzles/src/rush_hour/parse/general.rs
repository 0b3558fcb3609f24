//! R×C boards in the judge-matrix and letter-grid formats: the readers for every shape but
//! 6×6 (whose grids `six.rs` reads, with its own messages).
//!
//! * the judge matrix: R lines of C non-negative integers (`0` empty, `k` vehicle `k`, `1` the
//!   red car);
//! * the letter grid: R lines of C characters, `o` or `.` empty, `x` wall, `A` the red car,
//!   `B`..`Z` other vehicles (then the lower-case letters other than `o` and `x`, for boards
//!   of more than 25 vehicles); also written on one line with the rows separated by `/` (what
//!   `--batch` prints for boards other than 6×6).
//!
//! The shape is the first row's width and the number of rows; every row must match it, and
//! both sides lie in 4..=12. The parent module turns what they read into a board.

use super::{judge_cell, Cell, Read};
use crate::error::{describe_char, ParseError};
use crate::rush_hour::board::{Label, MAX_SIDE, MIN_SIDE};
use crate::rush_hour::puzzle::Format;
use crate::text::tokens;

const ALPHABET: &str =
    "'o' or '.' (empty), 'x' (wall), 'A' (red car) or 'B'..'Z', 'a'..'z' (vehicles)";

/// True when the first line is a judge matrix row (it starts with a digit).
pub(crate) fn is_judge(lines: &[(usize, &str)]) -> bool {
    lines
        .first()
        .is_some_and(|(_, l)| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
}

/// The shape the input announces: its rows and its first row's width (numbers or letters).
pub(crate) fn shape(lines: &[(usize, &str)]) -> (usize, usize) {
    let width = lines.first().map_or(0, |(_, l)| {
        if is_judge(lines) {
            l.split_whitespace().count()
        } else {
            l.trim().chars().count()
        }
    });
    (lines.len(), width)
}

/// Reads an R×C board in the judge matrix or a letter grid (several lines, or one line of
/// rows separated by `/`) from its non-blank lines.
pub(crate) fn read(lines: &[(usize, &str)]) -> Result<Read, ParseError> {
    if lines.is_empty() {
        return Err(ParseError::new(1, 1, "end of input", "a Rush Hour board"));
    }
    let ((cells, rows, cols), format) = if is_judge(lines) {
        (read_judge(lines)?, Format::Judge)
    } else if lines.len() == 1 && lines[0].1.contains('/') {
        let (line, text) = lines[0];
        (read_slashed(line, text)?, Format::Grid)
    } else {
        (read_grid(lines)?, Format::Grid)
    };
    Ok(Read {
        cells,
        rows,
        cols,
        format,
    })
}

/// Checks a new row against the limits: at most [`MAX_SIDE`] rows.
fn row_allowed(row: usize, line: usize) -> Result<(), ParseError> {
    if row == MAX_SIDE {
        return Err(ParseError::new(
            line,
            1,
            "a 13th row",
            "at most 12 rows (boards are 4x4 to 12x12)",
        ));
    }
    Ok(())
}

/// The error for a row of the wrong width.
fn width_error(
    line: usize,
    column: usize,
    row: usize,
    found: usize,
    cols: usize,
    what: &str,
) -> ParseError {
    if row == 0 {
        return ParseError::new(
            line,
            column,
            format!("{found} {what}"),
            format!("4 to 12 {what} on each row (boards are 4x4 to 12x12)"),
        );
    }
    ParseError::new(
        line,
        column,
        format!("{found} {what}"),
        format!("{cols} {what} on row {} (as many as on row 1)", row + 1),
    )
}

/// The error for too few rows.
fn rows_error(lines: &[(usize, &str)]) -> ParseError {
    let line = lines.last().map_or(1, |l| l.0 + 1);
    ParseError::new(
        line,
        1,
        format!("end of input after {}", crate::quantity(lines.len(), "row")),
        "at least 4 rows (boards are 4x4 to 12x12)",
    )
}

fn letter_cell(c: char, line: usize, column: usize) -> Result<Cell, ParseError> {
    match c {
        'o' | '.' => Ok(Cell::Empty),
        'x' => Ok(Cell::Wall),
        'A'..='Z' | 'a'..='z' => Ok(Cell::Piece(Label::Letter(c))),
        _ => Err(ParseError::new(line, column, describe_char(c), ALPHABET)),
    }
}

/// Cells read, rows, columns.
type Cells = (Vec<(Cell, usize, usize)>, usize, usize);

fn read_grid(lines: &[(usize, &str)]) -> Result<Cells, ParseError> {
    let mut cells = Vec::new();
    let mut cols = 0;
    for (row, &(line, text)) in lines.iter().enumerate() {
        row_allowed(row, line)?;
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let body: Vec<char> = text.trim().chars().collect();
        if row == 0 {
            cols = body.len();
        }
        for (k, &c) in body.iter().enumerate().take(MAX_SIDE) {
            cells.push((letter_cell(c, line, lead + k + 1)?, line, lead + k + 1));
        }
        if body.len() != cols || !(MIN_SIDE..=MAX_SIDE).contains(&body.len()) {
            let column = lead + body.len().min(cols.clamp(MIN_SIDE, MAX_SIDE)) + 1;
            return Err(width_error(line, column, row, body.len(), cols, "cells"));
        }
    }
    if lines.len() < MIN_SIDE {
        return Err(rows_error(lines));
    }
    Ok((cells, lines.len(), cols))
}

fn read_slashed(line: usize, text: &str) -> Result<Cells, ParseError> {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let token = text.split_whitespace().next().expect("line is not blank");
    let mut cells = Vec::new();
    let mut column = lead + 1;
    let rows: Vec<&str> = token.split('/').collect();
    let cols = rows[0].chars().count();
    for (row, part) in rows.iter().enumerate() {
        row_allowed(row, line).map_err(|e| ParseError { column, ..e })?;
        let n = part.chars().count();
        for (k, c) in part.chars().enumerate().take(MAX_SIDE) {
            cells.push((letter_cell(c, line, column + k)?, line, column + k));
        }
        if n != cols || !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            let at = column + n.min(cols.clamp(MIN_SIDE, MAX_SIDE));
            return Err(width_error(line, at, row, n, cols, "cells"));
        }
        column += n + 1;
    }
    if rows.len() < MIN_SIDE {
        return Err(ParseError::new(
            line,
            column - 1,
            format!("{} rows", rows.len()),
            "at least 4 rows separated by '/' (boards are 4x4 to 12x12)",
        ));
    }
    Ok((cells, rows.len(), cols))
}

fn read_judge(lines: &[(usize, &str)]) -> Result<Cells, ParseError> {
    let mut cells = Vec::new();
    let mut cols = 0;
    for (row, &(line, text)) in lines.iter().enumerate() {
        row_allowed(row, line)?;
        let tokens: Vec<_> = tokens(text).collect();
        if row == 0 {
            cols = tokens.len();
        }
        for &(column, token) in tokens.iter().take(MAX_SIDE) {
            cells.push((judge_cell(token, line, column)?, line, column));
        }
        let n = tokens.len();
        if n != cols || !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            let limit = cols.clamp(MIN_SIDE, MAX_SIDE);
            let column = match tokens.get(limit) {
                Some(&(c, _)) if n > limit => c,
                _ => text.trim_end().chars().count() + 1,
            };
            return Err(width_error(line, column, row, n, cols, "numbers"));
        }
    }
    if lines.len() < MIN_SIDE {
        return Err(rows_error(lines));
    }
    Ok((cells, lines.len(), cols))
}

#[cfg(test)]
mod tests {
    use crate::error::ParseError;
    use crate::rush_hour::parse::parse;

    fn err(text: &str) -> ParseError {
        parse(text, None).unwrap_err()
    }

    #[test]
    fn shapes_from_4x4_to_12x12_in_both_formats() {
        let p = parse("AA..\n....\n.BB.\nx...\n", None).unwrap();
        assert_eq!((p.board().rows(), p.board().cols()), (4, 4));
        assert_eq!(p.board().exit_row(), 0);
        assert!(p.board().is_wall(3, 0));
        let row = "0 0 0 0 0 0 0 0 0 0 0 0\n";
        let text = format!(
            "{}1 1 0 0 0 0 0 0 0 0 0 0\n{}",
            row.repeat(5),
            row.repeat(6)
        );
        let p = parse(&text, None).unwrap();
        assert_eq!(
            (p.board().rows(), p.board().cols(), p.board().exit_row()),
            (12, 12, 5)
        );
        assert!(p.board().can_exit());
        let slashed = parse("AA..o/..../.BB./x...", None).unwrap_err();
        assert_eq!((slashed.line, slashed.column), (1, 11));
        let one_line = parse("AA../..../.BB./x...", None).unwrap();
        let grid = parse("AA..\n....\n.BB.\nx...\n", None).unwrap();
        assert_eq!(one_line, grid);
    }

    #[test]
    fn bad_shapes_are_located() {
        let e = err(&"oooo\n".repeat(13));
        assert_eq!((e.line, e.column), (13, 1));
        let e = err(&format!("{}\n", "o".repeat(13)).repeat(4));
        assert_eq!((e.line, e.column), (1, 13));
        let e = err("ooo\nooo\nooo\nooo\n");
        assert_eq!((e.line, e.column), (1, 4));
        let e = err("oooo\noooo\noooo\n");
        assert_eq!((e.line, e.column), (4, 1));
        let e = err("oooo\noooo\nooooo\noooo\n");
        assert_eq!((e.line, e.column), (3, 5));
        assert!(e.expected.contains("4 cells on row 3"), "{e}");
        let e = err("0 0 0 0 0\n0 0 0 0 0\n0 0 0 0\n0 0 0 0 0\n");
        assert_eq!((e.line, e.column), (3, 8));
        let e = err(&format!("{}\n", "0 ".repeat(13)).repeat(4));
        assert_eq!((e.line, e.column), (1, 25));
    }
}
