//! Solving: parity first (an unreachable goal is answered at once), then IDA* on the
//! engine's in-place search with the heuristic [`super::tables`] chose, one tree split over every core of
//! rayon's pool once its iterations grow (the move list is the serial search's, on any
//! number of threads), and the move list in tile numbers.

use super::board::{Board, Dir};
use super::manhattan::Manhattan;
use super::moves::{labels, Tiles};
use super::pdb::PdbHeuristic;
use gridlock_search::{ida_star_split, Limits, Stats, Stopped};

/// A lower bound ready to search with.
#[derive(Clone, Debug)]
pub enum Heuristic {
    /// Manhattan distance with linear conflicts.
    Manhattan(Manhattan),
    /// Additive pattern databases (with the mirrored look-up where the board allows it).
    Pdb(Box<PdbHeuristic>),
}

impl Heuristic {
    /// How the heuristic is named in JSON and `--stats`: `manhattan+lc`, `pdb 7-8`,
    /// `pdb 7-8 mirrored`.
    pub fn name(&self) -> String {
        match self {
            Heuristic::Manhattan(_) => "manhattan+lc".to_string(),
            Heuristic::Pdb(p) if p.mirrored() => format!("pdb {} mirrored", p.pattern()),
            Heuristic::Pdb(p) => format!("pdb {}", p.pattern()),
        }
    }
}

/// An optimal solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The tile slid into the blank at each move (the judge output).
    pub tiles: Vec<u8>,
    /// Where the blank went at each move.
    pub dirs: Vec<Dir>,
    /// The start's lower bound.
    pub start_bound: u32,
    /// The bound of each IDA* iteration.
    pub iterations: Vec<u32>,
}

/// A goal and a heuristic for it: solves any board of the goal's shape.
#[derive(Clone, Debug)]
pub struct Solver {
    goal: Board,
    labels: Vec<u8>,
    heuristic: Heuristic,
}

impl Solver {
    /// A solver for boards of `goal`'s shape.
    pub fn new(goal: Board, heuristic: Heuristic) -> Solver {
        Solver {
            labels: labels(&goal),
            goal,
            heuristic,
        }
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &Heuristic {
        &self.heuristic
    }

    /// The lower bound of `board`.
    pub fn estimate(&self, board: &Board) -> u32 {
        let tiles = Tiles::new(board, &self.labels);
        match &self.heuristic {
            Heuristic::Manhattan(m) => m.estimate(&tiles),
            Heuristic::Pdb(p) => p.estimate(&p.state(tiles)),
        }
    }

    /// An optimal solution of `start`, or `None` when the goal cannot be reached (decided by
    /// parity, without search). `limits.max_states` caps the expanded nodes.
    pub fn solve(
        &self,
        start: &Board,
        limits: &Limits,
    ) -> Result<(Option<Solution>, Stats), Stopped> {
        assert_eq!(start.shape, self.goal.shape, "the goal's shape");
        if !start.can_reach(&self.goal) {
            return Ok((None, Stats::default()));
        }
        let tiles = Tiles::new(start, &self.labels);
        let (found, h) = match &self.heuristic {
            Heuristic::Manhattan(m) => {
                let mut t = tiles;
                let h = m.estimate(&t);
                (ida_star_split(m, &mut t, h, None, limits)?, h)
            }
            Heuristic::Pdb(p) => {
                let mut s = p.state(tiles);
                let h = p.estimate(&s);
                (ida_star_split(p.as_ref(), &mut s, h, None, limits)?, h)
            }
        };
        let dirs = found.moves.expect("a reachable goal is found");
        let mut board = start.clone();
        let tiles = dirs
            .iter()
            .map(|&d| board.slide(d).expect("the search plays legal moves"))
            .collect();
        debug_assert_eq!(board, self.goal);
        let solution = Solution {
            tiles,
            dirs,
            start_bound: h,
            iterations: found.iterations,
        };
        Ok((Some(solution), found.stats))
    }
}
