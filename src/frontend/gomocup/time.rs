//! Gomocup time management: how long a move may take, from `timeout_turn`,
//! `timeout_match` and `time_left`, with a margin for process and pipe latency.

use std::time::Duration;

use crate::protocol::parse::MAX_MS;

/// Time kept back from every move for process and pipe latency (on top of the 7% of the
/// turn limit kept back; managers such as c-gomoku-cli and piskvork allow a tolerance
/// beyond the limit, and arbor's searches end within a few milliseconds of their time).
const LATENCY_MARGIN: Duration = Duration::from_millis(10);
/// The share of `timeout_turn` a move may use, in per cent.
const TURN_SHARE: u32 = 93;
/// The shortest think.
const MIN_THINK: Duration = Duration::from_millis(5);
/// Moves the remaining match time is spread over.
const MOVES_AHEAD: u32 = 15;

/// The manager's time settings, in milliseconds as sent (`None` until sent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeInfo {
    pub timeout_turn: Option<u64>,
    pub timeout_match: Option<u64>,
    pub time_left: Option<u64>,
}

/// The `movetime` for the next move: within the turn limit and a share of the match
/// time left, minus a latency margin. `timeout_turn` 0 means "as fast as possible".
/// `time_left` is a match clock whenever it is sent, unless `timeout_match` is 0 (no
/// match limit). Every value is first clamped to the longest `movetime` the session
/// takes ([`MAX_MS`], 34 years), so no value makes a move fail.
pub fn think_time(info: TimeInfo) -> Duration {
    let ms = |value: u64| Duration::from_millis(value.min(MAX_MS));
    let mut budget = match info.timeout_turn {
        Some(0) => ms(100),
        Some(turn) => ms(turn) * TURN_SHARE / 100,
        None => ms(5_000),
    };
    if info.timeout_match != Some(0) {
        if let Some(left) = info.time_left {
            budget = budget.min(ms(left) / MOVES_AHEAD);
        }
    }
    budget.saturating_sub(LATENCY_MARGIN).max(MIN_THINK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn think_time_respects_the_turn_and_the_match_clock() {
        let info = |turn, total, left| TimeInfo {
            timeout_turn: turn,
            timeout_match: total,
            time_left: left,
        };
        assert_eq!(think_time(info(Some(1000), None, None)), ms(920));
        // Gomocup's 0.3 s a move (c-gomoku-cli tc=0/0.3): about Rapfi's 270 ms.
        assert_eq!(think_time(info(Some(300), None, None)), ms(269));
        assert_eq!(
            think_time(info(Some(5000), Some(100_000), Some(3000))),
            ms(190)
        );
        // Unlimited match time (0) ignores time_left.
        assert_eq!(think_time(info(Some(1000), Some(0), Some(10))), ms(920));
        assert_eq!(
            think_time(info(Some(30_000), Some(180_000), Some(50))),
            MIN_THINK
        );
        // `time_left` alone is a match clock too; the turn defaults to 5 s.
        assert_eq!(think_time(info(None, None, Some(3000))), ms(190));
        assert_eq!(think_time(info(None, None, Some(600_000))), ms(4990));
        // Values beyond what a `movetime` can be clamp to the longest one.
        let longest = ms(MAX_MS) * TURN_SHARE / 100 - LATENCY_MARGIN;
        assert_eq!(
            think_time(info(Some(100_000_000_000_000), None, None)),
            longest
        );
        assert_eq!(
            think_time(info(Some(u64::MAX), Some(u64::MAX), Some(u64::MAX))),
            ms(MAX_MS) / MOVES_AHEAD - LATENCY_MARGIN
        );
        for left in [0, 1, 100, 1000, 10_000] {
            let t = think_time(info(Some(30_000), Some(100_000), Some(left)));
            assert!(t <= ms(left) / 2 || t == MIN_THINK, "{left}: {t:?}");
        }
    }
}
