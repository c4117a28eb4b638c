//! The solver's root procedures: the result with a move keeping it, the exact score
//! (a binary search of null-window probes), an optimal line.

use super::{Ordered, Search, SearchOps, PV_MIN_NODES};
use crate::game::connect_four::bitboard::winning_cells;
use crate::game::connect_four::solver::{Geometry, Halt, Line, Proof};
use crate::game::connect_four::{Column, ConnectFour};
use crate::game::Game;

/// What a search for a move reaching a score found.
enum Reach {
    Move(u64),
    /// No move reaches it.
    Nothing,
    /// Halted first; the moves proven not to reach it by then (those that lose at once
    /// included).
    Halted(u64),
}

impl<G: Geometry> Search<'_, G> {
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

    /// The most central playable move (as a bit), for positions where every move loses.
    fn most_central(&self, mask: u64) -> u64 {
        self.most_central_of(self.geometry.shape().playable(mask))
    }

    /// The most central of `moves` (one playable cell per column, not empty).
    fn most_central_of(&self, moves: u64) -> u64 {
        self.order[..self.cols]
            .iter()
            .find(|&&column| moves & column != 0)
            .map_or(moves, |&column| moves & column)
    }

    /// The columns of a set of moves (one cell per column).
    fn columns(&self, moves: u64) -> Vec<Column> {
        let shape = self.geometry.shape();
        (0..shape.cols)
            .filter(|&c| moves & shape.column_mask(c) != 0)
            .map(|c| Column(c as u8))
            .collect()
    }

    /// For a position known lost: the most central move that does not lose at once, if
    /// there is one (the loss takes longest to come, as far as one ply shows).
    fn losing_move(&self, current: u64, mask: u64) -> u64 {
        let shape = self.geometry.shape();
        let safe = self.non_losing(mask, winning_cells(shape, current ^ mask, mask));
        if safe == 0 {
            self.most_central(mask)
        } else {
            self.most_central_of(safe)
        }
    }

    /// An optimal move for the side to move given its exact `score`, or `None` if halted.
    fn best_move(&mut self, current: u64, mask: u64, moves: i32, score: i32) -> Option<u64> {
        match self.move_reaching(current, mask, moves, score, true) {
            Reach::Move(mv) => Some(mv),
            Reach::Halted(_) => None,
            Reach::Nothing => {
                // Every move loses at once (any will do), or `score` was wrong.
                debug_assert!(
                    self.non_losing(
                        mask,
                        winning_cells(self.geometry.shape(), current ^ mask, mask)
                    ) == 0,
                    "no move reaches the exact score"
                );
                Some(self.most_central(mask))
            }
        }
    }

    /// The first move (in search order) whose child is worth at most `-score`, each
    /// candidate's child searched in a null window: a move worth at least `score`. With
    /// `trust_single`, a single move that does not lose at once is taken unsearched (the
    /// caller knows the position is worth `score`).
    fn move_reaching(
        &mut self,
        current: u64,
        mask: u64,
        moves: i32,
        score: i32,
        trust_single: bool,
    ) -> Reach {
        let shape = self.geometry.shape();
        let win = self.winning_move(current, mask);
        if win != 0 {
            return Reach::Move(win);
        }
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let candidates = self.non_losing(mask, threats_against);
        let mut list = Ordered::new();
        self.ordered(&mut list, current, mask, candidates);
        if list.len == 1 && trust_single {
            return Reach::Move(candidates & self.order[list.slot(0)]);
        }
        let mut failed = shape.playable(mask) & !candidates;
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
                return Reach::Halted(failed);
            }
            if value <= child {
                return Reach::Move(mv);
            }
            failed |= mv;
        }
        Reach::Nothing
    }
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

    fn wdl_move(&mut self, position: &ConnectFour) -> Option<Proof> {
        let (current, mask) = (position.current(), position.mask());
        let moves = position.moves() as i32;
        let shape = self.geometry.shape();
        let column = |mv: u64| Column((mv.trailing_zeros() / shape.height) as u8);
        let win = self.winning_move(current, mask);
        if win != 0 {
            return Some(Proof::Result(1, column(win)));
        }
        let threats_against = winning_cells(shape, current ^ mask, mask);
        let candidates = self.non_losing(mask, threats_against);
        // Moves that are not candidates let the opponent win at once.
        let mut losing = shape.playable(mask) & !candidates;
        let mut list = Ordered::new();
        self.ordered(&mut list, current, mask, candidates);
        if list.len == 0 {
            // Every move loses at once: any will do.
            return Some(Proof::Result(-1, column(self.most_central(mask))));
        }
        // A root search in the window (-1, 1), keeping the move: a child worth at least 1
        // is a win; the first child worth 0 raises the window to (0, 1), where the later
        // children are only asked whether they win. Every value is fail-hard within its
        // window, so what it says about the result is proven. If the search stops first,
        // the moves proven to lose so far (children worth -1 in the first window) are
        // still worth knowing.
        let mut alpha = -1;
        let mut best = candidates & self.order[list.slot(0)];
        for i in 0..list.len {
            // A helper starts with another root move: the first thread to prove a win
            // answers (see `ConnectFourSolver::run`).
            let slot = list.slot(self.turned(i, list.len, moves));
            let mv = candidates & self.order[slot];
            let value = -self.negamax(
                current ^ mask,
                mask | mv,
                moves + 1,
                -1,
                -alpha,
                list.threats[slot],
            );
            if let Some(halt) = self.halt {
                let losing = self.columns(losing);
                return Some(Proof::Partial { losing, halt });
            }
            if value >= 1 {
                return Some(Proof::Result(1, column(mv)));
            }
            if value > alpha {
                alpha = value;
                best = mv;
            } else if alpha < 0 {
                losing |= mv;
            }
        }
        Some(Proof::Result(alpha, column(best)))
    }

    fn wdl_move_within(&mut self, position: &ConnectFour, low: i32, high: i32) -> Option<Proof> {
        let (current, mask) = (position.current(), position.mask());
        let moves = position.moves() as i32;
        let shape = self.geometry.shape();
        let column = |mv: u64| Column((mv.trailing_zeros() / shape.height) as u8);
        if low < 0 {
            // A known loss needs no search (no move keeps anything else); a position not
            // known to be won or drawn gets the whole search.
            return if high < 0 {
                Some(Proof::Result(-1, column(self.losing_move(current, mask))))
            } else {
                self.wdl_move(position)
            };
        }
        // Halted: where the result is known, the moves proven not to keep it by then
        // (the heuristic search leaves them out, as it does moves proven to lose).
        let partial = |search: &Self, failed: u64| Proof::Partial {
            losing: search.columns(failed),
            halt: search.halt.unwrap_or(Halt::Aborted),
        };
        if high > 0 {
            match self.move_reaching(current, mask, moves, 1, low > 0) {
                Reach::Move(mv) => return Some(Proof::Result(1, column(mv))),
                // Where a draw is still possible, a move that does not win may keep it.
                Reach::Halted(failed) => {
                    return Some(partial(self, if low > 0 { failed } else { 0 }))
                }
                Reach::Nothing if low > 0 => {
                    debug_assert!(false, "a position known to be won has no winning move");
                    return Some(Proof::Result(-1, column(self.most_central(mask))));
                }
                Reach::Nothing => {}
            }
        }
        // Drawn: a move whose child is not won keeps the draw.
        match self.move_reaching(current, mask, moves, 0, true) {
            Reach::Move(mv) => Some(Proof::Result(0, column(mv))),
            Reach::Halted(failed) => Some(partial(self, failed)),
            Reach::Nothing => {
                debug_assert!(false, "a position known to be drawn has no drawing move");
                Some(Proof::Result(0, column(self.most_central(mask))))
            }
        }
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
