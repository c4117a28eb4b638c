//! Pairs the session's answers with the commands a front end sent.

use std::collections::VecDeque;

/// Where a front end's protocol lines go (the session's input).
pub(crate) trait LineSink {
    fn send_line(&self, line: &str);
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
    pub(crate) fn send(&mut self, pipe: &impl LineSink, line: &str, purpose: P) {
        self.pending.push_back(purpose);
        pipe.send_line(line);
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
