//! Training positions from self-play: a few random opening moves, then a noisy shallow
//! search with the hand-set evaluation (so the games stay diverse but plausible). Every
//! position with at most `exact_empties` empties is labelled with its exact final margin
//! by arbor's own endgame solver; earlier positions are written unlabelled, to be
//! labelled later by searches with the stages already trained (see [`super::fit`]).

use std::io::{self, Write};

use crate::othello_train::data::{Sample, UNLABELED};
use arbor::budget::control::Control;
use arbor::budget::limits::StopFlag;
use arbor::game::othello::bitboard::{flips, legal_moves};
use arbor::game::othello::shallow::{negamax, Leaf};
use arbor::game::othello::solver::EndgameSolver;
use arbor::game::othello::{eval, Othello, Style};
use arbor::game::Player;
use arbor::rng::SplitMix64;

/// How the games are played and labelled.
#[derive(Clone, Copy, Debug)]
pub struct GenConfig {
    pub games: u64,
    pub seed: u64,
    /// Positions with at most this many empties get exact labels.
    pub exact_empties: u32,
    /// Random opening moves per game: uniform in this range (inclusive).
    pub random_plies: (u32, u32),
    /// Per cent of later moves chosen at random.
    pub random_percent: u32,
    /// Depth of the move-choosing search.
    pub depth: u32,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            games: 1000,
            seed: 1,
            exact_empties: 20,
            random_plies: (4, 14),
            random_percent: 8,
            depth: 2,
        }
    }
}

/// Counts of what was written.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenStats {
    pub games: u64,
    pub labelled: u64,
    pub unlabelled: u64,
}

/// Plays `config.games` games and writes their positions to `out` (flushed after every
/// game, so a stopped run leaves whole games). `progress` hears about every game.
pub fn generate(
    config: &GenConfig,
    out: &mut impl Write,
    mut progress: impl FnMut(&GenStats),
) -> io::Result<GenStats> {
    let mut rng = SplitMix64::new(config.seed);
    let mut solver = EndgameSolver::default();
    let mut stats = GenStats::default();
    for _ in 0..config.games {
        let (lo, hi) = config.random_plies;
        let random_plies = lo + rng.below(hi.saturating_sub(lo) + 1);
        let (mut player, mut opponent) = {
            let start = Othello::new();
            (start.player(), start.opponent())
        };
        let mut ply = 0;
        loop {
            let moves = legal_moves(player, opponent);
            if moves == 0 {
                if legal_moves(opponent, player) == 0 {
                    break;
                }
                (player, opponent) = (opponent, player);
                continue;
            }
            let empties = 64 - (player | opponent).count_ones();
            let label = if empties <= config.exact_empties {
                let position = Othello::from_discs(player, opponent, Player::First);
                let mut control = Control::new(StopFlag::new(), None, None);
                match solver.solve_exact(&position, &mut control) {
                    Some(exact) => exact.margin as i8,
                    None => UNLABELED,
                }
            } else {
                UNLABELED
            };
            if ply >= random_plies {
                Sample {
                    player,
                    opponent,
                    label,
                }
                .write(out)?;
                if label == UNLABELED {
                    stats.unlabelled += 1;
                } else {
                    stats.labelled += 1;
                }
            }
            let square = if ply < random_plies || rng.below(100) < config.random_percent {
                rng.pick_bit(moves)
            } else {
                choose(player, opponent, moves, config.depth, &mut rng)
            };
            let flipped = flips(usize::from(square), player, opponent);
            (player, opponent) = (opponent ^ flipped, player | flipped | 1 << square);
            ply += 1;
        }
        out.flush()?;
        stats.games += 1;
        progress(&stats);
    }
    Ok(stats)
}

/// The best move by a `depth`-ply search with the hand-set evaluation, with a little noise
/// on the root scores so that equal-looking moves vary between games.
fn choose(player: u64, opponent: u64, moves: u64, depth: u32, rng: &mut SplitMix64) -> u8 {
    let mut best = (i32::MIN, moves.trailing_zeros() as u8);
    let mut rest = moves;
    while rest != 0 {
        let square = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        let flipped = flips(usize::from(square), player, opponent);
        let (p, o) = (opponent ^ flipped, player | flipped | 1 << square);
        let noise = rng.below(61) as i32 - 30;
        let score = -negamax(&Classic, p, o, depth.saturating_sub(1), -30_000, 30_000) + noise;
        if score > best.0 {
            best = (score, square);
        }
    }
    best.1
}

/// The hand-set evaluation at the leaves of the move-choosing search; a side that must
/// pass is scored as it stands (as the games in the README's data were made).
struct Classic;

impl Leaf for Classic {
    const SCORES_PASSES: bool = true;

    fn value(&self, player: u64, opponent: u64, _moves: u64) -> i32 {
        eval::evaluate(
            &Othello::from_discs(player, opponent, Player::First),
            Style::Classic,
        )
    }
}
