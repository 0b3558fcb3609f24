//! Tunnel macros for the optimal searches (and `--fast`, [`super::fast::FastGraph`]): a
//! push that leaves the player inside a one-wide corridor, behind its box, is continued
//! straight on as one edge of the push graph, every push and step counted, so the edge's
//! cost stays exact.
//!
//! The idea is Junghanns and Schaeffer's (Rolling Stone, *tunnel macros*: once a box is in a
//! tunnel, push it through); the conditions below are the ones this module proves keep every
//! optimal answer, in both objectives.
//!
//! # The rule
//!
//! A push moves box `B` from cell `x` to `y = x + d`, leaving the player on `x`. It
//! **continues** when
//! 1. both neighbours of `x` across `d` (`x ± p`, `p` perpendicular to `d`) are not floor
//!    (the player on `x` can only step back to `x − d`, a box on `x` only moves along `d`),
//! 2. at least one neighbour of `y` across `d` is not floor (`B` on `y` can only be pushed
//!    along `d`: a push across needs floor on both sides), and
//! 3. `y` is not a goal.
//!
//! A continuing push is followed at once by pushing `B` from `y` to `y + d`; if that push is
//! impossible (a wall or a box on `y + d`) or leads to a lost position (a dead cell, a box
//! frozen off its goal), the edge is dropped altogether. The run goes on while each new push
//! continues, and ends at the first that does not (the tunnel opens into a room, turns,
//! reaches a goal). The edge costs `k` pushes and `walk + k` moves for a run of `k` pushes.
//!
//! # Why no optimal answer is lost (either objective)
//!
//! **Lemma.** Let a position `S` have the player on `x − d` and `B` on `x`, and let the push
//! `π₀` of `B` to `y` continue. Then every optimal solution from `S` (fewest pushes then
//! moves, or fewest moves then pushes) that starts with `π₀` pushes `B` from `y` to `y + d`
//! next, with no step in between.
//!
//! *Proof.* Let `σ = π₀ α π_B ρ`, where `π_B` is the first later push of `B` (there is one:
//! `y` is not a goal) and `α` holds no push of `B`. By (2), `π_B` pushes along `d`.
//! Throughout `α`, `B` stands on `y`, so no box is pushed onto `y`; and no box `C` is pushed
//! onto `x`: by (1) `C` could leave `x` only along `d`, but `+d` is `B`'s cell and pushing
//! `−d` needs the player on `y`; yet `π_B` needs `x` empty (the player stands there for `+d`,
//! `B` moves there for `−d`). While the player is on `x` during `α` it can only step back to
//! `x − d` (by (1); stepping into `B` would be `π_B`), which was empty when it came in: a
//! visit to `x` inside `α` is a detour that changes nothing and costs two moves, so an
//! optimal `α` has none. Hence, apart from leaving `x` at its start, `α` never uses `x` or
//! `y`, and played with `B` still on `x` it does exactly the same. Two cases:
//! - `π_B` pushes `+d` and `α` is not empty: `α` starts by stepping `x → x − d` and ends by
//!   stepping `x − d → x`. Then `α'` (`α` without those two steps), `π₀`, `π_B` is legal
//!   from `S` and reaches the same position as `π₀ α π_B`, with the same pushes and two
//!   moves fewer: `σ` was not optimal.
//! - `π_B` pushes `−d` (back onto `x`, the player coming from `y + d`): `α` starts by
//!   stepping to `x − d`. Then `α` without that step, followed by the step `y + d → y`, is
//!   legal from `S` (`y` is empty there) and reaches the same position as `π₀ α π_B` with
//!   two pushes and two moves fewer: `σ` was not optimal.
//!
//! So `α` is empty and `π_B` pushes `+d`. ∎
//!
//! Each alternative has no more pushes and strictly fewer moves, so the lemma holds in both
//! lexicographic orders. If `π_B` cannot be made at once, no optimal solution starts with
//! `π₀`, which is why such edges are dropped. **The search keeps its optimum**: all optimal
//! solutions from a position have the same push count (both costs are lexicographic over
//! pushes and moves), so by induction on it, from every solvable position some optimal
//! solution is a path of the macro graph: take an optimal solution; if its first push
//! continues, the lemma (applied push after push, each suffix being optimal from its
//! position) says it follows the whole run, which is one edge; the position after the edge
//! has fewer pushes left. The assignment bound stays admissible (it bounds the true cost,
//! which is unchanged) and consistent (a run of `k` pushes costs `k` and lowers it by at
//! most `k`).
//!
//! What the rule does **not** cover: a box pushed into a corridor while the player stands
//! outside it (condition 1), tunnels that turn (the player must walk round the corner, and
//! leaving the box there may be better by moves), goals inside a tunnel (the run stops on
//! them). Goal-room macros (routing a box that enters a room straight to the goal next in
//! the room's packing order) are not used by the optimal searches: an optimal solution may
//! fill the goals in another order, take another route in the room, or leave a box on the
//! way, and no condition is proven here under which routing keeps every optimum.
//!
//! The tests check every push that continues, in every reachable position of small levels,
//! against exact costs computed by brute force (`crates/puzzles/tests/sokoban_tunnel.rs`).

use super::deadlock::frozen_off_goal;
use super::graph::{Node, Push};
use super::maze::{Maze, NONE};
use super::moves::Dir;

/// One edge of the optimal push graph: `len` pushes of the box on `from`, all in `dir`
/// (one push, or a tunnel run).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    /// Compact cell of the box before the first push.
    pub from: u16,
    /// Direction of every push.
    pub dir: Dir,
    /// Number of pushes, at least 1 (a run is straight, so at most a board's side, 64: one
    /// byte keeps the edge as small as a single push's).
    pub len: u8,
}

impl Run {
    /// The single pushes of the run, in order.
    pub fn pushes<'a>(&self, maze: &'a Maze) -> impl Iterator<Item = Push> + 'a {
        let (dir, len) = (self.dir, self.len);
        let mut from = self.from;
        (0..len).map(move |_| {
            let push = Push { from, dir };
            from = maze.step(from, dir);
            push
        })
    }
}

/// Which pushes continue (the rule above), precomputed per cell and direction.
#[derive(Clone, Debug)]
pub struct Tunnels {
    /// Bit `d` of `continues[x]`: a box pushed from `x` in direction `d` continues.
    continues: Vec<u8>,
}

impl Tunnels {
    /// The table of `maze`.
    pub fn new(maze: &Maze) -> Tunnels {
        let not_floor = |cell: u16, dir: Dir| maze.step(cell, dir) == NONE;
        let continues = (0..maze.cells.len() as u16)
            .map(|x| {
                let mut bits = 0u8;
                for d in Dir::ALL {
                    let y = maze.step(x, d);
                    let (p, q) = perpendicular(d);
                    if y != NONE
                        && not_floor(x, p)
                        && not_floor(x, q)
                        && (not_floor(y, p) || not_floor(y, q))
                        && !maze.goals.contains(&y)
                    {
                        bits |= 1 << d as u8;
                    }
                }
                bits
            })
            .collect();
        Tunnels { continues }
    }

    /// A table where no push continues (the plain push graph, to measure the macros).
    pub fn none(maze: &Maze) -> Tunnels {
        Tunnels {
            continues: vec![0; maze.cells.len()],
        }
    }

    /// Does a box pushed from `from` in `dir` continue?
    #[inline]
    pub fn continues(&self, from: u16, dir: Dir) -> bool {
        self.continues[from as usize] >> dir as u8 & 1 == 1
    }

    /// Completes the run that the push of the box from `from` in `dir` starts, `next` being
    /// the position after that push: the position after the whole run and the number of
    /// pushes added, or `None` when the run is blocked or lost (the edge is dropped).
    #[inline]
    pub fn run<const W: usize>(
        &self,
        maze: &Maze,
        mut next: Node<W>,
        mut from: u16,
        dir: Dir,
    ) -> Option<(Node<W>, u8)> {
        let mut added = 0;
        while self.continues(from, dir) {
            let at = maze.step(from, dir);
            let to = maze.step(at, dir);
            if to == NONE || to as usize >= maze.live || next.boxes.has(to as usize) {
                return None;
            }
            next = next.pushed(maze, at, to);
            if frozen_off_goal::<W>(maze, &next.boxes, to) {
                return None;
            }
            added += 1;
            from = at;
        }
        Some((next, added))
    }
}

/// The two directions across `d`.
fn perpendicular(d: Dir) -> (Dir, Dir) {
    (
        Dir::ALL[(d as usize + 1) % 4],
        Dir::ALL[(d as usize + 3) % 4],
    )
}
