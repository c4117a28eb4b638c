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
