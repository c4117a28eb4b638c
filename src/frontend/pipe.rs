//! Runs a protocol [`Session`] on in-memory channels, so a front end (UCI, NBoard) can
//! drive the very same session and search by translating lines in both directions.

use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

use crossbeam_channel::{Receiver, Sender};

use crate::frontend::conversation::{Conversation, LineSink, SessionLine};
use crate::protocol::session::Session;

/// A session running on its own thread, fed and read through channels of lines.
pub struct SessionPipe {
    input: Option<Sender<String>>,
    output: Receiver<String>,
    thread: Option<JoinHandle<io::Result<()>>>,
}

impl LineSink for SessionPipe {
    fn send_line(&self, line: &str) {
        self.send(line);
    }
}

impl SessionPipe {
    /// Starts a session.
    ///
    /// # Errors
    /// The session could not be set up (hash table, threads).
    pub fn start() -> Result<Self, String> {
        let (input_tx, input_rx) = crossbeam_channel::unbounded();
        let (output_tx, output_rx) = crossbeam_channel::unbounded();
        let session = Session::new(ChannelWriter::new(output_tx))?;
        let thread = std::thread::Builder::new()
            .name("session".into())
            .spawn(move || session.run(ChannelReader::new(input_rx)))
            .map_err(|e| format!("cannot start the session thread: {e}"))?;
        Ok(SessionPipe {
            input: Some(input_tx),
            output: output_rx,
            thread: Some(thread),
        })
    }

    /// Starts a session and sets `options` (name, value) in it, in order, before anything
    /// else: the command line's `--option NAME=VALUE` for the front ends, whose own
    /// protocols (Gomocup, NBoard) have no way to set arbor's options.
    ///
    /// # Errors
    /// The session could not be set up, or it refused an option (the error names it and
    /// gives the session's reason).
    pub fn start_with(options: &[(String, String)]) -> Result<Self, String> {
        let pipe = Self::start()?;
        let mut conversation = Conversation::new();
        for (name, value) in options {
            conversation.send(&pipe, &format!("setoption name {name} value {value}"), ());
            pipe.answer(&mut conversation)
                .map_err(|detail| format!("option {name}={value}: {detail}"))?;
        }
        Ok(pipe)
    }

    /// Waits for the whole answer (up to its empty line) to the command `conversation`
    /// sent last: `Err` with the detail of a `?` answer. Only for commands sent before any
    /// search starts.
    fn answer(&self, conversation: &mut Conversation<()>) -> Result<(), String> {
        let mut result = None;
        loop {
            let line = self
                .output
                .recv()
                .map_err(|_| "the session ended".to_string())?;
            match conversation.read(&line) {
                SessionLine::Answer { error, .. } => result = Some(error.map(str::to_string)),
                SessionLine::Rest if line.is_empty() => {
                    if let Some(error) = result {
                        return error.map_or(Ok(()), Err);
                    }
                }
                _ => {}
            }
        }
    }

    /// Sends one protocol line to the session.
    pub fn send(&self, line: &str) {
        if let Some(input) = &self.input {
            // A session that has ended (after `quit`) reads nothing more; dropping is right.
            let _ = input.send(format!("{line}\n"));
        }
    }

    /// The session's output lines (without newlines); disconnects when the session ends.
    pub fn output(&self) -> &Receiver<String> {
        &self.output
    }

    /// Ends the input (the session stops any search, as at EOF) and waits for the thread.
    pub fn close(&mut self) {
        self.input = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for SessionPipe {
    fn drop(&mut self) {
        self.close();
    }
}

/// Text from a channel, presented as a `BufRead` (the strings are passed on as they are,
/// line ends included); a closed channel is the end of input.
pub struct ChannelReader {
    buffer: Vec<u8>,
    position: usize,
    chunks: Receiver<String>,
}

impl ChannelReader {
    /// A reader of what `chunks` delivers.
    pub fn new(chunks: Receiver<String>) -> Self {
        ChannelReader {
            buffer: Vec::new(),
            position: 0,
            chunks,
        }
    }
}

impl Read for ChannelReader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let count = available.len().min(out.len());
        out[..count].copy_from_slice(&available[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl BufRead for ChannelReader {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.position >= self.buffer.len() {
            let Ok(chunk) = self.chunks.recv() else {
                return Ok(&[]);
            };
            self.buffer = chunk.into_bytes();
            self.position = 0;
        }
        Ok(&self.buffer[self.position..])
    }

    fn consume(&mut self, amount: usize) {
        self.position += amount;
    }
}

/// A `Write` that sends each completed line (without its newline) over a channel.
pub struct ChannelWriter {
    line: Vec<u8>,
    lines: Sender<String>,
}

impl ChannelWriter {
    /// A writer whose lines go to `lines`.
    pub fn new(lines: Sender<String>) -> Self {
        ChannelWriter {
            line: Vec::new(),
            lines,
        }
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &byte in bytes {
            if byte == b'\n' {
                let text = String::from_utf8_lossy(&self.line).into_owned();
                self.line.clear();
                self.lines
                    .send(text)
                    .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "front end gone"))?;
            } else {
                self.line.push(byte);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_piped_session_answers_like_the_real_one() {
        let mut pipe = SessionPipe::start().expect("starts");
        pipe.send("3 name");
        let next = || {
            pipe.output()
                .recv_timeout(Duration::from_secs(5))
                .expect("a line")
        };
        assert_eq!(next(), "=3 arbor");
        assert_eq!(next(), "");
        pipe.send("go infinite");
        assert_eq!(next(), "=");
        assert_eq!(next(), "");
        pipe.close();
        let rest: Vec<String> = pipe.output().try_iter().collect();
        assert_eq!(
            rest.iter().filter(|l| l.starts_with("bestmove ")).count(),
            1,
            "{rest:?}"
        );
    }

    #[test]
    fn options_are_set_before_the_session_starts_and_a_refused_one_is_named() {
        let options = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };
        let pipe = SessionPipe::start_with(&options(&[("GomokuAttackShare", "40")]))
            .expect("a known option and value");
        pipe.send("game gomoku");
        pipe.send("options");
        let next = || {
            pipe.output()
                .recv_timeout(Duration::from_secs(5))
                .expect("a line")
        };
        assert_eq!(next(), "=");
        assert_eq!(next(), "");
        let listed: Vec<String> = std::iter::from_fn(|| Some(next()))
            .take_while(|l| !l.is_empty())
            .collect();
        assert!(
            listed
                .iter()
                .any(|l| l.starts_with("GomokuAttackShare ") && l.contains(" (now 40) -- ")),
            "{listed:?}"
        );
        let error = SessionPipe::start_with(&options(&[("NoSuchOption", "1")]))
            .err()
            .expect("an unknown option is refused");
        assert!(error.starts_with("option NoSuchOption=1: "), "{error}");
        let error = SessionPipe::start_with(&options(&[("GomokuAttackShare", "200")]))
            .err()
            .expect("a value out of range is refused");
        assert!(
            error.starts_with("option GomokuAttackShare=200: "),
            "{error}"
        );
    }
}
