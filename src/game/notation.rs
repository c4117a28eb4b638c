//! Notation shared by the grid games: algebraic squares (`a1` top-left, rows counted
//! downwards) and board texts (rows of `X`/`O`/`-` then the side to move).

use crate::game::{GameError, Player};

/// Parses an algebraic square (`b2`, `h8`, `v22`) on a `width` x `height` board into the
/// index `row * width + column`.
///
/// # Errors
/// Not a square, or off the board.
pub fn parse_square(text: &str, width: usize, height: usize) -> Result<usize, GameError> {
    let bad = || GameError::new(text, format!("not a square of this {width}x{height} board"));
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return Err(bad());
    }
    let column = (letter as u8 - b'a') as usize;
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
    {
        return Err(bad());
    }
    let row: usize = digits.parse().map_err(|_| bad())?;
    if column >= width || row == 0 || row > height {
        return Err(bad());
    }
    Ok((row - 1) * width + column)
}

/// Formats square `index` of a board `width` columns wide.
pub fn format_square(index: usize, width: usize) -> String {
    let column = (b'a' + (index % width) as u8) as char;
    format!("{column}{}", index / width + 1)
}

/// Reads a side-to-move token: `X`/`B`/`1` for the first player, `O`/`W`/`2` for the second.
///
/// # Errors
/// Anything else.
pub fn parse_side(token: &str) -> Result<Player, GameError> {
    match token {
        "X" | "x" | "B" | "b" | "1" => Ok(Player::First),
        "O" | "o" | "W" | "w" | "2" => Ok(Player::Second),
        _ => Err(GameError::new(token, "side to move must be X or O")),
    }
}

/// The side-to-move letter.
pub fn side_char(player: Player) -> char {
    match player {
        Player::First => 'X',
        Player::Second => 'O',
    }
}

/// Parses a board text: `width * height` cells row by row (`X` first player, `O` second,
/// `-` or `.` empty; `/` between rows allowed), whitespace, then the side to move.
///
/// # Errors
/// Wrong cell count, an unknown cell character, or a missing/bad side.
pub fn parse_grid(
    text: &str,
    width: usize,
    height: usize,
) -> Result<(Vec<Option<Player>>, Player), GameError> {
    let mut tokens = text.split_whitespace();
    let board = tokens
        .next()
        .ok_or_else(|| GameError::new("", "missing board text"))?;
    let side = tokens
        .next()
        .ok_or_else(|| GameError::new(board, "missing side to move after the board"))?;
    if let Some(extra) = tokens.next() {
        return Err(GameError::new(
            extra,
            "unexpected text after the side to move",
        ));
    }
    let mut cells = Vec::with_capacity(width * height);
    for c in board.chars().filter(|&c| c != '/') {
        cells.push(match c {
            'X' | 'x' | 'B' | 'b' | '*' => Some(Player::First),
            'O' | 'o' | 'W' | 'w' => Some(Player::Second),
            '-' | '.' | '_' => None,
            _ => {
                return Err(GameError::new(
                    board,
                    format!("unknown cell character '{c}'"),
                ))
            }
        });
    }
    if cells.len() != width * height {
        return Err(GameError::new(
            board,
            format!("expected {} cells, found {}", width * height, cells.len()),
        ));
    }
    Ok((cells, parse_side(side)?))
}

/// Formats a board text that [`parse_grid`] reads back.
pub fn format_grid(cells: impl Iterator<Item = Option<Player>>, side: Player) -> String {
    let mut text: String = cells.map(cell_char).collect();
    text.push(' ');
    text.push(side_char(side));
    text
}

fn cell_char(cell: Option<Player>) -> char {
    match cell {
        Some(Player::First) => 'X',
        Some(Player::Second) => 'O',
        None => '-',
    }
}

/// An ASCII diagram with column letters and row numbers, for `showboard`.
pub fn diagram(cells: &[Option<Player>], width: usize) -> String {
    let letters: String = (0..width)
        .map(|c| format!(" {}", (b'a' + c as u8) as char))
        .collect();
    let mut out = format!("   {letters}");
    for (row, chunk) in cells.chunks(width).enumerate() {
        out.push_str(&format!("\n{:>2} ", row + 1));
        for &cell in chunk {
            out.push(' ');
            out.push(cell_char(cell));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for (width, height) in [(3, 3), (8, 8), (15, 15), (22, 22)] {
            for index in 0..width * height {
                let text = format_square(index, width);
                assert_eq!(parse_square(&text, width, height), Ok(index), "{text}");
            }
        }
        assert_eq!(parse_square("h8", 15, 15), Ok(7 * 15 + 7));
        assert_eq!(parse_square("B2", 3, 3), Ok(4));
    }

    #[test]
    fn bad_squares_are_rejected() {
        for text in [
            "", "a", "1", "a0", "a01", "d1", "a4", "aa", "a1x", "é1", "a999",
        ] {
            assert!(parse_square(text, 3, 3).is_err(), "{text}");
        }
    }

    #[test]
    fn grids_round_trip() {
        let (cells, side) = parse_grid("XO-/-X-/--O O", 3, 3).expect("valid");
        assert_eq!(side, Player::Second);
        assert_eq!(format_grid(cells.into_iter(), side), "XO--X---O O");
        assert!(parse_grid("XO-", 3, 3).is_err());
        assert!(parse_grid("XO-------", 3, 3).is_err());
        assert!(parse_grid("XO------Z X", 3, 3).is_err());
        assert!(parse_grid("XO------- X extra", 3, 3).is_err());
    }
}
