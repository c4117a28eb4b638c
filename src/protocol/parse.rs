//! Parses one protocol line into a [`Request`] with nom. No game logic: moves and position
//! texts stay strings for the session to validate.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while1};
use nom::character::complete::{digit1, space0, space1};
use nom::combinator::{all_consuming, opt, rest};
use nom::multi::separated_list0;
use nom::sequence::{pair, preceded, separated_pair, terminated};
use nom::IResult;

use crate::protocol::{Command, ErrorKind, GoArgs, ProtocolError, Request, Setup};

type Result<T> = std::result::Result<T, ProtocolError>;

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// One whitespace-separated token.
fn word(input: &str) -> IResult<&str, &str> {
    take_till1(is_space)(input)
}

/// A `key=value` pair (both sides non-empty, no spaces).
fn key_value(input: &str) -> IResult<&str, (&str, &str)> {
    separated_pair(
        take_while1(|c: char| !is_space(c) && c != '='),
        tag("="),
        take_till1(is_space),
    )(input)
}

/// The optional numeric id and the command word, then the rest of the line.
fn head(input: &str) -> IResult<&str, (Option<&str>, &str)> {
    pair(
        opt(terminated(digit1, space1)),
        preceded(space0, terminated(word, space0)),
    )(input)
}

/// Whether a line is to be ignored: empty, blank or a `#` comment.
pub fn is_ignored(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// The id of a line, if it starts with one; used to frame errors of lines that fail to parse.
pub fn line_id(line: &str) -> Option<u64> {
    let digits: IResult<&str, &str> =
        terminated(digit1, alt((space1, nom::combinator::eof)))(line.trim_start());
    digits.ok().and_then(|(_, d)| d.parse().ok())
}

/// Parses a (non-ignored) line.
///
/// # Errors
/// A [`ProtocolError`] naming what is wrong; the id is still returned by [`line_id`].
pub fn parse_line(line: &str) -> Result<Request> {
    let line = line.trim_matches(|c: char| c.is_whitespace());
    let id = line_id(line);
    let after_id = match id {
        Some(_) => line
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim_start(),
        None => line,
    };
    if after_id.is_empty() {
        return Err(ProtocolError::new(
            ErrorKind::MissingArgument,
            "no command after the id",
        ));
    }
    let (args, (extra_id, name)) = head(after_id)
        .map_err(|_| ProtocolError::new(ErrorKind::UnknownCommand, after_id.to_string()))?;
    if let Some(digits) = extra_id.filter(|_| id.is_none()) {
        return Err(ProtocolError::new(
            ErrorKind::InvalidArgument,
            format!("id {digits}: too large"),
        ));
    }
    let command = parse_command(&name.to_ascii_lowercase(), args.trim_end())?;
    Ok(Request { id, command })
}

fn no_args(command: Command, args: &str) -> Result<Command> {
    if args.is_empty() {
        Ok(command)
    } else {
        Err(ProtocolError::new(
            ErrorKind::InvalidArgument,
            format!("{args}: unexpected argument"),
        ))
    }
}

fn parse_command(name: &str, args: &str) -> Result<Command> {
    match name {
        "protocol_version" => no_args(Command::ProtocolVersion, args),
        "name" => no_args(Command::Name, args),
        "version" => no_args(Command::Version, args),
        "list_commands" => no_args(Command::ListCommands, args),
        "known_command" => {
            let (_, command) = all_consuming(word)(args).map_err(|_| {
                ProtocolError::new(
                    ErrorKind::MissingArgument,
                    "known_command needs one command name",
                )
            })?;
            Ok(Command::KnownCommand(command.to_string()))
        }
        "help" if args.is_empty() => Ok(Command::Help(None)),
        "help" => {
            let (_, command) = all_consuming(word)(args).map_err(|_| {
                ProtocolError::new(
                    ErrorKind::InvalidArgument,
                    format!("{args}: help takes one command name"),
                )
            })?;
            Ok(Command::Help(Some(command.to_string())))
        }
        "quit" => no_args(Command::Quit, args),
        "list_games" => no_args(Command::ListGames, args),
        "game" => parse_game(args),
        "newgame" => no_args(Command::NewGame, args),
        "position" => parse_position(args),
        "setoption" => parse_setoption(args),
        "options" => no_args(Command::Options, args),
        "isready" => no_args(Command::IsReady, args),
        "go" => parse_go(args).map(Command::Go),
        "stop" => no_args(Command::Stop, args),
        "ponderhit" => no_args(Command::PonderHit, args),
        "showboard" => no_args(Command::ShowBoard, args),
        "legal" => no_args(Command::Legal, args),
        "perft" => {
            if args.is_empty() {
                return Err(ProtocolError::new(
                    ErrorKind::MissingArgument,
                    "perft needs a depth",
                ));
            }
            number::<u32>("depth", args, 0, 64).map(Command::Perft)
        }
        "eval" => no_args(Command::Eval, args),
        "bench" => no_args(Command::Bench, args),
        _ => Err(ProtocolError::new(
            ErrorKind::UnknownCommand,
            name.to_string(),
        )),
    }
}

/// Parses a decimal number of at most 20 digits within `min..=max`.
fn number<T: std::str::FromStr + Into<u64> + TryFrom<u64>>(
    what: &str,
    token: &str,
    min: u64,
    max: u64,
) -> Result<T> {
    let bad = || {
        ProtocolError::new(
            ErrorKind::InvalidArgument,
            format!("{what} {token}: expected an integer from {min} to {max}"),
        )
    };
    let parsed: IResult<&str, &str> = all_consuming(digit1)(token);
    let digits = parsed.map_err(|_| bad())?.1;
    let value: u64 = digits.parse().map_err(|_| bad())?;
    if !(min..=max).contains(&value) {
        return Err(bad());
    }
    T::try_from(value).map_err(|_| bad())
}

/// A game name and its `key=value` options.
type GameWords<'a> = (&'a str, Vec<(&'a str, &'a str)>);

fn parse_game(args: &str) -> Result<Command> {
    let parsed: IResult<&str, GameWords<'_>> = all_consuming(pair(
        word,
        preceded(space0, separated_list0(space1, key_value)),
    ))(args);
    match parsed {
        Ok((_, (name, variant))) => Ok(Command::Game {
            name: name.to_string(),
            variant: variant
                .into_iter()
                .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
                .collect(),
        }),
        Err(_) if args.is_empty() => Err(ProtocolError::new(
            ErrorKind::MissingArgument,
            "game needs a game name",
        )),
        Err(_) => {
            let bad = args
                .split(is_space)
                .skip(1)
                .find(|t| !t.is_empty() && !t.contains('='))
                .unwrap_or(args);
            Err(ProtocolError::new(
                ErrorKind::InvalidArgument,
                format!("{bad}: variant options are key=value"),
            ))
        }
    }
}

/// `startpos [moves ...]` or `<text> [moves ...]`: the text is everything before `moves`.
fn parse_position(args: &str) -> Result<Command> {
    let moves_at = find_word(args, "moves");
    let (setup_text, moves_text) = match moves_at {
        Some(at) => (args[..at].trim(), Some(args[at + "moves".len()..].trim())),
        None => (args.trim(), None),
    };
    if setup_text.is_empty() {
        return Err(ProtocolError::new(
            ErrorKind::MissingArgument,
            "position needs startpos or a position text",
        ));
    }
    let setup = if setup_text == "startpos" {
        Setup::StartPos
    } else {
        Setup::Text(setup_text.to_string())
    };
    let moves = moves_text.map_or_else(Vec::new, |m| {
        m.split(is_space)
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect()
    });
    Ok(Command::Position { setup, moves })
}

/// The byte offset of `target` as a whole token in `text`.
fn find_word(text: &str, target: &str) -> Option<usize> {
    let mut offset = 0;
    for token in text.split(is_space) {
        if token == target {
            return Some(offset);
        }
        offset += token.len() + 1;
    }
    None
}

/// `name NAME... [value VALUE...]`: names and values may contain spaces, as in UCI.
fn parse_setoption(args: &str) -> Result<Command> {
    let parsed: IResult<&str, &str> = preceded(pair(tag("name"), space1), rest)(args);
    let body = parsed
        .map_err(|_| {
            ProtocolError::new(
                ErrorKind::MissingArgument,
                "usage: setoption name NAME value VALUE",
            )
        })?
        .1;
    let (name, value) = match find_word(body, "value") {
        Some(at) => (body[..at].trim(), body[at + "value".len()..].trim()),
        None => (body.trim(), ""),
    };
    if name.is_empty() {
        return Err(ProtocolError::new(
            ErrorKind::MissingArgument,
            "setoption needs an option name",
        ));
    }
    if value.is_empty() {
        return Err(ProtocolError::new(
            ErrorKind::MissingArgument,
            format!("{name}: setoption needs a value"),
        ));
    }
    Ok(Command::SetOption {
        name: name.to_string(),
        value: value.to_string(),
    })
}

/// Largest time in milliseconds accepted (about 31 years): keeps `Instant` arithmetic safe.
pub const MAX_MS: u64 = 1 << 40;

/// The words of `go`: a `searchmoves` list ends at the first of them.
const GO_WORDS: &[&str] = &[
    "infinite",
    "solve",
    "ponder",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
    "searchmoves",
];

fn parse_go(args: &str) -> Result<GoArgs> {
    let mut go = GoArgs::default();
    let mut tokens = args.split(is_space).filter(|t| !t.is_empty()).peekable();
    while let Some(key) = tokens.next() {
        let mut value = |what: &str| {
            tokens.next().ok_or_else(|| {
                ProtocolError::new(
                    ErrorKind::MissingArgument,
                    format!("go {what} needs a value"),
                )
            })
        };
        match key {
            "infinite" => go.infinite = true,
            "solve" => go.solve = true,
            "ponder" => go.ponder = true,
            "depth" => {
                go.depth = Some(number(
                    "depth",
                    value("depth")?,
                    1,
                    crate::game::score::MAX_PLY as u64 - 1,
                )?)
            }
            "nodes" => go.nodes = Some(number("nodes", value("nodes")?, 1, u64::MAX)?),
            "movetime" => go.movetime = Some(number("movetime", value("movetime")?, 0, MAX_MS)?),
            "wtime" => go.wtime = Some(number("wtime", value("wtime")?, 0, MAX_MS)?),
            "btime" => go.btime = Some(number("btime", value("btime")?, 0, MAX_MS)?),
            "winc" => go.winc = Some(number("winc", value("winc")?, 0, MAX_MS)?),
            "binc" => go.binc = Some(number("binc", value("binc")?, 0, MAX_MS)?),
            "movestogo" => {
                go.movestogo = Some(number("movestogo", value("movestogo")?, 1, 10_000)?)
            }
            "mate" => {
                go.mate = Some(number(
                    "mate",
                    value("mate")?,
                    1,
                    crate::game::score::MAX_PLY as u64 / 2,
                )?)
            }
            "searchmoves" => {
                while let Some(mv) = tokens.next_if(|t| !GO_WORDS.contains(t)) {
                    go.searchmoves.push(mv.to_string());
                }
                if go.searchmoves.is_empty() {
                    return Err(ProtocolError::new(
                        ErrorKind::MissingArgument,
                        "go searchmoves needs at least one move",
                    ));
                }
            }
            other => {
                return Err(ProtocolError::new(
                    ErrorKind::InvalidArgument,
                    format!("{other}: unknown go parameter"),
                ));
            }
        }
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Request {
        parse_line(line).unwrap_or_else(|e| panic!("{line:?} failed: {e}"))
    }

    fn err(line: &str) -> ErrorKind {
        match parse_line(line) {
            Ok(request) => panic!("{line:?} parsed as {request:?}"),
            Err(e) => e.kind,
        }
    }

    #[test]
    fn ids_and_whitespace() {
        assert_eq!(
            ok("name"),
            Request {
                id: None,
                command: Command::Name
            }
        );
        assert_eq!(
            ok("  12\t name  "),
            Request {
                id: Some(12),
                command: Command::Name
            }
        );
        assert_eq!(ok("7 isready").id, Some(7));
        assert_eq!(err("7"), ErrorKind::MissingArgument);
        assert_eq!(line_id("7"), Some(7));
        assert_eq!(line_id("7go"), None);
        assert_eq!(err("7go"), ErrorKind::UnknownCommand);
        assert_eq!(
            err("123456789012345678901234 name"),
            ErrorKind::InvalidArgument
        );
        assert!(is_ignored("   ") && is_ignored("# comment") && !is_ignored("name"));
    }

    #[test]
    fn commands_without_arguments_reject_extra_words() {
        assert_eq!(err("name please"), ErrorKind::InvalidArgument);
        assert_eq!(err("frobnicate"), ErrorKind::UnknownCommand);
        assert_eq!(ok("NAME").command, Command::Name);
    }

    #[test]
    fn game_with_variant_options() {
        assert_eq!(
            ok("game gomoku size=15 rule=standard").command,
            Command::Game {
                name: "gomoku".into(),
                variant: vec![
                    ("size".into(), "15".into()),
                    ("rule".into(), "standard".into())
                ]
            }
        );
        assert_eq!(err("game"), ErrorKind::MissingArgument);
        assert_eq!(err("game gomoku size"), ErrorKind::InvalidArgument);
    }

    #[test]
    fn positions() {
        assert_eq!(
            ok("position startpos moves b2 a1").command,
            Command::Position {
                setup: Setup::StartPos,
                moves: vec!["b2".into(), "a1".into()]
            }
        );
        assert_eq!(
            ok("position XO------- X").command,
            Command::Position {
                setup: Setup::Text("XO------- X".into()),
                moves: vec![]
            }
        );
        assert_eq!(
            ok("position digits 4453 moves d").command,
            Command::Position {
                setup: Setup::Text("digits 4453".into()),
                moves: vec!["d".into()]
            }
        );
        assert_eq!(err("position"), ErrorKind::MissingArgument);
        assert_eq!(err("position moves a1"), ErrorKind::MissingArgument);
    }

    #[test]
    fn setoption_names_and_values() {
        assert_eq!(
            ok("setoption name Hash value 32").command,
            Command::SetOption {
                name: "Hash".into(),
                value: "32".into()
            }
        );
        assert_eq!(
            ok("setoption name Some Option value a b").command,
            Command::SetOption {
                name: "Some Option".into(),
                value: "a b".into()
            }
        );
        assert_eq!(err("setoption name Hash"), ErrorKind::MissingArgument);
        assert_eq!(err("setoption Hash 3"), ErrorKind::MissingArgument);
    }

    #[test]
    fn go_limits() {
        let Command::Go(go) = ok("go depth 5 movetime 100 nodes 9 wtime 1 btime 2 winc 3 binc 4 movestogo 5 infinite solve ponder").command
        else {
            panic!("not go");
        };
        assert_eq!(
            go,
            GoArgs {
                depth: Some(5),
                movetime: Some(100),
                nodes: Some(9),
                wtime: Some(1),
                btime: Some(2),
                winc: Some(3),
                binc: Some(4),
                movestogo: Some(5),
                infinite: true,
                solve: true,
                ponder: true,
                mate: None,
                searchmoves: Vec::new(),
            }
        );
        let Command::Go(go) = ok("go searchmoves a1 b2 mate 2").command else {
            panic!("not go");
        };
        assert_eq!(
            (go.searchmoves, go.mate),
            (vec!["a1".to_string(), "b2".to_string()], Some(2))
        );
        assert_eq!(err("go searchmoves depth 3"), ErrorKind::MissingArgument);
        assert_eq!(err("go mate 0"), ErrorKind::InvalidArgument);
        assert_eq!(err("go depth"), ErrorKind::MissingArgument);
        assert_eq!(err("go depth 0"), ErrorKind::InvalidArgument);
        assert_eq!(err("go depth -3"), ErrorKind::InvalidArgument);
        assert_eq!(
            err("go depth 99999999999999999999999"),
            ErrorKind::InvalidArgument
        );
        assert_eq!(
            err("go nodes 18446744073709551616"),
            ErrorKind::InvalidArgument
        );
        assert_eq!(err("go fast"), ErrorKind::InvalidArgument);
    }

    #[test]
    fn perft_depths() {
        assert_eq!(ok("perft 4").command, Command::Perft(4));
        assert_eq!(err("perft"), ErrorKind::MissingArgument);
        assert_eq!(err("perft x"), ErrorKind::InvalidArgument);
        assert_eq!(err("perft 65"), ErrorKind::InvalidArgument);
    }
}
