//! The Othello endgame solver behind the search's [`Solver`] hook: decides whether a root
//! is its own, runs the exact search in an aspiration window around an estimate, and
//! reports the exact margin, an optimal move and a principal variation.
//!
//! When it takes a position is decided by [`takes_over`].

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::budget::control::Control;
use crate::budget::limits::{allot, Limits, StopFlag};
use crate::budget::priority::lower_helper_priority;
use crate::game::othello::endgame::{Endgame, SCORE_INF};
use crate::game::othello::table::{Table, DEFAULT_BITS};
use crate::game::othello::{eval, learned, Othello, OthelloMove, OthelloParams, Style};
use crate::game::score;
use crate::game::solver::{Solved, Solver, Verdict};
use crate::game::Game;
use crate::memory::TableError;

/// Half-width of the first window around the estimate, in discs. Margins are always even
/// (empties go to the winner), so odd bounds around an even estimate never equal a margin:
/// the window (g - 5, g + 5) proves the margin when it is one of g - 4 ..= g + 4.
const ASPIRATION: i32 = 5;
/// After a failed window, the next one reaches this far beyond the bound it returned
/// (odd, so the bounds stay odd), instead of to the end of the scale: a wide window costs
/// far more nodes than a second narrow one. Measured on FFO #40-#49 (nodes, 1 thread):
/// even bounds (g -+ 6) then the whole half-scale: 2,341 M; odd bounds (g -+ 5) then
/// 9 discs beyond the bound: 1,704 M; that with the depth-6 estimate below: 1,530 M.
const WIDEN: i32 = 9;
/// Roots with at least this many empties estimate their margin with a
/// [`ESTIMATE_DEPTH`]-ply search of the learned evaluation (a few milliseconds), smaller
/// ones with the static evaluation.
const ESTIMATE_EMPTIES: u32 = 18;
const ESTIMATE_DEPTH: u32 = 6;

/// The exact endgame solver with its own transposition table.
pub struct EndgameSolver {
    table: Table,
    /// Search threads: the caller's and `threads - 1` helpers sharing the table.
    threads: usize,
}

impl Default for EndgameSolver {
    fn default() -> Self {
        EndgameSolver {
            table: Table::new(DEFAULT_BITS),
            threads: 1,
        }
    }
}

/// The exact result of a root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// Final margin for the side to move, empties to the winner.
    pub margin: i32,
    /// An optimal move.
    pub best_move: OthelloMove,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<OthelloMove>,
}

impl EndgameSolver {
    /// Solves `position` exactly, or returns `None` if `control` aborted it first.
    /// `position` must not be finished.
    ///
    /// With more than one thread (`set_threads`), helpers solve the same root over the
    /// shared table, each trying the root moves in another order (Lazy SMP); the calling
    /// thread's answer is the result, and the helpers' nodes are added to `control`.
    ///
    /// `None` too when the table has no memory and cannot get it.
    pub fn solve_exact(&mut self, position: &Othello, control: &mut Control) -> Option<Exact> {
        if !self.table.new_search() {
            return None;
        }
        self.search(position, control)
    }

    /// [`EndgameSolver::solve_exact`] once the table's search generation has started.
    fn search(&mut self, position: &Othello, control: &mut Control) -> Option<Exact> {
        let table = &self.table;
        let helpers_stop = StopFlag::new();
        let helper_nodes = AtomicU64::new(0);
        let (result, aborted) = std::thread::scope(|scope| {
            for shift in 1..self.threads {
                let (stop, nodes) = (helpers_stop.clone(), &helper_nodes);
                let spawned = std::thread::Builder::new()
                    .name(format!("endgame helper {shift}"))
                    .spawn_scoped(scope, move || {
                        lower_helper_priority();
                        let mut control = Control::new(stop, None, None);
                        let mut search = Endgame::new(table, &mut control);
                        let _ = root(&mut search, position, shift);
                        search.flush();
                        nodes.fetch_add(control.nodes(), Relaxed);
                    });
                if let Err(error) = spawned {
                    log::warn!("cannot start endgame helper {shift}: {error}");
                }
            }
            let mut search = Endgame::new(table, control);
            let result = root(&mut search, position, 0);
            search.flush();
            helpers_stop.stop();
            (result, search.aborted)
        });
        control.add_nodes(helper_nodes.load(Relaxed));
        if aborted {
            return None;
        }
        let (margin, best_move) = result?;
        let pv = principal_variation(&self.table, position, best_move);
        Some(Exact {
            margin,
            best_move,
            pv,
        })
    }
}

/// A first guess of the margin from the evaluation, rounded to an even number.
fn estimate(position: &Othello) -> i32 {
    let guess = if position.empties() >= ESTIMATE_EMPTIES {
        let centi_discs = learned::embedded().search(
            position.player(),
            position.opponent(),
            ESTIMATE_DEPTH,
            -30_000,
            30_000,
        );
        centi_discs / 100
    } else {
        eval::evaluate(position, Style::Full) / 100
    };
    (guess / 2 * 2).clamp(-64 + ASPIRATION + 1, 64 - ASPIRATION - 1)
}

/// Searches the root in widening windows; returns the margin and an optimal move. Helper
/// `shift` (0 for the main thread) tries the root moves rotated by that many places.
fn root(search: &mut Endgame<'_>, position: &Othello, shift: usize) -> Option<(i32, OthelloMove)> {
    let (player, opponent) = (position.player(), position.opponent());
    if position.move_mask() == 0 {
        // A forced pass: the value is the opponent's, negated.
        let child = Othello::from_discs(opponent, player, position.side_to_move().opponent());
        let (margin, _) = root(search, &child, shift)?;
        return Some((-margin, OthelloMove::Pass));
    }
    let guess = estimate(position);
    let (mut alpha, mut beta) = (guess - ASPIRATION, guess + ASPIRATION);
    loop {
        let (score, best) = root_window(search, position, alpha, beta, shift)?;
        log::debug!(
            "othello solve window ({alpha}, {beta}) -> {score} after {} nodes",
            search.nodes
        );
        if score <= alpha && alpha > -SCORE_INF {
            beta = score + 1;
            alpha = if score - WIDEN < -64 {
                -SCORE_INF
            } else {
                score - WIDEN
            };
        } else if score >= beta && beta < SCORE_INF {
            alpha = score - 1;
            beta = if score + WIDEN > 64 {
                SCORE_INF
            } else {
                score + WIDEN
            };
        } else {
            return Some((score, best));
        }
    }
}

/// One fail-soft PVS pass over the root moves in (`alpha`, `beta`).
fn root_window(
    search: &mut Endgame<'_>,
    position: &Othello,
    mut alpha: i32,
    beta: i32,
    shift: usize,
) -> Option<(i32, OthelloMove)> {
    let (player, opponent) = (position.player(), position.opponent());
    let mut squares: Vec<(i32, u8)> = Vec::new();
    let hint = search
        .table
        .probe(player, opponent)
        .map_or(64, |hit| hit.best);
    let mut rest = position.move_mask();
    while rest != 0 {
        let square = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let mut child = *position;
        child.play(OthelloMove::Place(square));
        let key = if square == hint {
            -1000
        } else {
            child.move_mask().count_ones() as i32
        };
        squares.push((key, square));
    }
    squares.sort_unstable();
    let len = squares.len();
    squares.rotate_left(shift % len);
    let mut best = (-SCORE_INF, squares[0].1);
    for (i, &(_, square)) in squares.iter().enumerate() {
        let mut child = *position;
        child.play(OthelloMove::Place(square));
        let (p, o) = (child.player(), child.opponent());
        let score = if i == 0 {
            -search.solve(p, o, -beta, -alpha)
        } else {
            let probe = -search.solve(p, o, -alpha - 1, -alpha);
            if probe > alpha && probe < beta {
                -search.solve(p, o, -beta, -probe)
            } else {
                probe
            }
        };
        if search.aborted {
            return None;
        }
        if score > best.0 {
            best = (score, square);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    Some((best.0, OthelloMove::Place(best.1)))
}

/// The root's best move followed by the table's moves while they are exact and legal.
fn principal_variation(
    table: &Table,
    position: &Othello,
    best_move: OthelloMove,
) -> Vec<OthelloMove> {
    let mut pv = vec![best_move];
    let mut current = *position;
    current.play(best_move);
    while current.outcome().is_none() && pv.len() < 60 {
        let mv = if current.move_mask() == 0 {
            OthelloMove::Pass
        } else {
            match table.probe(current.player(), current.opponent()) {
                Some(hit) if hit.lower == hit.upper && hit.best < 64 => {
                    OthelloMove::Place(hit.best)
                }
                _ => break,
            }
        };
        if !current.is_legal(mv) {
            break;
        }
        pv.push(mv);
        current.play(mv);
    }
    pv
}

/// How many empties the solver can expect to finish within `limits`' time and node
/// budget (`None`: no budget). Measured here: about 20 empties per second and 30 M nodes
/// per second, and each further empty costs about three times as much, so the reach
/// grows by two empties per factor of ten.
fn reach(limits: &Limits) -> Option<u32> {
    let mut budget_ms: Option<f64> = limits.movetime.map(|t| t.as_secs_f64() * 1000.0);
    if let Some(clock) = limits.clock {
        let hard = allot(clock).1.as_secs_f64() * 1000.0;
        budget_ms = Some(budget_ms.map_or(hard, |b| b.min(hard)));
    }
    if let Some(nodes) = limits.nodes {
        let as_ms = nodes as f64 / 30_000.0;
        budget_ms = Some(budget_ms.map_or(as_ms, |b| b.min(as_ms)));
    }
    budget_ms.map(|ms| (14.0 + 2.0 * ms.max(1.0).log10()).floor() as u32)
}

/// Whether the solver answers a `go` with `limits` at `empties` empty squares.
///
/// Never with a depth limit. Otherwise with at most `EndgameEmpties` empties, and for
/// `go solve` (or a `go` without limits) at any number; but with a time or node budget
/// only as many empties as it can expect to finish ([`reach`], two more for `go solve`):
/// an aborted solve has no move better than the first legal one, while the depth-limited
/// search makes good use of the same time.
pub fn takes_over(empties: u32, params: &OthelloParams, limits: &Limits) -> bool {
    if limits.depth.is_some() {
        return false;
    }
    match reach(limits) {
        None => empties <= params.endgame_empties || limits.solve,
        Some(reach) => {
            empties <= params.endgame_empties.min(reach) || (limits.solve && empties <= reach + 2)
        }
    }
}

impl Solver<Othello> for EndgameSolver {
    fn clear(&mut self) {
        self.table.clear();
    }

    fn release(&mut self) {
        self.table.release();
    }

    /// The table holds at most `bytes` from now on (half of `Hash`; the transposition
    /// table has the other half).
    fn set_memory(&mut self, bytes: usize) {
        self.table.resize(bytes);
    }

    fn allocate(&mut self, bytes: usize) -> Result<(), TableError> {
        self.table.allocate(bytes)
    }

    fn prefault(&mut self, interrupted: &dyn Fn() -> bool) -> bool {
        self.table.map(interrupted)
    }

    fn set_threads(&mut self, threads: usize) -> bool {
        self.threads = threads.max(1);
        true
    }

    fn solve(
        &mut self,
        position: &Othello,
        params: &OthelloParams,
        limits: &Limits,
        control: &mut Control,
    ) -> Verdict<OthelloMove> {
        if !takes_over(position.empties(), params, limits) || position.outcome().is_some() {
            return Verdict::Declined;
        }
        if !self.table.new_search() {
            // No memory for the table: the generic search plays on without the solver.
            return Verdict::Declined;
        }
        let empties = position.empties();
        match self.search(position, control) {
            Some(exact) => Verdict::Solved(Solved {
                best_move: exact.best_move,
                score: score::margin(exact.margin),
                pv: exact.pv,
                depth: empties,
                within: false,
            }),
            None => Verdict::Aborted,
        }
    }
}
