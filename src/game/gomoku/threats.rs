//! The vocabulary the threat searches share (the VCF and VCT search of `vcf.rs`, the
//! proof-number searches of `proof.rs` and `proof/dfpn.rs`): which threats the attacker
//! may use, a proven win, why a search stopped, and the node count that stops it.

use std::time::Instant;

use crate::budget::control::Control;
use crate::game::gomoku::Cell;

/// Nodes of the VCF that makes a quiet move a threat.
pub(super) const QUICK_VCF_NODES: u32 = 60;
/// Nodes of the VCT that makes a quiet move a threat (`Threats::QuietVct`): with 100,
/// 400 and 1500 that stage alone proved 21, 19 and 18 of the own set's 34 in 2 s each;
/// 150 was not measured alone.
pub(super) const QUICK_VCT_NODES: u32 = 150;

/// Which threats the attacker may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threats {
    /// Fours only.
    Fours,
    /// Fours and threes.
    FoursAndThrees,
    /// Fours, threes and quiet moves that threaten a VCF, answered within the VCF's
    /// relevance zone (`quiet.rs`); like `FoursAndThrees` in renju and in `proof.rs`.
    Quiet,
    /// As `Quiet`, and quiet moves that threaten a small VCT (when they threaten no VCF),
    /// answered within that VCT's relevance zone (`vct_zone.rs`).
    QuietVct,
}

impl Threats {
    /// Whether open threes are threats.
    pub fn threes(self) -> bool {
        self != Threats::Fours
    }
}

/// A proven win: the moves from the root and the number of plies to the five.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub pv: Vec<Cell>,
    pub plies: u32,
}

/// Why a proof search ended without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interrupted {
    /// `stop`, the clock or the engine's node limit.
    Aborted,
    /// The solver's own node budget ran out.
    Budget,
}

/// Counts one node of a threat search (VCT, proof numbers, df-pn): interrupted by `stop`
/// or the engine's limits through `control`, by the search's own node `budget`, or by its
/// `deadline`, read every 256 nodes only (a clock read costs more than a node).
pub(super) fn count_node(
    control: &mut Control,
    visited: &mut u64,
    budget: u64,
    deadline: Option<Instant>,
) -> Result<(), Interrupted> {
    *visited += 1;
    if !control.visit() {
        return Err(Interrupted::Aborted);
    }
    if *visited > budget || (*visited & 255 == 0 && deadline.is_some_and(|d| Instant::now() >= d)) {
        return Err(Interrupted::Budget);
    }
    Ok(())
}
