//! The generic game-tree search: iterative deepening negamax alpha-beta (PVS) over any
//! [`Solve`] game, statically dispatched.
//!
//! The search does no I/O, uses no channels and parses no strings: it receives a position,
//! [`Limits`] and a [`StopFlag`], and reports through a callback.

pub mod iterative;
pub mod negamax;
pub mod ordering;
pub mod tt;

use std::time::Duration;

pub use iterative::search;
// The vocabulary the search shares with the games' own solvers lives below both layers
// (`budget`, `game::score`, `game::solver`); re-exported here for the layers above.
pub use crate::budget::{Clock, Limits, StopFlag};
pub use crate::game::score::{self, ScoreReport};
pub use crate::game::solver::{NoSolver, Solve, Solved, Solver, Verdict};
pub use tt::{AllocError, TranspositionTable};

/// The tables a search learns into, kept between searches by the worker.
pub struct Tables {
    pub tt: TranspositionTable,
    pub ordering: ordering::Ordering,
}

impl Tables {
    /// Tables with a transposition table of `hash_mib` MiB.
    ///
    /// # Errors
    /// The table could not be allocated.
    pub fn try_new(hash_mib: usize) -> Result<Self, AllocError> {
        Ok(Tables {
            tt: TranspositionTable::try_new(hash_mib)?,
            ordering: ordering::Ordering::default(),
        })
    }

    /// Forgets everything (on `newgame`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }
}

/// Progress of one completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    pub depth: u32,
    pub seldepth: u32,
    pub score: ScoreReport,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    pub pv: Vec<M>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    pub best_move: M,
    pub score: ScoreReport,
    /// The last completed depth (0 if none completed).
    pub depth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<M>,
}
