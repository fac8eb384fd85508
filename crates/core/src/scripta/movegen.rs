//! Rule 3, the whole turn: play as many dice as can legally be played, over every order.
//!
//! A throw has up to about 1,600 distinct outcomes and several times as many step orders,
//! so the generator walks the steps depth first and merges transpositions twice: a node
//! (position plus dice left, as a multiset) is expanded once, and a final position is
//! reported once, with the first step order that reached it.

use super::position::{Dice, Position, Side};
use super::rules::steps_commute;
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

    /// How many dice the turn plays: one per step.
    pub fn dice_played(&self) -> usize {
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

/// The step that led to a node, with the mover's sent-home count before it.
type Last = Option<(Step, u8)>;

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
        self.expand(&root, root.key(), root.occupied(root.turn), 0, None);
        &self.turns
    }

    /// Walks every step from `position`; `last` is the step that led here, with the mover's
    /// sent-home count before it.
    fn expand(&mut self, position: &Position, key: u64, own: u64, depth: usize, last: Last) {
        let mut moved = false;
        for die in position.dice.distinct() {
            position.each_step_from(die, own, |step| {
                moved = true;
                self.follow(position, key, own, step, depth, last);
            });
        }
        if !moved {
            self.finish(position, key, depth);
        }
    }

    fn follow(
        &mut self,
        position: &Position,
        key: u64,
        own: u64,
        step: Step,
        depth: usize,
        last: Last,
    ) {
        // Of two interchangeable steps that end the turn, only the order with the larger die
        // first is walked: the other order reaches the same position through another node.
        if position.dice.len() == 1 {
            if let Some((previous, sent_home_before)) = last {
                if step.die > previous.die && steps_commute(previous, step, sent_home_before) {
                    return;
                }
            }
        }
        let sent_home = position.trays[position.turn.index()].sent_home;
        let mut next = *position;
        let key = key ^ next.apply_keyed(step);
        let own = next.occupied_after(own, step);
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
                .find_or_insert(key ^ dice_key(&next.dice), index, |i| {
                    seen[i as usize] == next
                })
                .is_none()
            {
                self.node_positions.push(next);
                self.expand(&next, key, own, depth + 1, Some((step, sent_home)));
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
        let index = self.turns.len() as u32;
        let turns = &self.turns;
        let same = |i: u32| turns[i as usize].result.same_counters(position);
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

/// A key for the dice left. The generator keeps them sorted, so equal multisets get equal
/// keys and compare equal.
fn dice_key(dice: &Dice) -> u64 {
    let packed = dice
        .values()
        .iter()
        .fold(0u64, |k, &v| (k << 8) | u64::from(v));
    (packed + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Every distinct outcome of the throw in `position` (see [`Generator::turns`]), for tests.
#[cfg(test)]
pub fn turns(position: &Position) -> Vec<Turn> {
    Generator::new().turns(position).to_vec()
}

/// The most dice that can be played from `position`, over every order of play; a step that
/// wins the game counts as playing them all.
pub fn max_dice(position: &Position) -> usize {
    max_dice_from(position, position.occupied(position.turn))
}

/// [`max_dice`] given the marks the side to move holds.
fn max_dice_from(position: &Position, own: u64) -> usize {
    let all = position.dice.len();
    let mut best = 0;
    for die in position.dice.distinct() {
        position.each_step_from(die, own, |step| {
            if best == all {
                return;
            }
            let mut next = *position;
            next.apply(step);
            let n = if next.mover_has_won() {
                all
            } else {
                1 + max_dice_from(&next, next.occupied_after(own, step))
            };
            best = best.max(n);
        });
        if best == all {
            break;
        }
    }
    best
}

/// A random legal turn, chosen step by step (each legal step equally likely): the random
/// player, and fast playouts that need no list of every outcome.
pub fn random_turn(position: &Position, rng: &mut Rng) -> Turn {
    let mut current = *position;
    let mut steps = [None; 3];
    let mut target = if current.winner().is_some() {
        0
    } else {
        max_dice(&current)
    };
    // On the stack: a step per die (at most three distinct) and per source (the tray and at
    // most fifteen marks), 48 at most. A heap list per turn showed in the wasm's time.
    let mut candidates = [None::<Step>; 48];
    let mut own = current.occupied(current.turn);
    for slot in steps.iter_mut() {
        if target == 0 {
            break;
        }
        let mut len = 0;
        for die in current.dice.distinct() {
            current.each_step_from(die, own, |step| {
                if let Some(free) = candidates.get_mut(len) {
                    *free = Some(step);
                    len += 1;
                }
            });
        }
        // Draw candidates at random until one starts a turn that plays `target` dice: the
        // first such draw is uniform over the legal steps, and usually the first draw.
        while len > 0 {
            let i = rng.below(len as u32) as usize;
            len -= 1;
            candidates.swap(i, len);
            let Some(step) = candidates[len] else { break };
            let mut next = current;
            next.apply(step);
            let next_own = next.occupied_after(own, step);
            let won = next.mover_has_won();
            if won || 1 + max_dice_from(&next, next_own) == target {
                current = next;
                own = next_own;
                *slot = Some(step);
                target = if won { 0 } else { target - 1 };
                break;
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::position::Die;
    use std::collections::BTreeSet;

    /// The rules read literally: every die in every order, no merging, then keep the
    /// positions of the orders that play the most dice. Slow and obviously right.
    fn naive_outcomes(position: &Position) -> BTreeSet<String> {
        fn walk(p: &Position, used: usize, all: usize, out: &mut Vec<(usize, Position)>) {
            let mut moved = false;
            for &v in p.dice.values() {
                let Some(die) = Die::new(v) else { continue };
                p.each_step(die, |step| {
                    moved = true;
                    let mut next = *p;
                    next.apply(step);
                    if next.mover_has_won() {
                        out.push((all, next));
                    } else {
                        walk(&next, used + 1, all, out);
                    }
                });
            }
            if !moved {
                out.push((used, *p));
            }
        }
        let mut ends = Vec::new();
        walk(position, 0, position.dice.len(), &mut ends);
        let most = ends.iter().map(|(u, _)| *u).max().unwrap_or(0);
        ends.into_iter()
            .filter(|(u, _)| *u == most)
            .map(|(_, mut p)| {
                p.pass_turn();
                p.to_string()
            })
            .collect()
    }

    /// The 56 distinct throws of three dice.
    fn all_throws() -> Vec<Dice> {
        let mut throws = Vec::new();
        for a in 1..=6u8 {
            for b in a..=6 {
                for c in b..=6 {
                    throws.extend(Dice::new(&[a, b, c]));
                }
            }
        }
        throws
    }

    /// Perft-style totals: distinct outcomes summed over the 56 throws, for positions
    /// from each phase of the game. The counts were found by the naive generator above
    /// and are checked against both generators, so a change to either shows.
    #[test]
    fn outcome_counts_over_all_throws_match_the_literal_rules() {
        let table = [
            ("A w15s0o0: w15s0o0:", 238),
            ("N w13s0o0:2,5 w13s0o0:1x2", 1078),
            ("A w7s1o0:1x2,5,12,20x2,27 w9s0o0:4x2,9,13,14,30", 3110),
            ("A w0s0o9:31,32x2,34,36x2 w0s2o3:3,8x2,20,28x2,35x4", 234),
            (
                "A w3s0o0:2,4,6,9,11,13,15,18,21,24,27,29 w4s0o0:3,7x2,12,16,19,23,26,30,33,35",
                69532,
            ),
        ];
        let mut generator = Generator::new();
        for (xsn, expected) in table {
            let position: Position = xsn.parse().unwrap();
            let mut total = 0;
            for dice in all_throws() {
                let thrown = position.with_dice(dice);
                let fast: BTreeSet<String> = generator
                    .turns(&thrown)
                    .iter()
                    .map(|t| t.result.to_string())
                    .collect();
                assert_eq!(fast, naive_outcomes(&thrown), "{thrown}");
                total += fast.len();
            }
            assert_eq!(total, expected, "{xsn}");
        }
    }

    #[test]
    fn the_start_has_five_outcomes_for_2_3_5_and_three_for_1_1_1() {
        let start = Position::start(Side::Albi);
        let count = |v: &[u8]| turns(&start.with_dice(Dice::new(v).unwrap())).len();
        // Three counters in; one in and on twice; two in, one moved on (by either die).
        assert_eq!(count(&[2, 3, 5]), 5);
        assert_eq!(count(&[1, 1, 1]), 3);
    }
}
