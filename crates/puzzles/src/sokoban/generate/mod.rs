//! # Sokoban levels on demand
//!
//! Generates Sokoban levels of a chosen size, box count and optimal number of pushes
//! (`gridlock sokoban generate`, SPEC §13, issue 36; docs/sokoban-generate.md). Every level
//! produced:
//! - is **solvable, with its fewest pushes proven**: by the breadth-first search of pulls
//!   that found it where its layers are exact ([`pull`]: a position's layer is its optimum),
//!   past the beam by the assignment bound meeting the pull path's length, or else by A*
//!   ([`job`]); the printed solution is a push-optimal one (the optimal solver's, fewest
//!   moves among them, when it finishes within its cap);
//! - is **worth playing**: no box starts on a goal, the printed solution pushes every box at
//!   least [`job::MIN_BOX_PUSHES`] times, it needs at least [`Request::per_box`] pushes a
//!   box (long for its size), and among the positions of its room it is one of the farthest
//!   from solved that the request allows;
//! - is **unlike every other level of the run**: no two share a [`key`] (the level under
//!   the rotations and reflections of its grid, the player's cell replaced by its area).
//!
//! The work is split into *jobs*: job `i` draws one room with the random stream of
//! `(seed, i)` alone ([`job`]). Jobs run in parallel, in chunks, and their levels are
//! accepted in job order, so the output depends only on the request, never on the machine
//! or the number of threads (the driver [`crate::generator`], shared with Rush Hour's
//! generator).

pub mod job;
pub mod key;
pub mod pull;
pub mod render;
pub mod room;

use super::board::Level;
use super::solve::Solution;
use crate::generator::{self, run_jobs, Accept, Candidate, Outcome, Plan, Take};
use gridlock_search::Limits;

/// Smallest side of a room, border included.
pub const MIN_SIDE: usize = 5;
/// Largest side of a room, border included (the inside of a 24 × 24 room fits the widest
/// box set the generator keeps, 8 words).
pub const MAX_SIDE: usize = 24;
/// Most boxes a level may have.
pub const MAX_BOXES: usize = 40;
/// Default [`Request::per_box`]: at least 4 optimal pushes a box (16 for Boxoban's four
/// boxes, just under the 17.8 mean of its 3,332 hard levels; about half the 10 × 10 rooms
/// offer 20 or more).
pub const PER_BOX: u32 = 4;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Rows and columns, the outer wall included.
    pub size: (usize, usize),
    /// Boxes: `.0..=.1`.
    pub boxes: (usize, usize),
    /// Optimal pushes: at least `.0`, at most `.1` (none: no upper end).
    pub pushes: (u32, Option<u32>),
    /// Optimal pushes at least this many times the level's boxes: the rule that keeps only
    /// levels long for their size ([`PER_BOX`] by default; 0 turns it off).
    pub per_box: u32,
    /// Number of levels.
    pub count: usize,
    /// The seed: the same request and seed give the same levels.
    pub seed: u64,
    /// Stop once this many candidate rooms have been tried (`None`: no cap). Counted in job
    /// order, so a capped run prints the same levels on any machine and thread count.
    pub max_candidates: Option<u64>,
}

impl Default for Request {
    /// Boxoban's shape: 10 × 10, 4 boxes, any number of pushes.
    fn default() -> Self {
        Request {
            size: (10, 10),
            boxes: (4, 4),
            pushes: (1, None),
            per_box: PER_BOX,
            count: 1,
            seed: 1,
            max_candidates: None,
        }
    }
}

impl Request {
    /// Checks the request for contradictions a user can fix (the message says what is
    /// expected); a request that is merely hard is not an error.
    pub fn check(&self) -> Result<(), String> {
        let (rows, cols) = self.size;
        if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
            return Err(format!(
                "--size {rows}x{cols}: expected {MIN_SIDE} to {MAX_SIDE} rows and columns \
                 (the outer wall included)"
            ));
        }
        let (lo, hi) = self.boxes;
        let boxes = if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}..{hi}")
        };
        if lo == 0 {
            return Err(format!("--boxes {boxes}: expected at least 1 box"));
        }
        if hi < lo {
            return Err(format!(
                "--boxes {boxes}: expected the lower end at most the upper end"
            ));
        }
        let room = self.most_boxes();
        if hi > room {
            return Err(format!(
                "--boxes {boxes}: expected at most {room} boxes in a {rows}x{cols} room \
                 (a quarter of the inside, at most {MAX_BOXES})"
            ));
        }
        let (a, b) = self.pushes;
        if a == 0 {
            return Err(
                "--pushes: expected at least 1 push (a level of 0 pushes is solved)".into(),
            );
        }
        if let Some(b) = b.filter(|&b| b < a) {
            return Err(format!(
                "--pushes {a}..{b}: expected the lower end at most the upper end"
            ));
        }
        let least = self.per_box.saturating_mul(lo as u32);
        if let Some(b) = b.filter(|&b| b < least) {
            return Err(format!(
                "--pushes ..{b}: expected an upper end of at least {least} ({} pushes a \
                 box times {lo} boxes; lower --pushes-per-box)",
                self.per_box
            ));
        }
        if self.count == 0 {
            return Err("--count 0: expected at least 1 level".into());
        }
        Ok(())
    }

    /// The most boxes a room of this size may hold: a quarter of its inside, at most
    /// [`MAX_BOXES`].
    pub fn most_boxes(&self) -> usize {
        ((self.size.0 - 2) * (self.size.1 - 2) / 4).min(MAX_BOXES)
    }
}

/// One generated level.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The level (its name is `None`).
    pub level: Level,
    /// Its fewest pushes (proven).
    pub pushes: u32,
    /// A push-optimal solution: the one `gridlock sokoban` prints (the fewest moves among
    /// them, proven) when `moves_optimal`.
    pub solution: Solution,
    /// Whether the solution has the fewest moves among push-optimal solutions (the optimal
    /// solver finished within [`job::LEX_CAP`] states; levels of many boxes may not).
    pub moves_optimal: bool,
    /// The key no other level of the run shares.
    pub key: String,
    /// The job that made it (its room came from the stream of `(seed, job)`).
    pub job: u64,
}

impl Generated {
    /// The level in XSB, one row per line, no title.
    pub fn rows(&self) -> Vec<String> {
        self.level.draw(&self.level.start)
    }
}

/// What a run did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The levels, in the order printed.
    pub levels: Vec<Generated>,
    /// Jobs run (each one candidate room).
    pub tried: u64,
    /// Levels dropped because an earlier one had the same key.
    pub duplicates: u64,
    /// The largest optimal push count met in any room.
    pub best_pushes: u32,
    /// Positions the reverse searches stored, over all jobs.
    pub nodes: u64,
    /// Why the run ended before `count` levels, if it did.
    pub stopped: Option<Stop>,
}

/// The candidates of a Sokoban run: rooms (`candidate limit of 5 rooms reached`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rooms;

impl Candidate for Rooms {
    const PLURAL: &'static str = "rooms";
    const MEASURE: &'static str = "optimal pushes";
}

/// Why a run ended before it had `count` levels (the driver's, counting rooms).
pub type Stop = generator::Stop<Rooms>;

impl Outcome for Report {
    type Candidate = Rooms;
    fn kept(&self) -> usize {
        self.levels.len()
    }
    fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
    fn shortfall(&self) -> String {
        generator::shortfall::<Rooms>(self.best_pushes, self.tried)
    }
}

/// Jobs per thread in a chunk once the run is under way: enough to keep the threads busy
/// (a job takes milliseconds), few enough that little is done past the last level.
const CHUNK_PER_THREAD: u64 = 8;

/// Generates `req.count` levels (see the module comment for what each one is), calling
/// `each` on every level as it is accepted (in output order; returning false stops the
/// run) and `progress` after every chunk of jobs. Stops early, with the levels found so far,
/// when `limits`' deadline passes, its cancel flag is raised, `req.max_candidates` rooms
/// were tried or the memory budget is spent (`Report::stopped`). Each job's proof gets the
/// budget divided by the number of threads. `req` must pass [`Request::check`].
pub fn generate(
    req: &Request,
    limits: &Limits,
    each: impl FnMut(&Generated) -> bool,
    progress: impl FnMut(&Report),
) -> Report {
    let mut report = Report::default();
    let mut accept = Accept::new(req.count, |g: &Generated| &g.key, each);
    let threads = rayon::current_num_threads() as u64;
    let share = Limits {
        max_bytes: limits.max_bytes.map(|b| b / threads.max(1)),
        ..limits.clone()
    };
    let plan = Plan {
        limits,
        max_candidates: req.max_candidates,
        per_thread: CHUNK_PER_THREAD,
    };
    report.stopped = run_jobs(
        plan,
        (&mut report, |r| r.tried),
        |i| job::run(req, i, &share),
        |report, result: job::JobResult| {
            if let Some(stop) = result.cut {
                return Take::Stop(stop);
            }
            report.tried += 1;
            report.nodes += result.nodes;
            report.best_pushes = report.best_pushes.max(result.best_pushes);
            match result.found {
                Some(g) => accept.offer(g, &mut report.levels, &mut report.duplicates),
                None => Take::More,
            }
        },
        progress,
    );
    report
}
