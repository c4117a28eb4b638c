//! Move generation of the depth-first proof-number search (`dfpn.rs`), the same threat
//! space as the iterative-deepening VCT (`vcf.rs`) without its depth limits. The
//! attacker plays fours, open threes and, with `Threats::Quiet`/`QuietVct`, quiet moves
//! that threaten a VCF (or a small VCT); the defender answers the block of a four, the
//! defences of an open three, or the relevance zone of the threatened VCF/VCT, plus its
//! own fours. Every answer that could matter is generated, so a proof is a real win.
//!
//! Also the initial numbers of a new node and the proven lengths of the nodes decided on
//! sight. Must not depend on the search or its table.

use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::moves::{defences, order_key, own_fours};
use crate::game::gomoku::quiet::{for_each_cell, passed, quiet_moves, relevance_zone, vcf_line};
use crate::game::gomoku::threats::{Threats, QUICK_VCF_NODES};
use crate::game::gomoku::vct_zone::vct_zone;
use crate::game::gomoku::{Cell, Gomoku, Rule};
use crate::game::{Game, MoveList, Outcome};

/// Proof and disproof numbers at or above this are infinite.
pub(super) const INFINITE: u32 = 1 << 28;
/// The most open threes the attacker tries at a node, best ordered first.
const MAX_THREES: usize = 8;
/// The longest VCF or small VCT that makes a quiet move a threat, in plies.
pub(super) const QUIET_THREAT_PLIES: u32 = 23;

/// How far a node's quiet moves reach (`dfpn.rs` sets it by depth).
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    /// Quiet candidates the attacker tries.
    pub quiet_tries: usize,
    /// Node budget of the small VCT that checks a quiet threat (`QuietVct`).
    pub vct_nodes: u32,
}

/// What a node is worth before (or without) expanding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Leaf {
    pub pn: u32,
    pub dn: u32,
    /// Plies to the five when proven (`pn == 0`).
    pub plies: u32,
}

impl Leaf {
    const fn open(pn: u32, dn: u32) -> Leaf {
        Leaf { pn, dn, plies: 0 }
    }
    pub const fn proven(plies: u32) -> Leaf {
        Leaf {
            pn: 0,
            dn: INFINITE,
            plies,
        }
    }
    pub const DISPROVEN: Leaf = Leaf {
        pn: INFINITE,
        dn: 0,
        plies: 0,
    };
    /// Decided on sight.
    pub fn is_solved(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// Which quiet moves the search makes (none for `Fours`/`FoursAndThrees` or in renju).
#[derive(Clone, Copy, Debug)]
pub(super) struct Space {
    pub threats: Threats,
    pub quiet: bool,
    pub quiet_vct: bool,
    /// Quiet candidates the attacker tries at a node.
    pub quiet_tries: usize,
}

impl Space {
    pub fn new(position: &Gomoku, threats: Threats, quiet_tries: usize) -> Space {
        let free = position.board().rule() != Rule::Renju;
        Space {
            threats,
            quiet: free && matches!(threats, Threats::Quiet | Threats::QuietVct),
            quiet_vct: free && threats == Threats::QuietVct,
            quiet_tries,
        }
    }
}

/// Initial numbers of a node where the attacker is to move.
pub(super) fn attacker_leaf(position: &Gomoku) -> Leaf {
    let board = position.board();
    let me = position.side_to_move().index();
    // The defender's last move won, or the board is full.
    let over = position.outcome().is_some();
    attacker_numbers(over, me, |player, class| board.class_count(player, class))
}

/// [`attacker_leaf`] from whether the game is `over` and the class counts
/// (`count(player, class)`) of the node, the attacker being `me`: shared with
/// [`leaf_after`], which reads the counts after a move without playing it.
fn attacker_numbers(over: bool, me: usize, count: impl Fn(usize, u8) -> u16) -> Leaf {
    if over {
        return Leaf::DISPROVEN;
    }
    if count(me, cell_class::FIVE) > 0 {
        return Leaf::proven(1);
    }
    if count(1 - me, cell_class::FIVE) >= 2 {
        return Leaf::DISPROVEN;
    }
    Leaf::open(1, 1)
}

/// Initial numbers of a node where the defender is to move.
pub(super) fn defender_leaf(position: &Gomoku, space: Space) -> Leaf {
    let board = position.board();
    let me = position.side_to_move().index();
    let won = matches!(position.outcome(), Some(Outcome::Win(_)));
    let over = position.outcome().is_some();
    defender_numbers(won, over, me, space, |player, class| {
        board.class_count(player, class)
    })
}

/// [`defender_leaf`] from whether the attacker's last move `won` or the game is otherwise
/// `over` (a full board) and the class counts (`count(player, class)`) of the node, the
/// defender being `me`: shared with [`leaf_after`].
fn defender_numbers(
    won: bool,
    over: bool,
    me: usize,
    space: Space,
    count: impl Fn(usize, u8) -> u16,
) -> Leaf {
    let attacker = 1 - me;
    if won {
        return Leaf::proven(0);
    }
    if over || count(me, cell_class::FIVE) > 0 {
        return Leaf::DISPROVEN;
    }
    let fives = count(attacker, cell_class::FIVE);
    if fives >= 2 {
        return Leaf::proven(2);
    }
    if fives == 1 {
        return Leaf::open(1, 1);
    }
    if space.threats.threes() && count(attacker, cell_class::OPEN_FOUR) > 0 {
        return Leaf::open(2, 1);
    }
    if space.quiet {
        // Perhaps a quiet threat: known only once expanded.
        return Leaf::open(3, 1);
    }
    Leaf::DISPROVEN // no threat: the defender is free
}

/// Initial numbers of the child after `mv` at `position` (the attacker's move if
/// `attacker`), read from the board before the move where that is exact or only a guess
/// (a guess is never a proof or a disproof); the rare strong moves and a block of their
/// four are judged exactly from the class counts after the move (`leaf_after`), in renju
/// by playing them out.
pub(super) fn child_leaf(position: &Gomoku, mv: Cell, attacker: bool, space: Space) -> Leaf {
    let board = position.board();
    let me = position.side_to_move().index();
    let cell = usize::from(mv.0);
    let class = board.cell_class(me, cell);
    if class >= cell_class::OPEN_FOUR || board.rule() == Rule::Renju {
        return leaf_after(position, mv, attacker, space);
    }
    if attacker {
        if board.class_count(1 - me, cell_class::FIVE) > 0 {
            return leaf_after(position, mv, attacker, space);
        }
        return match class {
            cell_class::FOUR | cell_class::FOUR_THREE => Leaf::open(1, 1),
            cell_class::OPEN_THREE | cell_class::DOUBLE_THREE if space.threats.threes() => {
                Leaf::open(2, 1)
            }
            _ if space.quiet => Leaf::open(3, 1),
            _ => leaf_after(position, mv, attacker, space),
        };
    }
    // The defender's move: the attacker's five cells other than this one remain (no
    // stone elsewhere breaks a five), and the defender has none (else it had won).
    let fives = u32::from(board.class_count(1 - me, cell_class::FIVE));
    let blocked = u32::from(board.cell_class(1 - me, cell) == cell_class::FIVE);
    if fives > blocked {
        Leaf::proven(1)
    } else {
        Leaf::open(1, 1)
    }
}

/// Exactly `defender_leaf` (after the attacker's move, `attacker`) or `attacker_leaf`
/// (after the defender's) of the child after `mv`, without playing it outside renju:
/// whether the move makes a five or fills the board, and the five and open-four counts
/// of both sides after it (`Board::class_count_after`). In renju (where Black's classes
/// hang on the whole board) the child is played.
pub(super) fn leaf_after(position: &Gomoku, mv: Cell, attacker: bool, space: Space) -> Leaf {
    let board = position.board();
    if board.rule() == Rule::Renju {
        let mut child = position.clone();
        child.play(mv);
        return if attacker {
            defender_leaf(&child, space)
        } else {
            attacker_leaf(&child)
        };
    }
    let side = position.side_to_move();
    let me = side.index();
    let cell = usize::from(mv.0);
    // `Gomoku::put`: the mover wins if the cell is a five of theirs.
    let five = board.cell_class(me, cell) == cell_class::FIVE;
    let full = board.stone_count() + 1 == board.size() * board.size();
    let after = |player: usize, class: u8| board.class_count_after(cell, side, player, class);
    if attacker {
        // The defender (`1 - me`) is to move in the child.
        defender_numbers(five, full, 1 - me, space, after)
    } else {
        // The attacker (`1 - me`) is to move in the child; a five of the defender's ends it.
        attacker_numbers(five || full, 1 - me, after)
    }
}

/// The attacker's moves at `position` (attacker to move, not decided on sight), best
/// first: the block of their four, else fours, open threes and, with at least 5 plies
/// left of `remaining`, quiet moves. Returns whether the limit left quiet moves out.
pub(super) fn attacks(
    position: &Gomoku,
    space: Space,
    remaining: u32,
    quiet_tries: usize,
    out: &mut MoveList<Cell>,
) -> bool {
    if !threat_attacks(position, space.threats, MAX_THREES, out) {
        return false;
    }
    let me = position.side_to_move().index();
    let them = 1 - me;
    let board = position.board();
    let they_threaten = board.class_count(them, cell_class::OPEN_FOUR) > 0;
    let leaves_their_three = |cell: Cell| {
        let side = position.side_to_move();
        board.class_count_after(usize::from(cell.0), side, them, cell_class::OPEN_FOUR) > 0
    };
    if !space.quiet || remaining < 5 {
        return space.quiet;
    }
    let mut quiet = MoveList::<Cell>::new();
    if they_threaten && space.quiet_vct {
        // Their open three must be stopped: stops that are no threat may still threaten.
        let mut keys = MoveList::<i32>::new();
        defences(position, me, &mut quiet, &mut keys);
    } else {
        quiet_moves(position, quiet_tries, &mut quiet);
    }
    for &mv in quiet.iter() {
        if !out.contains(&mv) && !leaves_their_three(mv) {
            out.push(mv);
        }
    }
    false
}

/// The defender's answers at `position` (defender to move, not decided on sight).
pub(super) struct Answers {
    /// Whether the attacker threatens anything (else the defender is free: not a win
    /// by threats, and `moves` is empty).
    pub threat: bool,
    pub moves: MoveList<Cell>,
    /// An upper bound on the plies to the five (from this node) after any answer that
    /// is not in `moves`: what makes the proven length conservative.
    pub outside: u32,
    /// Nodes the quiet-threat check visited.
    pub nodes: u32,
    /// Whether the depth limit shortened the quiet-threat check (a miss may be no miss).
    pub limited: bool,
}

/// The defender's answers with `remaining` plies left to the depth limit, a quiet
/// threat checked by a small VCT of at most `vct_nodes` nodes.
pub(super) fn answers(position: &Gomoku, space: Space, remaining: u32, vct_nodes: u32) -> Answers {
    let board = position.board();
    let me = position.side_to_move().index();
    let attacker = 1 - me;
    let mut found = Answers {
        threat: true,
        moves: MoveList::new(),
        outside: 2,
        nodes: 0,
        limited: false,
    };
    let moves = &mut found.moves;
    if board.class_count(attacker, cell_class::FIVE) > 0 {
        board.for_each_threat(attacker, cell_class::FIVE, |cell, _| {
            if !position.is_forbidden(cell) {
                moves.push(Cell(cell as u16));
            }
        });
        return found;
    }
    if space.threats.threes() && board.class_count(attacker, cell_class::OPEN_FOUR) > 0 {
        // Elsewhere: the open four, any move, the five.
        found.outside = 4;
        let mut keys = MoveList::<i32>::new();
        defences(position, me, moves, &mut keys);
        own_fours(position, moves);
        return found;
    }
    found.threat = false;
    if !space.quiet {
        return found;
    }
    if remaining < 4 {
        found.limited = true;
        return found;
    }
    let limit = QUIET_THREAT_PLIES.min(remaining - 1);
    found.limited = limit < QUIET_THREAT_PLIES;
    // A quiet threat: the answers are the cells that can break the VCF (or VCT) it
    // threatens, and the defender's own fours.
    let threat = passed(position);
    let line = vcf_line(&threat, limit as usize, QUICK_VCF_NODES, &mut found.nodes);
    let (plies, zone) = match line {
        Some(line) => (line.len() as u32, relevance_zone(&threat, &line)),
        None if space.quiet_vct => {
            if remaining < 6 {
                found.limited = true;
                return found;
            }
            match vct_zone(&threat, limit, vct_nodes, &mut found.nodes) {
                Some(zone) => zone,
                None => return found,
            }
        }
        None => return found,
    };
    found.threat = true;
    found.outside = 1 + plies;
    let mut keyed = MoveList::<(i32, u16)>::new();
    for_each_cell(&zone, |cell| {
        if board.stone(cell).is_none() && !position.is_forbidden(cell) {
            keyed.push((order_key(board, me, cell), cell as u16));
        }
    });
    keyed.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
    found
        .moves
        .extend(keyed.iter().map(|&(_, cell)| Cell(cell)));
    own_fours(position, &mut found.moves);
    found
}

/// The attacker's threats at `position` (attacker to move), best first: the block of
/// their four if they have one (then false: nothing else may be played), else its fours
/// and, unless `threats` is `Fours`, its best `max_threes` open threes, leaving out a
/// three that leaves their open three alone (too slow). Leaving attacks out keeps a proof
/// sound. Shared by the df-pn and the proof-number search.
pub(super) fn threat_attacks(
    position: &Gomoku,
    threats: Threats,
    max_threes: usize,
    out: &mut MoveList<Cell>,
) -> bool {
    let board = position.board();
    let me = position.side_to_move().index();
    let them = 1 - me;
    if board.class_count(them, cell_class::FIVE) > 0 {
        // Their four must be blocked (one of them at most can be).
        if board.class_count(them, cell_class::FIVE) == 1 {
            board.for_each_threat(them, cell_class::FIVE, |cell, _| {
                if !position.is_forbidden(cell) {
                    out.push(Cell(cell as u16));
                }
            });
        }
        return false;
    }
    let min = match threats {
        Threats::Fours => cell_class::FOUR,
        _ => cell_class::OPEN_THREE,
    };
    let mut keyed = MoveList::<(i32, u16, bool)>::new();
    board.for_each_threat(me, min, |cell, class| {
        if class != cell_class::FIVE {
            keyed.push((
                order_key(board, me, cell),
                cell as u16,
                class < cell_class::FOUR,
            ));
        }
    });
    keyed.sort_unstable_by_key(|k| std::cmp::Reverse(k.0));
    let they_threaten = board.class_count(them, cell_class::OPEN_FOUR) > 0;
    let leaves_their_three = |cell: Cell| {
        let side = position.side_to_move();
        board.class_count_after(usize::from(cell.0), side, them, cell_class::OPEN_FOUR) > 0
    };
    let mut threes = 0;
    for &(_, cell, is_three) in &keyed {
        if is_three {
            if threes >= max_threes || (they_threaten && leaves_their_three(Cell(cell))) {
                continue;
            }
            threes += 1;
        }
        out.push(Cell(cell));
    }
    true
}
