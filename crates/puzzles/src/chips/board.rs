//! The board: cell geometry and a position packed into a small integer.

use std::fmt;

/// The centre cell, empty at the start and in every goal position.
pub const CENTRE: u8 = 8;

/// Number of cells (eight on the ring, one in the centre).
pub const CELLS: usize = 9;

/// `(row, column)` of each cell number on the 3×3 board, so rendering and move names agree
/// with the contest's numbering (0 1 2 / 7 8 3 / 6 5 4).
pub const COORDS: [(u8, u8); CELLS] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 2),
    (2, 2),
    (2, 1),
    (2, 0),
    (1, 0),
    (1, 1),
];

/// The cells orthogonally adjacent to each cell, in increasing order: the ring neighbours,
/// plus the centre for the edge cells 1, 3, 5, 7 (corners do not touch the centre).
pub const NEIGHBOURS: [&[u8]; CELLS] = [
    &[1, 7],
    &[0, 2, 8],
    &[1, 3],
    &[2, 4, 8],
    &[3, 5],
    &[4, 6, 8],
    &[5, 7],
    &[0, 6, 8],
    &[1, 3, 5, 7],
];

/// True when a chip in cell `a` can slide into an empty cell `b` (or back).
pub fn adjacent(a: u8, b: u8) -> bool {
    (a as usize) < CELLS && NEIGHBOURS[a as usize].contains(&b)
}

/// The colour of a chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chip {
    /// `R`.
    Red,
    /// `B`.
    Blue,
}

impl Chip {
    /// The letter the contest uses for this colour.
    pub fn letter(self) -> char {
        match self {
            Chip::Red => 'R',
            Chip::Blue => 'B',
        }
    }
}

/// One position: which cell is empty and the colour of every chip, packed into 13 bits.
///
/// Bits 0..9 hold one bit per cell (1 = blue; the empty cell's bit is always 0), bits 9..13
/// the empty cell. Packing makes the state a `Copy` integer the engine hashes cheaply, and
/// [`Position::code`] (below [`Position::CODES`]) lets a caller keep a flat table indexed by
/// position instead of a hash map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position(u16);

const COLOUR_MASK: u16 = (1 << CELLS) - 1;
/// Ring bits of the two goal colourings (cells 0..7, centre bit 0).
const ALTERNATING: [u16; 2] = [0b0101_0101, 0b1010_1010];

impl Position {
    /// Every code is below this, so a table of this many entries indexes all positions.
    pub const CODES: usize = 1 << 13;

    /// The starting position: `ring[i]` in cell `i`, the centre empty.
    pub fn start(ring: [Chip; 8]) -> Self {
        let mut bits = 0u16;
        for (cell, chip) in ring.iter().enumerate() {
            if *chip == Chip::Blue {
                bits |= 1 << cell;
            }
        }
        Position(bits | (u16::from(CENTRE) << CELLS))
    }

    /// The position whose [`Position::code`] is `code`, if `code` is one (the empty cell is a
    /// cell, and its colour bit is clear).
    pub fn from_code(code: u16) -> Option<Self> {
        let empty = code >> CELLS;
        let valid =
            (code as usize) < Self::CODES && (empty as usize) < CELLS && code & (1 << empty) == 0;
        valid.then_some(Position(code))
    }

    /// A dense integer below [`Position::CODES`], distinct for distinct positions.
    pub fn code(self) -> u16 {
        self.0
    }

    /// The empty cell.
    pub fn empty(self) -> u8 {
        (self.0 >> CELLS) as u8
    }

    /// The chip in `cell`, `None` for the empty cell.
    pub fn chip(self, cell: u8) -> Option<Chip> {
        if cell == self.empty() {
            None
        } else if self.0 & (1 << cell) != 0 {
            Some(Chip::Blue)
        } else {
            Some(Chip::Red)
        }
    }

    /// True when the centre is empty and the colours alternate around the ring.
    pub fn is_goal(self) -> bool {
        self.empty() == CENTRE && ALTERNATING.contains(&(self.0 & COLOUR_MASK))
    }

    /// Slides the chip in `from` into the empty cell, if `from` is adjacent to it.
    pub fn slide(self, from: u8) -> Option<Self> {
        let empty = self.empty();
        if !adjacent(from, empty) {
            return None;
        }
        let blue = self.0 >> from & 1;
        let colours = (self.0 & COLOUR_MASK & !(1 << from)) | blue << empty;
        Some(Position(colours | u16::from(from) << CELLS))
    }

    /// Number of blue chips (moves never change it).
    pub fn blues(self) -> u32 {
        (self.0 & COLOUR_MASK).count_ones()
    }

    /// The nine cells in cell-number order, `.` for the empty one (`BRRBBRBR.`).
    pub fn cells(self) -> String {
        (0..CELLS as u8)
            .map(|c| self.chip(c).map_or('.', Chip::letter))
            .collect()
    }

    /// The board as three rows of letters, `.` for the empty cell (`["BRR", "R.B", "BRB"]`).
    pub fn rows(self) -> [String; 3] {
        let mut grid = [['.'; 3]; 3];
        for cell in 0..CELLS as u8 {
            let (r, c) = COORDS[cell as usize];
            grid[r as usize][c as usize] = self.chip(cell).map_or('.', Chip::letter);
        }
        grid.map(|row| row.iter().collect())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.cells())
    }
}

impl fmt::Display for Position {
    /// The ring as the judge input writes it, with the empty cell as `.` and the centre
    /// appended when it holds a chip: `BRRBBRBR` or `B.RBBRBR+R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.cells();
        f.write_str(&cells[..8])?;
        if self.empty() != CENTRE {
            write!(f, "+{}", &cells[8..])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(s: &str) -> [Chip; 8] {
        let v: Vec<Chip> = s
            .chars()
            .map(|c| if c == 'B' { Chip::Blue } else { Chip::Red })
            .collect();
        v.try_into().unwrap()
    }

    #[test]
    fn neighbours_are_symmetric_and_orthogonal() {
        for a in 0..9u8 {
            for &b in NEIGHBOURS[a as usize] {
                assert!(adjacent(b, a), "{a} {b}");
                let (ra, ca) = COORDS[a as usize];
                let (rb, cb) = COORDS[b as usize];
                assert_eq!(ra.abs_diff(rb) + ca.abs_diff(cb), 1, "{a} {b}");
            }
            let count = (0..9u8)
                .filter(|&b| {
                    let (ra, ca) = COORDS[a as usize];
                    let (rb, cb) = COORDS[b as usize];
                    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
                })
                .count();
            assert_eq!(count, NEIGHBOURS[a as usize].len());
        }
    }

    #[test]
    fn slide_moves_the_chip_and_the_hole() {
        let p = Position::start(ring("BRRBBRBR"));
        assert_eq!(p.rows(), ["BRR", "R.B", "BRB"]);
        assert_eq!(p.slide(0), None, "corner 0 does not touch the centre");
        assert_eq!(p.slide(8), None, "the empty cell cannot move");
        let q = p.slide(1).unwrap();
        assert_eq!(q.empty(), 1);
        assert_eq!(q.cells(), "B.RBBRBRR");
        assert_eq!(q.to_string(), "B.RBBRBR+R");
        assert_eq!(q.slide(8), Some(p), "moves are reversible");
        let r = q.slide(2).unwrap().slide(3).unwrap().slide(8).unwrap();
        assert_eq!(r.cells(), "BRBRBRBR.");
        assert!(r.is_goal());
        assert_eq!(r.blues(), p.blues());
    }

    #[test]
    fn goal_needs_alternation_and_an_empty_centre() {
        assert!(Position::start(ring("RBRBRBRB")).is_goal());
        assert!(Position::start(ring("BRBRBRBR")).is_goal());
        assert!(!Position::start(ring("RRBBRRBB")).is_goal());
        let off_centre = Position::start(ring("RBRBRBRB")).slide(1).unwrap();
        assert!(!off_centre.is_goal());
    }

    #[test]
    fn codes_round_trip_and_stay_below_the_bound() {
        let p = Position::start(ring("BRRBBRBR"));
        for q in [
            p,
            p.slide(1).unwrap(),
            p.slide(7).unwrap().slide(6).unwrap(),
        ] {
            assert!((q.code() as usize) < Position::CODES);
            assert_eq!(Position::from_code(q.code()), Some(q));
        }
        assert_eq!(Position::from_code(9 << 9), None, "no cell 9");
        assert_eq!(
            Position::from_code(8 << 9 | 1 << 8),
            None,
            "empty cell with a colour"
        );
    }
}
