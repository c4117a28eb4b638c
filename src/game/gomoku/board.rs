//! The Gomoku board with its incremental pattern state.
//!
//! Stones are kept as per-line bitboards (rows, columns and both diagonals, five bits of
//! padding on each side) so the ten neighbours of a cell along a line are one shift away.
//! Every empty cell stores, per player and direction, the pattern class a stone there
//! would make (`patterns.rs`); a placed stone updates only the cells within five steps of
//! it along its four lines, never the whole board.

use crate::game::gomoku::cells::{cell_table, CellTable};
use crate::game::gomoku::patterns;
use crate::game::Player;

pub use crate::game::gomoku::cells::{cell_class, cell_value, combine};

/// The largest board side.
pub const MAX_SIZE: usize = 22;
/// Cells of the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
const LINE_SLOTS: usize = 2 * MAX_SIZE - 1;
const WORDS: usize = MAX_CELLS.div_ceil(64);
const PAD: usize = patterns::HALF;

/// A board of `size` x `size` cells with incremental patterns.
#[derive(Clone)]
pub struct Board {
    table: &'static patterns::PatternTable,
    cells: &'static CellTable,
    size: usize,
    exact_five: bool,
    lines: [[[u32; LINE_SLOTS]; 4]; 2],
    stones: [[u64; WORDS]; 2],
    near: [u64; WORDS],
    /// Per player and cell: four 4-bit line classes (direction `d` in bits `4d..4d+4`).
    patterns: [[u16; MAX_CELLS]; 2],
    /// Per player: how many empty cells have each combined class.
    class_counts: [[u16; cell_class::COUNT]; 2],
    /// Per player: the summed heuristic worth of the empty cells.
    values: [i32; 2],
    stone_count: usize,
}

impl Board {
    /// An empty board. `size` must be 5..=22 (checked by the caller).
    pub fn new(size: usize, exact_five: bool) -> Self {
        debug_assert!((5..=MAX_SIZE).contains(&size));
        let mut board = Board {
            table: patterns::table(exact_five),
            cells: cell_table(),
            size,
            exact_five,
            lines: [[[0; LINE_SLOTS]; 4]; 2],
            stones: [[0; WORDS]; 2],
            near: [0; WORDS],
            patterns: [[0; MAX_CELLS]; 2],
            class_counts: [[0; cell_class::COUNT]; 2],
            values: [0; 2],
            stone_count: 0,
        };
        for cell in 0..size * size {
            for player in 0..2 {
                let mut packed = 0;
                for dir in 0..4 {
                    packed |= u16::from(board.line_class(cell, player, dir)) << (4 * dir);
                }
                board.patterns[player][cell] = packed;
                board.account(player, packed, 1);
            }
        }
        board
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether only exactly five wins (standard rule).
    #[inline]
    pub fn exact_five(&self) -> bool {
        self.exact_five
    }

    /// Stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.stone_count
    }

    /// The stone on `cell`, if any.
    #[inline]
    pub fn stone(&self, cell: usize) -> Option<Player> {
        if self.stones[0][cell / 64] >> (cell % 64) & 1 != 0 {
            Some(Player::First)
        } else if self.stones[1][cell / 64] >> (cell % 64) & 1 != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The four packed line classes of `player` on empty `cell` (0 on occupied cells).
    #[inline]
    pub fn patterns(&self, player: usize, cell: usize) -> u16 {
        self.patterns[player][cell]
    }

    /// The combined class of `player` on empty `cell`.
    #[inline]
    pub fn cell_class(&self, player: usize, cell: usize) -> u8 {
        self.cells.class[usize::from(self.patterns[player][cell])]
    }

    /// How many empty cells have combined class `class` for `player`.
    #[inline]
    pub fn class_count(&self, player: usize, class: u8) -> u16 {
        self.class_counts[player][usize::from(class)]
    }

    /// The summed heuristic worth of `player`'s empty cells.
    #[inline]
    pub fn value(&self, player: usize) -> i32 {
        self.values[player]
    }

    /// Empty cells within two steps of a stone, as bit words (cell `i` is bit `i % 64` of
    /// word `i / 64`).
    #[inline]
    pub fn candidate_words(&self) -> [u64; WORDS] {
        let mut words = self.near;
        for (i, word) in words.iter_mut().enumerate() {
            *word &= !(self.stones[0][i] | self.stones[1][i]);
        }
        words
    }

    /// Calls `f` with each empty cell that has combined class at least `min` for `player`.
    #[inline]
    pub fn for_each_threat(&self, player: usize, min: u8, mut f: impl FnMut(usize, u8)) {
        let words = self.candidate_words();
        for (i, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let class = self.cells.class[usize::from(self.patterns[player][cell])];
                if class >= min {
                    f(cell, class);
                }
            }
        }
    }

    /// Puts a stone of `player` on empty `cell` and updates every pattern it touches.
    pub fn place(&mut self, cell: usize, player: Player) {
        debug_assert!(self.stone(cell).is_none());
        let p = player.index();
        let (row, col) = (cell / self.size, cell % self.size);
        for side in 0..2 {
            let old = self.patterns[side][cell];
            self.account(side, old, -1);
            self.patterns[side][cell] = 0;
        }
        self.stones[p][cell / 64] |= 1 << (cell % 64);
        self.stone_count += 1;
        for r in row.saturating_sub(2)..(row + 3).min(self.size) {
            for c in col.saturating_sub(2)..(col + 3).min(self.size) {
                let near = r * self.size + c;
                self.near[near / 64] |= 1 << (near % 64);
            }
        }
        let n = self.size as isize;
        for (dir, step) in [1, n, n + 1, 1 - n].into_iter().enumerate() {
            let (line, pos) = self.locate(dir, row, col);
            self.lines[p][dir][line] |= 1 << (pos + PAD);
            let (low, high) = self.extent(dir, line);
            let wall = wall_bits(low, high);
            let own = [self.lines[0][dir][line], self.lines[1][dir][line]];
            let blocked = [own[1] | wall, own[0] | wall];
            let occupied = own[0] | own[1];
            let from = pos.saturating_sub(PAD).max(low);
            let to = (pos + PAD).min(high);
            for q in from..=to {
                if occupied >> (q + PAD) & 1 != 0 {
                    continue;
                }
                let other = (cell as isize + (q as isize - pos as isize) * step) as usize;
                for side in 0..2 {
                    let class = self.table[window_code(own[side], blocked[side], q)];
                    let old = self.patterns[side][other];
                    let new = (old & !(0xF << (4 * dir))) | (u16::from(class) << (4 * dir));
                    if new != old {
                        self.account(side, old, -1);
                        self.account(side, new, 1);
                        self.patterns[side][other] = new;
                    }
                }
            }
        }
    }

    /// Adds (`sign` 1) or removes (-1) one empty cell's packed classes from the totals.
    #[inline]
    fn account(&mut self, player: usize, packed: u16, sign: i32) {
        let class = self.cells.class[usize::from(packed)];
        let count = &mut self.class_counts[player][usize::from(class)];
        *count = if sign > 0 { *count + 1 } else { *count - 1 };
        self.values[player] += sign * i32::from(self.cells.value[usize::from(packed)]);
    }

    /// The line and position along it of (`row`, `col`) in direction `dir`
    /// (0 row, 1 column, 2 down-right diagonal, 3 down-left diagonal).
    #[inline]
    fn locate(&self, dir: usize, row: usize, col: usize) -> (usize, usize) {
        match dir {
            0 => (row, col),
            1 => (col, row),
            2 => (row + self.size - 1 - col, col),
            _ => (row + col, col),
        }
    }

    /// The first and last valid positions on a line.
    #[inline]
    fn extent(&self, dir: usize, line: usize) -> (usize, usize) {
        let last = self.size - 1;
        match dir {
            0 | 1 => (0, last),
            // row - col = line - last
            2 => (last.saturating_sub(line), (2 * last - line).min(last)),
            _ => (line.saturating_sub(last), line.min(last)),
        }
    }

    /// The class of a `player` stone at position `pos` of a line, from the bitboards.
    #[inline]
    fn window_class(&self, player: usize, dir: usize, line: usize, pos: usize) -> u8 {
        let (low, high) = self.extent(dir, line);
        let own = self.lines[player][dir][line];
        let blocked = self.lines[1 - player][dir][line] | wall_bits(low, high);
        self.table[window_code(own, blocked, pos)]
    }

    /// The class of a `player` stone on empty `cell` along `dir`, from the bitboards.
    pub fn line_class(&self, cell: usize, player: usize, dir: usize) -> u8 {
        let (line, pos) = self.locate(dir, cell / self.size, cell % self.size);
        self.window_class(player, dir, line, pos)
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("exact_five", &self.exact_five)
            .field("stones", &self.stone_count)
            .field("values", &self.values)
            .finish_non_exhaustive()
    }
}

/// The bits of a padded line word that are off the board (positions `low..=high` are on it).
#[inline]
fn wall_bits(low: usize, high: usize) -> u32 {
    !((((1u64 << (high - low + 1)) - 1) << (low + PAD)) as u32)
}

/// The pattern-table code of the window centred on position `pos` of a line.
#[inline]
fn window_code(own: u32, blocked: u32, pos: usize) -> usize {
    let squeeze = |w: u32| {
        let w = w >> pos & 0x7FF;
        ((w & 0x1F) | ((w >> 6) << 5)) as usize
    };
    usize::from(patterns::TRITS[squeeze(own)]) + 2 * usize::from(patterns::TRITS[squeeze(blocked)])
}

#[cfg(test)]
impl Board {
    /// Recomputes every pattern, count and value by reading cells one by one, and
    /// compares them with the incremental state.
    pub fn assert_consistent(&self) {
        let n = self.size as i32;
        let mut counts = [[0u16; cell_class::COUNT]; 2];
        let mut values = [0i32; 2];
        for cell in 0..self.size * self.size {
            for player in 0..2 {
                let mut packed = 0u16;
                if self.stone(cell).is_none() {
                    for (dir, (dr, dc)) in [(0, 1), (1, 0), (1, 1), (1, -1)].into_iter().enumerate()
                    {
                        let (r, c) = ((cell / self.size) as i32, (cell % self.size) as i32);
                        let mut code = 0usize;
                        let mut power = 1usize;
                        for k in (-5..=-1).chain(1..=5) {
                            let (rr, cc) = (r + dr * k, c + dc * k);
                            let trit = if !(0..n).contains(&rr) || !(0..n).contains(&cc) {
                                2
                            } else {
                                match self.stone((rr * n + cc) as usize) {
                                    None => 0,
                                    Some(p) if p.index() == player => 1,
                                    Some(_) => 2,
                                }
                            };
                            code += trit * power;
                            power *= 3;
                        }
                        packed |= u16::from(self.table[code]) << (4 * dir);
                    }
                    let class = combine(packed);
                    counts[player][usize::from(class)] += 1;
                    values[player] += cell_value(packed, class);
                }
                assert_eq!(
                    self.patterns[player][cell], packed,
                    "cell {cell} player {player}"
                );
            }
        }
        assert_eq!(self.class_counts, counts);
        assert_eq!(self.values, values);
    }
}
