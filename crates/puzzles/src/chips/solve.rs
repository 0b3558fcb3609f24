//! Solving: the engine explores every position that can reach a goal once, measures each
//! one's distance to the goals, and then every puzzle is a table look-up plus a greedy walk
//! down the distances.
//!
//! Why this shape: moves are reversible, so the positions that can reach a goal are exactly
//! the component of a goal, and there are only 630 of them (9 places for the hole times
//! C(8,4) = 70 colourings). Exploring them costs a few tens of microseconds, after which any
//! number of puzzles are answered without searching. Walking down by always taking the
//! *smallest* move that lowers the distance by one yields, among all shortest move lists,
//! the lexicographically smallest — every shortest list takes only such moves, and the
//! greedy choice wins at the first place two of them differ.

use super::board::{Chip, Position};
use super::moves::Chips;
use gridlock_search::{
    Component, EdgeComponent, EdgeComponentOf, Limits, Stats, Stopped, UNREACHABLE,
};

/// The judge answer for one start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Where the moves start.
    pub start: Position,
    /// The cells moved from, in order: the shortest, then lexicographically smallest, list.
    pub moves: Vec<u8>,
    /// The position after each move (`positions[i]` follows `moves[i]`).
    pub positions: Vec<Position>,
}

impl Solution {
    /// Every position from the start to the goal, for rendering.
    pub fn boards(&self) -> impl Iterator<Item = Position> + '_ {
        std::iter::once(self.start).chain(self.positions.iter().copied())
    }
}

/// Distances to the goal for every solvable position.
///
/// Build it once per process (or per benchmark run) and ask it any number of questions.
/// A start is found through the component's own (Fx) hash index: a direct table indexed by
/// [`Position::code`] was measured and saved about 2% of the instructions of a solve and
/// nothing measurable in wall time (docs/chips.md), so it was not kept.
#[derive(Clone, Debug)]
pub struct Solver {
    component: EdgeComponentOf<Chips>,
    dist: Vec<u32>,
    stats: Stats,
}

impl Solver {
    /// Explores the goals' component with the engine and measures distances to the goals.
    /// `limits` is honoured like every other search (the component has 630 positions).
    pub fn new(limits: &Limits) -> Result<Self, Stopped> {
        let goal = Position::start(
            [Chip::Red, Chip::Blue]
                .repeat(4)
                .try_into()
                .expect("8 chips"),
        );
        let mut component = EdgeComponent::new();
        let stats = component.explore(&Chips, goal, limits)?;
        let dist = distances_to_goals(&component);
        Ok(Solver {
            component,
            dist,
            stats,
        })
    }

    /// The work [`Solver::new`] did, for `--stats`.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Number of positions from which a goal can be reached.
    pub fn solvable_positions(&self) -> usize {
        self.component.len()
    }

    /// Every position from which a goal can be reached; tests and tools enumerate them.
    pub fn positions(&self) -> impl ExactSizeIterator<Item = Position> + '_ {
        self.component.states()
    }

    /// The fewest moves from `p` to a goal; `None` when no goal is reachable.
    pub fn distance(&self, p: Position) -> Option<u32> {
        self.component
            .index_of(&p)
            .map(|i| self.dist[i as usize])
            .filter(|&d| d != UNREACHABLE)
    }

    /// The judge answer from `start`; `None` when the colours can never alternate.
    pub fn solve(&self, start: Position) -> Option<Solution> {
        let index = self.component.index_of(&start)?;
        let path = self.component.lexicographic_path_down(index, &self.dist)?;
        Some(Solution {
            start,
            moves: path.moves(),
            positions: path.steps.iter().map(|&(_, p)| p).collect(),
        })
    }
}
/// Every position's fewest moves to a goal (moves are reversible: from the goals forwards).
fn distances_to_goals(component: &EdgeComponentOf<Chips>) -> Vec<u32> {
    let mut goals = Vec::new();
    component.find_into(|p| p.is_goal(), &mut goals);
    component.distances_to(&goals, true)
}

/// The textbook route, one engine exploration per puzzle (explore the start's component,
/// BFS distances to its goals, walk down). Kept as the benchmark's baseline for
/// [`Solver`], which explores once for all puzzles.
pub fn solve_by_exploring(start: Position, limits: &Limits) -> Result<Option<Solution>, Stopped> {
    let mut component = EdgeComponent::new();
    component.explore(&Chips, start, limits)?;
    let dist = distances_to_goals(&component);
    Ok(component
        .lexicographic_path_down(0, &dist)
        .map(|path| Solution {
            start,
            moves: path.moves(),
            positions: path.steps.iter().map(|&(_, p)| p).collect(),
        }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::parse::parse_board;

    fn solver() -> Solver {
        Solver::new(&Limits::none()).unwrap()
    }

    #[test]
    fn samples() {
        let s = solver();
        let sol = s.solve(parse_board("BRRBBRBR").unwrap()).unwrap();
        assert_eq!(sol.moves, vec![1, 2, 3, 8]);
        assert!(sol.positions.last().unwrap().is_goal());
        let sol = s.solve(parse_board("RBRBRBRB").unwrap()).unwrap();
        assert!(sol.moves.is_empty());
        assert_eq!(s.solve(parse_board("RRRRRBBB").unwrap()), None);
    }

    #[test]
    fn one_component_holds_every_four_four_position_and_both_goals() {
        let s = solver();
        assert_eq!(s.solvable_positions(), 9 * 70);
        assert!(s.positions().all(|p| p.blues() == 4));
        let goals: Vec<_> = s.positions().filter(|p| p.is_goal()).collect();
        assert_eq!(goals.len(), 2);
    }

    #[test]
    fn table_and_per_puzzle_exploration_agree() {
        let s = solver();
        for p in s.positions() {
            let answer = s.solve(p);
            assert_eq!(answer, solve_by_exploring(p, &Limits::none()).unwrap());
            assert_eq!(answer.as_ref().map(|a| a.moves.len() as u32), s.distance(p));
        }
    }

    #[test]
    fn state_cap_is_honoured() {
        assert!(Solver::new(&Limits::states(100)).is_err());
    }
}
