//! Every input format, detected automatically, and the checks every board must pass.
//!
//! * the published database's 36-character string (`o`/`.` empty, `x` wall, `A` red car,
//!   `B`..`Z` other vehicles), alone or as the first 36-character token of a line;
//! * the judge's matrix: R rows of C non-negative integers (`0` empty, `k` vehicle `k`, `1`
//!   the red car);
//! * a letter grid: R lines of C characters in the database's alphabet (past `Z`, the
//!   lower-case letters other than `o` and `x`), or one line with the rows separated by `/`.
//!
//! Sides are 4 to 12 cells. Text that is one line without `/`, or 6 rows whose first row has
//! 6 cells, is read by the 6×6 readers (`six.rs`), whose messages speak of 6 rows and
//! columns; any other shape by the R×C readers (`general.rs`). Both
//! read the text into cells that remember where they were written, and one function
//! (`build`) turns the cells into vehicles, walls and the exit, so every format and shape
//! gets the same checks and the same precise messages.
//!
//! The exit is on the right edge of the exit row: `--exit-row` when given (the red car must
//! then be in that row), else row 3 on a 6×6 board, else the red car's own row.

mod general;
mod six;

use super::board::{Board, Label, Vehicle, MAX_SIDE};
use super::puzzle::{Format, Puzzle};
use super::six::{EXIT_ROW, SIDE};
use crate::error::{describe_char, ParseError};

/// What one character or number of a board says is in its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    Empty,
    Wall,
    Piece(Label),
}

/// A cell and where the input wrote it (1-based line and column).
pub(crate) type Located = (Cell, usize, usize);

/// A board read but not yet checked: its cells (row-major), its shape and its format.
pub(crate) struct Read {
    pub cells: Vec<Located>,
    pub rows: usize,
    pub cols: usize,
    pub format: Format,
}

/// Parses one board of any shape in any format. `exit_row`: the 0-based exit row asked for
/// (`--exit-row`), `None` for the default (row 3 on 6×6, else the red car's row).
pub fn parse(text: &str, exit_row: Option<usize>) -> Result<Puzzle, ParseError> {
    let lines = board_lines(text);
    let one_line = lines.len() <= 1 && !lines.first().is_some_and(|(_, l)| l.contains('/'));
    let read = if one_line || general::shape(&lines) == (SIDE, SIDE) {
        six::read(&lines)?
    } else {
        general::read(&lines)?
    };
    build(read, exit_row)
}

/// Parses a 36-character database string (line 1, column 1 in messages).
pub fn parse_database(token: &str) -> Result<Puzzle, ParseError> {
    parse_database_at(token, 1, 1, None)
}

/// Parses the database string `token`, found at `line`, `column` of a longer text (a batch
/// file's line), with the exit row asked for.
pub fn parse_database_at(
    token: &str,
    line: usize,
    column: usize,
    exit_row: Option<usize>,
) -> Result<Puzzle, ParseError> {
    build(six::read_database(token, line, column)?, exit_row)
}

/// The non-blank lines of `text` with their 1-based numbers.
pub(crate) fn board_lines(text: &str) -> Vec<(usize, &str)> {
    crate::text::lines(text)
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect()
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

/// Turns R×C located cells (row-major) into a puzzle: every id one straight, unbroken run of
/// 2 or 3 cells, one red car at most, and the exit row.
fn build(read: Read, exit_row: Option<usize>) -> Result<Puzzle, ParseError> {
    let Read {
        cells,
        rows,
        cols,
        format,
    } = read;
    debug_assert_eq!(cells.len(), rows * cols);
    let mut walls = [0u16; MAX_SIDE];
    // labels in order of first appearance, each with its cell indices
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
    // the red car first: vehicle 0 in every position
    pieces.sort_by_key(|(label, _)| !label.is_red());
    let mut vehicles = Vec::with_capacity(pieces.len());
    let mut start = Vec::with_capacity(pieces.len());
    for (label, list) in &pieces {
        let (vehicle, offset) = vehicle(&cells, cols, *label, list)?;
        vehicles.push(vehicle);
        start.push(offset);
    }
    let exit = exit(&cells, rows, &vehicles, &pieces, exit_row)?;
    let board = Board::new(rows, cols, vehicles, walls, exit);
    Ok(Puzzle::new(board, start, format))
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
            _ if rows == SIDE && cells.len() == SIDE * SIDE => EXIT_ROW,
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
        parse(text, None).unwrap_err()
    }

    #[test]
    fn the_exit_row_follows_the_spec() {
        // 6x6: row 3 whatever the red car does
        let six_rows = "oooooo\nAAoooo\noooooo\noooooo\noooooo\noooooo\n";
        let p = parse(six_rows, None).unwrap();
        assert!(!p.board().can_exit());
        let p = parse(six_rows, Some(1)).unwrap();
        assert!(p.board().can_exit());
        assert_eq!(p.board().exit_row(), 1);
        // another shape: the red car's row; --exit-row elsewhere is an error
        let seven = "ooooooo\nooooooo\nooooooo\noooooAA\nooooooo\nooooooo\n";
        assert!(parse(seven, None).unwrap().board().can_exit());
        let e = parse(seven, Some(2)).unwrap_err();
        assert_eq!((e.line, e.column), (4, 6));
        assert!(e.found.contains("in row 4"), "{e}");
        let e = parse(seven, Some(6)).unwrap_err();
        assert!(e.expected.contains("the board has 6 rows"), "{e}");
        let e = parse("oooo\noooo\noooo\noBBo\n", Some(0)).unwrap_err();
        assert_eq!(e.found, "no red car");
        // a vertical red car on another shape can never leave
        let p = parse("oooAo\noooAo\nooooo\nooooo\n", None).unwrap();
        assert!(!p.board().can_exit());
        // a database string with another exit row: located in the string itself
        let e =
            parse_database_at("oooooooooooooAAooooooooooooooooooooo", 3, 5, Some(0)).unwrap_err();
        assert_eq!((e.line, e.column), (3, 5 + 13));
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
        // the same checks on 6x6, in the judge's numbers
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
    fn red_car_comes_first_and_walls_are_kept() {
        let p = parse("xBBoooooooooooooAAooooooooooooooooox", None).unwrap();
        let b = p.board();
        assert_eq!(b.vehicles()[0].label, Label::Letter('A'));
        assert!(b.is_wall(0, 0) && b.is_wall(5, 5));
        assert_eq!(p.start[0], 4);
    }
}
