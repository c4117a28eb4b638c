//! The fitted worths of `threat_term.rs`, written by `gomoku_train threats` (see
//! data/gomoku/README.md for the data and the exact command). Do not edit by hand.

use super::{CLASSES, MAX_COUNT};

/// Per role (side to move, side waiting), per class of `CLASSES`, per count (0 to
/// `MAX_COUNT`): the worth in evaluation points.
pub const WORTH: [[[i32; MAX_COUNT + 1]; CLASSES.len()]; 2] = [[[0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]], [[0, 246, 80, -208, -304, -304, -750], [0, -112, -243, -334, -404, -404, -639], [0, -265, -201, 2, -115, -115, 384], [0, -361, -298, -850, -763, -763, -1064], [0, -452, -767, -1529, -1857, -1857, -1857]]];
