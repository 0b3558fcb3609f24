//! The descent test: a layout in which the re-solves' lower bound is the exact number of moves
//! of every position, and some vehicle never counts in it, has no minimal position.
//!
//! `h` is [`moves_left_at_least`]: 0 at a goal, else the red car, one per blocker (a vehicle
//! on a cell of the red car's row right of it) and one more when some blocker is stuck. It
//! never exceeds a position's moves (`opt`), on every board. Two facts about a position `p`
//! then decide everything:
//!
//! - *Descent*: if every position that is not a goal has a neighbour whose `h` is one less,
//!   then `opt = h` everywhere (by induction on `h`: `opt(p) ≤ 1 + opt(p') = 1 + h(p') =
//!   h(p)`, and `h ≤ opt`).
//! - *Slack*: if removing some vehicle `w` other than the red car leaves `h` as it is, then
//!   `opt(p − w) ≥ h(p − w) = h(p) = opt(p)`, so `p` is not minimal.
//!
//! A layout where both hold at every position is skipped. Both are local (a position and its
//! neighbours), so they are checked without a search. Only positions of solvable components
//! matter, but which those are is what the search would tell, so the test asks descent of
//! every position except those that can never be solved for a reason it sees directly (a wall
//! right of the red car); anything else unsolvable fails the test and the layout is searched.
//! Most positions need no neighbour at all: with no blocker the red car drives out (`h` from
//! 1 to 0), and a blocker that is not stuck leaves the red car's row in one slide (one blocker
//! less, the stuck flags of the other columns unchanged). Only where every blocker is stuck are
//! the neighbours generated.

use super::board::RED_ROW;
use super::component::moves_left_at_least;
use super::lanes::{tables, Tables, CROSSES_RED_ROW, KINDS, MAX_DIGITS, STUCK_ON_RED_ROW};
use super::layout::{digit, with_digit, Layout, LANES};
use std::sync::OnceLock;

/// What the test needs of a layout, once.
struct Facts<'a> {
    t: &'a Tables,
    layout: &'a Layout,
    /// Vehicles other than the red car.
    vehicles: u32,
    /// Some vehicle is never a blocker and never on a blocker's way out (a vertical one in
    /// columns 0 or 1, or one behind the red car in its row): it gives slack everywhere.
    free_vehicle: bool,
    /// Index of the red car in its row.
    red: usize,
    /// Columns where some vehicle covers the red car's row in every arrangement the column's
    /// walls allow: a red car left of one can never pass it.
    walled_in: u8,
}

/// `[kind * 64 + blocked]` for a column: [`MAY_CROSS`] when some arrangement that avoids
/// `blocked` covers the red car's row, [`MAY_STICK`] when that vehicle is stuck there in some.
fn column_flags() -> &'static [u8] {
    static FLAGS: OnceLock<Vec<u8>> = OnceLock::new();
    FLAGS.get_or_init(|| {
        let t = tables();
        let mut flags = vec![0u8; KINDS * 64];
        for (k, kind) in t.kinds.iter().enumerate() {
            for blocked in 0..64u8 {
                for d in (0..kind.masks.len()).filter(|&d| kind.masks[d] & blocked == 0) {
                    let code = t.red_row_code[(k * MAX_DIGITS + d) * 64 + usize::from(blocked)];
                    if code & CROSSES_RED_ROW != 0 {
                        flags[k * 64 + usize::from(blocked)] |= MAY_CROSS;
                    }
                    if code & STUCK_ON_RED_ROW != 0 {
                        flags[k * 64 + usize::from(blocked)] |= MAY_STICK;
                    }
                }
            }
        }
        flags
    })
}

const MAY_CROSS: u8 = 1;
const MAY_STICK: u8 = 2;

/// `true` when descent and slack hold at every position of `layout` (see the module
/// documentation): then no component of it is minimal.
pub fn no_position_is_minimal(layout: &Layout) -> bool {
    let t = tables();
    let lens = |lane: usize| t.kinds[usize::from(layout.kinds[lane])].lens.len();
    let red_kind = &t.kinds[usize::from(layout.kinds[RED_ROW])];
    let Some(red) = red_kind.red.filter(|&r| r + 1 == red_kind.lens.len()) else {
        return false;
    };
    let facts = Facts {
        t,
        layout,
        vehicles: (0..LANES).map(|l| lens(l) as u32).sum::<u32>() - 1,
        free_vehicle: lens(RED_ROW) > 1 || lens(6) > 0 || lens(7) > 0,
        red,
        walled_in: (0..6)
            .filter(|&j| always_crosses(t, layout, j))
            .fold(0, |m, j| m | 1 << j),
    };
    facts.vehicles > 0 && facts.rows_hold(0, 0, 0)
}

impl Facts<'_> {
    /// Depth-first over the rows' digits from row `i` on (`packed`, `h_cm`: the rows above),
    /// dropping a partial tuple as soon as some column has no arrangement left.
    fn rows_hold(&self, i: usize, packed: u64, h_cm: u64) -> bool {
        let (t, layout) = (self.t, self.layout);
        if i == 6 {
            return self.block_holds(packed, h_cm);
        }
        let kind = layout.kinds[i];
        let wall_row = (layout.walls >> (6 * i) & 63) as u8;
        (0..t.radix(kind)).all(|d| {
            if t.mask(kind, d) & wall_row != 0 {
                return true;
            }
            let h = h_cm | t.spread_of(kind, d) << i;
            let blocked = h | layout.walls_cm;
            let empty = (0..6).any(|j| {
                let k = usize::from(layout.kinds[6 + j]);
                t.compat_count[k * 64 + (blocked >> (6 * j) & 63) as usize] == 0
            });
            empty || self.rows_hold(i + 1, with_digit(packed, i, d), h)
        })
    }

    /// Descent and slack at every position of the block of row digits `packed` (horizontal
    /// cells `h_cm`, every column with some arrangement left).
    fn block_holds(&self, packed: u64, h_cm: u64) -> bool {
        let (t, layout) = (self.t, self.layout);
        let start = t.kinds[usize::from(layout.kinds[RED_ROW])].arrangements
            [usize::from(digit(packed, RED_ROW))][self.red];
        let right: u8 = 0x3f & !((1u8 << (start + 2)) - 1);
        if ((layout.walls >> (6 * RED_ROW) & 63) as u8 | self.walled_in) & right != 0 {
            return true; // the red car can never pass a wall or a vehicle: all unsolvable
        }
        let blocked: [u8; 6] =
            std::array::from_fn(|j| ((h_cm | layout.walls_cm) >> (6 * j) & 63) as u8);
        let kb = |j: usize| usize::from(layout.kinds[6 + j]) * 64 + usize::from(blocked[j]);
        let flags = column_flags();
        let (mut may_stick, mut may_cross) = (false, 0u32);
        for j in (0..6).filter(|&j| right >> j & 1 == 1) {
            may_stick |= flags[kb(j)] & MAY_STICK != 0;
            may_cross += u32::from(flags[kb(j)] & MAY_CROSS);
        }
        if !may_stick && (self.free_vehicle || self.vehicles > may_cross) {
            // every position: no blocker (the red car drives out) or a free one, and more
            // vehicles than blockers, none of them stuck
            return true;
        }
        // the columns right of the red car decide the bound; the others are filled in only
        // where a position's own moves or vehicles must be looked at
        let cols: Vec<usize> = (0..6).filter(|&j| right >> j & 1 == 1).collect();
        let others: Vec<usize> = (0..6).filter(|&j| right >> j & 1 == 0).collect();
        let digit_of = |j: usize, i: u8| t.compat_digit[kb(j) * MAX_DIGITS + usize::from(i)];
        let count = |j: usize| t.compat_count[kb(j)];
        let mut p = packed;
        for j in 0..6 {
            p = with_digit(p, 6 + j, digit_of(j, 0));
        }
        each_arrangement(&cols, count, digit_of, p, |p| {
            let (mut blockers, mut stuck) = (0u32, 0u32);
            for &j in &cols {
                let code = t.red_row_code[(usize::from(layout.kinds[6 + j]) * MAX_DIGITS
                    + usize::from(digit(p, 6 + j)))
                    * 64
                    + usize::from(blocked[j])];
                blockers += code & CROSSES_RED_ROW;
                stuck += u32::from(code & STUCK_ON_RED_ROW != 0);
            }
            // no blocker: a goal, or the red car drives out; a free blocker leaves in one
            // slide; either way some other vehicle gives slack unless all are blockers
            let descends = blockers == 0 || stuck < blockers;
            let slack = self.free_vehicle || (stuck == 0 && self.vehicles > blockers);
            if descends && slack {
                return true;
            }
            let h = 1 + blockers + u32::from(stuck > 0);
            each_arrangement(&others, count, digit_of, p, |p| {
                (descends || self.descends(p, h)) && (slack || self.has_slack(p, h))
            })
        })
    }

    /// Some move lowers the bound `h` of `p` by one.
    fn descends(&self, p: u64, h: u32) -> bool {
        let mut found = false;
        self.layout.for_each_move(self.t, p, |np, _, _| {
            found = found || moves_left_at_least(self.t, self.layout, np) + 1 == h;
        });
        found
    }

    /// Removing some vehicle other than the red car leaves the bound `h` of `p` as it is.
    fn has_slack(&self, p: u64, h: u32) -> bool {
        let (t, layout) = (self.t, self.layout);
        (0..LANES).any(|lane| {
            let n = t.kinds[usize::from(layout.kinds[lane])].lens.len();
            (0..n).any(|v| {
                layout
                    .without(p, lane, v)
                    .is_some_and(|(smaller, q)| moves_left_at_least(t, &smaller, q) == h)
            })
        })
    }
}

/// Whether some vehicle of column `j` covers the red car's row in every arrangement that
/// avoids the column's walls (lane-mates never pass one another, so it can never leave).
fn always_crosses(t: &Tables, layout: &Layout, j: usize) -> bool {
    let kind = &t.kinds[usize::from(layout.kinds[6 + j])];
    let walls = (layout.walls_cm >> (6 * j) & 63) as u8;
    let red = RED_ROW as u8;
    (0..kind.lens.len()).any(|v| {
        kind.arrangements
            .iter()
            .zip(&kind.masks)
            .filter(|&(_, &m)| m & walls == 0)
            .all(|(a, _)| a[v] <= red && red < a[v] + kind.lens[v])
    })
}

/// Whether `f` holds for every combination of the compatible arrangements of columns `cols`
/// (the other lanes of `p` as they are); stops at the first that fails.
fn each_arrangement(
    cols: &[usize],
    count: impl Fn(usize) -> u8,
    digit_of: impl Fn(usize, u8) -> u8,
    mut p: u64,
    mut f: impl FnMut(u64) -> bool,
) -> bool {
    let mut at = [0u8; 6];
    loop {
        if !f(p) {
            return false;
        }
        let mut i = 0;
        loop {
            let Some(&j) = cols.get(i) else {
                return true;
            };
            at[i] += 1;
            if at[i] < count(j) {
                p = with_digit(p, 6 + j, digit_of(j, at[i]));
                break;
            }
            at[i] = 0;
            p = with_digit(p, 6 + j, digit_of(j, 0));
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::RandomBoards;
    use super::super::{classify, Rules};
    use super::*;

    #[test]
    fn layouts_that_pass_have_exact_bounds_and_no_minimal_component() {
        // Whole components of random layouts that pass: every position's exact distance is
        // the bound, and the component's hardest position is not minimal.
        let not_minimal = |board: &str| {
            let info = classify(board, Rules::All).unwrap().expect("solvable");
            assert!(!info.minimal, "{board}: {info:?}");
        };
        let boards = RandomBoards {
            seed: 0x9e37_79b9_7f4a_7c15,
            count: 12_000,
            shape: |i| (3 + i as u32 % 14, 60 + (i as u64 % 4) * 40),
        };
        let walked = boards.check_exact_bounds(no_position_is_minimal, not_minimal);
        walked.assert_more_than(2000, 500, 1_000_000, (4, 10_000));
    }
}
