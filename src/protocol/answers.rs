//! The text answers of `showboard`, `legal` and `eval`.

use crate::game::{Game, MoveList, Outcome, Player};
use crate::protocol::format;
use crate::registry::{AllParams, Registered};
use crate::search::{score, ScoreReport};

pub fn board_text<G: Game>(position: &G) -> String {
    let status = match position.outcome() {
        None => format!("to move: {}", side_name(position.side_to_move())),
        Some(Outcome::Draw) => "result: draw".to_string(),
        Some(Outcome::Win(player)) => format!("result: {} wins", side_name(player)),
    };
    format!(
        "{}\n{status}\nposition {}",
        position.board_text(),
        position.position_text()
    )
}

fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "X",
        Player::Second => "O",
    }
}

pub fn legal_text<G: Game>(position: &G) -> String {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| position.format_move(mv))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn eval_text<G: Registered>(position: &G, all: &AllParams) -> String {
    match position.outcome() {
        Some(outcome) => {
            let value = crate::search::negamax::terminal_score(position, outcome, 0);
            format::score(ScoreReport::new(value, true, G::SCORING))
        }
        None => {
            let value = position
                .evaluate(G::params(all))
                .clamp(-crate::game::EVAL_LIMIT, crate::game::EVAL_LIMIT);
            debug_assert!(!score::is_decisive(value));
            format::score(ScoreReport::Cp(value))
        }
    }
}
