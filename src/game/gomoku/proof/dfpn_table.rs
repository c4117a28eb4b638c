//! The transposition table of the depth-first proof-number search (`dfpn.rs`): a fixed
//! number of four-entry buckets sized from a byte budget, keyed by the position's Zobrist
//! hash (salted by the kind of threats), holding proof and disproof numbers, the length
//! of a proven win, its move, and the work (nodes) spent below the entry. When a bucket
//! is full the entry with the least work is replaced: cheap results are the cheapest to
//! find again. A search generation makes clearing between searches free; the depth
//! iterations of one search are generations too, and a disproof that met no depth limit
//! (`Entry::exact`) is read across them.
//!
//! Knows nothing of the search or of the game beyond a move's 16-bit cell.

use crate::memory::TableError;

/// One stored position (24 bytes).
///
/// `key` is the full 64-bit key (0 = empty); `pn`/`dn` the numbers (`INFINITE` and up
/// are infinite); `work` the nodes spent below it (saturating); `plies` the length of
/// the win when `pn == 0` (saturating at 255, more than a 15x15 board holds); `best` the
/// cell of the move that proves it (attacker) or delays most (defender); `generation` the
/// search (depth iteration) that wrote it; `exact` that a disproof (`dn == 0`) met no
/// depth limit below it, so it holds in the search's deeper iterations too.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Entry {
    pub key: u64,
    pub pn: u32,
    pub dn: u32,
    pub exact: bool,
    pub work: u32,
    pub best: u16,
    pub plies: u8,
    pub generation: u8,
}

/// An entry as stored: `key`; `pn | exact << 31 | dn << 32`; `work | best << 32 |
/// plies << 48 | generation << 56` (numbers stay below 2^31: `INFINITE` is 2^28). Three words, so that a fresh table is zeroed memory from the
/// allocator (pages the search never touches cost nothing).
type Packed = [u64; 3];

impl Entry {
    fn pack(self) -> Packed {
        [
            self.key,
            u64::from(self.pn & !EXACT_BIT)
                | u64::from(self.exact) << 31
                | u64::from(self.dn) << 32,
            u64::from(self.work)
                | u64::from(self.best) << 32
                | u64::from(self.plies) << 48
                | u64::from(self.generation) << 56,
        ]
    }

    fn unpack(packed: Packed) -> Entry {
        Entry {
            key: packed[0],
            pn: packed[1] as u32 & !EXACT_BIT,
            dn: (packed[1] >> 32) as u32,
            exact: packed[1] as u32 & EXACT_BIT != 0,
            work: packed[2] as u32,
            best: (packed[2] >> 32) as u16,
            plies: (packed[2] >> 48) as u8,
            generation: (packed[2] >> 56) as u8,
        }
    }

    fn generation_of(packed: &Packed) -> u8 {
        (packed[2] >> 56) as u8
    }
}

/// The bit of the `pn` half that holds `Entry::exact`.
const EXACT_BIT: u32 = 1 << 31;
/// Entries per bucket.
const WAYS: usize = 4;
/// Bytes per entry.
pub(super) const ENTRY_BYTES: usize = std::mem::size_of::<Packed>();

/// The table: `buckets * WAYS` entries, allocated at the first search.
#[derive(Debug, Default)]
pub(super) struct Table {
    entries: Box<[Packed]>,
    /// Buckets (a power of two) the budget allows.
    buckets: usize,
    generation: u8,
    /// The generation of the search's first depth iteration.
    first: u8,
}

impl Table {
    /// Bounds the table to `bytes`; memory already held above it is released.
    pub fn set_memory(&mut self, bytes: usize) {
        // The largest power of two that fits (at least one bucket).
        let buckets = crate::memory::floor_power_of_two(bytes / (ENTRY_BYTES * WAYS)).max(1);
        if buckets != self.buckets {
            self.buckets = buckets;
            self.entries = Box::default();
        }
    }

    /// Bytes the table holds now.
    pub fn memory(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Starts a search: earlier entries count as empty from now on, but for proofs.
    /// Allocates the table at its size on first use.
    pub fn new_search(&mut self) {
        self.new_iteration();
        self.first = self.generation;
    }

    /// Starts a deeper iteration of the search: its entries count as empty from now on,
    /// but for proofs and exact disproofs.
    pub fn new_iteration(&mut self) {
        if self.buckets == 0 {
            self.set_memory(1 << 20);
        }
        if self.entries.len() != self.buckets * WAYS {
            // Without the memory the search runs with no table (every probe misses).
            self.entries = zeroed_entries(self.buckets * WAYS).unwrap_or_default();
            crate::memory::advise_huge_pages(&self.entries);
            self.generation = 1;
            self.first = 1;
            return;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Wrapped: old entries could pass for new ones.
            self.entries.fill([0; 3]);
            self.generation = 1;
            self.first = 1;
        }
    }

    /// Allocates the table at its size now (empty), unless it has that memory already.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn allocate(&mut self) -> Result<(), TableError> {
        if self.entries.len() != self.buckets * WAYS {
            self.entries = zeroed_entries(self.buckets * WAYS)?;
            self.generation = 0;
            self.first = 0;
        }
        Ok(())
    }

    /// Gives the memory back (allocated again by the next search).
    pub fn release(&mut self) {
        self.entries = Box::default();
        self.generation = 0;
        self.first = 0;
    }

    /// Forgets everything (on `newgame`), keeping the memory (see
    /// [`crate::memory::clear_table`]).
    pub fn clear(&mut self) {
        crate::memory::clear_table(NAME, &mut self.entries);
        self.generation = 0;
        self.first = 0;
    }

    /// Whether `e` (of `key`) holds now: written in this iteration, a proof, or an exact
    /// disproof of this search.
    fn holds(&self, e: &Entry) -> bool {
        e.generation == self.generation
            || e.pn == 0
            || is_kept_disproof(e, self.first, self.generation)
    }

    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift on the high bits: the low bits also pick the Gomoku hash slot.
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.buckets - 1)) * WAYS
    }

    /// Asks the processor to bring `key`'s bucket (two cache lines) into the cache ahead
    /// of a `probe`; changes nothing.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if self.entries.is_empty() {
            return;
        }
        let start = self.bucket(key);
        let first: *const Packed = &self.entries[start];
        let last: *const Packed = &self.entries[start + WAYS - 1];
        crate::memory::prefetch_line(first.cast());
        crate::memory::prefetch_line(last.cast::<u8>().wrapping_add(ENTRY_BYTES - 1));
    }

    /// The entry of `key` written in this iteration, an exact disproof of an earlier
    /// iteration of this search, or a proof (`pn == 0`) written in an earlier one: a
    /// proven win stays one whatever the search that found it.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.entries.is_empty() {
            return None;
        }
        let start = self.bucket(key);
        self.entries[start..start + WAYS]
            .iter()
            .map(|&packed| Entry::unpack(packed))
            .find(|e| e.key == key && self.holds(e))
    }

    /// Stores `entry` (its key and generation are set here): over the same key, else over
    /// an empty or stale slot (of an earlier iteration, not an exact disproof of this
    /// search), else over the entry with the least work.
    pub fn store(&mut self, key: u64, mut entry: Entry) {
        if self.entries.is_empty() {
            return;
        }
        entry.key = key;
        entry.generation = self.generation;
        let first = self.first;
        let start = self.bucket(key);
        let bucket = &mut self.entries[start..start + WAYS];
        let slot = bucket
            .iter()
            .position(|e| e[0] == key)
            .or_else(|| {
                bucket.iter().position(|e| {
                    e[0] == 0
                        || (Entry::generation_of(e) != entry.generation
                            && !is_kept_disproof(&Entry::unpack(*e), first, entry.generation))
                })
            })
            .unwrap_or_else(|| {
                // The least work (the low half of the third word).
                (0..WAYS).min_by_key(|&i| bucket[i][2] as u32).unwrap_or(0)
            });
        bucket[slot] = entry.pack();
    }
}

/// Whether `e` is an exact disproof written in the search whose first iteration had
/// generation `first` (the current one `generation`).
fn is_kept_disproof(e: &Entry, first: u8, generation: u8) -> bool {
    e.dn == 0 && e.exact && e.generation.wrapping_sub(first) <= generation.wrapping_sub(first)
}

/// The name of this table in [`TableError`]s.
const NAME: &str = "Gomoku df-pn table";

/// `count` empty entries, from the allocator already zeroed.
fn zeroed_entries(count: usize) -> Result<Box<[Packed]>, TableError> {
    crate::memory::zeroed_table(NAME, count)
}
