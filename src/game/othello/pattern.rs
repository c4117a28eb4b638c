//! The patterns of the learned evaluation and their base-3 indices.
//!
//! Each family is a fixed list of squares in the orientation anchored at corner a1 (or at
//! row 1); its instances are the same list on the board seen through the symmetries
//! (mirrors and the a1-h8 transpose), so that all instances share one weight table. A
//! square's digit is 0 empty, 1 side to move, 2 other side; the index is the sum of
//! `digit * 3^k` over the list. [`indices`] computes all [`INSTANCES`] indices of a
//! position from scratch with shifts and multiplications (no loop over squares), fast
//! enough for every leaf of the search.

use std::sync::OnceLock;

/// A family of patterns: its squares in the a1 orientation, in digit order.
pub struct Family {
    pub name: &'static str,
    pub squares: &'static [u8],
    /// How many instances a position has.
    pub instances: usize,
    /// The digit permutation that maps the pattern onto itself under a board symmetry
    /// (the a1-h8 transpose for the corner square, a reversal for lines): such pairs of
    /// configurations must share a weight so that symmetric positions evaluate the same.
    pub mirror: &'static [u8],
}

/// Every family, in table order.
pub const FAMILIES: [Family; 11] = [
    Family {
        name: "corner3x3",
        squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
        instances: 4,
        mirror: &[0, 3, 6, 1, 4, 7, 2, 5, 8],
    },
    Family {
        name: "corner2x5",
        squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
        instances: 8,
        mirror: &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
    Family {
        name: "edge2x",
        squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
        instances: 4,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0, 9, 8],
    },
    Family {
        name: "row2",
        squares: &[8, 9, 10, 11, 12, 13, 14, 15],
        instances: 4,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0],
    },
    Family {
        name: "row3",
        squares: &[16, 17, 18, 19, 20, 21, 22, 23],
        instances: 4,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0],
    },
    Family {
        name: "row4",
        squares: &[24, 25, 26, 27, 28, 29, 30, 31],
        instances: 4,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0],
    },
    Family {
        name: "diag8",
        squares: &[0, 9, 18, 27, 36, 45, 54, 63],
        instances: 2,
        mirror: &[7, 6, 5, 4, 3, 2, 1, 0],
    },
    Family {
        name: "diag7",
        squares: &[1, 10, 19, 28, 37, 46, 55],
        instances: 4,
        mirror: &[6, 5, 4, 3, 2, 1, 0],
    },
    Family {
        name: "diag6",
        squares: &[2, 11, 20, 29, 38, 47],
        instances: 4,
        mirror: &[5, 4, 3, 2, 1, 0],
    },
    Family {
        name: "diag5",
        squares: &[3, 12, 21, 30, 39],
        instances: 4,
        mirror: &[4, 3, 2, 1, 0],
    },
    Family {
        name: "diag4",
        squares: &[4, 13, 22, 31],
        instances: 4,
        mirror: &[3, 2, 1, 0],
    },
];

/// Pattern instances per position.
pub const INSTANCES: usize = 46;

/// `3^n`.
pub const fn pow3(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

/// Where each family's table starts in a stage's weights, and the total.
pub const OFFSETS: [usize; 12] = {
    let mut offsets = [0; 12];
    let mut i = 0;
    while i < 11 {
        offsets[i + 1] = offsets[i] + pow3(FAMILIES[i].squares.len());
        i += 1;
    }
    offsets
};

/// Pattern weights per stage.
pub const PATTERN_WEIGHTS: usize = OFFSETS[11];

/// `BINARY_TO_TERNARY[x]`: the bits of `x` read as base-3 digits.
const BINARY_TO_TERNARY: [u16; 1024] = {
    let mut table = [0u16; 1024];
    let mut x = 0;
    while x < 1024 {
        let mut value = 0;
        let mut bit = 9;
        loop {
            value = value * 3 + ((x >> bit) & 1);
            if bit == 0 {
                break;
            }
            bit -= 1;
        }
        table[x] = value as u16;
        x += 1;
    }
    table
};

#[inline(always)]
fn ternary(player_bits: u64, opponent_bits: u64) -> u32 {
    u32::from(BINARY_TO_TERNARY[player_bits as usize])
        + 2 * u32::from(BINARY_TO_TERNARY[opponent_bits as usize])
}

/// Mirrors columns (a <-> h).
#[inline(always)]
pub fn flip_horizontal(mut x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    x = ((x >> 1) & K1) | ((x & K1) << 1);
    x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Mirrors rows (1 <-> 8).
#[inline(always)]
pub fn flip_vertical(x: u64) -> u64 {
    x.swap_bytes()
}

/// Mirrors along the a1-h8 diagonal (row and column swap).
#[inline(always)]
pub fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;
const COLUMNS_TO_TOP: u64 = 0x0101_0101_0101_0101;

/// The squares of `mask` (one per column) gathered into the low bits by column.
#[inline(always)]
fn by_column(bits: u64, mask: u64) -> u64 {
    (bits & mask).wrapping_mul(COLUMNS_TO_TOP) >> 56
}

/// The bits of the corner 3x3, 2x5 and edge+2X patterns of corner a1 and row 1, and of
/// rows 2-4, of board `b` (its own orientation).
#[inline(always)]
fn corner3x3(b: u64) -> u64 {
    (b & 7) | (b >> 5 & 0x38) | (b >> 10 & 0x1C0)
}
#[inline(always)]
fn corner2x5(b: u64) -> u64 {
    (b & 0x1F) | (b >> 3 & 0x3E0)
}
#[inline(always)]
fn edge2x(b: u64) -> u64 {
    (b & 0xFF) | (b >> 1 & 0x100) | (b >> 5 & 0x200)
}

/// Hands every instance's table index (offset by its family's start, [`OFFSETS`]) to a
/// visitor; inlined, so the evaluation sums weights without an intermediate array.
struct Visit<F: FnMut(u32)>(F);

impl<F: FnMut(u32)> Visit<F> {
    #[inline(always)]
    fn push(&mut self, family: usize, player_bits: u64, opponent_bits: u64) {
        (self.0)(OFFSETS[family] as u32 + ternary(player_bits, opponent_bits));
    }

    /// Patterns read from a board and its vertical mirror: 2x5 and (when `lines`)
    /// edge+2X and rows 2-4.
    #[inline(always)]
    fn corner_pair(&mut self, p: u64, o: u64, lines: bool) {
        for (p, o) in [(p, o), (flip_vertical(p), flip_vertical(o))] {
            self.push(1, corner2x5(p), corner2x5(o));
            if lines {
                self.push(2, edge2x(p), edge2x(o));
                self.push(3, p >> 8 & 0xFF, o >> 8 & 0xFF);
                self.push(4, p >> 16 & 0xFF, o >> 16 & 0xFF);
                self.push(5, p >> 24 & 0xFF, o >> 24 & 0xFF);
            }
        }
    }

    /// Two 3x3 corners (of the board and its vertical mirror) and the diagonals that
    /// run from the board's row 1 or file a towards h8.
    #[inline(always)]
    fn corners_and_diagonals(&mut self, p: u64, o: u64) {
        self.push(0, corner3x3(p), corner3x3(o));
        self.push(0, corner3x3(flip_vertical(p)), corner3x3(flip_vertical(o)));
        self.push(6, by_column(p, MAIN_DIAGONAL), by_column(o, MAIN_DIAGONAL));
        self.diagonals::<1>(p, o);
        self.diagonals::<2>(p, o);
        self.diagonals::<3>(p, o);
        self.diagonals::<4>(p, o);
    }

    /// The diagonals of length `8 - K` above and below the main one.
    #[inline(always)]
    fn diagonals<const K: usize>(&mut self, p: u64, o: u64) {
        let above = (MAIN_DIAGONAL << K) & !(0x0101_0101_0101_0101 * ((1 << K) - 1));
        let below = MAIN_DIAGONAL << (8 * K);
        let mask = (1 << (8 - K)) - 1;
        self.push(6 + K, by_column(p, above) >> K, by_column(o, above) >> K);
        self.push(
            6 + K,
            by_column(p, below) & mask,
            by_column(o, below) & mask,
        );
    }
}

/// Calls `visit` with the table index of every pattern instance of the position
/// (`player` to move), each offset by its family's start ([`OFFSETS`]).
#[inline(always)]
pub fn for_each_index(player: u64, opponent: u64, visit: impl FnMut(u32)) {
    let mut v = Visit(visit);
    let (ph, oh) = (flip_horizontal(player), flip_horizontal(opponent));
    let (pt, ot) = (transpose(player), transpose(opponent));
    v.corners_and_diagonals(player, opponent);
    v.corners_and_diagonals(ph, oh);
    v.corner_pair(player, opponent, true);
    v.corner_pair(ph, oh, false);
    v.corner_pair(pt, ot, true);
    v.corner_pair(flip_horizontal(pt), flip_horizontal(ot), false);
}

/// The table indices of every pattern instance, in [`for_each_index`]'s order.
pub fn indices(player: u64, opponent: u64) -> [u32; INSTANCES] {
    let mut out = [0; INSTANCES];
    let mut len = 0;
    for_each_index(player, opponent, |index| {
        if len < INSTANCES {
            out[len] = index;
        }
        len += 1;
    });
    debug_assert_eq!(len, INSTANCES);
    out
}

/// The family a table index belongs to.
pub fn family_of(index: u32) -> usize {
    (0..11)
        .rev()
        .find(|&f| OFFSETS[f] as u32 <= index)
        .unwrap_or(0)
}

/// For every table index, the smaller of itself and its mirror configuration's index
/// (the weight both share).
pub fn canonical_indices() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::with_capacity(PATTERN_WEIGHTS);
        for family in &FAMILIES {
            let n = family.squares.len();
            let base = table.len() as u32;
            for index in 0..pow3(n) {
                let mut digits = [0usize; 10];
                let mut rest = index;
                for digit in digits.iter_mut().take(n) {
                    *digit = rest % 3;
                    rest /= 3;
                }
                let mirrored: usize = (0..n)
                    .rev()
                    .fold(0, |acc, k| acc * 3 + digits[usize::from(family.mirror[k])]);
                table.push(base + index.min(mirrored) as u32);
            }
        }
        table
    })
}

/// The index of one instance computed square by square (slow; the reference for tests):
/// `squares` are the instance's squares in digit order.
pub fn slow_index(player: u64, opponent: u64, squares: &[u8]) -> u32 {
    squares.iter().rev().fold(0, |acc, &s| {
        let digit = if player >> s & 1 != 0 {
            1
        } else if opponent >> s & 1 != 0 {
            2
        } else {
            0
        };
        acc * 3 + digit
    })
}
