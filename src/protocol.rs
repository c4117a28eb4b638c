//! The arbor text protocol: typed commands and errors. Parsing is in [`parse`], output
//! formatting in [`format`], input lines in [`reader`], and the state machine that runs
//! commands in [`session`] (with its option handling and text answers beside it).

mod answers;
pub mod format;
pub mod options;
pub mod parse;
pub mod reader;
pub mod session;

use std::fmt;

/// Every command name, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
    "list_games",
    "game",
    "newgame",
    "position",
    "setoption",
    "options",
    "isready",
    "go",
    "stop",
    "ponderhit",
    "showboard",
    "legal",
    "perft",
    "eval",
    "bench",
];

/// The version of this protocol, answered by `protocol_version`.
pub const PROTOCOL_VERSION: u32 = 1;

/// One input line: an optional numeric id and a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub id: Option<u64>,
    pub command: Command,
}

/// Where `position` starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    StartPos,
    /// Game-specific position text.
    Text(String),
}

/// The arguments of `go`. Times are in milliseconds, as on the wire.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoArgs {
    pub depth: Option<u32>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub infinite: bool,
    pub solve: bool,
    /// Think on the opponent's time until `ponderhit` (then the limits apply) or `stop`.
    pub ponder: bool,
}

/// A parsed command. Moves and positions are still text: the session validates them
/// against the current game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    ProtocolVersion,
    Name,
    Version,
    ListCommands,
    KnownCommand(String),
    Quit,
    ListGames,
    Game {
        name: String,
        variant: Vec<(String, String)>,
    },
    NewGame,
    Position {
        setup: Setup,
        moves: Vec<String>,
    },
    SetOption {
        name: String,
        value: String,
    },
    Options,
    IsReady,
    Go(GoArgs),
    Stop,
    PonderHit,
    ShowBoard,
    Legal,
    Perft(u32),
    Eval,
    Bench,
}

/// The stable error kinds, the first word of every `?` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    UnknownCommand,
    MissingArgument,
    InvalidArgument,
    UnknownGame,
    InvalidPosition,
    IllegalMove,
    UnknownOption,
    Busy,
    GameOver,
    Resource,
}

impl ErrorKind {
    /// The kind as it appears on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::UnknownCommand => "unknown-command",
            ErrorKind::MissingArgument => "missing-argument",
            ErrorKind::InvalidArgument => "invalid-argument",
            ErrorKind::UnknownGame => "unknown-game",
            ErrorKind::InvalidPosition => "invalid-position",
            ErrorKind::IllegalMove => "illegal-move",
            ErrorKind::UnknownOption => "unknown-option",
            ErrorKind::Busy => "busy",
            ErrorKind::GameOver => "game-over",
            ErrorKind::Resource => "resource",
        }
    }
}

/// A command that failed: answered `?[id] kind detail`, with state left unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError {
    pub kind: ErrorKind,
    pub detail: String,
}

impl ProtocolError {
    /// An error of `kind` explained by `detail`.
    pub fn new(kind: ErrorKind, detail: impl Into<String>) -> Self {
        ProtocolError {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.as_str(), self.detail)
    }
}
