//! The Gomocup brain protocol, driven the way a manager (piskvork, c-gomoku-cli) drives it:
//! one command, then wait for the answer.

use std::io;

use arbor::frontend::pipe::{ChannelReader, ChannelWriter, SessionPipe};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};

struct Manager {
    to_brain: Option<Sender<String>>,
    from_brain: Receiver<String>,
    brain: Option<JoinHandle<io::Result<()>>>,
    messages: Vec<String>,
}

impl Manager {
    fn start() -> Self {
        let (to_brain, input) = crossbeam_channel::unbounded();
        let (output, from_brain) = crossbeam_channel::unbounded();
        let reader = ChannelReader::new(input);
        let brain = std::thread::spawn(move || {
            let pipe = SessionPipe::start().map_err(io::Error::other)?;
            arbor::frontend::gomocup::run(pipe, reader, ChannelWriter::new(output))
        });
        Manager {
            to_brain: Some(to_brain),
            from_brain,
            brain: Some(brain),
            messages: Vec::new(),
        }
    }

    /// Sends a line, CRLF-terminated as Windows managers do.
    fn send(&self, line: &str) {
        if let Some(to_brain) = &self.to_brain {
            to_brain.send(format!("{line}\r\n")).expect("brain reads");
        }
    }

    /// The next answer that is not a MESSAGE, within `limit`.
    fn answer(&mut self, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .from_brain
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer within {limit:?}"));
            if line.starts_with("MESSAGE") {
                self.messages.push(line);
            } else {
                return line;
            }
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.answer(Duration::from_secs(10))
    }

    /// Sends END and waits for the brain to exit; returns how long it took.
    fn end(&mut self) -> Duration {
        let start = Instant::now();
        self.send("END");
        let result = self.brain.take().expect("running").join();
        assert!(matches!(result, Ok(Ok(()))));
        start.elapsed()
    }
}

fn xy(text: &str) -> (usize, usize) {
    let (x, y) = text.split_once(',').expect("x,y");
    (x.parse().expect("x"), y.parse().expect("y"))
}

/// Whether `stones` hold five in a row.
fn has_five(stones: &[(usize, usize)]) -> bool {
    let has = |x: i64, y: i64| stones.contains(&(x as usize, y as usize)) && x >= 0 && y >= 0;
    stones.iter().any(|&(x, y)| {
        [(1, 0), (0, 1), (1, 1), (1, -1)]
            .iter()
            .any(|&(dx, dy)| (0..5).all(|k| has(x as i64 + dx * k, y as i64 + dy * k)))
    })
}

#[test]
fn about_start_unknown_and_errors() {
    let mut manager = Manager::start();
    let about = manager.ask("ABOUT");
    assert!(about.starts_with("name=\"arbor\", version=\""), "{about}");
    assert!(about.contains("author=") && about.contains("country="));
    assert_eq!(
        manager.ask("START 40"),
        "ERROR unsupported size 40 (5 to 22)"
    );
    assert!(manager.ask("RECTSTART 20,15").starts_with("ERROR"));
    assert!(manager.ask("TURN 7,7").starts_with("ERROR"), "no board yet");
    assert_eq!(manager.ask("START 15"), "OK");
    assert_eq!(manager.ask("SWAP2BOARD"), "UNKNOWN SWAP2BOARD");
    assert!(manager.ask("TURN 15,3").starts_with("ERROR"));
    manager.end();
}

#[test]
fn a_full_short_game_against_a_manager() {
    let mut manager = Manager::start();
    assert_eq!(manager.ask("START 15"), "OK");
    manager.send("INFO timeout_turn 150");
    manager.send("INFO timeout_match 100000");
    manager.send("INFO rule 0");
    // arbor is Black; the opponent plays along the top row, far from the action.
    let mut mine = vec![xy(&manager.ask("BEGIN"))];
    let mut theirs = Vec::new();
    let mut occupied: Vec<(usize, usize)> = mine.clone();
    for turn in 0..30 {
        manager.send(&format!("INFO time_left {}", 100_000 - turn * 200));
        let reply = (0..15)
            .map(|x| (x, 0))
            .chain((0..15).map(|x| (x, 14)))
            .find(|c| !occupied.contains(c))
            .expect("a free cell");
        theirs.push(reply);
        occupied.push(reply);
        let answer = manager.ask(&format!("TURN {},{}", reply.0, reply.1));
        let cell = xy(&answer);
        assert!(cell.0 < 15 && cell.1 < 15, "{answer}");
        assert!(!occupied.contains(&cell), "{answer} is taken");
        mine.push(cell);
        occupied.push(cell);
        if has_five(&mine) {
            break;
        }
    }
    assert!(
        has_five(&mine),
        "arbor should beat a passive opponent: {mine:?}"
    );
    assert!(!has_five(&theirs));
    assert!(
        manager.messages.iter().any(|m| m.contains("depth")),
        "search progress is reported"
    );
    assert!(manager.end() < Duration::from_millis(500));
}

#[test]
fn board_with_an_opening_takeback_and_restart() {
    let mut manager = Manager::start();
    assert_eq!(manager.ask("START 15"), "OK");
    manager.send("INFO timeout_turn 300");
    // arbor (1) has four on row 7 open at 6,7 only; the opponent (2) has four on row 8.
    manager.send("BOARD");
    for line in [
        "7,7,1", "7,8,2", "8,7,1", "8,8,2", "9,7,1", "9,8,2", "10,7,1", "10,8,2", "11,7,2",
    ] {
        manager.send(line);
    }
    assert_eq!(manager.ask("DONE"), "6,7", "complete the five first");
    // Take back arbor's winning move and the opponent's blocker: the five is open again
    // on both sides, still a win in one.
    assert_eq!(manager.ask("TAKEBACK 6,7"), "OK");
    assert_eq!(manager.ask("TAKEBACK 11,7"), "OK");
    let answer = manager.ask("TURN 0,0");
    assert!(answer == "6,7" || answer == "11,7", "{answer}");
    assert!(manager.ask("TAKEBACK 3,3").starts_with("ERROR"));
    // A three-stone opening: arbor is White (fewer stones) and answers next to them.
    assert_eq!(manager.ask("RESTART"), "OK");
    manager.send("BOARD");
    for line in ["7,7,2", "8,8,1", "9,7,2"] {
        manager.send(line);
    }
    let (x, y) = xy(&manager.ask("DONE"));
    assert!(x.abs_diff(8) <= 3 && y.abs_diff(7) <= 3, "{x},{y}");
    assert!(![(7, 7), (8, 8), (9, 7)].contains(&(x, y)));
    // After RESTART the board is empty: arbor opens in the centre.
    assert_eq!(manager.ask("RESTART"), "OK");
    assert_eq!(manager.ask("BEGIN"), "7,7");
    manager.end();
}

#[test]
fn time_left_bounds_the_think_and_end_is_prompt() {
    let mut manager = Manager::start();
    assert_eq!(manager.ask("START 20"), "OK");
    manager.send("INFO timeout_turn 30000");
    manager.send("INFO timeout_match 600000");
    manager.send("INFO time_left 1500");
    manager.send("BOARD");
    for line in ["9,9,2", "10,10,1", "10,9,2"] {
        manager.send(line);
    }
    let start = Instant::now();
    let answer = manager.ask("DONE");
    let took = start.elapsed();
    assert!(xy(&answer).0 < 20);
    // 1500 ms left over 15 moves: 100 ms less the margin, far below the 30 s turn limit.
    assert!(took < Duration::from_millis(400), "{took:?}");
    // END while thinking: out at once, no move printed.
    manager.send("INFO time_left 600000");
    manager.send("TURN 0,0");
    std::thread::sleep(Duration::from_millis(50));
    assert!(manager.end() < Duration::from_millis(500));
    let rest: Vec<String> = manager
        .from_brain
        .try_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(rest.is_empty(), "{rest:?}");
}

/// Managers send `INFO max_memory` right before a game's first move. Making a larger table
/// (its pages are touched as it is made: 0.4-1.1 s for this 512 MiB hash on the project's
/// machine) must not come out of that move's time: it is made once the move is out.
#[test]
fn a_larger_max_memory_does_not_lengthen_the_first_move() {
    let mut manager = Manager::start();
    assert_eq!(manager.ask("START 15"), "OK");
    manager.send("INFO timeout_turn 100");
    manager.send("INFO timeout_match 0");
    manager.send("INFO max_memory 1073741824");
    manager.send("BOARD");
    for line in ["7,7,2", "8,8,1", "7,9,2"] {
        manager.send(line);
    }
    let start = Instant::now();
    let answer = manager.ask("DONE");
    let took = start.elapsed();
    assert!(xy(&answer).0 < 15);
    // ~90 ms of thought; with the table made first it took 0.5-1.2 s.
    assert!(took < Duration::from_millis(350), "{took:?}");
    manager.end();
}

/// Yixin's `INFO max_depth` and `max_node` bound the search well inside a 60 s turn.
#[test]
fn max_depth_and_max_node_limit_the_search() {
    let mut manager = Manager::start();
    assert_eq!(manager.ask("START 15"), "OK");
    manager.send("INFO timeout_turn 60000");
    manager.send("INFO max_depth 3");
    let answer = manager.ask("TURN 7,7");
    assert!(xy(&answer).0 < 15);
    let depths: Vec<u32> = manager
        .messages
        .iter()
        .filter_map(|m| m.strip_prefix("MESSAGE depth "))
        .filter_map(|m| m.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(depths.iter().max(), Some(&3), "{:?}", manager.messages);
    // Depth unlimited again, nodes limited: the move comes long before the turn's 60 s.
    manager.messages.clear();
    manager.send("INFO max_depth 0");
    manager.send("INFO max_node 20000");
    let start = Instant::now();
    let answer = manager.ask("TURN 8,8");
    assert!(xy(&answer).0 < 15);
    assert!(start.elapsed() < Duration::from_secs(10));
    manager.end();
}

/// Black (arbor) with g8 i8 h7 h9: h8 makes two open threes, a winning double three in
/// freestyle and a forbidden point in renju (`INFO rule 4`).
#[test]
fn renju_keeps_black_off_a_double_three() {
    for (rule, forbidden) in [(0, false), (4, true)] {
        let mut manager = Manager::start();
        assert_eq!(manager.ask("START 15"), "OK");
        manager.send("INFO timeout_turn 300");
        manager.send(&format!("INFO rule {rule}"));
        manager.send("BOARD");
        for (stone, field) in [
            ("6,7", 1),
            ("0,0", 2),
            ("8,7", 1),
            ("2,0", 2),
            ("7,6", 1),
            ("4,0", 2),
            ("7,8", 1),
            ("0,2", 2),
        ] {
            manager.send(&format!("{stone},{field}"));
        }
        let answer = manager.ask("DONE");
        let cell = xy(&answer);
        assert!(cell.0 < 15 && cell.1 < 15, "{answer}");
        assert_eq!(cell == (7, 7), !forbidden, "rule {rule}: {answer}");
        manager.end();
    }
}

/// `arbor gomocup --option NAME=VALUE`: set before the protocol starts; a refused or
/// malformed option ends the program at once with exit status 2 and the reason on stderr.
#[test]
fn command_line_options_are_set_or_refused_at_start() {
    use std::io::Write as _;
    use std::process::{Command, Stdio};
    let run = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbor"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts");
        if let Some(mut stdin) = child.stdin.take() {
            // A brain that has already exited closes its end; that is no error here.
            let _ = stdin.write_all(input.as_bytes());
        }
        let output = child.wait_with_output().expect("ends");
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let (code, stdout, _) = run(
        &[
            "gomocup",
            "--option",
            "GomokuAttackShare=40",
            "--option",
            "Hash=8",
        ],
        "START 15\r\nEND\r\n",
    );
    assert_eq!((code, stdout.as_str()), (Some(0), "OK\n"));
    for (args, reason) in [
        (
            &["gomocup", "--option", "NoSuchOption=1"][..],
            "arbor: option NoSuchOption=1: ",
        ),
        (
            &["gomocup", "--option", "GomokuAttackShare=101"][..],
            "arbor: option GomokuAttackShare=101: ",
        ),
        (
            &["gomocup", "--option", "Hash"][..],
            "arbor: bad option Hash",
        ),
        (
            &["gomocup", "--option"][..],
            "arbor: --option needs NAME=VALUE",
        ),
        (
            &["gomocup", "--bogus"][..],
            "arbor: unknown argument --bogus",
        ),
    ] {
        let (code, stdout, stderr) = run(args, "START 15\r\nEND\r\n");
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, "", "{args:?}");
        assert!(stderr.starts_with(reason), "{args:?}: {stderr}");
    }
}

#[test]
fn a_byte_order_mark_and_bad_bytes_are_answered_not_fatal() {
    let input = io::Cursor::new(b"\xEF\xBB\xBFSTART 15\r\n\xff\xfe\r\nABOUT\r\nEND\r\n".to_vec());
    let (output, lines) = crossbeam_channel::unbounded();
    let pipe = SessionPipe::start().expect("a session");
    arbor::frontend::gomocup::run(pipe, input, ChannelWriter::new(output)).expect("runs");
    let lines: Vec<String> = lines.try_iter().collect();
    assert_eq!(lines[0], "OK");
    assert_eq!(lines[1], "ERROR line is not valid UTF-8");
    assert!(lines[2].starts_with("name=\"arbor\""), "{lines:?}");
}
