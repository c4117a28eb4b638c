//! The largest board.

/// The largest board side.
pub const MAX_SIZE: usize = 22;
/// Cells of the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
