//! Reading levels (SPEC §13): XSB rows (`#` wall, space, `-` or `_` floor, `.` goal, `$`
//! box, `*` box on goal, `@` player, `+` player on goal), run-length rows (`4#`, `|` between
//! rows) and collections.
//!
//! A line is a *board row* when, run lengths expanded, it holds only those symbols and at
//! least one wall (every row of a closed level has one). Any other line separates levels: a
//! blank line, a title, `; 12`, `Title: ...`, a comment. A level's name is the last
//! non-blank separator line between the previous level and it, with a leading `;` and
//! `Title:` removed. A line that starts with `#` but holds a symbol outside the alphabet is
//! an error, not a title: it is a board row with a typo. Cells the player could not reach
//! with every box removed are outside the level: what they hold is scenery (drawn, never
//! counted).

use super::board::{Level, Position, MAX_SIDE};
use crate::error::{describe_char, ParseError};
use crate::text;

/// One cell as read, with where it came from (for messages).
#[derive(Clone, Copy, Debug)]
struct Cell {
    symbol: char,
    line: usize,
    column: usize,
}

/// What a line of input is.
enum Line {
    Blank,
    Board(Vec<Vec<Cell>>),
    Text,
}

const SYMBOLS: &str = "# -_.$*@+";
const EXPECTED_SYMBOL: &str = "a board symbol (# wall, space, - or _ floor, . goal, $ box, \
                               * box on goal, @ player, + player on goal)";

/// Expands one line's run lengths into rows of cells (`|` starts a new row).
fn expand(line: &str, line_no: usize) -> Result<Vec<Vec<Cell>>, ParseError> {
    let mut rows = vec![Vec::new()];
    let mut run: Option<usize> = None;
    let mut last = 0;
    for (i, ch) in line.chars().enumerate() {
        let column = i + 1;
        last = column;
        if let Some(d) = ch.to_digit(10) {
            let n = run.unwrap_or(0) * 10 + d as usize;
            if n > MAX_SIDE {
                return Err(ParseError::new(
                    line_no,
                    column,
                    format!("a run length above {MAX_SIDE}"),
                    format!("a run length of at most {MAX_SIDE} cells (rows are at most {MAX_SIDE} cells)"),
                ));
            }
            run = Some(n);
            continue;
        }
        if ch == '|' {
            let expected = if run.is_some() {
                "a board symbol after the run length"
            } else {
                "at least one cell in each row ('|' ends a row)"
            };
            if run.is_some() || rows.last().is_some_and(Vec::is_empty) {
                return Err(ParseError::new(line_no, column, "'|'", expected));
            }
            rows.push(Vec::new());
            continue;
        }
        if !SYMBOLS.contains(ch) {
            return Err(ParseError::new(
                line_no,
                column,
                describe_char(ch),
                EXPECTED_SYMBOL,
            ));
        }
        let n = run.take().unwrap_or(1);
        if n == 0 {
            return Err(ParseError::new(
                line_no,
                column - 1,
                "a run length of 0",
                "a run length of at least 1",
            ));
        }
        let symbol = if ch == '-' || ch == '_' { ' ' } else { ch };
        let row = rows.last_mut().expect("at least one row");
        row.extend((0..n).map(|_| Cell {
            symbol,
            line: line_no,
            column,
        }));
    }
    if run.is_some() || (rows.len() > 1 && rows.last().is_some_and(Vec::is_empty)) {
        let expected = if run.is_some() {
            "a board symbol after the run length"
        } else {
            "at least one cell after the last '|'"
        };
        return Err(ParseError::new(line_no, last + 1, "end of line", expected));
    }
    Ok(rows)
}

fn classify(line: &str, line_no: usize) -> Result<Line, ParseError> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Ok(Line::Blank);
    }
    let looks_like_board = trimmed.starts_with('#')
        || (trimmed.contains('#')
            && trimmed
                .chars()
                .all(|c| SYMBOLS.contains(c) || c.is_ascii_digit() || c == '|'));
    let wall = |row: &Vec<Cell>| row.iter().any(|c| c.symbol == '#');
    match expand(line, line_no) {
        Ok(rows) if rows.iter().all(wall) => Ok(Line::Board(rows)),
        Ok(rows) if rows.iter().any(wall) => {
            // one `|`-separated row without a wall: every row of a closed level has one
            let bare = rows
                .iter()
                .find(|r| !wall(r))
                .expect("a row without a wall");
            Err(ParseError::new(
                line_no,
                bare[0].column,
                "a row without a wall",
                "at least one wall in each row (every row of a closed level has one)",
            ))
        }
        Ok(_) => Ok(Line::Text),
        Err(e) if looks_like_board => Err(e),
        Err(_) => Ok(Line::Text),
    }
}

/// A separator line as a level name: `; 12` → `12`, `Title: Lost` → `Lost`.
fn name_of(line: &str) -> Option<String> {
    let mut name = line.trim();
    name = name.strip_prefix(';').unwrap_or(name).trim();
    if name
        .get(..6)
        .is_some_and(|t| t.eq_ignore_ascii_case("title:"))
    {
        name = name[6..].trim();
    }
    (!name.is_empty()).then(|| name.to_string())
}

/// Every level of a collection, in file order. Any malformed level fails the whole input.
pub fn parse_collection(text: &str) -> Result<Vec<Level>, ParseError> {
    let mut levels = Vec::new();
    // the rows of the level being read, each with its input line (a run-length line of
    // `|`-separated rows gives them all its number; a row may be empty: `||`)
    let mut rows: Vec<(usize, Vec<Cell>)> = Vec::new();
    let mut title: Option<String> = None;
    let mut name: Option<String> = None;
    let mut lines = 0;
    for (i, line) in text::lines(text).enumerate() {
        lines = i + 1;
        let kind = classify(line, i + 1)?;
        if !matches!(kind, Line::Board(_)) && !rows.is_empty() {
            levels.push(build(std::mem::take(&mut rows), name.take())?);
        }
        match kind {
            Line::Board(more) => {
                if rows.is_empty() {
                    name = title.take();
                }
                rows.extend(more.into_iter().map(|r| (i + 1, r)));
            }
            Line::Text => title = name_of(line).or(title),
            Line::Blank => {}
        }
    }
    if !rows.is_empty() {
        levels.push(build(rows, name)?);
    }
    if levels.is_empty() {
        return Err(ParseError::new(
            lines.max(1),
            1,
            "no board rows",
            "a Sokoban level (rows of # wall, space floor, . goal, $ box, * box on goal, \
             @ player, + player on goal)",
        ));
    }
    Ok(levels)
}

/// The one level of `text`, or with `pick = Some(n)` its `n`-th level (1-based).
pub fn parse_level(text: &str, pick: Option<usize>) -> Result<Level, ParseError> {
    let mut levels = parse_collection(text)?;
    let count = levels.len();
    match pick {
        None if count == 1 => Ok(levels.remove(0)),
        None => Err(ParseError::new(
            levels[1].line,
            1,
            format!("a second level (the input holds {count} levels)"),
            "one level",
        )
        .with_hint("pick one with --level N, or solve them all with --batch")),
        Some(n) if (1..=count).contains(&n) => Ok(levels.swap_remove(n - 1)),
        Some(n) => Err(ParseError::new(
            1,
            1,
            format!("{count} level{}", if count == 1 { "" } else { "s" }),
            format!("a level {n} (--level {n})"),
        )),
    }
}

/// Checks one level's rows and builds it: size, one player, a closed area, as many boxes
/// as goals in it (at least one). What lies outside the area is scenery, not part of the
/// level (collections draw walled-off `*` as decoration).
fn build(rows: Vec<(usize, Vec<Cell>)>, name: Option<String>) -> Result<Level, ParseError> {
    let first = rows[0].0;
    if let Some((line, _)) = rows.get(MAX_SIDE) {
        return Err(ParseError::new(
            *line,
            1,
            format!("row {}", MAX_SIDE + 1),
            format!("at most {MAX_SIDE} rows in a level"),
        ));
    }
    let rows: Vec<Vec<Cell>> = rows.into_iter().map(|(_, r)| r).collect();
    if let Some(cell) = rows.iter().find_map(|r| r.get(MAX_SIDE)) {
        return Err(ParseError::new(
            cell.line,
            cell.column,
            format!("cell {} of a row", MAX_SIDE + 1),
            format!("at most {MAX_SIDE} cells in a row"),
        ));
    }
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let grid: Vec<Option<Cell>> = rows
        .iter()
        .flat_map(|r| (0..cols).map(move |c| r.get(c).copied()))
        .collect();
    let symbol = |cell: usize| grid[cell].map_or(' ', |c| c.symbol);
    let players: Vec<usize> = (0..grid.len())
        .filter(|&c| matches!(symbol(c), '@' | '+'))
        .collect();
    let player = match players.as_slice() {
        [] => {
            return Err(ParseError::new(
                first,
                1,
                "a level without a player",
                "a player ('@', or '+' on a goal)",
            ))
        }
        [one] => *one,
        [_, second, ..] => {
            let c = grid[*second].expect("a player is a cell read");
            return Err(ParseError::new(
                c.line,
                c.column,
                "a second player",
                "exactly one player in the level",
            ));
        }
    };
    let floor = flood(&grid, rows.len(), cols, player)?;
    let inside = |cell: usize, symbols: &str| floor[cell] && symbols.contains(symbol(cell));
    let boxes: Vec<bool> = (0..grid.len()).map(|c| inside(c, "$*")).collect();
    let goal: Vec<bool> = (0..grid.len()).map(|c| inside(c, ".*+")).collect();
    let (nb, ng) = (
        boxes.iter().filter(|&&b| b).count(),
        goal.iter().filter(|&&g| g).count(),
    );
    if nb != ng || nb == 0 {
        return Err(ParseError::new(
            first,
            1,
            format!(
                "{nb} box{} and {ng} goal{}",
                if nb == 1 { "" } else { "es" },
                if ng == 1 { "" } else { "s" }
            ),
            "as many boxes as goals, at least one",
        ));
    }
    Ok(Level {
        name,
        line: first,
        rows: rows.len(),
        cols,
        outside: (0..grid.len())
            .map(|c| if floor[c] { ' ' } else { symbol(c) })
            .collect(),
        floor,
        goal,
        start: Position { player, boxes },
    })
}

/// The player's area: every cell reachable from the player through cells that are not
/// walls. Reaching the grid's edge, or a cell past the end of a shorter row, means the
/// area is open.
fn flood(
    grid: &[Option<Cell>],
    rows: usize,
    cols: usize,
    player: usize,
) -> Result<Vec<bool>, ParseError> {
    let mut seen = vec![false; grid.len()];
    let mut queue = vec![player];
    seen[player] = true;
    let mut head = 0;
    while let Some(&cell) = queue.get(head) {
        head += 1;
        let (r, c) = (cell / cols, cell % cols);
        let next = [
            (c > 0).then(|| cell - 1),
            (r > 0).then(|| cell - cols),
            (c + 1 < cols).then(|| cell + 1),
            (r + 1 < rows).then(|| cell + cols),
        ];
        for n in next {
            let open = match n {
                None => true,
                Some(n) => grid[n].is_none(),
            };
            if open {
                let here = grid[cell].expect("the area holds cells read");
                return Err(ParseError::new(
                    here.line,
                    here.column,
                    "an opening next to this cell (the player could walk off the level)",
                    "the player's area closed by walls",
                ));
            }
            let n = n.expect("not open");
            if !seen[n] && grid[n].is_some_and(|c| c.symbol != '#') {
                seen[n] = true;
                queue.push(n);
            }
        }
    }
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        parse_collection(text).unwrap_err()
    }

    #[test]
    fn run_lengths_and_bars_read_as_rows() {
        let plain = parse_level("#####\n#@$.#\n#####\n", None).unwrap();
        let rle = parse_level("5#|#@$.#|5#", None).unwrap();
        assert_eq!(plain.draw(&plain.start), rle.draw(&rle.start));
        let dashes = parse_level("#####\n#@-$.#\n######", None).unwrap();
        assert_eq!(dashes.draw(&dashes.start)[1], "#@ $.#");
        let runs = parse_level("6#\n#@2-$.#\n8#", None).unwrap();
        assert_eq!(runs.draw(&runs.start)[1], "#@  $.#");
    }

    #[test]
    fn collections_name_levels_after_the_line_before_them() {
        let text = "Title: one\n\n####\n#@$.#\n#####\n; 2\n#####\n#.$@#\n#####\nAuthor: x\n";
        let levels = parse_collection(text).unwrap();
        assert_eq!(levels.len(), 2);
        assert_eq!(levels[0].name.as_deref(), Some("one"));
        assert_eq!(levels[1].name.as_deref(), Some("2"));
        assert_eq!(levels[1].line, 7);
        // an empty run-length row, and a title cut inside a multi-byte character (both
        // found by fuzzing)
        assert!(parse_collection(";#|#@$.#|5#\n|5#\n_ __#\n######\n").is_err());
        let e = parse_collection("|5#|#@$.#|5#").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = parse_collection("5#|#@$.#||5#").unwrap_err();
        assert_eq!((e.line, e.column), (1, 10));
        let e = parse_collection("5#|#@$.#|5#|").unwrap_err();
        assert_eq!((e.line, e.column), (1, 13));
        // a run-length row without a wall (drawn back it would be a blank line)
        let e = parse_collection("5#|#@$.#|5#|3-").unwrap_err();
        assert_eq!((e.line, e.column), (1, 14));
        assert_eq!(
            name_of("5#it\u{feff} tw#####").as_deref(),
            Some("5#it\u{feff} tw#####")
        );
        assert_eq!(name_of("TITLE:  Lost ").as_deref(), Some("Lost"));
        let e = parse_level(text, None).unwrap_err();
        assert_eq!((e.line, e.column), (7, 1));
        assert_eq!(parse_level(text, Some(2)).unwrap().line, 7);
        assert!(parse_level(text, Some(3)).is_err());
        assert!(parse_level(text, Some(0)).is_err());
    }

    #[test]
    fn solution_lines_after_levels_are_metadata() {
        // collections store a solution after each level, run-length and comma-separated
        let text = ";1\n#####\n#@$.#\n#####\nSolution: 1-1R1,2-3r2\n\n;2\n#####\n#.$@#\n#####\n\
                    Solution: lL\n";
        let levels = parse_collection(text).unwrap();
        assert_eq!(levels.len(), 2);
        assert_eq!(levels[0].name.as_deref(), Some("1"));
        assert_eq!(levels[1].name.as_deref(), Some("2"));
        assert_eq!((levels[0].line, levels[1].line), (2, 8));
        assert_eq!(levels[1].box_count(), 1);
    }

    #[test]
    fn boxoban_files_read() {
        let text = "; 0\n##########\n######## #\n#######  #\n#######$ #\n#######  #\n\
                    ######. .#\n###### $.#\n#####  #$#\n#####. $@#\n##########\n\n; 1\n";
        let levels = parse_collection(text).unwrap();
        assert_eq!(levels.len(), 1);
        assert_eq!(levels[0].name.as_deref(), Some("0"));
        assert_eq!((levels[0].rows, levels[0].cols), (10, 10));
        assert_eq!(levels[0].box_count(), 4);
    }

    #[test]
    fn bad_levels_are_located() {
        let e = err("#####\n# $.#\n#####");
        assert_eq!((e.line, e.column), (1, 1));
        assert!(e.expected.contains("player"));
        let e = err("#####\n#@$.#\n#@ .#\n#####");
        assert_eq!((e.line, e.column), (3, 2));
        let e = err("#####\n#@$.#\n#$  #\n#####");
        assert_eq!(e.found, "2 boxes and 1 goal");
        let e = err("#####\n#@$.#\n#   \n#####");
        assert_eq!(e.line, 3, "{e}");
        assert!(e.expected.contains("closed"));
        let e = err("#####\n#@$.#\n#x  #\n#####");
        assert_eq!((e.line, e.column), (3, 2));
        // walled-off boxes and goals are scenery: kept for drawing, not counted
        let scenery = parse_level("#####\n#@$.#\n#####\n#$.##\n##*#\n####", None).unwrap();
        assert_eq!(scenery.box_count(), 1);
        assert_eq!(scenery.draw(&scenery.start)[3], "#$.##");
        assert!(err("").found.contains("no board rows"));
        assert!(err("hello\n").found.contains("no board rows"));
        let wide = format!("{}\n", "#".repeat(65));
        assert_eq!(err(&wide).column, 65);
        let e = err("99#\n");
        assert_eq!((e.line, e.column), (1, 2));
        let e = err("#@$.3\n");
        assert_eq!((e.line, e.column), (1, 6));
    }
}
