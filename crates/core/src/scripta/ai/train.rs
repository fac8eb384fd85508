//! Self-play training, as TD-Gammon learned: the network plays both sides, choosing the
//! outcome it rates best (0-ply), and after each game every position it left behind is
//! pulled towards its TD(lambda) return, the outcome seen through the discounted chain of
//! the following positions' values.
//!
//! Games are played with the weights frozen and learned from afterwards, one after another
//! in a fixed order, so a batch of games can be played on several threads by the caller and
//! training still replays exactly from its seed.

use super::best_turn;
use super::features::encode;
use super::net::Net;
use crate::rng::{splitmix64, Rng};
use crate::scripta::movegen::Generator;
use crate::scripta::position::{Dice, Position, Side};

/// TD-Gammon's trace decay.
pub const LAMBDA: f32 = 0.7;

/// Games longer than this many turns are abandoned (greedy self-play can stall early on).
pub const MAX_TURNS: usize = 1_000;

/// The seed of training game `index` of a run seeded with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut state = seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut state)
}

/// One self-play game by `net`: the position after every turn, the last one won. Empty if
/// the game ran past [`MAX_TURNS`].
pub fn self_play(net: &Net, seed: u64, generator: &mut Generator) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let opener = if seed & 1 == 0 {
        Side::Albi
    } else {
        Side::Nigri
    };
    let mut position = Position::start(opener);
    let mut record = Vec::with_capacity(128);
    while record.len() < MAX_TURNS {
        let turns = generator.turns(&position.with_dice(Dice::throw(&mut rng)));
        let Some(turn) = best_turn(net, turns) else {
            break;
        };
        position = turn.result;
        record.push(position);
        if position.winner().is_some() {
            return record;
        }
    }
    Vec::new()
}

/// Pulls each position of a finished game towards its lambda-return.
///
/// Each position is valued for the side to move in it, so one side's gain is the next
/// position's loss: with v the network's values and the last position lost for its mover,
/// G(t) = 1 - ((1 - lambda) v(t+1) + lambda G(t+1)), and G(T) = v(T) = 0.
pub fn learn_game(net: &mut Net, game: &[Position], alpha: f32, lambda: f32) {
    let Some((last, before)) = game.split_last() else {
        return;
    };
    if last.winner().is_none() {
        return;
    }
    let features: Vec<_> = before.iter().map(encode).collect();
    let values: Vec<f32> = features.iter().map(|f| net.evaluate(f)).collect();
    for (f, target) in features.iter().zip(lambda_returns(&values, lambda)) {
        net.learn(f, target, alpha);
    }
}

/// The lambda-returns of the positions valued `values`, the game lost for the mover of
/// the position after the last of them.
pub fn lambda_returns(values: &[f32], lambda: f32) -> Vec<f32> {
    let mut returns = vec![0.0f32; values.len()];
    let (mut next_value, mut next_return) = (0.0f32, 0.0f32);
    for t in (0..values.len()).rev() {
        returns[t] = 1.0 - ((1.0 - lambda) * next_value + lambda * next_return);
        next_value = values[t];
        next_return = returns[t];
    }
    returns
}

/// The learning rate after `games` games: 0.1 at first, falling as play settles.
pub fn learning_rate(games: u64) -> f32 {
    0.1 / (1.0 + games as f32 / 20_000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_ends_with_a_winner_and_replays_from_its_seed() {
        let net = Net::new(8, &mut Rng::new(1));
        let mut generator = Generator::new();
        let a = self_play(&net, game_seed(4, 0), &mut generator);
        let b = self_play(&net, game_seed(4, 0), &mut generator);
        assert_eq!(a, b);
        assert!(a.last().and_then(Position::winner).is_some());
        assert_ne!(a, self_play(&net, game_seed(4, 1), &mut generator));
    }

    #[test]
    fn learning_a_game_raises_the_winners_last_position() {
        let mut net = Net::new(8, &mut Rng::new(2));
        let mut generator = Generator::new();
        let game = self_play(&net, game_seed(9, 0), &mut generator);
        // The position before the winning turn belongs to the winner, to move.
        let before_win = encode(&game[game.len() - 2]);
        let v = net.evaluate(&before_win);
        for _ in 0..20 {
            learn_game(&mut net, &game, 0.1, 0.7);
        }
        assert!(net.evaluate(&before_win) > v);
    }

    #[test]
    fn lambda_one_targets_the_outcome_and_zero_the_next_value() {
        let values = [0.3, 0.6, 0.2];
        assert_eq!(lambda_returns(&values, 1.0), vec![1.0, 0.0, 1.0]);
        let td0 = lambda_returns(&values, 0.0);
        assert_eq!(td0, vec![1.0 - 0.6, 1.0 - 0.2, 1.0]);
        let mixed = lambda_returns(&values, 0.5);
        assert!((mixed[1] - (1.0 - 0.5 * 0.2 - 0.5 * 1.0)).abs() < 1e-6);
        assert!(learning_rate(0) > learning_rate(100_000));
    }
}
