//! cutechess-cli's notation for placement games: drops `P@<file><rank>` with rank 1 the
//! **bottom** row, and FENs listing ranks from the top. arbor counts rows from the top, so
//! everything is converted here, at the edge, through [`Game::placement`].

use crate::game::{Game, GameError, MoveList};

/// The drop naming the cell where `mv` puts its stone (arbor text for a pass).
pub fn to_drop<G: Game>(position: &G, mv: G::Move) -> String {
    let (width, height) = position.dimensions();
    match position.placement(mv) {
        Some(cell) if width > 0 => {
            let file = (b'a' + (cell % width) as u8) as char;
            format!("P@{file}{}", height - cell / width)
        }
        _ => position.format_move(mv),
    }
}

/// The legal move a drop (or arbor's own move text) names.
///
/// # Errors
/// A drop on no legal landing cell, or text that names no legal move.
pub fn from_drop<G: Game>(position: &G, text: &str) -> Result<G::Move, GameError> {
    let Some(square) = text.strip_prefix("P@").or_else(|| text.strip_prefix("p@")) else {
        return position.parse_legal_move(text);
    };
    let (width, height) = position.dimensions();
    let bad = || GameError::new(text, "not a legal drop here");
    let mut chars = square.chars();
    let file = chars
        .next()
        .filter(char::is_ascii_lowercase)
        .ok_or_else(bad)?;
    let rank: usize = chars.as_str().parse().map_err(|_| bad())?;
    let column = (file as u8 - b'a') as usize;
    if column >= width || rank == 0 || rank > height {
        return Err(bad());
    }
    let cell = (height - rank) * width + column;
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|&mv| position.placement(mv) == Some(cell))
        .ok_or_else(bad)
}

/// Converts a cutechess FEN (`3/1P1/3[PPPPpppp] b - - 0 1`) into arbor's grid position
/// text (cells from the top row, then the side to move).
///
/// # Errors
/// Wrong row count or width, an unknown piece letter, or a bad side to move.
pub fn fen_to_grid(fen: &str, width: usize, height: usize) -> Result<String, GameError> {
    let mut fields = fen.split_whitespace();
    let placement = fields
        .next()
        .ok_or_else(|| GameError::new(fen, "empty FEN"))?;
    let board = placement.split('[').next().unwrap_or(placement);
    let side = match fields.next() {
        Some("w") => 'X',
        Some("b") => 'O',
        other => {
            return Err(GameError::new(
                other.unwrap_or(""),
                "FEN side to move must be w or b",
            ))
        }
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != height {
        return Err(GameError::new(
            board,
            format!("FEN has {} ranks, the board {height}", rows.len()),
        ));
    }
    let mut cells = String::with_capacity(width * height + 2);
    for row in rows {
        let mut count = 0;
        let mut digits = 0usize;
        let flush = |digits: &mut usize, cells: &mut String, count: &mut usize| {
            for _ in 0..*digits {
                cells.push('-');
            }
            *count += *digits;
            *digits = 0;
        };
        for c in row.chars() {
            match c {
                '0'..='9' => digits = digits * 10 + (c as usize - '0' as usize),
                'P' | 'p' => {
                    flush(&mut digits, &mut cells, &mut count);
                    cells.push(if c == 'P' { 'X' } else { 'O' });
                    count += 1;
                }
                _ => return Err(GameError::new(row, format!("unknown FEN piece '{c}'"))),
            }
            if digits > width {
                return Err(GameError::new(row, "FEN rank is wider than the board"));
            }
        }
        flush(&mut digits, &mut cells, &mut count);
        if count != width {
            return Err(GameError::new(
                row,
                format!("FEN rank has {count} cells, the board {width}"),
            ));
        }
    }
    cells.push(' ');
    cells.push(side);
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tictactoe::TicTacToe;

    #[test]
    fn drops_count_ranks_from_the_bottom() {
        let start = TicTacToe::new();
        let top_left = start.parse_move("a1").expect("square");
        assert_eq!(to_drop(&start, top_left), "P@a3");
        assert_eq!(from_drop(&start, "P@a3"), Ok(top_left));
        assert_eq!(from_drop(&start, "P@b2"), start.parse_move("b2"));
        assert_eq!(from_drop(&start, "c1"), start.parse_move("c1"));
        assert!(from_drop(&start, "P@d1").is_err());
        assert!(from_drop(&start, "P@a0").is_err());
        assert!(from_drop(&start, "P@").is_err());
    }

    #[test]
    fn fens_become_grids() {
        assert_eq!(
            fen_to_grid("3/3/3[PPPPPpppp] w - - 0 1", 3, 3),
            Ok("--------- X".to_string())
        );
        assert_eq!(
            fen_to_grid("P1p/1P1/3[PPPppp] b - - 0 1", 3, 3),
            Ok("X-O-X---- O".to_string())
        );
        assert_eq!(
            fen_to_grid(
                "15/15/15/15/15/15/15/7P7/15/15/15/15/15/15/15 b - - 0 1",
                15,
                15
            )
            .map(|g| g.len()),
            Ok(227)
        );
        assert!(fen_to_grid("3/3[] w", 3, 3).is_err());
        assert!(fen_to_grid("4/3/3 w", 3, 3).is_err());
        assert!(fen_to_grid("3/3/3 x", 3, 3).is_err());
        assert!(fen_to_grid("3/3/2K w", 3, 3).is_err());
        assert!(fen_to_grid("99999999999999999999/3/3 w", 3, 3).is_err());
    }
}
