//! The games arbor plays. Adding a game is its module plus one line in `define_games!`.
//!
//! Runtime choice of the game happens once per command through [`AnyGame`] and the
//! `with_game!` macro; everything inside is monomorphised per game (static dispatch).

use crate::game::{Evaluate, Game, GameError, Variant};
use crate::search::Solve;

/// A game the engine can play: rules, evaluation and solver, with its per-engine state
/// (settings and solver tables) found in the aggregate structs.
pub trait Registered: Solve {
    /// This game's settings inside the engine-wide settings.
    fn params(all: &AllParams) -> &<Self as Evaluate>::Params;
    /// Mutable access to this game's settings.
    fn params_mut(all: &mut AllParams) -> &mut <Self as Evaluate>::Params;
    /// This game's solver inside the worker's solvers.
    fn solver(all: &mut AllSolvers) -> &mut <Self as Solve>::Solver;
    /// Wraps a position of this game.
    fn wrap(self) -> AnyGame;
}

macro_rules! define_games {
    ($d:tt; $( $variant:ident, $field:ident: $ty:ty ),* $(,)?) => {
        /// A position of any registered game. Gomoku's incremental state makes its variant
        /// a few KiB; positions are moved once per command, so that is not worth a box.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $( $variant($ty), )*
        }

        /// Every game's engine settings, kept across `game` changes.
        #[derive(Clone, Default)]
        pub struct AllParams {
            $( pub $field: <$ty as Evaluate>::Params, )*
        }

        /// Every game's solver state, owned by the search worker.
        #[derive(Default)]
        pub struct AllSolvers {
            $( pub $field: <$ty as Solve>::Solver, )*
        }

        /// The names `game` accepts, in `list_games` order.
        pub const GAME_NAMES: &[&str] = &[ $( <$ty as Game>::NAME, )* ];

        impl AnyGame {
            /// The start position of game `name` with variant options.
            ///
            /// # Errors
            /// Unknown game name or bad variant options.
            pub fn new(name: &str, variant: &Variant) -> Result<AnyGame, GameError> {
                $( if name.eq_ignore_ascii_case(<$ty as Game>::NAME) {
                    return <$ty as Game>::new_game(variant).map(AnyGame::$variant);
                } )*
                Err(GameError::new(name, format!("unknown game (known: {})", GAME_NAMES.join(", "))))
            }
        }

        impl AnyGame {
            /// The game's name, as `game` takes it.
            pub fn name(&self) -> &'static str {
                match self { $( AnyGame::$variant(_) => <$ty as Game>::NAME, )* }
            }

            /// A position of the same game and variant from its position text.
            ///
            /// # Errors
            /// Text the game does not accept.
            pub fn parse_position(&self, text: &str) -> Result<AnyGame, GameError> {
                match self { $( AnyGame::$variant(g) => g.parse_position(text).map(AnyGame::$variant), )* }
            }

            /// The position after the moves, given as text.
            ///
            /// # Errors
            /// A move that does not parse or is not legal where it is played.
            pub fn play_moves(&self, moves: &[&str]) -> Result<AnyGame, GameError> {
                match self {
                    $( AnyGame::$variant(g) => {
                        let mut position = g.clone();
                        for text in moves {
                            let mv = position.parse_legal_move(text)?;
                            position.play(mv);
                        }
                        Ok(AnyGame::$variant(position))
                    } )*
                }
            }

            /// The leaf count `depth` plies deep.
            pub fn perft(&self, depth: u32) -> u64 {
                match self { $( AnyGame::$variant(g) => g.perft(depth), )* }
            }
        }

        impl AllSolvers {
            /// Clears every game's solver tables: the `selected` game's solver keeps its
            /// memory for the coming searches, the others give theirs back (only one
            /// game's solver holds memory at a time).
            pub fn clear(&mut self, selected: &AnyGame) {
                $(
                    if matches!(selected, AnyGame::$variant(_)) {
                        crate::search::Solver::<$ty>::clear(&mut self.$field);
                    } else {
                        crate::search::Solver::<$ty>::release(&mut self.$field);
                    }
                )*
            }

            /// Bounds every game's solver tables to `bytes` each.
            pub fn set_memory(&mut self, bytes: usize) {
                $( crate::search::Solver::<$ty>::set_memory(&mut self.$field, bytes); )*
            }

            /// Makes the `selected` game's solver tables for `bytes` now (see
            /// [`crate::search::Solver::allocate`]); the other games' solvers are left
            /// alone.
            ///
            /// # Errors
            /// A table could not be allocated; nothing changed.
            pub fn allocate(
                &mut self,
                selected: &AnyGame,
                bytes: usize,
            ) -> Result<(), crate::memory::TableError> {
                match selected {
                    $( AnyGame::$variant(_) => crate::search::Solver::<$ty>::allocate(&mut self.$field, bytes), )*
                }
            }

            /// Gives the memory of every solver but the `selected` game's back.
            pub fn release_others(&mut self, selected: &AnyGame) {
                $(
                    if !matches!(selected, AnyGame::$variant(_)) {
                        crate::search::Solver::<$ty>::release(&mut self.$field);
                    }
                )*
            }

            /// Maps the `selected` game's solver tables until `interrupted` says to stop.
            pub fn prefault(&mut self, selected: &AnyGame, interrupted: &dyn Fn() -> bool) -> bool {
                match selected {
                    $( AnyGame::$variant(_) => crate::search::Solver::<$ty>::prefault(&mut self.$field, interrupted), )*
                }
            }
        }

        $(
            impl Registered for $ty {
                fn params(all: &AllParams) -> &<Self as Evaluate>::Params { &all.$field }
                fn params_mut(all: &mut AllParams) -> &mut <Self as Evaluate>::Params { &mut all.$field }
                fn solver(all: &mut AllSolvers) -> &mut <Self as Solve>::Solver { &mut all.$field }
                fn wrap(self) -> AnyGame { AnyGame::$variant(self) }
            }
        )*

        /// Runs `$body` with `$g` bound to the concrete position inside an [`AnyGame`]
        /// (by value, `&` or `&mut`, as the scrutinee is given). Use `G` inside through
        /// type inference on `$g`.
        macro_rules! with_game {
            ($d any:expr, $d g:ident => $d body:expr) => {
                match $d any {
                    $( $crate::registry::AnyGame::$variant($d g) => $d body, )*
                }
            };
        }
        pub(crate) use with_game;

        /// Runs `$body` once per registered game with the type alias `$G` bound to it.
        macro_rules! for_each_game {
            ($d G:ident => $d body:expr) => {
                $( { type $d G = $ty; $d body; } )*
            };
        }
        pub(crate) use for_each_game;
    };
}

define_games! {$;
    TicTacToe, tictactoe: crate::game::tictactoe::TicTacToe,
    ConnectFour, connect_four: crate::game::connect_four::ConnectFour,
    Othello, othello: crate::game::othello::Othello,
    Gomoku, gomoku: crate::game::gomoku::Gomoku,
}
