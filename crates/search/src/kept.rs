//! The levels of a guided sweep's last pass ([`crate::guided_levels`]), kept to read a path
//! back from them instead of searching again.
//!
//! Levels are sorted, so "is this neighbour in level `d - 1`" is a binary search: no hash
//! table, no parent pointers, a state costs its own bytes. A path is read back in two steps:
//! [`Levels::on_shortest_paths`] walks back from the goals, keeping only the states of some
//! shortest path (a neighbour in the level below of a state kept); then
//! [`Levels::cheapest_path`] picks among those paths the one cheapest in a second measure,
//! over "jumps" that may span several levels (a slide of `k` cells spans `k` levels of a
//! one-cell-step graph), so ties are broken the way a lexicographic Dijkstra would break
//! them, at a fraction of its memory.

use crate::frontier::{key_cmp, MaskedGraph, RadixKey};
use crate::limits::{Limits, StopReason};
use crate::memory::Held;

/// Unreached, in [`Levels::cheapest_path`]'s cost table.
const FAR: u32 = u32::MAX;

/// Levels `0..=depth` of a sweep, each sorted by key; level 0 is the start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Levels<S> {
    levels: Vec<Vec<S>>,
}

impl<S: RadixKey> Levels<S> {
    /// Levels as a sweep left them (sorted, in order of distance).
    pub(crate) fn new(levels: Vec<Vec<S>>) -> Self {
        Levels { levels }
    }

    /// The last level's distance.
    pub fn depth(&self) -> u32 {
        self.levels.len().saturating_sub(1) as u32
    }

    /// The states at distance `d` (empty past the last level), sorted.
    pub fn level(&self, d: u32) -> &[S] {
        self.levels.get(d as usize).map_or(&[], Vec::as_slice)
    }

    /// States held over all levels.
    pub fn len(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }

    /// True when no level holds a state.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held, by capacity.
    pub fn held(&self) -> u64 {
        self.levels.iter().map(Held::held).sum::<u64>() + self.levels.held()
    }

    /// Where `s` lies in level `d`, if it is there.
    #[inline]
    pub fn find(&self, d: u32, s: &S) -> Option<usize> {
        self.level(d).binary_search_by(|t| key_cmp(t, s)).ok()
    }

    /// The states of the shortest paths from the start to the goals of the last level:
    /// those goals, and, level by level downwards, every neighbour (over `graph`, which must
    /// be the one swept: reversible) in the level below of a state kept. Stops on `limits`'
    /// memory budget (the new levels are counted with these).
    pub fn on_shortest_paths<G: MaskedGraph<State = S>>(
        &self,
        graph: &G,
        is_goal: impl Fn(&S) -> bool,
        limits: &Limits,
    ) -> Result<Levels<S>, StopReason> {
        let depth = self.depth() as usize;
        let mut kept: Vec<Vec<S>> = vec![Vec::new(); depth + 1];
        kept[depth] = self
            .level(depth as u32)
            .iter()
            .copied()
            .filter(is_goal)
            .collect();
        let mut held = self.held() + kept[depth].held();
        for d in (1..=depth).rev() {
            let mut below = Vec::new();
            for s in &kept[d] {
                graph.expand(s, 0, |t, _| {
                    if self.find(d as u32 - 1, &t).is_some() {
                        below.push(t);
                    }
                });
            }
            below.sort_unstable_by(key_cmp);
            below.dedup();
            below.shrink_to_fit();
            limits.check_bytes(held, held + below.held())?;
            held += below.held();
            kept[d - 1] = below;
        }
        Ok(Levels { levels: kept })
    }

    /// Among the paths through these levels from the start (level 0) to a state of the last
    /// level, one of least cost over `jumps`: `jumps(s, emit)` calls `emit(t, span, cost)`
    /// for each jump between `s` and `t`, `t` lying `span` levels above `s` when the jump
    /// counts (jumps are symmetric: the same call lists the jumps into `s`). A jump of span
    /// 1 along every edge of the swept graph makes every state of
    /// [`Levels::on_shortest_paths`] reachable. Returns the states of the path, the start
    /// first (ties: the first jump listed, the first goal in key order); `None` when no
    /// path exists.
    pub fn cheapest_path(
        &self,
        mut jumps: impl FnMut(&S, &mut dyn FnMut(S, u32, u32)),
        limits: &Limits,
    ) -> Result<Option<Vec<S>>, StopReason> {
        let depth = self.depth();
        let table = (self.len() * std::mem::size_of::<u32>()) as u64;
        limits.check_bytes(self.held(), self.held() + table)?;
        let mut cost: Vec<Vec<u32>> = self.levels.iter().map(|l| vec![FAR; l.len()]).collect();
        match cost.first_mut().and_then(|c| c.first_mut()) {
            Some(c) => *c = 0,
            None => return Ok(None),
        }
        for d in 0..depth {
            for (i, s) in self.level(d).iter().enumerate() {
                let here = cost[d as usize][i];
                if here == FAR {
                    continue;
                }
                jumps(s, &mut |t, span, c| {
                    let to = d + span;
                    if span == 0 || to > depth {
                        return;
                    }
                    if let Some(j) = self.find(to, &t) {
                        let there = &mut cost[to as usize][j];
                        *there = (*there).min(here.saturating_add(c));
                    }
                });
            }
        }
        let last = &cost[depth as usize];
        let Some(goal) = (0..last.len())
            .filter(|&i| last[i] != FAR)
            .min_by_key(|&i| last[i])
        else {
            return Ok(None);
        };
        // walk back: from a state of cost `c`, a jump down to one of cost `c - its cost`
        let mut path = vec![self.level(depth)[goal]];
        let (mut d, mut c) = (depth, last[goal]);
        while d > 0 {
            let here = *path.last().expect("the path holds the goal");
            let mut back = None;
            jumps(&here, &mut |s, span, jc| {
                if back.is_some() || span == 0 || span > d {
                    return;
                }
                if let Some(j) = self.find(d - span, &s) {
                    let before = cost[(d - span) as usize][j];
                    if before != FAR && before.saturating_add(jc) == c {
                        back = Some((s, span, before));
                    }
                }
            });
            let (s, span, before) = back.expect("a cost is reached by a jump from a cost");
            path.push(s);
            (d, c) = (d - span, before);
        }
        path.reverse();
        Ok(Some(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guided_levels;

    /// Cells of a `w`×`h` open grid, four moves.
    struct Open(u64, u64);

    impl MaskedGraph for Open {
        type State = u64;
        fn expand(&self, &s: &u64, _: u64, mut emit: impl FnMut(u64, u64)) {
            let (w, h) = (self.0, self.1);
            let (x, y) = (s % w, s / w);
            if x > 0 {
                emit(s - 1, 0);
            }
            if x + 1 < w {
                emit(s + 1, 0);
            }
            if y > 0 {
                emit(s - w, 0);
            }
            if y + 1 < h {
                emit(s + w, 0);
            }
        }
    }

    /// On an open grid every monotone staircase is a shortest path; the states on them are
    /// the rectangle between start and goal. Cheapest by "turns" (a jump is a straight run
    /// of any length, cost 1): one turn, two runs.
    #[test]
    fn shortest_paths_and_the_cheapest_among_them() {
        let (w, h) = (9u64, 7u64);
        let (start, goal) = (w + 1, 5 * w + 6);
        let zero = |_: &u64| 0;
        let (found, levels) = guided_levels(
            &Open(w, h),
            start,
            &Limits::none(),
            None,
            |&s| s == goal,
            zero,
        )
        .unwrap();
        assert_eq!(found.distance, Some(9));
        let levels = levels.unwrap();
        assert_eq!(levels.depth(), 9);
        let on = levels
            .on_shortest_paths(&Open(w, h), |&s| s == goal, &Limits::none())
            .unwrap();
        let mut want: Vec<u64> = (1..=5)
            .flat_map(|y| (1..=6).map(move |x| y * w + x))
            .collect();
        let mut got: Vec<u64> = (0..=9).flat_map(|d| on.level(d).to_vec()).collect();
        want.sort();
        got.sort();
        assert_eq!(got, want);
        let runs = |s: &u64, emit: &mut dyn FnMut(u64, u32, u32)| {
            let (x, y) = (s % w, s / w);
            for k in 1..w {
                for t in [x.checked_sub(k), Some(x + k).filter(|&t| t < w)]
                    .into_iter()
                    .flatten()
                {
                    emit(y * w + t, k as u32, 1);
                }
            }
            for k in 1..h {
                for t in [y.checked_sub(k), Some(y + k).filter(|&t| t < h)]
                    .into_iter()
                    .flatten()
                {
                    emit(t * w + x, k as u32, 1);
                }
            }
        };
        let path = on.cheapest_path(runs, &Limits::none()).unwrap().unwrap();
        assert_eq!(path.len(), 3, "{path:?}");
        assert_eq!((path[0], path[2]), (start, goal));
        assert!(path[1] == w + 6 || path[1] == 5 * w + 1, "{path:?}");
        // a budget too small for the cost table stops it
        assert!(on
            .cheapest_path(runs, &Limits::none().with_max_bytes(8))
            .is_err());
    }
}
