//! The relevance zone of a VCT (`vct_zone.rs`), checked cell by cell: a defender stone
//! anywhere outside it leaves a win of the same length.

use super::proof_tests::{after, assert_line_wins, prove_within as prove};
use super::quiet::{for_each_cell, Zone};
use super::vcf::Threats;
use super::vct_zone::vct_zone;
use super::*;
use crate::game::{Game, Player};

fn contains(zone: &Zone, cell: usize) -> bool {
    zone[cell / 64] >> (cell % 64) & 1 == 1
}

/// Black to move: open twos h8-i8 (row 8) and j9-j10 (column j) meet at j8, a double
/// three (h8-i8-j8 and j8-j9-j10, all ends empty): a 5-ply VCT. White's stones are
/// single stones far away.
const DOUBLE_THREE: &str = "h8 a1 i8 o1 j9 a15 j10 o15";

/// Every empty cell outside the zone, taken by White before Black starts, still leaves
/// Black a VCT of the same length (the plain solver finds it); and the zone is not the
/// whole board.
fn assert_zone_holds(position: &Gomoku, plies: u32) -> Zone {
    let mut nodes = 0;
    let (length, zone) = vct_zone(position, plies, 100_000, &mut nodes).expect("a VCT");
    assert!(length <= plies);
    let defender = position.side_to_move().opponent();
    let board = position.board();
    let mut outside = 0;
    for cell in 0..board.size() * board.size() {
        if board.stone(cell).is_some() || contains(&zone, cell) {
            continue;
        }
        outside += 1;
        let mut with_stone = position.clone();
        with_stone.put(cell, defender);
        let proof = prove(&with_stone, Threats::FoursAndThrees, length);
        assert!(
            proof.is_some(),
            "a White stone on {} (outside the zone) stops the VCT",
            position.format_move(Cell(cell as u16))
        );
    }
    assert!(outside > 100, "the zone leaves only {outside} cells out");
    zone
}

#[test]
fn a_stone_outside_the_zone_of_a_double_three_leaves_the_win() {
    let position = after(DOUBLE_THREE);
    let zone = assert_zone_holds(&position, 5);
    // The double three's cell and the cells that stop its threes are in the zone; a
    // White stone on j8 (or on a three's end) leaves no 5-ply VCT.
    for square in ["j8", "g8", "k8", "j7", "j11"] {
        let cell = usize::from(position.parse_legal_move(square).expect("legal").0);
        assert!(contains(&zone, cell), "{square} is in the zone");
    }
    let mut blocked = position.clone();
    blocked.put(
        usize::from(position.parse_legal_move("j8").expect("legal").0),
        Player::Second,
    );
    assert_eq!(prove(&blocked, Threats::FoursAndThrees, 5), None);
    let mut in_zone = Vec::new();
    for_each_cell(&zone, |cell| in_zone.push(cell));
    assert!(in_zone.len() < 60, "zone of {} cells", in_zone.len());
}

/// A 7-ply VCT with a four on the way (the quiet-move test position of `quiet_tests.rs`
/// after h8): the zone holds cell by cell there too.
#[test]
fn a_stone_outside_the_zone_of_a_longer_vct_leaves_the_win() {
    let position = after("f8 e8 g8 k5 i7 i4 j6 j12 i5 h6 i6 k7 h10 a1 i11 o1 n3 o15 l1 m15 h8 a8");
    assert_zone_holds(&position, 7);
}

/// Own-set game 39 (Rapfi: g8, mate in 17)
/// after Black g8 (an open three f8-h8) and White's block i8, Black to move:
///
/// ```text
///  9 . . . . . . . . .
///  8 . . . . . X X X O      row 8: f8 g8 h8, closed by i8
///  7 . . . . . . . . X      i7
///  6 . . . . . X . O . O    f6, White h6 j6
///  5 . . . . O O . . .      White e5 f5
///    a b c d e f g h i j
/// ```
///
/// Black has no four and no open three to make, and White has no threat: the threat
/// space of the plain VCT is empty, and no quiet move threatens a VCF within reach. g9
/// (a closed three g9-h8-i7 on the anti-diagonal, stopped by j6) threatens a VCT: with
/// quiet moves that threaten a VCT, answered inside its zone, Black wins in 15 plies.
const GAME39: &str = "h8 h6 f6 e5 f8 f5 i7 j6 g8 i8";

/// The same stones as `moves` without `removed`, Black to move.
fn without(moves: &str, removed: &str) -> Gomoku {
    let full = after(moves);
    let mut position = Gomoku::new(15, Rule::Freestyle).expect("size");
    for (i, square) in moves.split_whitespace().enumerate() {
        if square == removed {
            continue;
        }
        let cell = usize::from(full.parse_move(square).expect("a square").0);
        let player = if i % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        position.put(cell, player);
    }
    position.set_side(Player::First);
    position
}

#[test]
fn a_quiet_move_that_threatens_a_vct_wins_game_39() {
    let position = after(GAME39);
    assert_eq!(prove(&position, Threats::FoursAndThrees, 15), None);
    assert_eq!(prove(&position, Threats::Quiet, 15), None);
    let proof = prove(&position, Threats::QuietVct, 15).expect("a win");
    assert_eq!(proof.plies, 15);
    assert_eq!(position.format_move(proof.pv[0]), "g9");
    assert_line_wins(&position, &proof.pv);
}

#[test]
fn without_i7_the_quiet_threat_is_gone() {
    // i7 is the third stone of g9's closed three: without it, nothing within 15 plies.
    let position = without(GAME39, "i7");
    assert_eq!(prove(&position, Threats::QuietVct, 15), None);
}
