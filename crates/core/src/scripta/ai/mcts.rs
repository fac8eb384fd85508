//! A reference opponent built the way general game-playing systems play any game they are
//! handed: UCT (Monte Carlo tree search with the UCB1 rule) and random playouts, knowing
//! nothing of XII Scripta but its rules, under any reading.
//!
//! The tree alternates two kinds of node. A *throw node* is a position with its dice; its
//! branches are the distinct outcomes the engine lists ([`Table::turns`]: sums, stacks and
//! every choice the reading allows), chosen by UCB1. Below an outcome the next side throws
//! (the same side again where the reading gives another throw): a *chance node* draws the
//! dice at random (as the game does) and keeps one throw node for each throw it has drawn. A
//! branch tried for the first time is valued by one random playout to the end of the game;
//! its result counts for every branch on the way down. After the budget of playouts the most
//! tried outcome at the root is played.
//!
//! Playouts move with [`Table::random_turn`] (each legal move equally likely, as the `random`
//! player's fast path does), which costs a fraction of listing every outcome of every throw
//! of a 200-turn game; the tree itself always branches over the engine's distinct outcomes.
//! Under Austin and Murray's rules both run on the fast generator, as the engine does.

use crate::rng::Rng;
use crate::scripta::position::{Dice, Side, DICE};
use crate::scripta::table::{Table, TableTurn};

/// The playout budget per move of `mcts` without a number.
pub const DEFAULT_PLAYOUTS: u32 = 1_000;

/// UCB1's exploration constant for wins counted 0 or 1: the textbook sqrt(2).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Playouts longer than this many turns count as half a win for each side.
const PLAYOUT_TURNS: usize = 1_000;

/// The dice of a throw in ascending order, zeros for dice the reading does not throw: the
/// order of the dice changes no outcome.
type Throw = [u8; DICE as usize];

/// One outcome of a throw node's throw.
struct Branch {
    /// The position it leaves, the turn passed on.
    after: Table,
    visits: u32,
    /// Wins for the side that plays this outcome.
    wins: f64,
    /// The next throws after this outcome: each drawn throw and its node.
    throws: Vec<(Throw, usize)>,
}

/// A position with its dice, to be played by `mover`.
struct Node {
    mover: Side,
    visits: u32,
    branches: Vec<Branch>,
}

/// The UCT player: `playouts` random playouts per move, its dice and playouts drawn from
/// its seed, so it repeats itself for a seed.
pub struct Mcts {
    playouts: u32,
    rng: Rng,
    nodes: Vec<Node>,
    path: Vec<(usize, usize)>,
}

impl Mcts {
    /// A player with `playouts` playouts per move (at least one).
    pub fn new(playouts: u32, seed: u64) -> Mcts {
        Mcts {
            playouts: playouts.max(1),
            rng: Rng::new(seed),
            nodes: Vec::new(),
            path: Vec::new(),
        }
    }

    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// The outcome the search favours for `table` (which carries the dice); `None` when there
    /// are no dice or the game is over.
    pub fn choose(&mut self, table: &Table) -> Option<TableTurn> {
        if table.dice().is_empty() || table.winner().is_some() {
            return None;
        }
        let mut turns = table.turns();
        if turns.len() <= 1 {
            return turns.pop();
        }
        self.nodes.clear();
        self.expand(table, &turns);
        for _ in 0..self.playouts {
            self.descend();
        }
        let root = self.nodes.first()?;
        // The most tried outcome; among equals, the one with the better record.
        let best = root
            .branches
            .iter()
            .enumerate()
            .max_by(|(_, a), (_, b)| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))))
            .map(|(i, _)| i)?;
        Some(turns.swap_remove(best))
    }

    /// A new throw node for `table` and its outcomes `turns`.
    fn expand(&mut self, table: &Table, turns: &[TableTurn]) -> usize {
        let thrown = table.dice();
        let branches = turns
            .iter()
            .map(|turn| {
                let mut after = turn.result;
                after.pass_turn(thrown);
                Branch {
                    after,
                    visits: 0,
                    wins: 0.0,
                    throws: Vec::new(),
                }
            })
            .collect();
        self.nodes.push(Node {
            mover: table.turn(),
            visits: 0,
            branches,
        });
        self.nodes.len() - 1
    }

    /// One iteration: down the tree by UCB1 and the dice, a playout from the first untried
    /// outcome (or the game's end), and its result counted back up the path.
    fn descend(&mut self) {
        self.path.clear();
        let mut node = 0;
        let winner = loop {
            let branch = self.select(node);
            self.path.push((node, branch));
            let b = &self.nodes[node].branches[branch];
            let after = b.after;
            if let Some(winner) = after.winner() {
                break Some(winner);
            }
            if b.visits == 0 {
                break self.playout(after);
            }
            let (throw, dice) = sorted_throw(&after, &mut self.rng);
            let known = b.throws.iter().find(|(t, _)| *t == throw).map(|&(_, n)| n);
            node = match known {
                Some(n) => n,
                None => {
                    let thrown = after.with_dice(dice);
                    let n = self.expand(&thrown, &thrown.turns());
                    self.nodes[node].branches[branch].throws.push((throw, n));
                    n
                }
            };
            // Every throw has an outcome (an unplayable one has one with no moves), but an
            // empty node would leave nothing to select: value it by a playout instead.
            if self.nodes[node].branches.is_empty() {
                break self.playout(after);
            }
        };
        for &(node, branch) in &self.path {
            let n = &mut self.nodes[node];
            n.visits += 1;
            let won = match winner {
                Some(side) if side == n.mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let b = &mut n.branches[branch];
            b.visits += 1;
            b.wins += won;
        }
    }

    /// UCB1 over a throw node's outcomes; untried outcomes first, in the engine's order.
    fn select(&self, node: usize) -> usize {
        let node = &self.nodes[node];
        if let Some(untried) = node.branches.iter().position(|b| b.visits == 0) {
            return untried;
        }
        let log = f64::from(node.visits.max(1)).ln();
        let mut best = (f64::MIN, 0);
        for (i, b) in node.branches.iter().enumerate() {
            let score = mean(b) + EXPLORATION * (log / f64::from(b.visits)).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    /// A random game from `table` (the next side to throw): its winner, if it ends.
    fn playout(&mut self, mut table: Table) -> Option<Side> {
        for _ in 0..PLAYOUT_TURNS {
            let thrown = table.throw(&mut self.rng);
            table = table.with_dice(thrown).random_turn(&mut self.rng).result;
            if let Some(winner) = table.winner() {
                return Some(winner);
            }
            table.pass_turn(thrown);
        }
        None
    }
}

fn mean(b: &Branch) -> f64 {
    if b.visits == 0 {
        0.0
    } else {
        b.wins / f64::from(b.visits)
    }
}

/// The reading's dice thrown for `table`, and the same values in ascending order as a key.
fn sorted_throw(table: &Table, rng: &mut Rng) -> (Throw, Dice) {
    let dice = table.throw(rng);
    let mut throw = [0u8; DICE as usize];
    let values = dice.values();
    throw[..values.len()].copy_from_slice(values);
    throw[..values.len()].sort_unstable();
    (throw, dice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::ruleset::Rules;

    fn position(text: &str) -> Table {
        text.parse().unwrap()
    }

    #[test]
    fn picks_one_of_the_engines_outcomes_and_repeats_itself_for_a_seed() {
        for text in [
            "A w15s0o0: w15s0o0: 235",
            "N w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6 146",
            "italian A w15s0o0: w15s0o0: 235",
            "russian N w0s0o10:20x2 w0s0o8:1x2,2!,5 634",
        ] {
            let p = position(text);
            let a = Mcts::new(60, 9).choose(&p).unwrap();
            assert!(p.turns().contains(&a), "{text}");
            assert_eq!(Mcts::new(60, 9).choose(&p), Some(a), "{text}");
        }
    }

    #[test]
    fn takes_an_immediate_win() {
        // Albi bear off their last two counters with the 6 and 5, or dawdle to 36 and let
        // Nigri bear off their last two from 34 with most throws.
        let p = position("A w0s0o13:31,32 w0s0o13:34x2 564");
        let outcomes = p.turns();
        assert!(outcomes.iter().any(|t| t.result.winner().is_none()));
        let chosen = Mcts::new(200, 3).choose(&p).unwrap();
        assert_eq!(chosen.result.winner(), Some(Side::Albi));
    }

    #[test]
    fn no_dice_or_a_finished_game_gives_no_turn() {
        let mut mcts = Mcts::new(10, 1);
        assert_eq!(
            mcts.choose(&Table::start(Rules::AUSTIN_MURRAY, Side::Albi)),
            None
        );
        assert_eq!(mcts.choose(&position("N w0s0o15: w0s0o0:30x15 123")), None);
    }
}
