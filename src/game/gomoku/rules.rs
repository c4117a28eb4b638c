//! Gomoku's rules: setting up boards, playing stones, the outcome and the notation
//! (the [`Game`] implementation).

use super::board::{self, cell_class, Board, Rule, MAX_SIZE};
use super::{Cell, Gomoku};
use crate::game::notation::{diagram, format_square, parse_grid, parse_square, side_char};
use crate::game::zobrist::{PIECE_KEYS, SIDE_KEY};
use crate::game::{variant_int, Game, GameError, MoveList, Outcome, Player, Variant};

impl Gomoku {
    /// The empty board of side `size` (5..=22), Black to move.
    ///
    /// # Errors
    /// A size out of range.
    pub fn new(size: usize, rule: Rule) -> Result<Self, GameError> {
        if !(5..=MAX_SIZE).contains(&size) {
            return Err(GameError::new(
                format!("size={size}"),
                format!("expected an integer from 5 to {MAX_SIZE}"),
            ));
        }
        Ok(Gomoku {
            board: Board::new(size, rule),
            side: Player::First,
            hash: 0,
            winner: None,
        })
    }

    /// The board with its patterns.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side length.
    #[inline]
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// Puts a stone of `player` on empty `cell` without changing the side to move, and
    /// returns whether it made a five.
    pub fn put(&mut self, cell: usize, player: Player) -> bool {
        let five = self.board.cell_class(player.index(), cell) == cell_class::FIVE;
        self.board.place(cell, player);
        self.hash ^= PIECE_KEYS[player.index()][cell];
        five
    }

    /// Sets the side to move.
    pub fn set_side(&mut self, side: Player) {
        if side != self.side {
            self.hash ^= SIDE_KEY;
            self.side = side;
        }
    }

    /// The hash of the position after the side to move plays `mv`, without playing it.
    pub fn hash_after(&self, mv: Cell) -> u64 {
        self.hash ^ PIECE_KEYS[self.side.index()][usize::from(mv.0)] ^ SIDE_KEY
    }

    /// Whether the side to move may not play on empty `cell`: Black's forbidden points
    /// in renju.
    #[inline]
    pub fn is_forbidden(&self, cell: usize) -> bool {
        self.side == Player::First && self.board.is_forbidden(cell)
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Player::Second {
            SIDE_KEY
        } else {
            0
        };
        for cell in 0..self.size() * self.size() {
            if let Some(player) = self.board.stone(cell) {
                hash ^= PIECE_KEYS[player.index()].get(cell).copied().unwrap_or(0);
            }
        }
        hash
    }

    /// Which players have a winning line on the board, found by scanning every line.
    pub fn fives_from_scratch(&self) -> [bool; 2] {
        let n = self.size() as i32;
        let mut found = [false; 2];
        for cell in 0..n * n {
            let Some(player) = self.board.stone(cell as usize) else {
                continue;
            };
            for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                let (r, c) = (cell / n, cell % n);
                let at = |k: i32| {
                    let (rr, cc) = (r + dr * k, c + dc * k);
                    (0..n).contains(&rr)
                        && (0..n).contains(&cc)
                        && self.board.stone((rr * n + cc) as usize) == Some(player)
                };
                if at(-1) {
                    continue; // not the start of the run
                }
                let run = (0..).take_while(|&k| at(k)).count();
                if run == 5 || (run > 5 && !self.board.rule().exact_five(player.index())) {
                    found[player.index()] = true;
                }
            }
        }
        found
    }

    fn parse_move_list(&self, text: &str) -> Result<Self, GameError> {
        let mut position = Gomoku::new(self.size(), self.board.rule())?;
        for token in text.split(|c: char| c == ',' || c.is_whitespace()) {
            if !token.is_empty() {
                let mv = position.parse_legal_move(token)?;
                position.play(mv);
            }
        }
        Ok(position)
    }
}

impl Game for Gomoku {
    type Move = Cell;
    const NAME: &'static str = "gomoku";

    fn new_game(variant: &Variant) -> Result<Self, GameError> {
        let mut size = 15;
        let mut rule = Rule::Freestyle;
        for (key, value) in variant {
            match key.to_ascii_lowercase().as_str() {
                "size" => size = variant_int(key, value, 5, MAX_SIZE as u32)? as usize,
                "rule" => {
                    rule = match value.to_ascii_lowercase().as_str() {
                        "freestyle" => Rule::Freestyle,
                        "standard" => Rule::Standard,
                        "renju" => Rule::Renju,
                        _ => {
                            return Err(GameError::new(
                                format!("{key}={value}"),
                                "expected freestyle, standard or renju",
                            ))
                        }
                    }
                }
                _ => {
                    return Err(GameError::new(
                        format!("{key}={value}"),
                        "gomoku options are size=N and rule=freestyle|standard|renju",
                    ))
                }
            }
        }
        Gomoku::new(size, rule)
    }

    fn parse_position(&self, text: &str) -> Result<Self, GameError> {
        let text = text.trim();
        if let Some(list) = text.strip_prefix("list") {
            return self.parse_move_list(list);
        }
        let n = self.size();
        let (cells, side) = parse_grid(text, n, n)?;
        let mut position = Gomoku::new(n, self.board.rule())?;
        for (cell, stone) in cells.iter().enumerate() {
            if let Some(player) = *stone {
                position.put(cell, player);
            }
        }
        position.set_side(side);
        position.winner = match position.fives_from_scratch() {
            [true, true] => return Err(GameError::new(text, "both sides have five in a row")),
            [true, false] => Some(Player::First),
            [false, true] => Some(Player::Second),
            [false, false] => None,
        };
        Ok(position)
    }

    fn position_text(&self) -> String {
        let n = self.size();
        let mut text = String::with_capacity(n * (n + 1) + 2);
        for cell in 0..n * n {
            if cell > 0 && cell % n == 0 {
                text.push('/');
            }
            text.push(match self.board.stone(cell) {
                Some(player) => side_char(player),
                None => '-',
            });
        }
        text.push(' ');
        text.push(side_char(self.side));
        text
    }

    fn legal_moves(&self, out: &mut MoveList<Cell>) {
        if self.outcome().is_some() {
            return;
        }
        for cell in 0..self.size() * self.size() {
            if self.board.stone(cell).is_none() && !self.is_forbidden(cell) {
                out.push(Cell(cell as u16));
            }
        }
    }

    #[inline]
    fn play(&mut self, mv: Cell) {
        debug_assert!(self.is_legal(mv));
        let side = self.side;
        if self.put(usize::from(mv.0), side) {
            self.winner = Some(side);
        }
        self.hash ^= SIDE_KEY;
        self.side = side.opponent();
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(player) => Some(Outcome::Win(player)),
            None if self.board.stone_count() == self.size() * self.size() => Some(Outcome::Draw),
            None => None,
        }
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<Cell, GameError> {
        parse_square(text, self.size(), self.size()).map(|cell| Cell(cell as u16))
    }

    fn format_move(&self, mv: Cell) -> String {
        format_square(usize::from(mv.0), self.size())
    }

    fn encode_move(mv: Cell) -> u16 {
        mv.0 + 1
    }

    fn decode_move(code: u16) -> Cell {
        Cell(code.saturating_sub(1).min(board::MAX_CELLS as u16 - 1))
    }

    fn board_text(&self) -> String {
        let n = self.size();
        let cells: Vec<Option<Player>> = (0..n * n).map(|c| self.board.stone(c)).collect();
        diagram(&cells, n)
    }

    fn dimensions(&self) -> (usize, usize) {
        (self.size(), self.size())
    }

    fn placement(&self, mv: Cell) -> Option<usize> {
        Some(usize::from(mv.0))
    }

    fn is_legal(&self, mv: Cell) -> bool {
        let cell = usize::from(mv.0);
        cell < self.size() * self.size()
            && self.board.stone(cell).is_none()
            && self.outcome().is_none()
            && !self.is_forbidden(cell)
    }

    fn illegal_reason(&self, mv: Cell) -> String {
        let (cell, text) = (usize::from(mv.0), self.format_move(mv));
        if self.board.stone(cell).is_some() {
            return format!("square {text} is occupied");
        }
        match self.board.forbidden_kind(cell) {
            Some(kind) => format!("{text} is forbidden for Black ({})", kind.name()),
            None => "illegal move".to_string(),
        }
    }
}
