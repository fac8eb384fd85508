//! `ludi scripta ...`: legal turns of XSN positions, random games, matches between computer
//! players and training the `hard` network.

pub(crate) mod general;
mod matches;
mod train;

use crate::{answer_positions, games_and_seed, replay_record, say, Args, Stopwatch, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::ai::analysis::{self, Opinion};
use ludi_core::scripta::{random_game, Record, Rules, Side, Table};
use matches::wilson;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("moves") => moves(rest),
        Some("play") => play(rest),
        Some("match") => matches::run(rest),
        Some("analyze") => analyze(rest),
        Some("train") => train::run(rest),
        Some("average") => train::average(rest),
        Some("replay") => replay_record(rest, replay),
        Some("bench") => crate::bench::run(rest),
        Some(other) => Err(UsageError(format!("unknown scripta command `{other}`"))),
        None => Err(UsageError(
            "scripta: expected moves, analyze, play, match, train, average, replay or bench".into(),
        )),
    }
}

/// Parses a position, under its own rules field or else `rules`, that must carry its dice.
fn table_with_dice(text: &str, rules: &ludi_core::scripta::Rules) -> Result<Table, String> {
    let bare = matches!(text.split_whitespace().next(), Some("A" | "N"));
    let table: Table = if bare && !rules.is_default() {
        format!("{} {text}", rules.name()).parse()
    } else {
        text.parse()
    }
    .map_err(|e| format!("{e}"))?;
    if table.dice().is_empty() {
        return Err(format!(
            "no dice in `{}`: the throw is needed, e.g. `... 235`",
            text.trim()
        ));
    }
    Ok(table)
}

/// `moves "<XSN with dice>" [--rules R]`: each outcome `<moves>\t<resulting XSN>` (the turn
/// handed on, `-` for a lost throw) sorted by the resulting XSN, then the count; or
/// `result: <winner>` and `0 outcomes` for a finished game. A position's own rules field wins
/// over `--rules`.
fn moves(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["rules"])?;
    let rules = general::rules_option(args.get("rules"))?;
    answer_positions(&args.positional, |text| {
        table_with_dice(text, &rules).map(|table| general::outcomes_block(&table))
    })
}

/// `analyze "<XSN with dice>" [--rollouts N] [--seed S] [--weights F]`: every distinct
/// outcome with the hard player's chance of winning after it, best first, one a line:
/// `<chance>%\t<turn>\t<resulting XSN>`, or with rollouts
/// `<chance>%\t<rollout>% (<low>-<high>)\t<turn>\t<resulting XSN>` (the share of N games
/// played out by the hard player on both sides, with its 95% Wilson interval); then
/// `<count> outcomes`. A finished game prints `result: <winner>` and `0 outcomes`.
fn analyze(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["rollouts", "seed", "weights"])?;
    let [text] = args.positional.as_slice() else {
        return Err(UsageError(
            "analyze takes one position with its dice (quote it)".into(),
        ));
    };
    let games: u32 = args.number("rollouts", 0)?;
    let seed: u64 = args.number("seed", 1)?;
    let table = table_with_dice(text, &Default::default()).map_err(UsageError)?;
    let net = match matches::network(args.get("weights"))? {
        Ok(net) => net,
        Err(e) => {
            eprintln!("ludi: the network cannot play: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    if let Some(winner) = table.winner() {
        say(format_args!("result: {winner}\n0 outcomes"));
        return Ok(ExitCode::SUCCESS);
    }
    let lines: Vec<(Opinion, String)> = if games == 0 {
        analysis::analyze(&net, &table)
            .map_err(UsageError)?
            .into_iter()
            .map(|o| (o, String::new()))
            .collect()
    } else {
        analysis::rollouts(&net, &table, games, seed)
            .map_err(UsageError)?
            .into_iter()
            .map(|r| {
                let (rate, low, high) = wilson(u64::from(r.wins), u64::from(r.games));
                let column = format!(
                    "{:.1}% ({:.1}-{:.1})\t",
                    100.0 * rate,
                    100.0 * low,
                    100.0 * high
                );
                (r.opinion, column)
            })
            .collect()
    };
    for (opinion, rollout) in &lines {
        let mut after = opinion.turn.result;
        after.pass_turn(table.dice());
        say(format_args!(
            "{:.1}%\t{rollout}{}\t{after}",
            100.0 * opinion.chance,
            opinion.turn,
        ));
    }
    say(format_args!("{} outcomes", lines.len()));
    Ok(ExitCode::SUCCESS)
}

fn play(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["games", "seed", "rules"])?;
    if let Some(extra) = args.positional.first() {
        return Err(UsageError(format!("play takes no argument `{extra}`")));
    }
    let (games, seed) = games_and_seed(&args)?;
    let rules = general::rules_option(args.get("rules"))?;
    let mut rng = Rng::new(seed);
    let mut wins = [0u64; 2];
    let (mut total_turns, mut max_turns) = (0u64, 0usize);
    let clock = Stopwatch::start();
    for game in 0..games {
        // Rule 1: Albi open the first game and the opener alternates.
        let opener = if game % 2 == 0 {
            Side::Albi
        } else {
            Side::Nigri
        };
        let (winner, turns) = one_game(&rules, &mut rng, opener);
        wins[winner.index()] += 1;
        total_turns += turns as u64;
        max_turns = max_turns.max(turns);
    }
    if !rules.is_default() {
        say(format_args!("rules: {}", rules.name()));
    }
    say(format_args!("games: {games}"));
    say(format_args!("albi wins: {}", wins[0]));
    say(format_args!("nigri wins: {}", wins[1]));
    say(format_args!(
        "mean turns: {:.1}",
        total_turns as f64 / games as f64
    ));
    say(format_args!("max turns: {max_turns}"));
    say(format_args!(
        "games per second: {:.0}",
        games as f64 / clock.wall()
    ));
    Ok(ExitCode::SUCCESS)
}

/// A random game in a call of its own: V8 cannot move a wasm loop that is already running to
/// optimised code, so were the games inlined into `play`'s one call, every turn of them would
/// run as Liftoff's baseline code (`cargo xtask wasm-speed` measures this command as wasm).
#[inline(never)]
fn one_game(rules: &Rules, rng: &mut Rng, opener: Side) -> (Side, usize) {
    random_game(rules, rng, opener)
}

/// A record's final position (XSN, no dice) and result (`albi`, `nigri` or `*`).
fn replay(text: &str) -> Result<(String, &'static str), String> {
    let record: Record = text.parse().map_err(|e| format!("{e}"))?;
    let end = record.replay().map_err(|e| e.to_string())?;
    Ok((end.to_string(), end.winner().map_or("*", Side::name)))
}
