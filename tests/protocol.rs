//! End-to-end protocol tests: the real binary over pipes, checked line by line.

mod common;

use std::time::{Duration, Instant};

use common::{replay, Engine};

#[test]
fn handshake_and_framing_with_ids() {
    let mut engine = Engine::start();
    replay(
        &mut engine,
        "> protocol_version\n< = 1\n<\n> 12 name\n< =12 arbor\n<\n\
         > \n> # a comment is ignored\n> 3 known_command go\n< =3 true\n<\n\
         > known_command fly\n< = false\n<\n> list_games\n< = tictactoe\n*",
        "handshake",
    );
}

#[test]
fn list_commands_names_every_command_known_command_accepts() {
    let mut engine = Engine::start();
    let lines = engine.ask("list_commands");
    let first = lines[0].strip_prefix("= ").expect("success");
    let mut names = vec![first.to_string()];
    names.extend(lines[1..].iter().cloned());
    assert!(names.len() >= 20, "{names:?}");
    for name in names {
        assert_eq!(
            engine.ask(&format!("known_command {name}")),
            ["= true"],
            "{name}"
        );
    }
}

#[test]
fn errors_name_the_offending_token_and_leave_the_position_unchanged() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves b2");
    let before = engine.ask("showboard");
    assert_eq!(
        engine.ask("5 position startpos moves a1 z9"),
        ["?5 illegal-move z9: not a square of this 3x3 board"]
    );
    assert_eq!(
        engine.ask("position startpos moves b2 b2"),
        ["? illegal-move b2: square b2 is occupied"]
    );
    assert_eq!(
        engine.ask("position XXQ------ O"),
        ["? invalid-position XXQ------: unknown cell character 'Q'"]
    );
    assert_eq!(
        engine.ask("frobnicate now"),
        ["? unknown-command frobnicate"]
    );
    let unknown = engine.ask("game chess");
    assert_eq!(unknown.len(), 1);
    assert!(
        unknown[0].starts_with("? unknown-game chess (known: tictactoe"),
        "{unknown:?}"
    );
    assert_eq!(
        engine.ask("game tictactoe size=4"),
        ["? invalid-argument size=4: tictactoe has no variant options"]
    );
    assert_eq!(
        engine.ask("setoption name Hash value 0"),
        ["? invalid-argument Hash 0: expected an integer from 1 to 16384"]
    );
    assert_eq!(
        engine.ask("setoption name Threads value 257"),
        ["? invalid-argument Threads 257: expected an integer from 1 to 256"]
    );
    assert_eq!(
        engine.ask("setoption name Colour value red"),
        ["? unknown-option Colour (see options)"]
    );
    assert_eq!(
        engine.ask("go depth 0"),
        ["? invalid-argument depth 0: expected an integer from 1 to 511"]
    );
    assert_eq!(engine.ask("showboard"), before);
}

#[test]
fn illegal_moves_say_which_rule_they_break_in_every_game() {
    let mut engine = Engine::start();
    for (game, moves, answer) in [
        ("tictactoe", "a1 a1", "a1: square a1 is occupied"),
        ("tictactoe", "zz", "zz: not a square of this 3x3 board"),
        ("connect4", "d d d d d d d", "d: column d is full"),
        ("connect4", "h", "h: not a column (a to g)"),
        ("othello", "a1", "a1: a1 flips nothing"),
        ("othello", "d4", "d4: square d4 is occupied"),
        ("othello", "pass", "pass: no pass while a move is possible"),
        ("othello", "i9", "i9: not a square of this 8x8 board"),
        ("gomoku", "h8 h8", "h8: square h8 is occupied"),
        (
            "gomoku rule=renju",
            "g8 a1 i8 c1 h7 e1 h9 a3 h8",
            "h8: h8 is forbidden for Black (double-three)",
        ),
        (
            "gomoku rule=renju",
            "e8 a1 f8 c1 g8 e1 h4 a3 h5 c3 h6 a5 h8",
            "h8: h8 is forbidden for Black (double-four)",
        ),
        (
            "gomoku rule=renju",
            "c8 a1 d8 c1 e8 e1 g8 a3 h8 c3 f8",
            "f8: f8 is forbidden for Black (overline)",
        ),
    ] {
        assert_eq!(engine.ask(&format!("game {game}")), ["="]);
        let before = engine.ask("showboard");
        assert_eq!(
            engine.ask(&format!("position startpos moves {moves}")),
            [format!("? illegal-move {answer}")],
            "{game}"
        );
        assert_eq!(engine.ask("showboard"), before, "nothing was played");
    }
}

#[test]
fn bad_bytes_even_on_the_first_line_are_answered_and_a_leading_bom_is_ignored() {
    let mut engine = Engine::start();
    engine.send_bytes(b"na\xffme\n");
    assert_eq!(
        engine.response(),
        ["? invalid-argument line is not valid UTF-8", ""]
    );
    assert_eq!(engine.ask("name"), ["= arbor"]);
    let mut engine = Engine::start();
    engine.send_bytes(b"\xEF\xBB\xBF7 name\n");
    assert_eq!(engine.response(), ["=7 arbor", ""]);
}

#[test]
fn help_lists_every_command_and_shows_the_usage_of_one() {
    let mut engine = Engine::start();
    let help = engine.ask("help");
    let commands = engine.ask("list_commands");
    assert_eq!(help.len(), commands.len());
    for (line, name) in help.iter().zip(&commands) {
        let name = name.trim_start_matches("= ");
        let (first, summary) = line
            .trim_start_matches("= ")
            .split_once("  ")
            .expect("name, then what it does");
        assert_eq!(first, name);
        assert!(summary.trim().len() > 10, "{line}");
    }
    assert_eq!(
        engine.ask("help setoption"),
        [
            "= usage: setoption name NAME value VALUE",
            "set an engine or game option (see options)"
        ]
    );
    assert_eq!(
        engine.ask("help fly"),
        ["? invalid-argument fly: no such command (see help)"]
    );
}

#[test]
fn go_mate_ends_at_a_proven_win_or_its_depth_and_searchmoves_restricts_the_root() {
    let mut engine = Engine::start();
    engine.ask("position XX-OO---- X");
    assert_eq!(engine.ask("go mate 1"), ["="]);
    let (infos, best) = engine.until_bestmove();
    assert_eq!(best, "c1");
    assert!(
        infos.last().is_some_and(|l| l.contains(" score win 1 ")),
        "{infos:?}"
    );
    // No win in two moves from the start: the search ends after 3 plies on its own.
    engine.ask("position startpos");
    assert_eq!(engine.ask("go mate 2"), ["="]);
    let (infos, _) = engine.until_bestmove();
    assert!(
        infos.last().is_some_and(|l| l.starts_with("info depth 3 ")),
        "{infos:?}"
    );
    assert_eq!(engine.ask("go searchmoves a1 c3 depth 4"), ["="]);
    let (infos, best) = engine.until_bestmove();
    assert!(["a1", "c3"].contains(&best.as_str()), "{best}");
    assert!(infos.last().is_some_and(|l| l.starts_with("info depth 4 ")));
    for info in &infos {
        let first = info
            .split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split(' ').next());
        assert!(matches!(first, Some("a1" | "c3")), "{info}");
    }
    assert_eq!(
        engine.ask("go searchmoves a1 z9"),
        ["? illegal-move z9: not a square of this 3x3 board"]
    );
    engine.ask("position startpos moves b2");
    assert_eq!(
        engine.ask("go searchmoves b2"),
        ["? illegal-move b2: square b2 is occupied"]
    );
    assert_eq!(
        engine.ask("go searchmoves"),
        ["? missing-argument go searchmoves needs at least one move"]
    );
    // A game with a solver: its proof (d wins here) is of the whole root, so the search
    // answers for the moves given.
    engine.ask("game connect4");
    engine.ask("position startpos moves d d d d");
    assert_eq!(engine.ask("go depth 6 searchmoves a b"), ["="]);
    let (infos, best) = engine.until_bestmove();
    assert!(["a", "b"].contains(&best.as_str()), "{best}");
    assert!(
        infos.last().is_some_and(|l| l.starts_with("info depth 6 ")),
        "{infos:?}"
    );
    assert_eq!(engine.ask("isready"), ["= readyok"]);
}

#[test]
fn multipv_searches_the_best_root_moves_each_with_its_own_score() {
    for threads in ["1", "2"] {
        let mut engine = Engine::start();
        engine.ask(&format!("setoption name Threads value {threads}"));
        assert_eq!(engine.ask("setoption name MultiPV value 9"), ["="]);
        engine.ask("position startpos moves b2");
        assert_eq!(engine.ask("go depth 9"), ["="]);
        let (infos, best) = engine.until_bestmove();
        // Eight moves are legal: eight lines, the corners' draws before the edges' losses.
        let last = &infos[infos.len() - 8..];
        for (k, line) in last.iter().enumerate() {
            assert!(
                line.starts_with(&format!("info depth 8 seldepth 8 multipv {} ", k + 1)),
                "{threads} threads: {line}"
            );
            let first = line
                .split(" pv ")
                .nth(1)
                .and_then(|pv| pv.split(' ').next());
            if k < 4 {
                assert!(line.contains(" score draw "), "{line}");
                assert!(matches!(first, Some("a1" | "c1" | "a3" | "c3")), "{line}");
            } else {
                assert!(line.contains(" score loss 6 "), "{line}");
                assert!(matches!(first, Some("b1" | "a2" | "c2" | "b3")), "{line}");
            }
        }
        assert!(last[0].contains(&format!(" pv {best}")), "{best}");
    }
    let mut engine = Engine::start();
    assert_eq!(
        engine.ask("setoption name MultiPV value 0"),
        ["? invalid-argument MultiPV 0: expected an integer from 1 to 512"]
    );
    // Games with a solver search their lines too.
    engine.ask("game connect4");
    engine.ask("setoption name MultiPV value 3");
    engine.ask("go depth 6");
    let (infos, _) = engine.until_bestmove();
    let depth6: Vec<&String> = infos
        .iter()
        .filter(|l| l.starts_with("info depth 6 "))
        .collect();
    assert_eq!(depth6.len(), 3, "{infos:?}");
}

#[test]
fn a_search_prints_info_then_exactly_one_bestmove() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves b2 a1");
    assert_eq!(engine.ask("go depth 9"), ["="]);
    let (infos, best) = engine.until_bestmove();
    let last = infos.last().expect("at least one info line");
    assert!(
        last.starts_with("info depth 7 seldepth 7 score draw nodes "),
        "{last}"
    );
    for field in [" nps ", " time ", " hashfull ", " pv "] {
        assert!(last.contains(field), "{last} lacks{field}");
    }
    assert!(
        ["b1", "a2", "c1", "a3", "c3", "b3", "c2"].contains(&best.as_str()),
        "{best}"
    );
    // Nothing else arrives: the next thing out is the answer to the next command.
    assert_eq!(engine.ask("isready"), ["= readyok"]);
}

#[test]
fn proven_scores_are_reported_as_such() {
    let mut engine = Engine::start();
    engine.ask("position XX-OO---- X");
    engine.ask("go");
    let (infos, best) = engine.until_bestmove();
    assert!(
        infos.last().is_some_and(|l| l.contains(" score win 1 ")),
        "{infos:?}"
    );
    assert_eq!(best, "c1");
    engine.ask("position XX-OX-O-- O");
    engine.ask("go");
    let (infos, _) = engine.until_bestmove();
    assert!(
        infos.last().is_some_and(|l| l.contains(" score loss 2 ")),
        "{infos:?}"
    );
}

#[test]
fn busy_while_searching_and_stop_prints_bestmove_before_its_answer() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("go infinite"), ["="]);
    for command in [
        "position startpos",
        "game tictactoe",
        "newgame",
        "setoption name Hash value 2",
        "go depth 1",
        "perft 1",
        "bench",
    ] {
        let answer = engine.ask(command);
        assert_eq!(answer.len(), 1, "{answer:?}");
        assert!(answer[0].starts_with("? busy "), "{command}: {answer:?}");
    }
    assert_eq!(engine.ask("isready"), ["= readyok"]);
    assert_eq!(engine.ask("7 legal"), ["=7 a1 b1 c1 a2 b2 c2 a3 b3 c3"]);
    engine.send("9 stop");
    let (_, best) = engine.until_bestmove();
    assert_eq!(best.len(), 2, "{best}");
    assert_eq!(engine.line(), "=9");
    assert_eq!(engine.line(), "");
    // Idle again: state changes are accepted, and stop is a plain `=`.
    assert_eq!(engine.ask("position startpos moves a1"), ["="]);
    assert_eq!(engine.ask("stop"), ["="]);
}

#[test]
fn go_on_a_finished_game_is_an_error() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves a1 a2 b1 b2 c1");
    assert_eq!(
        engine.ask("go depth 3"),
        ["? game-over the game is over: nothing to search"]
    );
    let board = engine.ask("showboard");
    assert!(board.contains(&"result: X wins".to_string()), "{board:?}");
}

#[test]
fn end_of_input_stops_the_search_prints_bestmove_and_exits_cleanly() {
    let mut engine = Engine::start();
    assert_eq!(engine.ask("go infinite"), ["="]);
    engine.close_stdin();
    let rest = engine.rest();
    let bestmoves: Vec<_> = rest.iter().filter(|l| l.starts_with("bestmove ")).collect();
    assert_eq!(bestmoves.len(), 1, "{rest:?}");
    assert!(engine.wait_exit(Duration::from_secs(5)).success());
}

#[test]
fn quit_during_a_search_answers_bestmove_then_equals() {
    let mut engine = Engine::start();
    engine.ask("go infinite");
    engine.send("quit");
    let rest = engine.rest();
    let tail: Vec<&str> = rest
        .iter()
        .filter(|l| !l.starts_with("info "))
        .map(String::as_str)
        .collect();
    assert_eq!(tail.len(), 3, "{rest:?}");
    assert!(tail[0].starts_with("bestmove "));
    assert_eq!(&tail[1..], ["=", ""]);
    assert!(engine.wait_exit(Duration::from_secs(5)).success());
}

#[test]
fn movetime_search_answers_on_its_own() {
    let mut engine = Engine::start();
    // Each search is short but ends by itself, with a legal move.
    for _ in 0..3 {
        engine.ask("position startpos");
        engine.ask("go movetime 30 infinite");
        engine.send("stop");
        let (_, best) = engine.until_bestmove();
        assert_eq!(best.len(), 2);
        assert_eq!(engine.response(), ["=", ""]);
        engine.ask("go movetime 30");
        let (_, best) = engine.until_bestmove();
        assert_eq!(best.len(), 2);
    }
}

#[test]
fn a_stop_at_once_still_answers_a_legal_move() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves b2");
    for _ in 0..20 {
        engine.send("go infinite");
        engine.send("stop");
        assert_eq!(engine.response(), ["=", ""]);
        let (_, best) = engine.until_bestmove();
        assert!(
            ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"].contains(&best.as_str()),
            "{best}"
        );
        assert_eq!(engine.response(), ["=", ""]);
    }
}

#[test]
fn clock_searches_answer_well_within_the_clock() {
    let mut engine = Engine::start();
    engine.ask("position startpos");
    let started = Instant::now();
    engine.ask("go wtime 200 btime 200");
    let (_, best) = engine.until_bestmove();
    assert_eq!(best.len(), 2);
    // Not a speed test: only that a 200 ms clock is never used up (generous bound).
    assert!(started.elapsed() < Duration::from_secs(5));
}

/// The descriptions `options` shows after the engine options' values.
const HASH_HELP: &str = " -- MiB for all tables: the transposition table (half) and the game's \
                         solver tables (half); setting it makes them anew, empty";
const THREADS_HELP: &str = " -- search threads (Lazy SMP over one shared transposition table)";

#[test]
fn options_hash_newgame_and_game_reset() {
    let mut engine = Engine::start();
    let options = engine.ask("options");
    assert!(
        options[0].starts_with("= Hash type spin default 64 min 1 max 16384"),
        "{options:?}"
    );
    assert_eq!(
        options[1],
        format!("Threads type spin default 1 min 1 max 256 (now 1){THREADS_HELP}")
    );
    assert_eq!(engine.ask("setoption name hash value 4"), ["="]);
    assert_eq!(engine.ask("setoption name threads value 3"), ["="]);
    assert_eq!(engine.ask("setoption name threads value 0").len(), 1);
    let options = engine.ask("options");
    assert_eq!(
        options[0],
        format!("= Hash type spin default 64 min 1 max 16384 (now 4){HASH_HELP}")
    );
    assert_eq!(
        options[1],
        format!("Threads type spin default 1 min 1 max 256 (now 3){THREADS_HELP}")
    );
    engine.ask("position startpos moves b2");
    assert_eq!(engine.ask("newgame"), ["="]);
    assert_eq!(engine.ask("legal"), ["= a1 b1 c1 a2 b2 c2 a3 b3 c3"]);
    engine.ask("position startpos moves b2");
    assert_eq!(engine.ask("game tictactoe"), ["="]);
    assert_eq!(engine.ask("eval"), ["= cp 0"]);
}

#[test]
fn perft_eval_and_bench() {
    let mut engine = Engine::start();
    let perft = engine.ask("perft 9");
    assert_eq!(perft[0], "= 127872");
    assert!(perft[1].starts_with("time "), "{perft:?}");
    engine.ask("position startpos moves b2");
    // O to move: the four lines through X's centre stone count 10 each against it.
    assert_eq!(engine.ask("eval"), ["= cp -40"]);
    engine.ask("position startpos moves a1 a2 b1 b2 c1");
    assert_eq!(engine.ask("eval"), ["= loss 0"]);
    let first = engine.ask("bench");
    let second = engine.ask("bench");
    let nodes = |line: &str| line.split_whitespace().nth(2).map(str::to_string);
    assert!(first[0].starts_with("= nodes "), "{first:?}");
    assert_eq!(
        nodes(&first[0]),
        nodes(&second[0]),
        "bench node count is deterministic"
    );
}

#[test]
fn hostile_input_gets_one_error_each_and_changes_nothing() {
    let mut engine = Engine::start();
    engine.ask("position startpos moves a1");
    let before = engine.ask("showboard");
    let long_line = format!("position startpos moves {}\n", "a2 ".repeat(500_000));
    let inputs: Vec<Vec<u8>> = vec![
        b"\xff\xfe\xfd garbage\n".to_vec(),
        b"go depth \xc3\x28\n".to_vec(),
        long_line.into_bytes(),
        b"go depth 99999999999999999999999999999999\n".to_vec(),
        b"go nodes -1\n".to_vec(),
        b"setoption name Hash value 99999999999999999999\n".to_vec(),
        b"perft 99999\n".to_vec(),
        b"position \t startpos moves \t a1 a1\n".to_vec(),
        b"12345678901234567890123 name\n".to_vec(),
        b"\x00\x01\x02\n".to_vec(),
    ];
    for input in &inputs {
        engine.send_bytes(input);
        let response = engine.response();
        assert_eq!(response.len(), 2, "{input:?} -> {response:?}");
        assert!(
            response[0].starts_with('?'),
            "{:?} -> {response:?}",
            String::from_utf8_lossy(&input[..input.len().min(60)])
        );
    }
    assert_eq!(engine.ask("showboard"), before);
    assert_eq!(engine.ask("isready"), ["= readyok"]);
}

#[test]
fn command_line_bench_and_perft() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbor"))
        .arg("bench")
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.lines().any(|l| l.starts_with("nodes ")), "{text}");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbor"))
        .args(["perft", "tictactoe", "8", "--", "---------", "X"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("perft 8 200448\n"));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbor"))
        .arg("--bogus")
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn game_options_may_be_set_before_the_game_is_selected() {
    let mut engine = Engine::start();
    // tictactoe has no Style; the games that have one take it.
    assert_eq!(engine.ask("setoption name Style value baseline"), ["="]);
    assert_eq!(engine.ask("game othello"), ["="]);
    let options = engine.ask("options");
    assert!(
        options
            .iter()
            .any(|l| l.starts_with("Style type combo") && l.contains("default full")),
        "{options:?}"
    );
    // `options` shows the value set, not only the default, and the description.
    assert!(
        options.contains(
            &"Style type combo default full var full var classic var mobility var baseline \
              (now baseline) -- evaluation: learned patterns, hand-set features, mobility \
              only, or the disc difference"
                .to_string()
        ),
        "{options:?}"
    );
    assert!(engine.ask("setoption name Style value shiny")[0]
        .starts_with("? invalid-argument Style shiny"));
    assert_eq!(engine.ask("game tictactoe"), ["="]);
    assert!(engine.ask("setoption name Style value shiny")[0]
        .starts_with("? invalid-argument Style shiny"));
}

/// One option as `options` lists it: `NAME type T default D [min A max B | var V ...]
/// (now V) -- DESCRIPTION`.
#[derive(Debug)]
struct Listed {
    name: String,
    kind: String,
    default: String,
    range: Vec<String>,
    now: String,
}

fn parse_listed(line: &str) -> Listed {
    let line = line.strip_prefix("= ").unwrap_or(line);
    let (head, description) = line.split_once(" -- ").expect("a description");
    assert!(!description.trim().is_empty(), "{line}");
    let (head, now) = head.rsplit_once(" (now ").expect("(now V)");
    let words: Vec<&str> = head.split_whitespace().collect();
    assert_eq!((words[1], words[3]), ("type", "default"), "{line}");
    let range = match words[2] {
        "spin" => {
            assert_eq!((words[5], words[7]), ("min", "max"), "{line}");
            vec![words[6].to_string(), words[8].to_string()]
        }
        "combo" => words[5..]
            .chunks(2)
            .map(|pair| {
                assert_eq!(pair[0], "var", "{line}");
                pair[1].to_string()
            })
            .collect(),
        _ => vec!["true".to_string(), "false".to_string()],
    };
    Listed {
        name: words[0].to_string(),
        kind: words[2].to_string(),
        default: words[4].to_string(),
        range,
        now: now.trim_end_matches(')').to_string(),
    }
}

/// The options of the current game, as `options` lists them.
fn listed(engine: &mut Engine) -> Vec<Listed> {
    engine
        .ask("options")
        .iter()
        .map(|l| parse_listed(l))
        .collect()
}

#[test]
fn every_option_round_trips_through_setoption_in_every_game() {
    let mut engine = Engine::start();
    let games: Vec<String> = engine
        .ask("list_games")
        .iter()
        .map(|g| g.trim_start_matches("= ").to_string())
        .collect();
    assert_eq!(games.len(), 4, "{games:?}");
    let mut seen = 0;
    for game in &games {
        assert_eq!(engine.ask(&format!("game {game}")), ["="], "{game}");
        for option in listed(&mut engine) {
            let name = &option.name;
            // Each default is accepted by its own range and is the value at startup.
            assert_eq!(option.now, option.default, "{game} {name}");
            match option.kind.as_str() {
                "spin" => {
                    let (min, max): (i64, i64) = (
                        option.range[0].parse().unwrap(),
                        option.range[1].parse().unwrap(),
                    );
                    let default: i64 = option.default.parse().expect("an integer default");
                    assert!((min..=max).contains(&default), "{game} {name}");
                }
                "combo" | "check" => {
                    assert!(option.range.contains(&option.default), "{game} {name}")
                }
                other => panic!("{game} {name}: unexpected type {other}"),
            }
            let mut values = option.range.clone();
            if name == "Hash" {
                values = vec!["1".to_string(), "2".to_string()]; // not 16 GiB
            }
            values.push(option.default.clone());
            for value in values {
                // Any case for names, combos and checks; shown as declared.
                let sent = if option.kind == "spin" {
                    value.clone()
                } else {
                    value.to_uppercase()
                };
                assert_eq!(
                    engine.ask(&format!(
                        "setoption name {} value {sent}",
                        name.to_lowercase()
                    )),
                    ["="],
                    "{game} {name} {sent}"
                );
                let now = listed(&mut engine)
                    .into_iter()
                    .find(|o| &o.name == name)
                    .expect("still listed")
                    .now;
                assert_eq!(now, value, "{game} {name} {sent}");
            }
            seen += 1;
        }
    }
    // Hash, Threads and MultiPV in each of the four games, plus 2 + 3 + 25 game options.
    assert_eq!(seen, 4 * 3 + 2 + 3 + 25);
}

#[test]
fn out_of_range_values_are_refused_and_change_nothing() {
    // (game, option, a valid value set first, the refused value, the answer)
    let cases = [
        (
            "tictactoe",
            "Hash",
            "2",
            "0",
            "? invalid-argument Hash 0: expected an integer from 1 to 16384",
        ),
        (
            "tictactoe",
            "Hash",
            "2",
            "16385",
            "? invalid-argument Hash 16385: expected an integer from 1 to 16384",
        ),
        (
            "tictactoe",
            "Threads",
            "2",
            "257",
            "? invalid-argument Threads 257: expected an integer from 1 to 256",
        ),
        (
            "tictactoe",
            "threads",
            "3",
            "two",
            "? invalid-argument threads two: expected an integer from 1 to 256",
        ),
        (
            "connect4",
            "Style",
            "baseline",
            "fast",
            "? invalid-argument Style fast: expected full or baseline",
        ),
        (
            "connect4",
            "Solve",
            "wdl",
            "weak",
            "? invalid-argument Solve weak: expected exact or wdl",
        ),
        (
            "othello",
            "Style",
            "mobility",
            "neural",
            "? invalid-argument Style neural: expected full, classic, mobility or baseline",
        ),
        (
            "othello",
            "EndgameEmpties",
            "12",
            "61",
            "? invalid-argument EndgameEmpties 61: expected an integer from 0 to 60",
        ),
        (
            "othello",
            "ProbCut",
            "30",
            "-1",
            "? invalid-argument ProbCut -1: expected an integer from 0 to 40",
        ),
        (
            "gomoku",
            "GomokuEval",
            "classic",
            "neural",
            "? invalid-argument GomokuEval neural: expected classic or learned",
        ),
        (
            "gomoku",
            "GomokuThreatSolver",
            "false",
            "yes",
            "? invalid-argument GomokuThreatSolver yes: expected true or false",
        ),
        (
            "gomoku",
            "GomokuFutilityStep",
            "200",
            "5001",
            "? invalid-argument GomokuFutilityStep 5001: expected an integer from 0 to 5000",
        ),
        (
            "gomoku",
            "GomokuAttackShare",
            "40",
            "1.5",
            "? invalid-argument GomokuAttackShare 1.5: expected an integer from 0 to 100",
        ),
        (
            "gomoku",
            "GomokuVctNodes",
            "5",
            "100000001",
            "? invalid-argument GomokuVctNodes 100000001: expected an integer from 0 to 100000000",
        ),
        (
            "gomoku",
            "GomokuThreatExtension",
            "4",
            "5",
            "? invalid-argument GomokuThreatExtension 5: expected an integer from 0 to 4",
        ),
        (
            "gomoku",
            "GomokuThreatExtensionMoves",
            "2",
            "1",
            "? invalid-argument GomokuThreatExtensionMoves 1: expected an integer from 2 to 64",
        ),
        (
            "gomoku",
            "GomokuExtensionQuiet",
            "3",
            "16",
            "? invalid-argument GomokuExtensionQuiet 16: expected an integer from 0 to 15",
        ),
        (
            "gomoku",
            "GomokuReductionPercent",
            "400",
            "24",
            "? invalid-argument GomokuReductionPercent 24: expected an integer from 25 to 400",
        ),
        (
            "gomoku",
            "GomokuLateMovePercent",
            "10",
            "101",
            "? invalid-argument GomokuLateMovePercent 101: expected an integer from 10 to 100",
        ),
        (
            "gomoku",
            "GomokuEarlyCheck",
            "60",
            "61",
            "? invalid-argument GomokuEarlyCheck 61: expected an integer from 0 to 60",
        ),
    ];
    let mut engine = Engine::start();
    for (game, name, valid, bad, answer) in cases {
        assert_eq!(engine.ask(&format!("game {game}")), ["="]);
        assert_eq!(
            engine.ask(&format!("setoption name {name} value {valid}")),
            ["="],
            "{name} {valid}"
        );
        let now = |engine: &mut Engine| {
            listed(engine)
                .into_iter()
                .find(|o| o.name.eq_ignore_ascii_case(name))
                .expect("listed")
                .now
        };
        assert_eq!(now(&mut engine), valid);
        assert_eq!(
            engine.ask(&format!("setoption name {name} value {bad}")),
            [answer]
        );
        assert_eq!(now(&mut engine), valid, "{name} {bad} changed the value");
    }
}
