//! A reference opponent of the plainest kind: alpha-beta to a fixed depth on material alone
//! (the win option's count: captures made, or counters left), with no quiescence, no
//! transposition table and no iterative deepening. Captures are tried first only to prune
//! sooner; that changes no move it chooses. The root's moves are shuffled from its seed, so
//! that among equally good moves it picks a different one from game to game.

use crate::latrunculi::moves::Move;
use crate::latrunculi::position::{Outcome, Position};
use crate::latrunculi::rules::Rules;
use crate::rng::Rng;

/// The depth of `ab` without a number.
pub const DEFAULT_DEPTH: u32 = 4;

/// A won game, less the plies it took, so that the quicker win scores higher.
const WIN: i32 = 100_000;

/// Alpha-beta on material to `depth` plies.
pub struct AlphaBeta {
    depth: u32,
    rng: Rng,
    /// Positions searched by the last `choose`.
    nodes: u64,
}

impl AlphaBeta {
    /// A player that looks `depth` plies ahead (at least one).
    pub fn new(depth: u32, seed: u64) -> AlphaBeta {
        AlphaBeta {
            depth: depth.max(1),
            rng: Rng::new(seed),
            nodes: 0,
        }
    }

    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Positions the last search visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Reseeds for a new game.
    pub fn new_game(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The best move by material `depth` plies ahead; `None` when the game is over.
    pub fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move> {
        self.choose_among(rules, position, position.legal_moves(rules))
    }

    /// [`AlphaBeta::choose`] among `moves`, some of the position's legal moves (those a game's
    /// history allows).
    pub fn choose_among(
        &mut self,
        rules: &Rules,
        position: &Position,
        mut moves: Vec<Move>,
    ) -> Option<Move> {
        if position.outcome(rules).is_some() {
            return None;
        }
        self.nodes = 0;
        for i in (1..moves.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            moves.swap(i, j);
        }
        order(rules, position, &mut moves);
        let mut best = (i32::MIN, *moves.first()?);
        let mut alpha = -WIN - 1;
        for mv in moves {
            let after = position.after(rules, mv);
            let score = self.reply(rules, position, &after, self.depth - 1, 1, (alpha, WIN + 1));
            if score > best.0 {
                best = (score, mv);
                alpha = alpha.max(score);
            }
        }
        Some(best.1)
    }

    /// `after`'s score for the side that moved from `before`, within that side's `(alpha,
    /// beta)`: the negation of its own when the turn passed, its own when the same side plays
    /// on.
    fn reply(
        &mut self,
        rules: &Rules,
        before: &Position,
        after: &Position,
        depth: u32,
        ply: i32,
        (alpha, beta): (i32, i32),
    ) -> i32 {
        if after.turn() == before.turn() {
            self.search(rules, after, depth, ply, alpha, beta)
        } else {
            -self.search(rules, after, depth, ply, -beta, -alpha)
        }
    }

    /// Negamax with alpha-beta: the score for the side to move in `position`.
    fn search(
        &mut self,
        rules: &Rules,
        position: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if let Some(outcome) = position.outcome(rules) {
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(side) if side == position.turn() => WIN - ply,
                Outcome::Win(_) => ply - WIN,
            };
        }
        if depth == 0 {
            return material(rules, position);
        }
        let mut moves = position.legal_moves(rules);
        order(rules, position, &mut moves);
        let mut best = -WIN - 1;
        for mv in moves {
            let after = position.after(rules, mv);
            let score = self.reply(rules, position, &after, depth - 1, ply + 1, (alpha, beta));
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The win option's count for the side to move.
fn material(rules: &Rules, position: &Position) -> i32 {
    let lead = position.lead(rules);
    match position.turn() {
        crate::latrunculi::Side::White => lead,
        crate::latrunculi::Side::Black => -lead,
    }
}

/// Captures first, the biggest first; otherwise the order given (stable).
fn order(rules: &Rules, position: &Position, moves: &mut [Move]) {
    moves.sort_by_cached_key(|&mv| std::cmp::Reverse(position.captures_of(rules, mv)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::Side;

    fn pos(lfen: &str) -> Position {
        lfen.parse().expect(lfen)
    }

    #[test]
    fn takes_a_free_counter_at_every_depth() {
        let lfen = "8/8/8/8/2W5/2B5/8/2W4B w 0,0 0,0 0 -,-";
        for depth in 1..=4 {
            let mv = AlphaBeta::new(depth, 7).choose(&Rules::QUINTANA, &pos(lfen));
            assert_eq!(mv.map(|m| m.to_string()), Some("c1-c2".into()), "{depth}");
        }
    }

    #[test]
    fn depth_two_sees_a_threat_that_depth_one_does_not() {
        // Black's c3-c2 would take d2 against e2; white has nothing to take.
        let lfen = "7W/8/8/8/8/2B5/3WB3/W7 w 0,0 0,0 0 -,-";
        let rules = Rules::PISO;
        let position = pos(lfen);
        let saved = |depth: u32, seed: u64| {
            let mv = AlphaBeta::new(depth, seed)
                .choose(&rules, &position)
                .expect("a move");
            let after = position.apply(&rules, mv).expect("legal");
            after
                .legal_moves(&rules)
                .into_iter()
                .all(|reply| after.captures_of(&rules, reply) == 0)
        };
        assert!((0..8).all(|seed| saved(2, seed)));
        assert!(!(0..8).all(|seed| saved(1, seed)));
        assert_eq!(position.counters(Side::White), 3);
    }

    #[test]
    fn a_finished_game_has_no_move_and_a_seed_repeats_itself() {
        let over = pos("8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-");
        assert_eq!(AlphaBeta::new(3, 1).choose(&Rules::PISO, &over), None);
        let rules = Rules::QUINTANA;
        let start = Position::start(&rules);
        let a = AlphaBeta::new(3, 5).choose(&rules, &start);
        assert!(a.is_some_and(|mv| start.is_legal(&rules, mv)));
        assert_eq!(AlphaBeta::new(3, 5).choose(&rules, &start), a);
    }
}
