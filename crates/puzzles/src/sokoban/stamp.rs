//! Generation stamps: a cell counts as marked when its stamp equals the current
//! generation, so clearing every mark between two floods costs one increment, not a pass
//! over the maze.

/// The generation after `generation` for the stamps `stamp`: on wrap-around every stamp is
/// cleared first, so a stamp left from 2^32 floods ago cannot pass for a fresh mark.
pub(crate) fn next(generation: u32, stamp: &mut [u32]) -> u32 {
    match generation.wrapping_add(1) {
        0 => {
            stamp.fill(0);
            1
        }
        g => g,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrapping_clears_the_stamps_and_skips_zero() {
        let mut stamp = vec![u32::MAX, 7];
        assert_eq!(super::next(5, &mut stamp), 6);
        assert_eq!(stamp, [u32::MAX, 7]);
        assert_eq!(super::next(u32::MAX, &mut stamp), 1);
        assert_eq!(stamp, [0, 0]);
    }
}
