//! One job of the generator: a climb from a random board towards the requested moves,
//! recording every interesting puzzle of the requested kind it passes.
//!
//! Each candidate board is judged by its whole component (the universe's exploration:
//! distances to the goals, the hardest position with the tie rule). The climb keeps a
//! candidate when its component's MOVES are no farther from the requested range than the
//! current one's (so it drifts freely on plateaus and inside the range), and always continues
//! from the component's hardest position. A component whose MOVES fall in the range is then
//! *reduced*: while some vehicle of its hardest position is needless (removing it leaves the
//! optimal moves unchanged), that vehicle is removed and the smaller board's component taken
//! instead. Removing a needless vehicle keeps the optimum, so the new component's MOVES are at
//! least as high; the loop ends at an interesting component.

use super::design::{mutate, random_start, Shape};
use super::rng::Rng;
use super::{Generated, Request};
use crate::rush_hour::universe::layout::Layout;
use crate::rush_hour::universe::{Board, Farthest, Scratch};
use rustc_hash::FxHashSet;
use std::cell::RefCell;

/// Candidates one job evaluates at most.
const BUDGET: u32 = 6000;
/// A job ends once it has recorded this many puzzles (so that the puzzles come from many
/// independent climbs, not one neighbourhood), or the request's count if that is smaller:
/// a chunk of jobs is accepted only when all of them have ended, so a job that went on past
/// the count would only delay the answer (a request for one puzzle waits for its slowest job).
const PER_JOB: usize = 10;
/// A job ends after this many candidates in a row that got no nearer the range. 3000 for hard
/// requests was measured and not kept (docs/generate.md): fewer candidates on some hard
/// requests, twice as many on others.
const PATIENCE: u32 = 1000;
/// Random starts tried before a job gives up finding a solvable first board.
const STARTS: u32 = 100;

/// Candidates whose component holds more positions than this are dropped as soon as the
/// exploration passes it: big components cost the most to explore and rarely hold hard
/// puzzles (the database's components of 20 to 30 moves have a median of 3,315 positions).
/// Hard requests get a larger cap (the 51-move component has 4,780). Reduced puzzles are not
/// capped.
fn cap(req: &Request) -> usize {
    if req.moves.0 >= 30 {
        8000
    } else {
        4000
    }
}

/// What one job produced.
#[derive(Clone, Debug, Default)]
pub struct JobResult {
    /// Interesting puzzles meeting the request, in the order met (distinct keys).
    pub found: Vec<Generated>,
    /// Candidate boards evaluated.
    pub tried: u64,
    /// The largest MOVES of any component met (reduced or not).
    pub best_moves: u32,
}

thread_local! {
    /// One exploration scratch per worker thread, reused by every job it runs.
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// How far `moves` is from the requested range (0 inside it); the climb minimises it.
fn distance(req: &Request, moves: u32) -> u32 {
    if moves < req.moves.0 {
        req.moves.0 - moves
    } else {
        req.moves.1.map_or(0, |max| moves.saturating_sub(max))
    }
}

/// The component of `board` with its hardest position; `None` if it has no goal.
fn evaluate(scratch: &mut Scratch, board: &Board, cap: usize) -> Option<(Layout, Farthest)> {
    let (layout, packed) = Layout::from_board(board)?;
    let found = scratch.farthest(&layout, packed, cap)?;
    Some((layout, found))
}

/// Reduces the component just evaluated to an interesting one (see the module comment).
pub(crate) fn reduce(scratch: &mut Scratch, mut layout: Layout, mut found: Farthest) -> Generated {
    while let Some((lane, v)) = scratch.needless_vehicle(&layout, &found) {
        let (smaller, q) = layout
            .without(found.position, lane, v)
            .expect("a needless vehicle is not the red car");
        found = scratch
            .farthest(&smaller, q, usize::MAX)
            .expect("removing a vehicle keeps the goal reachable");
        layout = smaller;
    }
    let key = scratch.key(&layout);
    let text = |s: &[u8]| String::from_utf8_lossy(s).into_owned();
    let board = text(&found.hardest);
    Generated {
        moves: found.moves,
        vehicles: vehicle_count(&board),
        board,
        size: found.size,
        key: text(&key),
    }
}

/// Vehicles (the red car included) on a 36-character board.
pub fn vehicle_count(board: &str) -> usize {
    let mut seen = [false; 26];
    for b in board.bytes().filter(u8::is_ascii_uppercase) {
        seen[usize::from(b - b'A')] = true;
    }
    seen.iter().filter(|&&s| s).count()
}

/// Whether a reduced puzzle meets every part of the request.
pub fn meets(req: &Request, g: &Generated) -> bool {
    distance(req, g.moves) == 0
        && (req.vehicles.0..=req.vehicles.1).contains(&g.vehicles)
        && g.board.bytes().filter(|&b| b == b'x').count() == req.walls
}

/// Runs job `index` of `req`: a climb seeded by `(req.seed, index)` alone, so its result is
/// the same on any thread. `stop` is polled between candidates (timeout, Ctrl-C); a stopped
/// job returns what it has.
pub fn run(req: &Request, index: u64, stop: &dyn Fn() -> bool) -> JobResult {
    SCRATCH.with(|s| climb(&mut s.borrow_mut(), req, index, stop))
}

fn climb(scratch: &mut Scratch, req: &Request, index: u64, stop: &dyn Fn() -> bool) -> JobResult {
    let shape = req.shape();
    let mut rng = Rng::for_job(req.seed, index);
    let mut result = JobResult::default();
    // the first board: random starts until one is solvable
    let target = start_vehicles(req, &shape, &mut rng);
    let mut current = None;
    for _ in 0..STARTS {
        if stop() {
            return result;
        }
        let board = random_start(&shape, target, &mut rng);
        result.tried += 1;
        if let Some((_, f)) = evaluate(scratch, &board, cap(req)) {
            current = Some((hardest_board(&f), f.moves));
            break;
        }
    }
    let Some((mut board, mut moves)) = current else {
        return result;
    };
    result.best_moves = moves;
    let mut reduced: FxHashSet<[u8; 36]> = FxHashSet::default();
    let mut keys: FxHashSet<String> = FxHashSet::default();
    let mut idle = 0;
    for _ in 0..BUDGET {
        if stop() || idle >= PATIENCE || result.found.len() >= PER_JOB.min(req.count) {
            break;
        }
        let Some(candidate) = mutate(&board, &shape, &mut rng) else {
            continue;
        };
        result.tried += 1;
        let Some((layout, f)) = evaluate(scratch, &candidate, cap(req)) else {
            idle += 1;
            continue;
        };
        result.best_moves = result.best_moves.max(f.moves);
        let (was, now) = (distance(req, moves), distance(req, f.moves));
        if now > was {
            idle += 1;
            continue;
        }
        idle = if now < was { 0 } else { idle + 1 };
        board = hardest_board(&f);
        moves = f.moves;
        if now == 0 && reduced.insert(f.hardest) {
            let g = reduce(scratch, layout, f);
            result.best_moves = result.best_moves.max(g.moves);
            if meets(req, &g) && keys.insert(g.key.clone()) {
                result.found.push(g);
            }
        }
    }
    result
}

/// How many vehicles a job's first board gets: a draw around the request's upper end (hard
/// puzzles are crowded), within its range.
fn start_vehicles(req: &Request, shape: &Shape, rng: &mut Rng) -> usize {
    let hi = shape.max_vehicles.min(14);
    let lo = req.vehicles.0.min(hi).max(hi.saturating_sub(5));
    lo + rng.below((hi - lo + 1) as u32) as usize
}

/// The hardest position as a board to change next.
fn hardest_board(f: &Farthest) -> Board {
    Board::parse(std::str::from_utf8(&f.hardest).expect("normalised strings are ASCII"))
        .expect("a normalised string is a valid board")
}
