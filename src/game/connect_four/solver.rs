//! The exact Connect Four solver behind the `Solver` hook: null-window negamax with a
//! binary search on the score, its own transposition table keyed by the position,
//! centre-first ordering refined by threats created, and pruning of moves that hand the
//! opponent an immediate win. Beyond Pons' design: enhanced transposition cutoffs, the
//! opponent's threats handed down from the parent, mirrored keys and half the moves in
//! symmetric positions during the first plies, and (for untimed solves) a table on 2 MiB
//! pages.
//!
//! When it runs (see [`ConnectFourSolver::solve`]): a position the opening book
//! ([`crate::game::connect_four::book`]) knows with an optimal line is answered from it at
//! once. Otherwise the solver first proves the result (win, draw or loss: one search in
//! the window (-1, 1), several times cheaper than the exact score early in the game) with
//! a move that keeps it, or takes both from the book's win/loss entries; then it refines
//! to the exact score with the rest of the move, answering with the result alone
//! (`win <=N` / `loss <=N`) if that does not finish. Always under `go solve`; under a time
//! limit the result gets half of the soft limit at most (nine tenths from the tenth
//! disc on), and if that is not enough the heuristic search takes the position without
//! the root moves proven to lose by then; under `go infinite` a second at most; never for
//! `depth`/`nodes` searches or the `baseline` style (neither uses the book either). The
//! book also bounds the search at the positions it knows. With `Threads` above 1 the
//! solver runs helper threads over its shared table.
//!
//! Scores inside the solver use the test sets' convention generalised to any board: a
//! game won with the four made at ply `e` (1-based, counted from the empty board) is worth
//! `(cells - e) / 2 + 1` to the winner (`22 - discs of the winner` on 7x6), the negation
//! to the loser, 0 for a draw. [`plies_to_end`] turns that into `win N`/`loss N`.

use std::time::{Duration, Instant};

use crate::budget::control::Control;
use crate::budget::limits::{Deadline, Limits};
use crate::game::connect_four::bitboard::Shape;
use crate::game::connect_four::book::prior::{self, Prior};
use crate::game::connect_four::book::Book;
use crate::game::connect_four::{Column, ConnectFour, Params, SolveFor, Style};
use crate::game::score::{loss_in, win_in};
use crate::game::solver::{Solved, Solver, Verdict};
use crate::game::Game;
use crate::memory::TableError;

mod rules;
mod search;
pub mod table;
#[cfg(test)]
mod tests;
mod threads;
use table::Table;

/// Outside `go solve`, the solver may spend this fraction (numerator, denominator) of the
/// move's soft time limit on proving the result before it gives the position back to the
/// heuristic search...
const EARLY_BUDGET: (u32, u32) = (1, 2);

/// ...except from this many discs on, where it may spend this fraction (numerator,
/// denominator): there a solve usually takes tens of milliseconds, and a third of a short
/// move cuts off too many of them. In shallower positions a solve
/// takes seconds, and the heuristic search gets the time. Nine tenths rather than three
/// quarters: at 100 ms a move it solves 288 instead of 286 of 305 positions of plies
/// 11-14, and the heuristic search's move in those it leaves kept the result as often
/// with 10 ms as with 25 (`cargo bench --bench connect4_solve -- --random ... --movetime`).
const SOLVABLE_FROM: u32 = 10;
const SOLVABLE_BUDGET: (u32, u32) = (9, 10);

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
pub struct ConnectFourSolver {
    table: Table,
    /// Threads to solve with (`Threads`; 0 and 1 both mean the calling thread alone).
    threads: usize,
    /// The opening book it answers from and bounds its search with.
    book: Book<'static>,
}

impl Default for ConnectFourSolver {
    fn default() -> Self {
        ConnectFourSolver::with_table_slots(table::DEFAULT_SLOTS)
    }
}

/// How a solve ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// Stop, deadline or node limit from the search's `Control`.
    Aborted,
    /// The solver's own time budget ran out (not an abort of the whole search).
    OverBudget,
}

/// What the search for the result (win, draw or loss) found.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Proof {
    /// The result (1, 0, -1) and a move that keeps it.
    Result(i32, Column),
    /// Halted first; the root moves proven to lose by then.
    Partial { losing: Vec<Column>, halt: Halt },
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
    /// A solver whose table will hold `slots` entries of 8 bytes (the default is
    /// [`table::DEFAULT_SLOTS`]); the book generator uses a larger one.
    pub fn with_table_slots(slots: usize) -> Self {
        ConnectFourSolver {
            table: Table::with_slots(slots),
            threads: 1,
            book: Book::shipped(),
        }
    }

    /// Solves without the opening book (to time the solver alone).
    pub fn without_book(mut self) -> Self {
        self.book = Book::empty();
        self
    }

    /// Answers from and bounds its search with `book` instead of the shipped one.
    pub fn with_book(mut self, book: Book<'static>) -> Self {
        self.book = book;
        self
    }

    /// Solves with `threads` threads from now on (see [`ConnectFourSolver::run`]).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// The memory of its table: `(once used, allocated now)` in bytes.
    pub fn table_bytes(&self) -> (usize, usize) {
        (self.table.bytes(), self.table.allocated_bytes())
    }

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

    /// The result only, 1 win, 0 draw, -1 loss for the side to move (much cheaper than
    /// the exact score), or `None` if `control` stopped it. The game must not be over.
    pub fn wdl(&mut self, position: &ConnectFour, control: &mut Control) -> Option<i32> {
        self.run(position, control, None, |search, p| search.wdl(p))
            .ok()
    }

    /// The result (1 win, 0 draw, -1 loss for the side to move) and a move that keeps
    /// it (for the opening book's generator), or `None` if `control` stopped it. The game
    /// must not be over.
    pub fn wdl_move(
        &mut self,
        position: &ConnectFour,
        control: &mut Control,
    ) -> Option<(i32, Column)> {
        match self.run(position, control, None, |search, p| search.wdl_move(p)) {
            Ok(Proof::Result(wdl, keeping)) => Some((wdl, keeping)),
            _ => None,
        }
    }

    /// [`ConnectFourSolver::wdl_move`] for a position whose result is known to lie in
    /// `low..=high` (from its parents' results, see
    /// [`crate::game::connect_four::book::prior`]): a known loss costs nothing, a known
    /// win or draw only the search for a move that keeps it. Wrong bounds give a wrong
    /// answer (for a lost position claimed won, the first move that cannot lose at once).
    pub fn wdl_move_within(
        &mut self,
        position: &ConnectFour,
        (low, high): (i32, i32),
        control: &mut Control,
    ) -> Option<(i32, Column)> {
        match self.run(position, control, None, |search, p| {
            search.wdl_move_within(p, low, high)
        }) {
            Ok(Proof::Result(wdl, keeping)) => Some((wdl, keeping)),
            _ => None,
        }
    }

    /// The exact score and an optimal line, or `None` if stopped before the best move
    /// was known. The game must not be over.
    pub fn line(&mut self, position: &ConnectFour, control: &mut Control) -> Option<Line> {
        self.run(position, control, None, |search, p| search.line(p))
            .ok()
    }
}

impl Solver<ConnectFour> for ConnectFourSolver {
    fn clear(&mut self) {
        self.table.clear();
    }

    fn release(&mut self) {
        self.table.release();
    }

    /// The table holds `bytes` from now on (half of `Hash`; the transposition table has
    /// the other half). Its entries are lost when the size changes, as `Hash` clears.
    fn set_memory(&mut self, bytes: usize) {
        self.table.resize(bytes / std::mem::size_of::<u64>());
    }

    fn allocate(&mut self, bytes: usize) -> Result<(), TableError> {
        self.table.allocate(bytes / std::mem::size_of::<u64>())
    }

    fn prefault(&mut self, interrupted: &dyn Fn() -> bool) -> bool {
        self.table.map(interrupted)
    }

    /// The solver runs its own helpers (see [`ConnectFourSolver::run`]).
    fn set_threads(&mut self, threads: usize) -> bool {
        self.threads = threads;
        threads > 1
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
        let book = self.book;
        let answers =
            params.style == Style::Full && limits.depth.is_none() && limits.nodes.is_none();
        if let Some((score, pv)) = book.line(position).filter(|_| answers) {
            return Verdict::Solved(exact(position, score, pv));
        }
        let now = Instant::now();
        let soft = Deadline::new(limits, now).soft;
        let budget = if limits.solve {
            None
        } else if params.style == Style::Baseline
            || limits.depth.is_some()
            || limits.nodes.is_some()
        {
            return Verdict::Declined;
        } else {
            let (numerator, denominator) = budget_share(position.moves());
            Some(match soft {
                Some(soft) => now + soft.saturating_duration_since(now) * numerator / denominator,
                // `go infinite`: analysis, so a hard position goes to the heuristic search.
                None => now + UNTIMED_BUDGET,
            })
        };
        // The result first: a win/loss entry of the book, else a search in the window
        // (-1, 1), far cheaper than the exact score. Where the book knows the result but
        // no move that keeps it (always so for a loss: `wdl_move_within` then names the
        // most central move that does not lose at once, without a search), or is silent
        // but holds parents of the position (a position a ply past the book: a lost parent
        // makes it won, a drawn one at least drawn), the search only looks for what the
        // bounds leave open.
        let known = book_result(book, position).filter(|_| answers);
        let prior = match known {
            Some((wdl, None)) => Prior {
                low: wdl,
                high: wdl,
            },
            None if answers => prior::from_book(&book, position),
            _ => Prior::UNKNOWN,
        };
        let (wdl, keeping) = match known {
            Some((wdl, Some(keeping))) => (wdl, keeping),
            _ => match self.run(position, control, budget, |search, p| {
                search.wdl_move_within(p, prior.low, prior.high)
            }) {
                Ok(Proof::Result(wdl, keeping)) => (wdl, keeping),
                // Out of time: the heuristic search takes the position, without the moves
                // proven to lose (where the result is known, not to keep it).
                Ok(Proof::Partial {
                    losing,
                    halt: Halt::OverBudget,
                }) if !losing.is_empty() => {
                    log::debug!("solver: no result within its budget; proven losing: {losing:?}");
                    return Verdict::Excluding(losing);
                }
                Ok(Proof::Partial {
                    halt: Halt::OverBudget,
                    ..
                })
                | Err(Halt::OverBudget) => return Verdict::Declined,
                Ok(Proof::Partial { .. }) | Err(Halt::Aborted) => return Verdict::Aborted,
            },
        };
        let result_only = Verdict::Solved(result_only(position, wdl, keeping));
        if params.solve == SolveFor::Result {
            return result_only;
        }
        // Then the exact score, with the rest of the move (all of it: the heuristic
        // search has nothing to add to a proven result); if it does not finish, the
        // move found keeps the result.
        let refine = if limits.solve {
            None
        } else {
            Some(soft.unwrap_or(Instant::now() + UNTIMED_BUDGET))
        };
        match self.run(position, control, refine, |search, p| {
            search.line_given(p, wdl)
        }) {
            Ok(line) => Verdict::Solved(exact(position, line.score, line.moves)),
            Err(_) => result_only,
        }
    }
}

/// The fraction of a timed move's soft limit the solver may spend on a position of `ply`
/// discs that the book does not answer. Only the ply counts, not the book's depth: a book
/// whose deepest layer is partial (ply 10 is being generated) leaves the rest of that layer
/// to the solver, and those positions need its larger share most.
fn budget_share(ply: u32) -> (u32, u32) {
    if ply >= SOLVABLE_FROM {
        SOLVABLE_BUDGET
    } else {
        EARLY_BUDGET
    }
}

/// The exact answer for solver score `score` and an optimal line.
fn exact(position: &ConnectFour, score: i32, pv: Vec<Column>) -> Solved<Column> {
    let (score, depth) = search_score(position, score);
    Solved {
        best_move: pv[0],
        score,
        pv,
        depth,
        within: false,
    }
}

/// The answer when only the result `wdl` (1, 0, -1) is proven and `keeping` keeps it: a
/// draw is exact; a win or loss comes with the most plies it can take (the slowest win or
/// loss there could be).
fn result_only(position: &ConnectFour, wdl: i32, keeping: Column) -> Solved<Column> {
    let (score, depth) = search_score(position, wdl);
    Solved {
        best_move: keeping,
        score,
        pv: vec![keeping],
        depth,
        within: wdl != 0,
    }
}

/// The result the book proves for `position` (an exact entry with a known optimal line is
/// answered before), and a move keeping it if the book shows one: its own stored move, or
/// a move to a child the book knows with the opposite result. A loss comes without one:
/// the solver's `wdl_move_within` picks it without a search.
fn book_result(book: Book<'static>, position: &ConnectFour) -> Option<(i32, Option<Column>)> {
    let wdl = book.probe(position)?.wdl();
    if wdl < 0 {
        return Some((wdl, None));
    }
    // The entry's own move first: a position of the book's deepest ply has no children in
    // the book.
    let keeping = book.keeping_move(position).or_else(|| {
        position
            .shape()
            .centre_order()
            .filter(|&column| position.can_play(column))
            .map(|column| Column(column as u8))
            .find(|&column| {
                let mut child = *position;
                child.play(column);
                child.outcome().is_some() || book.probe(&child).is_some_and(|v| v.wdl() == -wdl)
            })
    });
    Some((wdl, keeping))
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
