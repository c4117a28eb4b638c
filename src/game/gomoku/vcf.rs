//! The threat solver: proves wins by continuous fours (VCF) and by fours and threes (VCT).
//!
//! An AND/OR search over threat sequences, deepened a few plies at a time. The attacker
//! only makes fours (VCF) or fours and threes (VCT); the defender's replies are complete:
//! the cells that stop the threat, plus the defender's own fours. So every win found is a
//! real forced win. Positions that failed are remembered per remaining depth.

use std::collections::HashMap;
use std::time::Instant;

use crate::budget::control::Control;
use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::moves::{any_playable, defences, order_key, sort_by_keys};
use crate::game::gomoku::proof::{DfpnSearch, ProofSearch};
use crate::game::gomoku::quiet::{
    for_each_cell, passed, quiet_moves, relevance_zone, vcf_line, Line, Zone,
};
use crate::game::gomoku::threats::{count_node, QUICK_VCF_NODES, QUICK_VCT_NODES};
pub use crate::game::gomoku::threats::{Interrupted, Proof, Threats};
use crate::game::gomoku::vct_zone::vct_zone;
use crate::game::gomoku::{Cell, Gomoku, Rule};
use crate::game::{Game, MoveList};
use crate::memory::TableError;

/// The longest VCF tried, in plies.
pub(super) const MAX_VCF_PLIES: u32 = 63;
/// The most threes the attacker tries at a node, best ordered first.
const MAX_THREES: usize = 8;
/// The most quiet moves (threatening a VCF) the attacker tries at a node (3 proved the
/// most of 34 own-set positions in 3 s, against 2, 4, 6 and 10).
pub(super) const QUIET_TRIES: usize = 3;
/// Key of "no VCF within these plies" in the failed table: the position's hash with this.
const NO_VCF_SALT: u64 = 0x5851_F42D_4C95_7F2D;
/// The same for "neither a VCF nor a small VCT" (`Threats::QuietVct`).
const NO_VCT_SALT: u64 = 0x2545_F491_4F6C_DD1D;
/// The longest VCT of the iterative-deepening stage, in plies.
pub(super) const SHALLOW_VCT_PLIES: u32 = 25;
/// Bytes a failed-position entry costs in the hash map, roughly (key, value, control).
const FAILED_ENTRY_BYTES: usize = 24;
/// Memory of the solver's tables when the engine has not said (`Solver::set_memory`).
const DEFAULT_MEMORY: usize = 32 << 20;

/// The solver state kept between searches: positions known to have no VCF, the
/// proof-number search of VCTs (`proof.rs`) with its arena, and the depth-first
/// proof-number search (`proof/dfpn.rs`) with its table. A quarter of the memory budget
/// goes to the first, three eighths to each of the others.
#[derive(Debug)]
pub struct ThreatSolver {
    failed: HashMap<u64, u32>,
    failed_limit: usize,
    proof: ProofSearch,
    /// The df-pn, also run directly by the root's win search (`root.rs`) with wider
    /// threat checks.
    pub(super) dfpn: DfpnSearch,
}

impl Default for ThreatSolver {
    fn default() -> Self {
        let mut solver = ThreatSolver {
            failed: HashMap::new(),
            failed_limit: 0,
            proof: ProofSearch::default(),
            dfpn: DfpnSearch::default(),
        };
        solver.set_memory_budget(DEFAULT_MEMORY);
        solver
    }
}

/// Records a position known to have no win (within the plies given): if the map cannot
/// grow, the fact is not kept (it is only a shortcut).
fn remember_failed(failed: &mut HashMap<u64, u32>, key: u64, plies: u32) {
    if failed.try_reserve(1).is_ok() {
        failed.insert(key, plies);
    }
}

struct Search<'a> {
    control: &'a mut Control,
    failed: &'a mut HashMap<u64, u32>,
    failed_limit: usize,
    threats: Threats,
    /// Quiet threats (moves that threaten a VCF) are tried: VCTs outside renju.
    quiet: bool,
    /// Quiet moves may threaten a VCT too (`Threats::QuietVct`).
    quiet_vct: bool,
    nodes: u64,
    budget: u64,
    /// The solver's own time limit, read every 256 nodes.
    deadline: Option<Instant>,
}

impl ThreatSolver {
    /// Bounds the solver's tables to `bytes` in all.
    pub fn set_memory_budget(&mut self, bytes: usize) {
        self.failed_limit = (bytes / 4 / FAILED_ENTRY_BYTES).max(1024);
        if self.failed.len() >= self.failed_limit {
            self.failed = HashMap::new();
        }
        // The df-pn's move cache comes out of the proof-number arena's share (the long
        // windows that run the df-pn do not run the proof numbers): the df-pn table keeps
        // its power of two of buckets.
        let rest = bytes - bytes / 4;
        let cache = bytes / 16;
        self.proof.set_memory(rest / 2 - cache);
        self.dfpn.set_memory(rest - rest / 2, cache);
    }

    /// Makes the solver's tables for `bytes` in all now, empty (see
    /// [`ThreatSolver::set_memory_budget`] for the split): the new memory is allocated
    /// before the old is freed, so on an error the solver is as it was.
    ///
    /// # Errors
    /// A table could not be allocated.
    pub fn allocate(&mut self, bytes: usize) -> Result<(), TableError> {
        let mut fresh = ThreatSolver {
            failed: HashMap::new(),
            failed_limit: 0,
            proof: ProofSearch::default(),
            dfpn: DfpnSearch::default(),
        };
        fresh.set_memory_budget(bytes);
        fresh.proof.allocate()?;
        fresh.dfpn.allocate()?;
        *self = fresh;
        Ok(())
    }

    /// Forgets everything and gives the memory back, keeping the budget.
    pub fn release(&mut self) {
        self.forget();
        self.proof.release();
        self.dfpn.release();
    }

    /// Forgets the positions known to have no VCF and the df-pn table (on `newgame`).
    pub fn forget(&mut self) {
        self.failed = HashMap::new();
        self.dfpn.clear();
    }

    /// Bytes the solver's tables hold now (an estimate for the hash map).
    pub fn memory(&self) -> usize {
        self.failed.capacity() * FAILED_ENTRY_BYTES + self.proof.memory() + self.dfpn.memory()
    }

    /// Proves a VCT (or VCF) of the side to move by depth-first proof-number search
    /// (`proof/dfpn.rs`), with `quiet_tries` quiet candidates a node for
    /// `Threats::Quiet`/`QuietVct`. `Ok(None)`: disproven (no win by these threats).
    ///
    /// # Errors
    /// Stopped by `control`, or out of budget or time.
    pub fn prove_by_dfpn(
        &mut self,
        position: &Gomoku,
        threats: Threats,
        quiet_tries: usize,
        budget: u64,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        self.dfpn
            .prove(position, threats, quiet_tries, budget, deadline, control)
    }

    /// Proves a VCT (or VCF) of the side to move by proof-number search.
    ///
    /// # Errors
    /// Stopped by `control`, or out of budget or time.
    pub fn prove_by_numbers(
        &mut self,
        position: &Gomoku,
        threats: Threats,
        budget: u64,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        self.proof
            .prove(position, threats, budget, deadline, control)
    }

    /// Looks for a forced win of the side to move using `threats`, at most `max_plies`
    /// plies long, visiting at most `budget` nodes (counted in `control` too).
    ///
    /// # Errors
    /// Stopped by `control` or out of budget.
    pub fn prove(
        &mut self,
        position: &Gomoku,
        threats: Threats,
        max_plies: u32,
        budget: u64,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        if self.failed.len() >= self.failed_limit {
            self.failed = HashMap::new();
        }
        let mut search = Search {
            control,
            failed: &mut self.failed,
            failed_limit: self.failed_limit,
            threats,
            quiet: matches!(threats, Threats::Quiet | Threats::QuietVct)
                && position.board().rule() != Rule::Renju,
            quiet_vct: threats == Threats::QuietVct && position.board().rule() != Rule::Renju,
            nodes: 0,
            budget,
            deadline,
        };
        let mut plies = 1;
        while plies <= max_plies {
            if let Some(mut pv) = search.attack(position, plies)? {
                pv.reverse();
                let plies = pv.len() as u32;
                return Ok(Some(Proof { pv, plies }));
            }
            plies += 2;
        }
        Ok(None)
    }
}

impl Search<'_> {
    fn visit(&mut self) -> Result<(), Interrupted> {
        if self.failed.len() >= self.failed_limit {
            // Keep the table within its budget: forget and go on.
            *self.failed = HashMap::new();
        }
        count_node(self.control, &mut self.nodes, self.budget, self.deadline)
    }

    /// A VCF of the side to move of at most `plies` plies within a few nodes (counted).
    /// (Also tried first at every attacker node: no more proofs, and slower.)
    fn quick_vcf(&mut self, position: &Gomoku, plies: u32) -> Result<Option<Line>, Interrupted> {
        let mut nodes = 0;
        let line = vcf_line(position, plies as usize, QUICK_VCF_NODES, &mut nodes);
        self.nodes += u64::from(nodes);
        if !self.control.add_nodes(u64::from(nodes)) {
            return Err(Interrupted::Aborted);
        }
        // `visit` reads the clock when the count passes a multiple of 256, which a jump
        // by up to 60 nodes can skip: read it here (a VCF costs far more than that).
        if self.nodes > self.budget || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Interrupted::Budget);
        }
        Ok(line)
    }

    /// A small VCT of the side to move of at most `plies` plies (counted): its zone.
    fn quick_vct(&mut self, position: &Gomoku, plies: u32) -> Result<Option<Zone>, Interrupted> {
        let mut nodes = 0;
        let found = vct_zone(position, plies, QUICK_VCT_NODES, &mut nodes);
        self.nodes += u64::from(nodes);
        if !self.control.add_nodes(u64::from(nodes)) {
            return Err(Interrupted::Aborted);
        }
        if self.nodes > self.budget || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Interrupted::Budget);
        }
        Ok(found.map(|(_, zone)| zone))
    }

    fn key(&self, position: &Gomoku) -> u64 {
        position.hash() ^ (self.threats as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The attacker (side to move) wins within `plies`? Returns the PV reversed.
    fn attack(&mut self, position: &Gomoku, plies: u32) -> Result<Option<Vec<Cell>>, Interrupted> {
        self.visit()?;
        let board = position.board();
        let me = position.side_to_move().index();
        let them = 1 - me;
        if let Some(five) = first_threat(position, me, cell_class::FIVE) {
            return Ok(Some(vec![five]));
        }
        if plies < 3 || position.outcome().is_some() {
            return Ok(None);
        }
        let key = self.key(position);
        if self.failed.get(&key).is_some_and(|&done| done >= plies) {
            return Ok(None);
        }
        let mut moves = MoveList::<Cell>::new();
        let mut keys = MoveList::<i32>::new();
        if board.class_count(them, cell_class::FIVE) > 0 {
            // Their four must be blocked; the block has to keep the initiative.
            if board.class_count(them, cell_class::FIVE) == 1 {
                if let Some(block) = first_threat(position, them, cell_class::FIVE) {
                    if !position.is_forbidden(usize::from(block.0)) {
                        moves.push(block);
                        keys.push(0);
                    }
                }
            }
        } else {
            let min = match self.threats {
                Threats::Fours => cell_class::FOUR,
                _ if plies >= 5 => cell_class::OPEN_THREE,
                _ => cell_class::FOUR,
            };
            board.for_each_threat(me, min, |cell, class| {
                if class != cell_class::FIVE {
                    moves.push(Cell(cell as u16));
                    keys.push(order_key(board, me, cell));
                }
            });
        }
        sort_by_keys(&mut moves, &mut keys);
        let threats = moves.len();
        let they_threaten = board.class_count(them, cell_class::OPEN_FOUR) > 0;
        if self.quiet && plies >= 5 && board.class_count(them, cell_class::FIVE) == 0 {
            if they_threaten && self.quiet_vct {
                // Their open three must be stopped: the stops that are no threat of ours
                // may still threaten a VCF or a VCT (the same check as other quiet moves).
                let mut stops = MoveList::<Cell>::new();
                let mut unused = MoveList::<i32>::new();
                defences(position, me, &mut stops, &mut unused);
                for &stop in stops.iter() {
                    if !moves.contains(&stop) {
                        moves.push(stop);
                    }
                }
            } else {
                quiet_moves(position, QUIET_TRIES, &mut moves);
            }
        }
        // Leaving attacks out keeps a proof sound (the attacker needs only one), so the
        // weaker threes are not tried.
        let mut threes = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let is_three =
                i < threats && board.cell_class(me, usize::from(mv.0)) < cell_class::FOUR;
            if i >= threats {
                // A quiet move: a threat only if it leaves no open three of theirs.
                let mut child = position.clone();
                child.play(mv);
                if child.board().class_count(them, cell_class::OPEN_FOUR) > 0 {
                    continue;
                }
                if let Some(mut pv) = self.defend(&child, plies - 1)? {
                    pv.push(mv);
                    return Ok(Some(pv));
                }
                continue;
            }
            if is_three {
                threes += 1;
                if threes > MAX_THREES {
                    continue;
                }
            }
            let mut child = position.clone();
            child.play(mv);
            if is_three
                && they_threaten
                && child.board().class_count(them, cell_class::OPEN_FOUR) > 0
            {
                // A three that leaves their open three alone is too slow.
                continue;
            }
            if let Some(mut pv) = self.defend(&child, plies - 1)? {
                pv.push(mv);
                return Ok(Some(pv));
            }
        }
        remember_failed(self.failed, key, plies);
        Ok(None)
    }

    /// The attacker (not to move) wins within `plies` against every defence?
    fn defend(&mut self, position: &Gomoku, plies: u32) -> Result<Option<Vec<Cell>>, Interrupted> {
        self.visit()?;
        let board = position.board();
        let me = position.side_to_move().index();
        let attacker = 1 - me;
        if position.outcome().is_some() || board.class_count(me, cell_class::FIVE) > 0 {
            return Ok(None);
        }
        let mut moves = MoveList::<Cell>::new();
        let mut keys = MoveList::<i32>::new();
        let fives = board.class_count(attacker, cell_class::FIVE);
        if fives >= 2 {
            // Whatever the block, the other five remains.
            let mut cells = MoveList::<Cell>::new();
            board.for_each_threat(attacker, cell_class::FIVE, |cell, _| {
                cells.push(Cell(cell as u16));
            });
            if cells.len() >= 2 {
                return Ok(Some(vec![cells[1], cells[0]]));
            }
            return Ok(None);
        } else if fives == 1 {
            if let Some(block) = first_threat(position, attacker, cell_class::FIVE) {
                if position.is_forbidden(usize::from(block.0)) {
                    // Renju: Black may not block there, so the five comes next.
                    return Ok(any_playable(position).map(|other| vec![block, other]));
                }
                moves.push(block);
                keys.push(0);
            }
        } else if self.threats.threes() && board.class_count(attacker, cell_class::OPEN_FOUR) > 0 {
            defences(position, me, &mut moves, &mut keys);
            board.for_each_threat(me, cell_class::FOUR, |cell, _| {
                let mv = Cell(cell as u16);
                if !moves.contains(&mv) {
                    moves.push(mv);
                    keys.push(0);
                }
            });
            if moves.is_empty() {
                // Nothing stops the open four: let the defender try the threat cell.
                if let Some(cell) = first_threat(position, attacker, cell_class::OPEN_FOUR) {
                    if !position.is_forbidden(usize::from(cell.0)) {
                        moves.push(cell);
                        keys.push(0);
                    }
                }
            }
        } else if self.quiet && plies >= 4 {
            // Perhaps a quiet threat: the answers are the cells that can break the VCF
            // it threatens, and the defender's own fours.
            // Most quiet moves threaten nothing, and each iteration of the deepening
            // asks again: a miss is remembered in the failed table under its own key.
            let threat = passed(position);
            let salt = if self.quiet_vct {
                NO_VCT_SALT
            } else {
                NO_VCF_SALT
            };
            let miss = threat.hash() ^ salt;
            if self
                .failed
                .get(&miss)
                .is_some_and(|&done| done >= plies - 1)
            {
                return Ok(None);
            }
            let zone = match self.quick_vcf(&threat, plies - 1)? {
                Some(line) => relevance_zone(&threat, &line),
                None if self.quiet_vct && plies >= 6 => match self.quick_vct(&threat, plies - 1)? {
                    Some(zone) => zone,
                    None => {
                        remember_failed(self.failed, miss, plies - 1);
                        return Ok(None);
                    }
                },
                None => {
                    remember_failed(self.failed, miss, plies - 1);
                    return Ok(None);
                }
            };
            for_each_cell(&zone, |cell| {
                if board.stone(cell).is_none() && !position.is_forbidden(cell) {
                    moves.push(Cell(cell as u16));
                    keys.push(order_key(board, me, cell));
                }
            });
            board.for_each_threat(me, cell_class::FOUR, |cell, _| {
                let mv = Cell(cell as u16);
                if !moves.contains(&mv) && !position.is_forbidden(cell) {
                    moves.push(mv);
                    keys.push(order_key(board, me, cell));
                }
            });
        } else {
            return Ok(None);
        }
        if plies < 2 {
            return Ok(None);
        }
        sort_by_keys(&mut moves, &mut keys);
        let mut longest: Option<Vec<Cell>> = None;
        for &mv in moves.iter() {
            let mut child = position.clone();
            child.play(mv);
            match self.attack(&child, plies - 1)? {
                Some(mut pv) => {
                    pv.push(mv);
                    if longest.as_ref().is_none_or(|l| pv.len() > l.len()) {
                        longest = Some(pv);
                    }
                }
                None => return Ok(None),
            }
        }
        Ok(longest)
    }
}

/// The first empty cell where `player` has combined class at least `min`.
fn first_threat(position: &Gomoku, player: usize, min: u8) -> Option<Cell> {
    let mut found = None;
    position.board().for_each_threat(player, min, |cell, _| {
        found = found.or(Some(Cell(cell as u16)));
    });
    found
}
