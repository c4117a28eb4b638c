//! The evaluation's threat handling at the leaves: the forced block of a four and who
//! holds the initiative against an open three.

use super::board::cell_class;
use super::eval::{DOUBLE_THREE_WIN, MAX_STOPPED_CELLS};
use super::*;
use crate::game::{Evaluate, Game, Outcome, Player};

fn after(moves: &str) -> Gomoku {
    Gomoku::new_game(&[])
        .expect("15x15")
        .parse_position(&format!("list {moves}"))
        .expect("legal moves")
}

/// The defaults with the classic evaluation, whose tempo and discount rules these tests
/// check (the learned one is the default).
fn classic() -> GomokuParams {
    GomokuParams {
        eval: GomokuEval::Classic,
        ..GomokuParams::default()
    }
}

fn with(leaf_block: bool, initiative: bool) -> GomokuParams {
    GomokuParams {
        leaf_block,
        initiative,
        ..classic()
    }
}

fn square(position: &Gomoku, text: &str) -> Cell {
    position.parse_move(text).expect("on the board")
}

#[test]
fn a_leaf_with_a_four_against_it_plays_the_block_first() {
    // Black has h8 i8 j8 k8 (closed at g8 by White): White to move must block at l8.
    let position = after("h8 g8 i8 a1 j8 a15 k8");
    assert_eq!(position.side_to_move(), Player::Second);
    let l8 = square(&position, "l8");
    assert_eq!(position.forced_leaf_reply(&with(true, false)), Some(l8));
    assert_eq!(position.forced_leaf_reply(&with(false, false)), None);
    // After the block nobody has a four: the leaf is evaluated.
    let mut blocked = position.clone();
    blocked.play(l8);
    assert_eq!(blocked.forced_leaf_reply(&with(true, false)), None);
    // No four, no forced reply.
    assert_eq!(after("h8 a1 i8").forced_leaf_reply(&with(true, true)), None);
}

#[test]
fn a_leaf_with_a_five_to_make_makes_it() {
    // Black's open four h8-k8 and White's four a1-a4: Black to move plays a five (g8 or
    // l8) rather than the block, and the game ends: the leaf is a proven win.
    let both = after("h8 a1 i8 a2 j8 a3 k8 a4");
    assert_eq!(both.side_to_move(), Player::First);
    assert_eq!(both.board().class_count(1, cell_class::FIVE), 1);
    let five = both.forced_leaf_reply(&with(true, true)).expect("a five");
    assert!(["g8", "l8"].contains(&both.format_move(five).as_str()));
    let mut won = both.clone();
    won.play(five);
    assert_eq!(won.outcome(), Some(Outcome::Win(Player::First)));
    // White to move against the open four (two five cells) blocks one, and Black's reply
    // is the other five.
    let open = after("h8 a1 i8 a15 j8 o1 k8");
    assert_eq!(open.board().class_count(0, cell_class::FIVE), 2);
    let mut blocked = open.clone();
    blocked.play(open.forced_leaf_reply(&with(true, false)).expect("a block"));
    let mut lost = blocked.clone();
    lost.play(
        blocked
            .forced_leaf_reply(&with(true, false))
            .expect("the five"),
    );
    assert_eq!(lost.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn a_block_that_makes_a_four_is_answered_in_turn() {
    // White's block at l8 makes White's own four l5 l6 l7 l8 (open at l4 only, l9 is
    // Black's): Black must block at l4 in its turn, and then nothing is forced.
    let position = after("h8 l5 i8 l6 j8 l7 k8 g8 l9");
    assert_eq!(position.side_to_move(), Player::Second);
    let params = with(true, false);
    let mut twice = position.clone();
    twice.play(position.forced_leaf_reply(&params).expect("the block"));
    assert_eq!(twice.forced_leaf_reply(&params), Some(square(&twice, "l4")));
    let mut both = twice.clone();
    both.play(square(&twice, "l4"));
    assert_eq!(both.forced_leaf_reply(&params), None);
}

#[test]
fn the_side_that_must_stop_an_open_three_loses_the_tempo_bonus() {
    // Black's open three h8 i8 j8, White to move with no four: White must defend.
    let position = after("h8 a1 i8 a15 j8");
    assert!(position.board().class_count(0, cell_class::OPEN_FOUR) > 0);
    let board = position.board();
    let (white, black) = (board.value(1), board.value(0));
    assert_eq!(
        position.evaluate(&with(false, false)),
        white * 5 / 4 - black
    );
    let plain = GomokuParams {
        three_discount: 0,
        ..with(false, true)
    };
    assert_eq!(position.evaluate(&plain), white - black * 5 / 4);
    // Black to move (White's reply far away) makes an open four: that is a win, not a
    // tempo question.
    let black_to_move = after("h8 a1 i8 a15 j8 o1");
    assert_eq!(black_to_move.evaluate(&with(false, true)), 12_000);
}

#[test]
fn an_open_three_the_side_to_move_must_stop_is_valued_near_its_block() {
    // Black's open three h8 i8 j8 (two open-four cells, g8 and k8), White to move.
    let position = after("h8 a1 i8 a15 j8");
    let board = position.board();
    assert_eq!(board.class_count(0, cell_class::OPEN_FOUR), 2);
    let params = with(false, true);
    let (white, black) = (board.value(1), board.value(0));
    let discounted = white - (black - 2 * params.three_discount) * 5 / 4;
    assert_eq!(position.evaluate(&params), discounted);
    // The discounted leaf is closer to the position after White's block at g8 (Black to
    // move, scored from White's side) than the undiscounted one.
    let mut blocked = position.clone();
    blocked.play(square(&position, "g8"));
    let after_block = -blocked.evaluate(&params);
    let plain = GomokuParams {
        three_discount: 0,
        ..params
    };
    let undiscounted = position.evaluate(&plain);
    assert!(undiscounted < discounted);
    assert!((discounted - after_block).abs() < (undiscounted - after_block).abs());
    // Two open threes (four open-four cells) cannot both be stopped: no discount.
    let two = after("h8 a1 i8 a15 j8 o1 l10 o15 l11 h15 l12");
    assert_eq!(two.side_to_move(), Player::Second);
    assert!(two.board().class_count(0, cell_class::OPEN_FOUR) > MAX_STOPPED_CELLS);
    let (white, black) = (two.board().value(1), two.board().value(0));
    assert_eq!(two.evaluate(&params), white - black * 5 / 4);
    // Without the initiative rule there is no discount either.
    assert_eq!(
        position.evaluate(&with(false, false)),
        board.value(1) * 5 / 4 - board.value(0)
    );
}

#[test]
fn a_double_three_the_opponent_cannot_answer_with_a_four_is_won() {
    // Black f8 g8 and h6 h7: h8 makes two open threes; White's stones are in the corners.
    let on = classic();
    let off = GomokuParams {
        double_three: false,
        ..classic()
    };
    let position = after("f8 a1 g8 a15 h6 o1 h7 o15");
    assert_eq!(position.side_to_move(), Player::First);
    assert_eq!(position.evaluate(&on), DOUBLE_THREE_WIN);
    assert!(position.evaluate(&off) < 2_000);
    // White to move instead (Black's double three waits): no win for the side to move.
    let white = after("f8 a1 g8 a15 h6 o1 h7 o15 n14");
    assert_eq!(white.side_to_move(), Player::Second);
    assert!(white.evaluate(&on) < 2_000);
    // White c3 d3 e3 (open at b3 and f3) can make a four: the double three is not won.
    let answered = after("f8 c3 g8 d3 h6 e3 h7 o15");
    assert!(answered.board().class_count(1, cell_class::FOUR) > 0);
    assert!(answered.evaluate(&on) < DOUBLE_THREE_WIN);
    // In renju Black's double three is forbidden: no win.
    let renju = Gomoku::new(15, Rule::Renju)
        .expect("15x15")
        .parse_position("list f8 a1 g8 a15 h6 o1 h7 o15")
        .expect("legal moves");
    assert!(renju.evaluate(&on) < DOUBLE_THREE_WIN);
}

#[test]
fn after_a_four_and_its_forced_block_the_tempo_goes_to_the_blocker() {
    // Black's four h8 i8 j8 k8 (g8 White's) was blocked at l8 and Black, the four's
    // maker, is to move (the other stones are quiet: Black's open two c12 d12, White's
    // corners).
    let position = after("h8 g8 i8 a1 j8 a15 k8 l8 c12 o1 d12 o15");
    assert_eq!(position.side_to_move(), Player::First);
    let board = position.board();
    let (black, white) = (board.value(0), board.value(1));
    let on = classic();
    let off = GomokuParams {
        forced_tempo: false,
        ..classic()
    };
    assert_eq!(position.evaluate(&on), black * 5 / 4 - white);
    assert_eq!(
        position.evaluate_after_forced_reply(&off),
        black * 5 / 4 - white
    );
    assert_eq!(
        position.evaluate_after_forced_reply(&on),
        black - white * 5 / 4
    );
}
