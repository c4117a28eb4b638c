//! Tic-tac-toe on a 3x3 board: two 9-bit bitboards, squares `a1` (top-left) to `c3`.
//!
//! Small enough to be solved outright; it is the reference game of the test suite.

use crate::game::notation::{diagram, format_grid, format_square, parse_grid, parse_square};
use crate::game::solver::{NoSolver, Solve};
use crate::game::zobrist::{PIECE_KEYS, SIDE_KEY};
use crate::game::{Evaluate, Game, GameError, MoveList, NoParams, Outcome, Player, Variant};

/// A square index 0..9, `row * 3 + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

const FULL: u16 = 0x1FF;

/// The eight lines of three, as bit masks.
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    stones: [u16; 2],
    side: Player,
    hash: u64,
}

impl TicTacToe {
    /// The empty board, first player (X) to move.
    pub fn new() -> Self {
        TicTacToe {
            stones: [0, 0],
            side: Player::First,
            hash: 0,
        }
    }

    fn has_line(bits: u16) -> bool {
        // A line is complete when masking leaves no missing stone.
        LINES.iter().any(|&line| (bits & line) ^ line == 0)
    }

    fn cell(&self, index: usize) -> Option<Player> {
        if self.stones[0] >> index & 1 != 0 {
            Some(Player::First)
        } else if self.stones[1] >> index & 1 != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let side = if self.side == Player::Second {
            SIDE_KEY
        } else {
            0
        };
        (0..9)
            .filter_map(|index| {
                self.cell(index)
                    .map(|player| PIECE_KEYS[player.index()][index])
            })
            .fold(side, |hash, key| hash ^ key)
    }
}

impl Default for TicTacToe {
    fn default() -> Self {
        Self::new()
    }
}

impl Game for TicTacToe {
    type Move = Cell;
    const NAME: &'static str = "tictactoe";

    fn new_game(variant: &Variant) -> Result<Self, GameError> {
        match variant.first() {
            None => Ok(Self::new()),
            Some((key, value)) => Err(GameError::new(
                format!("{key}={value}"),
                "tictactoe has no variant options",
            )),
        }
    }

    fn parse_position(&self, text: &str) -> Result<Self, GameError> {
        let (cells, side) = parse_grid(text, 3, 3)?;
        let mut position = Self::new();
        for (index, cell) in cells.iter().enumerate() {
            if let Some(player) = cell {
                position.stones[player.index()] |= 1 << index;
            }
        }
        position.side = side;
        position.hash = position.hash_from_scratch();
        let (x, o) = (
            position.stones[0].count_ones(),
            position.stones[1].count_ones(),
        );
        let expected_o = if side == Player::First {
            x
        } else {
            x.saturating_sub(1)
        };
        if o != expected_o || (side == Player::Second && x == 0) {
            return Err(GameError::new(
                text.trim(),
                "stone counts do not fit the side to move (X moves first)",
            ));
        }
        if Self::has_line(position.stones[0]) && Self::has_line(position.stones[1]) {
            return Err(GameError::new(
                text.trim(),
                "both sides have three in a row",
            ));
        }
        Ok(position)
    }

    fn position_text(&self) -> String {
        format_grid((0..9).map(|i| self.cell(i)), self.side)
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Cell>) {
        if self.outcome().is_some() {
            return;
        }
        let mut empty = !(self.stones[0] | self.stones[1]) & FULL;
        while empty != 0 {
            out.push(Cell(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
    }

    #[inline]
    fn play(&mut self, mv: Cell) {
        debug_assert!(self.is_legal(mv));
        let side = self.side.index();
        self.stones[side] |= 1 << mv.0;
        self.hash ^= PIECE_KEYS[side][usize::from(mv.0)] ^ SIDE_KEY;
        self.side = self.side.opponent();
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if Self::has_line(self.stones[0]) {
            Some(Outcome::Win(Player::First))
        } else if Self::has_line(self.stones[1]) {
            Some(Outcome::Win(Player::Second))
        } else if self.stones[0] | self.stones[1] == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<Cell, GameError> {
        parse_square(text, 3, 3).map(|index| Cell(index as u8))
    }

    fn format_move(&self, mv: Cell) -> String {
        format_square(usize::from(mv.0), 3)
    }

    fn encode_move(mv: Cell) -> u16 {
        u16::from(mv.0) + 1
    }

    fn decode_move(code: u16) -> Cell {
        Cell(code.saturating_sub(1).min(8) as u8)
    }

    fn board_text(&self) -> String {
        diagram(&(0..9).map(|i| self.cell(i)).collect::<Vec<_>>(), 3)
    }

    fn dimensions(&self) -> (usize, usize) {
        (3, 3)
    }

    fn placement(&self, mv: Cell) -> Option<usize> {
        Some(usize::from(mv.0))
    }

    fn is_legal(&self, mv: Cell) -> bool {
        mv.0 < 9 && self.outcome().is_none() && (self.stones[0] | self.stones[1]) >> mv.0 & 1 == 0
    }

    fn illegal_reason(&self, mv: Cell) -> String {
        format!("square {} is occupied", self.format_move(mv))
    }
}

impl Evaluate for TicTacToe {
    type Params = NoParams;

    /// Lines still open to one side only, weighted by how many stones they hold.
    fn evaluate(&self, _: &NoParams) -> i32 {
        let me = self.stones[self.side.index()];
        let them = self.stones[self.side.opponent().index()];
        let weight = [0, 10, 100, 0];
        LINES
            .iter()
            .map(
                |&line| match ((me & line).count_ones(), (them & line).count_ones()) {
                    (m, 0) => weight[m as usize],
                    (0, t) => -weight[t as usize],
                    _ => 0,
                },
            )
            .sum()
    }

    fn bench_positions() -> &'static [(&'static str, u32)] {
        &[("startpos", 9), ("X-------- O", 8), ("-X--O---- X", 7)]
    }
}

impl Solve for TicTacToe {
    type Solver = NoSolver;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;

    #[test]
    fn perft_matches_the_known_counts() {
        let counts = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
        for (depth, &count) in counts.iter().enumerate() {
            assert_eq!(
                perft(&TicTacToe::new(), depth as u32 + 1),
                count,
                "depth {}",
                depth + 1
            );
        }
    }

    #[test]
    fn rows_columns_and_diagonals_win() {
        let win = |text: &str| {
            TicTacToe::new()
                .parse_position(text)
                .expect("valid")
                .outcome()
        };
        assert_eq!(win("XXX/OO-/--- O"), Some(Outcome::Win(Player::First)));
        assert_eq!(win("XO-/XO-/X-- O"), Some(Outcome::Win(Player::First)));
        assert_eq!(win("OX-/XOX/--O X"), Some(Outcome::Win(Player::Second)));
        assert_eq!(win("XOX/XOO/OXX O"), Some(Outcome::Draw));
        assert_eq!(win("X--/-O-/--- X"), None);
    }

    #[test]
    fn incremental_hash_equals_recomputed_hash() {
        let mut position = TicTacToe::new();
        for square in ["b2", "a1", "c3", "a3", "a2"] {
            let mv = position.parse_legal_move(square).expect("legal");
            position.play(mv);
            assert_eq!(position.hash(), position.hash_from_scratch());
        }
    }

    #[test]
    fn moves_and_positions_round_trip() {
        let position = TicTacToe::new();
        for index in 0..9 {
            let text = position.format_move(Cell(index));
            assert_eq!(position.parse_move(&text), Ok(Cell(index)));
            assert_eq!(
                TicTacToe::decode_move(TicTacToe::encode_move(Cell(index))),
                Cell(index)
            );
        }
        let text = "XO--X---O X";
        assert_eq!(
            position
                .parse_position(text)
                .expect("valid")
                .position_text(),
            text
        );
    }

    #[test]
    fn impossible_positions_are_rejected() {
        let start = TicTacToe::new();
        for text in ["XX------- O", "OO------- X", "--------- O", "XXXOOO--- X"] {
            assert!(start.parse_position(text).is_err(), "{text}");
        }
        assert!(start.parse_legal_move("d1").is_err());
        let mut position = start;
        position.play(Cell(4));
        assert!(position.parse_legal_move("b2").is_err());
    }
}
