//! The fitted weights of `learned.rs`, written by `gomoku_train fit` (see
//! data/gomoku/README.md for the data and the exact command). Do not edit by hand.

use super::FEATURES;

/// Mover features, waiter features, Black to move, then the constant, in evaluation points.
pub const WEIGHTS: [i32; FEATURES + 1] = [
    1, 1, 4, 12, 16, 58, 86, 106, 750, 0, 0, -12, -7, 3, 11, 55, 33, 552, 364, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, -1, -1, -3, -10, -15, -48, -71, -98, -669, 0, 0, 11, 11, -2, -9, -71, -30,
    -444, -330, -69, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 332, -157,
];
