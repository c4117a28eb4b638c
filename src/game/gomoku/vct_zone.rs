//! A small VCT (fours and open threes) that also returns its relevance zone: the cells
//! where one stone of the defender, placed before the attacker starts, could make the
//! proof fail. Outside the zone the very same proof tree still wins, so a quiet move that
//! threatens this VCT (a third-order threat in lambda-search terms, one above the quiet
//! moves of `quiet.rs`, which threaten a VCF) needs only answers inside the zone and the
//! defender's own fours.
//!
//! The zone is the union, over every node of the proof tree (not of the failed tries), of:
//! - every move of the tree (the attacker's and every defender reply tried) and every
//!   five cell of the attacker's (a stone there blocks the five or a four);
//! - at a defender node against an open three, the empty cells within five steps of each
//!   cell where the attacker would make an open four, on each line where it makes a four:
//!   only there can a stone change which cells stop the three, or stop it by itself (an
//!   open four needs a six-cell window through that cell on that line);
//! - the empty cells of every five-cell window that holds no attacker stone and at least
//!   two defender stones: only there can one more stone give the defender a four (an
//!   answer the tree did not try), a five threat, or an open three that makes an
//!   attacker's three too slow. Elsewhere a defender stone reaches at most two stones in
//!   any attacker-free window, which one defender move cannot turn into a four.
//!
//! Not for renju (forbidden points are outside this argument).

use arrayvec::ArrayVec;

use crate::game::gomoku::board::{cell_class, MAX_CELLS};
use crate::game::gomoku::moves::{defences, order_key, sort_by_keys};
use crate::game::gomoku::patterns::FOUR;
use crate::game::gomoku::quiet::{add, Zone};
use crate::game::gomoku::{Cell, Gomoku, Rule};
use crate::game::{Game, MoveList};

/// The most threes the attacker tries at a node.
const MAX_THREES: usize = 6;
/// Steps along a line within which a stone can touch a six-cell window through a cell.
const REACH: i32 = 5;
const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A VCT of the side to move of at most `max_plies` plies, found by iterative deepening
/// within `max_nodes` nodes (counted in `nodes`): its length and its relevance zone.
pub fn vct_zone(
    position: &Gomoku,
    max_plies: u32,
    max_nodes: u32,
    nodes: &mut u32,
) -> Option<(u32, Zone)> {
    let mut search = ZoneSearch { max_nodes, nodes };
    let mut plies = 3;
    while plies <= max_plies {
        match search.attack(position, plies) {
            Ok(Some(found)) => return Some(found),
            Ok(None) => plies += 2,
            Err(OutOfNodes) => return None,
        }
    }
    None
}

struct OutOfNodes;

struct ZoneSearch<'a> {
    max_nodes: u32,
    nodes: &'a mut u32,
}

fn union(zone: &mut Zone, other: &Zone) {
    for (a, b) in zone.iter_mut().zip(other) {
        *a |= b;
    }
}

/// The empty cells within `REACH` steps of `cell` on each line where a stone of
/// `attacker` there makes a four (a defender stone on another line cannot touch it).
fn add_lines(position: &Gomoku, attacker: usize, cell: usize, zone: &mut Zone) {
    let board = position.board();
    let n = board.size() as i32;
    let (row, col) = ((cell as i32) / n, (cell as i32) % n);
    let packed = board.patterns(attacker, cell);
    for (dir, (dr, dc)) in DIRECTIONS.into_iter().enumerate() {
        if (packed >> (4 * dir) & 0xF) < u16::from(FOUR) {
            continue;
        }
        for k in -REACH..=REACH {
            let (r, c) = (row + dr * k, col + dc * k);
            if (0..n).contains(&r) && (0..n).contains(&c) {
                let at = (r * n + c) as usize;
                if board.stone(at).is_none() {
                    add(zone, at);
                }
            }
        }
    }
}

/// The empty cells of every five-cell window with no stone of `attacker` and at least two
/// of the other side. Called at every node of the search (a third of the quiet df-pn's
/// time went here), so the stones are read once into a grid and each window is looked at
/// from its first defender stone only.
fn add_defender_windows(position: &Gomoku, attacker: usize, zone: &mut Zone) {
    const EMPTY: u8 = 0;
    const ATTACKER: u8 = 1;
    const DEFENDER: u8 = 2;
    let board = position.board();
    let n = board.size() as i32;
    let mut grid = [EMPTY; MAX_CELLS];
    let mut defenders = ArrayVec::<u16, MAX_CELLS>::new();
    for (cell, slot) in grid.iter_mut().enumerate().take((n * n) as usize) {
        match board.stone(cell) {
            Some(p) if p.index() == attacker => *slot = ATTACKER,
            Some(_) => {
                *slot = DEFENDER;
                defenders.push(cell as u16);
            }
            None => {}
        }
    }
    for &cell in &defenders {
        let (row, col) = (i32::from(cell) / n, i32::from(cell) % n);
        for (dr, dc) in DIRECTIONS {
            // Windows holding this stone; the stone is at offset `-start` in each.
            for start in -4..=0 {
                let (r0, c0) = (row + dr * start, col + dc * start);
                let (r4, c4) = (r0 + dr * 4, c0 + dc * 4);
                if !(0..n).contains(&r0)
                    || !(0..n).contains(&c0)
                    || !(0..n).contains(&r4)
                    || !(0..n).contains(&c4)
                {
                    continue;
                }
                let at = |k: i32| ((r0 + dr * k) * n + c0 + dc * k) as usize;
                let mut theirs = 0;
                let mut counted = true;
                for k in 0..5 {
                    match grid[at(k)] {
                        ATTACKER => {
                            counted = false;
                            break;
                        }
                        // An earlier defender stone of the window looks at it.
                        DEFENDER if k < -start => {
                            counted = false;
                            break;
                        }
                        DEFENDER => theirs += 1,
                        _ => {}
                    }
                }
                if counted && theirs >= 2 {
                    for k in 0..5 {
                        if grid[at(k)] == EMPTY {
                            add(zone, at(k));
                        }
                    }
                }
            }
        }
    }
}

fn first_threat(position: &Gomoku, player: usize, min: u8) -> Option<usize> {
    let mut found = None;
    position
        .board()
        .for_each_threat(player, min, |cell, _| found = found.or(Some(cell)));
    found
}

impl ZoneSearch<'_> {
    fn visit(&mut self) -> Result<(), OutOfNodes> {
        *self.nodes += 1;
        if *self.nodes > self.max_nodes {
            return Err(OutOfNodes);
        }
        Ok(())
    }

    /// The attacker (to move) wins within `plies`: the length and the zone.
    fn attack(&mut self, position: &Gomoku, plies: u32) -> Result<Option<(u32, Zone)>, OutOfNodes> {
        self.visit()?;
        let board = position.board();
        let me = position.side_to_move().index();
        let them = 1 - me;
        let mut zone = Zone::default();
        if let Some(five) = first_threat(position, me, cell_class::FIVE) {
            add(&mut zone, five);
            return Ok(Some((1, zone)));
        }
        if plies < 3 || position.outcome().is_some() {
            return Ok(None);
        }
        let mut moves = MoveList::<Cell>::new();
        let mut keys = MoveList::<i32>::new();
        match board.class_count(them, cell_class::FIVE) {
            0 => {
                let min = if plies >= 5 {
                    cell_class::OPEN_THREE
                } else {
                    cell_class::FOUR
                };
                board.for_each_threat(me, min, |cell, class| {
                    if class != cell_class::FIVE {
                        moves.push(Cell(cell as u16));
                        keys.push(order_key(board, me, cell));
                    }
                });
            }
            1 => {
                if let Some(block) = first_threat(position, them, cell_class::FIVE) {
                    moves.push(Cell(block as u16));
                    keys.push(0);
                }
            }
            _ => return Ok(None),
        }
        sort_by_keys(&mut moves, &mut keys);
        let they_threaten = board.class_count(them, cell_class::OPEN_FOUR) > 0;
        let mut threes = 0;
        for &mv in moves.iter() {
            let is_three = board.cell_class(me, usize::from(mv.0)) < cell_class::FOUR;
            if is_three {
                threes += 1;
                if threes > MAX_THREES {
                    continue;
                }
            }
            if plies < 5 && board.rule() != Rule::Renju {
                // A defender node two plies from the end: judged from the class counts
                // after the move, played only if it is proven (`defend_leaf`).
                let cell = usize::from(mv.0);
                let side = position.side_to_move();
                if is_three
                    && they_threaten
                    && board.class_count_after(cell, side, them, cell_class::OPEN_FOUR) > 0
                {
                    continue;
                }
                #[cfg(debug_assertions)]
                let before = *self.nodes;
                let proven = self.defend_leaf(position, cell)?;
                #[cfg(debug_assertions)]
                if !proven {
                    // The played node finds no win in the same number of nodes.
                    let mut nodes = 0;
                    let mut played = ZoneSearch {
                        max_nodes: u32::MAX,
                        nodes: &mut nodes,
                    };
                    let mut child = position.clone();
                    child.play(mv);
                    assert!(matches!(played.defend(&child, plies - 1), Ok(None)));
                    debug_assert_eq!(nodes, *self.nodes - before);
                }
                if !proven {
                    continue;
                }
            }
            let mut child = position.clone();
            child.play(mv);
            if is_three
                && they_threaten
                && child.board().class_count(them, cell_class::OPEN_FOUR) > 0
            {
                continue;
            }
            if let Some((len, below)) = self.defend(&child, plies - 1)? {
                zone = below;
                add(&mut zone, usize::from(mv.0));
                add_defender_windows(position, me, &mut zone);
                return Ok(Some((len + 1, zone)));
            }
        }
        Ok(None)
    }

    /// Whether `defend` of the position after the attacker's move on `cell` (attacker to
    /// move at `position`, which has no five of its own; outside renju) with 2 or 3 plies
    /// left would prove a win, judged from the class counts after the move without
    /// playing it. If not, the nodes `defend` would have visited are counted here (the
    /// same budget runs out at the same node); if so, the caller plays it and counts them.
    /// With 2-3 plies left the defender's node is proven only by two five cells of the
    /// attacker: after one block (of a single five, or of an open four) the attacker has
    /// no five cell (a defender stone never makes one), and the attacker's node 1-2 plies
    /// from the end has nothing but a five.
    fn defend_leaf(&mut self, position: &Gomoku, cell: usize) -> Result<bool, OutOfNodes> {
        let board = position.board();
        let side = position.side_to_move();
        let (me, them) = (side.index(), 1 - side.index());
        let after = |player: usize, class: u8| board.class_count_after(cell, side, player, class);
        let full = board.stone_count() + 1 == board.size() * board.size();
        // A stone of the attacker never gives the defender a five cell.
        let their_five =
            board.class_count(them, cell_class::FIVE) > 0 && after(them, cell_class::FIVE) > 0;
        debug_assert_eq!(their_five, after(them, cell_class::FIVE) > 0);
        if full || their_five {
            self.visit()?; // `defend`: over, or the defender makes a five
            return Ok(false);
        }
        let fives = after(me, cell_class::FIVE);
        if fives >= 2 {
            return Ok(true); // `defend` proves it (two fives)
        }
        self.visit()?;
        if fives == 1 || (fives == 0 && after(me, cell_class::OPEN_FOUR) > 0) {
            self.visit()?; // the first reply, then the attacker's node without a five
        }
        Ok(false)
    }

    /// The attacker (not to move) wins within `plies` against every reply.
    fn defend(&mut self, position: &Gomoku, plies: u32) -> Result<Option<(u32, Zone)>, OutOfNodes> {
        self.visit()?;
        let board = position.board();
        let me = position.side_to_move().index();
        let attacker = 1 - me;
        if position.outcome().is_some() || board.class_count(me, cell_class::FIVE) > 0 {
            return Ok(None);
        }
        // The zone of this node's own cells (its five cells, the defender windows, the
        // lines of an open four), built only once the node is proven: most are not.
        let own_zone = |open_four: bool| {
            let mut zone = Zone::default();
            board.for_each_threat(attacker, cell_class::FIVE, |cell, _| add(&mut zone, cell));
            add_defender_windows(position, attacker, &mut zone);
            if open_four {
                board.for_each_threat(attacker, cell_class::OPEN_FOUR, |cell, class| {
                    if class == cell_class::OPEN_FOUR {
                        add_lines(position, attacker, cell, &mut zone);
                    }
                });
            }
            zone
        };
        let mut open_four = false;
        let mut moves = MoveList::<Cell>::new();
        let mut keys = MoveList::<i32>::new();
        match board.class_count(attacker, cell_class::FIVE) {
            0 if board.class_count(attacker, cell_class::OPEN_FOUR) > 0 => {
                open_four = true;
                defences(position, me, &mut moves, &mut keys);
                board.for_each_threat(me, cell_class::FOUR, |cell, _| {
                    let mv = Cell(cell as u16);
                    if !moves.contains(&mv) {
                        moves.push(mv);
                        keys.push(0);
                    }
                });
                if moves.is_empty() {
                    if let Some(cell) = first_threat(position, attacker, cell_class::OPEN_FOUR) {
                        moves.push(Cell(cell as u16));
                        keys.push(0);
                    }
                }
            }
            0 => return Ok(None),
            1 => {
                if let Some(block) = first_threat(position, attacker, cell_class::FIVE) {
                    moves.push(Cell(block as u16));
                    keys.push(0);
                }
            }
            // Two fives: whatever the block, the other one is made next.
            _ => return Ok(Some((2, own_zone(false)))),
        }
        if plies < 2 {
            return Ok(None);
        }
        sort_by_keys(&mut moves, &mut keys);
        let mut longest = 0;
        let mut zone = Zone::default();
        for &mv in moves.iter() {
            let mut child = position.clone();
            child.play(mv);
            let Some((len, below)) = self.attack(&child, plies - 1)? else {
                return Ok(None);
            };
            longest = longest.max(len + 1);
            union(&mut zone, &below);
            add(&mut zone, usize::from(mv.0));
        }
        union(&mut zone, &own_zone(open_four));
        Ok(Some((longest, zone)))
    }
}
