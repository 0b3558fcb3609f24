//! The moves out of a position of a layout, each neighbour ranked in the layout's numbering:
//! what every search of the universe walks.

use super::lanes::{Tables, EMPTY};
use super::layout::{digit, with_digit, Layout, Ranker, LANES};

/// Calls `f(next, rank)` for every position one move from `s` (rank `r_s`), ranking each in
/// the layout's numbering (laying out blocks as they are met).
#[inline(always)]
pub(crate) fn for_each_neighbour(
    t: &Tables,
    layout: &Layout,
    ranker: &mut Ranker,
    s: u64,
    r_s: u64,
    mut f: impl FnMut(u64, u64),
) {
    neighbours(t, layout, ranker, s, r_s, true, 0, |np, r, _| f(np, r));
}

/// A vehicle as [`neighbours`] names it: its number in the layout (the vehicles numbered lane
/// by lane, see [`Ranker::lane_vehicles`]), below 24.
#[inline(always)]
pub(super) fn vehicle_tag(ranker: &Ranker, lane: usize, v: u8) -> u8 {
    ranker.first_vehicle[lane] + v
}

/// [`for_each_neighbour`] with two omissions the sweep proves harmless: the column moves are
/// generated only when `columns` (they stay in `s`'s block), and no slide of a vehicle whose
/// [`vehicle_tag`] bit is set in `skip` is. `f` also gets the tag of the vehicle that moved.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn neighbours(
    t: &Tables,
    layout: &Layout,
    ranker: &mut Ranker,
    s: u64,
    r_s: u64,
    columns: bool,
    skip: u32,
    mut f: impl FnMut(u64, u64, u8),
) {
    let occ = ranker.occupancy(s);
    let row = ranker.row_index(s);
    // rows: the row tuple changes, so the block does
    for lane in 0..6 {
        let kind = layout.kinds[lane];
        let all = ranker.lane_vehicles[lane];
        if kind == EMPTY || skip & all == all {
            continue;
        }
        let d = digit(s, lane);
        let blocked = layout.blocked(&occ, lane);
        let old_spread = t.spread_of(kind, d);
        let rw = i64::from(ranker.row_weight(lane));
        for &(nd, v) in t.moves(kind, d, blocked) {
            let tag = vehicle_tag(ranker, lane, v);
            if skip >> tag & 1 == 1 {
                continue;
            }
            let new_row = (i64::from(row) + (i64::from(nd) - i64::from(d)) * rw) as u32;
            let h_cm = occ.h_cm ^ ((old_spread ^ t.spread_of(kind, nd)) << lane);
            let (base, w) = ranker.block_at(t, new_row, h_cm);
            let np = with_digit(s, lane, nd);
            let r = ranker.rank_at(t, base, &w, np, h_cm);
            f(np, r, tag);
        }
    }
    if !columns {
        return;
    }
    // (`s`'s block is laid out: `s` has a rank)
    let (_, weights) = ranker.block_at(t, row, occ.h_cm);
    // columns: same block, the rank moves by the column's weight
    let blocked_all = occ.h_cm | layout.walls_cm;
    for (j, &wj) in weights.iter().enumerate() {
        let lane = 6 + j;
        let kind = layout.kinds[lane];
        let all = ranker.lane_vehicles[lane];
        if kind == EMPTY || skip & all == all {
            continue;
        }
        let d = digit(s, lane);
        let b = (blocked_all >> (6 * j) & 63) as u8;
        let ci = i64::from(ranker.column_index_of(j, b, d));
        let w = i64::from(wj);
        for &(nd, v) in t.moves(kind, d, b) {
            let tag = vehicle_tag(ranker, lane, v);
            if skip >> tag & 1 == 1 {
                continue;
            }
            let r = (r_s as i64 + (i64::from(ranker.column_index_of(j, b, nd)) - ci) * w) as u64;
            f(with_digit(s, lane, nd), r, tag);
        }
    }
}

/// The lane and vehicle index that differ between two positions one move apart.
pub(crate) fn moved_vehicle(t: &Tables, layout: &Layout, a: u64, b: u64) -> (usize, usize) {
    let lane = (0..LANES)
        .find(|&l| digit(a, l) != digit(b, l))
        .expect("one lane changed");
    let kind = &t.kinds[usize::from(layout.kinds[lane])];
    let sa = &kind.arrangements[usize::from(digit(a, lane))];
    let sb = &kind.arrangements[usize::from(digit(b, lane))];
    let v = (0..sa.len())
        .find(|&k| sa[k] != sb[k])
        .expect("one vehicle moved");
    (lane, v)
}
