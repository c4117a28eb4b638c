//! The input side of a session: a thread that reads lines, so the session can answer
//! `stop` and `isready` while a search runs, and cuts lines that are too long instead of
//! buffering them.

use std::io::{self, BufRead};
use std::time::Instant;

use crossbeam_channel::Receiver;

/// The longest input line read; longer lines are answered with an error and skipped.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader thread delivers.
pub enum Input {
    /// A line and when it was read: a search's time limits count from the arrival of its
    /// `go`, not from when the session gets to it (a `Hash` resize before it can take
    /// hundreds of milliseconds).
    Line(String, Instant),
    /// A line that could not be read as text: invalid UTF-8 or too long.
    Bad(&'static str),
    Eof,
}

/// Reads lines on a thread of its own, so the session can answer while a line is pending.
pub fn spawn_reader(mut input: impl BufRead + Send + 'static) -> Receiver<Input> {
    let (tx, rx) = crossbeam_channel::unbounded();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                let message = match read_line_limited(&mut input, &mut buffer, MAX_LINE_BYTES) {
                    Ok(None) => Input::Eof,
                    Ok(Some(true)) => Input::Bad("line too long"),
                    Ok(Some(false)) => match String::from_utf8(std::mem::take(&mut buffer)) {
                        Ok(line) => Input::Line(line, Instant::now()),
                        Err(_) => Input::Bad("line is not valid UTF-8"),
                    },
                    Err(error) => {
                        log::warn!("reading input failed: {error}");
                        Input::Eof
                    }
                };
                let is_eof = matches!(message, Input::Eof);
                if tx.send(message).is_err() || is_eof {
                    return;
                }
            }
        });
    if let Err(error) = spawned {
        log::error!("cannot start the input thread: {error}");
    }
    rx
}

/// Reads one line into `buffer` (without the newline), keeping at most `limit` bytes.
/// Returns `None` at end of input, else whether the line was cut.
fn read_line_limited(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
    limit: usize,
) -> io::Result<Option<bool>> {
    let mut total = 0usize;
    let mut cut = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(if total == 0 { None } else { Some(cut) });
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], Some(at + 1)),
            None => (available, None),
        };
        let room = limit.saturating_sub(buffer.len());
        buffer.extend_from_slice(&chunk[..chunk.len().min(room)]);
        cut |= chunk.len() > room;
        let consumed = done.unwrap_or(chunk.len());
        total += consumed;
        input.consume(consumed);
        if done.is_some() {
            if buffer.last() == Some(&b'\r') {
                buffer.pop();
            }
            return Ok(Some(cut));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_cut_and_flagged() {
        let mut input = io::Cursor::new(b"abcdef\nxy\r\nlast".to_vec());
        let mut buffer = Vec::new();
        assert_eq!(
            read_line_limited(&mut input, &mut buffer, 4).ok(),
            Some(Some(true))
        );
        assert_eq!(buffer, b"abcd");
        buffer.clear();
        assert_eq!(
            read_line_limited(&mut input, &mut buffer, 4).ok(),
            Some(Some(false))
        );
        assert_eq!(buffer, b"xy");
        buffer.clear();
        assert_eq!(
            read_line_limited(&mut input, &mut buffer, 4).ok(),
            Some(Some(false))
        );
        assert_eq!(buffer, b"last");
        buffer.clear();
        assert_eq!(
            read_line_limited(&mut input, &mut buffer, 4).ok(),
            Some(None)
        );
    }
}
