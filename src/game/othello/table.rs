//! The endgame solver's transposition table: exact (player, opponent) keys, so a hit is
//! never a collision, and a lower and an upper bound on the final margin per position.
//!
//! Buckets of two entries: a hit merges bounds; otherwise the entry of an older search,
//! or else the one with fewer empties (cheaper to recompute), is replaced.
//!
//! Shared by the solver's threads without locks: an entry is three atomic words read and
//! written with `Relaxed` ordering, so a reader may see words of different stores (torn).
//! The third word carries 24 bits of the position's hash: an entry whose words do not all
//! belong to the probed position fails that check (but for a 2^-24 chance per torn read)
//! and is ignored. Words of two stores of the same position are two sets of true bounds.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::memory::TableError;

/// One stored position (24 bytes).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    /// The best or refuting move's square, 64 for none.
    best: u8,
    empties: u8,
    generation: u8,
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub lower: i32,
    pub upper: i32,
    /// A square (0..64), or 64 when no move was stored.
    pub best: u8,
}

/// An entry as stored: the two bitboards and the packed rest with the hash check.
type Words = [u64; 3];

/// The shared form of [`Words`].
type Slot = [AtomicU64; 3];

/// Where the hash check sits in the third word (bits 40..64).
const CHECK_SHIFT: u32 = 40;

impl Entry {
    #[inline]
    fn unpack(words: &Words) -> Entry {
        let rest = words[2];
        Entry {
            player: words[0],
            opponent: words[1],
            lower: rest as u8 as i8,
            upper: (rest >> 8) as u8 as i8,
            best: (rest >> 16) as u8,
            empties: (rest >> 24) as u8,
            generation: (rest >> 32) as u8,
        }
    }

    /// The words of this entry, `check` being its position's [`Table::check`].
    #[inline]
    fn pack(&self, check: u64) -> Words {
        let rest = u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.empties) << 24
            | u64::from(self.generation) << 32
            | check << CHECK_SHIFT;
        [self.player, self.opponent, rest]
    }
}

#[inline]
fn load(slot: &Slot) -> Words {
    [0, 1, 2].map(|i| slot[i].load(Relaxed))
}

#[inline]
fn write(slot: &Slot, words: Words) {
    for (word, value) in slot.iter().zip(words) {
        word.store(value, Relaxed);
    }
}

/// The table: an even number of entries (buckets of two), allocated by
/// [`Table::allocate`] or at the first search.
pub struct Table {
    entries: Box<[Slot]>,
    /// Entries to allocate.
    count: usize,
    generation: u8,
}

/// Default size: 2^22 entries, 96 MiB.
pub const DEFAULT_BITS: u32 = 22;

/// The name of this table in [`TableError`]s.
const NAME: &str = "Othello endgame table";

impl Table {
    /// A table of `2^bits` entries (`bits` at least 1), not yet allocated.
    pub fn new(bits: u32) -> Self {
        Self::with_entries(1 << bits.max(1))
    }

    /// A table of at most `bytes` (at least one bucket), not yet allocated.
    pub fn with_bytes(bytes: usize) -> Self {
        Self::with_entries(bytes / std::mem::size_of::<Slot>())
    }

    fn with_entries(count: usize) -> Self {
        Table {
            entries: Box::default(),
            count: (count & !1).max(2),
            generation: 0,
        }
    }

    /// The memory the table takes once used, in bytes.
    pub fn bytes(&self) -> usize {
        self.count * std::mem::size_of::<Slot>()
    }

    /// The memory the table has now, in bytes (0 before the first search).
    pub fn allocated_bytes(&self) -> usize {
        std::mem::size_of_val::<[Slot]>(&self.entries)
    }

    /// Holds at most `bytes` from now on, allocated at the next search (the entries are
    /// lost if that changes the size).
    pub fn resize(&mut self, bytes: usize) {
        let resized = Self::with_bytes(bytes);
        if resized.count != self.count {
            *self = resized;
        }
    }

    /// Allocates a table of at most `bytes` now, empty; the new memory comes before the
    /// old is freed, so if it cannot be had the table stays as it was.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn allocate(&mut self, bytes: usize) -> Result<(), TableError> {
        let mut table = Self::with_bytes(bytes);
        table.entries = zeroed_slots(table.count)?;
        *self = table;
        Ok(())
    }

    /// Maps every page of the allocated table, on 2 MiB pages where Linux can, until
    /// `interrupted` says to stop: fresh memory faulted in page by page during the first
    /// solve of a game missed its 100 ms move time in most games with two threads (they
    /// contend for the faults). Returns whether it finished.
    pub fn map(&mut self, interrupted: &dyn Fn() -> bool) -> bool {
        crate::memory::prefault(&mut self.entries, interrupted)
    }

    /// Starts a new search generation, allocating the table if it has none. Returns
    /// whether it has its memory (if that cannot be had, nothing can be searched with it).
    pub fn new_search(&mut self) -> bool {
        if self.entries.is_empty() {
            match zeroed_slots(self.count) {
                Ok(entries) => {
                    self.entries = entries;
                    self.map(&|| false);
                }
                Err(_) => return false,
            }
        }
        self.generation = self.generation.wrapping_add(1);
        true
    }

    /// Forgets every position (at `game` and `newgame`, outside any timed move). A large
    /// table gets fresh memory (see [`crate::memory::clear_table`]), to be mapped by
    /// [`Table::map`].
    pub fn clear(&mut self) {
        self.generation = 0;
        crate::memory::clear_table(NAME, &mut self.entries);
    }

    /// Forgets every position and frees the memory until the next search.
    pub fn release(&mut self) {
        self.entries = Box::default();
    }

    #[inline]
    fn hash(player: u64, opponent: u64) -> u64 {
        player
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(opponent.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
    }

    /// The bucket's first entry (from the high bits of the hash: Lemire's multiply-shift
    /// over the buckets, which for a power of two of them is the top bits) and the check
    /// (the hash's low 24 bits).
    #[inline]
    fn place(&self, player: u64, opponent: u64) -> (usize, u64) {
        let hash = Self::hash(player, opponent);
        let buckets = (self.entries.len() / 2) as u128;
        let bucket = ((u128::from(hash) * buckets) >> 64) as usize;
        (bucket * 2, hash & 0xFF_FFFF)
    }

    /// The bounds stored for this exact position.
    #[inline]
    pub fn probe(&self, player: u64, opponent: u64) -> Option<Hit> {
        let (bucket, check) = self.place(player, opponent);
        self.entries[bucket..bucket + 2]
            .iter()
            .map(load)
            .find(|w| w[0] == player && w[1] == opponent && w[2] >> CHECK_SHIFT == check)
            .as_ref()
            .map(Entry::unpack)
            .map(|e| Hit {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: e.best,
            })
    }

    /// Records that a search in the window (`alpha`, `beta`) returned `score` (fail-soft)
    /// with `best` as its best or refuting move.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &self,
        player: u64,
        opponent: u64,
        empties: u32,
        alpha: i32,
        beta: i32,
        score: i32,
        best: u8,
    ) {
        let (lower, upper) = if score <= alpha {
            (-64, score)
        } else if score >= beta {
            (score, 64)
        } else {
            (score, score)
        };
        let generation = self.generation;
        let (bucket, check) = self.place(player, opponent);
        let slots = &self.entries[bucket..bucket + 2];
        let words = [load(&slots[0]), load(&slots[1])];
        if let Some(i) = (0..2).find(|&i| {
            words[i][0] == player && words[i][1] == opponent && words[i][2] >> CHECK_SHIFT == check
        }) {
            let mut e = Entry::unpack(&words[i]);
            e.lower = e.lower.max(lower as i8);
            e.upper = e.upper.min(upper as i8);
            if e.lower > e.upper {
                // Bounds from searches that were themselves cut by stale bounds: trust the new one.
                (e.lower, e.upper) = (lower as i8, upper as i8);
            }
            if best < 64 {
                e.best = best;
            }
            e.generation = generation;
            write(&slots[i], e.pack(check));
            return;
        }
        let pair = [Entry::unpack(&words[0]), Entry::unpack(&words[1])];
        let stale = |e: &Entry| e.generation != generation;
        let victim = if stale(&pair[0]) && !stale(&pair[1]) {
            0
        } else if stale(&pair[1]) && !stale(&pair[0]) {
            1
        } else if pair[0].empties <= pair[1].empties {
            0
        } else {
            1
        };
        let entry = Entry {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
            generation,
        };
        write(&slots[victim], entry.pack(check));
    }
}

/// `count` zeroed slots, from the allocator already zeroed (see
/// [`crate::memory::zeroed_table`]).
fn zeroed_slots(count: usize) -> Result<Box<[Slot]>, TableError> {
    crate::memory::zeroed_table(NAME, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_pack_and_unpack_losslessly() {
        let entry = Entry {
            player: u64::MAX,
            opponent: 7,
            lower: -64,
            upper: 64,
            best: 63,
            empties: 60,
            generation: 255,
        };
        let back = Entry::unpack(&entry.pack(0));
        assert_eq!(
            (
                back.player,
                back.opponent,
                back.lower,
                back.upper,
                back.best,
                back.empties,
                back.generation
            ),
            (u64::MAX, 7, -64, 64, 63, 60, 255)
        );
    }

    #[test]
    fn clear_forgets_but_keeps_the_memory_and_release_gives_it_back() {
        let mut table = Table::new(4);
        table.clear();
        assert!(table.entries.is_empty(), "clear alone allocates nothing");
        assert!(table.new_search(), "the first search allocates");
        assert_eq!(table.entries.len(), 16);
        table.store(1, 2, 20, -64, 64, 6, 9);
        assert!(table.probe(1, 2).is_some());
        table.clear();
        assert_eq!(table.probe(1, 2), None);
        assert_eq!(table.entries.len(), 16, "and keeps the memory");
        table.release();
        assert!(table.entries.is_empty());
        table.new_search();
        assert_eq!(table.probe(1, 2), None);
    }

    #[test]
    fn the_table_is_sized_in_bytes_and_a_failed_allocation_keeps_the_old_one() {
        let mut table = Table::with_bytes(1000);
        assert_eq!(table.bytes(), 40 * 24, "an even number of 24-byte entries");
        table.allocate(480).expect("480 bytes");
        assert_eq!(table.allocated_bytes(), 480);
        table.new_search();
        table.store(1, 2, 20, -64, 64, 6, 9);
        let error = table.allocate(1 << 62).expect_err("4 EiB");
        assert_eq!(error.table, "Othello endgame table");
        assert_eq!(table.allocated_bytes(), 480);
        assert!(table.probe(1, 2).is_some());
        // A size of a power of two of entries indexes by the hash's top bits.
        let table = Table::new(10);
        let hash = Table::hash(5, 6);
        let mut allocated = table;
        allocated.new_search();
        assert_eq!(allocated.place(5, 6).0, ((hash >> 54) as usize) & !1);
    }

    #[test]
    fn bounds_merge_for_the_same_position() {
        let mut table = Table::new(4);
        table.new_search();
        assert_eq!(table.probe(1, 2), None);
        table.store(1, 2, 20, 10, 11, 14, 5);
        assert_eq!(
            table.probe(1, 2),
            Some(Hit {
                lower: 14,
                upper: 64,
                best: 5
            })
        );
        // A later fail-low at 20 adds an upper bound and keeps the move.
        table.store(1, 2, 20, 19, 20, 18, 64);
        let hit = table.probe(1, 2).expect("stored");
        assert_eq!((hit.lower, hit.upper, hit.best), (14, 18, 5));
        // An exact score inside the window pins both bounds.
        table.store(1, 2, 20, -64, 64, 16, 9);
        let hit = table.probe(1, 2).expect("stored");
        assert_eq!((hit.lower, hit.upper, hit.best), (16, 16, 9));
        assert_eq!(table.probe(2, 1), None);
    }
}
