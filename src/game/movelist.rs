//! A fixed-capacity list of moves that lives on the stack: no heap allocation per node.

/// The most moves any position of any arbor game can have (Gomoku 22x22 has 484 cells).
pub const MOVELIST_CAPACITY: usize = 512;

/// The move list every game fills in `legal_moves`.
pub type MoveList<M> = arrayvec::ArrayVec<M, MOVELIST_CAPACITY>;
