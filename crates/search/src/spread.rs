//! One level of the sorted sweep ([`crate::frontier_sweep`]) expanded on every core.
//!
//! The level being expanded is cut into chunks of [`CHUNK`] states, independent of the
//! number of threads; each chunk's candidates are generated, radix-sorted and their
//! duplicates merged on one thread; a round's sorted runs are then merged by key ranges, one
//! range per task, each range also dropping the states of the two levels before it, and the
//! result is folded into what the level kept so far, from the back, in place (no buffer as
//! long as the level). The merged level is the same sorted set, with the same masks (the OR
//! of every mask found for a state), whatever the chunks and the threads; and since the
//! chunks and rounds depend only on the level, so are the counts and the bytes `--stats`
//! reports.
//!
//! A guided search refuses most of a deep level's new states: the level's are then cut into
//! key ranges (shares), expanded once per share, each share's distinct new states asked
//! their bound and admitted before the next share is expanded, so the refused ones held at
//! once are a share's, and each is asked (and counted, if refused) once, as over the whole
//! level. Asking each round's new states instead holds no refused state at all, but a state
//! met from parents in two rounds is asked and counted twice (measured: 1.5 to 1.8 times
//! the refusals of a pass on `hard_9x9.txt` and `deep_12x12.txt`), which would change the
//! next pass's limit.

use crate::frontier::{admit_level, dedup_slice, key_cmp, radix_passes, MaskedGraph, RadixKey};
use crate::limits::{Limits, StopReason};
use crate::memory::{reserve_exact, Held};
use crate::stats::Stats;
use rayon::prelude::*;
use std::cmp::Ordering;

/// Levels of fewer states than this are expanded on one thread: below it the tasks cost
/// more than they save.
pub(crate) const PARALLEL_MIN: usize = 1 << 13;

/// States of the level expanded by one task.
const CHUNK: usize = 1 << 10;

/// Key ranges a merge is cut into, at most; a range holds [`PART_MIN`] candidates at least.
const PARTS: usize = 64;
const PART_MIN: usize = 1 << 14;

/// A state and the mask of operators it need not try.
type Entry<S> = (S, u64);

/// The level being expanded and the one before it (keys only).
type Window<'a, S> = (&'a [Entry<S>], &'a [S]);

/// Candidates of a round, as a share of the level being expanded: a round generates about
/// `1 / ROUND_SHARE` as many as the level holds. The round's candidates and the merge's
/// output are the peak's share above the levels. Measured on the 12×12 chain's judge answer
/// in steps: rounds of twice the level merged with `next` into a third buffer held 66 bytes
/// per position at the peak; folded into `next` from the back, 59; in rounds of half the
/// level, 50; with the older level's masks dropped too, 39 (instructions within 1 % of the
/// first; a quarter of the level: 46, but twice the rounds, each moving `next`).
const ROUND_SHARE: usize = 2;

/// Chunks of a round at the least, and of a level's first round (whose rate of candidates
/// per state is not known yet): enough tasks for the cores.
const ROUND_CHUNKS: usize = 2;

/// Shares a level's new states are split into, at the most ([`expand_level`]).
pub(crate) const MAX_SHARES: usize = 8;

/// Refused states a level should hold (by the rate of the level before) for its new
/// states to be cut into shares: each share expands the whole level again, which costs
/// more than it saves where the bound is cheap and the levels small (`hard_9x9.txt`: 14 to
/// 18 % more CPU with shares on every large level, and no fewer bytes).
pub(crate) const SHARE_MIN: u64 = 1 << 17;

/// How a sweep cuts a large level's new states: into this many shares at the most, and
/// only when it should refuse this many states or more.
pub(crate) type Cutting = (usize, u64);

/// The cutting of the engine's sweeps.
pub(crate) const CUTTING: Cutting = (MAX_SHARES, SHARE_MIN);

/// What a level's new states are asked: their score (the costly part, run on every core),
/// then, once each, in key order within a share, whether they are admitted.
pub(crate) type Judge<'a, F, A> = (&'a F, &'a mut A);

/// Expands `current` into `next` (sorted, merged, without the states of `current` and
/// `prev`, only those `admit` takes), in `shares` passes over the level: pass `k` keeps the
/// new states in the `k`-th of `shares` key ranges (cut at quantiles of `current`, which
/// new states resemble: one move apart), holds every distinct one of them with its mask,
/// then asks each its score and `admit` once, in key order, and appends the admitted to
/// `next`. A state met from many parents is merged before it is asked, so a guided search
/// counts its refusals exactly as over the whole level, in the same order; the refused
/// states held at once are about a `shares`-th of the level's. Each pass expands the whole
/// level again: that is the price. `others`: bytes held besides `next` and what the
/// level's expansion holds. Returns the distinct new states, refused ones included.
pub(crate) fn expand_level<G, F, A>(
    graph: &G,
    window: Window<'_, G::State>,
    next: &mut Vec<Entry<G::State>>,
    (others, shares): (u64, usize),
    limits: &Limits,
    stats: &mut Stats,
    (score, admit): Judge<'_, F, A>,
) -> Result<u64, StopReason>
where
    G: MaskedGraph,
    F: Fn(&G::State) -> u32 + Sync,
    A: FnMut(u32) -> bool,
{
    let cuts = cut_points(graph, window.0, shares);
    let cut = |k: usize| (k > 0 && k < shares).then(|| cuts[k - 1]);
    let mut distinct = 0;
    for share in 0..shares {
        let mut part = Vec::new();
        let around = others + next.held();
        // every share expands the whole level: its work is counted once
        let counted = (&mut *stats, share == 0);
        let range = (cut(share), cut(share + 1));
        expand_rounds(graph, window, &mut part, around, limits, counted, range)?;
        distinct += part.len() as u64;
        let scores = admit_level(&mut part, (score, &mut *admit));
        stats.hold_bytes(around + part.held() + scores);
        if shares == 1 {
            // nothing before it: the level is the share
            *next = part;
            continue;
        }
        // the ranges ascend: the share's states follow the level's so far
        reserve_exact(next, part.len(), others + part.held(), limits)?;
        stats.hold_bytes(others + next.held() + part.held());
        next.extend_from_slice(&part);
    }
    Ok(distinct)
}

/// States of a level expanded to sample where its new states lie: one in this many.
const SAMPLE_EVERY: usize = 64;

/// Where to cut a level's new states into `shares` key ranges of about equal size: the
/// quantiles of the candidates of every [`SAMPLE_EVERY`]-th state of `current` (the
/// candidates of a level lie elsewhere than the level itself: a move of a piece packed in
/// the most significant bits moves a key far). `shares - 1` keys, increasing (some may
/// repeat: that share is then empty).
fn cut_points<G: MaskedGraph>(
    graph: &G,
    current: &[Entry<G::State>],
    shares: usize,
) -> Vec<G::State> {
    if shares < 2 {
        return Vec::new();
    }
    let mut sample = Vec::new();
    for &(s, skip) in current.iter().step_by(SAMPLE_EVERY) {
        graph.expand(&s, skip, |t, _| sample.push(t));
    }
    if sample.is_empty() {
        return vec![current[0].0; shares - 1];
    }
    sample.sort_unstable_by(key_cmp);
    (1..shares)
        .map(|k| sample[k * sample.len() / shares])
        .collect()
}

/// Keys from the first (inclusive, none: from the least) to the second (exclusive, none: to
/// the greatest).
type Range<S> = (Option<S>, Option<S>);

/// Whether `s` lies in `range`.
#[inline]
fn within<S: RadixKey>(s: &S, (from, to): &Range<S>) -> bool {
    from.as_ref()
        .is_none_or(|f| key_cmp(s, f) != Ordering::Less)
        && to.as_ref().is_none_or(|t| key_cmp(s, t) == Ordering::Less)
}

/// Expands `current` into `next` (sorted, merged, without the states of `current` and
/// `prev`), keeping only the new states in `range`, in rounds of chunks run in parallel. A round takes as many states as should yield about
/// [`ROUND_SHARE`]-th of the level in kept candidates (by the rate of the rounds before),
/// so the candidates held at once stay a fraction of the levels. `others`: bytes held
/// besides `next` and the round's candidates. With `count`, the states expanded and the
/// candidates generated (kept or not) are added to `stats`; its peak bytes always are.
fn expand_rounds<G: MaskedGraph>(
    graph: &G,
    (current, prev): Window<'_, G::State>,
    next: &mut Vec<Entry<G::State>>,
    others: u64,
    limits: &Limits,
    (stats, count): (&mut Stats, bool),
    range: Range<G::State>,
) -> Result<(), StopReason> {
    let (mut done, mut generated) = (0usize, 0u64);
    let round_at = current.len() / ROUND_SHARE;
    while done < current.len() {
        limits.check_clock()?;
        let want = match generated {
            0 => 0,
            g => (round_at as u64 * done as u64 / g) as usize,
        };
        let take = want.div_ceil(CHUNK).max(ROUND_CHUNKS) * CHUNK;
        // the round's allocations are made on many threads at once: the budget is checked
        // before them, for what the round should take (its candidates, then the merge's
        // output as long as them, then `next` grown by that output while it is held)
        let item = std::mem::size_of::<Entry<G::State>>() as u64;
        let before = others + next.held();
        // candidates the round should make: by the rate so far, else a generous guess
        let expect = match generated {
            0 => 16 * take as u64,
            g => g * take as u64 / done as u64,
        };
        limits.check_bytes(before, before + 2 * expect * item)?;
        let block = &current[done..(done + take).min(current.len())];
        let runs: Vec<Run<G::State>> = block
            .par_chunks(CHUNK)
            .map_init(Scratch::default, |scratch, chunk| {
                expand_chunk(graph, chunk, scratch, &range)
            })
            .collect();
        done += block.len();
        let kept: u64 = runs.iter().map(|r| r.1).sum();
        generated += kept;
        let round = runs.iter().map(|r| r.0.held()).sum::<u64>();
        let held = others + next.held() + round;
        let slices: Vec<&[Entry<G::State>]> = runs.iter().map(|r| &r.0[..]).collect();
        // the merge writes into one buffer as long as the round's runs (not `next`)
        let inputs = slices.iter().map(|s| s.len()).sum::<usize>();
        let peak = held + inputs as u64 * item;
        stats.hold_bytes(peak);
        if count {
            stats.expanded += block.len() as u64;
            stats.generated += runs.iter().map(|r| r.2).sum::<u64>();
        }
        limits.check_bytes(held, peak)?;
        let fresh = merge_runs(&slices, current, prev);
        drop(runs);
        reserve_exact(next, fresh.len(), others + fresh.held(), limits)?;
        stats.hold_bytes(others + next.held() + fresh.held());
        merge_into(next, &fresh);
    }
    Ok(())
}

/// A task's buffers for the candidates of a chunk and their sort, used again for the next
/// chunk of the same task (fewer allocations and page faults than one per chunk).
type Scratch<S> = (Vec<Entry<S>>, Vec<Entry<S>>);

/// A chunk's kept candidates (sorted, merged), how many were kept before merging and how
/// many were generated.
type Run<S> = (Vec<Entry<S>>, u64, u64);

/// The candidates of `chunk` in `range`, sorted, duplicates merged (masks
/// OR-ed), in a vector of exactly their length, how many of them were generated before
/// merging, and how many candidates were generated in all.
fn expand_chunk<G: MaskedGraph>(
    graph: &G,
    chunk: &[Entry<G::State>],
    (run, buffer): &mut Scratch<G::State>,
    range: &Range<G::State>,
) -> Run<G::State> {
    run.clear();
    let mut all = 0u64;
    for &(s, skip) in chunk {
        graph.expand(&s, skip, |t, mask| {
            all += 1;
            if within(&t, range) {
                run.push((t, mask));
            }
        });
    }
    let raw = run.len() as u64;
    let Some(&first) = run.first() else {
        return (Vec::new(), 0, all);
    };
    buffer.resize(run.len(), first);
    let sorted = if radix_passes(run, &mut buffer[..raw as usize]) {
        &mut buffer[..raw as usize]
    } else {
        &mut run[..]
    };
    let kept = dedup_slice(sorted, &[], &[]);
    (sorted[..kept].to_vec(), raw, all)
}

/// The sorted union of the sorted `runs` (masks of equal states OR-ed) without the states
/// of `current` and `prev`: cut into key ranges by splitters sampled from the runs, each
/// range merged on its own task, the ranges joined in order.
fn merge_runs<S: RadixKey>(
    runs: &[&[Entry<S>]],
    current: &[Entry<S>],
    prev: &[S],
) -> Vec<Entry<S>> {
    let total: usize = runs.iter().map(|r| r.len()).sum();
    let parts = (total / PART_MIN).clamp(1, PARTS);
    let splitters = splitters(runs, parts);
    let run_cuts: Vec<Vec<usize>> = runs.iter().map(|r| cuts(r, &splitters, |e| &e.0)).collect();
    let cur_cuts = cuts(current, &splitters, |e| &e.0);
    let prev_cuts = cuts(prev, &splitters, |k| k);
    let parts = splitters.len() + 1;
    let sizes: Vec<usize> = (0..parts)
        .map(|p| run_cuts.iter().map(|c| c[p + 1] - c[p]).sum())
        .collect();
    let Some(&(filler, _)) = runs.iter().find_map(|r| r.first()) else {
        return Vec::new();
    };
    // each range is merged in its own place of the output, then the ranges are closed up:
    // no second copy of the candidates
    let mut out = vec![(filler, 0); total];
    let mut places = Vec::with_capacity(parts);
    let mut rest = &mut out[..];
    for &n in &sizes {
        let (place, after) = rest.split_at_mut(n);
        places.push(place);
        rest = after;
    }
    let kept: Vec<usize> = places
        .into_par_iter()
        .enumerate()
        .map(|(p, place)| {
            let mut at = 0;
            for (run, c) in runs.iter().zip(&run_cuts) {
                let part = &run[c[p]..c[p + 1]];
                place[at..at + part.len()].copy_from_slice(part);
                at += part.len();
            }
            // a stable sort finds the sorted runs and merges them
            place.sort_by(|a, b| key_cmp(&a.0, &b.0));
            let cur = &current[cur_cuts[p]..cur_cuts[p + 1]];
            dedup_slice(place, cur, &prev[prev_cuts[p]..prev_cuts[p + 1]])
        })
        .collect();
    let (mut write, mut read) = (0, 0);
    for (&k, &n) in kept.iter().zip(&sizes) {
        out.copy_within(read..read + k, write);
        write += k;
        read += n;
    }
    out.truncate(write);
    out.shrink_to_fit();
    out
}

/// Merges the sorted `fresh` into the sorted `next` (neither repeats a key; a key in both
/// keeps the OR of its masks), from the back: `next` grows by `fresh` in place (room
/// reserved by the caller) instead of both being copied into a third buffer as long as
/// them, which was the largest share of the sweep's peak.
fn merge_into<S: RadixKey>(next: &mut Vec<Entry<S>>, fresh: &[Entry<S>]) {
    let Some(&first) = fresh.first() else {
        return;
    };
    let a = next.len();
    next.resize(a + fresh.len(), first);
    // `next[..i]` and `fresh[..j]` are still to merge, `next[w..]` is merged; `w` is `i + j`
    // plus the keys found in both so far, so writing at `w - 1` never passes `next[i - 1]`
    let (mut i, mut j, mut w) = (a, fresh.len(), a + fresh.len());
    while j > 0 {
        let f = fresh[j - 1];
        w -= 1;
        let order = match i {
            0 => Ordering::Less,
            _ => key_cmp(&next[i - 1].0, &f.0),
        };
        next[w] = match order {
            Ordering::Greater => {
                i -= 1;
                next[i]
            }
            Ordering::Less => {
                j -= 1;
                f
            }
            Ordering::Equal => {
                (i, j) = (i - 1, j - 1);
                (f.0, next[i].1 | f.1)
            }
        };
    }
    // `next[..i]` never moved: close the gap the shared keys left
    if w > i {
        let end = next.len();
        next.copy_within(w..end, i);
        next.truncate(end - (w - i));
    }
}

/// Where the increasing `splitters` cut the sorted `slice` (its first place and its end
/// included): a range holds the keys from one splitter (inclusive) to the next.
fn cuts<S: RadixKey, T>(slice: &[T], splitters: &[S], key: impl Fn(&T) -> &S) -> Vec<usize> {
    let mut at = vec![0];
    at.extend(
        splitters
            .iter()
            .map(|k| slice.partition_point(|e| key_cmp(key(e), k) == Ordering::Less)),
    );
    at.push(slice.len());
    at
}

/// Up to `parts - 1` distinct keys, increasing, that cut the runs into ranges of about
/// equal size: quantiles of a sample of every run.
fn splitters<S: RadixKey>(runs: &[&[Entry<S>]], parts: usize) -> Vec<S> {
    if parts < 2 {
        return Vec::new();
    }
    let mut sample: Vec<S> = runs
        .iter()
        .filter(|r| !r.is_empty())
        .flat_map(|r| (1..parts).map(move |i| r[i * r.len() / parts].0))
        .collect();
    sample.sort_unstable_by(key_cmp);
    let mut keys: Vec<S> = (1..parts)
        .filter_map(|i| sample.get(i * sample.len() / parts).copied())
        .collect();
    keys.dedup();
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontier::{dedup_against, frontier_sweep};
    use proptest::prelude::*;
    use std::collections::BTreeMap;
    use std::ops::ControlFlow;

    /// Sorted entries without repeated keys, from any (key, mask) pairs.
    fn sorted(pairs: &[(u64, u64)]) -> Vec<Entry<u64>> {
        let map: BTreeMap<u64, u64> = pairs.iter().copied().collect();
        map.into_iter().collect()
    }

    proptest! {
        /// Merging from the back equals a map of every key to the OR of its masks, whatever
        /// the overlap of the two sides (keys drawn from a small range so many are shared),
        /// and `next` keeps its room: one reservation, no second buffer.
        #[test]
        fn merge_into_equals_a_map_of_the_union(
            old in prop::collection::vec((0u64..300, 0u64..16), 0..200),
            new in prop::collection::vec((0u64..300, 0u64..16), 0..200),
        ) {
            let (mut next, fresh) = (sorted(&old), sorted(&new));
            let mut want: BTreeMap<u64, u64> = next.iter().copied().collect();
            for &(k, m) in &fresh {
                *want.entry(k).or_default() |= m;
            }
            next.reserve_exact(fresh.len());
            let room = next.capacity();
            merge_into(&mut next, &fresh);
            prop_assert_eq!(next.capacity(), room);
            prop_assert_eq!(next, want.into_iter().collect::<Vec<_>>());
        }
    }

    /// Cells of an `n`×`n`×`n` grid, six moves, the reverse of each masked: levels (the
    /// cells at one Manhattan distance) far above [`PARALLEL_MIN`].
    struct Cube(u64);

    impl MaskedGraph for Cube {
        type State = u64;
        fn expand(&self, &s: &u64, skip: u64, mut emit: impl FnMut(u64, u64)) {
            let n = self.0;
            let at = [s % n, s / n % n, s / (n * n)];
            let mut unit = 1;
            for (axis, &c) in at.iter().enumerate() {
                let (down, up) = (2 * axis, 2 * axis + 1);
                if c > 0 && skip & 1 << down == 0 {
                    emit(s - unit, 1 << up);
                }
                if c + 1 < n && skip & 1 << up == 0 {
                    emit(s + unit, 1 << down);
                }
                unit *= n;
            }
        }
    }

    /// Every cell is visited once at its Manhattan distance from the start, and the sweep's
    /// order, counts and bytes are the same on a pool of one thread and of four.
    #[test]
    fn the_same_levels_and_stats_on_any_number_of_threads() {
        let n = 128u64;
        let start = n / 3 + n * (n / 2) + n * n * 7;
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut seen = Vec::new();
                let swept = frontier_sweep(&Cube(n), start, &Limits::none(), |&s, d| {
                    seen.push((s, d));
                    ControlFlow::<()>::Continue(())
                })
                .unwrap();
                let mut stats = swept.stats;
                stats.elapsed = Default::default();
                (seen, swept.states, swept.depth, stats)
            })
        };
        let one = run(1);
        assert_eq!(one, run(4));
        let (seen, states, _, _) = one;
        assert_eq!(states, n * n * n);
        let coord = |s: u64| [s % n, s / n % n, s / (n * n)];
        let (from, mut widest, mut level) = (coord(start), 0, (0, 0));
        for &(s, d) in &seen {
            let c = coord(s);
            let want: u64 = (0..3).map(|i| c[i].abs_diff(from[i])).sum();
            assert_eq!(u64::from(d), want, "cell {s}");
            level = if level.0 == d {
                (d, level.1 + 1)
            } else {
                (d, 1)
            };
            widest = widest.max(level.1);
        }
        assert!(widest > PARALLEL_MIN);
    }

    /// Runs of random keys with random masks: the merge equals a sort, an OR of the masks
    /// of equal keys, and the removal of the two levels, done by hand.
    #[test]
    fn merge_runs_equals_a_plain_merge() {
        let mut x = 11u64;
        let mut rand = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for size in [0usize, 1, 300, 40_000, 200_000] {
            let mut runs: Vec<Vec<Entry<[u64; 2]>>> = (0..5)
                .map(|_| {
                    (0..size / 5 + 1)
                        .map(|_| ([rand(1 << 20), rand(3)], 1 << rand(8)))
                        .collect()
                })
                .collect();
            for r in &mut runs {
                r.sort_by(|a, b| key_cmp(&a.0, &b.0));
                dedup_against(r, &[], &[]);
            }
            let level = |n: usize, rand: &mut dyn FnMut(u64) -> u64| {
                let mut v: Vec<Entry<[u64; 2]>> =
                    (0..n).map(|_| ([rand(1 << 20), rand(3)], 0)).collect();
                v.sort_by(|a, b| key_cmp(&a.0, &b.0));
                v.dedup_by_key(|e| e.0);
                v
            };
            let current = level(size / 3, &mut rand);
            let prev: Vec<[u64; 2]> = level(size / 3, &mut rand).iter().map(|e| e.0).collect();
            let slices: Vec<&[Entry<[u64; 2]>]> = runs.iter().map(|r| &r[..]).collect();
            let got = merge_runs(&slices, &current, &prev);
            let mut want: std::collections::BTreeMap<[u64; 2], u64> = Default::default();
            for &(k, m) in runs.iter().flatten() {
                *want.entry([k[1], k[0]]).or_default() |= m;
            }
            for k in current.iter().map(|e| &e.0).chain(&prev) {
                want.remove(&[k[1], k[0]]);
            }
            let want: Vec<Entry<[u64; 2]>> =
                want.into_iter().map(|(k, m)| ([k[1], k[0]], m)).collect();
            assert_eq!(got, want, "size {size}");
        }
    }
}
