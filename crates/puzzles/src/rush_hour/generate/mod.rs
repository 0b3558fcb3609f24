//! # Rush Hour puzzles on demand
//!
//! Generates 6×6 Rush Hour puzzles of a chosen difficulty (SPEC §10). Every puzzle produced:
//! - is **the hardest position of its component** (farthest in moves from every goal; ties
//!   go to the smallest normalised string), and MOVES is that distance (slide metric, the
//!   red car on the exit cells, the exit not counted);
//! - is **interesting**: solvable, and removing any one vehicle other than the red car from
//!   the board strictly lowers its optimal moves;
//! - has MOVES in the requested range, a vehicle count (red car included) in its range, and
//!   exactly the requested number of walls; `Set::Physical` adds the boxed game's limits (no
//!   walls, at most 12 cars with the red car, at most 4 trucks);
//! - comes from a component no other puzzle of the same run comes from (distinct keys).
//!
//! Definitions (position, component, normalised string, key) are the universe's
//! (`docs/universe.md`): the red car is horizontal, 2 long, in the third row.
//!
//! The work is split into *jobs* ([`climb`]): job `i` climbs from a random board seeded by
//! `(seed, i)` alone. Jobs run in parallel, in chunks, and their puzzles are accepted in job
//! order, so the output depends only on the request, not on threads or timing: the driver
//! [`crate::generator`], shared with Sokoban's generator.
//! Files: [`rng`] (the seeded generator), [`design`] (random boards and changes), [`climb`]
//! (one job: evaluate, climb, reduce), [`known`] (the largest optimum a request can reach).

pub mod climb;
pub mod design;
pub mod known;
pub mod rng;

use crate::generator::{self, run_jobs, Accept, Candidate, Outcome, Plan, Take};
use design::Shape;
use gridlock_search::Limits;

/// Which pieces a board may use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Set {
    /// Any number of cars and trucks (up to 18 vehicles), walls as requested.
    #[default]
    Any,
    /// What the boxed game holds: no walls, at most 12 cars (the red car included), 4 trucks.
    Physical,
}

/// The boxed game's cars, the red car included.
pub const PHYSICAL_CARS: usize = 12;
/// The boxed game's trucks.
pub const PHYSICAL_TRUCKS: usize = 4;
/// Most walls a request may ask for.
pub const MAX_WALLS: usize = 4;
/// Most vehicles on a 6×6 board (18 cars).
pub const MAX_VEHICLES: usize = 18;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// MOVES range: at least `.0`, at most `.1` (none: no upper end).
    pub moves: (u32, Option<u32>),
    /// Vehicles, the red car included: `.0..=.1`.
    pub vehicles: (usize, usize),
    /// Exactly this many walls.
    pub walls: usize,
    /// The piece set.
    pub set: Set,
    /// Number of puzzles.
    pub count: usize,
    /// The seed: the same request and seed give the same puzzles.
    pub seed: u64,
    /// Stop once this many candidate boards have been evaluated (`None`: no cap). Counted in
    /// job order, between jobs (a job, at most a few thousand candidates, is never cut
    /// short), so a capped run finds the same puzzles on any machine and any number of
    /// threads: the bound a server or a test can rely on, unlike a deadline.
    pub max_candidates: Option<u64>,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            moves: (1, None),
            vehicles: (2, MAX_VEHICLES),
            walls: 0,
            set: Set::Any,
            count: 1,
            seed: 1,
            max_candidates: None,
        }
    }
}

impl Request {
    /// Checks the request for contradictions a user can fix (the message says what is
    /// expected), including a `--moves` range above the largest optimum its pieces allow
    /// ([`known::ceiling`]); a request that is merely too hard is not an error.
    pub fn check(&self) -> Result<(), String> {
        let (a, b) = self.moves;
        if a == 0 {
            return Err("--moves: expected at least 1 move (a puzzle of 0 moves is solved)".into());
        }
        if let Some(b) = b.filter(|&b| b < a) {
            return Err(format!(
                "--moves {a}..{b}: expected the lower end at most the upper end"
            ));
        }
        let (lo, hi) = self.vehicles;
        if lo < 2 {
            return Err(format!(
                "--vehicles {lo}..{hi}: expected at least 2 vehicles (the red car and one more; \
                 the red car alone is no puzzle)"
            ));
        }
        if hi < lo {
            return Err(format!(
                "--vehicles {lo}..{hi}: expected the lower end at most the upper end"
            ));
        }
        if hi > MAX_VEHICLES {
            return Err(format!(
                "--vehicles {lo}..{hi}: expected at most {MAX_VEHICLES} vehicles (a 6x6 board \
                 holds 18 cars)"
            ));
        }
        if self.walls > MAX_WALLS {
            return Err(format!(
                "--walls {}: expected 0 to {MAX_WALLS} walls",
                self.walls
            ));
        }
        if self.set == Set::Physical {
            if self.walls > 0 {
                return Err(
                    "--set physical: expected --walls 0 (the boxed game has no walls)".into(),
                );
            }
            if lo > PHYSICAL_CARS + PHYSICAL_TRUCKS {
                return Err(format!(
                    "--set physical: expected at most {} vehicles (12 cars and 4 trucks), found \
                     --vehicles {lo}..{hi}",
                    PHYSICAL_CARS + PHYSICAL_TRUCKS
                ));
            }
        }
        if self.count == 0 {
            return Err("--count 0: expected at least 1 puzzle".into());
        }
        let top = known::ceiling(self);
        if a > top.moves {
            return Err(format!(
                "--moves {}: {}; expected a range that starts at {} or below",
                range_text(self.moves),
                top.why,
                top.moves
            ));
        }
        Ok(())
    }

    /// The limits every board of this request stays within.
    pub fn shape(&self) -> Shape {
        let physical = self.set == Set::Physical;
        Shape {
            max_vehicles: self.vehicles.1,
            max_cars: if physical {
                PHYSICAL_CARS
            } else {
                MAX_VEHICLES
            },
            max_trucks: if physical {
                PHYSICAL_TRUCKS
            } else {
                MAX_VEHICLES
            },
            walls: self.walls,
        }
    }
}

/// `A..B` or `A..`, as `--moves` reads it.
pub fn range_text((a, b): (u32, Option<u32>)) -> String {
    match b {
        Some(b) if b == a => a.to_string(),
        Some(b) => format!("{a}..{b}"),
        None => format!("{a}.."),
    }
}

/// One generated puzzle: a line `MOVES BOARD SIZE` of the database format, and its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Optimal moves of the board (the component's largest distance to a goal).
    pub moves: u32,
    /// The board: the component's hardest position, normalised (36 characters).
    pub board: String,
    /// Positions in the component.
    pub size: u64,
    /// The component's key: its smallest normalised string.
    pub key: String,
    /// Vehicles on the board, the red car included.
    pub vehicles: usize,
}

impl Generated {
    /// The walls on the board.
    pub fn walls(&self) -> usize {
        self.board.bytes().filter(|&b| b == b'x').count()
    }
}

impl std::fmt::Display for Generated {
    /// The database's line: `MOVES BOARD SIZE`, MOVES in two digits.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02} {} {}", self.moves, self.board, self.size)
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The puzzles, in the order printed.
    pub puzzles: Vec<Generated>,
    /// Jobs run (started).
    pub jobs: u64,
    /// Candidate boards evaluated (each one component explored).
    pub tried: u64,
    /// Puzzles meeting the request that were dropped because their component was already
    /// printed.
    pub duplicates: u64,
    /// The largest MOVES of any component met.
    pub best_moves: u32,
    /// Why the run ended before `count` puzzles, if it did.
    pub stopped: Option<Stop>,
}

/// The candidates of a Rush Hour run: boards (`candidate limit of 5 boards reached`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boards;

impl Candidate for Boards {
    const PLURAL: &'static str = "boards";
    const MEASURE: &'static str = "MOVES";
}

/// Why a run ended before it had `count` puzzles (the driver's, counting boards).
pub type Stop = generator::Stop<Boards>;

impl Outcome for Report {
    type Candidate = Boards;
    fn kept(&self) -> usize {
        self.puzzles.len()
    }
    fn stopped(&self) -> Option<Stop> {
        self.stopped
    }
    fn shortfall(&self) -> String {
        generator::shortfall::<Boards>(self.best_moves, self.tried)
    }
}

/// Jobs per thread in a chunk once the run is under way.
const CHUNK_PER_THREAD: u64 = 4;

/// Generates `req.count` puzzles (see the module comment for what each one is), calling
/// `each` on every puzzle as it is accepted (in output order; returning false stops the run,
/// e.g. when the reader has gone) and `progress` after every chunk of jobs. Stops early, with
/// the puzzles found so far, when `limits`' deadline passes, its cancel flag is raised,
/// `req.max_candidates` is spent or the process holds more than the memory budget
/// (`Report::stopped`); without any of them an impossible request runs for ever. The
/// candidate cap is checked between jobs (a job, at most a few thousand candidates, is never
/// cut short). `req` must pass [`Request::check`].
pub fn generate(
    req: &Request,
    limits: &Limits,
    each: impl FnMut(&Generated) -> bool,
    progress: impl FnMut(&Report),
) -> Report {
    let mut report = Report::default();
    let mut accept = Accept::new(req.count, |g: &Generated| &g.key, each);
    let stop = || limits.check_clock().is_err();
    let plan = Plan {
        limits,
        max_candidates: req.max_candidates,
        per_thread: CHUNK_PER_THREAD,
    };
    // the memory budget is checked between chunks: a climb's components are small (one 6x6
    // component at a time per thread), so the process's resident memory stands for them
    report.stopped = run_jobs(
        plan,
        (&mut report, |r| r.tried),
        |i| climb::run(req, i, &stop),
        |report, result: climb::JobResult| {
            report.jobs += 1;
            report.tried += result.tried;
            report.best_moves = report.best_moves.max(result.best_moves);
            for g in result.found {
                match accept.offer(g, &mut report.puzzles, &mut report.duplicates) {
                    Take::More => {}
                    end => return end,
                }
            }
            Take::More
        },
        progress,
    );
    report
}
