//! Candidate moves for the search, ordered by threat value.
//!
//! Forced situations are narrowed exactly: a five is played at once; against a four only
//! its blocking cells are tried; against an open three (or any cell that would give the
//! opponent an open or double four) only the cells that defuse it, plus our own fours.
//! Otherwise the candidates are the empty cells within two steps of a stone, which is not
//! exhaustive (the search then only trusts wins). In renju Black's forbidden cells are
//! never generated; a Black that can only stop a five on a forbidden cell has lost.

use crate::game::gomoku::board::{self, cell_class, Board};
use crate::game::gomoku::patterns::{FOUR, HALF};
use crate::game::gomoku::{Cell, Gomoku};
use crate::game::{Game, MoveList};

/// The most quiet candidates searched, best keys first.
pub const MAX_QUIET: usize = 15;

/// Ordering key bonus for each combined class of our own (attack) and theirs (defence).
/// (A forbidden cell is worth nothing to Black, and nothing to White as a defence.)
const ATTACK: [i32; cell_class::COUNT] =
    [0, 0, 20, 60, 30, 400, 3000, 900, 20_000, 40_000, 1 << 22];
const DEFENCE: [i32; cell_class::COUNT] =
    [0, 0, 10, 40, 20, 300, 1500, 600, 8_000, 15_000, 1 << 21];

/// The ordering key of `cell` for `me` (0 or 1): what it makes plus what it prevents.
#[inline(always)]
pub fn order_key(board: &Board, me: usize, cell: usize) -> i32 {
    let (my_class, my_value) = board.class_and_value(me, cell);
    let (their_class, their_value) = board.class_and_value(1 - me, cell);
    ATTACK[usize::from(my_class)] + DEFENCE[usize::from(their_class)] + my_value * 2 + their_value
}

/// Fills `out`/`keys` with the moves the search should try; returns whether the list is
/// exhaustive (no move left out could change the result).
pub fn search_moves(position: &Gomoku, out: &mut MoveList<Cell>, keys: &mut MoveList<i32>) -> bool {
    if position.outcome().is_some() {
        return true;
    }
    let board = position.board();
    let n = board.size();
    if board.stone_count() == 0 {
        out.push(Cell(((n / 2) * n + n / 2) as u16));
        keys.push(0);
        return false;
    }
    let me = position.side_to_move().index();
    let them = 1 - me;
    if board.class_count(me, cell_class::FIVE) > 0 {
        let mut five = None;
        board.for_each_threat(me, cell_class::FIVE, |cell, _| five = five.or(Some(cell)));
        if let Some(cell) = five {
            out.push(Cell(cell as u16));
            keys.push(0);
            return true;
        }
    }
    if board.class_count(them, cell_class::FIVE) > 0 {
        board.for_each_threat(them, cell_class::FIVE, |cell, _| {
            if !position.is_forbidden(cell) {
                out.push(Cell(cell as u16));
                keys.push(0);
            }
        });
        if out.is_empty() {
            // Black cannot stop the five: every move loses, so any one will do.
            if let Some(cell) = any_playable(position) {
                out.push(cell);
                keys.push(0);
            }
        }
        return true;
    }
    if board.class_count(them, cell_class::OPEN_FOUR) > 0 {
        defences(position, me, out, keys);
        board.for_each_threat(me, cell_class::FOUR, |cell, _| {
            let mv = Cell(cell as u16);
            if !out.contains(&mv) && !position.is_forbidden(cell) {
                out.push(mv);
                keys.push(order_key(board, me, cell));
            }
        });
        if !out.is_empty() {
            return true;
        }
    }
    let mut keyed = arrayvec::ArrayVec::<(i32, u16), { board::MAX_CELLS }>::new();
    let words = board.candidate_words();
    for (i, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let cell = i * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if !position.is_forbidden(cell) {
                keyed.push((order_key(board, me, cell), cell as u16));
            }
        }
    }
    if keyed.is_empty() {
        if let Some(cell) = any_playable(position) {
            out.push(cell);
            keys.push(0);
        }
        return false;
    }
    if keyed.len() > MAX_QUIET {
        keyed.select_nth_unstable_by(MAX_QUIET - 1, |a, b| b.0.cmp(&a.0));
        keyed.truncate(MAX_QUIET);
    }
    for &(key, cell) in &keyed {
        out.push(Cell(cell));
        keys.push(key);
    }
    false
}

/// Some empty cell the side to move may play, if any.
pub fn any_playable(position: &Gomoku) -> Option<Cell> {
    let n = position.size();
    (0..n * n)
        .find(|&cell| position.board().stone(cell).is_none() && !position.is_forbidden(cell))
        .map(|cell| Cell(cell as u16))
}

/// Sorts moves by descending key (insertion sort: the lists are short).
pub fn sort_by_keys(moves: &mut MoveList<Cell>, keys: &mut MoveList<i32>) {
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && keys[j] > keys[j - 1] {
            moves.swap(j, j - 1);
            keys.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The cells where a stone of `me` leaves the opponent without any open-four cell.
/// Every such cell lies on a threatening line of the first threat cell found, so only
/// those (at most a few dozen) are tried.
pub fn defences(position: &Gomoku, me: usize, out: &mut MoveList<Cell>, keys: &mut MoveList<i32>) {
    let board = position.board();
    let them = 1 - me;
    // Outside renju, and when they have no five cell, a stone of ours can only lower
    // their cells' classes, and none can fall to an open four from above it (`board_
    // tests`: no line class rises when a cell of it is blocked): so a stone stops the
    // three exactly when every open-four cell of theirs loses that class, which only
    // the line through the stone and that cell decides (`Board::cell_class_after`).
    // One pass finds the first open-four cell (the threat) and, for that, all of them.
    let mut threat = None;
    let mut open_fours = arrayvec::ArrayVec::<usize, 16>::new();
    let mut fast =
        board.rule() != board::Rule::Renju && board.class_count(them, cell_class::FIVE) == 0;
    board.for_each_threat(them, cell_class::OPEN_FOUR, |cell, class| {
        if class == cell_class::OPEN_FOUR {
            threat = threat.or(Some(cell));
            if fast && open_fours.try_push(cell).is_err() {
                fast = false;
            }
        }
    });
    let Some(threat) = threat else {
        return;
    };
    let mut tried = MoveList::<Cell>::new();
    let packed = board.patterns(them, threat);
    let n = board.size() as i32;
    let (row, col) = (
        (threat / board.size()) as i32,
        (threat % board.size()) as i32,
    );
    for (dir, (dr, dc)) in [(0, 1), (1, 0), (1, 1), (1, -1)].into_iter().enumerate() {
        if (packed >> (4 * dir) & 0xF) < u16::from(FOUR) {
            continue;
        }
        for k in -(HALF as i32)..=HALF as i32 {
            let (r, c) = (row + dr * k, col + dc * k);
            if !(0..n).contains(&r) || !(0..n).contains(&c) {
                continue;
            }
            let cell = (r * n + c) as usize;
            let mv = Cell(cell as u16);
            if board.stone(cell).is_some() || tried.contains(&mv) || position.is_forbidden(cell) {
                continue;
            }
            tried.push(mv);
            let side = position.side_to_move();
            let stops = if fast {
                open_fours.iter().all(|&four| {
                    four == cell
                        || board.cell_class_after(four, cell, side, them) != cell_class::OPEN_FOUR
                })
            } else {
                board.class_count_after(cell, side, them, cell_class::OPEN_FOUR) == 0
            };
            debug_assert_eq!(
                stops,
                board.class_count_after(cell, side, them, cell_class::OPEN_FOUR) == 0
            );
            if stops {
                out.push(mv);
                keys.push(order_key(board, me, cell));
            }
        }
    }
}

/// Appends the fours of the side to move not yet in `out` (the answers to a threat that
/// are no block: a four must be answered first).
pub fn own_fours(position: &Gomoku, out: &mut MoveList<Cell>) {
    let board = position.board();
    let me = position.side_to_move().index();
    board.for_each_threat(me, cell_class::FOUR, |cell, _| {
        let mv = Cell(cell as u16);
        if !out.contains(&mv) && !position.is_forbidden(cell) {
            out.push(mv);
        }
    });
}
