//! The last four empties of the endgame search: the empty squares are collected once,
//! odd quadrants first, and searched without move generation or table; one empty left
//! is counted directly ([`count_last_flips`]).

use crate::game::othello::bitboard::flips;
use crate::game::othello::final_margin;

use super::last_flip::count_last_flips;
use super::{odd_quadrants, touches, Endgame, SCORE_INF};

impl Endgame<'_> {
    /// Up to four empties: collect them, odd quadrants first, and solve directly.
    pub(super) fn last_entry(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        let empty = !(player | opponent);
        if empties == 0 {
            self.visit();
            return final_margin(player, opponent);
        }
        let odd = odd_quadrants(empty);
        let mut squares = [0u8; 4];
        let mut n = 0;
        for class in [odd, empty & !odd] {
            let mut rest = class;
            while rest != 0 {
                squares[n] = rest.trailing_zeros() as u8;
                n += 1;
                rest &= rest - 1;
            }
        }
        if n == 1 {
            self.visit();
            return last_one(player, opponent, usize::from(squares[0]));
        }
        self.last(player, opponent, alpha, beta, squares, n)
    }

    /// Two to four empties listed in `squares[..n]`.
    fn last(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        squares: [u8; 4],
        n: usize,
    ) -> i32 {
        self.visit();
        let mut best = -SCORE_INF;
        for i in 0..n {
            let square = usize::from(squares[i]);
            if !touches(square, opponent) {
                continue;
            }
            let flipped = flips(square, player, opponent);
            if flipped == 0 {
                continue;
            }
            let next_player = opponent ^ flipped;
            let next_opponent = player | flipped | 1 << square;
            let score = if n == 2 {
                self.visit();
                -last_one(next_player, next_opponent, usize::from(squares[1 - i]))
            } else {
                let mut rest = squares;
                rest.copy_within(i + 1..n, i);
                -self.last(next_player, next_opponent, -beta, -alpha, rest, n - 1)
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        return score;
                    }
                }
            }
        }
        if best == -SCORE_INF {
            let opponent_can_move = squares[..n].iter().any(|&s| {
                touches(usize::from(s), player) && flips(usize::from(s), opponent, player) != 0
            });
            if !opponent_can_move {
                return final_margin(player, opponent);
            }
            return -self.last(opponent, player, -beta, -alpha, squares, n);
        }
        best
    }
}

/// The final margin with one empty square left, `player` to move.
#[inline]
fn last_one(player: u64, opponent: u64, square: usize) -> i32 {
    let own = player.count_ones() as i32;
    let flipped = count_last_flips(square, player);
    if flipped != 0 {
        return 2 * (own + flipped + 1) - 64;
    }
    let flipped = count_last_flips(square, opponent);
    if flipped != 0 {
        return 2 * (own - flipped) - 64;
    }
    let diff = 2 * own - 63;
    if diff > 0 {
        diff + 1
    } else {
        diff - 1
    }
}
