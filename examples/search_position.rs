//! Embedding arbor as a library: set up an Othello position through the public API, search
//! it to a fixed depth and print the best move, its score and the principal variation.
//!
//! ```text
//! cargo run --release --example search_position -- [DEPTH [MOVE...]]
//! ```
//! (default: depth 8 after `f5 d6 c3`). Every game of `arbor::game` works the same way:
//! its position type implements `Game`, its settings `GameParams`.

use std::process::ExitCode;

use arbor::game::othello::{Othello, OthelloParams};
use arbor::game::Game;
use arbor::search::{search_to_depth, ScoreReport, Tables};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        None => 8,
        Some(Ok(depth)) if depth > 0 => depth,
        Some(_) => {
            eprintln!("usage: search_position [DEPTH [MOVE...]] (DEPTH at least 1)");
            return ExitCode::from(2);
        }
    };
    let moves: Vec<&str> = if args.len() > 1 {
        args[1..].iter().map(String::as_str).collect()
    } else {
        vec!["f5", "d6", "c3"]
    };
    match position_after(&moves).and_then(|position| best_line(&position, depth)) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::FAILURE
        }
    }
}

/// The position after `moves` from the start (Othello notation; `pass` when a side has
/// no move).
fn position_after(moves: &[&str]) -> Result<Othello, String> {
    let mut position = Othello::new();
    for text in moves {
        let mv = position
            .parse_legal_move(text)
            .map_err(|error| format!("move {text}: {error}"))?;
        position.play(mv);
    }
    Ok(position)
}

/// Searches `position` `depth` plies deep (one thread, a 16 MiB table, the engine's
/// default settings) and describes the answer in one line.
fn best_line(position: &Othello, depth: u32) -> Result<String, String> {
    let mut tables =
        Tables::try_new(16).map_err(|_| "cannot allocate the transposition table".to_string())?;
    // The game's exact solver (Othello's endgame solver), which the search consults.
    let mut solver = Default::default();
    let params = OthelloParams::default();
    let result = search_to_depth(position, &params, depth, &mut tables, &mut solver)
        .ok_or("the game is over: nothing to search")?;
    // Each move of the principal variation is named in the position where it is played.
    let mut walk = *position;
    let pv: Vec<String> = result
        .pv
        .iter()
        .map(|&mv| {
            let text = walk.format_move(mv);
            walk.play(mv);
            text
        })
        .collect();
    Ok(format!(
        "best {} score {} depth {} pv {}",
        position.format_move(result.best_move),
        describe(result.score),
        result.depth,
        pv.join(" ")
    ))
}

/// A score in words: centi-discs from the side to move's view, or a proven result.
fn describe(score: ScoreReport) -> String {
    match score {
        ScoreReport::Cp(cp) => format!("{cp} centi-discs"),
        ScoreReport::Disc(margin) => format!("exactly {margin:+} discs"),
        ScoreReport::Win(plies) => format!("won in {plies} plies"),
        ScoreReport::Loss(plies) => format!("lost in {plies} plies"),
        ScoreReport::WinWithin(plies) => format!("won within {plies} plies"),
        ScoreReport::LossWithin(plies) => format!("lost within {plies} plies"),
        ScoreReport::Draw => "a draw".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_line_is_searched_to_its_depth() {
        let position = position_after(&["f5", "d6", "c3"]).expect("legal moves");
        assert_eq!(
            best_line(&position, 4).as_deref(),
            Ok("best f4 score 399 centi-discs depth 4 pv f4 e6 g5 f6")
        );
    }

    #[test]
    fn an_illegal_move_is_refused_with_its_reason() {
        assert!(position_after(&["a1"])
            .unwrap_err()
            .starts_with("move a1: "));
    }
}
