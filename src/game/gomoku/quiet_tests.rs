//! Quiet threats (`quiet.rs`): a move that is neither a four nor an open three but
//! threatens a VCF, its relevance zone, and the VCT that uses such moves.

use super::proof_tests::{after, assert_line_wins, prove_within as prove};
use super::quiet::{passed, relevance_zone, vcf_line};
use super::vcf::Threats;
use super::*;

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
    // After h8, if White passed: a VCF (the first four tried is e7, g9 forced, then the
    // double four i8, a block, the other five).
    let mut threat = position.clone();
    threat.play(position.parse_legal_move("h8").expect("legal"));
    let threat = passed(&threat);
    let line = vcf_line(&threat, 15, 1_000, &mut nodes).expect("a VCF");
    let squares: Vec<String> = line.iter().map(|&c| threat.format_move(c)).collect();
    assert_eq!(squares[..3], ["e7", "g9", "i8"]);
    assert_eq!(line.len(), 5);
    assert_line_wins(&threat, &line);
    // The zone: the line's cells and both five cells of the double four (i9, j8); no
    // window through the blocks holds three White stones.
    let mut zone = Vec::new();
    quiet::for_each_cell(&relevance_zone(&threat, &line), |c| {
        zone.push(Cell(c as u16))
    });
    assert_eq!(zone, cells(&threat, "e7 g9 i8 i9 j8"));
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
