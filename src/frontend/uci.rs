//! The UCI front end for cutechess-cli: translates UCI lines into arbor's protocol for a
//! [`SessionPipe`] and translates the answers back, converting moves to drops
//! (`P@d1`, rank 1 at the bottom) and proven scores to `mate`.
//!
//! cutechess-cli referees `tictactoe`, `cfour`, `gomoku` (15x15, exactly five) and
//! `gomokufreestyle` and starts engines with no arguments: `arbor` switches here when its
//! first line is `uci`.

use std::io::{self, BufRead, Write};

use crate::frontend::drops::{fen_to_grid, from_drop, to_drop};
use crate::frontend::pipe::SessionPipe;
use crate::frontend::{drive, say, Conversation, SessionLine, Translator};
use crate::game::{Game, GameError};
use crate::protocol::options::{EngineSettings, ENGINE_OPTIONS};
use crate::protocol::reader::spawn_reader;
use crate::protocol::ErrorKind;
use crate::registry::{with_game, AnyGame, GAME_NAMES};

/// A cutechess variant and the arbor game and variant options it stands for.
struct UciVariant {
    uci: &'static str,
    game: &'static str,
    options: &'static [(&'static str, &'static str)],
}

/// The cutechess variants, in declaration order.
const VARIANTS: &[UciVariant] = &[
    UciVariant {
        uci: "cfour",
        game: "connect4",
        options: &[],
    },
    UciVariant {
        uci: "tictactoe",
        game: "tictactoe",
        options: &[],
    },
    UciVariant {
        uci: "gomoku",
        game: "gomoku",
        options: &[("size", "15"), ("rule", "standard")],
    },
    UciVariant {
        uci: "gomokufreestyle",
        game: "gomoku",
        options: &[("size", "15"), ("rule", "freestyle")],
    },
];

/// What to do with the session's answer to a command sent on the client's behalf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// Only errors are shown (as `info string`).
    Quiet,
    /// `isready`: answer `readyok`.
    ReadyOk,
    /// `go`: a refusal still owes the GUI its `bestmove` (`0000`, the null move).
    Go,
}

struct Uci {
    variant: &'static str,
    /// Start position of the variant, and the position of the last `position` command.
    start: AnyGame,
    current: AnyGame,
    /// The root of the running search, to name its moves.
    search_root: Option<AnyGame>,
    /// The running search's latest PV (arbor notation): its second move is the reply
    /// `bestmove ... ponder` suggests thinking about.
    last_pv: Vec<String>,
    session: Conversation<Pending>,
}

/// The variants whose games this build has.
fn available_variants() -> impl Iterator<Item = &'static UciVariant> {
    VARIANTS.iter().filter(|v| GAME_NAMES.contains(&v.game))
}

/// The variant's name, start position and arbor `game` line.
fn variant_game(name: &str) -> Option<(&'static str, AnyGame, String)> {
    let variant = available_variants().find(|v| v.uci.eq_ignore_ascii_case(name))?;
    let pairs: Vec<(String, String)> = variant
        .options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let start = AnyGame::new(variant.game, &pairs).ok()?;
    let words = std::iter::once(format!("game {}", variant.game))
        .chain(variant.options.iter().map(|(k, v)| format!("{k}={v}")));
    Some((variant.uci, start, words.collect::<Vec<_>>().join(" ")))
}

/// Serves UCI on `input`/`output` until `quit` or end of input, through the session of
/// `pipe`.
///
/// # Errors
/// Writing the output failed, or no game has a UCI variant.
pub fn run(
    pipe: SessionPipe,
    input: impl BufRead + Send + 'static,
    output: impl Write,
) -> io::Result<()> {
    let lines = spawn_reader(input);
    let (variant, start, game_line) = available_variants()
        .next()
        .and_then(|v| variant_game(v.uci))
        .ok_or_else(|| io::Error::other("no UCI variant available"))?;
    let mut uci = Uci {
        variant,
        current: start.clone(),
        start,
        search_root: None,
        last_pv: Vec::new(),
        session: Conversation::new(),
    };
    uci.send(&pipe, &game_line, Pending::Quiet);
    drive(&mut uci, pipe, lines, output)
}

impl Uci {
    fn send(&mut self, pipe: &SessionPipe, line: &str, pending: Pending) {
        self.session.send(pipe, line, pending);
    }

    fn handshake(&self, out: &mut impl Write) -> io::Result<()> {
        let variants: String = available_variants()
            .map(|v| format!(" var {}", v.uci))
            .collect();
        say(out, &format!("id name arbor {}", env!("CARGO_PKG_VERSION")))?;
        say(out, "id author the arbor developers")?;
        say(
            out,
            &format!(
                "option name UCI_Variant type combo default {}{variants}",
                self.variant
            ),
        )?;
        // The engine's own options as declared; the game options stay arbor's (UCI_Variant
        // selects the game, so they are not listed here).
        let engine = EngineSettings::default();
        for option in ENGINE_OPTIONS {
            say(
                out,
                &format!("option name {} {}", option.name, option.shape(&engine)),
            )?;
        }
        say(out, "option name Ponder type check default false")?;
        say(out, "uciok")
    }

    fn set_option(
        &mut self,
        line: &str,
        pipe: &SessionPipe,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let body = line.strip_prefix("setoption").unwrap_or("").trim();
        let (name, value) = match body
            .strip_prefix("name")
            .map(str::trim)
            .and_then(|rest| rest.split_once(" value "))
        {
            Some((name, value)) => (name.trim(), value.trim()),
            None => {
                return say(
                    out,
                    "info string error usage: setoption name NAME value VALUE",
                )
            }
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match variant_game(value) {
                Some((uci, start, game_line)) => {
                    self.variant = uci;
                    self.current = start.clone();
                    self.start = start;
                    self.send(pipe, &game_line, Pending::Quiet);
                }
                None => say(out, &format!("info string error unknown variant {value}"))?,
            }
        } else if name.eq_ignore_ascii_case("Ponder") {
            // Only tells the engine that the GUI may send `go ponder`: nothing to set.
        } else {
            self.send(
                pipe,
                &format!("setoption name {name} value {value}"),
                Pending::Quiet,
            );
        }
        Ok(())
    }

    /// The position a UCI `position` line describes, built on the variant's start.
    fn position(&self, line: &str) -> Result<AnyGame, GameError> {
        let body = line.strip_prefix("position").unwrap_or("").trim();
        let (setup, moves) = match body.split_once(" moves") {
            Some((setup, moves)) => (setup.trim(), moves.split_whitespace().collect::<Vec<_>>()),
            None => (body, Vec::new()),
        };
        with_game!(&self.start, g => build(g, setup, &moves).map(crate::registry::Registered::wrap))
    }
}

impl Translator for Uci {
    /// Handles one client line; `false` means quit.
    fn on_input<W: Write>(
        &mut self,
        line: &str,
        pipe: &SessionPipe,
        out: &mut W,
    ) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        match words.next().unwrap_or("") {
            "" | "debug" | "register" => {}
            "ponderhit" => self.send(pipe, "ponderhit", Pending::Quiet),
            "uci" => self.handshake(out)?,
            "isready" => self.send(pipe, "isready", Pending::ReadyOk),
            "ucinewgame" => self.send(pipe, "newgame", Pending::Quiet),
            "setoption" => self.set_option(line, pipe, out)?,
            "position" => match self.position(line) {
                Ok(position) => {
                    let text = with_game!(&position, g => g.position_text());
                    self.current = position;
                    self.send(pipe, &format!("position {text}"), Pending::Quiet);
                }
                Err(error) => say(out, &format!("info string error {error}"))?,
            },
            "go" => match with_game!(&self.current, g => go_line(g, words)) {
                Ok(go) => {
                    self.search_root = Some(self.current.clone());
                    self.last_pv.clear();
                    self.send(pipe, &go, Pending::Go);
                }
                Err(error) => {
                    say(out, &format!("info string error {error}"))?;
                    say(out, "bestmove 0000")?;
                }
            },
            "stop" => self.send(pipe, "stop", Pending::Quiet),
            "quit" => return Ok(false),
            other => say(out, &format!("info string error unknown command {other}"))?,
        }
        Ok(true)
    }

    /// Translates one line of the session's output.
    fn on_output<W: Write>(&mut self, line: &str, out: &mut W) -> io::Result<()> {
        match self.session.read(line) {
            SessionLine::Answer {
                purpose: Some(Pending::ReadyOk),
                error: None,
            } => say(out, "readyok")?,
            // A `go` during a search: the running search's `bestmove` answers it.
            SessionLine::Answer {
                purpose: Some(Pending::Go),
                error: Some(detail),
            } if detail.starts_with(ErrorKind::Busy.as_str()) => {
                say(out, &format!("info string error {detail}"))?
            }
            SessionLine::Answer {
                purpose: Some(Pending::Go),
                error: Some(detail),
            } => {
                // No search started: the GUI still gets the one `bestmove` it waits for.
                self.search_root = None;
                say(out, &format!("info string error {detail}"))?;
                say(out, "bestmove 0000")?;
            }
            SessionLine::Answer {
                error: Some(detail),
                ..
            } => say(out, &format!("info string error {detail}"))?,
            SessionLine::Info(rest) => {
                // The ponder move comes from the best line (the first of MultiPV's).
                let best_line = !rest.contains(" multipv ") || rest.contains(" multipv 1 ");
                if let Some((_, pv)) = rest.split_once(" pv ").filter(|_| best_line) {
                    self.last_pv = pv.split_whitespace().map(str::to_string).collect();
                }
                let root = self.search_root.as_ref().unwrap_or(&self.current);
                say(out, &with_game!(root, g => info_line(g, rest)))?;
            }
            SessionLine::BestMove(text) => {
                let root = self
                    .search_root
                    .take()
                    .unwrap_or_else(|| self.current.clone());
                let pv = std::mem::take(&mut self.last_pv);
                say(out, &with_game!(&root, g => bestmove_line(g, text, &pv)))?;
            }
            _ => {}
        }
        Ok(())
    }

    fn on_bad_input<W: Write>(
        &mut self,
        reason: &str,
        _: &SessionPipe,
        out: &mut W,
    ) -> io::Result<()> {
        say(out, &format!("info string error {reason}"))
    }
}

/// `bestmove DROP`, with `ponder DROP` when the last PV starts with the best move and goes on.
fn bestmove_line<G: Game>(root: &G, best: &str, pv: &[String]) -> String {
    let Ok(mv) = root.parse_legal_move(best) else {
        return format!("bestmove {best}");
    };
    let mut line = format!("bestmove {}", to_drop(root, mv));
    if pv.first().map(String::as_str) == Some(best) {
        let mut after = root.clone();
        after.play(mv);
        if let Some(reply) = pv.get(1).and_then(|r| after.parse_legal_move(r).ok()) {
            line.push_str(&format!(" ponder {}", to_drop(&after, reply)));
        }
    }
    line
}

fn build<G: Game>(start: &G, setup: &str, moves: &[&str]) -> Result<G, GameError> {
    let mut position = match setup.split_once(char::is_whitespace) {
        _ if setup == "startpos" => start.clone(),
        Some(("fen", fen)) => {
            let (width, height) = start.dimensions();
            start.parse_position(&fen_to_grid(fen, width, height)?)?
        }
        _ => return Err(GameError::new(setup, "expected startpos or fen")),
    };
    for text in moves {
        let mv = from_drop(&position, text)?;
        position.play(mv);
    }
    Ok(position)
}

/// The arbor `go` line for UCI `go` arguments at `root`: `searchmoves` drops become
/// arbor moves (an illegal one is an error). A bare `go` (or `go ponder` alone) searches
/// until `stop`, as UCI engines do.
///
/// # Errors
/// A `searchmoves` move that is not legal at `root`.
fn go_line<'a, G: Game>(
    root: &G,
    words: impl Iterator<Item = &'a str>,
) -> Result<String, GameError> {
    let mut parts = vec!["go".to_string()];
    let mut words = words.peekable();
    while let Some(word) = words.next() {
        match word {
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "movetime"
            | "mate" => {
                if let Some(value) = words.next() {
                    parts.push(format!("{word} {value}"));
                }
            }
            "infinite" | "ponder" => parts.push(word.to_string()),
            "searchmoves" => {
                let mut moves = vec![word.to_string()];
                while let Some(text) = words.next_if(|w| !GO_WORDS.contains(w)) {
                    moves.push(root.format_move(from_drop(root, text)?));
                }
                if moves.len() > 1 {
                    parts.push(moves.join(" "));
                }
            }
            _ => {}
        }
    }
    if parts.iter().all(|p| p == "go" || p == "ponder") {
        parts.push("infinite".to_string());
    }
    Ok(parts.join(" "))
}

/// The words of a UCI `go` line: a `searchmoves` list ends at the first of them.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// An arbor `info` line (after `info `) in UCI form: proven scores as `mate` in moves,
/// the PV as drops.
fn info_line<G: Game>(root: &G, rest: &str) -> String {
    let mut out = vec!["info".to_string()];
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "score" => {
                let kind = words.next().unwrap_or("cp");
                let text = if kind == "draw" {
                    "0"
                } else {
                    words.next().unwrap_or("0")
                };
                // `win <=N`: a proven win within N plies (the distance only bounded).
                let (within, text) = match text.strip_prefix("<=") {
                    Some(rest) => (true, rest),
                    None => (false, text),
                };
                let value: i64 = text.parse().unwrap_or(0);
                out.push(match kind {
                    // N plies to the end is ceil(N / 2) moves of the winner. A win within
                    // N is at least that good (UCI's lowerbound), a loss at most.
                    "win" if within => format!("score mate {} lowerbound", (value + 1) / 2),
                    "loss" if within => format!("score mate -{} upperbound", (value + 1) / 2),
                    "win" => format!("score mate {}", (value + 1) / 2),
                    "loss" => format!("score mate -{}", (value + 1) / 2),
                    "disc" => format!("score cp {}", value * 100),
                    "draw" => "score cp 0".to_string(),
                    _ => format!("score cp {value}"),
                });
            }
            "pv" => {
                out.push("pv".to_string());
                let mut position = root.clone();
                for text in words.by_ref() {
                    let Ok(mv) = position.parse_legal_move(text) else {
                        break;
                    };
                    out.push(to_drop(&position, mv));
                    position.play(mv);
                }
            }
            other => out.push(other.to_string()),
        }
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tictactoe::TicTacToe;

    #[test]
    fn go_arguments_pass_through_and_unsupported_ones_drop() {
        let root = TicTacToe::new();
        let go = |words: &str| go_line(&root, words.split_whitespace()).map_err(|e| e.to_string());
        assert_eq!(
            go("wtime 1000 btime 900 winc 10 binc 10"),
            Ok("go wtime 1000 btime 900 winc 10 binc 10".to_string())
        );
        assert_eq!(
            go("ponder wtime 900 btime 800"),
            Ok("go ponder wtime 900 btime 800".to_string())
        );
        assert_eq!(go("ponder"), Ok("go ponder infinite".to_string()));
        assert_eq!(go("mate 3 depth 4"), Ok("go mate 3 depth 4".to_string()));
        assert_eq!(go(""), Ok("go infinite".to_string()));
        // Drops (rank 1 at the bottom) become arbor squares; the list ends at a go word.
        assert_eq!(
            go("searchmoves P@a3 P@b2 depth 3"),
            Ok("go searchmoves a1 b2 depth 3".to_string())
        );
        assert_eq!(
            go("searchmoves P@z9"),
            Err("P@z9: not a legal drop here".to_string())
        );
    }

    #[test]
    fn info_scores_become_mates_and_moves_become_drops() {
        let root = TicTacToe::new();
        assert_eq!(
            info_line(&root, "depth 3 seldepth 3 score win 3 nodes 10 nps 5 time 1 hashfull 0 pv b2 a1 c3"),
            "info depth 3 seldepth 3 score mate 2 nodes 10 nps 5 time 1 hashfull 0 pv P@b2 P@a3 P@c1"
        );
        assert_eq!(
            info_line(&root, "depth 9 score loss 4 pv a1"),
            "info depth 9 score mate -2 pv P@a3"
        );
        assert_eq!(
            info_line(&root, "depth 9 score win <=5 nodes 3"),
            "info depth 9 score mate 3 lowerbound nodes 3"
        );
        assert_eq!(
            info_line(&root, "depth 9 score loss <=4"),
            "info depth 9 score mate -2 upperbound"
        );
        assert_eq!(
            info_line(&root, "depth 9 score draw"),
            "info depth 9 score cp 0"
        );
    }
}
