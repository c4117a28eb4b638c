//! The fitted worths of `threat_term.rs`, written by `gomoku_train threats` (see
//! data/gomoku/README.md for the data and the exact command). Do not edit by hand.

use super::{CLASSES, MAX_COUNT};

/// Per role (side to move, side waiting), per class of `CLASSES`, per count (0 to
/// `MAX_COUNT`): the worth in evaluation points.
pub const WORTH: [[[i32; MAX_COUNT + 1]; CLASSES.len()]; 2] = [[[0, -83, 186, 391, 543, 543, 909], [0, 273, 231, 386, 448, 448, 655], [0, 61, -109, -439, -476, -476, -971], [0, -632, 315, 84, 602, 602, 831], [0, 1023, 570, 1483, 1675, 1675, 1675]], [[0, 246, 80, -208, -304, -304, -750], [0, -112, -243, -334, -404, -404, -639], [0, -265, -201, 2, -115, -115, 384], [0, -361, -298, -850, -763, -763, -1064], [0, -452, -767, -1529, -1857, -1857, -1857]]];
