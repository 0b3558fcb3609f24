//! R×C boards in the judge-matrix and letter-grid formats, and the checks every board must
//! pass.
//!
//! * the judge matrix: R lines of C non-negative integers (`0` empty, `k` vehicle `k`, `1` the
//!   red car);
//! * the letter grid: R lines of C characters, `o` or `.` empty, `x` wall, `A` the red car,
//!   `B`..`Z` other vehicles (then the lower-case letters other than `o` and `x`, for boards
//!   of more than 25 vehicles); also written on one line with the rows separated by `/` (what
//!   `--batch` prints for boards other than 6×6).
//!
//! The shape is the first row's width and the number of rows; every row must match it, and
//! both sides lie in 4..=12. The exit is on the right edge of the exit row: `--exit-row` when
//! given (the red car must then be in that row), else row 3 on a 6×6 board, else the red car's
//! own row.

use super::board::{Board, Vehicle, MAX_SIDE, MIN_SIDE};
use crate::error::{describe_char, ParseError};
use crate::rush_hour::board::Label;
use crate::rush_hour::parse::{judge_cell, tokens, Cell, Format, Located};

/// A parsed R×C puzzle: the fixed board, the start offsets and the input's format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Shape, lanes, walls, exit.
    pub board: Board,
    /// Each vehicle's offset in its lane at the start.
    pub start: Vec<u8>,
    /// [`Format::Judge`] or [`Format::Grid`].
    pub format: Format,
}

const ALPHABET: &str =
    "'o' or '.' (empty), 'x' (wall), 'A' (red car) or 'B'..'Z', 'a'..'z' (vehicles)";

/// The non-blank lines of `text` with their 1-based numbers.
pub(crate) fn board_lines(text: &str) -> Vec<(usize, &str)> {
    crate::text::lines(text)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect()
}

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

/// Parses an R×C board in the judge matrix or a letter grid (several lines, or one line of
/// rows separated by `/`). `exit_row`: the 0-based exit row the user asked for.
pub fn parse_general(text: &str, exit_row: Option<usize>) -> Result<Puzzle, ParseError> {
    let lines = board_lines(text);
    if lines.is_empty() {
        return Err(ParseError::new(1, 1, "end of input", "a Rush Hour board"));
    }
    let (cells, rows, cols, format) = if is_judge(&lines) {
        let (cells, rows, cols) = read_judge(&lines)?;
        (cells, rows, cols, Format::Judge)
    } else if lines.len() == 1 && lines[0].1.contains('/') {
        let (line, text) = lines[0];
        let (cells, rows, cols) = read_slashed(line, text)?;
        (cells, rows, cols, Format::Grid)
    } else {
        let (cells, rows, cols) = read_grid(&lines)?;
        (cells, rows, cols, Format::Grid)
    };
    build(&cells, rows, cols, exit_row, format)
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

type Read = (Vec<Located>, usize, usize);

fn read_grid(lines: &[(usize, &str)]) -> Result<Read, ParseError> {
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

fn read_slashed(line: usize, text: &str) -> Result<Read, ParseError> {
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

fn read_judge(lines: &[(usize, &str)]) -> Result<Read, ParseError> {
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

/// Turns R×C located cells (row-major) into a board: every id one straight, unbroken run of
/// 2 or 3 cells, one red car at most, and the exit row.
fn build(
    cells: &[Located],
    rows: usize,
    cols: usize,
    exit_row: Option<usize>,
    format: Format,
) -> Result<Puzzle, ParseError> {
    debug_assert_eq!(cells.len(), rows * cols);
    let mut walls = [0u16; MAX_SIDE];
    let mut pieces: Vec<(Label, Vec<usize>)> = Vec::new();
    for (index, &(cell, _, _)) in cells.iter().enumerate() {
        match cell {
            Cell::Empty => {}
            Cell::Wall => walls[index / cols] |= 1 << (index % cols),
            Cell::Piece(label) => match pieces.iter_mut().find(|(l, _)| *l == label) {
                Some((_, list)) => list.push(index),
                None => pieces.push((label, vec![index])),
            },
        }
    }
    pieces.sort_by_key(|(label, _)| !label.is_red());
    let mut vehicles = Vec::with_capacity(pieces.len());
    let mut start = Vec::with_capacity(pieces.len());
    for (label, list) in &pieces {
        let (vehicle, offset) = vehicle(cells, cols, *label, list)?;
        vehicles.push(vehicle);
        start.push(offset);
    }
    let exit = exit(cells, rows, &vehicles, &pieces, exit_row)?;
    Ok(Puzzle {
        board: Board::new(rows, cols, vehicles, walls, exit),
        start,
        format,
    })
}

/// One vehicle from its cells (row-major indices), with its start offset.
fn vehicle(
    cells: &[Located],
    cols: usize,
    label: Label,
    list: &[usize],
) -> Result<(Vehicle, u8), ParseError> {
    let error = |k: usize, found: String| {
        let (_, line, column) = cells[list[k]];
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
    let (r0, c0) = (list[0] / cols, list[0] % cols);
    let horizontal = list[1] / cols == r0;
    let step = if horizontal { 1 } else { cols };
    for (k, &cell) in list.iter().enumerate().skip(1) {
        let in_line = if horizontal {
            cell / cols == r0
        } else {
            cell % cols == c0
        };
        if in_line && cell == list[k - 1] + step {
            continue;
        }
        let touches = |a: usize| {
            let (ra, ca, rb, cb) = (a / cols, a % cols, cell / cols, cell % cols);
            ra.abs_diff(rb) + ca.abs_diff(cb) == 1
        };
        if label.is_red() && !list[..k].iter().any(|&a| touches(a)) {
            let (_, line, column) = cells[cell];
            return Err(ParseError::new(
                line,
                column,
                format!("a second red car ({label} again here, apart from the first)"),
                "one red car, a straight, unbroken run of 2 or 3 cells",
            ));
        }
        if !in_line {
            return Err(error(
                k,
                format!("{name} is bent (this cell is not in line with its first cells)"),
            ));
        }
        return Err(error(
            k,
            format!("{name} split into pieces (id {label} appears again here)"),
        ));
    }
    if list.len() > 3 {
        return Err(error(
            3,
            format!("{name} has {} cells; vehicles are 2 or 3 long", list.len()),
        ));
    }
    let (line, offset) = if horizontal { (r0, c0) } else { (c0, r0) };
    let vehicle = Vehicle {
        label,
        horizontal,
        line: line as u8,
        len: list.len() as u8,
    };
    Ok((vehicle, offset as u8))
}

/// The exit row: the one asked for (the red car must be horizontal in it), else row 3 on a
/// 6×6 board, else the red car's row (0 when there is no horizontal red car: it cannot exit).
fn exit(
    cells: &[Located],
    rows: usize,
    vehicles: &[Vehicle],
    pieces: &[(Label, Vec<usize>)],
    asked: Option<usize>,
) -> Result<usize, ParseError> {
    let red = vehicles.first().filter(|v| v.label.is_red());
    let Some(row) = asked else {
        return Ok(match red {
            _ if rows == 6 && cells.len() == 36 => 2,
            Some(v) if v.horizontal => v.line as usize,
            _ => 0,
        });
    };
    let last_line = cells.last().map_or(1, |c| c.1);
    if row >= rows {
        return Err(ParseError::new(
            last_line + 1,
            1,
            format!("end of input after {rows} rows"),
            format!(
                "a row {} for --exit-row {} (the board has {rows} rows)",
                row + 1,
                row + 1
            ),
        ));
    }
    match red {
        Some(v) if v.horizontal && v.line as usize == row => Ok(row),
        Some(v) => {
            let (_, line, column) = cells[pieces[0].1[0]];
            let found = if v.horizontal {
                format!("the red car {} in row {}", v.label, v.line + 1)
            } else {
                format!("the red car {} vertical", v.label)
            };
            Err(ParseError::new(
                line,
                column,
                found,
                format!(
                    "the red car horizontal in the exit row {} (--exit-row {})",
                    row + 1,
                    row + 1
                ),
            ))
        }
        None => Err(ParseError::new(
            1,
            1,
            "no red car",
            format!(
                "a red car (1 or A) in the exit row {} (--exit-row {})",
                row + 1,
                row + 1
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse_general(text, None).unwrap_err()
    }

    #[test]
    fn shapes_from_4x4_to_12x12_in_both_formats() {
        let p = parse_general("AA..\n....\n.BB.\nx...\n", None).unwrap();
        assert_eq!((p.board.rows(), p.board.cols()), (4, 4));
        assert_eq!(p.board.exit_row(), 0);
        assert!(p.board.is_wall(3, 0));
        let row = "0 0 0 0 0 0 0 0 0 0 0 0\n";
        let text = format!(
            "{}1 1 0 0 0 0 0 0 0 0 0 0\n{}",
            row.repeat(5),
            row.repeat(6)
        );
        let p = parse_general(&text, None).unwrap();
        assert_eq!(
            (p.board.rows(), p.board.cols(), p.board.exit_row()),
            (12, 12, 5)
        );
        assert!(p.board.can_exit());
        let slashed = parse_general("AA..o/..../.BB./x...", None).unwrap_err();
        assert_eq!((slashed.line, slashed.column), (1, 11));
        let one_line = parse_general("AA../..../.BB./x...", None).unwrap();
        let grid = parse_general("AA..\n....\n.BB.\nx...\n", None).unwrap();
        assert_eq!(one_line, grid);
    }

    #[test]
    fn the_exit_row_follows_the_spec() {
        // 6x6: row 3 whatever the red car does
        let p = parse_general("oooooo\nAAoooo\noooooo\noooooo\noooooo\noooooo\n", None).unwrap();
        assert!(!p.board.can_exit());
        let p = parse_general("oooooo\nAAoooo\noooooo\noooooo\noooooo\noooooo\n", Some(1)).unwrap();
        assert!(p.board.can_exit());
        // another shape: the red car's row; --exit-row elsewhere is an error
        let seven = "ooooooo\nooooooo\nooooooo\noooooAA\nooooooo\nooooooo\n";
        assert!(parse_general(seven, None).unwrap().board.can_exit());
        let e = parse_general(seven, Some(2)).unwrap_err();
        assert_eq!((e.line, e.column), (4, 6));
        assert!(e.found.contains("in row 4"), "{e}");
        let e = parse_general(seven, Some(6)).unwrap_err();
        assert!(e.expected.contains("the board has 6 rows"), "{e}");
        let e = parse_general("oooo\noooo\noooo\noBBo\n", Some(0)).unwrap_err();
        assert_eq!(e.found, "no red car");
        // a vertical red car on another shape can never leave
        let p = parse_general("oooAo\noooAo\nooooo\nooooo\n", None).unwrap();
        assert!(!p.board.can_exit());
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

    #[test]
    fn bad_vehicles_are_named_and_located() {
        let e = err("AAoo\noooo\nooAA\noooo\n");
        assert!(e.found.contains("second red car"), "{e}");
        assert_eq!((e.line, e.column), (3, 3));
        let e = err("BBBB\noooo\nAAoo\noooo\n");
        assert!(e.found.contains("has 4 cells"), "{e}");
        let e = err("Booo\noooo\nAAoo\noooo\n");
        assert!(e.found.contains("has 1 cell"), "{e}");
        let e = err("BBoo\nBooo\nAAoo\noooo\n");
        assert!(e.found.contains("bent"), "{e}");
        assert_eq!((e.line, e.column), (2, 1));
        let e = err("BBoB\noooo\nAAoo\noooo\n");
        assert!(e.found.contains("split"), "{e}");
    }
}
