//! Depth-first proof-number search (df-pn) over threat sequences: the proof-number
//! search of `proof.rs` without its arena. Each node is searched in place, in a loop over
//! its children, until its proof or disproof number reaches the thresholds its parent
//! gave it (the most-proving child gets the second-best child's number, times 1 + 1/4,
//! as its own threshold); the numbers of every node left are kept in a bounded
//! transposition table (`dfpn_table.rs`), so memory stays fixed however long it runs and
//! transpositions of threat sequences are shared. Moves: `dfpn_moves.rs`.
//!
//! Gomoku stones are never removed, so no position repeats along a line (no cycles, no
//! graph-history problem): a proof is a real win, a disproof only "no win by these
//! threats". The length of a proof is kept in the table with it: the attacker's shortest
//! proven child, the defender's longest answer, and for answers the search leaves out an
//! upper bound (`Answers::outside`), so the reported length is never shorter than the
//! forced line the proof stands for.

use std::time::Instant;

use arrayvec::ArrayVec;

use super::dfpn_moves::{
    answers, attacker_leaf, attacks, child_leaf, defender_leaf, Leaf, Space, INFINITE,
};
use super::dfpn_table::{Entry, Table};
use super::line::finish_line;
use crate::budget::control::Control;
use crate::game::gomoku::vcf::{count_node, Interrupted, Proof, Threats};
use crate::game::gomoku::{Cell, Gomoku};
use crate::game::{Game, MoveList};

/// The depth limits (plies) of the successive iterations: a node at the limit counts as
/// not proven. A search without limit chases long chains of threats (game 39 of the own
/// set: `win 27` in 50 s, where a 15-ply win exists); a shallow one exhausts its threat
/// space quickly, and the table keeps its proofs for the next.
const DEPTH_LIMITS: [usize; 9] = [7, 11, 15, 19, 25, 33, 45, 65, 100];
/// The longest line the principal line follows.
const MAX_DEPTH: usize = 100;
/// The most children of a node: the attacker's best ones, and a defender with more
/// answers counts as not beaten.
const MAX_CHILDREN: usize = 96;
/// Key of a position in the table: its hash with this.
const DFPN_SALT: u64 = 0xD1B5_4A32_D192_ED03;
/// `best` of an entry without a move.
const NO_MOVE: u16 = u16::MAX;

/// The df-pn searcher with its table, kept between searches.
#[derive(Debug, Default)]
pub struct DfpnSearch {
    table: Table,
}

#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Cell,
    key: u64,
    /// The latest numbers known here (the table has the same or newer ones).
    value: Leaf,
}

#[derive(Clone, Copy, Debug)]
struct Value {
    pn: u32,
    dn: u32,
    plies: u32,
    best: u16,
}

impl From<Entry> for Value {
    fn from(e: Entry) -> Value {
        Value {
            pn: e.pn,
            dn: e.dn,
            plies: u32::from(e.plies),
            best: e.best,
        }
    }
}

impl Value {
    fn leaf(leaf: Leaf) -> Value {
        Value {
            pn: leaf.pn,
            dn: leaf.dn,
            plies: leaf.plies,
            best: NO_MOVE,
        }
    }
}

struct Run<'a> {
    table: &'a mut Table,
    space: Space,
    salt: u64,
    control: &'a mut Control,
    budget: u64,
    visited: u64,
    deadline: Option<Instant>,
    /// This iteration's depth limit.
    max_depth: usize,
    /// Whether a node at the depth limit was met in this iteration.
    cut: bool,
}

impl DfpnSearch {
    /// Bounds the table to `bytes`.
    pub fn set_memory(&mut self, bytes: usize) {
        self.table.set_memory(bytes);
    }

    /// Bytes the table holds now.
    pub fn memory(&self) -> usize {
        self.table.memory()
    }

    /// Releases the table (on `newgame`).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Looks for a forced win of the side to move by `threats` (with `quiet_tries` quiet
    /// candidates a node for `Threats::Quiet`/`QuietVct`), visiting at most `budget`
    /// nodes (counted in `control` too) until `deadline`. `Ok(None)`: disproven.
    ///
    /// # Errors
    /// Stopped by `control`, or the budget or deadline ran out.
    pub fn prove(
        &mut self,
        root: &Gomoku,
        threats: Threats,
        quiet_tries: usize,
        budget: u64,
        deadline: Option<Instant>,
        control: &mut Control,
    ) -> Result<Option<Proof>, Interrupted> {
        if root.outcome().is_some() {
            return Ok(None);
        }
        self.table.new_search();
        // One salt for every threat space: only proofs outlive their search (`Table::
        // probe`), and a proof is a win whatever the space that found it, so the quiet
        // search reuses the plain one's proofs (and the next move's search both).
        let salt = DFPN_SALT;
        let mut run = Run {
            table: &mut self.table,
            space: Space::new(root, threats, quiet_tries),
            salt,
            control,
            budget,
            visited: 0,
            deadline,
            max_depth: 0,
            cut: false,
        };
        let leaf = attacker_leaf(root);
        if leaf.dn == 0 {
            return Ok(None);
        }
        let mut value = Value::leaf(leaf);
        for (i, &limit) in DEPTH_LIMITS.iter().enumerate() {
            if value.pn == 0 {
                break;
            }
            if i > 0 {
                run.table.new_search();
            }
            run.max_depth = limit;
            run.cut = false;
            value = run.mid(root, true, INFINITE, INFINITE, 0)?;
            if value.pn != 0 && !run.cut {
                return Ok(None); // disproven without meeting the limit: no deeper win
            }
        }
        if value.pn != 0 {
            return Ok(None);
        }
        let mut pv = Vec::new();
        if value.best != NO_MOVE {
            run.principal_line(root, Cell(value.best), &mut pv);
        }
        finish_line(root, &mut pv);
        if pv.is_empty() {
            return Ok(None);
        }
        Ok(Some(Proof {
            pv,
            plies: value.plies.max(1),
        }))
    }
}

impl Run<'_> {
    fn count_node(&mut self) -> Result<(), Interrupted> {
        count_node(self.control, &mut self.visited, self.budget, self.deadline)
    }

    /// Counts nodes visited by a helper search (the quiet-threat check).
    fn add_nodes(&mut self, nodes: u32) -> Result<(), Interrupted> {
        if nodes == 0 {
            return Ok(());
        }
        self.visited += u64::from(nodes);
        if !self.control.add_nodes(u64::from(nodes)) {
            return Err(Interrupted::Aborted);
        }
        // The jump can skip the every-256 clock check of `count_node`.
        if self.visited > self.budget || self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Interrupted::Budget);
        }
        Ok(())
    }

    fn store(&mut self, key: u64, value: Value, work: u64) {
        self.table.store(
            key,
            Entry {
                key,
                pn: value.pn,
                dn: value.dn,
                work: work.min(u64::from(u32::MAX)) as u32,
                best: value.best,
                plies: value.plies.min(255) as u8,
                generation: 0,
            },
        );
    }

    /// Searches `position` until its proof number reaches `thpn` or its disproof number
    /// `thdn` (or it is solved); `attacker` says whose move it is.
    fn mid(
        &mut self,
        position: &Gomoku,
        attacker: bool,
        thpn: u32,
        thdn: u32,
        depth: usize,
    ) -> Result<Value, Interrupted> {
        self.count_node()?;
        let key = position.hash() ^ self.salt;
        if let Some(entry) = self.table.probe(key) {
            if entry.pn >= thpn || entry.dn >= thdn {
                return Ok(entry.into());
            }
        }
        let start = self.visited;
        let leaf = if attacker {
            attacker_leaf(position)
        } else {
            defender_leaf(position, self.space)
        };
        if leaf.is_solved() {
            let value = Value::leaf(leaf);
            self.store(key, value, 1);
            return Ok(value);
        }
        if depth >= self.max_depth {
            self.cut = true;
            return Ok(Value::leaf(Leaf::DISPROVEN));
        }
        let remaining = (self.max_depth - depth) as u32;
        let mut moves = MoveList::<Cell>::new();
        let mut outside = 0;
        if attacker {
            self.cut |= attacks(position, self.space, remaining, &mut moves);
            moves.truncate(MAX_CHILDREN);
        } else {
            let found = answers(position, self.space, remaining);
            self.cut |= found.limited;
            self.add_nodes(found.nodes)?;
            if !found.threat || found.moves.len() > MAX_CHILDREN {
                let value = Value::leaf(Leaf::DISPROVEN);
                self.store(key, value, self.visited - start + 1);
                return Ok(value);
            }
            moves = found.moves;
            outside = found.outside;
        }
        if moves.is_empty() {
            // The attacker has no threat left, or the defender no answer.
            let value = Value::leaf(if attacker {
                Leaf::DISPROVEN
            } else {
                Leaf::proven(outside)
            });
            self.store(key, value, 1);
            return Ok(value);
        }
        let mut children = ArrayVec::<Child, MAX_CHILDREN>::new();
        for &mv in moves.iter() {
            // Children the table knows get their numbers in `gather`.
            let key = position.hash_after(mv) ^ self.salt;
            let mut value = child_leaf(position, mv, attacker, self.space);
            if !value.is_solved() {
                // Prefer short proofs: without this the search follows long chains of
                // fours, each of which looks as good as the last.
                value.pn += (depth / 4) as u32;
            }
            children.push(Child { mv, key, value });
        }
        let value = loop {
            let (value, best, second) = self.gather(&mut children, attacker, outside);
            if value.pn >= thpn || value.dn >= thdn || value.pn == 0 || value.dn == 0 {
                break value;
            }
            let child = children[best].value;
            let (child_thpn, child_thdn) = if attacker {
                (
                    thpn.min(widen(second)),
                    (thdn - value.dn).saturating_add(child.dn).min(INFINITE),
                )
            } else {
                (
                    (thpn - value.pn).saturating_add(child.pn).min(INFINITE),
                    thdn.min(widen(second)),
                )
            };
            let mut next = position.clone();
            next.play(children[best].mv);
            let found = self.mid(&next, !attacker, child_thpn, child_thdn, depth + 1)?;
            children[best].value = Leaf {
                pn: found.pn,
                dn: found.dn,
                plies: found.plies,
            };
        };
        self.store(key, value, self.visited - start + 1);
        Ok(value)
    }

    /// The node's numbers from its children's (the table's, else the latest known), the
    /// index of the most-proving child and the second-best child's number; for a proven
    /// node, its length and move.
    fn gather(&self, children: &mut [Child], attacker: bool, outside: u32) -> (Value, usize, u32) {
        let (mut min, mut second, mut sum, mut best) = (INFINITE, INFINITE, 0u32, 0usize);
        let mut proven: Option<(u32, usize)> = None;
        let mut all_proven = true;
        let mut longest = (outside, NO_MOVE);
        for (i, child) in children.iter_mut().enumerate() {
            if let Some(entry) = self.table.probe(child.key) {
                child.value = Leaf {
                    pn: entry.pn,
                    dn: entry.dn,
                    plies: u32::from(entry.plies),
                };
            }
            let v = child.value;
            // The number the node minimises (pn for the attacker, dn for the defender)
            // and the one it sums.
            let (own, other) = if attacker { (v.pn, v.dn) } else { (v.dn, v.pn) };
            if own < min {
                second = min;
                min = own;
                best = i;
            } else if own < second {
                second = own;
            }
            sum = sum.saturating_add(other).min(INFINITE);
            if v.pn == 0 {
                if proven.is_none_or(|(plies, _)| v.plies < plies) {
                    proven = Some((v.plies, i));
                }
                if v.plies + 1 > longest.0 || longest.1 == NO_MOVE {
                    longest = (longest.0.max(v.plies + 1), child.mv.0);
                }
            } else {
                all_proven = false;
            }
        }
        let mut value = if attacker {
            Value {
                pn: min,
                dn: sum,
                plies: 0,
                best: NO_MOVE,
            }
        } else {
            Value {
                pn: sum,
                dn: min,
                plies: 0,
                best: NO_MOVE,
            }
        };
        if attacker {
            if let Some((plies, i)) = proven {
                value.plies = plies + 1;
                value.best = children[i].mv.0;
            }
        } else if all_proven {
            (value.plies, value.best) = longest;
        }
        (value, best, second)
    }

    /// Pushes the proof's line from the table onto `pv`: `first`, then the attacker's
    /// proving moves and the defender's longest answers, while the table has them.
    fn principal_line(&self, root: &Gomoku, first: Cell, pv: &mut Vec<Cell>) {
        let mut position = root.clone();
        let mut mv = first;
        for _ in 0..MAX_DEPTH {
            if !position.is_legal(mv) {
                return;
            }
            position.play(mv);
            pv.push(mv);
            if position.outcome().is_some() {
                return;
            }
            match self.table.probe(position.hash() ^ self.salt) {
                Some(entry) if entry.pn == 0 && entry.best != NO_MOVE => mv = Cell(entry.best),
                _ => return,
            }
        }
    }
}

/// A child's threshold from the second-best child's number (the 1 + epsilon trick:
/// a little above it, so the search does not switch back and forth between siblings).
fn widen(second: u32) -> u32 {
    second
        .saturating_add(second / 4)
        .saturating_add(1)
        .min(INFINITE)
}
