//! The learned evaluation (`GomokuEval learned`): a linear model over the same line and
//! cell classes the classic evaluation sums, but with its own weight for each class as
//! the side with the tempo ("mover": the side to move, unless it must stop an open three,
//! see `training::features_of`) and as the other side ("waiter"), fitted by logistic regression on
//! self-play positions (labelled by their outcome or by a search's value;
//! `gomoku-train` in tools/, data/gomoku/README.md).
//!
//! Each empty cell is worth `sum over its four lines of LINE[role][line class] +
//! CELL[role][cell class] + COMBO[role][the unordered combination of its four line
//! classes]` for each player. The combination (495 multisets of four of the nine line
//! classes) determines the other two, so COMBO alone could say everything; the fit keeps
//! LINE and CELL as a lightly regularised base and pulls each COMBO weight harder towards
//! 0, so that a rare combination is worth about what its lines and class are. The board
//! keeps the per-player sums for both roles incrementally through a table indexed by the
//! packed line classes (`cells.rs`), so the evaluation costs two additions whatever the
//! weights. On top, one weight for the position's threat mask (`threat_mask.rs`: which
//! of the fours, open threes, double threes, four-threes and open fours each side can
//! make), which the cell sums cannot see: how the two sides' threats meet. This module
//! knows nothing about searching.

use crate::game::gomoku::cell_class;
use crate::game::gomoku::threat_mask::MASKS;

/// Line classes (`patterns.rs`, DEAD..FIVE) that carry a weight.
pub const LINE_CLASSES: usize = 9;
/// Unordered combinations (multisets) of four line classes: C(9 + 3, 4).
pub const COMBOS: usize = 495;
/// Where the combination features of a role start.
pub const COMBO_BASE: usize = LINE_CLASSES + cell_class::COUNT;
/// Features per role: line class counts (summed over the four directions), cell class
/// counts, then counts of the cells' combinations of four line classes.
pub const ROLE_FEATURES: usize = COMBO_BASE + COMBOS;
/// Features of a position: the mover's, the waiter's, 1 when Black is the mover (the
/// first player's edge), then one for each threat mask (`threat_mask.rs`, taken with
/// the mover as the side to move), 1 for the position's mask.
pub const FEATURES: usize = MASK_BASE + MASKS;
/// The index of the Black-to-move feature.
pub const BLACK_TO_MOVE: usize = 2 * ROLE_FEATURES;
/// Where the threat-mask features start.
pub const MASK_BASE: usize = BLACK_TO_MOVE + 1;

mod weights;
pub use weights::WEIGHTS;

// The generated table names its length as a number: a weight for every feature and the
// constant.
const _: () = assert!(WEIGHTS.len() == FEATURES + 1);

/// `BINOMIAL[n][k]`: n choose k, for the combinatorial number system of [`combo_index`].
const BINOMIAL: [[usize; 5]; 12] = {
    let mut table = [[0; 5]; 12];
    let mut n = 0;
    while n < 12 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 5 && k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// The index (0..[`COMBOS`]) of the unordered combination of four line classes
/// (each 0..[`LINE_CLASSES`]): with the classes sorted `a >= b >= c >= d`,
/// `C(a + 3, 4) + C(b + 2, 3) + C(c + 1, 2) + C(d, 1)` (the combinatorial number
/// system, a bijection from the multisets onto 0..495).
pub fn combo_index(mut lines: [usize; 4]) -> usize {
    lines.sort_unstable_by(|x, y| y.cmp(x));
    let [a, b, c, d] = lines;
    BINOMIAL[a + 3][4] + BINOMIAL[b + 2][3] + BINOMIAL[c + 1][2] + d
}

/// The line classes of packed four-direction classes, those above FIVE (which occur
/// only in forbidden cells) counted as FIVE.
fn lines_of(packed: u16) -> [usize; 4] {
    [0, 1, 2, 3].map(|dir| usize::from(packed >> (4 * dir) & 0xF).min(LINE_CLASSES - 1))
}

/// Calls `f` with the index (within a role) of each feature that one empty cell with
/// packed line classes `packed` and combined class `class` adds 1 to. Forbidden cells
/// (renju) add nothing.
#[inline]
pub fn cell_features(packed: u16, class: u8, mut f: impl FnMut(usize)) {
    if class == cell_class::FORBIDDEN {
        return;
    }
    f(LINE_CLASSES + usize::from(class));
    let lines = lines_of(packed);
    for line in lines {
        f(line);
    }
    f(COMBO_BASE + combo_index(lines));
}

/// The worth of one empty cell with packed line classes `packed` and combined class
/// `class`, for a player in `role` (0 mover, 1 waiter), under `weights`.
pub fn cell_worth(weights: &[i32; FEATURES + 1], role: usize, packed: u16, class: u8) -> i32 {
    let base = role * ROLE_FEATURES;
    let mut worth = 0;
    cell_features(packed, class, |i| worth += weights[base + i]);
    worth
}

/// The weights as the Rust source of `learned/weights.rs`.
pub fn format_weights(weights: &[i32]) -> String {
    let numbers: Vec<String> = weights.iter().map(i32::to_string).collect();
    format!(
        "//! The fitted weights of `learned.rs`, written by `gomoku-train fit` (see\n//! data/gomoku/README.md for the data and the exact command). Do not edit by hand.\n\n/// Mover features, waiter features, Black to move, the threat masks, then the constant,\n/// in evaluation points.\npub const WEIGHTS: [i32; {}] = [{}];\n",
        weights.len(),
        numbers.join(", ")
    )
}
