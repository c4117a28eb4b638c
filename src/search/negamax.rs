//! The alpha-beta core: negamax with principal-variation search, transposition table,
//! killer/history ordering, mate-distance pruning and proof tracking.
//!
//! Proof tracking: `horizon_leaves` counts every value that rests on a heuristic (a leaf
//! evaluated at depth 0, or a table entry that was not proven). A node whose subtree
//! left the counter unchanged has a game-theoretic value; it is stored as proven and is
//! valid at any depth.

use crate::budget::control::Control;
use crate::game::score::{self, loss_in, win_in, INFINITY};
use crate::game::{Evaluate, Game, LateMoves, MoveList, Outcome, Scoring, EVAL_LIMIT};
use crate::search::ordering::Ordering;
use crate::search::tt::{Bound, TranspositionTable, PROVEN_DEPTH};

/// The longest principal variation kept.
pub const PV_MAX: usize = 128;

/// Ordering score of the table's move: always first.
const TT_MOVE_BONUS: i32 = 1 << 30;
/// Ordering score of the killer moves: after the table's move, before history.
const KILLER_BONUS: [i32; 2] = [1 << 25, 1 << 24];

/// Triangular principal-variation table of move codes.
pub struct PvTable {
    moves: Vec<[u16; PV_MAX]>,
    lengths: Vec<usize>,
}

impl Default for PvTable {
    fn default() -> Self {
        PvTable {
            moves: vec![[0; PV_MAX]; PV_MAX + 1],
            lengths: vec![0; PV_MAX + 1],
        }
    }
}

impl PvTable {
    #[inline]
    fn clear(&mut self, ply: usize) {
        if ply <= PV_MAX {
            self.lengths[ply] = 0;
        }
    }

    #[inline]
    fn update(&mut self, ply: usize, code: u16) {
        if ply >= PV_MAX {
            return;
        }
        let child_len = if ply < PV_MAX {
            self.lengths[ply + 1].min(PV_MAX - 1 - ply)
        } else {
            0
        };
        let (head, tail) = self.moves.split_at_mut(ply + 1);
        head[ply][0] = code;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.lengths[ply] = child_len + 1;
    }

    /// The principal variation from the root, as move codes.
    pub fn root(&self) -> &[u16] {
        &self.moves[0][..self.lengths[0]]
    }
}

/// One search thread's working state over the shared table.
pub struct Negamax<'a, G: Evaluate> {
    pub tt: &'a TranspositionTable,
    pub ordering: &'a mut Ordering,
    pub params: &'a G::Params,
    pub control: &'a mut Control,
    pub pv: &'a mut PvTable,
    /// Heuristic values used so far (see the module comment).
    pub horizon_leaves: u64,
    /// The deepest ply reached.
    pub seldepth: usize,
    /// Codes of root moves the game's solver proved losing: not searched at ply 0.
    pub excluded: &'a [u16],
    /// Proof mode (see `iterative::proof_parity`): `Some(p)` completes, at every ply of parity
    /// `p`, a partial move list whose moves all lose, and trusts no heuristic table entry.
    pub prove_parity: Option<usize>,
    /// Forced leaf replies played since the horizon (`Evaluate::forced_leaf_reply`): an odd
    /// count evaluates the leaf with `Evaluate::evaluate_after_forced_reply`.
    pub forced_replies: u32,
    /// The extension of the current line so far, in quarters of a ply
    /// (`Evaluate::defence_extension`); 0 when the search starts.
    pub extension: u32,
    /// The depth of the last search started at ply 0: the most plies of extension a line
    /// may collect.
    pub root_depth: u32,
}

/// The value of a finished game for the side to move at `ply`.
#[inline]
pub fn terminal_score<G: Game>(position: &G, outcome: Outcome, ply: usize) -> i32 {
    match G::SCORING {
        Scoring::Margin => score::margin(position.final_margin()),
        Scoring::Plies => match outcome {
            Outcome::Draw => 0,
            Outcome::Win(winner) if winner == position.side_to_move() => win_in(ply as u32),
            Outcome::Win(_) => loss_in(ply as u32),
        },
    }
}

impl<'a, G: Evaluate> Negamax<'a, G> {
    /// Searches `position` `depth` plies deep in the window `(alpha, beta)`.
    /// Returns `None` when the search was aborted: the value is then meaningless.
    pub fn search(
        &mut self,
        position: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> Option<i32> {
        if !self.control.visit() {
            return None;
        }
        if ply == 0 {
            self.root_depth = depth;
            self.extension = 0;
        }
        self.pv.clear(ply);
        self.seldepth = self.seldepth.max(ply);

        if let Some(outcome) = position.outcome() {
            return Some(terminal_score(position, outcome, ply));
        }
        if depth == 0 && ply < score::MAX_PLY - 2 {
            if let Some(reply) = position.forced_leaf_reply(self.params) {
                let mut child = position.clone();
                child.play(reply);
                self.forced_replies += 1;
                let value = self.search(&child, 0, ply + 1, -beta, -alpha);
                self.forced_replies -= 1;
                return Some(-value?);
            }
        }
        if depth == 0 || ply >= score::MAX_PLY - 1 {
            let value = if self.forced_replies % 2 == 1 {
                position.evaluate_after_forced_reply(self.params)
            } else {
                position.evaluate(self.params)
            };
            // In proof mode a leaf the evaluation calls all but won is checked exactly
            // (`Evaluate::SURE_WIN_FLOOR`): a win found there is proven. Not in plain
            // iterations: proven wins at the leaves there turn lost partial lists into
            // completions and markers, and sp1-ply21's depth 18 took over 5x longer.
            if self.prove_parity.is_some()
                && value >= G::SURE_WIN_FLOOR
                && ply < score::MAX_PLY - 32
            {
                if let Some(plies) = position.sure_win_plies(self.params) {
                    return Some(win_in(ply as u32 + plies));
                }
            }
            self.horizon_leaves += 1;
            return Some(value.clamp(-EVAL_LIMIT, EVAL_LIMIT));
        }

        // Mate-distance pruning: no result here beats a win next ply or a loss now.
        alpha = alpha.max(loss_in(ply as u32));
        beta = beta.min(win_in(ply as u32 + 1));
        if alpha >= beta {
            return Some(alpha);
        }

        let is_pv = beta - alpha > 1;
        // Nodes one ply above the leaves are the most numerous and their entries the least
        // valuable: skipping the table there saves a cache miss (and, for games whose hash
        // is not incremental, computing it) per node.
        let use_table = depth > 1;
        let hash = if use_table { position.hash() } else { 0 };
        let hit = if use_table {
            self.tt.probe(hash, ply)
        } else {
            None
        };
        let mut tt_move = 0;
        if let Some(hit) = hit {
            tt_move = hit.best_move;
            // In proof mode a heuristic entry valued at the marker of partial lists that
            // all lose (±EVAL_LIMIT) is what this search completes: it is searched again.
            let trusted =
                self.prove_parity.is_none() || hit.is_proven() || hit.score.abs() < EVAL_LIMIT;
            if !is_pv && trusted && u32::from(hit.depth) >= depth {
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if usable {
                    if !hit.is_proven() {
                        self.horizon_leaves += 1;
                    }
                    return Some(hit.score);
                }
            }
        }

        // Reverse futility at non-PV nodes with a heuristic window, where the game allows
        // it (`Evaluate::futility_margin`): a static value above beta by the margin fails
        // high at once.
        if !is_pv && alpha > -EVAL_LIMIT && beta < EVAL_LIMIT && self.prove_parity.is_none() {
            if let Some(margin) = position.futility_margin(self.params, depth) {
                if position.evaluate(self.params) - margin >= beta {
                    self.horizon_leaves += 1;
                    return Some(beta);
                }
            }
        }

        // Multi-ProbCut at non-PV nodes with a heuristic window: a shallow search clear
        // of the window by the game's margin stands for the deep one.
        if !is_pv && alpha > -EVAL_LIMIT && beta < EVAL_LIMIT {
            if let Some((shallow, margin)) = position.probcut(self.params, depth) {
                let high = beta + margin;
                if high < EVAL_LIMIT && self.search(position, shallow, ply, high - 1, high)? >= high
                {
                    self.horizon_leaves += 1;
                    return Some(beta);
                }
                let low = alpha - margin;
                if low > -EVAL_LIMIT && self.search(position, shallow, ply, low, low + 1)? <= low {
                    self.horizon_leaves += 1;
                    return Some(alpha);
                }
            }
        }

        let mut moves: MoveList<G::Move> = MoveList::new();
        let mut keys: MoveList<i32> = MoveList::new();
        let exhaustive = position.search_moves(&mut moves, &mut keys);
        if ply == 0 && !self.excluded.is_empty() {
            let mut i = 0;
            while i < moves.len() {
                if self.excluded.contains(&G::encode_move(moves[i])) {
                    moves.swap_remove(i);
                    keys.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
        let side = position.side_to_move();
        let killers = self.ordering.killers(ply);
        let side_index = side.index();
        for (&mv, key) in moves.iter().zip(keys.iter_mut()) {
            let code = G::encode_move(mv);
            *key = if code == tt_move {
                TT_MOVE_BONUS
            } else if code == killers[0] {
                KILLER_BONUS[0] + *key
            } else if code == killers[1] {
                KILLER_BONUS[1] + *key
            } else {
                *key + self.ordering.history(side_index, code)
            };
        }

        // A forced reply (the only move the game offers, exhaustively) costs no depth in
        // games that ask for it: threat sequences are then searched to their end. A short
        // forced defence (`Evaluate::defence_extension`) costs none each time the line's
        // extension crosses a whole ply, up to the root's depth in plies.
        let extension = if exhaustive && moves.len() >= 2 && self.extension / 4 < self.root_depth {
            position.defence_extension(self.params, moves.len())
        } else {
            0
        };
        let extended = extension > 0 && (self.extension + extension) / 4 > self.extension / 4;
        let child_depth =
            if (G::EXTEND_FORCED_REPLIES && exhaustive && moves.len() == 1) || extended {
                depth
            } else {
                depth - 1
            };
        // Restored below, before the node's value is returned (an aborted search leaves it:
        // its searcher is not used again).
        self.extension += extension;
        let horizon_before = self.horizon_leaves;
        let alpha_orig = alpha;
        // Children at depth 2 or more probe the table, and in a table larger than the
        // caches most probes wait for memory. So the next child is made one move ahead and
        // its bucket prefetched while the current child's subtree is searched (the order
        // is the same: the keys don't change inside the loop). At a cutoff the child made
        // ahead is wasted, which only these nodes (a small fraction of all) pay.
        let look_ahead = child_depth >= 2;
        // Late-move pruning: from this many moves on, quiet moves are left out (see
        // `late_move_count`); never in a list the search must complete or prove.
        let late = if G::LATE_MOVE_PRUNING {
            position.late_moves(self.params)
        } else {
            LateMoves::default()
        };
        let prune_from = if G::LATE_MOVE_PRUNING
            && !is_pv
            && !exhaustive
            && self.prove_parity.is_none()
            && ply > FULL_WIDTH_PLY
        {
            late_move_count(depth, late.count_percent)
        } else {
            usize::MAX
        };
        // Beyond the nominal horizon (no more depth left than the line has collected in
        // defence extensions), a partial list keeps only threats after its first moves
        // (`Evaluate::extension_quiet_moves`): the extended lines would otherwise spend
        // most of their nodes on the quiet moves between threats. Never near the root or
        // in a list the search must prove.
        let threats_from = if depth <= self.extension / 4
            && !exhaustive
            && self.prove_parity.is_none()
            && ply > FULL_WIDTH_PLY
        {
            position.extension_quiet_moves(self.params)
        } else {
            usize::MAX
        };
        let mut best = -INFINITY;
        let mut best_code = 0;
        // With a stand pat, the moves left out are worth the static value together.
        if threats_from < moves.len() && position.extension_stand_pat(self.params) {
            self.horizon_leaves += 1;
            let value = position
                .evaluate(self.params)
                .clamp(-EVAL_LIMIT, EVAL_LIMIT);
            if value >= beta {
                self.extension -= extension;
                return Some(value);
            }
            best = value;
            alpha = alpha.max(value);
        }
        // The children are made in two slots of this frame, reused move after move with
        // `clone_from` (games with large positions copy only what they use, and nothing is
        // moved after it is made): `current` holds the child searched, the other one the
        // child made ahead (`ahead`).
        let mut slots: [Option<G>; 2] = [None, None];
        let mut current = 0;
        let mut ahead = false;
        for i in 0..moves.len() {
            if !ahead {
                pick_best(&mut moves, &mut keys, i);
            }
            let mv = moves[i];
            // Asked once a move: whether late-move pruning may leave it out, and how far
            // it is reduced.
            let quiet = G::LATE_MOVE_PRUNING && i > 0 && position.is_quiet_move(self.params, mv);
            if (quiet && i >= prune_from)
                || (i >= threats_from && !position.is_threat_move(self.params, mv))
            {
                // Left out unsearched (with the child made for it one move ahead, if any).
                ahead = false;
                continue;
            }
            if ahead {
                current ^= 1;
            } else {
                self.make_child(&mut slots[current], position, mv, look_ahead);
            }
            ahead = look_ahead && i + 1 < moves.len();
            if ahead {
                pick_best(&mut moves, &mut keys, i + 1);
                self.make_child(&mut slots[current ^ 1], position, moves[i + 1], true);
            }
            let Some(child) = slots[current].as_ref() else {
                unreachable!("the child of move {i} was made above");
            };
            let score = if i == 0 {
                -self.search(child, child_depth, ply + 1, -beta, -alpha)?
            } else {
                let reduction =
                    late_move_reduction::<G>(exhaustive, i, depth, quiet, late.reduction_percent);
                let mut probe =
                    -self.search(child, child_depth - reduction, ply + 1, -alpha - 1, -alpha)?;
                if reduction > 0 && probe > alpha {
                    probe = -self.search(child, child_depth, ply + 1, -alpha - 1, -alpha)?;
                }
                if probe > alpha && probe < beta {
                    -self.search(child, child_depth, ply + 1, -beta, -alpha)?
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                best_code = G::encode_move(mv);
                if score > alpha {
                    alpha = score;
                    if is_pv {
                        self.pv.update(ply, best_code);
                    }
                    if score >= beta {
                        self.ordering
                            .record_cutoff(side_index, ply, best_code, depth);
                        break;
                    }
                }
            }
        }

        self.extension -= extension;

        let complete = ply <= FULL_WIDTH_PLY || self.prove_parity == Some(ply % 2);
        if !exhaustive && best <= -score::WIN_MIN && complete && depth >= 2 {
            // Every move tried loses: near the root, try the moves left out too, so that a
            // loss (and the opponent's win above) is proven rather than a heuristic
            // -EVAL_LIMIT. Deeper down it would cost too much (every other move of a lost
            // position searched to show the same win), except in proof mode, which is
            // entered once the root's value is that marker.
            let mut rest: MoveList<G::Move> = MoveList::new();
            position.legal_moves(&mut rest);
            // A threat standing here that only the moves in `holds` can stop (the game's
            // exact check, `Evaluate::sure_loss_unless`): the others lose unsearched.
            let mut holds: MoveList<G::Move> = MoveList::new();
            let sure_loss = position.sure_loss_unless(self.params, &mut holds);
            for &mv in rest.iter() {
                let code = G::encode_move(mv);
                if moves.iter().any(|&m| G::encode_move(m) == code)
                    || (ply == 0 && self.excluded.contains(&code))
                {
                    continue;
                }
                // These children are not nodes of the search (most never reach `search`),
                // but hundreds of them with their checks can pass between two node
                // counts' clock reads: read it for each.
                if !self.control.check() {
                    return None;
                }
                // Most added moves are far from the fight: outside `holds`, or else by a
                // cheap exact check that the opponent still wins, they are not searched.
                let outside =
                    sure_loss.filter(|_| !holds.iter().any(|&h| G::encode_move(h) == code));
                let score = if let Some(plies) = outside {
                    loss_in(ply as u32 + plies)
                } else {
                    let mut child = position.clone();
                    child.play(mv);
                    let sure_win = child.sure_win_plies(self.params);
                    match sure_win {
                        Some(plies) => loss_in(ply as u32 + 1 + plies),
                        None => -self.search(&child, depth - 1, ply + 1, -beta, -alpha)?,
                    }
                };
                if score > best {
                    best = score;
                    best_code = code;
                    if score > alpha {
                        alpha = score;
                        if is_pv {
                            self.pv.update(ply, best_code);
                        }
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
        } else if !exhaustive && best < score::WIN_MIN {
            // Moves were left out: only a win found among the others is certain. A loss
            // is not (a move left out might hold), so it becomes the worst heuristic value.
            self.horizon_leaves += 1;
            best = best.max(-EVAL_LIMIT);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_depth = if self.horizon_leaves == horizon_before {
            PROVEN_DEPTH
        } else {
            depth.min(254) as u8
        };
        if use_table {
            self.tt
                .store(hash, ply, best_code, best, stored_depth, bound);
        }
        Some(best)
    }
}

impl<G: Evaluate> Negamax<'_, G> {
    /// Makes `position` after `mv` in `slot` (over the child it held, if any), its table
    /// bucket prefetched when `prefetch`.
    #[inline(always)]
    fn make_child(&self, slot: &mut Option<G>, position: &G, mv: G::Move, prefetch: bool) {
        let child = match slot {
            Some(child) => {
                child.clone_from(position);
                child
            }
            None => slot.insert(position.clone()),
        };
        child.play(mv);
        if prefetch {
            self.tt.prefetch(child.hash());
        }
    }
}

/// The depth taken off move `index` of a list (`exhaustive` or not) at `depth`: none for
/// the first moves, forced lists and shallow nodes; one ply, two for the latest moves.
/// A `quiet` move (only with [`Evaluate::LATE_MOVE_PRUNING`]) loses about
/// ln(depth) ln(index) / 1.5 plies instead when that is more (`QUIET_REDUCTIONS`). The
/// reduced child keeps at least one ply.
#[inline]
fn late_move_reduction<G: Evaluate>(
    exhaustive: bool,
    index: usize,
    depth: u32,
    quiet: bool,
    percent: u32,
) -> u32 {
    if !G::LATE_MOVE_REDUCTIONS || exhaustive || index < 3 || depth < 3 {
        return 0;
    }
    let base = if index >= 8 && depth >= 5 { 2 } else { 1 };
    let reduction = if quiet {
        let full = QUIET_REDUCTIONS[(depth as usize).min(31)][index.min(31)];
        base.max((full * percent + 50) / 100)
    } else {
        base
    };
    reduction.min(depth - 2)
}

/// Reductions of quiet late moves by depth and move index: ln(depth) ln(index) / 1.5,
/// rounded (0 for depth or index 0 and 1).
const QUIET_REDUCTIONS: [[u32; 32]; 32] = quiet_reductions();

const fn quiet_reductions() -> [[u32; 32]; 32] {
    // round(1024 ln n) for n in 0..32 (ln 0 taken as 0).
    const LN: [u32; 32] = [
        0, 0, 710, 1125, 1420, 1648, 1835, 1993, 2129, 2250, 2358, 2455, 2545, 2627, 2702, 2773,
        2839, 2901, 2960, 3015, 3068, 3118, 3165, 3211, 3254, 3296, 3336, 3375, 3412, 3448, 3483,
        3516,
    ];
    let mut table = [[0; 32]; 32];
    let mut depth = 0;
    while depth < 32 {
        let mut index = 0;
        while index < 32 {
            // LN[d] LN[i] / (1.5 * 1024 * 1024), rounded half up.
            table[depth][index] = (LN[depth] * LN[index] + 786_432) / 1_572_864;
            index += 1;
        }
        depth += 1;
    }
    table
}

/// The number of moves searched at a node `depth` plies above the horizon before late-move
/// pruning leaves out the quiet ones (`usize::MAX`: none left out, deeper nodes), at
/// `percent` of the search's own counts; below 100 the pruning reaches three plies deeper.
#[inline]
fn late_move_count(depth: u32, percent: u32) -> usize {
    let count = match depth {
        1 => 3,
        2 => 5,
        3 => 8,
        4 => 11,
        5 => 15,
        6 => 19,
        7 => 24,
        8 => 30,
        _ => return usize::MAX,
    };
    if percent >= 100 {
        return if depth <= 5 { count } else { usize::MAX };
    }
    (count * percent as usize / 100).max(1)
}

/// The deepest ply at which a partial move list that loses everywhere is completed.
const FULL_WIDTH_PLY: usize = 2;

/// Moves the best-keyed remaining move to index `from` (selection sort, one step at a
/// time: cutoffs usually come early, so most of the list is never sorted).
/// The first of equal keys wins. The best key is kept in a register and the scan is over
/// a slice, so the loop has no bounds checks and compiles to conditional moves.
#[inline]
fn pick_best<M: Copy>(moves: &mut MoveList<M>, keys: &mut MoveList<i32>, from: usize) {
    let Some((&first, rest)) = keys.get(from..).and_then(<[i32]>::split_first) else {
        return;
    };
    let (mut best, mut best_key) = (from, first);
    for (j, &key) in (from + 1..).zip(rest) {
        if key > best_key {
            best = j;
            best_key = key;
        }
    }
    moves.swap(from, best);
    keys.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_reductions_follow_the_log_formula() {
        for (depth, row) in QUIET_REDUCTIONS.iter().enumerate() {
            for (index, &reduction) in row.iter().enumerate() {
                let expected = if depth < 2 || index < 2 {
                    0
                } else {
                    ((depth as f64).ln() * (index as f64).ln() / 1.5 + 0.5) as u32
                };
                assert_eq!(reduction, expected, "{depth} {index}");
            }
        }
        // Move 8 at depth 9 loses 3 plies; a forced or early move, or a shallow node, none.
        assert_eq!(QUIET_REDUCTIONS[9][8], 3);
        type G = crate::game::gomoku::Gomoku;
        assert_eq!(late_move_reduction::<G>(false, 8, 9, true, 100), 3);
        assert_eq!(late_move_reduction::<G>(false, 8, 9, false, 100), 2);
        assert_eq!(late_move_reduction::<G>(true, 8, 9, true, 100), 0);
        assert_eq!(late_move_reduction::<G>(false, 2, 9, true, 100), 0);
        assert_eq!(late_move_reduction::<G>(false, 20, 3, true, 100), 1);
        // Scaled (`Evaluate::late_moves`): half of 3 rounds to 2, twice 3 is 6; the
        // non-quiet base (2 here) stays, and the child keeps at least one ply.
        assert_eq!(late_move_reduction::<G>(false, 8, 9, true, 50), 2);
        assert_eq!(late_move_reduction::<G>(false, 8, 9, true, 200), 6);
        assert_eq!(late_move_reduction::<G>(false, 8, 9, true, 25), 2);
        assert_eq!(late_move_reduction::<G>(false, 20, 5, true, 400), 3);
        // Games without reductions never reduce.
        type T = crate::game::tictactoe::TicTacToe;
        assert_eq!(late_move_reduction::<T>(false, 8, 9, true, 100), 0);
    }

    #[test]
    fn late_move_counts_scale_and_reach_deeper_only_below_the_full_count() {
        let full: Vec<usize> = (1..=9).map(|depth| late_move_count(depth, 100)).collect();
        let max = usize::MAX;
        assert_eq!(full, [3, 5, 8, 11, 15, max, max, max, max]);
        let half: Vec<usize> = (1..=9).map(|depth| late_move_count(depth, 50)).collect();
        assert_eq!(half, [1, 2, 4, 5, 7, 9, 12, 15, max]);
        // Never fewer than one move.
        assert_eq!(late_move_count(1, 10), 1);
    }

    #[test]
    fn pick_best_moves_the_first_of_the_highest_keys_forward() {
        let mut moves: MoveList<u8> = [10, 11, 12, 13, 14].into_iter().collect();
        let mut keys: MoveList<i32> = [5, 9, 2, 9, 7].into_iter().collect();
        pick_best(&mut moves, &mut keys, 0);
        assert_eq!(moves.as_slice(), &[11, 10, 12, 13, 14]);
        assert_eq!(keys.as_slice(), &[9, 5, 2, 9, 7]);
        pick_best(&mut moves, &mut keys, 1);
        assert_eq!(moves.as_slice(), &[11, 13, 12, 10, 14]);
        pick_best(&mut moves, &mut keys, 2);
        assert_eq!(moves.as_slice(), &[11, 13, 14, 10, 12]);
        // The last element stays; a start past the end changes nothing.
        pick_best(&mut moves, &mut keys, 4);
        pick_best(&mut moves, &mut keys, 5);
        assert_eq!(keys.as_slice(), &[9, 9, 7, 5, 2]);
    }
}
