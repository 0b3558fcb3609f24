//! Union-find over dense node numbers: the sweeps label components by joining the labels
//! that meet.

/// The root of `x`'s set, halving the path on the way.
#[inline]
pub(super) fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let p = parent[x as usize];
        parent[x as usize] = parent[p as usize];
        x = p;
    }
    x
}

/// Joins the union-find sets of `a` and `b`; the smaller root stays the root.
#[inline]
pub(super) fn union(parent: &mut [u32], a: u32, b: u32) {
    let (a, b) = (find(parent, a), find(parent, b));
    if a != b {
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        parent[hi as usize] = lo;
    }
}
