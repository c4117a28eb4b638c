//! Move ordering memory: killer moves per ply and a history table, keyed by the games'
//! 16-bit move codes so one table serves every game.

use crate::game::score::MAX_PLY;

/// Size of the history table; move codes are folded into it.
const HISTORY_SIZE: usize = 4096;

/// Killers and history, cleared by `newgame`.
pub struct Ordering {
    killers: Vec<[u16; 2]>,
    history: Vec<[i32; HISTORY_SIZE]>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: vec![[0; 2]; MAX_PLY + 1],
            history: vec![[0; HISTORY_SIZE]; 2],
        }
    }
}

impl Ordering {
    /// Forgets all killers and history.
    pub fn clear(&mut self) {
        self.killers.fill([0; 2]);
        for side in &mut self.history {
            side.fill(0);
        }
    }

    /// Halves history at the start of a search so old statistics fade.
    pub fn age(&mut self) {
        for side in &mut self.history {
            side.iter_mut().for_each(|h| *h /= 2);
        }
        self.killers.fill([0; 2]);
    }

    /// The killer moves at `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [u16; 2] {
        self.killers[ply.min(MAX_PLY)]
    }

    /// The history score of `code` for player `side` (0 or 1).
    #[inline]
    pub fn history(&self, side: usize, code: u16) -> i32 {
        self.history[side][usize::from(code) % HISTORY_SIZE]
    }

    /// Records that `code` caused a beta cutoff at `ply` with `depth` plies left.
    #[inline]
    pub fn record_cutoff(&mut self, side: usize, ply: usize, code: u16, depth: u32) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != code {
            killers[1] = killers[0];
            killers[0] = code;
        }
        let bonus = (depth * depth).min(400) as i32;
        let entry = &mut self.history[side][usize::from(code) % HISTORY_SIZE];
        // Gravity keeps values bounded: big values grow slower.
        *entry += bonus - *entry * bonus / 16_384;
    }
}
