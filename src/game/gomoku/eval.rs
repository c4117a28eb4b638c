//! Gomoku's static evaluation and the search hooks of [`Evaluate`]: the pattern sums of
//! the board (classic or learned), the threats that decide a leaf outright, and the
//! pruning, extension and forced-reply rules the settings switch on.

use super::board::{cell_class, Rule};
use super::options::{GomokuEval, GomokuParams};
use super::{leaf_vcf, learned, moves, quiet, threat_mask, Cell, Gomoku};
use crate::game::{Evaluate, LateMoves, MoveList, EVAL_LIMIT};

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
pub(super) const MAX_STOPPED_CELLS: u16 = 2;

/// The value of a leaf where the side to move makes two open threes the opponent cannot
/// answer with a four (`GomokuParams::double_three`): won in five plies, below the
/// four-three's 10,000 (won in three) and above any positional value.
pub(super) const DOUBLE_THREE_WIN: i32 = 8_000;

/// The deepest node (plies above the horizon) where reverse futility is tried.
pub(super) const FUTILITY_DEPTH: u32 = 8;

/// The VCF the search's proof mode looks for after each move it adds to a completed
/// list (`Evaluate::sure_win_plies`): at most this many plies, found within this many
/// nodes. Most of those moves are far from the fight and leave the winner's VCF intact.
const SURE_WIN_PLIES: u32 = 15;
const SURE_WIN_NODES: u32 = 200;
/// The node budget of the VCF of `Evaluate::sure_loss_unless` (once a completed list).
const SURE_LOSS_NODES: u32 = 1_000;
