//! A tally of kept results by the position's result (loss, draw, win), shared by the
//! Connect Four programs that judge a move against the exact result.

use std::fmt;

/// Per result (-1 loss, 0 draw, 1 win of the side to move): positions and moves that
/// kept it.
#[derive(Default)]
pub struct KeptByResult([(u32, u32); 3]);

impl KeptByResult {
    /// Counts a position of `result` whose move kept it (`good`) or not.
    pub fn add(&mut self, result: i32, good: bool) {
        let slot = &mut self.0[(result + 1) as usize];
        slot.0 += 1;
        slot.1 += u32::from(good);
    }
}

/// `losses K/N, draws K/N, wins K/N`.
impl fmt::Display for KeptByResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [losses, draws, wins] = self.0;
        write!(
            f,
            "losses {}/{}, draws {}/{}, wins {}/{}",
            losses.1, losses.0, draws.1, draws.0, wins.1, wins.0
        )
    }
}
