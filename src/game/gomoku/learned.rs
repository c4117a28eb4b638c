//! The learned evaluation (`GomokuEval learned`): a linear model over the same line and
//! cell classes the classic evaluation sums, but with its own weight for each class as
//! the side to move ("mover") and as the side waiting ("waiter"), fitted by logistic
//! regression of self-play outcomes (`examples/gomoku_train.rs`, data/gomoku/README.md).
//!
//! Each empty cell is worth `sum over its four lines of LINE[role][line class] +
//! CELL[role][cell class]` for each player; the board keeps the per-player sums for both
//! roles incrementally (`board.rs`), so the evaluation costs two additions. This module
//! knows nothing about searching.

use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::Gomoku;
use crate::game::Game;

/// Line classes (`patterns.rs`, DEAD..FIVE) that carry a weight.
pub const LINE_CLASSES: usize = 9;
/// Features per role: line class counts (summed over the four directions), then cell
/// class counts.
pub const ROLE_FEATURES: usize = LINE_CLASSES + cell_class::COUNT;
/// Features of a position: the side to move's, the waiting side's, then 1 when Black
/// is to move (the first player's edge).
pub const FEATURES: usize = 2 * ROLE_FEATURES + 1;
/// The index of the Black-to-move feature.
pub const BLACK_TO_MOVE: usize = 2 * ROLE_FEATURES;

/// The fitted weights in evaluation points: mover features, waiter features, then the
/// constant (made by `gomoku_train fit`, see data/gomoku/README.md).
pub const WEIGHTS: [i32; FEATURES + 1] = [0; FEATURES + 1];

/// The worth of one empty cell with packed line classes `packed` and combined class
/// `class`, for a player in `role` (0 mover, 1 waiter), under `weights`.
pub fn cell_worth(weights: &[i32; FEATURES + 1], role: usize, packed: u16, class: u8) -> i32 {
    if class == cell_class::FORBIDDEN {
        return 0;
    }
    let base = role * ROLE_FEATURES;
    let mut worth = weights[base + LINE_CLASSES + usize::from(class)];
    for dir in 0..4 {
        let line = usize::from(packed >> (4 * dir) & 0xF);
        if line < LINE_CLASSES {
            worth += weights[base + line];
        }
    }
    worth
}

/// The features of `position` from the side to move's point of view, counted from
/// scratch (for training and tests; the search uses the board's incremental sums).
pub fn features(position: &Gomoku) -> [f32; FEATURES] {
    let mut out = [0.0; FEATURES];
    let board = position.board();
    let me = position.side_to_move().index();
    for cell in 0..board.size() * board.size() {
        if board.stone(cell).is_some() {
            continue;
        }
        for (role, player) in [me, 1 - me].into_iter().enumerate() {
            let class = board.cell_class(player, cell);
            if class == cell_class::FORBIDDEN {
                continue;
            }
            let base = role * ROLE_FEATURES;
            out[base + LINE_CLASSES + usize::from(class)] += 1.0;
            let packed = board.patterns(player, cell);
            for dir in 0..4 {
                let line = usize::from(packed >> (4 * dir) & 0xF);
                if line < LINE_CLASSES {
                    out[base + line] += 1.0;
                }
            }
        }
    }
    if me == 0 {
        out[BLACK_TO_MOVE] = 1.0;
    }
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

/// The weights as the Rust constant of this file.
pub fn format_weights(weights: &[i32]) -> String {
    let numbers: Vec<String> = weights.iter().map(i32::to_string).collect();
    format!(
        "pub const WEIGHTS: [i32; FEATURES + 1] = [{}];",
        numbers.join(", ")
    )
}
