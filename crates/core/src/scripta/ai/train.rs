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
//!
//! Any reading trains: Austin and Murray's on the fast engine, the others on the general
//! one, each its own network (the inputs mean each reading's own marks and dice).

use super::best_turn;
use super::features::{encode, encode_table, Features};
use super::general::best_outcome;
use super::net::Net;
use crate::rng::{splitmix64, Rng};
use crate::scripta::movegen::Generator;
use crate::scripta::position::{Dice, Position, Side};
use crate::scripta::table::Table;
use crate::scripta::Rules;
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

/// One self-play game by `net` under `rules` on the general engine: the table after every
/// turn, handed on to the side to throw next, the last one won. Empty if the game ran past
/// [`MAX_TURNS`].
pub fn self_play_table(net: &Net, rules: Rules, seed: u64) -> Vec<Table> {
    let mut rng = Rng::new(seed);
    let opener = if seed & 1 == 0 {
        Side::Albi
    } else {
        Side::Nigri
    };
    let mut table = Table::start(rules, opener);
    let mut record = Vec::with_capacity(128);
    while record.len() < MAX_TURNS {
        let thrown = table.throw(&mut rng);
        let mut outcomes = table.with_dice(thrown).turns();
        let Some(best) = best_outcome(net, &outcomes, thrown) else {
            break;
        };
        table = outcomes.swap_remove(best).result;
        let won = table.winner().is_some();
        if !won {
            table.pass_turn(thrown);
        }
        record.push(table);
        if won {
            return record;
        }
    }
    Vec::new()
}

/// A finished self-play game as it is learned from: each position a turn left before the
/// winning one, encoded for its side to move, with that side; and the winner.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    pub positions: Vec<(Features, Side)>,
    pub winner: Side,
}

impl Played {
    /// A fast-engine game as [`self_play`] records it; `None` if it was abandoned.
    pub fn of_positions(record: &[Position]) -> Option<Played> {
        let (last, before) = record.split_last()?;
        Some(Played {
            winner: last.winner()?,
            positions: before.iter().map(|p| (encode(p), p.turn)).collect(),
        })
    }

    /// A general-engine game as [`self_play_table`] records it; `None` if it was abandoned.
    pub fn of_tables(record: &[Table]) -> Option<Played> {
        let (last, before) = record.split_last()?;
        Some(Played {
            winner: last.winner()?,
            positions: before.iter().map(|t| (encode_table(t), t.turn())).collect(),
        })
    }
}

/// One self-play game of the run seeded `seed` under `rules`, on the fast engine under
/// Austin and Murray's and on the general one under any other.
pub fn play_game(net: &Net, rules: &Rules, seed: u64, generator: &mut Generator) -> Option<Played> {
    if rules.is_default() {
        Played::of_positions(&self_play(net, seed, generator))
    } else {
        Played::of_tables(&self_play_table(net, *rules, seed))
    }
}

/// Pulls each position of a finished game towards its lambda-return.
pub fn learn_game(net: &mut Net, game: &Played, alpha: f32, lambda: f32) {
    let values: Vec<f32> = game
        .positions
        .iter()
        .map(|(f, _)| net.evaluate(f))
        .collect();
    let movers: Vec<Side> = game.positions.iter().map(|&(_, side)| side).collect();
    let returns = lambda_returns(&values, &movers, game.winner, lambda);
    for ((f, _), target) in game.positions.iter().zip(returns) {
        net.learn(f, target, alpha);
    }
}

/// The lambda-returns of positions valued `values` for their side to move, `movers`, in a
/// game `winner` won after the last of them. A value seen from the other side is one minus
/// it, so where the sides alternate G(t) = 1 - ((1 - lambda) v(t+1) + lambda G(t+1)); a
/// side that throws again keeps its own view. The won end is worth 1 to the winner.
pub fn lambda_returns(values: &[f32], movers: &[Side], winner: Side, lambda: f32) -> Vec<f32> {
    let mut returns = vec![0.0f32; values.len()];
    let (mut next_value, mut next_return, mut next_mover) = (1.0f32, 1.0f32, winner);
    for t in (0..values.len().min(movers.len())).rev() {
        let seen = |x: f32| if movers[t] == next_mover { x } else { 1.0 - x };
        returns[t] = (1.0 - lambda) * seen(next_value) + lambda * seen(next_return);
        next_value = values[t];
        next_return = returns[t];
        next_mover = movers[t];
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
    /// The reading the network learns to play.
    pub rules: Rules,
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
    Length {
        expected: usize,
        found: usize,
    },
    /// The rules it names do not read.
    Rules(String),
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Magic => f.write_str("not a XII Scripta training checkpoint"),
            CheckpointError::Version(v) => {
                write!(
                    f,
                    "checkpoint version {v}, this build reads 1 to {CHECKPOINT_VERSION}"
                )
            }
            CheckpointError::Length { expected, found } => write!(
                f,
                "checkpoint of {found} bytes, its header implies {expected}"
            ),
            CheckpointError::Rules(e) => write!(f, "the checkpoint's rules: {e}"),
        }
    }
}

impl std::error::Error for CheckpointError {}

const CHECKPOINT_MAGIC: &[u8; 4] = b"LRXT";
/// Version 2 names its rules after the header; version 1, before any other reading trained,
/// is Austin and Murray's.
const CHECKPOINT_VERSION: u16 = 2;
/// Magic, version, hidden units, seed, games.
const CHECKPOINT_HEADER: usize = 4 + 2 + 2 + 8 + 8;

impl Training {
    /// A fresh run under `rules`: a network of `hidden` units with small random weights from
    /// `seed`.
    pub fn new(rules: Rules, hidden: usize, seed: u64) -> Training {
        Training::from_net(Net::new(hidden, &mut Rng::new(seed)), rules, seed, 0)
    }

    /// A run going on from `net` as though it had learned from `games` games of a run seeded
    /// `seed` (to continue from a weights file, which keeps no training state).
    pub fn from_net(net: Net, rules: Rules, seed: u64, games: u64) -> Training {
        Training {
            rules,
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

    /// Learns from the games [`Training::next_batch`] asked for, in game order (`None` for
    /// a game abandoned unfinished).
    pub fn learn(&mut self, games: &[Option<Played>]) {
        for game in games {
            if let Some(game) = game {
                learn_game(&mut self.net, game, learning_rate(self.games), LAMBDA);
            }
            self.games += 1;
            if self.games.is_multiple_of(BATCH) {
                self.frozen = self.net.clone();
            }
        }
    }

    /// Trains until `until` games, `play(net, rules, seed, games)` playing each batch's games
    /// (on as many threads as it likes) and returning them in game order.
    pub fn train_until(
        &mut self,
        until: u64,
        mut play: impl FnMut(&Net, &Rules, u64, Range<u64>) -> Vec<Option<Played>>,
    ) {
        while self.games < until {
            let games = play(
                self.player(),
                &self.rules,
                self.seed,
                self.next_batch(until),
            );
            self.learn(&games);
        }
    }

    /// The checkpoint file: header, the rules' name, then both networks' parameters as exact
    /// f32.
    pub fn to_bytes(&self) -> Vec<u8> {
        let name = self.rules.name();
        let mut out = Vec::with_capacity(checkpoint_len(self.net.hidden(), 2 + name.len()));
        out.extend_from_slice(CHECKPOINT_MAGIC);
        out.extend_from_slice(&CHECKPOINT_VERSION.to_le_bytes());
        out.extend_from_slice(&(self.net.hidden() as u16).to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(name.as_bytes());
        for net in [&self.net, &self.frozen] {
            for p in net.parameters() {
                out.extend_from_slice(&p.to_le_bytes());
            }
        }
        out
    }

    /// Reads a checkpoint, checking its header, rules and length.
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
        let hidden = usize::from(word(6));
        let (rules, named) = match word(4) {
            1 => (Rules::AUSTIN_MURRAY, 0),
            2 if bytes.len() >= CHECKPOINT_HEADER + 2 => {
                let len = usize::from(word(CHECKPOINT_HEADER));
                let name = bytes
                    .get(CHECKPOINT_HEADER + 2..CHECKPOINT_HEADER + 2 + len)
                    .ok_or(CheckpointError::Length {
                        expected: checkpoint_len(hidden, 2 + len),
                        found: bytes.len(),
                    })?;
                let name = std::str::from_utf8(name)
                    .map_err(|_| CheckpointError::Rules("not UTF-8".into()))?;
                let rules = Rules::parse(name)
                    .map_err(|e| CheckpointError::Rules(e.reason().to_string()))?;
                (rules, 2 + len)
            }
            2 => {
                return Err(CheckpointError::Length {
                    expected: checkpoint_len(hidden, 2),
                    found: bytes.len(),
                })
            }
            version => return Err(CheckpointError::Version(version)),
        };
        let expected = checkpoint_len(hidden, named);
        if bytes.len() != expected || hidden == 0 {
            return Err(CheckpointError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let values: Vec<f32> = bytes[CHECKPOINT_HEADER + named..]
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
            rules,
            seed: long(8),
            games: long(16),
            net,
            frozen,
        })
    }
}

/// A checkpoint's length: the header, `named` bytes naming the rules, two networks.
fn checkpoint_len(hidden: usize, named: usize) -> usize {
    CHECKPOINT_HEADER + named + 2 * 4 * super::net::parameter_count(hidden)
}

/// Plays `games` of the run seeded `seed` under `rules` with `net`, one after another.
pub fn play_serial(net: &Net, rules: &Rules, seed: u64, games: Range<u64>) -> Vec<Option<Played>> {
    let mut generator = Generator::new();
    games
        .map(|i| play_game(net, rules, game_seed(seed, i), &mut generator))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_resumed_from_a_checkpoint_ends_as_one_that_never_stopped() {
        // 25 games stop within the first batch of 32; 40 games end within the second. Italian
        // six-counter games are short enough to play on the general engine here.
        for rules in [Rules::AUSTIN_MURRAY, Rules::ITALIAN_6] {
            let mut unbroken = Training::new(rules, 8, 11);
            unbroken.train_until(40, play_serial);
            let mut first = Training::new(rules, 8, 11);
            first.train_until(25, play_serial);
            assert_eq!(first.games, 25);
            let saved = first.to_bytes();
            let mut resumed = Training::from_bytes(&saved).unwrap();
            assert_eq!(resumed, first);
            assert_eq!(resumed.rules, rules);
            resumed.train_until(40, play_serial);
            assert_eq!(resumed, unbroken);
            assert_eq!(resumed.to_bytes(), unbroken.to_bytes());
            assert_ne!(unbroken.net, Training::new(rules, 8, 11).net, "it learned");
        }
    }

    #[test]
    fn a_checkpoint_from_before_the_readings_trained_is_austin_and_murrays() {
        let now = Training::new(Rules::AUSTIN_MURRAY, 4, 3);
        let bytes = now.to_bytes();
        let name = "austin-murray".len();
        // Version 1: the same header, no rules named.
        let mut old = bytes[..CHECKPOINT_HEADER].to_vec();
        old[4..6].copy_from_slice(&1u16.to_le_bytes());
        old.extend_from_slice(&bytes[CHECKPOINT_HEADER + 2 + name..]);
        assert_eq!(Training::from_bytes(&old), Ok(now));
        let mut unknown = Training::new(Rules::ITALIAN, 4, 3).to_bytes();
        unknown[CHECKPOINT_HEADER + 2] = b'x';
        assert!(matches!(
            Training::from_bytes(&unknown),
            Err(CheckpointError::Rules(_))
        ));
    }

    #[test]
    fn bad_checkpoints_are_errors() {
        let good = Training::new(Rules::RUSSIAN, 4, 1).to_bytes();
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
        let mut t = Training::new(Rules::AUSTIN_MURRAY, 4, 1);
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
    fn self_play_on_the_general_engine_ends_with_a_winner_and_replays_from_its_seed() {
        let net = Net::new(8, &mut Rng::new(1));
        let a = self_play_table(&net, Rules::ITALIAN_6, game_seed(4, 0));
        assert_eq!(a, self_play_table(&net, Rules::ITALIAN_6, game_seed(4, 0)));
        assert!(a.last().and_then(Table::winner).is_some());
        assert!(a[..a.len() - 1].iter().all(|t| t.winner().is_none()));
        let played = Played::of_tables(&a).unwrap();
        assert_eq!(played.positions.len(), a.len() - 1);
        assert_eq!(played.positions[0].0, encode_table(&a[0]));
    }

    #[test]
    fn learning_a_game_raises_the_winners_last_position() {
        let mut net = Net::new(8, &mut Rng::new(2));
        let mut generator = Generator::new();
        let game = self_play(&net, game_seed(9, 0), &mut generator);
        // The position before the winning turn belongs to the winner, to move.
        let before_win = encode(&game[game.len() - 2]);
        let v = net.evaluate(&before_win);
        let played = Played::of_positions(&game).unwrap();
        for _ in 0..20 {
            learn_game(&mut net, &played, 0.1, 0.7);
        }
        assert!(net.evaluate(&before_win) > v);
    }

    #[test]
    fn lambda_one_targets_the_outcome_and_zero_the_next_value() {
        use Side::{Albi as A, Nigri as N};
        let values = [0.3, 0.6, 0.2];
        let alternating = [A, N, A];
        assert_eq!(
            lambda_returns(&values, &alternating, A, 1.0),
            vec![1.0, 0.0, 1.0]
        );
        let td0 = lambda_returns(&values, &alternating, A, 0.0);
        assert_eq!(td0, vec![1.0 - 0.6, 1.0 - 0.2, 1.0]);
        let mixed = lambda_returns(&values, &alternating, A, 0.5);
        assert!((mixed[1] - (1.0 - 0.5 * 0.2 - 0.5 * 1.0)).abs() < 1e-6);
        assert!(learning_rate(0) > learning_rate(100_000));
    }

    #[test]
    fn a_side_that_throws_again_keeps_its_own_view() {
        use Side::{Albi as A, Nigri as N};
        // Albi moves twice running (a throw of all dice alike), then Nigri, who wins.
        let values = [0.3, 0.6, 0.8];
        let movers = [A, A, N];
        assert_eq!(
            lambda_returns(&values, &movers, N, 0.0),
            vec![0.6, 1.0 - 0.8, 1.0]
        );
        assert_eq!(
            lambda_returns(&values, &movers, N, 1.0),
            vec![0.0, 0.0, 1.0]
        );
    }
}
