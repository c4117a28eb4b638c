//! Othello 8x8 on two bitboards: rules, notation, engine options and the registration
//! of its evaluation and exact endgame solver.
//!
//! Squares `a1` (top-left) to `h8`, rows counted downwards; black (`X`) moves first from
//! d5/e4 black, d4/e5 white. A side without a legal move must `pass` (an explicit move, so
//! perft matches the published counts); the game ends when neither side can move, and the
//! empty squares go to the winner (the FFO convention).

pub mod bitboard;
pub mod endgame;
pub mod eval;
pub mod incremental;
pub mod learned;
pub mod pattern;
pub mod perft;
pub mod probcut;
pub mod shallow;
pub mod solver;
pub mod table;

use crate::game::notation::{diagram, format_grid, format_square, parse_grid, parse_square};
use crate::game::solver::Solve;
use crate::game::{
    Evaluate, Game, GameError, GameParams, MoveList, Outcome, Player, Scoring, Variant,
};
use crate::options::{self, Choice, OptionDecl};
use crate::rng::mix64;
use incremental::PatternIndices;

/// A move: a disc on a square (`0..64`, `row * 8 + column`) or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OthelloMove {
    Place(u8),
    Pass,
}

/// An Othello position from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Othello {
    /// Discs of the side to move.
    player: u64,
    /// Discs of the other side.
    opponent: u64,
    side: Player,
    /// The legal-move mask of the side to move, kept so that `outcome`, `legal_moves` and
    /// the mobility term of the evaluation do not generate it again.
    moves: u64,
    /// The learned evaluation's pattern indices, updated by each move.
    indices: PatternIndices,
}

/// Black on d5 and e4, white on d4 and e5.
const START_BLACK: u64 = 1 << 35 | 1 << 28;
const START_WHITE: u64 = 1 << 27 | 1 << 36;

impl Othello {
    /// The standard start position, black (`X`) to move.
    pub fn new() -> Self {
        Self::from_discs(START_BLACK, START_WHITE, Player::First)
    }

    /// A position from the discs of the side to move, the other side's and who moves.
    pub fn from_discs(player: u64, opponent: u64, side: Player) -> Self {
        let indices = match side {
            Player::First => PatternIndices::new(player, opponent),
            Player::Second => PatternIndices::new(opponent, player),
        };
        Othello {
            player,
            opponent,
            side,
            moves: bitboard::legal_moves(player, opponent),
            indices,
        }
    }

    /// The pattern indices of the learned evaluation (absolute colours).
    #[inline]
    pub fn pattern_indices(&self) -> &PatternIndices {
        &self.indices
    }

    /// Discs of the side to move.
    #[inline]
    pub fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[inline]
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// The legal-move mask of the side to move (0 when it must pass or the game is over).
    #[inline]
    pub fn move_mask(&self) -> u64 {
        self.moves
    }

    /// The number of empty squares.
    #[inline]
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    /// The discs of `player`.
    pub fn discs_of(&self, player: Player) -> u64 {
        if player == self.side {
            self.player
        } else {
            self.opponent
        }
    }

    fn cell(&self, index: usize) -> Option<Player> {
        if self.discs_of(Player::First) >> index & 1 != 0 {
            Some(Player::First)
        } else if self.discs_of(Player::Second) >> index & 1 != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    fn cells(&self) -> Vec<Option<Player>> {
        (0..64).map(|i| self.cell(i)).collect()
    }
}

impl Default for Othello {
    fn default() -> Self {
        Self::new()
    }
}

/// The final margin for the player owning `player` against `opponent` in a finished
/// game with `empties` empty squares, which go to the winner.
#[inline]
pub fn final_margin(player: u64, opponent: u64) -> i32 {
    let own = player.count_ones() as i32;
    let other = opponent.count_ones() as i32;
    let empties = 64 - own - other;
    let diff = own - other;
    if diff > 0 {
        diff + empties
    } else if diff < 0 {
        diff - empties
    } else {
        0
    }
}

/// Hash of a position: both bitboards mixed, different for the two sides to move.
#[inline]
fn hash_of(black: u64, white: u64) -> u64 {
    mix64(black.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ white.rotate_left(31))
}

impl Game for Othello {
    type Move = OthelloMove;
    const NAME: &'static str = "othello";
    const SCORING: Scoring = Scoring::Margin;
    const PERFT_COUNTS_EARLY_ENDS: bool = true;

    fn new_game(variant: &Variant) -> Result<Self, GameError> {
        match variant.first() {
            None => {
                // Build the learned evaluation's tables now (tens of milliseconds),
                // not inside the first search's time.
                learned::embedded_tables();
                Ok(Self::new())
            }
            Some((key, value)) => Err(GameError::new(
                format!("{key}={value}"),
                "othello has no variant options",
            )),
        }
    }

    fn parse_position(&self, text: &str) -> Result<Self, GameError> {
        let (cells, side) = parse_grid(text, 8, 8)?;
        let mut discs = [0u64; 2];
        for (index, cell) in cells.iter().enumerate() {
            if let Some(player) = cell {
                discs[player.index()] |= 1 << index;
            }
        }
        let (player, opponent) = match side {
            Player::First => (discs[0], discs[1]),
            Player::Second => (discs[1], discs[0]),
        };
        Ok(Self::from_discs(player, opponent, side))
    }

    fn position_text(&self) -> String {
        format_grid(self.cells().into_iter(), self.side)
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList<OthelloMove>) {
        let mut moves = self.moves;
        if moves == 0 {
            if bitboard::legal_moves(self.opponent, self.player) != 0 {
                out.push(OthelloMove::Pass);
            }
            return;
        }
        while moves != 0 {
            out.push(OthelloMove::Place(moves.trailing_zeros() as u8));
            moves &= moves - 1;
        }
    }

    #[inline]
    fn play(&mut self, mv: OthelloMove) {
        debug_assert!(self.is_legal(mv));
        let (player, opponent) = match mv {
            OthelloMove::Place(square) => {
                let square = usize::from(square);
                let flipped = bitboard::flips(square, self.player, self.opponent);
                self.indices
                    .play(square, flipped, self.side == Player::First);
                (self.opponent ^ flipped, self.player | flipped | 1 << square)
            }
            OthelloMove::Pass => (self.opponent, self.player),
        };
        self.player = player;
        self.opponent = opponent;
        self.side = self.side.opponent();
        self.moves = bitboard::legal_moves(player, opponent);
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.moves != 0 || bitboard::legal_moves(self.opponent, self.player) != 0 {
            return None;
        }
        let margin = final_margin(self.player, self.opponent);
        Some(match margin.signum() {
            1 => Outcome::Win(self.side),
            -1 => Outcome::Win(self.side.opponent()),
            _ => Outcome::Draw,
        })
    }

    fn final_margin(&self) -> i32 {
        final_margin(self.player, self.opponent)
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    #[inline]
    fn hash(&self) -> u64 {
        hash_of(
            self.discs_of(Player::First),
            self.discs_of(Player::Second) ^ (self.side.index() as u64).wrapping_neg(),
        )
    }

    fn parse_move(&self, text: &str) -> Result<OthelloMove, GameError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(OthelloMove::Pass);
        }
        parse_square(text, 8, 8).map(|index| OthelloMove::Place(index as u8))
    }

    fn format_move(&self, mv: OthelloMove) -> String {
        match mv {
            OthelloMove::Place(square) => format_square(usize::from(square), 8),
            OthelloMove::Pass => "pass".to_string(),
        }
    }

    fn encode_move(mv: OthelloMove) -> u16 {
        match mv {
            OthelloMove::Place(square) => u16::from(square) + 1,
            OthelloMove::Pass => 65,
        }
    }

    fn decode_move(code: u16) -> OthelloMove {
        match code {
            1..=64 => OthelloMove::Place((code - 1) as u8),
            _ => OthelloMove::Pass,
        }
    }

    fn board_text(&self) -> String {
        diagram(&self.cells(), 8)
    }

    fn dimensions(&self) -> (usize, usize) {
        (8, 8)
    }

    fn placement(&self, mv: OthelloMove) -> Option<usize> {
        match mv {
            OthelloMove::Place(square) => Some(usize::from(square)),
            OthelloMove::Pass => None,
        }
    }

    /// The bulk-counting [`fast_perft`] (same counts as the generic one).
    fn perft(&self, depth: u32) -> u64 {
        fast_perft(self, depth)
    }

    fn is_legal(&self, mv: OthelloMove) -> bool {
        match mv {
            OthelloMove::Place(square) => square < 64 && self.moves >> square & 1 != 0,
            OthelloMove::Pass => {
                self.moves == 0 && bitboard::legal_moves(self.opponent, self.player) != 0
            }
        }
    }

    fn illegal_reason(&self, mv: OthelloMove) -> String {
        match mv {
            OthelloMove::Place(square) if (self.player | self.opponent) >> square & 1 != 0 => {
                format!("square {} is occupied", self.format_move(mv))
            }
            OthelloMove::Place(_) => format!("{} flips nothing", self.format_move(mv)),
            OthelloMove::Pass => "no pass while a move is possible".to_string(),
        }
    }
}

/// Which evaluation the search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The learned pattern evaluation (weights fitted by `othello-train`, tools/).
    Full,
    /// Hand-set: mobility, potential mobility, corners, X/C squares, edges, stability and
    /// parity, weighted by game phase.
    Classic,
    /// Mobility only.
    Mobility,
    /// The seeds' plain disc difference (the sparring partner of the strength tests).
    Baseline,
}

/// The leaves `depth` plies below `position`, counted on raw bitboards with bulk counting
/// at the last ply (`perft.rs`): the same counts as the generic [`crate::game::perft`].
pub fn fast_perft(position: &Othello, depth: u32) -> u64 {
    perft::leaves(position.player, position.opponent, position.moves, depth)
}

impl Choice for Style {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("full", Style::Full),
        ("classic", Style::Classic),
        ("mobility", Style::Mobility),
        ("baseline", Style::Baseline),
    ];
}

/// Othello's engine settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OthelloParams {
    pub style: Style,
    /// The exact solver takes over `go` without a depth at this many empties or fewer.
    pub endgame_empties: u32,
    /// Multi-ProbCut's margin in tenths of the measured deviation ([`probcut`]); 0 = off.
    pub probcut: u32,
}

/// The default of `EndgameEmpties`: solved in about a second or less.
pub const DEFAULT_ENDGAME_EMPTIES: u32 = 20;

/// The default of `ProbCut`: 2.5 standard deviations (data/othello/README.md has the
/// matches that chose it).
pub const DEFAULT_PROBCUT: u32 = 25;

/// Othello's options.
const OPTIONS: &[OptionDecl<OthelloParams>] = &[
    OptionDecl::combo(
        "Style",
        "full",
        |p| &mut p.style,
        "evaluation: learned patterns, hand-set features, mobility only, or the disc difference",
    ),
    OptionDecl::spin(
        "EndgameEmpties",
        DEFAULT_ENDGAME_EMPTIES as i64,
        0,
        60,
        |p| &mut p.endgame_empties,
        "solve exactly when go has no depth and at most this many squares are empty",
    ),
    OptionDecl::spin(
        "ProbCut",
        DEFAULT_PROBCUT as i64,
        0,
        40,
        |p| &mut p.probcut,
        "Multi-ProbCut margin in tenths of a standard deviation (full style); 0 is off",
    ),
];

impl Default for OthelloParams {
    /// Every option at its declared default.
    fn default() -> Self {
        let unset = OthelloParams {
            style: Style::Full,
            endgame_empties: 0,
            probcut: 0,
        };
        options::with_defaults(unset, OPTIONS)
    }
}

impl GameParams for OthelloParams {
    const OPTIONS: &'static [OptionDecl<Self>] = OPTIONS;
}

impl Evaluate for Othello {
    /// The side to move's evaluation at even and odd depths differs by up to ~600
    /// centi-discs in the opening: windows centre on the same parity (22% fewer nodes to
    /// depth 12 over the positions of `cargo bench --bench othello_midgame`).
    const PARITY_SWING: bool = true;

    type Params = OthelloParams;

    fn evaluate(&self, params: &OthelloParams) -> i32 {
        eval::evaluate(self, params.style)
    }

    fn probcut(&self, params: &OthelloParams, depth: u32) -> Option<(u32, i32)> {
        if params.probcut == 0 || params.style != Style::Full {
            return None;
        }
        let (shallow, sigma) = probcut::pair(depth, self.empties())?;
        Some((shallow, sigma * params.probcut as i32 / 10))
    }

    fn bench_positions() -> &'static [(&'static str, u32)] {
        // The start, then f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 and f5 f6 e6 f4 e3 c5 c4 e7.
        &[
            ("startpos", 12),
            (
                "------------------XO-O----XXOO-----XOX-----OOX------O----------- X",
                11,
            ),
            (
                "--------------------X-----XXXO----OXOO------OO------O----------- X",
                11,
            ),
        ]
    }
}

impl Solve for Othello {
    type Solver = solver::EndgameSolver;
}

#[cfg(test)]
mod learned_tests;
#[cfg(test)]
mod tests;
