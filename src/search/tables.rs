//! The tables a search learns into, kept by the worker between searches, and the
//! thread limits.

use crate::search::ordering;
use crate::search::tt::{TableError, TranspositionTable};

/// Stack size of every search thread: deep recursions with on-stack move lists need room.
pub const SEARCH_STACK_BYTES: usize = 256 << 20;

/// The most search threads `Threads` accepts.
pub const MAX_THREADS: usize = 256;

/// The most lines `MultiPV` accepts (a search shows at most one per legal root move).
pub const MAX_MULTI_PV: usize = crate::game::movelist::MOVELIST_CAPACITY;

/// The tables a search learns into, kept between searches by the worker.
pub struct Tables {
    /// Shared by all threads of a search.
    pub tt: TranspositionTable,
    /// The main thread's killers and history.
    pub ordering: ordering::Ordering,
    /// One killer/history memory per helper thread (`Threads` - 1 of them).
    pub helpers: Vec<ordering::Ordering>,
}

impl Tables {
    /// Tables with a transposition table of `hash_mib` MiB.
    ///
    /// # Errors
    /// The table could not be allocated.
    pub fn try_new(hash_mib: usize) -> Result<Self, TableError> {
        Ok(Self::with_table(TranspositionTable::try_new(hash_mib)?))
    }

    /// Tables with a transposition table of about `bytes`, not mapped yet (see
    /// [`TranspositionTable::prefault`]).
    ///
    /// # Errors
    /// The table could not be allocated.
    pub fn unmapped(bytes: usize) -> Result<Self, TableError> {
        Ok(Self::with_table(TranspositionTable::unmapped(bytes)?))
    }

    fn with_table(tt: TranspositionTable) -> Self {
        Tables {
            tt,
            ordering: ordering::Ordering::default(),
            helpers: Vec::new(),
        }
    }

    /// Searches with `threads` threads from now on (clamped to 1..=[`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers
            .resize_with(helpers, ordering::Ordering::default);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Forgets everything (on `newgame`).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.helpers.iter_mut().for_each(ordering::Ordering::clear);
    }
}
