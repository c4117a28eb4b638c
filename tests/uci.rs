//! The UCI front end as cutechess-cli drives it: handshake, variants, drops with rank 1 at
//! the bottom, FEN starts, isready/stop during a search, and whole games refereed by a
//! scripted judge that applies cutechess's notation and rules (not arbor's).

mod common;

use std::time::Duration;

use common::Engine;

fn handshake(engine: &mut Engine) -> Vec<String> {
    engine.send("uci");
    let (lines, _) = engine.until("uciok");
    lines
}

#[test]
fn first_line_uci_switches_to_uci_and_declares_the_variants() {
    let mut engine = Engine::start();
    let lines = handshake(&mut engine);
    assert!(lines[0].starts_with("id name arbor "), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    let variant = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default "))
        .expect("UCI_Variant");
    assert!(variant.contains(" var tictactoe"), "{variant}");
    assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 16384".to_string()));
    assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 256".to_string()));
    assert!(lines.contains(&"option name Ponder type check default false".to_string()));
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
}

#[test]
fn arbor_uci_subcommand_and_drop_moves() {
    let mut engine = Engine::start_with_args(&["uci"]);
    handshake(&mut engine);
    for line in [
        "setoption name UCI_Variant value tictactoe",
        "ucinewgame",
        "position startpos moves P@a1 P@b2 P@b1",
        "isready",
    ] {
        engine.send(line);
    }
    assert_eq!(engine.line(), "readyok");
    // X holds the bottom-left two cells; O must block at P@c1 (arbor's c3).
    engine.send("go depth 9");
    let (infos, best) = engine.until("bestmove ");
    let (best, ponder) = bestmove_of(&best);
    assert_eq!(best, "P@c1");
    // The reply to ponder on comes from the PV: some drop O can answer with.
    assert!(
        ponder.as_ref().is_some_and(|p| p.starts_with("P@")),
        "{ponder:?}"
    );
    let last = infos.last().expect("info lines");
    assert!(
        last.starts_with("info depth ") && last.contains(" pv P@c1"),
        "{last}"
    );
    assert!(
        last.contains(" score cp 0 ") || last.contains(" score mate "),
        "{last}"
    );
}

#[test]
fn proven_wins_are_reported_as_mate_in_moves() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("setoption name UCI_Variant value tictactoe");
    // X: a3 b3 (top row) and O: a1 b1 (bottom row) in cutechess ranks; X to move wins at P@c3.
    engine.send("position fen PP1/3/pp1[PPPppp] w - - 0 1");
    engine.send("go movetime 500");
    let (infos, best) = engine.until("bestmove ");
    assert_eq!(best, "bestmove P@c3", "a win in one: nothing to ponder on");
    assert!(
        infos.iter().any(|l| l.contains(" score mate 1 ")),
        "{infos:?}"
    );
}

#[test]
fn isready_and_stop_during_an_infinite_search() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("setoption name UCI_Variant value tictactoe");
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    let (_, ready) = engine.until("readyok");
    assert_eq!(ready, "readyok");
    assert!(
        engine
            .try_line(Duration::from_millis(200))
            .is_none_or(|l| l.starts_with("info ")),
        "no bestmove before stop"
    );
    engine.send("stop");
    let (_, best) = engine.until("bestmove ");
    assert!(best.starts_with("bestmove P@"), "{best}");
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)).success());
}

#[test]
fn bad_input_is_reported_as_info_string_and_the_engine_goes_on() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("setoption name UCI_Variant value chess");
    assert_eq!(engine.line(), "info string error unknown variant chess");
    engine.send("setoption name UCI_Variant value tictactoe");
    engine.send("position startpos moves P@d9");
    assert_eq!(
        engine.line(),
        "info string error P@d9: not a legal drop here"
    );
    engine.send("position fen 3/3 w - - 0 1");
    assert!(engine.line().starts_with("info string error "));
    engine.send("setoption name Hash value lots");
    assert!(engine
        .line()
        .starts_with("info string error invalid-argument Hash lots"));
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
}

/// cutechess's judgement of a placement game: N in a row (overlines win only if allowed),
/// a full board is a draw, gravity for Connect Four. Cells indexed from the bottom rank.
struct Referee {
    width: usize,
    height: usize,
    in_a_row: usize,
    overline_wins: bool,
    gravity: bool,
    cells: Vec<u8>,
    moves: Vec<String>,
}

impl Referee {
    fn new(variant: &str) -> Self {
        let (width, height, in_a_row, overline_wins, gravity) = match variant {
            "tictactoe" => (3, 3, 3, true, false),
            "cfour" => (7, 6, 4, true, true),
            "gomoku" => (15, 15, 5, false, false),
            "gomokufreestyle" => (15, 15, 5, true, false),
            other => panic!("unknown variant {other}"),
        };
        Referee {
            width,
            height,
            in_a_row,
            overline_wins,
            gravity,
            cells: vec![0; width * height],
            moves: Vec::new(),
        }
    }

    /// Plays a drop for `player` (1 or 2); panics on an illegal one.
    fn play(&mut self, drop: &str, player: u8) -> usize {
        let square = drop
            .strip_prefix("P@")
            .unwrap_or_else(|| panic!("not a drop: {drop}"));
        let file = (square.as_bytes()[0] - b'a') as usize;
        let rank: usize = square[1..]
            .parse()
            .unwrap_or_else(|_| panic!("bad rank in {drop}"));
        assert!(
            file < self.width && (1..=self.height).contains(&rank),
            "{drop} is off the board"
        );
        let index = (rank - 1) * self.width + file;
        assert_eq!(self.cells[index], 0, "{drop} is occupied");
        if self.gravity && rank > 1 {
            assert_ne!(self.cells[index - self.width], 0, "{drop} floats");
        }
        self.cells[index] = player;
        self.moves.push(drop.to_string());
        index
    }

    fn run_length(&self, index: usize, dx: isize, dy: isize) -> usize {
        let player = self.cells[index];
        let (x0, y0) = ((index % self.width) as isize, (index / self.width) as isize);
        let mut length = 1;
        for sign in [1, -1] {
            let (mut x, mut y) = (x0 + sign * dx, y0 + sign * dy);
            while x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
                if self.cells[y as usize * self.width + x as usize] != player {
                    break;
                }
                length += 1;
                x += sign * dx;
                y += sign * dy;
            }
        }
        length
    }

    /// `Some(winner)` (0 for a draw) once the game is decided by the stone at `index`.
    fn result(&self, index: usize) -> Option<u8> {
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let length = self.run_length(index, dx, dy);
            if length == self.in_a_row || (length > self.in_a_row && self.overline_wins) {
                return Some(self.cells[index]);
            }
        }
        self.cells.iter().all(|&c| c != 0).then_some(0)
    }
}

/// Two arbor processes play one game of `variant` through UCI, refereed by [`Referee`].
fn play_game(variant: &str, go: &str) -> (u8, usize) {
    let mut engines = [Engine::start(), Engine::start()];
    for engine in &mut engines {
        handshake(engine);
        engine.send(&format!("setoption name UCI_Variant value {variant}"));
        engine.send("ucinewgame");
        engine.send("isready");
        let (_, ready) = engine.until("readyok");
        assert_eq!(ready, "readyok");
    }
    let mut referee = Referee::new(variant);
    for ply in 0.. {
        let player = (ply % 2) as u8 + 1;
        let engine = &mut engines[ply % 2];
        let moves = referee.moves.join(" ");
        engine.send(&format!(
            "position startpos{}{moves}",
            if moves.is_empty() { "" } else { " moves " }
        ));
        engine.send(go);
        let (_, best) = engine.until("bestmove ");
        let drop = bestmove_of(&best).0;
        let index = referee.play(&drop, player);
        if let Some(result) = referee.result(index) {
            return (result, referee.moves.len());
        }
    }
    unreachable!()
}

#[test]
fn whole_tictactoe_games_under_a_cutechess_referee() {
    for go in [
        "go movetime 20",
        "go wtime 500 btime 500 winc 10 binc 10",
        "go depth 3",
    ] {
        let (result, plies) = play_game("tictactoe", go);
        if go != "go depth 3" {
            // Both sides play perfectly when they search to the end.
            assert_eq!(result, 0, "{go}: perfect play draws");
            assert_eq!(plies, 9);
        }
    }
}

#[test]
fn whole_gomoku_games_under_a_cutechess_referee() {
    for variant in ["gomoku", "gomokufreestyle"] {
        let (result, plies) = play_game(variant, "go movetime 30");
        // Equal engines on an open board: someone makes five long before the board fills.
        assert!(
            result != 0 || plies == 225,
            "{variant}: draw before the board was full"
        );
        assert!(plies >= 9, "{variant}: a five needs at least 9 plies");
    }
}

#[test]
fn whole_connect_four_games_under_a_cutechess_referee() {
    let (result, plies) = play_game("cfour", "go movetime 40");
    assert!(result != 0 || plies == 42, "a draw only on a full board");
    assert!(plies >= 7, "a four needs at least 7 plies");
}

#[test]
fn connect_four_drops_name_the_landing_cell() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("setoption name UCI_Variant value cfour");
    // The second disc in column d lands on rank 2; a disc cannot float on rank 3.
    engine.send("position startpos moves P@d1 P@d3");
    assert_eq!(
        engine.line(),
        "info string error P@d3: not a legal drop here"
    );
    engine.send("position startpos moves P@d1 P@d2 P@d3");
    engine.send("go depth 2");
    let (_, best) = engine.until("bestmove ");
    let best = format!("bestmove {}", bestmove_of(&best).0);
    let rank: u32 = best
        .trim_start_matches("bestmove P@")
        .get(1..)
        .and_then(|r| r.parse().ok())
        .expect("a drop");
    let file = best.as_bytes()["bestmove P@".len()];
    let expected_rank = if file == b'd' { 4 } else { 1 };
    assert_eq!(
        rank, expected_rank,
        "{best} must land on the lowest empty cell"
    );
}

/// The move and the optional ponder move of a `bestmove M [ponder P]` line.
fn bestmove_of(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"bestmove"), "{line}");
    let best = words.get(1).map(|w| w.to_string()).unwrap_or_default();
    match words.get(2..) {
        Some([]) | None => (best, None),
        Some(["ponder", reply]) => (best, Some(reply.to_string())),
        Some(other) => panic!("unexpected words after the move: {other:?}"),
    }
}

#[test]
fn a_go_that_cannot_search_still_answers_bestmove_0000() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("setoption name UCI_Variant value tictactoe");
    // X has the top rank: the game is over.
    engine.send("position startpos moves P@a3 P@a1 P@b3 P@b1 P@c3");
    engine.send("go depth 3");
    assert_eq!(
        engine.line(),
        "info string error game-over the game is over: nothing to search"
    );
    assert_eq!(engine.line(), "bestmove 0000");
    engine.send("position startpos");
    engine.send("go depth 0");
    assert_eq!(
        engine.line(),
        "info string error invalid-argument depth 0: expected an integer from 1 to 511"
    );
    assert_eq!(engine.line(), "bestmove 0000");
    engine.send("go searchmoves P@z9");
    assert_eq!(
        engine.line(),
        "info string error P@z9: not a legal drop here"
    );
    assert_eq!(engine.line(), "bestmove 0000");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
}

#[test]
fn go_mate_ends_on_its_own_and_searchmoves_restricts_the_root() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    engine.send("setoption name UCI_Variant value tictactoe");
    engine.send("position fen PP1/3/pp1[PPPppp] w - - 0 1");
    engine.send("go mate 1");
    let (infos, best) = engine.until("bestmove ");
    assert_eq!(best, "bestmove P@c3");
    assert!(
        infos.last().is_some_and(|l| l.contains(" score mate 1 ")),
        "{infos:?}"
    );
    // No mate in two from the start: the search ends after 3 plies, without `stop`.
    engine.send("position startpos");
    engine.send("go mate 2");
    let (infos, _) = engine.until("bestmove ");
    let last = infos.last().expect("info lines");
    assert!(last.starts_with("info depth 3 "), "{infos:?}");
    // Only the two corners given are searched (the centre is the best move otherwise).
    engine.send("go searchmoves P@a1 P@c3 depth 4");
    let (infos, best) = engine.until("bestmove ");
    let (best, _) = bestmove_of(&best);
    assert!(["P@a1", "P@c3"].contains(&best.as_str()), "{best}");
    for info in &infos {
        let first = info
            .split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split(' ').next());
        assert!(matches!(first, Some("P@a1" | "P@c3")), "{info}");
    }
    assert!(infos.last().is_some_and(|l| l.starts_with("info depth 4 ")));
}

#[test]
fn multipv_reports_the_best_lines_each_with_its_score() {
    let mut engine = Engine::start();
    let lines = handshake(&mut engine);
    assert!(lines.contains(&"option name MultiPV type spin default 1 min 1 max 512".to_string()));
    engine.send("setoption name UCI_Variant value tictactoe");
    engine.send("setoption name MultiPV value 6");
    engine.send("position startpos moves P@b2");
    engine.send("go depth 8");
    let (infos, best) = engine.until("bestmove ");
    let last: Vec<&String> = infos
        .iter()
        .filter(|l| l.starts_with("info depth 8 "))
        .collect();
    assert_eq!(last.len(), 6, "{infos:?}");
    // Against the centre the corners draw and the edges lose: four draws, then losses.
    for (k, line) in last.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", k + 1)), "{line}");
        let first = line
            .split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split(' ').next());
        if k < 4 {
            assert!(line.contains(" score cp 0 "), "{line}");
            assert!(
                matches!(first, Some("P@a1" | "P@c1" | "P@a3" | "P@c3")),
                "{line}"
            );
        } else {
            assert!(line.contains(" score mate -"), "{line}");
        }
    }
    let first = last[0]
        .split(" pv ")
        .nth(1)
        .and_then(|pv| pv.split(' ').next());
    assert_eq!(Some(bestmove_of(&best).0.as_str()), first);
}

#[test]
fn a_byte_order_mark_before_uci_and_bad_bytes_later_are_harmless() {
    let mut engine = Engine::start();
    engine.send_bytes(b"\xEF\xBB\xBFuci\n");
    let (lines, _) = engine.until("uciok");
    assert!(lines[0].starts_with("id name arbor "), "{lines:?}");
    engine.send_bytes(b"is\xffready\n");
    assert_eq!(engine.line(), "info string error line is not valid UTF-8");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
}
