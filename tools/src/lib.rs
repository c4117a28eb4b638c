//! arbor's developer programs (the binaries of this crate) and what they share: the
//! evaluation trainers (`othello-train`, `gomoku-train`, `gomoku-threat-mask`,
//! `connect4-fallback`), the Connect Four opening-book generator (`connect4-book`) and
//! diagnostics (`gomoku-prove`, `connect4-movecheck`). They use the `arbor` library as any
//! program would; nothing here is part of the engine.
//!
//! Build them with `cargo build --release -p arbor-tools`; each prints its usage when
//! run without arguments or with unknown ones.

pub mod flags;
pub mod kept;
pub mod logistic;
pub mod othello_train;
