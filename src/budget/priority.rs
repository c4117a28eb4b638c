//! Helper threads yield the CPU to the thread that answers.
//!
//! A search answers `stop` and keeps its clock on its main thread; when there are more
//! runnable threads than cores, the helpers should be the ones that wait.

/// How much lower (in nice steps) a helper runs than the main thread.
#[cfg(target_os = "linux")]
const HELPER_NICENESS: i32 = 5;

/// Lowers the calling helper thread's priority (the search's helpers and the game solvers'
/// alike), so that when there are more runnable threads than cores (other programs, or
/// `Threads` above the core count) the main thread and the session, which answer `stop`
/// and the clock, get the CPU first. A helper with a
/// core of its own runs as fast as before. Linux gives every thread its own nice value.
#[cfg(target_os = "linux")]
pub fn lower_helper_priority() {
    use std::ffi::{c_int, c_uint};
    const PRIO_PROCESS: c_int = 0;
    extern "C" {
        fn gettid() -> c_int;
        fn getpriority(which: c_int, who: c_uint) -> c_int;
        fn setpriority(which: c_int, who: c_uint, prio: c_int) -> c_int;
    }
    // SAFETY: plain system calls about this thread (its own id); they touch no memory of
    // ours. A failure (e.g. not allowed) only leaves the priority as it was.
    unsafe {
        let tid = gettid() as c_uint;
        let nice = getpriority(PRIO_PROCESS, tid);
        setpriority(PRIO_PROCESS, tid, (nice + HELPER_NICENESS).min(19));
    }
}

#[cfg(not(target_os = "linux"))]
pub fn lower_helper_priority() {}
