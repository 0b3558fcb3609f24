//! Lanes: the six rows and six columns of the board, and what can happen inside one.
//!
//! The vehicles of a lane keep their order and lengths forever (they slide along it but never
//! pass each other or leave it), so a lane is described by its *kind* (the sequence of vehicle
//! lengths, and which one is the red car) and, within the kind, by an *arrangement* (the
//! vehicles' offsets). Every kind has at most six arrangements, so an arrangement index (a
//! *digit*) fits in three bits and a whole position in 36 bits. Everything the hot loop asks
//! about a lane is precomputed here, indexed by kind, digit and the 6-bit mask of lane cells
//! that the other orientation (and walls) block.

use std::sync::OnceLock;

/// Cells in a lane (the board is 6×6).
pub const LANE: usize = 6;
/// Number of lane kinds: 8 plain length sequences and 8 that contain the red car.
pub const KINDS: usize = 16;
/// The empty lane.
pub const EMPTY: u8 = 0;
/// Most arrangements any kind has (two cars in six cells: 6).
pub const MAX_DIGITS: usize = 6;
/// Marker in [`Tables::compat_index`] for an arrangement that the blocked cells forbid.
pub const NONE: u8 = u8::MAX;

/// The plain length sequences, in kind order 0..8.
const PLAIN: [&[u8]; 8] = [
    &[],
    &[2],
    &[3],
    &[2, 2],
    &[2, 3],
    &[3, 2],
    &[3, 3],
    &[2, 2, 2],
];

/// One lane kind: vehicle lengths in lane order, and the red car's index among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    /// Lengths of the lane's vehicles, in order along the lane.
    pub lens: Vec<u8>,
    /// Which of them is the red car (only in the red car's row).
    pub red: Option<usize>,
    /// Every arrangement: the start offset of each vehicle.
    pub arrangements: Vec<Vec<u8>>,
    /// Occupied lane cells of each arrangement (bit `k` = cell `k`).
    pub masks: Vec<u8>,
}

/// Precomputed lane tables shared by every layout.
pub struct Tables {
    /// The 16 kinds: 0..8 plain, 8..16 with the red car.
    pub kinds: Vec<Kind>,
    /// `move_start[(kind * 6 + digit) * 64 + blocked]..move_start[.. + 1]` indexes
    /// [`Tables::move_list`]: every single slide available to arrangement `digit` when the
    /// cells in `blocked` are taken by others.
    pub move_start: Vec<u32>,
    /// `(new digit, index of the vehicle that slid)` pairs.
    pub move_list: Vec<(u8, u8)>,
    /// Number of arrangements of a kind that avoid a blocked mask: `[kind * 64 + blocked]`.
    pub compat_count: Vec<u8>,
    /// Index of an arrangement among those that avoid a blocked mask (or [`NONE`]):
    /// `[(kind * 64 + blocked) * 6 + digit]`.
    pub compat_index: Vec<u8>,
    /// The inverse: `[(kind * 64 + blocked) * 6 + index]` → digit.
    pub compat_digit: Vec<u8>,
    /// Connected component, under the lane's own slides with `blocked` fixed, of each
    /// compatible arrangement: `[(kind * 64 + blocked) * 6 + index]`, numbered 0.. in order of
    /// each component's first index. Inside one block of a layout every column's blocked
    /// cells are fixed, so the column moves of a block form the product of these graphs and
    /// two positions of a block are joined by column moves alone exactly when their columns
    /// lie in the same components: the sweep labels goal positions by that, instead of
    /// walking the column moves between them.
    pub compat_cc: Vec<u8>,
    /// Number of those components: `[kind * 64 + blocked]` (1 when nothing is compatible).
    pub compat_ccs: Vec<u8>,
    /// Whether arrangement `digit` of a kind has the red car on the exit cells:
    /// `[kind * 6 + digit]`.
    pub goal: Vec<bool>,
    /// `spread[m]` puts bit `k` of a 6-bit lane mask at bit `6k`: it turns a row mask into
    /// column-major board bits and a column mask into row-major ones.
    pub spread: [u64; 64],
    /// `mask_flat[kind * 6 + digit]`: [`Tables::mask`] without the two indirections (the hot
    /// loop reads it for every lane of every position).
    pub mask_flat: [u8; KINDS * MAX_DIGITS],
    /// `spread_flat[kind * 6 + digit]`: `spread[mask]` of that arrangement.
    pub spread_flat: [u64; KINDS * MAX_DIGITS],
    /// `vehicle_masks[kind * 6 + digit][i]`: lane mask of vehicle `i` in that arrangement (0 past
    /// the kind's last vehicle), for writing boards without walking [`Kind`]'s vectors.
    pub vehicle_masks: [[u8; 3]; KINDS * MAX_DIGITS],
    /// `start_flat[kind * 6 + digit]`: lane mask of the vehicles' first cells in that
    /// arrangement (for writing normalised strings in one pass).
    pub start_flat: [u8; KINDS * MAX_DIGITS],
    /// Index of the red car in each kind's vehicles (3 when the kind has none).
    pub red_of: [u8; KINDS],
    /// `compat_index8[kind][blocked * 8 + digit]`: [`Tables::compat_index`] with a power-of-two
    /// stride, copied per layout by the ranker.
    pub compat_index8: Vec<[u8; 64 * 8]>,
    /// `red_row_code[(kind * 6 + digit) * 64 + blocked]`, for a column: [`CROSSES_RED_ROW`]
    /// when one of its vehicles covers the red car's row, plus [`STUCK_ON_RED_ROW`] when that
    /// vehicle can leave the row in neither direction before something else moves (the
    /// re-solves' lower bound, `component::moves_left_at_least`). The flags are one byte
    /// apart, so that column `j`'s code shifted left by `j` gives two 6-bit column masks at
    /// once.
    pub red_row_code: Vec<u32>,
}

/// In [`Tables::red_row_code`]: a vehicle of the column covers the red car's row.
pub const CROSSES_RED_ROW: u32 = 1;
/// In [`Tables::red_row_code`]: that vehicle cannot clear the red car's row by its own slides
/// alone: upwards and downwards, some cell it would have to cross or enter is blocked (by the
/// other orientation or a wall), taken by a lane-mate, or off the board.
pub const STUCK_ON_RED_ROW: u32 = 1 << 8;

/// [`Tables::red_row_code`] of one column arrangement (see there).
fn red_row_code(lens: &[u8], starts: &[u8], blocked: u8) -> u32 {
    let red_row = super::board::RED_ROW as u8;
    let Some(v) = (0..lens.len()).find(|&v| starts[v] <= red_row && red_row < starts[v] + lens[v])
    else {
        return 0;
    };
    let (top, len) = (starts[v], lens[v]);
    let mates = mask_of(lens, starts) & !mask_of(&lens[v..=v], &starts[v..=v]);
    // upwards it must end with its last cell on the row above the red car's, downwards with
    // its first cell on the row below, crossing every cell between
    let taken = blocked | mates;
    let free = |from: u8, to: u8| (from..=to).all(|c| taken >> c & 1 == 0);
    let up = red_row >= len && free(red_row - len, top - 1);
    let down = usize::from(red_row + len) < LANE && free(top + len, red_row + len);
    if up || down {
        CROSSES_RED_ROW
    } else {
        CROSSES_RED_ROW | STUCK_ON_RED_ROW
    }
}

fn arrangements(lens: &[u8]) -> Vec<Vec<u8>> {
    fn rec(lens: &[u8], from: u8, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let Some((&len, rest)) = lens.split_first() else {
            out.push(cur.clone());
            return;
        };
        let mut start = from;
        while usize::from(start + len) <= LANE {
            cur.push(start);
            rec(rest, start + len, cur, out);
            cur.pop();
            start += 1;
        }
    }
    let mut out = Vec::new();
    rec(lens, 0, &mut Vec::new(), &mut out);
    out
}

fn mask_of(lens: &[u8], starts: &[u8]) -> u8 {
    lens.iter()
        .zip(starts)
        .fold(0u8, |m, (&l, &s)| m | (((1u16 << l) - 1) << s) as u8)
}

fn build() -> Tables {
    let mut kinds = Vec::with_capacity(KINDS);
    for lens in PLAIN {
        kinds.push((lens.to_vec(), None));
    }
    for lens in PLAIN {
        for (i, &l) in lens.iter().enumerate() {
            if l == 2 {
                kinds.push((lens.to_vec(), Some(i)));
            }
        }
    }
    assert_eq!(kinds.len(), KINDS);
    let kinds: Vec<Kind> = kinds
        .into_iter()
        .map(|(lens, red)| {
            let arrangements = arrangements(&lens);
            let masks = arrangements.iter().map(|a| mask_of(&lens, a)).collect();
            Kind {
                lens,
                red,
                arrangements,
                masks,
            }
        })
        .collect();
    let mut move_start = Vec::with_capacity(KINDS * MAX_DIGITS * 64 + 1);
    let mut move_list = Vec::new();
    let mut compat_count = vec![0u8; KINDS * 64];
    let mut compat_index = vec![NONE; KINDS * 64 * MAX_DIGITS];
    let mut compat_digit = vec![NONE; KINDS * 64 * MAX_DIGITS];
    let mut goal = vec![false; KINDS * MAX_DIGITS];
    for (k, kind) in kinds.iter().enumerate() {
        for d in 0..MAX_DIGITS {
            if let (Some(r), Some(a)) = (kind.red, kind.arrangements.get(d)) {
                goal[k * MAX_DIGITS + d] = usize::from(a[r]) == LANE - 2;
            }
            for blocked in 0..64u8 {
                move_start.push(move_list.len() as u32);
                let Some(starts) = kind.arrangements.get(d) else {
                    continue;
                };
                if kind.masks[d] & blocked != 0 {
                    continue;
                }
                // Each vehicle slides any distance either way until it meets a blocked cell,
                // another vehicle of the lane, or the edge of the board.
                for v in 0..kind.lens.len() {
                    let others = blocked
                        | mask_of(&kind.lens, starts) & !mask_of(&kind.lens[v..=v], &starts[v..=v]);
                    for dir in [-1i8, 1] {
                        let mut s = starts[v] as i8;
                        loop {
                            s += dir;
                            if s < 0 || s as usize + kind.lens[v] as usize > LANE {
                                break;
                            }
                            let m = mask_of(&kind.lens[v..=v], &[s as u8]);
                            if m & others != 0 {
                                break;
                            }
                            let mut new = starts.clone();
                            new[v] = s as u8;
                            let nd = kind
                                .arrangements
                                .iter()
                                .position(|a| *a == new)
                                .expect("arrangement");
                            move_list.push((nd as u8, v as u8));
                        }
                    }
                }
            }
        }
        for blocked in 0..64usize {
            let mut n = 0u8;
            for (d, &m) in kind.masks.iter().enumerate() {
                if m & blocked as u8 == 0 {
                    compat_index[(k * 64 + blocked) * MAX_DIGITS + d] = n;
                    compat_digit[(k * 64 + blocked) * MAX_DIGITS + usize::from(n)] = d as u8;
                    n += 1;
                }
            }
            compat_count[k * 64 + blocked] = n;
        }
    }
    move_start.push(move_list.len() as u32);
    // components of each (kind, blocked) lane graph, by union-find over its slides
    let mut compat_cc = vec![NONE; KINDS * 64 * MAX_DIGITS];
    let mut compat_ccs = vec![1u8; KINDS * 64];
    for (k, kind) in kinds.iter().enumerate() {
        for blocked in 0..64usize {
            let row = (k * 64 + blocked) * MAX_DIGITS;
            let n = usize::from(compat_count[k * 64 + blocked]);
            let mut parent: Vec<usize> = (0..kind.arrangements.len()).collect();
            fn root(p: &mut [usize], mut x: usize) -> usize {
                while p[x] != x {
                    x = p[x];
                }
                x
            }
            for d in 0..kind.arrangements.len() {
                if compat_index[row + d] == NONE {
                    continue;
                }
                let i = (k * MAX_DIGITS + d) * 64 + blocked;
                for &(nd, _) in &move_list[move_start[i] as usize..move_start[i + 1] as usize] {
                    let (a, b) = (root(&mut parent, d), root(&mut parent, usize::from(nd)));
                    parent[a.max(b)] = a.min(b);
                }
            }
            let mut id_of_root = [NONE; MAX_DIGITS];
            let mut next = 0u8;
            for i in 0..n {
                let d = usize::from(compat_digit[row + i]);
                let r = root(&mut parent, d);
                if id_of_root[r] == NONE {
                    id_of_root[r] = next;
                    next += 1;
                }
                compat_cc[row + i] = id_of_root[r];
            }
            compat_ccs[k * 64 + blocked] = next.max(1);
        }
    }
    let mut spread = [0u64; 64];
    for (m, s) in spread.iter_mut().enumerate() {
        for k in 0..LANE {
            if m >> k & 1 == 1 {
                *s |= 1 << (6 * k);
            }
        }
    }
    let mut mask_flat = [0u8; KINDS * MAX_DIGITS];
    let mut spread_flat = [0u64; KINDS * MAX_DIGITS];
    let mut vehicle_masks = [[0u8; 3]; KINDS * MAX_DIGITS];
    let mut red_of = [3u8; KINDS];
    let mut start_flat = [0u8; KINDS * MAX_DIGITS];
    for (k, kind) in kinds.iter().enumerate() {
        for (d, &m) in kind.masks.iter().enumerate() {
            mask_flat[k * MAX_DIGITS + d] = m;
            spread_flat[k * MAX_DIGITS + d] = spread[usize::from(m)];
            for (i, (&len, &start)) in kind.lens.iter().zip(&kind.arrangements[d]).enumerate() {
                vehicle_masks[k * MAX_DIGITS + d][i] = mask_of(&[len], &[start]);
                start_flat[k * MAX_DIGITS + d] |= 1 << start;
            }
        }
        if let Some(r) = kind.red {
            red_of[k] = r as u8;
        }
    }
    let mut compat_index8 = vec![[NONE; 64 * 8]; KINDS];
    for (k, idx) in compat_index8.iter_mut().enumerate() {
        for b in 0..64 {
            for d in 0..MAX_DIGITS {
                idx[b * 8 + d] = compat_index[(k * 64 + b) * MAX_DIGITS + d];
            }
        }
    }
    let mut red_row_codes = vec![0u32; KINDS * MAX_DIGITS * 64];
    for (k, kind) in kinds.iter().enumerate() {
        for (d, starts) in kind.arrangements.iter().enumerate() {
            for blocked in 0..64u8 {
                red_row_codes[(k * MAX_DIGITS + d) * 64 + usize::from(blocked)] =
                    red_row_code(&kind.lens, starts, blocked);
            }
        }
    }
    Tables {
        red_row_code: red_row_codes,
        compat_index8,
        vehicle_masks,
        start_flat,
        red_of,
        mask_flat,
        spread_flat,
        kinds,
        move_start,
        move_list,
        compat_count,
        compat_index,
        compat_digit,
        compat_cc,
        compat_ccs,
        goal,
        spread,
    }
}

/// The lane tables, built on first use (a few microseconds).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

impl Tables {
    /// The single slides of arrangement `digit` of `kind` with `blocked` cells taken.
    #[inline]
    pub fn moves(&self, kind: u8, digit: u8, blocked: u8) -> &[(u8, u8)] {
        let i = (usize::from(kind) * MAX_DIGITS + usize::from(digit)) * 64 + usize::from(blocked);
        &self.move_list[self.move_start[i] as usize..self.move_start[i + 1] as usize]
    }

    /// Lane mask of arrangement `digit` of `kind`.
    #[inline]
    pub fn mask(&self, kind: u8, digit: u8) -> u8 {
        self.mask_flat[usize::from(kind) * MAX_DIGITS + usize::from(digit)]
    }

    /// `spread[mask(kind, digit)]`.
    #[inline]
    pub fn spread_of(&self, kind: u8, digit: u8) -> u64 {
        self.spread_flat[usize::from(kind) * MAX_DIGITS + usize::from(digit)]
    }

    /// The kind with these lengths and red-car index, if the lane can hold them.
    pub fn kind_of(&self, lens: &[u8], red: Option<usize>) -> Option<u8> {
        self.kinds
            .iter()
            .position(|k| k.lens == lens && k.red == red)
            .map(|k| k as u8)
    }

    /// Number of arrangements of a kind.
    #[inline]
    pub fn radix(&self, kind: u8) -> u8 {
        self.kinds[usize::from(kind)].arrangements.len() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrangement_counts_match_binomials() {
        let t = tables();
        // k vehicles of total length L in 6 cells: C(6 - L + k, k) arrangements.
        let counts: Vec<usize> = t.kinds[..8].iter().map(|k| k.arrangements.len()).collect();
        assert_eq!(counts, vec![1, 5, 4, 6, 3, 3, 1, 1]);
        assert!(t.kinds.iter().all(|k| k.arrangements.len() <= MAX_DIGITS));
    }

    #[test]
    fn lone_car_slides_any_distance_until_blocked() {
        let t = tables();
        let car = t.kind_of(&[2], None).unwrap();
        let at = |s: u8| {
            t.kinds[usize::from(car)]
                .arrangements
                .iter()
                .position(|a| a[0] == s)
                .unwrap() as u8
        };
        let mut to: Vec<u8> = t.moves(car, at(1), 0).iter().map(|&(d, _)| d).collect();
        to.sort();
        assert_eq!(to, vec![at(0), at(2), at(3), at(4)]);
        // cell 4 blocked: only 0..=2 reachable
        let mut to: Vec<u8> = t
            .moves(car, at(1), 1 << 4)
            .iter()
            .map(|&(d, _)| d)
            .collect();
        to.sort();
        assert_eq!(to, vec![at(0), at(2)]);
        // a blocked cell under the car itself: no moves (never asked in practice)
        assert!(t.moves(car, at(1), 1 << 1).is_empty());
    }

    #[test]
    fn vehicles_of_a_lane_do_not_pass_each_other() {
        let t = tables();
        let two = t.kind_of(&[2, 2], None).unwrap();
        for d in 0..t.radix(two) {
            for &(nd, v) in t.moves(two, d, 0) {
                let a = &t.kinds[usize::from(two)].arrangements[usize::from(nd)];
                assert!(a[0] + 2 <= a[1]);
                let old = &t.kinds[usize::from(two)].arrangements[usize::from(d)];
                assert_ne!(old[usize::from(v)], a[usize::from(v)]);
                assert_eq!(old[1 - usize::from(v)], a[1 - usize::from(v)]);
            }
        }
    }

    #[test]
    fn compat_tables_are_inverse() {
        let t = tables();
        for k in 0..KINDS {
            for b in 0..64usize {
                let n = t.compat_count[k * 64 + b];
                for i in 0..n {
                    let d = t.compat_digit[(k * 64 + b) * MAX_DIGITS + usize::from(i)];
                    assert_eq!(
                        t.compat_index[(k * 64 + b) * MAX_DIGITS + usize::from(d)],
                        i
                    );
                    assert_eq!(t.kinds[k].masks[usize::from(d)] & b as u8, 0);
                }
            }
        }
    }

    #[test]
    fn lane_components_are_what_slides_connect() {
        // independent check: flood fill over the compatible arrangements, one slide at a time
        let t = tables();
        let mut split = 0;
        for k in 0..KINDS {
            for b in 0..64usize {
                let row = (k * 64 + b) * MAX_DIGITS;
                let n = usize::from(t.compat_count[k * 64 + b]);
                for i in 0..n {
                    let d = t.compat_digit[row + i];
                    let mut seen = vec![d];
                    let mut at = 0;
                    while at < seen.len() {
                        for &(nd, _) in t.moves(k as u8, seen[at], b as u8) {
                            if !seen.contains(&nd) {
                                seen.push(nd);
                            }
                        }
                        at += 1;
                    }
                    for j in 0..n {
                        let e = t.compat_digit[row + j];
                        assert_eq!(
                            seen.contains(&e),
                            t.compat_cc[row + i] == t.compat_cc[row + j],
                            "kind {k} blocked {b:06b}: digits {d} and {e}"
                        );
                    }
                    assert!(t.compat_cc[row + i] < t.compat_ccs[k * 64 + b]);
                    if i > 0 {
                        let max_before = (0..i).map(|j| t.compat_cc[row + j]).max().unwrap();
                        assert!(t.compat_cc[row + i] <= max_before + 1, "numbered in order");
                    } else {
                        assert_eq!(t.compat_cc[row], 0);
                    }
                }
                split += usize::from(t.compat_ccs[k * 64 + b] > 1);
            }
        }
        // a blocked middle cell splits a lone car's lane in two, for instance
        assert!(split > 0);
        let car = t.kind_of(&[2], None).unwrap();
        assert_eq!(t.compat_ccs[usize::from(car) * 64 + (1 << 2)], 2);
    }

    #[test]
    fn red_row_codes_are_what_the_vehicles_own_slides_allow() {
        // independent check: flood fill over the slides of the vehicle on the red car's row
        // alone (lane-mates and blocked cells fixed); stuck when no placement it reaches
        // leaves that row
        let t = tables();
        let row = super::super::board::RED_ROW as u8;
        let (mut stuck, mut free) = (0, 0);
        for k in 0..KINDS {
            let kind = &t.kinds[k];
            for (d, starts) in kind.arrangements.iter().enumerate() {
                for b in 0..64u8 {
                    if kind.masks[d] & b != 0 {
                        continue;
                    }
                    let code = t.red_row_code[(k * MAX_DIGITS + d) * 64 + usize::from(b)];
                    let on_row = |a: &[u8]| {
                        (0..kind.lens.len()).find(|&v| a[v] <= row && row < a[v] + kind.lens[v])
                    };
                    let Some(v) = on_row(starts) else {
                        assert_eq!(code, 0, "kind {k} digit {d}");
                        continue;
                    };
                    let mut seen = vec![d as u8];
                    let mut at = 0;
                    while at < seen.len() {
                        for &(nd, mv) in t.moves(k as u8, seen[at], b) {
                            if usize::from(mv) == v && !seen.contains(&nd) {
                                seen.push(nd);
                            }
                        }
                        at += 1;
                    }
                    let leaves = seen
                        .iter()
                        .any(|&e| on_row(&kind.arrangements[usize::from(e)]).is_none());
                    let expected = if leaves {
                        CROSSES_RED_ROW
                    } else {
                        CROSSES_RED_ROW | STUCK_ON_RED_ROW
                    };
                    assert_eq!(code, expected, "kind {k} digit {d} blocked {b:06b}");
                    if leaves {
                        free += 1;
                    } else {
                        stuck += 1;
                    }
                }
            }
        }
        assert!(stuck > 50 && free > 50, "{stuck} {free}");
    }

    #[test]
    fn goal_is_red_car_on_the_last_two_cells() {
        let t = tables();
        let red = t.kind_of(&[2], Some(0)).unwrap();
        let goals: Vec<bool> = (0..5)
            .map(|d| t.goal[usize::from(red) * MAX_DIGITS + d])
            .collect();
        assert_eq!(goals, vec![false, false, false, false, true]);
    }
}
