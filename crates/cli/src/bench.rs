//! `ludi bench` (also `ludi scripta bench`): how fast the XII Scripta engine generates turns
//! and plays random games, under Austin and Murray's rules or `--rules`.

use crate::scripta::general;
use crate::{say, Args, Stopwatch, UsageError};
use ludi_core::scripta::Side;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["seconds", "rules"])?;
    let seconds: f64 = args.number("seconds", 3.0)?;
    if !(seconds > 0.0 && seconds <= 600.0) {
        return Err(UsageError("--seconds must be between 0 and 600".into()));
    }
    let rules = general::rules_option(args.get("rules"))?;
    general::bench(&rules, seconds);
    Ok(ExitCode::SUCCESS)
}

/// Runs each half for `seconds` and prints its speed: `outcomes()` counts the distinct
/// outcomes of every one of the `positions` sample positions; `game(opener)` plays one random
/// game and gives its number of turns.
pub fn measure(
    seconds: f64,
    positions: usize,
    mut outcomes: impl FnMut() -> u64,
    mut game: impl FnMut(Side) -> usize,
) {
    let (mut counted, mut throws) = (0u64, 0u64);
    let clock = Stopwatch::start();
    while clock.wall() < seconds {
        counted += outcomes();
        throws += positions as u64;
    }
    let (cpu, wall) = (clock.cpu(), clock.wall());
    say(format_args!(
        "scripta turn generation: {:.2} M distinct outcomes per CPU second ({:.2} M per wall second), {:.0} throws/s, {:.1} outcomes per throw over {} positions",
        counted as f64 / cpu / 1e6,
        counted as f64 / wall / 1e6,
        throws as f64 / cpu,
        counted as f64 / throws as f64,
        positions
    ));
    let (mut games, mut turns) = (0u64, 0u64);
    let clock = Stopwatch::start();
    while clock.wall() < seconds {
        let opener = if games % 2 == 0 {
            Side::Albi
        } else {
            Side::Nigri
        };
        turns += game(opener) as u64;
        games += 1;
    }
    say(format_args!(
        "scripta random games: {:.0} games per CPU second ({:.0} per wall second), {:.1} turns per game",
        games as f64 / clock.cpu(),
        games as f64 / clock.wall(),
        turns as f64 / games as f64
    ));
}
