//! The proof-number threat search: proofs are real wins, and its tables stay within the
//! memory they are given.

use super::vcf::{ThreatSolver, Threats};
use super::*;
use crate::budget::control::Control;
use crate::game::{Game, Outcome};
use crate::search::StopFlag;

/// The 15x15 freestyle position after `moves` (shared by the threat-search tests).
pub(super) fn after(moves: &str) -> Gomoku {
    Gomoku::new(15, Rule::Freestyle)
        .expect("size")
        .parse_position(&format!("list {moves}"))
        .expect("legal moves")
}

/// Plays the proof's line and checks it ends in a five of the attacker.
pub(super) fn assert_line_wins(position: &Gomoku, pv: &[Cell]) {
    let mut line = position.clone();
    for &mv in pv {
        assert!(line.is_legal(mv), "{}", position.format_move(mv));
        line.play(mv);
    }
    assert_eq!(line.outcome(), Some(Outcome::Win(position.side_to_move())));
}

/// The iterative-deepening threat search's proof of a win within `max_plies` (shared by
/// the threat-search tests).
pub(super) fn prove_within(
    position: &Gomoku,
    threats: Threats,
    max_plies: u32,
) -> Option<vcf::Proof> {
    let mut solver = ThreatSolver::default();
    let mut control = Control::new(StopFlag::new(), None, None);
    solver
        .prove(position, threats, max_plies, 2_000_000, None, &mut control)
        .expect("within budget")
}

fn prove(position: &Gomoku, threats: Threats, memory: usize) -> Option<vcf::Proof> {
    let mut solver = ThreatSolver::default();
    solver.set_memory_budget(memory);
    let mut control = Control::new(StopFlag::new(), None, None);
    let proof = solver
        .prove_by_numbers(position, threats, 1_000_000, None, &mut control)
        .expect("within budget");
    assert!(solver.memory() <= memory, "{} > {memory}", solver.memory());
    proof
}

#[test]
fn a_four_three_and_a_seven_ply_vcf_are_proven() {
    // hand-43 of the shared bench data: h8 makes a four and an open three.
    let four_three = after("e8 d8 f8 k11 g8 l4 h6 c13 h7 m13");
    let proof = prove(&four_three, Threats::FoursAndThrees, 1 << 20).expect("a win");
    assert_eq!(
        (four_three.format_move(proof.pv[0]).as_str(), proof.plies),
        ("h8", 5)
    );
    assert_line_wins(&four_three, &proof.pv);
    // The 7-ply VCF of tests.rs, found as a VCF and as a VCT.
    let vcf = after("e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9");
    for threats in [Threats::Fours, Threats::FoursAndThrees] {
        let proof = prove(&vcf, threats, 1 << 20).expect("a win");
        assert_line_wins(&vcf, &proof.pv);
        assert!(proof.plies >= 7, "{}", proof.plies);
    }
}

#[test]
fn an_open_four_is_a_win_in_three_and_two_stones_are_nothing() {
    // Black h8 i8 j8 (open three on row 8) with White far away.
    let three = after("h8 a1 i8 a3 j8 a5 d12 c1");
    // Black to move: k8 or g8 makes an open four: a win in 3 found by both searches.
    for threats in [Threats::Fours, Threats::FoursAndThrees] {
        let proof = prove(&three, threats, 1 << 20).expect("open four");
        assert_eq!(proof.plies, 3);
        assert_line_wins(&three, &proof.pv);
    }
    // Two stones only: no threat at all.
    let quiet = after("h8 a1 i8 a3");
    assert!(prove(&quiet, Threats::FoursAndThrees, 1 << 20).is_none());
}

#[test]
fn a_tiny_memory_budget_bounds_the_arena() {
    let position = after("h8 i9 h9 h10 g8");
    // 64 KiB: the search gives up (or proves) without growing past it.
    let _ = prove(&position, Threats::FoursAndThrees, 64 << 10);
}
