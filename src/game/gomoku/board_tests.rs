//! Board-level questions answered without placing a stone, checked against the answer of
//! a board copy with the stone placed, on positions of seeded random games.

use super::board::cell_class;
use super::*;
use crate::game::gomoku::moves::defences;
use crate::game::{Evaluate, Game, MoveList, Player};

/// Positions of seeded random games (mostly near the stones, so threats form) of every
/// rule, each handed to `f` before every move until the game ends.
pub(crate) fn for_each_random_position(games: usize, mut f: impl FnMut(&Gomoku)) {
    let mut seed = 0x0DDB_1A5E_5BAD_5EED_u64;
    for (size, rule) in [
        (15, Rule::Freestyle),
        (15, Rule::Renju),
        (9, Rule::Standard),
        (20, Rule::Freestyle),
        (11, Rule::Renju),
    ] {
        for _ in 0..games {
            let mut position = Gomoku::new(size, rule).expect("size");
            while position.outcome().is_none() {
                f(&position);
                let mut moves = MoveList::new();
                position.legal_moves(&mut moves);
                seed = crate::rng::mix64(seed);
                let (mut near, mut keys) = (MoveList::new(), MoveList::new());
                position.search_moves(&mut near, &mut keys);
                let pool = if seed.is_multiple_of(5) {
                    &moves
                } else {
                    &near
                };
                position.play(pool[(seed >> 8) as usize % pool.len()]);
            }
        }
    }
}

#[test]
fn class_counts_after_a_stone_equal_those_of_the_board_with_it_placed() {
    let (mut checked, mut changed) = (0usize, 0usize);
    for_each_random_position(4, |position| {
        let board = position.board();
        let n = board.size();
        for cell in 0..n * n {
            if board.stone(cell).is_some() {
                continue;
            }
            for by in [Player::First, Player::Second] {
                let mut placed = board.clone();
                placed.place(cell, by);
                for player in 0..2 {
                    for class in 0..cell_class::COUNT as u8 {
                        let expected = placed.class_count(player, class);
                        assert_eq!(
                            board.class_count_after(cell, by, player, class),
                            expected,
                            "{:?} cell {cell} by {by:?} player {player} class {class}",
                            board.rule()
                        );
                        checked += 1;
                        changed += usize::from(expected != board.class_count(player, class));
                    }
                }
            }
        }
    });
    // The positions must exercise the question, not only ask it of quiet boards.
    assert!(
        checked > 100_000 && changed > checked / 20,
        "{checked} {changed}"
    );
}

/// `defences` as it was: each cell on the threat's lines played on a copy.
fn defences_on_copies(position: &Gomoku) -> Vec<Cell> {
    let board = position.board();
    let me = position.side_to_move();
    let them = 1 - me.index();
    let n = board.size();
    (0..n * n)
        .filter(|&cell| board.stone(cell).is_none() && !position.is_forbidden(cell))
        .filter(|&cell| {
            let mut child = position.clone();
            child.put(cell, me);
            child.board().class_count(them, cell_class::OPEN_FOUR) == 0
        })
        .map(|cell| Cell(cell as u16))
        .collect()
}

#[test]
fn the_defences_of_an_open_three_are_the_cells_that_leave_no_open_four() {
    let mut positions = 0;
    for_each_random_position(6, |position| {
        let board = position.board();
        let me = position.side_to_move().index();
        if board.class_count(1 - me, cell_class::OPEN_FOUR) == 0 {
            return;
        }
        positions += 1;
        let (mut found, mut keys) = (MoveList::new(), MoveList::new());
        defences(position, me, &mut found, &mut keys);
        let mut found: Vec<Cell> = found.to_vec();
        found.sort_by_key(|c| c.0);
        assert_eq!(found, defences_on_copies(position), "{position:?}");
    });
    assert!(positions > 100, "{positions}");
}

#[test]
fn the_class_of_a_cell_after_a_stone_is_that_of_the_board_with_it_placed() {
    let (mut checked, mut changed) = (0usize, 0usize);
    for_each_random_position(2, |position| {
        let board = position.board();
        if board.rule() == Rule::Renju {
            return;
        }
        let n = board.size();
        for cell in (0..n * n).filter(|&c| board.stone(c).is_none()) {
            for by in [Player::First, Player::Second] {
                let mut placed = board.clone();
                placed.place(cell, by);
                for target in (0..n * n).filter(|&t| t != cell && board.stone(t).is_none()) {
                    for player in 0..2 {
                        let expected = placed.cell_class(player, target);
                        assert_eq!(
                            board.cell_class_after(target, cell, by, player),
                            expected,
                            "{:?} target {target} cell {cell} by {by:?} player {player}",
                            board.rule()
                        );
                        checked += 1;
                        changed += usize::from(expected != board.cell_class(player, target));
                    }
                }
            }
        }
    });
    assert!(
        checked > 1_000_000 && changed > 10_000,
        "{checked} {changed}"
    );
}

/// What `moves::defences`' shortcut rests on, for every window of every line table but
/// renju Black's: blocking one empty cell of a window never raises the centre's line
/// class towards a four (open four > four > anything else, as `cells::combine` counts
/// them) and never makes a five. So a stone never gives the opponent an open-four cell
/// that was not one, unless that cell was a five cell.
#[test]
fn blocking_a_cell_never_makes_a_line_a_four_or_more() {
    use crate::game::gomoku::patterns::{self as p, LineRule};
    let fours = |class: u8| match class {
        p::OPEN_FOUR => 2,
        p::FOUR => 1,
        _ => 0,
    };
    for rule in [LineRule::FiveOrMore, LineRule::ExactlyFive] {
        let table = p::table(rule);
        for code in 0..p::WINDOW_CODES {
            let before = table[code];
            let mut power = 1;
            for _ in 0..10 {
                if code / power % 3 == 0 {
                    let after = table[code + 2 * power];
                    assert!(
                        fours(after) <= fours(before) || before == p::FIVE,
                        "{rule:?} {code}"
                    );
                    assert!(after != p::FIVE || before == p::FIVE, "{rule:?} {code}");
                }
                power *= 3;
            }
        }
    }
}

#[test]
fn clone_from_leaves_an_exact_copy_over_any_earlier_board() {
    // The board copied over last: of another position of the same game (the search's
    // case, where only the used part is copied), or of another size or rule.
    let mut recycled = Gomoku::new(5, Rule::Freestyle).expect("size");
    let mut copies = 0;
    for_each_random_position(2, |position| {
        let same_size = recycled.size() == position.size();
        recycled.clone_from(position);
        assert!(recycled.board().same_state(position.board()));
        assert!(recycled.board().same_state(&position.board().clone()));
        assert_eq!(recycled.hash(), position.hash());
        assert_eq!(recycled.side_to_move(), position.side_to_move());
        assert_eq!(recycled.outcome(), position.outcome());
        copies += usize::from(same_size);
    });
    assert!(copies > 200, "{copies}");
}

/// `for_each_threat` (which stops once the class counts say every such cell was seen)
/// reports exactly the candidate cells of each class threshold, in cell order.
#[test]
fn threats_are_every_candidate_cell_of_the_class_in_order() {
    let mut reported = 0usize;
    for_each_random_position(4, |position| {
        let board = position.board();
        let words = board.candidate_words();
        for player in 0..2 {
            for min in 0..cell_class::COUNT as u8 {
                let expected: Vec<(usize, u8)> = (0..board.size() * board.size())
                    .filter(|&cell| words[cell / 64] >> (cell % 64) & 1 != 0)
                    .map(|cell| (cell, board.cell_class(player, cell)))
                    .filter(|&(_, class)| class >= min)
                    .collect();
                let mut seen = Vec::new();
                board.for_each_threat(player, min, |cell, class| seen.push((cell, class)));
                assert_eq!(seen, expected, "{position:?} player {player} min {min}");
                reported += seen.len();
            }
        }
    });
    assert!(reported > 10_000, "{reported}");
}
