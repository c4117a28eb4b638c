//! The main search's selective rules (late-move pruning, reverse futility): which moves
//! are quiet, where futility may act, and that the pruned search keeps the winning
//! move. (Defences against a four or an open three are exhaustive lists, never pruned:
//! `tests.rs` covers them.)

use super::board::cell_class;
use super::eval::FUTILITY_DEPTH;
use super::*;
use crate::game::{Evaluate, Game, GameParams, Player, SetError};
use crate::search::{self, ScoreReport, Tables};

/// The 15x15 freestyle position after `moves` (Black first); also `extension_tests.rs`'s.
pub(super) fn after(moves: &str) -> Gomoku {
    Gomoku::new_game(&[])
        .expect("15x15")
        .parse_position(&format!("list {moves}"))
        .expect("legal moves")
}

fn square(position: &Gomoku, text: &str) -> Cell {
    position.parse_move(text).expect("on the board")
}

fn pruning(on: bool) -> GomokuParams {
    GomokuParams {
        late_pruning: on,
        futility: on,
        threat_solver: false,
        ..GomokuParams::default()
    }
}

/// Black f8 g8 (a row) and h6 h7 (a column): h8 makes two open threes at once. White's
/// stones are in the corners, out of play.
const DOUBLE_THREE: &str = "f8 a1 g8 a15 h6 o1 h7 o15";

#[test]
fn moves_that_make_a_three_or_stop_a_double_threat_are_not_quiet() {
    let black = after(DOUBLE_THREE);
    assert_eq!(black.side_to_move(), Player::First);
    let on = pruning(true);
    // h8: two open threes; e8: the open three e8 f8 g8; h5: the open three h5 h6 h7.
    for text in ["h8", "e8", "h5"] {
        assert!(!black.is_quiet_move(&on, square(&black, text)), "{text}");
    }
    // Far from Black's stones, nothing is made or stopped.
    for text in ["l12", "c3", "d12"] {
        assert!(black.is_quiet_move(&on, square(&black, text)), "{text}");
    }
    // White to move (one stone fewer for Black): h8 is where Black would make its two
    // open threes, so taking it is a defence, not quiet.
    let white = after("f8 a1 g8 a15 h6 o1 h7");
    assert_eq!(white.side_to_move(), Player::Second);
    assert!(!white.is_quiet_move(&on, square(&white, "h8")));
    assert!(white.is_quiet_move(&on, square(&white, "l12")));
    // e8 would give Black one open three (e8 f8 g8): stopping that alone is quiet.
    assert!(white.is_quiet_move(&on, square(&white, "e8")));
    // Without the option no move is quiet.
    assert!(!black.is_quiet_move(&pruning(false), square(&black, "l12")));
}

#[test]
fn a_plain_four_is_quiet_only_with_the_quiet_fours_option() {
    // Black f8 g8 h8 against White's e8: i8 and j8 each make a four (the five's cell
    // left is j8 or i8) and nothing else.
    let black = after("f8 a1 g8 e8 h8 a15");
    assert_eq!(black.side_to_move(), Player::First);
    let mut params = pruning(true);
    for text in ["i8", "j8"] {
        let cell = square(&black, text);
        let class = black.board().cell_class(0, usize::from(cell.0));
        assert_eq!(class, cell_class::FOUR, "{text}");
        assert!(!black.is_quiet_move(&params, cell), "{text}");
    }
    params
        .set("GomokuQuietFours", "true")
        .expect("a valid value");
    assert!(params.quiet_fours);
    for text in ["i8", "j8"] {
        assert!(black.is_quiet_move(&params, square(&black, text)), "{text}");
    }
    // An open three is still not quiet.
    let three = after("f8 a1 g8 a15");
    assert!(!three.is_quiet_move(&params, square(&three, "h8")));
    assert_eq!(
        params.set("GomokuQuietFours", "maybe"),
        Err(SetError::Invalid("expected true or false".into()))
    );
}

#[test]
fn futility_acts_only_where_the_opponent_threatens_nothing() {
    let on = pruning(true);
    let step = on.futility_step;
    // Nothing threatens Black: a margin of one step a ply, up to FUTILITY_DEPTH.
    let quiet = after(DOUBLE_THREE);
    assert_eq!(quiet.futility_margin(&on, 1), Some(step));
    assert_eq!(quiet.futility_margin(&on, 3), Some(3 * step));
    assert_eq!(quiet.futility_margin(&on, FUTILITY_DEPTH + 1), None);
    assert_eq!(quiet.futility_margin(&pruning(false), 1), None);
    // Black has the open three f8 g8 h8: White must defend, no futility.
    let three = after("f8 a1 g8 a15 h8");
    assert_eq!(three.side_to_move(), Player::Second);
    assert_eq!(three.futility_margin(&on, 1), None);
    // Black has the four f8 g8 h8 i8 (closed at e8): White must block, no futility.
    let four = after("f8 e8 g8 a15 h8 o1 i8");
    assert_eq!(four.futility_margin(&on, 1), None);
    // Black, to move, has a five to play: the node ends at once, no futility.
    let five = after("f8 e8 g8 a15 h8 o1 i8 o15");
    assert_eq!(five.side_to_move(), Player::First);
    assert_eq!(five.futility_margin(&on, 1), None);
}

/// The move and score of a `depth`-ply search; also `extension_tests.rs`'s.
pub(super) fn search(
    position: &Gomoku,
    params: &GomokuParams,
    depth: u32,
) -> (String, ScoreReport) {
    let (best, score, _) = search_counting_nodes(position, params, depth);
    (best, score)
}

/// [`search`] with the nodes it took.
pub(super) fn search_counting_nodes(
    position: &Gomoku,
    params: &GomokuParams,
    depth: u32,
) -> (String, ScoreReport, u64) {
    let mut tables = Tables::try_new(8).expect("8 MiB");
    let result = search::search_to_depth(
        position,
        params,
        depth,
        &mut tables,
        &mut vcf::ThreatSolver::default(),
    )
    .expect("not over");
    (
        position.format_move(result.best_move),
        result.score,
        result.nodes,
    )
}

#[test]
fn the_pruned_search_keeps_the_winning_double_three() {
    // Threat solver off: the main search alone must find h8 and the win behind it.
    let position = after(DOUBLE_THREE);
    for on in [true, false] {
        let (best, score) = search(&position, &pruning(on), 7);
        assert_eq!(best, "h8", "pruning {on}");
        assert!(
            matches!(score, ScoreReport::Win(5)),
            "pruning {on}: {score:?}"
        );
    }
}
