//! Making a book from solved positions: the values of the shallower plies follow by
//! negamax over the children, and the whole is written in the book's format.

use std::collections::HashMap;

use super::{
    canonical, layer_positions, Value, BUCKETS, ENTRY_BYTES, HEADER, INDEX_BYTES, KEY_BITS,
    LOW_BITS, MAGIC, MOVE_SHIFT, VALUE_SHIFT, VERSION,
};
use crate::game::connect_four::bitboard::winning_cells;
use crate::game::connect_four::{Column, ConnectFour};
use crate::game::Game;

/// Known values by canonical key.
pub type Known = HashMap<u64, Value>;
/// Moves that keep the result, by canonical key (the column in that orientation).
pub type Moves = HashMap<u64, Column>;

/// The value of `bounds`, if they prove one.
fn value_of((low, high): (i32, i32)) -> Option<Value> {
    if low == high {
        Some(Value::Exact(low))
    } else if low >= 1 {
        Some(Value::Win)
    } else if high <= -1 {
        Some(Value::Loss)
    } else {
        None
    }
}

/// The bounds on the score of `position` (not over) that its children's known values
/// prove: an immediate win is exact; otherwise the best of the children, a child not
/// known counting as anything from its worst to its best.
pub fn bounds_from_children(position: &ConnectFour, known: &Known) -> (i32, i32) {
    let shape = position.shape();
    let (cells, moves) = (shape.cells() as i32, position.moves() as i32);
    let wins =
        winning_cells(shape, position.current(), position.mask()) & shape.playable(position.mask());
    if wins != 0 {
        let score = (cells + 1 - moves) / 2;
        return (score, score);
    }
    let (mut low, mut high) = (-(cells - moves) / 2, -(cells - moves) / 2);
    for column in 0..shape.cols {
        if !position.can_play(column) {
            continue;
        }
        let mut child = *position;
        child.play(Column(column as u8));
        let child_moves = moves + 1;
        let (child_low, child_high) = match known.get(&canonical(&child).key()) {
            Some(value) => value.bounds(child_moves as u32),
            None => (-(cells - child_moves) / 2, (cells + 1 - child_moves) / 2),
        };
        low = low.max(-child_high);
        high = high.max(-child_low);
    }
    (low, high)
}

/// Adds to `known` every value of plies `0..deepest` that follows from the values below,
/// combined with any value already known there. Returns how many entries were added or
/// sharpened.
pub fn derive(known: &mut Known, deepest: u32) -> usize {
    let mut changed = 0;
    for ply in (0..deepest).rev() {
        for position in layer_positions(ply) {
            let (mut low, mut high) = bounds_from_children(&position, known);
            let key = position.key();
            if let Some(value) = known.get(&key) {
                let (own_low, own_high) = value.bounds(ply);
                (low, high) = (low.max(own_low), high.min(own_high));
            }
            if let Some(value) = value_of((low, high)) {
                if known.insert(key, value) != Some(value) {
                    changed += 1;
                }
            }
        }
    }
    changed
}

/// The book's bytes for `known` (values of positions with at most `deepest` discs on the
/// standard board: keys of `KEY_BITS`, scores within the codes) and the `moves` keeping
/// the results of won or drawn ones.
pub fn encode(known: &Known, moves: &Moves, deepest: u32) -> Vec<u8> {
    let mut entries: Vec<(u64, u64)> = known
        .iter()
        .map(|(&key, value)| {
            debug_assert!(key >> KEY_BITS == 0, "a 7x6 key");
            let keeps = value.bounds(deepest).0 >= 0;
            let column = moves.get(&key).filter(|_| keeps);
            let move_code = column.map_or(0, |column| u64::from(column.0) + 1);
            let low = key & ((1 << LOW_BITS) - 1);
            (
                key,
                low | move_code << MOVE_SHIFT | u64::from(value.code()) << VALUE_SHIFT,
            )
        })
        .collect();
    entries.sort_unstable_by_key(|&(key, _)| key);
    let mut bytes = Vec::with_capacity(HEADER + INDEX_BYTES + ENTRY_BYTES * entries.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&[VERSION, deepest as u8, 0, 0]);
    // Bucket `b` starts at the first entry whose key's top bits are `b` or more (for
    // `BUCKETS`, the end; a key too wide would stay behind it, and the book would not
    // parse).
    let mut next = 0;
    for bucket in 0..=BUCKETS {
        while next < entries.len() && ((entries[next].0 >> LOW_BITS) as usize) < bucket {
            next += 1;
        }
        bytes.extend_from_slice(&(next as u32).to_le_bytes());
    }
    for (_, entry) in entries {
        bytes.extend_from_slice(&entry.to_le_bytes()[..ENTRY_BYTES]);
    }
    bytes
}
