//! A plain bitboard alpha-beta for the short searches outside the engine's search: the
//! self-play move choice of the trainer (hand-set evaluation), the labels of early
//! training positions and the endgame's move ordering (learned evaluation). Generic over
//! the leaf evaluation, so both run the same code.

use crate::game::othello::bitboard::{flips, legal_moves};
use crate::game::othello::final_margin;

/// What a search scores its leaves with.
pub trait Leaf {
    /// Whether a leaf whose side to move must pass is scored as it stands (true) or
    /// after the pass, from the other side's view (false: passes are not plies, so every
    /// leaf has exactly `depth` fewer empties than the root).
    const SCORES_PASSES: bool;

    /// The value in centi-discs for `player` (to move, with legal moves `moves`).
    fn value(&self, player: u64, opponent: u64, moves: u64) -> i32;
}

/// The value in centi-discs of a `depth`-ply alpha-beta search in (`alpha`, `beta`) for
/// `player` to move, exact margins (x100) at finished games.
pub fn negamax<L: Leaf>(
    leaf: &L,
    player: u64,
    opponent: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    let moves = legal_moves(player, opponent);
    if moves == 0 {
        if legal_moves(opponent, player) == 0 {
            return 100 * final_margin(player, opponent);
        }
        if depth > 0 || !L::SCORES_PASSES {
            return -negamax(leaf, opponent, player, depth, -beta, -alpha);
        }
    }
    if depth == 0 {
        return leaf.value(player, opponent, moves);
    }
    let mut best = i32::MIN + 1;
    let mut rest = moves;
    while rest != 0 {
        let square = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let flipped = flips(square, player, opponent);
        let score = -negamax(
            leaf,
            opponent ^ flipped,
            player | flipped | 1 << square,
            depth - 1,
            -beta,
            -alpha,
        );
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}
