//! A breadth-first sweep for large reversible graphs that finds duplicates by sorting whole
//! levels instead of probing a hash table once per edge.
//!
//! [`crate::sweep`] looks every generated edge up in a hash table; once the levels outgrow the
//! cache, each look-up is a cache miss (about 100 ns), and a state has ten or more edges.
//! [`frontier_sweep`] instead collects the next level's candidates in one array, sorts it by
//! radix (a few sequential passes over memory), merges duplicates, and removes the states of
//! the two levels before it by a linear merge, since in an undirected graph a state's
//! neighbours lie one level above, at its own level or one level below.
//!
//! Each held state also carries a *mask* of its operators known to lead back to its own level
//! or below ([`MaskedGraph`]): they are not generated at all. In a sliding-block puzzle the
//! step that undoes the step that found a state is one; so is, for slides, every slide of the
//! piece that just moved (it could have gone there directly). This halves the edges generated
//! or better. Masks are an optimisation only: the merge against the two previous levels keeps
//! the sweep right whatever subset of such operators a graph reports.

use crate::levels::Sweep;
use crate::limits::{Limits, StopReason, Stopped};
use crate::memory::{reserve, reserve_exact, Held};
use crate::spread::{expand_level, Cutting, CUTTING, PARALLEL_MIN};
use crate::stats::Stats;
use rayon::prelude::*;
use std::cmp::Ordering;
use std::ops::ControlFlow;
use std::time::Instant;

/// A state that sorts by radix: a fixed number of 64-bit words.
pub trait RadixKey: Copy + Eq + Send + Sync {
    /// Words in the key.
    const WORDS: usize;
    /// Word `i` (`i < WORDS`); word `WORDS - 1` is the most significant.
    fn word(&self, i: usize) -> u64;
}

impl RadixKey for u64 {
    const WORDS: usize = 1;
    #[inline]
    fn word(&self, _: usize) -> u64 {
        *self
    }
}

impl<const N: usize> RadixKey for [u64; N] {
    const WORDS: usize = N;
    #[inline]
    fn word(&self, i: usize) -> u64 {
        self[i]
    }
}

/// A reversible graph whose operators are numbered `0..64` (at most), with a way to say which
/// operators of a new state cannot lead to a state farther from the start than itself.
pub trait MaskedGraph: Sync {
    /// A packed position.
    type State: RadixKey;

    /// Calls `emit(next, mask)` for every successor of `state` through an operator not in
    /// `skip` (bit `k` = operator `k`). `mask` names operators of `next` whose successors are
    /// at most as far from the start as `next` when `state` is one level nearer: the move
    /// that leads back, and any others the graph can vouch for.
    fn expand(&self, state: &Self::State, skip: u64, emit: impl FnMut(Self::State, u64));
}

/// Key order: the most significant word first.
#[inline]
pub(crate) fn key_cmp<S: RadixKey>(a: &S, b: &S) -> Ordering {
    for i in (0..S::WORDS).rev() {
        match a.word(i).cmp(&b.word(i)) {
            Ordering::Equal => continue,
            other => return other,
        }
    }
    Ordering::Equal
}

/// Bytes of the radix sort's digit counts.
fn count_bytes<S: RadixKey>() -> u64 {
    (S::WORDS * 8 * 256 * std::mem::size_of::<usize>()) as u64
}

/// Sorts `items` by key, `items[..sorted]` being sorted already (what an earlier merge of
/// the same level kept): LSD radix over the rest (one byte per pass, passes over constant
/// bytes skipped), then one merge of the two runs. Grows `scratch` to the size of `items`
/// within the budget (`others`: bytes held besides `items` and `scratch`).
fn radix_sort<S: RadixKey>(
    items: &mut Vec<(S, u64)>,
    sorted: usize,
    scratch: &mut Vec<(S, u64)>,
    others: u64,
    limits: &Limits,
) -> Result<(), StopReason> {
    let n = items.len();
    let sorted = sorted.min(n);
    if n - sorted < 256 && sorted == 0 {
        items.sort_unstable_by(|a, b| key_cmp(&a.0, &b.0));
        return Ok(());
    }
    let around = others + items.held() + count_bytes::<S>();
    reserve_exact(scratch, n.saturating_sub(scratch.len()), around, limits)?;
    // every pass writes each place of the run once: what they held before does not
    // matter, so only places the buffer lacks are filled
    scratch.resize(n, items[0]);
    let in_scratch = radix_passes(&mut items[sorted..], &mut scratch[sorted..]);
    if sorted == 0 {
        if in_scratch {
            std::mem::swap(items, scratch);
        }
        return Ok(());
    }
    // merge `items[..sorted]` with the sorted rest into `scratch`: writing place `i + j`
    // never passes the rest's next unread place `sorted + j`, so the rest may already lie
    // in `scratch`
    let (mut i, mut j, mut k) = (0, sorted, 0);
    while i < sorted || j < n {
        let rest = (j < n).then(|| if in_scratch { scratch[j] } else { items[j] });
        match rest {
            Some(r) if i == sorted || key_cmp(&items[i].0, &r.0) == Ordering::Greater => {
                scratch[k] = r;
                j += 1;
            }
            _ => {
                scratch[k] = items[i];
                i += 1;
            }
        }
        k += 1;
    }
    std::mem::swap(items, scratch);
    Ok(())
}

/// LSD radix passes over `run`, `buffer` (as long) taking every other pass; true when the
/// sorted run ends in `buffer`.
pub(crate) fn radix_passes<S: RadixKey>(run: &mut [(S, u64)], buffer: &mut [(S, u64)]) -> bool {
    let n = run.len();
    if n < 256 {
        run.sort_unstable_by(|a, b| key_cmp(&a.0, &b.0));
        return false;
    }
    let digits = S::WORDS * 8;
    let mut counts = vec![[0usize; 256]; digits];
    for (s, _) in run.iter() {
        for w in 0..S::WORDS {
            let x = s.word(w);
            for b in 0..8 {
                counts[w * 8 + b][((x >> (8 * b)) & 255) as usize] += 1;
            }
        }
    }
    let mut in_buffer = false;
    for (d, count) in counts.iter().enumerate() {
        if count.contains(&n) {
            continue;
        }
        let mut at = [0usize; 256];
        let mut sum = 0;
        for (a, &c) in at.iter_mut().zip(count) {
            *a = sum;
            sum += c;
        }
        let (w, shift) = (d / 8, 8 * (d % 8));
        let (from, to) = if in_buffer {
            (&*buffer, &mut *run)
        } else {
            (&*run, &mut *buffer)
        };
        for &item in from.iter() {
            let byte = ((item.0.word(w) >> shift) & 255) as usize;
            to[at[byte]] = item;
            at[byte] += 1;
        }
        in_buffer = !in_buffer;
    }
    in_buffer
}

/// Merges equal keys of sorted `items` (their masks OR-ed) and drops those in `a` or `b`
/// (both sorted; `b`, the level before `a`, holds keys only).
pub(crate) fn dedup_against<S: RadixKey>(items: &mut Vec<(S, u64)>, a: &[(S, u64)], b: &[S]) {
    let kept = dedup_slice(items, a, b);
    items.truncate(kept);
}

/// [`dedup_against`] on a slice: what is kept moves to its front; returns how many.
pub(crate) fn dedup_slice<S: RadixKey>(items: &mut [(S, u64)], a: &[(S, u64)], b: &[S]) -> usize {
    let (mut ia, mut ib) = (0, 0);
    let mut out = 0;
    let mut i = 0;
    while i < items.len() {
        let (key, mut mask) = items[i];
        i += 1;
        while i < items.len() && items[i].0 == key {
            mask |= items[i].1;
            i += 1;
        }
        while ia < a.len() && key_cmp(&a[ia].0, &key) == Ordering::Less {
            ia += 1;
        }
        while ib < b.len() && key_cmp(&b[ib], &key) == Ordering::Less {
            ib += 1;
        }
        let seen = (ia < a.len() && a[ia].0 == key) || (ib < b.len() && b[ib] == key);
        if !seen {
            items[out] = (key, mask);
            out += 1;
        }
    }
    out
}

/// Visits every state reachable from `start` once, level by level, calling
/// `visit(state, distance)` (in key order within a level); the visitor returns
/// [`ControlFlow::Break`] to stop. Holds three levels (the one being built, sorted, plus the
/// two before it), so [`Limits::max_states`] bounds those. A sweep stopped by a limit reports
/// the distance of the first level it did not finish as its lower bound, as [`crate::sweep`]
/// does.
pub fn frontier_sweep<G, B>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    visit: impl FnMut(&G::State, u32) -> ControlFlow<B>,
) -> Result<Sweep<B>, Stopped>
where
    G: MaskedGraph,
{
    sweep_flushing(
        graph,
        start,
        limits,
        (|_| 0, |_, _| true),
        visit,
        (FLUSH_MIN, CUTTING),
        None,
    )
}

/// Candidates of the next level collected before they are sorted and merged, at the least.
pub(crate) const FLUSH_MIN: usize = 1 << 16;
/// ... and as a multiple of the level being expanded: past that, the candidates so far are
/// sorted and merged at once. A graph with many edges per state (slides: about 55 per state on
/// a 9×9 board) would otherwise hold every edge of the level. The candidates and the sort's
/// buffer are most of the peak: at 2 (against 8) the 12×12 chain's guided search holds 89
/// bytes per position instead of 300 for 5 % more instructions (a merge sorts only what came
/// since the last one, then merges the two runs), the trade a board that fills the memory
/// wants.
pub(crate) const FLUSH_FACTOR: usize = 2;

/// [`frontier_sweep`] that sorts and merges the candidates early whenever they reach
/// `flush_min` and [`FLUSH_FACTOR`] times the level being expanded (and twice what the last
/// merge kept), so memory is bounded by the levels rather than by their edges.
///
/// Memory: the two levels held, the candidates, the sort's buffer and its digit counts, all
/// counted by capacity; the candidates grow within the budget, so a level too large for it
/// stops the sweep before the allocation, with the level as its lower bound.
///
/// `admit(distance, score(state))` is asked once of every new state of a level, in key
/// order, after its duplicates are merged (`score`, the costly part, runs on every core for
/// a large level): a state it refuses is neither visited nor expanded (it is found
/// again, and asked again, from the next level). A large level's new states are asked key
/// range by key range, each range's as soon as it is complete (by `cutting`: up to its
/// most, about one per state refused per state expanded at the level before, when the
/// level should refuse at least its least: see [`expand_level`]), so the refused ones held at once are a fraction of the level's, and
/// `admit` still sees each once, in key order. A refusal that grows with the distance (a
/// guided search: `distance + bound > limit`) keeps the levels right: a state refused at a
/// distance is refused farther away too, so every held state still lies one level from its
/// neighbours ([`crate::guided_sweep`]).
///
/// With `keep`, every level leaves the window into it, in order and sorted, without its
/// masks (counted as held, in bytes and in states): when the sweep stops at a goal it holds
/// every level from the start's to the goal's, which is what a path is read back from
/// ([`crate::Levels`]).
pub(crate) fn sweep_flushing<G, B>(
    graph: &G,
    start: G::State,
    limits: &Limits,
    (score, mut admit): (
        impl Fn(&G::State) -> u32 + Sync,
        impl FnMut(u32, u32) -> bool,
    ),
    mut visit: impl FnMut(&G::State, u32) -> ControlFlow<B>,
    (flush_min, cutting): (usize, Cutting),
    mut keep: Option<&mut Vec<Vec<G::State>>>,
) -> Result<Sweep<B>, Stopped>
where
    G: MaskedGraph,
{
    let clock = Instant::now();
    let mut stats = Stats::default();
    // the levels moved into `keep`, in bytes (by capacity) and in states
    let (mut kept, mut kept_states) = (0u64, 0usize);
    // the level before `current` needs no masks (it is never expanded again): keys only
    let mut prev: Vec<G::State> = Vec::new();
    let mut current = vec![(start, 0u64)];
    let mut next: Vec<(G::State, u64)> = Vec::new();
    let mut scratch = Vec::new();
    let mut visited = 1u64;
    let mut depth = 0;
    let mut stopped = None;
    if let ControlFlow::Break(b) = visit(&start, 0) {
        stopped = Some(b);
    }
    let mut outcome = Ok(());
    // the last level's new states refused, per state expanded: how many shares the next
    // large level is cut into
    let mut refusals = (0u64, 0u64);
    'levels: while stopped.is_none() && !current.is_empty() {
        // `next[..merged]`: what the last early merge kept, sorted
        let mut merged = 0;
        let mut flush_at = flush_min.max(FLUSH_FACTOR * current.len());
        // new states before `admit`, known after the level's expansion
        let mut found = None;
        if current.len() >= PARALLEL_MIN {
            // the sort's buffer of the smaller levels before is not used again
            scratch = Vec::new();
            let others = kept + prev.held() + current.held();
            let level = (&current[..], &prev[..]);
            let shares = shares_for(refusals, current.len(), cutting);
            let d = depth + 1;
            let judge = (&score, &mut |h| admit(d, h));
            let budget = (others, shares);
            match expand_level(graph, level, &mut next, budget, limits, &mut stats, judge) {
                Ok(distinct) => found = Some(distinct),
                Err(reason) => {
                    outcome = Err(reason);
                    break 'levels;
                }
            }
        }
        let serial = if current.len() >= PARALLEL_MIN {
            &current[..0]
        } else {
            &current[..]
        };
        for &(s, skip) in serial {
            if let Err(reason) = limits.expanding(&mut stats) {
                outcome = Err(reason);
                break 'levels;
            }
            let before = next.len();
            // the sort's digit counts are allocated later: keep room for them
            let others =
                kept + prev.held() + current.held() + scratch.held() + count_bytes::<G::State>();
            let mut refused = None;
            graph.expand(&s, skip, |t, mask| {
                if refused.is_none() {
                    match reserve(&mut next, 1, others, limits) {
                        Ok(()) => next.push((t, mask)),
                        Err(reason) => refused = Some(reason),
                    }
                }
            });
            stats.generated += (next.len() - before) as u64;
            if let Some(reason) = refused {
                stats.hold_bytes(others + next.held());
                outcome = Err(reason);
                break 'levels;
            }
            if next.len() >= flush_at {
                // merging is idempotent: the final merge below sees these again, deduplicated
                let sorted = merge(
                    &mut next,
                    merged,
                    &mut scratch,
                    &current,
                    &prev,
                    kept,
                    limits,
                );
                stats.hold_bytes(sorted.unwrap_or(others + next.held()));
                if let Err(reason) = sorted {
                    outcome = Err(reason);
                    break 'levels;
                }
                merged = next.len();
                flush_at = flush_at.max(2 * next.len());
            }
        }
        if serial.len() == current.len() {
            let sorted = merge(
                &mut next,
                merged,
                &mut scratch,
                &current,
                &prev,
                kept,
                limits,
            );
            let others = kept + prev.held() + current.held() + scratch.held();
            stats.hold_bytes(sorted.unwrap_or(others + next.held()));
            if let Err(reason) = sorted {
                outcome = Err(reason);
                break;
            }
        }
        // a large level was scored and admitted share by share as it was expanded
        if found.is_none() {
            found = Some(next.len() as u64);
            let d = depth + 1;
            let scores = admit_level(&mut next, (&score, &mut |h| admit(d, h)));
            stats.hold_bytes(kept + prev.held() + current.held() + next.held() + scores);
        }
        refusals = (found.unwrap_or(0) - next.len() as u64, current.len() as u64);
        // the level is held for two more levels: without the room its candidates took
        next.shrink_to_fit();
        let held = kept_states + prev.len() + current.len() + next.len();
        stats.hold_states(held);
        if let Err(reason) = limits.check_states(held) {
            outcome = Err(reason);
            break;
        }
        if next.is_empty() {
            break;
        }
        depth += 1;
        visited += next.len() as u64;
        for (s, _) in &next {
            if let ControlFlow::Break(b) = visit(s, depth) {
                stopped = Some(b);
                break 'levels;
            }
        }
        // `current` becomes `prev` without its masks; the level that leaves the window is
        // handed to `keep` as it is (no copy), or dropped
        let left = std::mem::take(&mut prev);
        if let Some(archive) = keep.as_deref_mut() {
            if !left.is_empty() {
                let others = kept + left.held() + current.held() + next.held();
                if let Err(reason) = reserve(archive, 1, others, limits) {
                    outcome = Err(reason);
                    break 'levels;
                }
                kept += left.held();
                kept_states += left.len();
                archive.push(left);
            }
        } else {
            drop(left);
        }
        let others = kept + current.held() + next.held();
        prev = match keys_of(&current, others, limits) {
            Ok(keys) => keys,
            Err(reason) => {
                outcome = Err(reason);
                break 'levels;
            }
        };
        stats.hold_bytes(others + prev.held());
        current = std::mem::take(&mut next);
    }
    if let (Some(archive), true) = (keep, stopped.is_some() && outcome.is_ok()) {
        // the goal's level and the two before it join the archive
        let others = kept + prev.held() + current.held() + next.held();
        let joined = reserve(archive, 3, others, limits).and_then(|()| {
            if !prev.is_empty() {
                kept += prev.held();
                archive.push(std::mem::take(&mut prev));
            }
            for level in [&current, &next] {
                if !level.is_empty() {
                    let others = kept + current.held() + next.held();
                    let keys = keys_of(level, others, limits)?;
                    kept += keys.held();
                    archive.push(keys);
                }
            }
            Ok(())
        });
        if let Err(reason) = joined {
            outcome = Err(reason);
        }
        stats.hold_bytes(kept + prev.held() + current.held() + next.held());
    }
    stats.elapsed = clock.elapsed();
    Sweep::ended(outcome, visited, depth, stopped, stats)
}

/// Shares a large level of `states` is cut into ([`expand_level`]): about one per refusal
/// per state expanded at the level before, so the refused states held at once are about
/// as many as the level being expanded (more where the rate grows with the depth); one
/// when fewer than `least` refusals are expected. Each share expands the level again:
/// two per refusal and up to 16 held 642 MiB instead of 1,006 on `deep_12x12.txt` in
/// steps, but took 229 s of CPU against 197 s.
fn shares_for((refused, expanded): (u64, u64), states: usize, (most, least): Cutting) -> usize {
    let expected = (u128::from(refused) * states as u128)
        .checked_div(u128::from(expanded))
        .unwrap_or(0);
    if expected < u128::from(least) {
        return 1;
    }
    (refused.div_ceil(expanded) as usize).clamp(1, most)
}

/// Keeps the states of `next` (a level's new states) that `admit(score)` takes, asked
/// once each, in key order; the scores (a guided search's bound, the costly part) on every
/// core for a large level. Returns the bytes the scores took. The sweep's level-end
/// admission and [`expand_level`]'s per-share one both go through it.
pub(crate) fn admit_level<S: RadixKey>(
    next: &mut Vec<(S, u64)>,
    (score, admit): (&(impl Fn(&S) -> u32 + Sync), &mut impl FnMut(u32) -> bool),
) -> u64 {
    let scores: Vec<u32> = if next.len() >= PARALLEL_MIN {
        next.par_iter().map(|(s, _)| score(s)).collect()
    } else {
        next.iter().map(|(s, _)| score(s)).collect()
    };
    let mut at = 0;
    next.retain(|_| {
        at += 1;
        admit(scores[at - 1])
    });
    scores.held()
}

/// The keys of `level` without their masks, within the budget, the sweep holding `others`
/// bytes besides the new keys.
fn keys_of<S: RadixKey>(
    level: &[(S, u64)],
    others: u64,
    limits: &Limits,
) -> Result<Vec<S>, StopReason> {
    let mut keys = Vec::new();
    reserve_exact(&mut keys, level.len(), others, limits)?;
    keys.extend(level.iter().map(|&(s, _)| s));
    Ok(keys)
}

/// Sorts the candidates in `next` (`next[..sorted]`: what the last merge of this level
/// kept, sorted), merges their duplicates and drops those of the two levels before
/// (`current`, `prev`; `kept`: bytes held besides them); returns the bytes held while
/// sorting (the sweep's peak).
fn merge<S: RadixKey>(
    next: &mut Vec<(S, u64)>,
    sorted: usize,
    scratch: &mut Vec<(S, u64)>,
    current: &Vec<(S, u64)>,
    prev: &Vec<S>,
    kept: u64,
    limits: &Limits,
) -> Result<u64, StopReason> {
    let levels = kept + current.held() + prev.held();
    radix_sort(next, sorted, scratch, levels, limits)?;
    let peak = levels + next.held() + scratch.held() + count_bytes::<S>();
    dedup_against(next, current, prev);
    Ok(peak)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cells of a `w`×`h` grid as `y * w + x`; operator 0..4 = left, right, up, down; the
    /// reverse of each is masked.
    struct Open(u64, u64);

    impl MaskedGraph for Open {
        type State = u64;
        fn expand(&self, &s: &u64, skip: u64, mut emit: impl FnMut(u64, u64)) {
            let (w, h) = (self.0, self.1);
            let (x, y) = (s % w, s / w);
            let moves = [
                (x > 0, s.wrapping_sub(1), 1),
                (x + 1 < w, s + 1, 0),
                (y > 0, s.wrapping_sub(w), 3),
                (y + 1 < h, s + w, 2),
            ];
            for (k, &(ok, t, back)) in moves.iter().enumerate() {
                if ok && skip & 1 << k == 0 {
                    emit(t, 1 << back);
                }
            }
        }
    }

    #[test]
    fn levels_of_a_grid_and_a_stop() {
        let all = frontier_sweep(&Open(40, 30), 0, &Limits::none(), |_, _| {
            ControlFlow::<()>::Continue(())
        })
        .unwrap();
        assert_eq!((all.states, all.depth), (1200, 68));
        let mut seen = vec![u32::MAX; 1200];
        frontier_sweep(&Open(40, 30), 41, &Limits::none(), |&s, d| {
            assert_eq!(seen[s as usize], u32::MAX, "visited twice");
            seen[s as usize] = d;
            ControlFlow::<()>::Continue(())
        })
        .unwrap();
        for (s, &d) in seen.iter().enumerate() {
            let (x, y) = (s as i64 % 40, s as i64 / 40);
            assert_eq!(d as i64, (x - 1).abs() + (y - 1).abs());
        }
        let far = frontier_sweep(&Open(40, 30), 0, &Limits::none(), |&s, d| {
            if s == 1199 {
                ControlFlow::Break(d)
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert_eq!(far.stopped, Some(68));
        assert!(
            frontier_sweep(&Open(40, 30), 0, &Limits::states(50), |_, _| {
                ControlFlow::<()>::Continue(())
            })
            .is_err()
        );
    }

    /// Rook moves on a `w`×`h` grid: any distance along a row or a column, nothing masked
    /// (so every level's candidates are many times the level).
    struct Rook(u64, u64);

    impl MaskedGraph for Rook {
        type State = u64;
        fn expand(&self, &s: &u64, _: u64, mut emit: impl FnMut(u64, u64)) {
            let (w, h) = (self.0, self.1);
            let (x, y) = (s % w, s / w);
            (0..w).filter(|&c| c != x).for_each(|c| emit(y * w + c, 0));
            (0..h).filter(|&r| r != y).for_each(|r| emit(r * w + x, 0));
        }
    }

    #[test]
    fn merging_candidates_early_changes_nothing_but_memory() {
        let levels = |flush_min: usize| {
            let mut seen = Vec::new();
            let swept = sweep_flushing(
                &Rook(60, 50),
                61,
                &Limits::none(),
                (|_| 0, |_, _| true),
                |&s, d| {
                    seen.push((s, d));
                    ControlFlow::<()>::Continue(())
                },
                (flush_min, CUTTING),
                None,
            )
            .unwrap();
            (seen, swept.states, swept.stats.generated)
        };
        let (early, states, generated) = levels(1);
        assert_eq!((early.clone(), states, generated), levels(usize::MAX));
        assert_eq!(states, 3000);
        // a rook reaches any cell in at most two moves
        for &(s, d) in &early {
            let (x, y) = (s % 60, s / 60);
            let want = u32::from(x != 1) + u32::from(y != 1);
            assert_eq!(d, want, "cell {s}");
        }
    }

    #[test]
    fn radix_sort_orders_multi_word_keys() {
        let mut seed = 7u64;
        let mut items: Vec<([u64; 2], u64)> = (0..5000)
            .map(|i| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                ([seed >> 20, (seed >> 50) % 3], i)
            })
            .collect();
        let mut want = items.clone();
        want.sort_by(|a, b| key_cmp(&a.0, &b.0));
        let mut again = items.clone();
        radix_sort(&mut items, 0, &mut Vec::new(), 0, &Limits::none()).unwrap();
        let keys = |v: &[([u64; 2], u64)]| v.iter().map(|x| x.0).collect::<Vec<_>>();
        assert_eq!(keys(&items), keys(&want));
        // a sorted prefix of any length, the rest sorted and merged into it
        for prefix in [1, 100, 255, 2500, 4744, 4999, 5000] {
            again[..prefix].sort_by(|a, b| key_cmp(&a.0, &b.0));
            let mut v = again.clone();
            radix_sort(&mut v, prefix, &mut Vec::new(), 0, &Limits::none()).unwrap();
            assert_eq!(keys(&v), keys(&want), "prefix {prefix}");
        }
    }
}
