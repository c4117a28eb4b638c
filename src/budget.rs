//! What a search may spend and when it must stop: [`Limits`] (depth, nodes, time, clock),
//! [`Deadline`]s, the [`StopFlag`], the node-counting [`Control`], and the helper threads'
//! lower CPU priority.
//!
//! The bottom layer: both the generic search and the games' own exact solvers use it, so it
//! depends on neither.

pub mod control;
pub mod limits;
pub mod priority;

pub use control::Control;
pub use limits::{allot, Clock, Deadline, Limits, PonderHit, StopFlag};
