//! The transposition table: a fixed-size, Zobrist-keyed cache of search results, shared by
//! every search thread without locks.
//!
//! Buckets hold two entries; a store replaces the entry of the same position, else the
//! shallower or older one (cheapest checks first). Scores are stored node-relative (see
//! `score::to_tt`).
//!
//! Sharing: every word is an atomic read and written with `Relaxed` ordering (plain moves
//! on x86-64), so threads never race in the language's sense and sharing needs no `unsafe`.
//! An entry is two words written one after the other, so a reader may see one word of one
//! store and one of another ("torn"). The key word is therefore stored XORed with the data
//! word (Hyatt's lockless hashing): a torn pair fails the key check like any other miss,
//! and a probe trusts only data that was stored together with its key.
//!
//! `RUSTFLAGS="--cfg loom" cargo test --release --lib loom` runs the bucket words under
//! the loom model checker, which tries every interleaving (and every value a relaxed load
//! may see) of two threads storing into one bucket while a third probes it.
//!
//! Memory: the buckets come from the allocator already zeroed (`memory::zeroed_table`,
//! which fails with an error instead of aborting), so a large table costs nothing until its
//! pages are touched (writing 175 MiB up front cost about 130 ms inside the first timed
//! move of a Gomocup game). A table of at most [`PREFAULT_LIMIT`] asks Linux for 2 MiB
//! pages and has every page touched by [`TranspositionTable::prefault`] (the engine's
//! worker does it after answering the command that made the table), so that the search's
//! probes don't also miss the TLB (the Othello mid-game search ran ~1.2x faster per node)
//! and no timed move pays for zeroing a huge page on first touch (the first `go movetime
//! 40` after `newgame` took up to 200 ms when pages were faulted lazily); such a table is
//! cleared in place and keeps its pages. A larger table keeps small pages,
//! faulted lazily, and `clear` swaps in fresh zeroed memory. The prefetch hint
//! ([`TranspositionTable::prefetch`]) reads no memory.

#[cfg(loom)]
use loom::sync::atomic::{AtomicU32, AtomicU64};
use std::sync::atomic::AtomicU8;
use std::sync::atomic::Ordering::Relaxed;
#[cfg(not(loom))]
use std::sync::atomic::{AtomicU32, AtomicU64};

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

/// One entry as the search sees it (12 bytes of information).
///
/// ```text
///   key_check  u32  low 32 bits of the position hash (the bucket index uses the high bits)
///   best_move  u16  game-encoded move, 0 = none
///   score      i16  node-relative score
///   depth      u8   remaining depth searched, PROVEN_DEPTH for proven results
///   bound_age  u8   bits 0-1: Bound (0 = empty slot), bits 2-7: table generation
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key_check: u32,
    best_move: u16,
    score: i16,
    depth: u8,
    bound_age: u8,
}

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

/// Two entries as shared words: each entry's data packed into one `u64` and its key check
/// XORed with both halves of that data (see the module comment). 24 bytes, as two plain
/// 12-byte entries were, so a given `Hash` holds the same number of buckets.
#[derive(Default)]
struct Bucket {
    data: [AtomicU64; 2],
    keys: [AtomicU32; 2],
}

#[cfg(not(loom))]
const _: () = assert!(std::mem::size_of::<Bucket>() == 24);

impl Entry {
    /// The data word: move, score, depth and bound/age (48 bits).
    #[inline]
    fn data(&self) -> u64 {
        u64::from(self.best_move)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.bound_age) << 40
    }

    /// The entry a data word and its stored key word stand for. A torn pair gives a key
    /// check that matches no probe (except by the same 2^-32 chance as any other key).
    #[inline]
    fn unpack(data: u64, key: u32) -> Entry {
        Entry {
            key_check: key ^ fold(data),
            best_move: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            bound_age: (data >> 40) as u8,
        }
    }
}

/// The 32-bit fold of a data word that the key check is XORed with.
#[inline]
fn fold(data: u64) -> u32 {
    (data as u32) ^ ((data >> 32) as u32)
}

impl Bucket {
    #[inline]
    fn load(&self) -> [Entry; 2] {
        [0, 1].map(|i| Entry::unpack(self.data[i].load(Relaxed), self.keys[i].load(Relaxed)))
    }

    #[inline]
    fn write(&self, slot: usize, entry: Entry) {
        let data = entry.data();
        self.data[slot].store(data, Relaxed);
        self.keys[slot].store(entry.key_check ^ fold(data), Relaxed);
    }

    fn zero(&self) {
        for i in 0..2 {
            self.data[i].store(0, Relaxed);
            self.keys[i].store(0, Relaxed);
        }
    }
}

/// The table itself; `Sync`, shared by reference between the search threads.
pub struct TranspositionTable {
    buckets: Box<[Bucket]>,
    generation: AtomicU8,
}

/// The table could not get the memory it was asked for.
pub use crate::memory::TableError;

/// The name of this table in [`TableError`]s.
const NAME: &str = "transposition table";

impl TranspositionTable {
    /// The largest size `Hash` accepts, in MiB.
    pub const MAX_MIB: usize = 16_384;

    /// A table of about `mib` MiB, mapped now (see [`TranspositionTable::prefault`]).
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn try_new(mib: usize) -> Result<Self, TableError> {
        let mut table = Self::unmapped(mib.clamp(1, Self::MAX_MIB) << 20)?;
        table.prefault(&|| false);
        Ok(table)
    }

    /// A table of about `bytes` bytes (at least one bucket) whose memory is not touched
    /// yet: fast at any size.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn unmapped(bytes: usize) -> Result<Self, TableError> {
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        Ok(TranspositionTable {
            buckets: zeroed_buckets(count)?,
            generation: AtomicU8::new(0),
        })
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val::<[Bucket]>(&self.buckets)
    }

    /// Backs a table of at most [`PREFAULT_LIMIT`] with 2 MiB pages where Linux can and
    /// maps every page now, until `interrupted` says to stop: a huge page faulted in
    /// during a search would cost its 2 MiB of zeroing inside a timed move. Larger tables
    /// stay on small pages, mapped as they are used. Returns whether it finished.
    pub fn prefault(&mut self, interrupted: &dyn Fn() -> bool) -> bool {
        if self.bytes() > PREFAULT_LIMIT {
            return true;
        }
        #[cfg(not(loom))]
        {
            crate::memory::prefault(&mut self.buckets, interrupted)
        }
        #[cfg(loom)]
        {
            let _ = interrupted;
            true
        }
    }

    /// Forgets everything. A table of at most [`PREFAULT_LIMIT`] is zeroed in place (its
    /// pages are mapped already: ~10 ms for 64 MiB). A larger one gets fresh zeroed memory,
    /// so forgetting it costs no write of every byte; if that memory can't be had, it is
    /// zeroed in place too.
    pub fn clear(&mut self) {
        let fresh = if self.bytes() <= PREFAULT_LIMIT {
            None
        } else {
            zeroed_buckets(self.buckets.len()).ok()
        };
        match fresh {
            Some(fresh) => self.buckets = fresh,
            None => self.buckets.iter().for_each(Bucket::zero),
        }
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search, so older entries are replaced first. Called by the
    /// main thread before the helpers start.
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) & 0x3F;
        self.generation.store(next, Relaxed);
    }

    #[inline]
    fn index(&self, hash: u64) -> usize {
        // Lemire's multiply-shift reduction: any table size, no modulo.
        ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the processor to bring `hash`'s bucket into the cache ahead of a `probe`, so
    /// that the search can do other work while the line is fetched (a table larger than
    /// the caches makes most probes a trip to memory). Changes nothing the table holds; a
    /// no-op where no prefetch instruction is known.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let bucket: *const Bucket = &self.buckets[self.index(hash)];
        crate::memory::prefetch_line(bucket.cast());
        // A 24-byte bucket can straddle two cache lines: fetch its last byte's line too.
        crate::memory::prefetch_line(
            bucket
                .cast::<u8>()
                .wrapping_add(std::mem::size_of::<Bucket>() - 1),
        );
    }

    /// The stored result for `hash`, if any, its score made relative to the root at `ply`.
    #[inline]
    pub fn probe(&self, hash: u64, ply: usize) -> Option<Hit> {
        let check = hash as u32;
        let bucket = self.buckets[self.index(hash)].load();
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
        &self,
        hash: u64,
        ply: usize,
        best_move: u16,
        score: i32,
        depth: u8,
        bound: Bound,
    ) {
        let check = hash as u32;
        let generation = self.generation.load(Relaxed);
        let shared = &self.buckets[self.index(hash)];
        let bucket = shared.load();
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
        shared.write(
            slot,
            Entry {
                key_check: check,
                best_move: keep_move,
                score: to_tt(score, ply) as i16,
                depth,
                bound_age: (generation << 2) | bound as u8,
            },
        );
    }

    /// Permille of sampled entries written in the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(Bucket::load)
            .filter(|e| e.bound_age & 3 != 0 && e.bound_age >> 2 == generation)
            .count();
        (used * 1000 / (sample * 2).max(1)) as u32
    }
}

/// The largest table (bytes) that gets huge pages, all mapped when it is made: 256 MiB is
/// ~0.1-0.25 s of page zeroing on this project's test machines, spent at `setoption Hash`,
/// at start-up or at a game change, never inside a move. Larger tables are mapped lazily.
pub const PREFAULT_LIMIT: usize = 256 << 20;

/// Under loom the atomics are the model checker's, which can't come from zeroed memory.
#[cfg(loom)]
fn zeroed_buckets(count: usize) -> Result<Box<[Bucket]>, TableError> {
    Ok((0..count).map(|_| Bucket::default()).collect())
}

// SAFETY: a bucket is atomic integers only, and all bits zero is their valid value 0 (an
// empty slot); it needs no drop.
#[cfg(not(loom))]
unsafe impl crate::memory::Zeroable for Bucket {}

/// `count` empty buckets in memory the allocator hands out zeroed, page by page as it is
/// touched (for large sizes the kernel's fresh pages), instead of writing every byte.
#[cfg(not(loom))]
fn zeroed_buckets(count: usize) -> Result<Box<[Bucket]>, TableError> {
    crate::memory::zeroed_table(NAME, count)
}

#[cfg(all(loom, test))]
mod loom_tests {
    use super::*;
    use loom::sync::Arc;

    fn one_bucket() -> TranspositionTable {
        TranspositionTable {
            buckets: zeroed_buckets(1).unwrap_or_default(),
            generation: AtomicU8::new(0),
        }
    }

    /// What a probe for one of `STORES` may return: nothing, or exactly what was stored.
    fn check(tt: &TranspositionTable) {
        for &(hash, mv, score, depth) in &STORES {
            if let Some(hit) = tt.probe(hash, 0) {
                assert_eq!(
                    (hit.best_move, hit.score, hit.depth, hit.bound),
                    (mv, score, depth, Bound::Lower)
                );
            }
        }
    }

    /// Keys that differ in the check bits, with data that differs in every field.
    const STORES: [(u64, u16, i32, u8); 2] = [(0x1111_0001, 5, 100, 3), (0x2222_0002, 9, -40, 7)];

    /// Two threads store different positions into a one-bucket table (both may pick the
    /// same slot, and their words interleave) while a third probes, and the main thread
    /// probes after joining them. In every execution loom explores, a probe finds nothing
    /// or exactly what was stored for that key: a torn pair is never trusted. (With the
    /// key stored without the XOR, the main thread's probe fails here.)
    #[test]
    fn loom_probes_never_trust_a_torn_entry() {
        // At most 3 preemptions per execution, as loom users run in CI (tokio uses 2): the
        // unbounded search over four threads runs for many minutes.
        let mut model = loom::model::Builder::new();
        model.preemption_bound = Some(3);
        model.check(|| {
            let tt = Arc::new(one_bucket());
            let mut threads: Vec<_> = STORES
                .iter()
                .map(|&(hash, mv, score, depth)| {
                    let tt = Arc::clone(&tt);
                    loom::thread::spawn(move || tt.store(hash, 0, mv, score, depth, Bound::Lower))
                })
                .collect();
            let prober = Arc::clone(&tt);
            threads.push(loom::thread::spawn(move || check(&prober)));
            for thread in threads {
                thread.join().unwrap_or_default();
            }
            check(&tt);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::score::win_in;

    #[test]
    fn an_entry_round_trips_through_its_words() {
        let entry = Entry {
            key_check: 0x89AB_CDEF,
            best_move: 0xFEDC,
            score: -31_000,
            depth: PROVEN_DEPTH,
            bound_age: (63 << 2) | Bound::Lower as u8,
        };
        let data = entry.data();
        assert_eq!(Entry::unpack(data, entry.key_check ^ fold(data)), entry);
    }

    #[test]
    fn store_then_probe_returns_what_was_stored() {
        let tt = TranspositionTable::try_new(1).expect("1 MiB");
        tt.store(0xDEAD_BEEF_1234_5678, 0, 7, -150, 5, Bound::Upper);
        let hit = tt.probe(0xDEAD_BEEF_1234_5678, 0).expect("stored");
        assert_eq!(
            (hit.best_move, hit.score, hit.depth, hit.bound),
            (7, -150, 5, Bound::Upper)
        );
        assert!(tt.probe(0x1234, 0).is_none());
    }

    #[test]
    fn prefetch_changes_nothing() {
        // Every bucket of a new table reads as empty, and a prefetch before a probe or a
        // store changes no result.
        let tt = TranspositionTable::try_new(8).expect("8 MiB");
        let hashes: Vec<u64> = (0..5000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &hash in &hashes {
            tt.prefetch(hash);
            assert!(tt.probe(hash, 0).is_none());
        }
        for (i, &hash) in hashes.iter().enumerate() {
            tt.prefetch(hash);
            tt.store(hash, 0, i as u16, i as i32, 3, Bound::Lower);
        }
        let found = hashes
            .iter()
            .enumerate()
            .filter(|&(i, &hash)| {
                tt.prefetch(hash);
                tt.probe(hash, 0)
                    .is_some_and(|h| (h.best_move, h.score) == (i as u16, i as i32))
            })
            .count();
        // 5,000 keys in ~350,000 two-entry buckets: a few may share a bucket and be
        // replaced, none may come back wrong.
        assert!(found >= 4990, "{found} of 5000 found");
    }

    #[test]
    fn win_distances_are_node_relative() {
        let tt = TranspositionTable::try_new(1).expect("1 MiB");
        tt.store(42, 3, 1, win_in(9), PROVEN_DEPTH, Bound::Exact);
        // The same position reached at ply 5 is a win 2 plies later than from ply 3.
        assert_eq!(tt.probe(42, 5).map(|h| h.score), Some(win_in(11)));
        assert!(tt.probe(42, 5).is_some_and(|h| h.is_proven()));
    }

    #[test]
    fn a_new_table_is_empty() {
        let tt = TranspositionTable::try_new(3).expect("3 MiB");
        assert_eq!(tt.buckets.len(), (3 << 20) / 24);
        assert_eq!(tt.hashfull(), 0);
        assert!((0..1000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .all(|hash| tt.probe(hash, 0).is_none()));
    }

    #[test]
    fn clear_forgets() {
        // 1 and 8 MiB: mapped up front (huge pages asked for above 2 MiB) and cleared in
        // place; just above the limit: mapped lazily and cleared by fresh memory.
        for mib in [1, 8, (PREFAULT_LIMIT >> 20) + 1] {
            let mut tt = TranspositionTable::try_new(mib).expect("table");
            let keys: Vec<u64> = (1..=2000u64)
                .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                .collect();
            assert!(
                keys.iter().all(|&key| tt.probe(key, 0).is_none()),
                "{mib} MiB"
            );
            for &key in &keys {
                tt.store(key, 0, 3, 10, 2, Bound::Exact);
            }
            assert!(
                keys.iter()
                    .filter(|&&key| tt.probe(key, 0).is_some())
                    .count()
                    > 1900
            );
            tt.clear();
            assert!(
                keys.iter().all(|&key| tt.probe(key, 0).is_none()),
                "{mib} MiB"
            );
            assert_eq!(tt.hashfull(), 0);
        }
    }

    /// Eight threads store and probe positions that share a handful of buckets. Every
    /// result a probe returns must be one some thread stored for that very key: a torn
    /// entry (one word of one store, one of another) must never pass the key check.
    #[test]
    fn threads_sharing_buckets_never_see_torn_entries() {
        const THREADS: u16 = 8;
        let tt = TranspositionTable::try_new(1).expect("1 MiB");
        // 16 buckets (the high bits choose the bucket), 64 positions each.
        let keys: Vec<u64> = (0..16u64)
            .flat_map(|b| (1..=64u64).map(move |k| (b << 60) | (k * 0x9E37_79B9)))
            .collect();
        // What thread `t` stores for `key`: its own move, score and depth.
        let stored = |key: u64, t: u16| {
            let best_move = (key as u16) ^ t;
            let score = (key % 997) as i32 - 500 + i32::from(t);
            let depth = ((key >> 3) % 50) as u8 + t as u8;
            (best_move, score, depth)
        };
        let seen = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for t in 0..THREADS {
                let (tt, keys, seen) = (&tt, &keys, &seen);
                scope.spawn(move || {
                    for round in 0..40_000usize {
                        let key = keys[(round * 7 + usize::from(t) * 13) % keys.len()];
                        let (best_move, score, depth) = stored(key, t);
                        tt.store(key, 0, best_move, score, depth, Bound::Exact);
                        let probed = keys[(round * 11 + usize::from(t)) % keys.len()];
                        if let Some(hit) = tt.probe(probed, 0) {
                            let writer = hit.best_move ^ (probed as u16);
                            assert!(writer < THREADS, "move from another key: {hit:?}");
                            let (_, score, depth) = stored(probed, writer);
                            assert_eq!((hit.score, hit.depth), (score, depth), "torn: {hit:?}");
                            seen.fetch_add(1, Relaxed);
                        }
                    }
                });
            }
        });
        assert!(
            seen.load(Relaxed) > 1000,
            "the probes found too little to test"
        );
    }
}
