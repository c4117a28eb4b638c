//! arbor: a headless game-tree engine for two-player, zero-sum, perfect-information board
//! games.
//!
//! Layers, each depending only on those before it: [`game`] (rules, notation, evaluation)
//! ← [`search`] (generic iterative-deepening alpha-beta) ← [`registry`] (the list of games)
//! ← [`engine`] (the search worker thread) ← [`protocol`] (the text protocol) ← `main`.

pub mod bench;
pub mod cli;
pub mod engine;
pub mod frontend;
pub mod game;
pub mod protocol;
pub mod registry;
pub mod search;
