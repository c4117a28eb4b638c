//! The NBoard front end (Othello GUIs, as Edax speaks it): `set game <GGF>`, `move`,
//! `go` -> `=== move eval seconds`, `hint N` -> `search pv eval 0 depth`, `ping N` ->
//! (stop thinking) `pong N`. Translated onto arbor's own protocol for a [`SessionPipe`].
//!
//! The GUI plays the engine's move itself and tells the engine with `move`: `go` never
//! changes the position. A move that is not legal is reported (`status illegal-move ...`)
//! and changes nothing. Every line arbor prints keeps the order of the commands it
//! answers: a line the front end could print at once waits behind the session's answers
//! still owed (such as a `pong`).

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

use crate::frontend::pipe::SessionPipe;
use crate::frontend::{drive, say, Conversation, SessionLine, Translator};
use crate::game::GameError;
use crate::protocol::reader::spawn_reader;
use crate::registry::AnyGame;

/// Midgame depth until the GUI sends `set depth`.
const DEFAULT_DEPTH: u32 = 12;

/// With this many empty squares or fewer, `go` and `hint` solve the game exactly.
const SOLVE_EMPTIES: usize = 18;

/// What the answer of a command sent to the session should produce.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Pending {
    /// The `game othello` sent at the start: nothing the GUI asked for waits on it.
    Setup,
    Quiet,
    /// The `stop` sent for `ping N`: answer `pong N` once the search is over.
    Pong(u64),
    /// A `go` (for `go` or `hint`): refused, it starts no search.
    Go,
    /// An `isready` sent only to print this line in its turn.
    Say(String),
}

/// What the running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Purpose {
    Move,
    Hint,
    /// Interrupted by `ping`: its result is stale.
    Discard,
}

struct NBoard {
    /// The game so far, as an arbor position text and the moves after it.
    setup: String,
    moves: Vec<String>,
    /// The position after `setup` and `moves`, to check each `move` as it comes.
    position: AnyGame,
    depth: u32,
    /// The searches asked for and not yet answered, oldest first: a `go` after `ping`
    /// starts before the interrupted search's `bestmove` is in.
    searches: VecDeque<Purpose>,
    session: Conversation<Pending>,
    last_score: String,
    last_seconds: f64,
}

/// Serves NBoard on `input`/`output` until `quit` or end of input, through the session
/// of `pipe`.
///
/// # Errors
/// Writing the output failed.
pub fn run(
    pipe: SessionPipe,
    input: impl BufRead + Send + 'static,
    output: impl Write,
) -> io::Result<()> {
    let lines = spawn_reader(input);
    let position = AnyGame::new("othello", &[]).map_err(|e| io::Error::other(e.to_string()))?;
    let mut nboard = NBoard {
        setup: "startpos".to_string(),
        moves: Vec::new(),
        position,
        depth: DEFAULT_DEPTH,
        searches: VecDeque::new(),
        session: Conversation::new(),
        last_score: "0.00".to_string(),
        last_seconds: 0.0,
    };
    nboard.send(&pipe, "game othello", Pending::Setup);
    drive(&mut nboard, pipe, lines, output)
}

impl NBoard {
    fn send(&mut self, pipe: &SessionPipe, line: &str, pending: Pending) {
        self.session.send(pipe, line, pending);
    }

    /// Prints `line` in its turn: at once when the session owes no answer to the GUI's
    /// commands, else after those answers (through an `isready` of its own).
    fn tell(&mut self, pipe: &SessionPipe, out: &mut impl Write, line: &str) -> io::Result<()> {
        if self.session.owes(|p| *p != Pending::Setup) {
            self.send(pipe, "isready", Pending::Say(line.to_string()));
            Ok(())
        } else {
            say(out, line)
        }
    }

    /// Whether a search for `go` or `hint` is running (one interrupted by `ping` is not).
    fn busy(&self) -> bool {
        self.searches.iter().any(|&p| p != Purpose::Discard)
    }

    fn position_line(&self) -> String {
        let mut line = format!("position {}", self.setup);
        if !self.moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&self.moves.join(" "));
        }
        line
    }

    /// Empty squares of the current game, counting through the moves played (each move but
    /// a pass fills one).
    fn empties(&self) -> usize {
        let start = if self.setup == "startpos" {
            60
        } else {
            self.setup.chars().take(64).filter(|&c| c == '-').count()
        };
        start.saturating_sub(self.moves.iter().filter(|m| m.as_str() != "pass").count())
    }
}

/// The parts of an arbor `info` line NBoard shows.
struct Info {
    depth: String,
    score: String,
    nodes: String,
    seconds: f64,
    pv: String,
}

impl Info {
    fn parse(rest: &str) -> Self {
        let mut info = Info {
            depth: "0".into(),
            score: "0.00".into(),
            nodes: "0".into(),
            seconds: 0.0,
            pv: String::new(),
        };
        let mut words = rest.split_whitespace();
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = words.next().unwrap_or("0").to_string(),
                "nodes" => info.nodes = words.next().unwrap_or("0").to_string(),
                "time" => {
                    info.seconds = words
                        .next()
                        .and_then(|t| t.parse::<f64>().ok())
                        .unwrap_or(0.0)
                        / 1000.0
                }
                "score" => {
                    let kind = words.next().unwrap_or("cp");
                    let value: f64 = if kind == "draw" {
                        0.0
                    } else {
                        words.next().and_then(|v| v.parse().ok()).unwrap_or(0.0)
                    };
                    // NBoard evals are in discs: centi-units become discs, proven margins are exact.
                    info.score = match kind {
                        "cp" => format!("{:.2}", value / 100.0),
                        "win" => "64.00".to_string(),
                        "loss" => "-64.00".to_string(),
                        _ => format!("{value:.2}"),
                    };
                }
                "pv" => {
                    let moves: Vec<String> = words
                        .by_ref()
                        .map(|m| {
                            if m == "pass" {
                                "PA".to_string()
                            } else {
                                m.to_string()
                            }
                        })
                        .collect();
                    info.pv = moves.join("-");
                }
                _ => {}
            }
        }
        info
    }
}

impl Translator for NBoard {
    /// Handles one GUI line; `false` means quit.
    fn on_input<W: Write>(
        &mut self,
        line: &str,
        pipe: &SessionPipe,
        out: &mut W,
    ) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        match words.next().unwrap_or("") {
            "nboard" => self.tell(
                pipe,
                out,
                &format!("set myname arbor {}", env!("CARGO_PKG_VERSION")),
            )?,
            "set" => match words.next() {
                Some("depth") => {
                    if let Some(depth) = words
                        .next()
                        .and_then(|d| d.parse::<u32>().ok())
                        .filter(|d| (1..=60).contains(d))
                    {
                        self.depth = depth;
                    }
                }
                Some("game") => {
                    let ggf = line.split_once("game").map_or("", |(_, g)| g.trim());
                    match parse_ggf(ggf).and_then(|(setup, moves)| {
                        let words: Vec<&str> = moves.iter().map(String::as_str).collect();
                        let start = AnyGame::new("othello", &[])?;
                        let start = if setup == "startpos" {
                            start
                        } else {
                            start.parse_position(&setup)?
                        };
                        Ok((start.play_moves(&words)?, setup, moves))
                    }) {
                        Ok((position, setup, moves)) => {
                            self.position = position;
                            self.setup = setup;
                            self.moves = moves;
                        }
                        Err(error) => {
                            let text = format!("status cannot read the game: {error}");
                            self.tell(pipe, out, &text)?;
                        }
                    }
                }
                _ => {}
            },
            "move" => {
                let text = words.next().unwrap_or("");
                let played = nboard_move(text)
                    .ok_or_else(|| GameError::new(text, "not a move"))
                    .and_then(|mv| Ok((self.position.play_moves(&[mv.as_str()])?, mv)));
                match played {
                    Ok((position, mv)) => {
                        self.position = position;
                        self.moves.push(mv);
                    }
                    Err(error) => self.tell(pipe, out, &format!("status illegal-move {error}"))?,
                }
            }
            "go" | "hint" if !self.busy() => {
                let purpose = if line.starts_with("go") {
                    Purpose::Move
                } else {
                    Purpose::Hint
                };
                self.tell(
                    pipe,
                    out,
                    if purpose == Purpose::Move {
                        "status arbor is thinking"
                    } else {
                        "status arbor is analysing"
                    },
                )?;
                self.searches.push_back(purpose);
                let position = self.position_line();
                self.send(pipe, &position, Pending::Quiet);
                let go = if self.empties() <= SOLVE_EMPTIES {
                    "go solve".to_string()
                } else {
                    format!("go depth {}", self.depth)
                };
                self.send(pipe, &go, Pending::Go);
            }
            // A second `go` while thinking is a GUI error; the running search answers it.
            "go" | "hint" => {}
            "ping" => {
                let n = words
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .unwrap_or(0);
                self.searches.iter_mut().for_each(|p| *p = Purpose::Discard);
                // `pong` only after the session has answered the stop: the search is over.
                self.send(pipe, "stop", Pending::Pong(n));
            }
            "learn" => self.tell(pipe, out, "learned")?,
            "quit" => return Ok(false),
            // The protocol asks engines to ignore what they do not understand.
            _ => {}
        }
        Ok(true)
    }

    fn on_output<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<()> {
        match self.session.read(line) {
            SessionLine::Answer {
                purpose: Some(Pending::Pong(n)),
                ..
            } => say(out, &format!("pong {n}"))?,
            SessionLine::Answer {
                purpose: Some(Pending::Say(text)),
                ..
            } => say(out, &text)?,
            SessionLine::Answer {
                purpose: Some(Pending::Go),
                error: Some(detail),
            } => {
                // No search started, so no `bestmove` will end it. The searches before
                // it have all ended (the session answers a `go` only when idle).
                self.searches.pop_front();
                say(out, &format!("status {detail}"))?;
            }
            SessionLine::Answer {
                error: Some(detail),
                ..
            } => say(out, &format!("status {detail}"))?,
            SessionLine::Info(rest) => {
                let info = Info::parse(rest);
                self.last_score = info.score.clone();
                self.last_seconds = info.seconds;
                match self.searches.front() {
                    Some(Purpose::Hint) => say(
                        out,
                        &format!("search {} {} 0 {}", info.pv, info.score, info.depth),
                    )?,
                    Some(Purpose::Move) => say(
                        out,
                        &format!("nodestats {} {:.2}", info.nodes, info.seconds),
                    )?,
                    _ => {}
                }
            }
            SessionLine::BestMove(best) => match self.searches.pop_front() {
                Some(Purpose::Move) => {
                    let mv = if best == "pass" {
                        "PA".to_string()
                    } else {
                        best.to_string()
                    };
                    say(
                        out,
                        &format!("=== {mv} {} {:.1}", self.last_score, self.last_seconds),
                    )?;
                    say(out, "status arbor is waiting")?;
                }
                Some(Purpose::Hint) => say(out, "status")?,
                _ => {}
            },
            _ => {}
        }
        Ok(())
    }

    fn on_bad_input<W: Write>(
        &mut self,
        reason: &str,
        pipe: &SessionPipe,
        out: &mut W,
    ) -> io::Result<()> {
        self.tell(pipe, out, &format!("status {reason}"))
    }
}

/// An NBoard move (`F5`, `f5/1.5/0.2`, `PA`) in arbor's notation.
fn nboard_move(text: &str) -> Option<String> {
    let square = text.split('/').next()?.to_ascii_lowercase();
    match square.as_str() {
        "pa" | "pass" => Some("pass".to_string()),
        s if s.len() == 2 => Some(s.to_string()),
        _ => None,
    }
}

/// The start position (arbor text) and moves of a GGF game record:
/// `(;GM[Othello]...BO[8 <64 cells> <side>]B[F5]W[F6/1.2/3]...;)`.
fn parse_ggf(ggf: &str) -> Result<(String, Vec<String>), GameError> {
    let board = tag_value(ggf, "BO").ok_or_else(|| GameError::new(ggf, "no BO[...] board"))?;
    let mut fields = board.split_whitespace();
    if fields.next() != Some("8") {
        return Err(GameError::new(board, "only 8x8 boards are played"));
    }
    let cells: String = fields.by_ref().take_while(|f| f.len() > 1).collect();
    let side = board.split_whitespace().last().unwrap_or("");
    let side = match side {
        "*" => 'X',
        "O" => 'O',
        _ => return Err(GameError::new(side, "side to move must be * or O")),
    };
    let cells: String = cells
        .chars()
        .map(|c| match c {
            '*' => 'X',
            'O' | 'o' => 'O',
            _ => '-',
        })
        .collect();
    if cells.len() != 64 {
        return Err(GameError::new(board, "expected 64 cells"));
    }
    let mut moves = Vec::new();
    let mut rest = ggf;
    while let Some(at) = rest.find(['B', 'W']) {
        let after = &rest[at + 1..];
        // A move tag is a lone B or W right before `[` (not part of PB, BO, TB, ...).
        let lone = at == 0 || !rest.as_bytes()[at - 1].is_ascii_uppercase();
        if lone && after.starts_with('[') {
            let end = after
                .find(']')
                .ok_or_else(|| GameError::new(after, "unclosed move"))?;
            let mv = nboard_move(&after[1..end])
                .ok_or_else(|| GameError::new(&after[1..end], "not a move"))?;
            moves.push(mv);
            rest = &after[end..];
        } else {
            rest = after;
        }
    }
    Ok((format!("{cells} {side}"), moves))
}

/// The text inside `TAG[...]`.
fn tag_value<'a>(ggf: &'a str, tag: &str) -> Option<&'a str> {
    let start = ggf.find(&format!("{tag}["))? + tag.len() + 1;
    let end = ggf[start..].find(']')? + start;
    Some(&ggf[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ggf_records_become_positions_and_moves() {
        let ggf = "(;GM[Othello]PC[NBoard]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]\
                   BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6/1.5/2.0]B[pa];)";
        let (setup, moves) = parse_ggf(ggf).expect("valid");
        assert_eq!(
            setup,
            "---------------------------OX------XO--------------------------- X"
        );
        assert_eq!(moves, ["f5", "f6", "pass"]);
        assert!(parse_ggf("(;GM[Othello];)").is_err());
        assert!(parse_ggf("(;BO[8 --- *];)").is_err());
    }

    #[test]
    fn info_lines_become_nboard_evals() {
        let info = Info::parse(
            "depth 5 seldepth 7 score cp -150 nodes 1000 nps 1 time 2500 hashfull 0 pv d3 c5 pass",
        );
        assert_eq!(
            (info.depth.as_str(), info.score.as_str(), info.pv.as_str()),
            ("5", "-1.50", "d3-c5-PA")
        );
        assert!((info.seconds - 2.5).abs() < 1e-9);
        assert_eq!(Info::parse("depth 20 score disc 6 pv a1").score, "6.00");
    }
}
