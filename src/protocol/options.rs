//! Options: the engine's own (`Hash`, `Threads`, `MultiPV`) declared here, each game's in its own
//! module ([`GameParams::OPTIONS`]); setting them (on a copy, so a refused value changes
//! nothing) and the lines `options` shows, all from those declarations.

use crate::game::{Evaluate, GameParams, SetError};
use crate::options::{self, OptionDecl};
use crate::protocol::{ErrorKind, ProtocolError};
use crate::registry::{for_each_game, AllParams, Registered};
use crate::search::{TranspositionTable, MAX_MULTI_PV, MAX_THREADS};

type Reply = Result<String, ProtocolError>;

/// The name of the option that sizes the tables (setting it rebuilds them).
pub const HASH: &str = "Hash";

/// The settings of the engine's own options, the same for every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// The memory of the transposition table and the solver tables, in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// How many best root moves a search reports.
    pub multipv: usize,
}

/// The engine's own options, listed before the game's.
pub const ENGINE_OPTIONS: &[OptionDecl<EngineSettings>] = &[
    OptionDecl::spin(
        HASH,
        64,
        1,
        TranspositionTable::MAX_MIB as i64,
        |s| &mut s.hash_mib,
        "MiB for all tables: the transposition table (half) and the game's solver tables \
         (half); setting it makes them anew, empty",
    ),
    OptionDecl::spin(
        "Threads",
        1,
        1,
        MAX_THREADS as i64,
        |s| &mut s.threads,
        "search threads (Lazy SMP over one shared transposition table)",
    ),
    OptionDecl::spin(
        "MultiPV",
        1,
        1,
        MAX_MULTI_PV as i64,
        |s| &mut s.multipv,
        "how many best root moves a search reports, each with its own score and principal \
         variation",
    ),
];

impl Default for EngineSettings {
    /// Every option at its declared default.
    fn default() -> Self {
        let unset = EngineSettings {
            hash_mib: 0,
            threads: 0,
            multipv: 0,
        };
        options::with_defaults(unset, ENGINE_OPTIONS)
    }
}

/// The `? invalid-argument` error of a refused value.
pub fn invalid_value(name: &str, value: &str, reason: &str) -> ProtocolError {
    ProtocolError::new(
        ErrorKind::InvalidArgument,
        format!("{name} {value}: {reason}"),
    )
}

fn unknown_option(name: &str) -> ProtocolError {
    ProtocolError::new(ErrorKind::UnknownOption, format!("{name} (see options)"))
}

/// Sets option `name` of the current game `G`.
pub fn set_game_option<G: Registered>(
    _: &G,
    all: &mut AllParams,
    name: &str,
    value: &str,
) -> Reply {
    // Change a copy so a rejected value leaves the settings as they were.
    let mut params = G::params(all).clone();
    match params.set(name, value) {
        Ok(()) => {
            *G::params_mut(all) = params;
            Ok(String::new())
        }
        Err(SetError::Unknown) => Err(unknown_option(name)),
        Err(SetError::Invalid(reason)) => Err(invalid_value(name, value, &reason)),
    }
}

/// Sets option `name` for every game that has it (options may come before `game`).
pub fn set_other_games_option(all: &mut AllParams, name: &str, value: &str) -> Reply {
    let mut accepted = false;
    let mut rejection: Option<String> = None;
    for_each_game!(G => {
        let mut params = Clone::clone(G::params(all));
        match params.set(name, value) {
            Ok(()) => {
                *G::params_mut(all) = params;
                accepted = true;
            }
            Err(SetError::Invalid(reason)) => rejection = rejection.or(Some(reason)),
            Err(SetError::Unknown) => {}
        }
    });
    match (accepted, rejection) {
        (true, _) => Ok(String::new()),
        (false, Some(reason)) => Err(invalid_value(name, value, &reason)),
        (false, None) => Err(unknown_option(name)),
    }
}

/// The `options` lines of the current game `G`'s options.
pub fn game_option_lines<G: Registered>(_: &G, all: &AllParams) -> Vec<String> {
    let params = G::params(all);
    <<G as Evaluate>::Params as GameParams>::OPTIONS
        .iter()
        .map(|option| option_line(option, params))
        .collect()
}

/// `Name type spin default D min A max B (now V) -- description`, or with
/// `type combo default D var a var b`, `type check default D`, ... as UCI's `option`
/// lines have it; a button has no `(now V)`.
pub fn option_line<T: Clone>(option: &OptionDecl<T>, settings: &T) -> String {
    let now = match option.value(settings) {
        Some(value) => format!(" (now {value})"),
        None => String::new(),
    };
    format!(
        "{} {}{now} -- {}",
        option.name,
        option.shape(settings),
        option.description
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::check_table;

    #[test]
    fn every_table_of_options_passes_its_checks() {
        // Each default within its own range and read back from the defaults, every value
        // of each range round-tripping, names unique, one-line descriptions.
        assert_eq!(
            check_table(ENGINE_OPTIONS, &EngineSettings::default()),
            Ok(())
        );
        let mut checked = 0;
        for_each_game!(G => {
            let options = <<G as Evaluate>::Params as GameParams>::OPTIONS;
            let defaults = <<G as Evaluate>::Params as Default>::default();
            assert_eq!(check_table(options, &defaults), Ok(()), "{}", <G as crate::game::Game>::NAME);
            // A game option may not shadow an engine option: `setoption` would never reach it.
            for option in options {
                assert!(options::find(ENGINE_OPTIONS, option.name).is_none(), "{}", option.name);
            }
            checked += options.len();
        });
        assert_eq!(
            checked,
            2 + 3 + 25,
            "Connect Four, Othello and Gomoku options"
        );
    }

    #[test]
    fn engine_defaults_are_64_mib_one_thread_and_one_line() {
        assert_eq!(
            EngineSettings::default(),
            EngineSettings {
                hash_mib: 64,
                threads: 1,
                multipv: 1
            }
        );
    }
}
