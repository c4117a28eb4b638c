//! Front ends that let tools people already use drive arbor: UCI (cutechess-cli) and
//! NBoard (Othello GUIs). Each translates its protocol to arbor's own and drives the same
//! protocol session through a [`pipe::SessionPipe`].

pub mod conversation;
pub mod drops;
pub mod gomocup;
pub mod nboard;
pub mod pipe;
pub mod uci;

use std::io::{self, Write};

use crossbeam_channel::{select, Receiver};

pub(crate) use crate::frontend::conversation::{Conversation, SessionLine};
use crate::frontend::pipe::SessionPipe;
use crate::protocol::reader::Input;

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
    lines: Receiver<Input>,
    mut output: W,
) -> io::Result<()> {
    let session_output = pipe.output().clone();
    loop {
        select! {
            recv(lines) -> line => match line {
                Ok(Input::Line(line, _)) => {
                    if !translator.on_input(line.trim(), &pipe, &mut output)? {
                        pipe.send("quit");
                        break;
                    }
                }
                Ok(Input::Bad(reason)) => translator.on_bad_input(reason, &pipe, &mut output)?,
                Ok(Input::Eof) | Err(_) => {
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
