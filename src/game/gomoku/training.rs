//! The features of whole positions for fitting the learned evaluation's weights
//! (`learned.rs`), counted from scratch: the trainer's and the tests' view of what the
//! board sums incrementally.

use crate::game::gomoku::cell_class;
use crate::game::gomoku::learned::{
    cell_features, BLACK_TO_MOVE, FEATURES, MASK_BASE, ROLE_FEATURES,
};
use crate::game::gomoku::threat_mask::threat_mask;
use crate::game::gomoku::Gomoku;
use crate::game::Game;

/// The features of `position` from the side to move's point of view, counted from
/// scratch (for training and tests; the search uses the board's incremental sums).
pub fn features(position: &Gomoku) -> [f32; FEATURES] {
    features_of(position, position.side_to_move().index())
}

/// The features of `position` with player `me` (0 Black, 1 White) as the mover: the
/// side with the tempo, which is the opponent of the side to move when that side must
/// stop an open three ([`Gomoku::must_defend`]; the evaluation, with `GomokuInitiative`
/// on, scores such a position as minus the opponent's view, and the fit trains on the
/// same view).
pub fn features_of(position: &Gomoku, me: usize) -> [f32; FEATURES] {
    let mut out = [0.0; FEATURES];
    let board = position.board();
    for cell in 0..board.size() * board.size() {
        if board.stone(cell).is_some() {
            continue;
        }
        for (role, player) in [me, 1 - me].into_iter().enumerate() {
            let base = role * ROLE_FEATURES;
            let packed = board.patterns(player, cell);
            cell_features(packed, board.cell_class(player, cell), |i| {
                out[base + i] += 1.0;
            });
        }
    }
    if me == 0 {
        out[BLACK_TO_MOVE] = 1.0;
    }
    out[MASK_BASE + threat_mask(board, me)] = 1.0;
    out
}

/// Whether the evaluation of `position` comes from the weights, not from one of the
/// threat rules every evaluation shares (a five to play, an open four, a four-three).
pub fn is_quiet(position: &Gomoku) -> bool {
    let board = position.board();
    let me = position.side_to_move().index();
    let them = 1 - me;
    if position.outcome().is_some() || board.class_count(me, cell_class::FIVE) > 0 {
        return false;
    }
    let their_fives = board.class_count(them, cell_class::FIVE);
    if their_fives >= 2 {
        return false;
    }
    !(their_fives == 0
        && (board.class_count(me, cell_class::OPEN_FOUR) > 0
            || (board.class_count(them, cell_class::OPEN_FOUR) == 0
                && board.class_count(me, cell_class::FOUR_THREE) > 0)))
}
