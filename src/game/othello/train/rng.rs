//! A small seeded generator (SplitMix64) so that data generation is reproducible from a
//! seed without a dependency.

/// SplitMix64: fast, statistically fine for choosing moves and openings.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
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
