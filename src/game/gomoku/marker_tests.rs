//! A win against every searched move is not a proof: the main search must not report it
//! as a score (the `±EVAL_LIMIT` marker) when it could search the same depth as a proof.

use super::*;
use crate::game::gomoku::vcf::ThreatSolver;
use crate::game::score::ScoreReport;
use crate::game::Game;
use crate::game::EVAL_LIMIT;
use crate::search::{self, Limits, StopFlag, Tables};

/// Shared benchmark position sp1-ply37 (Black to move; Rapfi: l7, mate in 15). At depth 9
/// the plain search saw every White defence it tried lose below ply 2 and reported
/// `cp 20000`; searched as a proof, a defence it had left out holds at that depth.
const SP1_PLY37: &str = "h8 i9 j8 i8 i7 h6 j6 g9 k7 j9 k9 h7 k10 k6 h9 g6 f5 g8 g7 j5 i6 i4 \
                         l10 m11 h3 h5 j3 l8 i10 j10 k11 k8 k12 k13 h11 m8";

/// The main search alone (no threat solver, no root defence) to `depth` on sp1-ply37:
/// the result and every (depth, score) reported.
fn search_sp1(depth: u32) -> (search::SearchResult<Cell>, Vec<(u32, ScoreReport)>) {
    let position = Gomoku::new(15, Rule::Freestyle)
        .expect("size")
        .parse_position(&format!("list {SP1_PLY37}"))
        .expect("legal moves");
    let params = GomokuParams {
        threat_solver: false,
        defence: false,
        ..GomokuParams::unextended()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut tables = Tables::try_new(16).expect("16 MiB");
    let mut reports = Vec::new();
    let result = search::search(
        &position,
        &params,
        &limits,
        &mut tables,
        &mut ThreatSolver::default(),
        &StopFlag::new(),
        |info| reports.push((info.depth, info.score)),
    )
    .expect("not over");
    (result, reports)
}

#[test]
fn a_partial_list_win_is_searched_as_a_proof_and_not_reported() {
    // Depth 8's plain iteration sees every White defence it tried lose below ply 2 (the
    // marker); searched again as a proof it is a win. Depth 7 is still heuristic.
    let position = Gomoku::new(15, Rule::Freestyle).expect("size");
    let (result, reports) = search_sp1(7);
    assert!(
        matches!(result.score, ScoreReport::Cp(v) if v.abs() < EVAL_LIMIT),
        "{:?}",
        result.score
    );
    let (result, reports8) = search_sp1(8);
    assert_eq!(result.depth, 8);
    assert_eq!(position.format_move(result.best_move), "l7");
    assert!(
        matches!(result.score, ScoreReport::Win(n) if n % 2 == 1 && n >= 15),
        "{:?}",
        result.score
    );
    // One report per depth, none of them the marker.
    assert_eq!(
        reports8.iter().map(|&(depth, _)| depth).collect::<Vec<_>>(),
        (1..=8).collect::<Vec<_>>()
    );
    for &(depth, score) in reports.iter().chain(&reports8) {
        assert!(
            !matches!(score, ScoreReport::Cp(v) if v.abs() >= EVAL_LIMIT),
            "depth {depth}: {score:?}"
        );
    }
}

#[test]
fn the_proof_search_proves_the_quiet_win() {
    // Rapfi's mate starts with l7, which makes no four and no open three: the threat
    // solver cannot find it. The main search's proof mode proves it: every White reply
    // at the completed nodes is searched, or is outside the relevance zone of the VCF
    // Black threatens there, or leaves Black a VCF found at once; a leaf where Black has
    // an open four or a four-three counts once a VCF is found there. Without the last
    // two it took depth 11.
    let (result, reports) = search_sp1(8);
    assert!(
        matches!(result.score, ScoreReport::Win(n) if n % 2 == 1),
        "{:?}",
        result.score
    );
    let position = Gomoku::new(15, Rule::Freestyle).expect("size");
    assert_eq!(position.format_move(result.best_move), "l7");
    assert!(reports
        .iter()
        .all(|&(_, score)| !matches!(score, ScoreReport::Cp(v) if v.abs() >= EVAL_LIMIT)));
}
