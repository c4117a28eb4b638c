//! Counting the discs the last move flips, without finding them.
//!
//! With one empty square left every other square holds a disc, so along each line through
//! the empty square the discs that are not the mover's are the opponent's: how many a move
//! there flips depends only on the mover's discs on the four lines. Each line is gathered
//! into one byte (a shift for the row, a multiplication for the column and the diagonals)
//! and looked up in a small table: four lookups instead of eight ray walks and a popcount.

/// `FLIPS[i][line]`: the discs flipped along an 8-square line by a move on position `i`
/// when the set bits of `line` are the mover's and every other square is the opponent's.
static FLIPS: [[u8; 256]; 8] = make_flips();

const fn make_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards higher positions: a run of opponent discs closed by one of the mover's.
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                count += j - i - 1;
            }
            // Towards lower positions.
            let mut j = i as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                count += i - j as usize - 1;
            }
            table[i][line] = count as u8;
            line += 1;
        }
        i += 1;
    }
    table
}

/// The diagonal (a1-h8 direction) and anti-diagonal through each square, the square included.
static DIAGONALS: [[u64; 2]; 64] = make_diagonals();

const fn make_diagonals() -> [[u64; 2]; 64] {
    let mut masks = [[0u64; 2]; 64];
    let mut square = 0;
    while square < 64 {
        let (c, r) = ((square % 8) as i32, (square / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (oc, or) = (other % 8, other / 8);
            if oc - or == c - r {
                masks[square][0] |= 1u64 << other;
            }
            if oc + or == c + r {
                masks[square][1] |= 1u64 << other;
            }
            other += 1;
        }
        square += 1;
    }
    masks
}

/// The squares of a diagonal gathered into one byte, each at its column: a diagonal has
/// at most one square per column, so the byte sums of the multiplication never carry.
#[inline(always)]
fn diagonal_byte(discs: u64) -> usize {
    (discs.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// How many discs `player` flips by moving on `square`, the only empty square of a
/// board whose other squares not in `player` are the opponent's (0 if the move is illegal).
#[inline]
pub fn count_last_flips(square: usize, player: u64) -> i32 {
    let (column, row) = (square % 8, square / 8);
    let horizontal = (player >> (8 * row)) as u8 as usize;
    let vertical = (((player >> column) & 0x0101_0101_0101_0101)
        .wrapping_mul(0x0102_0408_1020_4080)
        >> 56) as usize;
    let [main, anti] = DIAGONALS[square];
    let flips = FLIPS[column][horizontal]
        + FLIPS[row][vertical]
        + FLIPS[column][diagonal_byte(player & main)]
        + FLIPS[column][diagonal_byte(player & anti)];
    i32::from(flips)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::othello::bitboard::flips;

    #[test]
    fn counts_agree_with_the_flips_on_full_boards() {
        let mut seed = 0x0DDB_A11C_AFE5_EED5u64;
        for round in 0..3000 {
            seed = crate::rng::mix64(seed);
            let mut discs = seed;
            if round % 3 == 0 {
                // Sparse and dense boards too, where many moves flip nothing.
                discs &= crate::rng::mix64(seed ^ 1);
            } else if round % 3 == 1 {
                discs |= crate::rng::mix64(seed ^ 2);
            }
            for square in 0..64 {
                let player = discs & !(1u64 << square);
                let opponent = !discs & !(1u64 << square);
                assert_eq!(
                    count_last_flips(square, player),
                    flips(square, player, opponent).count_ones() as i32,
                    "square {square} player {player:#x}"
                );
                assert_eq!(
                    count_last_flips(square, opponent),
                    flips(square, opponent, player).count_ones() as i32,
                    "square {square} opponent {opponent:#x}"
                );
            }
        }
    }
}
