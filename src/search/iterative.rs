//! Iterative deepening: the game's solver first, then deeper and deeper alpha-beta
//! iterations with aspiration windows, until a limit or a proof ends the search.

use std::time::{Duration, Instant};

use crate::budget::control::Control;
use crate::budget::limits::{Deadline, Limits, StopFlag};
use crate::game::score::{self, ScoreReport, INFINITY, MAX_PLY};
use crate::game::solver::{Solve, Solver, Verdict};
use crate::game::MoveList;
use crate::search::negamax::{Negamax, PvTable};
use crate::search::{Info, SearchResult, Tables};

/// Half-width of the first aspiration window, in centi-units.
const ASPIRATION_WINDOW: i32 = 40;

/// Searches `root` within `limits`, reporting each completed iteration to `on_info`.
///
/// Always returns a legal move when the game is not over (the first ordered move if even
/// depth 1 did not complete). Returns `None` only for a finished game.
pub fn search<G: Solve>(
    root: &G,
    params: &G::Params,
    limits: &Limits,
    tables: &mut Tables,
    solver: &mut G::Solver,
    stop: &StopFlag,
    mut on_info: impl FnMut(&Info<G::Move>),
) -> Option<SearchResult<G::Move>> {
    let start = Instant::now();
    let mut root_moves = MoveList::new();
    root.legal_moves(&mut root_moves);
    if root.outcome().is_some() || root_moves.is_empty() {
        return None;
    }
    let deadline = Deadline::new(limits, start);
    let mut control = Control::new(stop.clone(), deadline.hard, limits.nodes);
    tables.tt.new_search();
    tables.ordering.age();

    // The answer if nothing completes: the table's move if it is legal, else the game's
    // best-keyed search move (the first legal move for games without keys).
    let tt_move = tables
        .tt
        .probe(root.hash(), 0)
        .map(|hit| G::decode_move(hit.best_move));
    let (mut keyed, mut keys) = (MoveList::new(), MoveList::new());
    root.search_moves(&mut keyed, &mut keys);
    let best_keyed = (0..keyed.len())
        .rev()
        .max_by_key(|&i| keys[i])
        .map(|i| keyed[i])
        .filter(|mv| root_moves.contains(mv));
    let fallback = tt_move
        .filter(|mv| root_moves.contains(mv))
        .or(best_keyed)
        .unwrap_or(root_moves[0]);
    let mut result = SearchResult {
        best_move: fallback,
        score: ScoreReport::Cp(0),
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: vec![fallback],
    };

    match solver.solve(root, params, limits, &mut control) {
        Verdict::Solved(solved) => {
            let report = ScoreReport::new(solved.score, true, G::SCORING);
            result = SearchResult {
                best_move: solved.best_move,
                score: report,
                depth: solved.depth,
                nodes: control.nodes(),
                elapsed: start.elapsed(),
                pv: solved.pv,
            };
            on_info(&info_of(&result, solved.depth as usize, tables));
            wait_if_infinite(limits, &control);
            return Some(result);
        }
        Verdict::Aborted => {
            result.nodes = control.nodes();
            result.elapsed = start.elapsed();
            return Some(result);
        }
        Verdict::Declined => {}
    }

    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32 - 1)
        .clamp(1, MAX_PLY as u32 - 1);
    let single_reply_on_clock = root_moves.len() == 1 && limits.clock.is_some();
    let mut pv_table = PvTable::default();
    let mut previous = 0;
    for depth in 1..=max_depth {
        let past_soft_limit = depth > 1 && deadline.soft.is_some_and(|soft| Instant::now() >= soft);
        if past_soft_limit || !control.check() {
            break;
        }
        let mut search = Negamax::<G> {
            tt: &mut tables.tt,
            ordering: &mut tables.ordering,
            params,
            control: &mut control,
            pv: &mut pv_table,
            horizon_leaves: 0,
            seldepth: 0,
        };
        let Some((value, proven)) = aspiration(&mut search, root, depth, previous) else {
            break;
        };
        let seldepth = search.seldepth;
        previous = value;
        let pv: Vec<G::Move> = pv_table
            .root()
            .iter()
            .map(|&code| G::decode_move(code))
            .collect();
        let Some(&best) = pv.first().filter(|mv| root_moves.contains(mv)) else {
            break;
        };
        let report = ScoreReport::new(value, proven, G::SCORING);
        result = SearchResult {
            best_move: best,
            score: report,
            depth,
            nodes: control.nodes(),
            elapsed: start.elapsed(),
            pv,
        };
        log::debug!(
            "depth {depth} value {value} proven {proven} nodes {}",
            control.nodes()
        );
        on_info(&info_of(&result, seldepth, tables));
        if is_final(report, proven, depth) || single_reply_on_clock {
            break;
        }
    }
    result.nodes = control.nodes();
    result.elapsed = start.elapsed();
    wait_if_infinite(limits, &control);
    Some(result)
}

/// One iteration, in a narrow window around the previous value first.
/// Returns the value and whether it is proven, or `None` when aborted.
fn aspiration<G: Solve>(
    search: &mut Negamax<'_, G>,
    root: &G,
    depth: u32,
    previous: i32,
) -> Option<(i32, bool)> {
    let mut width = ASPIRATION_WINDOW;
    let (mut alpha, mut beta) = if depth >= 4 && !score::is_decisive(previous) {
        (previous - width, previous + width)
    } else {
        (-INFINITY, INFINITY)
    };
    loop {
        let horizon_before = search.horizon_leaves;
        let value = search.search(root, depth, 0, alpha, beta)?;
        if value <= alpha && alpha > -INFINITY {
            width *= 4;
            alpha = if width > 2000 {
                -INFINITY
            } else {
                (value - width).max(-INFINITY)
            };
        } else if value >= beta && beta < INFINITY {
            width *= 4;
            beta = if width > 2000 {
                INFINITY
            } else {
                (value + width).min(INFINITY)
            };
        } else {
            return Some((value, search.horizon_leaves == horizon_before));
        }
    }
}

/// Whether deeper iterations cannot change the result.
fn is_final(report: ScoreReport, proven: bool, depth: u32) -> bool {
    match report {
        // A win or loss at distance n is exact once every line n plies deep was searched.
        ScoreReport::Win(n) | ScoreReport::Loss(n) => proven || depth >= n,
        ScoreReport::Draw | ScoreReport::Disc(_) => proven,
        ScoreReport::Cp(_) => false,
    }
}

/// `go infinite` never answers on its own: wait for `stop`, polling every millisecond.
fn wait_if_infinite(limits: &Limits, control: &Control) {
    if limits.infinite {
        while !control.stop_flag().is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

fn info_of<M: Copy>(result: &SearchResult<M>, seldepth: usize, tables: &Tables) -> Info<M> {
    Info {
        depth: result.depth,
        seldepth: seldepth.max(result.depth as usize) as u32,
        score: result.score,
        nodes: result.nodes,
        elapsed: result.elapsed,
        hashfull: tables.tt.hashfull(),
        pv: result.pv.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tictactoe::TicTacToe;
    use crate::game::{Game, NoParams};
    use crate::search::NoSolver;

    fn solve(text: &str, limits: Limits) -> SearchResult<<TicTacToe as crate::game::Game>::Move> {
        let start = TicTacToe::new();
        let root = if text == "startpos" {
            start
        } else {
            start.parse_position(text).expect("valid")
        };
        let mut tables = Tables::try_new(1).expect("1 MiB");
        search(
            &root,
            &NoParams,
            &limits,
            &mut tables,
            &mut NoSolver,
            &StopFlag::new(),
            |_| {},
        )
        .expect("not over")
    }

    #[test]
    fn the_empty_board_is_a_proven_draw() {
        let result = solve(
            "startpos",
            Limits {
                depth: Some(9),
                ..Limits::default()
            },
        );
        assert_eq!(result.score, ScoreReport::Draw);
    }

    #[test]
    fn a_win_in_one_is_taken_and_reported() {
        // X to move completes the top row at c1.
        let result = solve("XX-OO---- X", Limits::default());
        assert_eq!(result.score, ScoreReport::Win(1));
        assert_eq!(TicTacToe::new().format_move(result.best_move), "c1");
    }

    #[test]
    fn a_lost_position_is_lost_slowest() {
        // O to move; X threatens c1 and c3 at once (a fork): O loses in 2 plies whatever it does.
        let result = solve("XX-OX-O-- O", Limits::default());
        assert_eq!(result.score, ScoreReport::Loss(2));
    }

    #[test]
    fn a_depth_limit_leaves_a_heuristic_score() {
        let result = solve(
            "startpos",
            Limits {
                depth: Some(2),
                ..Limits::default()
            },
        );
        assert!(
            matches!(result.score, ScoreReport::Cp(_)),
            "{:?}",
            result.score
        );
        assert_eq!(result.depth, 2);
    }
}
