//! The largest optimum a request can reach, so that a `--moves` range that can never be met
//! is refused before any search instead of running until the time limit.
//!
//! Every generated puzzle is the hardest position of an interesting component, so it is a
//! row of the universe's table for its walls (`docs/universe.md`, default rules: walls are
//! not tested for minimality, as here). What is known of those tables:
//! - **no walls**: every position was enumerated (`gridlock rush-hour universe --walls 0`,
//!   522,276 rows; the published database agrees). Its rows of 36 moves or more are all in
//!   `tests/fixtures/universe/universe0_36plus.txt`: they have 9 to 14 vehicles and at most
//!   51 moves, and for each vehicle count the hardest of them fits the boxed game's pieces
//!   (not every one does). So for a vehicle range the largest optimum is exact when it is 36
//!   or more, with or without `--set physical`, and at most 35 otherwise. Proven.
//! - **walls**: the hardest puzzle known is the published database's 60-move one (one wall).
//!   No complete table under these rules records a larger one, so 60 is the largest *known*
//!   optimum, not a proven bound: requests above it are refused as beyond what is known.

use super::Request;

/// Largest MOVES of a wall-free puzzle with this many vehicles (red car included), for the
/// counts that have puzzles of 36 moves or more; from the complete enumeration (module
/// comment). The test `known_maxima_are_the_fixtures` recomputes it from the fixture.
pub const WALL_FREE_36_PLUS: [(usize, u32); 6] =
    [(9, 38), (10, 47), (11, 49), (12, 50), (13, 51), (14, 46)];

/// Every other vehicle count of a wall-free board stays below 36 moves.
pub const WALL_FREE_OTHERS: u32 = 35;

/// The hardest puzzle known with walls: the published database's, 60 moves, one wall.
pub const HARDEST_WITH_WALLS: (u32, &str) = (60, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");

/// The largest optimum a request's pieces allow, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ceiling {
    /// No puzzle of the request's kind needs more moves than this (for walls: none known).
    pub moves: u32,
    /// Whether the ceiling is proven (no walls) or only the largest known (walls).
    pub proven: bool,
    /// The reason, worded for an error message.
    pub why: String,
}

/// The ceiling of `req`'s pieces (walls, vehicles; `--set physical` changes nothing: for each
/// vehicle count the hardest wall-free puzzle fits the boxed game).
pub fn ceiling(req: &Request) -> Ceiling {
    if req.walls > 0 {
        let (moves, board) = HARDEST_WITH_WALLS;
        return Ceiling {
            moves,
            proven: false,
            why: format!(
                "no 6x6 puzzle with walls is known to need more than {moves} moves (the \
                 published database's hardest, {board}, has one wall)"
            ),
        };
    }
    let (lo, hi) = req.vehicles;
    let best = (lo..=hi)
        .map(|v| {
            WALL_FREE_36_PLUS
                .iter()
                .find(|&&(n, _)| n == v)
                .map_or(WALL_FREE_OTHERS, |&(_, m)| m)
        })
        .max()
        .unwrap_or(WALL_FREE_OTHERS);
    let vehicles = if (lo, hi) == (2, super::MAX_VEHICLES) {
        String::new()
    } else if lo == hi {
        format!(" with {lo} vehicles")
    } else {
        format!(" with {lo} to {hi} vehicles")
    };
    let why = if best > WALL_FREE_OTHERS {
        format!(
            "no wall-free 6x6 puzzle{vehicles} needs more than {best} moves (every position \
             was enumerated: docs/universe.md)"
        )
    } else {
        format!(
            "no wall-free 6x6 puzzle{vehicles} needs 36 moves or more (every position was \
             enumerated: those puzzles all have 9 to 14 vehicles; docs/universe.md)"
        )
    };
    Ceiling {
        moves: best,
        proven: true,
        why,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(vehicles: (usize, usize), walls: usize) -> Request {
        Request {
            vehicles,
            walls,
            ..Request::default()
        }
    }

    #[test]
    fn ceilings_by_pieces() {
        assert_eq!(ceiling(&req((2, 18), 0)).moves, 51);
        assert_eq!(
            ceiling(&req((2, 12), 0)).moves,
            50,
            "the 51-move puzzle has 13"
        );
        assert_eq!(ceiling(&req((10, 12), 0)).moves, 50);
        assert_eq!(ceiling(&req((14, 18), 0)).moves, 46);
        let small = ceiling(&req((2, 8), 0));
        assert_eq!((small.moves, small.proven), (35, true));
        assert!(small
            .why
            .contains("with 2 to 8 vehicles needs 36 moves or more"));
        let walls = ceiling(&req((2, 18), 2));
        assert_eq!((walls.moves, walls.proven), (60, false));
        assert!(walls.why.contains("is known to need"), "{}", walls.why);
    }
}
