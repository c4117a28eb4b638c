//! Node counting and the abort check shared by the generic search and game solvers.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

use crate::budget::limits::{Deadline, Limits, PonderHit, StopFlag};

/// How often (in nodes, a power of two) the clock and the stop flag are read.
const CHECK_INTERVAL_MASK: u64 = 1023;

/// Counts nodes and decides when a search must abort: `stop`, the hard deadline or the
/// node limit. Once aborted it stays aborted.
pub struct Control {
    stop: StopFlag,
    hard_deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    aborted: bool,
    /// A ponder search: no hard deadline until `ponderhit`, then the one of these limits
    /// counted from the hit.
    ponder: Option<(PonderHit, Limits)>,
    /// Where a helper thread publishes its node count for the main thread's reports.
    published: Option<Arc<AtomicU64>>,
}

impl Control {
    /// A control that aborts on `stop`, at `hard_deadline` or after `node_limit` nodes.
    pub fn new(stop: StopFlag, hard_deadline: Option<Instant>, node_limit: Option<u64>) -> Self {
        Control {
            stop,
            hard_deadline,
            node_limit: node_limit.unwrap_or(u64::MAX),
            nodes: 0,
            aborted: false,
            ponder: None,
            published: None,
        }
    }

    /// This control, for a ponder search: the time limits of `limits` start at the
    /// `ponderhit` (the hard deadline given to [`Control::new`] should be `None`).
    pub fn pondering(mut self, hit: PonderHit, limits: Limits) -> Self {
        self.ponder = Some((hit, limits));
        self
    }

    /// This control, publishing its node count to `counter` at every check (helpers).
    pub fn publishing(mut self, counter: Arc<AtomicU64>) -> Self {
        self.published = Some(counter);
        self
    }

    /// Counts one node; `false` means abort now. Cheap: the clock is read every 1024 nodes.
    #[inline]
    pub fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & CHECK_INTERVAL_MASK == 0 || self.nodes >= self.node_limit {
            self.check();
        }
        !self.aborted
    }

    /// Reads the stop flag, the clock and the node budget now.
    #[cold]
    pub fn check(&mut self) -> bool {
        if let Some(counter) = &self.published {
            counter.store(self.nodes, Relaxed);
        }
        if let Some((hit, limits)) = &self.ponder {
            if let Some(at) = hit.time() {
                self.hard_deadline = Deadline::new(limits, at).hard;
                self.ponder = None;
            }
        }
        if self.stop.is_stopped()
            || self.nodes >= self.node_limit
            || self.hard_deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.aborted = true;
        }
        !self.aborted
    }

    /// Moves the hard deadline to `hard_deadline` (a search that ends one phase early and
    /// goes on with the time it kept back). A control aborted only by the clock runs again
    /// if the new deadline is still ahead; `stop` and the node limit stay final.
    pub fn set_hard_deadline(&mut self, hard_deadline: Option<Instant>) {
        self.hard_deadline = hard_deadline;
        if !self.stop.is_stopped() && self.nodes < self.node_limit {
            self.aborted = false;
            self.check();
        }
    }

    /// Whether the search has been told to abort.
    #[inline]
    pub fn is_aborted(&self) -> bool {
        self.aborted
    }

    /// Nodes visited so far.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Adds nodes counted elsewhere (a solver with its own hot loop) and checks the limits.
    pub fn add_nodes(&mut self, count: u64) -> bool {
        self.nodes += count;
        self.check()
    }

    /// The stop flag, for waiting in `go infinite`.
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_later_deadline_resumes_a_control_aborted_by_the_clock_only() {
        let now = Instant::now();
        let mut control = Control::new(StopFlag::new(), Some(now), None);
        assert!(!control.check(), "past its deadline");
        control.set_hard_deadline(Some(now + Duration::from_secs(60)));
        assert!(!control.is_aborted() && control.check(), "resumed");
        control.set_hard_deadline(Some(now));
        assert!(control.is_aborted(), "an earlier deadline aborts again");
        // The node limit and `stop` stay final.
        let mut counted = Control::new(StopFlag::new(), None, Some(2));
        assert!(counted.add_nodes(1));
        assert!(!counted.add_nodes(1));
        counted.set_hard_deadline(None);
        assert!(counted.is_aborted(), "the node limit");
        let stop = StopFlag::new();
        let mut stopped = Control::new(stop.clone(), None, None);
        stop.stop();
        assert!(!stopped.check());
        stopped.set_hard_deadline(Some(now + Duration::from_secs(60)));
        assert!(stopped.is_aborted(), "stop");
    }
}
