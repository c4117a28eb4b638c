//! A fast Othello perft on raw bitboards: bulk counting at the last ply (the popcount of
//! the move mask), passes counted as one ply and finished games as one leaf, exactly as
//! the generic [`crate::game::perft`] counts them.

use crate::game::othello::bitboard::{flips, legal_moves};

/// The number of leaves `depth` plies below the position of `player` (to move) and
/// `opponent` discs, where `moves` is the legal-move mask of `player` (0 when it must pass
/// or the game is over).
pub fn leaves(player: u64, opponent: u64, moves: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    count(player, opponent, moves, depth)
}

/// Leaves below (`player`, `opponent`) with `moves` its legal-move mask; `depth >= 1`.
fn count(player: u64, opponent: u64, moves: u64, depth: u32) -> u64 {
    if moves == 0 {
        let replies = legal_moves(opponent, player);
        if replies == 0 || depth == 1 {
            // A finished game stays a leaf; a pass at the last ply is one leaf.
            return 1;
        }
        return count(opponent, player, replies, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    let mut total = 0;
    let mut rest = moves;
    while rest != 0 {
        let square = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flipped = flips(square, player, opponent);
        let next_player = opponent ^ flipped;
        let next_opponent = player | flipped | 1 << square;
        let next_moves = legal_moves(next_player, next_opponent);
        total += if depth == 2 {
            // Bulk count: a child without moves contributes one leaf (pass or end).
            u64::from(next_moves.count_ones().max(1))
        } else {
            count(next_player, next_opponent, next_moves, depth - 1)
        };
    }
    total
}
