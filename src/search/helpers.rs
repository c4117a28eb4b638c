//! Lazy SMP helper threads: each runs the main thread's iterative deepening over the shared
//! transposition table, on a different schedule of depths. They feed the table, and offer
//! their deepest completed iteration ([`Deepest`]), which the main thread answers with when
//! it is deeper than its own. The main thread never waits for them: it signals them to stop
//! when it has its answer.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use crate::budget::control::Control;
use crate::budget::limits::{Limits, StopFlag};
use crate::budget::priority::lower_helper_priority;
use crate::game::score::{ScoreReport, MAX_PLY};
use crate::game::solver::Solve;
use crate::search::negamax::{Negamax, PvTable};
use crate::search::ordering::Ordering;
use crate::search::tt::TranspositionTable;
use crate::search::window::{aspiration, is_final, proof_parity, WindowCentre};

/// Depth diversity: helper `i` uses row `(i - 1) % 20`. It skips depth `d` when
/// `(d + PHASE) / SIZE` is odd, so helpers spread over the next depths instead of all
/// searching the one the main thread is on (the schedule Stockfish used for years).
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether helper `index` (1-based; the main thread is 0) skips iteration `depth`.
pub fn skips(index: usize, depth: u32) -> bool {
    let row = (index.max(1) - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[row]) / SKIP_SIZE[row]) % 2 == 1
}

/// An iteration a helper completed: its depth, value (from the root's side), whether the
/// value is proven, and its principal variation as move codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completed {
    pub depth: u32,
    pub value: i32,
    pub proven: bool,
    pub pv: Vec<u16>,
}

/// The deepest iteration any helper of one search completed. With a skip schedule a helper
/// is often one iteration ahead of the main thread when time runs out; answering with its
/// result turns the helper's nodes into depth (Stockfish's best-thread choice, reduced to
/// depth: with few threads, depth decides). Written once per iteration, never per node.
#[derive(Debug, Default)]
pub struct Deepest(Mutex<Option<Completed>>);

impl Deepest {
    /// Keeps `completed` if it is deeper than what is kept.
    pub fn offer(&self, completed: Completed) {
        // A poisoned lock (a helper panicked) only loses the offer.
        if let Ok(mut kept) = self.0.lock() {
            if kept.as_ref().is_none_or(|k| completed.depth > k.depth) {
                *kept = Some(completed);
            }
        }
    }

    /// The deepest iteration offered so far.
    pub fn get(&self) -> Option<Completed> {
        self.0.lock().ok().and_then(|kept| kept.clone())
    }
}

/// What a helper needs, moved into its thread.
pub struct Helper<'a, G: Solve> {
    /// 1-based: the main thread is 0.
    pub index: usize,
    pub root: G,
    pub params: G::Params,
    pub limits: Limits,
    pub tt: &'a TranspositionTable,
    pub ordering: &'a mut Ordering,
    /// Set by the main thread when the search is over.
    pub stop: StopFlag,
    /// The helper's node count, for the main thread's `info` and result.
    pub nodes: Arc<AtomicU64>,
    /// Where it offers its completed iterations.
    pub deepest: &'a Deepest,
    /// Codes of root moves left out (those outside `go searchmoves`).
    pub excluded: &'a [u16],
}

impl<G: Solve> Helper<'_, G> {
    /// Iterative deepening until the depth limit, a proof of the root, or the stop flag.
    pub fn run(self) {
        lower_helper_priority();
        let mut control = Control::new(self.stop, None, None).publishing(self.nodes.clone());
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut pv = PvTable::default();
        let mut previous = WindowCentre::<G>::new();
        let mut prove_parity = None;
        for depth in 1..=max_depth {
            if skips(self.index, depth) && depth < max_depth {
                continue;
            }
            let mut search = Negamax::<G> {
                tt: self.tt,
                ordering: self.ordering,
                params: &self.params,
                control: &mut control,
                pv: &mut pv,
                horizon_leaves: 0,
                seldepth: 0,
                excluded: self.excluded,
                prove_parity,
                forced_replies: 0,
                extension: 0,
                root_depth: 0,
            };
            let centre = previous.for_depth(depth);
            let Some((value, proven)) = aspiration(&mut search, &self.root, depth, centre) else {
                break;
            };
            previous.record(depth, value);
            // Like the main thread: from a partial-list marker on, search proofs. The
            // marker itself is no answer, so it is not offered.
            let marker = proof_parity(value, proven);
            if marker.is_none() && !pv.root().is_empty() {
                self.deepest.offer(Completed {
                    depth,
                    value,
                    proven,
                    pv: pv.root().to_vec(),
                });
            }
            prove_parity = prove_parity.or(marker);
            if is_final(ScoreReport::new(value, proven, G::SCORING), proven, depth) {
                break;
            }
        }
        self.nodes.store(control.nodes(), Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_helpers_take_turns_over_depths() {
        let schedule = |index| (1..=8).filter(|&d| !skips(index, d)).collect::<Vec<_>>();
        assert_eq!(schedule(1), [2, 4, 6, 8]);
        assert_eq!(schedule(2), [1, 3, 5, 7]);
        assert_eq!(schedule(3), [1, 4, 5, 8]);
    }
}
