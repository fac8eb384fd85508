//! `ludi scripta match P1 P2 --games N --seed S [--threads T] [--weights F]`: two computer
//! players play N games. Each pair of games throws the same dice with the colours swapped, so that luck
//! cancels as far as it can; the same seed plays the same match on any number of threads.

use crate::{say, Args, Stopwatch, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::ai::train::{game_seed, MAX_TURNS};
use ludi_core::scripta::ai::{builtin_net, Level, Net, Player, WeightsError};
use ludi_core::scripta::{Dice, Position, Side};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["games", "seed", "threads", "weights"])?;
    let [p1, p2] = args.positional.as_slice() else {
        return Err(UsageError(
            "match needs two players: random, easy, medium, hard or expert".into(),
        ));
    };
    let levels: [Level; 2] = [
        p1.parse().map_err(UsageError)?,
        p2.parse().map_err(UsageError)?,
    ];
    let games: u64 = args.number("games", 200)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: usize = args.number("threads", 1)?;
    if games == 0 || !(1..=64).contains(&threads) {
        return Err(UsageError(
            "--games must be at least 1 and --threads 1 to 64".into(),
        ));
    }
    // `hard` and `expert` play the compiled-in network unless a weights file is named.
    let net = match args.get("weights").map(std::fs::read) {
        None => builtin_net(),
        Some(Ok(bytes)) => Net::from_bytes(&bytes).map(Arc::new),
        Some(Err(e)) => return Err(UsageError(format!("cannot read the weights: {e}"))),
    };
    let net = match net {
        Ok(net) => net,
        Err(e) => {
            eprintln!("ludi: the network cannot play: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let make = |side: usize, game: u64| {
        let seed = game_seed(seed ^ ((side as u64 + 1) << 32), game);
        Player::with_net(levels[side], seed, net.clone())
    };
    let started = Instant::now();
    let outcome = play_match(
        |game| Ok::<_, WeightsError>((make(0, game), make(1, game))),
        games,
        seed,
        threads,
    );
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => {
            eprintln!("ludi: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let (name1, name2) = (levels[0].name(), levels[1].name());
    say(format_args!(
        "games: {games} in pairs with the same dice and colours swapped, {:.0} s",
        started.elapsed().as_secs_f64()
    ));
    if outcome.unfinished > 0 {
        say(format_args!(
            "unfinished after {MAX_TURNS} turns: {}",
            outcome.unfinished
        ));
    }
    let (rate, low, high) = outcome.win_rate();
    say(format_args!(
        "{name1} win rate: {:.1}% (95% CI {:.1}%-{:.1}%)",
        100.0 * rate,
        100.0 * low,
        100.0 * high
    ));
    for (name, times) in [(name1, &outcome.think[0]), (name2, &outcome.think[1])] {
        let (median, max) = median_max(times);
        say(format_args!(
            "{name} think per turn (CPU): median {median:.3} ms, max {max:.3} ms"
        ));
    }
    say(format_args!(
        "{name1} {} {name2} {}",
        outcome.wins[0], outcome.wins[1]
    ));
    Ok(ExitCode::SUCCESS)
}

/// What a match came to: wins of each player, games cut off unfinished, and each player's
/// think time per turn in milliseconds.
pub struct Outcome {
    pub wins: [u64; 2],
    pub unfinished: u64,
    pub think: [Vec<f64>; 2],
}

impl Outcome {
    /// The first player's share of finished games, with its 95% Wilson interval.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        let n = (self.wins[0] + self.wins[1]) as f64;
        if n == 0.0 {
            return (0.0, 0.0, 1.0);
        }
        let p = self.wins[0] as f64 / n;
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        (p, centre - half, centre + half)
    }
}

fn median_max(times: &[f64]) -> (f64, f64) {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    (median, sorted.last().copied().unwrap_or(0.0))
}

/// Plays `games` games between the players `players(game)` makes for each game, on
/// `threads` threads. Games 2k and 2k+1 throw the same dice; the first player plays Albi
/// in the even game and Nigri in the odd one, and opens both games of every other pair.
pub fn play_match<E: Send>(
    players: impl Fn(u64) -> Result<(Player, Player), E> + Sync,
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<Outcome, E> {
    let next = AtomicU64::new(0);
    let total = Mutex::new(Ok(Outcome {
        wins: [0; 2],
        unfinished: 0,
        think: [Vec::new(), Vec::new()],
    }));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let game = next.fetch_add(1, Ordering::Relaxed);
                if game >= games {
                    break;
                }
                let result = players(game).map(|(p1, p2)| play_game(p1, p2, game, seed));
                let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
                match (result, total.as_mut()) {
                    (Ok((winner, think)), Ok(outcome)) => {
                        match winner {
                            Some(i) => outcome.wins[i] += 1,
                            None => outcome.unfinished += 1,
                        }
                        for (all, mine) in outcome.think.iter_mut().zip(think) {
                            all.extend(mine);
                        }
                    }
                    (Err(e), Ok(_)) => *total = Err(e),
                    _ => {}
                }
            });
        }
    });
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// One game of the match: the index of the winning player (0 for the first), if any, and
/// each player's think times.
fn play_game(p1: Player, p2: Player, game: u64, seed: u64) -> (Option<usize>, [Vec<f64>; 2]) {
    let pair = game / 2;
    let first_side = if game.is_multiple_of(2) {
        Side::Albi
    } else {
        Side::Nigri
    };
    let opener = if pair.is_multiple_of(2) {
        first_side
    } else {
        first_side.other()
    };
    let mut dice = Rng::new(game_seed(seed, pair));
    let mut players = [p1, p2];
    let mut think = [Vec::new(), Vec::new()];
    let mut position = Position::start(opener);
    for _ in 0..MAX_TURNS {
        let thrown = position.with_dice(Dice::throw(&mut dice));
        let who = usize::from(position.turn() != first_side);
        let clock = Stopwatch::start();
        let turn = players[who].choose(&thrown);
        think[who].push(clock.cpu() * 1e3);
        let Some(turn) = turn else {
            break;
        };
        position = turn.result;
        if let Some(winner) = position.winner() {
            return (Some(usize::from(winner != first_side)), think);
        }
    }
    (None, think)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let o = Outcome {
            wins: [650, 350],
            unfinished: 0,
            think: [vec![], vec![]],
        };
        let (p, low, high) = o.win_rate();
        assert!((p - 0.65).abs() < 1e-12);
        assert!(low < p && p < high);
        assert!((high - low - 0.059).abs() < 0.002, "{low} {high}");
    }

    #[test]
    fn a_match_replays_from_its_seed_on_any_number_of_threads() {
        let make = |game: u64| {
            Ok::<_, WeightsError>((
                Player::new(Level::Easy, game)?,
                Player::new(Level::Random, game)?,
            ))
        };
        let one = play_match(make, 6, 3, 1).unwrap();
        let two = play_match(make, 6, 3, 2).unwrap();
        assert_eq!(one.wins, two.wins);
        assert_eq!(one.wins[0] + one.wins[1] + one.unfinished, 6);
    }
}
