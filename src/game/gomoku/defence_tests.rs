//! The root defence: candidate moves after which the opponent wins by threats are proven
//! losing (`ThreatSolver::losing_moves`, `Solver::refutes`) and the search avoids them.

use super::vcf::ThreatSolver;
use super::*;
use crate::budget::control::Control;
use crate::game::solver::Solver;
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
