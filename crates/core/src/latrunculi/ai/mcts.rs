//! A reference opponent built the way general game-playing systems play any game they are
//! handed: UCT (Monte Carlo tree search with the UCB1 rule) and random playouts, knowing
//! nothing of Latrunculi but its rules.
//!
//! Each iteration goes down the tree by UCB1, adds one untried move, values it by one random
//! game to the end, and counts the result for every move on the way down. After the budget
//! of playouts the most tried move at the root is played. A playout that reaches
//! [`PLAYOUT_PLIES`] without the game ending counts as a draw, as a general system's move
//! limit does.

use crate::latrunculi::moves::Move;
use crate::latrunculi::position::{Outcome, Position};
use crate::latrunculi::rules::Rules;
use crate::latrunculi::Side;
use crate::rng::Rng;

/// The playout budget per move of `mcts` without a number.
pub const DEFAULT_PLAYOUTS: u32 = 1_000;

/// UCB1's exploration constant for wins counted 0 or 1: the textbook sqrt(2).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Plies a playout may run before it is scored as a draw.
pub const PLAYOUT_PLIES: usize = 200;

/// A position in the tree and what has been learnt of its moves.
struct Node {
    position: Position,
    /// The side that chooses among `moves`.
    mover: Side,
    visits: u32,
    moves: Vec<Move>,
    /// For each move: its child node once tried, its visits and its wins for `mover`.
    children: Vec<Child>,
    /// How the game ended here, if it has.
    outcome: Option<Outcome>,
}

#[derive(Clone, Copy)]
struct Child {
    node: Option<usize>,
    visits: u32,
    wins: f64,
}

/// The UCT player: `playouts` random playouts per move, drawn from its seed, so that it
/// repeats itself for a seed.
pub struct Mcts {
    playouts: u32,
    rng: Rng,
    nodes: Vec<Node>,
    path: Vec<(usize, usize)>,
    scratch: Vec<Move>,
}

impl Mcts {
    /// A player with `playouts` playouts per move (at least one).
    pub fn new(playouts: u32, seed: u64) -> Mcts {
        Mcts {
            playouts: playouts.max(1),
            rng: Rng::new(seed),
            nodes: Vec::new(),
            path: Vec::new(),
            scratch: Vec::new(),
        }
    }

    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// Reseeds for a new game.
    pub fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The move the search favours; `None` when the game is over.
    pub fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move> {
        self.choose_among(rules, position, &position.legal_moves(rules))
    }

    /// [`Mcts::choose`] among `moves`, some of the position's legal moves (those a game's
    /// history allows); deeper in the tree it plays by the position's rules alone.
    pub fn choose_among(
        &mut self,
        rules: &Rules,
        position: &Position,
        moves: &[Move],
    ) -> Option<Move> {
        if position.outcome(rules).is_some() {
            return None;
        }
        self.nodes.clear();
        self.add(rules, position.clone());
        let root = &mut self.nodes[0];
        root.moves.retain(|mv| moves.contains(mv));
        root.children.truncate(root.moves.len());
        if self.nodes[0].moves.len() <= 1 {
            return self.nodes[0].moves.first().copied();
        }
        for _ in 0..self.playouts {
            self.iterate(rules);
        }
        let root = &self.nodes[0];
        // The most tried move; among equals, the one with the better record.
        root.children
            .iter()
            .zip(&root.moves)
            .max_by(|(a, _), (b, _)| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))))
            .map(|(_, &mv)| mv)
    }

    fn add(&mut self, rules: &Rules, position: Position) -> usize {
        let outcome = position.outcome(rules);
        let moves = if outcome.is_some() {
            Vec::new()
        } else {
            position.legal_moves(rules)
        };
        self.nodes.push(Node {
            mover: position.turn(),
            visits: 0,
            children: vec![
                Child {
                    node: None,
                    visits: 0,
                    wins: 0.0
                };
                moves.len()
            ],
            moves,
            outcome,
            position,
        });
        self.nodes.len() - 1
    }

    /// One iteration: select, expand one move, play out, count back up the path.
    fn iterate(&mut self, rules: &Rules) {
        self.path.clear();
        let mut node = 0;
        let result = loop {
            if let Some(outcome) = self.nodes[node].outcome {
                break outcome;
            }
            let choice = self.select(node);
            self.path.push((node, choice));
            match self.nodes[node].children[choice].node {
                Some(child) => node = child,
                None => {
                    let n = &self.nodes[node];
                    let after = n.position.after(rules, n.moves[choice]);
                    let child = self.add(rules, after.clone());
                    self.nodes[node].children[choice].node = Some(child);
                    break self.playout(rules, after);
                }
            }
        };
        for &(node, choice) in &self.path {
            let n = &mut self.nodes[node];
            n.visits += 1;
            let won = match result {
                Outcome::Win(side) if side == n.mover => 1.0,
                Outcome::Win(_) => 0.0,
                Outcome::Draw => 0.5,
            };
            let c = &mut n.children[choice];
            c.visits += 1;
            c.wins += won;
        }
    }

    /// UCB1 over a node's moves; untried moves first, in the engine's order.
    fn select(&self, node: usize) -> usize {
        let node = &self.nodes[node];
        if let Some(untried) = node.children.iter().position(|c| c.visits == 0) {
            return untried;
        }
        let log = f64::from(node.visits.max(1)).ln();
        let mut best = (f64::MIN, 0);
        for (i, c) in node.children.iter().enumerate() {
            let score = mean(c) + EXPLORATION * (log / f64::from(c.visits)).sqrt();
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    /// A random game from `position`: how it ended, or a draw at the ply limit.
    fn playout(&mut self, rules: &Rules, mut position: Position) -> Outcome {
        for _ in 0..PLAYOUT_PLIES {
            if let Some(outcome) = position.outcome(rules) {
                return outcome;
            }
            position.legal_moves_into(rules, &mut self.scratch);
            let pick = self.rng.below(self.scratch.len().max(1) as u32) as usize;
            let Some(&mv) = self.scratch.get(pick) else {
                return Outcome::Draw;
            };
            position = position.after(rules, mv);
        }
        position.outcome(rules).unwrap_or(Outcome::Draw)
    }
}

fn mean(c: &Child) -> f64 {
    if c.visits == 0 {
        0.0
    } else {
        c.wins / f64::from(c.visits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(lfen: &str) -> Position {
        lfen.parse().expect(lfen)
    }

    #[test]
    fn plays_a_legal_move_and_repeats_itself_for_a_seed() {
        for rules in [Rules::PISO, Rules::QUINTANA] {
            let start = Position::start(&rules);
            let a = Mcts::new(50, 9).choose(&rules, &start).expect("a move");
            assert!(start.is_legal(&rules, a), "{rules}: {a}");
            assert_eq!(Mcts::new(50, 9).choose(&rules, &start), Some(a), "{rules}");
        }
    }

    #[test]
    fn takes_the_capture_that_wins_the_game() {
        // Black is down to two counters: c1-c2 takes c3 against c4 and leaves one, which ends
        // the game under Piso's win by captures; any other move lets the game go on.
        let lfen = "8/8/8/8/2W5/2B5/8/2W4B w 0,0 0,0 0 -,-";
        let position = pos(lfen);
        assert!(position.legal_moves(&Rules::PISO).len() > 5);
        let mv = Mcts::new(300, 1).choose(&Rules::PISO, &position);
        assert_eq!(mv.map(|m| m.to_string()), Some("c1-c2".to_string()));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let over = pos("8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-");
        assert_eq!(Mcts::new(10, 1).choose(&Rules::PISO, &over), None);
    }
}
