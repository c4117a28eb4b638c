//! The renju restrictions on Black, decided on the stones themselves.
//!
//! Black may not make an overline (six or more), a double four or a double three; a
//! five wins even if the same stone makes one of those. A three counts only if it is
//! real: some move turns it into a straight four (`.xxxx.`, both ends making exactly
//! five) and that move is not itself forbidden, which is the recursive part. The
//! pattern tables catch overlines and fours line by line; this module settles the
//! double threes, on a scratch copy of the stone bits (cheap to copy, mutated in place
//! while the recursion tries moves).

use crate::game::gomoku::limits::MAX_CELLS;

const WORDS: usize = MAX_CELLS.div_ceil(64);
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
/// How deep the "is the four-making move forbidden" recursion goes; deeper chains are
/// taken as not forbidden (they need many interlocking threes and do not occur in play).
const MAX_DEPTH: u32 = 6;

/// The restriction a forbidden point breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    Overline,
    DoubleFour,
    DoubleThree,
}

impl Forbidden {
    /// The name renju players use.
    pub fn name(self) -> &'static str {
        match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double-four",
            Forbidden::DoubleThree => "double-three",
        }
    }
}

/// Stones as bit sets, for the renju test.
#[derive(Clone, Copy)]
pub struct Stones {
    black: [u64; WORDS],
    white: [u64; WORDS],
    size: i32,
}

/// What is on a point: Black, or anything else that blocks Black (White, off the board).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Point {
    Empty,
    Black,
    Blocked,
}

impl Stones {
    /// The stones of a `size` x `size` board: Black's and White's bit words.
    pub fn new(size: usize, black: [u64; WORDS], white: [u64; WORDS]) -> Self {
        Stones {
            black,
            white,
            size: size as i32,
        }
    }

    fn at(&self, row: i32, col: i32) -> Point {
        if !(0..self.size).contains(&row) || !(0..self.size).contains(&col) {
            return Point::Blocked;
        }
        let cell = (row * self.size + col) as usize;
        if self.black[cell / 64] >> (cell % 64) & 1 != 0 {
            Point::Black
        } else if self.white[cell / 64] >> (cell % 64) & 1 != 0 {
            Point::Blocked
        } else {
            Point::Empty
        }
    }

    fn set_black(&mut self, row: i32, col: i32, on: bool) {
        let cell = (row * self.size + col) as usize;
        if on {
            self.black[cell / 64] |= 1 << (cell % 64);
        } else {
            self.black[cell / 64] &= !(1 << (cell % 64));
        }
    }

    /// The Black run through (`row`, `col`) along `dir`: (first offset, last offset).
    fn run(&self, row: i32, col: i32, (dr, dc): (i32, i32)) -> (i32, i32) {
        let mut low = 0;
        while self.at(row + dr * (low - 1), col + dc * (low - 1)) == Point::Black {
            low -= 1;
        }
        let mut high = 0;
        while self.at(row + dr * (high + 1), col + dc * (high + 1)) == Point::Black {
            high += 1;
        }
        (low, high)
    }

    /// Whether a Black stone on empty `cell` is forbidden. The board is left unchanged.
    pub fn is_forbidden(&mut self, cell: usize) -> bool {
        self.forbidden_kind(cell).is_some()
    }

    /// Which restriction a Black stone on empty `cell` breaks, if any. The board is left
    /// unchanged.
    pub fn forbidden_kind(&mut self, cell: usize) -> Option<Forbidden> {
        let (row, col) = (cell as i32 / self.size, cell as i32 % self.size);
        self.verdict_at(row, col, 0)
    }

    fn forbidden_at(&mut self, row: i32, col: i32, depth: u32) -> bool {
        self.verdict_at(row, col, depth).is_some()
    }

    fn verdict_at(&mut self, row: i32, col: i32, depth: u32) -> Option<Forbidden> {
        debug_assert!(self.at(row, col) == Point::Empty);
        self.set_black(row, col, true);
        let verdict = self.judge(row, col, depth);
        self.set_black(row, col, false);
        verdict
    }

    /// The verdict on the Black stone just put on (`row`, `col`).
    fn judge(&mut self, row: i32, col: i32, depth: u32) -> Option<Forbidden> {
        let mut overline = false;
        for dir in DIRECTIONS {
            let (low, high) = self.run(row, col, dir);
            match high - low + 1 {
                5 => return None, // a five wins, whatever else this stone makes
                6.. => overline = true,
                _ => {}
            }
        }
        if overline {
            return Some(Forbidden::Overline);
        }
        let mut fours = 0;
        let mut four_lines = [false; 4];
        for (d, dir) in DIRECTIONS.into_iter().enumerate() {
            let n = self.fours_on_line(row, col, dir);
            fours += n;
            four_lines[d] = n > 0;
        }
        if fours >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        if depth >= MAX_DEPTH {
            return None;
        }
        let mut threes = 0;
        for (d, dir) in DIRECTIONS.into_iter().enumerate() {
            if !four_lines[d] && self.real_three_on_line(row, col, dir, depth) {
                threes += 1;
                if threes >= 2 {
                    return Some(Forbidden::DoubleThree);
                }
            }
        }
        None
    }

    /// The point at `offset` steps from (`row`, `col`) along `dir`.
    fn step(row: i32, col: i32, (dr, dc): (i32, i32), offset: i32) -> (i32, i32) {
        (row + dr * offset, col + dc * offset)
    }

    /// Whether Black on empty (`row`, `col`) would make exactly five along `dir`.
    fn makes_five(&mut self, row: i32, col: i32, dir: (i32, i32)) -> bool {
        self.set_black(row, col, true);
        let (low, high) = self.run(row, col, dir);
        self.set_black(row, col, false);
        high - low + 1 == 5
    }

    /// How many distinct fours the Black stone on (`row`, `col`) is part of along `dir`:
    /// a four is a set of four stones that one more move turns into exactly five, so the
    /// straight four `.xxxx.` is one four and `x.xxx.x` two.
    fn fours_on_line(&mut self, row: i32, col: i32, dir: (i32, i32)) -> u32 {
        // Each four is named by its five-cell window's first offset; a straight four's
        // two windows share their four stones, so they are one four.
        let mut stone_sets: [u16; 8] = [0; 8];
        let mut count = 0;
        for offset in -4..=4 {
            let (r, c) = Self::step(row, col, dir, offset);
            if offset == 0 || self.at(r, c) != Point::Empty || !self.makes_five(r, c, dir) {
                continue;
            }
            self.set_black(r, c, true);
            let (low, high) = self.run(row, col, dir);
            self.set_black(r, c, false);
            if !(low..=high).contains(&offset) {
                continue;
            }
            // The four stones: the run minus the completing point, as offset bits.
            let mut set = 0u16;
            for k in low..=high {
                if k != offset {
                    set |= 1 << (k + 4);
                }
            }
            if !stone_sets[..count].contains(&set) {
                stone_sets[count] = set;
                count += 1;
            }
        }
        count as u32
    }

    /// Whether the Black stone on (`row`, `col`) is part of a real three along `dir`:
    /// one more Black move there makes a straight four through it, and that move is not
    /// forbidden.
    fn real_three_on_line(&mut self, row: i32, col: i32, dir: (i32, i32), depth: u32) -> bool {
        for offset in -3..=3 {
            let (r, c) = Self::step(row, col, dir, offset);
            if offset == 0 || self.at(r, c) != Point::Empty {
                continue;
            }
            self.set_black(r, c, true);
            let straight = self.straight_four(row, col, dir);
            self.set_black(r, c, false);
            if straight && !self.forbidden_at(r, c, depth + 1) {
                return true;
            }
        }
        false
    }

    /// Whether the Black run through (`row`, `col`) along `dir` is a straight four: four
    /// stones with both ends empty, each end making exactly five.
    fn straight_four(&mut self, row: i32, col: i32, dir: (i32, i32)) -> bool {
        let (low, high) = self.run(row, col, dir);
        if high - low + 1 != 4 {
            return false;
        }
        let (lr, lc) = Self::step(row, col, dir, low - 1);
        let (hr, hc) = Self::step(row, col, dir, high + 1);
        self.at(lr, lc) == Point::Empty
            && self.at(hr, hc) == Point::Empty
            && self.makes_five(lr, lc, dir)
            && self.makes_five(hr, hc, dir)
    }
}
