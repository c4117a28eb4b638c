//! The solver's transposition table: one bound per position, keyed by the perfect key
//! `current + mask`, about 80 MiB, allocated on the first solve and released on `newgame`.
//!
//! The slot is `key % SIZE` (SIZE prime) and the slot keeps the key's low 32 bits. By the
//! Chinese remainder theorem the pair identifies `key mod (SIZE * 2^32)`, more than 2^56:
//! keys of boards with `(rows + 1) * cols <= 56` bits (7x6 uses 49) never collide.
//!
//! A slot is 5 packed bytes (check, then value), so that a probe touches one place in
//! memory: the table is far larger than the caches and probes are its cost.

/// Slots: the first prime above 2^24.
const SIZE: usize = 16_777_259;

/// Stored values: 0 empty, `BIAS + score` an upper bound, `LOWER + BIAS + score` a lower
/// bound. Solver scores lie within ±33 on every board that fits 64 bits.
const BIAS: i32 = 64;
const LOWER: i32 = 128;

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    Nothing,
    /// The value is at most this.
    Upper(i32),
    /// The value is at least this.
    Lower(i32),
}

/// One slot: the key's low 32 bits (little-endian), then the value byte.
type Slot = [u8; 5];

/// The table (empty until [`Table::ensure`]).
#[derive(Default)]
pub struct Table {
    slots: Vec<Slot>,
    /// Whether the slots were advised onto huge pages.
    huge: bool,
}

impl Table {
    /// Allocates the slots if needed. The memory comes zeroed from the system and is
    /// paid for page by page at first touch, so the first solve does not stall.
    ///
    /// With `huge` (solves without a time limit), the memory is also advised onto 2 MiB
    /// pages: about 10% faster, but a huge page fault may wait for the kernel to compact
    /// memory, which a 100 ms move cannot afford.
    pub fn ensure(&mut self, huge: bool) {
        if self.slots.len() != SIZE {
            self.slots = vec![[0; 5]; SIZE];
            self.huge = false;
        }
        if huge && !self.huge {
            advise_huge_pages(&mut self.slots);
            self.huge = true;
        }
    }

    /// Allocates the slots and touches every page now, so that timings do not include
    /// page faults (about 100 us per easy solve otherwise).
    pub fn prefault(&mut self) {
        self.ensure(true);
        for slot in (0..SIZE).step_by(512) {
            self.slots[slot][4] = std::hint::black_box(0);
        }
    }

    /// Forgets every entry (by giving the memory back; the next solve takes fresh pages).
    pub fn clear(&mut self) {
        *self = Table::default();
    }

    #[inline(always)]
    fn slot(key: u64) -> usize {
        (key % SIZE as u64) as usize
    }

    /// The bound stored for `key`.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Stored {
        let Some(&[a, b, c, d, value]) = self.slots.get(Self::slot(key)) else {
            return Stored::Nothing;
        };
        if u32::from_le_bytes([a, b, c, d]) != key as u32 || value == 0 {
            Stored::Nothing
        } else if i32::from(value) < LOWER {
            Stored::Upper(i32::from(value) - BIAS)
        } else {
            Stored::Lower(i32::from(value) - LOWER - BIAS)
        }
    }

    #[inline(always)]
    fn put(&mut self, key: u64, value: i32) {
        if let Some(slot) = self.slots.get_mut(Self::slot(key)) {
            let [a, b, c, d] = (key as u32).to_le_bytes();
            *slot = [a, b, c, d, value as u8];
        }
    }

    /// Records that the value of `key` is at most `score`.
    #[inline(always)]
    pub fn put_upper(&mut self, key: u64, score: i32) {
        self.put(key, BIAS + score);
    }

    /// Records that the value of `key` is at least `score`.
    #[inline(always)]
    pub fn put_lower(&mut self, key: u64, score: i32) {
        self.put(key, LOWER + BIAS + score);
    }
}

/// Asks Linux to back the table with 2 MiB pages: with 4 KiB pages nearly every probe
/// also misses the TLB. Only advice: without transparent huge pages nothing changes.
#[cfg(target_os = "linux")]
fn advise_huge_pages(slots: &mut [Slot]) {
    const HUGE_PAGE: usize = 2 << 20;
    const MADV_HUGEPAGE: std::ffi::c_int = 14;
    extern "C" {
        fn madvise(
            addr: *mut std::ffi::c_void,
            length: usize,
            advice: std::ffi::c_int,
        ) -> std::ffi::c_int;
    }
    let start = slots.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(slots);
    let aligned = start.next_multiple_of(HUGE_PAGE);
    if aligned < end {
        let length = (end - aligned) / HUGE_PAGE * HUGE_PAGE;
        // SAFETY: the range lies inside `slots`, which this table owns; MADV_HUGEPAGE
        // changes how the pages are backed, never their contents.
        unsafe {
            madvise(aligned as *mut std::ffi::c_void, length, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: &mut [Slot]) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_is_prime_and_bounds_round_trip() {
        let is_prime = (2..)
            .take_while(|d| d * d <= SIZE)
            .all(|d| !SIZE.is_multiple_of(d));
        assert!(is_prime);
        let mut table = Table::default();
        assert_eq!(table.get(5), Stored::Nothing);
        table.ensure(false);
        for score in -33..=33 {
            table.put_upper(12_345, score);
            assert_eq!(table.get(12_345), Stored::Upper(score));
            table.put_lower(12_345, score);
            assert_eq!(table.get(12_345), Stored::Lower(score));
        }
        // Same slot, other key: not found.
        assert_eq!(table.get(12_345 + SIZE as u64), Stored::Nothing);
    }
}
