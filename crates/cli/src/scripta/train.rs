//! `ludi scripta train [--rules R]`: trains the `hard` network of a reading (Austin and
//! Murray's by default) by self-play (run through `cargo xtask train-scripta`, which builds
//! it in release mode). Each batch of games is
//! played on the threads with the weights frozen, then learned from in game order, so a seed
//! gives the same network on any number of threads.
//!
//! With `--checkpoint F` the run saves its whole state to F at every check and, when F
//! already exists, goes on from it: a run stopped and resumed ends as one that never stopped.
//! `--init W --init-games G` starts a run from a weights file instead of from scratch, and
//! with a larger `--hidden` widens that network first.
//!
//! `ludi scripta average --out F W1 W2 ...` writes the mean of weights files saved along one
//! run (see [`Net::average`]).

use super::matches::{network, play_match, Contestant};
use crate::{say, Args, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::ai::train::{game_seed, play_game, Played, Training};
use ludi_core::scripta::ai::{Generator, Level, Net, Player};
use ludi_core::scripta::Rules;
use std::ops::Range;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

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
            "checkpoint",
            "init",
            "init-games",
            "rules",
        ],
    )?;
    let rules = super::general::rules_option(args.get("rules"))?;
    let games: u64 = args.number("games", 100_000)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: u64 = args.number("threads", 2)?;
    let hidden: usize = args.number("hidden", 48)?;
    let check_every: u64 = args.number("check-every", 5_000)?;
    let check_games: u64 = args.number("check-games", 200)?;
    let init_games: u64 = args.number("init-games", 0)?;
    let Some(out) = args.get("out") else {
        return Err(UsageError("train needs --out <weights file>".into()));
    };
    if games == 0 || !(1..=64).contains(&threads) || check_every == 0 || hidden == 0 {
        return Err(UsageError(
            "--games, --hidden and --check-every must be at least 1, --threads 1 to 64".into(),
        ));
    }
    let checkpoint = args.get("checkpoint");
    let mut training = match (checkpoint.map(std::fs::read), args.get("init")) {
        (Some(Ok(bytes)), _) => {
            let training = Training::from_bytes(&bytes)
                .map_err(|e| UsageError(format!("{}: {e}", checkpoint.unwrap_or_default())))?;
            // The weights file is named for the command's rules: another reading's network
            // must not overwrite it.
            if training.rules != rules {
                return Err(UsageError(format!(
                    "{} trains the rules {}, not {}: pass --rules {}",
                    checkpoint.unwrap_or_default(),
                    training.rules.name(),
                    rules.name(),
                    training.rules.name()
                )));
            }
            say(format_args!(
                "resuming from {} at game {}, seed {}, {} hidden units, rules {}",
                checkpoint.unwrap_or_default(),
                training.games,
                training.seed,
                training.net.hidden(),
                training.rules.name()
            ));
            training
        }
        (Some(Err(e)), _) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(UsageError(format!("cannot read the checkpoint: {e}")));
        }
        (_, Some(init)) => match network(Some(init))? {
            Ok(net) => {
                say(format_args!(
                    "starting from {init} as after game {init_games}, seed {seed}"
                ));
                // A larger --hidden widens the network it starts from.
                let net = match args.get("hidden") {
                    Some(_) if hidden < net.hidden() => {
                        return Err(UsageError(format!(
                            "{init} has {} hidden units: --hidden may widen it, not narrow it",
                            net.hidden()
                        )))
                    }
                    Some(_) => net.widen(hidden, &mut Rng::new(seed)),
                    None => Net::clone(&net),
                };
                Training::from_net(net, rules, seed, init_games)
            }
            Err(e) => return Err(UsageError(format!("{init}: {e}"))),
        },
        _ => Training::new(rules, hidden, seed),
    };
    let started = Instant::now();
    say(format_args!(
        "training {} hidden units to {games} games, seed {}, {threads} threads, rules {}",
        training.net.hidden(),
        training.seed,
        training.rules.name()
    ));
    while training.games < games {
        let batch = training.next_batch(games);
        let before = batch.start;
        let played = play_batch(
            training.player(),
            &training.rules,
            training.seed,
            batch,
            threads,
        );
        training.learn(&played);
        let done = training.games;
        if done / check_every > before / check_every || done == games {
            let rate = against_medium(
                &training.net,
                training.rules,
                check_games,
                training.seed,
                threads,
            );
            say(format_args!(
                "games {done} minutes {:.1} vs-medium {rate}",
                started.elapsed().as_secs_f64() / 60.0,
            ));
            let saved = save(out, &training.net.to_bytes()).and_then(|()| match checkpoint {
                Some(path) => save(path, &training.to_bytes()),
                None => Ok(()),
            });
            if let Err(e) = saved {
                eprintln!("ludi: {e}");
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    say(format_args!("wrote {out}"));
    Ok(ExitCode::SUCCESS)
}

pub fn average(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["out"])?;
    let Some(out) = args.get("out") else {
        return Err(UsageError("average needs --out <weights file>".into()));
    };
    let mut nets = Vec::new();
    for path in &args.positional {
        match network(Some(path))? {
            Ok(net) => nets.push(Net::clone(&net)),
            Err(e) => return Err(UsageError(format!("{path}: {e}"))),
        }
    }
    let Some(mean) = Net::average(&nets) else {
        return Err(UsageError(
            "average needs one or more weights files with the same hidden layer".into(),
        ));
    };
    if let Err(e) = save(out, &mean.to_bytes()) {
        eprintln!("ludi: {e}");
        return Ok(ExitCode::FAILURE);
    }
    say(format_args!(
        "wrote {out}, the mean of {} networks",
        nets.len()
    ));
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to `path` through a temporary file, so that a run stopped while saving
/// leaves the previous file whole.
fn save(path: &str, bytes: &[u8]) -> Result<(), String> {
    let temporary = format!("{path}.part");
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| format!("cannot write {path}: {e}"))
}

/// Self-play `games` of the run seeded `seed` under `rules`, on `threads` threads, in game
/// order.
fn play_batch(
    net: &Net,
    rules: &Rules,
    seed: u64,
    games: Range<u64>,
    threads: u64,
) -> Vec<Option<Played>> {
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let games = games.clone();
                scope.spawn(move || {
                    let mut generator = Generator::new();
                    (games.start + t..games.end)
                        .step_by(threads as usize)
                        .map(|i| play_game(net, rules, game_seed(seed, i), &mut generator))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut per_thread: Vec<_> = workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default().into_iter())
            .collect();
        (0..games.end - games.start)
            .filter_map(|i| per_thread[(i % threads) as usize].next())
            .collect()
    })
}

/// The network playing `hard` against `medium` under `rules` on fixed dice: its win rate
/// and interval.
fn against_medium(net: &Net, rules: Rules, games: u64, seed: u64, threads: u64) -> String {
    let net = Arc::new(net.clone());
    let player = |level, game| {
        Contestant::Player(Box::new(Player::with_net_for(
            level,
            game,
            rules,
            net.clone(),
        )))
    };
    let outcome = play_match(
        |game| Ok::<_, ()>((player(Level::Hard, game), player(Level::Medium, game))),
        rules,
        games,
        seed ^ 0x5EED,
        threads as usize,
    );
    match outcome {
        Ok(o) => {
            let (p, low, high) = o.win_rate();
            format!("{:.1}% ({:.1}-{:.1})", 100.0 * p, 100.0 * low, 100.0 * high)
        }
        Err(()) => "-".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludi_core::scripta::ai::train::play_serial;

    #[test]
    fn batches_on_threads_are_the_games_played_one_after_another() {
        let net = Net::new(4, &mut ludi_core::rng::Rng::new(2));
        for rules in [Rules::AUSTIN_MURRAY, Rules::ITALIAN_6] {
            let serial = play_serial(&net, &rules, 5, 3..8);
            assert_eq!(play_batch(&net, &rules, 5, 3..8, 2), serial);
            assert!(serial.iter().all(Option::is_some));
        }
    }
}
