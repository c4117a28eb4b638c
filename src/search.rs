//! The generic game-tree search: iterative deepening negamax alpha-beta (PVS) over any
//! [`Solve`] game, statically dispatched.
//!
//! The search does no I/O, uses no channels and parses no strings: it receives a position,
//! [`Limits`] and a [`StopFlag`], and reports through a callback.
//!
//! Threads (Lazy SMP): with `Threads N` the calling thread is the main thread and N - 1
//! helpers run the same iterative deepening on other depths over the one shared, lock-free
//! transposition table; each thread has its own killers and history. The main thread
//! reports and decides the move, answering with a helper's iteration when it is deeper than
//! its own (see [`helpers::Deepest`]). The helpers are scoped threads, joined before
//! [`search`] returns.

pub mod helpers;
pub mod iterative;
pub mod negamax;
pub mod ordering;
pub mod tt;

use std::time::Duration;

pub use iterative::{run, search, search_to_depth, Request};
// The vocabulary the search shares with the games' own solvers lives below both layers
// (`budget`, `game::score`, `game::solver`); re-exported here for the layers above.
pub use crate::budget::{Clock, Limits, PonderHit, StopFlag};
pub use crate::game::score::{self, ScoreReport};
pub use crate::game::solver::{NoSolver, Solve, Solved, Solver, Verdict};
pub use tt::{TableError, TranspositionTable};

/// Stack size of every search thread: deep recursions with on-stack move lists need room.
pub const SEARCH_STACK_BYTES: usize = 256 << 20;

/// The most search threads `Threads` accepts.
pub const MAX_THREADS: usize = 256;

/// The most lines `MultiPV` accepts (a search shows at most one per legal root move).
pub const MAX_MULTI_PV: usize = crate::game::movelist::MOVELIST_CAPACITY;

/// The tables a search learns into, kept between searches by the worker.
pub struct Tables {
    /// Shared by all threads of a search.
    pub tt: TranspositionTable,
    /// The main thread's killers and history.
    pub ordering: ordering::Ordering,
    /// One killer/history memory per helper thread (`Threads` - 1 of them).
    pub helpers: Vec<ordering::Ordering>,
}

impl Tables {
    /// Tables with a transposition table of `hash_mib` MiB.
    ///
    /// # Errors
    /// The table could not be allocated.
    pub fn try_new(hash_mib: usize) -> Result<Self, TableError> {
        Ok(Self::with_table(TranspositionTable::try_new(hash_mib)?))
    }

    /// Tables with a transposition table of about `bytes`, not mapped yet (see
    /// [`TranspositionTable::prefault`]).
    ///
    /// # Errors
    /// The table could not be allocated.
    pub fn unmapped(bytes: usize) -> Result<Self, TableError> {
        Ok(Self::with_table(TranspositionTable::unmapped(bytes)?))
    }

    fn with_table(tt: TranspositionTable) -> Self {
        Tables {
            tt,
            ordering: ordering::Ordering::default(),
            helpers: Vec::new(),
        }
    }

    /// Searches with `threads` threads from now on (clamped to 1..=[`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers
            .resize_with(helpers, ordering::Ordering::default);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything (on `newgame`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.helpers.iter_mut().for_each(ordering::Ordering::clear);
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
    /// With `MultiPV` above 1, which of the best lines this is (1 for the best); 0 when
    /// the search shows only the best line.
    pub multipv: u32,
    pub pv: Vec<M>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    pub best_move: M,
    pub score: ScoreReport,
    /// The last completed depth (0 if none completed).
    pub depth: u32,
    /// Nodes of all threads.
    pub nodes: u64,
    /// Nodes of the main thread alone (the same as `nodes` with one thread).
    pub main_nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<M>,
}
