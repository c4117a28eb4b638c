//! The Gomoku board with its incremental pattern state.
//!
//! Stones are kept as per-line bitboards (rows, columns and both diagonals, five bits of
//! padding on each side) so the ten neighbours of a cell along a line are one shift away.
//! Every empty cell stores, per player and direction, the pattern class a stone there
//! would make (`patterns.rs`); a placed stone updates only the cells within five steps of
//! it along its four lines, never the whole board.
//!
//! In renju, Black's cells that the line tables mark `DOUBLE_THREE` are judged after each
//! stone by the recursive rule (`renju.rs`); the forbidden ones are flagged and count as
//! `FORBIDDEN`, so every class, count and threat query already excludes them.

use crate::game::gomoku::cells::{cell_table, unpack_worths, CellTable};
use crate::game::gomoku::patterns::{self, LineRule};
use crate::game::gomoku::renju::{Forbidden, Stones};
use crate::game::Player;

/// The winning rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline does not.
    Standard,
    /// Renju: Black wins with exactly five and may not make an overline, a double four or
    /// a double three; White wins with five or more.
    Renju,
}

impl Rule {
    /// The name used in `game gomoku rule=...`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// Whether `player` (0 Black, 1 White) wins only with exactly five.
    pub fn exact_five(self, player: usize) -> bool {
        match self {
            Rule::Freestyle => false,
            Rule::Standard => true,
            Rule::Renju => player == 0,
        }
    }
}

pub use crate::game::gomoku::cell_class;
use crate::game::gomoku::cell_class::ClassCounts;
pub use crate::game::gomoku::cells::{cell_value, combine};

/// Entries of `Board::class_counts` per player: every value of four bits.
const CLASS_SLOTS: usize = 16;

pub use crate::game::gomoku::limits::{MAX_CELLS, MAX_SIZE};
const LINE_SLOTS: usize = 2 * MAX_SIZE - 1;
const WORDS: usize = MAX_CELLS.div_ceil(64);
const PAD: usize = patterns::HALF;

/// A board of `size` x `size` cells with incremental patterns.
///
/// The arrays are sized for the largest board; the parts a smaller board does not use
/// stay zero (`Board::new` writes only the cells and lines of its size), which lets
/// `clone_from` copy only the used parts between boards of one size.
pub struct Board {
    /// Per player: the line pattern table and the cell table of its rule.
    tables: [&'static patterns::PatternTable; 2],
    cells: [&'static CellTable; 2],
    size: usize,
    rule: Rule,
    /// Renju: Black's empty cells found forbidden by the double-three rule.
    flagged: [u64; WORDS],
    flagged_count: u16,
    /// Per line slot, direction and player: the stones as bits (position `q` at bit
    /// `q + PAD`). Slot-major, so a board's used lines are one prefix (`clone_from`).
    lines: [[[u32; 2]; 4]; LINE_SLOTS],
    stones: [[u64; WORDS]; 2],
    near: [u64; WORDS],
    /// Per cell and player: four 4-bit line classes (direction `d` in bits `4d..4d+4`).
    /// Cell-major: a board's used cells are one prefix, and both players' classes of a
    /// cell share a cache line.
    patterns: [[u16; 2]; MAX_CELLS],
    /// Per player: how many empty cells have each combined class.
    /// (Sixteen entries, the last five always 0: a class from a `CellEntry`'s top four
    /// bits indexes them without a bounds check.)
    class_counts: [[u16; CLASS_SLOTS]; 2],
    /// Per player: the summed heuristic worth of the empty cells.
    values: [i32; 2],
    /// Per player: the summed learned worth of the empty cells as the side to move (0)
    /// and as the side waiting (1).
    learned: [[i32; 2]; 2],
    stone_count: usize,
}

impl Board {
    /// An empty board. `size` must be 5..=22 (checked by the caller).
    pub fn new(size: usize, rule: Rule) -> Self {
        debug_assert!((5..=MAX_SIZE).contains(&size));
        let line_rule = |player| match rule {
            Rule::Freestyle => LineRule::FiveOrMore,
            Rule::Standard => LineRule::ExactlyFive,
            Rule::Renju if player == 0 => LineRule::RenjuBlack,
            Rule::Renju => LineRule::FiveOrMore,
        };
        let renju = rule == Rule::Renju;
        let mut board = Board {
            tables: [patterns::table(line_rule(0)), patterns::table(line_rule(1))],
            cells: [cell_table(renju), cell_table(false)],
            size,
            rule,
            flagged: [0; WORDS],
            flagged_count: 0,
            lines: [[[0; 2]; 4]; LINE_SLOTS],
            stones: [[0; WORDS]; 2],
            near: [0; WORDS],
            patterns: [[0; 2]; MAX_CELLS],
            class_counts: [[0; CLASS_SLOTS]; 2],
            values: [0; 2],
            learned: [[0; 2]; 2],
            stone_count: 0,
        };
        for cell in 0..size * size {
            for player in 0..2 {
                let mut packed = 0;
                for dir in 0..4 {
                    packed |= u16::from(board.line_class(cell, player, dir)) << (4 * dir);
                }
                board.patterns[cell][player] = packed;
                board.account(player, cell, packed, 1);
            }
        }
        board
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The winning rule.
    #[inline]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether a Black stone on empty `cell` is forbidden (renju only).
    #[inline]
    pub fn is_forbidden(&self, cell: usize) -> bool {
        self.rule == Rule::Renju && self.cell_class(0, cell) == cell_class::FORBIDDEN
    }

    /// Which renju restriction a Black stone on empty `cell` breaks (`None`: none, or not
    /// renju). For error answers: the search asks [`Board::is_forbidden`].
    pub fn forbidden_kind(&self, cell: usize) -> Option<Forbidden> {
        if !self.is_forbidden(cell) {
            return None;
        }
        Stones::new(self.size, self.stones[0], self.stones[1]).forbidden_kind(cell)
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
        self.patterns[cell][player]
    }

    /// The combined class of `player` on empty `cell` (`FORBIDDEN` for Black's
    /// forbidden cells in renju).
    #[inline]
    pub fn cell_class(&self, player: usize, cell: usize) -> u8 {
        self.cell_class_of(player, cell, self.patterns[cell][player])
    }

    /// The combined class of `player` on empty `cell` (as `cell_class`) and its classic
    /// worth (as `cell_value` of it: 0 for a forbidden cell), from one table load.
    #[inline]
    pub fn class_and_value(&self, player: usize, cell: usize) -> (u8, i32) {
        if self.is_flagged(player, cell) {
            return (cell_class::FORBIDDEN, 0);
        }
        let entry = &self.cells[player].entry[usize::from(self.patterns[cell][player])];
        (entry.class(), entry.classic())
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

    /// The summed learned worth of `player`'s empty cells in `role` (0 the side to move,
    /// 1 the side waiting).
    #[inline]
    pub fn learned_value(&self, player: usize, role: usize) -> i32 {
        self.learned[player][role]
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
    /// The class counts (of all empty cells) say how many there are at most: the scan
    /// stops after the last one.
    #[inline]
    pub fn for_each_threat(&self, player: usize, min: u8, mut f: impl FnMut(usize, u8)) {
        let mut left: u32 = self.class_counts[player][usize::from(min)..]
            .iter()
            .map(|&count| u32::from(count))
            .sum();
        if left == 0 {
            return;
        }
        let words = self.candidate_words();
        for (i, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let class = self.cell_class(player, cell);
                if class >= min {
                    f(cell, class);
                    left -= 1;
                    if left == 0 {
                        return;
                    }
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
            let old = self.patterns[cell][side];
            self.account(side, cell, old, -1);
            self.patterns[cell][side] = 0;
        }
        if self.flagged[cell / 64] >> (cell % 64) & 1 != 0 {
            self.flagged[cell / 64] &= !(1 << (cell % 64));
            self.flagged_count -= 1;
        }
        self.stones[p][cell / 64] |= 1 << (cell % 64);
        self.stone_count += 1;
        // Rows `row - 2..=row + 2`, each a run of up to five bits from column `col - 2`.
        let first_col = col.saturating_sub(2);
        let width = (col + 3).min(self.size) - first_col;
        let run = (1u64 << width) - 1;
        for r in row.saturating_sub(2)..(row + 3).min(self.size) {
            let start = r * self.size + first_col;
            let shift = start % 64;
            self.near[start / 64] |= run << shift;
            if shift + width > 64 {
                self.near[start / 64 + 1] |= run >> (64 - shift);
            }
        }
        // The tables and flags do not change below, and the worths are summed here and
        // added once: kept out of `self`, which the loop writes.
        // Per side: the summed differences of the changed cells' `CellEntry::worths`.
        let mut worths = [0i64; 2];
        // One direction at a time, each its own copy of the loop (shifts and line
        // geometry known when it is compiled).
        self.place_line::<0>(cell, p, &mut worths);
        self.place_line::<1>(cell, p, &mut worths);
        self.place_line::<2>(cell, p, &mut worths);
        self.place_line::<3>(cell, p, &mut worths);
        for (side, sum) in worths.into_iter().enumerate() {
            let [classic, mover, waiter] = unpack_worths(sum);
            self.values[side] += classic;
            self.learned[side][0] += mover;
            self.learned[side][1] += waiter;
        }
        if self.rule == Rule::Renju {
            self.judge_double_threes();
        }
    }

    /// `place`'s update of the empty cells within five steps of `cell` along direction
    /// `DIR` (`locate`'s), a stone of `p` having just been put there; the cells' worth
    /// changes are added to `worths`.
    #[inline(always)]
    fn place_line<const DIR: usize>(&mut self, cell: usize, p: usize, worths: &mut [i64; 2]) {
        // The tables and flags do not change below.
        let (tables, cells) = (self.tables, self.cells);
        let any_flagged = self.flagged_count > 0;
        let n = self.size as isize;
        let step = [1, n, n + 1, 1 - n][DIR];
        let (row, col) = (cell / self.size, cell % self.size);
        let dir = DIR;
        let (line, pos) = self.locate(dir, row, col);
        self.lines[line][dir][p] |= 1 << (pos + PAD);
        let (low, high) = self.extent(dir, line);
        let wall = wall_bits(low, high);
        let own = self.lines[line][dir];
        let from = pos.saturating_sub(PAD).max(low);
        let to = (pos + PAD).min(high);
        // The empty positions `from..=to` (position `q` at bit `q`).
        let mut free = !((own[0] | own[1]) >> PAD) & (((1u32 << (to - from + 1)) - 1) << from);
        while free != 0 {
            let q = free.trailing_zeros() as usize;
            free &= free - 1;
            let other = (cell as isize + (q as isize - pos as isize) * step) as usize;
            // Stones, walls and the other side's stones are disjoint bit sets, so the
            // base-3 window of `own | other` is the sum of theirs: three lookups give
            // both sides' codes.
            let [black, white, walls] = [own[0], own[1], wall].map(|w| window_trits(w, q));
            let codes = [black + 2 * (white + walls), white + 2 * (black + walls)];
            for (side, code) in codes.into_iter().enumerate() {
                let class = tables[side][code];
                let old = self.patterns[other][side];
                let new = (old & !(0xF << (4 * dir))) | (u16::from(class) << (4 * dir));
                if new == old {
                    continue;
                }
                self.patterns[other][side] = new;
                // As `account` -1 with `old`, then +1 with `new`. A flagged cell is
                // forbidden before and after: counted `FORBIDDEN`, worth nothing.
                // (`is_flagged` with the count read once, outside the loop.)
                if side == 0 && any_flagged && self.flagged[other / 64] >> (other % 64) & 1 != 0 {
                    continue;
                }
                let was = cells[side].entry[usize::from(old)];
                let is = cells[side].entry[usize::from(new)];
                self.class_counts[side][usize::from(was.class())] -= 1;
                self.class_counts[side][usize::from(is.class())] += 1;
                // Worths are 0 in `FORBIDDEN` entries, as `account` skips them. (At
                // most forty cells change a sum: `unpack_worths` splits it exactly.)
                worths[side] = worths[side].wrapping_add(is.worths().wrapping_sub(was.worths()));
            }
        }
    }

    /// How many of `player`'s empty cells would have combined class `class` after a
    /// stone of `by` on empty `cell`: exactly `class_count` of the board after `place`,
    /// without placing. Only the cells along `cell`'s four lines within five steps can
    /// change, each in the one direction it shares with `cell`, so only those are read
    /// again. Black in renju (whose classes hang on the recursive double-three rule of
    /// the whole board) is counted on a copy.
    pub fn class_count_after(&self, cell: usize, by: Player, player: usize, class: u8) -> u16 {
        debug_assert!(self.stone(cell).is_none());
        if self.rule == Rule::Renju && player == 0 {
            let mut copy = self.clone();
            copy.place(cell, by);
            return copy.class_count(player, class);
        }
        let table = self.cells[player];
        let mut count = self.class_counts[player][usize::from(class)];
        if self.cell_class(player, cell) == class {
            count -= 1;
        }
        let (row, col) = (cell / self.size, cell % self.size);
        let n = self.size as isize;
        for (dir, step) in [1, n, n + 1, 1 - n].into_iter().enumerate() {
            let (line, pos) = self.locate(dir, row, col);
            let (low, high) = self.extent(dir, line);
            let bit = 1 << (pos + PAD);
            let mut own = self.lines[line][dir][player];
            let mut blocked = self.lines[line][dir][1 - player] | wall_bits(low, high);
            let occupied = self.lines[line][dir][0] | self.lines[line][dir][1] | bit;
            if by.index() == player {
                own |= bit;
            } else {
                blocked |= bit;
            }
            let from = pos.saturating_sub(PAD).max(low);
            let to = (pos + PAD).min(high);
            for q in from..=to {
                if occupied >> (q + PAD) & 1 != 0 {
                    continue;
                }
                let other = (cell as isize + (q as isize - pos as isize) * step) as usize;
                let line_class = self.tables[player][window_code(own, blocked, q)];
                let old = self.patterns[other][player];
                let new = (old & !(0xF << (4 * dir))) | (u16::from(line_class) << (4 * dir));
                if new != old {
                    let was = table.class[usize::from(old)] == class;
                    let is = table.class[usize::from(new)] == class;
                    count = count + u16::from(is) - u16::from(was);
                }
            }
        }
        count
    }

    /// The combined class of `player`'s empty cell `target` after a stone of `by` on
    /// another empty cell `cell`, without placing it: only the line through both changes
    /// (if they are within five steps on one), so only that line's class is read again
    /// (as in `class_count_after`). Not for renju (Black's classes there hang on the
    /// whole board).
    pub fn cell_class_after(&self, target: usize, cell: usize, by: Player, player: usize) -> u8 {
        debug_assert!(self.rule != Rule::Renju);
        debug_assert!(target != cell && self.stone(cell).is_none());
        let n = self.size;
        let (row, col) = (cell / n, cell % n);
        let dr = (target / n) as isize - row as isize;
        let dc = (target % n) as isize - col as isize;
        // The direction (`locate`'s) and the offset along it (positions follow columns,
        // rows in direction 1).
        let (dir, k) = match (dr, dc) {
            (0, _) => (0, dc),
            (_, 0) => (1, dr),
            _ if dr == dc => (2, dc),
            _ if dr == -dc => (3, dc),
            _ => return self.cell_class(player, target),
        };
        if k.unsigned_abs() > PAD {
            return self.cell_class(player, target);
        }
        let (line, pos) = self.locate(dir, row, col);
        let (low, high) = self.extent(dir, line);
        let bit = 1 << (pos + PAD);
        let mut own = self.lines[line][dir][player];
        let mut blocked = self.lines[line][dir][1 - player] | wall_bits(low, high);
        if by.index() == player {
            own |= bit;
        } else {
            blocked |= bit;
        }
        let q = (pos as isize + k) as usize;
        let line_class = self.tables[player][window_code(own, blocked, q)];
        let old = self.patterns[target][player];
        let new = (old & !(0xF << (4 * dir))) | (u16::from(line_class) << (4 * dir));
        self.cells[player].class[usize::from(new)]
    }

    /// Renju: flags exactly those of Black's empty cells that the line tables call a
    /// double three and the recursive rule finds forbidden. Any stone can change a
    /// verdict (through the four-making points of the threes), so all are judged again.
    fn judge_double_threes(&mut self) {
        let black: &'static CellTable = self.cells[0];
        if self.flagged_count == 0
            && self.class_counts[0][usize::from(cell_class::DOUBLE_THREE)] == 0
        {
            return;
        }
        let mut stones = Stones::new(self.size, self.stones[0], self.stones[1]);
        let words = self.candidate_words();
        for (i, &word) in words.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let cell = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let packed = self.patterns[cell][0];
                let flagged = self.flagged[i] >> (cell % 64) & 1 != 0;
                let forbidden = black.class[usize::from(packed)] == cell_class::DOUBLE_THREE
                    && stones.is_forbidden(cell);
                if forbidden != flagged {
                    self.account(0, cell, packed, -1);
                    self.flagged[i] ^= 1 << (cell % 64);
                    if forbidden {
                        self.flagged_count += 1;
                    } else {
                        self.flagged_count -= 1;
                    }
                    self.account(0, cell, packed, 1);
                }
            }
        }
    }

    /// Adds (`sign` 1) or removes (-1) one empty cell's class and worth from the totals,
    /// as the cell is classed now (patterns and renju flag).
    #[inline]
    fn account(&mut self, player: usize, cell: usize, packed: u16, sign: i32) {
        let entry = self.cells[player].entry[usize::from(packed)];
        let class = if self.is_flagged(player, cell) {
            cell_class::FORBIDDEN
        } else {
            entry.class()
        };
        let count = &mut self.class_counts[player][usize::from(class)];
        *count = if sign > 0 { *count + 1 } else { *count - 1 };
        if class == cell_class::FORBIDDEN {
            return;
        }
        self.values[player] += sign * entry.classic();
        self.learned[player][0] += sign * entry.mover();
        self.learned[player][1] += sign * entry.waiter();
    }

    /// Whether `cell` is one of Black's (`player` 0) renju cells flagged forbidden.
    #[inline]
    fn is_flagged(&self, player: usize, cell: usize) -> bool {
        player == 0 && self.flagged_count > 0 && self.flagged[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// The class `cell` has with `packed` line classes and its current renju flag.
    #[inline]
    fn cell_class_of(&self, player: usize, cell: usize, packed: u16) -> u8 {
        if self.is_flagged(player, cell) {
            return cell_class::FORBIDDEN;
        }
        self.cells[player].class[usize::from(packed)]
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
        let own = self.lines[line][dir][player];
        let blocked = self.lines[line][dir][1 - player] | wall_bits(low, high);
        self.tables[player][window_code(own, blocked, pos)]
    }

    /// The class of a `player` stone on empty `cell` along `dir`, from the bitboards.
    pub fn line_class(&self, cell: usize, player: usize, dir: usize) -> u8 {
        let (line, pos) = self.locate(dir, cell / self.size, cell % self.size);
        self.window_class(player, dir, line, pos)
    }
}

impl ClassCounts for Board {
    #[inline]
    fn class_count(&self, player: usize, class: u8) -> u16 {
        Board::class_count(self, player, class)
    }
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board { ..*self }
    }

    /// Copies only the cells, lines and bit words `source`'s size uses when both boards
    /// have one size and rule (the rest is zero in both); the search makes its children
    /// this way, and a whole board is several times larger than a 15x15 one's used part.
    fn clone_from(&mut self, source: &Self) {
        if self.size != source.size || self.rule != source.rule {
            *self = source.clone();
            return;
        }
        let n = self.size;
        let cells = n * n;
        let words = cells.div_ceil(64);
        self.tables = source.tables;
        self.cells = source.cells;
        self.flagged[..words].copy_from_slice(&source.flagged[..words]);
        self.flagged_count = source.flagged_count;
        // Diagonals have 2n - 1 slots, rows and columns n.
        let slots = 2 * n - 1;
        self.lines[..slots].copy_from_slice(&source.lines[..slots]);
        for player in 0..2 {
            self.stones[player][..words].copy_from_slice(&source.stones[player][..words]);
        }
        self.patterns[..cells].copy_from_slice(&source.patterns[..cells]);
        self.near[..words].copy_from_slice(&source.near[..words]);
        self.class_counts = source.class_counts;
        self.values = source.values;
        self.learned = source.learned;
        self.stone_count = source.stone_count;
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Board")
            .field("size", &self.size)
            .field("rule", &self.rule)
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

/// The base-3 number of the ten bits around position `pos` of a padded line word (the
/// window of `window_code`, without the centre).
#[inline]
fn window_trits(word: u32, pos: usize) -> usize {
    usize::from(WINDOW_TRITS[(word >> pos & 0x7FF) as usize])
}

/// `WINDOW_TRITS[bits]`: `patterns::TRITS` of the eleven bits `bits` without the centre
/// (bit 5, which it ignores), so that a window needs no shuffle before its lookup.
static WINDOW_TRITS: [u16; 2048] = {
    let mut table = [0; 2048];
    let mut bits = 0;
    while bits < 2048 {
        table[bits] = patterns::TRITS[(bits & 0x1F) | (bits >> 6 << 5)];
        bits += 1;
    }
    table
};

/// The pattern-table code of the window centred on position `pos` of a line.
#[inline]
fn window_code(own: u32, blocked: u32, pos: usize) -> usize {
    window_trits(own, pos) + 2 * window_trits(blocked, pos)
}

#[cfg(test)]
impl Board {
    /// Whether every field equals `other`'s, the parts of the arrays a board of this
    /// size does not use included.
    pub fn same_state(&self, other: &Board) -> bool {
        std::ptr::eq(self.tables[0], other.tables[0])
            && std::ptr::eq(self.tables[1], other.tables[1])
            && std::ptr::eq(self.cells[0], other.cells[0])
            && std::ptr::eq(self.cells[1], other.cells[1])
            && self.size == other.size
            && self.rule == other.rule
            && self.flagged == other.flagged
            && self.flagged_count == other.flagged_count
            && self.lines == other.lines
            && self.stones == other.stones
            && self.near == other.near
            && self.patterns == other.patterns
            && self.class_counts == other.class_counts
            && self.values == other.values
            && self.learned == other.learned
            && self.stone_count == other.stone_count
    }

    /// Recomputes every pattern, count and value by reading cells one by one, and
    /// compares them with the incremental state.
    pub fn assert_consistent(&self) {
        let n = self.size as i32;
        let mut counts = [[0u16; cell_class::COUNT]; 2];
        let mut values = [0i32; 2];
        let mut learned = [[0i32; 2]; 2];
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
                        packed |= u16::from(self.tables[player][code]) << (4 * dir);
                    }
                    let mut class = if player == 0 && self.rule == Rule::Renju {
                        crate::game::gomoku::cells::combine_renju_black(packed)
                    } else {
                        combine(packed)
                    };
                    if class == cell_class::DOUBLE_THREE
                        && player == 0
                        && self.rule == Rule::Renju
                        && Stones::new(self.size, self.stones[0], self.stones[1]).is_forbidden(cell)
                    {
                        class = cell_class::FORBIDDEN;
                    }
                    assert_eq!(class, self.cell_class(player, cell), "cell {cell}");
                    counts[player][usize::from(class)] += 1;
                    values[player] += cell_value(packed, class);
                    for (role, sum) in learned[player].iter_mut().enumerate() {
                        *sum += crate::game::gomoku::learned::cell_worth(
                            &crate::game::gomoku::learned::WEIGHTS,
                            role,
                            packed,
                            class,
                        )
                        .clamp(i32::from(i16::MIN), i32::from(i16::MAX));
                    }
                }
                assert_eq!(
                    self.patterns[cell][player], packed,
                    "cell {cell} player {player}"
                );
            }
        }
        for (mine, counted) in self.class_counts.iter().zip(counts) {
            assert_eq!(mine[..cell_class::COUNT], counted);
            assert!(mine[cell_class::COUNT..].iter().all(|&count| count == 0));
        }
        assert_eq!(self.values, values);
        assert_eq!(self.learned, learned);
    }
}

#[cfg(test)]
mod window_tests {
    use super::*;

    /// The eleven-bit table gives the ten-bit base-3 number of the window around the
    /// centre, whatever the centre bit.
    #[test]
    fn window_trits_skip_the_centre() {
        for (bits, &trits) in WINDOW_TRITS.iter().enumerate() {
            let mut expected = 0;
            let mut power = 1;
            for i in (0..11).filter(|&i| i != 5) {
                expected += (bits >> i & 1) * power;
                power *= 3;
            }
            assert_eq!(usize::from(trits), expected, "{bits:#b}");
            // A word shifted to put the window at position 7 gives the same number.
            assert_eq!(window_trits((bits as u32) << 7 | 0b101, 7), expected);
        }
    }
}
