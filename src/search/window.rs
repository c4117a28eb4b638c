//! The bookkeeping of iterative deepening that the main thread and the helper threads
//! share: aspiration windows and where they are centred, and when an iteration's value
//! is final or needs a proof search.

use crate::game::score::{self, ScoreReport, INFINITY};
use crate::game::solver::Solve;
use crate::game::EVAL_LIMIT;
use crate::search::negamax::Negamax;

/// Half-width of the first aspiration window, in centi-units.
const ASPIRATION_WINDOW: i32 = 40;

/// Where an iteration's aspiration window is centred: the last iteration's value, or, for
/// a game whose evaluation swings between odd and even depths ([`Evaluate::PARITY_SWING`]),
/// the last value of the same depth parity (a window around the other parity's value
/// would miss and cost a re-search every iteration).
///
/// [`Evaluate::PARITY_SWING`]: crate::game::Evaluate::PARITY_SWING
pub(crate) struct WindowCentre<G> {
    last: [Option<i32>; 2],
    game: std::marker::PhantomData<G>,
}

impl<G: Solve> WindowCentre<G> {
    pub(crate) fn new() -> Self {
        WindowCentre {
            last: [None; 2],
            game: std::marker::PhantomData,
        }
    }

    fn slot(depth: u32) -> usize {
        if G::PARITY_SWING {
            depth as usize % 2
        } else {
            0
        }
    }

    /// The centre for an iteration `depth` plies deep (0 before any value).
    pub(crate) fn for_depth(&self, depth: u32) -> i32 {
        let slot = Self::slot(depth);
        self.last[slot].or(self.last[1 - slot]).unwrap_or(0)
    }

    /// Records the value of a completed iteration.
    pub(crate) fn record(&mut self, depth: u32, value: i32) {
        self.last[Self::slot(depth)] = Some(value);
    }
}

/// One iteration, in a narrow window around the previous value first.
/// Returns the value and whether it is proven, or `None` when aborted.
pub(crate) fn aspiration<G: Solve>(
    search: &mut Negamax<'_, G>,
    root: &G,
    depth: u32,
    previous: i32,
) -> Option<(i32, bool)> {
    aspiration_keeping(search, root, depth, previous, &mut None)
}

/// [`aspiration`], also keeping in `partial` the principal variation of the best root
/// move found so far that beat its window: when the iteration is aborted, the line of
/// the last root move whose full search raised alpha in the window being searched, or,
/// failing that, of the move that failed high in an earlier window of this iteration.
/// Left `None` when no root move beat a window (a fail low, or aborted before).
pub(crate) fn aspiration_keeping<G: Solve>(
    search: &mut Negamax<'_, G>,
    root: &G,
    depth: u32,
    previous: i32,
    partial: &mut Option<Vec<u16>>,
) -> Option<(i32, bool)> {
    let mut width = ASPIRATION_WINDOW;
    let (mut alpha, mut beta) = if depth >= 4 && !score::is_decisive(previous) {
        (previous - width, previous + width)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let horizon_before = search.horizon_leaves;
        let Some(value) = search.search(root, depth, 0, alpha, beta) else {
            if !search.pv.root().is_empty() {
                *partial = Some(search.pv.root().to_vec());
            }
            return None;
        };
        if value <= alpha && alpha > -INFINITY {
            // Whatever failed high before did not hold.
            *partial = None;
            width *= 4;
            alpha = if width > 2000 {
                -INFINITY
            } else {
                (value - width).max(-INFINITY)
            };
        } else if value >= beta && beta < INFINITY {
            // The move that failed high beat the previous best's window.
            if !search.pv.root().is_empty() {
                *partial = Some(search.pv.root().to_vec());
            }
            width *= 4;
            beta = if width > 2000 {
                INFINITY
            } else {
                (value + width).min(INFINITY)
            };
        } else {
            return Some((value, search.horizon_leaves == horizon_before));
        }
    }
}

/// The ply parity at which a proof search ([`Negamax::prove_parity`]) must complete the
/// move lists, when an unproven root `value` is the clamped marker of partial lists that
/// all lose (`±EVAL_LIMIT`): a win needs the opponent's lists (odd plies) complete, a
/// loss our own (even plies). Deeper plain iterations cannot turn that marker into a
/// proof (only the first plies complete their lists); they would only repeat it.
pub(crate) fn proof_parity(value: i32, proven: bool) -> Option<usize> {
    if proven || score::is_decisive(value) || value.abs() < EVAL_LIMIT {
        None
    } else if value > 0 {
        Some(1)
    } else {
        Some(0)
    }
}

/// Whether deeper iterations cannot change the result.
pub(crate) fn is_final(report: ScoreReport, proven: bool, depth: u32) -> bool {
    match report {
        // A win or loss at distance n is exact once every line n plies deep was searched.
        ScoreReport::Win(n) | ScoreReport::Loss(n) => proven || depth >= n,
        ScoreReport::Draw | ScoreReport::Disc(_) => proven,
        // Only the solver reports these, never an iteration.
        ScoreReport::Cp(_) | ScoreReport::WinWithin(_) | ScoreReport::LossWithin(_) => false,
    }
}
