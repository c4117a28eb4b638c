//! The training-data file: one 17-byte record per position (discs of the side to move,
//! discs of the other side, both little-endian u64, then the label byte: the exact final
//! margin for the side to move, or [`UNLABELED`] for positions labelled later by search).

use std::io::{self, Read, Write};

/// The label byte of a position without an exact value.
pub const UNLABELED: i8 = i8::MIN;

/// One position of the training data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    pub player: u64,
    pub opponent: u64,
    /// Exact margin for the side to move, or [`UNLABELED`].
    pub label: i8,
}

const RECORD: usize = 17;

impl Sample {
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut bytes = [0u8; RECORD];
        bytes[..8].copy_from_slice(&self.player.to_le_bytes());
        bytes[8..16].copy_from_slice(&self.opponent.to_le_bytes());
        bytes[16] = self.label as u8;
        out.write_all(&bytes)
    }
}

/// Reads every whole record of `input` (a torn last record, from a generator stopped
/// mid-write, is ignored).
pub fn read_all(input: &mut impl Read) -> io::Result<Vec<Sample>> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    Ok(bytes
        .chunks_exact(RECORD)
        .map(|r| Sample {
            player: u64::from_le_bytes(r[..8].try_into().unwrap_or_default()),
            opponent: u64::from_le_bytes(r[8..16].try_into().unwrap_or_default()),
            label: r[16] as i8,
        })
        .collect())
}
