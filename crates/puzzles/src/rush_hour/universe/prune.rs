//! Sound pruning: proofs that no component of a layout (or a given component) is minimal,
//! before its distances are computed. See `docs/universe.md`, "Independence pruning".
//!
//! Both tests rest on one lemma. Let `G` be a set of vehicles holding the red car such that,
//! in every position of a component, no vehicle outside `G` is the first obstacle of a slide
//! of a vehicle in `G`. Then removing any vehicle outside `G` cannot lower the optimal moves
//! of any position of the component: an optimal solution of the smaller board, with every
//! move of a vehicle outside `G` deleted, is a valid solution of the original board (each
//! kept slide crosses only cells that are free of `G` vehicles and walls, and a vehicle
//! outside `G` on its path would be its first obstacle), and it is no longer. So if such a
//! `G` leaves out any vehicle, the component is not minimal.
//!
//! A second layout-level test ([`blockers_always_escape`]) proves the moves of every position
//! exactly: one move per blocker and one for the red car, a count that no other vehicle
//! changes.

use super::board::RED_ROW;
use super::lanes::{tables, Tables, EMPTY};
use super::layout::{Layout, LANES};

/// Board cells (row-major) of vehicle `i` of lane `lane` for lane mask `m` (6 bits).
#[inline]
fn board_cells(t: &Tables, lane: usize, m: u8) -> u64 {
    if lane < 6 {
        u64::from(m) << (6 * lane)
    } else {
        t.spread[usize::from(m)] << (lane - 6)
    }
}

/// Lane mask of vehicle `i` in arrangement `d` of `kind`.
#[inline]
fn vehicle_mask(t: &Tables, kind: u8, d: usize, i: usize) -> u8 {
    let k = &t.kinds[usize::from(kind)];
    (((1u16 << k.lens[i]) - 1) << k.arrangements[d][i]) as u8
}

/// The closure from the red car: `reach[v]` are the cells vehicle `v` may occupy, `touch[v]`
/// the cells where it may meet an obstacle. Vehicle `v` joins when its reach meets the touch
/// of the group. Returns whether every vehicle joined.
fn closure(reach: &[(usize, u64, u64)], red: usize) -> bool {
    let n = reach.len();
    let mut in_g = vec![false; n];
    in_g[red] = true;
    let mut touch = reach[red].2;
    let mut lanes = 1u16 << reach[red].0;
    let mut joined = 1;
    loop {
        let mut grew = false;
        for (v, &(lane, r, tch)) in reach.iter().enumerate() {
            if !in_g[v] && (r & touch != 0 || lanes >> lane & 1 == 1) {
                in_g[v] = true;
                touch |= tch;
                lanes |= 1 << lane;
                joined += 1;
                grew = true;
            }
        }
        if !grew {
            return joined == n;
        }
    }
}

/// `false` when the layout is proven to hold no minimal component: some vehicle is not
/// connected to the red car when two vehicles are connected if they share a lane or the cells
/// they can ever occupy (given only their lane-mates and the walls) intersect.
pub fn layout_may_be_minimal(layout: &Layout) -> bool {
    if blockers_always_escape(layout) && some_vehicle_never_blocks(layout) {
        return false;
    }

    let t = tables();
    let mut reach = Vec::with_capacity(36);
    let mut red = usize::MAX;
    for lane in 0..LANES {
        let kind = layout.kinds[lane];
        if kind == EMPTY {
            continue;
        }
        let k = &t.kinds[usize::from(kind)];
        let wall_lane = if lane < 6 {
            (layout.walls >> (6 * lane) & 63) as u8
        } else {
            (layout.walls_cm >> (6 * (lane - 6)) & 63) as u8
        };
        for i in 0..k.lens.len() {
            let mut m = 0u8;
            for d in 0..k.arrangements.len() {
                if k.masks[d] & wall_lane == 0 {
                    m |= vehicle_mask(t, kind, d, i);
                }
            }
            let cells = board_cells(t, lane, m);
            if k.red == Some(i) {
                red = reach.len();
            }
            reach.push((lane, cells, cells));
        }
    }
    closure(&reach, red)
}

/// `false` when the component whose lanes took the digits in `seen[lane]` (bit `d` set when
/// some position has digit `d`) is proven not minimal: some vehicle is never, in any
/// position, the first obstacle of a vehicle of the red car's group.
pub fn component_may_be_minimal(layout: &Layout, seen: &[u8; LANES]) -> bool {
    let t = tables();
    let mut reach = Vec::with_capacity(36);
    let mut red = usize::MAX;
    for (lane, &seen_here) in seen.iter().enumerate() {
        let kind = layout.kinds[lane];
        if kind == EMPTY {
            continue;
        }
        let k = &t.kinds[usize::from(kind)];
        for i in 0..k.lens.len() {
            let mut m = 0u8;
            for d in 0..k.arrangements.len() {
                if seen_here >> d & 1 == 1 {
                    m |= vehicle_mask(t, kind, d, i);
                }
            }
            let ext = (m | m << 1 | m >> 1) & 63;
            if k.red == Some(i) {
                red = reach.len();
            }
            reach.push((lane, board_cells(t, lane, m), board_cells(t, lane, ext)));
        }
    }
    closure_directed(&reach, red)
}

fn closure_directed(reach: &[(usize, u64, u64)], red: usize) -> bool {
    let n = reach.len();
    let mut in_g = vec![false; n];
    in_g[red] = true;
    let mut touch = reach[red].2;
    let mut joined = 1;
    loop {
        let mut grew = false;
        for (v, &(_, r, tch)) in reach.iter().enumerate() {
            if !in_g[v] && r & touch != 0 {
                in_g[v] = true;
                touch |= tch;
                joined += 1;
                grew = true;
            }
        }
        if !grew {
            return joined == n;
        }
    }
}

/// Rows whose horizontal vehicles (the red car's row excluded) can take a cell of column
/// `j`, given only their lane-mates and the walls: bit `r` of `[j]`.
fn rows_reaching_columns(layout: &Layout) -> [u8; 6] {
    let t = tables();
    let mut rows = [0u8; 6];
    for r in (0..6).filter(|&r| r != RED_ROW) {
        let kind = layout.kinds[r];
        let k = &t.kinds[usize::from(kind)];
        let wall_row = (layout.walls >> (6 * r) & 63) as u8;
        let cells = k
            .masks
            .iter()
            .filter(|&&m| m & wall_row == 0)
            .fold(0u8, |a, &m| a | m);
        for (j, col) in rows.iter_mut().enumerate() {
            *col |= (cells >> j & 1) << r;
        }
    }
    rows
}

/// Column cells `from..=to` as a lane mask.
fn span(from: u8, to: u8) -> u8 {
    ((1u16 << (to + 1)) - (1u16 << from)) as u8
}

/// `true` when, in every position of the layout, every *blocker* (a vehicle on a cell of the
/// red car's row right of the red car) can leave that row in one slide, up or down, across
/// cells that no other vehicle can ever take: its lane-mates are not there in that column
/// arrangement, no wall is, and no horizontal vehicle of those rows can ever reach the column.
/// The red car must also be the last vehicle of its row.
///
/// Then every position that is not a goal needs exactly `1 + blockers` moves:
/// - at least: the red car moves, and so does every blocker (the red car must cross its cell
///   and only the blocker's own slide clears it), each a different vehicle;
/// - at most: each blocker takes its free slide (blockers are in different columns, each
///   slide stays in its own column and crosses only cells nobody else can be on, so none
///   disturbs another), then the red car drives to the exit in one slide (every cell right of
///   it held a blocker, and in a solvable component no wall is right of the red car).
///
/// The lower bound holds for every board, so removing a vehicle that is not a blocker never
/// lowers a position's moves; with [`some_vehicle_never_blocks`] no position is minimal.
/// Checked against exact distances on whole components by
/// `layouts_whose_blockers_always_escape_need_one_move_per_blocker`.
pub fn blockers_always_escape(layout: &Layout) -> bool {
    let t = tables();
    let red_kind = &t.kinds[usize::from(layout.kinds[RED_ROW])];
    if red_kind.red != Some(red_kind.lens.len() - 1) {
        return false;
    }
    let rows = rows_reaching_columns(layout);
    let red = RED_ROW as u8;
    // a blocker is right of the red car, which covers at least columns 0 and 1
    (2..6).all(|j| {
        let k = &t.kinds[usize::from(layout.kinds[6 + j])];
        let wall_col = (layout.walls_cm >> (6 * j) & 63) as u8;
        k.arrangements.iter().zip(&k.masks).all(|(starts, &mask)| {
            if mask & wall_col != 0 {
                return true;
            }
            let Some(v) =
                (0..k.lens.len()).find(|&v| starts[v] <= red && red < starts[v] + k.lens[v])
            else {
                return true;
            };
            let (top, len) = (starts[v], k.lens[v]);
            let never_free = (mask & !span(top, top + len - 1)) | wall_col | rows[j];
            // upwards it ends on the rows just above the red car's, downwards just below
            let up = red >= len && span(red - len, top - 1) & never_free == 0;
            let down = usize::from(red + len) < 6 && span(top + len, red + len) & never_free == 0;
            up || down
        })
    })
}

/// `true` when some vehicle other than the red car is never a blocker: a horizontal one, a
/// vertical one in the two leftmost columns (the red car covers them or is right of them),
/// or one of two vehicles sharing a column (only one can cover the red car's row).
pub fn some_vehicle_never_blocks(layout: &Layout) -> bool {
    let t = tables();
    let lens = |lane: usize| t.kinds[usize::from(layout.kinds[lane])].lens.len();
    (0..6).any(|r| lens(r) > usize::from(r == RED_ROW))
        || (0..2).any(|j| lens(6 + j) > 0)
        || (2..6).any(|j| lens(6 + j) > 1)
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, RandomBoards};
    use super::*;

    #[test]
    fn layouts_whose_blockers_always_escape_need_one_move_per_blocker() {
        // Whole components of random layouts that pass the test: every position's exact
        // distance to the goals is the bound of one move per blocker plus the red car's
        // (`moves_left_at_least`, whose stuck term must then never fire).
        let boards = RandomBoards {
            seed: 0x2545_f491_4f6c_dd1d,
            count: 8000,
            shape: |i| (2 + i as u32 % 12, 40 + (i as u64 % 5) * 30),
        };
        let walked = boards.check_exact_bounds(blockers_always_escape, |_| {});
        walked.assert_more_than(1000, 300, 1_000_000, (3, 10_000));
    }

    #[test]
    fn vehicles_that_never_block_and_ways_out_that_close() {
        let layout = |rows: [&str; 6]| {
            let board = Board::parse(&rows.concat()).unwrap();
            Layout::from_board(&board).unwrap().0
        };
        const EMPTY_ROW: &str = "oooooo";
        // the red car and one vertical vehicle in each of columns 2 to 5
        let lone = ["ooBCoo", "ooBCDo", "AAoCDE", "oooooE", EMPTY_ROW, EMPTY_ROW];
        assert!(!some_vehicle_never_blocks(&layout(lone)));
        assert!(blockers_always_escape(&layout(lone)));
        let others = [
            // a horizontal vehicle (it also closes the truck's only way out, downwards)
            ["ooBCoo", "ooBCDo", "AAoCDE", "oooooE", EMPTY_ROW, "FFoooo"],
            // a vertical vehicle in column 0
            ["FoBCoo", "FoBCDo", "AAoCDE", "oooooE", EMPTY_ROW, EMPTY_ROW],
            // two vehicles in column 2
            ["ooBCoo", "ooBCDo", "AAoCDE", "oooooE", "ooFooo", "ooFooo"],
            // a car behind the red car
            [
                EMPTY_ROW, "ooooDo", "FFAADE", "oooooE", EMPTY_ROW, EMPTY_ROW,
            ],
        ];
        for rows in &others {
            assert!(some_vehicle_never_blocks(&layout(*rows)), "{rows:?}");
        }
        assert!(!blockers_always_escape(&layout(others[0])));
        // cars in rows 0 and 4 can stand over and under the blocker in column 4 at once
        let closed = ["CCoooo", "ooooDo", "AAooDo", EMPTY_ROW, "EEoooo", EMPTY_ROW];
        assert!(!blockers_always_escape(&layout(closed)));
        // with only the one under it, its way up stays open
        let open = [
            EMPTY_ROW, "ooooDo", "AAooDo", EMPTY_ROW, "EEoooo", EMPTY_ROW,
        ];
        assert!(blockers_always_escape(&layout(open)));
        // a vehicle after the red car in its row
        let ahead = [
            EMPTY_ROW, EMPTY_ROW, "AAooFF", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW,
        ];
        assert!(!blockers_always_escape(&layout(ahead)));
    }
}
