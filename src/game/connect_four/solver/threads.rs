//! The solver on several threads: helpers run the same solve over the shared table, and
//! whichever thread finishes first answers.

use std::sync::Mutex;
use std::time::Instant;

use super::search::{Search, SearchOps};
use super::table::{Busy, Table};
use super::{ConnectFourSolver, Halt, Standard};
use crate::budget::control::Control;
use crate::budget::limits::StopFlag;
use crate::budget::priority::lower_helper_priority;
use crate::game::connect_four::bitboard::Shape;
use crate::game::connect_four::book::Book;
use crate::game::connect_four::ConnectFour;

/// Helpers start only in positions with at least this many empty cells (on 7x6, at most
/// 14 discs: Pons' opening sets, where 2 threads solved 1.2-1.4x faster). Later solves
/// take milliseconds, and starting, stopping and joining the helpers cost more than they
/// gain (1.5-2x slower middle-game solves with 2 threads).
const HELPERS_MIN_EMPTIES: u32 = 28;

impl ConnectFourSolver {
    /// Runs `work` on `position` with a fresh search state, and with `threads - 1`
    /// helpers doing the same work over the shared table (Lazy SMP: each helper tries the
    /// moves of the first plies, the root's included, in its own rotated order, so that
    /// the threads spread over the tree). Every bound any thread stores is a true bound,
    /// and every thread does the whole work, so whichever thread finishes first answers
    /// exactly: a helper that finishes stops the main thread and its answer is taken.
    /// The helpers are stopped and joined as soon as the main thread returns.
    pub(super) fn run<T: Send>(
        &mut self,
        position: &ConnectFour,
        control: &mut Control,
        budget: Option<Instant>,
        work: impl Fn(&mut dyn SearchOps, &ConnectFour) -> Option<T> + Sync,
    ) -> Result<T, Halt> {
        self.table.ensure(budget.is_none());
        let (table, book) = (&self.table, self.book);
        let empties = position.shape().cells() - position.moves();
        if self.threads <= 1 || empties < HELPERS_MIN_EMPTIES {
            return search_with(position, table, book, control, None, budget, 0, None, &work).0;
        }
        let helper_stop = StopFlag::new();
        let busy = Busy::default();
        let busy = Some(&busy);
        // Raised by the first helper to finish, whose answer waits in `answer`.
        let answered = StopFlag::new();
        let answer = Mutex::new(None);
        std::thread::scope(|scope| {
            let (work, answered, answer) = (&work, &answered, &answer);
            let helpers: Vec<_> = (1..self.threads)
                .filter_map(|index| {
                    let stop = helper_stop.clone();
                    let spawned = std::thread::Builder::new()
                        .name(format!("connect4 solver helper {index}"))
                        .spawn_scoped(scope, move || {
                            lower_helper_priority();
                            let mut control = Control::new(stop, None, None);
                            let (result, finished) = search_with(
                                position,
                                table,
                                book,
                                &mut control,
                                None,
                                None,
                                index,
                                busy,
                                work,
                            );
                            if let (Ok(value), true) = (result, finished) {
                                let mut slot = answer.lock().unwrap_or_else(|e| e.into_inner());
                                if slot.is_none() {
                                    *slot = Some(value);
                                    answered.stop();
                                }
                            }
                            control.nodes()
                        });
                    // Fewer helpers than asked for is still an exact solve.
                    spawned.ok()
                })
                .collect();
            let (result, finished) = search_with(
                position,
                table,
                book,
                control,
                Some(answered),
                budget,
                0,
                busy,
                work,
            );
            helper_stop.stop();
            let helper_nodes: u64 = helpers.into_iter().filter_map(|h| h.join().ok()).sum();
            control.add_nodes(helper_nodes);
            // A complete answer of the main thread stands; a halted one gives way to a
            // helper's complete answer (the reason it halted, or a photo finish).
            let helper_answer = answer.lock().unwrap_or_else(|e| e.into_inner()).take();
            match helper_answer {
                Some(value) if !finished => Ok(value),
                _ => result,
            }
        })
    }
}

/// Dispatches on the geometry and runs `work` with a fresh search state; `rotation` is
/// the thread's index (0 for the main thread), which turns its move order in the first
/// plies, and `answered` (the main thread's) halts it when a helper has the answer.
/// Also says whether the work finished (was not halted on the way).
#[allow(clippy::too_many_arguments)]
fn search_with<T>(
    position: &ConnectFour,
    table: &Table,
    book: Book<'static>,
    control: &mut Control,
    answered: Option<&StopFlag>,
    budget: Option<Instant>,
    rotation: usize,
    busy: Option<&Busy>,
    work: &impl Fn(&mut dyn SearchOps, &ConnectFour) -> Option<T>,
) -> (Result<T, Halt>, bool) {
    let shape = position.shape();
    let root = position.moves() as i32;
    if shape == Shape::STANDARD {
        let mut search = Search::new(Standard, table, book, control, budget)
            .rotated(rotation, root)
            .answered_by(answered)
            .sharing(busy);
        let result = work(&mut search, position);
        search.finish(result)
    } else {
        let mut search = Search::new(shape, table, book, control, budget)
            .rotated(rotation, root)
            .answered_by(answered)
            .sharing(busy);
        let result = work(&mut search, position);
        search.finish(result)
    }
}
