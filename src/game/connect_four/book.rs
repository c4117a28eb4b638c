//! Connect Four's opening book: proven values of the positions near the start of the
//! standard 7x6 board, made by arbor's own solver (`connect4-book`, tools/; the data
//! and the commands that made it are described in data/connect_four/README.md).
//!
//! The data is compiled in (`include_bytes!`). Format, little-endian:
//! ```text
//! "C4BK"  u8 version = 3  u8 deepest ply  u16 reserved
//! then BUCKETS + 1 u32: where each bucket's entries start (the last: the number of entries)
//! then 6-byte entries sorted by key: bits 0..39 the key's low bits, bits 39..42 a move,
//! bits 42..48 the value code
//! ```
//! A 7x6 key has 49 bits; its top 10 bits name the bucket, so an entry stores only the
//! other 39 (6 bytes an entry instead of 8: the book is a quarter smaller).
//! The key is `current + mask` of the position or of its mirror image, whichever is
//! smaller (a position and its mirror image are stored once). A value code `1..=61` is
//! the exact solver score plus [`SCORE_OFFSET`] (7x6 scores lie within -21..=21);
//! [`WIN_CODE`] and [`LOSS_CODE`] say only that the side to move wins or loses (the
//! distance unknown). The move, if not 0, is 1 + the column (in the
//! stored orientation) of a move that keeps the result of a won or drawn position, as the
//! generator's solve found it (an optimal move where the value is exact): it lets the
//! engine answer a position of the deepest ply, whose children the book does not hold.
//! Every entry is proven; positions the generator has not reached are absent, so a partial
//! book is still correct.

pub mod build;
pub mod prior;

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use crate::game::connect_four::bitboard::{winning_cells, Shape};
use crate::game::connect_four::{Column, ConnectFour};
use crate::game::Game;

/// The book shipped with arbor.
static DATA: &[u8] = include_bytes!("../../../data/connect_four/book.bin");

/// The header's magic, version and length.
pub const MAGIC: &[u8; 4] = b"C4BK";
pub const VERSION: u8 = 3;
pub const HEADER: usize = 8;

/// The key's bits (a 7x6 key, `current + mask`, needs 49): the top `BUCKET_BITS` pick
/// the bucket, an entry holds the `LOW_BITS` below them.
pub const KEY_BITS: u32 = 49;
pub const BUCKET_BITS: u32 = 10;
pub const LOW_BITS: u32 = KEY_BITS - BUCKET_BITS;
pub const BUCKETS: usize = 1 << BUCKET_BITS;
/// The bucket index: `BUCKETS + 1` starts of 4 bytes.
pub const INDEX_BYTES: usize = 4 * (BUCKETS + 1);
/// The bytes of an entry, and where its move code and value code start.
pub const ENTRY_BYTES: usize = 6;
pub const MOVE_SHIFT: u32 = LOW_BITS;
pub const VALUE_SHIFT: u32 = LOW_BITS + 3;
const LOW_MASK: u64 = (1 << LOW_BITS) - 1;

/// Value codes of entries that know only who wins; exact scores are stored plus
/// `SCORE_OFFSET` (codes `1..=61`, 0 is not a value).
pub const WIN_CODE: u8 = 63;
pub const LOSS_CODE: u8 = 62;
pub const SCORE_OFFSET: i32 = 31;

/// What the book knows about a position, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The exact solver score.
    Exact(i32),
    /// A win by an unknown margin (score >= 1).
    Win,
    /// A loss by an unknown margin (score <= -1).
    Loss,
}

impl Value {
    /// The value's code in the book's entries.
    pub fn code(self) -> u8 {
        match self {
            Value::Exact(score) => (score + SCORE_OFFSET) as u8,
            Value::Win => WIN_CODE,
            Value::Loss => LOSS_CODE,
        }
    }

    fn from_code(code: u8) -> Option<Value> {
        match code {
            WIN_CODE => Some(Value::Win),
            LOSS_CODE => Some(Value::Loss),
            1..=61 => Some(Value::Exact(i32::from(code) - SCORE_OFFSET)),
            _ => None,
        }
    }

    /// The result alone: 1 win, 0 draw, -1 loss for the side to move.
    pub fn wdl(self) -> i32 {
        match self {
            Value::Exact(score) => score.signum(),
            Value::Win => 1,
            Value::Loss => -1,
        }
    }

    /// The bounds `(lowest, highest)` on the solver score of a position with `moves`
    /// discs on the standard board.
    pub fn bounds(self, moves: u32) -> (i32, i32) {
        let cells = Shape::STANDARD.cells() as i32;
        let moves = moves as i32;
        match self {
            Value::Exact(score) => (score, score),
            Value::Win => (1, (cells + 1 - moves) / 2),
            Value::Loss => (-(cells - moves) / 2, -1),
        }
    }
}

/// A book: a view of the bucket index and the sorted entries.
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    index: &'a [u8],
    entries: &'a [u8],
    deepest: u32,
}

impl Book<'static> {
    /// The book compiled into arbor (empty if its data is malformed).
    pub fn shipped() -> Book<'static> {
        Book::parse(DATA).unwrap_or(Book::empty())
    }

    /// A book that knows nothing.
    pub const fn empty() -> Book<'static> {
        Book {
            index: &[],
            entries: &[],
            deepest: 0,
        }
    }
}

impl<'a> Book<'a> {
    /// The book in `data`, or `None` if it is not one (its bucket starts must rise to
    /// the number of entries its length holds).
    pub fn parse(data: &'a [u8]) -> Option<Book<'a>> {
        if data.len() < HEADER + INDEX_BYTES || &data[..4] != MAGIC || data[4] != VERSION {
            return None;
        }
        let (index, entries) = data[HEADER..].split_at(INDEX_BYTES);
        let book = Book {
            index,
            entries,
            deepest: u32::from(data[5]),
        };
        let whole = entries.len().is_multiple_of(ENTRY_BYTES)
            && book.start(0) == 0
            && book.start(BUCKETS) == book.len()
            && (0..BUCKETS).all(|bucket| book.start(bucket) <= book.start(bucket + 1));
        whole.then_some(book)
    }

    /// Entries in the book.
    pub fn len(&self) -> usize {
        self.entries.len() / ENTRY_BYTES
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The most discs of a position in the book.
    pub fn deepest(&self) -> u32 {
        self.deepest
    }

    /// Where the entries of `bucket` start (`BUCKETS`: the end of the last one).
    fn start(&self, bucket: usize) -> usize {
        let bytes = self.index.get(bucket * 4..bucket * 4 + 4);
        bytes.map_or(0, |bytes| {
            u32::from_le_bytes(bytes.try_into().unwrap_or([0; 4])) as usize
        })
    }

    /// Entry `index` in the low 48 bits.
    fn entry(&self, index: usize) -> u64 {
        let mut word = [0; 8];
        let at = index * ENTRY_BYTES;
        if let Some(bytes) = self.entries.get(at..at + ENTRY_BYTES) {
            word[..ENTRY_BYTES].copy_from_slice(bytes);
        }
        u64::from_le_bytes(word)
    }

    /// The entry stored under a canonical key: a binary search within its bucket.
    fn find(&self, key: u64) -> Option<u64> {
        let bucket = usize::try_from(key >> LOW_BITS).ok()?;
        if bucket >= BUCKETS {
            return None;
        }
        let (mut low, mut high) = (self.start(bucket), self.start(bucket + 1));
        let wanted = key & LOW_MASK;
        while low < high {
            let middle = (low + high) / 2;
            let entry = self.entry(middle);
            match (entry & LOW_MASK).cmp(&wanted) {
                std::cmp::Ordering::Less => low = middle + 1,
                std::cmp::Ordering::Greater => high = middle,
                std::cmp::Ordering::Equal => return Some(entry),
            }
        }
        None
    }

    /// The value stored under a canonical key (see the module comment).
    #[inline]
    pub fn probe_key(&self, key: u64) -> Option<Value> {
        Value::from_code((self.find(key)? >> VALUE_SHIFT) as u8 & 0x3F)
    }

    /// The stored move that keeps the result of `position` (won or drawn, standard
    /// board, game not over), in `position`'s own orientation.
    pub fn keeping_move(&self, position: &ConnectFour) -> Option<Column> {
        if position.shape() != Shape::STANDARD || position.moves() > self.deepest {
            return None;
        }
        let stored = canonical(position);
        let code = (self.find(stored.key())? >> MOVE_SHIFT) & 0x7;
        let column = u32::try_from(code).ok()?.checked_sub(1)?;
        let shape = position.shape();
        // The entry is stored under the mirror image unless the position is canonical.
        let column = if stored.key() == position.key() {
            column
        } else {
            shape.cols.checked_sub(1 + column)?
        };
        position.can_play(column).then_some(Column(column as u8))
    }

    /// What the book knows about `position` (standard board, game not over).
    pub fn probe(&self, position: &ConnectFour) -> Option<Value> {
        if position.shape() != Shape::STANDARD || position.moves() > self.deepest {
            return None;
        }
        self.probe_key(canonical(position).key())
    }

    /// The exact score of `position` and an optimal line from it, as far as the book
    /// knows optimal moves (at least one), or `None` if the book has no exact score.
    pub fn line(&self, position: &ConnectFour) -> Option<(i32, Vec<Column>)> {
        let Some(Value::Exact(score)) = self.probe(position) else {
            return None;
        };
        let mut line = Vec::new();
        let (mut at, mut value) = (*position, score);
        while let Some(column) = self.optimal_move(&at, value) {
            line.push(column);
            at.play(column);
            value = -value;
            if at.outcome().is_some() {
                break;
            }
        }
        (!line.is_empty()).then_some((score, line))
    }

    /// A move reaching the exact `score` from `position`, centre first, if the book
    /// (or an immediate win) proves one.
    fn optimal_move(&self, position: &ConnectFour, score: i32) -> Option<Column> {
        let shape = position.shape();
        let cells = shape.cells() as i32;
        let wins = winning_cells(shape, position.current(), position.mask())
            & shape.playable(position.mask());
        shape.centre_order().find_map(|column| {
            if !position.can_play(column) {
                return None;
            }
            let column = Column(column as u8);
            if wins & shape.column_mask(u32::from(column.0)) != 0 {
                return (score == (cells + 1 - position.moves() as i32) / 2).then_some(column);
            }
            let mut child = *position;
            child.play(column);
            (self.probe(&child) == Some(Value::Exact(-score))).then_some(column)
        })
    }
}

/// The position or its mirror image, whichever has the smaller key: the one form a
/// position and its mirror image are stored under.
pub fn canonical(position: &ConnectFour) -> ConnectFour {
    let shape = position.shape();
    let mirrored = ConnectFour::from_bits(
        shape,
        shape.mirror(position.current()),
        shape.mirror(position.mask()),
        position.moves(),
    );
    if mirrored.key() < position.key() {
        mirrored
    } else {
        *position
    }
}

/// The canonical positions of the 7x6 board after `ply` moves whose game is not over,
/// each once, in a fixed order where the children of one position come together.
pub fn layer_positions(ply: u32) -> Vec<ConnectFour> {
    layer_reach(ply)
        .into_iter()
        .map(|(position, _)| position)
        .collect()
}

/// [`layer_positions`] (same order), each with its reach: the probability that a game of
/// uniformly random legal moves from the empty board passes through the position or its
/// mirror image. Games won before `ply` reach no position of the layer, so the reaches sum
/// to the chance that a random game lasts `ply` moves. A book that holds only part of a
/// layer serves random positions (and opponents who stray from theory) best when it holds
/// the positions of the largest reach.
pub fn layer_reach(ply: u32) -> Vec<(ConnectFour, f64)> {
    let mut layer = vec![(ConnectFour::new(), 1.0)];
    for _ in 0..ply {
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut next: Vec<(ConnectFour, f64)> = Vec::new();
        for (position, reach) in &layer {
            let cols = position.shape().cols;
            let legal = (0..cols).filter(|&c| position.can_play(c)).count();
            for column in (0..cols).filter(|&c| position.can_play(c)) {
                let mut child = *position;
                child.play(Column(column as u8));
                let child = canonical(&child);
                if child.outcome().is_some() {
                    continue;
                }
                let share = reach / legal as f64;
                match index.entry(child.key()) {
                    Entry::Occupied(slot) => next[*slot.get()].1 += share,
                    Entry::Vacant(slot) => {
                        slot.insert(next.len());
                        next.push((child, share));
                    }
                }
            }
        }
        layer = next;
    }
    layer
}

#[cfg(test)]
mod tests;
