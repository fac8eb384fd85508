//! `ludi scripta train`: trains the `hard` network from scratch by self-play (run through
//! `cargo xtask train-scripta`, which builds it in release mode). Each batch of games is
//! played on the threads with the weights frozen, then learned from in game order, so a seed
//! gives the same network on any number of threads.

use super::matches::{play_match, Contestant};
use crate::{say, Args, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::ai::train::{game_seed, learn_game, learning_rate, self_play, LAMBDA};
use ludi_core::scripta::ai::{Level, Net, Player};
use ludi_core::scripta::{Generator, Position};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

/// Games played with one set of frozen weights.
const BATCH: u64 = 32;

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(
        args,
        &[
            "games",
            "seed",
            "threads",
            "out",
            "hidden",
            "check-every",
            "check-games",
        ],
    )?;
    let games: u64 = args.number("games", 100_000)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: u64 = args.number("threads", 2)?;
    let hidden: usize = args.number("hidden", 48)?;
    let check_every: u64 = args.number("check-every", 5_000)?;
    let check_games: u64 = args.number("check-games", 200)?;
    let Some(out) = args.get("out") else {
        return Err(UsageError("train needs --out <weights file>".into()));
    };
    if games == 0 || !(1..=64).contains(&threads) || check_every == 0 || hidden == 0 {
        return Err(UsageError(
            "--games, --hidden and --check-every must be at least 1, --threads 1 to 64".into(),
        ));
    }
    let started = Instant::now();
    let mut net = Net::new(hidden, &mut Rng::new(seed));
    say(format_args!(
        "training {hidden} hidden units, {games} games, seed {seed}, {threads} threads"
    ));
    let mut done = 0;
    while done < games {
        let batch = BATCH.min(games - done);
        for game in play_batch(&net, seed, done, batch, threads) {
            learn_game(&mut net, &game, learning_rate(done), LAMBDA);
            done += 1;
        }
        if done / check_every > (done - batch) / check_every || done == games {
            let rate = against_medium(&net, check_games, seed, threads as usize);
            say(format_args!(
                "games {done} minutes {:.1} rate {:.4} vs-medium {rate}",
                started.elapsed().as_secs_f64() / 60.0,
                learning_rate(done)
            ));
            if let Err(e) = std::fs::write(out, net.to_bytes()) {
                eprintln!("ludi: cannot write {out}: {e}");
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    say(format_args!("wrote {out}"));
    Ok(ExitCode::SUCCESS)
}

/// Self-play games `first..first + count`, on `threads` threads, in game order.
fn play_batch(net: &Net, seed: u64, first: u64, count: u64, threads: u64) -> Vec<Vec<Position>> {
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut generator = Generator::new();
                    (first + t..first + count)
                        .step_by(threads as usize)
                        .map(|i| self_play(net, game_seed(seed, i), &mut generator))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut per_thread: Vec<_> = workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default().into_iter())
            .collect();
        (0..count as usize)
            .filter_map(|i| per_thread[i % threads as usize].next())
            .collect()
    })
}

/// The network playing `hard` against `medium` on fixed dice: its win rate and interval.
fn against_medium(net: &Net, games: u64, seed: u64, threads: usize) -> String {
    let net = Arc::new(net.clone());
    let outcome = play_match(
        |game| {
            Ok::<_, ()>((
                Contestant::Player(Player::with_net(Level::Hard, game, net.clone())),
                Contestant::Player(Player::with_net(Level::Medium, game, net.clone())),
            ))
        },
        games,
        seed ^ 0x5EED,
        threads,
    );
    match outcome {
        Ok(o) => {
            let (p, low, high) = o.win_rate();
            format!("{:.1}% ({:.1}-{:.1})", 100.0 * p, 100.0 * low, 100.0 * high)
        }
        Err(()) => "-".into(),
    }
}
