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

/// A command's name and what `help` says of it.
pub struct CommandHelp {
    pub name: &'static str,
    /// The command with its arguments, as `help COMMAND` shows it.
    pub usage: &'static str,
    /// What it does, in one line.
    pub summary: &'static str,
}

/// Every command name, in `list_commands` order.
pub fn command_names() -> impl Iterator<Item = &'static str> {
    COMMAND_HELP.iter().map(|help| help.name)
}

/// Every command (the `list_commands` answer, in its order) and its help.
pub const COMMAND_HELP: &[CommandHelp] = &[
    CommandHelp {
        name: "protocol_version",
        usage: "protocol_version",
        summary: "the version of this protocol",
    },
    CommandHelp {
        name: "name",
        usage: "name",
        summary: "the engine's name",
    },
    CommandHelp {
        name: "version",
        usage: "version",
        summary: "the engine's version",
    },
    CommandHelp {
        name: "list_commands",
        usage: "list_commands",
        summary: "every command, one a line",
    },
    CommandHelp {
        name: "known_command",
        usage: "known_command COMMAND",
        summary: "true if COMMAND is a command, else false",
    },
    CommandHelp {
        name: "help",
        usage: "help [COMMAND]",
        summary: "every command with what it does, or one command's usage",
    },
    CommandHelp {
        name: "quit",
        usage: "quit",
        summary: "stop any search and end the session",
    },
    CommandHelp {
        name: "list_games",
        usage: "list_games",
        summary: "the games this build plays, one a line",
    },
    CommandHelp {
        name: "game",
        usage: "game NAME [KEY=VALUE ...]",
        summary: "select a game and variant (size=15 rule=renju, ...) at its start position",
    },
    CommandHelp {
        name: "newgame",
        usage: "newgame",
        summary: "back to the start position, with the search tables cleared",
    },
    CommandHelp {
        name: "position",
        usage: "position startpos|TEXT [moves MOVE ...]",
        summary: "set the position: the start or the game's position text, then moves",
    },
    CommandHelp {
        name: "setoption",
        usage: "setoption name NAME value VALUE",
        summary: "set an engine or game option (see options)",
    },
    CommandHelp {
        name: "options",
        usage: "options",
        summary: "the options of the engine and the current game, with their values",
    },
    CommandHelp {
        name: "isready",
        usage: "isready",
        summary: "readyok once earlier commands are done (answered during a search)",
    },
    CommandHelp {
        name: "go",
        usage:
            "go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS] \
                [binc MS] [movestogo N] [mate N] [searchmoves MOVE ...] [infinite] [solve] [ponder]",
        summary: "search the position: info lines, then bestmove",
    },
    CommandHelp {
        name: "stop",
        usage: "stop",
        summary: "end the search now: its bestmove comes before the answer",
    },
    CommandHelp {
        name: "ponderhit",
        usage: "ponderhit",
        summary: "the ponder move was played: the go ponder search goes on with its limits",
    },
    CommandHelp {
        name: "showboard",
        usage: "showboard",
        summary: "the board, the side to move or the result, and the position text",
    },
    CommandHelp {
        name: "legal",
        usage: "legal",
        summary: "the legal moves of the position",
    },
    CommandHelp {
        name: "perft",
        usage: "perft DEPTH",
        summary: "the number of move sequences DEPTH plies deep, and the time taken",
    },
    CommandHelp {
        name: "eval",
        usage: "eval",
        summary: "the static evaluation of the position for the side to move",
    },
    CommandHelp {
        name: "bench",
        usage: "bench",
        summary: "the built-in benchmark: total nodes, time and nodes per second",
    },
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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// Look for a win in at most this many moves of the side to move: the search goes
    /// 2N - 1 plies deep at most, and ends as soon as such a win is proven.
    pub mate: Option<u32>,
    /// The only root moves to search (`searchmoves m1 m2 ...`), as text; empty for all.
    pub searchmoves: Vec<String>,
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
    /// `help`, or `help COMMAND`.
    Help(Option<String>),
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
