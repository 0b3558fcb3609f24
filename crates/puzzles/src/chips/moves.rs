//! The rules as a search graph: the one place that says which moves exist, shared by the
//! solver, the verifier and the renderer.

use super::board::{Position, NEIGHBOURS};
use gridlock_search::{Edge, Graph, Reversible};

/// The red-blue chips state graph. It has no fixed data: everything is in the [`Position`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Chips;

impl Graph for Chips {
    type State = Position;
    /// The cell the moved chip came from (the contest's name for the move).
    type Move = u8;
    type Cost = u32;

    fn successors(&self, state: &Position, out: &mut Vec<Edge<Position, u8, u32>>) {
        for &from in NEIGHBOURS[state.empty() as usize] {
            if let Some(next) = state.slide(from) {
                out.push(Edge::unit(from, next));
            }
        }
    }
}

/// Sliding the chip back undoes a move, at the same cost.
impl Reversible for Chips {}

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The number is not a cell (cells are 0..=8).
    NotACell,
    /// The cell is the empty one: there is no chip to move.
    EmptyCell,
    /// The cell holds a chip, but it does not touch the empty cell.
    NotAdjacent,
}

/// Plays `cell` from `position`: the new position, or why the move is illegal.
pub fn play(position: Position, cell: i64) -> Result<Position, IllegalMove> {
    let cell = u8::try_from(cell)
        .ok()
        .filter(|&c| c < 9)
        .ok_or(IllegalMove::NotACell)?;
    if cell == position.empty() {
        return Err(IllegalMove::EmptyCell);
    }
    position.slide(cell).ok_or(IllegalMove::NotAdjacent)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::board::{Chip, CENTRE};

    #[test]
    fn moves_from_the_start_are_the_four_edge_cells() {
        let p = Position::start([Chip::Red, Chip::Blue].repeat(4).try_into().unwrap());
        let mut out = Vec::new();
        Chips.successors(&p, &mut out);
        let moves: Vec<u8> = out.iter().map(|e| e.mv).collect();
        assert_eq!(moves, vec![1, 3, 5, 7]);
        for e in &out {
            assert_eq!(e.to.empty(), e.mv);
            assert_eq!(e.to.chip(CENTRE), p.chip(e.mv));
        }
    }

    #[test]
    fn play_names_each_kind_of_illegal_move() {
        let p = Position::start([Chip::Red; 8]);
        assert_eq!(play(p, 9), Err(IllegalMove::NotACell));
        assert_eq!(play(p, -1), Err(IllegalMove::NotACell));
        assert_eq!(play(p, 8), Err(IllegalMove::EmptyCell));
        assert_eq!(play(p, 0), Err(IllegalMove::NotAdjacent));
        assert_eq!(play(p, 5).map(Position::empty), Ok(5));
    }
}
