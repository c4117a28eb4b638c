//! `bench`: every game's fixed positions searched to fixed depths with fresh tables.
//! The total node count is deterministic for a build: it is the build's signature.

use std::time::{Duration, Instant};

use crate::game::Evaluate;
use crate::registry::{self, Registered};
use crate::search::{self, Tables};

/// Transposition table size used by `bench`, fixed so the node count does not depend on options.
const BENCH_HASH_MIB: usize = 16;

/// Totals of a bench run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BenchReport {
    pub positions: usize,
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        (u128::from(self.nodes) * 1_000_000 / self.elapsed.as_micros().max(1)) as u64
    }
}

/// Runs the bench of every registered game.
///
/// # Errors
/// A bench position that does not parse, or a table that cannot be allocated.
pub fn run_all() -> Result<BenchReport, String> {
    let mut report = BenchReport::default();
    registry::for_each_game!(G => bench_game::<G>(&mut report)?);
    Ok(report)
}

/// Adds the bench of game `G` to `report`.
///
/// # Errors
/// A bench position that does not parse, or a table that cannot be allocated.
pub fn bench_game<G: Registered>(report: &mut BenchReport) -> Result<(), String> {
    let start = G::new_game(&[]).map_err(|e| e.to_string())?;
    let params = <G as Evaluate>::Params::default();
    for &(text, depth) in G::bench_positions() {
        let position = if text == "startpos" {
            start.clone()
        } else {
            start
                .parse_position(text)
                .map_err(|e| format!("{} bench position {text}: {e}", G::NAME))?
        };
        let mut tables = Tables::try_new(BENCH_HASH_MIB)
            .map_err(|_| "cannot allocate the bench hash table".to_string())?;
        let mut solver = <G as search::Solve>::Solver::default();
        let started = Instant::now();
        let result = search::search_to_depth(&position, &params, depth, &mut tables, &mut solver);
        report.elapsed += started.elapsed();
        report.positions += 1;
        if let Some(result) = result {
            log::debug!(
                "bench {} {text} depth {depth}: {} nodes",
                G::NAME,
                result.nodes
            );
            report.nodes += result.nodes;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::connect_four::ConnectFour;
    use crate::game::othello::Othello;
    use crate::game::tictactoe::TicTacToe;

    fn nodes<G: Registered>() -> u64 {
        let mut report = BenchReport::default();
        bench_game::<G>(&mut report).expect("the bench positions parse");
        report.nodes
    }

    /// The node counts of the other games' bench positions without the main search's
    /// defence extension (`Evaluate::defence_extension`, Gomoku's): the hook's default
    /// must leave their searches exactly as they are without it.
    #[test]
    fn the_other_games_search_as_before_the_defence_extension() {
        assert_eq!(nodes::<TicTacToe>(), 5_927 + 2_446 + 1_232);
        assert_eq!(nodes::<ConnectFour>(), 78_704 + 92_049 + 63);
        assert_eq!(nodes::<Othello>(), 64_086 + 507_309 + 82_497);
    }
}
