//! Othello mid-game evaluation, from the side to move's point of view, in centi-discs:
//! `Style full` is the learned pattern evaluation ([`learned`]); `Style classic` is the
//! hand-set linear sum of features with one weight set per game phase defined here.
//!
//! The split into [`Features`] (what the position shows) and [`Weights`] (how much each
//! feature is worth in a phase) is where learned weights plug in: a trained model (for
//! example pattern tables per phase) replaces [`PHASE_WEIGHTS`] or adds table lookups to
//! [`features`] without touching the search. Knows nothing about searching.

use crate::game::othello::bitboard::{edge_anchored, legal_moves, neighbours, CORNERS};
use crate::game::othello::{learned, Othello, Style};
use crate::game::{Game, Player, EVAL_LIMIT};

/// The X squares b2, g2, b7, g7, each diagonal to a corner.
const X_SQUARES: u64 = 1 << 9 | 1 << 14 | 1 << 49 | 1 << 54;
/// Edge squares that are neither corners nor C squares (c1-f1, a3-a6, ...).
const SAFE_EDGES: u64 = 0x3C00_8181_8181_003C;
/// The C squares next to each corner, in corner order a1, h1, a8, h8.
const C_SQUARES: [u64; 4] = [
    1 << 1 | 1 << 8,
    1 << 6 | 1 << 15,
    1 << 48 | 1 << 57,
    1 << 55 | 1 << 62,
];
const CORNER_SQUARES: [u32; 4] = [0, 7, 56, 63];

/// The measured features, each as (side to move) minus (opponent) unless noted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub mobility: i32,
    /// Empty squares next to the opponent's discs minus those next to ours.
    pub potential_mobility: i32,
    pub corners: i32,
    /// Discs on X squares of an empty corner: the opponent's minus ours.
    pub x_squares: i32,
    /// Discs on C squares of an empty corner: the opponent's minus ours.
    pub c_squares: i32,
    pub edges: i32,
    /// Edge discs anchored to an own corner (a cheap subset of the stable discs).
    pub stable: i32,
    /// +1 when the side to move will play the last move of the region (odd empties), else -1.
    pub parity: i32,
    pub discs: i32,
}

/// Hand-set weights of one phase, in centi-discs per unit of feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    pub mobility: i32,
    pub potential_mobility: i32,
    pub corners: i32,
    pub x_squares: i32,
    pub c_squares: i32,
    pub edges: i32,
    pub stable: i32,
    pub parity: i32,
    pub discs: i32,
}

/// Weights for the phases by disc count: up to 20, 21-36, 37-50, 51 and more.
pub const PHASE_WEIGHTS: [Weights; 4] = [
    Weights {
        mobility: 70,
        potential_mobility: 30,
        corners: 800,
        x_squares: 300,
        c_squares: 100,
        edges: 10,
        stable: 80,
        parity: 0,
        discs: -10,
    },
    Weights {
        mobility: 70,
        potential_mobility: 25,
        corners: 800,
        x_squares: 250,
        c_squares: 80,
        edges: 20,
        stable: 100,
        parity: 40,
        discs: 0,
    },
    Weights {
        mobility: 60,
        potential_mobility: 15,
        corners: 700,
        x_squares: 200,
        c_squares: 60,
        edges: 30,
        stable: 120,
        parity: 120,
        discs: 20,
    },
    Weights {
        mobility: 40,
        potential_mobility: 5,
        corners: 500,
        x_squares: 100,
        c_squares: 30,
        edges: 30,
        stable: 150,
        parity: 200,
        discs: 60,
    },
];

/// The phase index into [`PHASE_WEIGHTS`] for `discs` discs on the board.
#[inline]
pub fn phase(discs: u32) -> usize {
    match discs {
        0..=20 => 0,
        21..=36 => 1,
        37..=50 => 2,
        _ => 3,
    }
}

/// Measures every feature of `position`.
#[inline]
pub fn features(position: &Othello) -> Features {
    let (player, opponent) = (position.player(), position.opponent());
    let empty = !(player | opponent);
    let opponent_moves = legal_moves(opponent, player);

    let mut c_mask = 0;
    for (i, &corner) in CORNER_SQUARES.iter().enumerate() {
        let corner_empty = (empty >> corner & 1).wrapping_neg();
        c_mask |= C_SQUARES[i] & corner_empty;
    }
    let x_mask = X_SQUARES
        & (((empty & 1) << 9)
            | ((empty & 1 << 7) << 7)
            | ((empty & 1 << 56) >> 7)
            | ((empty & 1 << 63) >> 9));

    let stable =
        edge_anchored(player).count_ones() as i32 - edge_anchored(opponent).count_ones() as i32;
    let count = |bits: u64| bits.count_ones() as i32;
    Features {
        mobility: count(position.move_mask()) - count(opponent_moves),
        potential_mobility: count(neighbours(opponent) & empty) - count(neighbours(player) & empty),
        corners: count(player & CORNERS) - count(opponent & CORNERS),
        x_squares: count(opponent & x_mask) - count(player & x_mask),
        c_squares: count(opponent & c_mask) - count(player & c_mask),
        edges: count(player & SAFE_EDGES) - count(opponent & SAFE_EDGES),
        stable,
        parity: if empty.count_ones() % 2 == 1 { 1 } else { -1 },
        discs: count(player) - count(opponent),
    }
}

/// The weighted sum of `features` under `weights`.
#[inline]
pub fn weighted(features: &Features, weights: &Weights) -> i32 {
    features.mobility * weights.mobility
        + features.potential_mobility * weights.potential_mobility
        + features.corners * weights.corners
        + features.x_squares * weights.x_squares
        + features.c_squares * weights.c_squares
        + features.edges * weights.edges
        + features.stable * weights.stable
        + features.parity * weights.parity
        + features.discs * weights.discs
}

/// The value of `position` for the side to move under `style`, within `±EVAL_LIMIT`.
#[inline]
pub fn evaluate(position: &Othello, style: Style) -> i32 {
    let (player, opponent) = (position.player(), position.opponent());
    let value = match style {
        Style::Baseline => 100 * (player.count_ones() as i32 - opponent.count_ones() as i32),
        Style::Mobility => {
            100 * (position.move_mask().count_ones() as i32
                - legal_moves(opponent, player).count_ones() as i32)
        }
        Style::Full => learned::embedded_tables().evaluate(
            position.pattern_indices(),
            position.side_to_move() == Player::First,
            player,
            opponent,
            position.move_mask(),
        ),
        Style::Classic => {
            let weights = &PHASE_WEIGHTS[phase((player | opponent).count_ones())];
            weighted(&features(position), weights)
        }
    };
    value.clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1)
}
