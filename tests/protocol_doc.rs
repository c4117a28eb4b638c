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
