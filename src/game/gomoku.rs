//! Gomoku (five in a row) on 5x5 to 22x22 boards, freestyle (five or more wins) or
//! standard (exactly five wins). Black (`X`, the first player) moves first; squares are
//! algebraic, `a1` top-left, rows counted downwards (`h8` is the centre of 15x15).
//!
//! The position keeps incremental line patterns (`board.rs`), which drive the evaluation,
//! the narrow candidate moves of the search (`moves.rs`) and the threat solver (`vcf.rs`,
//! `proof.rs`), which `root.rs` runs at the root: for a win, and for the defence (the
//! moves after which the opponent wins by threats are left out of the search).
//!
//! This file holds the position type; the rules are in `rules.rs`, the engine settings
//! and their options in `options.rs`, the evaluation and the search hooks in `eval.rs`.

pub mod board;
pub mod cell_class;
pub mod cells;
pub mod eval;
pub mod leaf_vcf;
pub mod learned;
pub mod limits;
pub mod moves;
pub mod options;
pub mod patterns;
pub mod proof;
pub mod quiet;
pub mod renju;
pub mod root;
pub mod rules;
pub mod threat_mask;
pub mod threats;
pub mod training;
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
mod threat_mask_tests;
#[cfg(test)]
mod vct_zone_tests;

use crate::game::solver::Solve;
use crate::game::Player;
use board::Board;
pub use board::Rule;
pub use options::{GomokuEval, GomokuParams};

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

impl Solve for Gomoku {
    type Solver = vcf::ThreatSolver;
}
