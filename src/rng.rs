//! The one seeded random number generator (SplitMix64) of arbor and its developer programs:
//! reproducible from a seed, no dependency. [`mix64`], its output function, is also the
//! hash behind the Zobrist keys.

/// SplitMix64's increment (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// XORed into the seed by [`SplitMix64::new`]: the training data and test positions made so
/// far were drawn with it, so the same seed gives the same data.
const SEED_SALT: u64 = 0x5DEE_CE66_D1CE_4E5B;

/// The SplitMix64 output function of the state `x` (before its increment): a fast,
/// well-mixed 64-bit permutation.
#[inline]
pub const fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(GAMMA);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// SplitMix64: fast, statistically fine for choosing moves, openings and samples.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator of `seed` (salted by a fixed constant, so that every data set keeps
    /// its seed's sequence).
    pub const fn new(seed: u64) -> Self {
        Self::from_state(seed ^ SEED_SALT)
    }

    /// The generator whose state is `state` unchanged: the reference SplitMix64 sequence
    /// of that seed.
    pub const fn from_state(state: u64) -> Self {
        SplitMix64 { state }
    }

    pub fn next_u64(&mut self) -> u64 {
        let out = mix64(self.state);
        self.state = self.state.wrapping_add(GAMMA);
        out
    }

    /// Uniform in `0..n` (`n > 0`), from the high 32 bits (multiply and shift, no modulo
    /// bias worth speaking of).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// A uniformly chosen set bit of `mask` (`mask != 0`), as a square index.
    pub fn pick_bit(&mut self, mask: u64) -> u8 {
        let mut rest = mask;
        for _ in 0..self.below(mask.count_ones()) {
            rest &= rest - 1;
        }
        rest.trailing_zeros() as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_sequence_is_splitmix64() {
        // The published SplitMix64 outputs for state 1234567.
        let mut rng = SplitMix64::from_state(1_234_567);
        let first: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
        // `mix64` is the first output of its state.
        assert_eq!(mix64(1_234_567), 6_457_827_717_110_365_317);
    }

    #[test]
    fn seed_1_gives_the_same_sequence_as_ever() {
        let mut rng = SplitMix64::new(1);
        let first: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                8_772_921_920_500_837_995,
                14_820_426_949_464_363_325,
                6_325_536_448_116_068_805,
                13_674_836_663_737_763_130,
            ]
        );
        // The next six, scaled to `0..100`.
        let below: Vec<u32> = (0..6).map(|_| rng.below(100)).collect();
        assert_eq!(below, [6, 31, 74, 73, 99, 97]);
    }
}
