//! The judge input: one line per row, `#` wall, `.` empty, `1`..`9` a piece of that type.

use super::board::{Puzzle, MAX_SIDE, WALL};
use crate::error::{describe_char, ParseError};

const CELLS: &str = "'#' (wall), '.' (empty) or a piece digit 1-9";

/// Parses a level. Accepts CRLF line endings, a missing final newline, a UTF-8 byte-order
/// mark and trailing blank lines; rejects everything else that is not a rectangular board of at most
/// [`MAX_SIDE`]×[`MAX_SIDE`] cells with at least one piece, naming line and column.
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    let lines: Vec<&str> = crate::text::lines(text).collect();
    // Trailing blank lines (including the empty string after a final newline) are not rows.
    let used = crate::text::used(&lines, str::is_empty);
    if used == 0 {
        return Err(
            ParseError::new(1, 1, "end of input", format!("a board row of {CELLS}"))
                .with_hint("the input is empty"),
        );
    }
    let mut grid = Vec::new();
    let mut width = 0;
    for (li, line) in lines[..used].iter().enumerate() {
        let lno = li + 1;
        if lno > MAX_SIDE {
            return Err(ParseError::new(
                lno,
                1,
                format!("row {lno}"),
                format!("end of input (a board has at most {MAX_SIDE} rows)"),
            ));
        }
        if line.is_empty() {
            return Err(ParseError::new(
                lno,
                1,
                "an empty line",
                format!("a board row of {CELLS}"),
            )
            .with_hint("rows must follow each other without blank lines"));
        }
        let mut count = 0;
        for (ci, ch) in line.chars().enumerate() {
            let col = ci + 1;
            if li > 0 && col > width {
                return Err(ParseError::new(
                    lno,
                    col,
                    describe_char(ch),
                    format!("end of line (row 1 has {width} cells; all rows must be as wide)"),
                ));
            }
            if col > MAX_SIDE {
                return Err(ParseError::new(
                    lno,
                    col,
                    describe_char(ch),
                    format!("end of line (a board has at most {MAX_SIDE} columns)"),
                ));
            }
            let code = match ch {
                '#' => WALL,
                '.' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => {
                    let mut e = ParseError::new(lno, col, describe_char(ch), CELLS);
                    if ch == '0' {
                        e = e.with_hint("piece types are 1 to 9");
                    } else if ch == ' ' || ch == '\t' {
                        e = e.with_hint("cells are written without spaces between them");
                    } else if ch == '\r' {
                        e = e.with_hint("a carriage return is only allowed at the end of a line");
                    }
                    return Err(e);
                }
            };
            grid.push(code);
            count += 1;
        }
        if li == 0 {
            width = count;
        } else if count < width {
            return Err(ParseError::new(
                lno,
                count + 1,
                "end of line",
                format!(
                    "{} more: row 1 has {width} cells and all rows must be as wide",
                    crate::quantity(width - count, "cell")
                ),
            ));
        }
    }
    if !grid.iter().any(|&c| (1..=9).contains(&c)) {
        return Err(ParseError::new(
            1,
            1,
            "a board without any piece",
            "at least one piece digit 1-9",
        )
        .with_hint("an empty board has nothing to solve"));
    }
    Ok(Puzzle::new(used, width, grid))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse(text).unwrap_err()
    }

    #[test]
    fn accepts_crlf_missing_newline_and_trailing_blank_lines() {
        for text in [
            "#1.1#\n",
            "#1.1#",
            "#1.1#\r\n",
            "#1.1#\n\n\n",
            "\u{FEFF}#1.1#\n",
        ] {
            let p = parse(text).unwrap();
            assert_eq!((p.rows, p.cols, p.piece_count()), (1, 5, 2), "{text:?}");
        }
    }

    #[test]
    fn rejects_bad_input_with_line_and_column() {
        let e = err("#1.#\n#.Q#\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 3, "'Q'"));
        let e = err("#1..#\n#..#\n");
        assert_eq!((e.line, e.column), (2, 5));
        assert!(e.expected.contains("row 1 has 5 cells"), "{e}");
        let e = err("#1.#\n#...#\n");
        assert_eq!((e.line, e.column), (2, 5));
        let e = err("");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 1, "end of input"));
        let e = err("\n\r\n");
        assert_eq!(e.found, "end of input");
        let e = err("#..#\n#..#\n");
        assert!(e.expected.contains("at least one piece"), "{e}");
        let e = err("#1.\n\n#.1\n");
        assert_eq!((e.line, e.found.as_str()), (2, "an empty line"));
        let e = err("1 1\n");
        assert_eq!((e.line, e.column), (1, 2));
        let e = err("101\n");
        assert!(e.hint.unwrap().contains("1 to 9"));
    }

    #[test]
    fn rejects_boards_over_sixteen() {
        let wide = format!("1{}\n", ".".repeat(16));
        let e = err(&wide);
        assert_eq!((e.line, e.column), (1, 17));
        let tall = "1\n".repeat(17);
        let e = err(&tall);
        assert_eq!((e.line, e.column), (17, 1));
        let max = format!("{}\n", "1".repeat(16)).repeat(16);
        assert!(parse(&max).is_ok());
    }
}
