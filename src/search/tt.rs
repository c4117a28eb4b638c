//! The transposition table: a fixed-size, Zobrist-keyed cache of search results.
//!
//! Owned by the search worker (one search thread), so it needs no lock. Buckets hold two
//! entries; a store replaces the entry of the same position, else the shallower or older
//! one (cheapest checks first). Scores are stored node-relative (see `score::to_tt`).

use crate::game::score::{from_tt, to_tt};

/// Whether a stored score is exact or a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at least the score (the search failed high).
    Lower = 1,
    /// The true value is at most the score (the search failed low).
    Upper = 2,
    /// The score is the true value (of this depth, or of the game if proven).
    Exact = 3,
}

/// The stored depth of results that rest on no heuristic leaf: valid at any depth.
pub const PROVEN_DEPTH: u8 = u8::MAX;

/// One 12-byte entry.
///
/// ```text
///   key_check  u32  low 32 bits of the position hash (the bucket index uses the high bits)
///   best_move  u16  game-encoded move, 0 = none
///   score      i16  node-relative score
///   depth      u8   remaining depth searched, PROVEN_DEPTH for proven results
///   bound_age  u8   bits 0-1: Bound (0 = empty slot), bits 2-7: table generation
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    key_check: u32,
    best_move: u16,
    score: i16,
    depth: u8,
    bound_age: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() <= 16);

/// What a probe returns: a copy of the entry, with the score made root-relative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub best_move: u16,
    pub score: i32,
    pub depth: u8,
    pub bound: Bound,
}

impl Hit {
    /// Whether the stored result rests on no heuristic leaf.
    pub fn is_proven(&self) -> bool {
        self.depth == PROVEN_DEPTH
    }
}

type Bucket = [Entry; 2];

/// The table itself.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

/// The table could not get the memory it was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AllocError;

impl TranspositionTable {
    /// The largest size `Hash` accepts, in MiB.
    pub const MAX_MIB: usize = 16_384;

    /// A table of about `mib` MiB.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn try_new(mib: usize) -> Result<Self, AllocError> {
        let count = (mib.clamp(1, Self::MAX_MIB) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(count).map_err(|_| AllocError)?;
        buckets.resize(count, Bucket::default());
        Ok(TranspositionTable {
            buckets,
            generation: 0,
        })
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    #[inline]
    fn index(&self, hash: u64) -> usize {
        // Lemire's multiply-shift reduction: any table size, no modulo.
        ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The stored result for `hash`, if any, its score made relative to the root at `ply`.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let check = hash as u32;
        let bucket = &self.buckets[self.index(hash)];
        bucket
            .iter()
            .find(|e| e.key_check == check && e.bound_age & 3 != 0)
            .map(|e| Hit {
                best_move: e.best_move,
                score: from_tt(i32::from(e.score), ply),
                depth: e.depth,
                bound: match e.bound_age & 3 {
                    1 => Bound::Lower,
                    2 => Bound::Upper,
                    _ => Bound::Exact,
                },
            })
    }

    /// Stores a result. `depth` is [`PROVEN_DEPTH`] for proven results.
    #[inline]
    pub fn store(
        &mut self,
        hash: u64,
        ply: usize,
        best_move: u16,
        score: i32,
        depth: u8,
        bound: Bound,
    ) {
        let check = hash as u32;
        let generation = self.generation;
        let index = self.index(hash);
        let bucket = &mut self.buckets[index];
        let slot = match bucket
            .iter()
            .position(|e| e.key_check == check && e.bound_age & 3 != 0)
        {
            Some(i) => {
                // Keep a deeper result of the same position unless this one is exact.
                let old = bucket[i];
                if bound != Bound::Exact && depth < old.depth && old.bound_age >> 2 == generation {
                    return;
                }
                i
            }
            None => {
                let worth = |e: &Entry| {
                    let age = (generation.wrapping_sub(e.bound_age >> 2) & 0x3F) as i32;
                    i32::from(e.depth) - 8 * age
                };
                if worth(&bucket[0]) <= worth(&bucket[1]) {
                    0
                } else {
                    1
                }
            }
        };
        let keep_move = if best_move == 0 && bucket[slot].key_check == check {
            bucket[slot].best_move
        } else {
            best_move
        };
        bucket[slot] = Entry {
            key_check: check,
            best_move: keep_move,
            score: to_tt(score, ply) as i16,
            depth,
            bound_age: (generation << 2) | bound as u8,
        };
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flatten()
            .filter(|e| e.bound_age & 3 != 0 && e.bound_age >> 2 == self.generation)
            .count();
        (used * 1000 / (sample * 2).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::score::win_in;

    #[test]
    fn entry_fits_in_twelve_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 12);
    }

    #[test]
    fn store_then_probe_returns_what_was_stored() {
        let mut tt = TranspositionTable::try_new(1).expect("1 MiB");
        tt.store(0xDEAD_BEEF_1234_5678, 0, 7, -150, 5, Bound::Upper);
        let hit = tt.probe(0xDEAD_BEEF_1234_5678, 0).expect("stored");
        assert_eq!(
            (hit.best_move, hit.score, hit.depth, hit.bound),
            (7, -150, 5, Bound::Upper)
        );
        assert!(tt.probe(0x1234, 0).is_none());
    }

    #[test]
    fn win_distances_are_node_relative() {
        let mut tt = TranspositionTable::try_new(1).expect("1 MiB");
        tt.store(42, 3, 1, win_in(9), PROVEN_DEPTH, Bound::Exact);
        // The same position reached at ply 5 is a win 2 plies later than from ply 3.
        assert_eq!(tt.probe(42, 5).map(|h| h.score), Some(win_in(11)));
        assert!(tt.probe(42, 5).is_some_and(|h| h.is_proven()));
    }

    #[test]
    fn clear_forgets() {
        let mut tt = TranspositionTable::try_new(1).expect("1 MiB");
        tt.store(99, 0, 3, 10, 2, Bound::Exact);
        tt.clear();
        assert!(tt.probe(99, 0).is_none());
        assert_eq!(tt.hashfull(), 0);
    }
}
