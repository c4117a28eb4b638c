//! Multi-ProbCut's statistics for the learned evaluation: which shallow search stands
//! for a deep one, and how far apart their values typically are.
//!
//! Measured by `othello-train probcut` (data/othello/README.md): engine searches to every
//! depth from positions of the training data, the deviation of the deep value from the
//! shallow one per depth and range of empties. Placeholder values until measured.

/// The shallowest depth checked by a cut.
pub const MIN_DEPTH: u32 = 3;

/// The shallow depth that stands for `depth`: about half as deep, and of the same parity
/// (Othello values swing with the side to move at the leaves).
pub const fn shallow_depth(depth: u32) -> u32 {
    2 * (depth / 4) + depth % 2
}

/// Standard deviations (centi-discs) of deep minus shallow value, by depth
/// (`MIN_DEPTH..`, the last row serving deeper ones) and by empties (21-30, 31-40,
/// 41-50, 51-60).
const SIGMA: [[i32; 4]; 8] = [
    [449, 358, 268, 204],
    [360, 334, 232, 186],
    [316, 278, 209, 172],
    [445, 419, 292, 228],
    [437, 361, 285, 192],
    [394, 361, 263, 164],
    [379, 331, 273, 157],
    [480, 423, 319, 180],
];

/// The shallow depth and deviation for a node `depth` plies above the horizon with
/// `empties` empty squares; `None` where no cut is tried (too shallow, or 20 empties or
/// fewer, where the solver's exactness matters more).
pub fn pair(depth: u32, empties: u32) -> Option<(u32, i32)> {
    if depth < MIN_DEPTH || empties <= 20 {
        return None;
    }
    let row = ((depth - MIN_DEPTH) as usize).min(SIGMA.len() - 1);
    let column = ((empties - 21) / 10).min(3) as usize;
    Some((shallow_depth(depth), SIGMA[row][column]))
}
