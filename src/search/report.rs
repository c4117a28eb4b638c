//! What a search reports: each completed iteration, and its answer.

use std::time::Duration;

use crate::game::score::ScoreReport;

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
