//! The root defence: candidate moves after which the opponent wins by threats are proven
//! losing (`ThreatSolver::losing_moves`, `Solver::refutes`) and the search avoids them.

use super::vcf::ThreatSolver;
use super::*;
use crate::budget::control::Control;
use crate::game::solver::Solver;
use crate::game::Game;
use crate::search::{self, StopFlag, Tables};

/// The 7-ply VCF position of tests.rs one ply earlier: White to move, before j9. Black
/// threatens fours at h6 and h8 (rows 6 and 8, e-g) with h7 waiting in column h.
const WHITE_TO_DEFEND: &str = "e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7";

fn position() -> Gomoku {
    Gomoku::new(15, Rule::Freestyle)
        .expect("size")
        .parse_position(&format!("list {WHITE_TO_DEFEND}"))
        .expect("legal moves")
}

fn refuted(solver: &mut ThreatSolver, position: &Gomoku, mv: Cell) -> bool {
    let mut control = Control::new(StopFlag::new(), None, None);
    solver.refutes(position, mv, &GomokuParams::default(), None, &mut control)
}

#[test]
fn a_move_that_ignores_a_vcf_is_refuted_and_the_search_defends() {
    let position = position();
    let mut solver = ThreatSolver::default();
    let far = position.parse_legal_move("o15").expect("legal");
    assert!(refuted(&mut solver, &position, far));

    let mut control = Control::new(StopFlag::new(), None, None);
    let losing = solver
        .losing_moves(&position, 50_000, None, &mut control)
        .expect("not stopped");
    assert!(!losing.is_empty(), "some candidates ignore the threat");
    for &mv in &losing {
        assert!(
            refuted(&mut solver, &position, mv),
            "{}",
            position.format_move(mv)
        );
    }

    let mut tables = Tables::try_new(8).expect("8 MiB");
    let result = search::search_to_depth(
        &position,
        &GomokuParams::default(),
        4,
        &mut tables,
        &mut ThreatSolver::default(),
    )
    .expect("not over");
    let chosen = position.format_move(result.best_move);
    assert!(!losing.contains(&result.best_move), "{chosen}");
    assert!(
        !refuted(&mut solver, &position, result.best_move),
        "{chosen}"
    );
}

#[test]
fn without_a_threat_nothing_is_excluded() {
    // Three stones each: neither side has a win by threats, even moving twice.
    let position = Gomoku::new(15, Rule::Freestyle)
        .expect("size")
        .parse_position("list h8 i9 g7 j10 a1 a15")
        .expect("legal moves");
    let mut solver = ThreatSolver::default();
    let mut control = Control::new(StopFlag::new(), None, None);
    let losing = solver
        .losing_moves(&position, 50_000, None, &mut control)
        .expect("not stopped");
    assert!(losing.is_empty());
    let mv = position.parse_legal_move("h9").expect("legal");
    assert!(!refuted(&mut solver, &position, mv));
}

#[test]
fn without_refutations_no_best_move_is_refuted() {
    let position = position();
    let mut solver = ThreatSolver::default();
    let far = position.parse_legal_move("o15").expect("legal");
    let off = GomokuParams {
        refutations: false,
        ..GomokuParams::default()
    };
    let mut control = Control::new(StopFlag::new(), None, None);
    assert!(!solver.refutes(&position, far, &off, None, &mut control));
    // The same move is refuted with the option on (the default).
    assert!(refuted(&mut solver, &position, far));
    // The root defence (`losing_moves`) is not this option's: it still finds the losers.
    let mut control = Control::new(StopFlag::new(), None, None);
    let losing = solver
        .losing_moves(&position, 50_000, None, &mut control)
        .expect("not stopped");
    assert!(!losing.is_empty());
}

/// A position of a game arbor lost against Rapfi, Black
/// to move: i3 is the best move only from depth 5 on, and White then wins by threats.
const LATE_BEST: &str = "h8 h7 i8 j8 g8 i9 h10 g10 h11 h12 f8 e8 g9 i11 f7 k9 j10 i7 l10 e6 \
    g5 f6 d6 e7 e9 e5 e4 g7 l9 k10 k8 j7 k7 d7 f9 d9 j5 c8 f11 f10 b9 e10 a6 c5 d5 a7 c9 d10 \
    c10 d11 d8 d4 c3 c7 b7 c6 c4 b5 a4 e3 b6 i5 l11 l12 l7 l8 k6 i4 b10 b8 k4 k5 n9 m8 i10 \
    j9 h9 j11";

/// The best move of a depth-8 search of `LATE_BEST` with these refutation checks.
fn late_best_move(early_check: u32, final_check: u32) -> String {
    let position = Gomoku::new(15, Rule::Freestyle)
        .expect("size")
        .parse_position(&format!("list {LATE_BEST}"))
        .expect("legal moves");
    let params = GomokuParams {
        early_check,
        final_check,
        ..GomokuParams::unextended()
    };
    let mut tables = Tables::try_new(16).expect("16 MiB");
    let result = search::search_to_depth(
        &position,
        &params,
        8,
        &mut tables,
        &mut ThreatSolver::default(),
    )
    .expect("not over");
    position.format_move(result.best_move)
}

#[test]
fn the_final_check_refutes_the_move_a_deep_iteration_chose_and_replaces_it() {
    let position = Gomoku::new(15, Rule::Freestyle)
        .expect("size")
        .parse_position(&format!("list {LATE_BEST}"))
        .expect("legal moves");
    let i3 = position.parse_legal_move("i3").expect("legal");
    assert!(refuted(&mut ThreatSolver::default(), &position, i3));
    // The early checks (the old default) look at the first iterations' best moves (two
    // of them refuted at depth 1), not at i3.
    assert_eq!(late_best_move(15, 0), "i3");
    // The final check (the default) looks at the move about to be played, refutes it,
    // and the search starts again without it.
    assert_eq!(late_best_move(0, 30), "f5");
    let defaults = GomokuParams::default();
    assert_eq!((defaults.early_check, defaults.final_check), (0, 30));
    // Neither: i3 is played.
    assert_eq!(late_best_move(0, 0), "i3");
}
