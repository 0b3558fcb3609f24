//! `--fast`: a solution, not proven optimal, for levels out of reach of the optimal search.
//!
//! Weighted best-first searches over pushes, run as a portfolio ([`search`]): a node is the
//! box set and the player's area (the player normalised to the smallest cell it reaches),
//! each push costs 1, and a node is ordered by `pushes so far + weight × assignment bound`
//! (the bound taken around boxes frozen on goals, [`super::frozen_goals`], plus the
//! penalties of learned penalty patterns, [`super::penalty`]; optionally plus a penalty for
//! boxes out of packing order, [`Packing`]). The successors
//! are cut by the same dead cells and freeze deadlocks as the optimal search, and by PI-corral
//! pruning ([`super::corral`]): when a corral is found only its fence's pushes are tried;
//! a position whose corral a small search on the corral's boxes alone proves lost, or that
//! holds a pattern learned that way, is dropped ([`super::corral_deadlock`]). Every rule
//! only removes positions that cannot be solved (corral pruning keeps a shortest solution
//! from every position), so when the search runs out of nodes the level is proven
//! unsolvable. Pushes into tunnels are continued as in the optimal search
//! ([`super::tunnel`]), and boxes entering a goal room are routed to the goal its packing
//! order fills next ([`super::goal_room`]); that macro may lose a solution, so a search
//! that runs out of nodes with it searches again without it. The portfolio's first member
//! is the feature-space search with move advisors ([`super::fess`]), its last searches
//! from both ends ([`super::bidirectional`]).

use super::backward::backward;
use super::bidirectional::bidirectional;
use super::bits::Bits;
use super::bound::{Bound, FromParent};
use super::corral::Corrals;
use super::corral_deadlock::CorralDeadlocks;
use super::fess::{Extra, Fess};
use super::frozen_goals::FrozenGoals;
use super::goal_room::GoalRooms;
use super::graph::{Node, Push, RegionGraph, Walk};
use super::maze::Maze;
use super::packing::Packing;
use super::patterns::Patterns;
use super::tunnel::Tunnels;
use gridlock_search::{astar_pruning, Edge, Graph, Limits, Stats, StopReason, Stopped};
use rayon::prelude::*;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How much each search of the portfolio trusts the bound over the pushes so far (weighted
/// A*), in order of preference.
pub const WEIGHTS: [u32; 2] = [5, 1];

/// What one box out of packing order adds to the bound in the priority ([`Packing`]): off,
/// as measured (XSokoban at 3 s a level: 4 levels with a penalty of 4, 5 without; the
/// Boxoban fixture: 8 % more expansions).
pub const PENALTY: u32 = 0;

/// The push graph over normalised nodes ([`RegionGraph`]), cut by PI-corrals.
pub struct FastGraph<'a, const W: usize> {
    regions: RegionGraph<'a, W>,
    /// The corral finder, when corral pruning is on (off only to measure it).
    corrals: Option<RefCell<Corrals>>,
    /// Tunnel macros ([`Tunnels`]), when on.
    tunnels: Option<Tunnels>,
    /// Goal-room macros ([`GoalRooms`]), when on and the level has a room.
    rooms: Option<GoalRooms>,
}

impl<'a, const W: usize> FastGraph<'a, W> {
    /// The graph of `maze`, with corral pruning when `corral`.
    pub fn new(maze: &'a Maze, corral: bool) -> Self {
        FastGraph {
            regions: RegionGraph::new(maze),
            corrals: corral.then(|| RefCell::new(Corrals::new(maze))),
            tunnels: None,
            rooms: None,
        }
    }

    /// The same graph with tunnel macros when `tunnels`, and goal-room macros for `rooms`.
    pub fn with_macros(self, tunnels: bool, rooms: Option<GoalRooms>) -> Self {
        FastGraph {
            tunnels: tunnels.then(|| Tunnels::new(self.regions.maze)),
            rooms,
            ..self
        }
    }

    /// Whether some edge may be a macro that can lose a solution (a goal room is used).
    pub fn lossy(&self) -> bool {
        self.rooms.is_some()
    }

    /// Continues the push `push` that led to `next` (the player where the box was) through
    /// a tunnel and into a goal room: the position at the end and the pushes in all, the
    /// pushes after the first added to `record` when given; `None` when the run is lost.
    fn complete(
        &self,
        push: Push,
        mut next: Node<W>,
        mut record: Option<&mut Vec<Push>>,
    ) -> Option<(Node<W>, u32)> {
        let maze = self.regions.maze;
        let mut moved = maze.step(push.from, push.dir);
        let mut pushes = 1;
        if let Some(tunnels) = &self.tunnels {
            let (after, added) = tunnels.run(maze, next, push.from, push.dir)?;
            for _ in 0..added {
                let to = maze.step(moved, push.dir);
                if let Some(r) = record.as_mut() {
                    r.push(Push {
                        from: moved,
                        dir: push.dir,
                    });
                }
                moved = to;
            }
            next = after;
            pushes += u32::from(added);
        }
        if let Some(rooms) = &self.rooms {
            if let Some((after, added)) = rooms.route(maze, &next, moved, record) {
                next = after;
                pushes += added;
            }
        }
        Some((next, pushes))
    }

    /// The single pushes of a path of this graph (its macros unrolled), from `start`.
    pub fn unroll(&self, start: Node<W>, steps: &[(Push, Node<W>)]) -> Vec<Push> {
        let maze = self.regions.maze;
        let mut pushes = Vec::with_capacity(steps.len());
        let mut at = start;
        for &(push, after) in steps {
            pushes.push(push);
            let next = at.pushed(maze, push.from, maze.step(push.from, push.dir));
            self.complete(push, next, Some(&mut pushes));
            at = after;
        }
        pushes
    }

    /// `node` with the player moved to the smallest cell it can reach.
    pub fn normalise(&self, node: &Node<W>) -> Node<W> {
        self.regions.normalise(node)
    }
}

impl<const W: usize> Graph for FastGraph<'_, W> {
    type State = Node<W>;
    type Move = Push;
    type Cost = u32;

    fn successors(&self, node: &Node<W>, out: &mut Vec<Edge<Node<W>, Push, u32>>) {
        let maze = self.regions.maze;
        let fence = |walk: &Walk| {
            let corrals = self.corrals.as_ref()?;
            corrals.borrow_mut().fence(maze, node, walk)
        };
        let Some(rooms) = &self.rooms else {
            if self.tunnels.is_none() {
                return self.regions.successors_among(node, fence, out);
            }
            let complete = |push, next| self.complete(push, next, None);
            return self.regions.successors_with(node, fence, complete, out);
        };
        let fence = |walk: &Walk| {
            let pushable = fence(walk).unwrap_or(node.boxes);
            Some(rooms.pushable(maze, &node.boxes, pushable))
        };
        let complete = |push, next| self.complete(push, next, None);
        self.regions.successors_with(node, fence, complete, out);
    }
}

/// The pushes of a solution from `start`, `None` when the level is proven unsolvable.
///
/// A portfolio in rounds: each round runs its members (the feature-space search, one
/// search per weight of [`WEIGHTS`], the bidirectional search) at once (on every core),
/// each capped at the round's number of stored states; the first member in list order that
/// finishes wins (one that finishes stops those after it), else the cap grows fourfold and
/// the round starts again. The weighted and bidirectional searches start from scratch each
/// round; the feature-space search is paused by the cap and continued in the next round
/// ([`Fess`], [`Tuning::fess_resume`]), so its earlier rounds' work is not done again.
/// No weight suits every level (Microban 146: bound × 1 solves it in 5,703 expansions,
/// bound × 5 not in 280,000), and the rounds make the answer depend only on the level, never
/// on the machine's speed or the thread count (unless `--timeout` or the memory budget stops
/// the last round). The deadlock patterns every search of a round learned are merged, in
/// member order, into one store that every search of the next round reads (without locks:
/// it does not change during a round), so that store too depends on the level alone. A stopped search reports the start's assignment bound as the proven
/// lower bound (the weighted queues prove nothing more).
pub fn search<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    limits: &Limits,
    tuning: &Tuning,
) -> Result<(Option<Vec<Push>>, Stats), Stopped> {
    let clock = Instant::now();
    let first = Bound::new(maze).pushes(&start.boxes);
    let mut members: Vec<Member> = Vec::new();
    if tuning.fess {
        members.push(Member::Fess);
    }
    members.extend(tuning.weights.iter().map(|&w| Member::Weighted(w)));
    if let Some(w) = tuning.backward {
        members.push(Member::Backward(w));
    }
    if let Some(w) = tuning.bidirectional {
        members.push(Member::Both(w));
    }
    let packing = Packing::new(maze);
    let shared = limits.shared(members.len());
    let mut total = Stats::default();
    let mut cap = tuning.first_cap;
    // the patterns learned by every earlier round, merged in member order
    let mut store = Patterns::new(maze);
    // the feature-space search, kept from round to round (its cap pauses it)
    let new_fess = || {
        Fess::new(maze, start)
            .with_hotspots(tuning.hotspots)
            .with_advisors(tuning.extra_advisors())
            .with_parking(tuning.fess_parking)
    };
    let fess = Mutex::new(new_fess());
    loop {
        if !tuning.fess_resume {
            *fess.lock().expect("not poisoned") = new_fess();
        }
        let capped = Limits {
            max_states: Some(limits.max_states.map_or(cap, |m| m.min(cap))),
            ..shared.clone()
        };
        // the feature-space search's own cap: a multiple of the round's
        let fess_cap = cap.saturating_mul(tuning.fess_share.max(1));
        let fess_max = Some(limits.max_states.map_or(fess_cap, |m| m.min(fess_cap)));
        // a search that finishes ends every search after it in the list: the answer is
        // the first finished one's in list order, so theirs could not matter
        let later: Vec<Arc<AtomicBool>> = members.iter().map(|_| Arc::default()).collect();
        let this_round = round_tuning(tuning, cap == tuning.first_cap);
        let tuning = &this_round;
        let round = || -> Vec<_> {
            members
                .par_iter()
                .enumerate()
                .map(|(i, member)| {
                    let limits = &Limits {
                        cancel: Some(later[i].clone()),
                        ..capped.clone()
                    };
                    let run = match *member {
                        Member::Weighted(w) => {
                            weighted(maze, start, &packing, (w, tuning, &store), limits)
                        }
                        Member::Fess => {
                            let fess_limits = Limits {
                                max_states: fess_max,
                                ..limits.clone()
                            };
                            let mut fess = fess.lock().expect("not poisoned");
                            fess.resume(&fess_limits, tuning.fess_deadlocks(&store))
                        }
                        Member::Backward(w) => (backward(maze, start, w, limits), None),
                        Member::Both(w) => (bidirectional(maze, start, w, limits), None),
                    };
                    if run.0.is_ok() {
                        later[i + 1..]
                            .iter()
                            .for_each(|f| f.store(true, Ordering::Relaxed));
                    }
                    run
                })
                .collect()
        };
        let runs = forwarding_cancel(limits.cancel.as_ref(), &later, round);
        let mut results = Vec::with_capacity(runs.len());
        for (result, learned) in runs {
            if let (true, Some(learned)) = (tuning.share, learned) {
                store.absorb(maze, &learned);
            }
            results.push(result);
        }
        for r in &results {
            total.absorb(match r {
                Ok((_, stats)) => stats,
                Err(stopped) => &stopped.stats,
            });
        }
        total.elapsed = clock.elapsed();
        if let Some(Ok((pushes, _))) = results.iter().find(|r| r.is_ok()) {
            return Ok((pushes.clone(), total));
        }
        // every search stopped: by this round's cap alone, or by a limit of the caller's
        let own_cap = |e: &Stopped| {
            matches!(e.reason, StopReason::StateLimit(_))
                && limits.max_states.is_none_or(|m| m > cap)
        };
        let stop = results
            .into_iter()
            .filter_map(Result::err)
            .find(|e| !own_cap(e));
        if let Some(mut stopped) = stop {
            stopped.stats = total;
            stopped.lower_bound = first.map(|b| gridlock_search::Bound(vec![u64::from(b)]));
            return Err(stopped);
        }
        cap = cap.max(1).saturating_mul(4);
    }
}

/// Runs `round` while a watcher passes the caller's cancel flag (Ctrl-C) on to every
/// member's own flag: a search reads one flag, and the members' own flags are what let the
/// first member to finish stop those after it (the command line always has a flag, so
/// without the watcher a round went on to its cap after its answer was known).
fn forwarding_cancel<T>(
    caller: Option<&Arc<AtomicBool>>,
    flags: &[Arc<AtomicBool>],
    round: impl FnOnce() -> T,
) -> T {
    let Some(caller) = caller else {
        return round();
    };
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if caller.load(Ordering::Relaxed) {
                    flags.iter().for_each(|f| f.store(true, Ordering::Relaxed));
                    return;
                }
                std::thread::park_timeout(Duration::from_millis(10));
            }
        });
        let out = round();
        done.store(true, Ordering::Relaxed);
        watcher.thread().unpark();
        out
    })
}

/// One search of the portfolio.
#[derive(Clone, Copy, Debug)]
enum Member {
    /// A weighted forward search with this weight.
    Weighted(u32),
    /// The feature-space search ([`super::fess`]).
    Fess,
    /// The backward search over pulls with this weight ([`super::backward`]).
    Backward(u32),
    /// The bidirectional search with this weight ([`super::bidirectional`]).
    Both(u32),
}

/// The pieces one round runs: the corral-deadlock and penalty-pattern searches cost more
/// than they save on the levels the first round solves (docs/sokoban-solver.md), so they
/// start with the second round unless [`Tuning::deadlock_first_round`].
fn round_tuning(tuning: &Tuning, first: bool) -> Tuning {
    let off = first && !tuning.deadlock_first_round;
    Tuning {
        deadlock: if off { 0 } else { tuning.deadlock },
        patterns: if off { 0 } else { tuning.patterns },
        ..tuning.clone()
    }
}

/// The weight of the backward and bidirectional members ([`super::backward`],
/// [`super::bidirectional`]): `pulls + 5 × bound`, as the forward `w = 5` (XSokoban 1–30 at
/// 200,000 states a search: backward alone 7 levels, bidirectional alone 8, among them 5
/// and 12, which the forward portfolio does not solve).
pub const BACKWARD_WEIGHT: u32 = 5;

/// Corral-deadlock detection in the feature-space search ([`Tuning::fess_deadlock`]).
pub const FESS_DEADLOCK: bool = true;

/// States stored by each search of the first round.
pub const FIRST_CAP: usize = 25_000;

/// The pieces of `--fast`, to measure each ([`super::solve::solve_fast`]); the default is
/// what `--fast` runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// The portfolio's weights, in order of preference.
    pub weights: Vec<u32>,
    /// What one box out of packing order adds to the bound ([`Packing`]); 0 turns it off.
    pub penalty: u32,
    /// PI-corral pruning.
    pub corral: bool,
    /// The feature-space search with move advisors ([`super::fess`]) as the portfolio's
    /// first member: when it finishes within a round it answers and stops the others.
    pub fess: bool,
    /// Keep the feature-space search from round to round, its cap a pause ([`Fess`]); off:
    /// it starts again each round.
    pub fess_resume: bool,
    /// The feature-space search's cap in a round, as a multiple of the other members'
    /// (at least 1).
    pub fess_share: usize,
    /// The hotspot advisor in the feature-space search ([`super::hotspots`]): off, as
    /// measured (XSokoban 43, 73, 75, 76 2-7x faster, 48 and 61 lost at 30 s).
    pub hotspots: bool,
    /// The hotspot advisor only where the packing advisor names no move
    /// ([`super::fess::Extra::stuck_hotspots`]): off, as measured (FESS alone at 400,000
    /// states: XSokoban 55 solved, but 42 packs 18 of 24 boxes against 23).
    pub stuck_hotspots: bool,
    /// The opener advisor in the feature-space search ([`super::opener`]): off, as
    /// measured (FESS alone at 400,000 states: XSokoban 37, 55 solved, 21, 26, 48, 61, 70
    /// lost; at 30 s 70 lost, which it answered in 1.2 s).
    pub opener: bool,
    /// The out-of-plan advisor in the feature-space search ([`super::out_of_plan`]): off,
    /// as measured (FESS alone at 400,000 states: XSokoban 44 of 90 against 45, 86 gained,
    /// 48 and 61 lost).
    pub out_of_plan: bool,
    /// The feature-space search's packing order from the start's boxes, the player
    /// followed, with parking cells ([`Packing::from_start`]); off: the first rule
    /// ([`Packing::new`]). On, as measured: XSokoban at 30 s 61 of 90 against 52 (10, 11,
    /// 13, 22, 25, 27, 39, 42, 44, 90 gained, 26 lost).
    pub fess_parking: bool,
    /// Corral-deadlock detection ([`super::corral_deadlock`]): the positions each
    /// sub-search may store; 0 turns it off.
    pub deadlock: usize,
    /// Hand the deadlock patterns learned in one round to every search of the next.
    pub share: bool,
    /// Corral-deadlock detection in the feature-space search too ([`super::fess`]), with
    /// the weighted searches' cap ([`Self::deadlock`]) and their round policy
    /// ([`Self::deadlock_first_round`]); it reads and adds to the shared patterns.
    pub fess_deadlock: bool,
    /// Run the corral sub-searches when a position is expanded, not when it is generated
    /// (most generated positions are never expanded; learned patterns are still checked
    /// at generation).
    pub on_expansion: bool,
    /// States each search of the first round may store ([`FIRST_CAP`]); at least 1.
    pub first_cap: usize,
    /// The bound with boxes frozen on goals as walls ([`super::frozen_goals`]) instead of
    /// the plain assignment bound.
    pub frozen_goals: bool,
    /// Run the corral-deadlock and penalty-pattern searches in the first round too (off:
    /// they start with the second, as measured on Boxoban, where most levels end in the
    /// first round).
    pub deadlock_first_round: bool,
    /// Tunnel macros ([`Tunnels`]) on the fast graph.
    pub tunnels: bool,
    /// Penalty-pattern searches ([`super::penalty`]): the positions each may store; 0
    /// turns them off.
    pub patterns: usize,
    /// Goal-room macros ([`GoalRooms`]).
    pub rooms: bool,
    /// Goal areas with several entrances among the goal rooms ([`GoalRooms::new`]).
    pub room_areas: bool,
    /// The backward search over pulls ([`super::backward`]) as a member after the
    /// weighted ones, with this weight; `None` leaves it out.
    pub backward: Option<u32>,
    /// The bidirectional search ([`super::bidirectional`]) as the portfolio's last member,
    /// with this weight on both sides; `None` leaves it out.
    pub bidirectional: Option<u32>,
}

impl Tuning {
    /// The feature-space search's advisors beyond its default ones, as switched here.
    pub fn extra_advisors(&self) -> Extra {
        Extra {
            opener: self.opener,
            out_of_plan: self.out_of_plan,
            stuck_hotspots: self.stuck_hotspots,
        }
    }

    /// What the feature-space search is given for corral-deadlock detection this round
    /// ([`Self::fess_deadlock`]): its sub-searches' cap and the patterns of earlier rounds;
    /// nothing while the cap is 0 (the first round), so that the detector the search keeps
    /// from round to round is made with the cap of the rounds after.
    fn fess_deadlocks<'s, const W: usize>(
        &self,
        store: &'s Patterns<W>,
    ) -> Option<(usize, &'s Patterns<W>)> {
        (self.fess_deadlock && self.deadlock > 0).then_some((self.deadlock, store))
    }
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            weights: WEIGHTS.to_vec(),
            penalty: PENALTY,
            corral: true,
            fess: true,
            fess_resume: true,
            fess_share: 1,
            hotspots: false,
            stuck_hotspots: false,
            opener: false,
            out_of_plan: false,
            fess_parking: true,
            deadlock: super::corral_deadlock::CAP,
            share: true,
            fess_deadlock: FESS_DEADLOCK,
            on_expansion: true,
            first_cap: FIRST_CAP,
            frozen_goals: true,
            deadlock_first_round: false,
            tunnels: true,
            rooms: true,
            room_areas: false,
            patterns: super::penalty::CAP,
            backward: None,
            bidirectional: Some(BACKWARD_WEIGHT),
        }
    }
}

/// One weighted search: `pushes + weight × (bound + PENALTY × out-of-order boxes)`, also
/// dropping positions that hold a pattern of `known`; the patterns it learned come back
/// with its answer.
fn weighted<const W: usize>(
    maze: &Maze,
    start: Node<W>,
    packing: &Packing,
    (weight, tuning, known): (u32, &Tuning, &Patterns<W>),
    limits: &Limits,
) -> (Answer, Option<Patterns<W>>) {
    let rooms = tuning
        .rooms
        .then(|| GoalRooms::new(maze, &start.boxes, start.player, tuning.room_areas))
        .flatten();
    let graph = FastGraph::new(maze, tuning.corral).with_macros(tuning.tunnels, rooms);
    let member = (weight, tuning, known);
    let (found, learned) = weighted_on(&graph, maze, start, packing, member, limits);
    if matches!(found, Ok((None, _))) && graph.lossy() {
        // the goal-room macros may have lost the solution: search again without them, with
        // what the first search learned (its patterns are deadlocks of the plain push graph)
        let graph = FastGraph::new(maze, tuning.corral).with_macros(tuning.tunnels, None);
        let member = (weight, tuning, learned.as_ref().unwrap_or(known));
        let (again, learned) = weighted_on(&graph, maze, start, packing, member, limits);
        let again = match (found, again) {
            (Ok((_, first)), Ok((pushes, mut stats))) => {
                stats.absorb(&first);
                Ok((pushes, stats))
            }
            (Ok((_, first)), Err(mut stopped)) => {
                stopped.stats.absorb(&first);
                Err(stopped)
            }
            (Err(e), _) => Err(e),
        };
        return (again, learned);
    }
    (found, learned)
}

/// One weighted search on `graph`, with the patterns it learned.
fn weighted_on<const W: usize>(
    fast: &FastGraph<'_, W>,
    maze: &Maze,
    start: Node<W>,
    packing: &Packing,
    (weight, tuning, known): (u32, &Tuning, &Patterns<W>),
    limits: &Limits,
) -> (Answer, Option<Patterns<W>>) {
    let goal: Bits<W> = maze.goal_set();
    let penalty = tuning.penalty;
    let mut bound = Bound::new(maze);
    let mut warm = FromParent::new();
    let mut frozen = tuning.frozen_goals.then(|| FrozenGoals::new(maze));
    let corral = (tuning.deadlock > 0 || tuning.patterns > 0).then(|| {
        let detector = CorralDeadlocks::inheriting(maze, tuning.deadlock, known);
        RefCell::new(detector.with_pattern_search(tuning.patterns))
    });
    let corral = corral.as_ref();
    let graph = Checked {
        graph: fast,
        corral: corral.filter(|_| tuning.on_expansion),
        expanding: Cell::new(start.boxes),
    };
    let found = astar_pruning(
        &graph,
        graph.graph.normalise(&start),
        |n| n.boxes == goal,
        |n| {
            // learned patterns first (cheap), the corral sub-searches after the bound
            if corral.is_some_and(|c| c.borrow_mut().known(n)) {
                return None;
            }
            // every bound is asked for a child of the node being expanded (or the start)
            let parent = graph.expanding.get();
            let h = match frozen.as_mut() {
                Some(f) => f.pushes_after(&parent, &n.boxes)?,
                None => bound.pushes_after(&mut warm, &parent, &n.boxes)?,
            };
            if !tuning.on_expansion && corral.is_some_and(|c| c.borrow_mut().searched(n)) {
                return None;
            }
            // learned penalty patterns (0 when off; `None`: a proven deadlock)
            let extra = corral.map_or(Some(0), |c| c.borrow_mut().penalty(n))?;
            Some(weight * (h + extra + penalty * packing.out_of_order(maze, &n.boxes)))
        },
        limits,
    );
    let learned = corral.map(|c| c.borrow().patterns().clone());
    let answer = found.map(|f| (f.path.map(|p| fast.unroll(p.start, &p.steps)), f.stats));
    (answer, learned)
}

/// One search's answer: the pushes of a solution (`None`: proven unsolvable), or the stop.
type Answer = Result<(Option<Vec<Push>>, Stats), Stopped>;

/// [`FastGraph`], expanding nothing from a position whose corral sub-search fails
/// ([`CorralDeadlocks::searched`]) when `corral` is given.
struct Checked<'g, 'a, const W: usize> {
    graph: &'g FastGraph<'a, W>,
    corral: Option<&'g RefCell<CorralDeadlocks<'a, W>>>,
    /// The boxes of the node last expanded: the parent of every node bounded next, whose
    /// assignment the bound starts from ([`FromParent`]).
    expanding: Cell<Bits<W>>,
}

impl<const W: usize> Graph for Checked<'_, '_, W> {
    type State = Node<W>;
    type Move = Push;
    type Cost = u32;

    fn successors(&self, node: &Node<W>, out: &mut Vec<Edge<Node<W>, Push, u32>>) {
        self.expanding.set(node.boxes);
        if self.corral.is_some_and(|c| c.borrow_mut().expanded(node)) {
            return;
        }
        self.graph.successors(node, out);
    }
}
