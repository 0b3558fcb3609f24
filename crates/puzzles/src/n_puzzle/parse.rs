//! Reading boards (both shapes of SPEC §9), batch lines, `--size` and the judge output read
//! back by `gridlock verify`. Every problem is located by 1-based line and column (in
//! characters); CRLF, a byte-order mark and blank lines around the board are accepted.

use super::board::{Board, Shape, MAX_CELLS};
use crate::error::{describe_char, ParseError};
use crate::text;

/// One whitespace-separated word of a line, with its 1-based column.
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    column: usize,
    text: &'a str,
}

fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    for (column, (byte, c)) in (1..).zip(line.char_indices()) {
        if c.is_whitespace() {
            if let Some((b, col)) = start.take() {
                out.push(Word {
                    column: col,
                    text: &line[b..byte],
                });
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, col)) = start {
        out.push(Word {
            column: col,
            text: &line[b..],
        });
    }
    out
}

/// Column just after the last character of `line`.
fn end_column(line: &str) -> usize {
    line.chars().count() + 1
}

/// The expected input, for messages about an empty or ill-shaped file.
const EXPECTED_BOARD: &str =
    "a board: R lines of C numbers (0 the blank), or one line of k² numbers for a k×k board";

/// Reads one board. `size` (from `--size`) fixes the shape; otherwise R lines of C numbers
/// give an R×C board and a single line of k² numbers a k×k board.
pub fn parse_board(text: &str, size: Option<Shape>) -> Result<Board, ParseError> {
    let lines: Vec<&str> = text::lines(text).collect();
    let used = text::used(&lines, |l| l.trim().is_empty());
    let first = lines[..used]
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(used);
    if first == used {
        let line = lines.len().max(1);
        let column = lines.last().map_or(1, |l| end_column(l));
        return Err(ParseError::new(
            line,
            column,
            "end of input",
            EXPECTED_BOARD,
        ));
    }
    let rows: Vec<(usize, &str, Vec<Word>)> = (first..used)
        .map(|i| (i + 1, lines[i], words(lines[i])))
        .collect();
    if let Some((line, text, _)) = rows.iter().find(|(_, _, w)| w.is_empty()) {
        return Err(ParseError::new(
            *line,
            end_column(text),
            "a blank line inside the board",
            "the next row of numbers",
        ));
    }
    let shape = shape_of(&rows, size)?;
    let mut cells = Vec::with_capacity(shape.cells());
    for (line, _, words) in &rows {
        for w in words {
            cells.push((*line, *w));
        }
    }
    tiles(shape, &cells)
}

/// Decides the shape from the rows read, or checks them against `size`.
fn shape_of(rows: &[(usize, &str, Vec<Word>)], size: Option<Shape>) -> Result<Shape, ParseError> {
    let (line, text, first) = &rows[0];
    if rows.len() == 1 {
        let count = first.len();
        return match size {
            Some(s) if s.cells() == count => Ok(s),
            Some(s) if count > s.cells() => Err(ParseError::new(
                *line,
                first[s.cells()].column,
                format!("number {} of a line", s.cells() + 1),
                format!("{} numbers for a {s} board", s.cells()),
            )),
            Some(s) => Err(ParseError::new(
                *line,
                end_column(text),
                format!("end of line after {count} numbers"),
                format!(
                    "{} numbers for a {s} board (one line of {}, or {} lines of {})",
                    s.cells(),
                    s.cells(),
                    s.rows,
                    s.cols
                ),
            )),
            None if count > MAX_CELLS => Err(ParseError::new(
                *line,
                first[MAX_CELLS].column,
                format!("number {} of a line", MAX_CELLS + 1),
                format!("at most {MAX_CELLS} numbers (boards have at most {MAX_CELLS} cells)"),
            )),
            None => {
                let k = (2..=8).find(|k| k * k == count);
                k.and_then(|k| Shape::new(k, k)).ok_or_else(|| {
                    ParseError::new(
                        *line,
                        end_column(text),
                        format!("end of line after {count} numbers"),
                        "k² numbers on a single line (9 for the 8-puzzle, 16 for the 15-puzzle)",
                    )
                    .with_hint("for another shape give --size RxC, or write R lines of C numbers")
                })
            }
        };
    }
    let cols = size.map_or(first.len(), |s| s.cols as usize);
    let shape = match size {
        Some(s) => s,
        None => Shape::new(rows.len(), cols).ok_or_else(|| {
            let (line, text, _) = rows.last().expect("two rows or more");
            ParseError::new(
                *line,
                end_column(text),
                format!("a board of {} rows of {cols} numbers", rows.len()),
                format!("at least 2 rows and 2 columns, at most {MAX_CELLS} cells"),
            )
        })?,
    };
    for (k, (line, text, words)) in rows.iter().enumerate() {
        if k == shape.rows as usize {
            return Err(ParseError::new(
                *line,
                words[0].column,
                format!("row {}", k + 1),
                format!("nothing after the {} rows of a {shape} board", shape.rows),
            ));
        }
        if words.len() > cols {
            return Err(ParseError::new(
                *line,
                words[cols].column,
                format!("number {} of row {}", cols + 1, k + 1),
                format!("{cols} numbers in every row"),
            ));
        }
        if words.len() < cols {
            return Err(ParseError::new(
                *line,
                end_column(text),
                format!(
                    "end of row {} after {}",
                    k + 1,
                    crate::quantity(words.len(), "number")
                ),
                format!("{cols} numbers in every row"),
            ));
        }
    }
    if rows.len() < shape.rows as usize {
        let (line, _, _) = rows.last().expect("a row");
        return Err(ParseError::new(
            line + 1,
            1,
            format!("end of input after {}", crate::quantity(rows.len(), "row")),
            format!("{} rows for a {shape} board", shape.rows),
        ));
    }
    Ok(shape)
}

/// Reads the numbers of a board: each `0..cells` exactly once.
fn tiles(shape: Shape, cells: &[(usize, Word)]) -> Result<Board, ParseError> {
    let n = shape.cells();
    let expected = || format!("a tile number 0 to {} (0 the blank)", n - 1);
    let mut seen: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut tiles = Vec::with_capacity(n);
    for &(line, w) in cells {
        if let Some((i, c)) = w.text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            let column = w.column + w.text[..i].chars().count();
            return Err(ParseError::new(line, column, describe_char(c), expected()));
        }
        let value = w.text.parse::<usize>().ok().filter(|&v| v < n);
        let Some(value) = value else {
            return Err(ParseError::new(
                line,
                w.column,
                format!("{} (a {shape} board has tiles 1 to {})", w.text, n - 1),
                expected(),
            ));
        };
        if let Some((l, c)) = seen[value] {
            return Err(ParseError::new(
                line,
                w.column,
                format!("a second {value} (the first is at line {l}, column {c})"),
                format!("every number 0 to {} exactly once (a {shape} board)", n - 1),
            ));
        }
        seen[value] = Some((line, w.column));
        tiles.push(value as u8);
    }
    Ok(Board::new(shape, tiles).expect("each number once, in range"))
}

/// Reads one line of `--batch` input: its last R·C words are the board (R·C from `size`,
/// else the largest square from 9 up not above the line's word count), so that rows
/// `ID OPTIMAL t0 t1 ...` are accepted. `None` for a blank line.
pub fn parse_batch_line(
    text: &str,
    line: usize,
    size: Option<Shape>,
) -> Result<Option<Board>, ParseError> {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let text = text.trim_end_matches(['\n', '\r']);
    let all = words(text);
    if all.is_empty() {
        return Ok(None);
    }
    let shape = match size {
        Some(s) => s,
        None => {
            let k = (3..=8).rev().find(|k| k * k <= all.len());
            match k {
                Some(k) => Shape::new(k, k).expect("a legal square"),
                None => {
                    return Err(ParseError::new(
                        line,
                        end_column(text),
                        format!("end of line after {}", crate::quantity(all.len(), "word")),
                        "at least 9 numbers (a 3×3 board) at the end of the line",
                    )
                    .with_hint("for boards of another shape give --size RxC"))
                }
            }
        }
    };
    if all.len() < shape.cells() {
        return Err(ParseError::new(
            line,
            end_column(text),
            format!("end of line after {}", crate::quantity(all.len(), "word")),
            format!("{} numbers for a {shape} board", shape.cells()),
        ));
    }
    let cells: Vec<(usize, Word)> = all[all.len() - shape.cells()..]
        .iter()
        .map(|&w| (line, w))
        .collect();
    tiles(shape, &cells).map(Some)
}

/// Reads `--size RxC` (also `R×C`).
pub fn parse_size(text: &str) -> Result<Shape, String> {
    let bad =
        || format!("expected RxC with 2 ≤ R, C and R·C ≤ {MAX_CELLS} (e.g. 4x4), found `{text}`");
    let (r, c) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let r: usize = r.trim().parse().map_err(|_| bad())?;
    let c: usize = c.trim().parse().map_err(|_| bad())?;
    Shape::new(r, c).ok_or_else(bad)
}

/// A judge output read back: the announced count and each listed tile with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionFile {
    /// The first number: the move count, or `-1` for "no solution".
    pub count: i64,
    /// Each following number with its 1-based line.
    pub tiles: Vec<(usize, u64)>,
}

/// Reads the judge output: a count, then one tile number per line (blank lines skipped).
pub fn parse_solution(text: &str) -> Result<SolutionFile, ParseError> {
    let mut count = None;
    let mut tiles = Vec::new();
    let mut last = (1, 1);
    for (i, line) in text::lines(text).enumerate() {
        let ws = words(line);
        last = (i + 1, end_column(line));
        let Some(w) = ws.first() else { continue };
        if let Some(extra) = ws.get(1) {
            return Err(ParseError::new(
                i + 1,
                extra.column,
                format!("a second number `{}`", extra.text),
                "one number per line",
            ));
        }
        match count {
            None => {
                let n = w.text.parse::<i64>().map_err(|_| {
                    ParseError::new(
                        i + 1,
                        w.column,
                        format!("`{}`", w.text),
                        "the move count (or -1)",
                    )
                })?;
                count = Some(n);
            }
            Some(_) => {
                let t = w.text.parse::<u64>().map_err(|_| {
                    ParseError::new(i + 1, w.column, format!("`{}`", w.text), "a tile number")
                })?;
                tiles.push((i + 1, t));
            }
        }
    }
    let count = count.ok_or_else(|| {
        ParseError::new(
            last.0,
            last.1,
            "end of input",
            "the move count (or -1), then one tile per line",
        )
    })?;
    Ok(SolutionFile { count, tiles })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(e: ParseError) -> (usize, usize) {
        (e.line, e.column)
    }

    #[test]
    fn both_shapes_and_size() {
        let b = parse_board("1 2 3\n4 5 6\n7 8 0\n", None).unwrap();
        assert_eq!(b.shape, Shape::new(3, 3).unwrap());
        let flat = parse_board("\u{FEFF}1 2 3 4 5 6 7 8 0\r\n\n", None).unwrap();
        assert_eq!(flat, b);
        let wide = parse_board("1 2 3 4\n5 6 7 0\n", None).unwrap();
        assert_eq!(wide.shape, Shape::new(2, 4).unwrap());
        let sized = parse_board("1 2 3 4 5 0", Some(Shape::new(2, 3).unwrap())).unwrap();
        assert_eq!(sized.tiles, [1, 2, 3, 4, 5, 0]);
        assert!(parse_board("1 2 3 4 5 0", None).is_err());
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(at(parse_board("", None).unwrap_err()), (1, 1));
        assert_eq!(
            at(parse_board("1 2 3\n4 5 6\n7 8 8\n", None).unwrap_err()),
            (3, 5)
        );
        assert_eq!(
            at(parse_board("1 2 3\n4 x 6\n7 8 0\n", None).unwrap_err()),
            (2, 3)
        );
        assert_eq!(
            at(parse_board("1 2 3\n4 5\n7 8 0\n", None).unwrap_err()),
            (2, 4)
        );
        assert_eq!(
            at(parse_board("1 2 3\n4 5 6 9\n7 8 0\n", None).unwrap_err()),
            (2, 7)
        );
        assert_eq!(
            at(parse_board("1 2 3\n4 5 6\n7 8 9\n", None).unwrap_err()),
            (3, 5)
        );
        assert_eq!(
            at(parse_board("1 2 3\n\n4 5 6\n", None).unwrap_err()),
            (2, 1)
        );
        assert_eq!(at(parse_board("1 2 -3 0", None).unwrap_err()), (1, 5));
        let e = parse_board("0 1 2 3 4", None).unwrap_err();
        assert!(e.hint.unwrap().contains("--size"));
        assert!(parse_board("0\n1\n", None).is_err()); // 2x1 is no board
    }

    #[test]
    fn batch_lines_take_the_last_numbers() {
        let b = parse_batch_line("1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n", 1, None)
            .unwrap()
            .unwrap();
        assert_eq!(b.shape, Shape::new(4, 4).unwrap());
        assert_eq!(b.tiles[0], 14);
        assert_eq!(parse_batch_line("  \r\n", 1, None).unwrap(), None);
        let e = parse_batch_line("1 2 3", 7, None).unwrap_err();
        assert_eq!(e.line, 7);
        let b = parse_batch_line("x 1 2 3 4 5 0", 1, Some(Shape::new(2, 3).unwrap()));
        assert_eq!(b.unwrap().unwrap().tiles, [1, 2, 3, 4, 5, 0]);
    }

    #[test]
    fn sizes_and_solutions() {
        assert_eq!(parse_size("3x4"), Ok(Shape::new(3, 4).unwrap()));
        assert!(
            parse_size("1x4").is_err() && parse_size("9x9").is_err() && parse_size("4").is_err()
        );
        let s = parse_solution("2\n8\n\n5\n").unwrap();
        assert_eq!(
            s,
            SolutionFile {
                count: 2,
                tiles: vec![(2, 8), (4, 5)]
            }
        );
        assert_eq!(at(parse_solution("2\n8 5\n").unwrap_err()), (2, 3));
        assert_eq!(at(parse_solution("two\n").unwrap_err()), (1, 1));
        assert!(parse_solution("").is_err());
        assert_eq!(parse_solution("-1\n").unwrap().count, -1);
    }
}
