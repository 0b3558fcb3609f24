//! One layout in one sweep: a breadth-first search from *all* goal positions of the layout at
//! once gives every position its distance to the nearest goal, and a union-find labels the
//! components. Two implementations, chosen per layout by the size of its blocks (the table is
//! the same either way, tested): where blocks are small, the position-at-a-time sweep of
//! [`super::queue`] (every goal position a seed, one slot per position); where they are large,
//! the goal positions a block at a time ([`super::goals`]: nodes of goal positions joined by
//! column moves, joined to each other by one product relation per row move) and the search a
//! level at a time over bitsets ([`super::waves`]). The rules that keep either from walking
//! most edges are proved in `docs/universe.md` ("Walking fewer edges"). A final scan gives
//! each component its size, its MOVES (largest distance) and the lane digits it uses; the last
//! feed the first-obstacle test ([`super::prune::component_may_be_minimal`]), and only the
//! components that pass it are scanned again for their hardest position (the normalised-string
//! tie-break) and re-solved for minimality.
//!
//! Components come out ordered by their first goal position in the seeding order, which is
//! the order in which the per-component explorer met them, so the table is unchanged.

use super::component::Scratch;
use super::goals::Goals;
use super::lanes::{tables, Tables};
use super::layout::{Layout, Ranker};
use super::queue::Queue;
use super::scan::{number_components, Agg, Found, SweepStats, Visited};
use super::union_find::union;
use super::waves::Waves;

/// Per-thread buffers of the sweep, reused from layout to layout.
#[derive(Default)]
pub struct Sweep {
    /// Union-find parent of each node; a root is the smallest node of its component (a goal
    /// node for every solvable component).
    parent: Vec<u32>,
    /// Component index of each node (components numbered in root order; `u32::MAX` for the
    /// nodes of unsolvable components).
    comp_of: Vec<u32>,
    comps: Vec<Agg>,
    /// The goal row tuples of the layout being swept, in seeding order.
    tuples: Vec<(u64, u64)>,
    /// The goal positions, by block and node (see [`super::goals`]): laid out only for the
    /// level search.
    goals: Goals,
    /// The two searches: a level at a time over bitsets where blocks are large
    /// ([`super::waves`]), one position at a time where they are small ([`super::queue`]).
    waves: Waves,
    pub(super) queue: Queue,
    /// Tests: run this search on every layout instead of choosing.
    #[cfg(test)]
    pub(super) force_waves: Option<bool>,
}

impl Sweep {
    /// Sweeps `layout` from the goal positions `goal_tuples` yields (each as `(row digits packed,
    /// column-major horizontal cells)` of a goal row tuple, in seeding order), calling
    /// `found` for every solvable component in table order. `scratch` ranks positions and
    /// classifies the components found.
    pub fn sweep_layout(
        &mut self,
        scratch: &mut Scratch,
        layout: &Layout,
        goal_tuples: impl Iterator<Item = (u64, u64)>,
        walls_matter: bool,
        found: impl FnMut(Found),
    ) -> SweepStats {
        let t = tables();
        scratch.ranker.reset(layout);
        // the goal blocks' sizes decide which search runs (a product of per-column counts
        // each); only the level search needs the goal blocks' nodes
        let mut tuples = std::mem::take(&mut self.tuples);
        tuples.clear();
        tuples.extend(goal_tuples);
        let positions: u64 = tuples
            .iter()
            .map(|&(_, h_cm)| goal_block_size(t, layout, h_cm))
            .sum();
        #[allow(unused_mut)]
        let mut by_waves = waves_pay(positions, tuples.len());
        #[cfg(test)]
        if let Some(forced) = self.force_waves {
            by_waves = forced;
        }
        if !by_waves {
            let stats = self
                .queue
                .sweep(scratch, layout, &tuples, walls_matter, found);
            self.tuples = tuples;
            return stats;
        }
        self.goals
            .seed(t, layout, &scratch.ranker, tuples.iter().copied());
        self.tuples = tuples;
        let sw = self;
        sw.parent.clear();
        // the goal positions, as nodes (each a set of goal positions joined by column moves),
        // each node its own label; goal positions joined by row moves have their nodes joined
        let mut stats = SweepStats {
            goals: sw.goals.positions,
            ..SweepStats::default()
        };
        let goal_nodes = sw.goals.nodes;
        sw.parent.extend(0..goal_nodes);
        {
            let parent = &mut sw.parent;
            sw.goals
                .join_by_row_moves(t, layout, &scratch.ranker, |a, b| union(parent, a, b));
        }
        // breadth-first from the positions one move from a goal, a level at a time
        sw.waves.reset(t, layout, goal_nodes);
        sw.waves
            .seed(t, layout, &mut scratch.ranker, &sw.goals, &mut sw.parent);
        sw.waves.run(t, layout, &scratch.ranker, &mut sw.parent);
        stats.visited = sw.waves.visited_count + stats.goals;
        stats.numbered = sw.waves.numbered();
        number_components(&mut sw.parent, goal_nodes, &mut sw.comp_of, &mut sw.comps);
        // sizes, MOVES and lane digits: node by node (a node's positions are all in one
        // component, solvable or not as a whole)
        {
            let Sweep {
                goals,
                comps,
                comp_of,
                waves,
                ..
            } = &mut *sw;
            goals.for_each_node(t, |node, size, bits| {
                let c = &mut comps[comp_of[node as usize] as usize];
                c.size += size;
                c.digit_bits |= bits;
            });
            waves.for_each_node(t, |node, size, bits| {
                if let Some(c) = comps.get_mut(comp_of[node as usize] as usize) {
                    c.size += size;
                    c.digit_bits |= bits;
                }
            });
            waves.for_each_distance(t, |node, dist| {
                let c = &mut comps[comp_of[node as usize] as usize];
                c.moves = c.moves.max(dist);
            });
        }
        let visited = ByNodes {
            layout,
            goals: &sw.goals,
            waves: &sw.waves,
            comp_of: &sw.comp_of,
        };
        scratch.finish_sweep(layout, &mut sw.comps, &visited, walls_matter, found);
        stats
    }
}

/// What the level search visited: the goal positions by node, the others by word.
struct ByNodes<'a> {
    layout: &'a Layout,
    goals: &'a Goals,
    waves: &'a Waves,
    comp_of: &'a [u32],
}

impl Visited for ByNodes<'_> {
    fn for_each(&self, goals: bool, mut f: impl FnMut(u64, u32, u8)) {
        let t = tables();
        self.waves
            .for_each_visited(t, |s, node, dist| f(s, self.comp_of[node as usize], dist));
        if goals {
            self.goals
                .for_each_position(t, |s, node| f(s, self.comp_of[node as usize], 0));
        }
    }

    fn closer(&self, ranker: &mut Ranker, p: u64, d: u8) -> bool {
        // goal positions are not numbered: one move from a goal is a red-car slide
        if d == 1 {
            self.layout.is_goal(p)
        } else {
            self.waves.dist_of(tables(), ranker, p) == d - 1
        }
    }
}

/// Whether the level-at-a-time search pays for this layout: its blocks are large enough that
/// a word holds many positions and a row move's set-up serves many. The goal blocks' average
/// size stands for the layout's (every block of a layout has the same column kinds; only the
/// cells the row vehicles take differ).
fn waves_pay(goal_positions: u64, goal_blocks: usize) -> bool {
    // measured on sample units: 32 to 64 positions per block are as good as each other;
    // 128 and more leave large-block layouts to the queue, 16 and less hand it small ones
    const MIN_AVERAGE_BLOCK: u64 = 48;
    goal_positions >= MIN_AVERAGE_BLOCK * goal_blocks as u64
}

/// Positions in the block of a row tuple whose horizontal cells (column-major) are `h_cm`:
/// the product of each column's compatible arrangements.
#[inline]
pub(super) fn goal_block_size(t: &Tables, layout: &Layout, h_cm: u64) -> u64 {
    let blocked = h_cm | layout.walls_cm;
    (0..6)
        .map(|j| {
            let b = (blocked >> (6 * j) & 63) as usize;
            u64::from(t.compat_count[usize::from(layout.kinds[6 + j]) * 64 + b])
        })
        .product()
}

#[cfg(test)]
mod tests {
    use super::super::enumerate::{Config, Rules, Units, Worker};

    /// Both searches, forced on every layout, give the same rows and the same summary on a
    /// sample of units (sparse and dense rows, with and without walls); the choice between
    /// them is only a matter of speed.
    #[test]
    fn both_searches_give_the_same_tables() {
        for (walls, units) in [
            (0, vec![586, 8192, 8200, 24576, 40960]),
            (1, vec![1000, 411848]),
        ] {
            let config = Config {
                walls,
                shard: (0, 1),
                rules: Rules::All,
                cancel: None,
                only_units: None,
                max_bytes: None,
            };
            let all = Units::new(&config);
            let mut total_rows = 0;
            for u in units {
                let mut results = Vec::new();
                for forced in [true, false] {
                    let mut worker = Worker::default();
                    worker.sweep.force_waves = Some(forced);
                    let mut rows = Vec::new();
                    let mut summary = all.run_unit(u, &mut worker, &mut rows);
                    // the largest numbering depends on the search; nothing else may
                    summary.peak_layout = 0;
                    results.push((rows, summary));
                }
                assert_eq!(results[0], results[1], "unit {u} (walls {walls})");
                total_rows += results[0].0.len();
            }
            assert!(total_rows > 10, "the sample holds interesting components");
        }
    }
}
