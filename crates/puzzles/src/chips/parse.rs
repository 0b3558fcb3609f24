//! Reading the judge input (8 letters) and the judge output (for `gridlock verify`).
//!
//! Both readers accept CRLF line endings, a missing final newline and a leading UTF-8 byte
//! order mark, and locate every problem by 1-based line and column (in characters).

use super::board::{Chip, Position};
use crate::error::{describe_char, ParseError};

const EXPECTED_BOARD: &str = "8 letters R or B (the chips of cells 0 to 7), e.g. BRRBBRBR";

/// Tracks the 1-based line and column of the character being read.
struct Cursor {
    line: usize,
    column: usize,
}

impl Cursor {
    fn advance(&mut self, c: char) {
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }
}

fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{FEFF}').unwrap_or(text)
}

fn describe_end(c: char) -> String {
    if c == '\r' {
        "end of line".to_string()
    } else {
        describe_char(c)
    }
}

/// Reads the judge input: exactly 8 letters from `RB`, with any whitespace (blank lines
/// included) around them but none inside.
pub fn parse_board(text: &str) -> Result<Position, ParseError> {
    let mut at = Cursor { line: 1, column: 1 };
    let mut ring = Vec::with_capacity(8);
    for c in strip_bom(text).chars() {
        let letter = match c {
            'R' => Some(Chip::Red),
            'B' => Some(Chip::Blue),
            _ => None,
        };
        match letter {
            Some(chip) if ring.len() < 8 => ring.push(chip),
            _ if c.is_whitespace() && (ring.is_empty() || ring.len() == 8) => {}
            _ if ring.len() == 8 => {
                let what = if letter.is_some() {
                    format!("a 9th letter {}", describe_char(c))
                } else {
                    describe_char(c)
                };
                return Err(ParseError::new(
                    at.line,
                    at.column,
                    what,
                    "nothing after the 8 letters but whitespace",
                ));
            }
            _ => {
                let err = ParseError::new(
                    at.line,
                    at.column,
                    describe_end(c),
                    format!("R or B (letter {} of 8)", ring.len() + 1),
                );
                return Err(match c {
                    'r' | 'b' => err.with_hint("chips are written as capital R and B"),
                    c if c.is_whitespace() => err.with_hint(format!(
                        "the board is one word of 8 letters; only {} came before this",
                        ring.len()
                    )),
                    _ => err,
                });
            }
        }
        at.advance(c);
    }
    let ring: [Chip; 8] = ring.try_into().map_err(|short: Vec<Chip>| {
        let found = if short.is_empty() {
            "end of input (no board)".to_string()
        } else {
            format!(
                "end of input after {}",
                crate::quantity(short.len(), "letter")
            )
        };
        ParseError::new(at.line, at.column, found, EXPECTED_BOARD)
    })?;
    Ok(Position::start(ring))
}

/// A solution file as written, before it is replayed: the announced number of moves and
/// every listed cell number, each with its line.
///
/// Any integer is well-formed here (`-1`, `9`, `-7`, numbers too large for 64 bits, which
/// saturate); whether it makes sense is the verifier's call, so that a wrong answer is
/// reported as `invalid` with its line rather than as an unreadable file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionFile {
    /// The first line: the number of moves, or `-1` for "no solution".
    pub count: i64,
    /// Each following line's number, with its 1-based line number.
    pub moves: Vec<(usize, i64)>,
}

/// Reads a judge output: one integer per line, the first being the move count. Blank lines
/// are allowed only at the end; surrounding spaces and tabs on a line are ignored.
pub fn parse_solution(text: &str) -> Result<SolutionFile, ParseError> {
    let mut lines: Vec<&str> = crate::text::lines(text).collect();
    lines.truncate(crate::text::used(&lines, |l| l.trim().is_empty()));
    if lines.is_empty() {
        return Err(ParseError::new(
            1,
            1,
            "end of input (an empty file)",
            "the number of moves on line 1",
        ));
    }
    let mut numbers = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let what = if i == 0 {
            "the number of moves (or -1)"
        } else {
            "a cell number 0-8"
        };
        numbers.push((i + 1, parse_integer(line, i + 1, what)?));
    }
    let count = numbers[0].1;
    Ok(SolutionFile {
        count,
        moves: numbers.split_off(1),
    })
}

/// One integer alone on a line, optionally signed and surrounded by spaces or tabs.
fn parse_integer(line: &str, number: usize, what: &str) -> Result<i64, ParseError> {
    let chars: Vec<char> = line.chars().collect();
    let start = chars.iter().position(|c| !c.is_whitespace());
    let Some(start) = start else {
        return Err(ParseError::new(number, 1, "an empty line", what)
            .with_hint("blank lines are allowed only at the end of the file"));
    };
    let mut end = start;
    if matches!(chars[end], '-' | '+') {
        end += 1;
    }
    let digits_from = end;
    while end < chars.len() && chars[end].is_ascii_digit() {
        end += 1;
    }
    if end == digits_from {
        let found = chars
            .get(end)
            .map_or("end of line".to_string(), |&c| describe_char(c));
        return Err(ParseError::new(number, end + 1, found, what));
    }
    if let Some(rest) = (end..chars.len()).find(|&j| !chars[j].is_whitespace()) {
        return Err(ParseError::new(
            number,
            rest + 1,
            describe_char(chars[rest]),
            "end of line (one number per line)",
        ));
    }
    let token: String = chars[start..end].iter().collect();
    Ok(token.parse::<i64>().unwrap_or(if chars[start] == '-' {
        i64::MIN
    } else {
        i64::MAX
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse_board(text).unwrap_err()
    }

    #[test]
    fn board_with_surrounding_whitespace_crlf_and_bom() {
        let expected = parse_board("BRRBBRBR").unwrap();
        for text in [
            "BRRBBRBR\n",
            "BRRBBRBR\r\n",
            "  \n\t BRRBBRBR  \r\n\r\n",
            "\u{FEFF}BRRBBRBR\n",
        ] {
            assert_eq!(parse_board(text), Ok(expected), "{text:?}");
        }
        assert_eq!(expected.cells(), "BRRBBRBR.");
    }

    #[test]
    fn board_errors_say_where_and_what() {
        let e = err("");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.expected.contains("8 letters"), "{e}");
        let e = err("BRRB\n");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 5, "end of line"));
        let e = err("BRRB");
        assert_eq!((e.line, e.column), (1, 5));
        assert!(e.found.contains("after 4 letters"), "{e}");
        let e = err("\n  BRXBBRBR");
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 5, "'X'"));
        let e = err("BRRBBRBRB");
        assert_eq!((e.line, e.column), (1, 9));
        assert!(e.found.contains("9th letter"), "{e}");
        let e = err("BRRB BRBR");
        assert_eq!((e.line, e.column), (1, 5));
        assert!(e.expected.contains("letter 5 of 8"), "{e}");
        let e = err("brrbbrbr");
        assert!(e.hint.unwrap().contains("capital"));
        let e = err("BRRBBRBR\nBRRBBRBR");
        assert_eq!((e.line, e.column), (2, 1));
        let e = err("BRRB\r\nBRBR");
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 5, "end of line"));
        let e = err("BR\u{0}RBBRBR");
        assert_eq!(e.column, 3);
        assert!(e.found.contains("U+0000"));
    }

    #[test]
    fn solution_file_reads_count_and_moves_with_lines() {
        let s = parse_solution("4\r\n1\n 2 \n3\n8\n\n\n").unwrap();
        assert_eq!(s.count, 4);
        assert_eq!(s.moves, vec![(2, 1), (3, 2), (4, 3), (5, 8)]);
        let s = parse_solution("-1").unwrap();
        assert_eq!((s.count, s.moves.len()), (-1, 0));
        let s = parse_solution("2\n99999999999999999999999\n-7").unwrap();
        assert_eq!(s.moves, vec![(2, i64::MAX), (3, -7)]);
    }

    #[test]
    fn solution_file_errors_say_where_and_what() {
        let e = parse_solution("\n \n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse_solution("four\n").unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (1, 1, "'f'"));
        let e = parse_solution("2\n1 2\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse_solution("2\n1\n\n2\n").unwrap_err();
        assert_eq!((e.line, e.found.as_str()), (3, "an empty line"));
        let e = parse_solution("1\n-\n").unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (2, 2, "end of line"));
    }
}
