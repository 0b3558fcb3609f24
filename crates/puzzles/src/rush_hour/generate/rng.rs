//! A small seeded random number generator (SplitMix64), written out here so that the
//! generator's output depends on nothing but its options and seed: no crate version, no
//! platform, no thread count can change the stream.

/// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit state, a Weyl step and a mixing
/// function. Statistically good enough for choosing boards, and trivially reproducible.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

/// The Weyl increment of SplitMix64 (the golden ratio in 64 bits).
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a bijective mix of all 64 bits.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose stream is determined by `seed` alone.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The generator of job `index` under `seed`: every job gets its own stream, chosen
    /// from the pair alone, so jobs can run in any order on any thread.
    pub fn for_job(seed: u64, index: u64) -> Rng {
        Rng::new(mix(seed ^ mix(index.wrapping_add(GOLDEN))))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix(self.state)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift (the tiny bias for the small
    /// `n` used here does not matter; the stream is what must be reproducible).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.below(den) < num
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_reference_values() {
        // the first outputs of SplitMix64 seeded with 0 (the reference implementation's)
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn jobs_get_different_streams_and_below_stays_in_range() {
        let a: Vec<u64> = (0..4).map(|_| Rng::for_job(7, 0).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]), "same job, same stream");
        assert_ne!(Rng::for_job(7, 0).next_u64(), Rng::for_job(7, 1).next_u64());
        assert_ne!(Rng::for_job(7, 0).next_u64(), Rng::for_job(8, 0).next_u64());
        let mut r = Rng::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }
}
