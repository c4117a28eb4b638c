//! The fitted weights of `learned.rs`, written by `gomoku_train fit` (see
//! data/gomoku/README.md for the data and the exact command). Do not edit by hand.

use super::FEATURES;

/// Mover features, waiter features, Black to move, then the constant, in evaluation points.
pub const WEIGHTS: [i32; FEATURES + 1] = [
    92, 93, 94, 115, 111, -132, -342, -437, 0, 0, -414, -435, -457, -429, -143, 239, 141, 881, 514,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -16, -16, -17, -35, -46, -154, 35, 158, -315, 0, 109,
    125, 150, 140, 214, 203, -46, -313, -369, -315, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 161,
    -84,
];
