//! `ludi scripta match ... --rules <preset or key=value,...>` for rules other than Austin and
//! Murray's: the players of `ludi_core::scripta::ai::general` on the general engine. Games
//! come in pairs with the same dice and colours swapped, as in the Austin and Murray match.

use super::matches::wilson;
use crate::{say, Stopwatch, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::ai::general::TablePlayer;
use ludi_core::scripta::ai::train::game_seed;
use ludi_core::scripta::ai::Level;
use ludi_core::scripta::{Opener, Rules, Side, Table};
use std::fmt::Write;
use std::process::ExitCode;
use std::time::Instant;

/// Turns after which a game counts as unfinished.
const MAX_TURNS: usize = 3000;

/// The `--rules` option: Austin and Murray's without it.
pub fn rules_option(text: Option<&str>) -> Result<Rules, UsageError> {
    text.map_or(Ok(Rules::default()), |t| {
        Rules::parse(t).map_err(|e| UsageError(e.to_string()))
    })
}

pub fn run_match(
    names: [&str; 2],
    rules: Rules,
    games: u64,
    seed: u64,
) -> Result<ExitCode, UsageError> {
    let mut levels = [Level::Random; 2];
    for (level, name) in levels.iter_mut().zip(names) {
        *level = name.parse().map_err(|_| {
            UsageError(format!(
                "unknown player `{name}` under these rules: random, easy, medium, hard or expert"
            ))
        })?;
    }
    let started = Instant::now();
    let mut wins = [0u64; 2];
    let mut unfinished = 0;
    let mut think: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for game in 0..games {
        match play_game(rules, levels, game, seed, &mut think) {
            Some(i) => wins[i] += 1,
            None => unfinished += 1,
        }
    }
    say(format_args!("rules: {}", rules.name()));
    say(format_args!(
        "games: {games} in pairs with the same dice and colours swapped, {:.0} s",
        started.elapsed().as_secs_f64()
    ));
    if unfinished > 0 {
        say(format_args!(
            "unfinished after {MAX_TURNS} turns: {unfinished}"
        ));
    }
    let (rate, low, high) = wilson(wins[0], wins[0] + wins[1]);
    say(format_args!(
        "{} win rate: {:.1}% (95% CI {:.1}%-{:.1}%)",
        names[0],
        100.0 * rate,
        100.0 * low,
        100.0 * high
    ));
    for (name, times) in names.iter().zip(&think) {
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
        let max = sorted.last().copied().unwrap_or(0.0);
        say(format_args!(
            "{name} think per turn (CPU): median {median:.3} ms, max {max:.3} ms"
        ));
    }
    say(format_args!(
        "{} {} {} {}",
        names[0], wins[0], names[1], wins[1]
    ));
    Ok(ExitCode::SUCCESS)
}

/// One game: the index of the winning player (0 for the first), if any. The first player
/// plays Albi in even games; the opener is Albi in alternate pairs, or the higher throw.
fn play_game(
    rules: Rules,
    levels: [Level; 2],
    game: u64,
    seed: u64,
    think: &mut [Vec<f64>; 2],
) -> Option<usize> {
    let pair = game / 2;
    let first_side = if game.is_multiple_of(2) {
        Side::Albi
    } else {
        Side::Nigri
    };
    let mut dice = Rng::new(game_seed(seed, pair));
    let opener = match rules.opener {
        Opener::Albi if pair.is_multiple_of(2) => Side::Albi,
        Opener::Albi => Side::Nigri,
        Opener::Throw => Table::opening_throw(&rules, &mut dice).0,
    };
    let mut players = [0, 1].map(|i| {
        let side = if i == 0 {
            first_side
        } else {
            first_side.other()
        };
        TablePlayer::new(
            levels[i],
            game_seed(seed ^ ((side.index() as u64 + 1) << 32), game),
        )
    });
    let mut table = Table::start(rules, opener);
    for _ in 0..MAX_TURNS {
        let thrown = table.throw(&mut dice);
        let who = usize::from(table.turn() != first_side);
        let clock = Stopwatch::start();
        let turn = players[who].choose(&table.with_dice(thrown));
        think[who].push(clock.cpu() * 1e3);
        table = turn?.result;
        if let Some(winner) = table.winner() {
            return Some(usize::from(winner != first_side));
        }
        table.pass_turn(thrown);
    }
    None
}

/// A game of uniformly random outcomes under `rules` (the opener by the rules' opening
/// throw, or `opener`): the winner and the number of turns. Every random game ends (the
/// core's tests check it), so the loop has no limit.
pub fn random_game(rules: &Rules, rng: &mut Rng, opener: Side) -> (Side, usize) {
    let mut table = Table::start(*rules, self::opener(rules, rng, opener));
    let mut turns = 0;
    loop {
        let thrown = table.throw(rng);
        let mut outcomes = table.with_dice(thrown).turns();
        turns += 1;
        let pick = rng.below(outcomes.len() as u32) as usize;
        table = outcomes.swap_remove(pick).result;
        if let Some(winner) = table.winner() {
            return (winner, turns);
        }
        table.pass_turn(thrown);
    }
}

/// Who opens a game under `rules`: `opener`, or the higher opening throw when the rules say.
pub fn opener(rules: &Rules, rng: &mut Rng, opener: Side) -> Side {
    match rules.opener {
        Opener::Albi => opener,
        Opener::Throw => Table::opening_throw(rules, rng).0,
    }
}

/// The block `moves` prints for a position under any rules, as for Austin and Murray's: each
/// outcome `<moves>\t<resulting XSN>` (the turn handed on, `-` for a lost throw) sorted by
/// the resulting XSN, then the count.
pub fn outcomes_block(text: &str) -> Result<String, String> {
    let table: Table = text.parse().map_err(|e| format!("{e}"))?;
    if let Some(winner) = table.winner() {
        return Ok(format!("result: {winner}\n0 outcomes\n"));
    }
    let thrown = table.dice();
    if thrown.is_empty() {
        return Err(format!(
            "no dice in `{}`: the throw is needed, e.g. `... 235`",
            text.trim()
        ));
    }
    let mut lines: Vec<(String, String)> = table
        .turns()
        .into_iter()
        .map(|outcome| {
            let mut after = outcome.result;
            after.pass_turn(thrown);
            let moves: Vec<String> = outcome.moves.iter().map(ToString::to_string).collect();
            let written = if moves.is_empty() {
                "-".to_string()
            } else {
                moves.join(" ")
            };
            (after.to_string(), written)
        })
        .collect();
    lines.sort();
    let mut block = String::new();
    for (result, turn) in &lines {
        let _ = writeln!(block, "{turn}\t{result}");
    }
    let _ = writeln!(block, "{} outcomes", lines.len());
    Ok(block)
}
