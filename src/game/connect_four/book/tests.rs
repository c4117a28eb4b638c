//! The opening book: its format, the arithmetic that derives shallow plies, and the
//! shipped data checked against public facts and against itself.

use super::build::{bounds_from_children, derive, encode, Known, Moves};
use super::*;
use crate::budget::control::Control;
use crate::budget::limits::Limits;
use crate::game::connect_four::solver::ConnectFourSolver;
use crate::game::connect_four::tests::random_game;
use crate::game::connect_four::Params;
use crate::game::score::win_in;
use crate::game::solver::{Solved, Solver, Verdict};
use crate::search::StopFlag;

fn digits(text: &str) -> ConnectFour {
    let mut position = ConnectFour::new();
    position.play_digits(text).expect("valid digits");
    position
}

#[test]
fn entries_round_trip_through_the_format() {
    let mut known = Known::new();
    let positions = [digits("4"), digits("44"), digits("1"), digits("17")];
    let values = [Value::Exact(-1), Value::Win, Value::Loss, Value::Exact(0)];
    for (position, value) in positions.iter().zip(values) {
        known.insert(canonical(position).key(), value);
    }
    // Stored moves: `4` (a loss: its move is dropped), `44` (won: x plays the centre) and
    // `17` (drawn: x plays column 2, 0-based), whose mirror image `71` is not stored.
    let mut moves = Moves::new();
    moves.insert(canonical(&digits("4")).key(), Column(3));
    moves.insert(canonical(&digits("44")).key(), Column(3));
    assert_eq!(canonical(&digits("71")).key(), digits("17").key());
    moves.insert(digits("17").key(), Column(2));
    let bytes = encode(&known, &moves, 2);
    let book = Book::parse(&bytes).expect("a book");
    assert_eq!((book.len(), book.deepest()), (4, 2));
    assert_eq!(
        book.keeping_move(&digits("4")),
        None,
        "a lost position keeps nothing"
    );
    assert_eq!(book.keeping_move(&digits("44")), Some(Column(3)));
    assert_eq!(book.keeping_move(&digits("17")), Some(Column(2)));
    assert_eq!(
        book.keeping_move(&digits("71")),
        Some(Column(4)),
        "mirrored"
    );
    assert_eq!(book.keeping_move(&digits("1")), None, "no move stored");
    for (position, value) in positions.iter().zip(values) {
        assert_eq!(book.probe(position), Some(value));
        // A position and its mirror image share the entry.
        let mirrored = ConnectFour::from_bits(
            position.shape(),
            position.shape().mirror(position.current()),
            position.shape().mirror(position.mask()),
            position.moves(),
        );
        assert_eq!(book.probe(&mirrored), Some(value));
    }
    assert_eq!(book.probe(&digits("2")), None);
    assert_eq!(book.probe(&digits("444")), None, "deeper than the book");
    assert!(Book::parse(&bytes[..bytes.len() - 1]).is_none());
    assert!(Book::parse(b"C4BK\x01\x00\x00\x00").is_none(), "version 1");
    let mut old = bytes.clone();
    old[4] = 2;
    assert!(Book::parse(&old).is_none(), "version 2 (8-byte entries)");
    // A bucket start past the entries.
    let mut broken = bytes.clone();
    broken[HEADER + 4..HEADER + 8].copy_from_slice(&99u32.to_le_bytes());
    assert!(Book::parse(&broken).is_none(), "bucket starts out of order");
}

#[test]
fn many_buckets_hold_every_value_and_nothing_else() {
    // Random positions of 0..=20 discs spread over many buckets (the key's top bits are
    // the rightmost columns), every value code from the deepest loss to the highest win.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut known = Known::new();
    let mut moves = Moves::new();
    let mut absent = Vec::new();
    for index in 0..3000 {
        let position = canonical(&random_game(&mut state, index % 21));
        let value = match index % 45 {
            43 => Value::Win,
            44 => Value::Loss,
            score => Value::Exact(score as i32 - 21),
        };
        if index % 5 == 4 {
            absent.push(position);
            continue;
        }
        known.insert(position.key(), value);
        if let Some(column) = (0..7).find(|&c| position.can_play(c)) {
            moves.insert(position.key(), Column(column as u8));
        }
    }
    for position in &absent {
        known.remove(&position.key());
    }
    let bytes = encode(&known, &moves, 20);
    assert_eq!(
        bytes.len(),
        HEADER + INDEX_BYTES + ENTRY_BYTES * known.len()
    );
    let book = Book::parse(&bytes).expect("a book");
    let buckets = (0..BUCKETS)
        .filter(|&bucket| book.start(bucket) < book.start(bucket + 1))
        .count();
    assert!(buckets > 20, "only {buckets} buckets used");
    for (&key, &value) in &known {
        assert_eq!(book.probe_key(key), Some(value));
    }
    for position in &absent {
        assert_eq!(book.probe_key(position.key()), None);
    }
    assert_eq!(
        book.probe_key(1 << KEY_BITS),
        None,
        "a key too wide for the board"
    );
}

#[test]
fn shallow_values_follow_from_the_children() {
    // X to move with three in the bottom row: an immediate win, whatever is known.
    let threat = digits("112233");
    assert_eq!(bounds_from_children(&threat, &Known::new()), (18, 18));
    // Children of `4` (O to move) given exact values: O takes the best of them.
    let parent = digits("4");
    let mut known = Known::new();
    for (column, score) in (1..=7).zip([3, 2, 1, 1, 1, 2, 3]) {
        known.insert(
            canonical(&digits(&format!("4{column}"))).key(),
            Value::Exact(score),
        );
    }
    assert_eq!(bounds_from_children(&parent, &known), (-1, -1));
    // One child only known as a loss for X: O wins, by an unknown margin.
    known.insert(canonical(&digits("41")).key(), Value::Loss);
    let (low, high) = bounds_from_children(&parent, &known);
    assert_eq!(low, 1);
    assert!(high > 1);
    // Nothing known: nothing proven, and `derive` adds nothing but proven values.
    let mut empty = Known::new();
    derive(&mut empty, 1);
    assert!(empty.is_empty());
}

/// The shipped book, which must hold at least the first plies.
#[test]
fn layer_reach_is_the_chance_of_a_random_game_passing_through() {
    // Canonical positions per ply (mirror images once, games over left out).
    let sizes = [1, 4, 25, 121, 568, 2144, 8231, 27109];
    for (ply, &size) in sizes.iter().enumerate() {
        let layer = layer_reach(ply as u32);
        assert_eq!(layer.len(), size, "ply {ply}");
        let keys: Vec<u64> = layer.iter().map(|(p, _)| p.key()).collect();
        let plain: Vec<u64> = layer_positions(ply as u32)
            .iter()
            .map(|p| p.key())
            .collect();
        assert_eq!(keys, plain, "same order as layer_positions");
        let total: f64 = layer.iter().map(|(_, reach)| reach).sum();
        // No game ends before ply 7; at ply 7 the first player has won 1.58% of random
        // games (an independent enumeration over all move sequences).
        let expected = if ply < 7 {
            1.0
        } else {
            0.984_175_689_672_780_4
        };
        assert!((total - expected).abs() < 1e-12, "ply {ply}: {total}");
    }
    // Ply 1: the centre column alone, each other column with its mirror image.
    let mut first: Vec<f64> = layer_reach(1).iter().map(|(_, reach)| *reach).collect();
    first.sort_by(f64::total_cmp);
    let expected = [1.0 / 7.0, 2.0 / 7.0, 2.0 / 7.0, 2.0 / 7.0];
    assert!(first
        .iter()
        .zip(expected)
        .all(|(a, b)| (a - b).abs() < 1e-15));
    // Ply 2: "dd" is one sequence of 49, "ad" two (with its mirror "gd"). Ply 3: "ada"
    // two ("gdg"), "adb" four (first player's discs in either order, and the mirrors).
    let reach_of = |moves: &str| {
        let key = canonical(&digits(moves)).key();
        let ply = moves.len() as u32;
        layer_reach(ply)
            .iter()
            .find(|(p, _)| p.key() == key)
            .map(|(_, r)| *r)
    };
    let close = |moves: &str, expected: f64| {
        let reach = reach_of(moves).expect("in the layer");
        assert!((reach - expected).abs() < 1e-15, "{moves}: {reach}");
    };
    close("44", 1.0 / 49.0);
    close("14", 2.0 / 49.0);
    close("141", 2.0 / 343.0);
    close("142", 4.0 / 343.0);
}

fn shipped() -> Book<'static> {
    let book = Book::shipped();
    assert!(
        book.deepest() >= 1 && !book.is_empty(),
        "the shipped book is empty"
    );
    book
}

#[test]
fn the_shipped_book_knows_the_first_moves() {
    let book = shipped();
    // Public facts: the empty board is a first-player win with the 41st disc (score 1),
    // and the first move in columns a..g leaves X with -2, -1, 0, 1, 0, -1, -2.
    assert_eq!(book.probe(&ConnectFour::new()), Some(Value::Exact(1)));
    for (column, score) in (1..=7).zip([-2, -1, 0, 1, 0, -1, -2]) {
        let after = digits(&column.to_string());
        assert_eq!(
            book.probe(&after),
            Some(Value::Exact(-score)),
            "column {column}"
        );
    }
    let (score, line) = book.line(&ConnectFour::new()).expect("an exact line");
    assert_eq!((score, line[0]), (1, Column(3)));
}

#[test]
fn every_shallow_entry_agrees_with_its_children() {
    let book = shipped();
    let mut known = Known::new();
    for ply in 0..=book.deepest() {
        for position in layer_positions(ply) {
            if let Some(value) = book.probe(&position) {
                known.insert(position.key(), value);
            }
        }
    }
    for ply in 0..book.deepest() {
        for position in layer_positions(ply) {
            let Some(value) = book.probe(&position) else {
                continue;
            };
            let (low, high) = bounds_from_children(&position, &known);
            let (own_low, own_high) = value.bounds(ply);
            assert!(
                own_low <= high && low <= own_high,
                "{position:?}: book {value:?}, children ({low}, {high})"
            );
            if let Value::Exact(score) = value {
                // An exact score above the deepest ply comes from exact children.
                assert!(low <= score && score <= high);
            }
        }
    }
}

#[test]
fn the_solver_answers_book_positions_at_once() {
    let book = shipped();
    let mut solver = ConnectFourSolver::default();
    // `go solve` on the empty board: from the book, no search.
    let solve = Limits {
        solve: true,
        ..Limits::default()
    };
    let mut control = Control::new(StopFlag::new(), None, Some(0));
    let verdict = solver.solve(
        &ConnectFour::new(),
        &Params::default(),
        &solve,
        &mut control,
    );
    let Verdict::Solved(Solved {
        best_move,
        score,
        depth,
        ..
    }) = verdict
    else {
        panic!("not answered from the book: {verdict:?}");
    };
    assert_eq!((best_move, score, depth), (Column(3), win_in(41), 41));
    // Any time limit too; a depth-limited search is left to the heuristic search.
    let movetime = Limits {
        movetime: Some(std::time::Duration::from_millis(1)),
        ..Limits::default()
    };
    let verdict = solver.solve(
        &ConnectFour::new(),
        &Params::default(),
        &movetime,
        &mut control,
    );
    assert!(matches!(verdict, Verdict::Solved(Solved { score, .. }) if score == win_in(41)));
    let depth = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let verdict = solver.solve(
        &ConnectFour::new(),
        &Params::default(),
        &depth,
        &mut control,
    );
    assert_eq!(verdict, Verdict::Declined);
    // The search probes the book too: the empty board's score within a few nodes.
    let mut control = Control::new(StopFlag::new(), None, Some(10_000));
    assert_eq!(solver.score(&ConnectFour::new(), &mut control), Some(1));
    assert!(book.deepest() < 42);
}

/// Whether the book's `value` agrees with a test set's exact `score` (a win or loss
/// without its distance agrees with a score of its sign).
fn agrees(value: Value, score: i32) -> bool {
    match value {
        Value::Win => score > 0,
        Value::Loss => score < 0,
        exact => exact == Value::Exact(score),
    }
}

#[test]
fn the_shipped_book_agrees_with_typed_in_lines_of_the_test_set() {
    // Lines of Pons' "beginning hard" set (Test_L1_R3), within the book's plies.
    let book = shipped();
    for (moves, score) in [
        ("13712", 3),
        ("3246313", -2),
        ("573154743", 2),
        ("751321", 2),
        ("251", 4),
        ("13234664", -3),
        ("226763", -2),
        ("54431", 0),
    ] {
        let value = book.probe(&digits(moves));
        assert!(
            value.is_some_and(|v| agrees(v, score)),
            "{moves}: book {value:?}, test set {score}"
        );
    }
}

/// Pons' "beginning hard" test set: every line within the book's plies must have the
/// book's value.
#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn the_shipped_book_agrees_with_the_test_set() {
    let book = shipped();
    let text = crate::testdata::read("connect4/Test_L1_R3");
    let mut checked = 0;
    for line in text.lines() {
        let mut fields = line.split_whitespace();
        let (Some(moves), Some(score)) = (fields.next(), fields.next()) else {
            panic!("malformed line {line:?}");
        };
        let score: i32 = score.parse().expect("a score");
        match book.probe(&digits(moves)) {
            Some(value) if agrees(value, score) => checked += 1,
            None => {}
            Some(value) => panic!("{moves}: book {value:?}, test set {score}"),
        }
    }
    eprintln!("{checked} test-set positions found in the book");
    assert!(checked > 0, "no test-set position in the book");
}

#[test]
fn priors_from_a_solved_layer_bound_the_next_and_save_its_search() {
    use super::prior::{from_book, priors, Prior};
    // Layers of a late middle game (fast to solve in full): the children of positions
    // reached by seeded random games, their parents solved by the ordinary search.
    let mut solver = ConnectFourSolver::default().without_book();
    let mut control = Control::new(StopFlag::new(), None, None);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut seen = [0usize; 4]; // lost, drawn, won, at least drawn
    for _ in 0..12 {
        let base = random_game(&mut state, 22);
        let mut parents = Vec::new();
        for column in 0..7 {
            let mut parent = base;
            if !base.can_play(column) {
                continue;
            }
            parent.play(Column(column as u8));
            if parent.outcome().is_some() {
                continue;
            }
            let parent = canonical(&parent);
            let (wdl, keeping) = solver.wdl_move(&parent, &mut control).expect("solved");
            parents.push((parent, wdl, Some(keeping)));
        }
        let priors = priors(parents.iter().map(|(p, wdl, keeping)| (p, *wdl, *keeping)));
        // The same bounds come from a book holding the parents, for every child of theirs
        // in either orientation (none for the children no parent bounds).
        let known = parents
            .iter()
            .map(|(parent, wdl, _)| {
                let value = match wdl {
                    1 => Value::Win,
                    -1 => Value::Loss,
                    _ => Value::Exact(0),
                };
                (parent.key(), value)
            })
            .collect();
        let moves = parents
            .iter()
            .filter_map(|(parent, _, keeping)| Some((parent.key(), (*keeping)?)))
            .collect();
        let bytes = encode(&known, &moves, base.moves() + 1);
        let book = Book::parse(&bytes).expect("a book");
        for (parent, _, _) in &parents {
            for column in (0..7).filter(|&c| parent.can_play(c)) {
                let mut child = *parent;
                child.play(Column(column as u8));
                if child.outcome().is_some() {
                    continue;
                }
                let expected = priors
                    .get(&canonical(&child).key())
                    .copied()
                    .unwrap_or(Prior::UNKNOWN);
                let mirrored = ConnectFour::from_bits(
                    child.shape(),
                    child.shape().mirror(child.current()),
                    child.shape().mirror(child.mask()),
                    child.moves(),
                );
                assert_eq!(from_book(&book, &child), expected, "{child:?}");
                assert_eq!(from_book(&book, &mirrored), expected, "{mirrored:?}");
            }
        }
        for (key, prior) in &priors {
            let child = (0..7)
                .flat_map(|first| (0..7).map(move |second| (first, second)))
                .find_map(|(first, second)| {
                    let mut child = base;
                    for column in [first, second] {
                        if !child.can_play(column) || child.outcome().is_some() {
                            return None;
                        }
                        child.play(Column(column as u8));
                    }
                    let child = canonical(&child);
                    (child.key() == *key).then_some(child)
                })
                .unwrap_or_else(|| panic!("{key} is not a grandchild of {base:?}"));
            let wdl = solver.wdl(&child, &mut control).expect("solved");
            assert!(
                prior.low <= wdl && wdl <= prior.high,
                "{child:?}: {prior:?} but {wdl}"
            );
            let (within, keeping) = solver
                .wdl_move_within(&child, (prior.low, prior.high), &mut control)
                .expect("solved");
            assert_eq!(within, wdl, "{child:?} {prior:?}");
            if wdl >= 0 {
                let mut after = child;
                after.play(keeping);
                let kept = match after.outcome() {
                    Some(_) => 1,
                    None => -solver.wdl(&after, &mut control).expect("solved"),
                };
                assert_eq!(kept, wdl, "{child:?}: move {keeping:?} does not keep {wdl}");
            }
            let kind = match (prior.low, prior.high) {
                (-1, -1) => 0,
                (0, 0) => 1,
                (1, 1) => 2,
                (0, 1) => 3,
                other => panic!("{other:?} is not a prior the parents can give"),
            };
            seen[kind] += 1;
            assert_ne!(*prior, Prior::UNKNOWN);
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every kind of prior is exercised: {seen:?}"
    );
}
