//! The exact Connect Four solver behind the `Solver` hook: null-window negamax with a
//! binary search on the score, its own transposition table keyed by the position,
//! centre-first ordering refined by threats created, and pruning of moves that hand the
//! opponent an immediate win. Beyond Pons' design: enhanced transposition cutoffs, the
//! opponent's threats handed down from the parent, mirrored keys and half the moves in
//! symmetric positions during the first plies, and (for untimed solves) a table on 2 MiB
//! pages.
//!
//! When it runs (see [`ConnectFourSolver::solve`]): always under `go solve`; under a time
//! limit for a third of the soft limit at most, declining if that is not enough; under
//! `go infinite` for a second at most; never for `depth`/`nodes` searches or the
//! `baseline` style.
//!
//! Scores inside the solver use the test sets' convention generalised to any board: a
//! game won with the four made at ply `e` (1-based, counted from the empty board) is worth
//! `(cells - e) / 2 + 1` to the winner (`22 - discs of the winner` on 7x6), the negation
//! to the loser, 0 for a draw. [`plies_to_end`] turns that into `win N`/`loss N`.

use std::time::{Duration, Instant};

use crate::budget::control::Control;
use crate::budget::limits::{Deadline, Limits};
use crate::game::connect_four::bitboard::Shape;
use crate::game::connect_four::{Column, ConnectFour, Params, Style};
use crate::game::score::{loss_in, win_in};
use crate::game::solver::{Solved, Solver, Verdict};
use crate::game::Game;

mod search;
mod table;
use search::{Search, SearchOps};
use table::Table;

/// Outside `go solve`, the solver may spend this fraction of the move's soft time limit
/// before it gives the position back to the heuristic search.
const BUDGET_DIVISOR: u32 = 3;

/// Without a time limit (`go infinite`), the solver's time before it declines.
const UNTIMED_BUDGET: Duration = Duration::from_secs(1);

/// The board's geometry as a type, so the standard board is compiled with constant masks.
pub trait Geometry: Copy {
    fn shape(self) -> Shape;
}

/// The standard 7x6 board, all masks compile-time constants.
#[derive(Clone, Copy, Debug)]
pub struct Standard;

impl Geometry for Standard {
    #[inline(always)]
    fn shape(self) -> Shape {
        Shape::STANDARD
    }
}

impl Geometry for Shape {
    #[inline(always)]
    fn shape(self) -> Shape {
        self
    }
}

/// The solver: its table survives between searches and is cleared by `newgame`.
#[derive(Default)]
pub struct ConnectFourSolver {
    table: Table,
}

/// How a solve ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// Stop, deadline or node limit from the search's `Control`.
    Aborted,
    /// The solver's own time budget ran out (not an abort of the whole search).
    OverBudget,
}

/// What a full solve found: the exact score (solver convention), an optimal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: i32,
    /// Optimal moves from the position (fastest win, slowest loss); may be cut short
    /// only when the solve was stopped after the score was known.
    pub moves: Vec<Column>,
}

impl ConnectFourSolver {
    /// Allocates the table and touches all its memory now (for timing).
    pub fn reserve(&mut self) {
        self.table.prefault();
    }

    /// The exact score of `position` (solver convention), or `None` if `control` stopped
    /// it. The game must not be over.
    pub fn score(&mut self, position: &ConnectFour, control: &mut Control) -> Option<i32> {
        self.run(position, control, None, |search, p| search.score(p))
            .ok()
    }

    /// The exact score and an optimal line, or `None` if stopped before the best move
    /// was known. The game must not be over.
    pub fn line(&mut self, position: &ConnectFour, control: &mut Control) -> Option<Line> {
        self.run(position, control, None, |search, p| search.line(p))
            .ok()
    }

    /// Dispatches on the geometry and runs `work` with a fresh search state.
    fn run<T>(
        &mut self,
        position: &ConnectFour,
        control: &mut Control,
        budget: Option<Instant>,
        work: impl FnOnce(&mut dyn SearchOps, &ConnectFour) -> Option<T>,
    ) -> Result<T, Halt> {
        self.table.ensure(budget.is_none());
        let shape = position.shape();
        if shape == Shape::STANDARD {
            let mut search = Search::new(Standard, &mut self.table, control, budget);
            let result = work(&mut search, position);
            search.finish(result)
        } else {
            let mut search = Search::new(shape, &mut self.table, control, budget);
            let result = work(&mut search, position);
            search.finish(result)
        }
    }
}

impl Solver<ConnectFour> for ConnectFourSolver {
    fn clear(&mut self) {
        self.table.clear();
    }

    /// Solves under `go solve`, or within a third of the move's time (a second under
    /// `go infinite`) otherwise, declining when that is not enough. Declines depth- or
    /// node-limited searches and the baseline style: they use the heuristic search alone.
    fn solve(
        &mut self,
        position: &ConnectFour,
        params: &Params,
        limits: &Limits,
        control: &mut Control,
    ) -> Verdict<Column> {
        if position.outcome().is_some() {
            return Verdict::Declined;
        }
        let budget = if limits.solve {
            None
        } else if params.style == Style::Baseline
            || limits.depth.is_some()
            || limits.nodes.is_some()
        {
            return Verdict::Declined;
        } else {
            let now = Instant::now();
            Some(match Deadline::new(limits, now).soft {
                Some(soft) => now + soft.saturating_duration_since(now) / BUDGET_DIVISOR,
                // `go infinite`: analysis, so a hard position goes to the heuristic search.
                None => now + UNTIMED_BUDGET,
            })
        };
        match self.run(position, control, budget, |search, p| search.line(p)) {
            Ok(line) => {
                let (score, depth) = search_score(position, line.score);
                Verdict::Solved(Solved {
                    best_move: line.moves[0],
                    score,
                    pv: line.moves,
                    depth,
                })
            }
            Err(Halt::OverBudget) => Verdict::Declined,
            Err(Halt::Aborted) => Verdict::Aborted,
        }
    }
}

/// The search score (`win_in`/`loss_in`/0) and the plies to the end for a solver score.
pub fn search_score(position: &ConnectFour, score: i32) -> (i32, u32) {
    let plies = plies_to_end(score, position.moves(), position.shape().cells());
    let value = match score {
        0 => 0,
        s if s > 0 => win_in(plies),
        _ => loss_in(plies),
    };
    (value, plies)
}

/// Plies from a position with `moves` discs until the end of the game under perfect
/// play, for a solver score (see the module comment): the four is made at ply `e` with
/// `(cells - e) / 2 + 1 == |score|`, `e` of the winner's parity; a draw fills the board.
pub fn plies_to_end(score: i32, moves: u32, cells: u32) -> u32 {
    if score == 0 {
        return cells - moves;
    }
    let magnitude = score.unsigned_abs();
    // The winner moves at plies of this parity (1-based): the side to move at moves+1.
    let winner_parity = if score > 0 {
        (moves + 1) % 2
    } else {
        moves % 2
    };
    let last = cells + 2 - 2 * magnitude;
    let end = if last % 2 == winner_parity {
        last
    } else {
        last - 1
    };
    end - moves
}
