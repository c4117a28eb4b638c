//! The exact Connect Four solver behind the `Solver` hook: null-window negamax with a
//! binary search on the score, its own transposition table keyed by the position,
//! centre-first ordering refined by threats created, and pruning of moves that hand the
//! opponent an immediate win.
//!
//! Scores inside the solver use the test sets' convention generalised to any board: a
//! game won with the four made at ply `e` (1-based, counted from the empty board) is worth
//! `(cells - e) / 2 + 1` to the winner (`22 - discs of the winner` on 7x6), the negation
//! to the loser, 0 for a draw. [`plies_to_end`] turns that into `win N`/`loss N`.

use std::time::Instant;

use crate::game::connect_four::bitboard::{winning_cells, Shape};
use crate::game::connect_four::{Column, ConnectFour, Params, Style};
use crate::game::Game;
use crate::search::control::Control;
use crate::search::limits::{Deadline, Limits};
use crate::search::score::{loss_in, win_in};
use crate::search::{Solved, Solver, Verdict};

mod table;
use table::Table;

/// Nodes between two looks at the stop flag, the clock and the node limit.
const CHECK_INTERVAL: u64 = 1024;

/// Positions with fewer discs share table entries with their mirror images; deeper
/// down, mirrored transpositions are too rare to pay for the mirroring.
const SYMMETRY_PLIES: i32 = 10;

/// Enhanced transposition cutoffs are tried only with at least this many empty cells.
const ETC_MIN_EMPTIES: i32 = 12;

/// Outside `go solve`, the solver may spend this fraction of the move's soft time limit
/// before it gives the position back to the heuristic search.
const BUDGET_DIVISOR: u32 = 3;

/// The board's geometry as a type, so the standard board is compiled with constant masks.
pub trait Geometry: Copy {
    fn shape(self) -> Shape;
}

/// The standard 7x6 board, all masks compile-time constants.
#[derive(Clone, Copy, Debug)]
pub struct Standard;

impl Geometry for Standard {
    #[inline(always)]
    fn shape(self) -> Shape {
        Shape::STANDARD
    }
}

impl Geometry for Shape {
    #[inline(always)]
    fn shape(self) -> Shape {
        self
    }
}

/// The solver: its table survives between searches and is cleared by `newgame`.
#[derive(Default)]
pub struct ConnectFourSolver {
    table: Table,
}

/// How a solve ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Halt {
    /// Stop, deadline or node limit from the search's `Control`.
    Aborted,
    /// The solver's own time budget ran out (not an abort of the whole search).
    OverBudget,
}

/// What a full solve found: the exact score (solver convention), an optimal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: i32,
    /// Optimal moves from the position (fastest win, slowest loss); may be cut short
    /// only when the solve was stopped after the score was known.
    pub moves: Vec<Column>,
}

impl ConnectFourSolver {
    /// Allocates the table and touches all its memory now (for timing).
    pub fn reserve(&mut self) {
        self.table.prefault();
    }

    /// The exact score of `position` (solver convention), or `None` if `control` stopped
    /// it. The game must not be over.
    pub fn score(&mut self, position: &ConnectFour, control: &mut Control) -> Option<i32> {
        self.run(position, control, None, |search, p| search.score(p))
            .ok()
    }

    /// The exact score and an optimal line, or `None` if stopped before the best move
    /// was known. The game must not be over.
    pub fn line(&mut self, position: &ConnectFour, control: &mut Control) -> Option<Line> {
        self.run(position, control, None, |search, p| search.line(p))
            .ok()
    }

    /// Dispatches on the geometry and runs `work` with a fresh search state.
    fn run<T>(
        &mut self,
        position: &ConnectFour,
        control: &mut Control,
        budget: Option<Instant>,
        work: impl FnOnce(&mut dyn SearchOps, &ConnectFour) -> Option<T>,
    ) -> Result<T, Halt> {
        self.table.ensure();
        let shape = position.shape();
        if shape == Shape::STANDARD {
            let mut search = Search::new(Standard, &mut self.table, control, budget);
            let result = work(&mut search, position);
            search.finish(result)
        } else {
            let mut search = Search::new(shape, &mut self.table, control, budget);
            let result = work(&mut search, position);
            search.finish(result)
        }
    }
}

impl Solver<ConnectFour> for ConnectFourSolver {
    fn clear(&mut self) {
        self.table.clear();
    }

    /// Solves under `go solve`, or within a third of the move's time otherwise (declining
    /// when that is not enough). Declines depth- or node-limited searches and the
    /// baseline style, which play with the heuristic search alone.
    fn solve(
        &mut self,
        position: &ConnectFour,
        params: &Params,
        limits: &Limits,
        control: &mut Control,
    ) -> Verdict<Column> {
        if position.outcome().is_some() {
            return Verdict::Declined;
        }
        let budget = if limits.solve {
            None
        } else if params.style == Style::Baseline
            || limits.depth.is_some()
            || limits.nodes.is_some()
        {
            return Verdict::Declined;
        } else {
            let now = Instant::now();
            Deadline::new(limits, now)
                .soft
                .map(|soft| now + soft.saturating_duration_since(now) / BUDGET_DIVISOR)
        };
        match self.run(position, control, budget, |search, p| search.line(p)) {
            Ok(line) => {
                let (score, depth) = search_score(position, line.score);
                Verdict::Solved(Solved {
                    best_move: line.moves[0],
                    score,
                    pv: line.moves,
                    depth,
                })
            }
            Err(Halt::OverBudget) => Verdict::Declined,
            Err(Halt::Aborted) => Verdict::Aborted,
        }
    }
}

/// The search score (`win_in`/`loss_in`/0) and the plies to the end for a solver score.
pub fn search_score(position: &ConnectFour, score: i32) -> (i32, u32) {
    let plies = plies_to_end(score, position.moves(), position.shape().cells());
    let value = match score {
        0 => 0,
        s if s > 0 => win_in(plies),
        _ => loss_in(plies),
    };
    (value, plies)
}

/// Plies from a position with `moves` discs until the end of the game under perfect
/// play, for a solver score (see the module comment): the four is made at ply `e` with
/// `(cells - e) / 2 + 1 == |score|`, `e` of the winner's parity; a draw fills the board.
pub fn plies_to_end(score: i32, moves: u32, cells: u32) -> u32 {
    if score == 0 {
        return cells - moves;
    }
    let magnitude = score.unsigned_abs();
    // The winner moves at plies of this parity (1-based): the side to move at moves+1.
    let winner_parity = if score > 0 {
        (moves + 1) % 2
    } else {
        moves % 2
    };
    let last = cells + 2 - 2 * magnitude;
    let end = if last % 2 == winner_parity {
        last
    } else {
        last - 1
    };
    end - moves
}

/// What the root procedures need from a search, whatever its geometry.
trait SearchOps {
    fn score(&mut self, position: &ConnectFour) -> Option<i32>;
    fn line(&mut self, position: &ConnectFour) -> Option<Line>;
}

/// One solve's working state.
struct Search<'a, G: Geometry> {
    geometry: G,
    table: &'a mut Table,
    /// Column masks, centre first.
    order: [u64; MAX_COLS],
    cols: usize,
    /// The columns left of the centre and the centre (for symmetric positions).
    left_half: u64,
    control: &'a mut Control,
    budget: Option<Instant>,
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
    fn new(
        geometry: G,
        table: &'a mut Table,
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
            pending: 0,
            halt: None,
        }
    }

    /// Hands the uncounted nodes to `control` and turns a halt into an error.
    fn finish<T>(self, result: Option<T>) -> Result<T, Halt> {
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

    /// Candidate moves ordered centre first, then by the threats they create; each
    /// comes with those threats (the child's `threats_against`).
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
        for i in 0..(if cells - moves < ETC_MIN_EMPTIES {
            0
        } else {
            list.len
        }) {
            let mv = candidates & self.order[list.slot(i)];
            let child = self.key(opponent + (mask | mv), moves + 1);
            if let table::Stored::Upper(upper) = self.table.get(child) {
                if -upper >= beta {
                    self.table.put_lower(key, -upper);
                    return -upper;
                }
            }
        }
        for i in 0..list.len {
            let slot = list.slot(i);
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

    fn score_of(&mut self, current: u64, mask: u64, moves: i32) -> Option<i32> {
        let shape = self.geometry.shape();
        let cells = shape.cells() as i32;
        if self.winning_move(current, mask) != 0 {
            return Some((cells + 1 - moves) / 2);
        }
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let mut min = -(cells - moves) / 2;
        let mut max = (cells + 1 - moves) / 2;
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

impl<G: Geometry> SearchOps for Search<'_, G> {
    fn score(&mut self, position: &ConnectFour) -> Option<i32> {
        self.score_of(position.current(), position.mask(), position.moves() as i32)
    }

    fn line(&mut self, position: &ConnectFour) -> Option<Line> {
        let score = self.score(position)?;
        let shape = self.geometry.shape();
        let mut line = Line {
            score,
            moves: Vec::new(),
        };
        let mut current_position = *position;
        let mut value = score;
        while current_position.outcome().is_none() {
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
