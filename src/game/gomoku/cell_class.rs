//! What a stone on a cell makes for one player, over all four lines: the cell classes,
//! from forbidden to five, that the board counts for each player.

/// Renju, Black: the move is forbidden (overline, double four, double three).
pub const FORBIDDEN: u8 = 0;
pub const LOW: u8 = 1;
pub const OPEN_TWO: u8 = 2;
pub const DOUBLE_TWO: u8 = 3;
pub const THREE: u8 = 4;
pub const OPEN_THREE: u8 = 5;
/// Two or more open threes (renju Black: forbidden unless one is not a real three,
/// which the board decides by the recursive rule; a four may come with them).
pub const DOUBLE_THREE: u8 = 6;
pub const FOUR: u8 = 7;
pub const FOUR_THREE: u8 = 8;
/// An open four or two fours: wins unless the opponent has a five first.
pub const OPEN_FOUR: u8 = 9;
pub const FIVE: u8 = 10;
pub const COUNT: usize = 11;

/// The count of each cell class for each player, as the board keeps them: what the threat
/// mask (`threat_mask.rs`) reads.
pub trait ClassCounts {
    /// How many empty cells are of `class` for `player` (0 Black, 1 White).
    fn class_count(&self, player: usize, class: u8) -> u16;
}
