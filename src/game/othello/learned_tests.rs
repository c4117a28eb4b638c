//! Tests of the learned evaluation: pattern indices, symmetry and the weights file (the
//! trainer's own tests are in tools/).

use crate::game::othello::bitboard::{flips, legal_moves};
use crate::game::othello::learned::{embedded, LearnedWeights, STAGES, STAGE_LEN};
use crate::game::othello::pattern::{
    canonical_indices, family_of, flip_horizontal, flip_vertical, indices, slow_index, transpose,
    FAMILIES,
};
use crate::rng::SplitMix64;

/// The eight board symmetries as bitboard maps.
fn symmetries() -> [fn(u64) -> u64; 8] {
    [
        |b| b,
        flip_horizontal,
        flip_vertical,
        |b| flip_vertical(flip_horizontal(b)),
        transpose,
        |b| flip_horizontal(transpose(b)),
        |b| flip_vertical(transpose(b)),
        |b| flip_vertical(flip_horizontal(transpose(b))),
    ]
}

/// Positions along random games (every ply, passes included).
fn random_positions(seed: u64, games: usize) -> Vec<(u64, u64)> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let (mut p, mut o) = (1u64 << 35 | 1 << 28, 1u64 << 27 | 1 << 36);
        loop {
            let moves = legal_moves(p, o);
            if moves == 0 {
                if legal_moves(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                continue;
            }
            out.push((p, o));
            let square = rng.pick_bit(moves);
            let f = flips(usize::from(square), p, o);
            (p, o) = (o ^ f, p | f | 1 << square);
        }
    }
    out
}

/// Weights with random values, equal for mirror-image configurations (as fitted ones are).
fn random_weights(seed: u64) -> LearnedWeights {
    let mut rng = SplitMix64::new(seed);
    let canonical = canonical_indices();
    let mut w = LearnedWeights::zero();
    for stage in 0..STAGES {
        let base = stage * STAGE_LEN;
        for i in 0..STAGE_LEN {
            w.weights[base + i] = rng.below(2001) as i16 - 1000;
        }
        for (i, &c) in canonical.iter().enumerate() {
            w.weights[base + i] = w.weights[base + c as usize];
        }
    }
    w
}

#[test]
fn fast_indices_are_the_patterns_squares_under_every_symmetry() {
    let canonical = canonical_indices();
    let maps = symmetries();
    for (p, o) in random_positions(3, 20) {
        let fast = indices(p, o);
        for (f, family) in FAMILIES.iter().enumerate() {
            let mut got: Vec<u32> = fast
                .iter()
                .filter(|&&i| family_of(i) == f)
                .map(|&i| canonical[i as usize])
                .collect();
            // Every distinct square set among the family's images, read square by square.
            let mut seen: Vec<u64> = Vec::new();
            let mut expected = Vec::new();
            for map in maps {
                let squares: Vec<u8> = family
                    .squares
                    .iter()
                    .map(|&s| map(1u64 << s).trailing_zeros() as u8)
                    .collect();
                let set = squares.iter().fold(0u64, |m, &s| m | 1 << s);
                if seen.contains(&set) {
                    continue;
                }
                seen.push(set);
                let index =
                    crate::game::othello::pattern::OFFSETS[f] as u32 + slow_index(p, o, &squares);
                expected.push(canonical[index as usize]);
            }
            got.sort_unstable();
            expected.sort_unstable();
            assert_eq!(got.len(), family.instances, "{}", family.name);
            assert_eq!(got, expected, "{} at {p:x} {o:x}", family.name);
        }
    }
}

#[test]
fn symmetric_positions_get_equal_values() {
    let weights = random_weights(5);
    for (p, o) in random_positions(7, 10) {
        let value = weights.evaluate(p, o, legal_moves(p, o));
        assert_ne!(value, 0);
        let builtin = embedded().evaluate(p, o, legal_moves(p, o));
        for map in symmetries() {
            let (sp, so) = (map(p), map(o));
            assert_eq!(weights.evaluate(sp, so, legal_moves(sp, so)), value);
            assert_eq!(embedded().evaluate(sp, so, legal_moves(sp, so)), builtin);
        }
    }
}

#[test]
fn weights_round_trip_through_the_file_form() {
    let mut weights = random_weights(11);
    // Runs of zeros, as unseen configurations leave them.
    for w in weights.weights.iter_mut().step_by(3) {
        *w = 0;
    }
    weights.weights[0] = i16::MIN;
    let last = weights.weights.len() - 1;
    weights.weights[last] = i16::MAX;
    let bytes = weights.encode();
    let back = LearnedWeights::decode(&bytes).expect("decodes");
    assert_eq!(back, weights);
    for (p, o) in random_positions(13, 3) {
        let moves = legal_moves(p, o);
        assert_eq!(back.evaluate(p, o, moves), weights.evaluate(p, o, moves));
    }
    assert!(LearnedWeights::decode(b"ARBOTHW0").is_err());
    assert!(LearnedWeights::decode(&bytes[..bytes.len() / 2]).is_err());
    let mut extra = bytes.clone();
    extra.extend_from_slice(&[1, 2]);
    assert!(LearnedWeights::decode(&extra).is_err());
}

#[test]
fn the_shipped_weights_file_decodes_and_is_not_empty() {
    let bytes = include_bytes!("../../../data/othello/weights.bin");
    let weights = LearnedWeights::decode(bytes).expect("the shipped weights decode");
    assert!(weights.weights.iter().filter(|&&w| w != 0).count() > 10_000);
    assert_eq!(&weights, embedded());
}

#[test]
fn incremental_indices_and_evaluation_agree_with_the_full_ones_over_random_games() {
    use crate::game::othello::incremental::PatternIndices;
    use crate::game::othello::learned::SidedTables;
    use crate::game::othello::pattern::INSTANCES;
    use crate::game::othello::{Othello, OthelloMove};
    use crate::game::{Game, MoveList, Player};

    let weights = random_weights(17);
    let tables = SidedTables::new(&weights);
    let mut rng = SplitMix64::new(19);
    let mut checked = 0;
    for _ in 0..30 {
        let mut position = Othello::new();
        while position.outcome().is_none() {
            let (p, o) = (position.player(), position.opponent());
            let black_to_move = position.side_to_move() == Player::First;
            let (black, white) = if black_to_move { (p, o) } else { (o, p) };
            // The carried indices are the ones read square by square, and the same as
            // computed from scratch.
            let carried = *position.pattern_indices();
            assert_eq!(carried, PatternIndices::new(black, white));
            for lane in 0..INSTANCES {
                let slow = PatternIndices::slow_lane(black, white, lane);
                assert_eq!(u32::from(carried.0[lane]), slow, "lane {lane}");
            }
            // The lookups over carried indices give the full evaluation's value, for
            // random weights and for the shipped ones.
            let moves = position.move_mask();
            assert_eq!(
                tables.evaluate(&carried, black_to_move, p, o, moves),
                weights.evaluate(p, o, moves)
            );
            assert_eq!(
                crate::game::othello::learned::embedded_tables().evaluate(
                    &carried,
                    black_to_move,
                    p,
                    o,
                    moves
                ),
                embedded().evaluate(p, o, moves)
            );
            checked += 1;
            let mut list: MoveList<OthelloMove> = MoveList::new();
            position.legal_moves(&mut list);
            let mv = list[rng.below(list.len() as u32) as usize];
            position.play(mv);
        }
    }
    assert!(checked > 1500, "{checked}");
}
