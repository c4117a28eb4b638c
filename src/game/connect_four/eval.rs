//! Connect Four heuristics for depth-limited play, from the side to move's view.
//!
//! `full`: threats (empty cells that would complete four) weighted by the odd/even parity
//! rule, open segments of four, centre control. `baseline`: the seed book's segment count,
//! kept as a weak, predictable sparring partner. Both are bit-parallel: no per-square loops.

use crate::game::connect_four::bitboard::{segment_counts, winning_cells, Shape};
use crate::game::connect_four::ConnectFour;
use crate::game::EVAL_LIMIT;

/// A win or loss the evaluation can see one ply ahead (still a heuristic value).
const SURE: i32 = EVAL_LIMIT - 1000;

/// The seed book's evaluation: over every segment of four cells, 2 discs of one colour
/// (and no other disc) count 1 point, 3 count 100, 4 count 1,000,000; mixed segments 0.
pub fn baseline(position: &ConnectFour) -> i32 {
    let shape = position.shape();
    let me = position.current();
    let them = me ^ position.mask();
    let value = segment_points(shape, me, them) - segment_points(shape, them, me);
    value.clamp(-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT)) as i32
}

fn segment_points(shape: Shape, own: u64, other: u64) -> i64 {
    let allowed = shape.board & !other;
    let mut points = 0i64;
    for step in steps(shape) {
        let (_, two, three) = segment_counts(own, allowed, step);
        let four = own & (own >> step) & (own >> (2 * step)) & (own >> (3 * step));
        points += i64::from(two.count_ones())
            + 100 * i64::from(three.count_ones())
            + 1_000_000 * i64::from(four.count_ones());
    }
    points
}

#[inline(always)]
fn steps(shape: Shape) -> [u32; 4] {
    let h = shape.height;
    [1, h, h - 1, h + 1]
}

/// Weights of the full evaluation, in centi-units.
const ONE_DISC_SEGMENT: i32 = 1;
const TWO_DISC_SEGMENT: i32 = 6;
const GOOD_THREAT: i32 = 90;
const OTHER_THREAT: i32 = 35;
const DEAD_THREAT: i32 = 5;
const CENTRE_DISC: i32 = 4;

/// The full evaluation: immediate wins and double threats, parity-weighted threats, open
/// segments and centre discs.
pub fn full(position: &ConnectFour) -> i32 {
    let shape = position.shape();
    let mask = position.mask();
    let me = position.current();
    let them = me ^ mask;
    let playable = shape.playable(mask);
    let my_threats = winning_cells(shape, me, mask);
    let their_threats = winning_cells(shape, them, mask);
    if my_threats & playable != 0 {
        return SURE;
    }
    let forced = their_threats & playable;
    // Two cells to block at once, or blocking hands the opponent the cell above.
    if forced.count_ones() >= 2 || forced & (their_threats >> 1) != 0 {
        return -SURE;
    }

    // Parity: the first player's threats pay on odd rows (1, 3, 5 from the bottom), the
    // second player's on even rows. A threat directly above an opponent's threat is dead:
    // the opponent's fills first.
    let odd = shape.odd_rows();
    let first_to_move = position.moves().is_multiple_of(2);
    let (my_rows, their_rows) = if first_to_move {
        (odd, shape.board & !odd)
    } else {
        (shape.board & !odd, odd)
    };
    let value = threat_points(my_threats, their_threats, my_rows)
        - threat_points(their_threats, my_threats, their_rows)
        + segment_balance(shape, me, them)
        + CENTRE_DISC * centre_balance(shape, me, them);
    value.clamp(-SURE + 1, SURE - 1)
}

fn threat_points(own: u64, other: u64, good_rows: u64) -> i32 {
    let dead = own & (other << 1);
    let live = own & !dead;
    GOOD_THREAT * (live & good_rows).count_ones() as i32
        + OTHER_THREAT * (live & !good_rows).count_ones() as i32
        + DEAD_THREAT * dead.count_ones() as i32
}

fn segment_balance(shape: Shape, me: u64, them: u64) -> i32 {
    let mut value = 0;
    for step in steps(shape) {
        let (one, two, _) = segment_counts(me, shape.board & !them, step);
        value +=
            ONE_DISC_SEGMENT * one.count_ones() as i32 + TWO_DISC_SEGMENT * two.count_ones() as i32;
        let (one, two, _) = segment_counts(them, shape.board & !me, step);
        value -=
            ONE_DISC_SEGMENT * one.count_ones() as i32 + TWO_DISC_SEGMENT * two.count_ones() as i32;
    }
    value
}

/// Discs in the centre column(s), mine minus theirs.
fn centre_balance(shape: Shape, me: u64, them: u64) -> i32 {
    let mut centre = shape.column_mask(shape.cols / 2);
    if shape.cols.is_multiple_of(2) {
        centre |= shape.column_mask(shape.cols / 2 - 1);
    }
    (me & centre).count_ones() as i32 - (them & centre).count_ones() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn position(digits: &str) -> ConnectFour {
        ConnectFour::new()
            .parse_position(&format!("digits {digits}"))
            .expect("valid")
    }

    #[test]
    fn baseline_counts_segments() {
        // One X disc, O to move: no segment holds two discs of a colour.
        assert_eq!(baseline(&position("4")), 0);
        // X d1 e1, O a1 a2, X to move: X scores b-e, c-f, d-g on row 1 (a-d is mixed),
        // O scores a1-a4: 3 - 1.
        assert_eq!(baseline(&position("4151")), 2);
        // O to move; X c1-d1-e1: segments b-e and c-f hold three (200), d-g two (1).
        assert_eq!(baseline(&position("31415")), 1 - 201);
        assert_eq!(baseline(&position("44")), 0);
    }

    #[test]
    fn full_sees_immediate_wins_and_double_threats() {
        // X to move with three stacked in column a: wins next ply.
        assert_eq!(full(&position("121212")), SURE);
        // O to move; X threatens b1 and f1 (c1-d1-e1): O cannot block both.
        assert_eq!(full(&position("37475")), -SURE);
        // O to move, one threat at b1 (c1-d1-e1 with f1 taken): blockable, not sure.
        assert!(full(&position("36465")).abs() < SURE);
    }

    #[test]
    fn full_prefers_the_centre() {
        // X to move: X holds the centre and O the edge, then the other way round.
        assert!(full(&position("41")) > 0);
        assert!(full(&position("14")) < 0);
    }
}
