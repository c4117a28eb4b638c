//! The root solver: a win of the side to move by threats (the shortest VCF, a shallow VCT
//! by iterative deepening, in timed searches the same with quiet threats, then a VCT of
//! any length by proof numbers or, given a second or more, depth-first proof numbers
//! with and without quiet threats of a VCT, then their iterative deepening), and
//! otherwise the defence: the candidate moves after which the opponent has such a win
//! are proven losing, and the main search leaves them out.

use std::time::{Duration, Instant};

use crate::budget::control::Control;
use crate::budget::limits::Deadline;
use crate::budget::Limits;
use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::moves::search_moves;
use crate::game::gomoku::proof::CheckReach;
use crate::game::gomoku::vcf::{
    Interrupted, Proof, ThreatSolver, Threats, MAX_VCF_PLIES, SHALLOW_VCT_PLIES,
};
use crate::game::gomoku::{Cell, Gomoku, GomokuParams, Rule};
use crate::game::score::win_in;
use crate::game::solver::{RefutationPolicy, Solved, Solver, Verdict};
use crate::game::{Game, MoveList};

/// Node budget of the VCF part of a win search.
const VCF_NODES: u64 = 200_000;
/// Percentage of a move of at least `LONG_MOVE` the search for the side to move's own
/// win may use (shorter moves: `GomokuAttackShare`).
const LONG_ATTACK_SHARE: u32 = 45;
/// The shortest move whose win search gets `LONG_ATTACK_SHARE`.
const LONG_MOVE: Duration = Duration::from_millis(1000);
/// The share of a long move when the plain df-pn of a window of at least
/// `QUIET_VCT_TIME` is still running at the end of its slice (`find_long_win`): it then
/// runs to its share of this longer window, and the later stages and the defence follow
/// in it. Shared sp2-ply19 needs 1.9-2.9 s of plain df-pn (CPU, by the load) where a 5 s
/// move gives it 1.8 s; of 135 positions of freestyle games against Rapfi the plain
/// df-pn ran out of 1.8 s on 5 (the others ended within 1 s), so
/// the main search loses the time on few moves, and only in moves of at least 2.2 s
/// (shorter ones run no df-pn).
const EXTENDED_ATTACK_TIME_SHARE: u32 = 65;

/// The percentage of a timed move the search for the side to move's own win may use:
/// `short_share` (the option) for a move shorter than `LONG_MOVE`, else the larger of
/// it and `LONG_ATTACK_SHARE`.
fn attack_share(short_share: u32, long: bool) -> u32 {
    if long {
        short_share.clamp(LONG_ATTACK_SHARE, 100)
    } else {
        short_share.min(100)
    }
}

/// The shortest window of the win search that tries quiet threats of a VCT.
const QUIET_VCT_TIME: Duration = Duration::from_millis(1000);
/// Percentages of a window of at least `QUIET_VCT_TIME` at which the plain VCT, the
/// VCT with quiet threats of a VCF, the plain df-pn and the df-pn with quiet threats of
/// a VCT stop (`find_long_win`).
/// The plain df-pn exhausts its threat space within milliseconds where the win needs
/// quiet moves (own set: g7, g11, g15, g28, g35, g39), so it may run long where it does
/// not (g26 needs 1.7 s of it) and the quiet df-pn still gets most of the window. Where
/// it runs to its end (sp2-ply19, sp3-ply58 of the sets), the stages after it find
/// nothing in what is left, so it may run to 95% (was 90%).
const PLAIN_VCT_PERCENT: u32 = 5;
const QUIET_VCT_PERCENT: u32 = 10;
const PLAIN_DFPN_PERCENT: u32 = 95;
const QUIET_DFPN_PERCENT: u32 = 98;
/// The node budget of the df-pn with quiet threats, in VCT budgets (`GomokuVctNodes`):
/// it counts the nodes of its quiet-threat checks too (own-set g25: 3.6M nodes, 1.7 s),
/// and its share of a window of at least `QUIET_VCT_TIME` bounds it in time anyway.
/// The root's own win search (`ThreatSolver::solve`) has no node budget for it: its time
/// share alone bounds it, so that a long move proves what the stage can (shared
/// sp3-ply58 needs about 11M nodes, 9 s; at 8M the search gave up after 10 s of a 60 s
/// move and the stages' share went unused).
const QUIET_DFPN_NODES_FACTOR: u64 = 4;
/// The shortest window whose df-pn with quiet threats stops at `WIDE_SPLIT_PERCENT` and
/// hands the rest (to `QUIET_DFPN_PERCENT`) to the same search with wider threat checks
/// (`CheckReach::WIDE`): a move of about 200 s or more (a 45% share). The wider checks
/// cost 4x on shared sp3-ply58 (40 s instead of 10), which the normal search proves
/// first, and prove sp1-ply21, which no normal search does (74 s alone).
const WIDE_CHECK_TIME: Duration = Duration::from_secs(90);
const WIDE_SPLIT_PERCENT: u32 = 30;
/// Quiet candidates a node of the df-pn with quiet threats.
const DFPN_QUIET_TRIES: usize = 3;
/// Percentage of a timed move the defence may use (after the attack).
const DEFENCE_TIME_SHARE: u32 = 10;
/// Node budget of one defence check, as a fraction of the VCT budget.
const DEFENCE_NODES_DIVISOR: u64 = 16;
/// Node budget of the check of a best move (`refutes`), as a fraction of the VCT budget.
const REFUTATION_NODES_DIVISOR: u64 = 4;

/// The window of `find_long_win`: from `start` to `end`, or to `extended` once its
/// plain df-pn has run past its share of `end`.
#[derive(Clone, Copy)]
struct Window {
    start: Instant,
    end: Option<Instant>,
    extended: Option<Instant>,
}

impl Window {
    /// `percent` of the way from `start` to `end`.
    fn part(self, end: Option<Instant>, percent: u32) -> Option<Instant> {
        end.map(|end| self.start + end.saturating_duration_since(self.start) * percent / 100)
    }

    /// Whether the window is long enough for the df-pn with wider threat checks
    /// (`WIDE_CHECK_TIME`; the extension does not count).
    fn wide(self) -> bool {
        self.end
            .is_some_and(|end| end.saturating_duration_since(self.start) >= WIDE_CHECK_TIME)
    }

    /// The end of a stage that stops at `percent` of the window: the plain df-pn's
    /// (`plain_dfpn`) of the extended one, a later stage's of the extended one once the
    /// plain df-pn has `overrun` its share of `end`, any other's of `end`.
    fn stage_end(self, plain_dfpn: bool, overrun: bool, percent: u32) -> Option<Instant> {
        match plain_dfpn || overrun {
            true => self.part(self.extended, percent),
            false => self.part(self.end, percent),
        }
    }
}

/// The defence's deadline: its share of the move (`defence`, from `now`) after the end of
/// the win search (`attack_end`, extended or not, and not before the present).
fn defence_deadline(
    now: Instant,
    attack_end: Option<Instant>,
    defence: Option<Instant>,
    present: Instant,
) -> Option<Instant> {
    defence.map(|defence| attack_end.map_or(defence, |end| end.max(present) + (defence - now)))
}

/// The node budgets of a win search: each VCT stage's, and the df-pn's with quiet
/// threats of a VCT (`find_long_win`).
#[derive(Clone, Copy)]
struct Budgets {
    vct_nodes: u64,
    quiet_dfpn_nodes: u64,
}

/// A stage of `find_long_win`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Iterative deepening up to these plies.
    Deepening(u32),
    /// Depth-first proof numbers, the threat checks of quiet moves reaching this far.
    Dfpn(CheckReach),
}

impl ThreatSolver {
    /// A win of the side to move by threats: the shortest VCF, else a VCT by iterative
    /// deepening (quick on short wins), and with `numbers` in timed searches outside
    /// renju the same with quiet threats of a VCF, then one of any length by proof
    /// numbers; given `QUIET_VCT_TIME`, the stages of `find_long_win` instead.
    /// `Ok(None)`: none found within the budgets.
    ///
    /// # Errors
    /// Stopped by `control` (the clock, `stop`, the node limit).
    pub fn find_win(
        &mut self,
        position: &Gomoku,
        vct_nodes: u64,
        numbers: bool,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        let budgets = Budgets {
            vct_nodes,
            quiet_dfpn_nodes: vct_nodes.saturating_mul(QUIET_DFPN_NODES_FACTOR),
        };
        self.find_win_extending(position, budgets, numbers, deadline, deadline, control)
    }

    /// `find_win`, whose plain df-pn (given `QUIET_VCT_TIME`) may run on towards
    /// `extended` (`find_long_win`).
    fn find_win_extending(
        &mut self,
        position: &Gomoku,
        budgets: Budgets,
        numbers: bool,
        deadline: Option<Instant>,
        extended: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        let vct_nodes = budgets.vct_nodes;
        // With `numbers` in a timed search outside renju: the plain VCT to 40% of the time
        // (the quick, common wins), the VCT with quiet threats of a VCF to 85%, then the
        // proof numbers. Given at least `QUIET_VCT_TIME`: `find_long_win` (df-pn).
        // Shorter windows keep this split: at 100 ms a move it scored 55% against the
        // split for long windows (120 games, -38 +/- 45 Elo for the latter).
        // Untimed searches and `bench` run the plain VCT and the proof numbers only.
        let now = Instant::now();
        let part = |num: u32, den: u32| {
            deadline.map(|end| now + end.saturating_duration_since(now) * num / den)
        };
        let quiet = numbers && deadline.is_some() && position.board().rule() != Rule::Renju;
        let quiet_vct = quiet
            && deadline.is_some_and(|end| end.saturating_duration_since(now) >= QUIET_VCT_TIME);
        if quiet_vct {
            let window = Window {
                start: now,
                end: deadline,
                extended: extended.max(deadline),
            };
            return self.find_long_win(position, budgets, window, control);
        }
        let (plain_end, quiet_end) = match numbers {
            true => (part(2, 5), part(17, 20)),
            false => (deadline, deadline),
        };
        let quiet_budget = if quiet { vct_nodes } else { 0 };
        let stages = [
            (
                Threats::Fours,
                Some(MAX_VCF_PLIES),
                VCF_NODES.min(vct_nodes.max(1_000)),
                deadline,
            ),
            (
                Threats::FoursAndThrees,
                Some(SHALLOW_VCT_PLIES),
                vct_nodes,
                plain_end,
            ),
            // Only in timed searches (their time slices are what bound them), and not in
            // renju, where they would repeat the plain stage.
            (
                Threats::Quiet,
                Some(SHALLOW_VCT_PLIES),
                quiet_budget,
                quiet_end,
            ),
            (
                Threats::FoursAndThrees,
                None,
                if numbers { vct_nodes } else { 0 },
                deadline,
            ),
        ];
        for (threats, plies, budget, deadline) in stages {
            if budget == 0 {
                continue;
            }
            let result = match plies {
                Some(plies) => self.prove(position, threats, plies, budget, deadline, control),
                None => self.prove_by_numbers(position, threats, budget, deadline, control),
            };
            match result {
                Ok(Some(proof)) => return Ok(Some(proof)),
                Ok(None) | Err(Interrupted::Budget) => {}
                Err(Interrupted::Aborted) => return Err(Interrupted::Aborted),
            }
        }
        Ok(None)
    }

    /// `find_win` given at least `QUIET_VCT_TIME` (timed searches outside renju): the VCF,
    /// the plain iterative-deepening VCT to 5% of the window and the one with quiet
    /// threats of a VCF to 10% (quick on the common short wins), the depth-first
    /// proof-number search with fours and threes to 95% (it exhausts its threat space
    /// within milliseconds where quiet moves are needed, so this costs the next stage
    /// little), the same with quiet threats of a VCT to 98% (with the proofs of the
    /// former), then the iterative-deepening VCT with quiet threats of a VCT to the end.
    /// The plain df-pn runs to 95% of `window.extended`; if it is still running at 95%
    /// of `window.end` (it has neither proven nor exhausted its threat space by then),
    /// the later stages take their shares of the extended window too.
    fn find_long_win(
        &mut self,
        position: &Gomoku,
        budgets: Budgets,
        window: Window,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        let vct_nodes = budgets.vct_nodes;
        let wide = window.wide();
        let stages = [
            (Stage::Deepening(MAX_VCF_PLIES), Threats::Fours, 100),
            (
                Stage::Deepening(SHALLOW_VCT_PLIES),
                Threats::FoursAndThrees,
                PLAIN_VCT_PERCENT,
            ),
            (
                Stage::Deepening(SHALLOW_VCT_PLIES),
                Threats::Quiet,
                QUIET_VCT_PERCENT,
            ),
            (
                Stage::Dfpn(CheckReach::NORMAL),
                Threats::FoursAndThrees,
                PLAIN_DFPN_PERCENT,
            ),
            (
                Stage::Dfpn(CheckReach::NORMAL),
                Threats::QuietVct,
                if wide {
                    WIDE_SPLIT_PERCENT
                } else {
                    QUIET_DFPN_PERCENT
                },
            ),
            (
                Stage::Dfpn(CheckReach::WIDE),
                Threats::QuietVct,
                QUIET_DFPN_PERCENT,
            ),
            (Stage::Deepening(SHALLOW_VCT_PLIES), Threats::QuietVct, 100),
        ];
        let mut overrun = false;
        for (stage, threats, percent) in stages {
            if stage == Stage::Dfpn(CheckReach::WIDE) && !wide {
                continue;
            }
            let plain_dfpn = matches!(stage, Stage::Dfpn(_)) && threats == Threats::FoursAndThrees;
            let end = window.stage_end(plain_dfpn, overrun, percent);
            let budget = match (stage, threats) {
                (_, Threats::Fours) => VCF_NODES.min(vct_nodes.max(1_000)),
                (Stage::Dfpn(_), Threats::QuietVct) => budgets.quiet_dfpn_nodes,
                _ => vct_nodes,
            };
            let result = match stage {
                Stage::Deepening(plies) => {
                    self.prove(position, threats, plies, budget, end, control)
                }
                Stage::Dfpn(checks) => self.dfpn.prove_reaching(
                    position,
                    threats,
                    DFPN_QUIET_TRIES,
                    checks,
                    budget,
                    end,
                    control,
                ),
            };
            match result {
                Ok(Some(proof)) => return Ok(Some(proof)),
                Ok(None) | Err(Interrupted::Budget) => {}
                Err(Interrupted::Aborted) => return Err(Interrupted::Aborted),
            }
            let slice_end = window.part(window.end, percent);
            overrun |= plain_dfpn && slice_end.is_some_and(|slice_end| Instant::now() > slice_end);
        }
        Ok(None)
    }

    /// The root's candidate moves after which the opponent has a win by threats, found
    /// within `budget` nodes per move until `deadline`. Empty when the opponent, even
    /// moving now, has no such win (a stone of ours cannot give it one), when the answer
    /// is forced anyway (a four or an open three to stop: the main search is exact
    /// there), or when every candidate loses (the search then picks the longest defence).
    ///
    /// # Errors
    /// Stopped by `control`.
    pub fn losing_moves(
        &mut self,
        position: &Gomoku,
        budget: u64,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Vec<Cell>, Interrupted> {
        let board = position.board();
        let me = position.side_to_move().index();
        let them = 1 - me;
        if board.class_count(me, cell_class::FIVE) > 0
            || board.class_count(them, cell_class::FIVE) > 0
            || board.class_count(them, cell_class::OPEN_FOUR) > 0
        {
            return Ok(Vec::new());
        }
        let mut moves = MoveList::<Cell>::new();
        let mut keys = MoveList::<i32>::new();
        search_moves(position, &mut moves, &mut keys);
        if moves.len() < 2 {
            return Ok(Vec::new());
        }
        // Their win if we passed: a move can only stop a threat that exists.
        let mut passed = position.clone();
        passed.set_side(position.side_to_move().opponent());
        let share = |parts: u32| {
            deadline.map(|end| {
                let left = end.saturating_duration_since(Instant::now());
                Instant::now() + left / parts.max(1)
            })
        };
        if self
            .find_win(
                &passed,
                budget,
                false,
                share(moves.len() as u32 + 1),
                control,
            )?
            .is_none()
        {
            return Ok(Vec::new());
        }
        let mut losing = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            if deadline.is_some_and(|end| Instant::now() + Duration::from_micros(200) >= end) {
                break;
            }
            let mut child = position.clone();
            child.play(mv);
            if child.outcome().is_some() {
                continue;
            }
            let window = share((moves.len() - i) as u32);
            if self
                .find_win(&child, budget, false, window, control)?
                .is_some()
            {
                losing.push(mv);
            }
        }
        if losing.len() == moves.len() {
            losing.clear();
        }
        Ok(losing)
    }
}

impl Solver<Gomoku> for ThreatSolver {
    fn clear(&mut self) {
        self.forget();
    }

    fn release(&mut self) {
        ThreatSolver::release(self);
    }

    fn set_memory(&mut self, bytes: usize) {
        self.set_memory_budget(bytes);
    }

    fn allocate(&mut self, bytes: usize) -> Result<(), crate::memory::TableError> {
        ThreatSolver::allocate(self, bytes)
    }

    fn refutes(
        &mut self,
        position: &Gomoku,
        mv: Cell,
        params: &GomokuParams,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> bool {
        if !params.threat_solver || !params.defence || !params.refutations || !position.is_legal(mv)
        {
            return false;
        }
        let mut child = position.clone();
        child.play(mv);
        if child.outcome().is_some() {
            return false;
        }
        // Untimed (depth-limited) searches get a small, fixed budget.
        let divisor = match deadline {
            Some(_) => REFUTATION_NODES_DIVISOR,
            None => 16 * REFUTATION_NODES_DIVISOR,
        };
        let budget = params.vct_nodes / divisor;
        matches!(
            self.find_win(&child, budget, true, deadline, control),
            Ok(Some(_))
        )
    }

    fn refutation_policy(&self, params: &GomokuParams) -> RefutationPolicy {
        RefutationPolicy {
            early_percent: params.early_check,
            final_percent: params.final_check,
        }
    }

    fn solve(
        &mut self,
        position: &Gomoku,
        params: &GomokuParams,
        limits: &Limits,
        control: &mut Control,
    ) -> Verdict<Cell> {
        if !params.threat_solver || position.outcome().is_some() {
            return Verdict::Declined;
        }
        // Leave most of a timed move to the main search.
        let now = Instant::now();
        let hard = Deadline::new(limits, now).hard;
        let share = |percent: u32| {
            hard.map(|hard| now + hard.saturating_duration_since(now) * percent / 100)
        };
        // A depth-limited search (tests, `bench`, weaker play) gets a small VCT budget.
        let vct_nodes = match limits.depth {
            Some(depth) => params.vct_nodes.min(2_000 * u64::from(depth)),
            None => params.vct_nodes,
        };
        // The search for our own win may use `GomokuAttackShare` of a short move, and the
        // long share from `LONG_MOVE` on (where its df-pn stages prove what the main
        // search cannot see), extended when its plain df-pn runs long.
        let long = hard.is_some_and(|hard| hard.saturating_duration_since(now) >= LONG_MOVE);
        let attack_share = attack_share(params.attack_share, long);
        // Our own win's df-pn with quiet threats runs to the end of its time share.
        let budgets = Budgets {
            vct_nodes,
            quiet_dfpn_nodes: match hard {
                Some(_) => u64::MAX,
                None => vct_nodes.saturating_mul(QUIET_DFPN_NODES_FACTOR),
            },
        };
        match self.find_win_extending(
            position,
            budgets,
            true,
            share(attack_share),
            share(attack_share.max(EXTENDED_ATTACK_TIME_SHARE)),
            control,
        ) {
            Ok(Some(proof)) => {
                log::debug!("threat win in {} plies", proof.plies);
                return Verdict::Solved(Solved {
                    best_move: proof.pv[0],
                    score: win_in(proof.plies),
                    depth: proof.plies,
                    pv: proof.pv,
                    within: false,
                });
            }
            Ok(None) | Err(Interrupted::Budget) => {}
            Err(Interrupted::Aborted) => return Verdict::Aborted,
        }
        if !params.defence {
            return Verdict::Declined;
        }
        let budget = (vct_nodes / DEFENCE_NODES_DIVISOR).max(1_000);
        // The defence's share follows the attack's, extended or not.
        let deadline = defence_deadline(
            now,
            share(attack_share),
            share(DEFENCE_TIME_SHARE),
            Instant::now(),
        );
        match self.losing_moves(position, budget, deadline, control) {
            Ok(losing) if !losing.is_empty() => {
                log::debug!("defence: {} candidate moves lose", losing.len());
                Verdict::Excluding(losing)
            }
            Ok(_) | Err(Interrupted::Budget) => Verdict::Declined,
            Err(Interrupted::Aborted) => Verdict::Aborted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_later_stages_take_the_extended_window_only_after_the_plain_dfpn_overran() {
        let start = Instant::now();
        let ms = |ms: u64| Some(start + Duration::from_millis(ms));
        let window = Window {
            start,
            end: ms(1000),
            extended: ms(2000),
        };
        // The plain df-pn may always run to its share of the extended window.
        assert_eq!(window.stage_end(true, false, 90), ms(1800));
        // The others keep their shares of the window unless it overran.
        assert_eq!(window.stage_end(false, false, 98), ms(980));
        assert_eq!(window.stage_end(false, false, 10), ms(100));
        assert_eq!(window.stage_end(false, true, 98), ms(1960));
        assert_eq!(window.stage_end(false, true, 100), ms(2000));
        // Untimed: no ends.
        let untimed = Window {
            start,
            end: None,
            extended: None,
        };
        assert_eq!(untimed.stage_end(true, true, 90), None);
    }

    #[test]
    fn only_a_window_of_minutes_gets_the_wider_threat_checks() {
        let start = Instant::now();
        let window = |end: Option<u64>, extended: Option<u64>| Window {
            start,
            end: end.map(|s| start + Duration::from_secs(s)),
            extended: extended.map(|s| start + Duration::from_secs(s)),
        };
        // A 300 s move's 45% share: wide; a 60 s move's, even extended to 65%: not.
        assert!(window(Some(135), Some(195)).wide());
        assert!(window(Some(90), None).wide());
        assert!(!window(Some(27), Some(39)).wide());
        assert!(!window(Some(89), Some(500)).wide());
        // Untimed searches never run the df-pn stages' schedule with it.
        assert!(!window(None, None).wide());
        const {
            assert!(CheckReach::WIDE.near_depth > CheckReach::NORMAL.near_depth);
            assert!(CheckReach::WIDE.near_nodes > CheckReach::NORMAL.near_nodes);
            assert!(CheckReach::WIDE.first_nodes > CheckReach::NORMAL.first_nodes);
            assert!(WIDE_SPLIT_PERCENT < QUIET_DFPN_PERCENT);
        };
    }

    #[test]
    fn the_defence_gets_its_share_after_the_win_search_ended() {
        let now = Instant::now();
        let ms = |ms: u64| now + Duration::from_millis(ms);
        // The win search ended in its share (45% of 5 s): the defence to 55%.
        assert_eq!(
            defence_deadline(now, Some(ms(2250)), Some(ms(500)), ms(1000)),
            Some(ms(2750))
        );
        // It ran on (extended) to 3000 ms: the defence's 500 ms follow.
        assert_eq!(
            defence_deadline(now, Some(ms(2250)), Some(ms(500)), ms(3000)),
            Some(ms(3500))
        );
        assert_eq!(defence_deadline(now, None, None, ms(3000)), None);
    }

    #[test]
    fn the_roots_own_quiet_dfpn_is_bounded_by_its_time_share_not_by_nodes() {
        use crate::search::StopFlag;
        // Own-set g39-ply8 (Black to move, Rapfi: g7 +M17): only quiet threats win (the
        // plain df-pn exhausts its space), and the quiet df-pn needs about 106,000 nodes.
        // With `GomokuVctNodes` 10,000 its old budget (4x) stopped it at 40,000; in a
        // timed move the root's own win search now runs it to the end of its share.
        let position = Gomoku::new(15, Rule::Freestyle)
            .expect("size")
            .parse_position("list h8 h6 f6 e5 f8 f5 i7 j6")
            .expect("legal moves");
        let params = GomokuParams {
            vct_nodes: 10_000,
            ..GomokuParams::default()
        };
        let limits = Limits {
            movetime: Some(Duration::from_secs(30)),
            ..Limits::default()
        };
        let mut control = Control::new(StopFlag::new(), None, None);
        let verdict = ThreatSolver::default().solve(&position, &params, &limits, &mut control);
        match verdict {
            Verdict::Solved(solved) => {
                assert!(solved.score >= win_in(25), "{}", solved.score);
                assert_eq!(solved.pv.first(), Some(&solved.best_move));
            }
            _ => panic!("not proven"),
        }
    }

    #[test]
    fn short_moves_take_the_option_and_long_ones_keep_the_long_share() {
        assert_eq!(attack_share(15, false), 15);
        assert_eq!(attack_share(0, false), 0);
        assert_eq!(attack_share(15, true), LONG_ATTACK_SHARE);
        assert_eq!(attack_share(60, true), 60);
        assert_eq!(attack_share(60, false), 60);
        assert_eq!(attack_share(150, true), 100);
    }
}
