//! The solver's search proper: null-window negamax over bitboards with the table, move
//! ordering and pruning, and the root procedures (exact score, optimal line).

use std::time::Instant;

use super::table::{self, Table};
use super::{Geometry, Halt, Line};
use crate::budget::control::Control;
use crate::game::connect_four::bitboard::{winning_cells, Shape};
use crate::game::connect_four::book::Book;
use crate::game::connect_four::{Column, ConnectFour};
use crate::game::Game;

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

/// What the root procedures need from a search, whatever its geometry.
pub(super) trait SearchOps {
    fn score(&mut self, position: &ConnectFour) -> Option<i32>;
    /// The result only: 1 win, 0 draw, -1 loss (one null-window pass around 0).
    fn wdl(&mut self, position: &ConnectFour) -> Option<i32>;
    fn line(&mut self, position: &ConnectFour) -> Option<Line>;
    /// The result (1 win, 0 draw, -1 loss) and a move proven to keep it.
    fn wdl_move(&mut self, position: &ConnectFour) -> Option<(i32, Column)>;
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
    pending: u64,
    halt: Option<Halt>,
}

/// The most columns a board can have: `(rows + 1) * cols <= 64` with at least 4 rows.
const MAX_COLS: usize = 12;

/// The candidate moves sorted by score, best first, centre first on equal scores. Moves
/// are slots of the centre-first column order; the sort moves only packed `u32` keys.
struct Ordered {
    /// `score << 4 | (15 - slot)`, in decreasing order.
    keys: [u32; MAX_COLS],
    /// The threats each slot's move creates (the child's `threats_against`).
    threats: [u64; MAX_COLS],
    len: usize,
}

impl Ordered {
    #[inline(always)]
    fn new() -> Self {
        Ordered {
            keys: [0; MAX_COLS],
            threats: [0; MAX_COLS],
            len: 0,
        }
    }

    #[inline(always)]
    fn insert(&mut self, score: u32, slot: usize, threats: u64) {
        let key = score << 4 | (15 - slot as u32);
        self.threats[slot] = threats;
        // Swaps rather than a shifting loop, which LLVM turns into a call to memmove:
        // at most 12 keys, the call alone costs more than the sort.
        let mut at = self.len;
        self.keys[at] = key;
        while at > 0 && self.keys[at - 1] < key {
            self.keys.swap(at - 1, at);
            at -= 1;
        }
        self.len += 1;
    }

    /// The slot of the `i`-th best move.
    #[inline(always)]
    fn slot(&self, i: usize) -> usize {
        15 - (self.keys[i] & 15) as usize
    }
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

    /// Nodes visited so far in this solve and earlier ones of the same search.
    fn nodes(&self) -> u64 {
        self.control.nodes() + self.pending
    }

    /// Hands the uncounted nodes to `control` and turns a halt into an error.
    pub(super) fn finish<T>(self, result: Option<T>) -> Result<T, Halt> {
        self.control.add_nodes(self.pending);
        match (result, self.halt) {
            (Some(value), _) => Ok(value),
            (None, Some(halt)) => Err(halt),
            (None, None) => Err(Halt::Aborted),
        }
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
        if !self.control.add_nodes(count) {
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
        mut alpha: i32,
        mut beta: i32,
        threats_against: u64,
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
        // Nor can the side to move win before its second move.
        let mut max = (cells - 1 - moves) / 2;
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
        // Enhanced transposition cutoff: a child whose stored upper bound already refutes
        // beta ends the node. The probes are independent loads, so they also fetch the
        // children's slots in parallel before the first child needs its own. Near the end
        // of the game the subtrees are too small to repay the extra probes.
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
        let turn = if moves < self.rotate_below {
            self.rotation
        } else {
            0
        };
        for i in 0..list.len {
            // No division on the main thread's path.
            let slot = list.slot(if turn == 0 { i } else { (i + turn) % list.len });
            let mv = candidates & self.order[slot];
            let value = -self.negamax(
                opponent,
                mask | mv,
                moves + 1,
                -beta,
                -alpha,
                list.threats[slot],
            );
            if self.halt.is_some() {
                return 0;
            }
            if value >= beta {
                self.table.put_lower(key, value);
                return value;
            }
            if value > alpha {
                alpha = value;
            }
        }
        self.table.put_upper(key, alpha);
        alpha
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

    /// The exact score, searched within what `wdl` (1, 0, -1, or `None` when unknown)
    /// already proves.
    fn score_of(&mut self, current: u64, mask: u64, moves: i32, wdl: Option<i32>) -> Option<i32> {
        let shape = self.geometry.shape();
        let cells = shape.cells() as i32;
        if self.winning_move(current, mask) != 0 {
            return Some((cells + 1 - moves) / 2);
        }
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let mut min = -(cells - moves) / 2;
        let mut max = (cells + 1 - moves) / 2;
        match wdl {
            Some(1) => min = 1,
            Some(0) => return Some(0),
            Some(_) => max = -1,
            None => {}
        }
        while min < max {
            // Null-window probes, biased towards 0 where most scores lie.
            let mut probe = min + (max - min) / 2;
            if probe <= 0 && min / 2 < probe {
                probe = min / 2;
            } else if probe >= 0 && max / 2 > probe {
                probe = max / 2;
            }
            let value = self.negamax(current, mask, moves, probe, probe + 1, threats_against);
            if self.halt.is_some() {
                return None;
            }
            if value <= probe {
                max = value;
            } else {
                min = value;
            }
        }
        Some(min)
    }

    /// An optimal move for the side to move given its exact `score`, or `None` if halted.
    fn best_move(&mut self, current: u64, mask: u64, moves: i32, score: i32) -> Option<u64> {
        let shape = self.geometry.shape();
        let win = self.winning_move(current, mask);
        if win != 0 {
            return Some(win);
        }
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let candidates = self.non_losing(mask, threats_against);
        let mut list = Ordered::new();
        self.ordered(&mut list, current, mask, candidates);
        if list.len == 0 {
            // Every move loses at once: any will do; the most central.
            let playable = shape.playable(mask);
            let column = self.order[..self.cols]
                .iter()
                .find(|&&column| playable & column != 0)
                .copied()
                .unwrap_or(playable);
            return Some(playable & column);
        }
        let first = candidates & self.order[list.slot(0)];
        if list.len == 1 {
            return Some(first);
        }
        for i in 0..list.len {
            let slot = list.slot(i);
            let mv = candidates & self.order[slot];
            let child = -score;
            let value = self.negamax(
                current ^ mask,
                mask | mv,
                moves + 1,
                child,
                child + 1,
                list.threats[slot],
            );
            if self.halt.is_some() {
                return None;
            }
            if value <= child {
                return Some(mv);
            }
        }
        debug_assert!(false, "no move reaches the exact score");
        Some(first)
    }
}

/// The book's key of a position whose table key is `key`: the table's keys are already
/// the smaller of a position's and its mirror image's in the first plies.
#[inline(always)]
fn canonical_key(geometry: impl Geometry, key: u64) -> u64 {
    key.min(geometry.shape().mirror(key))
}

impl<G: Geometry> SearchOps for Search<'_, G> {
    fn score(&mut self, position: &ConnectFour) -> Option<i32> {
        self.score_of(
            position.current(),
            position.mask(),
            position.moves() as i32,
            None,
        )
    }

    fn wdl(&mut self, position: &ConnectFour) -> Option<i32> {
        let (current, mask) = (position.current(), position.mask());
        if self.winning_move(current, mask) != 0 {
            return Some(1);
        }
        let shape = self.geometry.shape();
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let value = self.negamax(
            current,
            mask,
            position.moves() as i32,
            -1,
            1,
            threats_against,
        );
        (self.halt.is_none()).then_some(value.signum())
    }

    fn line(&mut self, position: &ConnectFour) -> Option<Line> {
        self.line_of(position, None)
    }

    fn line_given(&mut self, position: &ConnectFour, wdl: i32) -> Option<Line> {
        self.line_of(position, Some(wdl))
    }

    fn wdl_move(&mut self, position: &ConnectFour) -> Option<(i32, Column)> {
        let (current, mask) = (position.current(), position.mask());
        let moves = position.moves() as i32;
        let shape = self.geometry.shape();
        let column = |mv: u64| Column((mv.trailing_zeros() / shape.height) as u8);
        let win = self.winning_move(current, mask);
        if win != 0 {
            return Some((1, column(win)));
        }
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let candidates = self.non_losing(mask, threats_against);
        let mut list = Ordered::new();
        self.ordered(&mut list, current, mask, candidates);
        if list.len == 0 {
            // Every move loses at once: the most central.
            let playable = shape.playable(mask);
            let first = self.order[..self.cols]
                .iter()
                .find(|&&column| playable & column != 0)
                .map_or(playable, |&column| playable & column);
            return Some((-1, column(first)));
        }
        // A root search in the window (-1, 1), keeping the move: a child worth at least 1
        // is a win; the first child worth 0 raises the window to (0, 1), where the later
        // children are only asked whether they win. Every value is fail-hard within its
        // window, so what it says about the result is proven.
        let mut alpha = -1;
        let mut best = candidates & self.order[list.slot(0)];
        for i in 0..list.len {
            let slot = list.slot(i);
            let mv = candidates & self.order[slot];
            let value = -self.negamax(
                current ^ mask,
                mask | mv,
                moves + 1,
                -1,
                -alpha,
                list.threats[slot],
            );
            if self.halt.is_some() {
                return None;
            }
            if value >= 1 {
                return Some((1, column(mv)));
            }
            if value > alpha {
                alpha = value;
                best = mv;
            }
        }
        Some((alpha, column(best)))
    }
}

impl<G: Geometry> Search<'_, G> {
    /// The exact score and an optimal line, the result `wdl` being known if it is given.
    fn line_of(&mut self, position: &ConnectFour, wdl: Option<i32>) -> Option<Line> {
        let score = self.score_of(
            position.current(),
            position.mask(),
            position.moves() as i32,
            wdl,
        )?;
        let shape = self.geometry.shape();
        let mut line = Line {
            score,
            moves: Vec::new(),
        };
        // The first move is always found; the rest of the principal variation only while
        // it costs no more nodes than the score did (it can otherwise double a solve).
        let score_nodes = self.nodes();
        let pv_budget = score_nodes.max(PV_MIN_NODES);
        let mut current_position = *position;
        let mut value = score;
        while current_position.outcome().is_none()
            && (line.moves.is_empty() || self.nodes() - score_nodes <= pv_budget)
        {
            let (current, mask) = (current_position.current(), current_position.mask());
            let moves = current_position.moves() as i32;
            let Some(mv) = self.best_move(current, mask, moves, value) else {
                break;
            };
            let column = Column((mv.trailing_zeros() / shape.height) as u8);
            line.moves.push(column);
            current_position.play(column);
            value = -value;
        }
        (!line.moves.is_empty()).then_some(line)
    }
}
