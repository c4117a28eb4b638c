//! Cell classes: what a stone on an empty cell makes for one player over its four lines
//! (a five, an open four or two fours, a four-three, ...), and its heuristic worth. Both
//! are looked up by the four packed line classes in tables built once: one for the
//! unrestricted player, one for Black in renju (forbidden shapes).

use std::sync::OnceLock;

use crate::game::gomoku::learned;
use crate::game::gomoku::patterns::{
    DOUBLE_FOUR, FIVE, FOUR, OPEN_FOUR, OPEN_THREE, OPEN_TWO, OVERLINE, THREE,
};

pub use crate::game::gomoku::cell_class;

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

/// What one packed set of four line classes is worth: [`CellTable::entry`]. One word:
/// the classic worth ([`cell_value`] of the packed classes and their class), the
/// learned worths as the side to move and as the side waiting (`learned.rs`), each in
/// 20 bits biased by 2^19, then the combined class (as in [`CellTable::class`]) in the
/// top four bits. All three worths are 0 where the class is `FORBIDDEN`.
///
/// So the three worths change together by one subtraction of [`CellEntry::worths`],
/// and the differences of up to [`MAX_ENTRY_CHANGES`] cells add up in one `i64` that
/// [`unpack_worths`] splits again, exactly while no worth's size exceeds
/// [`MAX_ENTRY_WORTH`] (a test checks the tables).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellEntry(u64);

/// Bits of each worth in a [`CellEntry`].
const WORTH_BITS: u32 = 20;
/// The bias of each worth (half the field's range).
const WORTH_BIAS: i64 = 1 << (WORTH_BITS - 1);
const WORTH_MASK: u64 = (1 << WORTH_BITS) - 1;
/// The most cells whose entry differences one sum for [`unpack_worths`] may hold: the
/// ten cells around a new stone on each of its four lines.
pub const MAX_ENTRY_CHANGES: i64 = 40;
/// The largest worth a [`CellEntry`] may hold: a difference of two is at most twice
/// that, and [`MAX_ENTRY_CHANGES`] of those still fit a field's signed half.
pub const MAX_ENTRY_WORTH: i64 = (WORTH_BIAS - 1) / (2 * MAX_ENTRY_CHANGES);

impl CellEntry {
    fn new(class: u8, classic: i32, mover: i32, waiter: i32) -> Self {
        let field = |worth: i32| (i64::from(worth) + WORTH_BIAS) as u64 & WORTH_MASK;
        CellEntry(
            field(classic)
                | field(mover) << WORTH_BITS
                | field(waiter) << (2 * WORTH_BITS)
                | u64::from(class) << (3 * WORTH_BITS),
        )
    }

    /// The combined class.
    #[inline]
    pub fn class(self) -> u8 {
        (self.0 >> (3 * WORTH_BITS)) as u8
    }

    /// The worth in field `index` (0 classic, 1 mover, 2 waiter).
    #[inline]
    fn field(self, index: u32) -> i32 {
        ((self.0 >> (index * WORTH_BITS) & WORTH_MASK) as i64 - WORTH_BIAS) as i32
    }

    /// The classic worth.
    #[inline]
    pub fn classic(self) -> i32 {
        self.field(0)
    }

    /// The learned worth as the side to move.
    #[inline]
    pub fn mover(self) -> i32 {
        self.field(1)
    }

    /// The learned worth as the side waiting.
    #[inline]
    pub fn waiter(self) -> i32 {
        self.field(2)
    }

    /// The three biased worth fields as one number, whose differences between entries
    /// (added with wrapping arithmetic) [`unpack_worths`] splits.
    #[inline]
    pub fn worths(self) -> i64 {
        (self.0 & ((1 << (3 * WORTH_BITS)) - 1)) as i64
    }
}

/// The classic, mover and waiter parts of a wrapping sum of at most
/// [`MAX_ENTRY_CHANGES`] differences of [`CellEntry::worths`].
#[inline]
pub fn unpack_worths(sum: i64) -> [i32; 3] {
    let mut rest = sum;
    [0; 3].map(|_| {
        // The low field, sign-extended; what is left above it is a multiple of 2^20.
        let low = rest << (64 - WORTH_BITS) >> (64 - WORTH_BITS);
        rest = rest.wrapping_sub(low) >> WORTH_BITS;
        low as i32
    })
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
                table.entry[usize::from(packed)] = CellEntry::new(
                    class,
                    cell_value(packed, class),
                    i32::from(mover),
                    i32::from(waiter),
                );
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
            table.entry[usize::from(packed)].classic()
                > table.entry[usize::from(pack([FOUR, ONE, ONE, ONE]))].classic()
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
                assert_eq!(entry.class(), class, "{packed:#06x}");
                assert_eq!(entry.classic(), cell_value(packed, class));
                for worth in [entry.classic(), entry.mover(), entry.waiter()] {
                    assert!(i64::from(worth).abs() <= MAX_ENTRY_WORTH, "{packed:#06x}");
                }
                if class == cell_class::FORBIDDEN {
                    forbidden += 1;
                    assert_eq!((entry.mover(), entry.waiter()), (0, 0), "{packed:#06x}");
                } else {
                    for (role, worth) in [entry.mover(), entry.waiter()].into_iter().enumerate() {
                        let exact = learned::cell_worth(&learned::WEIGHTS, role, packed, class);
                        assert_eq!(worth, exact.clamp(-32768, 32767));
                    }
                }
            }
            // Only Black's renju table has forbidden classes.
            assert_eq!(forbidden > 0, renju);
        }
    }

    #[test]
    fn summed_entry_differences_unpack_into_each_worth() {
        let most = MAX_ENTRY_WORTH as i32;
        let entries = [
            CellEntry::new(3, most, -most, 7),
            CellEntry::new(10, -most, most, -most),
            CellEntry::new(0, 0, 0, 0),
            CellEntry::new(5, 12, -40, most),
        ];
        assert_eq!(entries[1].class(), 10);
        assert_eq!(
            [
                entries[3].classic(),
                entries[3].mover(),
                entries[3].waiter()
            ],
            [12, -40, most]
        );
        // Up to MAX_ENTRY_CHANGES differences of any two entries, each worth exact.
        for (a, b) in [(0, 1), (1, 0), (2, 3), (3, 1)] {
            let (was, is) = (entries[a], entries[b]);
            let mut sum = 0i64;
            for _ in 0..MAX_ENTRY_CHANGES {
                sum = sum.wrapping_add(is.worths().wrapping_sub(was.worths()));
            }
            let n = MAX_ENTRY_CHANGES as i32;
            assert_eq!(
                unpack_worths(sum),
                [
                    n * (is.classic() - was.classic()),
                    n * (is.mover() - was.mover()),
                    n * (is.waiter() - was.waiter())
                ]
            );
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
