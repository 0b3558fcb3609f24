//! The 36-character database format: parsing, validation and the normalised string.
//!
//! Kept minimal and self-contained (the enumeration needs only this format): row-major 6×6,
//! `o` or `.` empty, `x` a wall, `A` the red car (horizontal, length 2, third row), `B`..`Z`
//! other vehicles (straight runs of 2 or 3 cells).

use crate::error::{describe_char, ParseError};

/// Cells on the board.
pub const CELLS: usize = 36;
/// The red car's row (0-based): the third row, whose right end is the exit.
pub const RED_ROW: usize = 2;

/// One vehicle: its top-left cell, length and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Vehicle {
    /// Row-major index (0..36) of its top-left cell.
    pub start: u8,
    /// 2 (car) or 3 (truck).
    pub len: u8,
    /// Slides left-right when true, up-down otherwise.
    pub horizontal: bool,
    /// The red car.
    pub red: bool,
}

impl Vehicle {
    /// The cells it covers, row-major.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        let step = if self.horizontal { 1 } else { 6 };
        (0..usize::from(self.len)).map(move |k| usize::from(self.start) + k * step)
    }
}

/// A position as a list of vehicles and walls; the slow, general form used at the edges (parsing,
/// printing, tests), never in the enumeration's hot loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Vehicles, the red car included, in no particular order.
    pub vehicles: Vec<Vehicle>,
    /// Wall cells, bit `i` = row-major cell `i`.
    pub walls: u64,
}

fn err(column: usize, found: impl Into<String>, expected: impl Into<String>) -> ParseError {
    ParseError::new(1, column, found, expected)
}

impl Board {
    /// Parses a 36-character board (surrounding whitespace, including a CRLF, is ignored).
    pub fn parse(text: &str) -> Result<Board, ParseError> {
        let trimmed = text.trim();
        let lead = text.len() - text.trim_start().len();
        let lead_col = text[..lead]
            .chars()
            .filter(|&c| c != '\n' && c != '\r')
            .count();
        if trimmed.contains(['\n', '\r']) {
            let at = trimmed.find(['\n', '\r']).unwrap_or(0);
            return Err(err(
                lead_col + trimmed[..at].chars().count() + 1,
                "end of line",
                "a board on one line of 36 characters",
            ));
        }
        let chars: Vec<char> = trimmed.chars().collect();
        if chars.len() != CELLS {
            let found = if chars.len() < CELLS {
                "end of input".to_string()
            } else {
                describe_char(chars[CELLS])
            };
            return Err(err(
                lead_col + chars.len().min(CELLS) + 1,
                found,
                "exactly 36 board characters",
            )
            .with_hint(format!("the board has {} characters", chars.len())));
        }
        let mut walls = 0u64;
        let mut cells: [Vec<usize>; 26] = Default::default();
        for (i, &c) in chars.iter().enumerate() {
            match c {
                'o' | '.' => {}
                'x' => walls |= 1 << i,
                'A'..='Z' => cells[(c as u8 - b'A') as usize].push(i),
                _ => {
                    return Err(err(
                        lead_col + i + 1,
                        describe_char(c),
                        "'o' or '.' (empty), 'x' (wall) or a vehicle letter 'A'-'Z'",
                    ))
                }
            }
        }
        let mut vehicles = Vec::new();
        for (letter, at) in cells.iter().enumerate() {
            if at.is_empty() {
                continue;
            }
            let name = char::from(b'A' + letter as u8);
            let col = lead_col + at[0] + 1;
            let bad = |what: &str| err(col, format!("'{name}'"), what.to_string());
            if at.len() < 2 || at.len() > 3 {
                return Err(bad("a vehicle of 2 or 3 cells")
                    .with_hint(format!("'{name}' covers {} cells", at.len())));
            }
            let horizontal = at[1] == at[0] + 1 && at[0] / 6 == at[at.len() - 1] / 6;
            let step = if horizontal { 1 } else { 6 };
            if !at.windows(2).all(|w| w[1] == w[0] + step) {
                return Err(bad("a vehicle whose cells form one straight run"));
            }
            let red = name == 'A';
            if red && (!horizontal || at.len() != 2 || at[0] / 6 != RED_ROW) {
                return Err(bad(
                    "the red car 'A': horizontal, 2 cells long, in the third row",
                ));
            }
            vehicles.push(Vehicle {
                start: at[0] as u8,
                len: at.len() as u8,
                horizontal,
                red,
            });
        }
        if !vehicles.iter().any(|v| v.red) {
            return Err(err(lead_col + 1, "no 'A'", "a board with the red car 'A'"));
        }
        Ok(Board { vehicles, walls })
    }

    /// The normalised 36-character string: vehicles relabelled `B`, `C`, ... in reading order of
    /// their first cell (the red car stays `A`), `o` empty, `x` wall. Two boards show the same
    /// position exactly when their normalised strings are equal.
    pub fn normalised(&self) -> String {
        let mut owner = [u8::MAX; CELLS];
        for (k, v) in self.vehicles.iter().enumerate() {
            for c in v.cells() {
                owner[c] = k as u8;
            }
        }
        let mut label = vec![0u8; self.vehicles.len()];
        let mut next = b'B';
        let mut out = String::with_capacity(CELLS);
        for (c, &o) in owner.iter().enumerate() {
            let ch = if o == u8::MAX {
                if self.walls >> c & 1 == 1 {
                    'x'
                } else {
                    'o'
                }
            } else {
                let v = &self.vehicles[usize::from(o)];
                if v.red {
                    'A'
                } else {
                    if label[usize::from(o)] == 0 {
                        label[usize::from(o)] = next;
                        next += 1;
                    }
                    char::from(label[usize::from(o)])
                }
            };
            out.push(ch);
        }
        out
    }

    /// Whether no two things share a cell and every vehicle is inside the board (the parser
    /// guarantees it; boards built in tests may not).
    pub fn is_valid(&self) -> bool {
        let mut seen = self.walls;
        for v in &self.vehicles {
            let end_ok = if v.horizontal {
                usize::from(v.start % 6 + v.len) <= 6
            } else {
                usize::from(v.start / 6 + v.len) <= 6
            };
            if !end_ok {
                return false;
            }
            for c in v.cells() {
                if seen >> c & 1 == 1 {
                    return false;
                }
                seen |= 1 << c;
            }
        }
        true
    }
}

/// Normalises a 36-character board: see [`Board::normalised`]. Use it to compare boards
/// written with different letters.
pub fn normalise(board36: &str) -> Result<String, ParseError> {
    let board = Board::parse(board36)?;
    if !board.is_valid() {
        // Overlaps cannot happen in the text format; kept as a guard for future formats.
        return Err(ParseError::new(
            1,
            1,
            "overlapping vehicles",
            "a valid board",
        ));
    }
    Ok(board.normalised())
}

#[cfg(test)]
/// A random board: the red car last in the third row, `walls` walls, then up to `tries`
/// vehicles placed where they fit, horizontal with probability `horizontal` in 256.
pub(crate) fn random_board(seed: &mut u64, walls: usize, tries: u32, horizontal: u64) -> String {
    let mut next = |n: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % n
    };
    let mut cells = [b'o'; 36];
    let red = next(5) as usize;
    cells[12 + red] = b'A';
    cells[13 + red] = b'A';
    for _ in 0..walls {
        let cell = next(36) as usize;
        if cells[cell] == b'o' {
            cells[cell] = b'x';
        }
    }
    let mut name = b'B';
    for _ in 0..tries {
        let len = 2 + next(2) as usize;
        let across = next(256) < horizontal;
        let (r, c) = (next(6) as usize, next(6) as usize);
        let at: Vec<usize> = (0..len)
            .map(|k| if across { (r, c + k) } else { (r + k, c) })
            .filter(|&(r, c)| r < 6 && c < 6)
            .map(|(r, c)| 6 * r + c)
            .collect();
        let ahead_of_red = across && r == RED_ROW && c > red;
        if at.len() == len && !ahead_of_red && at.iter().all(|&i| cells[i] == b'o') {
            at.iter().for_each(|&i| cells[i] = name);
            name += 1;
        }
    }
    String::from_utf8(cells.to_vec()).unwrap()
}

#[cfg(test)]
/// What [`RandomBoards::check_exact_bounds`] walked, for its callers' coverage checks.
#[derive(Default)]
pub(crate) struct Walked {
    pub layouts: usize,
    pub walled: usize,
    pub positions: usize,
    /// Positions walked at each distance from the goals.
    pub by_distance: Vec<usize>,
}

#[cfg(test)]
impl Walked {
    /// Asserts the walk covered more than `layouts` layouts, `walled` of them with walls,
    /// `positions` positions, and `deep.1` positions at `deep.0` moves or more from the goals
    /// (a property met on a few easy boards proves little), and prints what it covered.
    pub fn assert_more_than(
        &self,
        layouts: usize,
        walled: usize,
        positions: usize,
        deep: (usize, usize),
    ) {
        let (l, w, p) = (self.layouts, self.walled, self.positions);
        let far: usize = self.by_distance.iter().skip(deep.0).sum();
        eprintln!(
            "{l} layouts ({w} with walls), {p} positions, {far} at {}+",
            deep.0
        );
        assert!(l > layouts && w > walled && p > positions, "{l} {w} {p}");
        assert!(far > deep.1, "{far}");
    }
}

#[cfg(test)]
/// A family of random boards for the property tests: `count` boards drawn from `seed`'s
/// stream, board `i` with `shape(i)` = (vehicles tried, horizontal odds in 256), a wall when
/// `i` is a multiple of 3 and another when of 7 ([`random_board`]).
pub(crate) struct RandomBoards {
    pub seed: u64,
    pub count: usize,
    pub shape: fn(usize) -> (u32, u64),
}

#[cfg(test)]
impl RandomBoards {
    /// The property test both layout-level prunings rest on: on the boards whose layout
    /// `passes`, every position of the solvable component needs exactly the re-solves' bound
    /// (`moves_left_at_least`); `check` then gets each such component's board for the
    /// caller's own claims.
    pub fn check_exact_bounds(
        &self,
        passes: impl Fn(&super::layout::Layout) -> bool,
        mut check: impl FnMut(&str),
    ) -> Walked {
        use gridlock_search::{Component, Limits};
        let t = super::lanes::tables();
        let mut seed = self.seed;
        let mut walked = Walked::default();
        for i in 0..self.count {
            let walls = usize::from(i % 3 == 0) + usize::from(i % 7 == 0);
            let (tries, horizontal) = (self.shape)(i);
            let board = random_board(&mut seed, walls, tries, horizontal);
            let parsed = Board::parse(&board).expect("random boards are valid");
            let (layout, p) = super::layout::Layout::from_board(&parsed).expect("fits a layout");
            if !passes(&layout) {
                continue;
            }
            let comp = super::explored(&layout, p, &Limits::none()).expect("no limits");
            let mut goals = Vec::new();
            comp.find_into(|&s| layout.is_goal(s), &mut goals);
            if goals.is_empty() {
                continue;
            }
            let dist = comp.distances_to(&goals, true);
            for (s, &d) in comp.states().zip(&dist) {
                let shown = || String::from_utf8_lossy(&layout.normalised(s)).into_owned();
                let bound = super::component::moves_left_at_least(t, &layout, s);
                assert_eq!(d, bound, "{}", shown());
                let d = d as usize;
                if walked.by_distance.len() <= d {
                    walked.by_distance.resize(d + 1, 0);
                }
                walked.by_distance[d] += 1;
            }
            check(&board);
            walked.layouts += 1;
            walked.positions += comp.len();
            walked.walled += usize::from(layout.walls != 0);
        }
        walked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relabels_in_reading_order() {
        assert_eq!(
            normalise("ZZoooYoooooYAAoooYooooooooooooWWWooo").unwrap(),
            "BBoooCoooooCAAoooCooooooooooooDDDooo"
        );
    }

    #[test]
    fn dots_and_whitespace_are_accepted() {
        assert_eq!(
            normalise("  ............AA.........x............\r\n").unwrap(),
            "ooooooooooooAAoooooooooxoooooooooooo"
        );
    }

    #[test]
    fn errors_name_the_column() {
        let e = normalise("ooooooooooooAAooooooooooooooooooooo?").unwrap_err();
        assert_eq!((e.line, e.column), (1, 36));
        let e = normalise("ooooooooooooAAoooo").unwrap_err();
        assert_eq!(e.column, 19);
        assert_eq!(e.found, "end of input");
        let e = normalise("oooooooooooooAABBBBoooooooooooooooooo").unwrap_err();
        assert_eq!(e.column, 37);
        // a bent vehicle
        let e = normalise("BBooooBoooooAAoooooooooooooooooooooo").unwrap_err();
        assert_eq!(e.column, 1);
        // red car in the wrong row
        let e = normalise("AAoooooooooooooooooooooooooooooooooo").unwrap_err();
        assert!(e.expected.contains("third row"));
        // no red car
        assert!(normalise("oooooooooooooooooooooooooooooooooooo").is_err());
        // a vehicle wrapping around the row end is not horizontal
        assert!(normalise("oooooBBoooooAAoooooooooooooooooooooo").is_err());
    }
}
