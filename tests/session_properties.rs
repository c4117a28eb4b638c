//! Property test over a whole session: a command that fails leaves the state exactly as it
//! was, and every line gets exactly one response. Runs the real session in-process.

use std::time::Duration;

use arbor::frontend::pipe::SessionPipe;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "position",
    "startpos",
    "moves",
    "a1",
    "b2",
    "c3",
    "c1",
    "z9",
    "pass",
    "XO------- X",
    "XX-",
    "game",
    "tictactoe",
    "chess",
    "size=3",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "0",
    "1",
    "99999999999999999999",
    "newgame",
    "legal",
    "eval",
    "showboard",
    "known_command",
    "isready",
    "stop",
    "options",
    "=",
    "#",
    "7",
    "-1",
    "\t",
];

fn response(pipe: &SessionPipe) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = pipe
            .output()
            .recv_timeout(Duration::from_secs(10))
            .expect("a response line");
        if line.is_empty() {
            return lines;
        }
        lines.push(line);
    }
}

fn state(pipe: &SessionPipe) -> Vec<String> {
    pipe.send("showboard");
    let mut lines = response(pipe);
    pipe.send("options");
    lines.extend(response(pipe));
    lines
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn failed_commands_change_nothing(lines in proptest::collection::vec(proptest::collection::vec(proptest::sample::select(WORDS), 0..7), 1..25)) {
        let pipe = SessionPipe::start().expect("session starts");
        let mut before = state(&pipe);
        for words in lines {
            let line = words.join(" ");
            pipe.send(&line);
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                continue;
            }
            let answer = response(&pipe);
            prop_assert!(!answer.is_empty(), "{line:?} got no response");
            if answer[0].starts_with('?') {
                prop_assert_eq!(answer.len(), 1, "{:?}: {:?}", line, answer);
                prop_assert_eq!(&state(&pipe), &before, "{:?} failed but changed the state", line);
            } else {
                prop_assert!(answer[0].starts_with('='), "{:?}: {:?}", line, answer);
                before = state(&pipe);
            }
        }
    }
}
