//! Training the learned Othello pattern evaluation from arbor's own games: [`gen`] plays
//! and labels positions (exact solves near the end), [`fit`] labels the rest by searching
//! with the stages already trained and fits the pattern weights stage by stage.

pub mod data;
pub mod fit;
pub mod gen;

#[cfg(test)]
mod tests;
