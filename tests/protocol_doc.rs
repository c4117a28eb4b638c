//! Replays every ```transcript block of protocol.md against the real binary, so the
//! documented examples are always true.

mod common;

use common::{replay, Engine};

fn transcripts(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (number, line) in markdown.lines().enumerate() {
        match &mut current {
            None if line.trim() == "```transcript" => current = Some((number + 1, String::new())),
            Some(_) if line.trim() == "```" => blocks.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {}
        }
    }
    blocks
}

#[test]
fn every_transcript_in_protocol_md_holds() {
    let markdown = include_str!("../protocol.md");
    let blocks = transcripts(markdown);
    assert!(
        blocks.len() >= 4,
        "protocol.md should have executable examples"
    );
    for (line, block) in blocks {
        // Each block starts from a fresh engine, as a reader would.
        let mut engine = Engine::start();
        replay(
            &mut engine,
            &block,
            &format!("protocol.md block at line {line}"),
        );
    }
}

/// The rows of protocol.md's option table: (option, games, description).
fn option_rows(markdown: &str) -> Vec<(String, String, String)> {
    markdown
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            match cells.as_slice() {
                ["", name, games, what, ""] if name.starts_with('`') && !what.is_empty() => Some((
                    name.trim_matches('`').to_string(),
                    games.to_string(),
                    what.to_string(),
                )),
                _ => None,
            }
        })
        .collect()
}

#[test]
fn every_option_of_every_game_is_described_in_protocol_md() {
    let rows = option_rows(include_str!("../protocol.md"));
    let mut engine = Engine::start();
    let games = engine.ask("list_games");
    for game in games.iter().map(|g| g.trim_start_matches("= ")) {
        assert_eq!(engine.ask(&format!("game {game}")), ["="]);
        for line in engine.ask("options") {
            let name = line
                .trim_start_matches("= ")
                .split(' ')
                .next()
                .expect("a name");
            assert!(
                rows.iter()
                    .any(|(option, games, _)| option == name && (games == "all" || games == game)),
                "{game}: option {name} has no line in protocol.md's option table"
            );
        }
    }
}
