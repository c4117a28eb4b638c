//! The depth-first proof-number search (`dfpn.rs`): proofs are real wins whose length is
//! never shorter than the shortest forced line, disproofs, and the table's memory bound.

use super::dfpn_table::{Entry, Table};
use crate::budget::control::Control;
use crate::game::gomoku::proof_tests::{after, assert_line_wins, prove_within};
use crate::game::gomoku::vcf::{Proof, ThreatSolver, Threats};
use crate::game::gomoku::Gomoku;
use crate::game::Game;
use crate::search::StopFlag;

fn dfpn(position: &Gomoku, threats: Threats, memory: usize) -> Option<Proof> {
    let mut solver = ThreatSolver::default();
    solver.set_memory_budget(memory);
    let mut control = Control::new(StopFlag::new(), None, None);
    let proof = solver
        .prove_by_dfpn(position, threats, 3, 2_000_000, None, &mut control)
        .expect("within budget");
    assert!(solver.memory() <= memory, "{} > {memory}", solver.memory());
    proof
}

const INFINITE_FOR_TEST: u32 = 1 << 28;

/// Black g8 h8 i9 i10, White in the corners: i8 makes two open threes (no four exists).
const DOUBLE_THREE: &str = "g8 a1 h8 o1 i9 a15 i10 o15";
/// Black to move: h8 is quiet and threatens two double fours (`quiet_tests.rs`).
const QUIET_WIN: &str = "f8 e8 g8 k5 i7 i4 j6 j12 i5 h6 i6 k7 h10 a1 i11 o1 n3 o15 l1 m15";

#[test]
fn a_hand_checked_vcf_is_proven() {
    // The 7-ply VCF of tests.rs: by fours alone and among threes.
    let vcf = after("e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9");
    for threats in [Threats::Fours, Threats::FoursAndThrees] {
        let proof = dfpn(&vcf, threats, 1 << 20).expect("a win");
        assert_line_wins(&vcf, &proof.pv);
        assert!(proof.plies >= 7, "{}", proof.plies);
    }
    // hand-43: h8 makes a four and an open three.
    let four_three = after("e8 d8 f8 k11 g8 l4 h6 c13 h7 m13");
    let proof = dfpn(&four_three, Threats::FoursAndThrees, 1 << 20).expect("a win");
    assert_eq!(
        (four_three.format_move(proof.pv[0]).as_str(), proof.plies),
        ("h8", 5)
    );
    assert_line_wins(&four_three, &proof.pv);
}

#[test]
fn a_double_three_is_a_vct_and_not_a_vcf() {
    let position = after(DOUBLE_THREE);
    let proof = dfpn(&position, Threats::FoursAndThrees, 1 << 20).expect("a VCT");
    assert_eq!(
        (position.format_move(proof.pv[0]).as_str(), proof.plies),
        ("i8", 5)
    );
    assert_line_wins(&position, &proof.pv);
    // Disproofs: no four can be made, and two stones threaten nothing.
    assert_eq!(dfpn(&position, Threats::Fours, 1 << 20), None);
    assert_eq!(
        dfpn(&after("h8 a1 i8 a3"), Threats::FoursAndThrees, 1 << 20),
        None
    );
}

#[test]
fn quiet_threats_are_proven_with_a_conservative_length() {
    // Only quiet threats of a VCT win game 39 after g8 i8 (vct_zone_tests.rs).
    let game39 = after("h8 h6 f6 e5 f8 f5 i7 j6 g8 i8");
    assert_eq!(dfpn(&game39, Threats::FoursAndThrees, 4 << 20), None);
    let proof = dfpn(&game39, Threats::QuietVct, 4 << 20).expect("a quiet win");
    assert_line_wins(&game39, &proof.pv);
    let shortest = prove_within(&game39, Threats::QuietVct, 25).expect("a win");
    assert!(
        proof.plies >= shortest.plies,
        "{} < {}",
        proof.plies,
        shortest.plies
    );
    // The 5-ply quiet win of quiet_tests.rs (or a longer line), never shorter.
    let position = after(QUIET_WIN);
    for threats in [Threats::Quiet, Threats::QuietVct, Threats::FoursAndThrees] {
        let proof = dfpn(&position, threats, 4 << 20).expect("a win");
        assert_line_wins(&position, &proof.pv);
        let shortest = prove_within(&position, threats, 25).expect("a win");
        assert!(
            proof.plies >= shortest.plies,
            "{threats:?}: {} < {}",
            proof.plies,
            shortest.plies
        );
    }
}

#[test]
fn the_reported_length_is_never_shorter_than_the_deepening_search() {
    // The iterative-deepening search finds the shortest win in the same threat space;
    // the df-pn length (its proof tree's, bounded for answers it leaves out) is >= it.
    for moves in [
        DOUBLE_THREE,
        "e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9",
        "e8 d8 f8 k11 g8 l4 h6 c13 h7 m13",
        "h8 a1 i8 a3 j8 a5 d12 c1",
    ] {
        let position = after(moves);
        for threats in [Threats::Fours, Threats::FoursAndThrees, Threats::QuietVct] {
            let shortest = prove_within(&position, threats, 25);
            let proof = dfpn(&position, threats, 1 << 20);
            assert_eq!(proof.is_some(), shortest.is_some(), "{moves} {threats:?}");
            if let (Some(proof), Some(shortest)) = (proof, shortest) {
                assert!(proof.plies >= shortest.plies, "{moves} {threats:?}");
                assert_line_wins(&position, &proof.pv);
            }
        }
    }
}

#[test]
fn the_table_stays_within_its_memory() {
    let mut table = Table::default();
    table.set_memory(64 << 10);
    table.new_search();
    for key in 1..100_000u64 {
        let key = key.wrapping_mul(0x2545_F491_4F6C_DD1D);
        table.store(
            key,
            Entry {
                pn: 1,
                dn: 1,
                work: (key % 7) as u32,
                ..Entry::default()
            },
        );
    }
    // An entry comes back as stored (the packing round-trips).
    let stored = Entry {
        key: 0x1234_5678_9ABC_DEF1,
        pn: 0,
        dn: INFINITE_FOR_TEST,
        work: 77,
        best: 300,
        plies: 37,
        exact: false,
        generation: 0,
    };
    table.store(stored.key, stored);
    let probed = table.probe(stored.key).expect("just stored");
    assert_eq!(
        (probed.pn, probed.dn, probed.work),
        (0, INFINITE_FOR_TEST, 77)
    );
    assert_eq!((probed.best, probed.plies), (300, 37));
    assert!(table.memory() <= 64 << 10, "{}", table.memory());
    assert!(table.memory() > 32 << 10, "{}", table.memory());
    // A new search sees none of the old entries.
    table.new_search();
    assert!((1..1000u64).all(|k| table.probe(k.wrapping_mul(0x2545_F491_4F6C_DD1D)).is_none()));
    // A deeper iteration sees this search's exact disproofs (and they round-trip), not
    // its other entries; the next search sees neither.
    let disproof = |key: u64, exact: bool| Entry {
        key,
        pn: INFINITE_FOR_TEST,
        dn: 0,
        work: 5,
        exact,
        ..Entry::default()
    };
    let (exact, cut, open) = (
        0x1111_2222_3333_4445,
        0x5555_6666_7777_8889,
        0x9999_AAAA_BBBB_CCCD,
    );
    table.store(exact, disproof(exact, true));
    table.store(cut, disproof(cut, false));
    table.store(
        open,
        Entry {
            pn: 3,
            dn: 2,
            ..Entry::default()
        },
    );
    table.new_iteration();
    let kept = table
        .probe(exact)
        .expect("an exact disproof outlives the iteration");
    assert_eq!((kept.pn, kept.dn, kept.exact), (INFINITE_FOR_TEST, 0, true));
    assert!(table.probe(cut).is_none() && table.probe(open).is_none());
    table.new_search();
    assert!(table.probe(exact).is_none());
    // The hash after a move, computed without playing it.
    let position = after("h8 i9 h9");
    let mv = position.parse_legal_move("h10").expect("legal");
    let mut played = position.clone();
    played.play(mv);
    assert_eq!(position.hash_after(mv), played.hash());
    // The whole solver within a small budget, searching a real position.
    let _ = dfpn(&after("h8 i9 h9 h10 g8"), Threats::QuietVct, 96 << 10);
}

#[test]
fn the_root_tries_more_quiet_moves_and_checks_threats_near_it_further() {
    use super::dfpn::{NEAR_DEPTH, ROOT_QUIET_TRIES, ROOT_QUIET_VCT_NODES};
    use crate::game::gomoku::quiet::quiet_moves;
    use crate::game::gomoku::threats::QUICK_VCT_NODES;
    use crate::game::MoveList;
    // Own-set g11 (Black to move): g9, quiet, threatens a VCT and wins (Rapfi: M23);
    // it is not among the 3 best quiet candidates a node gets, only the root's 8.
    let g11 = after("h8 j9 g8 i8 h7 h9 i6 j5");
    let g9 = g11.parse_legal_move("g9").expect("legal");
    let ranked = |tries| {
        let mut moves = MoveList::new();
        quiet_moves(&g11, tries, &mut moves);
        moves
    };
    assert!(!ranked(3).contains(&g9));
    assert!(ranked(ROOT_QUIET_TRIES).contains(&g9));
    // Own-set g35 (Black to move, Rapfi: i10 M25): its win needs quiet threats that a
    // 150-node small VCT misses within 6 plies of the root (with that check alone: disproven at once).
    let g35 = after("h8 i8 g6 h9 j7 f7 j6 f9 j5 j8 i6 f6 f8 g8");
    let mut solver = ThreatSolver::default();
    solver.set_memory_budget(16 << 20);
    let mut control = Control::new(StopFlag::new(), None, None);
    let mut prove = |position: &Gomoku| {
        solver
            .prove_by_dfpn(
                position,
                Threats::QuietVct,
                3,
                4_000_000,
                None,
                &mut control,
            )
            .expect("within budget")
            .expect("a quiet win")
    };
    let proof = prove(&g35);
    assert_line_wins(&g35, &proof.pv);
    assert!(proof.plies >= 25, "{}", proof.plies);
    // Two plies on, with the same move cache: the root of this search was a deeper node
    // of the last (debug builds check every cached list against a fresh one).
    let mut later = g35.clone();
    for &mv in &proof.pv[..2] {
        later.play(mv);
    }
    let next = prove(&later);
    assert_line_wins(&later, &next.pv);
    const { assert!(NEAR_DEPTH >= 2 && ROOT_QUIET_VCT_NODES > QUICK_VCT_NODES) };
}

#[test]
fn a_stop_of_their_open_three_gets_a_second_larger_threat_check() {
    use super::dfpn::{NEAR_DEPTH, STOP_VCT_NODES};
    use crate::game::gomoku::threats::QUICK_VCT_NODES;
    // Own-set g4 (White to move; Black has an open three; Rapfi: g10 +M25, and g9 +M37 in
    // its game). White's win runs through stops of Black's open threes that threaten a
    // VCT, some deeper than `NEAR_DEPTH` plies, where the 150-node check misses their
    // threat: without the second check of a stop the quiet df-pn disproves g4 at once
    // (256,130 nodes, 68 ms).
    let g4 = after(
        "h8 h10 j10 i9 j8 j9 k9 i7 i10 i11 k10 k8 l10 m10 l9 k13 j12 j11 l12 l11 k11 i13 \
         n8 m9 m7 l8 j13 i5 i6 k5 k7 f9 n7 l7 n9 n6 m12 k12 n11 n10 o6 m8 m11 n12 k14 l13 \
         m14 m13 h11",
    );
    // 64 MiB: the line shown is read from the table, and with 32 MiB (since the shorter
    // VCFs of the threat checks) an entry on it is replaced: the line stops 12
    // plies in, at a position White still wins (a fresh df-pn: 13 plies).
    let mut solver = ThreatSolver::default();
    solver.set_memory_budget(64 << 20);
    let mut control = Control::new(StopFlag::new(), None, None);
    let proof = solver
        .prove_by_dfpn(&g4, Threats::QuietVct, 3, 6_000_000, None, &mut control)
        .expect("within budget")
        .expect("a quiet win");
    assert_line_wins(&g4, &proof.pv);
    const { assert!(STOP_VCT_NODES > QUICK_VCT_NODES && NEAR_DEPTH >= 2) };
}

#[test]
fn a_childs_numbers_from_the_counts_after_the_move_are_those_of_the_played_child() {
    use super::dfpn_moves::{attacker_leaf, defender_leaf, leaf_after, Leaf, Space};
    use crate::game::gomoku::board_tests::for_each_random_position;
    use crate::game::gomoku::{Cell, Rule};
    let (mut checked, mut decided, mut proven_two) = (0usize, 0usize, 0usize);
    for_each_random_position(4, |position| {
        let board = position.board();
        if board.rule() == Rule::Renju {
            return; // played out there
        }
        let n = board.size();
        let spaces = [Threats::Fours, Threats::FoursAndThrees, Threats::QuietVct]
            .map(|threats| Space::new(position, threats, 3));
        for cell in (0..n * n).filter(|&cell| board.stone(cell).is_none()) {
            let mv = Cell(cell as u16);
            let mut child = position.clone();
            child.play(mv);
            for space in spaces {
                for attacker in [true, false] {
                    let expected = if attacker {
                        defender_leaf(&child, space)
                    } else {
                        attacker_leaf(&child)
                    };
                    assert_eq!(
                        leaf_after(position, mv, attacker, space),
                        expected,
                        "{position:?} {mv:?} attacker {attacker} {space:?}"
                    );
                    checked += 1;
                    decided += usize::from(expected.is_solved());
                    proven_two += usize::from(expected == Leaf::proven(2));
                }
            }
        }
    });
    // Decided children (fives, double fours, fours left standing) must be common enough
    // that the comparison means something.
    assert!(
        checked > 100_000 && decided > checked / 50 && proven_two > 100,
        "{checked} {decided} {proven_two}"
    );
}

#[test]
fn a_proof_for_one_side_is_never_read_as_the_other_sides_win() {
    // One solver, as in a game (the defence searches the opponent's wins in the table the
    // search for our own win filled): Black's search proves a win and stores the nodes of
    // its tree with White to move as won for Black. The positions of its winning line are
    // Black's wins, so White's own search from any of them must find no win of its own.
    let wins = [
        (
            "e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9",
            Threats::FoursAndThrees,
        ),
        ("h8 h6 f6 e5 f8 f5 i7 j6 g8 i8", Threats::QuietVct),
        (QUIET_WIN, Threats::Quiet),
    ];
    for (moves, threats) in wins {
        let mut solver = ThreatSolver::default();
        solver.set_memory_budget(4 << 20);
        let mut control = Control::new(StopFlag::new(), None, None);
        let position = after(moves);
        let proof = solver
            .prove_by_dfpn(&position, threats, 3, 2_000_000, None, &mut control)
            .expect("within budget")
            .expect("Black's win");
        let mut line = position.clone();
        for (ply, &mv) in proof.pv.iter().enumerate() {
            line.play(mv);
            if ply % 2 == 1 || line.outcome().is_some() {
                continue; // Black to move, or the game is over
            }
            for white in [Threats::Fours, Threats::FoursAndThrees, Threats::QuietVct] {
                let found = solver
                    .prove_by_dfpn(&line, white, 3, 2_000_000, None, &mut control)
                    .expect("within budget");
                assert_eq!(found, None, "{moves} + {} plies, {white:?}", ply + 1);
            }
        }
        // Black's proofs are still read by Black's next search.
        let again = solver
            .prove_by_dfpn(&position, threats, 3, 2_000_000, None, &mut control)
            .expect("within budget");
        assert_eq!(again.map(|p| p.plies), Some(proof.plies), "{moves}");
    }
}

#[test]
fn a_summed_number_is_the_largest_childs_and_one_for_each_other_open_child() {
    use super::dfpn::WeakSum;
    let sum = |numbers: &[u32]| {
        let mut summed = WeakSum::default();
        for &n in numbers {
            summed.add(n);
        }
        (summed.value(), summed.others())
    };
    // Settled children (0) count for nothing; three open ones: 5 + 2.
    assert_eq!(sum(&[3, 5, 0, 2]), (7, 2));
    assert_eq!(sum(&[6]), (6, 0));
    // Every child's 0 (all proven for the defender): the node's too.
    assert_eq!(sum(&[0, 0]), (0, 0));
    assert_eq!(sum(&[]), (0, 0));
    // One infinite child (a refutation for the defender) makes the node's infinite.
    assert_eq!(sum(&[4, INFINITE_FOR_TEST, 1]).0, INFINITE_FOR_TEST);
    assert_eq!(sum(&[INFINITE_FOR_TEST - 1, 9]).0, INFINITE_FOR_TEST);
}

#[test]
fn counter_fours_in_any_order_do_not_scare_the_search_off_a_long_vct() {
    // Shared sp3-ply58 (White to move, Rapfi `+M37`) after six plies of arbor's line: a
    // VCT of fours and threes through Black's counter-fours, which transpose in any order.
    // With the children's numbers summed the plain df-pn needed 698,422 nodes (645 ms in
    // release); with the weak sums 334,379. A budget between the two.
    let position = after(
        "h8 h9 j10 i9 i8 g8 g9 i7 i10 h10 j8 k8 k9 j9 l10 m10 k11 l9 n11 m11 m9 n8 i11 h12 \
         i13 j12 h11 j11 i12 i14 j13 k14 e11 f11 e10 f10 g13 f13 f12 d10 n13 n10 n12 k13 l12 \
         m13 g11 f9 e12 e9 f8 l7 j7 n7 n6 m8 k10 m6 n5 m12 m14 l5 o8",
    );
    let mut solver = ThreatSolver::default();
    solver.set_memory_budget(32 << 20);
    let mut control = Control::new(StopFlag::new(), None, None);
    let proof = solver
        .prove_by_dfpn(
            &position,
            Threats::FoursAndThrees,
            3,
            500_000,
            None,
            &mut control,
        )
        .expect("proven within 500,000 nodes")
        .expect("a win");
    assert_line_wins(&position, &proof.pv);
    assert!(proof.plies >= 27, "{}", proof.plies);
}
