//! Iterative deepening: the game's solver first, then deeper and deeper alpha-beta
//! iterations with aspiration windows, until a limit or a proof ends the search. With
//! helper threads (Lazy SMP, see [`crate::search::helpers`]) this is the main thread.

use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::budget::control::Control;
use crate::budget::limits::{Deadline, Limits, PonderHit, StopFlag};
use crate::game::score::{ScoreReport, INFINITY, MAX_PLY};
use crate::game::solver::{RefutationPolicy, Solve, Solver, Verdict};
use crate::game::MoveList;
use crate::search::helpers::{Deepest, Helper};
use crate::search::negamax::{Negamax, PvTable};
use crate::search::ordering::Ordering;
use crate::search::report::{Info, SearchResult};
use crate::search::tables::{Tables, SEARCH_STACK_BYTES};
use crate::search::tt::TranspositionTable;
use crate::search::window::{aspiration_keeping, is_final, proof_parity, WindowCentre};

/// The most best moves a search asks the solver to refute (`Solver::refutes`).
const MAX_REFUTATIONS: usize = 2;

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
    on_info: impl FnMut(&Info<G::Move>),
) -> Option<SearchResult<G::Move>> {
    let request = Request {
        root,
        params,
        limits,
        stop,
        ponder: None,
        received: None,
        searchmoves: &[],
        multipv: 1,
    };
    run(request, tables, solver, on_info, |_| {})
}

/// [`search`] to exactly `depth` plies, with no time limit, no stop from outside and no
/// reports: what benchmarks and the trainers need.
pub fn search_to_depth<G: Solve>(
    root: &G,
    params: &G::Params,
    depth: u32,
    tables: &mut Tables,
    solver: &mut G::Solver,
) -> Option<SearchResult<G::Move>> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search(
        root,
        params,
        &limits,
        tables,
        solver,
        &StopFlag::new(),
        |_| {},
    )
}

/// What one search is asked to do: the position, the game's settings, the limits, and how
/// it is told to stop or that its ponder move was played.
pub struct Request<'a, G: Solve> {
    pub root: &'a G,
    pub params: &'a G::Params,
    pub limits: &'a Limits,
    pub stop: &'a StopFlag,
    /// A ponder search: until this is hit the search has no time limit and does not end on
    /// its own (like `infinite`); from the hit on, `limits` apply with their time counted
    /// from the hit.
    pub ponder: Option<&'a PonderHit>,
    /// When the command asking for this search arrived, if the caller knows: the time
    /// limits count from then (a table resize queued before it must not lengthen the
    /// move), else from the start of the search.
    pub received: Option<Instant>,
    /// The root moves to choose from (`go searchmoves`); empty for all.
    pub searchmoves: &'a [G::Move],
    /// How many best root moves to search and report, each with its own line and score
    /// (`MultiPV`); 1 for the plain search.
    pub multipv: usize,
}

/// [`search`] for any [`Request`], ponder searches included.
///
/// `on_decided` gets the answer as soon as the main thread has it, after the helpers were
/// told to stop but before they are joined: a helper that the system has not scheduled for
/// a while (other programs on every core) would otherwise delay the answer. The helpers
/// are joined before this function returns.
pub fn run<G: Solve>(
    request: Request<'_, G>,
    tables: &mut Tables,
    solver: &mut G::Solver,
    mut on_info: impl FnMut(&Info<G::Move>),
    on_decided: impl FnOnce(&SearchResult<G::Move>),
) -> Option<SearchResult<G::Move>> {
    let Request {
        root,
        params,
        limits,
        stop,
        ponder,
        received,
        searchmoves,
        multipv,
    } = request;
    let start = received.unwrap_or_else(Instant::now);
    let mut root_moves = MoveList::new();
    root.legal_moves(&mut root_moves);
    if root.outcome().is_some() || root_moves.is_empty() {
        return None;
    }
    // `searchmoves` leaves the other legal moves out of every thread's root (none of them
    // legal: all stay in).
    let mut outside = Vec::new();
    if root_moves.iter().any(|mv| searchmoves.contains(mv)) {
        outside = root_moves
            .iter()
            .filter(|mv| !searchmoves.contains(mv))
            .map(|&mv| G::encode_move(mv))
            .collect();
        root_moves.retain(|mv| searchmoves.contains(mv));
    }
    tables.tt.new_search();
    tables.ordering.age();
    tables.helpers.iter_mut().for_each(Ordering::age);
    let Tables {
        tt,
        ordering,
        helpers,
    } = tables;
    let tt: &TranspositionTable = tt;
    let main = Main {
        root,
        params,
        limits,
        start,
        stop,
        ponder,
        tt,
        helper_nodes: (0..helpers.len())
            .map(|_| Arc::new(AtomicU64::new(0)))
            .collect(),
        deepest: Deepest::default(),
        multipv: multipv.clamp(1, root_moves.len()),
        outside,
        root_moves,
    };
    let solver_threaded = solver.set_threads(helpers.len() + 1);
    let mut control = main.control();
    if helpers.is_empty() {
        let result = main
            .solve(solver, &mut control, &mut on_info)
            .unwrap_or_else(|excluded| {
                main.iterate(ordering, solver, &mut control, &mut on_info, excluded)
            });
        on_decided(&result);
        return Some(result);
    }
    let helper_stop = StopFlag::new();
    let mut result = std::thread::scope(|scope| {
        let mut idle = Some(helpers);
        // A solver that uses the threads itself runs alone; the helpers start if it declines.
        if !solver_threaded {
            main.spawn_helpers(scope, idle.take(), &helper_stop);
        }
        let result = match main.solve(solver, &mut control, &mut on_info) {
            Ok(solved) => solved,
            Err(excluded) => {
                main.spawn_helpers(scope, idle.take(), &helper_stop);
                main.iterate(ordering, solver, &mut control, &mut on_info, excluded)
            }
        };
        helper_stop.stop();
        on_decided(&result);
        result
    });
    // Every helper is joined now: their final counts are in.
    result.nodes = main.nodes(control.nodes());
    result.main_nodes = control.nodes();
    Some(result)
}

/// The main thread's part of a search: the solver, then iterative deepening with reports.
struct Main<'a, G: Solve> {
    root: &'a G,
    root_moves: MoveList<G::Move>,
    params: &'a G::Params,
    limits: &'a Limits,
    start: Instant,
    stop: &'a StopFlag,
    ponder: Option<&'a PonderHit>,
    tt: &'a TranspositionTable,
    helper_nodes: Vec<Arc<AtomicU64>>,
    /// The helpers' deepest completed iteration.
    deepest: Deepest,
    /// The number of best lines searched and reported (1 to the number of root moves).
    multipv: usize,
    /// Codes of the legal moves outside `searchmoves` (not in `root_moves`): never searched.
    outside: Vec<u16>,
}

impl<G: Solve> Main<'_, G> {
    /// `main_nodes` plus the helpers' latest published counts.
    fn nodes(&self, main_nodes: u64) -> u64 {
        main_nodes
            + self
                .helper_nodes
                .iter()
                .map(|n| n.load(AtomicOrdering::Relaxed))
                .sum::<u64>()
    }

    /// The deadlines as they stand now (a ponder search has none before its hit).
    fn deadline(&self) -> Deadline {
        Deadline::now_for(self.limits, self.start, self.ponder)
    }

    /// Starts the helpers (if not yet started) as scoped threads.
    fn spawn_helpers<'scope>(
        &'scope self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        helpers: Option<&'scope mut Vec<Ordering>>,
        stop: &StopFlag,
    ) {
        let Some(helpers) = helpers else { return };
        for (i, (ordering, nodes)) in helpers.iter_mut().zip(&self.helper_nodes).enumerate() {
            let helper = Helper::<G> {
                index: i + 1,
                root: self.root.clone(),
                params: self.params.clone(),
                limits: *self.limits,
                tt: self.tt,
                ordering,
                stop: stop.clone(),
                nodes: nodes.clone(),
                deepest: &self.deepest,
                excluded: &self.outside,
            };
            let spawned = std::thread::Builder::new()
                .name(format!("helper {}", i + 1))
                .stack_size(SEARCH_STACK_BYTES)
                .spawn_scoped(scope, move || helper.run());
            if let Err(error) = spawned {
                // Fewer threads than asked for is still a correct search.
                log::warn!("cannot start search helper {}: {error}", i + 1);
            }
        }
    }

    /// The main thread's control: `stop`, the hard deadline (from the hit when pondering)
    /// and the node limit.
    fn control(&self) -> Control {
        let control = Control::new(self.stop.clone(), self.deadline().hard, self.limits.nodes);
        match self.ponder {
            Some(ponder) => control.pondering(ponder.clone(), *self.limits),
            None => control,
        }
    }

    /// The answer if nothing completes: the table's move if it is legal, else the game's
    /// best-keyed search move (the first legal move for games without keys), avoiding
    /// the `excluded` codes where it can.
    fn fallback(&self, excluded: &[u16]) -> SearchResult<G::Move> {
        let (root, root_moves) = (self.root, &self.root_moves);
        let allowed =
            |mv: &G::Move| root_moves.contains(mv) && !excluded.contains(&G::encode_move(*mv));
        let tt_move = self
            .tt
            .probe(root.hash(), 0)
            .map(|hit| G::decode_move(hit.best_move));
        let (mut keyed, mut keys) = (MoveList::new(), MoveList::new());
        root.search_moves(&mut keyed, &mut keys);
        let best_keyed = (0..keyed.len())
            .rev()
            .filter(|&i| allowed(&keyed[i]))
            .max_by_key(|&i| keys[i])
            .map(|i| keyed[i]);
        let fallback = tt_move
            .filter(allowed)
            .or(best_keyed)
            .or_else(|| root_moves.iter().copied().find(allowed))
            .unwrap_or(root_moves[0]);
        SearchResult {
            best_move: fallback,
            score: ScoreReport::Cp(0),
            depth: 0,
            nodes: 0,
            main_nodes: 0,
            elapsed: Duration::ZERO,
            pv: vec![fallback],
        }
    }

    /// The game's solver: the answer when it solved the root or was aborted; otherwise
    /// the codes of the root moves it proved losing (often none), for the search to skip.
    fn solve(
        &self,
        solver: &mut G::Solver,
        control: &mut Control,
        on_info: &mut impl FnMut(&Info<G::Move>),
    ) -> Result<SearchResult<G::Move>, Vec<u16>> {
        // The solver answers with one move of the whole root: several lines, or a root
        // restricted by `searchmoves`, are the search's to find.
        if self.multipv > 1 || !self.outside.is_empty() {
            return Err(self.outside.clone());
        }
        let verdict = solver.solve(self.root, self.params, self.limits, control);
        log::debug!("solver: {} us", self.start.elapsed().as_micros());
        match verdict {
            Verdict::Solved(solved) => {
                let report = ScoreReport::new(solved.score, true, G::SCORING);
                let report = if solved.within {
                    report.within()
                } else {
                    report
                };
                let result = SearchResult {
                    best_move: solved.best_move,
                    score: report,
                    depth: solved.depth,
                    nodes: self.nodes(control.nodes()),
                    main_nodes: control.nodes(),
                    elapsed: self.start.elapsed(),
                    pv: solved.pv,
                };
                on_info(&self.info_of(&result, solved.depth as usize));
                self.wait_if_infinite(control);
                Ok(result)
            }
            Verdict::Aborted => {
                let mut result = self.fallback(&[]);
                result.nodes = self.nodes(control.nodes());
                result.main_nodes = control.nodes();
                result.elapsed = self.start.elapsed();
                Ok(result)
            }
            Verdict::Declined => Err(Vec::new()),
            Verdict::Excluding(moves) => {
                let codes: Vec<u16> = moves.into_iter().map(G::encode_move).collect();
                // Never leave the search without a root move.
                if self
                    .root_moves
                    .iter()
                    .all(|&mv| codes.contains(&G::encode_move(mv)))
                {
                    Err(Vec::new())
                } else {
                    Err(codes)
                }
            }
        }
    }

    /// Iterative deepening until a limit or a proof, reporting every completed iteration.
    /// With early checks ([`RefutationPolicy::early_percent`]) the best move of each
    /// iteration that is not a win is offered to the solver (`Solver::refutes`, at most
    /// `MAX_REFUTATIONS` moves); a refuted move joins the `excluded` root moves and the
    /// iteration is searched again without it. With a final check
    /// ([`RefutationPolicy::final_percent`]) the move about to be played is offered once,
    /// after the iterations (see [`Main::final_check_time`]).
    fn iterate(
        &self,
        ordering: &mut Ordering,
        solver: &mut G::Solver,
        control: &mut Control,
        on_info: &mut impl FnMut(&Info<G::Move>),
        mut excluded: Vec<u16>,
    ) -> SearchResult<G::Move> {
        if self.multipv > 1 {
            return self.iterate_lines(ordering, control, on_info, &excluded);
        }
        let (root, limits, params) = (self.root, self.limits, self.params);
        let root_moves = &self.root_moves;
        // The moves left out of `root_moves` are in `excluded` too.
        let legal_moves = root_moves.len() + self.outside.len();
        let mut result = self.fallback(&excluded);
        let mut offered: Vec<u16> = Vec::new();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let single_reply_on_clock = root_moves.len() == 1 && limits.clock.is_some();
        let mut pv_table = PvTable::default();
        let mut previous = WindowCentre::<G>::new();
        let mut depth = 0;
        let mut prove_parity = None;
        // The report of an iteration whose value was the partial-list marker, held back
        // while the same depth is searched again in proof mode (see [`proof_parity`]).
        let mut held_back: Option<Info<G::Move>> = None;
        // Whether the answer is proven or forced (no helper's iteration can better it).
        let mut settled = false;
        let policy = solver.refutation_policy(params);
        // The final check still to come, and the time kept for it, by which the
        // iterations before it end early (`None`: a search without a clock).
        let mut final_check = self.final_check_time(policy);
        let mut kept = final_check.flatten();
        let early = |end: Option<Instant>, kept: Option<Duration>| {
            end.map(|end| kept.and_then(|kept| end.checked_sub(kept)).unwrap_or(end))
        };
        if kept.is_some() {
            control.set_hard_deadline(early(self.deadline().hard, kept));
        }
        // The deepest completed iteration's result for each best move (a refuted move's
        // stand-in until the iterations without it complete one).
        let mut completed: Vec<SearchResult<G::Move>> = Vec::new();
        loop {
            while depth < max_depth {
                depth += 1;
                let soft = early(self.deadline().soft, kept);
                let past_soft_limit = depth > 1 && soft.is_some_and(|soft| Instant::now() >= soft);
                if past_soft_limit || !control.check() {
                    break;
                }
                let mut search = Negamax::<G> {
                    tt: self.tt,
                    ordering: &mut *ordering,
                    params,
                    control: &mut *control,
                    pv: &mut pv_table,
                    horizon_leaves: 0,
                    seldepth: 0,
                    excluded: &excluded,
                    prove_parity,
                    forced_replies: 0,
                    extension: 0,
                    root_depth: 0,
                };
                let centre = previous.for_depth(depth);
                let mut partial = None;
                let Some((value, proven)) =
                    aspiration_keeping(&mut search, root, depth, centre, &mut partial)
                else {
                    // An unfinished iteration still counts where one of its root moves was
                    // searched in full and beat the window (Stockfish does the same).
                    if prove_parity.is_none() && !settled {
                        if let Some(better) = self.partial_best(&result, partial, &excluded) {
                            log::debug!("depth {depth} unfinished: its best move so far");
                            result = better;
                        }
                    }
                    break;
                };
                let seldepth = search.seldepth;
                previous.record(depth, value);
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
                    nodes: self.nodes(control.nodes()),
                    main_nodes: control.nodes(),
                    elapsed: self.start.elapsed(),
                    pv,
                };
                log::debug!(
                    "depth {depth} value {value} proven {proven} nodes {}",
                    control.nodes()
                );
                if prove_parity.is_none() {
                    if let Some(parity) = proof_parity(value, proven) {
                        // "Wins against every move searched" is not a win: search this depth
                        // again completing the loser's lists, and report that instead.
                        log::debug!("depth {depth}: partial-list win, searching it as a proof");
                        prove_parity = Some(parity);
                        held_back = Some(self.info_of(&result, seldepth));
                        depth -= 1;
                        continue;
                    }
                }
                held_back = None;
                on_info(&self.info_of(&result, seldepth));
                completed.retain(|done| done.best_move != best);
                completed.push(result.clone());
                if is_final(report, proven, depth) || single_reply_on_clock {
                    settled = true;
                    break;
                }
                let code = G::encode_move(best);
                if policy.early_percent > 0
                    && !matches!(report, ScoreReport::Win(_))
                    && offered.len() < MAX_REFUTATIONS
                    && !offered.contains(&code)
                    && excluded.len() + 1 < legal_moves
                {
                    offered.push(code);
                    let deadline = self.refutation_deadline(policy.early_percent);
                    let asked = Instant::now();
                    let refuted = solver.refutes(root, best, params, deadline, control);
                    log::debug!(
                        "depth {depth}: refutation check {} us, refuted {refuted}",
                        asked.elapsed().as_micros()
                    );
                    if refuted {
                        log::debug!("depth {depth}: the solver refutes the best move");
                        excluded.push(code);
                        result = self.fallback(&excluded);
                        depth -= 1;
                    }
                }
            }
            if let Some(info) = held_back.take() {
                // The proof search did not complete: the held-back iteration is the answer.
                on_info(&info);
            }
            if let Some(deeper) = self.deeper_helper(&result, &excluded).filter(|_| !settled) {
                log::debug!("answering with a helper's depth {}", deeper.depth);
                on_info(&self.info_of(&deeper, deeper.depth as usize));
                result = deeper;
            }
            if final_check.take().is_none() {
                break;
            }
            // The final check, in the time kept for it (not past the hard deadline).
            let hard = self.deadline().hard;
            let check_end =
                hard.map(|hard| kept.map_or(hard, |kept| hard.min(Instant::now() + kept)));
            kept = None;
            control.set_hard_deadline(hard);
            if settled || !control.check() {
                break;
            }
            let code = G::encode_move(result.best_move);
            if !matches!(result.score, ScoreReport::Win(_))
                && excluded.len() + 1 < legal_moves
                && !excluded.contains(&code)
            {
                let asked = Instant::now();
                let refuted = solver.refutes(root, result.best_move, params, check_end, control);
                log::debug!(
                    "depth {}: final refutation check {} us, refuted {refuted}, move {}",
                    result.depth,
                    asked.elapsed().as_micros(),
                    root.format_move(result.best_move)
                );
                if refuted {
                    // Search again from the start without it; until an iteration
                    // completes, the deepest other best move stands in.
                    excluded.push(code);
                    result = self.stand_in(&completed, &excluded);
                    completed.clear();
                    depth = 0;
                    prove_parity = None;
                    continue;
                }
            }
            // Not refuted: search on in what the check left.
            if depth >= max_depth || !control.check() {
                break;
            }
            depth = result.depth;
        }
        result.nodes = self.nodes(control.nodes());
        result.main_nodes = control.nodes();
        result.elapsed = self.start.elapsed();
        self.wait_if_infinite(control);
        result
    }

    /// Whether the search ends with a final check ([`RefutationPolicy::final_percent`]):
    /// `None` if not; `Some(kept)` if it does: the time kept for it, by which its soft and
    /// hard deadlines end the iterations early (`final_percent` of the time to the soft
    /// deadline, the planned length of the move); `None` for a search without a clock,
    /// which checks after its other limits. Never in an infinite or ponder search.
    fn final_check_time(&self, policy: RefutationPolicy) -> Option<Option<Duration>> {
        let percent = policy.final_percent;
        if percent == 0 || self.limits.infinite || self.ponder.is_some() {
            return None;
        }
        let deadline = self.deadline();
        let planned = deadline.soft.or(deadline.hard);
        Some(planned.map(|end| end.saturating_duration_since(self.start) * percent.min(100) / 100))
    }

    /// A refuted move's stand-in: the deepest `completed` iteration's result whose move
    /// is not `excluded`, else the fallback.
    fn stand_in(
        &self,
        completed: &[SearchResult<G::Move>],
        excluded: &[u16],
    ) -> SearchResult<G::Move> {
        completed
            .iter()
            .filter(|done| !excluded.contains(&G::encode_move(done.best_move)))
            .max_by_key(|done| done.depth)
            .cloned()
            .unwrap_or_else(|| self.fallback(excluded))
    }
    /// The answer of an unfinished iteration: its best root move so far (`partial`, see
    /// [`aspiration_keeping`]) when that is a legal, not `excluded` move other than the
    /// last completed iteration's (in `result`); the score and depth stay the completed
    /// iteration's. `None` when nothing better was found.
    fn partial_best(
        &self,
        result: &SearchResult<G::Move>,
        partial: Option<Vec<u16>>,
        excluded: &[u16],
    ) -> Option<SearchResult<G::Move>> {
        let pv = partial?;
        let &first = pv.first().filter(|code| !excluded.contains(code))?;
        let best = G::decode_move(first);
        if best == result.best_move || !self.root_moves.contains(&best) {
            return None;
        }
        Some(SearchResult {
            best_move: best,
            pv: pv.iter().map(|&code| G::decode_move(code)).collect(),
            ..result.clone()
        })
    }

    /// The helpers' deepest completed iteration as an answer, if it is deeper than the
    /// main thread's `result` and its move is a legal root move not `excluded`.
    fn deeper_helper(
        &self,
        result: &SearchResult<G::Move>,
        excluded: &[u16],
    ) -> Option<SearchResult<G::Move>> {
        let completed = self.deepest.get().filter(|c| c.depth > result.depth)?;
        let &first = completed
            .pv
            .first()
            .filter(|code| !excluded.contains(code))?;
        let best = G::decode_move(first);
        if !self.root_moves.contains(&best) {
            return None;
        }
        Some(SearchResult {
            best_move: best,
            score: ScoreReport::new(completed.value, completed.proven, G::SCORING),
            depth: completed.depth,
            nodes: result.nodes,
            main_nodes: result.main_nodes,
            elapsed: self.start.elapsed(),
            pv: completed
                .pv
                .iter()
                .map(|&code| G::decode_move(code))
                .collect(),
        })
    }

    /// When a question to `Solver::refutes` must be answered: a share of the move's time
    /// from now, never past its hard deadline (none for untimed searches).
    fn refutation_deadline(&self, percent: u32) -> Option<Instant> {
        let hard = self.deadline().hard?;
        let share = hard.saturating_duration_since(self.start) * percent.min(100) / 100;
        Some((Instant::now() + share).min(hard))
    }

    /// `go infinite` never answers on its own, nor does a ponder search before its hit:
    /// wait for `stop` (or the hit), polling every millisecond.
    fn wait_if_infinite(&self, control: &Control) {
        let waits = || self.limits.infinite || self.ponder.is_some_and(|p| p.time().is_none());
        while waits() && !control.stop_flag().is_stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn info_of(&self, result: &SearchResult<G::Move>, seldepth: usize) -> Info<G::Move> {
        Info {
            depth: result.depth,
            seldepth: seldepth.max(result.depth as usize) as u32,
            score: result.score,
            nodes: result.nodes,
            elapsed: result.elapsed,
            hashfull: self.tt.hashfull(),
            multipv: 0,
            pv: result.pv.clone(),
        }
    }

    /// Iterative deepening of the `multipv` best root moves (`MultiPV`), as Stockfish
    /// does it: at each depth the root is searched once per line with a full window,
    /// leaving out the moves the lines before chose, and the lines are reported best
    /// first, each with its own score and PV (`info ... multipv K ...`). An unfinished
    /// depth is not reported; the answer is the best line of the last completed one. The
    /// helpers search the whole root into the shared table only.
    fn iterate_lines(
        &self,
        ordering: &mut Ordering,
        control: &mut Control,
        on_info: &mut impl FnMut(&Info<G::Move>),
        excluded: &[u16],
    ) -> SearchResult<G::Move> {
        let (root, limits) = (self.root, self.limits);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut result = self.fallback(excluded);
        let mut pv_table = PvTable::default();
        // The moves left out of the line being searched: `excluded`, then the moves of the
        // lines before it at this depth.
        let mut left_out = excluded.to_vec();
        // (value, proven, line, seldepth) of each line found at this depth.
        let mut lines: Vec<(i32, bool, SearchResult<G::Move>, usize)> =
            Vec::with_capacity(self.multipv);
        'deepening: for depth in 1..=max_depth {
            let soft = self.deadline().soft;
            if (depth > 1 && soft.is_some_and(|soft| Instant::now() >= soft)) || !control.check() {
                break;
            }
            left_out.truncate(excluded.len());
            lines.clear();
            while lines.len() < self.multipv {
                let mut search = Negamax::<G> {
                    tt: self.tt,
                    ordering: &mut *ordering,
                    params: self.params,
                    control: &mut *control,
                    pv: &mut pv_table,
                    horizon_leaves: 0,
                    seldepth: 0,
                    excluded: &left_out,
                    prove_parity: None,
                    forced_replies: 0,
                    extension: 0,
                    root_depth: 0,
                };
                let Some(value) = search.search(root, depth, 0, -INFINITY, INFINITY) else {
                    break 'deepening;
                };
                let (proven, seldepth) = (search.horizon_leaves == 0, search.seldepth);
                let pv: Vec<G::Move> = pv_table
                    .root()
                    .iter()
                    .map(|&code| G::decode_move(code))
                    .collect();
                let Some(&best) = pv.first().filter(|mv| {
                    self.root_moves.contains(mv) && !left_out.contains(&G::encode_move(**mv))
                }) else {
                    // No move left to search at this depth (a game's partial list).
                    break;
                };
                left_out.push(G::encode_move(best));
                let line = SearchResult {
                    best_move: best,
                    score: ScoreReport::new(value, proven, G::SCORING),
                    depth,
                    nodes: 0,
                    main_nodes: 0,
                    elapsed: Duration::ZERO,
                    pv,
                };
                lines.push((value, proven, line, seldepth));
            }
            if lines.is_empty() {
                break;
            }
            // A later line can come out better than an earlier one (the table learned in
            // between): best first, the order of search among equals.
            lines.sort_by_key(|&(value, ..)| std::cmp::Reverse(value));
            let (nodes, elapsed) = (self.nodes(control.nodes()), self.start.elapsed());
            for (index, (_, _, line, seldepth)) in lines.iter_mut().enumerate() {
                line.nodes = nodes;
                line.main_nodes = control.nodes();
                line.elapsed = elapsed;
                let mut info = self.info_of(line, *seldepth);
                info.multipv = index as u32 + 1;
                on_info(&info);
            }
            result = lines[0].2.clone();
            if lines
                .iter()
                .all(|&(_, proven, ref line, _)| is_final(line.score, proven, depth))
            {
                break;
            }
        }
        result.nodes = self.nodes(control.nodes());
        result.main_nodes = control.nodes();
        result.elapsed = self.start.elapsed();
        self.wait_if_infinite(control);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::score;
    use crate::game::solver::NoSolver;
    use crate::game::tictactoe::TicTacToe;
    use crate::game::EVAL_LIMIT;
    use crate::game::{Game, NoParams};

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
    fn time_limits_count_from_when_the_go_arrived() {
        let root = TicTacToe::new();
        let limits = Limits {
            movetime: Some(Duration::from_millis(500)),
            ..Limits::default()
        };
        let search = |received| {
            let mut tables = Tables::try_new(1).expect("1 MiB");
            let request = Request {
                root: &root,
                params: &NoParams,
                limits: &limits,
                stop: &StopFlag::new(),
                ponder: None,
                received,
                searchmoves: &[],
                multipv: 1,
            };
            run(request, &mut tables, &mut NoSolver, |_| {}, |_| {}).expect("not over")
        };
        // Counted from now, 500 ms prove the draw (9 plies take microseconds).
        let now = search(None);
        assert_eq!((now.depth, now.score), (9, ScoreReport::Draw));
        // A `go` that arrived 2 s ago (behind a table resize, say) is already out of time:
        // it answers at once with at most a first iteration.
        let late = search(Instant::now().checked_sub(Duration::from_secs(2)));
        assert!(late.depth <= 1, "{late:?}");
        assert!(late.elapsed >= Duration::from_secs(2));
        assert!(root.is_legal(late.best_move));
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
    fn only_the_unproven_partial_list_marker_starts_a_proof_search() {
        // A win against every searched move: complete the opponent's lists (odd plies).
        assert_eq!(proof_parity(EVAL_LIMIT, false), Some(1));
        // A loss against every searched move: complete our own (even plies).
        assert_eq!(proof_parity(-EVAL_LIMIT, false), Some(0));
        assert_eq!(proof_parity(EVAL_LIMIT - 1, false), None);
        assert_eq!(proof_parity(0, true), None);
        assert_eq!(proof_parity(score::win_in(7), true), None);
        assert_eq!(proof_parity(score::loss_in(8), false), None);
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

    #[test]
    fn windows_centre_on_the_same_parity_only_where_the_evaluation_swings() {
        let mut steady = WindowCentre::<TicTacToe>::new();
        let mut swinging = WindowCentre::<crate::game::othello::Othello>::new();
        assert_eq!((steady.for_depth(1), swinging.for_depth(1)), (0, 0));
        for (depth, value) in [(1, -150), (2, 450), (3, -60)] {
            steady.record(depth, value);
            swinging.record(depth, value);
        }
        assert_eq!(steady.for_depth(4), -60, "the last value");
        assert_eq!(swinging.for_depth(4), 450, "the last even depth's value");
        assert_eq!(swinging.for_depth(5), -60);
        let mut fresh = WindowCentre::<crate::game::othello::Othello>::new();
        fresh.record(1, 70);
        assert_eq!(fresh.for_depth(2), 70, "no even value yet: the odd one");
    }

    /// The main thread of a tic-tac-toe search at `root`, its helpers' offers in `deepest`.
    fn main_at<'a>(
        root: &'a TicTacToe,
        limits: &'a Limits,
        stop: &'a StopFlag,
        tt: &'a TranspositionTable,
    ) -> Main<'a, TicTacToe> {
        let mut root_moves = MoveList::new();
        root.legal_moves(&mut root_moves);
        Main {
            root,
            root_moves,
            params: &NoParams,
            limits,
            start: Instant::now(),
            stop,
            ponder: None,
            tt,
            helper_nodes: Vec::new(),
            deepest: Deepest::default(),
            multipv: 1,
            outside: Vec::new(),
        }
    }

    #[test]
    fn an_unfinished_iteration_answers_with_a_better_root_move_only() {
        let game = TicTacToe::new();
        let root = game.parse_position("X---O---- X").expect("valid");
        let (limits, stop) = (Limits::default(), StopFlag::new());
        let tt = TranspositionTable::try_new(1).expect("1 MiB");
        let main = main_at(&root, &limits, &stop, &tt);
        let code = |text: &str| TicTacToe::encode_move(game.parse_move(text).expect("a move"));
        let mut result = main.fallback(&[]);
        result.best_move = game.parse_move("b1").expect("a move");
        result.depth = 4;
        result.score = ScoreReport::Cp(10);
        assert_eq!(
            main.partial_best(&result, None, &[]),
            None,
            "nothing beat it"
        );
        let line = vec![code("c3"), code("a3")];
        let better = main
            .partial_best(&result, Some(line.clone()), &[])
            .expect("another move beat the window");
        assert_eq!(game.format_move(better.best_move), "c3");
        assert_eq!((better.depth, better.score), (4, ScoreReport::Cp(10)));
        assert_eq!(better.pv.len(), 2);
        assert_eq!(
            main.partial_best(&result, Some(line), &[code("c3")]),
            None,
            "a move the solver refuted"
        );
        assert_eq!(
            main.partial_best(&result, Some(vec![code("b1")]), &[]),
            None,
            "the same move"
        );
        assert_eq!(
            main.partial_best(&result, Some(vec![code("b2")]), &[]),
            None,
            "b2 is taken"
        );
    }

    #[test]
    fn an_aborted_aspiration_keeps_the_line_of_a_root_move_that_beat_its_window() {
        use crate::game::Game;
        let root = TicTacToe::new();
        let mut legal = MoveList::new();
        root.legal_moves(&mut legal);
        let (mut kept, mut completed) = (0, 0);
        for limit in (50..4000).step_by(50) {
            let tt = TranspositionTable::try_new(1).expect("1 MiB");
            let mut ordering = Ordering::default();
            let mut control = Control::new(StopFlag::new(), None, Some(limit));
            let mut pv = PvTable::default();
            let mut search = Negamax::<TicTacToe> {
                tt: &tt,
                ordering: &mut ordering,
                params: &NoParams,
                control: &mut control,
                pv: &mut pv,
                horizon_leaves: 0,
                seldepth: 0,
                excluded: &[],
                prove_parity: None,
                forced_replies: 0,
                extension: 0,
                root_depth: 0,
            };
            let mut partial = None;
            match aspiration_keeping(&mut search, &root, 9, 0, &mut partial) {
                Some(_) => completed += 1,
                None => {
                    if let Some(line) = partial {
                        kept += 1;
                        let first = TicTacToe::decode_move(line[0]);
                        assert!(legal.contains(&first), "{limit}: a root move");
                    }
                }
            }
        }
        assert!(
            kept > 0,
            "some aborted searches had a root move searched in full"
        );
        assert!(completed > 0, "large limits complete");
    }

    #[test]
    fn a_deeper_helper_iteration_is_the_answer_when_its_move_is_allowed() {
        use crate::search::helpers::Completed;
        let game = TicTacToe::new();
        let root = game.parse_position("XX-OO---- X").expect("valid");
        let (limits, stop) = (Limits::default(), StopFlag::new());
        let tt = TranspositionTable::try_new(1).expect("1 MiB");
        let main = main_at(&root, &limits, &stop, &tt);
        let code = |text: &str| TicTacToe::encode_move(game.parse_move(text).expect("a move"));
        let mine = main.fallback(&[]);
        let mut result = mine.clone();
        result.depth = 2;
        assert_eq!(main.deeper_helper(&result, &[]), None, "no offer yet");
        main.deepest.offer(Completed {
            depth: 2,
            value: 30,
            proven: false,
            pv: vec![code("c1")],
        });
        assert_eq!(main.deeper_helper(&result, &[]), None, "not deeper");
        main.deepest.offer(Completed {
            depth: 3,
            value: 25,
            proven: false,
            pv: vec![code("c1"), code("c2")],
        });
        let deeper = main.deeper_helper(&result, &[]).expect("deeper");
        assert_eq!(game.format_move(deeper.best_move), "c1");
        assert_eq!((deeper.depth, deeper.score), (3, ScoreReport::Cp(25)));
        assert_eq!(deeper.pv.len(), 2);
        assert_eq!(
            main.deeper_helper(&result, &[code("c1")]),
            None,
            "a move the solver refuted"
        );
        // A shallower offer never replaces a deeper one; an occupied cell is no answer.
        main.deepest.offer(Completed {
            depth: 1,
            value: 0,
            proven: false,
            pv: vec![code("a1")],
        });
        assert_eq!(main.deepest.get().map(|c| c.depth), Some(3));
        main.deepest.offer(Completed {
            depth: 4,
            value: 0,
            proven: false,
            pv: vec![code("a1")],
        });
        assert_eq!(main.deeper_helper(&result, &[]), None, "a1 is taken");
    }
}
