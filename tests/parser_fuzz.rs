//! Property tests: no input line makes the parser panic, and every rejection is a
//! well-formed single-line error.

use arbor::protocol::format;
use arbor::protocol::parse::{line_id, parse_line};
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "go",
    "depth",
    "movetime",
    "nodes",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "solve",
    "position",
    "startpos",
    "moves",
    "game",
    "setoption",
    "name",
    "value",
    "perft",
    "a1",
    "b2",
    "=",
    "-1",
    "0",
    "99999999999999999999999",
    "tictactoe",
    "size=15",
    "stop",
    "quit",
    "known_command",
    "\t",
    "#",
];

fn check(line: &str) {
    match parse_line(line) {
        Ok(_) => {}
        Err(error) => {
            let text = format::failure(line_id(line), &error);
            assert!(text.starts_with('?'));
            assert!(text.ends_with("\n\n"));
            assert_eq!(text.matches('\n').count(), 2, "{text:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_strings_never_panic(line in "\\PC{0,200}") {
        check(&line);
    }

    #[test]
    fn command_shaped_lines_never_panic(words in proptest::collection::vec(proptest::sample::select(WORDS), 0..12), id in proptest::option::of(0u64..u64::MAX)) {
        let body = words.join(" ");
        let line = match id { Some(id) => format!("{id} {body}"), None => body };
        check(&line);
    }

    #[test]
    fn huge_and_odd_numbers_never_panic(number in "[0-9]{1,60}", key in proptest::sample::select(&["depth", "nodes", "movetime", "wtime", "movestogo"][..])) {
        check(&format!("go {key} {number}"));
        check(&format!("perft {number}"));
        check(&format!("{number} name"));
    }
}

#[test]
fn very_long_lines_are_handled() {
    check(&"a".repeat(1 << 20));
    check(&format!(
        "position startpos moves {}",
        "a1 ".repeat(100_000)
    ));
}
