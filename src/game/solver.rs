//! The hook through which a game hands a position to its own exact solver (Pons-style
//! Connect Four solving, an Othello endgame solver) instead of the generic search.

use crate::budget::control::Control;
use crate::budget::limits::Limits;
use crate::game::Evaluate;
use crate::memory::TableError;

/// A game that can be searched: rules, evaluation and (optionally) an exact solver.
pub trait Solve: Evaluate {
    /// This game's solver; [`NoSolver`] for games that only use the generic search.
    type Solver: Solver<Self>;
}

/// A proven result from a game's solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved<M> {
    /// An optimal move.
    pub best_move: M,
    /// The exact value in search units (`score::win_in`, `score::margin`, 0 for a draw).
    pub score: i32,
    /// The principal variation, starting with `best_move` (may be just that move).
    pub pv: Vec<M>,
    /// The depth to report: plies until the end of the game along the PV.
    pub depth: u32,
    /// Only the result is proven, not the distance: `score` and `depth` are then the
    /// slowest win or loss there could be (reported `win <=N` / `loss <=N`).
    pub within: bool,
}

/// What a solver made of a root position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<M> {
    /// Not the solver's position (too many empties, a depth limit asked for, ...):
    /// the generic search takes it.
    Declined,
    /// The exact value.
    Solved(Solved<M>),
    /// The solver was stopped before it finished; the generic search's fallback answers.
    Aborted,
    /// Not solved, but these root moves are proven to lose: the generic search leaves
    /// them out at the root.
    Excluding(Vec<M>),
}

/// A game-specific exact solver. It keeps its own tables between searches.
pub trait Solver<G: Evaluate>: Default + Send + 'static {
    /// Forgets everything learned (on `newgame`).
    fn clear(&mut self) {}

    /// Forgets everything and gives the tables' memory back: another game was selected.
    fn release(&mut self) {
        self.clear();
    }

    /// Tells the solver how many threads the search has (`Threads`), before each solve.
    /// Returns whether the solver then uses the other threads itself when it takes a
    /// position; if not (the default), the search's helpers search beside it.
    fn set_threads(&mut self, _threads: usize) -> bool {
        false
    }

    /// Bounds the memory of the solver's own tables (bytes; from `Hash`, half of it),
    /// allocated when a solve first needs them.
    fn set_memory(&mut self, _bytes: usize) {}

    /// Makes the solver's tables for `bytes` now (from `Hash`, half of it), empty, for
    /// the coming searches: the new memory is allocated before the old is freed, so on an
    /// error the solver is as it was. Its pages are mapped later by
    /// [`Solver::prefault`]. By default there are no tables.
    ///
    /// # Errors
    /// A table could not be allocated.
    fn allocate(&mut self, _bytes: usize) -> Result<(), TableError> {
        Ok(())
    }

    /// Maps the memory of the tables [`Solver::allocate`] made, until `interrupted` says
    /// to stop (the rest is faulted in as the solves use it). Returns whether it finished.
    fn prefault(&mut self, _interrupted: &dyn Fn() -> bool) -> bool {
        true
    }

    /// Whether playing `mv` at `position` is proven to lose (for Gomoku: the opponent
    /// then wins by threats), found before `deadline` (or within the solver's own node
    /// budget when there is none). The search asks this of the new best moves of its
    /// iterations and leaves the losing ones out. By default nothing is refuted.
    fn refutes(
        &mut self,
        _position: &G,
        _mv: G::Move,
        _params: &G::Params,
        _deadline: Option<std::time::Instant>,
        _control: &mut Control,
    ) -> bool {
        false
    }

    /// When the search asks [`Solver::refutes`] (`params`: the game's settings). By
    /// default the early checks, which cost nothing where `refutes` answers `false` at once.
    fn refutation_policy(&self, _params: &G::Params) -> RefutationPolicy {
        RefutationPolicy::default()
    }

    /// Tries to solve `position` within `control`'s limits, counting its nodes there.
    fn solve(
        &mut self,
        position: &G,
        params: &G::Params,
        limits: &Limits,
        control: &mut Control,
    ) -> Verdict<G::Move>;
}

/// Which best moves of the main search are offered to [`Solver::refutes`], and with how
/// much of a timed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefutationPolicy {
    /// The best moves of the iterations as they come, the first few distinct ones (in
    /// practice those of the first iterations): the percentage of a timed move each check
    /// may take; 0: no such checks.
    pub early_percent: u32,
    /// The move about to be played, once, after the iterations: a timed search ends its
    /// iterations this percentage of the move early to leave the check that time (and
    /// searches on if the check ends sooner); a refuted move is left out and the
    /// iterations start again from depth 1 without it. 0: no final check.
    pub final_percent: u32,
}

impl Default for RefutationPolicy {
    /// Early checks of 15% of the move each, no final check.
    fn default() -> Self {
        RefutationPolicy {
            early_percent: 15,
            final_percent: 0,
        }
    }
}

/// The solver of games that have none.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSolver;

impl<G: Evaluate> Solver<G> for NoSolver {
    fn solve(&mut self, _: &G, _: &G::Params, _: &Limits, _: &mut Control) -> Verdict<G::Move> {
        Verdict::Declined
    }
}
