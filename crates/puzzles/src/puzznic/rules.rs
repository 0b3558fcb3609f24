//! The rules of one cycle, written once and used by the solver, the verifier and the
//! renderer. A board here is one byte per playable cell (`0` empty, `1..=9` a piece type),
//! indexed as in [`Geometry`].

use super::board::{Geometry, NONE};

/// Most playable cells a board can have (16×16).
const MAX_CELLS: usize = 256;

/// What the player does in step 1 of a cycle. Cells are playable indices (see [`Geometry`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing (printed `-`).
    Wait,
    /// Move the piece on this cell one cell left (printed `L r c`).
    Left(u16),
    /// Move the piece on this cell one cell right (printed `R r c`).
    Right(u16),
}

impl Action {
    /// True for a player move (what `--objective moves` counts).
    pub fn is_move(self) -> bool {
        !matches!(self, Action::Wait)
    }

    /// The judge-format line for this action (`-`, `L r c`, `R r c`; 1-based).
    pub fn judge(self, geometry: &Geometry) -> String {
        let at = |i: u16| {
            let (r, c) = geometry.pos[i as usize];
            format!("{} {}", r + 1, c + 1)
        };
        match self {
            Action::Wait => "-".to_string(),
            Action::Left(i) => format!("L {}", at(i)),
            Action::Right(i) => format!("R {}", at(i)),
        }
    }
}

/// Why a move is not allowed in step 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The cell holds no piece.
    #[error("there is no piece on that cell")]
    NoPiece,
    /// The piece is falling; falling pieces cannot be moved.
    #[error("the piece is falling")]
    Falling,
    /// The destination is a wall or outside the board.
    #[error("the destination is a wall")]
    Wall,
    /// The destination holds another piece.
    #[error("the destination cell is occupied")]
    Occupied,
    /// An orthogonal neighbour is a matching piece that is not falling (the pair is about to
    /// vanish, and a vanishing piece cannot be moved).
    #[error("the piece touches a matching piece that is not falling")]
    TouchingMatch,
}

/// Fills `out[i]` with whether the piece on cell `i` is falling: the cell below is empty, or
/// holds a falling piece. Empty cells and pieces standing on a wall are not falling.
#[inline]
pub fn falling(geometry: &Geometry, cells: &[u8], out: &mut [bool]) {
    // Row-major numbering puts the cell below after its upper neighbour, so one backward pass
    // sees every "below" before the cell above it.
    for i in (0..cells.len()).rev() {
        let below = geometry.down[i];
        out[i] =
            cells[i] != 0 && below != NONE && (cells[below as usize] == 0 || out[below as usize]);
    }
}

/// True when the board will not change if the player does nothing: nothing is falling and no
/// group is about to vanish. Waiting on such a board is pointless (it leads back to itself).
pub fn is_settled(geometry: &Geometry, cells: &[u8], fall: &[bool]) -> bool {
    !cells.iter().zip(fall).any(|(&t, &f)| t != 0 && f) && !matched(geometry, cells, fall).any()
}

/// A set of playable cells as bits (up to 256 cells): cheaper to build and test than a
/// `bool` per cell in the inner loop.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cells(pub [u64; MAX_CELLS / 64]);

impl Cells {
    /// Whether cell `i` is in the set.
    #[inline]
    pub(crate) fn has(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether the set is not empty.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        self.0.iter().any(|&w| w != 0)
    }

    #[inline]
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

/// The pieces that belong to a group of two or more matching, non-falling, orthogonally
/// adjacent pieces (those that vanish in step 2), given the falling flags of the board.
///
/// A piece is in such a group exactly when it has a matching non-falling neighbour, so no
/// flood fill is needed; and since adjacency is symmetric, looking right and down from every
/// piece finds each adjacent pair once (half the work of testing all four neighbours). Below
/// a non-falling piece there is a wall or a non-falling piece, so the downward test needs no
/// falling flag. For a non-falling piece this is also [`touches_match`], the step-1 test.
#[inline]
pub(crate) fn matched(geometry: &Geometry, cells: &[u8], fall: &[bool]) -> Cells {
    let mut out = Cells::default();
    for i in 0..cells.len() {
        let t = cells[i];
        if t == 0 || fall[i] {
            continue;
        }
        let r = geometry.right[i];
        if r != NONE && cells[r as usize] == t && !fall[r as usize] {
            out.insert(i);
            out.insert(r as usize);
        }
        let d = geometry.down[i];
        if d != NONE && cells[d as usize] == t {
            debug_assert!(!fall[d as usize]);
            out.insert(i);
            out.insert(d as usize);
        }
    }
    out
}

/// Whether the piece on cell `i` has an orthogonal neighbour of its type that is not falling.
#[inline]
pub(super) fn touches_match(geometry: &Geometry, cells: &[u8], fall: &[bool], i: usize) -> bool {
    let t = cells[i];
    geometry
        .neighbours(i)
        .iter()
        .any(|&j| j != NONE && cells[j as usize] == t && !fall[j as usize])
}

/// Checks step 1 for moving the piece on `from` one cell left or right, given the falling
/// flags of the current board; returns the destination cell.
#[inline]
pub fn check_move(
    geometry: &Geometry,
    cells: &[u8],
    fall: &[bool],
    from: usize,
    right: bool,
) -> Result<usize, Illegal> {
    if cells[from] == 0 {
        return Err(Illegal::NoPiece);
    }
    if fall[from] {
        return Err(Illegal::Falling);
    }
    let to = if right {
        geometry.right[from]
    } else {
        geometry.left[from]
    };
    if to == NONE {
        // A non-wall neighbour of a playable cell is always playable, so NONE is a wall.
        return Err(Illegal::Wall);
    }
    if cells[to as usize] != 0 {
        return Err(Illegal::Occupied);
    }
    if touches_match(geometry, cells, fall, from) {
        return Err(Illegal::TouchingMatch);
    }
    Ok(to as usize)
}

/// Steps 2 and 3 of a cycle, on the board as step 1 left it: matching groups vanish, then
/// falling pieces move down one cell. `on_vanish(cell)` and `on_fall(new cell)` report what
/// happened (the renderer listens; the solver passes no-ops that compile away).
#[inline]
pub fn resolve(
    geometry: &Geometry,
    cells: &mut [u8],
    on_vanish: impl FnMut(usize),
    on_fall: impl FnMut(usize),
) {
    let mut fall = [false; MAX_CELLS];
    resolve_in(
        geometry,
        cells,
        &mut fall[..cells.len()],
        on_vanish,
        on_fall,
    );
}

/// [`resolve`] with a caller-provided scratch buffer for the falling flags (one per cell),
/// so the solver's inner loop clears no large arrays.
#[inline]
pub fn resolve_in(
    geometry: &Geometry,
    cells: &mut [u8],
    fall: &mut [bool],
    mut on_vanish: impl FnMut(usize),
    mut on_fall: impl FnMut(usize),
) {
    let n = cells.len();
    // Step 2: every group vanishes at once (marked first, removed after, so removals do not
    // affect the test for other pieces).
    falling(geometry, cells, fall);
    let gone = matched(geometry, cells, fall);
    if gone.any() {
        for (w, &word) in gone.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                cells[i] = 0;
                on_vanish(i);
            }
        }
        // Step 3 looks at the board after step 2.
        falling(geometry, cells, fall);
    }
    // Step 3: every falling piece moves down at once. Going bottom-up, the cell below a
    // falling piece has already been vacated.
    for i in (0..n).rev() {
        if fall[i] {
            let below = geometry.down[i] as usize;
            cells[below] = cells[i];
            cells[i] = 0;
            on_fall(below);
        }
    }
}

/// Plays one whole cycle: checks and performs the action (step 1), then steps 2 and 3.
/// On an illegal action the board is left untouched.
pub fn cycle(geometry: &Geometry, cells: &mut [u8], action: Action) -> Result<(), Illegal> {
    step_one(geometry, cells, action)?;
    resolve(geometry, cells, |_| {}, |_| {});
    Ok(())
}

/// Step 1 alone: returns the moved piece's (from, to), if any.
fn step_one(
    geometry: &Geometry,
    cells: &mut [u8],
    action: Action,
) -> Result<Option<(usize, usize)>, Illegal> {
    let (from, right) = match action {
        Action::Wait => return Ok(None),
        Action::Left(i) => (i as usize, false),
        Action::Right(i) => (i as usize, true),
    };
    if from >= cells.len() {
        return Err(Illegal::NoPiece);
    }
    let mut fall = [false; MAX_CELLS];
    let fall = &mut fall[..cells.len()];
    falling(geometry, cells, fall);
    let to = check_move(geometry, cells, fall, from, right)?;
    cells[to] = cells[from];
    cells[from] = 0;
    Ok(Some((from, to)))
}

/// What happened during one cycle, for people.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    /// The moved piece: (from, to) cells in step 1.
    pub moved: Option<(usize, usize)>,
    /// Where the moved piece is at the end of the cycle (`None` if it vanished).
    pub moved_now: Option<usize>,
    /// Cells whose pieces vanished in step 2, with their types.
    pub vanished: Vec<(usize, u8)>,
    /// Cells that received a falling piece in step 3.
    pub fell: Vec<usize>,
}

/// [`cycle`], also reporting what moved, vanished and fell.
pub fn cycle_traced(
    geometry: &Geometry,
    cells: &mut [u8],
    action: Action,
) -> Result<Trace, Illegal> {
    let before: Vec<u8> = cells.to_vec();
    let moved = step_one(geometry, cells, action)?;
    let mut vanished = Vec::new();
    let mut fell = Vec::new();
    resolve(
        geometry,
        cells,
        |i| vanished.push((i, before_type(&before, moved, i))),
        |i| fell.push(i),
    );
    let moved_now = moved.and_then(|(_, to)| {
        if vanished.iter().any(|&(i, _)| i == to) {
            None
        } else if fell.contains(&(geometry.down[to] as usize)) && geometry.down[to] != NONE {
            Some(geometry.down[to] as usize)
        } else {
            Some(to)
        }
    });
    Ok(Trace {
        moved,
        moved_now,
        vanished,
        fell,
    })
}

/// The type that was on cell `i` after step 1, from the board before the cycle.
fn before_type(before: &[u8], moved: Option<(usize, usize)>, i: usize) -> u8 {
    match moved {
        Some((from, to)) if i == to => before[from],
        _ => before[i],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzznic::fast::tests::random_board;
    use crate::puzznic::parse;

    #[test]
    fn groups_found_looking_right_and_down_are_the_pieces_touching_a_standing_match() {
        // `matched` looks at half the neighbours; the definition looks at all four.
        let (mut boards, mut members) = (0, 0);
        for seed in 0..400u64 {
            let p = parse(&random_board(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 3)).unwrap();
            let (g, mut cells) = (&p.geometry, p.start.clone());
            let mut fall = vec![false; cells.len()];
            // The start and the boards of a few waiting cycles (falls and vanishings).
            for _ in 0..4 {
                falling(g, &cells, &mut fall);
                let got = matched(g, &cells, &fall);
                for i in 0..cells.len() {
                    let want = cells[i] != 0 && !fall[i] && touches_match(g, &cells, &fall, i);
                    assert_eq!(got.has(i), want, "cell {i} of {:?}", p.rows_of(&cells));
                    members += want as u32;
                }
                boards += 1;
                resolve(g, &mut cells, |_| {}, |_| {});
            }
        }
        assert!(
            boards >= 1000 && members >= 200,
            "{boards} boards, {members} members"
        );
    }
}
