//! A node's candidate moves in search order.

/// The most columns a board can have: `(rows + 1) * cols <= 64` with at least 4 rows.
pub(super) const MAX_COLS: usize = 12;

/// The candidate moves sorted by score, best first, centre first on equal scores. Moves
/// are slots of the centre-first column order; the sort moves only packed `u32` keys.
pub(super) struct Ordered {
    /// `score << 4 | (15 - slot)`, in decreasing order.
    keys: [u32; MAX_COLS],
    /// The threats each slot's move creates (the child's `threats_against`).
    pub(super) threats: [u64; MAX_COLS],
    pub(super) len: usize,
}

impl Ordered {
    #[inline(always)]
    pub(super) fn new() -> Self {
        Ordered {
            keys: [0; MAX_COLS],
            threats: [0; MAX_COLS],
            len: 0,
        }
    }

    #[inline(always)]
    pub(super) fn insert(&mut self, score: u32, slot: usize, threats: u64) {
        let key = score << 4 | (15 - slot as u32);
        self.threats[slot] = threats;
        // Swaps rather than a shifting loop, which LLVM turns into a call to memmove:
        // at most 12 keys, the call alone costs more than the sort.
        let mut at = self.len;
        self.keys[at] = key;
        while at > 0 && self.keys[at - 1] < key {
            self.keys.swap(at - 1, at);
            at -= 1;
        }
        self.len += 1;
    }

    /// The slot of the `i`-th best move.
    #[inline(always)]
    pub(super) fn slot(&self, i: usize) -> usize {
        15 - (self.keys[i] & 15) as usize
    }
}
