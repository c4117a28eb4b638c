//! Gomoku (five in a row) on 5x5 to 22x22 boards, freestyle (five or more wins) or
//! standard (exactly five wins). Black (`X`, the first player) moves first; squares are
//! algebraic, `a1` top-left, rows counted downwards (`h8` is the centre of 15x15).
//!
//! The position keeps incremental line patterns (`board.rs`), which drive the evaluation,
//! the narrow candidate moves of the search (`moves.rs`) and the threat solver (`vcf.rs`,
//! `proof.rs`), which `root.rs` runs at the root: for a win, and for the defence (the
//! moves after which the opponent wins by threats are left out of the search).

pub mod board;
pub mod cells;
pub mod leaf_vcf;
pub mod learned;
pub mod moves;
pub mod patterns;
pub mod proof;
pub mod quiet;
pub mod renju;
pub mod root;
pub mod threat_mask;
pub mod vcf;
pub mod vct_zone;

#[cfg(test)]
mod board_tests;
#[cfg(test)]
mod defence_tests;
#[cfg(test)]
mod eval_tests;
#[cfg(test)]
mod extension_tests;
#[cfg(test)]
mod learned_tests;
#[cfg(test)]
mod marker_tests;
#[cfg(test)]
mod proof_tests;
#[cfg(test)]
mod pruning_tests;
#[cfg(test)]
mod quiet_tests;
#[cfg(test)]
mod renju_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vct_zone_tests;

use crate::game::notation::{diagram, format_square, parse_grid, parse_square, side_char};
use crate::game::solver::Solve;
use crate::game::zobrist::{PIECE_KEYS, SIDE_KEY};
use crate::game::{
    variant_int, Evaluate, Game, GameError, GameParams, LateMoves, MoveList, OptionSpec, Outcome,
    Player, Variant, EVAL_LIMIT,
};
pub use board::Rule;
use board::{cell_class, Board, MAX_SIZE};

/// A cell index, `row * size + column`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u16);

/// A Gomoku position.
#[derive(Debug)]
pub struct Gomoku {
    board: Board,
    side: Player,
    hash: u64,
    winner: Option<Player>,
}

impl Clone for Gomoku {
    fn clone(&self) -> Self {
        Gomoku {
            board: self.board.clone(),
            ..*self
        }
    }

    /// Through `Board::clone_from`, which copies only the used part of the board.
    fn clone_from(&mut self, source: &Self) {
        self.board.clone_from(&source.board);
        self.side = source.side;
        self.hash = source.hash;
        self.winner = source.winner;
    }
}

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

/// Which static evaluation the search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GomokuEval {
    /// Hand-set worth of the line and cell classes (`cells.rs`), the side to move's
    /// counted 5/4.
    Classic,
    /// Weights fitted on arbor's own 6-ply searches of self-play positions (`learned.rs`,
    /// data/gomoku/README.md).
    Learned,
}

/// Gomoku engine settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GomokuParams {
    /// The static evaluation.
    pub eval: GomokuEval,
    /// Run the threat solver (VCF, then VCT) at the root before the main search.
    pub threat_solver: bool,
    /// Node budget of the VCT part of the root solver.
    pub vct_nodes: u64,
    /// Look for a short VCF at the leaves of the main search.
    pub leaf_vcf: bool,
    /// Add the fitted worth of the leaf's threat mask (`threat_mask.rs`) to the pattern
    /// evaluation.
    pub threat_mask: bool,
    /// At the root, leave out the moves after which the opponent wins by threats.
    pub defence: bool,
    /// At a leaf where the opponent has a four, evaluate after the forced block.
    pub leaf_block: bool,
    /// At a leaf where the opponent has an open three and the side to move no four, give
    /// the tempo bonus to the opponent (the side to move must defend).
    pub initiative: bool,
    /// Late-move pruning and stronger reductions of quiet moves in the main search.
    pub late_pruning: bool,
    /// Reverse futility pruning at nodes where the opponent threatens nothing.
    pub futility: bool,
    /// The reverse futility margin per ply of depth.
    pub futility_step: i32,
    /// With `initiative`, at a leaf where the side to move must stop one open three (at
    /// most two open-four cells of the opponent), the worth taken off each of those cells:
    /// the block comes next, and an open three that stands at the horizon counted about
    /// 550 a cell more than after its block.
    pub three_discount: i32,
    /// Percentage of a timed move shorter than 1 s the root's search for the side to
    /// move's own win (VCF, then VCT) may use before the defence and the main search
    /// (longer moves: at least 45%, where its df-pn stages prove long wins).
    pub attack_share: u32,
    /// A leaf where the side to move has a double-three cell and the opponent can make no
    /// four (no four, open three or five of its own to answer with) is scored as won: the
    /// two open threes cannot both be stopped, and the open four follows.
    pub double_three: bool,
    /// At a leaf reached through the forced block of a four made at the horizon (the
    /// four-maker to move), the classic evaluation's 5/4 tempo goes to the blocker, the
    /// side that a quiet move at the horizon would have left to move.
    pub forced_tempo: bool,
    /// The main search's best moves are checked by the threat solver for a win of the
    /// opponent after them (`Solver::refutes`); a refuted move is left out.
    pub refutations: bool,
    /// The extension of a reply to an open three in the main search, in quarters of a ply
    /// (0: none, 4: the reply costs no depth; `Evaluate::defence_extension`), where the
    /// exhaustive list (the stops and one's own fours) holds at most
    /// `threat_extension_moves` moves.
    pub threat_extension: u32,
    /// The longest list of replies to an open three that `threat_extension` extends.
    pub threat_extension_moves: u32,
    /// Beyond the nominal horizon of a line extended by `threat_extension`, a partial
    /// list's moves searched before only threats (a four or an open three of the side to
    /// move) are kept (`Evaluate::extension_quiet_moves`); 15 (the longest partial list,
    /// `moves::MAX_QUIET`): no limit.
    pub extension_quiet: u32,
    /// Where `extension_quiet` leaves moves out, the static value stands for them (the
    /// side to move may decline the threats, as in a quiescence search).
    pub extension_stand_pat: bool,
    /// With `refutations`: the percentage of a timed move each check of a new best move
    /// of the iterations may take, the first two distinct ones (`RefutationPolicy`); 0:
    /// none.
    pub early_check: u32,
    /// With `refutations`: the percentage of a timed move kept for one check of the move
    /// about to be played, after the iterations (`RefutationPolicy`); 0: none.
    pub final_check: u32,
    /// With `late_pruning`: the reduction of quiet late moves, in percent of the search's
    /// own (`Evaluate::late_moves`).
    pub reduction_percent: u32,
    /// With `late_pruning`: the moves searched before late-move pruning, in percent of
    /// the search's own (below 100 the pruning also reaches deeper nodes).
    pub late_move_percent: u32,
    /// With `late_pruning`: a move that makes a four and nothing more (no open three with
    /// it) counts as quiet, so late-move pruning may leave it out and reduce it.
    pub quiet_fours: bool,
}

impl GomokuParams {
    /// The defaults without the threat extension and the late-move pruning and futility
    /// that came with it in session 23, with the classic evaluation (the default before
    /// session 25): tests whose expected moves and depths were measured with that search
    /// shape keep it.
    #[cfg(test)]
    pub(crate) fn unextended() -> Self {
        GomokuParams {
            eval: GomokuEval::Classic,
            late_pruning: false,
            futility: false,
            threat_extension: 0,
            ..GomokuParams::default()
        }
    }
}

impl Default for GomokuParams {
    fn default() -> Self {
        GomokuParams {
            // Was Classic: the learned weights of session 25 scored +23 +/- 22 Elo against
            // it in 600 self-play games and 53/160 against Rapfi to its 20.5/80
            // (results/gomoku-rapfi/README.md, session 25).
            eval: GomokuEval::Learned,
            threat_solver: true,
            vct_nodes: 2_000_000,
            // Off: it halved the nodes per second and won nothing in a 40-game match.
            leaf_vcf: false,
            threat_mask: false,
            defence: true,
            leaf_block: true,
            initiative: true,
            // On with the threat extension (session 23): alone, each measured no gain against
            // Rapfi (sessions 10 and 22); together they did (results/gomoku-rapfi/README.md).
            late_pruning: true,
            futility: true,
            futility_step: 150,
            three_discount: 550,
            // Was 45: wins found after 15% of the move were almost all in positions the
            // main search already scored as won (results/gomoku-rapfi/README.md, session 12).
            attack_share: 15,
            double_three: true,
            forced_tempo: true,
            refutations: true,
            // Was 4 (session 23): half a ply a reply scored +50 +/- 28 Elo against it in
            // self-play and the same against Rapfi (results/gomoku-rapfi/README.md, session 24).
            threat_extension: 2,
            threat_extension_moves: 6,
            extension_quiet: 15,
            extension_stand_pat: false,
            // Was 15 and no final check: the checks of the first iterations' best moves
            // missed the move played, a final check of it avoids a few more of the moves
            // into a long mate (results/gomoku-rapfi/README.md, session 22).
            early_check: 0,
            final_check: 30,
            // Half the search's quiet reductions: +55 +/- 36 Elo against 100 in self-play
            // (with `threat_extension` 2), 38.5/120 against 42.5/160 against Rapfi
            // (results/gomoku-rapfi/README.md, session 24).
            reduction_percent: 50,
            late_move_percent: 100,
            quiet_fours: false,
        }
    }
}

const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "GomokuEval",
        kind: "combo",
        default: "learned",
        range: "classic|learned",
        help: "evaluation: hand-set pattern worths, or pattern weights fitted on arbor's own searches of self-play positions",
    },
    OptionSpec {
        name: "GomokuThreatSolver",
        kind: "check",
        default: "true",
        range: "",
        help: "prove wins by continuous fours (VCF) and threes (VCT) before searching",
    },
    OptionSpec {
        name: "GomokuThreatMask",
        kind: "check",
        default: "false",
        range: "",
        help: "add to the classic evaluation a worth fitted on arbor's searches for each combination of both sides' threats (four, open three, double three; four-three, open four); the learned evaluation has its own",
    },
    OptionSpec {
        name: "GomokuLeafVcf",
        kind: "check",
        default: "false",
        range: "",
        help: "at the leaves of the main search, look for a short VCF (a few fours) of the side to move",
    },
    OptionSpec {
        name: "GomokuDefence",
        kind: "check",
        default: "true",
        range: "",
        help: "at the root, leave out the moves after which the opponent wins by fours and threes",
    },
    OptionSpec {
        name: "GomokuLeafBlock",
        kind: "check",
        default: "true",
        range: "",
        help: "at a leaf where the opponent has a four, evaluate the position after the forced block",
    },
    OptionSpec {
        name: "GomokuInitiative",
        kind: "check",
        default: "true",
        range: "",
        help: "at a leaf where the opponent has an open three and the side to move no four, the opponent gets the tempo bonus",
    },
    OptionSpec {
        name: "GomokuLatePruning",
        kind: "check",
        default: "true",
        range: "",
        help: "at shallow nodes leave out late quiet moves (no open three or four made, no double threat stopped), and reduce late quiet moves more",
    },
    OptionSpec {
        name: "GomokuFutility",
        kind: "check",
        default: "true",
        range: "",
        help: "at nodes up to 8 plies above the horizon where the opponent threatens nothing, a static value above beta by GomokuFutilityStep a ply fails high unsearched",
    },
    OptionSpec {
        name: "GomokuFutilityStep",
        kind: "spin",
        default: "150",
        range: "0..5000",
        help: "the reverse futility margin per ply of depth",
    },
    OptionSpec {
        name: "GomokuThreeDiscount",
        kind: "spin",
        default: "550",
        range: "0..5000",
        help: "with GomokuInitiative, at a leaf where the side to move must stop one open three, the worth taken off each of the opponent's open-four cells",
    },
    OptionSpec {
        name: "GomokuAttackShare",
        kind: "spin",
        default: "15",
        range: "0..100",
        help: "percentage of a timed move under 1 s the root's search for the side to move's own win by threats may use (longer moves: at least 45)",
    },
    OptionSpec {
        name: "GomokuDoubleThree",
        kind: "check",
        default: "true",
        range: "",
        help: "a leaf where the side to move can make two open threes and the opponent can make no four is scored as won",
    },
    OptionSpec {
        name: "GomokuForcedTempo",
        kind: "check",
        default: "true",
        range: "",
        help: "at a leaf after the forced block of a four made at the horizon, the tempo bonus goes to the blocker, not to the four's maker",
    },
    OptionSpec {
        name: "GomokuRefutations",
        kind: "check",
        default: "true",
        range: "",
        help: "the threat solver checks the main search's best moves for a win of the opponent after them and leaves refuted moves out",
    },
    OptionSpec {
        name: "GomokuEarlyCheck",
        kind: "spin",
        default: "0",
        range: "0..60",
        help: "with GomokuRefutations, the percentage of a timed move each check of the first two distinct best moves of the iterations may take (0: no such checks)",
    },
    OptionSpec {
        name: "GomokuFinalCheck",
        kind: "spin",
        default: "30",
        range: "0..60",
        help: "with GomokuRefutations, the percentage of a timed move kept to check the move about to be played after the iterations (0: no final check)",
    },
    OptionSpec {
        name: "GomokuVctNodes",
        kind: "spin",
        default: "2000000",
        range: "0..100000000",
        help: "node budget of the VCT proof search at the root (timed moves: also 30% of the time)",
    },
    OptionSpec {
        name: "GomokuThreatExtension",
        kind: "spin",
        default: "2",
        range: "0..4",
        help: "in the main search, the reply to an open three (at most GomokuThreatExtensionMoves stops and own fours) costs this many quarters of a ply less (4: no depth), up to the root's depth in plies a line",
    },
    OptionSpec {
        name: "GomokuThreatExtensionMoves",
        kind: "spin",
        default: "6",
        range: "2..64",
        help: "the longest list of replies to an open three that GomokuThreatExtension extends",
    },
    OptionSpec {
        name: "GomokuExtensionQuiet",
        kind: "spin",
        default: "15",
        range: "0..15",
        help: "beyond the nominal horizon of a line extended by GomokuThreatExtension, a partial move list keeps only fours and open threes after its first this many moves (15: no limit)",
    },
    OptionSpec {
        name: "GomokuExtensionStandPat",
        kind: "check",
        default: "false",
        range: "",
        help: "where GomokuExtensionQuiet leaves moves out, the static value stands for them",
    },
    OptionSpec {
        name: "GomokuReductionPercent",
        kind: "spin",
        default: "50",
        range: "25..400",
        help: "with GomokuLatePruning, the reduction of quiet late moves in percent of the search's own",
    },
    OptionSpec {
        name: "GomokuLateMovePercent",
        kind: "spin",
        default: "100",
        range: "10..100",
        help: "with GomokuLatePruning, the moves searched before late-move pruning in percent of the search's own (below 100 it also prunes at depths 6 to 8)",
    },
    OptionSpec {
        name: "GomokuQuietFours",
        kind: "check",
        default: "false",
        range: "",
        help: "with GomokuLatePruning, a move that makes a four and no open three counts as quiet (late-move pruning and reductions)",
    },
];

/// A `check` option's value.
fn parse_check(value: &str) -> Result<bool, Option<String>> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Some("expected true or false".into())),
    }
}

/// An integer option's value from `min` to `max`, or the error naming that range.
fn parse_in_range<T>(value: &str, min: T, max: T) -> Result<T, Option<String>>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    value
        .parse::<T>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| Some(format!("expected an integer from {min} to {max}")))
}

impl GameParams for GomokuParams {
    fn specs() -> &'static [OptionSpec] {
        SPECS
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), Option<String>> {
        if name.eq_ignore_ascii_case("GomokuEval") {
            self.eval = match value.to_ascii_lowercase().as_str() {
                "classic" => GomokuEval::Classic,
                "learned" => GomokuEval::Learned,
                _ => return Err(Some("expected classic or learned".into())),
            };
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuThreatSolver") {
            self.threat_solver = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuThreatMask") {
            self.threat_mask = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuLeafVcf") {
            self.leaf_vcf = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuDefence") {
            self.defence = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuLeafBlock") {
            self.leaf_block = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuInitiative") {
            self.initiative = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuLatePruning") {
            self.late_pruning = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuFutility") {
            self.futility = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuFutilityStep") {
            self.futility_step = parse_in_range::<i32>(value, 0, 5000)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuThreeDiscount") {
            self.three_discount = parse_in_range::<i32>(value, 0, 5000)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuAttackShare") {
            self.attack_share = parse_in_range::<u32>(value, 0, 100)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuDoubleThree") {
            self.double_three = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuForcedTempo") {
            self.forced_tempo = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuRefutations") {
            self.refutations = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuEarlyCheck") {
            self.early_check = parse_in_range::<u32>(value, 0, 60)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuFinalCheck") {
            self.final_check = parse_in_range::<u32>(value, 0, 60)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuVctNodes") {
            self.vct_nodes = parse_in_range::<u64>(value, 0, 100_000_000)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuThreatExtension") {
            self.threat_extension = parse_in_range::<u32>(value, 0, 4)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuThreatExtensionMoves") {
            self.threat_extension_moves = parse_in_range::<u32>(value, 2, 64)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuExtensionQuiet") {
            self.extension_quiet = parse_in_range::<u32>(value, 0, 15)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuExtensionStandPat") {
            self.extension_stand_pat = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuReductionPercent") {
            self.reduction_percent = parse_in_range::<u32>(value, 25, 400)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuQuietFours") {
            self.quiet_fours = parse_check(value)?;
            Ok(())
        } else if name.eq_ignore_ascii_case("GomokuLateMovePercent") {
            self.late_move_percent = parse_in_range::<u32>(value, 10, 100)?;
            Ok(())
        } else {
            Err(None)
        }
    }
}

impl Gomoku {
    /// Whether the side to move must stop the opponent's open three: the opponent can make
    /// an open four (or two fours) and the side to move has no four to make first (the
    /// classic evaluation's `initiative` and the learned one's tempo).
    pub fn must_defend(&self) -> bool {
        let me = self.side.index();
        let board = &self.board;
        board.class_count(1 - me, cell_class::OPEN_FOUR) > 0
            && board.class_count(me, cell_class::FOUR) == 0
            && board.class_count(me, cell_class::FOUR_THREE) == 0
    }

    /// The evaluation (`Evaluate::evaluate`), the classic one's 5/4 tempo counted for the
    /// side to move when `mover_tempo`, else for the opponent.
    fn evaluate_with_tempo(&self, params: &GomokuParams, mover_tempo: bool) -> i32 {
        let me = self.side.index();
        let them = 1 - me;
        let board = &self.board;
        if board.class_count(me, cell_class::FIVE) > 0 {
            return 15_000;
        }
        let their_fives = board.class_count(them, cell_class::FIVE);
        if their_fives >= 2 {
            return -15_000;
        }
        if their_fives == 0 {
            if board.class_count(me, cell_class::OPEN_FOUR) > 0 {
                return 12_000;
            }
            if board.class_count(them, cell_class::OPEN_FOUR) == 0
                && board.class_count(me, cell_class::FOUR_THREE) > 0
            {
                return 10_000;
            }
            if params.double_three
                && board.class_count(me, cell_class::DOUBLE_THREE) > 0
                && !(me == 0 && board.rule() == Rule::Renju)
                && board.class_count(them, cell_class::OPEN_FOUR) == 0
                && board.class_count(them, cell_class::FOUR_THREE) == 0
                && board.class_count(them, cell_class::FOUR) == 0
            {
                return DOUBLE_THREE_WIN;
            }
            if params.leaf_vcf
                && board.class_count(me, cell_class::FOUR) > 0
                && leaf_vcf::has_quick_vcf(self)
            {
                return 9_000;
            }
        }
        let must_defend = params.initiative && self.must_defend();
        let score = match params.eval {
            GomokuEval::Classic => {
                if must_defend {
                    let cells = board.class_count(them, cell_class::OPEN_FOUR);
                    let stopped = if cells <= MAX_STOPPED_CELLS {
                        i32::from(cells) * params.three_discount
                    } else {
                        0
                    };
                    board.value(me) - (board.value(them) - stopped) * 5 / 4
                } else if mover_tempo {
                    board.value(me) * 5 / 4 - board.value(them)
                } else {
                    board.value(me) - board.value(them) * 5 / 4
                }
            }
            GomokuEval::Learned => {
                // The side with the tempo is the model's mover: the opponent when the
                // side to move must stop an open three (`initiative`) or when the tempo
                // goes to the blocker of a four (`!mover_tempo`), as the classic
                // evaluation counts its 5/4; the fit takes the same view (`learned.rs`).
                let (mover, sign) = if must_defend || !mover_tempo {
                    (them, -1)
                } else {
                    (me, 1)
                };
                let black = if mover == 0 {
                    learned::WEIGHTS[learned::BLACK_TO_MOVE]
                } else {
                    0
                };
                sign * (board.learned_value(mover, 0)
                    + board.learned_value(1 - mover, 1)
                    + black
                    + learned::WEIGHTS[learned::MASK_BASE + threat_mask::threat_mask(board, mover)]
                    + learned::WEIGHTS[learned::FEATURES])
            }
        };
        let score = if params.threat_mask {
            score + threat_mask::THREAT_MASK_WEIGHTS[threat_mask::threat_mask(board, me)]
        } else {
            score
        };
        score.clamp(-EVAL_LIMIT / 2, EVAL_LIMIT / 2)
    }
}

impl Evaluate for Gomoku {
    type Params = GomokuParams;

    /// Pattern worth of the empty cells, side to move first; immediate threats dominate.
    fn evaluate(&self, params: &GomokuParams) -> i32 {
        self.evaluate_with_tempo(params, true)
    }

    /// With `forced_tempo`, the leaf after a four made at the horizon and its forced block
    /// counts the 5/4 tempo for the blocker (the four's maker, to move, counts 1).
    fn evaluate_after_forced_reply(&self, params: &GomokuParams) -> i32 {
        self.evaluate_with_tempo(params, !params.forced_tempo)
    }

    const EXTEND_FORCED_REPLIES: bool = true;
    const LATE_MOVE_REDUCTIONS: bool = true;
    const LATE_MOVE_PRUNING: bool = true;

    /// With `futility`: `futility_step` a ply, at nodes up to `FUTILITY_DEPTH` plies above
    /// the horizon where the opponent threatens nothing (no four, no open three: the side to
    /// move is free to play anywhere) and the side to move has no five (a node the search
    /// ends at once).
    #[inline]
    fn futility_margin(&self, params: &GomokuParams, depth: u32) -> Option<i32> {
        if !params.futility || depth > FUTILITY_DEPTH {
            return None;
        }
        let them = 1 - self.side.index();
        let board = &self.board;
        (board.class_count(them, cell_class::FIVE) == 0
            && board.class_count(them, cell_class::OPEN_FOUR) == 0
            && board.class_count(1 - them, cell_class::FIVE) == 0)
            .then_some(params.futility_step * depth as i32)
    }

    /// A move that makes no open three or four for the side to move and takes no cell
    /// where the opponent would make a double threat (two open threes, a four-three, an
    /// open four or a five), with `late_pruning`. Cells where the opponent would make one
    /// open three or one four are quiet: most cells near the fight are such cells. The
    /// lists where the opponent threatens (a four, an open three) are exhaustive and never
    /// pruned.
    #[inline]
    fn is_quiet_move(&self, params: &GomokuParams, mv: Cell) -> bool {
        if !params.late_pruning {
            return false;
        }
        let me = self.side.index();
        let cell = usize::from(mv.0);
        let theirs = self.board.cell_class(1 - me, cell);
        let mine = self.board.cell_class(me, cell);
        (mine < cell_class::OPEN_THREE || (params.quiet_fours && mine == cell_class::FOUR))
            && theirs <= cell_class::FOUR
            && theirs != cell_class::DOUBLE_THREE
    }

    fn search_moves(&self, out: &mut MoveList<Cell>, keys: &mut MoveList<i32>) -> bool {
        moves::search_moves(self, out, keys)
    }

    /// With `threat_extension`: the exhaustive list of a side to move that must stop an
    /// open three (an open-four cell of the opponent, who has no five), when it holds at
    /// most `threat_extension_moves` moves.
    #[inline]
    fn defence_extension(&self, params: &GomokuParams, count: usize) -> u32 {
        if params.threat_extension == 0 || count > params.threat_extension_moves as usize {
            return 0;
        }
        let them = 1 - self.side.index();
        let board = &self.board;
        if board.class_count(them, cell_class::FIVE) == 0
            && board.class_count(them, cell_class::OPEN_FOUR) > 0
        {
            params.threat_extension
        } else {
            0
        }
    }

    /// With `late_pruning`: `reduction_percent` and `late_move_percent`.
    #[inline]
    fn late_moves(&self, params: &GomokuParams) -> LateMoves {
        LateMoves {
            reduction_percent: params.reduction_percent,
            count_percent: params.late_move_percent,
        }
    }

    /// With `extension_quiet` (and `threat_extension`): that many moves.
    #[inline]
    fn extension_quiet_moves(&self, params: &GomokuParams) -> usize {
        if params.threat_extension == 0 || params.extension_quiet as usize >= moves::MAX_QUIET {
            usize::MAX
        } else {
            params.extension_quiet as usize
        }
    }

    /// With `extension_stand_pat`.
    #[inline]
    fn extension_stand_pat(&self, params: &GomokuParams) -> bool {
        params.extension_stand_pat
    }

    /// A move that makes a four or an open three (or more) for the side to move.
    #[inline]
    fn is_threat_move(&self, _params: &GomokuParams, mv: Cell) -> bool {
        self.board.cell_class(self.side.index(), usize::from(mv.0)) >= cell_class::OPEN_THREE
    }

    /// With `leaf_block`: a five of the side to move, which ends the game (so a leaf
    /// with a five to make is a proven win, and one with two fives against it a proven
    /// loss a ply later), else the block of the opponent's four: a four made at the
    /// horizon is then not counted as a threat that stands, and a block that makes a
    /// four is answered in turn. Not when the block is a forbidden point (renju Black
    /// has lost then, which the next ply shows).
    #[inline]
    fn forced_leaf_reply(&self, params: &GomokuParams) -> Option<Cell> {
        let me = self.side.index();
        let board = &self.board;
        if !params.leaf_block || self.winner.is_some() {
            return None;
        }
        if board.class_count(me, cell_class::FIVE) > 0 {
            let mut five = None;
            board.for_each_threat(me, cell_class::FIVE, |cell, _| {
                five = five.or(Some(cell));
            });
            return five.map(|cell| Cell(cell as u16));
        }
        if board.class_count(1 - me, cell_class::FIVE) == 0 {
            return None;
        }
        let mut block = None;
        board.for_each_threat(1 - me, cell_class::FIVE, |cell, _| {
            block = block.or(Some(cell));
        });
        block
            .filter(|&cell| !self.is_forbidden(cell))
            .map(|cell| Cell(cell as u16))
    }

    /// The opponent's VCF after a pass (at most `SURE_WIN_PLIES`, found within
    /// `SURE_LOSS_NODES`) and its relevance zone (`quiet.rs`): a stone outside it that is
    /// no four leaves the same fours winning. Not in renju, where forbidden points make
    /// the zone's argument unsound.
    fn sure_loss_unless(&self, _params: &GomokuParams, holds: &mut MoveList<Cell>) -> Option<u32> {
        let board = &self.board;
        let me = self.side.index();
        if board.rule() == Rule::Renju
            || self.winner.is_some()
            || board.class_count(me, cell_class::FIVE) > 0
        {
            return None;
        }
        let threat = quiet::passed(self);
        let mut nodes = 0;
        let line = quiet::vcf_line(
            &threat,
            SURE_WIN_PLIES as usize,
            SURE_LOSS_NODES,
            &mut nodes,
        )?;
        let zone = quiet::relevance_zone(&threat, &line);
        quiet::for_each_cell(&zone, |cell| {
            if board.stone(cell).is_none() {
                holds.push(Cell(cell as u16));
            }
        });
        moves::own_fours(self, holds);
        Some(1 + line.len() as u32)
    }

    /// Open fours and four-threes (and the leaf VCF's value), not double threes.
    const SURE_WIN_FLOOR: i32 = 9_000;

    fn sure_win_plies(&self, _params: &GomokuParams) -> Option<u32> {
        leaf_vcf::vcf_plies(self, SURE_WIN_PLIES, SURE_WIN_NODES)
    }

    fn bench_positions() -> &'static [(&'static str, u32)] {
        &[
            ("list h8 i9 h9 h10 g8", 8),
            ("list h8 i7 j6 g9 i9 h7 g7 i8", 7),
            ("list h8 h9 i8 g8 i9 j10 i7 i6", 7),
        ]
    }
}

/// The most open-four cells of the opponent that `three_discount` treats as one open
/// three the side to move will stop (an open three has two, a broken three one; more
/// are usually two threes, which one move cannot stop).
const MAX_STOPPED_CELLS: u16 = 2;

/// The value of a leaf where the side to move makes two open threes the opponent cannot
/// answer with a four (`GomokuParams::double_three`): won in five plies, below the
/// four-three's 10,000 (won in three) and above any positional value.
const DOUBLE_THREE_WIN: i32 = 8_000;

/// The deepest node (plies above the horizon) where reverse futility is tried.
const FUTILITY_DEPTH: u32 = 8;

/// The VCF the search's proof mode looks for after each move it adds to a completed
/// list (`Evaluate::sure_win_plies`): at most this many plies, found within this many
/// nodes. Most of those moves are far from the fight and leave the winner's VCF intact.
const SURE_WIN_PLIES: u32 = 15;
const SURE_WIN_NODES: u32 = 200;
/// The node budget of the VCF of `Evaluate::sure_loss_unless` (once a completed list).
const SURE_LOSS_NODES: u32 = 1_000;

impl Solve for Gomoku {
    type Solver = vcf::ThreatSolver;
}
