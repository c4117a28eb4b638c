//! The solver's transposition table: one bound per position, keyed by the perfect key
//! `current + mask`, allocated on the first solve and released on `newgame`.
//!
//! A slot is one `AtomicU64`: the key's low 56 bits, then the value byte on top. Threads
//! share the table through relaxed loads and stores (plain moves on x86-64): a slot is
//! written whole, so a reader sees either an old entry or a new one, and the key check
//! tells it which position the bound belongs to. A bound stored by any thread is a true
//! bound on that position's value, so sharing never makes a score inexact.
//!
//! Keys of boards with `(rows + 1) * cols <= 56` bits (7x6 uses 49) are kept whole, so
//! two positions never share an entry. The slot index is the key mixed and reduced by
//! Lemire's multiply-shift (any table size, no division).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::memory::TableError;

/// The name of this table in [`TableError`]s.
const NAME: &str = "Connect Four solver table";

/// Slots of a table whose size was not set (`set_memory`): 2^24 (128 MiB). In the engine
/// the table is half of `Hash` (32 MiB by default).
pub const DEFAULT_SLOTS: usize = 1 << 24;

/// Stored values: 0 empty, `BIAS + score` an upper bound, `LOWER + BIAS + score` a lower
/// bound. Solver scores lie within ±33 on every board that fits 64 bits.
const BIAS: i32 = 64;
const LOWER: i32 = 128;

/// The key bits a slot keeps.
const KEY_BITS: u32 = 56;
const KEY_MASK: u64 = (1 << KEY_BITS) - 1;

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    Nothing,
    /// The value is at most this.
    Upper(i32),
    /// The value is at least this.
    Lower(i32),
}

/// The table (empty until [`Table::ensure`]).
pub struct Table {
    slots: Box<[AtomicU64]>,
    /// Slots to allocate.
    size: usize,
    /// Whether the slots were advised onto huge pages.
    huge: bool,
}

impl Default for Table {
    fn default() -> Self {
        Table::with_slots(DEFAULT_SLOTS)
    }
}

impl Table {
    /// An empty table that will hold `size` slots (8 bytes each) once used.
    pub fn with_slots(size: usize) -> Self {
        Table {
            slots: Box::new([]),
            size: size.max(1),
            huge: false,
        }
    }

    /// Holds `size` slots from now on (the entries are lost if that changes the size).
    pub fn resize(&mut self, size: usize) {
        if size.max(1) != self.size {
            *self = Table::with_slots(size);
        }
    }

    /// The memory the table takes once used, in bytes.
    pub fn bytes(&self) -> usize {
        self.size * std::mem::size_of::<AtomicU64>()
    }

    /// The memory the table has now, in bytes (0 before the first solve).
    pub fn allocated_bytes(&self) -> usize {
        std::mem::size_of_val(&*self.slots)
    }

    /// Allocates the slots if needed. The memory comes zeroed from the system and is
    /// paid for page by page at first touch, so the first solve does not stall. Memory
    /// that cannot be had leaves the table empty: the solver then works without it
    /// (every probe misses), slower but right.
    ///
    /// With `huge` (solves without a time limit), the memory is also advised onto 2 MiB
    /// pages: about 10% faster, but a huge page fault may wait for the kernel to compact
    /// memory, which a 100 ms move cannot afford.
    pub fn ensure(&mut self, huge: bool) {
        if self.slots.len() != self.size {
            self.slots = zeroed_slots(self.size).unwrap_or_default();
            self.huge = false;
        }
        if huge && !self.huge {
            crate::memory::advise_huge_pages(&self.slots);
            self.huge = true;
        }
    }

    /// Allocates `size` slots now (the entries are lost), new memory before the old is
    /// freed: if it cannot be had, the table stays as it was.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn allocate(&mut self, size: usize) -> Result<(), TableError> {
        let slots = zeroed_slots(size.max(1))?;
        *self = Table {
            slots,
            size: size.max(1),
            huge: false,
        };
        Ok(())
    }

    /// Maps every page of the allocated slots, on 2 MiB pages where Linux can, until
    /// `interrupted` says to stop (see [`crate::memory::prefault`]), so that a game's
    /// first solves do not fault the memory in page by page (with the solver's helper
    /// threads contending for the faults). Returns whether it finished.
    pub fn map(&mut self, interrupted: &dyn Fn() -> bool) -> bool {
        let mapped = crate::memory::prefault(&mut self.slots, interrupted);
        self.huge = mapped;
        mapped
    }

    /// Allocates the slots and touches every page now, so that timings do not include
    /// page faults (about 100 us per easy solve otherwise).
    pub fn prefault(&mut self) {
        self.ensure(true);
        self.map(&|| false);
    }

    /// Forgets every entry, keeping the memory if the table has any (a table without
    /// memory gets it at its first solve, or from [`Table::allocate`]); a large table gets
    /// fresh memory instead (see [`crate::memory::clear_table`]).
    pub fn clear(&mut self) {
        if crate::memory::clear_table(NAME, &mut self.slots) {
            self.huge = false;
        }
    }

    /// Forgets every entry and gives the memory back (another game was selected).
    pub fn release(&mut self) {
        *self = Table::with_slots(self.size);
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> Option<&AtomicU64> {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let index = ((u128::from(mixed) * self.slots.len() as u128) >> 64) as usize;
        self.slots.get(index)
    }

    /// Asks the processor to bring `key`'s slot into the cache ahead of a `get` (a table
    /// larger than the caches makes most probes a trip to memory). Changes nothing.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        if let Some(slot) = self.slot(key) {
            crate::memory::prefetch_line((slot as *const AtomicU64).cast());
        }
    }

    /// The bound stored for `key`.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Stored {
        let Some(slot) = self.slot(key) else {
            return Stored::Nothing;
        };
        let word = slot.load(Relaxed);
        let value = (word >> KEY_BITS) as i32;
        if word & KEY_MASK != key & KEY_MASK || value == 0 {
            Stored::Nothing
        } else if value < LOWER {
            Stored::Upper(value - BIAS)
        } else {
            Stored::Lower(value - LOWER - BIAS)
        }
    }

    #[inline(always)]
    fn put(&self, key: u64, value: i32) {
        if let Some(slot) = self.slot(key) {
            slot.store((key & KEY_MASK) | (value as u64) << KEY_BITS, Relaxed);
        }
    }

    /// Records that the value of `key` is at most `score`.
    #[inline(always)]
    pub fn put_upper(&self, key: u64, score: i32) {
        self.put(key, BIAS + score);
    }

    /// Records that the value of `key` is at least `score`.
    #[inline(always)]
    pub fn put_lower(&self, key: u64, score: i32) {
        self.put(key, LOWER + BIAS + score);
    }
}

/// The nodes the threads of one solve are searching now: a small table of position keys,
/// written on entering a node and cleared on leaving it. A lost or stale mark only
/// changes the order in which a thread searches, never a value.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

/// Slots of the busy table (128 KiB, in the caches).
const BUSY_BITS: u32 = 14;

impl Default for Busy {
    fn default() -> Self {
        Busy {
            slots: std::iter::repeat_with(AtomicU64::default)
                .take(1 << BUSY_BITS)
                .collect(),
        }
    }
}

impl Busy {
    #[inline(always)]
    fn slot(&self, key: u64) -> &AtomicU64 {
        let index = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BUSY_BITS);
        &self.slots[index as usize]
    }

    /// A thread starts searching the node `key`.
    #[inline(always)]
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Relaxed);
    }

    /// The thread is done with `key` (unless another node took the slot meanwhile).
    #[inline(always)]
    pub fn leave(&self, key: u64) {
        let slot = self.slot(key);
        if slot.load(Relaxed) == key {
            slot.store(0, Relaxed);
        }
    }

    /// Whether some thread is searching `key` now (as far as the table remembers).
    #[inline(always)]
    pub fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Relaxed) == key
    }
}

/// `count` zeroed slots as memory the allocator hands out already zeroed, page by page as
/// it is first touched (a table written in full would stall the first timed solve).
fn zeroed_slots(count: usize) -> Result<Box<[AtomicU64]>, TableError> {
    crate::memory::zeroed_table(NAME, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_trip_and_other_keys_miss() {
        let mut table = Table::with_slots(1000);
        assert_eq!(table.get(5), Stored::Nothing);
        table.ensure(false);
        for score in -33..=33 {
            table.put_upper(12_345, score);
            assert_eq!(table.get(12_345), Stored::Upper(score));
            table.put_lower(12_345, score);
            assert_eq!(table.get(12_345), Stored::Lower(score));
        }
        // Every other key is either in another slot or fails the check.
        for other in (0..100_000u64).filter(|&k| k != 12_345) {
            assert_eq!(table.get(other), Stored::Nothing);
        }
    }

    #[test]
    fn prefetch_neither_allocates_nor_changes_an_entry() {
        let mut table = Table::with_slots(1000);
        table.prefetch(77);
        assert_eq!(
            table.allocated_bytes(),
            0,
            "a prefetch before the first solve"
        );
        table.ensure(false);
        table.put_lower(77, 2);
        for key in 0..5_000u64 {
            table.prefetch(key);
        }
        assert_eq!(table.get(77), Stored::Lower(2));
        assert_eq!(table.get(78), Stored::Nothing);
    }

    #[test]
    fn clear_forgets_but_keeps_the_memory_and_release_gives_it_back() {
        let mut table = Table::with_slots(1000);
        table.clear();
        assert_eq!(table.allocated_bytes(), 0, "clear alone allocates nothing");
        table.allocate(1000).expect("8 KB");
        assert_eq!(table.allocated_bytes(), table.bytes());
        assert!(table.map(&|| false));
        table.put_upper(77, 3);
        table.clear();
        assert_eq!(table.get(77), Stored::Nothing);
        assert_eq!(
            table.allocated_bytes(),
            table.bytes(),
            "and keeps the memory"
        );
        table.release();
        assert_eq!(table.allocated_bytes(), 0);
        assert_eq!(table.get(77), Stored::Nothing);
    }

    #[test]
    fn a_table_that_cannot_be_had_leaves_the_old_one() {
        let mut table = Table::with_slots(1000);
        table.allocate(1000).expect("8 KB");
        table.put_lower(5, 1);
        let error = table.allocate(1 << 59).expect_err("4 EiB");
        assert_eq!(error.table, "Connect Four solver table");
        assert_eq!(error.bytes, 1 << 62);
        assert_eq!((table.bytes(), table.get(5)), (8000, Stored::Lower(1)));
    }

    #[test]
    fn busy_marks_last_from_enter_to_leave() {
        let busy = Busy::default();
        let (key, other) = (0x1234_5678_9abc, 0x1234_5678_9abd);
        assert!(!busy.is_busy(key));
        busy.enter(key);
        assert!(busy.is_busy(key));
        assert!(!busy.is_busy(other));
        // Marks are seen by the other threads.
        std::thread::scope(|scope| {
            scope.spawn(|| {
                assert!(busy.is_busy(key));
                busy.enter(other);
            });
        });
        assert!(busy.is_busy(other));
        busy.leave(key);
        assert!(!busy.is_busy(key));
        // Leaving a node whose slot another node took leaves that mark alone.
        let mut taker = other + 1;
        while !std::ptr::eq(busy.slot(taker), busy.slot(other)) {
            taker += 1;
        }
        busy.enter(taker);
        busy.leave(other);
        assert!(busy.is_busy(taker));
    }

    /// The bound a key's writers store in `threads_never_see_a_mixed_entry`.
    fn bound_of(key: u64) -> Stored {
        let score = (key % 61) as i32 - 30;
        if key.is_multiple_of(2) {
            Stored::Upper(score)
        } else {
            Stored::Lower(score)
        }
    }

    #[test]
    fn threads_never_see_a_mixed_entry() {
        // Eight threads write and read many keys through few slots: whatever a reader
        // finds under a key must be the bound written for that very key.
        let mut table = Table::with_slots(257);
        table.ensure(false);
        let table = &table;
        std::thread::scope(|scope| {
            for thread in 0..8u64 {
                scope.spawn(move || {
                    let mut key = thread.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..200_000 {
                        key ^= key << 13;
                        key ^= key >> 7;
                        key ^= key << 17;
                        let probe = key & ((1 << 49) - 1);
                        match bound_of(probe) {
                            Stored::Upper(score) => table.put_upper(probe, score),
                            Stored::Lower(score) => table.put_lower(probe, score),
                            Stored::Nothing => unreachable!(),
                        }
                        for seen_key in [probe, probe ^ 0x5555] {
                            let seen = table.get(seen_key);
                            assert!(seen == Stored::Nothing || seen == bound_of(seen_key));
                        }
                    }
                });
            }
        });
    }
}
