//! The exact endgame search on the final disc margin: fail-soft PVS / null-window alpha-beta
//! over raw bitboards with fastest-first (opponent mobility) and parity ordering, a
//! transposition table, stability cutoffs, and special code for the last four empties.
//!
//! Scores are final margins for the side to move (empties to the winner), in `-64..=64`.
//! Depends only on the Othello bitboards and the search's node [`Control`].

use arrayvec::ArrayVec;

use crate::budget::control::Control;
use crate::game::othello::bitboard::{flips, legal_moves, neighbours, stable_discs, CORNERS};
use crate::game::othello::{final_margin, learned};

/// Nodes with at least this many empties add the learned evaluation of each move to its
/// ordering key; with [`EVAL_DEPTH1_EMPTIES`] and [`EVAL_DEPTH2_EMPTIES`] a 1- or 2-ply
/// search of it. Measured on FFO #40-#44 with the shipped weights: 288 M nodes with
/// fastest-first only; 171 M with evaluation from 14 empties, 1 ply from 16, 2 plies from
/// 20; 165 M with 2 plies from 18 (lower thresholds save nodes but cost more time).
const EVAL_ORDER_EMPTIES: u32 = 14;
const EVAL_DEPTH1_EMPTIES: u32 = 16;
const EVAL_DEPTH2_EMPTIES: u32 = 18;
/// Centi-discs of evaluation per unit of the ordering key (a reply's mobility is 16).
const EVAL_ORDER_SCALE: i32 = 25;
use crate::game::othello::table::Table;

mod last;
mod last_flip;

/// Beyond every margin.
pub const SCORE_INF: i32 = 127;

/// Nodes with more empties than this use the table and mobility ordering; below, the
/// cheaper parity-ordered search without move generation. At 7 empties most nodes are
/// cut by their first move, so ordering them costs more than it saves: FFO #40-#44 take
/// 24% more nodes with 7 than with 6 but 9% less user CPU (7.75 vs 8.76 s, medians of 3
/// alternating runs, load 3.1-3.4); 8 was slower again (8.05 s with 237.9 M nodes).
const SHALLOW_EMPTIES: u32 = 7;
/// The table is used only with at least this many empties.
const TABLE_EMPTIES: u32 = 8;

/// Nodes with at least this many empties look for enhanced transposition cutoffs.
const ETC_EMPTIES: u32 = 10;

/// The four quadrants, for parity ordering.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Squares tried first within a parity class: all but the X and C squares.
const GOOD_SQUARES: u64 = !(0x42C3_0000_0000_C342);

/// The up to eight squares next to each square: a move is legal only next to an
/// opponent disc, a test much cheaper than finding the flips.
static ADJACENT: [u64; 64] = make_adjacent();

const fn make_adjacent() -> [u64; 64] {
    let mut masks = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (c, r) = ((square % 8) as i32, (square / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (dc, dr) = (other % 8 - c, other / 8 - r);
            if other != square as i32 && dc * dc <= 1 && dr * dr <= 1 {
                masks[square] |= 1u64 << other;
            }
            other += 1;
        }
        square += 1;
    }
    masks
}

/// Whether a move on `square` can flip anything of `opponent`'s (necessary, not sufficient).
#[inline(always)]
fn touches(square: usize, opponent: u64) -> bool {
    ADJACENT[square] & opponent != 0
}

/// Empty squares that lie in a quadrant with an odd number of empties.
#[inline]
fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for quadrant in QUADRANTS {
        if (empty & quadrant).count_ones() & 1 != 0 {
            odd |= quadrant;
        }
    }
    odd & empty
}

/// A move of a deep node with what ordering needs.
#[derive(Clone, Copy)]
struct Candidate {
    square: u8,
    flipped: u64,
    /// The opponent's legal moves after it.
    replies: u64,
    key: i32,
}

/// One solve's working state.
pub struct Endgame<'a> {
    pub table: &'a Table,
    pub control: &'a mut Control,
    /// Nodes counted here; every 1024 they are added to `control`, which may abort.
    pub nodes: u64,
    pub aborted: bool,
}

impl<'a> Endgame<'a> {
    /// A search over `table` counting into `control`.
    pub fn new(table: &'a Table, control: &'a mut Control) -> Self {
        Endgame {
            table,
            control,
            nodes: 0,
            aborted: false,
        }
    }

    #[inline(always)]
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && !self.control.add_nodes(1024) {
            self.aborted = true;
        }
    }

    /// Adds the nodes not yet reported to `control` (call once at the end).
    pub fn flush(&mut self) {
        self.control.add_nodes(self.nodes & 1023);
        self.nodes &= !1023;
    }

    /// The exact margin for `player` (to move) if it lies in (`alpha`, `beta`); otherwise
    /// a bound on the same side (fail-soft). Meaningless once `aborted` is set.
    #[inline]
    pub fn solve(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32) -> i32 {
        let empties = 64 - (player | opponent).count_ones();
        self.node(player, opponent, alpha, beta, empties)
    }

    #[inline]
    fn node(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties > SHALLOW_EMPTIES {
            let moves = legal_moves(player, opponent);
            self.deep(player, opponent, moves, alpha, beta, empties)
        } else if empties > 4 {
            self.shallow(player, opponent, alpha, beta, empties)
        } else {
            self.last_entry(player, opponent, alpha, beta, empties)
        }
    }

    /// Orders the moves of a deep node: fewest replies
    /// (corners counted twice), then odd quadrants.
    fn candidates(
        &self,
        player: u64,
        opponent: u64,
        moves: u64,
        empties: u32,
        out: &mut ArrayVec<Candidate, 64>,
    ) {
        let evaluated = empties >= EVAL_ORDER_EMPTIES;
        let weights = learned::embedded();
        let odd = odd_quadrants(!(player | opponent));
        let mut rest = moves;
        while rest != 0 {
            let square = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let bit = 1u64 << square;
            let flipped = flips(usize::from(square), player, opponent);
            let replies = legal_moves(opponent ^ flipped, player | flipped | bit);
            let mobility = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
            let own = player | flipped | bit;
            let potential = (neighbours(own) & !(own | opponent)).count_ones() as i32;
            let mut key = mobility * 16 + potential * 4
                - if odd & bit != 0 { 2 } else { 0 }
                - if bit & CORNERS != 0 { 8 } else { 0 };
            if evaluated {
                // High in the tree a wrong first move costs the most: a shallow search
                // with the learned evaluation (the opponent's view) joins the key.
                let depth = u32::from(empties >= EVAL_DEPTH1_EMPTIES)
                    + u32::from(empties >= EVAL_DEPTH2_EMPTIES);
                key += weights.search(opponent ^ flipped, own, depth, -30_000, 30_000)
                    / EVAL_ORDER_SCALE;
            }
            out.push(Candidate {
                square,
                flipped,
                replies,
                key,
            });
        }
        // Insertion sort: the lists are short.
        for i in 1..out.len() {
            let mut j = i;
            while j > 0 && out[j - 1].key > out[j].key {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// A node with the table and ordered moves; `moves` is `player`'s legal-move mask.
    fn deep(
        &mut self,
        player: u64,
        opponent: u64,
        moves: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        self.visit();
        if self.aborted {
            return 0;
        }
        if moves == 0 {
            let replies = legal_moves(opponent, player);
            if replies == 0 {
                return final_margin(player, opponent);
            }
            return -self.deep(opponent, player, replies, -beta, -alpha, empties);
        }
        // Stability cutoff: the opponent's stable discs cap what we can reach.
        if alpha >= 64 - 2 * opponent.count_ones() as i32 {
            let most = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
            if most <= alpha {
                return most;
            }
            beta = beta.min(most);
        }
        let mut table_move = 64;
        if empties >= TABLE_EMPTIES {
            if let Some(hit) = self.table.probe(player, opponent) {
                if hit.lower >= beta {
                    return hit.lower;
                }
                if hit.upper <= alpha {
                    return hit.upper;
                }
                alpha = alpha.max(hit.lower - 1).min(beta - 1);
                beta = beta.min(hit.upper + 1).max(alpha + 1);
                if hit.lower == hit.upper {
                    return hit.lower;
                }
                table_move = hit.best;
            }
        }
        let (alpha_start, beta_start) = (alpha, beta);
        let mut best = -SCORE_INF;
        let mut best_square = 64;
        let mut rest = moves;
        if table_move < 64 && moves >> table_move & 1 != 0 {
            // The table's move first, before generating the others: it often cuts.
            let bit = 1u64 << table_move;
            let flipped = flips(usize::from(table_move), player, opponent);
            let c = Candidate {
                square: table_move,
                flipped,
                replies: legal_moves(opponent ^ flipped, player | flipped | bit),
                key: 0,
            };
            best = self.search_candidate(player, opponent, &c, alpha, beta, empties, true);
            if self.aborted {
                return 0;
            }
            best_square = table_move;
            alpha = alpha.max(best);
            rest &= !bit;
        }
        if best < beta && rest != 0 {
            let mut list = ArrayVec::<Candidate, 64>::new();
            self.candidates(player, opponent, rest, empties, &mut list);
            if empties >= ETC_EMPTIES {
                // Enhanced transposition cutoff: a child already known to be bad enough
                // for the opponent refutes this node without searching.
                for c in list.iter() {
                    let next_player = opponent ^ c.flipped;
                    let next_opponent = player | c.flipped | 1 << c.square;
                    if let Some(hit) = self.table.probe(next_player, next_opponent) {
                        if -hit.upper >= beta {
                            self.table.store(
                                player,
                                opponent,
                                empties,
                                alpha_start,
                                beta_start,
                                -hit.upper,
                                c.square,
                            );
                            return -hit.upper;
                        }
                    }
                }
            }
            for (i, c) in list.iter().enumerate() {
                let first = i == 0 && best_square == 64;
                let score = self.search_candidate(player, opponent, c, alpha, beta, empties, first);
                if self.aborted {
                    return 0;
                }
                if score > best {
                    best = score;
                    best_square = c.square;
                    if score > alpha {
                        alpha = score;
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
        }
        if empties >= TABLE_EMPTIES {
            self.table.store(
                player,
                opponent,
                empties,
                alpha_start,
                beta_start,
                best,
                best_square,
            );
        }
        best
    }

    /// Searches one move of a deep node: the first in the full window, the others with a
    /// null window first (PVS), re-searched when they land inside the window.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_candidate(
        &mut self,
        player: u64,
        opponent: u64,
        c: &Candidate,
        alpha: i32,
        beta: i32,
        empties: u32,
        first: bool,
    ) -> i32 {
        let next_player = opponent ^ c.flipped;
        let next_opponent = player | c.flipped | 1 << c.square;
        if first || beta - alpha == 1 {
            return -self.child(
                next_player,
                next_opponent,
                c.replies,
                -beta,
                -alpha,
                empties - 1,
            );
        }
        let probe = -self.child(
            next_player,
            next_opponent,
            c.replies,
            -alpha - 1,
            -alpha,
            empties - 1,
        );
        if probe > alpha && probe < beta {
            -self.child(
                next_player,
                next_opponent,
                c.replies,
                -beta,
                -probe,
                empties - 1,
            )
        } else {
            probe
        }
    }

    #[inline]
    fn child(
        &mut self,
        player: u64,
        opponent: u64,
        moves: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        if empties > SHALLOW_EMPTIES {
            self.deep(player, opponent, moves, alpha, beta, empties)
        } else {
            self.node(player, opponent, alpha, beta, empties)
        }
    }

    /// 5 to `SHALLOW_EMPTIES` empties: no move generation, no table; squares in odd
    /// quadrants first, X and C squares last.
    fn shallow(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        self.visit();
        let empty = !(player | opponent);
        let odd = odd_quadrants(empty);
        let even = empty & !odd;
        let mut best = -SCORE_INF;
        for class in [
            odd & GOOD_SQUARES,
            odd & !GOOD_SQUARES,
            even & GOOD_SQUARES,
            even & !GOOD_SQUARES,
        ] {
            let mut rest = class;
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if !touches(square, opponent) {
                    continue;
                }
                let flipped = flips(square, player, opponent);
                if flipped == 0 {
                    continue;
                }
                let score = -self.node(
                    opponent ^ flipped,
                    player | flipped | 1 << square,
                    -beta,
                    -alpha,
                    empties - 1,
                );
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
        }
        if best == -SCORE_INF {
            if legal_moves(opponent, player) == 0 {
                return final_margin(player, opponent);
            }
            return -self.shallow(opponent, player, -beta, -alpha, empties);
        }
        best
    }
}
