//! # The Rush Hour universe
//!
//! Every 6×6 Rush Hour position, split into connected components, keeping the hardest
//! position of each component worth playing.
//!
//! Rules and definitions (moves metric: a slide of any length is one move):
//! - a *position*: the red car (horizontal, length 2) in the third row, any number of other
//!   vehicles (length 2 or 3, either orientation) and exactly `k` 1×1 walls, on distinct cells;
//! - its *component*: every position reachable by moves (moves are reversible);
//! - *solvable*: the component holds a goal (the red car on the two exit cells);
//! - *hardest position*: the one farthest from every goal, ties broken by the smallest
//!   normalised string; its distance is the component's MOVES;
//! - *minimal*: removing any single non-red vehicle from the hardest position strictly lowers
//!   its optimal moves; *interesting* = solvable and minimal;
//! - *normalised string*: the 36-character database format with vehicles relabelled `B`, `C`,
//!   ... in reading order of their first cell (`A` stays the red car), `o` empty, `x` wall; a
//!   component's *key* is its smallest normalised string.
//!
//! Only solvable components can be interesting, so the enumeration starts from goal positions
//! and never visits an unsolvable component; [`count`] sizes the whole universe without
//! visiting it. See `docs/universe.md` for the design and the measured numbers.

pub mod board;
mod component;
pub mod count;
pub(crate) mod descent;
mod enumerate;
mod goals;
pub mod lanes;
pub mod layout;
mod neighbours;
pub mod prune;
mod queue;
mod rowmap;
mod scan;
mod sweep;
mod union_find;
mod waves;

pub use board::{normalise, Board};
pub(crate) use component::Farthest;
pub use component::{ComponentInfo, Scratch};
pub use enumerate::{enumerate, Cancelled, Config, Event, Row, Rules, Summary, Units, Worker};

use crate::error::{ParseError, PuzzleError};
use gridlock_search::{Component, EdgeComponent, EdgeComponentOf, Limits, Stopped};
use layout::Layout;

/// `start`'s whole component over the layout's moves, by the engine's general explorer.
pub(crate) fn explored(
    layout: &Layout,
    start: u64,
    limits: &Limits,
) -> Result<EdgeComponentOf<Layout>, Stopped> {
    let mut comp = EdgeComponent::new();
    comp.explore(layout, start, limits)?;
    Ok(comp)
}

/// A component as `gridlock rush-hour explore` reports it: its name in the universe table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentKey {
    /// The smallest normalised string of the component (look it up in the table's KEY column).
    pub key: String,
    /// Positions in the component.
    pub size: usize,
}

/// The key of the component of `board36` (any valid board, solvable or not): explores the
/// component within `limits` and returns its smallest normalised string.
pub fn component_key(board36: &str, limits: &Limits) -> Result<ComponentKey, PuzzleError> {
    let board = Board::parse(board36)?;
    let (layout, packed) = Layout::from_board(&board)
        .ok_or_else(|| ParseError::new(1, 1, "an impossible lane", "a valid board"))?;
    let comp = explored(&layout, packed, limits)?;
    let key = comp
        .states()
        .map(|s| layout.normalised(s))
        .min()
        .expect("a component holds its start");
    Ok(ComponentKey {
        key: String::from_utf8_lossy(&key).into_owned(),
        size: comp.len(),
    })
}

/// Classifies the component of one board exactly as the enumeration does (size, MOVES,
/// hardest position, minimality); `None` when the component is unsolvable. For tests and for
/// looking at a single puzzle.
pub fn classify(board36: &str, rules: Rules) -> Result<Option<ComponentInfo>, ParseError> {
    let board = Board::parse(board36)?;
    let (layout, packed) = Layout::from_board(&board)
        .ok_or_else(|| ParseError::new(1, 1, "an impossible lane", "a valid board"))?;
    let comp = explored(&layout, packed, &Limits::none()).expect("no limits");
    let Some(goal) = comp.states().find(|&s| layout.is_goal(s)) else {
        return Ok(None);
    };
    let mut scratch = Scratch::default();
    scratch.begin_layout(&layout);
    let r = scratch.ranker.rank(lanes::tables(), goal);
    Ok(Some(scratch.component(
        &layout,
        goal,
        r,
        rules == Rules::Published,
    )))
}
