//! The rules side of arbor: what a game is, independent of how it is searched.
//!
//! A game supplies its rules (legal moves, playing a move, the outcome), a Zobrist-style
//! hash, its notation (moves and positions as text, used only at the protocol edge) and a
//! heuristic evaluation with its own settings. This module knows nothing about searching.

pub mod connect_four;
pub mod gomoku;
pub mod movelist;
pub mod notation;
pub mod othello;
pub mod score;
pub mod solver;
pub mod tictactoe;
pub mod zobrist;

use std::fmt::{self, Debug};

use crate::options::{self, OptionDecl};

pub use movelist::MoveList;

/// One of the two players. `First` moves first from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Self {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Player),
    Draw,
}

/// How proven results are valued and reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Win, loss or draw; a win is better the sooner it comes (`score win N`).
    Plies,
    /// The final disc margin decides (Othello, `score disc N`); see [`Game::final_margin`].
    Margin,
}

/// An error in game-level text: a move, a position or a variant option.
///
/// `token` is the offending piece of input, so the protocol can name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    pub token: String,
    pub reason: String,
}

impl GameError {
    /// An error about `token`, explained by `reason`.
    pub fn new(token: impl Into<String>, reason: impl Into<String>) -> Self {
        GameError {
            token: token.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
            write!(f, "{}", self.reason)
        } else {
            write!(f, "{}: {}", self.token, self.reason)
        }
    }
}

/// Variant options as given to `game NAME key=value ...`, in order.
pub type Variant = [(String, String)];

/// The rules of a two-player, zero-sum, perfect-information game.
///
/// Positions are small `Copy`-like values searched by copy-make: [`Game::play`] mutates a
/// clone. Moves are tiny `Copy` values; text appears only in the notation methods.
pub trait Game: Clone + Send + 'static {
    /// A move. Must round-trip through [`Game::encode_move`]/[`Game::decode_move`].
    type Move: Copy + Eq + Send + Debug + 'static;

    /// The name used by `game NAME` and `list_games`.
    const NAME: &'static str;

    /// How proven results are valued (plies to the end, or final margin).
    const SCORING: Scoring = Scoring::Plies;

    /// Whether [`perft`] counts a game that ended before the full depth as a leaf (the
    /// published Othello counts do) or as nothing (the tic-tac-toe counts do).
    const PERFT_COUNTS_EARLY_ENDS: bool = false;

    /// The start position of the variant described by `variant` (`size=15`, ...).
    ///
    /// # Errors
    /// An unknown key or a bad value, naming the offending token.
    fn new_game(variant: &Variant) -> Result<Self, GameError>;

    /// Parses the game-specific position text (everything between `position` and `moves`)
    /// for the same variant as `self`.
    ///
    /// # Errors
    /// Malformed text, naming the offending token.
    fn parse_position(&self, text: &str) -> Result<Self, GameError>;

    /// The position as text that [`Game::parse_position`] reads back.
    fn position_text(&self) -> String;

    /// Appends every legal move to `out` (nothing when the game is over).
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Plays a legal move. The move must come from [`Game::legal_moves`] of this position.
    fn play(&mut self, mv: Self::Move);

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// For [`Scoring::Margin`] games: the final margin for the side to move of a finished
    /// game (positive when it won). Unused by other games.
    fn final_margin(&self) -> i32 {
        0
    }

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// A hash of the position (board and side to move), equal for equal positions.
    fn hash(&self) -> u64;

    /// Parses move text in this game's notation. Does not check legality.
    ///
    /// # Errors
    /// Text that names no move of this game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError>;

    /// Move text in this game's notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// A compact code for the transposition table. `0` must never be used: it means "none".
    fn encode_move(mv: Self::Move) -> u16;

    /// The inverse of [`Game::encode_move`]. May return any move for codes it never made;
    /// callers check legality before playing a decoded move.
    fn decode_move(code: u16) -> Self::Move;

    /// A human-readable board for `showboard` (rows, no trailing newline).
    fn board_text(&self) -> String;

    /// Board width and height in cells, for front ends that name cells (UCI drops).
    /// `(0, 0)` for games that have no such board.
    fn dimensions(&self) -> (usize, usize) {
        (0, 0)
    }

    /// The cell (`row * width + column`, rows from the top) where `mv` puts a stone, or
    /// `None` for a move that places nothing (a pass). Front ends use it to name moves.
    fn placement(&self, mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// Counts the leaves `depth` plies deep. Games with a faster counter (bulk counting at
    /// the last ply) override this; the default is the generic [`perft`].
    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    /// Whether `mv` is legal here. The default scans [`Game::legal_moves`].
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Parses `text` and checks that it is legal here.
    ///
    /// # Errors
    /// Unknown notation, or a move that is not legal in this position.
    fn parse_legal_move(&self, text: &str) -> Result<Self::Move, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::new(text, "the game is over"));
        }
        let mv = self.parse_move(text)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(GameError::new(text, self.illegal_reason(mv)))
        }
    }

    /// Why `mv`, which [`Game::is_legal`] refuses, may not be played here: the rule it
    /// breaks, in words for an error answer (`column d is full`). Only asked on errors.
    fn illegal_reason(&self, mv: Self::Move) -> String {
        let _ = mv;
        "illegal move".to_string()
    }
}

/// Game-specific engine settings (evaluation style, solver thresholds), set by `setoption`.
/// Each option is declared once, in [`GameParams::OPTIONS`]; the defaults are the declared
/// ones.
pub trait GameParams: Clone + Default + Send + 'static {
    /// The options this game adds to the engine's own.
    const OPTIONS: &'static [OptionDecl<Self>];

    /// Sets option `name` (matched case-insensitively) to `value`; a refused value
    /// changes nothing.
    ///
    /// # Errors
    /// The option is not one of this game's, or the value is out of its range.
    fn set(&mut self, name: &str, value: &str) -> Result<(), SetError> {
        let option = options::find(Self::OPTIONS, name).ok_or(SetError::Unknown)?;
        option.set(self, value).map_err(SetError::Invalid)
    }
}

/// Why [`GameParams::set`] refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The game has no option of that name.
    Unknown,
    /// The value is out of the option's range; the reason says what it takes.
    Invalid(String),
}

/// Scales of the search's late-move pruning and reductions ([`Evaluate::late_moves`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LateMoves {
    /// The reduction of a quiet late move, in percent of the search's own.
    pub reduction_percent: u32,
    /// The moves searched before late-move pruning, in percent of the search's own;
    /// below 100 the pruning also reaches deeper nodes.
    pub count_percent: u32,
}

impl Default for LateMoves {
    fn default() -> Self {
        LateMoves {
            reduction_percent: 100,
            count_percent: 100,
        }
    }
}

/// Settings for games that have none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoParams;

impl GameParams for NoParams {
    const OPTIONS: &'static [OptionDecl<Self>] = &[];
}

/// A heuristic evaluation of non-final positions.
pub trait Evaluate: Game {
    /// This game's engine settings.
    type Params: GameParams;

    /// The value of the position for the side to move, in centi-units of advantage.
    /// Must stay within `±EVAL_LIMIT`; the search clamps it anyway.
    fn evaluate(&self, params: &Self::Params) -> i32;

    /// Multi-ProbCut (Buro): for this node `depth` plies above the horizon, a shallower
    /// depth and a margin in evaluation units such that a shallow value beyond the
    /// window by the margin is taken to predict the deep search's fail the same way (a
    /// selective search; the margin comes from measured deep-vs-shallow statistics).
    /// `None`, the default: no cut.
    fn probcut(&self, _params: &Self::Params, _depth: u32) -> Option<(u32, i32)> {
        None
    }

    /// A cheap and exact check used by the search's proof mode: `Some(n)` when the side
    /// to move surely wins within `n` plies (not necessarily the fewest); `None` when the
    /// check finds nothing. The default finds nothing.
    fn sure_win_plies(&self, _params: &Self::Params) -> Option<u32> {
        None
    }

    /// At a node whose partial list lost move for move and is being completed (near the
    /// root, or in a proof search; see `search::negamax`): `Some(n)` when any
    /// move not put in `holds` surely loses within `n` plies (Gomoku: the opponent's
    /// continuous fours after a pass, which only a stone in their relevance zone or a
    /// four of the side to move can break), so only those need a search. The default:
    /// `None`, every move is searched.
    fn sure_loss_unless(
        &self,
        _params: &Self::Params,
        _holds: &mut MoveList<Self::Move>,
    ) -> Option<u32> {
        None
    }

    /// The static value from which a leaf is checked with [`Evaluate::sure_win_plies`]: a
    /// win it finds is the leaf's proven value. `i32::MAX`, the default: never.
    const SURE_WIN_FLOOR: i32 = i32::MAX;

    /// At a leaf of the search, a move the side to move is forced to play (Gomoku: the
    /// block of a four), which the search plays and counts as a node before it evaluates:
    /// a quiescence search of forced replies. It must end (each reply fills a cell).
    /// `None` by default: the leaf is evaluated as it stands.
    #[inline]
    fn forced_leaf_reply(&self, _params: &Self::Params) -> Option<Self::Move> {
        None
    }

    /// The value of a leaf reached through an odd number of [`Evaluate::forced_leaf_reply`]
    /// moves, for the side to move (the side that made the threat at the horizon): by
    /// default [`Evaluate::evaluate`]. A game whose evaluation gives the side to move a
    /// tempo bonus can withhold it here, so that a threat made at the last ply does not
    /// earn the bonus that a quiet move there leaves to the opponent.
    #[inline]
    fn evaluate_after_forced_reply(&self, params: &Self::Params) -> i32 {
        self.evaluate(params)
    }

    /// Whether the search extends a node whose [`Evaluate::search_moves`] list is
    /// exhaustive and holds a single move (a forced reply, such as blocking a four).
    const EXTEND_FORCED_REPLIES: bool = false;

    /// The extension of a forced defence, in quarters of a ply (0..=4): at a node whose
    /// [`Evaluate::search_moves`] list is exhaustive and holds `count` >= 2 moves (Gomoku:
    /// the stops of an open three and one's own fours), the search adds this to the
    /// extension of the line and, each time that crosses a whole ply, searches the replies
    /// at the node's own depth; the extensions of a line stop at the root's depth in
    /// plies. A threat sequence then costs about one ply per threat instead of two. 0,
    /// the default: no extension (the single forced reply is `EXTEND_FORCED_REPLIES`).
    #[inline]
    fn defence_extension(&self, _params: &Self::Params, _count: usize) -> u32 {
        0
    }

    /// Beyond the nominal horizon of a line that has collected defence extensions
    /// ([`Evaluate::defence_extension`]; a node with no more depth left than the line's
    /// extension in whole plies), the number of moves of a partial (non-exhaustive) list
    /// searched before the search keeps only the moves [`Evaluate::is_threat_move`] calls
    /// threats: the extension is there to follow threat sequences, which go on with
    /// threats.
    /// `usize::MAX`, the default: every move is searched.
    #[inline]
    fn extension_quiet_moves(&self, _params: &Self::Params) -> usize {
        usize::MAX
    }

    /// Whether `mv` (a move of [`Evaluate::search_moves`] here) makes a threat the
    /// opponent must answer; only asked when [`Evaluate::extension_quiet_moves`] limits
    /// a list. The default calls every move a threat.
    #[inline]
    fn is_threat_move(&self, _params: &Self::Params, _mv: Self::Move) -> bool {
        true
    }

    /// Whether a list that [`Evaluate::extension_quiet_moves`] limits starts from the
    /// static value (a stand pat: the side to move may decline the threats). The default:
    /// no.
    #[inline]
    fn extension_stand_pat(&self, _params: &Self::Params) -> bool {
        false
    }

    /// Whether the evaluation swings between odd and even search depths (a side-to-move
    /// bias, as in Othello, where it can be hundreds of centi-units): iterative deepening
    /// then centres each aspiration window on the last value of the same depth parity
    /// instead of the last value, sparing a re-search per iteration.
    const PARITY_SWING: bool = false;

    /// Whether the search reduces the depth of late moves in a partial (non-exhaustive)
    /// move list, searching them again at full depth only when they beat alpha.
    const LATE_MOVE_REDUCTIONS: bool = false;

    /// Reverse futility at a node off the principal variation `depth` plies above the
    /// horizon: `Some(margin)` when a static value at least `margin` above beta may be
    /// taken to fail high without a search. `None`, the default: the node is searched.
    #[inline]
    fn futility_margin(&self, _params: &Self::Params, _depth: u32) -> Option<i32> {
        None
    }

    /// Scales of late-move pruning and reductions (with [`Evaluate::LATE_MOVE_PRUNING`]),
    /// in percent of the search's own: the reduction of quiet late moves, and the moves a
    /// node searches before late-move pruning leaves out the quiet ones. Asked once a
    /// node. The default, `LateMoves::default()` (100 and 100), is the search's own.
    #[inline]
    fn late_moves(&self, _params: &Self::Params) -> LateMoves {
        LateMoves::default()
    }

    /// Whether the search, at shallow nodes off the principal variation with a partial
    /// (non-exhaustive) move list, leaves out the late moves that
    /// [`Evaluate::is_quiet_move`] calls quiet (late-move pruning), and reduces quiet late
    /// moves more than the others (with [`Evaluate::LATE_MOVE_REDUCTIONS`]).
    const LATE_MOVE_PRUNING: bool = false;

    /// Whether `mv` (a move of [`Evaluate::search_moves`] here) is quiet: it makes no
    /// threat and stops no serious one, so late-move pruning may leave it out. Used only with
    /// [`Evaluate::LATE_MOVE_PRUNING`]; the default calls no move quiet.
    #[inline]
    fn is_quiet_move(&self, _params: &Self::Params, _mv: Self::Move) -> bool {
        false
    }

    /// The moves the search tries here, each with an ordering key (higher first; the
    /// search adds its table move, killers and history on top). By default every legal
    /// move with key 0.
    ///
    /// Returns whether the list is exhaustive. A game may leave out moves it judges
    /// useless (Gomoku: cells far from every stone); a node searched over a partial list
    /// then only counts as proven when it found a win.
    fn search_moves(&self, out: &mut MoveList<Self::Move>, keys: &mut MoveList<i32>) -> bool {
        self.legal_moves(out);
        keys.extend(out.iter().map(|_| 0));
        true
    }

    /// Positions (as [`Game::position_text`], or `startpos`) and depths for `bench`.
    fn bench_positions() -> &'static [(&'static str, u32)];
}

/// The largest magnitude a heuristic evaluation may take; proven scores lie beyond it.
pub const EVAL_LIMIT: i32 = 20_000;

/// Counts the leaves of the game tree `depth` plies deep; a game that ended earlier
/// counts as [`Game::PERFT_COUNTS_EARLY_ENDS`] says.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.outcome().is_some() {
        return u64::from(G::PERFT_COUNTS_EARLY_ENDS);
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Parses a `key=value` variant option's value as an integer within `min..=max`.
///
/// # Errors
/// The value is not a number or is out of range.
pub fn variant_int(key: &str, value: &str, min: u32, max: u32) -> Result<u32, GameError> {
    match value.parse::<u32>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(GameError::new(
            format!("{key}={value}"),
            format!("expected an integer from {min} to {max}"),
        )),
    }
}
