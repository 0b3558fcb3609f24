//! The open choices' least growth in moves counted by idle vehicles ([`super::idle_choosers`])
//! is the per-vehicle sum it replaces ([`super::least_growth`]), on random branches.

use super::{idle_choosers, least_growth, Branch, CHOICES, MAX_VEHICLES};

/// A branch of `vehicles` vehicles with random needs (most of them none, as in the search)
/// and up to [`CHOICES`] random open choices, each side at least one cell.
fn random_branch(vehicles: usize, rnd: &mut impl FnMut(usize) -> usize) -> Branch {
    let mut br = Branch {
        back: [0; MAX_VEHICLES],
        fwd: [0; MAX_VEHICLES],
        cost: 0,
        choices: [(0, 0, 0); CHOICES],
        chosen: rnd(CHOICES + 1),
    };
    for i in 0..vehicles {
        if rnd(3) == 0 {
            br.back[i] = rnd(4) as u8;
            br.fwd[i] = rnd(4) as u8;
        }
    }
    for c in &mut br.choices[..br.chosen] {
        *c = (rnd(vehicles) as u8, 1 + rnd(9) as u8, 1 + rnd(9) as u8);
    }
    br
}

#[test]
fn idle_choosers_count_the_least_growth_in_moves() {
    let mut rnd = super::prune::random(38);
    let mut grown = 0;
    for round in 0..20_000 {
        let vehicles = [4, 12, 44, MAX_VEHICLES][round % 4];
        let br = random_branch(vehicles, &mut rnd);
        let want = least_growth::<false>(&br);
        assert_eq!(idle_choosers(&br), want, "{:?}", &br.choices[..br.chosen]);
        grown += want;
    }
    assert!(grown > 20_000, "{grown}");
}
