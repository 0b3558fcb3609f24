//! The out-of-plan advisor of [`super::fess`], after Shoham and Schaeffer's FESS: a push
//! that takes a box off a goal where it stands out of packing order
//! ([`super::packing::Packing::out_of_order`]: a deeper goal of its room is still empty,
//! and the box walls it in).
//!
//! Such a box does not count as packed, and the room cannot be finished until it leaves:
//! the advisor names the push that most lowers the out-of-plan count
//! ([`super::features`]), so the search undoes a wrong packing at no cost instead of
//! paying for it push by push.

use super::advisors::Candidate;
use super::features::Cell;

/// Marks the candidate (from a position in feature cell `here`) that most lowers the
/// number of boxes out of plan without lowering the packed count; ties go to the least
/// nearest-goal sum. None when no candidate lowers it.
pub fn advise_out_of_plan<const W: usize>(here: Cell, candidates: &mut [Candidate<W>]) {
    let best = (0..candidates.len())
        .filter(|&i| candidates[i].cell.3 < here.3 && candidates[i].cell.0 >= here.0)
        .min_by_key(|&i| (candidates[i].cell.3, candidates[i].bound));
    if let Some(i) = best {
        candidates[i].advised = true;
    }
}

#[cfg(test)]
mod tests {
    use super::super::bits::Bits;
    use super::super::graph::{Node, Push};
    use super::super::moves::Dir;
    use super::*;

    fn candidate(cell: Cell, bound: u32) -> Candidate<1> {
        Candidate {
            node: Node {
                boxes: Bits::EMPTY,
                key: bound,
                player: 0,
            },
            push: Push {
                from: 0,
                dir: Dir::Left,
            },
            bound,
            cell,
            advised: false,
        }
    }

    #[test]
    fn the_push_that_most_lowers_the_out_of_plan_count_is_advised() {
        let here = (2, 1, 0, 2);
        let mut c = vec![
            candidate((2, 1, 0, 2), 0), // changes nothing
            candidate((2, 1, 0, 1), 3), // one box off an out-of-order goal
            candidate((1, 1, 0, 0), 1), // both, but one packed box lost
            candidate((2, 2, 0, 1), 2), // one off, least bound among the best: advised
        ];
        advise_out_of_plan(here, &mut c);
        let advised: Vec<bool> = c.iter().map(|c| c.advised).collect();
        assert_eq!(advised, [false, false, false, true]);
        let mut none = vec![candidate((2, 1, 0, 2), 0), candidate((3, 1, 0, 3), 0)];
        advise_out_of_plan(here, &mut none);
        assert!(none.iter().all(|c| !c.advised));
    }
}
