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
pub mod report;
pub mod tables;
pub mod tt;
pub mod window;

pub use iterative::{run, search, search_to_depth, Request};
// The vocabulary the search shares with the games' own solvers lives below both layers
// (`budget`, `game::score`, `game::solver`); re-exported here for the layers above.
pub use crate::budget::{Clock, Limits, PonderHit, StopFlag};
pub use crate::game::score::{self, ScoreReport};
pub use crate::game::solver::{NoSolver, Solve, Solved, Solver, Verdict};
pub use report::{Info, SearchResult};
pub use tables::{Tables, MAX_MULTI_PV, MAX_THREADS, SEARCH_STACK_BYTES};
pub use tt::{TableError, TranspositionTable};
