//! The learned evaluation: pattern tables ([`super::pattern`]) plus a few scalar terms,
//! one weight set per stage of [`STAGE_WIDTH`] empties, fitted from arbor's own solved
//! games by `othello-train` (tools/). The weights ship inside the binary (`include_bytes!` of
//! `data/othello/weights.bin`, format in [`LearnedWeights::decode`]); nothing is read at
//! run time.

use std::sync::OnceLock;

use crate::game::othello::bitboard::{legal_moves, neighbours};
use crate::game::othello::incremental::{swap_colours, PatternIndices, LANE_OFFSETS};
use crate::game::othello::pattern::{
    for_each_index, FAMILIES, INSTANCES, OFFSETS, PATTERN_WEIGHTS,
};
use crate::game::othello::shallow::{self, Leaf};

/// Empties per stage: stage `s` holds positions with `4s+1 ..= 4s+4` empties.
pub const STAGE_WIDTH: u32 = 4;
/// Stages (empties 1 to 60).
pub const STAGES: usize = 15;
/// Scalar terms after the pattern weights of a stage: own mobility, the opponent's,
/// own potential mobility, the opponent's, odd empties, constant.
pub const SCALARS: usize = 6;
/// Weights per stage.
pub const STAGE_LEN: usize = PATTERN_WEIGHTS + SCALARS;

/// The stage of a position with `empties` empty squares.
#[inline(always)]
pub fn stage_of(empties: u32) -> usize {
    ((empties.max(1) - 1) / STAGE_WIDTH).min(STAGES as u32 - 1) as usize
}

/// The scalar terms of a position (`moves`: the legal moves of `player`).
#[inline(always)]
pub fn scalars(player: u64, opponent: u64, moves: u64) -> [i32; SCALARS] {
    let empty = !(player | opponent);
    [
        moves.count_ones() as i32,
        legal_moves(opponent, player).count_ones() as i32,
        (neighbours(opponent) & empty).count_ones() as i32,
        (neighbours(player) & empty).count_ones() as i32,
        (empty.count_ones() & 1) as i32,
        1,
    ]
}

/// Weights of every stage, in centi-discs, `STAGES * STAGE_LEN` of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearnedWeights {
    pub weights: Vec<i16>,
}

const MAGIC: &[u8; 8] = b"ARBOTHW1";

impl LearnedWeights {
    /// All zero.
    pub fn zero() -> Self {
        LearnedWeights {
            weights: vec![0; STAGES * STAGE_LEN],
        }
    }

    /// The weights of one stage.
    #[inline(always)]
    pub fn stage(&self, stage: usize) -> &[i16] {
        &self.weights[stage * STAGE_LEN..(stage + 1) * STAGE_LEN]
    }

    /// The value of the position for `player` (to move, with legal moves `moves`), in
    /// centi-discs.
    #[inline]
    pub fn evaluate(&self, player: u64, opponent: u64, moves: u64) -> i32 {
        let empties = 64 - (player | opponent).count_ones();
        let w = self.stage(stage_of(empties));
        let patterns = &w[..PATTERN_WEIGHTS];
        let mut sum = 0i32;
        for_each_index(player, opponent, |index| {
            sum += i32::from(patterns[index as usize]);
        });
        let s = scalars(player, opponent, moves);
        for (k, value) in s.iter().enumerate() {
            sum += value * i32::from(w[PATTERN_WEIGHTS + k]);
        }
        sum
    }

    /// The value in centi-discs of a `depth`-ply alpha-beta search in (`alpha`, `beta`)
    /// with these weights ([`shallow::negamax`]; passes are not plies, so the leaves have
    /// exactly `depth` fewer empties). Labels early training positions and orders moves
    /// high in the endgame tree.
    pub fn search(&self, player: u64, opponent: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        shallow::negamax(self, player, opponent, depth, alpha, beta)
    }

    /// The file form: `ARBOTHW1`, then the weights in order as (run of zeros, value)
    /// pairs of LEB128 varints (value zigzag-coded), ending with a last run of zeros.
    /// Unseen pattern configurations keep weight 0, so the file is a fraction of the
    /// tables' size.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let mut run = 0u64;
        for &w in &self.weights {
            if w == 0 {
                run += 1;
                continue;
            }
            put_varint(&mut out, run);
            put_varint(&mut out, zigzag(w));
            run = 0;
        }
        put_varint(&mut out, run);
        out
    }

    /// Reads [`Self::encode`]'s form; an error names what is wrong.
    pub fn decode(bytes: &[u8]) -> Result<Self, String> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or("not an arbor Othello weights file")?;
        let total = STAGES * STAGE_LEN;
        let mut weights = Vec::with_capacity(total);
        let mut pos = 0;
        loop {
            let run = get_varint(rest, &mut pos)? as usize;
            if run > total - weights.len() {
                return Err("too many weights".to_string());
            }
            weights.resize(weights.len() + run, 0);
            if pos == rest.len() {
                break;
            }
            if weights.len() == total {
                return Err("too many weights".to_string());
            }
            let z = get_varint(rest, &mut pos)?;
            weights.push(unzigzag(z)?);
        }
        if weights.len() != total {
            return Err(format!("{} weights, expected {total}", weights.len()));
        }
        Ok(LearnedWeights { weights })
    }
}

/// The weights laid out for [`PatternIndices`] (absolute colours): per stage, the pattern
/// table for black to move (the index is already the mover's view) and for white to move
/// (digits 1 and 2 swapped), then the scalar weights. Twice the memory of
/// [`LearnedWeights`], but a leaf is only lookups.
pub struct SidedTables {
    patterns: Vec<i16>,
    scalars: Vec<i16>,
}

impl SidedTables {
    pub fn new(weights: &LearnedWeights) -> Self {
        let mut patterns = Vec::with_capacity(STAGES * 2 * PATTERN_WEIGHTS);
        let mut scalars = Vec::with_capacity(STAGES * SCALARS);
        for stage in 0..STAGES {
            let w = weights.stage(stage);
            patterns.extend_from_slice(&w[..PATTERN_WEIGHTS]);
            for (family, _) in FAMILIES.iter().enumerate() {
                let start = OFFSETS[family];
                for index in 0..OFFSETS[family + 1] - start {
                    patterns.push(w[start + swap_colours(family, index)]);
                }
            }
            scalars.extend_from_slice(&w[PATTERN_WEIGHTS..]);
        }
        SidedTables { patterns, scalars }
    }

    /// The value in centi-discs for the side to move (black when `black_to_move`), whose
    /// discs are `player`, with legal moves `moves`; `indices` are the position's.
    #[inline]
    pub fn evaluate(
        &self,
        indices: &PatternIndices,
        black_to_move: bool,
        player: u64,
        opponent: u64,
        moves: u64,
    ) -> i32 {
        let empties = 64 - (player | opponent).count_ones();
        let stage = stage_of(empties);
        let base = (2 * stage + usize::from(!black_to_move)) * PATTERN_WEIGHTS;
        let table = &self.patterns[base..base + PATTERN_WEIGHTS];
        let mut sum = 0i32;
        for (offset, &index) in LANE_OFFSETS.iter().zip(&indices.0[..INSTANCES]) {
            sum += i32::from(table[(offset + u32::from(index)) as usize]);
        }
        let s = scalars(player, opponent, moves);
        let w = &self.scalars[stage * SCALARS..(stage + 1) * SCALARS];
        for (value, &weight) in s.iter().zip(w) {
            sum += value * i32::from(weight);
        }
        sum
    }
}

impl Leaf for LearnedWeights {
    const SCORES_PASSES: bool = false;

    #[inline]
    fn value(&self, player: u64, opponent: u64, moves: u64) -> i32 {
        self.evaluate(player, opponent, moves)
    }
}

fn zigzag(w: i16) -> u64 {
    ((i64::from(w) << 1) ^ (i64::from(w) >> 63)) as u64
}

fn unzigzag(z: u64) -> Result<i16, String> {
    let v = (z >> 1) as i64 ^ -((z & 1) as i64);
    i16::try_from(v).map_err(|_| "weight out of range".to_string())
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &[u8], pos: &mut usize) -> Result<u64, String> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*pos).ok_or("truncated weights file")?;
        *pos += 1;
        v |= u64::from(byte & 0x7F) << shift;
        if byte < 0x80 {
            return Ok(v);
        }
    }
    Err("bad varint in weights file".to_string())
}

/// [`embedded`] laid out for the indices carried in positions (built once).
pub fn embedded_tables() -> &'static SidedTables {
    static TABLES: OnceLock<SidedTables> = OnceLock::new();
    TABLES.get_or_init(|| SidedTables::new(embedded()))
}

/// The weights built into the binary (decoded once).
pub fn embedded() -> &'static LearnedWeights {
    static WEIGHTS: OnceLock<LearnedWeights> = OnceLock::new();
    WEIGHTS.get_or_init(|| {
        LearnedWeights::decode(include_bytes!("../../../data/othello/weights.bin"))
            .unwrap_or_else(|_| LearnedWeights::zero())
    })
}
