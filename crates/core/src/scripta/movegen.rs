//! Rule 3, the whole turn: play as many dice as can legally be played, over every order.
//!
//! A throw has up to about 1,600 distinct outcomes and several times as many step orders,
//! so the generator walks the steps depth first and merges transpositions twice: a node
//! (position plus dice left, as a multiset) is expanded once, and a final position is
//! reported once, with the first step order that reached it.

use super::position::{Dice, Position, Side};
use super::step::Step;
use crate::rng::Rng;
use std::fmt;

/// One legal turn: its steps in play order and the position it leaves, with the turn passed
/// to the other side and no dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    steps: [Option<Step>; 3],
    pub result: Position,
}

impl Turn {
    /// The steps in play order; empty when the whole throw is forfeited.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.steps.iter().map_while(|s| *s)
    }

    pub fn len(&self) -> usize {
        self.steps().count()
    }

    pub fn is_forfeit(&self) -> bool {
        self.steps[0].is_none()
    }
}

/// `in/5 12/15*` in play order, or `-` for a forfeited throw.
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_forfeit() {
            return f.write_str("-");
        }
        for (i, step) in self.steps().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{step}")?;
        }
        Ok(())
    }
}

/// Reusable turn generator: keep one and call [`Generator::turns`] to avoid allocating.
pub struct Generator {
    nodes: Table,
    node_positions: Vec<Position>,
    finals: Table,
    turns: Vec<Turn>,
    path: [Option<Step>; 3],
    best: usize,
    dice: usize,
}

impl Default for Generator {
    fn default() -> Self {
        Generator::new()
    }
}

impl Generator {
    pub fn new() -> Generator {
        Generator {
            nodes: Table::new(),
            node_positions: Vec::new(),
            finals: Table::new(),
            turns: Vec::new(),
            path: [None; 3],
            best: 0,
            dice: 0,
        }
    }

    /// Every distinct outcome of the throw in `position`, each with one step order reaching it.
    /// Empty when there are no dice or the game is already won.
    pub fn turns(&mut self, position: &Position) -> &[Turn] {
        self.nodes.clear();
        self.node_positions.clear();
        self.finals.clear();
        self.turns.clear();
        self.best = 0;
        if position.dice.is_empty() || position.winner().is_some() {
            return &self.turns;
        }
        let mut root = *position;
        // Sorted dice stay sorted as they are spent, so equal multisets compare equal.
        let mut values = [0u8; 3];
        let n = root.dice.len();
        values[..n].copy_from_slice(root.dice.values());
        values[..n].sort_unstable_by(|a, b| b.cmp(a));
        root.dice = Dice::new(&values[..n]).unwrap_or(Dice::NONE);
        self.dice = n;
        self.path = [None; 3];
        self.expand(&root, root.key(), 0);
        &self.turns
    }

    fn expand(&mut self, position: &Position, key: u64, depth: usize) {
        let mut moved = false;
        for die in position.dice.distinct() {
            position.each_step(die, |step| {
                moved = true;
                self.follow(position, key, step, depth);
            });
        }
        if !moved {
            self.finish(position, key, depth);
        }
    }

    fn follow(&mut self, position: &Position, key: u64, step: Step, depth: usize) {
        let mut next = *position;
        let key = key ^ next.apply(step);
        self.path[depth] = Some(step);
        if next.mover_has_won() {
            // Rule 10 ends the game at once: a win counts as a fully played throw.
            self.finish(&next, key, self.dice);
        } else if next.dice.is_empty() {
            self.finish(&next, key, depth + 1);
        } else {
            let index = self.node_positions.len() as u32;
            let seen = &self.node_positions;
            if self
                .nodes
                .find_or_insert(key, index, |i| seen[i as usize] == next)
                .is_none()
            {
                self.node_positions.push(next);
                self.expand(&next, key, depth + 1);
            }
        }
        self.path[depth] = None;
    }

    fn finish(&mut self, position: &Position, key: u64, used: usize) {
        if used < self.best {
            return;
        }
        if used > self.best {
            self.best = used;
            self.turns.clear();
            self.finals.clear();
        }
        let key = key ^ position.dice_key();
        let index = self.turns.len() as u32;
        let turns = &self.turns;
        let same = |i: u32| {
            let r = &turns[i as usize].result;
            r.board == position.board && r.trays == position.trays
        };
        if self.finals.find_or_insert(key, index, same).is_none() {
            let mut result = *position;
            result.pass_turn();
            self.turns.push(Turn {
                steps: self.path,
                result,
            });
        }
    }
}

/// Every distinct outcome of the throw in `position` (see [`Generator::turns`]).
pub fn turns(position: &Position) -> Vec<Turn> {
    Generator::new().turns(position).to_vec()
}

/// The most dice that can be played from `position`, over every order of play; a step that
/// wins the game counts as playing them all.
pub fn max_dice(position: &Position) -> usize {
    let all = position.dice.len();
    let mut best = 0;
    for die in position.dice.distinct() {
        position.each_step(die, |step| {
            if best == all {
                return;
            }
            let mut next = *position;
            next.apply(step);
            let n = if next.mover_has_won() {
                all
            } else {
                1 + max_dice(&next)
            };
            best = best.max(n);
        });
    }
    best
}

/// The steps that may be played next: each starts some turn that plays the most dice
/// possible. Sorted by start, end and die. Empty when the turn is over.
pub fn legal_steps(position: &Position) -> Vec<Step> {
    let mut steps = Vec::new();
    if position.dice.is_empty() || position.winner().is_some() {
        return steps;
    }
    let target = max_dice(position);
    if target == 0 {
        return steps;
    }
    for die in position.dice.distinct() {
        position.each_step(die, |step| {
            let mut next = *position;
            next.apply(step);
            if next.mover_has_won() || 1 + max_dice(&next) == target {
                steps.push(step);
            }
        });
    }
    steps.sort_by_key(|s| (s.from, s.to, s.die));
    steps
}

/// A random legal turn, chosen step by step (each legal step equally likely): the random
/// player, and fast playouts that need no list of every outcome.
pub fn random_turn(position: &Position, rng: &mut Rng) -> Turn {
    let mut current = *position;
    let mut steps = [None; 3];
    for slot in steps.iter_mut() {
        let legal = legal_steps(&current);
        if legal.is_empty() {
            break;
        }
        let step = legal[rng.below(legal.len() as u32) as usize];
        current.apply(step);
        *slot = Some(step);
    }
    current.pass_turn();
    Turn {
        steps,
        result: current,
    }
}

/// A whole game between two random players from `opener`'s first throw: the winner and
/// the number of turns played.
pub fn random_game(rng: &mut Rng, opener: Side) -> (Side, usize) {
    let mut position = Position::start(opener);
    let mut turns = 0;
    loop {
        let turn = random_turn(&position.with_dice(Dice::throw(rng)), rng);
        turns += 1;
        if let Some(winner) = turn.result.winner() {
            return (winner, turns);
        }
        position = turn.result;
    }
}

/// Open-addressing hash set of indices, cleared in constant time by a generation stamp.
struct Table {
    slots: Vec<Slot>,
    stamp: u32,
    len: usize,
}

#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    stamp: u32,
    index: u32,
}

impl Table {
    fn new() -> Table {
        Table {
            slots: vec![Slot::default(); 1024],
            stamp: 1,
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }

    /// The index already stored under `key` for which `same` holds, or `None` after storing
    /// `index` under `key`.
    fn find_or_insert(&mut self, key: u64, index: u32, same: impl Fn(u32) -> bool) -> Option<u32> {
        if self.len * 2 >= self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                self.slots[i] = Slot {
                    key,
                    stamp: self.stamp,
                    index,
                };
                self.len += 1;
                return None;
            }
            if slot.key == key && same(slot.index) {
                return Some(slot.index);
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let doubled = vec![Slot::default(); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|s| s.stamp == self.stamp) {
            let mut i = slot.key as usize & mask;
            while self.slots[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}
