//! Front ends that let tools people already use drive arbor: UCI (cutechess-cli) and
//! NBoard (Othello GUIs). Each translates its protocol to arbor's own and drives the same
//! protocol session through a [`pipe::SessionPipe`].

pub mod drops;
pub mod gomocup;
pub mod nboard;
pub mod pipe;
pub mod uci;

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

use crossbeam_channel::{select, Receiver};

use crate::frontend::pipe::SessionPipe;
use crate::protocol::reader::LineReader;

/// A front end: translates its tool's lines into arbor's protocol and the session's
/// answers back.
pub(crate) trait Translator {
    /// Handles one line from the tool; `false` ends the session (the tool quit).
    fn on_input<W: Write>(
        &mut self,
        line: &str,
        pipe: &SessionPipe,
        out: &mut W,
    ) -> io::Result<bool>;

    /// Handles one line the session printed.
    fn on_output<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<()>;

    /// Answers a line that could not be read as text (`reason`), in the tool's own way.
    fn on_bad_input<W: Write>(
        &mut self,
        reason: &str,
        pipe: &SessionPipe,
        out: &mut W,
    ) -> io::Result<()>;
}

/// Runs `translator` between the tool's `lines`/`output` and the session in `pipe` until
/// the tool quits or its input ends; what the session still prints then (the last
/// `bestmove`) is translated before returning.
pub(crate) fn drive<T: Translator, W: Write>(
    translator: &mut T,
    mut pipe: SessionPipe,
    lines: Receiver<ToolLine>,
    mut output: W,
) -> io::Result<()> {
    let session_output = pipe.output().clone();
    loop {
        select! {
            recv(lines) -> line => match line {
                Ok(Ok(line)) => {
                    if !translator.on_input(line.trim(), &pipe, &mut output)? {
                        pipe.send("quit");
                        break;
                    }
                }
                Ok(Err(reason)) => translator.on_bad_input(reason, &pipe, &mut output)?,
                Err(_) => {
                    pipe.close();
                    break;
                }
            },
            recv(session_output) -> line => match line {
                Ok(line) => translator.on_output(&line, &mut output)?,
                Err(_) => return Ok(()),
            },
        }
    }
    while let Ok(line) = session_output.recv() {
        translator.on_output(&line, &mut output)?;
    }
    Ok(())
}

/// Writes one line to the tool, flushed at once (tools wait for whole lines).
pub(crate) fn say(out: &mut impl Write, line: &str) -> io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}

/// One line from the tool: its text (without the line end), or why it is not text.
pub(crate) type ToolLine = Result<String, &'static str>;

/// Reads lines on a thread of its own, as the session's own reader does (a leading byte
/// order mark dropped, bad bytes and overlong lines reported); the channel disconnects at
/// end of input.
pub(crate) fn spawn_line_reader(mut input: impl BufRead + Send + 'static) -> Receiver<ToolLine> {
    let (tx, rx) = crossbeam_channel::unbounded();
    let spawned = std::thread::Builder::new()
        .name("frontend-input".into())
        .spawn(move || {
            let mut lines = LineReader::new();
            while let Ok(Some(line)) = lines.next(&mut input) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
    if let Err(error) = spawned {
        log::error!("cannot start the input thread: {error}");
    }
    rx
}

/// One line of the session's output, as a front end sees it.
pub(crate) enum SessionLine<'a, P> {
    /// The first line of the answer to a command sent for `purpose`; `error` holds the
    /// detail (`kind text`) of a `?` answer.
    Answer {
        purpose: Option<P>,
        error: Option<&'a str>,
    },
    /// A later line of an answer, or the empty line that ends it.
    Rest,
    /// An `info` line (the text after `info `).
    Info(&'a str),
    /// A `bestmove` line (the move).
    BestMove(&'a str),
    /// Anything else.
    Other,
}

/// Pairs the session's answers with the commands a front end sent, in order: every
/// command gets exactly one answer, a first line `=...`/`?...` and more up to an empty line.
pub(crate) struct Conversation<P> {
    pending: VecDeque<P>,
    inside_answer: bool,
}

impl<P> Conversation<P> {
    pub(crate) fn new() -> Self {
        Conversation {
            pending: VecDeque::new(),
            inside_answer: false,
        }
    }

    /// Sends `line` to the session, remembering what its answer is for.
    pub(crate) fn send(&mut self, pipe: &SessionPipe, line: &str, purpose: P) {
        self.pending.push_back(purpose);
        pipe.send(line);
    }

    /// Whether an answer is still owed to a command sent for a purpose that `counts`.
    pub(crate) fn owes(&self, counts: impl Fn(&P) -> bool) -> bool {
        self.pending.iter().any(counts)
    }

    /// Classifies one line of the session's output.
    pub(crate) fn read<'a>(&mut self, line: &'a str) -> SessionLine<'a, P> {
        if self.inside_answer {
            self.inside_answer = !line.is_empty();
            return SessionLine::Rest;
        }
        if line.starts_with('=') || line.starts_with('?') {
            self.inside_answer = true;
            let error = line
                .strip_prefix('?')
                .map(|rest| rest.split_once(' ').map_or(rest, |(_, detail)| detail));
            return SessionLine::Answer {
                purpose: self.pending.pop_front(),
                error,
            };
        }
        if let Some(rest) = line.strip_prefix("info ") {
            SessionLine::Info(rest)
        } else if let Some(best) = line.strip_prefix("bestmove ") {
            SessionLine::BestMove(best)
        } else {
            SessionLine::Other
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_pair_with_commands_in_order_and_search_lines_pass_through() {
        let mut session = Conversation::new();
        session.pending.extend(["first", "second"]);
        assert!(matches!(
            session.read("= line one"),
            SessionLine::Answer {
                purpose: Some("first"),
                error: None
            }
        ));
        assert!(matches!(
            session.read("more of the first answer"),
            SessionLine::Rest
        ));
        assert!(matches!(session.read(""), SessionLine::Rest));
        assert!(matches!(
            session.read("info depth 3"),
            SessionLine::Info("depth 3")
        ));
        assert!(matches!(
            session.read("?7 busy a search is running"),
            SessionLine::Answer {
                purpose: Some("second"),
                error: Some("busy a search is running")
            }
        ));
        assert!(matches!(session.read(""), SessionLine::Rest));
        assert!(matches!(
            session.read("bestmove e5"),
            SessionLine::BestMove("e5")
        ));
        assert!(matches!(
            session.read("=3"),
            SessionLine::Answer {
                purpose: None,
                error: None
            }
        ));
    }
}
