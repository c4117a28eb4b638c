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

/// Reads lines on a thread of its own, so the session (or a front end) can answer while
/// a line is pending. The channel ends with [`Input::Eof`], then disconnects.
pub fn spawn_reader(mut input: impl BufRead + Send + 'static) -> Receiver<Input> {
    let (tx, rx) = crossbeam_channel::unbounded();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut lines = LineReader::new();
            loop {
                let message = match lines.next(&mut input) {
                    Ok(None) => Input::Eof,
                    Ok(Some(Ok(line))) => Input::Line(line, Instant::now()),
                    Ok(Some(Err(reason))) => Input::Bad(reason),
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

/// The byte order mark some editors and Windows tools put before UTF-8 text.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Splits input into lines of text for the session and the front ends alike: lines are
/// cut at [`MAX_LINE_BYTES`], a byte order mark before the first line is dropped, and a
/// line that is not UTF-8 is reported as such (the next line is read as usual).
pub(crate) struct LineReader {
    buffer: Vec<u8>,
    first: bool,
}

impl LineReader {
    pub(crate) fn new() -> Self {
        LineReader {
            buffer: Vec::new(),
            first: true,
        }
    }

    /// The next line (without its line end), or why it is not text; `None` at the end.
    ///
    /// # Errors
    /// Reading the input failed.
    pub(crate) fn next(
        &mut self,
        input: &mut impl BufRead,
    ) -> io::Result<Option<Result<String, &'static str>>> {
        self.buffer.clear();
        let cut = match read_line_limited(input, &mut self.buffer, MAX_LINE_BYTES)? {
            None => return Ok(None),
            Some(cut) => cut,
        };
        let mut bytes = std::mem::take(&mut self.buffer);
        if std::mem::take(&mut self.first) && bytes.starts_with(BOM) {
            bytes.drain(..BOM.len());
        }
        if cut {
            return Ok(Some(Err("line too long")));
        }
        Ok(Some(
            String::from_utf8(bytes).map_err(|_| "line is not valid UTF-8"),
        ))
    }
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
    fn a_leading_byte_order_mark_is_dropped_and_bad_bytes_are_reported() {
        let mut input = io::Cursor::new(b"\xEF\xBB\xBFuci\n\xff\xfe\n\xEF\xBB\xBFname\n".to_vec());
        let mut lines = LineReader::new();
        let mut next = || lines.next(&mut input).ok().flatten();
        assert_eq!(next(), Some(Ok("uci".to_string())));
        assert_eq!(next(), Some(Err("line is not valid UTF-8")));
        // Only a mark at the very start is dropped: later it is part of the line.
        assert_eq!(next(), Some(Ok("\u{feff}name".to_string())));
        assert_eq!(next(), None);
    }

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
