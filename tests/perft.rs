//! Data-driven perft: every `tests/data/*.perft` file, through one generic driver.
//!
//! File format, one item per line (`#` comments):
//! `game NAME [key=value ...]` selects a game and variant, `pos startpos|TEXT [moves ...]`
//! sets the position, `perft DEPTH COUNT` states a leaf count.

use std::path::Path;

use arbor::registry::AnyGame;

/// Counts above this are skipped by the default test (the ignored one runs them all).
const QUICK_LIMIT: u64 = 5_000_000;

struct Case {
    file: String,
    line: usize,
    position: AnyGame,
    depth: u32,
    count: u64,
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data exists")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "perft"));
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).expect("readable");
        let mut start: Option<AnyGame> = None;
        let mut position: Option<AnyGame> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let at = format!("{file}:{}", index + 1);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
            match keyword {
                "game" => {
                    let mut words = rest.split_whitespace();
                    let name = words
                        .next()
                        .unwrap_or_else(|| panic!("{at}: game needs a name"));
                    let variant: Vec<(String, String)> = words
                        .map(|kv| {
                            kv.split_once('=')
                                .map(|(k, v)| (k.to_string(), v.to_string()))
                                .unwrap_or_else(|| panic!("{at}: bad {kv}"))
                        })
                        .collect();
                    let game = AnyGame::new(name, &variant).unwrap_or_else(|e| panic!("{at}: {e}"));
                    start = Some(game.clone());
                    position = Some(game);
                }
                "pos" => {
                    let start = start
                        .as_ref()
                        .unwrap_or_else(|| panic!("{at}: pos before game"));
                    let (setup, moves) = match rest.split_once(" moves ") {
                        Some((setup, moves)) => {
                            (setup.trim(), moves.split_whitespace().collect::<Vec<_>>())
                        }
                        None => (rest.trim(), Vec::new()),
                    };
                    let base = if setup == "startpos" {
                        start.clone()
                    } else {
                        start
                            .parse_position(setup)
                            .unwrap_or_else(|e| panic!("{at}: {e}"))
                    };
                    position = Some(
                        base.play_moves(&moves)
                            .unwrap_or_else(|e| panic!("{at}: {e}")),
                    );
                }
                "perft" => {
                    let mut numbers = rest.split_whitespace().map(|n| {
                        n.parse::<u64>()
                            .unwrap_or_else(|_| panic!("{at}: bad number {n}"))
                    });
                    let (Some(depth), Some(count)) = (numbers.next(), numbers.next()) else {
                        panic!("{at}: perft DEPTH COUNT")
                    };
                    let position = position
                        .clone()
                        .unwrap_or_else(|| panic!("{at}: perft before pos"));
                    cases.push(Case {
                        file: file.clone(),
                        line: index + 1,
                        position,
                        depth: depth as u32,
                        count,
                    });
                }
                other => panic!("{at}: unknown keyword {other}"),
            }
        }
    }
    cases
}

fn check(limit: u64) -> usize {
    let mut checked = 0;
    for case in cases().into_iter().filter(|c| c.count <= limit) {
        let counted = case.position.perft(case.depth);
        assert_eq!(
            counted,
            case.count,
            "{}:{} {} perft {}",
            case.file,
            case.line,
            case.position.name(),
            case.depth
        );
        checked += 1;
    }
    checked
}

#[test]
fn perft_counts_up_to_five_million_leaves() {
    assert!(check(QUICK_LIMIT) >= 12);
}

#[test]
#[ignore = "deep counts: run with --release -- --ignored"]
fn perft_counts_all() {
    check(u64::MAX);
}
