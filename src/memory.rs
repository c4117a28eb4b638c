//! Memory shared by the large tables (the search's transposition table, the Connect Four
//! solver's, the Othello endgame solver's and the Gomoku df-pn tables): the one fallible
//! way they get their memory, clearing, page faulting ahead of use, advice and cache
//! prefetches; the lowest layer, depending on nothing else in the crate.

use std::fmt;

/// A table could not get its memory: which table and how many bytes it asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableError {
    pub table: &'static str,
    pub bytes: usize,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot allocate {} bytes for the {}",
            self.bytes, self.table
        )
    }
}

/// Types whose all-zero bit pattern is a valid value (integers, atomic integers and arrays
/// or structs of them): tables of them can come zeroed from the allocator.
///
/// # Safety
/// All bits zero must be a valid value of the type, and the type must need no drop.
pub unsafe trait Zeroable {}

// SAFETY: integers and atomic integers are valid as all zero bits and need no drop.
unsafe impl Zeroable for u64 {}
// SAFETY: as above.
unsafe impl Zeroable for std::sync::atomic::AtomicU64 {}
// SAFETY: an array of zeroable values is zeroable.
unsafe impl<T: Zeroable, const N: usize> Zeroable for [T; N] {}

/// `count` zeroed values of `T` for the table named `table`, or the error that says which
/// table could not have how many bytes. The memory comes from the allocator already zeroed
/// (for large sizes, fresh pages of the kernel that cost nothing until touched), so this
/// is fast at any size; [`prefault`] maps it ahead of use. Every table allocates through
/// here, so no table size aborts the process.
///
/// # Errors
/// The size overflows or the allocator refused.
pub fn zeroed_table<T: Zeroable>(
    table: &'static str,
    count: usize,
) -> Result<Box<[T]>, TableError> {
    let error = TableError {
        table,
        bytes: count.saturating_mul(std::mem::size_of::<T>()),
    };
    let layout = std::alloc::Layout::array::<T>(count).map_err(|_| error)?;
    if layout.size() == 0 {
        return Ok(Box::default());
    }
    // SAFETY: the layout has a non-zero size, as `alloc_zeroed` requires. All bits zero
    // is a valid `T` (`Zeroable`), so the `count` values are initialised. The pointer came
    // from the global allocator with exactly the layout of a `[T]` of length `count`,
    // which is what the box frees it with.
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout).cast::<T>();
        if memory.is_null() {
            return Err(error);
        }
        Ok(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            memory, count,
        )))
    }
}

/// The largest table [`clear_table`] zeroes in place.
const REFRESH_BYTES: usize = 256 << 20;

/// Forgets everything `items` (the table named `table`) holds. A table of at most 256 MiB
/// is zeroed in place (its pages are mapped already: about 5 ms for 96 MiB); a larger one
/// gets fresh zeroed memory, so forgetting it writes no byte (zeroing gigabytes in place
/// takes seconds), or is zeroed in place if that memory cannot be had. Returns whether
/// the memory is fresh: not mapped yet and without huge-page advice.
pub fn clear_table<T: Zeroable>(table: &'static str, items: &mut Box<[T]>) -> bool {
    if std::mem::size_of_val::<[T]>(items) > REFRESH_BYTES {
        if let Ok(fresh) = zeroed_table(table, items.len()) {
            *items = fresh;
            return true;
        }
    }
    // SAFETY: all bits zero is a valid `T` (`Zeroable`), and `items` is borrowed
    // exclusively, so no other reference sees the values change.
    unsafe { std::ptr::write_bytes(items.as_mut_ptr(), 0, items.len()) };
    false
}

/// Bytes faulted in between two looks at `interrupted`.
const PREFAULT_STEP: usize = 2 << 20;

/// Maps every page of `items` now, backed by 2 MiB pages where Linux can (see
/// [`advise_huge_pages`]), keeping what they hold: a page first touched inside a timed
/// search costs its zeroing there. Stops when `interrupted` says so (it is asked every
/// 2 MiB): the rest stays on small pages, faulted in cheaply as it is used, since a huge
/// page faulted inside a search costs its 2 MiB of zeroing there. Returns whether every
/// page was mapped.
pub fn prefault<T: Zeroable>(items: &mut [T], interrupted: &dyn Fn() -> bool) -> bool {
    let bytes = std::mem::size_of_val(items);
    let base = items.as_mut_ptr().cast::<u8>();
    let start = base as usize;
    let mut offset = 0;
    while offset < bytes {
        if interrupted() {
            return false;
        }
        // Steps end on 2 MiB boundaries, so that each huge page is advised whole.
        let end = ((start + offset + 1).next_multiple_of(PREFAULT_STEP) - start).min(bytes);
        advise_huge_range(start + offset, start + end);
        // One byte of every 4 KiB page the step covers.
        while offset < end {
            // SAFETY: `offset < bytes`, so the byte lies inside `items`, which this
            // function borrows exclusively; writing back the byte just read changes no
            // value (every bit pattern of the byte was already there).
            unsafe {
                let byte = base.add(offset);
                byte.write_volatile(byte.read_volatile());
            }
            offset = (start + offset + 1).next_multiple_of(4096) - start;
        }
        offset = end;
    }
    true
}

/// Asks Linux to back the whole 2 MiB pages inside `items` with huge pages: tables are probed
/// anywhere, so with 4 KiB pages nearly every probe of a large table also misses the TLB
/// and waits for a page walk. Only advice, never a change of contents: without transparent
/// huge pages (or on other systems) nothing changes, so the result is ignored.
pub fn advise_huge_pages<T>(items: &[T]) {
    let start = items.as_ptr() as usize;
    advise_huge_range(start, start + std::mem::size_of_val(items));
}

/// [`advise_huge_pages`] for the bytes `start..end` of one allocation.
fn advise_huge_range(start: usize, end: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE_PAGE: usize = 2 << 20;
        const MADV_HUGEPAGE: std::ffi::c_int = 14;
        extern "C" {
            fn madvise(
                addr: *mut std::ffi::c_void,
                length: usize,
                advice: std::ffi::c_int,
            ) -> std::ffi::c_int;
        }
        let aligned = start.next_multiple_of(HUGE_PAGE);
        if aligned < end {
            let length = (end - aligned) / HUGE_PAGE * HUGE_PAGE;
            if length > 0 {
                // SAFETY: the range lies inside one allocation the caller holds;
                // MADV_HUGEPAGE changes how the pages are backed, never what they hold.
                unsafe {
                    madvise(aligned as *mut std::ffi::c_void, length, MADV_HUGEPAGE);
                }
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, end);
}

/// A hint to load the cache line holding `address` (never dereferenced here).
#[inline(always)]
pub fn prefetch_line(address: *const u8) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: SSE, which the instruction needs, is part of the x86-64 baseline; a
        // prefetch is only a hint: it reads nothing into the program and can't fault,
        // whatever the address.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = address;
}

/// The largest power of two not above `n` (0 for 0): the slot or bucket count of a
/// table indexed by masking that must fit a memory budget.
pub fn floor_power_of_two(n: usize) -> usize {
    if n == 0 {
        0
    } else {
        1 << (usize::BITS - 1 - n.leading_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::{clear_table, floor_power_of_two, prefault, zeroed_table, REFRESH_BYTES};

    #[test]
    fn tables_come_zeroed_and_prefaulting_keeps_their_values() {
        let mut table = zeroed_table::<[u64; 3]>("test table", 100_000).expect("2.4 MB");
        assert!(table.iter().all(|e| *e == [0; 3]));
        table[77_777] = [1, 2, 3];
        assert!(prefault(&mut table, &|| false));
        assert_eq!(table[77_777], [1, 2, 3]);
        assert_eq!(table.iter().filter(|e| **e != [0; 3]).count(), 1);
        assert!(!prefault(&mut table, &|| true), "interrupted at once");
    }

    #[test]
    fn a_table_that_cannot_be_had_is_an_error_naming_it() {
        // 4 EiB: a valid layout the allocator refuses; and one too large for a layout.
        let error = zeroed_table::<u64>("huge table", 1 << 59).expect_err("too large");
        assert_eq!(error.table, "huge table");
        assert_eq!(error.bytes, 1 << 62);
        assert_eq!(
            error.to_string(),
            format!("cannot allocate {} bytes for the huge table", 1usize << 62)
        );
        let error = zeroed_table::<u64>("huge table", usize::MAX).expect_err("too large");
        assert_eq!(error.bytes, usize::MAX);
    }

    #[test]
    fn clearing_zeroes_a_small_table_in_place_and_gives_a_large_one_fresh_memory() {
        let mut small = zeroed_table::<u64>("test table", 1000).expect("8 KB");
        small[5] = 7;
        let address = small.as_ptr();
        assert!(!clear_table("test table", &mut small), "zeroed in place");
        assert_eq!(small.as_ptr(), address);
        assert_eq!(small.len(), 1000);
        assert!(small.iter().all(|&v| v == 0));
        // Just above the limit: fresh pages, of which only the written ones are touched.
        let count = REFRESH_BYTES / 8 + 1;
        let mut large = zeroed_table::<u64>("test table", count).expect("256 MiB");
        large[0] = 1;
        large[count - 1] = 2;
        assert!(clear_table("test table", &mut large), "fresh memory");
        assert_eq!(large.len(), count);
        assert_eq!((large[0], large[count - 1]), (0, 0));
        let mut empty = zeroed_table::<u64>("test table", 0).expect("nothing");
        assert!(!clear_table("test table", &mut empty));
        assert!(empty.is_empty());
    }

    #[test]
    fn floor_power_of_two_rounds_down() {
        let cases = [
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 2),
            (1000, 512),
            (1024, 1024),
            (1025, 1024),
        ];
        for (n, expected) in cases {
            assert_eq!(floor_power_of_two(n), expected, "{n}");
        }
        assert_eq!(floor_power_of_two(usize::MAX), 1 << (usize::BITS - 1));
    }
}
