//! Connect Four heuristics for depth-limited play, from the side to move's view.
//!
//! `full`: threats (empty cells that would complete four) weighted by the odd/even parity
//! rule, open segments of four, centre control. `baseline`: the seed book's segment count,
//! kept as a weak, predictable sparring partner. Both are bit-parallel: no per-square loops.
//! `features`/`weighted`: `full` as a linear model over a richer feature set (for fitting
//! weights to solved positions, `connect4-fallback`, tools/); not used in play.

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

/// Both sides' threats (empty cells that would complete four: the side to move's, the
/// opponent's), or the value one ply settles: a win at once, or two cells to block.
#[inline(always)]
fn threats_or_sure(position: &ConnectFour) -> Result<(u64, u64), i32> {
    let shape = position.shape();
    let mask = position.mask();
    let me = position.current();
    let playable = shape.playable(mask);
    let my_threats = winning_cells(shape, me, mask);
    let their_threats = winning_cells(shape, me ^ mask, mask);
    if my_threats & playable != 0 {
        return Err(SURE);
    }
    let forced = their_threats & playable;
    // Two cells to block at once, or blocking hands the opponent the cell above.
    if forced.count_ones() >= 2 || forced & (their_threats >> 1) != 0 {
        return Err(-SURE);
    }
    Ok((my_threats, their_threats))
}

/// The rows where the side to move's threats pay and those where the opponent's do: the
/// first player's on odd rows (1, 3, 5 from the bottom), the second player's on even rows.
#[inline(always)]
fn parity_rows(position: &ConnectFour) -> (u64, u64) {
    let shape = position.shape();
    let odd = shape.odd_rows();
    if position.moves().is_multiple_of(2) {
        (odd, shape.board & !odd)
    } else {
        (shape.board & !odd, odd)
    }
}

/// The full evaluation: immediate wins and double threats, parity-weighted threats, open
/// segments and centre discs.
pub fn full(position: &ConnectFour) -> i32 {
    let shape = position.shape();
    let mask = position.mask();
    let me = position.current();
    let them = me ^ mask;
    let (my_threats, their_threats) = match threats_or_sure(position) {
        Ok(threats) => threats,
        Err(sure) => return sure,
    };

    // Parity: the first player's threats pay on odd rows (1, 3, 5 from the bottom), the
    // second player's on even rows. A threat directly above an opponent's threat is dead:
    // the opponent's fills first.
    let (my_rows, their_rows) = parity_rows(position);
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
    let centre = centre_mask(shape);
    (me & centre).count_ones() as i32 - (them & centre).count_ones() as i32
}

/// Features of the full evaluation, from the side to move's view ("mine") against the
/// side waiting ("theirs"). A threat is an empty cell that would complete four; it is
/// dead when it lies directly above an opponent's threat (the opponent's fills first),
/// live otherwise; good rows are the parity rule's (the first player's threats pay on odd
/// rows 1, 3, 5 from the bottom, the second player's on even rows). The lowest threats
/// are the threats with no threat of either side below them in their column (the ones
/// zugzwang decides); stacked threats are two of one side's threats one above the other.
pub const FEATURES: usize = 22;

/// What each feature counts (for the fitting tool and the tests).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "my live threats on good rows",
    "my live threats on other rows",
    "my dead threats",
    "their live threats on good rows",
    "their live threats on other rows",
    "their dead threats",
    "my segments of four with one disc",
    "my segments of four with two discs",
    "their segments of four with one disc",
    "their segments of four with two discs",
    "my centre discs",
    "their centre discs",
    "the first player to move",
    "constant",
    "my lowest live threats on good rows",
    "their lowest live threats on good rows",
    "my stacked threats",
    "their stacked threats",
    "my threats above a playable cell",
    "their threats above a playable cell",
    "I have a lowest live threat on a good row",
    "they have a lowest live threat on a good row",
];

/// The weights of [`full`] over [`features`], in centi-units (threats 90/35/5 by parity,
/// segments 1/6, centre 4; the other features unused).
pub const CLASSIC: [i32; FEATURES] = [
    GOOD_THREAT,
    OTHER_THREAT,
    DEAD_THREAT,
    -GOOD_THREAT,
    -OTHER_THREAT,
    -DEAD_THREAT,
    ONE_DISC_SEGMENT,
    TWO_DISC_SEGMENT,
    -ONE_DISC_SEGMENT,
    -TWO_DISC_SEGMENT,
    CENTRE_DISC,
    -CENTRE_DISC,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
];

/// Centi-units of the evaluation per unit of the fitted logit (the fitted weights are
/// the logistic regression's times this).
pub const CENTI_PER_LOGIT: f64 = 100.0;

/// The full evaluation's linear form: the sure wins and losses first, then the weighted
/// sum of [`features`]. With [`CLASSIC`] it is [`full`] (a test checks it); other weights
/// are for fitting and comparing (`connect4-fallback`, tools/).
pub fn weighted(position: &ConnectFour, weights: &[i32; FEATURES]) -> i32 {
    match features_or_sure(position) {
        Ok(features) => {
            let value: i32 = features.iter().zip(weights).map(|(f, w)| f * w).sum();
            value.clamp(-SURE + 1, SURE - 1)
        }
        Err(sure) => sure,
    }
}

/// The features of a position the evaluation does not settle by its one-ply checks (an
/// immediate win, or two threats to block at once), `None` for those.
pub fn features(position: &ConnectFour) -> Option<[i32; FEATURES]> {
    features_or_sure(position).ok()
}

#[inline(always)]
fn features_or_sure(position: &ConnectFour) -> Result<[i32; FEATURES], i32> {
    let shape = position.shape();
    let mask = position.mask();
    let me = position.current();
    let them = me ^ mask;
    let (my_threats, their_threats) = threats_or_sure(position)?;

    let (my_rows, their_rows) = parity_rows(position);
    let my_dead = my_threats & (their_threats << 1);
    let my_live = my_threats & !my_dead;
    let their_dead = their_threats & (my_threats << 1);
    let their_live = their_threats & !their_dead;
    // Cells above any threat in the same column (the sentinel row stops the smear).
    let all = my_threats | their_threats;
    let mut above = (all << 1) & shape.board;
    for _ in 0..4 {
        above |= (above << 1) & shape.board;
    }
    let my_lowest = my_live & my_rows & !above;
    let their_lowest = their_live & their_rows & !above;
    let count = |bits: u64| bits.count_ones() as i32;
    let (my_one, my_two, their_one, their_two) = segment_totals(shape, me, them);
    let centre = centre_mask(shape);
    Ok([
        count(my_live & my_rows),
        count(my_live & !my_rows),
        count(my_dead),
        count(their_live & their_rows),
        count(their_live & !their_rows),
        count(their_dead),
        my_one,
        my_two,
        their_one,
        their_two,
        count(me & centre),
        count(them & centre),
        i32::from(position.moves().is_multiple_of(2)),
        1,
        count(my_lowest),
        count(their_lowest),
        count(my_threats & (my_threats >> 1)),
        count(their_threats & (their_threats >> 1)),
        count(my_threats & (shape.playable(mask) << 1)),
        count(their_threats & (shape.playable(mask) << 1)),
        i32::from(my_lowest != 0),
        i32::from(their_lowest != 0),
    ])
}

/// Open segments of four holding one and two discs: mine (no disc of theirs), theirs.
fn segment_totals(shape: Shape, me: u64, them: u64) -> (i32, i32, i32, i32) {
    let (mut my_one, mut my_two, mut their_one, mut their_two) = (0, 0, 0, 0);
    for step in steps(shape) {
        let (one, two, _) = segment_counts(me, shape.board & !them, step);
        my_one += one.count_ones() as i32;
        my_two += two.count_ones() as i32;
        let (one, two, _) = segment_counts(them, shape.board & !me, step);
        their_one += one.count_ones() as i32;
        their_two += two.count_ones() as i32;
    }
    (my_one, my_two, their_one, their_two)
}

/// The centre column(s).
fn centre_mask(shape: Shape) -> u64 {
    let mut centre = shape.column_mask(shape.cols / 2);
    if shape.cols.is_multiple_of(2) {
        centre |= shape.column_mask(shape.cols / 2 - 1);
    }
    centre
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

    /// The positions after every prefix of a few fixed pseudo-random games.
    fn sample_positions() -> Vec<ConnectFour> {
        let mut positions = Vec::new();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200 {
            let mut position = ConnectFour::new();
            while position.outcome().is_none() {
                positions.push(position);
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let legal: Vec<u32> = (0..7).filter(|&c| position.can_play(c)).collect();
                let column = legal[(state % legal.len() as u64) as usize];
                position.play(crate::game::connect_four::Column(column as u8));
            }
        }
        positions
    }

    #[test]
    fn weighted_classic_is_full() {
        let positions = sample_positions();
        assert!(positions.len() > 3000);
        for position in &positions {
            assert_eq!(weighted(position, &CLASSIC), full(position), "{position:?}");
        }
    }

    #[test]
    fn features_are_mirror_symmetric() {
        let shape = Shape::STANDARD;
        for position in sample_positions() {
            let mirrored = ConnectFour::from_bits(
                shape,
                shape.mirror(position.current()),
                shape.mirror(position.mask()),
                position.moves(),
            );
            assert_eq!(features(&position), features(&mirrored), "{position:?}");
        }
    }

    #[test]
    fn features_count_hand_checked_threats() {
        // X d1 c2 e2 d2, O c1 e1 a1; O to move:
        //   row 2: . . X X X . .
        //   row 1: O . O X O . .
        // X threatens b2 and f2 (even row, X's other parity), neither playable yet but
        // each above a playable cell; O has no threat; X holds two centre discs.
        let f = features(&position("4335514")).expect("not settled");
        let threats = [f[0], f[1], f[2], f[3], f[4], f[5]];
        assert_eq!(threats, [0, 0, 0, 0, 2, 0]);
        assert_eq!([f[10], f[11], f[12], f[13]], [0, 2, 0, 1]);
        assert_eq!([f[14], f[15], f[16], f[17]], [0, 0, 0, 0]);
        assert_eq!([f[18], f[19], f[20], f[21]], [0, 2, 0, 0]);
        // O then plays g1: X to move sees the same two threats as its own (on its other
        // parity, each above a playable cell).
        let f = features(&position("43355147")).expect("not settled");
        assert_eq!([f[0], f[1], f[18], f[19]], [0, 2, 2, 0]);
        // A position the one-ply checks settle has no features.
        assert_eq!(features(&position("37475")), None);
        assert_eq!(weighted(&position("37475"), &CLASSIC), -SURE);
    }
}
