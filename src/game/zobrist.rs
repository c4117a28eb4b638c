//! Deterministic hash keys shared by all games: SplitMix64's output function of fixed
//! inputs, computed at compile time, so hashes (and therefore `bench` node counts) are the
//! same in every build.

use crate::rng::mix64;

/// Squares per player that have a key: enough for the largest board (22x22 Gomoku).
pub const KEYED_SQUARES: usize = 512;

const fn make_keys() -> [[u64; KEYED_SQUARES]; 2] {
    let mut keys = [[0u64; KEYED_SQUARES]; 2];
    let mut player = 0;
    while player < 2 {
        let mut square = 0;
        while square < KEYED_SQUARES {
            keys[player][square] =
                mix64(0xA5B0_2024_0000_0000 ^ ((player * KEYED_SQUARES + square) as u64));
            square += 1;
        }
        player += 1;
    }
    keys
}

/// `PIECE_KEYS[player][square]`: the key of a stone of `player` on `square`.
pub static PIECE_KEYS: [[u64; KEYED_SQUARES]; 2] = make_keys();

/// XORed in when the second player is to move.
pub const SIDE_KEY: u64 = mix64(0x0051_DE70_0000_0001);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = PIECE_KEYS.iter().flatten().copied().collect();
        all.push(SIDE_KEY);
        assert!(all.iter().all(|&k| k != 0));
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
    }
}
