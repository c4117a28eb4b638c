//! Proof-number search over threat sequences: the attacker (the side to move at the
//! root) plays only threats, fours (VCF) or fours and open threes (VCT); the defender
//! answers with every move that could matter: the block of a four, the cells that defuse
//! an open three, and its own counter-fours (which the attacker must then block). A
//! proof is therefore a real forced win; a disproof only says "no win by these threats".
//!
//! The tree lives in a flat arena (children contiguous, 16 bytes a node) whose size is
//! capped by the memory budget; positions are not stored but replayed from the root along
//! the path to the most-proving node, so an iteration costs a few dozen incremental moves.

use std::collections::HashMap;
use std::time::Instant;

use arrayvec::ArrayVec;

use crate::budget::control::Control;
use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::moves::{any_playable, defences};
use crate::game::gomoku::threats::{count_node, Interrupted, Proof, Threats};
use crate::game::gomoku::{Cell, Gomoku};
use crate::game::{Game, MoveList, Outcome};
use crate::memory::TableError;

mod dfpn;
mod dfpn_cache;
mod dfpn_moves;
mod dfpn_table;
#[cfg(test)]
mod dfpn_tests;
mod line;
pub use dfpn::{CheckReach, DfpnSearch};
use dfpn_moves::threat_attacks;
use line::finish_line;

/// Proof and disproof numbers at or above this are infinite.
const INFINITE: u32 = 1 << 28;
/// The most open threes the attacker tries at a node, best ordered first.
const MAX_THREES: usize = 12;
/// The longest line followed (plies); deeper leaves count as not proven.
const MAX_PATH: usize = 160;
/// Bytes per arena node.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();
/// Bytes a solved-position entry costs in the hash map, roughly.
const SOLVED_ENTRY_BYTES: usize = 24;

#[derive(Clone, Copy, Debug)]
struct Node {
    pn: u32,
    dn: u32,
    /// Index of the first child; 0 while not expanded (the root is index 0).
    first: u32,
    count: u16,
    mv: u16,
}

/// The proof-number searcher with its arena, kept between searches.
#[derive(Debug, Default)]
pub struct ProofSearch {
    nodes: Vec<Node>,
    /// Positions disproven in this search (value false), shared by every path that
    /// reaches them: threat sequences transpose a lot.
    solved: HashMap<u64, bool>,
    /// The most nodes the arena may hold.
    capacity: usize,
}

struct Run<'a> {
    nodes: &'a mut Vec<Node>,
    solved: &'a mut HashMap<u64, bool>,
    capacity: usize,
    threats: Threats,
    control: &'a mut Control,
    budget: u64,
    visited: u64,
    deadline: Option<Instant>,
}

impl ProofSearch {
    /// A searcher whose arena holds at most `bytes` bytes.
    pub fn with_memory(bytes: usize) -> Self {
        ProofSearch {
            nodes: Vec::new(),
            solved: HashMap::new(),
            capacity: (bytes / NODE_BYTES).max(1024),
        }
    }

    /// Sets the arena bound (the solved-position map counts as much again per node);
    /// memory already held above it is released.
    pub fn set_memory(&mut self, bytes: usize) {
        self.capacity = (bytes / (NODE_BYTES + SOLVED_ENTRY_BYTES)).max(1024);
        if self.nodes.capacity() > self.capacity {
            self.nodes = Vec::new();
        }
    }

    /// Reserves the arena's memory now (mapped as nodes are added), so that a search never
    /// has to grow it.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn allocate(&mut self) -> Result<(), TableError> {
        let wanted = self.capacity.saturating_sub(self.nodes.len());
        self.nodes
            .try_reserve_exact(wanted)
            .map_err(|_| TableError {
                table: "Gomoku proof-number arena",
                bytes: self.capacity.saturating_mul(NODE_BYTES),
            })
    }

    /// Gives the arena's and the solved map's memory back.
    pub fn release(&mut self) {
        self.nodes = Vec::new();
        self.solved = HashMap::new();
    }

    /// Bytes the arena holds now.
    pub fn memory(&self) -> usize {
        self.nodes.capacity() * NODE_BYTES + self.solved.capacity() * SOLVED_ENTRY_BYTES
    }

    /// Looks for a forced win of the side to move by `threats`, visiting at most
    /// `budget` nodes (counted in `control` too) until `deadline`.
    /// `Ok(None)`: no such win exists (disproven) or the arena filled up.
    ///
    /// # Errors
    /// Stopped by `control`, or the budget or deadline ran out.
    pub fn prove(
        &mut self,
        root: &Gomoku,
        threats: Threats,
        budget: u64,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        if root.outcome().is_some() {
            return Ok(None);
        }
        if self.capacity == 0 {
            self.capacity = (32 << 20) / NODE_BYTES;
        }
        self.nodes.clear();
        self.solved.clear();
        if self.solved.capacity() > self.capacity {
            self.solved = HashMap::new();
        }
        if self.nodes.try_reserve(1).is_err() {
            // No memory for the arena: nothing can be proven here.
            return Ok(None);
        }
        let (pn, dn) = attacker_leaf(root);
        self.nodes.push(Node {
            pn,
            dn,
            first: 0,
            count: 0,
            mv: 0,
        });
        let mut run = Run {
            nodes: &mut self.nodes,
            solved: &mut self.solved,
            capacity: self.capacity,
            threats,
            control,
            budget,
            visited: 0,
            deadline,
        };
        while run.nodes[0].pn != 0 && run.nodes[0].dn != 0 && run.nodes[0].pn < INFINITE {
            if !run.iterate(root)? {
                return Ok(None); // the arena is full
            }
        }
        if run.nodes[0].pn != 0 {
            return Ok(None);
        }
        let mut pv = Vec::new();
        let plies = run.distance(0, root.clone(), true, &mut pv);
        pv.reverse();
        finish_line(root, &mut pv);
        Ok(Some(Proof { pv, plies }))
    }
}

/// Extra proof number of a new leaf `depth` plies below the root.
fn depth_bias(depth: usize) -> u32 {
    (depth / 4) as u32
}

/// Initial numbers of a node where the attacker is to move.
fn attacker_leaf(position: &Gomoku) -> (u32, u32) {
    let board = position.board();
    let me = position.side_to_move().index();
    if position.outcome().is_some() {
        return (INFINITE, 0); // the defender's last move won (or the board is full)
    }
    if board.class_count(me, cell_class::FIVE) > 0 {
        return (0, INFINITE);
    }
    if board.class_count(1 - me, cell_class::FIVE) >= 2 {
        return (INFINITE, 0);
    }
    (1, 1)
}

/// Initial numbers of a node where the defender is to move.
fn defender_leaf(position: &Gomoku, threats: Threats) -> (u32, u32) {
    let board = position.board();
    let me = position.side_to_move().index();
    let attacker = 1 - me;
    if let Some(Outcome::Win(_)) = position.outcome() {
        return (0, INFINITE);
    }
    if position.outcome().is_some() || board.class_count(me, cell_class::FIVE) > 0 {
        return (INFINITE, 0);
    }
    let fives = board.class_count(attacker, cell_class::FIVE);
    if fives >= 2 {
        return (0, INFINITE);
    }
    if fives == 1 {
        return (1, 1);
    }
    if threats.threes() && board.class_count(attacker, cell_class::OPEN_FOUR) > 0 {
        // An open three: several defences, harder to refute than a four.
        return (2, 1);
    }
    (INFINITE, 0) // no threat: the defender is free
}

impl Run<'_> {
    /// The number of plies to the five along the proof below a proven `index`, with the
    /// line that realises it pushed onto `pv` in reverse (attacker's fastest, defender's
    /// slowest).
    pub(super) fn distance(
        &self,
        index: u32,
        position: Gomoku,
        attacker_to_move: bool,
        pv: &mut Vec<Cell>,
    ) -> u32 {
        let node = self.nodes[index as usize];
        let me = position.side_to_move().index();
        if node.first == 0 {
            // A leaf proven on sight.
            let board = position.board();
            if attacker_to_move {
                let mut five = None;
                board.for_each_threat(me, cell_class::FIVE, |cell, _| five = five.or(Some(cell)));
                if let Some(cell) = five {
                    pv.push(Cell(cell as u16));
                }
                return 1;
            }
            if position.outcome().is_some() {
                return 0;
            }
            let plies = if board.class_count(1 - me, cell_class::FIVE) > 0 {
                2
            } else {
                4
            };
            if plies == 2 {
                let mut fives = MoveList::<Cell>::new();
                board.for_each_threat(1 - me, cell_class::FIVE, |cell, _| {
                    fives.push(Cell(cell as u16))
                });
                let reply = fives
                    .iter()
                    .copied()
                    .find(|c| !position.is_forbidden(usize::from(c.0)))
                    .or_else(|| any_playable(&position));
                if let Some(reply) = reply {
                    if let Some(&five) = fives.iter().find(|&&f| f != reply) {
                        pv.push(five);
                    }
                    pv.push(reply);
                }
            }
            return plies;
        }
        let mut best: Option<(u32, Vec<Cell>)> = None;
        for c in node.first..node.first + u32::from(node.count) {
            let child = self.nodes[c as usize];
            if child.pn != 0 {
                continue;
            }
            let mut next = position.clone();
            next.play(Cell(child.mv));
            let mut line = Vec::new();
            let plies = 1 + self.distance(c, next, !attacker_to_move, &mut line);
            line.push(Cell(child.mv));
            let better = match &best {
                None => true,
                Some((b, _)) if attacker_to_move => plies < *b,
                Some((b, _)) => plies > *b,
            };
            if better {
                best = Some((plies, line));
            }
        }
        let (plies, line) = best.unwrap_or((0, Vec::new()));
        pv.extend(line);
        plies
    }
}

impl Run<'_> {
    fn count_node(&mut self) -> Result<(), Interrupted> {
        count_node(self.control, &mut self.visited, self.budget, self.deadline)
    }

    /// Descends to the most-proving leaf, expands it and backs the numbers up.
    /// Returns false when the arena is full.
    fn iterate(&mut self, root: &Gomoku) -> Result<bool, Interrupted> {
        let mut position = root.clone();
        let mut path = ArrayVec::<u32, MAX_PATH>::new();
        let mut hashes = ArrayVec::<u64, MAX_PATH>::new();
        let mut index = 0u32;
        let mut attacker_to_move = true;
        loop {
            path.push(index);
            hashes.push(position.hash());
            let node = self.nodes[index as usize];
            if node.first == 0 {
                break;
            }
            let children = node.first..node.first + u32::from(node.count);
            let best = children
                .min_by_key(|&c| {
                    let child = &self.nodes[c as usize];
                    if attacker_to_move {
                        child.pn
                    } else {
                        child.dn
                    }
                })
                .unwrap_or(node.first);
            position.play(Cell(self.nodes[best as usize].mv));
            index = best;
            attacker_to_move = !attacker_to_move;
            if path.is_full() {
                // Too deep to follow: count this line as not winning.
                let leaf = &mut self.nodes[index as usize];
                leaf.pn = INFINITE;
                leaf.dn = 0;
                self.back_up(&path, &hashes, !attacker_to_move);
                return Ok(true);
            }
        }
        let leaf = self.nodes[index as usize];
        if leaf.pn == 0 || leaf.dn == 0 {
            // Only reachable once the numbers saturate: give up rather than loop.
            return Ok(false);
        }
        let mut moves = MoveList::<Cell>::new();
        if attacker_to_move {
            self.attacks(&position, &mut moves);
        } else {
            defences_of(&position, self.threats, &mut moves);
        }
        if self.nodes.len() + moves.len() > self.capacity
            || self.nodes.len() + moves.len() > u32::MAX as usize
            || self.nodes.try_reserve(moves.len()).is_err()
        {
            return Ok(false);
        }
        let first = self.nodes.len() as u32;
        for &mv in moves.iter() {
            self.count_node()?;
            let mut child = position.clone();
            child.play(mv);
            // Proven positions are not taken from the map: the proof's line and length
            // are read from the tree.
            let (mut pn, dn) = match self.solved.get(&child.hash()) {
                Some(false) => (INFINITE, 0),
                _ if attacker_to_move => defender_leaf(&child, self.threats),
                _ => attacker_leaf(&child),
            };
            if pn != 0 && pn < INFINITE {
                // Prefer short proofs: without this the search follows endless chains of
                // fours, each of which looks as good as the last (pn 1).
                pn += depth_bias(path.len());
            }
            self.nodes.push(Node {
                pn,
                dn,
                first: 0,
                count: 0,
                mv: mv.0,
            });
        }
        let leaf = &mut self.nodes[index as usize];
        if moves.is_empty() {
            // The attacker has no threat left, or the defender has no answer.
            (leaf.pn, leaf.dn) = if attacker_to_move {
                (INFINITE, 0)
            } else {
                (0, INFINITE)
            };
        } else {
            leaf.first = first;
            leaf.count = moves.len() as u16;
        }
        self.back_up(&path, &hashes, attacker_to_move);
        Ok(true)
    }

    /// Recomputes the numbers of the nodes on `path` from their children, leaf first;
    /// `attacker_at_leaf` says whose move it is at the last node of the path.
    fn back_up(&mut self, path: &[u32], hashes: &[u64], attacker_at_leaf: bool) {
        let mut attacker_to_move = attacker_at_leaf;
        for (&index, &hash) in path.iter().zip(hashes).rev() {
            let node = self.nodes[index as usize];
            if node.first != 0 {
                let (mut min_pn, mut min_dn, mut sum_pn, mut sum_dn) =
                    (INFINITE, INFINITE, 0u32, 0u32);
                for c in node.first..node.first + u32::from(node.count) {
                    let child = &self.nodes[c as usize];
                    min_pn = min_pn.min(child.pn);
                    min_dn = min_dn.min(child.dn);
                    sum_pn = (sum_pn + child.pn).min(INFINITE);
                    sum_dn = (sum_dn + child.dn).min(INFINITE);
                }
                let node = &mut self.nodes[index as usize];
                (node.pn, node.dn) = if attacker_to_move {
                    (min_pn, sum_dn)
                } else {
                    (sum_pn, min_dn)
                };
            }
            let node = self.nodes[index as usize];
            if node.dn == 0
                && self.solved.len() < self.capacity
                && self.solved.try_reserve(1).is_ok()
            {
                self.solved.insert(hash, false);
            }
            attacker_to_move = !attacker_to_move;
        }
    }

    /// The attacker's threats at `position` (attacker to move), best first.
    fn attacks(&self, position: &Gomoku, out: &mut MoveList<Cell>) {
        threat_attacks(position, self.threats, MAX_THREES, out);
    }
}

/// The defender's answers at `position` (defender to move): the block of a four, or the
/// defences of an open three and the defender's own fours.
fn defences_of(position: &Gomoku, threats: Threats, out: &mut MoveList<Cell>) {
    let board = position.board();
    let me = position.side_to_move().index();
    let attacker = 1 - me;
    if board.class_count(attacker, cell_class::FIVE) > 0 {
        board.for_each_threat(attacker, cell_class::FIVE, |cell, _| {
            if !position.is_forbidden(cell) {
                out.push(Cell(cell as u16));
            }
        });
        return;
    }
    if threats.threes() && board.class_count(attacker, cell_class::OPEN_FOUR) > 0 {
        let mut keys = MoveList::<i32>::new();
        defences(position, me, out, &mut keys);
        board.for_each_threat(me, cell_class::FOUR, |cell, _| {
            let mv = Cell(cell as u16);
            if !out.contains(&mv) {
                out.push(mv);
            }
        });
    }
}
