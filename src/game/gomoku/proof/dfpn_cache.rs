//! The move cache of the depth-first proof-number search (`dfpn.rs`): a node is visited
//! again and again (each time its parent's loop picks it), and generating its moves
//! played a stone on a copy of the board for every cell that might stop an open three
//! (`defences`) or let the opponent's three stand (`threat_attacks`), about a third of
//! the search's time. The moves of a node depend only on the position and the kind of
//! search (the caller puts those in the key), so they are kept here, one 128-byte slot
//! per key, direct-mapped; a list too long for a slot is not kept. Kept too: the
//! defender's answers to a quiet threat, whose check (a small VCF or VCT search) costs
//! more than the rest of the node (its key has the plies left, which bound the check).
//!
//! Knows nothing of the search or of the game beyond a move's 16-bit cell.

use crate::memory::TableError;

/// Moves a slot holds.
pub(super) const CACHED_MOVES: usize = 56;

/// A slot as stored: the key; `len | outside << 8 | cut << 16 | threat << 17`; then the
/// moves, four to a word. Sixteen words (two cache lines), so a fresh cache is zeroed
/// memory.
type Packed = [u64; WORDS];
const WORDS: usize = 16;

/// Bytes per slot.
pub(super) const SLOT_BYTES: usize = std::mem::size_of::<Packed>();

/// A node's moves with what came with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cached {
    pub moves: [u16; CACHED_MOVES],
    pub len: usize,
    /// The defender's bound on the plies after an answer left out.
    pub outside: u32,
    /// Whether the depth limit left moves out.
    pub cut: bool,
    /// Whether the attacker threatens anything (defender; else the defender is free).
    pub threat: bool,
}

impl Cached {
    /// The moves.
    pub fn moves(&self) -> &[u16] {
        &self.moves[..self.len]
    }
}

/// The cache: a power of two of slots, allocated at the first store.
#[derive(Debug, Default)]
pub(super) struct MoveCache {
    slots: Box<[Packed]>,
    /// Slots the budget allows (a power of two, or 0 for no cache).
    capacity: usize,
}

impl MoveCache {
    /// Bounds the cache to `bytes` (none below one slot); memory already held above it
    /// is released.
    pub fn set_memory(&mut self, bytes: usize) {
        let capacity = crate::memory::floor_power_of_two(bytes / SLOT_BYTES);
        if capacity != self.capacity {
            self.capacity = capacity;
            self.slots = Box::default();
        }
    }

    /// Bytes the cache holds now.
    pub fn memory(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// Allocates the cache at its size now (empty), unless it has that memory already.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn allocate(&mut self) -> Result<(), TableError> {
        if self.slots.len() != self.capacity {
            self.slots = zeroed_slots(self.capacity)?;
        }
        Ok(())
    }

    /// Gives the memory back (allocated again by the next store).
    pub fn release(&mut self) {
        self.slots = Box::default();
    }

    /// Forgets everything, keeping the memory (see [`crate::memory::clear_table`]).
    pub fn clear(&mut self) {
        crate::memory::clear_table(NAME, &mut self.slots);
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.capacity - 1)
    }

    /// The moves stored under `key`, if any.
    pub fn get(&self, key: u64) -> Option<Cached> {
        if self.slots.is_empty() || key == 0 {
            return None;
        }
        let slot = &self.slots[self.index(key)];
        if slot[0] != key {
            return None;
        }
        let len = (slot[1] & 0xFF) as usize;
        let mut cached = Cached {
            moves: [0; CACHED_MOVES],
            len,
            outside: ((slot[1] >> 8) & 0xFF) as u32,
            cut: (slot[1] >> 16) & 1 == 1,
            threat: (slot[1] >> 17) & 1 == 1,
        };
        for (i, mv) in cached.moves.iter_mut().enumerate().take(len) {
            *mv = (slot[2 + i / 4] >> (16 * (i % 4))) as u16;
        }
        Some(cached)
    }

    /// Starts loading `key`'s slot (both of its cache lines) into the cache.
    pub fn prefetch(&self, key: u64) {
        if self.slots.is_empty() {
            return;
        }
        let slot: *const Packed = &self.slots[self.index(key)];
        crate::memory::prefetch_line(slot.cast());
        crate::memory::prefetch_line(slot.cast::<u8>().wrapping_add(SLOT_BYTES - 1));
    }

    /// Stores `moves` under `key` (over whatever the slot held); a list longer than a
    /// slot, or an `outside` above 255, is not stored.
    pub fn put(&mut self, key: u64, moves: &[u16], outside: u32, cut: bool, threat: bool) {
        if self.capacity == 0 || key == 0 || moves.len() > CACHED_MOVES || outside > 0xFF {
            return;
        }
        if self.slots.is_empty() {
            match zeroed_slots(self.capacity) {
                Ok(slots) => self.slots = slots,
                Err(_) => {
                    // No memory for the cache: the search works without it.
                    self.capacity = 0;
                    return;
                }
            }
            crate::memory::advise_huge_pages(&self.slots);
        }
        let mut slot: Packed = [0; WORDS];
        slot[0] = key;
        slot[1] = moves.len() as u64
            | u64::from(outside) << 8
            | u64::from(cut) << 16
            | u64::from(threat) << 17;
        for (i, &mv) in moves.iter().enumerate() {
            slot[2 + i / 4] |= u64::from(mv) << (16 * (i % 4));
        }
        let index = self.index(key);
        self.slots[index] = slot;
    }
}

/// The name of this table in [`TableError`]s.
const NAME: &str = "Gomoku df-pn move cache";

/// `count` empty slots, from the allocator already zeroed.
fn zeroed_slots(count: usize) -> Result<Box<[Packed]>, TableError> {
    crate::memory::zeroed_table(NAME, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_list_comes_back_whole_and_others_do_not() {
        let mut cache = MoveCache::default();
        cache.set_memory(64 * SLOT_BYTES);
        let moves: Vec<u16> = (0..CACHED_MOVES as u16).map(|m| m * 17 + 3).collect();
        cache.put(42, &moves, 37, true, false);
        let got = cache.get(42).expect("stored");
        assert_eq!(got.moves(), &moves[..]);
        assert_eq!((got.outside, got.cut, got.threat), (37, true, false));
        cache.put(43, &moves[..2], 4, false, true);
        assert_eq!(cache.get(43).expect("stored").moves(), &moves[..2]);
        assert!(cache.get(44).is_none());
        // Too long: not stored.
        let long: Vec<u16> = (0..=CACHED_MOVES as u16).collect();
        cache.put(45, &long, 2, false, true);
        assert!(cache.get(45).is_none());
        assert!(cache.memory() <= 64 * SLOT_BYTES);
    }
}
