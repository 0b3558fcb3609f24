//! IDA* for deep unit-cost searches on a state changed in place.
//!
//! A search that copies every successor into a buffer and scans its path for repeats costs
//! far more than the heuristic itself once it runs into hundreds of millions of nodes.
//! [`ida_star_in_place`] is made for puzzles whose moves can be undone (sliding tiles): one
//! mutable state, moves applied and undone in place, the child's bound computed from the
//! parent's and the move, the move that undoes the previous one never tried, and nothing
//! allocated per node. Puzzles call it through [`crate::ida_star_split`], which runs it on one
//! thread or splits its deep iterations over every core ([`probe_until`] is that unit).

use crate::limits::{Limits, StopReason, Stopped, CLOCK_EVERY};
use crate::stats::Stats;
use crate::Bound;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// A puzzle searched by `ida_star_in_place`: a state it changes in place, with reversible
/// unit-cost moves and an admissible lower bound it keeps up to date move by move.
pub trait InPlace {
    /// The position, including whatever the puzzle caches to update its bound cheaply (the
    /// heuristic's parts, a mirrored copy of the board).
    type State;
    /// One move, as the puzzle names it; small and `Copy`.
    type Move: Copy + Eq;
    /// What [`InPlace::undo`] needs to restore the cached parts without recomputing them.
    type Undo: Copy;

    /// The moves available in `state`, from a table the puzzle precomputed (the slice lives
    /// as long as the puzzle, not the state, so the search can change the state while it
    /// walks the list).
    fn moves<'a>(&'a self, state: &Self::State) -> &'a [Self::Move];
    /// The move that undoes `mv`; the search never tries it right after `mv`.
    fn inverse(&self, mv: Self::Move) -> Self::Move;
    /// Plays `mv` on `state`, whose lower bound is `h`, and returns the child's lower bound
    /// (computed from `h` and the move where the puzzle can) and the undo record.
    fn apply(&self, state: &mut Self::State, mv: Self::Move, h: u32) -> (u32, Self::Undo);
    /// Takes back `mv`, which [`InPlace::apply`] played and which returned `undo`.
    fn undo(&self, state: &mut Self::State, mv: Self::Move, undo: Self::Undo);
    /// True when `state` (whose lower bound is `h`) is a goal.
    fn is_goal(&self, state: &Self::State, h: u32) -> bool;
}

/// The outcome of `ida_star_in_place`.
#[derive(Clone, Debug)]
pub struct DeepFound<M> {
    /// The optimal move list, or `None` when no goal lies within `max_cost`.
    pub moves: Option<Vec<M>>,
    /// Work done; `generated` counts every child evaluated, `expanded` every node whose moves
    /// were tried ([`Stats::nodes_per_second`] is the throughput).
    pub stats: Stats,
    /// The bound of each iteration, in order (the last one is the answer's length when found).
    pub iterations: Vec<u32>,
}

/// Iterative-deepening A* on a state changed in place, every move costing 1.
///
/// `h` is the start's lower bound. The state is left at the goal when one is found, and as
/// it was otherwise (also when a limit stops it). `max_cost`, when given, ends the search with no answer once the bound
/// exceeds it; `limits.max_states` caps the expanded nodes (IDA* holds only the current
/// path); the clock and the cancel flag are looked at every few thousand expansions.
pub(crate) fn ida_star_in_place<P: InPlace>(
    puzzle: &P,
    state: &mut P::State,
    h: u32,
    max_cost: Option<u32>,
    limits: &Limits,
) -> Result<DeepFound<P::Move>, Stopped> {
    let clock = Instant::now();
    let mut walk = Walk::new(puzzle, limits, h, None);
    let mut iterations = Vec::new();
    loop {
        if max_cost.is_some_and(|m| walk.it.bound > m) {
            return Ok(walk.finish(None, iterations, clock));
        }
        iterations.push(walk.it.bound);
        walk.it.next_bound = u32::MAX;
        match walk.probe(state, 0, h, None) {
            Ok(true) => {
                let moves = std::mem::take(&mut walk.it.path);
                return Ok(walk.finish(Some(moves), iterations, clock));
            }
            Ok(false) if walk.it.next_bound == u32::MAX => {
                return Ok(walk.finish(None, iterations, clock))
            }
            Ok(false) => walk.it.bound = walk.it.next_bound,
            Err(reason) => {
                let bound = walk.it.bound;
                let stats = walk.finish(None, iterations, clock).stats;
                return Err(Stopped {
                    reason,
                    stats,
                    lower_bound: Some(Bound::of(&bound)),
                });
            }
        }
    }
}

/// What one bounded depth-first pass of [`probe_until`] found.
#[derive(Clone, Debug)]
pub(crate) struct Probe<M> {
    /// The moves from the node to a goal within the bound, if one was found.
    pub moves: Option<Vec<M>>,
    /// The smallest `g + h` above the bound met on the way: the next bound, if any.
    pub next_bound: Option<u32>,
    /// Work done.
    pub stats: Stats,
}

/// One IDA* iteration below a node: the building block for splitting one search tree
/// across threads (a driver expands the first levels itself, then probes each subtree with
/// the same bound and takes the smallest next bound). `g` is the node's depth, `h` its
/// lower bound, `banned` the move that would undo the move into it. Also stopped (as
/// [`StopReason::Cancelled`]) once `superseded`'s counter holds an index below its own: a
/// subtree earlier in the serial order found a goal.
pub(crate) fn probe_until<P: InPlace>(
    puzzle: &P,
    state: &mut P::State,
    (g, h): (u32, u32),
    banned: Option<P::Move>,
    bound: u32,
    limits: &Limits,
    superseded: Option<(&AtomicUsize, usize)>,
) -> Result<Probe<P::Move>, Stopped> {
    let clock = Instant::now();
    let mut walk = Walk::new(puzzle, limits, bound, superseded);
    let outcome = if g + h > bound {
        walk.it.next_bound = g + h;
        Ok(false)
    } else {
        walk.probe(state, g, h, banned)
    };
    let next_bound = (walk.it.next_bound != u32::MAX).then_some(walk.it.next_bound);
    match outcome {
        Ok(found) => {
            let moves = found.then(|| std::mem::take(&mut walk.it.path));
            let stats = walk.finish(None, Vec::new(), clock).stats;
            Ok(Probe {
                moves,
                next_bound,
                stats,
            })
        }
        Err(reason) => Err(Stopped {
            reason,
            stats: walk.finish(None, Vec::new(), clock).stats,
            lower_bound: Some(Bound::of(&bound)),
        }),
    }
}

/// What one IDA* iteration keeps while it walks the tree, serially or down to the split
/// search's frontier.
pub(crate) struct Iteration<'a, P: InPlace> {
    pub puzzle: &'a P,
    /// The iteration's bound.
    pub bound: u32,
    /// The smallest `f` above the bound seen in this iteration: the next bound.
    pub next_bound: u32,
    /// The moves from the start to the current node.
    pub path: Vec<P::Move>,
    pub stats: Stats,
}

impl<'a, P: InPlace> Iteration<'a, P> {
    pub fn new(puzzle: &'a P, bound: u32) -> Self {
        Iteration {
            puzzle,
            bound,
            next_bound: u32::MAX,
            path: Vec::with_capacity(128),
            stats: Stats::default(),
        }
    }
}

/// Whether a goal lies below a node (the state is left there), or the limit that stopped
/// the search (the state is left as it was).
pub(crate) type Descent = Result<bool, StopReason>;

/// One node's expansion, the loop the serial search and the split search's frontier share:
/// every move but `banned`, in the puzzle's order, applied in place; a child within the
/// bound is handed to [`Expand::descend`], and the smallest `f` above it is kept as the next
/// bound.
pub(crate) trait Expand<'a, P: InPlace + 'a> {
    /// The iteration walked.
    fn iteration(&mut self) -> &mut Iteration<'a, P>;

    /// Searches below the child `state`, reached by `mv` (already on the path); `depth` is
    /// its `(g, h)`: moves from the start and lower bound.
    fn descend(&mut self, state: &mut P::State, mv: P::Move, depth: (u32, u32)) -> Descent;

    /// Expands `state` (reached in `g` moves, lower bound `h`): the path ends at it, and
    /// each child is put on it while [`Expand::descend`] searches below.
    #[inline]
    fn expand(&mut self, state: &mut P::State, g: u32, h: u32, banned: Option<P::Move>) -> Descent {
        let puzzle = self.iteration().puzzle;
        for &mv in puzzle.moves(state) {
            if Some(mv) == banned {
                continue;
            }
            let (child_h, undo) = puzzle.apply(state, mv, h);
            let it = self.iteration();
            it.stats.generated += 1;
            let f = g + 1 + child_h;
            if f <= it.bound {
                it.path.push(mv);
                match self.descend(state, mv, (g + 1, child_h)) {
                    Ok(true) => return Ok(true),
                    Ok(false) => {}
                    Err(reason) => {
                        self.iteration().path.pop();
                        puzzle.undo(state, mv, undo);
                        return Err(reason);
                    }
                }
                self.iteration().path.pop();
            } else if f < it.next_bound {
                it.next_bound = f;
            }
            puzzle.undo(state, mv, undo);
        }
        Ok(false)
    }
}

impl<'a, P: InPlace> Expand<'a, P> for Walk<'a, P> {
    #[inline]
    fn iteration(&mut self) -> &mut Iteration<'a, P> {
        &mut self.it
    }

    #[inline]
    fn descend(&mut self, state: &mut P::State, mv: P::Move, (g, h): (u32, u32)) -> Descent {
        self.probe(state, g, h, Some(self.it.puzzle.inverse(mv)))
    }
}

struct Walk<'a, P: InPlace> {
    it: Iteration<'a, P>,
    limits: &'a Limits,
    /// Expansions left until the clock is looked at again.
    countdown: u64,
    /// Expansions allowed in total.
    cap: u64,
    /// For a subtree of a split search: stop when a subtree earlier in the serial order
    /// (a smaller index than this one's) has found a goal ([`crate::split`]).
    superseded: Option<(&'a AtomicUsize, usize)>,
}

impl<'a, P: InPlace> Walk<'a, P> {
    fn new(
        puzzle: &'a P,
        limits: &'a Limits,
        bound: u32,
        superseded: Option<(&'a AtomicUsize, usize)>,
    ) -> Self {
        Walk {
            it: Iteration::new(puzzle, bound),
            limits,
            countdown: CLOCK_EVERY,
            cap: limits.max_states.map_or(u64::MAX, |m| m as u64),
            superseded,
        }
    }

    fn finish(
        mut self,
        moves: Option<Vec<P::Move>>,
        iterations: Vec<u32>,
        clock: Instant,
    ) -> DeepFound<P::Move> {
        let stats = &mut self.it.stats;
        stats.elapsed = clock.elapsed();
        stats.peak_bytes = stats.peak_states * std::mem::size_of::<P::Move>() as u64;
        DeepFound {
            moves,
            stats: self.it.stats,
            iterations,
        }
    }

    /// Searches below `state` (reached in `g` moves, lower bound `h`, `banned` the move that
    /// would undo the last one) for a goal within the bound.
    fn probe(&mut self, state: &mut P::State, g: u32, h: u32, banned: Option<P::Move>) -> Descent {
        if self.it.puzzle.is_goal(state, h) {
            return Ok(true);
        }
        self.tick()?;
        let depth = self.it.path.len() as u64 + 1;
        if depth > self.it.stats.peak_states {
            self.it.stats.peak_states = depth;
        }
        self.expand(state, g, h, banned)
    }

    /// Counts one expansion; looks at the cap every time and at the clock now and then.
    #[inline]
    fn tick(&mut self) -> Result<(), StopReason> {
        self.it.stats.expanded += 1;
        if self.it.stats.expanded > self.cap {
            return Err(StopReason::StateLimit(self.cap as usize));
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = CLOCK_EVERY;
            self.limits.check_clock()?;
            if let Some((first, mine)) = self.superseded {
                if first.load(Ordering::Relaxed) < mine {
                    return Err(StopReason::Cancelled);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A token on a line of `n` cells, moved one cell left or right; the goal is cell 0. The
    /// bound is the distance, updated from the parent's.
    struct Line {
        moves: [i32; 2],
    }

    impl InPlace for Line {
        type State = i32;
        type Move = i32;
        type Undo = ();
        fn moves<'a>(&'a self, _: &i32) -> &'a [i32] {
            &self.moves
        }
        fn inverse(&self, mv: i32) -> i32 {
            -mv
        }
        fn apply(&self, s: &mut i32, mv: i32, h: u32) -> (u32, ()) {
            *s += mv;
            (h.wrapping_add_signed(mv), ())
        }
        fn undo(&self, s: &mut i32, mv: i32, _: ()) {
            *s -= mv;
        }
        fn is_goal(&self, s: &i32, _: u32) -> bool {
            *s == 0
        }
    }

    #[test]
    fn walks_straight_home_and_never_backtracks() {
        let line = Line { moves: [1, -1] };
        let mut s = 7;
        let found = ida_star_in_place(&line, &mut s, 7, None, &Limits::none()).unwrap();
        assert_eq!(found.moves, Some(vec![-1; 7]));
        assert_eq!(s, 0);
        assert_eq!(found.iterations, vec![7]);
        // the start tries +1 (pruned: f = 9) and -1; below it +1 undoes -1 and is never tried
        assert_eq!(found.stats.expanded, 7);
        assert_eq!(found.stats.generated, 2 + 6);
    }

    #[test]
    fn probes_below_a_node_give_the_answer_or_the_next_bound() {
        let line = Line { moves: [1, -1] };
        let mut s = 7;
        let short = probe_until(&line, &mut s, (0, 7), None, 6, &Limits::none(), None).unwrap();
        assert_eq!((short.moves, short.next_bound), (None, Some(7)));
        // below the start's first move (-1, to 6), with the bound of the whole search
        let mut s = 6;
        let p = probe_until(&line, &mut s, (1, 6), Some(1), 7, &Limits::none(), None).unwrap();
        assert_eq!(p.moves, Some(vec![-1; 6]));
    }

    #[test]
    fn a_weak_bound_takes_more_iterations_but_the_same_answer() {
        struct Blind(Line);
        impl InPlace for Blind {
            type State = i32;
            type Move = i32;
            type Undo = ();
            fn moves<'a>(&'a self, s: &i32) -> &'a [i32] {
                self.0.moves(s)
            }
            fn inverse(&self, mv: i32) -> i32 {
                -mv
            }
            fn apply(&self, s: &mut i32, mv: i32, _: u32) -> (u32, ()) {
                *s += mv;
                (0, ())
            }
            fn undo(&self, s: &mut i32, mv: i32, _: ()) {
                *s -= mv;
            }
            fn is_goal(&self, s: &i32, _: u32) -> bool {
                *s == 0
            }
        }
        let blind = Blind(Line { moves: [1, -1] });
        let mut s = 5;
        let found = ida_star_in_place(&blind, &mut s, 0, None, &Limits::none()).unwrap();
        assert_eq!(found.moves.unwrap().len(), 5);
        assert_eq!(found.iterations, vec![0, 1, 2, 3, 4, 5]);
        let mut s = 5;
        let none = ida_star_in_place(&blind, &mut s, 0, Some(3), &Limits::none()).unwrap();
        assert!(none.moves.is_none());
        assert_eq!(s, 5, "the state is restored when nothing is found");
        let mut s = 30;
        let err = ida_star_in_place(&blind, &mut s, 0, None, &Limits::states(100)).unwrap_err();
        assert_eq!(err.reason, StopReason::StateLimit(100));
        assert!(err.lower_bound.is_some());
        assert_eq!(s, 30);
    }
}
