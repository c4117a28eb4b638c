//! Quiet threats (`quiet.rs`): a move that is neither a four nor an open three but
//! threatens a VCF, its relevance zone, and the VCT that uses such moves.

use super::proof_tests::{after, assert_line_wins, prove_within as prove};
use super::quiet::{passed, relevance_zone, vcf_line};
use super::vcf::Threats;
use super::*;
use crate::game::{Evaluate, Game, MoveList};

/// Black to move. Black h8 (quiet: it makes two closed threes, no four, no open three)
/// prepares two double fours that share no cell:
/// - i8: row 8 f8-i8 (White e8; five cell j8) and column i i5-i8 (White i4; five i9);
/// - g9: the diagonal g9-j6 through h8 (White k5; five f10) and the diagonal f8-i11
///   through g9 (White j12; five e7).
///
/// Hand-checked: one White stone cannot touch both {i8, j8, i9} and {g9, f10, e7}, and
/// White has no three to make a four with, so h8 wins in 5 plies (h8, any, a double four,
/// a block, the five). Without quiet moves the shortest win is the 7-ply VCF
/// g9 e7 h8 f10 i8 (i9/j8) five.
const QUIET_WIN: &str = "f8 e8 g8 k5 i7 i4 j6 j12 i5 h6 i6 k7 h10 a1 i11 o1 n3 o15 l1 m15";

fn cells(position: &Gomoku, squares: &str) -> Vec<Cell> {
    let mut cells: Vec<Cell> = squares
        .split_whitespace()
        .map(|s| position.parse_legal_move(s).expect("legal"))
        .collect();
    cells.sort_by_key(|c| c.0);
    cells
}

#[test]
fn the_vcf_a_quiet_move_threatens_and_its_zone() {
    let position = after(QUIET_WIN);
    let mut nodes = 0;
    // After h8, if White passed: a VCF, the double four i8 at once (an open-four cell
    // ends the line), a block, the other five.
    let mut threat = position.clone();
    threat.play(position.parse_legal_move("h8").expect("legal"));
    let threat = passed(&threat);
    let line = vcf_line(&threat, 15, 1_000, &mut nodes).expect("a VCF");
    let squares: Vec<String> = line.iter().map(|&c| threat.format_move(c)).collect();
    assert_eq!(squares, ["i8", "j8", "i9"]);
    assert_eq!(nodes, 1);
    assert_line_wins(&threat, &line);
    // The zone: the line's cells, which are the double four and both its five cells.
    let zone_cells = |line: &[Cell]| {
        let mut zone = Vec::new();
        quiet::for_each_cell(&relevance_zone(&threat, line), |c| {
            zone.push(Cell(c as u16))
        });
        zone
    };
    assert_eq!(zone_cells(&line), cells(&threat, "i8 i9 j8"));
    // The 5-ply line through the other double four (e7, g9 forced, then i8): its zone
    // adds both cells; no window through the blocks holds three White stones.
    let longer: Vec<Cell> = ["e7", "g9", "i8", "j8", "i9"]
        .iter()
        .map(|s| threat.parse_move(s).expect("on the board"))
        .collect();
    assert_line_wins(&threat, &longer);
    assert_eq!(zone_cells(&longer), cells(&threat, "e7 g9 i8 i9 j8"));
}

/// sp3-ply58 of the shared forced-win set, then 15 plies of Rapfi's line, and Black passes:
/// White has a 7-ply VCF (l8 first). In board order alone the search found it with a
/// 7-ply limit only after 442 nodes, with 23 plies not within 1,000; the four-threes
/// first and no node for the fours of the last 3 plies find it within the 60 nodes of the
/// quiet-threat check at either limit.
#[test]
fn a_short_vcf_is_found_within_the_quiet_check_budget() {
    let position = after(
        "h8 h9 j10 i9 i8 g8 g9 i7 i10 h10 j8 k8 k9 j9 l10 m10 k11 l9 n11 m11 m9 n8 i11 \
         h12 i13 j12 h11 j11 i12 i14 j13 k14 e11 f11 e10 f10 g13 f13 f12 d10 n13 n10 n12 \
         k13 l12 m13 g11 f9 e12 e9 f8 l7 j7 n7 n6 m8 k10 m6 n5 m7 g12 g10 h14 i15 e13 \
         e14 c12 d12 g15 g14 c15 d14",
    );
    let threat = passed(&position);
    for (limit, most) in [(7, 7), (23, 11)] {
        let mut nodes = 0;
        let line = vcf_line(&threat, limit, 60, &mut nodes).expect("a VCF within 60 nodes");
        assert!(line.len() <= most, "{limit}: {} plies", line.len());
        assert!(nodes <= 60);
        assert_line_wins(&threat, &line);
    }
}

#[test]
fn a_quiet_threat_win_is_proven_only_with_quiet_threats() {
    let position = after(QUIET_WIN);
    assert_eq!(prove(&position, Threats::FoursAndThrees, 5), None);
    let plain = prove(&position, Threats::FoursAndThrees, 9).expect("the 7-ply VCF");
    assert_eq!(plain.plies, 7);
    let proof = prove(&position, Threats::Quiet, 9).expect("a win by a quiet threat");
    assert_eq!(
        (position.format_move(proof.pv[0]).as_str(), proof.plies),
        ("h8", 5)
    );
    assert_line_wins(&position, &proof.pv);
}

#[test]
fn a_quiet_threat_that_is_stopped_is_not_a_win() {
    // The same with White on i9 (and Black's n5 for the count): i8 is one four, so h8
    // threatens only g9, which White takes; no win within 5 plies.
    let position = after(&format!("{QUIET_WIN} n5 i9"));
    assert_eq!(prove(&position, Threats::Quiet, 5), None);
    // In renju the quiet threats are not used (the zone ignores forbidden points).
    let renju = Gomoku::new(15, Rule::Renju)
        .expect("size")
        .parse_position(&format!("list {QUIET_WIN}"))
        .expect("legal moves");
    assert_eq!(prove(&renju, Threats::Quiet, 5), None);
}

/// The search's completion of a lost list (`Evaluate::sure_loss_unless`): after the quiet
/// h8 of `QUIET_WIN`, White to move loses within 4 plies (any move, the double four i8, a
/// block, the five) unless it plays in the zone of that VCF (i8 i9 j8) or makes a four
/// (it has none).
#[test]
fn only_the_zone_of_the_standing_vcf_may_hold_a_lost_position() {
    let mut position = after(QUIET_WIN);
    position.play(position.parse_legal_move("h8").expect("legal"));
    let params = GomokuParams::default();
    let mut holds = MoveList::new();
    assert_eq!(position.sure_loss_unless(&params, &mut holds), Some(4));
    let mut held: Vec<Cell> = holds.iter().copied().collect();
    held.sort_by_key(|c| c.0);
    assert_eq!(held, cells(&position, "i8 i9 j8"));
    // A stone outside it indeed leaves Black that double four: a VCF of 3 plies. (In the
    // zone, i8 breaks it, and is searched: Black then wins by the other one, g9.)
    for square in ["o8", "c3", "g9"] {
        let mut child = position.clone();
        child.play(position.parse_legal_move(square).expect("legal"));
        let mut nodes = 0;
        let line = vcf_line(&child, 3, 1_000, &mut nodes);
        let line: Vec<String> = line
            .expect("a VCF")
            .iter()
            .map(|&c| child.format_move(c))
            .collect();
        assert_eq!(line[0], "i8", "{square}");
    }
    // No VCF against the side to move (White, after h8 a1 i8): no claim.
    let quiet = after("h8 a1 i8");
    assert_eq!(quiet.sure_loss_unless(&params, &mut MoveList::new()), None);
    // Not in renju (the zone ignores forbidden points).
    let mut renju = Gomoku::new(15, Rule::Renju)
        .expect("size")
        .parse_position(&format!("list {QUIET_WIN}"))
        .expect("legal moves");
    renju.play(renju.parse_legal_move("h8").expect("legal"));
    assert_eq!(renju.sure_loss_unless(&params, &mut MoveList::new()), None);
}
