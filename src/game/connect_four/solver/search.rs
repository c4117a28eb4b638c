//! The solver's search proper: null-window negamax over bitboards with the table, move
//! ordering and pruning, and the root procedures (exact score, optimal line).

use std::time::Instant;

use super::rules::{has_four_in, pairing_bound};
use super::table::{self, Busy, Table};
use super::{Geometry, Halt, Line, Proof};
use crate::budget::control::Control;
use crate::budget::limits::StopFlag;
use crate::game::connect_four::bitboard::{winning_cells, Shape};
use crate::game::connect_four::book::Book;
use crate::game::connect_four::ConnectFour;

/// Nodes between two looks at the stop flag, the clock and the node limit.
const CHECK_INTERVAL: u64 = 1024;

/// Positions with fewer discs share table entries with their mirror images; deeper
/// down, mirrored transpositions are too rare to pay for the mirroring.
const SYMMETRY_PLIES: i32 = 10;

/// The principal variation may always spend this many nodes past the first move.
const PV_MIN_NODES: u64 = 100_000;

/// Helper threads try the moves in their own rotated order this many plies below the
/// root, so that they spread over the tree instead of following the main thread.
const ROTATED_PLIES: i32 = 2;

/// Enhanced transposition cutoffs are tried only with at least this many empty cells.
const ETC_MIN_EMPTIES: i32 = 12;

/// "No line left" is tried only with at most this many empty cells: with more, a side
/// without a line of four left is all but unknown (on the middle-game benchmark,
/// `cargo bench --bench connect4_solve -- --random`, the node count is the same as without
/// a limit down to 14 empty cells), and the test costs time. The pairing rules
/// ([`pairing_bound`]) have no limit: on the same benchmark they still save nodes with 32
/// empty cells.
const NO_LINE_MAX_EMPTIES: i32 = 16;

/// The pairing rules' bound of a node passed down from its parent: not known yet, or
/// known to prove nothing (a bound above every value it could cut).
const RULE_UNKNOWN: i32 = i32::MAX;
const RULE_NONE: i32 = i32::MAX - 1;

/// With several threads, children another thread is searching are deferred only at nodes
/// with at least this many empty cells (below, subtrees are too small to share).
const DEFER_MIN_EMPTIES: i32 = 12;

mod ordered;
mod root;
#[cfg(test)]
mod tests;

use ordered::{Ordered, MAX_COLS};

/// What the root procedures need from a search, whatever its geometry.
pub(super) trait SearchOps {
    fn score(&mut self, position: &ConnectFour) -> Option<i32>;
    /// The result only: 1 win, 0 draw, -1 loss (one null-window pass around 0).
    fn wdl(&mut self, position: &ConnectFour) -> Option<i32>;
    fn line(&mut self, position: &ConnectFour) -> Option<Line>;
    /// The result (1 win, 0 draw, -1 loss) and a move proven to keep it.
    /// Stopped before, the root moves it proved losing by then (see [`Proof`]).
    fn wdl_move(&mut self, position: &ConnectFour) -> Option<Proof>;
    /// [`SearchOps::wdl_move`] for a position whose result is already known to lie in
    /// `low..=high`: searches only what the bounds leave open.
    fn wdl_move_within(&mut self, position: &ConnectFour, low: i32, high: i32) -> Option<Proof>;
    /// [`SearchOps::line`] for a position whose result `wdl` is already proven.
    fn line_given(&mut self, position: &ConnectFour, wdl: i32) -> Option<Line>;
}

/// One solve's working state.
pub(super) struct Search<'a, G: Geometry> {
    geometry: G,
    table: &'a Table,
    /// Column masks, centre first.
    order: [u64; MAX_COLS],
    cols: usize,
    /// The columns left of the centre and the centre (for symmetric positions).
    left_half: u64,
    control: &'a mut Control,
    budget: Option<Instant>,
    /// The opening book, probed at positions with at most `book_plies` discs (-1: never,
    /// on boards the book does not cover).
    book: Book<'static>,
    book_plies: i32,
    /// How far to rotate the move order (a helper thread's index; 0 for the main one),
    /// at nodes with fewer than `rotate_below` discs.
    rotation: usize,
    rotate_below: i32,
    /// Raised when a helper thread has the answer (the main thread's search only).
    answered: Option<&'a StopFlag>,
    /// The nodes the threads are searching now (only when there are several).
    busy: Option<&'a Busy>,
    pending: u64,
    halt: Option<Halt>,
}

impl<'a, G: Geometry> Search<'a, G> {
    pub(super) fn new(
        geometry: G,
        table: &'a Table,
        book: Book<'static>,
        control: &'a mut Control,
        budget: Option<Instant>,
    ) -> Self {
        let shape = geometry.shape();
        let mut order = [0; MAX_COLS];
        for (slot, column) in order.iter_mut().zip(shape.centre_order()) {
            *slot = shape.column_mask(column);
        }
        Search {
            geometry,
            table,
            order,
            cols: shape.cols as usize,
            left_half: (0..shape.cols.div_ceil(2)).fold(0, |bits, c| bits | shape.column_mask(c)),
            control,
            budget,
            book,
            book_plies: if shape == Shape::STANDARD && !book.is_empty() {
                book.deepest() as i32
            } else {
                -1
            },
            rotation: 0,
            rotate_below: 0,
            answered: None,
            busy: None,
            pending: 0,
            halt: None,
        }
    }

    /// The search of helper thread `rotation` (0: the main thread, unchanged) from a root
    /// with `root` discs.
    pub(super) fn rotated(mut self, rotation: usize, root: i32) -> Self {
        self.rotation = rotation;
        self.rotate_below = if rotation == 0 {
            0
        } else {
            root + ROTATED_PLIES
        };
        self
    }

    /// The search halts when `answered` is raised (a helper finished the same work).
    pub(super) fn answered_by(mut self, answered: Option<&'a StopFlag>) -> Self {
        self.answered = answered;
        self
    }

    /// Marks the nodes it searches in `busy`, shared with the other threads.
    pub(super) fn sharing(mut self, busy: Option<&'a Busy>) -> Self {
        self.busy = busy;
        self
    }

    /// The `i`-th of `len` moves in this thread's order at a node with `moves` discs:
    /// turned by the thread's rotation in the first plies of a helper.
    #[inline(always)]
    fn turned(&self, i: usize, len: usize, moves: i32) -> usize {
        if moves < self.rotate_below {
            (i + self.rotation) % len
        } else {
            // No division on the main thread's path.
            i
        }
    }

    /// Nodes visited so far in this solve and earlier ones of the same search.
    fn nodes(&self) -> u64 {
        self.control.nodes() + self.pending
    }

    /// Hands the uncounted nodes to `control` and turns a halt into an error; also says
    /// whether the search ran to its end (a result found while halting may be partial).
    pub(super) fn finish<T>(self, result: Option<T>) -> (Result<T, Halt>, bool) {
        self.control.add_nodes(self.pending);
        let finished = self.halt.is_none();
        let result = match (result, self.halt) {
            (Some(value), _) => Ok(value),
            (None, Some(halt)) => Err(halt),
            (None, None) => Err(Halt::Aborted),
        };
        (result, finished)
    }

    #[inline(always)]
    fn visit(&mut self) {
        self.pending += 1;
        if self.pending >= CHECK_INTERVAL {
            self.check();
        }
    }

    #[cold]
    #[inline(never)]
    fn check(&mut self) {
        let count = std::mem::take(&mut self.pending);
        if !self.control.add_nodes(count) || self.answered.is_some_and(StopFlag::is_stopped) {
            self.halt = Some(Halt::Aborted);
        } else if self.budget.is_some_and(|b| Instant::now() >= b) {
            self.halt = Some(Halt::OverBudget);
        }
    }

    /// The moves worth trying: not below an opponent's winning cell, and the single
    /// forced block if there is one. Zero when every move loses at once.
    #[inline(always)]
    fn non_losing(&self, mask: u64, threats_against: u64) -> u64 {
        let playable = self.geometry.shape().playable(mask);
        let forced = playable & threats_against;
        let candidates = if forced == 0 {
            playable
        } else if forced & (forced - 1) != 0 {
            return 0;
        } else {
            forced
        };
        candidates & !(threats_against >> 1)
    }

    /// Candidate moves ordered by the threats they create, centre first among equals;
    /// each comes with those threats (the child's `threats_against`).
    #[inline(always)]
    fn ordered(&self, list: &mut Ordered, current: u64, mask: u64, candidates: u64) {
        let shape = self.geometry.shape();
        for (slot, &column) in self.order[..self.cols].iter().enumerate() {
            let mv = candidates & column;
            if mv != 0 {
                let threats = winning_cells(shape, current | mv, mask | mv);
                list.insert(threats.count_ones(), slot, threats);
            }
        }
    }

    /// The fail-hard value of a position where the side to move cannot win at once,
    /// within `(alpha, beta)`. `threats_against` are the opponent's winning cells.
    fn negamax(
        &mut self,
        current: u64,
        mask: u64,
        moves: i32,
        alpha: i32,
        beta: i32,
        threats_against: u64,
    ) -> i32 {
        let position = (current, mask, threats_against);
        self.negamax_known(position, moves, alpha, beta, RULE_UNKNOWN)
    }

    /// [`Search::negamax`] of (current, mask, threats against) with the pairing rules'
    /// bound already known (`rule`: -1, 0, [`RULE_NONE`]) or not ([`RULE_UNKNOWN`]).
    fn negamax_known(
        &mut self,
        (current, mask, threats_against): (u64, u64, u64),
        moves: i32,
        mut alpha: i32,
        mut beta: i32,
        rule: i32,
    ) -> i32 {
        self.visit();
        let cells = self.geometry.shape().cells() as i32;
        let candidates = self.non_losing(mask, threats_against);
        if candidates == 0 {
            return -(cells - moves) / 2;
        }
        if moves >= cells - 2 {
            return 0;
        }
        // The opponent cannot win before its second move from here.
        let min = -(cells - 2 - moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        // The children's table slots are fetched now, so that the memory works while
        // this node tests its own bounds (its own slot was fetched by its parent).
        let mut children = candidates;
        while children != 0 {
            let mv = children & children.wrapping_neg();
            children &= children - 1;
            self.table
                .prefetch(self.key((current ^ mask) + (mask | mv), moves + 1));
        }
        // A side that has no line of four left to make (each holds a disc of the other)
        // cannot win: a window above 0 fails low, one below 0 fails high.
        let shape = self.geometry.shape();
        let empties = cells - moves;
        if empties <= NO_LINE_MAX_EMPTIES {
            if alpha >= 0 && !has_four_in(shape, !(current ^ mask)) {
                return alpha;
            }
            if beta <= 0 && !has_four_in(shape, !current) {
                return beta;
            }
        }
        // Nor can the side to move win before its second move.
        let mut max = (cells - 1 - moves) / 2;
        // The pairing rules' bound (0 or -1) matters only to a window reaching above -1.
        if beta >= 0 {
            let bound = if rule == RULE_UNKNOWN {
                pairing_bound(shape, current, mask).unwrap_or(RULE_NONE)
            } else {
                rule
            };
            max = max.min(bound);
        }
        let key = self.key(current + mask, moves);
        if moves <= self.book_plies {
            if let Some(value) = self.book.probe_key(canonical_key(self.geometry, key)) {
                let (low, high) = value.bounds(moves as u32);
                if low == high {
                    return low;
                }
                max = max.min(high);
                if alpha < low {
                    alpha = low;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            }
        }
        match self.table.get(key) {
            table::Stored::Upper(upper) => max = max.min(upper),
            table::Stored::Lower(lower) => {
                if alpha < lower {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            }
            table::Stored::Nothing => {}
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // A symmetric position (only possible in the first plies): the mirrored moves
        // are transpositions of these.
        let candidates = if moves < SYMMETRY_PLIES
            && self.geometry.shape().mirror(current + mask) == current + mask
        {
            candidates & self.left_half
        } else {
            candidates
        };
        let mut list = Ordered::new();
        self.ordered(&mut list, current, mask, candidates);
        let opponent = current ^ mask;
        // A child where the pairing rules bound the opponent to at most 0 (or -1) makes
        // this node worth at least 0 (or 1): a cutoff if that reaches beta. Checked for
        // every child before any is searched, as the move order seldom puts it first (on
        // the middle-game benchmark: 21.0M instead of 27.5M nodes and 15% less time;
        // nothing gained by a limit on empty cells).
        // The bounds are kept for the children's own check.
        let mut rules = [RULE_UNKNOWN; MAX_COLS];
        if beta <= 1 {
            for i in 0..list.len {
                let slot = list.slot(i);
                let mv = candidates & self.order[slot];
                if let Some(bound) = pairing_bound(shape, opponent, mask | mv) {
                    if -bound >= beta {
                        self.table.put_lower(key, -bound);
                        return -bound;
                    }
                    rules[slot] = bound;
                } else {
                    rules[slot] = RULE_NONE;
                }
            }
        }
        // Enhanced transposition cutoff: a child whose stored upper bound already refutes
        // beta ends the node (their slots were fetched above). Near the end of the game
        // the subtrees are too small to repay the extra probes.
        let probes = if cells - moves >= ETC_MIN_EMPTIES {
            list.len
        } else {
            0
        };
        for i in 0..probes {
            let mv = candidates & self.order[list.slot(i)];
            let child = self.key(opponent + (mask | mv), moves + 1);
            if let table::Stored::Upper(upper) = self.table.get(child) {
                if -upper >= beta {
                    self.table.put_lower(key, -upper);
                    return -upper;
                }
            }
        }
        // With other threads, a node near the root is marked busy while it is searched,
        // and its later children that another thread is searching wait until the others
        // are done: by then their bounds are often in the table (ABDADA's deferral).
        let busy = self.busy.filter(|_| cells - moves >= DEFER_MIN_EMPTIES);
        if let Some(busy) = busy {
            busy.enter(key);
        }
        let mut deferred = 0u32;
        for i in 0..list.len {
            let slot = list.slot(self.turned(i, list.len, moves));
            let mv = candidates & self.order[slot];
            if let Some(busy) = busy.filter(|_| i > 0) {
                if busy.is_busy(self.key(opponent + (mask | mv), moves + 1)) {
                    deferred |= 1 << i;
                    continue;
                }
            }
            let child = (opponent, mask | mv, list.threats[slot], rules[slot]);
            if let Some(value) = self.child(key, moves, child, &mut alpha, beta) {
                busy.inspect(|b| b.leave(key));
                return value;
            }
        }
        while deferred != 0 {
            let i = deferred.trailing_zeros() as usize;
            deferred &= deferred - 1;
            let slot = list.slot(self.turned(i, list.len, moves));
            let mv = candidates & self.order[slot];
            let child = (opponent, mask | mv, list.threats[slot], rules[slot]);
            if let Some(value) = self.child(key, moves, child, &mut alpha, beta) {
                busy.inspect(|b| b.leave(key));
                return value;
            }
        }
        busy.inspect(|b| b.leave(key));
        self.table.put_upper(key, alpha);
        alpha
    }

    /// Searches `child` (current, mask, threats against its side to move) of the node
    /// `key` with `moves` discs, raising `alpha`; `Some` the node's value when that
    /// decides it (a cutoff, stored, or a halt).
    #[inline(always)]
    fn child(
        &mut self,
        key: u64,
        moves: i32,
        (current, mask, threats, rule): (u64, u64, u64, i32),
        alpha: &mut i32,
        beta: i32,
    ) -> Option<i32> {
        let position = (current, mask, threats);
        let value = -self.negamax_known(position, moves + 1, -beta, -*alpha, rule);
        if self.halt.is_some() {
            return Some(0);
        }
        if value >= beta {
            self.table.put_lower(key, value);
            return Some(value);
        }
        *alpha = (*alpha).max(value);
        None
    }

    /// The table key: the position key, or in the first plies the smaller of it and its
    /// mirror image, so that mirrored positions share an entry.
    #[inline(always)]
    fn key(&self, key: u64, moves: i32) -> u64 {
        if moves < SYMMETRY_PLIES {
            key.min(self.geometry.shape().mirror(key))
        } else {
            key
        }
    }

    /// Whether the side to move can complete four now; returns that cell.
    #[inline(always)]
    fn winning_move(&self, current: u64, mask: u64) -> u64 {
        let shape = self.geometry.shape();
        let wins = winning_cells(shape, current, mask) & shape.playable(mask);
        wins & wins.wrapping_neg()
    }
}

/// The book's key of a position whose table key is `key`: the table's keys are already
/// the smaller of a position's and its mirror image's in the first plies.
#[inline(always)]
fn canonical_key(geometry: impl Geometry, key: u64) -> u64 {
    key.min(geometry.shape().mirror(key))
}
