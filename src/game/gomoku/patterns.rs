//! Line patterns: what a stone on an empty cell makes along one line, looked up in a
//! table indexed by the ten cells around it (five on each side).
//!
//! The table is computed once, on first use, into an immutable static (as a `const` it
//! would take rustc too long to evaluate). Each neighbour is a base-3 digit: 0 empty,
//! 1 own stone, 2 blocked (opponent stone or off the board). A window's class depends only
//! on windows with one more own stone, so one pass from the highest index down fills it.

use std::sync::OnceLock;

/// No five is possible through the cell along this line.
pub const DEAD: u8 = 0;
/// A five is still possible, nothing more.
pub const ONE: u8 = 1;
/// A stone here makes a two that can become a three.
pub const TWO: u8 = 2;
/// A stone here makes a two that can become an open three.
pub const OPEN_TWO: u8 = 3;
/// A stone here makes a three that can become a four.
pub const THREE: u8 = 4;
/// A stone here makes an open three (it can become an open four).
pub const OPEN_THREE: u8 = 5;
/// A stone here makes a four: one cell left to complete a five.
pub const FOUR: u8 = 6;
/// A stone here makes an open four (two or more completing cells).
pub const OPEN_FOUR: u8 = 7;
/// A stone here completes a five (exactly five in the standard rule).
pub const FIVE: u8 = 8;
/// Renju, Black only: a stone here makes six or more in a row (forbidden).
pub const OVERLINE: u8 = 9;
/// Renju, Black only: a stone here makes two fours on this one line (`x.xxx.x`, forbidden).
pub const DOUBLE_FOUR: u8 = 10;

/// Neighbours on each side of the centre that the table looks at.
pub const HALF: usize = 5;
/// Window codes: 3^10.
pub const WINDOW_CODES: usize = 59_049;

/// `TRITS[bits]`: the base-3 number whose digit `i` is bit `i` of `bits` (10 bits).
pub static TRITS: [u16; 1024] = make_trits();

/// The class of a stone at the centre of each window code, for one rule.
pub type PatternTable = [u8; WINDOW_CODES];

/// Which line rule a table encodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRule {
    /// Five or more wins (freestyle; White in renju).
    FiveOrMore,
    /// Exactly five wins (standard rule).
    ExactlyFive,
    /// Black in renju: exactly five wins; an overline and two fours on one line are
    /// forbidden (`OVERLINE`, `DOUBLE_FOUR`), and a four or three whose completing move
    /// would be one of those does not count.
    RenjuBlack,
}

/// The pattern table of a line rule.
pub fn table(rule: LineRule) -> &'static PatternTable {
    static TABLES: OnceLock<[Box<PatternTable>; 3]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [
            make_patterns(LineRule::FiveOrMore),
            make_patterns(LineRule::ExactlyFive),
            make_patterns(LineRule::RenjuBlack),
        ]
    });
    &tables[rule as usize]
}

const fn make_trits() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut bits = 0;
    while bits < 1024 {
        let mut value = 0u16;
        let mut power = 1u16;
        let mut i = 0;
        while i < 10 {
            if bits >> i & 1 != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
}

/// The 11 cells of a window (index 5 is the centre, taken as own), 0 empty, 1 own, 2 blocked.
const fn decode(code: usize) -> [u8; 11] {
    let mut cells = [0u8; 11];
    let mut rest = code;
    let mut i = 0;
    while i < 10 {
        let cell = if i < HALF { i } else { i + 1 };
        cells[cell] = (rest % 3) as u8;
        rest /= 3;
        i += 1;
    }
    cells[HALF] = 1;
    cells
}

/// The length of the run of own stones through the centre.
const fn run_length(cells: &[u8; 11]) -> usize {
    let mut left = HALF;
    while left > 0 && cells[left - 1] == 1 {
        left -= 1;
    }
    let mut right = HALF;
    while right < 10 && cells[right + 1] == 1 {
        right += 1;
    }
    right - left + 1
}

/// Whether the run of own stones through the centre is a winning five.
const fn is_five(cells: &[u8; 11], exact: bool) -> bool {
    let mut left = HALF;
    while left > 0 && cells[left - 1] == 1 {
        left -= 1;
    }
    let mut right = HALF;
    while right < 10 && cells[right + 1] == 1 {
        right += 1;
    }
    let run = right - left + 1;
    if exact {
        run == 5
    } else {
        run >= 5
    }
}

/// Whether some five-cell segment through the centre holds no blocked cell.
const fn is_alive(cells: &[u8; 11]) -> bool {
    let mut start = 1;
    while start <= HALF {
        let mut ok = true;
        let mut i = start;
        while i < start + 5 {
            if cells[i] == 2 {
                ok = false;
            }
            i += 1;
        }
        if ok {
            return true;
        }
        start += 1;
    }
    false
}

const POWERS: [usize; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

fn make_patterns(rule: LineRule) -> Box<PatternTable> {
    let exact = rule != LineRule::FiveOrMore;
    let renju = rule == LineRule::RenjuBlack;
    let mut table = Box::new([DEAD; WINDOW_CODES]);
    let mut code = WINDOW_CODES;
    while code > 0 {
        code -= 1;
        let cells = decode(code);
        if is_five(&cells, exact) {
            table[code] = FIVE;
            continue;
        }
        if renju && run_length(&cells) > 5 {
            table[code] = OVERLINE;
            continue;
        }
        if !is_alive(&cells) {
            continue;
        }
        // Classes reachable by adding one more own stone on an empty neighbour.
        let mut fives = 0;
        let mut five_cells = [0usize; 2];
        let mut best_open = DEAD;
        let mut best = DEAD;
        let mut digit = 0;
        while digit < 10 {
            let cell = if digit < HALF { digit } else { digit + 1 };
            if cells[cell] == 0 {
                let mut next = table[code + POWERS[digit]];
                if next == OVERLINE || next == DOUBLE_FOUR {
                    // A forbidden move makes nothing for Black.
                    next = DEAD;
                }
                if next == FIVE {
                    if fives < 2 {
                        five_cells[fives] = cell;
                    }
                    fives += 1;
                }
                if next > best {
                    best = next;
                }
                if (next == OPEN_FOUR || next == OPEN_THREE || next == FIVE) && next > best_open {
                    best_open = next;
                }
            }
            digit += 1;
        }
        // In renju two completing cells make one (straight) four only when they close the
        // same four stones, five cells apart (`.xxxx.`); otherwise they are two fours.
        let straight = !renju || (fives == 2 && five_cells[1] - five_cells[0] == 5);
        table[code] = if fives >= 2 && straight {
            OPEN_FOUR
        } else if fives >= 2 {
            DOUBLE_FOUR
        } else if fives == 1 {
            FOUR
        } else if best_open == OPEN_FOUR {
            OPEN_THREE
        } else if best >= FOUR {
            THREE
        } else if best_open == OPEN_THREE {
            OPEN_TWO
        } else if best >= THREE {
            TWO
        } else {
            ONE
        };
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The class of the centre `*` of a line text (`x` own, `o` blocked, `.` empty,
    /// `|` the board edge), padded with edges to the window.
    fn class(text: &str, exact: bool) -> u8 {
        let rule = if exact {
            LineRule::ExactlyFive
        } else {
            LineRule::FiveOrMore
        };
        class_in(text, rule)
    }

    fn class_in(text: &str, rule: LineRule) -> u8 {
        let centre = text.find('*').expect("a centre");
        let cells: Vec<char> = text.chars().collect();
        let mut code = 0;
        for (digit, offset) in (-5i32..=-1).chain(1..=5).enumerate() {
            let index = centre as i32 + offset;
            let c = if index < 0 || index >= cells.len() as i32 {
                'o'
            } else {
                cells[index as usize]
            };
            let trit = match c {
                '.' => 0,
                'x' => 1,
                _ => 2,
            };
            code += trit * POWERS[digit];
        }
        table(rule)[code]
    }

    #[test]
    fn classic_shapes_are_classified() {
        for exact in [false, true] {
            assert_eq!(class("..xx*xx..", exact), FIVE);
            assert_eq!(class("...xxx*...", exact), OPEN_FOUR);
            assert_eq!(class("..ox*xx...", exact), FOUR);
            assert_eq!(class("...x*x.x...", exact), FOUR);
            assert_eq!(class("....x*x....", exact), OPEN_THREE);
            assert_eq!(class("...x.*x....", exact), OPEN_THREE);
            assert_eq!(class("...ox*x....", exact), THREE);
            assert_eq!(class(".....*x.....", exact), OPEN_TWO);
            assert_eq!(class("....o*x.....", exact), TWO);
            assert_eq!(class(".....*.....", exact), ONE);
            assert_eq!(class("oxx*xo", exact), DEAD);
        }
        // Six in a row: a five in freestyle, nothing in the standard rule.
        assert_eq!(class(".xxx*xx.", false), FIVE);
        assert!(class(".xxx*xx.", true) < TWO);
        // Four that would make six on one side only: one way to five left in standard.
        assert_eq!(class("..x.xx*x..", false), OPEN_FOUR);
        assert_eq!(class("..x.xx*x..", true), FOUR);
        assert_eq!(class("x.xxx*...", false), OPEN_FOUR);
        assert_eq!(class("x.xxx*...", true), FOUR);
    }

    #[test]
    fn renju_black_lines() {
        let renju = |text| class_in(text, LineRule::RenjuBlack);
        assert_eq!(renju("..xx*xx.."), FIVE);
        assert_eq!(renju(".xxx*xx."), OVERLINE);
        assert_eq!(renju("x.x*x.x"), DOUBLE_FOUR);
        assert_eq!(renju("xx.x*.xx"), DOUBLE_FOUR);
        assert_eq!(renju("xx.*x.xx"), DOUBLE_FOUR);
        assert_eq!(class("x.x*x.x", false), OPEN_FOUR);
        assert_eq!(renju("...xxx*..."), OPEN_FOUR);
        // One end would make six: only a four.
        assert_eq!(renju("x.xxx*...."), FOUR);
        // Both completions would make six: no four at all.
        assert!(renju("x.xx*x.x") < FOUR);
        assert_eq!(renju("....x*x...."), OPEN_THREE);
        // A three that can only become a straight four by an overline is no open three.
        assert_eq!(renju("x..xx*..x"), THREE);
        assert_eq!(class("x..xx*..x", false), OPEN_THREE);
    }
}
