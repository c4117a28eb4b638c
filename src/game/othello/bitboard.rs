//! Othello bitboards: legal-move masks and flips by shifts and ray masks (no loops over
//! squares), and a conservative stable-disc estimate.
//!
//! Square `index = row * 8 + column`, `a1` = bit 0 (top-left), `h1` = bit 7, `h8` = bit 63.
//! Knows nothing about positions, notation or search.

/// Every square but those on file a.
pub const NOT_FILE_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
/// Every square but those on file h.
pub const NOT_FILE_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// Files b to g: discs that can be outflanked horizontally or diagonally.
const INNER_FILES: u64 = NOT_FILE_A & NOT_FILE_H;
/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The whole border (files a and h, rows 1 and 8).
pub const BORDER: u64 = 0xFF81_8181_8181_81FF;

/// The moves one direction of the parallel prefix gives: runs of `mask`ed opponent discs
/// that start next to a `player` disc, shifted once more onto the square behind them.
#[inline(always)]
fn moves_up(player: u64, mask: u64, shift: u32) -> u64 {
    let mut flip = mask & (player << shift);
    flip |= mask & (flip << shift);
    let pairs = mask & (mask << shift);
    flip |= pairs & (flip << (2 * shift));
    flip |= pairs & (flip << (2 * shift));
    flip << shift
}

#[inline(always)]
fn moves_down(player: u64, mask: u64, shift: u32) -> u64 {
    let mut flip = mask & (player >> shift);
    flip |= mask & (flip >> shift);
    let pairs = mask & (mask >> shift);
    flip |= pairs & (flip >> (2 * shift));
    flip |= pairs & (flip >> (2 * shift));
    flip >> shift
}

/// The squares where `player` may move against `opponent`.
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    let inner = opponent & INNER_FILES;
    let moves = moves_up(player, inner, 1)
        | moves_down(player, inner, 1)
        | moves_up(player, opponent, 8)
        | moves_down(player, opponent, 8)
        | moves_up(player, inner, 7)
        | moves_down(player, inner, 7)
        | moves_up(player, inner, 9)
        | moves_down(player, inner, 9);
    moves & !(player | opponent)
}

/// Ray directions as (column step, row step): the first four increase the square index.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
];

const fn make_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DIRECTIONS[d];
            let mut c = (square % 8) as i32 + dc;
            let mut r = (square / 8) as i32 + dr;
            let mut ray = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            rays[square][d] = ray;
            d += 1;
        }
        square += 1;
    }
    rays
}

/// `RAYS[square][direction]`: the squares strictly beyond `square` towards the edge.
static RAYS: [[u64; 8]; 64] = make_rays();

/// Flips along a ray of increasing indices: the opponent discs up to the first
/// non-opponent square, if that square is the player's.
#[inline(always)]
fn flips_up(ray: u64, player: u64, opponent: u64) -> u64 {
    let stop = ray & !opponent;
    let first = stop & stop.wrapping_neg();
    let run = ray & first.wrapping_sub(1);
    if first & player != 0 {
        run
    } else {
        0
    }
}

/// Flips along a ray of decreasing indices. With no stop square `first` is bit 63 and
/// the run is empty, so no branch is needed for that case.
#[inline(always)]
fn flips_down(ray: u64, player: u64, opponent: u64) -> u64 {
    let stop = ray & !opponent;
    let first = (1u64 << 63) >> (stop.leading_zeros() & 63);
    let run = ray & !(first << 1).wrapping_sub(1);
    if first & player != 0 {
        run
    } else {
        0
    }
}

/// The opponent discs that `player` flips by playing on `square` (0 if none: then the
/// move is illegal).
#[inline]
pub fn flips(square: usize, player: u64, opponent: u64) -> u64 {
    let rays = &RAYS[square];
    flips_up(rays[0], player, opponent)
        | flips_up(rays[1], player, opponent)
        | flips_up(rays[2], player, opponent)
        | flips_up(rays[3], player, opponent)
        | flips_down(rays[4], player, opponent)
        | flips_down(rays[5], player, opponent)
        | flips_down(rays[6], player, opponent)
        | flips_down(rays[7], player, opponent)
}

/// Empty squares next to at least one disc of `discs` (for potential mobility).
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    let horizontal = ((discs << 1) & NOT_FILE_A) | ((discs >> 1) & NOT_FILE_H);
    let row = discs | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

/// Rows 1 and 8.
const TOP_BOTTOM: u64 = 0xFF00_0000_0000_00FF;
/// Files a and h.
const LEFT_RIGHT: u64 = 0x8181_8181_8181_8181;

/// `player`'s edge discs joined to one of its corners by its own discs along the edge:
/// a cheap subset of the stable discs, for the evaluation.
#[inline]
pub fn edge_anchored(player: u64) -> u64 {
    let mut stable = player & CORNERS;
    if stable == 0 {
        return 0;
    }
    let rows = player & TOP_BOTTOM;
    let columns = player & LEFT_RIGHT;
    loop {
        let next = stable
            | (rows & (((stable << 1) & NOT_FILE_A) | ((stable >> 1) & NOT_FILE_H)))
            | (columns & ((stable << 8) | (stable >> 8)));
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Squares whose row is completely filled.
#[inline]
fn full_rows(filled: u64) -> u64 {
    let mut t = filled & (filled >> 4);
    t &= t >> 2;
    t &= t >> 1;
    (t & 0x0101_0101_0101_0101) * 0xFF
}

/// Squares whose column is completely filled.
#[inline]
fn full_columns(filled: u64) -> u64 {
    let mut t = filled & (filled >> 32);
    t &= t >> 16;
    t &= t >> 8;
    (t & 0xFF) * 0x0101_0101_0101_0101
}

const fn make_diagonals() -> [u64; 30] {
    let mut masks = [0u64; 30];
    let mut k = 0;
    while k < 15 {
        let mut square: i32 = 0;
        while square < 64 {
            let (c, r) = (square % 8, square / 8);
            if c + r == k as i32 {
                masks[k] |= 1u64 << square;
            }
            if c - r + 7 == k as i32 {
                masks[15 + k] |= 1u64 << square;
            }
            square += 1;
        }
        k += 1;
    }
    masks
}

/// The 15 anti-diagonals then the 15 diagonals.
static DIAGONALS: [u64; 30] = make_diagonals();

/// Squares on a completely filled diagonal, for each of the two diagonal directions.
#[inline]
fn full_diagonals(filled: u64) -> (u64, u64) {
    let mut anti = 0;
    let mut main = 0;
    for k in 0..15 {
        let (a, m) = (DIAGONALS[k], DIAGONALS[15 + k]);
        if filled & a == a {
            anti |= a;
        }
        if filled & m == m {
            main |= m;
        }
    }
    (anti, main)
}

/// A conservative set of `player`'s stable discs (never flippable again): a disc is
/// stable when, along each of the four lines through it, the line is full or a
/// neighbour on that line is the edge or a stable disc of its own.
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    let filled = player | opponent;
    let (anti, main) = full_diagonals(filled);
    let rows = full_rows(filled) | !INNER_FILES;
    let columns = full_columns(filled) | 0xFF00_0000_0000_00FF;
    let anti = anti | BORDER;
    let main = main | BORDER;
    let mut stable = 0u64;
    loop {
        let horizontal = rows | ((stable << 1) & NOT_FILE_A) | ((stable >> 1) & NOT_FILE_H);
        let vertical = columns | (stable << 8) | (stable >> 8);
        let anti_ok = anti | ((stable << 7) & NOT_FILE_H) | ((stable >> 7) & NOT_FILE_A);
        let main_ok = main | ((stable << 9) & NOT_FILE_A) | ((stable >> 9) & NOT_FILE_H);
        let next = player & horizontal & vertical & anti_ok & main_ok;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flips found by walking each direction square by square (the slow, obvious way).
    fn slow_flips(square: usize, player: u64, opponent: u64) -> u64 {
        if (player | opponent) >> square & 1 != 0 {
            return 0;
        }
        let mut all = 0;
        for (dc, dr) in DIRECTIONS {
            let (mut c, mut r) = ((square % 8) as i32 + dc, (square / 8) as i32 + dr);
            let mut run = 0u64;
            while (0..8).contains(&c) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + c);
                if opponent & bit != 0 {
                    run |= bit;
                } else {
                    if player & bit != 0 {
                        all |= run;
                    }
                    break;
                }
                c += dc;
                r += dr;
            }
        }
        all
    }

    #[test]
    fn shift_move_generation_matches_square_by_square_walks() {
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..3000 {
            seed = crate::rng::mix64(seed);
            let a = seed;
            seed = crate::rng::mix64(seed);
            let (player, opponent) = (a & seed, !a & seed.rotate_left(7));
            let mut expected = 0;
            for square in 0..64 {
                let slow = slow_flips(square, player, opponent);
                if (player | opponent) >> square & 1 == 0 {
                    assert_eq!(flips(square, player, opponent), slow, "square {square}");
                }
                if slow != 0 {
                    expected |= 1 << square;
                }
            }
            assert_eq!(legal_moves(player, opponent), expected);
        }
    }

    #[test]
    fn edge_anchored_discs_follow_the_edges_from_own_corners() {
        // a1 b1 c1 and e1 (gap at d1), a2 a3, and a lone h8 corner with g7 inside.
        let player = 0b1_0111 | 1 << 8 | 1 << 16 | 1 << 63 | 1 << 54;
        assert_eq!(edge_anchored(player), 0b111 | 1 << 8 | 1 << 16 | 1 << 63);
        assert_eq!(edge_anchored(1 << 1 | 1 << 8), 0);
    }

    #[test]
    fn stable_discs_include_filled_corners_and_full_lines() {
        // X owns a1, b1 and a2; O owns c1; the rest of row 1 is empty.
        let player = 0b11 | 1 << 8;
        let opponent = 0b100;
        assert_eq!(stable_discs(player, opponent), player);
        // A full board: everything is stable.
        assert_eq!(stable_discs(0xF0F0, !0xF0F0), 0xF0F0);
        // An isolated centre disc is not.
        assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
    }
}
