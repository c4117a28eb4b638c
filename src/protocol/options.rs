//! Options of the games: setting them (on a copy, so a rejected value changes nothing),
//! remembering the values `options` shows, and the lines it shows them in.

use std::collections::HashMap;

use crate::game::{Evaluate, GameParams, OptionSpec};
use crate::protocol::{ErrorKind, ProtocolError};
use crate::registry::{for_each_game, AllParams, Registered};

type Reply = Result<String, ProtocolError>;

pub fn spin_value(name: &str, value: &str, min: u64, max: u64) -> Result<u64, ProtocolError> {
    match value.parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(ProtocolError::new(
            ErrorKind::InvalidArgument,
            format!("{name} {value}: expected an integer from {min} to {max}"),
        )),
    }
}

/// The values `options` shows: by game and lower-case option name.
pub type OptionValues = HashMap<(&'static str, String), String>;

/// Remembers the value just set for game `G`'s option `name`, spelled as its spec spells
/// it when the spec lists the values (combo), else as given.
fn record_option<G: Registered>(values: &mut OptionValues, name: &str, value: &str) {
    let specs = <<G as Evaluate>::Params as GameParams>::specs();
    let Some(spec) = specs.iter().find(|s| s.name.eq_ignore_ascii_case(name)) else {
        return;
    };
    let shown = match spec.kind {
        "combo" => spec
            .range
            .split('|')
            .find(|v| v.eq_ignore_ascii_case(value))
            .unwrap_or(value),
        _ => value,
    };
    values.insert((G::NAME, spec.name.to_ascii_lowercase()), shown.to_string());
}

pub fn set_game_option<G: Registered>(
    _: &G,
    all: &mut AllParams,
    values: &mut OptionValues,
    name: &str,
    value: &str,
) -> Reply {
    // Change a copy so a rejected value leaves the settings as they were.
    let mut params = G::params(all).clone();
    match params.set(name, value) {
        Ok(()) => {
            *G::params_mut(all) = params;
            record_option::<G>(values, name, value);
            Ok(String::new())
        }
        Err(None) => Err(ProtocolError::new(
            ErrorKind::UnknownOption,
            format!("{name} (see options)"),
        )),
        Err(Some(reason)) => Err(ProtocolError::new(
            ErrorKind::InvalidArgument,
            format!("{name} {value}: {reason}"),
        )),
    }
}

pub fn set_other_games_option(
    all: &mut AllParams,
    values: &mut OptionValues,
    name: &str,
    value: &str,
) -> Reply {
    let mut accepted = false;
    let mut rejection: Option<String> = None;
    for_each_game!(G => {
        let mut params = Clone::clone(G::params(all));
        match params.set(name, value) {
            Ok(()) => {
                *G::params_mut(all) = params;
                record_option::<G>(values, name, value);
                accepted = true;
            }
            Err(Some(reason)) => rejection = rejection.or(Some(reason)),
            Err(None) => {}
        }
    });
    match (accepted, rejection) {
        (true, _) => Ok(String::new()),
        (false, Some(reason)) => Err(ProtocolError::new(
            ErrorKind::InvalidArgument,
            format!("{name} {value}: {reason}"),
        )),
        (false, None) => Err(ProtocolError::new(
            ErrorKind::UnknownOption,
            format!("{name} (see options)"),
        )),
    }
}

pub fn game_option_specs<G: Registered>(_: &G) -> &'static [OptionSpec] {
    <<G as Evaluate>::Params as GameParams>::specs()
}

/// `Name type spin default D min A max B (now V)` or
/// `... type combo default D var a var b (now V)`.
pub fn option_line(spec: &OptionSpec, now: &str) -> String {
    let range = match spec.kind {
        "spin" => match spec.range.split_once("..") {
            Some((min, max)) => format!(" min {min} max {max}"),
            None => String::new(),
        },
        "combo" => spec.range.split('|').map(|v| format!(" var {v}")).collect(),
        _ => String::new(),
    };
    format!(
        "{} type {} default {}{range} (now {now})",
        spec.name, spec.kind, spec.default
    )
}
