//! Pattern indices carried in the position and updated by the squares a move changes,
//! so that the learned evaluation at a leaf is only table lookups.
//!
//! The indices here are in absolute colours (digit 1 black, 2 white), not the side to
//! move's: a move then adds fixed amounts (a new disc adds its colour's digit, a flipped
//! disc moves one digit up or down) and a pass changes nothing. The evaluation reads
//! them through tables laid out per side to move ([`crate::game::othello::learned`]'s
//! `SidedTables`). Every lane is one pattern instance of [`super::pattern::FAMILIES`]:
//! the distinct square sets among a family's 8 symmetric images, in digit order.

use crate::game::othello::pattern::{pow3, FAMILIES, INSTANCES, OFFSETS};

/// Lanes of the index vector: the [`INSTANCES`] patterns plus padding to a multiple of 8,
/// so that the update is whole SIMD registers.
pub const LANES: usize = 48;

/// A square seen through symmetry `g` (bit 0 mirrors columns, bit 1 rows, bit 2
/// transposes first).
const fn map_square(square: usize, g: usize) -> usize {
    let (mut row, mut col) = (square / 8, square % 8);
    if g & 4 != 0 {
        (row, col) = (col, row);
    }
    if g & 1 != 0 {
        col = 7 - col;
    }
    if g & 2 != 0 {
        row = 7 - row;
    }
    row * 8 + col
}

/// Per lane: the family, and per square: the power of 3 of its digit in each lane (0
/// where the lane's pattern does not hold the square).
struct Layout {
    family: [u8; LANES],
    powers: [[u16; LANES]; 64],
}

const LAYOUT: Layout = {
    let mut family = [0u8; LANES];
    let mut powers = [[0u16; LANES]; 64];
    let mut lane = 0;
    let mut f = 0;
    while f < FAMILIES.len() {
        let squares = FAMILIES[f].squares;
        let mut seen = [0u64; 8];
        let mut seen_len = 0;
        let mut g = 0;
        while g < 8 {
            let mut set = 0u64;
            let mut k = 0;
            while k < squares.len() {
                set |= 1 << map_square(squares[k] as usize, g);
                k += 1;
            }
            let mut known = false;
            let mut i = 0;
            while i < seen_len {
                known |= seen[i] == set;
                i += 1;
            }
            if !known {
                seen[seen_len] = set;
                seen_len += 1;
                family[lane] = f as u8;
                let mut k = 0;
                while k < squares.len() {
                    powers[map_square(squares[k] as usize, g)][lane] = pow3(k) as u16;
                    k += 1;
                }
                lane += 1;
            }
            g += 1;
        }
        assert!(seen_len == FAMILIES[f].instances);
        f += 1;
    }
    assert!(lane == INSTANCES);
    Layout { family, powers }
};

/// Each lane's family start in a stage's pattern weights ([`OFFSETS`]).
pub const LANE_OFFSETS: [u32; INSTANCES] = {
    let mut offsets = [0u32; INSTANCES];
    let mut lane = 0;
    while lane < INSTANCES {
        offsets[lane] = OFFSETS[LAYOUT.family[lane] as usize] as u32;
        lane += 1;
    }
    offsets
};

/// The family of each lane.
pub fn lane_family(lane: usize) -> usize {
    usize::from(LAYOUT.family[lane])
}

/// The base-3 index of every pattern instance in absolute colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternIndices(pub [u16; LANES]);

impl PatternIndices {
    /// The indices of the position with these `black` and `white` discs, from scratch.
    pub fn new(black: u64, white: u64) -> Self {
        let mut indices = PatternIndices([0; LANES]);
        for (discs, digit) in [(black, 1), (white, 2)] {
            let mut rest = discs;
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                indices.add(square, digit);
            }
        }
        indices
    }

    #[inline(always)]
    fn add(&mut self, square: usize, times: u16) {
        let powers = &LAYOUT.powers[square];
        for (index, &power) in self.0.iter_mut().zip(powers) {
            *index = index.wrapping_add(power.wrapping_mul(times));
        }
    }

    /// Adds (`up`) or subtracts the powers of every square of `squares`: whole-vector
    /// additions, no multiplications.
    #[inline(always)]
    fn shift(&mut self, squares: u64, up: bool) {
        let mut rest = squares;
        while rest != 0 {
            let powers = &LAYOUT.powers[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            for (index, &power) in self.0.iter_mut().zip(powers) {
                *index = if up {
                    index.wrapping_add(power)
                } else {
                    index.wrapping_sub(power)
                };
            }
        }
    }

    /// After the side `black_moved` (or white) placed a disc on `square` and flipped
    /// `flipped`.
    #[inline(always)]
    pub fn play(&mut self, square: usize, flipped: u64, black_moved: bool) {
        // A new disc adds its digit (1 black, 2 white); a flipped disc goes 2 -> 1 when
        // black moved, 1 -> 2 when white did.
        if black_moved {
            self.add(square, 1);
            self.shift(flipped, false);
        } else {
            self.add(square, 2);
            self.shift(flipped, true);
        }
    }

    /// The index of lane `lane` read square by square (the reference for tests).
    pub fn slow_lane(black: u64, white: u64, lane: usize) -> u32 {
        (0..64)
            .map(|square| {
                let digit = if black >> square & 1 != 0 {
                    1
                } else if white >> square & 1 != 0 {
                    2
                } else {
                    0
                };
                digit * u32::from(LAYOUT.powers[square][lane])
            })
            .sum()
    }
}

/// Index `index` of family `family` with digits 1 and 2 exchanged (the other side's
/// view).
pub fn swap_colours(family: usize, index: usize) -> usize {
    let n = FAMILIES[family].squares.len();
    let (mut rest, mut out, mut power) = (index, 0, 1);
    for _ in 0..n {
        let digit = rest % 3;
        rest /= 3;
        out += power * [0, 2, 1][digit];
        power *= 3;
    }
    debug_assert!(index < pow3(n));
    out
}
