//! The threat masks of positions and the fitted table's shape.

use super::threat_mask::{format_weights, threat_mask, MASKS, THREAT_MASK_WEIGHTS};
use crate::game::gomoku::{Gomoku, Rule};
use crate::game::Game;

fn position(moves: &str) -> Gomoku {
    let mut game = Gomoku::new(15, Rule::Freestyle).expect("15x15");
    for token in moves.split_whitespace() {
        let mv = game.parse_legal_move(token).expect("legal");
        game.play(mv);
    }
    game
}

#[test]
fn the_mask_names_each_sides_threats() {
    let empty = position("");
    assert_eq!(threat_mask(empty.board(), 0), 0);
    // Black h8 i8, White a1 a2, Black j8: Black has an open three h8-j8 (White to
    // move): White (to move) faces open-four cells; Black can also make fours.
    let three = position("h8 a1 i8 a2 j8");
    let mask = threat_mask(three.board(), 1);
    assert_eq!(mask & 0b111, 0, "White can make nothing: {mask:#010b}");
    assert_ne!(mask & 1 << 3, 0, "Black can make a four: {mask:#010b}");
    assert_ne!(
        mask & 1 << 7,
        0,
        "Black can make an open four: {mask:#010b}"
    );
    // Black to move after White's block at g8: a four for Black (k8), no open four.
    let blocked = position("h8 a1 i8 a2 j8 g8");
    let mask = threat_mask(blocked.board(), 0);
    assert_ne!(mask & 1, 0, "Black can make a four: {mask:#010b}");
    assert_eq!(mask & 1 << 7, 0);
    assert_eq!(mask >> 3 & 1, 0, "White has no four to make: {mask:#010b}");
}

#[test]
fn the_weights_cover_every_mask_and_format_back() {
    assert_eq!(THREAT_MASK_WEIGHTS.len(), MASKS);
    let text = format_weights(&THREAT_MASK_WEIGHTS);
    let numbers = text.rsplit('[').next().expect("a table");
    assert_eq!(numbers.matches(',').count(), MASKS - 1);
}
