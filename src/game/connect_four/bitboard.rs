//! Connect Four bitboards: board geometry and the shift arithmetic shared by the rules,
//! the evaluation and the solver. No per-square loops in anything called per node.
//!
//! Layout (column-major, one sentinel bit above every column):
//! ```text
//!   bit = column * (rows + 1) + row      row 0 = bottom, row `rows` = sentinel (always 0)
//! ```
//! A position is `current` (discs of the side to move) and `mask` (all discs). Dropping a
//! disc in a column is `mask + bottom_cell(column)`; the sentinel row stops carries and
//! shifts from crossing into the next column.

/// A board shape with its precomputed masks. `(rows + 1) * cols <= 64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub cols: u32,
    pub rows: u32,
    /// Bits per column, sentinel included: `rows + 1`.
    pub height: u32,
    /// The bottom cell of every column.
    pub bottom: u64,
    /// Every playable cell (sentinels excluded).
    pub board: u64,
}

impl Shape {
    /// The standard 7 columns x 6 rows board.
    pub const STANDARD: Shape = Shape::new(7, 6);

    /// A shape; the caller checks `(rows + 1) * cols <= 64` and sizes of at least 1.
    pub const fn new(cols: u32, rows: u32) -> Shape {
        let height = rows + 1;
        let mut bottom = 0u64;
        let mut column = 0;
        while column < cols {
            bottom |= 1 << (column * height);
            column += 1;
        }
        let column_bits = (1u64 << rows) - 1;
        Shape {
            cols,
            rows,
            height,
            bottom,
            board: bottom * column_bits,
        }
    }

    /// Number of cells.
    #[inline(always)]
    pub const fn cells(self) -> u32 {
        self.cols * self.rows
    }

    /// The cells of `column`.
    #[inline(always)]
    pub const fn column_mask(self, column: u32) -> u64 {
        ((1u64 << self.rows) - 1) << (column * self.height)
    }

    /// The lowest cell of `column`.
    #[inline(always)]
    pub const fn bottom_cell(self, column: u32) -> u64 {
        1u64 << (column * self.height)
    }

    /// The highest cell of `column`.
    #[inline(always)]
    pub const fn top_cell(self, column: u32) -> u64 {
        1u64 << (self.rows - 1 + column * self.height)
    }

    /// The bit of `column`, `row` (row 0 = bottom).
    #[inline(always)]
    pub const fn cell(self, column: u32, row: u32) -> u64 {
        1u64 << (column * self.height + row)
    }

    /// The cells where a disc can be dropped now (one per column that is not full).
    #[inline(always)]
    pub const fn playable(self, mask: u64) -> u64 {
        (mask + self.bottom) & self.board
    }

    /// The cells of rows 1, 3, 5, ... counted from the bottom (bit rows 0, 2, 4, ...):
    /// where the first player's threats count in the parity rule.
    pub const fn odd_rows(self) -> u64 {
        let mut rows = 0u64;
        let mut row = 0;
        while row < self.rows {
            rows |= self.bottom << row;
            row += 2;
        }
        rows
    }

    /// Columns ordered from the centre outwards, left before right on equal distance.
    pub fn centre_order(self) -> impl Iterator<Item = u32> {
        let cols = self.cols;
        (0..cols).map(move |i| {
            if cols % 2 == 1 {
                let middle = cols / 2;
                match i {
                    0 => middle,
                    _ if i % 2 == 1 => middle - i.div_ceil(2),
                    _ => middle + i / 2,
                }
            } else if i % 2 == 0 {
                cols / 2 - 1 - i / 2
            } else {
                cols / 2 + i / 2
            }
        })
    }

    /// The board mirrored left to right (for symmetry).
    #[inline(always)]
    pub fn mirror(self, bits: u64) -> u64 {
        let column_bits = (1u64 << self.height) - 1;
        let mut out = 0;
        let mut column = 0;
        while column < self.cols {
            let taken = (bits >> (column * self.height)) & column_bits;
            out |= taken << ((self.cols - 1 - column) * self.height);
            column += 1;
        }
        out
    }
}

/// Whether `discs` holds four in a row in any direction.
#[inline(always)]
pub fn has_four(shape: Shape, discs: u64) -> bool {
    let h = shape.height;
    for step in [1, h, h - 1, h + 1] {
        let pairs = discs & (discs >> step);
        if pairs & (pairs >> (2 * step)) != 0 {
            return true;
        }
    }
    false
}

/// The empty cells (playable now or later) where `discs` would complete four in a row.
#[inline(always)]
pub fn winning_cells(shape: Shape, discs: u64, mask: u64) -> u64 {
    let h = shape.height;
    // Vertical: only the cell above three stacked discs.
    let mut cells = (discs << 1) & (discs << 2) & (discs << 3);
    for step in [h, h - 1, h + 1] {
        // A cell with two discs on one side and one or three on the other.
        let up2 = (discs << step) & (discs << (2 * step));
        cells |= up2 & (discs << (3 * step));
        cells |= up2 & (discs >> step);
        let down2 = (discs >> step) & (discs >> (2 * step));
        cells |= down2 & (discs << step);
        cells |= down2 & (discs >> (3 * step));
    }
    cells & (shape.board ^ mask)
}

/// The uniquely identifying key of a position: `current + mask` (side to move implied by
/// the disc count). Fits in `(rows + 1) * cols` bits.
#[inline(always)]
pub const fn position_key(current: u64, mask: u64) -> u64 {
    current + mask
}

/// Counts, bit-parallel, the segments of four cells along `step` that start at each bit:
/// returns the start bits of segments whose four cells are all inside `allowed` and hold
/// exactly (`one`, `two`, `three`) of `discs`.
#[inline(always)]
pub fn segment_counts(discs: u64, allowed: u64, step: u32) -> (u64, u64, u64) {
    let a = discs;
    let b = discs >> step;
    let c = discs >> (2 * step);
    let d = discs >> (3 * step);
    let open = allowed & (allowed >> step) & (allowed >> (2 * step)) & (allowed >> (3 * step));
    // Bit-sliced sum of four one-bit numbers: (high, middle, low) bits of a+b+c+d.
    let low_ab = a ^ b;
    let carry_ab = a & b;
    let low_cd = c ^ d;
    let carry_cd = c & d;
    let low = low_ab ^ low_cd;
    let carry_low = low_ab & low_cd;
    let middle = carry_ab ^ carry_cd ^ carry_low;
    let high = (carry_ab & carry_cd) | ((carry_ab ^ carry_cd) & carry_low);
    let one = open & low & !middle & !high;
    let two = open & !low & middle & !high;
    let three = open & low & middle & !high;
    (one, two, three)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_masks() {
        let shape = Shape::STANDARD;
        assert_eq!(shape.bottom.count_ones(), 7);
        assert_eq!(shape.board.count_ones(), 42);
        assert_eq!(shape.board & (shape.board >> 6) & shape.bottom, 0);
        assert_eq!(shape.odd_rows().count_ones(), 21);
        let order: Vec<u32> = shape.centre_order().collect();
        assert_eq!(order, [3, 2, 4, 1, 5, 0, 6]);
        let even: Vec<u32> = Shape::new(6, 5).centre_order().collect();
        assert_eq!(even, [2, 3, 1, 4, 0, 5]);
    }

    #[test]
    fn mirror_swaps_columns() {
        let shape = Shape::STANDARD;
        let left = shape.cell(0, 0) | shape.cell(1, 3);
        let right = shape.cell(6, 0) | shape.cell(5, 3);
        assert_eq!(shape.mirror(left), right);
        assert_eq!(shape.mirror(shape.mirror(left)), left);
    }

    #[test]
    fn segments_count_discs() {
        let shape = Shape::STANDARD;
        // Discs in columns 0, 2 and 3 of the bottom row: the horizontal segments starting
        // at columns 0, 1, 2 and 3 hold three, two, two and one of them.
        let discs = shape.cell(0, 0) | shape.cell(2, 0) | shape.cell(3, 0);
        let (one, two, three) = segment_counts(discs, shape.board, shape.height);
        assert_eq!(three & shape.bottom, shape.cell(0, 0));
        assert_eq!(two & shape.bottom, shape.cell(1, 0) | shape.cell(2, 0));
        assert_eq!(one & shape.bottom, shape.cell(3, 0));
    }
}
