//! The protocol state machine: the current game and position, options, and the search
//! worker. The only writer of stdout. A reader thread turns input into lines; the session
//! `select!`s over lines and worker events, so `stop` and `isready` are answered at once
//! while a search runs.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use crossbeam_channel::select;

use crate::bench;
use crate::engine::{Event, Job, Request as WorkerRequest, Worker};
use crate::game::{Game, GameError, Player};
use crate::options;
use crate::protocol::answers::{board_text, eval_text, legal_text};
use crate::protocol::format;
use crate::protocol::options::{
    game_option_lines, invalid_value, option_line, set_game_option, set_other_games_option,
    EngineSettings, ENGINE_OPTIONS, HASH,
};
use crate::protocol::parse::{is_ignored, line_id, parse_line};
use crate::protocol::reader::{spawn_reader, Input};
use crate::protocol::{
    command_names, Command, ErrorKind, GoArgs, ProtocolError, Request, Setup, COMMAND_HELP,
    PROTOCOL_VERSION,
};
use crate::registry::{with_game, AllParams, AnyGame, Registered, GAME_NAMES};
use crate::search::{Clock, Limits, PonderHit, StopFlag, TableError};

/// The game selected at startup.
pub const DEFAULT_GAME: &str = "tictactoe";

/// Whether to keep reading after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// The search in progress.
struct Running {
    id: u64,
    stop: StopFlag,
    /// Set while a `go ponder` search waits for its `ponderhit`.
    ponder: Option<PonderHit>,
}

type Reply = Result<String, ProtocolError>;

/// A protocol session over one output stream.
pub struct Session<W: Write> {
    out: W,
    /// The start position of the selected game and variant.
    start: AnyGame,
    position: AnyGame,
    params: AllParams,
    /// The engine's own options (`Hash`, `Threads`).
    settings: EngineSettings,
    worker: Worker,
    running: Option<Running>,
    next_search_id: u64,
    /// When the line being handled was read: the time limits of a `go` count from then.
    received: Instant,
    /// Whether the worker has made its tables (it makes none before asked to).
    tables_made: bool,
    /// Table changes whose memory the worker is still mapping (each ends with
    /// `Event::Mapped`).
    mapping: usize,
    /// An `isready` (its id) waiting for the mapping to end: input is queued until then.
    ready_waiting: Option<Option<u64>>,
    /// Input read while an `isready` waits, handled in order after its `readyok`.
    queued: VecDeque<Input>,
}

impl<W: Write> Session<W> {
    /// A session writing to `out`, with the default game selected.
    ///
    /// # Errors
    /// The default hash table or the worker thread could not be set up.
    pub fn new(out: W) -> Result<Self, String> {
        let start = AnyGame::new(DEFAULT_GAME, &[]).map_err(|e| e.to_string())?;
        let settings = EngineSettings::default();
        Ok(Session {
            out,
            position: start.clone(),
            start,
            params: AllParams::default(),
            settings,
            worker: Worker::start(settings.hash_mib)?,
            running: None,
            next_search_id: 1,
            received: Instant::now(),
            tables_made: false,
            mapping: 0,
            ready_waiting: None,
            queued: VecDeque::new(),
        })
    }

    /// Serves commands from `input` until `quit` or end of input (which stops any search,
    /// printing its `bestmove`).
    ///
    /// # Errors
    /// Writing to the output failed.
    pub fn run(mut self, input: impl BufRead + Send + 'static) -> io::Result<()> {
        let lines = spawn_reader(input);
        let events = self.worker.events().clone();
        loop {
            while self.ready_waiting.is_none() {
                let Some(input) = self.queued.pop_front() else {
                    break;
                };
                if self.on_input(input)? == Flow::Quit {
                    return Ok(());
                }
            }
            select! {
                recv(lines) -> input => {
                    let input = input.unwrap_or(Input::Eof);
                    if self.ready_waiting.is_some() {
                        // `quit` or the end of input stops the mapping that `isready`
                        // waits for; other input waits its turn.
                        let quitting = match &input {
                            Input::Line(line, _) => {
                                parse_line(line).is_ok_and(|r| r.command == Command::Quit)
                            }
                            Input::Eof => true,
                            Input::Bad(_) => false,
                        };
                        if quitting {
                            let _ = self.worker.send(WorkerRequest::Wake);
                        }
                        self.queued.push_back(input);
                    } else if self.on_input(input)? == Flow::Quit {
                        return Ok(());
                    }
                },
                recv(events) -> event => {
                    if let Ok(event) = event {
                        self.on_event(event)?;
                    }
                }
            }
        }
    }

    /// Handles one line of input (or its end).
    fn on_input(&mut self, input: Input) -> io::Result<Flow> {
        match input {
            Input::Line(line, received) => {
                self.received = received;
                self.handle_line(&line)
            }
            Input::Bad(reason) => {
                let error = ProtocolError::new(ErrorKind::InvalidArgument, reason);
                self.write(&format::failure(None, &error))?;
                Ok(Flow::Continue)
            }
            Input::Eof => {
                self.finish_search()?;
                Ok(Flow::Quit)
            }
        }
    }

    fn write(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    /// Prints progress of the running search, and its `bestmove` when it ends; answers a
    /// waiting `isready` when the tables are mapped.
    fn on_event(&mut self, event: Event) -> io::Result<()> {
        if event == Event::Mapped {
            self.mapping = self.mapping.saturating_sub(1);
            if self.mapping == 0 {
                if let Some(id) = self.ready_waiting.take() {
                    self.write(&format::success(id, "readyok"))?;
                }
            }
            return Ok(());
        }
        let Some(running) = &self.running else {
            return Ok(());
        };
        match event {
            Event::Info { id, info } if id == running.id => self.write(&format::info(&info)),
            Event::BestMove { id, best_move } if id == running.id => {
                // Idle before the line goes out: a command sent on seeing it is never `busy`.
                self.running = None;
                self.write(&format::bestmove(&best_move))
            }
            _ => Ok(()),
        }
    }

    /// Stops the running search, if any, and prints everything it still reports.
    fn finish_search(&mut self) -> io::Result<()> {
        let Some(running) = &self.running else {
            return Ok(());
        };
        running.stop.stop();
        let events = self.worker.events().clone();
        while self.running.is_some() {
            match events.recv() {
                Ok(event) => self.on_event(event)?,
                Err(_) => self.running = None,
            }
        }
        Ok(())
    }

    fn handle_line(&mut self, line: &str) -> io::Result<Flow> {
        if is_ignored(line) {
            return Ok(Flow::Continue);
        }
        match parse_line(line) {
            Ok(request) => self.execute(request),
            Err(error) => {
                self.write(&format::failure(line_id(line), &error))?;
                Ok(Flow::Continue)
            }
        }
    }

    fn execute(&mut self, Request { id, command }: Request) -> io::Result<Flow> {
        let reply = match command {
            Command::Quit => {
                self.finish_search()?;
                self.write(&format::success(id, ""))?;
                return Ok(Flow::Quit);
            }
            Command::Stop => {
                self.finish_search()?;
                Ok(String::new())
            }
            Command::IsReady if self.mapping > 0 => {
                // Answered when the worker has mapped the tables' memory.
                self.ready_waiting = Some(id);
                return Ok(Flow::Continue);
            }
            Command::PonderHit => {
                // From now on the ponder search is the normal timed search. Without one
                // (it was stopped, or none was started) there is nothing to do.
                if let Some(ponder) = self.running.as_ref().and_then(|r| r.ponder.as_ref()) {
                    ponder.hit();
                }
                Ok(String::new())
            }
            other => self.reply(other),
        };
        let text = match &reply {
            Ok(body) => format::success(id, body),
            Err(error) => format::failure(id, error),
        };
        self.write(&text)?;
        Ok(Flow::Continue)
    }

    fn reply(&mut self, command: Command) -> Reply {
        match command {
            Command::ProtocolVersion => Ok(PROTOCOL_VERSION.to_string()),
            Command::Name => Ok("arbor".to_string()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").to_string()),
            Command::ListCommands => Ok(command_names().collect::<Vec<_>>().join("\n")),
            Command::Help(None) => Ok(help_text()),
            Command::Help(Some(name)) => command_help(&name),
            Command::KnownCommand(name) => Ok(command_names().any(|c| c == name).to_string()),
            Command::ListGames => Ok(GAME_NAMES.join("\n")),
            Command::IsReady => Ok("readyok".to_string()),
            Command::Options => Ok(self.options_text()),
            Command::ShowBoard => Ok(with_game!(&self.position, g => board_text(g))),
            Command::Legal => Ok(with_game!(&self.position, g => legal_text(g))),
            Command::Eval => Ok(with_game!(&self.position, g => eval_text(g, &self.params))),
            Command::Game { name, variant } => self.select_game(&name, &variant),
            Command::NewGame => self.new_game(),
            Command::Position { setup, moves } => self.set_position(&setup, &moves),
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Go(args) => self.go(args),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench => self.bench(),
            Command::Quit | Command::Stop | Command::PonderHit => Ok(String::new()),
        }
    }

    fn ensure_idle(&self) -> Result<(), ProtocolError> {
        match self.running {
            Some(_) => Err(ProtocolError::new(
                ErrorKind::Busy,
                "a search is running (send stop first)",
            )),
            None => Ok(()),
        }
    }

    /// Asks the idle worker to make or clear its tables, and waits for the answer (given
    /// before the memory is mapped: that goes on while the session serves other commands,
    /// and `isready` waits for it).
    fn ask_worker(
        &mut self,
        request: WorkerRequest,
    ) -> Result<Result<(), TableError>, ProtocolError> {
        let lost = || ProtocolError::new(ErrorKind::Resource, "the search thread has stopped");
        self.worker.send(request).map_err(|_| lost())?;
        loop {
            match self.worker.events().recv().map_err(|_| lost())? {
                Event::Cleared(result) | Event::Resized(result) => {
                    self.mapping += 1;
                    if result.is_ok() {
                        self.tables_made = true;
                    }
                    return Ok(result);
                }
                Event::Mapped => self.mapping = self.mapping.saturating_sub(1),
                _ => continue,
            }
        }
    }

    /// The tables for a game that is about to be selected or searched, made or cleared.
    fn prepare_tables(&mut self, start: &AnyGame, what: &str) -> Result<(), ProtocolError> {
        self.ask_worker(WorkerRequest::Clear(start.clone()))?
            .map_err(|error| {
                ProtocolError::new(
                    ErrorKind::Resource,
                    format!(
                        "{what}: {error} ({HASH} {}); nothing changed",
                        self.settings.hash_mib
                    ),
                )
            })
    }

    fn select_game(&mut self, name: &str, variant: &[(String, String)]) -> Reply {
        self.ensure_idle()?;
        if !GAME_NAMES
            .iter()
            .any(|known| known.eq_ignore_ascii_case(name))
        {
            return Err(ProtocolError::new(
                ErrorKind::UnknownGame,
                format!("{name} (known: {})", GAME_NAMES.join(", ")),
            ));
        }
        let start =
            AnyGame::new(name, variant).map_err(|e| game_error(ErrorKind::InvalidArgument, e))?;
        self.prepare_tables(&start, &format!("game {name}"))?;
        self.position = start.clone();
        self.start = start;
        Ok(String::new())
    }

    fn new_game(&mut self) -> Reply {
        self.ensure_idle()?;
        let start = self.start.clone();
        self.prepare_tables(&start, "newgame")?;
        self.position = start;
        Ok(String::new())
    }

    fn set_position(&mut self, setup: &Setup, moves: &[String]) -> Reply {
        self.ensure_idle()?;
        self.position =
            with_game!(&self.start, g => build_position(g, setup, moves).map(Registered::wrap))?;
        Ok(String::new())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Reply {
        self.ensure_idle()?;
        let Some(option) = options::find(ENGINE_OPTIONS, name) else {
            let params = &mut self.params;
            return match with_game!(&self.position, g => set_game_option(g, params, name, value)) {
                // Options may come before `game` (match runners send them first): an option
                // the current game lacks goes to every game that has it.
                Err(error) if error.kind == ErrorKind::UnknownOption => {
                    set_other_games_option(&mut self.params, name, value)
                }
                other => other,
            };
        };
        let mut settings = self.settings;
        option
            .set(&mut settings, value)
            .map_err(|reason| invalid_value(name, value, &reason))?;
        if option.name == HASH {
            // Even at the same size: setting `Hash` remakes the tables.
            let mib = settings.hash_mib;
            if let Err(error) = self.ask_worker(WorkerRequest::Resize(mib, self.start.clone()))? {
                return Err(ProtocolError::new(
                    ErrorKind::Resource,
                    format!(
                        "{HASH} {mib}: {error}; the tables are as they were ({HASH} {})",
                        self.settings.hash_mib
                    ),
                ));
            }
        }
        self.settings = settings;
        Ok(String::new())
    }

    fn options_text(&self) -> String {
        let mut lines: Vec<String> = ENGINE_OPTIONS
            .iter()
            .map(|option| option_line(option, &self.settings))
            .collect();
        lines.extend(with_game!(&self.position, g => game_option_lines(g, &self.params)));
        lines.join("\n")
    }

    fn go(&mut self, args: GoArgs) -> Reply {
        self.ensure_idle()?;
        let (over, side) =
            with_game!(&self.position, g => (g.outcome().is_some(), g.side_to_move()));
        if over {
            return Err(ProtocolError::new(
                ErrorKind::GameOver,
                "the game is over: nothing to search",
            ));
        }
        let searchmoves = with_game!(&self.position, g => legal_texts(g, &args.searchmoves))?;
        if !self.tables_made {
            let start = self.start.clone();
            self.prepare_tables(&start, "go")?;
        }
        let id = self.next_search_id;
        self.next_search_id += 1;
        let stop = StopFlag::new();
        let ponder = args.ponder.then(PonderHit::new);
        let job = Job {
            id,
            position: self.position.clone(),
            params: self.params.clone(),
            limits: limits(&args, side),
            stop: stop.clone(),
            ponder: ponder.clone(),
            threads: self.settings.threads,
            received: self.received,
            searchmoves,
            multipv: self.settings.multipv,
        };
        self.worker
            .send(WorkerRequest::Search(job))
            .map_err(|e| ProtocolError::new(ErrorKind::Resource, e))?;
        self.running = Some(Running { id, stop, ponder });
        Ok(String::new())
    }

    fn perft(&mut self, depth: u32) -> Reply {
        self.ensure_idle()?;
        let started = Instant::now();
        let leaves = with_game!(&self.position, g => g.perft(depth));
        let elapsed = started.elapsed();
        let rate = (u128::from(leaves) * 1_000_000 / elapsed.as_micros().max(1)) as u64;
        Ok(format!(
            "{leaves}\ntime {} leaves/s {rate}",
            elapsed.as_millis()
        ))
    }

    fn bench(&mut self) -> Reply {
        self.ensure_idle()?;
        let report = bench::run_all().map_err(|e| ProtocolError::new(ErrorKind::Resource, e))?;
        Ok(format!(
            "nodes {} time {} nps {}",
            report.nodes,
            report.elapsed.as_millis(),
            report.nps()
        ))
    }
}

/// The search limits of `go`, with the clock of the side to move.
fn limits(args: &GoArgs, side: Player) -> Limits {
    let ms = Duration::from_millis;
    let (time, increment) = match side {
        Player::First => (args.wtime, args.winc),
        Player::Second => (args.btime, args.binc),
    };
    let clock = time.map(|remaining| Clock {
        remaining: ms(remaining),
        increment: ms(increment.unwrap_or(0)),
        moves_to_go: args.movestogo,
    });
    // A win in N moves of the side to move is at most 2N - 1 plies away.
    let mate_depth = args.mate.map(|n| 2 * n - 1);
    let depth = match (args.depth, mate_depth) {
        (Some(depth), Some(mate)) => Some(depth.min(mate)),
        (depth, mate) => depth.or(mate),
    };
    let unlimited =
        depth.is_none() && args.nodes.is_none() && args.movetime.is_none() && clock.is_none();
    Limits {
        depth,
        nodes: args.nodes,
        movetime: args.movetime.map(ms),
        clock,
        infinite: args.infinite,
        // A `go` with no limit at all searches until the value is proven.
        solve: args.solve || (unlimited && !args.infinite),
    }
}

/// The moves of `go searchmoves`, each checked legal at `position`, in its own notation.
fn legal_texts<G: Game>(position: &G, moves: &[String]) -> Result<Vec<String>, ProtocolError> {
    moves
        .iter()
        .map(|text| {
            position
                .parse_legal_move(text)
                .map(|mv| position.format_move(mv))
                .map_err(|e| game_error(ErrorKind::IllegalMove, e))
        })
        .collect()
}

/// `help`: every command with what it does, one a line.
fn help_text() -> String {
    let width = COMMAND_HELP.iter().map(|h| h.name.len()).max().unwrap_or(0);
    COMMAND_HELP
        .iter()
        .map(|h| format!("{:width$}  {}", h.name, h.summary))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `help COMMAND`: its usage and what it does.
fn command_help(name: &str) -> Reply {
    let help = COMMAND_HELP
        .iter()
        .find(|h| h.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            ProtocolError::new(
                ErrorKind::InvalidArgument,
                format!("{name}: no such command (see help)"),
            )
        })?;
    Ok(format!("usage: {}\n{}", help.usage, help.summary))
}

fn game_error(kind: ErrorKind, error: GameError) -> ProtocolError {
    ProtocolError::new(kind, error.to_string())
}

fn build_position<G: Game>(start: &G, setup: &Setup, moves: &[String]) -> Result<G, ProtocolError> {
    let mut position = match setup {
        Setup::StartPos => start.clone(),
        Setup::Text(text) => start
            .parse_position(text)
            .map_err(|e| game_error(ErrorKind::InvalidPosition, e))?,
    };
    for text in moves {
        let mv = position
            .parse_legal_move(text)
            .map_err(|e| game_error(ErrorKind::IllegalMove, e))?;
        position.play(mv);
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_table_names_each_known_command_once() {
        // The table names commands the parser knows, each once.
        let names: Vec<&str> = command_names().collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            let parsed = parse_line(name).map_err(|error| error.kind);
            assert_ne!(parsed, Err(ErrorKind::UnknownCommand), "{name}");
        }
        assert_eq!(command_help("GO").map(|text| text.lines().count()), Ok(2));
        assert!(command_help("fly").is_err());
    }

    #[test]
    fn mate_limits_the_depth_to_its_moves() {
        let mate = |mate, depth| {
            let args = GoArgs {
                mate,
                depth,
                ..GoArgs::default()
            };
            let limits = limits(&args, Player::First);
            (limits.depth, limits.solve)
        };
        assert_eq!(mate(Some(3), None), (Some(5), false));
        assert_eq!(mate(Some(3), Some(2)), (Some(2), false));
        assert_eq!(mate(None, Some(4)), (Some(4), false));
    }

    #[test]
    fn clocks_follow_the_side_to_move() {
        let args = GoArgs {
            wtime: Some(1000),
            btime: Some(2000),
            binc: Some(5),
            ..GoArgs::default()
        };
        let second = limits(&args, Player::Second);
        assert_eq!(
            second.clock.map(|c| (c.remaining, c.increment)),
            Some((Duration::from_secs(2), Duration::from_millis(5)))
        );
        assert!(!second.solve);
        assert!(limits(&GoArgs::default(), Player::First).solve);
        assert!(
            !limits(
                &GoArgs {
                    infinite: true,
                    ..GoArgs::default()
                },
                Player::First
            )
            .solve
        );
    }
}
