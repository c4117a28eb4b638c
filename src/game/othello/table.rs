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

/// The table: `2^bits` entries, allocated on first use.
pub struct Table {
    entries: Box<[Slot]>,
    bits: u32,
    generation: u8,
}

/// Default size: 2^22 entries, 96 MiB.
pub const DEFAULT_BITS: u32 = 22;

impl Table {
    /// A table of `2^bits` entries (`bits` at least 1), not yet allocated.
    pub fn new(bits: u32) -> Self {
        Table {
            entries: Box::default(),
            bits: bits.max(1),
            generation: 0,
        }
    }

    /// Allocates the table if needed and starts a new search generation.
    pub fn new_search(&mut self) {
        if self.entries.is_empty() {
            self.entries = zeroed_slots(1 << self.bits);
        }
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets every position, and allocates the table if it was not (at `game` and
    /// `newgame`, outside any timed move). The memory stays mapped and is zeroed in place
    /// (about 5 ms for 96 MiB): fresh memory would be faulted in page by page during the
    /// next game's first solve, which then missed its 100 ms move time in most games with
    /// two threads (they contend for the faults), and mapping it all at once can take
    /// 50-200 ms (huge pages being compacted).
    pub fn clear(&mut self) {
        if self.entries.is_empty() {
            self.entries = zeroed_slots(1 << self.bits);
        } else {
            self.entries
                .iter()
                .flatten()
                .for_each(|word| word.store(0, Relaxed));
        }
        self.generation = 0;
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

    /// The bucket (high bits of the hash) and the check (its low 24 bits).
    #[inline]
    fn place(&self, player: u64, opponent: u64) -> (usize, u64) {
        let hash = Self::hash(player, opponent);
        (((hash >> (64 - self.bits)) as usize) & !1, hash & 0xFF_FFFF)
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

/// `count` zeroed slots, backed by huge pages where Linux can and mapped now, so that no
/// solve pays for page faults.
fn zeroed_slots(count: usize) -> Box<[Slot]> {
    let memory = Box::<[Slot]>::new_zeroed_slice(count);
    // SAFETY: an `AtomicU64` is a `u64` in memory (same size and bit validity), and all
    // bits zero is the valid value 0, so every slot is initialised.
    let slots = unsafe { memory.assume_init() };
    crate::memory::advise_huge_pages(&slots);
    // Storing the zero a slot already holds maps its page.
    let per_page = (4096 / std::mem::size_of::<Slot>()).max(1);
    slots
        .iter()
        .step_by(per_page)
        .for_each(|slot| slot[0].store(0, Relaxed));
    slots
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
        assert_eq!(table.entries.len(), 16, "clear allocates");
        table.new_search();
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
