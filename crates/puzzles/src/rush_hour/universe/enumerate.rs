//! The enumeration: every solvable component, found from its goal positions, layout by layout.
//!
//! Work is split into *units*: a wall set and the kinds of the six rows (the red car last in
//! its row, or the component could never be solved). A unit's layouts are its feasible column
//! kind tuples, found by a depth-first search over columns that keeps, as a bitset, the unit's
//! goal row tuples still compatible with the columns chosen so far. Inside a layout, every goal
//! position not yet visited seeds a breadth-first exploration of its component; the visited
//! set is the layout's dense numbering ([`super::layout::Ranker`]), so memory is bounded by the
//! largest layout, not by the universe. Units are independent, which gives both the parallel
//! split (rayon) and `--shard I/N` (contiguous ranges of units, so the shards' outputs
//! concatenate to the whole, in the same order).

use super::board::RED_ROW;
use super::component::Scratch;
use super::lanes::{tables, Tables, EMPTY, MAX_DIGITS};
use super::layout::{with_digit, Layout, LANES};
use super::sweep::Sweep;
use gridlock_search::{Limits, StopReason};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// One thread's memory, reused from unit to unit so the hot loops never allocate: the
/// layout-wide sweep's buffers, and the one-component explorer that ranks positions and
/// classifies the components the sweep finds.
#[derive(Default)]
pub struct Worker {
    pub(crate) scratch: Scratch,
    pub(crate) sweep: Sweep,
}

/// Which positions count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// Every position: the red car in the third row, any vehicles and exactly `walls` walls on
    /// distinct cells.
    #[default]
    All,
    /// The published database's definitions: nothing but the red car in its row (no other
    /// horizontal vehicle, no wall), no row filled completely by its horizontal vehicles and
    /// walls, no column filled completely by its vertical vehicles, and a hardest position is
    /// minimal only if removing any wall also lowers its moves.
    Published,
}

/// What to enumerate.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Exact number of 1×1 walls.
    pub walls: usize,
    /// `(index, count)`: this run does part `index` (0-based) of `count`.
    pub shard: (usize, usize),
    /// Definitions in force.
    pub rules: Rules,
    /// Raised to stop early (Ctrl-C); the enumeration then returns [`Cancelled`].
    pub cancel: Option<Arc<AtomicBool>>,
    /// Only the units with these indices (tests and benchmarks: a reduced universe).
    pub only_units: Option<std::ops::Range<u64>>,
    /// Stop (as for the cancel flag) once the process holds more than this many bytes,
    /// looked at between units: the workers' buffers are many and small, so the process's
    /// resident memory stands for them ([`Limits::check_resident`]).
    pub max_bytes: Option<u64>,
}

/// One interesting component, as printed: `MOVES BOARD SIZE KEY`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Optimal moves of the hardest position.
    pub moves: u32,
    /// The hardest position, normalised.
    pub board: String,
    /// Positions in the component.
    pub size: u64,
    /// The smallest normalised string of the component: its name.
    pub key: String,
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:02} {} {} {}",
            self.moves, self.board, self.size, self.key
        )
    }
}

/// Totals of an enumeration (or of a part of one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Units done.
    pub units: u64,
    /// Layouts with at least one goal position.
    pub layouts: u64,
    /// Goal positions (red car on the exit cells): every one was seeded or found.
    pub goal_positions: u64,
    /// Positions in solvable components (all explored).
    pub explored: u64,
    /// Solvable components.
    pub solvable: u64,
    /// Interesting components (rows printed).
    pub interesting: u64,
    /// `by_moves[m]`: interesting components of `m` moves.
    pub by_moves: Vec<u64>,
    /// `solvable_by_moves[m]`: solvable components of `m` moves.
    pub solvable_by_moves: Vec<u64>,
    /// Most positions one thread numbered in a single layout (the position-at-a-time search
    /// keeps 8 bytes for each, plus 12 per solvable position of the layout in its queue).
    pub peak_layout: u64,
    /// Layouts skipped whole: proven to hold no minimal component (independence pruning).
    pub skipped_layouts: u64,
    /// Goal positions of the skipped layouts (counted in `goal_positions` too; their
    /// components are not visited, so not counted in `explored` or `solvable`).
    pub skipped_goal_positions: u64,
    /// Solvable components proven not minimal by the first-obstacle test, before any
    /// hardest-position scan or re-solving.
    pub rejected_early: u64,
    /// Positions in those components.
    pub rejected_early_positions: u64,
}

impl Summary {
    fn absorb(&mut self, o: &Summary) {
        self.units += o.units;
        self.layouts += o.layouts;
        self.goal_positions += o.goal_positions;
        self.explored += o.explored;
        self.solvable += o.solvable;
        self.interesting += o.interesting;
        for (dst, src) in [
            (&mut self.by_moves, &o.by_moves),
            (&mut self.solvable_by_moves, &o.solvable_by_moves),
        ] {
            if dst.len() < src.len() {
                dst.resize(src.len(), 0);
            }
            for (d, s) in dst.iter_mut().zip(src) {
                *d += s;
            }
        }
        self.peak_layout = self.peak_layout.max(o.peak_layout);
        self.skipped_layouts += o.skipped_layouts;
        self.skipped_goal_positions += o.skipped_goal_positions;
        self.rejected_early += o.rejected_early;
        self.rejected_early_positions += o.rejected_early_positions;
    }

    fn count(v: &mut Vec<u64>, m: u32) {
        let m = m as usize;
        if v.len() <= m {
            v.resize(m + 1, 0);
        }
        v[m] += 1;
    }
}

/// The enumeration stopped early: the cancel flag, or the memory budget. Carries the totals of
/// the units already reported (a prefix of the shard, in order), so an interrupted run can
/// still say what it did.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("enumeration stopped after {} units: {reason}", summary.units)]
pub struct Cancelled {
    /// Totals of the units whose rows were reported before the stop.
    pub summary: Summary,
    /// Why: the cancel flag, or the memory budget.
    pub reason: StopReason,
}

/// What the enumeration reports while it runs, in unit order.
pub enum Event<'a> {
    /// Interesting components of the next units, in order.
    Rows(&'a [Row]),
    /// `done` of `total` units of this shard finished.
    Progress {
        /// Units finished.
        done: u64,
        /// Units in this shard.
        total: u64,
    },
}

/// Red-row kinds with the red car last (anything right of it makes a goal impossible).
fn red_row_kinds(t: &Tables, rules: Rules) -> Vec<u8> {
    let candidates: &[&[u8]] = match rules {
        Rules::All => &[&[2], &[2, 2], &[3, 2], &[2, 2, 2]],
        Rules::Published => &[&[2]],
    };
    candidates
        .iter()
        .map(|lens| t.kind_of(lens, Some(lens.len() - 1)).expect("red kind"))
        .collect()
}

/// Every set of `k` wall cells allowed by `rules`, in increasing order; with `exit_free`, only
/// those that leave the exit cells free (the enumeration: a wall there makes every position
/// unsolvable), without it all of them (the position counts).
pub(super) fn wall_sets(k: usize, rules: Rules, exit_free: bool) -> Vec<u64> {
    let allowed = |c: usize| {
        let in_red_row = c / 6 == RED_ROW;
        !(in_red_row && (rules == Rules::Published || (exit_free && c % 6 >= 4)))
    };
    fn rec(from: usize, k: usize, cur: u64, allowed: &dyn Fn(usize) -> bool, out: &mut Vec<u64>) {
        if k == 0 {
            out.push(cur);
            return;
        }
        for c in (from..36).filter(|&c| allowed(c)) {
            rec(c + 1, k - 1, cur | 1 << c, allowed, out);
        }
    }
    let mut out = Vec::new();
    rec(0, k, 0, &allowed, &mut out);
    out
}

/// The units of a configuration, numbered `0..count`.
pub struct Units {
    walls: Vec<u64>,
    red: Vec<u8>,
    rules: Rules,
}

const PLAIN_KINDS: u64 = 8;

impl Units {
    /// All units of `config` (ignoring the shard).
    pub fn new(config: &Config) -> Units {
        Units {
            walls: wall_sets(config.walls, config.rules, true),
            red: red_row_kinds(tables(), config.rules),
            rules: config.rules,
        }
    }

    /// Number of units.
    pub fn count(&self) -> u64 {
        self.walls.len() as u64 * self.red.len() as u64 * PLAIN_KINDS.pow(5)
    }

    /// Walls and row kinds of unit `u`.
    pub fn unit(&self, mut u: u64) -> (u64, [u8; 6]) {
        let mut kinds = [0u8; 6];
        for i in (0..6).rev() {
            if i == RED_ROW {
                kinds[i] = self.red[(u % self.red.len() as u64) as usize];
                u /= self.red.len() as u64;
            } else {
                kinds[i] = (u % PLAIN_KINDS) as u8;
                u /= PLAIN_KINDS;
            }
        }
        (self.walls[u as usize], kinds)
    }

    /// This shard's units: part `i` of `n` of all units (or of `only_units`), as a contiguous
    /// range, so the parts' outputs concatenate to the whole in order.
    pub fn shard(&self, config: &Config) -> std::ops::Range<u64> {
        let all = 0..self.count();
        let base = match &config.only_units {
            Some(only) => {
                only.start.min(all.end)..only.end.min(all.end).max(only.start.min(all.end))
            }
            None => all,
        };
        let len = base.end - base.start;
        let (i, n) = config.shard;
        let n = n.max(1) as u64;
        let i = (i as u64).min(n - 1);
        base.start + len * i / n..base.start + len * (i + 1) / n
    }

    /// Enumerates unit `u` into `rows`.
    pub fn run_unit(&self, u: u64, worker: &mut Worker, rows: &mut Vec<Row>) -> Summary {
        self.run_unit_until(u, worker, rows, &|| false)
            .expect("a unit that is never stopped completes")
    }

    /// [`Units::run_unit`], giving up between two layouts once `stop` says so (Ctrl-C, the
    /// reader gone): `None` then, and the rows pushed so far are a partial unit, to be
    /// dropped (the table holds whole units only).
    pub fn run_unit_until(
        &self,
        u: u64,
        worker: &mut Worker,
        rows: &mut Vec<Row>,
        stop: &dyn Fn() -> bool,
    ) -> Option<Summary> {
        let (walls, row_kinds) = self.unit(u);
        let mut summary = Summary {
            units: 1,
            ..Summary::default()
        };
        run_unit(
            walls,
            row_kinds,
            self.rules,
            worker,
            rows,
            &mut summary,
            stop,
        )
        .then_some(summary)
    }
}

/// Enumerates one unit; false if `stop` ended it early (checked between layouts, each a few
/// milliseconds at most, so a stop is prompt even in the units that take seconds).
fn run_unit(
    walls: u64,
    row_kinds: [u8; 6],
    rules: Rules,
    worker: &mut Worker,
    rows: &mut Vec<Row>,
    summary: &mut Summary,
    stop: &dyn Fn() -> bool,
) -> bool {
    let t = tables();
    if rules == Rules::Published {
        for (i, &k) in row_kinds.iter().enumerate() {
            let cells: u32 = t.kinds[usize::from(k)]
                .lens
                .iter()
                .map(|&l| u32::from(l))
                .sum::<u32>()
                + (walls >> (6 * i) & 63).count_ones();
            if cells >= 6 {
                return true;
            }
        }
    }
    // The unit's goal row tuples: packed row digits and column-major horizontal cells.
    let mut tuples: Vec<(u64, u64)> = vec![(0, 0)];
    for (i, &k) in row_kinds.iter().enumerate() {
        let wall_row = (walls >> (6 * i) & 63) as u8;
        let mut next = Vec::new();
        for d in 0..t.radix(k) {
            let m = t.mask(k, d);
            if m & wall_row != 0
                || (i == RED_ROW && !t.goal[usize::from(k) * MAX_DIGITS + usize::from(d)])
            {
                continue;
            }
            for &(p, h) in &tuples {
                next.push((with_digit(p, i, d), h | t.spread[usize::from(m)] << i));
            }
        }
        tuples = next;
        if tuples.is_empty() {
            return true;
        }
    }
    let column_kinds: Vec<u8> = (0..PLAIN_KINDS as u8)
        .filter(|&k| {
            rules == Rules::All
                || t.kinds[usize::from(k)]
                    .lens
                    .iter()
                    .map(|&l| u32::from(l))
                    .sum::<u32>()
                    < 6
        })
        .collect();
    let words = tuples.len().div_ceil(64);
    let walls_cm = super::layout::transpose(walls);
    // compat[(j * kinds + c) * words ..]: tuples leaving column j room for kind c
    let mut compat = vec![0u64; 6 * column_kinds.len() * words];
    for (ti, &(_, h)) in tuples.iter().enumerate() {
        let blocked = h | walls_cm;
        for j in 0..6 {
            let b = (blocked >> (6 * j) & 63) as usize;
            for (ci, &c) in column_kinds.iter().enumerate() {
                if t.compat_count[usize::from(c) * 64 + b] > 0 {
                    compat[(j * column_kinds.len() + ci) * words + ti / 64] |= 1 << (ti % 64);
                }
            }
        }
    }
    let mut live = vec![vec![0u64; words]; 7];
    live[0].iter_mut().for_each(|w| *w = !0);
    if !tuples.len().is_multiple_of(64) {
        live[0][words - 1] = (1u64 << (tuples.len() % 64)) - 1;
    }
    let mut kinds = [EMPTY; LANES];
    kinds[..6].copy_from_slice(&row_kinds);
    let mut choice = [0usize; 6];
    let mut j = 0usize;
    // iterative depth-first search over column kinds
    loop {
        if j == 6 {
            if stop() {
                return false;
            }
            let layout = Layout::new(kinds, walls);
            run_layout(&layout, &tuples, &live[6], rules, worker, rows, summary);
            j -= 1;
            choice[j] += 1;
            continue;
        }
        if choice[j] >= column_kinds.len() {
            if j == 0 {
                break;
            }
            choice[j] = 0;
            j -= 1;
            choice[j] += 1;
            continue;
        }
        let ci = choice[j];
        let (lo, hi) = live.split_at_mut(j + 1);
        let src = &lo[j];
        let dst = &mut hi[0];
        let mask = &compat[(j * column_kinds.len() + ci) * words..][..words];
        let mut any = 0u64;
        for ((d, s), m) in dst.iter_mut().zip(src).zip(mask) {
            *d = s & m;
            any |= *d;
        }
        if any == 0 {
            choice[j] += 1;
            continue;
        }
        kinds[6 + j] = column_kinds[ci];
        j += 1;
        if j < 6 {
            choice[j] = 0;
        }
    }
    true
}

fn run_layout(
    layout: &Layout,
    tuples: &[(u64, u64)],
    live: &[u64],
    rules: Rules,
    worker: &mut Worker,
    rows: &mut Vec<Row>,
    summary: &mut Summary,
) {
    let goal_tuples = live.iter().enumerate().flat_map(|(wi, &word)| {
        let mut word = word;
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let ti = wi * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                tuples[ti]
            })
        })
    });
    let t = tables();
    let goals: u64 = goal_tuples
        .clone()
        .map(|(_, h_cm)| super::sweep::goal_block_size(t, layout, h_cm))
        .sum();
    if !super::prune::layout_may_be_minimal(layout)
        || super::descent::no_position_is_minimal(layout)
    {
        // proven: no component of this layout is minimal; only its goal positions are counted
        summary.skipped_layouts += 1;
        summary.skipped_goal_positions += goals;
        summary.goal_positions += goals;
        return;
    }
    summary.layouts += 1;
    let Worker { scratch, sweep } = worker;
    let published = rules == Rules::Published;
    let stats = sweep.sweep_layout(scratch, layout, goal_tuples, published, |found| {
        let info = found.info;
        summary.solvable += 1;
        Summary::count(&mut summary.solvable_by_moves, info.moves);
        if found.rejected_early {
            summary.rejected_early += 1;
            summary.rejected_early_positions += info.size;
        }
        if info.minimal {
            summary.interesting += 1;
            Summary::count(&mut summary.by_moves, info.moves);
            let key = found.key.expect("interesting components carry their key");
            rows.push(Row {
                moves: info.moves,
                board: String::from_utf8_lossy(&info.hardest).into_owned(),
                size: info.size,
                key: String::from_utf8_lossy(&key).into_owned(),
            });
        }
    });
    summary.goal_positions += stats.goals;
    summary.explored += stats.visited;
    summary.peak_layout = summary.peak_layout.max(stats.numbered);
}

/// Runs the enumeration of `config` on every core, reporting rows and progress in unit order
/// through `on_event`. Stops with the callback's error, or [`Cancelled`] (as `E`) when the
/// cancel flag rises.
///
/// Workers (one per rayon thread) take units one at a time from a shared counter, so a few
/// units that are far heavier than the rest (sparse rows hold most positions) never leave a
/// core idle at a batch boundary; this thread puts the results back in unit order.
pub fn enumerate<E: From<Cancelled>>(
    config: &Config,
    mut on_event: impl FnMut(Event<'_>) -> Result<(), E>,
) -> Result<Summary, E> {
    let units = Units::new(config);
    let range = units.shard(config);
    let total = range.end - range.start;
    let mut summary = Summary::default();
    on_event(Event::Progress { done: 0, total })?;
    let next = AtomicU64::new(range.start);
    let stop = AtomicBool::new(false);
    let cancelled = || {
        config
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    };
    let threads = rayon::current_num_threads().max(1);
    let budget = Limits {
        max_bytes: config.max_bytes,
        ..Limits::none()
    };
    let over: std::sync::OnceLock<StopReason> = std::sync::OnceLock::new();
    let result = std::thread::scope(|scope| -> Result<(), E> {
        let (tx, rx) = std::sync::mpsc::channel::<(u64, Vec<Row>, Summary)>();
        for _ in 0..threads {
            let tx = tx.clone();
            let (units, next, stop, range) = (&units, &next, &stop, range.clone());
            let (budget, over) = (&budget, &over);
            scope.spawn(move || {
                let mut worker = Worker::default();
                loop {
                    if stop.load(Ordering::Relaxed) || cancelled() {
                        return;
                    }
                    let u = next.fetch_add(1, Ordering::Relaxed);
                    if u >= range.end {
                        return;
                    }
                    let mut rows = Vec::new();
                    let stopped = || stop.load(Ordering::Relaxed) || cancelled();
                    // a unit cut short is dropped: the table holds whole units only
                    let Some(s) = units.run_unit_until(u, &mut worker, &mut rows, &stopped) else {
                        return;
                    };
                    if tx.send((u, rows, s)).is_err() {
                        return;
                    }
                    if let Err(reason) = budget.check_resident() {
                        let _ = over.set(reason);
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = std::collections::BTreeMap::new();
        let mut emit = range.start;
        let outcome = (|| -> Result<(), E> {
            for (u, rows, s) in rx.iter() {
                pending.insert(u, (rows, s));
                let before = emit;
                while let Some((rows, s)) = pending.remove(&emit) {
                    summary.absorb(&s);
                    if !rows.is_empty() {
                        on_event(Event::Rows(&rows))?;
                    }
                    emit += 1;
                }
                if emit / 256 != before / 256 || emit == range.end {
                    on_event(Event::Progress {
                        done: emit - range.start,
                        total,
                    })?;
                }
            }
            if emit < range.end {
                return Err(Cancelled {
                    summary: summary.clone(),
                    reason: over.get().copied().unwrap_or(StopReason::Cancelled),
                }
                .into());
            }
            Ok(())
        })();
        stop.store(true, Ordering::Relaxed);
        outcome
    });
    result?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// `stop` is asked once per layout; saying yes drops the unit (`None`), and a stop that
    /// never fires gives exactly `run_unit`'s summary and rows.
    #[test]
    fn a_unit_stops_between_layouts() {
        let units = Units::new(&Config::default());
        let mut worker = Worker::default();
        let (u, whole, rows) = (0..2000)
            .find_map(|u| {
                let mut rows = Vec::new();
                let s = units.run_unit(u, &mut worker, &mut rows);
                (s.layouts + s.skipped_layouts >= 3 && !rows.is_empty()).then_some((u, s, rows))
            })
            .expect("a unit with three layouts and a row");
        let asked = Cell::new(0u64);
        let mut again = Vec::new();
        let never = || {
            asked.set(asked.get() + 1);
            false
        };
        let s = units.run_unit_until(u, &mut worker, &mut again, &never);
        assert_eq!(s.as_ref(), Some(&whole));
        assert_eq!(again, rows);
        assert_eq!(asked.get(), whole.layouts + whole.skipped_layouts);
        let asked = Cell::new(0u64);
        let second = || {
            asked.set(asked.get() + 1);
            asked.get() >= 2
        };
        let mut partial = Vec::new();
        assert_eq!(
            units.run_unit_until(u, &mut worker, &mut partial, &second),
            None
        );
        assert_eq!(asked.get(), 2, "stopped at the second layout");
    }
}
