//! Memory advice and cache prefetches shared by the large tables (the search's
//! transposition table, the Connect Four solver's, the Othello endgame solver's and the
//! Gomoku df-pn tables); the lowest layer, depending on nothing else in the crate.

/// Asks Linux to back the whole 2 MiB pages inside `items` with huge pages: tables are probed
/// anywhere, so with 4 KiB pages nearly every probe of a large table also misses the TLB
/// and waits for a page walk. Only advice, never a change of contents: without transparent
/// huge pages (or on other systems) nothing changes, so the result is ignored.
pub fn advise_huge_pages<T>(items: &[T]) {
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
        let start = items.as_ptr() as usize;
        let end = start + std::mem::size_of_val(items);
        let aligned = start.next_multiple_of(HUGE_PAGE);
        if aligned < end {
            let length = (end - aligned) / HUGE_PAGE * HUGE_PAGE;
            // SAFETY: the range lies inside `items`; MADV_HUGEPAGE changes how the pages
            // are backed, never what they hold.
            unsafe {
                madvise(aligned as *mut std::ffi::c_void, length, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = items;
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
    use super::floor_power_of_two;

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
