//! Self-play training, as TD-Gammon learned: the network plays both sides, choosing the
//! outcome it rates best (0-ply), and after each game every position it left behind is
//! pulled towards its TD(lambda) return, the outcome seen through the discounted chain of
//! the following positions' values.
//!
//! Games are played with the weights frozen and learned from afterwards, one after another
//! in a fixed order, so a batch of games can be played on several threads by the caller and
//! training still replays exactly from its seed.
//!
//! A run can stop and go on: a [`Training`] checkpoint holds everything the rest of the run
//! depends on, so a run resumed from one ends with the same network, bit for bit, as a run
//! that never stopped.

use super::best_turn;
use super::features::encode;
use super::net::Net;
use crate::rng::{splitmix64, Rng};
use crate::scripta::movegen::Generator;
use crate::scripta::position::{Dice, Position, Side};
use std::fmt;
use std::ops::Range;

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

/// Games played with one set of frozen weights: batch k is games 32k to 32k + 31.
pub const BATCH: u64 = 32;

/// A training run between two batches of games, or within one.
///
/// Its random state is its seed and game counter alone: each game's dice come from
/// [`game_seed`]. Plain gradient steps keep no optimiser state beyond the learning rate,
/// which follows the counter. The games of a batch are all played with the weights as they
/// stood when the batch began (`frozen`), so a checkpoint taken within a batch keeps those
/// too, and the games still to play in it are played as they would have been.
#[derive(Clone, Debug, PartialEq)]
pub struct Training {
    pub seed: u64,
    /// Games learned from so far.
    pub games: u64,
    pub net: Net,
    frozen: Net,
}

/// Why a checkpoint was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointError {
    Magic,
    Version(u16),
    Length { expected: usize, found: usize },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Magic => f.write_str("not a XII Scripta training checkpoint"),
            CheckpointError::Version(v) => {
                write!(
                    f,
                    "checkpoint version {v}, this build reads {CHECKPOINT_VERSION}"
                )
            }
            CheckpointError::Length { expected, found } => write!(
                f,
                "checkpoint of {found} bytes, its header implies {expected}"
            ),
        }
    }
}

impl std::error::Error for CheckpointError {}

const CHECKPOINT_MAGIC: &[u8; 4] = b"LRXT";
const CHECKPOINT_VERSION: u16 = 1;
/// Magic, version, hidden units, seed, games.
const CHECKPOINT_HEADER: usize = 4 + 2 + 2 + 8 + 8;

impl Training {
    /// A fresh run: a network of `hidden` units with small random weights from `seed`.
    pub fn new(hidden: usize, seed: u64) -> Training {
        Training::from_net(Net::new(hidden, &mut Rng::new(seed)), seed, 0)
    }

    /// A run going on from `net` as though it had learned from `games` games of a run seeded
    /// `seed` (to continue from a weights file, which keeps no training state).
    pub fn from_net(net: Net, seed: u64, games: u64) -> Training {
        Training {
            seed,
            games,
            frozen: net.clone(),
            net,
        }
    }

    /// The games still to play in the current batch, none past `until`.
    pub fn next_batch(&self, until: u64) -> Range<u64> {
        let end = (self.games / BATCH + 1) * BATCH;
        self.games..end.min(until).max(self.games)
    }

    /// The weights the current batch's games are played with.
    pub fn player(&self) -> &Net {
        &self.frozen
    }

    /// Learns from the games [`Training::next_batch`] asked for, in game order.
    pub fn learn(&mut self, games: &[Vec<Position>]) {
        for game in games {
            learn_game(&mut self.net, game, learning_rate(self.games), LAMBDA);
            self.games += 1;
            if self.games.is_multiple_of(BATCH) {
                self.frozen = self.net.clone();
            }
        }
    }

    /// Trains until `until` games, `play(net, seed, games)` playing each batch's games
    /// (on as many threads as it likes) and returning them in game order.
    pub fn train_until(
        &mut self,
        until: u64,
        mut play: impl FnMut(&Net, u64, Range<u64>) -> Vec<Vec<Position>>,
    ) {
        while self.games < until {
            let games = play(self.player(), self.seed, self.next_batch(until));
            self.learn(&games);
        }
    }

    /// The checkpoint file: header, then both networks' parameters as exact f32.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(checkpoint_len(self.net.hidden()));
        out.extend_from_slice(CHECKPOINT_MAGIC);
        out.extend_from_slice(&CHECKPOINT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.net.hidden() as u16).to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        for net in [&self.net, &self.frozen] {
            for p in net.parameters() {
                out.extend_from_slice(&p.to_le_bytes());
            }
        }
        out
    }

    /// Reads a checkpoint, checking its header and length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Training, CheckpointError> {
        if bytes.len() < CHECKPOINT_HEADER || &bytes[..4] != CHECKPOINT_MAGIC {
            return Err(CheckpointError::Magic);
        }
        let word = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let long = |at: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(b)
        };
        let version = word(4);
        if version != CHECKPOINT_VERSION {
            return Err(CheckpointError::Version(version));
        }
        let hidden = usize::from(word(6));
        let expected = checkpoint_len(hidden);
        if bytes.len() != expected || hidden == 0 {
            return Err(CheckpointError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let values: Vec<f32> = bytes[CHECKPOINT_HEADER..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let (net, frozen) = values.split_at(values.len() / 2);
        let (Some(net), Some(frozen)) = (
            Net::from_parameters(hidden, net),
            Net::from_parameters(hidden, frozen),
        ) else {
            return Err(CheckpointError::Length {
                expected,
                found: bytes.len(),
            });
        };
        Ok(Training {
            seed: long(8),
            games: long(16),
            net,
            frozen,
        })
    }
}

fn checkpoint_len(hidden: usize) -> usize {
    CHECKPOINT_HEADER + 2 * 4 * super::net::parameter_count(hidden)
}

/// Plays `games` of the run seeded `seed` with `net`, one after another.
pub fn play_serial(net: &Net, seed: u64, games: Range<u64>) -> Vec<Vec<Position>> {
    let mut generator = Generator::new();
    games
        .map(|i| self_play(net, game_seed(seed, i), &mut generator))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_resumed_from_a_checkpoint_ends_as_one_that_never_stopped() {
        // 25 games stop within the first batch of 32; 40 games end within the second.
        let mut unbroken = Training::new(8, 11);
        unbroken.train_until(40, play_serial);
        let mut first = Training::new(8, 11);
        first.train_until(25, play_serial);
        assert_eq!(first.games, 25);
        let saved = first.to_bytes();
        let mut resumed = Training::from_bytes(&saved).unwrap();
        assert_eq!(resumed, first);
        resumed.train_until(40, play_serial);
        assert_eq!(resumed, unbroken);
        assert_eq!(resumed.to_bytes(), unbroken.to_bytes());
        assert_ne!(unbroken.net, Training::new(8, 11).net, "it learned");
    }

    #[test]
    fn bad_checkpoints_are_errors() {
        let good = Training::new(4, 1).to_bytes();
        assert_eq!(Training::from_bytes(b"LRX"), Err(CheckpointError::Magic));
        let mut version = good.clone();
        version[4] = 7;
        assert_eq!(
            Training::from_bytes(&version),
            Err(CheckpointError::Version(7))
        );
        assert!(matches!(
            Training::from_bytes(&good[..good.len() - 4]),
            Err(CheckpointError::Length { .. })
        ));
        let mut zero = good.clone();
        zero[6..8].copy_from_slice(&0u16.to_le_bytes());
        assert!(Training::from_bytes(&zero).is_err());
        assert!(Training::from_bytes(&good).is_ok());
    }

    #[test]
    fn batches_keep_to_multiples_of_the_batch_size() {
        let mut t = Training::new(4, 1);
        assert_eq!(t.next_batch(100), 0..32);
        assert_eq!(t.next_batch(20), 0..20);
        t.games = 20;
        assert_eq!(t.next_batch(100), 20..32);
        assert_eq!(t.next_batch(10), 20..20);
    }

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
