//! `ludi bench` (also `ludi scripta bench`): how fast the XII Scripta engine generates turns
//! and plays random games, all through [`Table`]. Under Austin and Murray's rules the fast
//! generator and the general one are both timed on the same positions.

use crate::scripta::general;
use crate::{say, Args, Stopwatch, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::{Rules, Side, Table, TableTurn};
use std::process::ExitCode;

/// A fixed, reproducible set of positions with dice, taken from random games under `rules`:
/// every phase of play (entering, racing, hitting, bearing off) appears.
pub fn sample_tables(rules: &Rules, count: usize, seed: u64) -> Vec<Table> {
    let mut rng = Rng::new(seed);
    let mut tables = Vec::with_capacity(count);
    while tables.len() < count {
        let mut table = Table::start(*rules, Side::Albi);
        loop {
            let thrown = table.throw(&mut rng);
            let with_dice = table.with_dice(thrown);
            tables.push(with_dice);
            table = with_dice.random_turn(&mut rng).result;
            if table.winner().is_some() || tables.len() >= count {
                break;
            }
            table.pass_turn(thrown);
        }
    }
    tables
}

/// A whole game between two random players (each legal move equally likely) from `opener`'s
/// first throw: the number of turns played.
fn random_game(rules: &Rules, rng: &mut Rng, opener: Side) -> usize {
    let mut table = Table::start(*rules, general::opener(rules, rng, opener));
    let mut turns = 0;
    loop {
        let thrown = table.throw(rng);
        table = table.with_dice(thrown).random_turn(rng).result;
        turns += 1;
        if table.winner().is_some() {
            return turns;
        }
        table.pass_turn(thrown);
    }
}

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["seconds", "rules"])?;
    let seconds: f64 = args.number("seconds", 3.0)?;
    if !(seconds > 0.0 && seconds <= 600.0) {
        return Err(UsageError("--seconds must be between 0 and 600".into()));
    }
    let rules = general::rules_option(args.get("rules"))?;
    if args.get("rules").is_some() {
        say(format_args!("rules: {}", rules.name()));
    }
    let positions = sample_tables(&rules, 2_000, 2026);
    turn_generation("scripta turn generation", seconds, &positions, Table::turns);
    if rules.is_default() {
        turn_generation(
            "scripta turn generation, general engine",
            seconds,
            &positions,
            Table::turns_general,
        );
    }
    let mut rng = Rng::new(7);
    let (mut games, mut turns) = (0u64, 0u64);
    let clock = Stopwatch::start();
    while clock.wall() < seconds {
        let opener = if games % 2 == 0 {
            Side::Albi
        } else {
            Side::Nigri
        };
        turns += random_game(&rules, &mut rng, opener) as u64;
        games += 1;
    }
    say(format_args!(
        "scripta random games: {:.0} games per CPU second ({:.0} per wall second), {:.1} turns per game",
        games as f64 / clock.cpu(),
        games as f64 / clock.wall(),
        turns as f64 / games as f64
    ));
    Ok(ExitCode::SUCCESS)
}

/// Generates every outcome of each of `positions` by `turns` for `seconds` and prints the
/// speed under `label`.
fn turn_generation(
    label: &str,
    seconds: f64,
    positions: &[Table],
    turns: impl Fn(&Table) -> Vec<TableTurn>,
) {
    let (mut counted, mut throws) = (0u64, 0u64);
    let clock = Stopwatch::start();
    while clock.wall() < seconds {
        counted += positions.iter().map(|t| turns(t).len() as u64).sum::<u64>();
        throws += positions.len() as u64;
    }
    let (cpu, wall) = (clock.cpu(), clock.wall());
    say(format_args!(
        "{label}: {:.2} M distinct outcomes per CPU second ({:.2} M per wall second), {:.0} throws/s, {:.1} outcomes per throw over {} positions",
        counted as f64 / cpu / 1e6,
        counted as f64 / wall / 1e6,
        throws as f64 / cpu,
        counted as f64 / throws as f64,
        positions.len()
    ));
}
