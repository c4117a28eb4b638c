//! Cell classes: what a stone on an empty cell makes for one player over its four lines
//! (a five, an open four or two fours, a four-three, ...), and its heuristic worth. Both
//! are looked up by the four packed line classes in tables built once: one for the
//! unrestricted player, one for Black in renju (forbidden shapes).

use std::sync::OnceLock;

use crate::game::gomoku::learned;
use crate::game::gomoku::patterns::{
    DOUBLE_FOUR, FIVE, FOUR, OPEN_FOUR, OPEN_THREE, OPEN_TWO, OVERLINE, THREE,
};

/// What a stone on a cell makes for one player, over all four lines.
pub mod cell_class {
    /// Renju, Black: the move is forbidden (overline, double four, double three).
    pub const FORBIDDEN: u8 = 0;
    pub const LOW: u8 = 1;
    pub const OPEN_TWO: u8 = 2;
    pub const DOUBLE_TWO: u8 = 3;
    pub const THREE: u8 = 4;
    pub const OPEN_THREE: u8 = 5;
    /// Two or more open threes (renju Black: forbidden unless one is not a real three,
    /// which the board decides by the recursive rule; a four may come with them).
    pub const DOUBLE_THREE: u8 = 6;
    pub const FOUR: u8 = 7;
    pub const FOUR_THREE: u8 = 8;
    /// An open four or two fours: wins unless the opponent has a five first.
    pub const OPEN_FOUR: u8 = 9;
    pub const FIVE: u8 = 10;
    pub const COUNT: usize = 11;
}

/// Heuristic worth of a line class for an empty cell.
pub const LINE_VALUE: [i32; 9] = [0, 1, 4, 12, 10, 40, 45, 150, 600];
/// Extra worth of the combined cell classes (double threats).
pub const CELL_BONUS: [i32; cell_class::COUNT] = [0, 0, 0, 8, 0, 0, 120, 0, 250, 400, 0];

/// Per packed four-direction classes: the combined class and the heuristic worth.
pub struct CellTable {
    pub class: Box<[u8; 1 << 16]>,
    /// Per packed classes: the class again and the worths, side by side so that one
    /// load serves the board's class count and three sums (`Board::place` updates them
    /// for every cell that changes) and the move ordering's class and classic worth.
    pub entry: Box<[CellEntry; 1 << 16]>,
}

/// What one packed set of four line classes is worth: [`CellTable::entry`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellEntry {
    /// The classic worth ([`cell_value`] of the packed classes and their class). All
    /// three worths are 0 where the class is `FORBIDDEN`.
    pub classic: i16,
    /// The learned worth as the side to move (`learned.rs`).
    pub mover: i16,
    /// The learned worth as the side waiting.
    pub waiter: i16,
    /// The combined class (as in [`CellTable::class`]).
    pub class: u8,
}

/// The table of an unrestricted player (`renju_black` false) or of Black in renju,
/// built on first use.
pub fn cell_table(renju_black: bool) -> &'static CellTable {
    static TABLES: OnceLock<[CellTable; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [false, true].map(|renju| {
            let mut table = CellTable {
                class: Box::new([0; 1 << 16]),
                entry: Box::new([CellEntry::default(); 1 << 16]),
            };
            for packed in 0..=u16::MAX {
                let class = if renju {
                    combine_renju_black(packed)
                } else {
                    combine(packed)
                };
                table.class[usize::from(packed)] = class;
                // A forbidden cell is worth nothing (the board adds no worth for one).
                let [mover, waiter] = [0, 1].map(|role| {
                    if class == cell_class::FORBIDDEN {
                        return 0;
                    }
                    learned::cell_worth(&learned::WEIGHTS, role, packed, class)
                        .clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
                });
                table.entry[usize::from(packed)] = CellEntry {
                    classic: cell_value(packed, class) as i16,
                    mover,
                    waiter,
                    class,
                };
            }
            table
        })
    });
    &tables[usize::from(renju_black)]
}

/// The combined class of four packed line classes for Black in renju: a five wins
/// whatever else the stone makes; otherwise an overline or two fours are forbidden, and
/// two open threes are `DOUBLE_THREE`, forbidden only if both threes are real (decided
/// on the board, see `renju.rs`).
pub fn combine_renju_black(packed: u16) -> u8 {
    let mut fours = 0;
    let mut open_threes = 0;
    let mut five = false;
    let mut overline = false;
    for dir in 0..4 {
        match (packed >> (4 * dir) & 0xF) as u8 {
            FIVE => five = true,
            OVERLINE => overline = true,
            DOUBLE_FOUR => fours += 2,
            FOUR | OPEN_FOUR => fours += 1,
            OPEN_THREE => open_threes += 1,
            _ => {}
        }
    }
    if five {
        cell_class::FIVE
    } else if overline || fours >= 2 {
        cell_class::FORBIDDEN
    } else if open_threes >= 2 {
        cell_class::DOUBLE_THREE
    } else {
        combine(packed)
    }
}

/// The combined class of four packed line classes.
#[inline]
pub fn combine(packed: u16) -> u8 {
    let mut fours = 0;
    let mut open_threes = 0;
    let mut threes = 0;
    let mut open_twos = 0;
    let mut best = 0;
    for dir in 0..4 {
        let class = (packed >> (4 * dir) & 0xF) as u8;
        best = best.max(class);
        match class {
            FOUR | OPEN_FOUR => fours += 1,
            OPEN_THREE => open_threes += 1,
            THREE => threes += 1,
            OPEN_TWO => open_twos += 1,
            _ => {}
        }
    }
    if best == FIVE {
        cell_class::FIVE
    } else if best == OPEN_FOUR || fours >= 2 {
        cell_class::OPEN_FOUR
    } else if fours == 1 && open_threes >= 1 {
        cell_class::FOUR_THREE
    } else if fours == 1 {
        cell_class::FOUR
    } else if open_threes >= 2 {
        cell_class::DOUBLE_THREE
    } else if open_threes == 1 {
        cell_class::OPEN_THREE
    } else if threes >= 1 {
        cell_class::THREE
    } else if open_twos >= 2 {
        cell_class::DOUBLE_TWO
    } else if open_twos == 1 {
        cell_class::OPEN_TWO
    } else {
        cell_class::LOW
    }
}

/// The heuristic worth of an empty cell for one player.
#[inline]
pub fn cell_value(packed: u16, class: u8) -> i32 {
    if class == cell_class::FORBIDDEN {
        return 0;
    }
    let mut value = CELL_BONUS[usize::from(class)];
    for dir in 0..4 {
        // OVERLINE, DOUBLE_FOUR (only in forbidden cells) and nibbles that never occur on
        // a board are worth nothing.
        value += LINE_VALUE
            .get(usize::from(packed >> (4 * dir) & 0xF))
            .copied()
            .unwrap_or(0);
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::gomoku::patterns::{ONE, TWO};

    fn pack(classes: [u8; 4]) -> u16 {
        classes
            .iter()
            .enumerate()
            .map(|(dir, &c)| u16::from(c) << (4 * dir))
            .sum()
    }

    #[test]
    fn double_threats_are_recognised() {
        assert_eq!(
            combine(pack([FOUR, OPEN_THREE, ONE, ONE])),
            cell_class::FOUR_THREE
        );
        assert_eq!(combine(pack([FOUR, FOUR, ONE, ONE])), cell_class::OPEN_FOUR);
        assert_eq!(
            combine(pack([ONE, OPEN_FOUR, ONE, ONE])),
            cell_class::OPEN_FOUR
        );
        assert_eq!(
            combine(pack([OPEN_THREE, OPEN_THREE, TWO, ONE])),
            cell_class::DOUBLE_THREE
        );
        assert_eq!(combine(pack([FIVE, FOUR, FOUR, ONE])), cell_class::FIVE);
        assert_eq!(
            combine(pack([THREE, OPEN_TWO, ONE, ONE])),
            cell_class::THREE
        );
        let table = cell_table(false);
        let packed = pack([FOUR, OPEN_THREE, ONE, ONE]);
        assert_eq!(table.class[usize::from(packed)], cell_class::FOUR_THREE);
        assert!(
            table.entry[usize::from(packed)].classic
                > table.entry[usize::from(pack([FOUR, ONE, ONE, ONE]))].classic
        );
    }

    #[test]
    fn table_entries_hold_the_class_and_the_worths() {
        for renju in [false, true] {
            let table = cell_table(renju);
            let mut forbidden = 0;
            for packed in 0..=u16::MAX {
                let entry = table.entry[usize::from(packed)];
                let class = table.class[usize::from(packed)];
                assert_eq!(entry.class, class, "{packed:#06x}");
                assert_eq!(i32::from(entry.classic), cell_value(packed, class));
                if class == cell_class::FORBIDDEN {
                    forbidden += 1;
                    assert_eq!((entry.mover, entry.waiter), (0, 0), "{packed:#06x}");
                } else {
                    for (role, worth) in [entry.mover, entry.waiter].into_iter().enumerate() {
                        let exact = learned::cell_worth(&learned::WEIGHTS, role, packed, class);
                        assert_eq!(i32::from(worth), exact.clamp(-32768, 32767));
                    }
                }
            }
            // Only Black's renju table has forbidden classes.
            assert_eq!(forbidden > 0, renju);
        }
    }

    #[test]
    fn renju_black_double_threats_are_forbidden_or_checked() {
        let renju = combine_renju_black;
        assert_eq!(renju(pack([FOUR, FOUR, ONE, ONE])), cell_class::FORBIDDEN);
        assert_eq!(
            renju(pack([DOUBLE_FOUR, ONE, ONE, ONE])),
            cell_class::FORBIDDEN
        );
        assert_eq!(
            renju(pack([OVERLINE, OPEN_THREE, ONE, ONE])),
            cell_class::FORBIDDEN
        );
        // A five wins even when the same stone makes an overline or two fours elsewhere.
        assert_eq!(renju(pack([FIVE, OVERLINE, FOUR, FOUR])), cell_class::FIVE);
        assert_eq!(
            renju(pack([FOUR, OPEN_THREE, ONE, ONE])),
            cell_class::FOUR_THREE
        );
        assert_eq!(
            renju(pack([OPEN_THREE, OPEN_THREE, ONE, ONE])),
            cell_class::DOUBLE_THREE
        );
        assert_eq!(
            renju(pack([FOUR, OPEN_THREE, OPEN_THREE, ONE])),
            cell_class::DOUBLE_THREE
        );
        assert_eq!(
            renju(pack([OPEN_FOUR, ONE, ONE, ONE])),
            cell_class::OPEN_FOUR
        );
    }
}
