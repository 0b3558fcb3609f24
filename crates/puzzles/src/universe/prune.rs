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
