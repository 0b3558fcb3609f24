//! The rules of one cycle, written once and used by the solver, the verifier and the
//! renderer. A board here is one byte per playable cell (`0` empty, `1..=9` a piece type),
//! indexed as in [`Geometry`].

use super::bits::{Bits, Board, Layout, WORDS};
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

/// The falling pieces of a board: those whose cell below is empty or holds a falling piece.
///
/// Computed as its complement: a piece is *supported* if it stands on a wall, or on a
/// supported piece. Along each column that is a prefix computation, done for all columns at
/// once by doubling (Kogge–Stone): after the round for distance `k`, `supported` knows every
/// piece whose chain of pieces down to a wall is shorter than `2k`, and `chain` every piece
/// with `2k` pieces in a row below it, so `log2(rows)` rounds of a few word operations settle
/// the whole board.
#[inline]
pub(crate) fn falling_bits<const K: usize>(layout: &Layout, board: &Board<K>) -> Bits<K> {
    let occupied = board.occupied();
    let has_down = Bits::narrow(&layout.has_down);
    let mut supported = occupied & !has_down;
    let mut chain = occupied & has_down;
    let mut k = 1;
    while k < layout.rows {
        let s = k * layout.stride;
        supported = supported | (chain & supported.later(s));
        chain = chain & chain.later(s);
        k *= 2;
    }
    occupied & !supported
}

/// The pieces that belong to a group of two or more matching, non-falling, orthogonally
/// adjacent pieces (those that vanish in step 2), given the falling pieces of the board.
///
/// A piece is in such a group exactly when it has a matching non-falling neighbour, so no
/// flood fill is needed: the standing pieces whose right (or lower) neighbour is a standing
/// piece of the same type are one mask, and the group members are those pieces and their
/// partners. For a non-falling piece this is also [`touches_match`], the step-1 test.
#[inline]
pub(crate) fn matched_bits<const K: usize>(
    layout: &Layout,
    board: &Board<K>,
    fall: Bits<K>,
) -> Bits<K> {
    let standing = board.occupied() & !fall;
    let s = layout.stride;
    let has_right: Bits<K> = Bits::narrow(&layout.has_right);
    let across = standing & standing.later(1) & has_right & !board.differs_from_later(1);
    let down = standing & standing.later(s) & !board.differs_from_later(s);
    across | across.earlier(1) | down | down.earlier(s)
}

/// Steps 2 and 3 of a cycle on a bitboard: matching groups vanish, then falling pieces move
/// down one cell. Returns the cells that vanished and the cells whose pieces fell (before the
/// fall), for the byte-per-cell wrappers that report them.
#[inline]
pub(crate) fn resolve_bits<const K: usize>(
    layout: &Layout,
    board: &mut Board<K>,
) -> (Bits<K>, Bits<K>) {
    // Step 2: every group vanishes at once (all found first, on the board after step 1).
    let mut fall = falling_bits(layout, board);
    let gone = matched_bits(layout, board, fall);
    if !gone.is_zero() {
        board.remove(gone);
        // Step 3 looks at the board after step 2.
        fall = falling_bits(layout, board);
    }
    // Step 3: every falling piece moves down at once.
    board.drop(fall, layout.stride);
    (gone, fall)
}

/// Whether a board will not change if the player does nothing: nothing is falling and no
/// group is about to vanish.
#[inline]
pub(crate) fn settled_bits<const K: usize>(fall: Bits<K>, vanishing: Bits<K>) -> bool {
    fall.is_zero() && vanishing.is_zero()
}

/// Fills `out[i]` with whether the piece on cell `i` is falling: the cell below is empty, or
/// holds a falling piece. Empty cells and pieces standing on a wall are not falling.
#[inline]
pub fn falling(geometry: &Geometry, cells: &[u8], out: &mut [bool]) {
    let layout = &geometry.layout;
    let fall = falling_bits(layout, &Board::<WORDS>::from_cells(layout, cells));
    for (o, &b) in out.iter_mut().zip(&layout.bit) {
        *o = fall.has(b as usize);
    }
}

/// The falling flags of one byte per cell as bits.
fn fall_bits(layout: &Layout, fall: &[bool]) -> Bits<WORDS> {
    fall.iter()
        .zip(&layout.bit)
        .filter(|(&f, _)| f)
        .fold(Bits::ZERO, |acc, (_, &b)| acc | Bits::bit(b as usize))
}

/// True when the board will not change if the player does nothing: nothing is falling and no
/// group is about to vanish. Waiting on such a board is pointless (it leads back to itself).
/// `fall` holds the board's falling flags ([`falling`]).
pub fn is_settled(geometry: &Geometry, cells: &[u8], fall: &[bool]) -> bool {
    let layout = &geometry.layout;
    let board = Board::<WORDS>::from_cells(layout, cells);
    let fall = fall_bits(layout, fall) & board.occupied();
    settled_bits(fall, matched_bits(layout, &board, fall))
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

/// Every action the player may take on `cells` (falling flags `fall`): waiting, unless the
/// board is settled (then waiting changes nothing and is no choice), and each legal move, in
/// cell order, left before right. The order the searches meet actions in, written once for
/// the tests' exhaustive searches and tools that walk the whole graph.
pub fn legal_actions(geometry: &Geometry, cells: &[u8], fall: &[bool], out: &mut Vec<Action>) {
    out.clear();
    if !is_settled(geometry, cells, fall) {
        out.push(Action::Wait);
    }
    for from in 0..cells.len() {
        for right in [false, true] {
            if check_move(geometry, cells, fall, from, right).is_ok() {
                out.push(if right {
                    Action::Right(from as u16)
                } else {
                    Action::Left(from as u16)
                });
            }
        }
    }
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

/// [`resolve`] with a caller-provided buffer that receives the falling flags of step 3 (one
/// per cell). The work is done on bitboards (`resolve_bits`); only the pieces that vanish
/// or fall are written back.
#[inline]
pub fn resolve_in(
    geometry: &Geometry,
    cells: &mut [u8],
    fall: &mut [bool],
    mut on_vanish: impl FnMut(usize),
    mut on_fall: impl FnMut(usize),
) {
    let layout = &geometry.layout;
    let mut board = Board::<WORDS>::from_cells(layout, cells);
    let (gone, fell) = resolve_bits(layout, &mut board);
    // In bit order, which is the cells' index order.
    for b in gone.ones() {
        let i = layout.cell[b] as usize;
        cells[i] = 0;
        on_vanish(i);
    }
    // Bottom-up, so the cell below a falling piece has already been vacated.
    for b in fell.ones_rev() {
        let i = layout.cell[b] as usize;
        let below = geometry.down[i] as usize;
        cells[below] = cells[i];
        cells[i] = 0;
        on_fall(below);
    }
    for (f, &b) in fall.iter_mut().zip(&layout.bit) {
        *f = fell.has(b as usize);
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
    use crate::puzznic::board::{Puzzle, WALL};
    use crate::puzznic::bound::Analysis;
    use crate::puzznic::fast::tests::random_board;
    use crate::puzznic::graph::{expand, Objective, Scratch};
    use crate::puzznic::packed::Packed;
    use crate::puzznic::parse;
    use proptest::prelude::*;

    #[test]
    fn legal_actions_are_waiting_while_unsettled_then_every_legal_move_in_cell_order() {
        // a settled board: no waiting; the 2 can go either way, the 1 left only (a wall on
        // its right)
        let p = parse("#.....#\n#..2.1#\n##.####\n##.####\n#######\n").unwrap();
        let g = &p.geometry;
        let mut fall = vec![false; p.start.len()];
        falling(g, &p.start, &mut fall);
        let mut out = vec![Action::Wait]; // cleared first
        legal_actions(g, &p.start, &fall, &mut out);
        let moves: Vec<String> = out.iter().map(|a| a.judge(g)).collect();
        assert_eq!(moves, ["L 2 4", "R 2 4", "L 2 6"]);
        // one cycle after the 2 stepped left over the shaft it is still falling: waiting comes
        // first, and the falling 2 cannot be moved
        let mut cells = p.start.clone();
        cycle(g, &mut cells, out[0]).unwrap();
        falling(g, &cells, &mut fall);
        legal_actions(g, &cells, &fall, &mut out);
        let moves: Vec<String> = out.iter().map(|a| a.judge(g)).collect();
        assert_eq!(moves, ["-", "L 2 6"]);
        // each one is what check_move accepts, and nothing else is
        for (from, &t) in cells.iter().enumerate() {
            for right in [false, true] {
                let a = if right {
                    Action::Right(from as u16)
                } else {
                    Action::Left(from as u16)
                };
                let legal = t != 0 && check_move(g, &cells, &fall, from, right).is_ok();
                assert_eq!(out.contains(&a), legal);
            }
        }
    }

    #[test]
    fn groups_found_looking_right_and_down_are_the_pieces_touching_a_standing_match() {
        // `matched_bits` looks at half the neighbours; the definition looks at all four.
        let (mut boards, mut members) = (0, 0);
        for seed in 0..400u64 {
            let p = parse(&random_board(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 3)).unwrap();
            let (g, mut cells) = (&p.geometry, p.start.clone());
            let mut fall = vec![false; cells.len()];
            // The start and the boards of a few waiting cycles (falls and vanishings).
            for _ in 0..4 {
                falling(g, &cells, &mut fall);
                let board = Board::<WORDS>::from_cells(&g.layout, &cells);
                let got = matched_bits(&g.layout, &board, fall_bits(&g.layout, &fall));
                for i in 0..cells.len() {
                    let want = cells[i] != 0 && !fall[i] && touches_match(g, &cells, &fall, i);
                    let has = got.has(g.layout.bit[i] as usize);
                    assert_eq!(has, want, "cell {i} of {:?}", p.rows_of(&cells));
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

    // A straightforward per-cell model of one cycle, on the playable numbering and its
    // neighbour tables only (no bits): the referee of the bitboard rules.

    /// Falling, by the definition: the cell below is empty or falling (one bottom-up pass,
    /// since the cell below has the larger index).
    fn ref_falling(g: &Geometry, cells: &[u8]) -> Vec<bool> {
        let mut f = vec![false; cells.len()];
        for i in (0..cells.len()).rev() {
            let d = g.down[i];
            f[i] = cells[i] != 0 && d != NONE && (cells[d as usize] == 0 || f[d as usize]);
        }
        f
    }

    /// Pieces in a group: not falling, with a non-falling neighbour of the same type (any of
    /// the four).
    fn ref_matched(g: &Geometry, cells: &[u8], f: &[bool]) -> Vec<bool> {
        (0..cells.len())
            .map(|i| {
                cells[i] != 0
                    && !f[i]
                    && g.neighbours(i)
                        .iter()
                        .any(|&j| j != NONE && cells[j as usize] == cells[i] && !f[j as usize])
            })
            .collect()
    }

    /// One cycle: the step-1 verdict, or the trace and the board after it.
    fn ref_cycle(g: &Geometry, cells: &[u8], action: Action) -> Result<(Trace, Vec<u8>), Illegal> {
        let mut b = cells.to_vec();
        let f = ref_falling(g, &b);
        let mut moved = None;
        if let Action::Left(i) | Action::Right(i) = action {
            let i = i as usize;
            if i >= b.len() || b[i] == 0 {
                return Err(Illegal::NoPiece);
            }
            if f[i] {
                return Err(Illegal::Falling);
            }
            let to = if matches!(action, Action::Right(_)) {
                g.right[i]
            } else {
                g.left[i]
            };
            if to == NONE {
                return Err(Illegal::Wall);
            }
            if b[to as usize] != 0 {
                return Err(Illegal::Occupied);
            }
            if ref_matched(g, &b, &f)[i] {
                return Err(Illegal::TouchingMatch);
            }
            b[to as usize] = b[i];
            b[i] = 0;
            moved = Some((i, to as usize));
        }
        let f = ref_falling(g, &b);
        let gone = ref_matched(g, &b, &f);
        let mut vanished = Vec::new();
        for i in 0..b.len() {
            if gone[i] {
                vanished.push((i, b[i]));
                b[i] = 0;
            }
        }
        let f = ref_falling(g, &b);
        let mut fell = Vec::new();
        for i in (0..b.len()).rev() {
            if f[i] {
                let d = g.down[i] as usize;
                b[d] = b[i];
                b[i] = 0;
                fell.push(d);
            }
        }
        let moved_now = moved.and_then(|(_, to)| {
            if gone[to] {
                None
            } else if f[to] {
                Some(g.down[to] as usize)
            } else {
                Some(to)
            }
        });
        let trace = Trace {
            moved,
            moved_now,
            vanished,
            fell,
        };
        Ok((trace, b))
    }

    /// A random level of up to 16×16 cells: walls, empty cells and pieces of `types` types
    /// anywhere (so floating pieces and long falling chains are common).
    fn level(rows: usize, cols: usize, types: u8, picks: &[u8]) -> Puzzle {
        let grid = (0..rows * cols)
            .map(
                |k| match picks[k % picks.len()].wrapping_add(k as u8 / 3) % 10 {
                    0 | 1 => WALL,
                    2..=4 => 0,
                    x => 1 + (x ^ picks[(k * 7) % picks.len()]) % types,
                },
            )
            .collect();
        Puzzle::new(rows, cols, grid)
    }

    /// The bitboard rules on `K` words agree with the model on one board: falling, groups,
    /// and steps 2 and 3.
    fn same_on_bits<const K: usize>(g: &Geometry, cells: &[u8]) {
        let layout = &g.layout;
        if layout.words > K {
            return;
        }
        let board = Board::<K>::from_cells(layout, cells);
        let f = ref_falling(g, cells);
        let fall = falling_bits(layout, &board);
        let gone = matched_bits(layout, &board, fall);
        let want_gone = ref_matched(g, cells, &f);
        for i in 0..cells.len() {
            let b = layout.bit[i] as usize;
            assert_eq!(fall.has(b), f[i], "falling, cell {i}, K = {K}");
            assert_eq!(gone.has(b), want_gone[i], "group, cell {i}, K = {K}");
        }
        let (_, after) = ref_cycle(g, cells, Action::Wait).unwrap();
        let mut next = board;
        resolve_bits(layout, &mut next);
        assert_eq!(
            next,
            Board::<K>::from_cells(layout, &after),
            "resolve, K = {K}"
        );
        let settled = !f.iter().any(|&x| x) && !want_gone.iter().any(|&x| x);
        assert_eq!(settled_bits(fall, gone), settled);
    }

    /// The solver's successors are exactly the model's: every legal action (waiting only
    /// when the board is not settled), in cell order, left before right, to the board the
    /// model reaches, minus the dead ends of the bound.
    fn same_successors(p: &Puzzle, analysis: &Analysis, cells: &[u8]) {
        let g = &p.geometry;
        let mut want = Vec::new();
        let f = ref_falling(g, cells);
        let settled = !f.iter().any(|&x| x) && !ref_matched(g, cells, &f).iter().any(|&x| x);
        let actions = (0..cells.len() as u16).flat_map(|i| [Action::Left(i), Action::Right(i)]);
        for a in std::iter::once(Action::Wait).chain(actions) {
            if a == Action::Wait && settled {
                continue;
            }
            if let Ok((_, after)) = ref_cycle(g, cells, a) {
                if let Some(bound) = analysis.moves_bound(&after) {
                    want.push((a, Packed::<16>::pack(&after), bound));
                }
            }
        }
        let mut scratch = Scratch::<16>::new(cells.len());
        let mut out = Vec::new();
        let rules = (p, analysis, Objective::Moves);
        expand(rules, &mut scratch, &Packed::pack(cells), &mut out);
        let got: Vec<_> = out
            .iter()
            .zip(&scratch.bounds)
            .map(|(e, &(to, b))| {
                assert_eq!(e.to, to);
                (e.mv, e.to, b)
            })
            .collect();
        assert_eq!(got, want, "{:?}", p.rows_of(cells));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Every field of a cycle (legality, what moved, vanished and fell, the board after)
        /// agrees with the per-cell model, for every action on random boards up to 16×16,
        /// over a few cycles; and so do the solver's bitboards of every width that fits.
        #[test]
        fn bitboard_cycle_matches_the_per_cell_model(
            rows in 1usize..=16,
            cols in 1usize..=16,
            types in 1u8..=9,
            picks in proptest::collection::vec(any::<u8>(), 1..40),
            choices in proptest::collection::vec(any::<u16>(), 4),
        ) {
            let p = level(rows, cols, types, &picks);
            let g = &p.geometry;
            let mut cells = p.start.clone();
            for &choice in &choices {
                if cells.is_empty() {
                    break;
                }
                let f = ref_falling(g, &cells);
                let mut fall = vec![false; cells.len()];
                falling(g, &cells, &mut fall);
                prop_assert_eq!(&fall, &f);
                let settled = !f.iter().any(|&x| x) && !ref_matched(g, &cells, &f).iter().any(|&x| x);
                prop_assert_eq!(is_settled(g, &cells, &fall), settled);
                same_on_bits::<1>(g, &cells);
                same_on_bits::<2>(g, &cells);
                same_on_bits::<4>(g, &cells);
                let mut legal = vec![Action::Wait];
                let n = cells.len() as u16;
                // One index past the end too: "no piece".
                for a in (0..=n).flat_map(|i| [Action::Left(i), Action::Right(i)]) {
                    let want = ref_cycle(g, &cells, a);
                    let mut mine = cells.clone();
                    let got = cycle_traced(g, &mut mine, a);
                    match (&want, got) {
                        (Ok((trace, after)), Ok(t)) => {
                            prop_assert_eq!(trace, &t);
                            prop_assert_eq!(after, &mine);
                            legal.push(a);
                        }
                        (Err(e), Err(f)) => {
                            prop_assert_eq!(*e, f);
                            prop_assert_eq!(&mine, &cells, "an illegal action changes nothing");
                        }
                        (w, got) => prop_assert!(false, "{:?} vs {:?} for {:?}", w, got, a),
                    }
                    let mut plain = cells.clone();
                    prop_assert_eq!(cycle(g, &mut plain, a).is_ok(), want.is_ok());
                    if let Ok((_, after)) = &want {
                        prop_assert_eq!(&plain, after);
                    }
                }
                let (trace, _) = ref_cycle(g, &cells, Action::Wait).unwrap();
                let mut mine = cells.clone();
                prop_assert_eq!(&cycle_traced(g, &mut mine, Action::Wait).unwrap(), &trace);
                // Next: a random legal action (often a wait, so cascades play out).
                let a = legal[choice as usize % legal.len()];
                cells = ref_cycle(g, &cells, a).unwrap().1;
            }
        }

        /// The solver's move generation on bitboards gives exactly the model's successors.
        #[test]
        fn solver_successors_match_the_per_cell_model(
            rows in 1usize..=9,
            cols in 1usize..=12,
            types in 1u8..=5,
            picks in proptest::collection::vec(any::<u8>(), 1..40),
            waits in 0usize..3,
        ) {
            let p = level(rows, cols, types, &picks);
            let analysis = Analysis::new(&p.geometry);
            let mut cells = p.start.clone();
            for _ in 0..=waits {
                same_successors(&p, &analysis, &cells);
                cells = ref_cycle(&p.geometry, &cells, Action::Wait).unwrap().1;
            }
        }
    }
}
