//! The Gomocup (piskvork) brain protocol, as `arbor gomocup`: `START N`, `BEGIN`,
//! `TURN x,y`, `BOARD ... DONE`, `INFO key value`, `TAKEBACK x,y`, `RESTART`, `ABOUT`,
//! `END`. Coordinates are 0-based `x,y` (x the column, y the row from the top), so
//! `x,y` is arbor's square with column letter `x` and row number `y + 1`.
//!
//! The brain keeps the stones itself and sends arbor's own protocol (`game gomoku`,
//! `position TEXT`, `go movetime MS`) to a [`SessionPipe`]; each move's time comes from
//! `timeout_turn` and `time_left` with a safety margin, and `max_depth`/`max_node` add
//! `depth`/`nodes` limits. Input that arrives while arbor
//! thinks waits until the move is out, except `END`, which ends at once.

pub mod time;

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

use crossbeam_channel::select;

use crate::frontend::pipe::SessionPipe;
use crate::frontend::{say, Conversation, SessionLine};
use crate::game::notation::parse_square;
use crate::protocol::options::EngineSettings;
use crate::protocol::reader::{spawn_reader, Input};
use time::{think_time, TimeInfo};

/// Board sizes arbor plays.
const SIZES: std::ops::RangeInclusive<usize> = 5..=22;

/// Who owns a stone, as `BOARD` says: 1 arbor, 2 the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Own,
    Opponent,
}

/// What the answer to a command sent to the session means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Quiet,
    /// A refused position: the search that follows would be of the previous one.
    Position,
    Go,
}

struct Brain {
    size: Option<usize>,
    /// The `rule=` of `game gomoku` that `INFO rule` asked for.
    rule: &'static str,
    /// The (size, rule) the session was last set to.
    configured: Option<(usize, &'static str)>,
    stones: Vec<(usize, Owner)>,
    time: TimeInfo,
    thinking: bool,
    /// Lines that arrived while thinking, handled once the move is out.
    waiting: VecDeque<String>,
    /// Inside `BOARD ... DONE`.
    board_input: Option<Vec<(usize, Owner)>>,
    session: Conversation<Pending>,
    /// The last position was refused; its search result is not an answer.
    bad_position: bool,
    /// The hash size last asked for through `max_memory`.
    hash_mib: Option<u64>,
    /// A larger hash asked for before a move, made once that move is answered (see
    /// `on_max_memory`).
    deferred_hash: Option<u64>,
    /// Whether a move was asked for: until then the session has no tables.
    moved: bool,
    /// Yixin's `INFO max_depth` / `max_node` (0 = no limit): each search stops at the first
    /// of these and the move's time.
    max_depth: Option<u64>,
    max_node: Option<u64>,
}

/// Serves the Gomocup protocol on `input`/`output` until `END` or end of input, through
/// the session of `pipe`.
///
/// # Errors
/// Writing the output failed.
pub fn run(
    mut pipe: SessionPipe,
    input: impl BufRead + Send + 'static,
    mut output: impl Write,
) -> io::Result<()> {
    let lines = spawn_reader(input);
    let session_output = pipe.output().clone();
    let mut brain = Brain {
        size: None,
        rule: "freestyle",
        configured: None,
        stones: Vec::new(),
        time: TimeInfo::default(),
        thinking: false,
        waiting: VecDeque::new(),
        board_input: None,
        session: Conversation::new(),
        bad_position: false,
        hash_mib: None,
        deferred_hash: None,
        moved: false,
        max_depth: None,
        max_node: None,
    };
    let mut input_open = true;
    loop {
        while !brain.thinking {
            let Some(line) = brain.waiting.pop_front() else {
                break;
            };
            if !brain.on_input(&line, &pipe, &mut output)? {
                return Ok(());
            }
        }
        if !input_open && !brain.thinking {
            pipe.close();
            return Ok(());
        }
        if !input_open {
            // End of input while thinking: finish the move in hand.
            match session_output.recv() {
                Ok(line) => brain.on_output(&line, &pipe, &mut output)?,
                Err(_) => return Ok(()),
            }
            continue;
        }
        select! {
            recv(lines) -> line => match line {
                // END ends at once, even while thinking (dropping the pipe stops the search).
                Ok(Input::Line(line, _)) if line.trim().eq_ignore_ascii_case("END") => return Ok(()),
                Ok(Input::Line(line, _)) => brain.waiting.push_back(line),
                Ok(Input::Bad(reason)) => say(&mut output, &format!("ERROR {reason}"))?,
                Ok(Input::Eof) | Err(_) => input_open = false,
            },
            recv(session_output) -> line => match line {
                Ok(line) => brain.on_output(&line, &pipe, &mut output)?,
                Err(_) => return Ok(()),
            },
        }
    }
}

impl Brain {
    fn send(&mut self, pipe: &SessionPipe, line: &str, pending: Pending) {
        self.session.send(pipe, line, pending);
    }

    /// `INFO max_memory`: before the first move (the session has no tables yet) and for
    /// a smaller hash, the tables are made at once (the limit holds from now on); a larger
    /// one after the next move is answered. Managers send `max_memory` between games too,
    /// and replacing a table costs the move that follows its time: c-gomoku-cli measured
    /// 460-550 ms for such a move at a 300 ms turn. Until then the smaller table serves,
    /// within the limit.
    fn on_max_memory(&mut self, bytes: Option<u64>, pipe: &SessionPipe) {
        let before = self
            .hash_mib
            .unwrap_or(EngineSettings::default().hash_mib as u64);
        let Some(mib) = hash_for_memory(bytes, &mut self.hash_mib) else {
            return;
        };
        if mib > before && self.moved {
            self.deferred_hash = Some(mib);
        } else {
            self.deferred_hash = None;
            self.set_hash(pipe, mib);
        }
    }

    /// Makes the larger hash deferred by `on_max_memory`, if any (after a move is out).
    fn make_deferred_hash(&mut self, pipe: &SessionPipe) {
        if let Some(mib) = self.deferred_hash.take() {
            self.set_hash(pipe, mib);
        }
    }

    fn set_hash(&mut self, pipe: &SessionPipe, mib: u64) {
        self.send(
            pipe,
            &format!("setoption name Hash value {mib}"),
            Pending::Quiet,
        );
    }

    /// Handles one manager line; `false` means end.
    fn on_input(
        &mut self,
        line: &str,
        pipe: &SessionPipe,
        out: &mut impl Write,
    ) -> io::Result<bool> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(true);
        }
        if let Some(stones) = &mut self.board_input {
            if line.eq_ignore_ascii_case("DONE") {
                self.stones = std::mem::take(stones);
                self.board_input = None;
                return self.think(pipe, out).map(|()| true);
            }
            match parse_board_line(line, self.size.unwrap_or(0)) {
                Some((cell, Some(owner))) if !stones.iter().any(|s| s.0 == cell) => {
                    stones.push((cell, owner))
                }
                Some((_, None)) => {}
                _ => say(out, &format!("ERROR bad BOARD line {line}"))?,
            }
            return Ok(true);
        }
        let (command, argument) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let argument = argument.trim();
        match command.to_ascii_uppercase().as_str() {
            "START" => match argument.parse::<usize>() {
                Ok(size) if SIZES.contains(&size) => {
                    self.size = Some(size);
                    self.stones.clear();
                    say(out, "OK")?;
                }
                _ => say(out, &format!("ERROR unsupported size {argument} (5 to 22)"))?,
            },
            "RECTSTART" => say(out, "ERROR rectangular boards are not supported")?,
            "RESTART" if self.size.is_some() => {
                self.stones.clear();
                self.send(pipe, "newgame", Pending::Quiet);
                say(out, "OK")?;
            }
            "BEGIN" if self.size.is_some() => {
                self.stones.clear();
                self.think(pipe, out)?;
            }
            "TURN" if self.size.is_some() => match self.parse_free(argument) {
                Some(cell) => {
                    self.stones.push((cell, Owner::Opponent));
                    self.think(pipe, out)?;
                }
                None => say(out, &format!("ERROR bad or occupied cell {argument}"))?,
            },
            "BOARD" if self.size.is_some() => self.board_input = Some(Vec::new()),
            "TAKEBACK" if self.size.is_some() => {
                let cell = self.parse_cell(argument);
                match self.stones.iter().position(|s| Some(s.0) == cell) {
                    Some(index) => {
                        self.stones.remove(index);
                        say(out, "OK")?;
                    }
                    None => say(out, &format!("ERROR no stone at {argument}"))?,
                }
            }
            "RESTART" | "BEGIN" | "TURN" | "BOARD" | "TAKEBACK" => {
                say(out, "ERROR no board yet: send START first")?
            }
            "INFO" => self.on_info(argument, pipe, out)?,
            "ABOUT" => say(
                out,
                &format!(
                    "name=\"arbor\", version=\"{}\", author=\"arbor developers\", country=\"Unknown\"",
                    env!("CARGO_PKG_VERSION")
                ),
            )?,
            "END" => return Ok(false),
            _ => say(out, &format!("UNKNOWN {line}"))?,
        }
        Ok(true)
    }

    fn on_info(
        &mut self,
        argument: &str,
        pipe: &SessionPipe,
        _out: &mut impl Write,
    ) -> io::Result<()> {
        let (key, value) = argument
            .split_once(char::is_whitespace)
            .unwrap_or((argument, ""));
        let number = clamped_number(value.trim());
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => self.time.timeout_turn = number,
            "timeout_match" => self.time.timeout_match = number,
            "time_left" => self.time.time_left = number,
            "max_depth" => self.max_depth = number.filter(|&d| d > 0),
            "max_node" => self.max_node = number.filter(|&n| n > 0),
            "max_memory" => self.on_max_memory(number, pipe),
            "rule" => {
                // Bit 1 exactly five, bit 4 renju (bit 2, continuous games, changes nothing).
                let bits = number.unwrap_or(0);
                self.rule = if bits & 4 != 0 {
                    "renju"
                } else if bits & 1 != 0 {
                    "standard"
                } else {
                    "freestyle"
                };
            }
            // game_type, folder, evaluate and anything newer: nothing to do.
            _ => {}
        }
        Ok(())
    }

    /// Sends the position and starts thinking about arbor's move.
    fn think(&mut self, pipe: &SessionPipe, out: &mut impl Write) -> io::Result<()> {
        let Some(size) = self.size else {
            return say(out, "ERROR no board yet: send START first");
        };
        if self.configured != Some((size, self.rule)) {
            self.send(
                pipe,
                &format!("game gomoku size={size} rule={}", self.rule),
                Pending::Quiet,
            );
            self.configured = Some((size, self.rule));
        }
        let own = self.stones.iter().filter(|s| s.1 == Owner::Own).count();
        // Black (X) moves when the counts are equal; arbor is White when it has fewer stones.
        let arbor_is_white = own < self.stones.len() - own;
        let mut cells = vec!['-'; size * size];
        for &(cell, owner) in &self.stones {
            cells[cell] = if (owner == Owner::Own) != arbor_is_white {
                'X'
            } else {
                'O'
            };
        }
        let rows: Vec<String> = cells.chunks(size).map(|r| r.iter().collect()).collect();
        let side = if arbor_is_white { 'O' } else { 'X' };
        self.send(
            pipe,
            &format!("position {} {side}", rows.join("/")),
            Pending::Position,
        );
        let ms = think_time(self.time).as_millis();
        let mut go = format!("go movetime {ms}");
        if let Some(depth) = self.max_depth {
            go += &format!(" depth {}", depth.min(u64::from(u32::MAX)));
        }
        if let Some(nodes) = self.max_node {
            go += &format!(" nodes {nodes}");
        }
        self.send(pipe, &go, Pending::Go);
        self.thinking = true;
        self.moved = true;
        Ok(())
    }

    fn on_output(
        &mut self,
        line: &str,
        pipe: &SessionPipe,
        out: &mut impl Write,
    ) -> io::Result<()> {
        match self.session.read(line) {
            SessionLine::Answer {
                purpose,
                error: Some(detail),
            } => {
                if purpose == Some(Pending::Go) {
                    self.thinking = false;
                    say(out, &format!("ERROR cannot move: {detail}"))?;
                } else if purpose == Some(Pending::Position) {
                    self.bad_position = true;
                    say(out, &format!("ERROR cannot use this board: {detail}"))?;
                } else {
                    say(out, &format!("MESSAGE arbor: {detail}"))?;
                }
            }
            SessionLine::Info(rest) => {
                say(out, &format!("MESSAGE {}", self.message(rest)))?;
            }
            SessionLine::BestMove(best) => {
                self.thinking = false;
                // After a refused position the move was already answered with ERROR.
                if !std::mem::take(&mut self.bad_position) {
                    let size = self.size.unwrap_or(0);
                    match parse_square(best.trim(), size, size) {
                        Ok(cell) => {
                            self.stones.push((cell, Owner::Own));
                            say(out, &format!("{},{}", cell % size, cell / size))?;
                        }
                        Err(_) => say(out, &format!("ERROR no move ({best})"))?,
                    }
                }
                // The move is out: the opponent's time pays for a larger table.
                self.make_deferred_hash(pipe);
            }
            _ => {}
        }
        Ok(())
    }

    /// An `info` line for a `MESSAGE`, with the PV in Gomocup coordinates.
    fn message(&self, info: &str) -> String {
        let size = self.size.unwrap_or(0);
        let mut words = Vec::new();
        let mut in_pv = false;
        let mut skip = false;
        for word in info.split_whitespace() {
            if skip {
                skip = false;
                continue;
            }
            if in_pv {
                match parse_square(word, size, size) {
                    Ok(cell) => words.push(format!("{},{}", cell % size, cell / size)),
                    Err(_) => words.push(word.to_string()),
                }
                continue;
            }
            match word {
                "nps" | "hashfull" | "seldepth" => skip = true,
                "pv" => {
                    in_pv = true;
                    words.push(word.to_string());
                }
                _ => words.push(word.to_string()),
            }
        }
        words.join(" ")
    }

    fn parse_cell(&self, text: &str) -> Option<usize> {
        parse_xy(text, self.size.unwrap_or(0))
    }

    /// A cell that exists and is empty.
    fn parse_free(&self, text: &str) -> Option<usize> {
        self.parse_cell(text)
            .filter(|&cell| !self.stones.iter().any(|s| s.0 == cell))
    }
}

/// The hash size (MiB) for `INFO max_memory`, or `None` when nothing changes: half of what
/// the manager allows (0 = no limit: keep the table). Managers repeat `max_memory` every
/// game; resizing rebuilds the table (100+ ms for 175 MiB), time the next move would lose.
fn hash_for_memory(bytes: Option<u64>, current: &mut Option<u64>) -> Option<u64> {
    let mib = ((bytes.filter(|&b| b > 0)? / 2) >> 20).clamp(1, 1024);
    (*current != Some(mib)).then(|| {
        *current = Some(mib);
        mib
    })
}

/// An `INFO` value as a number: any integer, clamped to `0..=u64::MAX` (the time values
/// clamp further in `think_time`); `None` if it is not an integer.
fn clamped_number(text: &str) -> Option<u64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if text.starts_with('-') {
        return Some(0);
    }
    Some(digits.parse::<u64>().unwrap_or(u64::MAX))
}

/// `x,y` on a board of `size`: the cell index `y * size + x`.
fn parse_xy(text: &str, size: usize) -> Option<usize> {
    let (x, y) = text.split_once(',')?;
    let (x, y) = (
        x.trim().parse::<usize>().ok()?,
        y.trim().parse::<usize>().ok()?,
    );
    (x < size && y < size).then_some(y * size + x)
}

/// A `BOARD` line `x,y,who`: who 1 is arbor, 2 the opponent, 3 a stone to ignore (`None`).
fn parse_board_line(line: &str, size: usize) -> Option<(usize, Option<Owner>)> {
    let (xy, who) = line.rsplit_once(',')?;
    let cell = parse_xy(xy, size)?;
    match who.trim() {
        "1" => Some((cell, Some(Owner::Own))),
        "2" => Some((cell, Some(Owner::Opponent))),
        "3" => Some((cell, None)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_lines_and_coordinates_parse() {
        assert_eq!(parse_xy("7,7", 15), Some(112));
        assert_eq!(parse_xy("14,0", 15), Some(14));
        assert_eq!(parse_xy("15,0", 15), None);
        assert_eq!(parse_xy("a,b", 15), None);
        assert_eq!(parse_board_line("1,2,1", 15), Some((31, Some(Owner::Own))));
        assert_eq!(parse_board_line("1,2,3", 15), Some((31, None)));
        assert_eq!(parse_board_line("1,2,4", 15), None);
        assert_eq!(parse_board_line("1,2", 15), None);
    }

    #[test]
    fn info_values_clamp_to_what_a_u64_holds() {
        assert_eq!(clamped_number("100000000000000"), Some(100_000_000_000_000));
        assert_eq!(clamped_number("99999999999999999999999999"), Some(u64::MAX));
        assert_eq!(clamped_number("+5"), Some(5));
        assert_eq!(clamped_number("-5"), Some(0));
        assert_eq!(clamped_number("-99999999999999999999999999"), Some(0));
        assert_eq!(clamped_number("5x"), None);
        assert_eq!(clamped_number(""), None);
        assert_eq!(clamped_number("-"), None);
    }

    #[test]
    fn max_memory_resizes_the_hash_only_when_it_changes() {
        let mut current = None;
        assert_eq!(hash_for_memory(Some(367_001_600), &mut current), Some(175));
        assert_eq!(hash_for_memory(Some(367_001_600), &mut current), None);
        assert_eq!(hash_for_memory(Some(0), &mut current), None);
        assert_eq!(hash_for_memory(None, &mut current), None);
        assert_eq!(hash_for_memory(Some(1 << 30), &mut current), Some(512));
        assert_eq!(hash_for_memory(Some(1), &mut current), Some(1));
    }
}
