//! The shipped learned weights on typed-in positions: threats rank as they should,
//! mirror images score the same, and the board's incremental sums match the features.

use super::*;
use crate::game::{Evaluate, Game};

const LEARNED: GomokuParams = GomokuParams {
    eval: GomokuEval::Learned,
    threat_solver: true,
    vct_nodes: 2_000_000,
    leaf_vcf: false,
    threat_mask: false,
    defence: true,
    // The weights alone, without the forced block of a four.
    leaf_block: false,
    initiative: false,
    late_pruning: true,
    futility: true,
    futility_step: 150,
    three_discount: 550,
    attack_share: 15,
    double_three: false,
    forced_tempo: false,
    refutations: true,
    threat_extension: 0,
    threat_extension_moves: 6,
    extension_quiet: 15,
    extension_stand_pat: false,
    early_check: 15,
    final_check: 0,
    reduction_percent: 100,
    late_move_percent: 100,
    quiet_fours: false,
};

/// The 15x15 freestyle position after `moves` (Black first).
fn after(moves: &str) -> Gomoku {
    Gomoku::new(15, Rule::Freestyle)
        .expect("15x15")
        .parse_position(&format!("list {moves}"))
        .expect("legal moves")
}

fn learned(moves: &str) -> i32 {
    after(moves).evaluate(&LEARNED)
}

/// The same stones mirrored by `map` (row, column) -> (row, column), same side to move.
fn mirrored(moves: &str, map: impl Fn(usize, usize) -> (usize, usize)) -> String {
    let position = Gomoku::new(15, Rule::Freestyle).expect("15x15");
    moves
        .split_whitespace()
        .map(|text| {
            let cell = usize::from(position.parse_move(text).expect("square").0);
            let (row, col) = map(cell / 15, cell % 15);
            position.format_move(Cell((row * 15 + col) as u16))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_evaluation_is_the_weighted_features() {
    for moves in ["h8 i9 j8", "h8 i9 j8 j9 g7", "h8 h9 i8 i9 f5 g10 k12"] {
        let position = after(moves);
        assert!(training::is_quiet(&position), "{moves}");
        let features = training::features(&position);
        let sum: i32 = features
            .iter()
            .zip(WEIGHTS_OF_TEST.iter())
            .map(|(&x, &w)| x as i32 * w)
            .sum::<i32>()
            + WEIGHTS_OF_TEST[learned::FEATURES];
        assert_eq!(position.evaluate(&LEARNED), sum, "{moves}");
        position.board().assert_consistent();
    }
}

const WEIGHTS_OF_TEST: [i32; learned::FEATURES + 1] = learned::WEIGHTS;

/// A symmetry of the board: (row, column) -> (row, column).
type Map = fn(usize, usize) -> (usize, usize);

#[test]
fn mirror_images_score_the_same() {
    let moves = "h8 i9 j8 j9 g7 k10 f6 i7 h10";
    let score = learned(moves);
    let maps: [Map; 4] = [
        |r, c| (c, r),
        |r, c| (14 - r, c),
        |r, c| (r, 14 - c),
        |r, c| (14 - c, 14 - r),
    ];
    for map in maps {
        let image = mirrored(moves, map);
        assert_eq!(learned(&image), score, "{image}");
        assert_eq!(
            training::features(&after(&image)),
            training::features(&after(moves))
        );
    }
}

#[test]
fn threats_rank_as_they_should() {
    // Black to move with an open three (a move makes an open four): far above a closed
    // two of Black's.
    let open_three = learned("h8 a1 i8 a15 j8 o1");
    let closed_two = learned("h8 g8 i8 a15 a2 o1");
    assert!(open_three > closed_two + 5_000, "{open_three} {closed_two}");
    // White to move against Black's open three: worse for White than against Black's
    // closed two.
    let against_three = learned("h8 a1 i8 a15 j8");
    let against_two = learned("h8 g8 i8 a15 a2");
    assert!(
        against_three < against_two - 100,
        "{against_three} {against_two}"
    );
    // Black to move with an open two scores above the same stones with White's four
    // to block (a forced reply).
    let free = learned("h8 a1 i8 a15");
    assert!(free > learned("h8 a1 i8 b1 a3 c1 a5 d1"));
}

#[test]
fn the_combination_index_is_a_bijection_on_multisets() {
    let mut seen = [false; learned::COMBOS];
    let classes = learned::LINE_CLASSES;
    for a in 0..classes {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    let index = learned::combo_index([a, b, c, d]);
                    assert!(index < learned::COMBOS, "{a} {b} {c} {d}");
                    assert!(!seen[index], "{a} {b} {c} {d}: {index} twice");
                    seen[index] = true;
                    // Any order of the same four classes is the same combination.
                    for order in [[d, c, b, a], [b, d, a, c], [c, a, d, b]] {
                        assert_eq!(learned::combo_index(order), index);
                    }
                }
            }
        }
    }
    assert!(seen.iter().all(|&s| s));
}

#[test]
fn table_entries_are_the_weights_of_lines_class_and_combination() {
    use crate::game::gomoku::cells::cell_table;
    let weights = &learned::WEIGHTS;
    let table = cell_table(false);
    for packed in 0..=u16::MAX {
        let lines = [0, 1, 2, 3].map(|dir| usize::from(packed >> (4 * dir) & 0xF));
        // Only nibbles up to FIVE occur in the unrestricted table's cells.
        if lines.iter().any(|&line| line >= learned::LINE_CLASSES) {
            continue;
        }
        let entry = table.entry[usize::from(packed)];
        let class = usize::from(entry.class());
        for (role, worth) in [entry.mover(), entry.waiter()].into_iter().enumerate() {
            let base = role * learned::ROLE_FEATURES;
            let expected = lines.iter().map(|&line| weights[base + line]).sum::<i32>()
                + weights[base + learned::LINE_CLASSES + class]
                + weights[base + learned::COMBO_BASE + learned::combo_index(lines)];
            assert_eq!(worth, expected, "{packed:#06x} role {role}");
        }
    }
}

/// The weighted features of `position` with player `me` as the mover.
fn weighted(position: &Gomoku, me: usize) -> i32 {
    let features = training::features_of(position, me);
    features
        .iter()
        .zip(WEIGHTS_OF_TEST.iter())
        .map(|(&x, &w)| x as i32 * w)
        .sum::<i32>()
        + WEIGHTS_OF_TEST[learned::FEATURES]
}

#[test]
fn the_side_with_the_tempo_is_the_mover() {
    let initiative = GomokuParams {
        initiative: true,
        forced_tempo: true,
        ..LEARNED
    };
    // White to move against Black's open three: Black has the tempo.
    let position = after("h8 a1 i8 a15 j8");
    assert!(training::is_quiet(&position) && position.must_defend());
    assert_eq!(position.evaluate(&initiative), -weighted(&position, 0));
    assert_eq!(position.evaluate(&LEARNED), weighted(&position, 1));
    // Nothing to stop: the side to move is the mover, except after a forced reply.
    let quiet = after("h8 i9 j8");
    assert!(!quiet.must_defend());
    assert_eq!(quiet.evaluate(&initiative), weighted(&quiet, 1));
    assert_eq!(
        quiet.evaluate_after_forced_reply(&initiative),
        -weighted(&quiet, 0)
    );
}

#[test]
fn exactly_one_threat_mask_feature_is_set_and_it_names_the_threats() {
    // Black h8 i8 j8 (an open three), White to move and quiet: as the mover (White's
    // view with `features_of(_, 1)`), White can make nothing and Black can make a four
    // and an open four.
    let position = after("h8 a1 i8 a15 j8");
    for me in [0, 1] {
        let features = training::features_of(&position, me);
        let masks = &features[learned::MASK_BASE..learned::FEATURES];
        assert_eq!(masks.iter().sum::<f32>(), 1.0);
        let mask = masks.iter().position(|&x| x == 1.0).expect("a mask");
        assert_eq!(mask, threat_mask::threat_mask(position.board(), me));
        if me == 1 {
            assert_eq!(mask & 0b111, 0, "White makes nothing: {mask:#010b}");
            assert_ne!(mask & 1 << 3, 0, "Black makes a four: {mask:#010b}");
            assert_ne!(mask & 1 << 7, 0, "Black makes an open four: {mask:#010b}");
        }
    }
}
