//! Search scores: one `i32` scale shared by heuristic and proven values.
//!
//! ```text
//!   WIN - ply ............ proven win, `ply` plies from the root (Plies scoring)
//!   MARGIN_BASE + m ...... proven win by margin m (Margin scoring)
//!   +-EVAL_LIMIT ......... heuristic values live inside this band
//!   0 .................... draw (proven only if the search says so)
//! ```
//! Ply-distance scores are stored in the transposition table relative to the node, not
//! the root ([`to_tt`]/[`from_tt`]), so a win found through a transposition keeps its
//! exact distance.

use crate::game::{Scoring, EVAL_LIMIT};

/// The deepest ply any search reaches; also bounds win distances.
pub const MAX_PLY: usize = 512;

/// Larger than every score.
pub const INFINITY: i32 = 32_000;

/// A win on the spot (0 plies away).
pub const WIN: i32 = 30_000;

/// Every score at least this is a win in at most `MAX_PLY` plies.
pub const WIN_MIN: i32 = WIN - MAX_PLY as i32;

/// Proven margin results are `±(MARGIN_BASE + margin)`.
pub const MARGIN_BASE: i32 = 25_000;

/// The score of a game won `plies` plies from the root.
#[inline]
pub const fn win_in(plies: u32) -> i32 {
    WIN - plies as i32
}

/// The score of a game lost `plies` plies from the root.
#[inline]
pub const fn loss_in(plies: u32) -> i32 {
    -WIN + plies as i32
}

/// The score of a finished game with final `margin` for the side to move.
#[inline]
pub const fn margin(margin: i32) -> i32 {
    if margin > 0 {
        MARGIN_BASE + margin
    } else if margin < 0 {
        -MARGIN_BASE + margin
    } else {
        0
    }
}

/// Whether `score` is a win or loss found by the search (never a heuristic value).
#[inline]
pub const fn is_decisive(score: i32) -> bool {
    score > EVAL_LIMIT || score < -EVAL_LIMIT
}

/// Converts a root-relative score to the node-relative form stored in the table.
#[inline]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_MIN {
        score + ply as i32
    } else if score <= -WIN_MIN {
        score - ply as i32
    } else {
        score
    }
}

/// Converts a stored node-relative score back to the root-relative form at `ply`.
#[inline]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_MIN {
        score - ply as i32
    } else if score <= -WIN_MIN {
        score + ply as i32
    } else {
        score
    }
}

/// A score as the protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// Heuristic, in centi-units, from the side to move.
    Cp(i32),
    /// Proven win, the game ending in this many plies with best play.
    Win(u32),
    /// Proven loss, the game ending in this many plies with best play.
    Loss(u32),
    /// Proven draw.
    Draw,
    /// Proven final margin for the side to move (Margin scoring).
    Disc(i32),
    /// Proven win, the distance not: the game ends within this many plies with best play.
    WinWithin(u32),
    /// Proven loss, the distance not: the game ends within this many plies with best play.
    LossWithin(u32),
}

impl ScoreReport {
    /// Classifies `score`; `proven` says whether it rests on no heuristic leaf.
    pub fn new(score: i32, proven: bool, scoring: Scoring) -> Self {
        match scoring {
            Scoring::Plies if score >= WIN_MIN => ScoreReport::Win((WIN - score) as u32),
            Scoring::Plies if score <= -WIN_MIN => ScoreReport::Loss((WIN + score) as u32),
            Scoring::Plies if proven && score == 0 => ScoreReport::Draw,
            Scoring::Margin if score > EVAL_LIMIT => ScoreReport::Disc(score - MARGIN_BASE),
            Scoring::Margin if score < -EVAL_LIMIT => ScoreReport::Disc(score + MARGIN_BASE),
            Scoring::Margin if proven && score == 0 => ScoreReport::Disc(0),
            _ => ScoreReport::Cp(score),
        }
    }

    /// A proven win or loss whose distance is only bounded (a draw stays exact).
    pub fn within(self) -> Self {
        match self {
            ScoreReport::Win(plies) => ScoreReport::WinWithin(plies),
            ScoreReport::Loss(plies) => ScoreReport::LossWithin(plies),
            other => other,
        }
    }

    /// Whether this is a game-theoretic value rather than a heuristic one.
    pub fn is_proven(self) -> bool {
        !matches!(self, ScoreReport::Cp(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_round_trip_keeps_distance_from_the_node() {
        // A win 7 plies from the root, seen at ply 3, is a win 4 plies from that node.
        assert_eq!(to_tt(win_in(7), 3), win_in(4));
        assert_eq!(from_tt(win_in(4), 3), win_in(7));
        assert_eq!(to_tt(loss_in(9), 2), loss_in(7));
        assert_eq!(from_tt(to_tt(loss_in(9), 2), 2), loss_in(9));
        assert_eq!(to_tt(123, 40), 123);
        assert_eq!(to_tt(margin(12), 40), margin(12));
    }

    #[test]
    fn reports_classify_scores() {
        assert_eq!(
            ScoreReport::new(win_in(5), false, Scoring::Plies),
            ScoreReport::Win(5)
        );
        assert_eq!(
            ScoreReport::new(loss_in(8), true, Scoring::Plies),
            ScoreReport::Loss(8)
        );
        assert_eq!(ScoreReport::new(0, true, Scoring::Plies), ScoreReport::Draw);
        assert_eq!(
            ScoreReport::new(0, false, Scoring::Plies),
            ScoreReport::Cp(0)
        );
        assert_eq!(
            ScoreReport::new(margin(-6), true, Scoring::Margin),
            ScoreReport::Disc(-6)
        );
        assert_eq!(
            ScoreReport::new(0, true, Scoring::Margin),
            ScoreReport::Disc(0)
        );
        assert_eq!(
            ScoreReport::new(35, true, Scoring::Margin),
            ScoreReport::Cp(35)
        );
        assert!(is_decisive(margin(1)) && is_decisive(loss_in(100)) && !is_decisive(EVAL_LIMIT));
        assert_eq!(ScoreReport::Win(9).within(), ScoreReport::WinWithin(9));
        assert_eq!(ScoreReport::Loss(4).within(), ScoreReport::LossWithin(4));
        assert_eq!(ScoreReport::Draw.within(), ScoreReport::Draw);
        assert!(ScoreReport::LossWithin(4).is_proven());
    }
}
