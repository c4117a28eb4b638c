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

use super::dfpn_cache::{MoveCache, CACHED_MOVES};
use super::dfpn_moves::{
    answers, attacker_leaf, attacks, child_leaf, defender_leaf, Leaf, Reach, Space, INFINITE,
    QUIET_THREAT_PLIES,
};
use super::dfpn_table::{Entry, Table};
use super::line::finish_line;
use crate::budget::control::Control;
use crate::game::gomoku::board::cell_class;
use crate::game::gomoku::threats::{count_node, Interrupted, Proof, Threats, QUICK_VCT_NODES};
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
/// Mixed into `DFPN_SALT` by the attacker (the root's side to move): see `prove`.
const ATTACKER_SALT: u64 = 0x9FB2_1C65_1E98_DF25;
/// `best` of an entry without a move.
const NO_MOVE: u16 = u16::MAX;
/// Plies from the root whose quiet threats are checked by a larger small VCT (`Run::
/// reach`): own-set g35 needs 600 nodes where 150 find nothing, and 600 everywhere
/// slowed other proofs 1.5-2.5x.
pub(super) const NEAR_DEPTH: usize = 6;
/// Quiet candidates of the root's attacker: own-set g11 starts with its 4th-8th best.
pub(super) const ROOT_QUIET_TRIES: usize = 8;
/// Node budget of the small VCT that checks a quiet threat within `NEAR_DEPTH` plies.
pub(super) const ROOT_QUIET_VCT_NODES: u32 = 600;

/// How far the threat checks of quiet moves reach (`Run::reach`): up to which depth the
/// larger checks go, and their budgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckReach {
    /// Plies from the root whose checks get `near_nodes` (`first_nodes` at depth 1).
    pub near_depth: usize,
    pub near_nodes: u32,
    pub first_nodes: u32,
}

impl CheckReach {
    /// The reach of every timed move.
    pub const NORMAL: CheckReach = CheckReach {
        near_depth: NEAR_DEPTH,
        near_nodes: ROOT_QUIET_VCT_NODES,
        first_nodes: FIRST_QUIET_VCT_NODES,
    };
    /// For moves of minutes: shared sp1-ply21's win (I6, then stops of White's open
    /// threes that threaten) runs through defender nodes after a counter-four pair
    /// (White F7, Black E8 after J3) whose threat a 600-node check misses and a df-pn
    /// finds in 7,725 nodes. With these checks the quiet df-pn proves `win 35` in 74 s
    /// (282M nodes, 512 MiB); sp3-ply58 then takes 40 s instead of 10.
    pub const WIDE: CheckReach = CheckReach {
        near_depth: 12,
        near_nodes: 50_000,
        first_nodes: 50_000,
    };
}

/// Node budget of the small VCT that checks the quiet threat of the root's own move (the
/// defender's node at depth 1): own-set g25's f7 threatens a 9-ply VCT that the deepening
/// search needs 1,512 nodes for (proven with 3,000 here, not with 1,500).
/// There are at most `ROOT_QUIET_TRIES` such nodes, each checked once (cached).
pub(super) const FIRST_QUIET_VCT_NODES: u32 = 3_000;

/// Node budget of the second, larger check of the quiet threat of a stop (the attacker's
/// quiet move that stops the defender's open three) deeper than `NEAR_DEPTH`, where the
/// first check gets `QUICK_VCT_NODES`: own-set g4's win needs such stops whose threat
/// the 150-node check misses. A stop is forced (the defender's open three
/// leaves the attacker no other quiet move), so these checks are few.
pub(super) const STOP_VCT_NODES: u32 = 400;
/// The proof number of a stop whose first check found no threat until the search needs
/// it (its threshold exceeds this): only then the second check decides, as a missed
/// threat costs the whole budget.
pub(super) const STOP_PENDING_PN: u32 = 16;

/// The df-pn searcher with its table, kept between searches.
#[derive(Debug, Default)]
pub struct DfpnSearch {
    table: Table,
    moves: MoveCache,
}

#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Cell,
    key: u64,
    /// The latest numbers known here (the table has the same or newer ones).
    value: Leaf,
    /// Whether a disproof in `value` met no depth limit (`Value::exact`).
    exact: bool,
}

#[derive(Clone, Copy, Debug)]
struct Value {
    pn: u32,
    dn: u32,
    plies: u32,
    best: u16,
    /// For a disproof: no node below it met the depth limit (nor had its moves cut
    /// short by it), so it holds in deeper iterations too.
    exact: bool,
}

impl From<Entry> for Value {
    fn from(e: Entry) -> Value {
        Value {
            pn: e.pn,
            dn: e.dn,
            plies: u32::from(e.plies),
            best: e.best,
            exact: e.exact,
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
            exact: true,
        }
    }

    /// A disproof, `exact` or only for this depth limit.
    fn disproven(exact: bool) -> Value {
        Value {
            exact,
            ..Value::leaf(Leaf::DISPROVEN)
        }
    }
}

struct Run<'a> {
    table: &'a mut Table,
    moves: &'a mut MoveCache,
    /// Mixed into a position's hash for its key in the move cache: the kind of search.
    moves_salt: u64,
    space: Space,
    checks: CheckReach,
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
    /// Bounds the table to `bytes` and the move cache to `cache_bytes`.
    pub fn set_memory(&mut self, bytes: usize, cache_bytes: usize) {
        self.table.set_memory(bytes);
        self.moves.set_memory(cache_bytes);
    }

    /// Bytes the table and the move cache hold now.
    pub fn memory(&self) -> usize {
        self.table.memory() + self.moves.memory()
    }

    /// Forgets the table and the move cache (on `newgame`), keeping their memory.
    pub fn clear(&mut self) {
        self.table.clear();
        self.moves.clear();
    }

    /// Gives the table's and the move cache's memory back (kept at their sizes).
    pub fn release(&mut self) {
        self.table.release();
        self.moves.release();
    }

    /// Allocates the table and the move cache at their sizes now.
    ///
    /// # Errors
    /// The memory could not be allocated.
    pub fn allocate(&mut self) -> Result<(), crate::memory::TableError> {
        self.table.allocate()?;
        self.moves.allocate()
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
        let checks = CheckReach::NORMAL;
        self.prove_reaching(
            root,
            threats,
            quiet_tries,
            checks,
            budget,
            deadline,
            control,
        )
    }

    /// `prove` with the threat checks of quiet moves reaching as far as `checks` says.
    ///
    /// # Errors
    /// Stopped by `control`, or the budget or deadline ran out.
    #[allow(clippy::too_many_arguments)]
    pub fn prove_reaching(
        &mut self,
        root: &Gomoku,
        threats: Threats,
        quiet_tries: usize,
        checks: CheckReach,
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
        // search reuses the plain one's proofs (and the next move's search both). But one
        // salt per attacker: a proof says the root's side to move wins, and the defence
        // searches the opponent's wins in the same table, from positions our own search
        // stored as won for us (a node after our move has the opponent to move there too).
        let salt = DFPN_SALT ^ (root.side_to_move().index() as u64 + 1).wrapping_mul(ATTACKER_SALT);
        // The moves differ by the kind of threats, the quiet candidates and whose win
        // is sought (the side to move at the root).
        let moves_salt = (threats as u64 + 1).wrapping_mul(0xA076_1D64_78BD_642F)
            ^ (quiet_tries as u64 + 1).wrapping_mul(0xE703_7ED1_A0B4_28DB)
            ^ (root.side_to_move().index() as u64 + 1).wrapping_mul(0x8EBC_6AF0_9C88_C6E3)
            ^ (checks.near_depth as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let mut run = Run {
            table: &mut self.table,
            moves: &mut self.moves,
            moves_salt,
            space: Space::new(root, threats, quiet_tries),
            checks,
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
                run.table.new_iteration();
            }
            run.max_depth = limit;
            run.cut = false;
            value = run.mid(root, true, INFINITE, INFINITE, 0, false)?;
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

    /// How far the quiet moves reach at `depth`: near the root (the attacker's first
    /// move and the defender's answer to it) more quiet candidates and a larger check
    /// of a quiet threat; there are few such nodes, each visited many times (cached).
    fn reach(&self, depth: usize) -> Reach {
        if depth < self.checks.near_depth {
            Reach {
                quiet_tries: if depth == 0 {
                    self.space.quiet_tries.max(ROOT_QUIET_TRIES)
                } else {
                    self.space.quiet_tries
                },
                vct_nodes: if depth == 1 {
                    self.checks.first_nodes
                } else {
                    self.checks.near_nodes
                },
            }
        } else {
            Reach {
                quiet_tries: self.space.quiet_tries,
                vct_nodes: QUICK_VCT_NODES,
            }
        }
    }

    /// The key of `position`'s moves in the move cache. The answers to a four or an open
    /// three depend on the position only; the attacker's on whether quiet moves come (5
    /// plies left) and how many (the root's); the answers to a quiet threat on the plies
    /// left (up to the longest threat checked) and on the check's budget at `depth`.
    fn cache_key(
        &self,
        position: &Gomoku,
        attacker: bool,
        remaining: u32,
        depth: usize,
        stop: bool,
    ) -> u64 {
        let forced = !attacker && {
            let board = position.board();
            let them = 1 - position.side_to_move().index();
            board.class_count(them, cell_class::FIVE) > 0
                || (self.space.threats.threes()
                    && board.class_count(them, cell_class::OPEN_FOUR) > 0)
        };
        self.key_of_moves(position.hash(), attacker, remaining, depth, forced, stop)
    }

    /// The move-cache key of the child after `mv` (whose move it is: `!attacker`), for a
    /// prefetch while the child is made: exact but for the defender's answers to a quiet
    /// threat, where whether the attacker's move forces is guessed from its class.
    fn child_cache_key(&self, position: &Gomoku, mv: Cell, attacker: bool, depth: usize) -> u64 {
        let board = position.board();
        let me = position.side_to_move().index();
        let class = board.cell_class(me, usize::from(mv.0));
        let forced = attacker
            && (class >= cell_class::FOUR
                || (self.space.threats.threes() && class >= cell_class::OPEN_THREE));
        let remaining = self.max_depth.saturating_sub(depth + 1) as u32;
        self.key_of_moves(
            position.hash_after(mv),
            !attacker,
            remaining,
            depth + 1,
            forced,
            false,
        )
    }

    /// `cache_key` from the position's hash and, for the defender, whether the attacker
    /// forces (a five or an open-four cell) and whether this is the second, larger check
    /// of a stop's quiet threat (`stop`).
    fn key_of_moves(
        &self,
        hash: u64,
        attacker: bool,
        remaining: u32,
        depth: usize,
        forced: bool,
        stop: bool,
    ) -> u64 {
        let base = hash ^ self.moves_salt;
        if attacker {
            // The root's attacker alone tries more quiet candidates (a position is the
            // root of one search and deeper in another: the key tells them apart).
            let root = if depth == 0 { 0x2545_F491_4F6C_DD1D } else { 0 };
            return if self.space.quiet && remaining >= 5 {
                base ^ 0x5851_F42D_4C95_7F2D ^ root
            } else {
                base
            };
        }
        if forced || !self.space.quiet {
            return base;
        }
        let plies = u64::from(remaining.min(QUIET_THREAT_PLIES + 1));
        // The check's budget (`reach`): the root's move, near the root, deeper.
        let near = if depth == 1 {
            0x94D0_49BB_1331_11EB
        } else if depth < self.checks.near_depth {
            0x2545_F491_4F6C_DD1D
        } else {
            0
        };
        let stop = if stop { 0x6C8E_9CF5_7093_2BD5 } else { 0 };
        base ^ (plies + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25) ^ near ^ stop
    }

    /// Debug builds (the tests): the cached moves are the ones generated afresh.
    #[cfg(debug_assertions)]
    fn check_cached(
        &self,
        position: &Gomoku,
        attacker: bool,
        remaining: u32,
        reach: Reach,
        moves: &[Cell],
        outside: u32,
    ) {
        let mut fresh = MoveList::<Cell>::new();
        let mut fresh_outside = 0;
        if attacker {
            attacks(
                position,
                self.space,
                remaining,
                reach.quiet_tries,
                &mut fresh,
            );
            fresh.truncate(MAX_CHILDREN);
        } else {
            let found = answers(position, self.space, remaining, reach.vct_nodes);
            fresh = found.moves;
            fresh_outside = found.outside;
        }
        debug_assert_eq!((fresh.as_slice(), fresh_outside), (moves, outside));
    }

    fn cache_moves(&mut self, key: u64, moves: &[Cell], outside: u32, cut: bool, threat: bool) {
        let mut cells = [0u16; CACHED_MOVES];
        if moves.len() <= CACHED_MOVES {
            for (cell, mv) in cells.iter_mut().zip(moves) {
                *cell = mv.0;
            }
            self.moves
                .put(key, &cells[..moves.len()], outside, cut, threat);
        }
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
                exact: value.exact,
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
        stop: bool,
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
            return Ok(Value::disproven(false));
        }
        let remaining = (self.max_depth - depth) as u32;
        let mut moves = MoveList::<Cell>::new();
        let mut outside = 0;
        let reach = self.reach(depth);
        let cache_key = self.cache_key(position, attacker, remaining, depth, false);
        // Whether the depth limit cut this node's moves short.
        let mut own_cut;
        // The defender's: the check found no quiet threat.
        let mut missed = false;
        if let Some(cached) = self.moves.get(cache_key) {
            self.cut |= cached.cut;
            own_cut = cached.cut;
            if !cached.threat {
                missed = true;
            } else {
                moves.extend(cached.moves().iter().map(|&mv| Cell(mv)));
                outside = cached.outside;
                #[cfg(debug_assertions)]
                self.check_cached(position, attacker, remaining, reach, &moves, outside);
            }
        } else if attacker {
            let cut = attacks(
                position,
                self.space,
                remaining,
                reach.quiet_tries,
                &mut moves,
            );
            self.cut |= cut;
            own_cut = cut;
            moves.truncate(MAX_CHILDREN);
            self.cache_moves(cache_key, &moves, 0, cut, true);
        } else {
            let found = answers(position, self.space, remaining, reach.vct_nodes);
            self.cut |= found.limited;
            own_cut = found.limited;
            self.add_nodes(found.nodes)?;
            if !found.threat {
                self.cache_moves(cache_key, &[], 0, found.limited, false);
                missed = true;
            } else if found.moves.len() > MAX_CHILDREN {
                let value = Value::disproven(!own_cut);
                self.store(key, value, self.visited - start + 1);
                return Ok(value);
            } else {
                moves = found.moves;
                outside = found.outside;
                self.cache_moves(cache_key, &moves, outside, found.limited, true);
            }
        }
        if missed {
            // After a stop of the defender's open three, a second check with the larger
            // budget, once the search needs this node (the threshold passed
            // `STOP_PENDING_PN`). Any zone it finds is exact as the first check's is.
            if !stop || !self.space.quiet_vct || STOP_VCT_NODES <= reach.vct_nodes {
                let value = Value::disproven(!own_cut);
                self.store(key, value, self.visited - start + 1);
                return Ok(value);
            }
            if thpn <= STOP_PENDING_PN {
                let value = Value {
                    pn: STOP_PENDING_PN,
                    dn: 1,
                    plies: 0,
                    best: NO_MOVE,
                    exact: false,
                };
                self.store(key, value, self.visited - start + 1);
                return Ok(value);
            }
            let stop_reach = Reach {
                quiet_tries: reach.quiet_tries,
                vct_nodes: STOP_VCT_NODES,
            };
            let stop_key = self.cache_key(position, false, remaining, depth, true);
            if let Some(cached) = self.moves.get(stop_key) {
                self.cut |= cached.cut;
                own_cut = cached.cut;
                if !cached.threat {
                    let value = Value::disproven(!own_cut);
                    self.store(key, value, self.visited - start + 1);
                    return Ok(value);
                }
                moves.extend(cached.moves().iter().map(|&mv| Cell(mv)));
                outside = cached.outside;
                #[cfg(debug_assertions)]
                self.check_cached(position, false, remaining, stop_reach, &moves, outside);
            } else {
                let found = answers(position, self.space, remaining, stop_reach.vct_nodes);
                self.cut |= found.limited;
                own_cut = found.limited;
                self.add_nodes(found.nodes)?;
                if !found.threat || found.moves.len() > MAX_CHILDREN {
                    if !found.threat {
                        self.cache_moves(stop_key, &[], 0, found.limited, false);
                    }
                    let value = Value::disproven(!own_cut);
                    self.store(key, value, self.visited - start + 1);
                    return Ok(value);
                }
                moves = found.moves;
                outside = found.outside;
                self.cache_moves(stop_key, &moves, outside, found.limited, true);
            }
        }
        if moves.is_empty() {
            // The attacker has no threat left, or the defender no answer.
            let value = if attacker {
                Value::disproven(!own_cut)
            } else {
                Value::leaf(Leaf::proven(outside))
            };
            self.store(key, value, 1);
            return Ok(value);
        }
        let mut children = ArrayVec::<Child, MAX_CHILDREN>::new();
        for &mv in moves.iter() {
            // Children the table knows get their numbers in `gather`.
            let key = position.hash_after(mv) ^ self.salt;
            self.table.prefetch(key);
            let mut value = child_leaf(position, mv, attacker, self.space);
            if !value.is_solved() {
                // Prefer short proofs: without this the search follows long chains of
                // fours, each of which looks as good as the last.
                value.pn += (depth / 4) as u32;
            }
            children.push(Child {
                mv,
                key,
                value,
                exact: true,
            });
        }
        // The attacker's quiet moves here stop the defender's open three.
        let stops = attacker && self.space.quiet_vct && {
            let them = 1 - position.side_to_move().index();
            position.board().class_count(them, cell_class::OPEN_FOUR) > 0
        };
        let value = loop {
            let (mut value, best, second, others) = self.gather(&mut children, attacker, outside);
            if value.pn >= thpn || value.dn >= thdn || value.pn == 0 || value.dn == 0 {
                value.exact &= !own_cut;
                break value;
            }
            // The summed number reaches its threshold once this child's does, less one
            // for each other child not settled (`gather`; the child is one of them).
            let (child_thpn, child_thdn) = if attacker {
                (thpn.min(widen(second)), thdn - others)
            } else {
                (thpn - others, thdn.min(widen(second)))
            };
            // The child's bucket and moves load while its position is made.
            self.table.prefetch(children[best].key);
            let mv = children[best].mv;
            self.moves
                .prefetch(self.child_cache_key(position, mv, attacker, depth));
            let mut next = position.clone();
            next.play(children[best].mv);
            let found = self.mid(&next, !attacker, child_thpn, child_thdn, depth + 1, stops)?;
            children[best].value = Leaf {
                pn: found.pn,
                dn: found.dn,
                plies: found.plies,
            };
            children[best].exact = found.exact;
        };
        self.store(key, value, self.visited - start + 1);
        Ok(value)
    }

    /// The node's numbers from its children's (the table's, else the latest known), the
    /// index of the most-proving child, the second-best child's number and how many
    /// other children the summed number counts (below); for a proven
    /// node, its length and move; for a disproven one whether the disproof is exact (the
    /// attacker's: every child's is; the defender's: one refuting answer's is).
    ///
    /// The number a node adds up over its children (the defender's proof number, the
    /// attacker's disproof number) is the weak proof-number search's: the largest child's
    /// plus one for each other child not yet settled, not their sum. Threat sequences
    /// transpose a lot (the defender's counter-fours and their blocks in any order and
    /// subset reach the same positions), and a sum counts a shared subtree once per path:
    /// it made the search shy away from exactly the lines with the most counter-fours.
    /// Shared sp3-ply58, quiet df-pn, 32 MiB: summed, no proof in 300 s (436M nodes);
    /// weak, `win 35` after 12.4M nodes (9 s); the plain df-pn proves it too (6.3M). On
    /// both forced-win sets the quiet df-pn needs 0.76x the nodes. Proofs
    /// and disproofs are exact either way (0 and infinite mean the same); the numbers
    /// only guide the search.
    fn gather(
        &self,
        children: &mut [Child],
        attacker: bool,
        outside: u32,
    ) -> (Value, usize, u32, u32) {
        let (mut min, mut second, mut best) = (INFINITE, INFINITE, 0usize);
        let mut summed = WeakSum::default();
        let mut proven: Option<(u32, usize)> = None;
        let mut all_proven = true;
        let mut longest = (outside, NO_MOVE);
        let (mut all_exact, mut any_exact) = (true, false);
        for (i, child) in children.iter_mut().enumerate() {
            if let Some(entry) = self.table.probe(child.key) {
                child.value = Leaf {
                    pn: entry.pn,
                    dn: entry.dn,
                    plies: u32::from(entry.plies),
                };
                child.exact = entry.exact;
            }
            let v = child.value;
            if v.dn == 0 {
                all_exact &= child.exact;
                any_exact |= child.exact;
            }
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
            summed.add(other);
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
        let sum = summed.value();
        let mut value = if attacker {
            Value {
                pn: min,
                dn: sum,
                plies: 0,
                best: NO_MOVE,
                exact: all_exact,
            }
        } else {
            Value {
                pn: sum,
                dn: min,
                plies: 0,
                best: NO_MOVE,
                exact: any_exact,
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
        (value, best, second, summed.others())
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

/// The number a node adds up over its children in the weak proof-number search (see
/// `Run::gather`): the largest child's number plus one for each other child not settled
/// (0 and infinite still mean proven and disproven).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct WeakSum {
    largest: u32,
    open: u32,
    infinite: bool,
}

impl WeakSum {
    /// Counts a child's number.
    pub fn add(&mut self, number: u32) {
        if number >= INFINITE {
            self.infinite = true;
        } else if number > 0 {
            self.largest = self.largest.max(number);
            self.open += 1;
        }
    }

    /// The node's number: infinite if a child's is, 0 if every child's is.
    pub fn value(self) -> u32 {
        match (self.infinite, self.open) {
            (true, _) => INFINITE,
            (false, 0) => 0,
            (false, open) => self.largest.saturating_add(open - 1).min(INFINITE),
        }
    }

    /// The part of `value` that is not the largest child's: how much less than the
    /// node's threshold a child's must reach for the node's to reach it.
    pub fn others(self) -> u32 {
        self.open.saturating_sub(1)
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
