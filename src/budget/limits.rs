//! What ends a search: depth, nodes, time (fixed or from a clock), `stop`, or a proof.
//!
//! The clock rule allots a soft limit (do not start another iteration) and a hard limit
//! (abort the iteration) so that the engine never flags.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A shared flag the session sets to stop the search; polled with `Relaxed` loads.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the search to stop as soon as it next looks.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether stop was asked.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The `ponderhit` of a ponder search: until it comes the search thinks on the opponent's
/// time with no time limit; from it, the search's time limits count.
#[derive(Clone, Debug, Default)]
pub struct PonderHit(Arc<OnceLock<Instant>>);

impl PonderHit {
    /// A ponder search that has not been hit yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records the hit now (a second hit changes nothing).
    pub fn hit(&self) {
        let _ = self.0.set(Instant::now());
    }

    /// When the hit came, if it has.
    #[inline]
    pub fn time(&self) -> Option<Instant> {
        self.0.get().copied()
    }
}

/// A side's clock as given by `go wtime/btime/winc/binc/movestogo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    pub increment: Duration,
    pub moves_to_go: Option<u32>,
}

/// The limits of one search. Several may be set; the first reached ends the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    pub clock: Option<Clock>,
    /// Never end on its own, not even when the value is proven: only `stop` ends it.
    pub infinite: bool,
    /// Search until the game-theoretic value is proven.
    pub solve: bool,
}

/// Time kept back from every clock for process and pipe latency.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(30);

/// Slack subtracted from `movetime` so the answer arrives before the deadline.
pub const MOVETIME_MARGIN: Duration = Duration::from_millis(3);

/// When to stop, worked out once at the start of a search.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// Do not start a new iteration after this.
    pub soft: Option<Instant>,
    /// Abort the running iteration at this instant.
    pub hard: Option<Instant>,
}

impl Deadline {
    /// The deadlines for `limits`, counted from `start`.
    pub fn new(limits: &Limits, start: Instant) -> Self {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(movetime) = limits.movetime {
            let t = movetime.saturating_sub(MOVETIME_MARGIN);
            soft = Some(t);
            hard = Some(t);
        }
        if let Some(clock) = limits.clock {
            let (clock_soft, clock_hard) = allot(clock);
            soft = Some(soft.map_or(clock_soft, |s| s.min(clock_soft)));
            hard = Some(hard.map_or(clock_hard, |h| h.min(clock_hard)));
        }
        Deadline {
            soft: soft.map(|d| start + d),
            hard: hard.map(|d| start + d),
        }
    }

    /// The deadlines of a search started at `start` as they stand now: those of a ponder
    /// search count from its `ponderhit` and do not exist before it.
    pub fn now_for(limits: &Limits, start: Instant, ponder: Option<&PonderHit>) -> Self {
        match ponder.map(PonderHit::time) {
            None => Deadline::new(limits, start),
            Some(Some(hit)) => Deadline::new(limits, hit),
            Some(None) => Deadline {
                soft: None,
                hard: None,
            },
        }
    }
}

/// Splits a clock into (soft, hard) time for this move.
///
/// The soft share is the remaining time over the moves still to play plus most of the
/// increment; the hard cap lets a hard iteration run several times longer but never
/// spends more than a third of what is left.
pub fn allot(clock: Clock) -> (Duration, Duration) {
    let available = clock.remaining.saturating_sub(MOVE_OVERHEAD);
    let moves = clock.moves_to_go.unwrap_or(25).clamp(1, 50);
    let share = available / moves + clock.increment * 3 / 4;
    let cap = if moves == 1 {
        available * 4 / 5
    } else {
        available / 3
    };
    let hard = (share * 4).min(cap);
    let soft = share.min(hard);
    (soft, hard)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn clock_allotment_never_spends_the_whole_clock() {
        for remaining in [0, 10, 31, 100, 1000, 10_000, 600_000] {
            for increment in [0, 100, 5000] {
                for moves_to_go in [None, Some(1), Some(2), Some(40)] {
                    let clock = Clock {
                        remaining: ms(remaining),
                        increment: ms(increment),
                        moves_to_go,
                    };
                    let (soft, hard) = allot(clock);
                    assert!(soft <= hard, "{clock:?}");
                    assert!(
                        hard <= ms(remaining).saturating_sub(MOVE_OVERHEAD),
                        "{clock:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn ten_seconds_and_increment_give_a_sensible_share() {
        let (soft, hard) = allot(Clock {
            remaining: ms(10_000),
            increment: ms(100),
            moves_to_go: None,
        });
        assert!(soft > ms(300) && soft < ms(600), "{soft:?}");
        assert!(hard > soft && hard <= ms(3400), "{hard:?}");
    }
}
