//! What a solved layer proves about the next one before any search, so the generator
//! solves less: a parent's result bounds every child's, and a parent's stored move names
//! one child whose result is exact.
//!
//! From the side to move in the child: a lost parent makes every child a win; a drawn
//! parent makes every child at least a draw, and the child its keeping move leads to a
//! draw; the child a won parent's keeping move leads to is lost. A won parent says nothing
//! about its other children. Lost positions are the costliest to solve (every move must
//! be refuted) and they need no stored move, so each one named by a won parent costs
//! nothing; a child known to win needs only a winning move found, in null windows.

use std::collections::HashMap;

use super::{canonical, Book};
use crate::game::connect_four::{Column, ConnectFour};
use crate::game::Game;

/// Bounds on a position's result (1 win, 0 draw, -1 loss for the side to move) that its
/// solved parents prove; `low <= high` when the parents' values are consistent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prior {
    pub low: i32,
    pub high: i32,
}

impl Prior {
    /// What nothing proves.
    pub const UNKNOWN: Prior = Prior { low: -1, high: 1 };

    /// Both bounds at once (the tighter of each).
    fn meet(self, other: Prior) -> Prior {
        Prior {
            low: self.low.max(other.low),
            high: self.high.min(other.high),
        }
    }

    /// The result, if the bounds prove it.
    pub fn exact(self) -> Option<i32> {
        (self.low == self.high).then_some(self.low)
    }
}

/// The priors of the children of solved `parents`, by the children's canonical key:
/// each parent with its result (1, 0, -1 for its side to move) and the column (in the
/// parent's own orientation) of its keeping move, if stored. Children that end the game
/// are left out (no layer holds them). A child whose parents contradict one another gets
/// `low > high`: the parents' data is wrong, and the caller must not trust it.
pub fn priors<'a>(
    parents: impl IntoIterator<Item = (&'a ConnectFour, i32, Option<Column>)>,
) -> HashMap<u64, Prior> {
    let mut priors: HashMap<u64, Prior> = HashMap::new();
    for (parent, result, keeping) in parents {
        for column in 0..parent.shape().cols {
            if !parent.can_play(column) {
                continue;
            }
            let mut child = *parent;
            child.play(Column(column as u8));
            if child.outcome().is_some() {
                continue;
            }
            let kept = keeping == Some(Column(column as u8));
            let Some(prior) = child_prior(result, kept) else {
                continue;
            };
            priors
                .entry(canonical(&child).key())
                .and_modify(|known| *known = known.meet(prior))
                .or_insert(prior);
        }
    }
    priors
}

/// What a parent's result (1, 0, -1 for its side to move) proves about one child's, from
/// the child's side to move: `kept` if the parent's stored keeping move leads to it.
fn child_prior(result: i32, kept: bool) -> Option<Prior> {
    match (result, kept) {
        (-1, _) => Some(Prior { low: 1, high: 1 }),
        (0, true) => Some(Prior { low: 0, high: 0 }),
        (0, false) => Some(Prior { low: 0, high: 1 }),
        (_, true) => Some(Prior { low: -1, high: -1 }),
        (_, false) => None,
    }
}

/// The prior of a position the book does not hold (one a ply past its deepest, or in a
/// layer it holds only in part) from the book's entries of its parents: every position
/// with one of the last mover's top discs taken back. [`Prior::UNKNOWN`] if no parent is
/// in the book, or if they contradict one another (the book is wrong; trust nothing).
pub fn from_book(book: &Book, position: &ConnectFour) -> Prior {
    let shape = position.shape();
    let (mask, moves) = (position.mask(), position.moves());
    if moves == 0 {
        return Prior::UNKNOWN;
    }
    // The side that just moved: the parents' side to move.
    let mover = position.current() ^ mask;
    let mut prior = Prior::UNKNOWN;
    for column in 0..shape.cols {
        let discs = mask & shape.column_mask(column);
        if discs == 0 {
            continue;
        }
        let top = 1u64 << (63 - discs.leading_zeros());
        if mover & top == 0 {
            continue;
        }
        let parent = ConnectFour::from_bits(shape, mover ^ top, mask ^ top, moves - 1);
        let Some(value) = book.probe(&parent) else {
            continue;
        };
        let kept = book.keeping_move(&parent) == Some(Column(column as u8));
        if let Some(bound) = child_prior(value.wdl(), kept) {
            prior = prior.meet(bound);
        }
    }
    if prior.low > prior.high {
        Prior::UNKNOWN
    } else {
        prior
    }
}
