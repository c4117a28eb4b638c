//! arbor: a headless game-tree engine for two-player, zero-sum, perfect-information board
//! games.
//!
//! Layers, each depending only on those before it: [`budget`] (limits, deadlines, the stop
//! flag and node control) ← [`game`] (rules, notation, evaluation, score units and the hook for
//! a game's own exact solver) ← [`search`] (generic iterative-deepening alpha-beta) ←
//! [`registry`] (the list of games) ← [`engine`] (the search worker thread) ← [`protocol`] (the text protocol) ← `main`.
//! [`rng`], the seeded random number generator, depends on nothing.

pub mod bench;
pub mod budget;
pub mod cli;
pub mod engine;
pub mod frontend;
pub mod game;
pub mod memory;
pub mod options;
pub mod protocol;
pub mod registry;
pub mod rng;
pub mod search;

#[cfg(test)]
mod testdata;
