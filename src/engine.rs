//! The search worker: a long-lived thread that owns the search tables and runs one search
//! at a time (itself the main search thread, with the job's helper threads), reporting
//! through a channel. It formats moves to text (the only place a
//! search result meets notation) so the session never needs to know the game's types.

use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender};

use crate::game::{Game, MoveList};
use crate::registry::with_game;
use crate::registry::{AllParams, AllSolvers, AnyGame, Registered};
use crate::search::{
    self, Info, Limits, PonderHit, ScoreReport, StopFlag, TableError, Tables, SEARCH_STACK_BYTES,
};

/// One search to run.
pub struct Job {
    /// Echoed in every event, so events of an old search can be told apart.
    pub id: u64,
    pub position: AnyGame,
    pub params: AllParams,
    pub limits: Limits,
    pub stop: StopFlag,
    /// Set for `go ponder`: the search's time starts at the hit.
    pub ponder: Option<PonderHit>,
    /// Search threads (the worker's thread and `threads - 1` helpers).
    pub threads: usize,
    /// When the `go` arrived: its time limits count from then (`search::Request::received`).
    pub received: Instant,
    /// The root moves to choose from (`go searchmoves`, legal moves as text); empty for all.
    pub searchmoves: Vec<String>,
    /// How many best lines to search and report (`MultiPV`).
    pub multipv: usize,
}

/// What the session asks of the worker.
///
/// Tables are made only when asked for ([`Request::Clear`], [`Request::Resize`]): none at
/// start, so a front end can set `Hash` before any memory is taken. Every table is
/// allocated fallibly (new memory before the old is freed), answered at once, and only
/// then mapped page by page, which stops as soon as another request waits; that answer
/// is followed by [`Event::Mapped`].
#[allow(clippy::large_enum_variant)] // a Job holds an AnyGame (a few KiB for Gomoku)
pub enum Request {
    Search(Job),
    /// Forget all tables (`newgame`, `game`), this game being the one selected now: its
    /// solver's tables are made if it has none of the size `Hash` gives, the other games'
    /// solvers give their memory back. Answered by [`Event::Cleared`].
    Clear(AnyGame),
    /// New tables for `Hash` (MiB): the transposition table and the solver tables of this
    /// game, the one selected now. Answered by [`Event::Resized`].
    Resize(usize, AnyGame),
    /// Nothing to do but to stop mapping pages (the session is about to quit).
    Wake,
    Quit,
}

/// Iteration progress with moves as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoText {
    pub depth: u32,
    pub seldepth: u32,
    pub score: ScoreReport,
    pub nodes: u64,
    pub elapsed: Duration,
    pub hashfull: u32,
    /// Which of the `MultiPV` lines this is (0: the search shows only the best).
    pub multipv: u32,
    pub pv: Vec<String>,
}

/// What the worker reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Info {
        id: u64,
        info: InfoText,
    },
    /// The search `id` ended; `best_move` is legal in its root position.
    BestMove {
        id: u64,
        best_move: String,
    },
    /// The tables were made or cleared, or they could not be and are as they were.
    Cleared(Result<(), TableError>),
    Resized(Result<(), TableError>),
    /// The memory of the tables made or cleared by the last `Clear` or `Resize` is mapped
    /// (or the mapping stopped because another request came).
    Mapped,
}

/// The handle the session keeps: send requests, receive events; joins on drop.
pub struct Worker {
    requests: Sender<Request>,
    events: Receiver<Event>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the worker, its tables to be made for `Hash` `hash_mib` when first asked for.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start(hash_mib: usize) -> Result<Self, String> {
        let (request_tx, request_rx) = crossbeam_channel::unbounded();
        let (event_tx, event_rx) = crossbeam_channel::unbounded();
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || run(hash_mib, request_rx, event_tx))
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        Ok(Worker {
            requests: request_tx,
            events: event_rx,
            thread: Some(thread),
        })
    }

    /// Sends a request. A worker that has died is reported as an error.
    ///
    /// # Errors
    /// The worker thread is gone.
    pub fn send(&self, request: Request) -> Result<(), String> {
        self.requests
            .send(request)
            .map_err(|_| "the search thread has stopped".to_string())
    }

    /// The channel of events, for `select!`.
    pub fn events(&self) -> &Receiver<Event> {
        &self.events
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // The session has stopped any search before dropping; Quit ends the idle loop.
        let _ = self.requests.send(Request::Quit);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A solver's own tables may use half of `Hash`...
fn solver_bytes(hash_mib: usize) -> usize {
    (hash_mib << 20) / 2
}

/// ...and the transposition table the other half, so that together they stay within
/// `Hash` (only one game's solver holds memory at a time: `game` releases the others).
fn tt_bytes(hash_mib: usize) -> usize {
    (hash_mib << 20) - solver_bytes(hash_mib)
}

/// Everything the worker's searches learn into, and the size `Hash` gives it.
struct Memory {
    hash_mib: usize,
    /// `None` until a `Clear` or `Resize` makes them.
    tables: Option<Tables>,
    solvers: AllSolvers,
    /// The game whose solver holds its tables, and their size in bytes.
    allocated: Option<(&'static str, usize)>,
    /// Whether a search ran since the tables were made or cleared: if not, they are
    /// still empty, and clearing them again would only write every page (a table just
    /// made and not yet mapped would be mapped by that, before the answer).
    used: bool,
}

impl Memory {
    /// Makes or clears the tables for `Hash` `mib` and the `selected` game: new ones when
    /// `resize` or none yet, else the old ones cleared. New memory is allocated before the
    /// old is freed, and nothing changes before all of it is had.
    fn prepare(&mut self, mib: usize, selected: &AnyGame, resize: bool) -> Result<(), TableError> {
        let solver_bytes = solver_bytes(mib);
        let new_tables = match &self.tables {
            Some(_) if !resize => None,
            _ => Some(Tables::unmapped(tt_bytes(mib))?),
        };
        let keep_solver = !resize && self.allocated == Some((selected.name(), solver_bytes));
        if !keep_solver {
            self.solvers.allocate(selected, solver_bytes)?;
        }
        match (new_tables, &mut self.tables) {
            (Some(tables), _) => self.tables = Some(tables),
            (None, Some(tables)) if self.used => tables.clear(),
            (None, _) => {}
        }
        // The selected solver keeps its memory, cleared if it was used; the others give
        // theirs back (their bound set for when a game of theirs is selected).
        self.solvers.set_memory(solver_bytes);
        if keep_solver && self.used {
            self.solvers.clear(selected);
        } else {
            self.solvers.release_others(selected);
        }
        self.hash_mib = mib;
        self.allocated = Some((selected.name(), solver_bytes));
        self.used = false;
        Ok(())
    }

    /// Maps the pages of the tables until `interrupted` says to stop.
    fn prefault(&mut self, selected: &AnyGame, interrupted: &dyn Fn() -> bool) {
        if let Some(tables) = &mut self.tables {
            if !tables.tt.prefault(interrupted) {
                return;
            }
        }
        self.solvers.prefault(selected, interrupted);
    }
}

fn run(hash_mib: usize, requests: Receiver<Request>, events: Sender<Event>) {
    let mut memory = Memory {
        hash_mib,
        tables: None,
        solvers: AllSolvers::default(),
        allocated: None,
        used: false,
    };
    memory.solvers.set_memory(solver_bytes(hash_mib));
    let interrupted = || !requests.is_empty();
    while let Ok(request) = requests.recv() {
        match request {
            Request::Search(job) => {
                if memory.tables.is_none() {
                    // The session makes the tables before its first search; should they
                    // be missing all the same, they are made here, or the search answers
                    // without them (a legal move).
                    if let Err(error) = memory.prepare(memory.hash_mib, &job.position, false) {
                        log::warn!("{error}");
                    }
                }
                memory.used = true;
                let Memory {
                    tables, solvers, ..
                } = &mut memory;
                match tables {
                    Some(tables) => {
                        with_game!(&job.position, g => run_search(g, &job, tables, solvers, &events));
                    }
                    None => with_game!(&job.position, g => answer_any(g, &job, &events)),
                }
            }
            Request::Clear(selected) => {
                let result = memory.prepare(memory.hash_mib, &selected, false);
                let mapped = result.is_ok();
                let _ = events.send(Event::Cleared(result));
                if mapped {
                    memory.prefault(&selected, &interrupted);
                }
                let _ = events.send(Event::Mapped);
            }
            Request::Resize(mib, selected) => {
                let result = memory.prepare(mib, &selected, true);
                let mapped = result.is_ok();
                let _ = events.send(Event::Resized(result));
                if mapped {
                    memory.prefault(&selected, &interrupted);
                }
                let _ = events.send(Event::Mapped);
            }
            Request::Wake => {}
            Request::Quit => return,
        }
    }
}

/// Answers the search `job` with its first legal move ("none" if there is none).
fn answer_any<G: Registered>(root: &G, job: &Job, events: &Sender<Event>) {
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let best_move = moves
        .first()
        .map_or_else(|| "none".to_string(), |&mv| root.format_move(mv));
    let _ = events.send(Event::BestMove {
        id: job.id,
        best_move,
    });
}

/// Runs one search and sends its best move as text: as soon as the main thread has it (the
/// helpers, told to stop, are joined before the worker takes the next request).
fn run_search<G: Registered>(
    root: &G,
    job: &Job,
    tables: &mut Tables,
    solvers: &mut AllSolvers,
    events: &Sender<Event>,
) {
    let params = G::params(&job.params);
    let solver = G::solver(solvers);
    tables.set_threads(job.threads);
    let searchmoves: Vec<G::Move> = job
        .searchmoves
        .iter()
        .filter_map(|text| root.parse_legal_move(text).ok())
        .collect();
    let request = search::Request {
        root,
        params,
        limits: &job.limits,
        stop: &job.stop,
        ponder: job.ponder.as_ref(),
        received: Some(job.received),
        searchmoves: &searchmoves,
        multipv: job.multipv,
    };
    let result = search::run(
        request,
        tables,
        solver,
        |info: &Info<G::Move>| {
            let info = InfoText {
                depth: info.depth,
                seldepth: info.seldepth,
                score: info.score,
                nodes: info.nodes,
                elapsed: info.elapsed,
                hashfull: info.hashfull,
                multipv: info.multipv,
                pv: pv_text(root, &info.pv),
            };
            let _ = events.send(Event::Info { id: job.id, info });
        },
        |result| {
            let best_move = root.format_move(result.best_move);
            let _ = events.send(Event::BestMove {
                id: job.id,
                best_move,
            });
        },
    );
    if result.is_none() {
        // The session never starts a search on a finished game; answer something legal anyway.
        answer_any(root, job, events);
    }
}

/// The PV as text, cut at the first move that is not legal where it is played.
pub fn pv_text<G: Game>(root: &G, pv: &[G::Move]) -> Vec<String> {
    let mut position = root.clone();
    let mut text = Vec::with_capacity(pv.len());
    for &mv in pv {
        if !position.is_legal(mv) {
            break;
        }
        text.push(position.format_move(mv));
        position.play(mv);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{solver_bytes, tt_bytes, Event, Memory, Request, Worker};
    use crate::game::connect_four::ConnectFour;
    use crate::registry::{AllSolvers, AnyGame, Registered};

    #[test]
    fn the_tables_share_hash() {
        for hash in [1, 2, 3, 7, 64, 1000, 16_384] {
            assert_eq!(
                tt_bytes(hash) + solver_bytes(hash),
                hash << 20,
                "Hash {hash}"
            );
            assert!(tt_bytes(hash) >= solver_bytes(hash), "Hash {hash}");
        }
        assert_eq!(tt_bytes(64), 32 << 20);
    }

    /// The bytes of the 24-byte buckets that fit in 4 MiB.
    const TT_4_MIB: usize = (4 << 20) / 24 * 24;

    fn memory() -> Memory {
        Memory {
            hash_mib: 2,
            tables: None,
            solvers: AllSolvers::default(),
            allocated: None,
            used: false,
        }
    }

    #[test]
    fn preparing_allocates_the_selected_games_solver_table_at_once() {
        let mut memory = memory();
        let selected = AnyGame::new("connect4", &[]).expect("a game");
        memory.prepare(8, &selected, true).expect("8 MiB");
        let table = ConnectFour::solver(&mut memory.solvers).table_bytes();
        assert_eq!(
            table,
            (solver_bytes(8), solver_bytes(8)),
            "(size, allocated)"
        );
        assert_eq!(memory.tables.as_ref().map(|t| t.tt.bytes()), Some(TT_4_MIB));
        // Another game selected: Connect Four's solver gives its memory back.
        let other = AnyGame::new("tictactoe", &[]).expect("a game");
        memory.prepare(4, &other, true).expect("4 MiB");
        assert_eq!(
            ConnectFour::solver(&mut memory.solvers).table_bytes(),
            (solver_bytes(4), 0)
        );
    }

    #[test]
    fn a_size_that_cannot_be_had_leaves_the_tables_as_they_were() {
        let mut memory = memory();
        let selected = AnyGame::new("connect4", &[]).expect("a game");
        memory.prepare(8, &selected, true).expect("8 MiB");
        // 2^43 MiB: 4 EiB for each half.
        let error = memory
            .prepare(1 << 43, &selected, true)
            .expect_err("too large");
        assert_eq!(error.table, "transposition table");
        assert_eq!(memory.hash_mib, 8);
        assert_eq!(memory.tables.as_ref().map(|t| t.tt.bytes()), Some(TT_4_MIB));
        assert_eq!(
            ConnectFour::solver(&mut memory.solvers).table_bytes(),
            (solver_bytes(8), solver_bytes(8))
        );
    }

    #[test]
    fn the_worker_answers_a_table_change_before_mapping_its_pages() {
        let worker = Worker::start(2).expect("a worker");
        let game = AnyGame::new("connect4", &[]).expect("a game");
        for request in [
            Request::Clear(game.clone()),
            Request::Resize(4, game.clone()),
        ] {
            worker.send(request).expect("sent");
            let answer = worker.events().recv().expect("an answer");
            assert!(
                matches!(answer, Event::Cleared(Ok(())) | Event::Resized(Ok(()))),
                "{answer:?}"
            );
            assert_eq!(worker.events().recv(), Ok(Event::Mapped));
        }
        // A failed change is answered, and mapped at once (nothing to map).
        worker.send(Request::Resize(1 << 43, game)).expect("sent");
        assert!(matches!(
            worker.events().recv(),
            Ok(Event::Resized(Err(error))) if error.table == "transposition table"
        ));
        assert_eq!(worker.events().recv(), Ok(Event::Mapped));
    }
}
