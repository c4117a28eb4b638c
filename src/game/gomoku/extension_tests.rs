//! The main search's extension of the replies to an open three
//! (`Evaluate::defence_extension`, `GomokuThreatExtension`): where it applies, and that
//! it lets a depth-limited search see a threat sequence it otherwise misses, with the
//! same exact win.

use super::pruning_tests::{after, search, search_counting_nodes};
use super::*;
use crate::game::{Evaluate, Game, MoveList, Player};
use crate::search::ScoreReport;

/// The main search alone (no threat solver at the root), with the extension's quarters.
fn extension(quarters: u32) -> GomokuParams {
    GomokuParams {
        // The node counts compared below were measured with the classic evaluation.
        eval: GomokuEval::Classic,
        threat_solver: false,
        threat_extension: quarters,
        ..GomokuParams::default()
    }
}

#[test]
fn only_a_short_list_of_replies_to_an_open_three_is_extended() {
    // Black's open three f8 g8 h8, White to move: the stops are e8, i8 (and the far
    // cells d8, j8 do not stop it), a short list.
    let three = after("f8 a1 g8 a15 h8");
    assert_eq!(three.side_to_move(), Player::Second);
    let mut moves = MoveList::new();
    let mut keys = MoveList::new();
    assert!(three.search_moves(&mut moves, &mut keys), "exhaustive");
    let count = moves.len();
    assert!((2..=6).contains(&count), "{count} replies");
    assert_eq!(three.defence_extension(&extension(4), count), 4);
    assert_eq!(three.defence_extension(&extension(2), count), 2);
    // Off, or a list longer than `threat_extension_moves`: no extension.
    assert_eq!(three.defence_extension(&extension(0), count), 0);
    let short = GomokuParams {
        threat_extension_moves: count as u32 - 1,
        ..extension(4)
    };
    assert_eq!(three.defence_extension(&short, count), 0);
    // Nothing threatens Black: no extension.
    assert_eq!(after("f8 a1 g8 a15").defence_extension(&extension(4), 2), 0);
    // Black has two fives to play (f8 g8 h8 i8 open at both ends), White to move: lost,
    // not a defence to extend.
    let open_four = after("f8 a1 g8 a15 h8 o1 i8");
    assert_eq!(open_four.defence_extension(&extension(4), 2), 0);
}

/// Own forced-win set g9-ply10 (Black to move wins in 15 plies, i9 first): a threat
/// sequence with open threes that the plain search at depth 6 does not see.
const G9_PLY10: &str = "h8 i7 i8 g8 h6 h9 f7 e9 f6 f9";

#[test]
fn the_extension_sees_a_threat_sequence_at_half_the_depth_with_the_same_win() {
    let position = after(G9_PLY10);
    // Without the extension, depth 6 sees no win; depth 12 proves the win in 15.
    let (_, plain) = search(&position, &extension(0), 6);
    assert!(!matches!(plain, ScoreReport::Win(_)), "{plain:?}");
    let (best, deep) = search(&position, &extension(0), 12);
    assert!(matches!(deep, ScoreReport::Win(15)), "{deep:?}");
    assert_eq!(best, "i9");
    // With a whole ply of extension a reply, depth 6 proves the same win in 15.
    let (best, extended) = search(&position, &extension(4), 6);
    assert!(matches!(extended, ScoreReport::Win(15)), "{extended:?}");
    assert_eq!(best, "i9");
}

#[test]
fn the_extension_keeps_the_shortest_win_of_a_double_three() {
    // Black f8 g8 h6 h7: h8 makes two open threes, won in 5 plies, at every setting.
    let position = after("f8 a1 g8 a15 h6 o1 h7 o15");
    for quarters in [0, 2, 4] {
        let (best, score) = search(&position, &extension(quarters), 7);
        assert_eq!(best, "h8", "{quarters}");
        assert!(
            matches!(score, ScoreReport::Win(5)),
            "{quarters}: {score:?}"
        );
    }
}

/// The whole-ply extension without the late-move pruning and futility that came with it
/// (whatever the defaults).
fn unpruned() -> GomokuParams {
    GomokuParams {
        late_pruning: false,
        futility: false,
        ..extension(4)
    }
}

/// The extension with `extension_quiet` moves before only threats on the part of a line
/// beyond the nominal horizon, and a stand pat or not (no late-move pruning or futility).
fn selective(quiet: u32, stand_pat: bool) -> GomokuParams {
    GomokuParams {
        extension_quiet: quiet,
        extension_stand_pat: stand_pat,
        ..unpruned()
    }
}

#[test]
fn threats_are_fours_and_open_threes_and_the_limit_needs_the_extension() {
    // Black f8 g8 h8 (an open three), White to move must stop it; Black e5 f5 for later.
    let position = after("f8 a1 g8 a15 e5 o1 f5");
    assert_eq!(position.side_to_move(), Player::Second);
    let black = after("f8 a1 g8 a15 e5 o1 f5 o15");
    let cell = |text: &str| black.parse_move(text).expect("on the board");
    let params = selective(1, false);
    // e8 and h8 make an open three f8 g8 h8 / e8 f8 g8, g5 and d5 one with e5 f5, f6
    // the split three f5 f6 _ f8: threats.
    for threat in ["e8", "h8", "g5", "d5", "f6"] {
        assert!(black.is_threat_move(&params, cell(threat)), "{threat}");
    }
    // f9 and h6 (next to the stones, making no three) and a far cell: not threats.
    for quiet in ["f9", "h6", "k12"] {
        assert!(!black.is_threat_move(&params, cell(quiet)), "{quiet}");
    }
    assert_eq!(position.extension_quiet_moves(&params), 1);
    assert_eq!(position.extension_quiet_moves(&selective(0, false)), 0);
    // 15 (every partial list is at most that long), the default: no limit; nor without
    // the extension.
    assert_eq!(
        position.extension_quiet_moves(&selective(15, false)),
        usize::MAX
    );
    let off = GomokuParams {
        threat_extension: 0,
        ..selective(1, false)
    };
    assert_eq!(position.extension_quiet_moves(&off), usize::MAX);
    assert!(!position.extension_stand_pat(&params));
    assert!(position.extension_stand_pat(&selective(0, true)));
}

#[test]
fn threats_only_beyond_the_horizon_keep_the_win_with_fewer_nodes() {
    let position = after(G9_PLY10);
    let (best, full, full_nodes) = search_counting_nodes(&position, &unpruned(), 6);
    assert!(matches!(full, ScoreReport::Win(15)), "{full:?}");
    assert_eq!(best, "i9");
    // One quiet move and the threats where the line has no nominal depth left: the same
    // win, in fewer nodes.
    let (best, limited, limited_nodes) = search_counting_nodes(&position, &selective(1, false), 6);
    assert!(matches!(limited, ScoreReport::Win(15)), "{limited:?}");
    assert_eq!(best, "i9");
    assert!(
        limited_nodes < full_nodes,
        "{limited_nodes} against {full_nodes}"
    );
    // With a stand pat for the moves left out the win is no longer proven (the stand pat
    // is a heuristic value), but i9 stays best with a won-looking value.
    let (best, stand, stand_nodes) = search_counting_nodes(&position, &selective(0, true), 6);
    assert_eq!(best, "i9");
    assert!(
        matches!(stand, ScoreReport::Cp(cp) if cp > 2000),
        "{stand:?}"
    );
    assert!(
        stand_nodes < limited_nodes,
        "{stand_nodes} against {limited_nodes}"
    );
    // The same with late-move pruning and futility (the form measured against Rapfi):
    // the stand pat's search is the cheaper one (by 4x before the completed lists
    // searched only the relevance zone of the win that stands, `sure_loss_unless`;
    // 1.9x since).
    let pruned = |params: GomokuParams| GomokuParams {
        late_pruning: true,
        futility: true,
        ..params
    };
    let (best, full, full_nodes) = search_counting_nodes(&position, &pruned(unpruned()), 6);
    assert!(matches!(full, ScoreReport::Win(15)), "{full:?}");
    assert_eq!(best, "i9");
    let (best, stand, stand_nodes) =
        search_counting_nodes(&position, &pruned(selective(0, true)), 6);
    assert_eq!(best, "i9");
    assert!(
        matches!(stand, ScoreReport::Cp(cp) if cp > 2000),
        "{stand:?}"
    );
    assert!(
        stand_nodes * 3 < full_nodes * 2,
        "{stand_nodes} against {full_nodes}"
    );
}
