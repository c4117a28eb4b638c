//! Connect Four (7x6 by default, `cols=`/`rows=` for other boards up to a 64-bit
//! bitboard): rules, notation, settings. The evaluation and the exact solver live in the
//! submodules; the bit arithmetic in [`bitboard`].
//!
//! Moves are column letters `a`.. (a = leftmost). Position texts: `digits 4453` (1-based
//! columns played from the empty board, the notation of Pons' test sets) or a board text
//! (rows top to bottom, `X`/`O`/`-`, optional `/` between rows, then the side to move).

pub mod bitboard;
pub mod book;
pub mod eval;
pub mod solver;
#[cfg(test)]
mod tests;

use crate::game::notation::{diagram, format_grid, parse_grid};
use crate::game::solver::Solve;
use crate::game::{
    variant_int, Evaluate, Game, GameError, GameParams, MoveList, Outcome, Player, Variant,
};
use crate::options::{self, Choice, OptionDecl};
use crate::rng::mix64;
use bitboard::{has_four, position_key, Shape};

/// A column index, 0 = leftmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(pub u8);

/// A Connect Four position: the side to move's discs and all discs, as bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectFour {
    current: u64,
    mask: u64,
    moves: u32,
    shape: Shape,
}

impl ConnectFour {
    /// The smallest and largest column and row counts accepted.
    pub const SIZE_RANGE: (u32, u32) = (4, 15);

    /// The empty standard 7x6 board.
    pub fn new() -> Self {
        Self::empty(Shape::STANDARD)
    }

    /// The empty board of `shape`.
    pub fn empty(shape: Shape) -> Self {
        ConnectFour {
            current: 0,
            mask: 0,
            moves: 0,
            shape,
        }
    }

    /// The position with these bitboards (`current`: the side to move's discs, `mask`:
    /// all discs, `moves`: their count). The caller keeps them consistent.
    pub fn from_bits(shape: Shape, current: u64, mask: u64, moves: u32) -> Self {
        ConnectFour {
            current,
            mask,
            moves,
            shape,
        }
    }

    /// The board's geometry.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side to move's discs.
    #[inline]
    pub fn current(&self) -> u64 {
        self.current
    }

    /// Every disc on the board.
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Discs played so far.
    #[inline]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The perfect key `current + mask` (the hash is this key mixed).
    #[inline]
    pub fn key(&self) -> u64 {
        position_key(self.current, self.mask)
    }

    /// Whether a disc can be dropped in `column`.
    #[inline]
    pub fn can_play(&self, column: u32) -> bool {
        column < self.shape.cols && self.mask & self.shape.top_cell(column) == 0
    }

    /// Plays the moves of a digit string (1-based columns), checking each.
    ///
    /// # Errors
    /// A character that is not a column digit, a full column, or a move after the end.
    pub fn play_digits(&mut self, digits: &str) -> Result<(), GameError> {
        for (ply, c) in digits.chars().enumerate() {
            let column = c
                .to_digit(10)
                .filter(|&d| d >= 1 && d <= self.shape.cols)
                .map(|d| d - 1);
            let why = match column {
                None => "not a column digit",
                Some(_) if self.outcome().is_some() => "the game is already over",
                Some(column) if !self.can_play(column) => "the column is full",
                Some(column) => {
                    self.play(Column(column as u8));
                    continue;
                }
            };
            return Err(GameError::new(
                digits,
                format!("move {} ('{c}'): {why}", ply + 1),
            ));
        }
        Ok(())
    }

    /// The disc on `column`, `row` (row 0 = bottom).
    fn cell(&self, column: u32, row: u32) -> Option<Player> {
        let bit = self.shape.cell(column, row);
        if self.mask & bit == 0 {
            None
        } else if (self.current & bit != 0) == (self.moves.is_multiple_of(2)) {
            Some(Player::First)
        } else {
            Some(Player::Second)
        }
    }

    /// The cells row by row from the top, as the notation helpers expect.
    fn grid(&self) -> Vec<Option<Player>> {
        let shape = self.shape;
        (0..shape.rows)
            .rev()
            .flat_map(|row| (0..shape.cols).map(move |column| (column, row)))
            .map(|(column, row)| self.cell(column, row))
            .collect()
    }

    /// The hash recomputed from the cells (the incremental key must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let shape = self.shape;
        let side = self.side_to_move();
        let (mut current, mut mask) = (0, 0);
        for column in 0..shape.cols {
            for row in 0..shape.rows {
                if let Some(player) = self.cell(column, row) {
                    mask |= shape.cell(column, row);
                    if player == side {
                        current |= shape.cell(column, row);
                    }
                }
            }
        }
        mix64(position_key(current, mask))
    }

    fn parse_board(&self, text: &str) -> Result<Self, GameError> {
        let shape = self.shape;
        let (cells, side) = parse_grid(text, shape.cols as usize, shape.rows as usize)?;
        let bad = |why: &str| Err(GameError::new(text.trim(), why.to_string()));
        let mut discs = [0u64; 2];
        for (index, cell) in cells.iter().enumerate() {
            let (top_row, column) = (index as u32 / shape.cols, index as u32 % shape.cols);
            if let Some(player) = cell {
                discs[player.index()] |= shape.cell(column, shape.rows - 1 - top_row);
            }
        }
        let mask = discs[0] | discs[1];
        // Gravity: every column is a stack from the bottom, so `mask + bottom` has exactly
        // one bit per column (the next free cell or the sentinel).
        let next = mask + shape.bottom;
        if next & mask != 0 || next.count_ones() != shape.cols {
            return bad("a disc floats above an empty cell");
        }
        let (first, second) = (discs[0].count_ones(), discs[1].count_ones());
        let expected = if first == second {
            Player::First
        } else if first == second + 1 {
            Player::Second
        } else {
            return bad("disc counts do not fit alternate play (X moves first)");
        };
        if side != expected {
            return bad("the side to move does not fit the disc counts");
        }
        if has_four(shape, discs[side.index()]) {
            return bad("the side to move already has four in a row");
        }
        Ok(ConnectFour {
            current: discs[side.index()],
            mask,
            moves: first + second,
            shape,
        })
    }
}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

impl Game for ConnectFour {
    type Move = Column;
    const NAME: &'static str = "connect4";

    fn new_game(variant: &Variant) -> Result<Self, GameError> {
        let (low, high) = Self::SIZE_RANGE;
        let (mut cols, mut rows) = (7, 6);
        for (key, value) in variant {
            match key.to_ascii_lowercase().as_str() {
                "cols" => cols = variant_int(key, value, low, high)?,
                "rows" => rows = variant_int(key, value, low, high)?,
                _ => {
                    return Err(GameError::new(
                        format!("{key}={value}"),
                        "connect4 knows only cols= and rows=",
                    ))
                }
            }
        }
        if (rows + 1) * cols > 64 {
            return Err(GameError::new(
                format!("cols={cols} rows={rows}"),
                "the board must fit a 64-bit bitboard: (rows + 1) * cols <= 64",
            ));
        }
        Ok(Self::empty(Shape::new(cols, rows)))
    }

    fn parse_position(&self, text: &str) -> Result<Self, GameError> {
        let mut tokens = text.split_whitespace();
        if tokens.next() != Some("digits") {
            return self.parse_board(text);
        }
        let digits = tokens.next().unwrap_or("");
        if let Some(extra) = tokens.next() {
            return Err(GameError::new(extra, "unexpected text after the digits"));
        }
        let mut position = Self::empty(self.shape);
        position.play_digits(digits)?;
        Ok(position)
    }

    fn position_text(&self) -> String {
        format_grid(self.grid().into_iter(), self.side_to_move())
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Column>) {
        if self.outcome().is_some() {
            return;
        }
        for column in self.shape.centre_order() {
            if self.mask & self.shape.top_cell(column) == 0 {
                out.push(Column(column as u8));
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: Column) {
        debug_assert!(self.is_legal(mv));
        self.current ^= self.mask;
        self.mask |= self.mask + self.shape.bottom_cell(u32::from(mv.0));
        self.moves += 1;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if has_four(self.shape, self.current ^ self.mask) {
            Some(Outcome::Win(self.side_to_move().opponent()))
        } else if self.moves == self.shape.cells() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        if self.moves.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        mix64(self.key())
    }

    fn parse_move(&self, text: &str) -> Result<Column, GameError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => {
                let column = u32::from(c.to_ascii_lowercase() as u8 - b'a');
                if column < self.shape.cols {
                    return Ok(Column(column as u8));
                }
            }
            _ => {}
        }
        let last = (b'a' + self.shape.cols as u8 - 1) as char;
        Err(GameError::new(text, format!("not a column (a to {last})")))
    }

    fn format_move(&self, mv: Column) -> String {
        ((b'a' + mv.0) as char).to_string()
    }

    fn encode_move(mv: Column) -> u16 {
        u16::from(mv.0) + 1
    }

    fn decode_move(code: u16) -> Column {
        Column(code.saturating_sub(1).min(15) as u8)
    }

    fn board_text(&self) -> String {
        diagram(&self.grid(), self.shape.cols as usize)
    }

    fn dimensions(&self) -> (usize, usize) {
        (self.shape.cols as usize, self.shape.rows as usize)
    }

    /// The landing cell, rows counted from the top as everywhere in arbor.
    fn placement(&self, mv: Column) -> Option<usize> {
        let column = u32::from(mv.0);
        if column >= self.shape.cols {
            return None;
        }
        let filled = (self.mask & self.shape.column_mask(column)).count_ones();
        let row_from_top = self.shape.rows.checked_sub(filled + 1)?;
        Some((row_from_top * self.shape.cols + column) as usize)
    }

    fn is_legal(&self, mv: Column) -> bool {
        self.can_play(u32::from(mv.0)) && self.outcome().is_none()
    }

    fn illegal_reason(&self, mv: Column) -> String {
        format!("column {} is full", self.format_move(mv))
    }
}

/// How the engine plays Connect Four (`setoption name Style value full|baseline`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Threat and parity evaluation, exact solver whenever it can prove the result.
    Full,
    /// The seed book's segment count, no solver: a weak, predictable sparring partner.
    Baseline,
}

impl Choice for Style {
    const CHOICES: &'static [(&'static str, Self)] =
        &[("full", Style::Full), ("baseline", Style::Baseline)];
}

/// What the solver proves before it answers (`setoption name Solve value exact|wdl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveFor {
    /// The exact score (the distance to the end), when time allows; the result otherwise.
    Exact,
    /// Only the result, win/draw/loss (Pons' "weak" solve): much faster early on.
    Result,
}

impl Choice for SolveFor {
    const CHOICES: &'static [(&'static str, Self)] =
        &[("exact", SolveFor::Exact), ("wdl", SolveFor::Result)];
}

/// Connect Four's engine settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub style: Style,
    pub solve: SolveFor,
}

/// Connect Four's options.
const OPTIONS: &[OptionDecl<Params>] = &[
    OptionDecl::combo(
        "Style",
        "full",
        |p| &mut p.style,
        "full: threat/parity evaluation and the exact solver; \
         baseline: the seed book's segment evaluation, no solver",
    ),
    OptionDecl::combo(
        "Solve",
        "exact",
        |p| &mut p.solve,
        "exact: the solver proves the result, then the exact score; \
         wdl: it stops at the result (win <=N / loss <=N / draw)",
    ),
];

impl Default for Params {
    /// Every option at its declared default.
    fn default() -> Self {
        let unset = Params {
            style: Style::Full,
            solve: SolveFor::Exact,
        };
        options::with_defaults(unset, OPTIONS)
    }
}

impl GameParams for Params {
    const OPTIONS: &'static [OptionDecl<Self>] = OPTIONS;
}

impl Evaluate for ConnectFour {
    type Params = Params;

    fn evaluate(&self, params: &Params) -> i32 {
        match params.style {
            Style::Full => eval::full(self),
            Style::Baseline => eval::baseline(self),
        }
    }

    /// A forced reply (the block of the opponent's only playable four) costs no depth.
    const EXTEND_FORCED_REPLIES: bool = true;

    /// The moves that do not lose at once, centre first: a win at once alone if there is
    /// one; else the block of the opponent's playable four alone (one of them if there are
    /// several: every move loses then); else every move but those that fill the cell
    /// under an opponent's four (unless that leaves none). Each move left out loses by
    /// force within two plies and no kept move loses faster, so the list is exhaustive
    /// in value.
    fn search_moves(&self, out: &mut MoveList<Column>, keys: &mut MoveList<i32>) -> bool {
        let shape = self.shape;
        let mask = self.mask;
        let playable = shape.playable(mask);
        let column_of = |bits: u64| Column((bits.trailing_zeros() / shape.height) as u8);
        if self.outcome().is_none() {
            let wins = bitboard::winning_cells(shape, self.current, mask) & playable;
            let theirs = bitboard::winning_cells(shape, self.current ^ mask, mask);
            let only = if wins != 0 { wins } else { theirs & playable };
            if only != 0 {
                out.push(column_of(only));
                keys.push(0);
                return true;
            }
            let under = (theirs >> 1) & playable;
            for column in shape.centre_order() {
                let cell = playable & shape.column_mask(column);
                if cell != 0 && cell & under == 0 {
                    out.push(Column(column as u8));
                }
            }
        }
        if out.is_empty() {
            self.legal_moves(out);
        }
        keys.extend(out.iter().map(|_| 0));
        true
    }

    fn bench_positions() -> &'static [(&'static str, u32)] {
        &[
            ("startpos", 10),
            ("digits 4453", 10),
            ("digits 44444255", 12),
        ]
    }
}

impl Solve for ConnectFour {
    type Solver = solver::ConnectFourSolver;
}
