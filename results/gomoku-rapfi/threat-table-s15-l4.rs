//! The fitted worths of `threat_term.rs`, written by `gomoku_train threats` (see
//! data/gomoku/README.md for the data and the exact command). Do not edit by hand.

use super::{CLASSES, MAX_COUNT};

/// Per role (side to move, side waiting), per class of `CLASSES`, per count (0 to
/// `MAX_COUNT`): the worth in evaluation points.
pub const WORTH: [[[i32; MAX_COUNT + 1]; CLASSES.len()]; 2] = [[[0, -161, -127, 34, 46, 46, 234], [0, 161, 191, 291, 355, 355, 503], [0, 133, -9, -264, -227, -227, -828], [0, -826, 409, 259, 828, 828, 1232], [0, 1316, 903, 1770, 1372, 1372, 1372]], [[0, 250, 201, 55, 141, 141, -48], [0, -18, -208, -259, -314, -314, -454], [0, -375, -400, -283, -475, -475, -53], [0, -253, -301, -1126, -916, -916, -1376], [0, -680, -1265, -1812, -1581, -1581, -1581]]];
