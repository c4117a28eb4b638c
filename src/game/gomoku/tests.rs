//! Gomoku rules, notation, incremental state and tactics.

use super::*;
use crate::game::perft;
use crate::game::{Evaluate, Game, GameParams, MoveList, Outcome, Player};
use crate::search::{self, Limits, ScoreReport, StopFlag, Tables};

fn game(variant: &[(&str, &str)]) -> Gomoku {
    let variant: Vec<(String, String)> = variant
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Gomoku::new_game(&variant).expect("valid variant")
}

fn after(moves: &str, rule: &str) -> Gomoku {
    game(&[("rule", rule)])
        .parse_position(&format!("list {moves}"))
        .expect("legal moves")
}

fn play(position: &mut Gomoku, text: &str) {
    let mv = position.parse_legal_move(text).expect("legal");
    position.play(mv);
}

fn best(position: &Gomoku, limits: Limits) -> (String, ScoreReport) {
    let mut tables = Tables::try_new(8).expect("8 MiB");
    let mut solver = vcf::ThreatSolver::default();
    let result = search::search(
        position,
        &GomokuParams::default(),
        &limits,
        &mut tables,
        &mut solver,
        &StopFlag::new(),
        |_| {},
    )
    .expect("not over");
    (position.format_move(result.best_move), result.score)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn search_moves_text(position: &Gomoku) -> Vec<String> {
    let (mut moves, mut keys) = (MoveList::new(), MoveList::new());
    position.search_moves(&mut moves, &mut keys);
    let mut text: Vec<String> = moves.iter().map(|&m| position.format_move(m)).collect();
    text.sort();
    text
}

#[test]
fn variants_are_checked() {
    assert_eq!(game(&[]).size(), 15);
    assert_eq!(game(&[("size", "20")]).size(), 20);
    assert_eq!(game(&[("rule", "standard")]).board().rule(), Rule::Standard);
    assert_eq!(game(&[("rule", "renju")]).board().rule(), Rule::Renju);
    for bad in [
        ("size", "4"),
        ("size", "23"),
        ("rule", "caro"),
        ("colour", "x"),
    ] {
        let variant = vec![(bad.0.to_string(), bad.1.to_string())];
        assert!(Gomoku::new_game(&variant).is_err(), "{bad:?}");
    }
}

#[test]
fn the_attack_share_option_is_a_percentage() {
    let mut params = GomokuParams::default();
    assert_eq!(params.attack_share, 15);
    assert!(GomokuParams::OPTIONS
        .iter()
        .any(|o| o.name == "GomokuAttackShare" && o.default_text().as_deref() == Some("15")));
    params.set("GomokuAttackShare", "45").expect("in range");
    assert_eq!(params.attack_share, 45);
    params
        .set("gomokuattackshare", "0")
        .expect("names ignore case");
    assert_eq!(params.attack_share, 0);
    for bad in ["101", "-1", "x", ""] {
        assert!(params.set("GomokuAttackShare", bad).is_err(), "{bad}");
    }
    assert_eq!(params.attack_share, 0, "a refused value changes nothing");
}

#[test]
fn without_an_attack_share_the_main_search_still_takes_a_win() {
    // Black's four-three at h8 (as in `a_four_three_is_proven_a_win_in_five`), found by
    // the main search when the threat solver gets no time.
    let mut params = GomokuParams::default();
    params.set("GomokuAttackShare", "0").expect("in range");
    let position = Gomoku::new(15, Rule::Freestyle)
        .expect("15x15")
        .parse_position("list e8 d8 f8 k11 g8 l4 h6 c13 h7 m13")
        .expect("legal");
    let limits = Limits {
        movetime: Some(std::time::Duration::from_millis(500)),
        ..Limits::default()
    };
    let mut tables = Tables::try_new(16).expect("16 MiB");
    let result = search::search(
        &position,
        &params,
        &limits,
        &mut tables,
        &mut vcf::ThreatSolver::default(),
        &StopFlag::new(),
        |_| {},
    )
    .expect("not over");
    assert_eq!(position.format_move(result.best_move), "h8");
    assert!(
        matches!(result.score, ScoreReport::Win(_)),
        "{:?}",
        result.score
    );
}

#[test]
fn five_wins_and_overline_depends_on_the_rule() {
    let setup = "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9";
    for rule in ["freestyle", "standard"] {
        let mut five = after("c8 a1 d8 a3 e8 a5 f8 a7", rule);
        assert_eq!(five.outcome(), None);
        play(&mut five, "g8");
        assert_eq!(five.outcome(), Some(Outcome::Win(Player::First)), "{rule}");
        assert_eq!(five.fives_from_scratch(), [true, false]);
    }
    let mut free = after(setup, "freestyle");
    play(&mut free, "f8");
    assert_eq!(free.outcome(), Some(Outcome::Win(Player::First)));
    let mut standard = after(setup, "standard");
    play(&mut standard, "f8");
    assert_eq!(
        standard.outcome(),
        None,
        "six in a row is no win in standard"
    );
    assert_eq!(standard.fives_from_scratch(), [false, false]);
    // A position text with an overline reads back the same way.
    let text = standard.position_text();
    let again = standard.parse_position(&text).expect("valid");
    assert_eq!(again.outcome(), None);
    assert_eq!(
        free.parse_position(&text).map(|p| p.outcome()),
        Ok(Some(Outcome::Win(Player::First)))
    );
}

#[test]
fn a_full_small_board_without_five_is_a_draw() {
    let grid = "XXOOX/OOXXO/XXOOX/OOXXO/XXOOX";
    let small = game(&[("size", "5")]);
    let full = small.parse_position(&format!("{grid} O")).expect("valid");
    assert_eq!(full.outcome(), Some(Outcome::Draw));
    // The same board reached move by move: no five on the way, a draw at the end.
    let cells: Vec<char> = grid.chars().filter(|&c| c != '/').collect();
    let xs: Vec<usize> = (0..25).filter(|&i| cells[i] == 'X').collect();
    let os: Vec<usize> = (0..25).filter(|&i| cells[i] == 'O').collect();
    let mut position = small;
    for i in 0..25 {
        assert_eq!(position.outcome(), None);
        let cell = if i % 2 == 0 { xs[i / 2] } else { os[i / 2] };
        position.play(Cell(cell as u16));
        position.board().assert_consistent();
    }
    assert_eq!(position.outcome(), Some(Outcome::Draw));
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn notation_round_trips() {
    for size in [5, 15, 20, 22] {
        let position = game(&[("size", &size.to_string())]);
        for cell in 0..size * size {
            let mv = Cell(cell as u16);
            let text = position.format_move(mv);
            assert_eq!(position.parse_move(&text), Ok(mv));
            assert_eq!(Gomoku::decode_move(Gomoku::encode_move(mv)), mv);
        }
    }
    let start = game(&[]);
    assert_eq!(start.format_move(Cell(7 * 15 + 7)), "h8");
    assert!(start.parse_move("p1").is_err() && start.parse_move("a16").is_err());
    let position = after("h8 i9 h9", "freestyle");
    let text = position.position_text();
    assert!(text.ends_with(" O"));
    let again = start.parse_position(&text).expect("valid");
    assert_eq!(again.position_text(), text);
    assert_eq!(again.hash(), position.hash());
    assert_eq!(
        start.parse_position("list h8,i9, h9").map(|p| p.hash()),
        Ok(position.hash())
    );
    assert!(start.parse_position("list h8 h8").is_err());
    assert!(start.parse_position("list h8 z99").is_err());
}

#[test]
fn perft_counts_from_the_empty_board() {
    let start = game(&[]);
    assert_eq!(perft(&start, 1), 225);
    assert_eq!(perft(&start, 2), 50_400);
    assert_eq!(perft(&start, 3), 11_239_200);
}

#[test]
fn incremental_state_equals_recomputed_state() {
    let mut seed = 0x1234_5678_9ABC_DEF1_u64;
    for (size, rule) in [
        (15, "freestyle"),
        (9, "standard"),
        (20, "freestyle"),
        (6, "standard"),
        (15, "renju"),
        (11, "renju"),
    ] {
        for _ in 0..3 {
            let mut position = game(&[("size", &size.to_string()), ("rule", rule)]);
            while position.outcome().is_none() {
                let mut moves = MoveList::new();
                position.legal_moves(&mut moves);
                seed = crate::rng::mix64(seed);
                // Mostly near existing stones, so lines and threats form.
                let (mut near, mut keys) = (MoveList::new(), MoveList::new());
                position.search_moves(&mut near, &mut keys);
                let pool = if seed.is_multiple_of(4) {
                    &moves
                } else {
                    &near
                };
                position.play(pool[(seed >> 8) as usize % pool.len()]);
                position.board().assert_consistent();
                assert_eq!(position.hash(), position.hash_from_scratch());
                let winner = position.fives_from_scratch();
                assert_eq!(
                    position.outcome().is_some_and(|o| o != Outcome::Draw),
                    winner.iter().any(|&w| w)
                );
            }
        }
    }
}

#[test]
fn a_win_in_one_is_taken() {
    let position = after("h8 a1 i8 a3 j8 a5 k8 a7", "freestyle");
    let (mv, score) = best(&position, depth(3));
    assert!(mv == "g8" || mv == "l8", "{mv}");
    assert_eq!(score, ScoreReport::Win(1));
    assert_eq!(search_moves_text(&position).len(), 1);
}

#[test]
fn a_four_is_blocked() {
    let position = after("h8 g8 i8 a1 j8 a3 k8", "freestyle");
    assert_eq!(search_moves_text(&position), ["l8"]);
    assert_eq!(best(&position, depth(4)).0, "l8");
}

#[test]
fn an_open_three_is_blocked() {
    let position = after("h8 a1 i8 a3 j8", "freestyle");
    assert_eq!(search_moves_text(&position), ["g8", "k8"]);
    let (mv, _) = best(&position, depth(4));
    assert!(mv == "g8" || mv == "k8", "{mv}");
}

/// hand-43 of the shared bench data, as a fact: Black's h8 makes a four and an open three.
const FOUR_THREE: &str = "e8 d8 f8 k11 g8 l4 h6 c13 h7 m13";

#[test]
fn a_four_three_is_proven_a_win_in_five() {
    let position = after(FOUR_THREE, "freestyle");
    let (mv, score) = best(&position, Limits::default());
    assert_eq!((mv.as_str(), score), ("h8", ScoreReport::Win(5)));
}

/// Prints depth, nodes and speed of a one-second search from a 3-stone opening
/// (`cargo test --release -- --ignored --nocapture one_second`).
#[test]
#[ignore]
fn one_second_from_an_opening() {
    for opening in ["h8 i9 j8", "h8 h9 j10", "h8 i8 g10"] {
        let position = after(opening, "freestyle");
        let mut tables = Tables::try_new(64).expect("64 MiB");
        let mut solver = vcf::ThreatSolver::default();
        let limits = Limits {
            movetime: Some(std::time::Duration::from_secs(1)),
            ..Limits::default()
        };
        let result = search::search(
            &position,
            &GomokuParams::default(),
            &limits,
            &mut tables,
            &mut solver,
            &StopFlag::new(),
            |info| {
                eprintln!(
                    "{opening}: depth {} seldepth {} score {:?} nodes {} time {:?} pv {:?}",
                    info.depth,
                    info.seldepth,
                    info.score,
                    info.nodes,
                    info.elapsed,
                    info.pv
                        .iter()
                        .map(|&m| position.format_move(m))
                        .collect::<Vec<_>>()
                )
            },
        )
        .expect("not over");
        eprintln!(
            "{opening}: best {} depth {} nodes {} nps {:.0}",
            position.format_move(result.best_move),
            result.depth,
            result.nodes,
            result.nodes as f64 / result.elapsed.as_secs_f64()
        );
    }
}

/// The bench positions of the reference data's gomoku/forced_wins_freestyle15.tsv as
/// (id, position, the engine's move as a cell).
fn forced_wins() -> Vec<(String, Gomoku, usize)> {
    let text = crate::testdata::read("gomoku/forced_wins_freestyle15.tsv");
    let cell = |xy: &str| {
        let (x, y) = xy.split_once(',').expect("x,y");
        y.parse::<usize>().expect("y") * 15 + x.parse::<usize>().expect("x")
    };
    let mut positions = Vec::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let mut position = game(&[]);
        for xy in fields[4].split_whitespace() {
            position.play(Cell(cell(xy) as u16));
        }
        positions.push((fields[0].to_string(), position, cell(fields[5])));
    }
    positions
}

#[test]
#[ignore = "needs ../shared/benchdata (or ARBOR_BENCHDATA=DIR): cargo test -- --ignored"]
fn bench_forced_wins_are_proven_soundly() {
    let positions = forced_wins();
    // ARBOR_VCT_NODES=3000000 cargo test --release ... shows what a bigger budget proves.
    let budget = std::env::var("ARBOR_VCT_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let mut proved = 0;
    for (id, position, _) in &positions {
        let mut solver = vcf::ThreatSolver::default();
        let mut control = crate::budget::control::Control::new(StopFlag::new(), None, None);
        let start = std::time::Instant::now();
        let proof = solver
            .prove_by_numbers(
                position,
                vcf::Threats::FoursAndThrees,
                budget,
                None,
                &mut control,
            )
            .ok()
            .flatten();
        eprintln!(
            "{id}: {:?} in {:?}, {} nodes",
            proof
                .as_ref()
                .map(|p| (position.format_move(p.pv[0]), p.plies)),
            start.elapsed(),
            control.nodes()
        );
        if let Some(proof) = proof {
            proved += 1;
            // The proof's line is legal and ends in a five of the side to move.
            let mut line = position.clone();
            for &mv in &proof.pv {
                assert!(line.is_legal(mv), "{id}");
                line.play(mv);
            }
            assert_eq!(
                line.outcome(),
                Some(Outcome::Win(position.side_to_move())),
                "{id}"
            );
        }
    }
    eprintln!("proved {proved}/{}", positions.len());
    assert!(proved >= 1, "hand-43 at least");
}

/// Black's rows 6 and 8 (e-g, blocked at d) each give a four at h; h7 waits in column h.
/// White's j5 and j9 spoil the diagonals through h7 (else i6 or i8 would be a four-three).
/// Shortest VCF: a four at h6 or h8, the block, the other four (now a four-three), the
/// block, the open four in column h, a block, five: 7 plies.
const SEVEN_PLY_VCF: &str = "e6 d6 f6 d8 g6 a1 e8 c1 f8 e1 g8 j5 h7 j9";

#[test]
fn a_vcf_of_seven_plies_is_proven_and_played() {
    let position = after(SEVEN_PLY_VCF, "freestyle");
    let mut solver = vcf::ThreatSolver::default();
    let mut control = crate::budget::control::Control::new(StopFlag::new(), None, None);
    let proof = solver
        .prove(
            &position,
            vcf::Threats::Fours,
            63,
            100_000,
            None,
            &mut control,
        )
        .expect("within budget")
        .expect("a VCF");
    let text: Vec<String> = proof.pv.iter().map(|&m| position.format_move(m)).collect();
    assert_eq!(proof.plies, 7, "{text:?}\n{}", position.board_text());
    let mut line = position.clone();
    for (ply, &mv) in proof.pv.iter().enumerate() {
        if ply % 2 == 0 && ply < 6 {
            // Every attacking move but the last makes a four (or better).
            assert!(line.board().cell_class(0, usize::from(mv.0)) >= board::cell_class::FOUR);
        }
        line.play(mv);
    }
    assert_eq!(line.outcome(), Some(Outcome::Win(Player::First)));
    let (mv, score) = best(&position, Limits::default());
    assert!(mv == "h6" || mv == "h8", "{mv}");
    assert_eq!(score, ScoreReport::Win(7));
}

#[test]
fn the_declared_defaults_are_the_settings_gomoku_plays_with() {
    // The defaults as they were written out field by field before the declarations: the
    // table must give exactly these (the bench signature depends on them).
    let expected = GomokuParams {
        eval: GomokuEval::Learned,
        threat_solver: true,
        vct_nodes: 2_000_000,
        leaf_vcf: false,
        threat_mask: false,
        defence: true,
        leaf_block: true,
        initiative: true,
        late_pruning: true,
        futility: true,
        futility_step: 150,
        three_discount: 550,
        attack_share: 15,
        double_three: true,
        forced_tempo: true,
        refutations: true,
        threat_extension: 2,
        threat_extension_moves: 6,
        extension_quiet: 15,
        extension_stand_pat: false,
        early_check: 0,
        final_check: 30,
        reduction_percent: 50,
        late_move_percent: 100,
        quiet_fours: false,
    };
    assert_eq!(GomokuParams::default(), expected);
    assert_eq!(GomokuParams::OPTIONS.len(), 25);
}
