//! The NBoard front end as an Othello GUI drives it: handshake, GGF games, `go` (which
//! must not play the move itself), `hint`, `ping` during a search, and a whole game.

mod common;

use std::time::Duration;

use arbor::registry::AnyGame;
use common::Engine;

const START_GGF: &str =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[arbor]PW[human]RE[?]TI[15:00]TY[8]\
BO[8 ---------------------------O*------*O--------------------------- *];)";

fn start(depth: u32) -> Engine {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    assert!(engine.line().starts_with("set myname arbor"));
    engine.send(&format!("set depth {depth}"));
    engine
}

/// The move of a `=== MOVE EVAL TIME` line, checked for shape.
fn played(line: &str) -> String {
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields.len(), 4, "{line}");
    assert_eq!(fields[0], "===");
    assert!(
        fields[2].parse::<f64>().is_ok() && fields[3].parse::<f64>().is_ok(),
        "{line}"
    );
    fields[1].to_string()
}

#[test]
fn go_answers_a_legal_move_without_playing_it() {
    let mut engine = start(4);
    engine.send(&format!(
        "set game {}",
        START_GGF.replace(";)", "B[F5]W[f6/0.5/1.2];)")
    ));
    engine.send("go");
    let (before, answer) = engine.until("=== ");
    assert_eq!(
        before.first().map(String::as_str),
        Some("status arbor is thinking")
    );
    let mv = played(&answer);
    assert_eq!(engine.line(), "status arbor is waiting");
    let othello = AnyGame::new("othello", &[]).expect("othello");
    assert!(
        othello.play_moves(&["f5", "f6", &mv]).is_ok(),
        "{mv} is not legal after f5 f6"
    );
    // The position is unchanged until the GUI says `move`: asking again gives a move for
    // the same side (legal after f5 f6, not after f5 f6 MOVE).
    engine.send("go");
    let again = played(&engine.until("=== ").1);
    assert!(othello.play_moves(&["f5", "f6", &again]).is_ok(), "{again}");
}

#[test]
fn hint_reports_search_lines_then_an_empty_status() {
    let mut engine = start(5);
    engine.send(&format!("set game {START_GGF}"));
    engine.send("hint 1");
    let (before, _) = engine.until("status");
    let (lines, status) = engine.until("status");
    let searches: Vec<&String> = before
        .iter()
        .chain(lines.iter())
        .filter(|l| l.starts_with("search "))
        .collect();
    assert!(!searches.is_empty(), "{before:?} {lines:?}");
    for line in searches {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert!(!fields[1].contains(' ') && fields[1].len() >= 2, "{line}");
        assert_eq!(fields[3], "0");
    }
    assert_eq!(status, "status");
}

#[test]
fn ping_stops_thinking_before_pong_and_discards_the_move() {
    let mut engine = start(30);
    engine.send(&format!("set game {START_GGF}"));
    engine.send("go");
    assert_eq!(engine.line(), "status arbor is thinking");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("ping 7");
    let (before, pong) = engine.until("pong ");
    assert_eq!(pong, "pong 7");
    assert!(before.iter().all(|l| !l.starts_with("=== ")), "{before:?}");
    // Nothing stale arrives after the pong.
    engine.send("learn");
    assert_eq!(engine.line(), "learned");
}

#[test]
fn a_whole_game_played_as_a_gui_would() {
    let mut engine = start(3);
    engine.send(&format!("set game {START_GGF}"));
    let othello = AnyGame::new("othello", &[]).expect("othello");
    let mut moves: Vec<String> = Vec::new();
    loop {
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let position = othello
            .play_moves(&refs)
            .expect("every move so far was legal");
        let board = format!("{position:?}");
        if position_is_over(&othello, &refs) {
            assert!(moves.len() >= 9, "{board}");
            break;
        }
        engine.send("go");
        let mv = played(&engine.until("=== ").1);
        let mv = if mv == "PA" {
            "pass".to_string()
        } else {
            mv.to_ascii_lowercase()
        };
        let mut next = refs.clone();
        next.push(&mv);
        assert!(
            othello.play_moves(&next).is_ok(),
            "illegal {mv} after {refs:?}"
        );
        engine.send(&format!("move {}", if mv == "pass" { "PA" } else { &mv }));
        moves.push(mv);
        assert!(moves.len() <= 130, "the game does not end");
    }
}

/// Over when neither side can move: no move (not even a pass) is legal.
fn position_is_over(start: &AnyGame, moves: &[&str]) -> bool {
    let mut candidates: Vec<String> = (0..64)
        .map(|i| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1))
        .collect();
    candidates.push("pass".to_string());
    candidates.iter().all(|mv| {
        let mut next = moves.to_vec();
        next.push(mv);
        start.play_moves(&next).is_err()
    })
}

#[test]
fn an_illegal_move_is_reported_at_once_and_changes_nothing() {
    let mut engine = start(2);
    engine.send(&format!("set game {START_GGF}"));
    engine.send("move z9");
    assert_eq!(
        engine.line(),
        "status illegal-move z9: not a square of this 8x8 board"
    );
    engine.send("move a1");
    assert_eq!(engine.line(), "status illegal-move a1: a1 flips nothing");
    // The legal move after them applies: the answer is White's.
    engine.send("move d3");
    engine.send("go");
    assert_eq!(engine.line(), "status arbor is thinking");
    let mv = played(&engine.until("=== ").1).to_ascii_lowercase();
    let othello = AnyGame::new("othello", &[]).expect("othello");
    assert!(othello.play_moves(&["d3", &mv]).is_ok(), "{mv} after d3");
    assert_eq!(engine.line(), "status arbor is waiting");
}

#[test]
fn answers_keep_the_order_of_the_commands() {
    let mut engine = Engine::start();
    engine.send_bytes(b"\xEF\xBB\xBFnboard 2\n");
    assert!(engine.line().starts_with("set myname arbor"));
    engine.send("set depth 30");
    engine.send(&format!("set game {START_GGF}"));
    engine.send("go");
    assert_eq!(engine.line(), "status arbor is thinking");
    engine.send("ping 1");
    engine.send("move z9");
    engine.send_bytes(b"\xff\n");
    engine.send("hint 1");
    engine.send("ping 2");
    let (before, pong) = engine.until("pong ");
    assert_eq!(pong, "pong 1");
    assert!(
        before.iter().all(|l| l.starts_with("nodestats ")),
        "{before:?}"
    );
    assert_eq!(
        engine.line(),
        "status illegal-move z9: not a square of this 8x8 board"
    );
    assert_eq!(engine.line(), "status line is not valid UTF-8");
    // The hint after a ping starts at once (the interrupted search is not in its way).
    assert_eq!(engine.line(), "status arbor is analysing");
    let (between, pong) = engine.until("pong ");
    assert_eq!(pong, "pong 2");
    assert!(
        between.iter().all(|l| l.starts_with("search ")),
        "{between:?}"
    );
    engine.send("learn");
    assert_eq!(engine.line(), "learned");
}
