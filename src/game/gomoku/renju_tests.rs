//! Renju positions checked by hand: real and fake threes, four-three against double four,
//! overlines in every direction, a five that wins whatever else it makes, and White using
//! a forbidden point.

use super::board::cell_class;
use super::*;
use crate::budget::control::Control;
use crate::game::notation::format_square;
use crate::game::{Evaluate, Game, MoveList, Outcome, Player};
use crate::search::StopFlag;

/// A 15x15 renju position from Black's and White's stones (squares like `h8`).
fn board(black: &str, white: &str, side: Player) -> Gomoku {
    let mut position = Gomoku::new(15, Rule::Renju).expect("size 15");
    for (stones, player) in [(black, Player::First), (white, Player::Second)] {
        for square in stones.split_whitespace() {
            let cell = position.parse_move(square).expect("a square");
            assert!(
                !position.put(usize::from(cell.0), player),
                "no five: {square}"
            );
        }
    }
    position.set_side(side);
    position.board().assert_consistent();
    position
}

fn forbidden(position: &Gomoku, square: &str) -> bool {
    let cell = position.parse_move(square).expect("a square");
    position.board().is_forbidden(usize::from(cell.0))
}

/// White stones out of the way, to balance the counts.
const FAR: &str = "a1 c1 e1 a3 c3 a5 o15 m15 k15 o13";

#[test]
fn a_double_three_is_forbidden_for_black_only() {
    // h8 makes g8-h8-i8 and h7-h8-h9, both open.
    let position = board("g8 i8 h7 h9", "a1 c1 e1 a3", Player::First);
    assert!(forbidden(&position, "h8"));
    assert!(position.parse_legal_move("h8").is_err());
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert_eq!(moves.len(), 225 - 8 - 1);
    assert!(!search_moves_contain(&position, "h8"));
    // The same stones under freestyle, or White to move: h8 is an ordinary move.
    let free = after_rule(&position, Rule::Freestyle);
    assert!(free.parse_legal_move("h8").is_ok());
    let mut white = position.clone();
    white.set_side(Player::Second);
    assert!(white.parse_legal_move("h8").is_ok());
}

#[test]
fn a_three_whose_four_point_is_forbidden_is_not_real() {
    // Vertical h7-h8-h9 with White on h11 can only become a straight four at h6, and h6
    // would also make a four on row 6 (h6 . j6 k6 l6): a double four, forbidden. So the
    // vertical three is fake and h8 (with the real three f8-g8-h8) is allowed.
    let fake = board(
        "f8 g8 h7 h9 j6 k6 l6",
        "h11 a1 c1 e1 a3 c3 a5",
        Player::First,
    );
    assert!(!forbidden(&fake, "h8"));
    assert!(fake.parse_legal_move("h8").is_ok());
    // Black's h6 itself (with h8 empty) is a four on row 6 only: allowed.
    assert!(!forbidden(&fake, "h6"));
    // Without row 6 the vertical three is real: h8 is a double three.
    let real = board(
        "f8 g8 h7 h9 a15 c15 e15",
        "h11 a1 c1 e1 a3 c3 a5",
        Player::First,
    );
    assert!(forbidden(&real, "h8"));
    // White blocking the vertical line at h10 also leaves a single three.
    let blocked = board(
        "f8 g8 h7 h9 a15 c15 e15",
        "h11 h10 c1 e1 a3 c3 a5",
        Player::First,
    );
    assert!(!forbidden(&blocked, "h8"));
}

#[test]
fn four_three_is_allowed_and_double_four_is_forbidden() {
    // Row 8 e-g blocked by White's d8: h8 makes a four; column h7/h9 an open three.
    let four_three = board("e8 f8 g8 h7 h9", "d8 a1 c1 e1 a3", Player::First);
    assert!(!forbidden(&four_three, "h8"));
    assert_eq!(
        four_three.board().cell_class(0, sq(&four_three, "h8")),
        cell_class::FOUR_THREE
    );
    // Column h6-h7-h9 instead: two fours.
    let double_four = board("e8 f8 g8 h6 h7 h9", "d8 h10 a1 c1 e1 a3", Player::First);
    assert!(forbidden(&double_four, "h8"));
    // Two fours on one line, x.xxx.x: with h8, e8 completes d8-h8 and i8 completes f8-j8.
    let one_line = board("d8 f8 g8 j8", "a1 c1 e1 a3", Player::First);
    assert!(forbidden(&one_line, "h8"), "d8 . f8 g8 h8 . j8");
    // The same line without d8 is a single four: allowed.
    let single = board("f8 g8 j8 a15", "a1 c1 e1 a3", Player::First);
    assert!(!forbidden(&single, "h8"));
}

#[test]
fn overlines_are_forbidden_in_every_direction_and_five_wins() {
    // Around h8: stones at -3, -2, -1, +1, +2 along each direction make six with h8;
    // at -2, -1, +1, +2 they make exactly five.
    for (dr, dc) in [(0i32, 1i32), (1, 0), (1, 1), (1, -1)] {
        let squares = |offsets: &[i32]| -> String {
            offsets
                .iter()
                .map(|k| {
                    let (r, c) = (7 + dr * k, 7 + dc * k);
                    format_square((r * 15 + c) as usize, 15)
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let six = board(&squares(&[-3, -2, -1, 1, 2]), FAR, Player::First);
        assert!(forbidden(&six, "h8"), "({dr},{dc})");
        assert!(six.parse_legal_move("h8").is_err());
        // White making six wins.
        let mut white = board(FAR, &squares(&[-3, -2, -1, 1, 2]), Player::Second);
        let mv = white.parse_legal_move("h8").expect("legal for White");
        white.play(mv);
        assert_eq!(white.outcome(), Some(Outcome::Win(Player::Second)));
        let mut five = board(&squares(&[-2, -1, 1, 2]), FAR, Player::First);
        assert!(!forbidden(&five, "h8"));
        let mv = five.parse_legal_move("h8").expect("a five is allowed");
        five.play(mv);
        assert_eq!(five.outcome(), Some(Outcome::Win(Player::First)));
    }
}

#[test]
fn a_five_wins_even_when_it_also_makes_a_double_four_or_an_overline() {
    // h8 completes d8-h8 and also makes fours in column h (h5 h6 h7) and on the diagonal
    // (e5 f6 g7): a double four next to the five.
    let mut position = board("d8 e8 f8 g8 h5 h6 h7 e5 f6 g7", FAR, Player::First);
    assert!(!forbidden(&position, "h8"));
    let mv = position.parse_legal_move("h8").expect("a five");
    position.play(mv);
    assert_eq!(position.outcome(), Some(Outcome::Win(Player::First)));
    // A five in one direction and an overline in another: still a five.
    let mut both = board("d8 e8 f8 g8 h5 h6 h7 h9 h10", FAR, Player::First);
    assert!(both.fives_from_scratch() == [false, false]);
    let mv = both.parse_legal_move("h8").expect("a five");
    both.play(mv);
    assert_eq!(both.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn white_wins_by_a_four_whose_block_is_forbidden() {
    // White's d4 makes d4-e5-f6-g7 (c3 is Black's), completed only at h8, where Black
    // would make a double three (g8-h8-i8, h7-h8-h9). (Black's i9 makes White's h8 a
    // mere four.)
    let position = board("g8 i8 h7 h9 c3 i9", "e5 f6 g7 a15 o15 a13", Player::Second);
    let mut solver = vcf::ThreatSolver::default();
    let mut control = Control::new(StopFlag::new(), None, None);
    let proof = solver
        .prove(
            &position,
            vcf::Threats::Fours,
            9,
            10_000,
            None,
            &mut control,
        )
        .expect("within budget")
        .expect("a win");
    assert_eq!(proof.plies, 3);
    assert_eq!(position.format_move(proof.pv[0]), "d4");
    // Under freestyle Black blocks at h8 and there is no three-ply win.
    let free = after_rule(&position, Rule::Freestyle);
    let mut control = Control::new(StopFlag::new(), None, None);
    let none = vcf::ThreatSolver::default()
        .prove(&free, vcf::Threats::Fours, 9, 10_000, None, &mut control)
        .expect("within budget");
    assert!(none.is_none_or(|p| p.plies > 3));
    // After d4, Black's only generated move is some legal move (all lose), never h8.
    let mut line = position.clone();
    let d4 = line.parse_legal_move("d4").expect("legal");
    line.play(d4);
    assert!(!search_moves_contain(&line, "h8"));
}

fn sq(position: &Gomoku, square: &str) -> usize {
    usize::from(position.parse_move(square).expect("a square").0)
}

fn search_moves_contain(position: &Gomoku, square: &str) -> bool {
    let (mut moves, mut keys) = (MoveList::new(), MoveList::new());
    position.search_moves(&mut moves, &mut keys);
    moves.iter().any(|&m| position.format_move(m) == square)
}

/// The same stones and side under another rule.
fn after_rule(position: &Gomoku, rule: Rule) -> Gomoku {
    let mut other = Gomoku::new(position.size(), rule).expect("size");
    for cell in 0..position.size() * position.size() {
        if let Some(player) = position.board().stone(cell) {
            other.put(cell, player);
        }
    }
    other.set_side(position.side_to_move());
    other
}

#[test]
fn an_illegal_move_names_the_restriction_it_breaks() {
    let reason = |position: &Gomoku, square: &str| {
        position
            .parse_legal_move(square)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let three = board("g8 i8 h7 h9", "a1 c1 e1 a3", Player::First);
    assert_eq!(
        reason(&three, "h8"),
        Err("h8: h8 is forbidden for Black (double-three)".to_string())
    );
    assert_eq!(
        reason(&three, "g8"),
        Err("g8: square g8 is occupied".to_string())
    );
    // e8-f8-g8-h8 and h4-h5-h6-(h7)-h8: two fours.
    let four = board("e8 f8 g8 h4 h5 h6", FAR, Player::First);
    assert_eq!(
        reason(&four, "h8"),
        Err("h8: h8 is forbidden for Black (double-four)".to_string())
    );
    // c8 to h8 with f8: six in a row.
    let six = board("c8 d8 e8 g8 h8", FAR, Player::First);
    assert_eq!(
        reason(&six, "f8"),
        Err("f8: f8 is forbidden for Black (overline)".to_string())
    );
}
