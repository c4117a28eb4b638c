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
    self, AllocError, Info, Limits, PonderHit, ScoreReport, StopFlag, Tables, SEARCH_STACK_BYTES,
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
#[allow(clippy::large_enum_variant)] // a Job holds an AnyGame (a few KiB for Gomoku)
pub enum Request {
    Search(Job),
    /// Forget all tables (`newgame`, `game`), this game being the one selected now: the
    /// other games' solvers also give their memory back. Answered by [`Event::Cleared`].
    Clear(AnyGame),
    /// Resize the transposition table and the solvers' tables (`Hash`, MiB), this game
    /// being the one selected now: its solver's table is allocated and touched at once, as
    /// by [`Request::Clear`], so that no timed move pays for the memory. Answered by
    /// [`Event::Resized`].
    Resize(usize, AnyGame),
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
    Cleared,
    Resized(Result<(), AllocError>),
}

/// The handle the session keeps: send requests, receive events; joins on drop.
pub struct Worker {
    requests: Sender<Request>,
    events: Receiver<Event>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the worker with a transposition table of `hash_mib` MiB.
    ///
    /// # Errors
    /// The table could not be allocated, or the thread could not be started.
    pub fn start(hash_mib: usize) -> Result<Self, String> {
        let tables = Tables::try_new(tt_mib(hash_mib))
            .map_err(|_| format!("cannot allocate a {hash_mib} MiB hash table"))?;
        let (request_tx, request_rx) = crossbeam_channel::unbounded();
        let (event_tx, event_rx) = crossbeam_channel::unbounded();
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || run(tables, hash_mib, request_rx, event_tx))
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

/// ...and the transposition table the other half in whole MiB (at least 1), so that together they
/// stay within `Hash` (only one game's solver holds memory at a time: `game` clears).
fn tt_mib(hash_mib: usize) -> usize {
    (hash_mib / 2).max(1)
}

fn run(mut tables: Tables, hash_mib: usize, requests: Receiver<Request>, events: Sender<Event>) {
    let mut solvers = AllSolvers::default();
    solvers.set_memory(solver_bytes(hash_mib));
    while let Ok(request) = requests.recv() {
        match request {
            Request::Search(job) => {
                with_game!(&job.position, g => run_search(g, &job, &mut tables, &mut solvers, &events));
            }
            Request::Clear(selected) => {
                tables.clear();
                solvers.clear(&selected);
                let _ = events.send(Event::Cleared);
            }
            Request::Resize(mib, selected) => {
                let result = resize(&mut tables, &mut solvers, mib, &selected);
                let _ = events.send(Event::Resized(result));
            }
            Request::Quit => return,
        }
    }
}

/// `Hash` changed: new tables of the new size, and the selected game's solver table
/// allocated and touched now. Left for the first solve, a large table's memory would be
/// faulted in page by page inside timed moves: with `Hash 1024` the Connect Four solver
/// did ~40k nodes in its 75 ms share instead of ~700k, for several moves.
fn resize(
    tables: &mut Tables,
    solvers: &mut AllSolvers,
    mib: usize,
    selected: &AnyGame,
) -> Result<(), AllocError> {
    *tables = Tables::try_new(tt_mib(mib))?;
    solvers.set_memory(solver_bytes(mib));
    solvers.clear(selected);
    Ok(())
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
    use super::{resize, solver_bytes, tt_mib};
    use crate::game::connect_four::ConnectFour;
    use crate::registry::{AllSolvers, AnyGame, Registered};
    use crate::search::Tables;

    #[test]
    fn the_tables_share_hash() {
        // From 2 MiB on, the transposition table and a solver's tables stay within Hash.
        for hash in [2, 3, 7, 64, 1000, 16_384] {
            let total = (tt_mib(hash) << 20) + solver_bytes(hash);
            assert!(total <= hash << 20, "Hash {hash}: {total} bytes");
            assert!(solver_bytes(hash) >= (hash << 20) / 2 - 1, "Hash {hash}");
        }
        assert_eq!(tt_mib(1), 1);
    }

    #[test]
    fn resizing_allocates_the_selected_games_solver_table_at_once() {
        let mut tables = Tables::try_new(1).expect("1 MiB");
        let mut solvers = AllSolvers::default();
        solvers.set_memory(solver_bytes(2));
        let selected = AnyGame::new("connect4", &[]).expect("a game");
        resize(&mut tables, &mut solvers, 8, &selected).expect("8 MiB");
        let table = ConnectFour::solver(&mut solvers).table_bytes();
        assert_eq!(
            table,
            (solver_bytes(8), solver_bytes(8)),
            "(size, allocated)"
        );
        // Another game selected: Connect Four's solver gives its memory back.
        let other = AnyGame::new("tictactoe", &[]).expect("a game");
        resize(&mut tables, &mut solvers, 4, &other).expect("4 MiB");
        assert_eq!(
            ConnectFour::solver(&mut solvers).table_bytes(),
            (solver_bytes(4), 0)
        );
    }
}
