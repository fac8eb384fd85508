//! `ludi latrunculi ...`: legal moves of LFEN positions, random games, matches between
//! computer players and the search benchmark.

mod bench;
mod matches;

use crate::{answer_positions, games_and_seed, replay_record, say, Args, UsageError};
use ludi_core::latrunculi::{Game, Outcome, Position, Record, Rules, PRESETS};
use ludi_core::rng::Rng;
use std::process::ExitCode;
use std::time::Instant;

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("moves") => moves(rest),
        Some("play") => play(rest),
        Some("match") => matches::run(rest),
        Some("bench") => bench::run(rest),
        Some("replay") => replay_record(rest, replay),
        Some("presets") => presets(rest),
        Some(other) => Err(UsageError(format!("unknown latrunculi command `{other}`"))),
        None => Err(UsageError(
            "latrunculi: expected moves, play, match, bench, replay or presets".into(),
        )),
    }
}

/// `presets`: one line per preset, `<id>\t<rules>\t<source>`, the default first.
fn presets(args: &[String]) -> Result<ExitCode, UsageError> {
    if let Some(extra) = args.first() {
        return Err(UsageError(format!(
            "presets takes no arguments, not `{extra}`"
        )));
    }
    for preset in PRESETS {
        // As every command's output: a reader that stops early (`| head -1`) is no error.
        say(format_args!(
            "{}\t{}\t{}",
            preset.id,
            preset.rules,
            preset.source()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// The `--rules` option: a preset or key=value pairs; Piso when absent.
fn rules_option(args: &Args) -> Result<Rules, UsageError> {
    match args.get("rules") {
        None => Ok(Rules::PISO),
        Some(text) => Rules::parse(text).map_err(|e| UsageError(e.to_string())),
    }
}

fn moves(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["rules"])?;
    let rules = rules_option(&args)?;
    answer_positions(&args.positional, |lfen| {
        lfen.parse::<Position>()
            .map(|position| moves_block(&rules, &position))
            .map_err(|e| e.to_string())
    })
}

/// One line per legal move, `<move>\t<LFEN after>`, sorted by move text, then `N moves`;
/// a finished game's block is its result and `0 moves`.
fn moves_block(rules: &Rules, position: &Position) -> String {
    if let Some(outcome) = position.outcome(rules) {
        return format!("result: {}\n0 moves\n", outcome.name());
    }
    let mut lines: Vec<(String, String)> = position
        .legal_moves(rules)
        .into_iter()
        .filter_map(|mv| {
            let after = position.apply(rules, mv).ok()?;
            Some((mv.to_string(), after.to_string()))
        })
        .collect();
    lines.sort_unstable();
    let mut block = String::new();
    for (mv, after) in &lines {
        block.push_str(mv);
        block.push('\t');
        block.push_str(after);
        block.push('\n');
    }
    block.push_str(&format!("{} moves\n", lines.len()));
    block
}

/// Random games between two random players.
fn play(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["rules", "games", "seed"])?;
    if let Some(extra) = args.positional.first() {
        return Err(UsageError(format!("play takes no argument `{extra}`")));
    }
    let rules = rules_option(&args)?;
    let (games, seed) = games_and_seed(&args)?;
    let mut rng = Rng::new(seed);
    let mut results = [0u64; 3];
    let (mut total_moves, mut max_moves) = (0u64, 0usize);
    let started = Instant::now();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(rules);
        let mut played = 0;
        let outcome = loop {
            if let Some(outcome) = game.outcome() {
                break outcome;
            }
            // The position's own list is quicker; a game's history may forbid some of it.
            if rules.norepeat {
                moves = game.legal_moves();
            } else {
                game.position().legal_moves_into(&rules, &mut moves);
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            played += usize::from(!mv.is_placement());
            game.play(mv)
                .map_err(|e| UsageError(format!("internal error: {e}")))?;
        };
        results[outcome_index(outcome)] += 1;
        total_moves += played as u64;
        max_moves = max_moves.max(played);
    }
    let seconds = started.elapsed().as_secs_f64();
    say(format_args!("rules: {rules}"));
    say(format_args!("games: {games}"));
    say(format_args!("white wins: {}", results[0]));
    say(format_args!("black wins: {}", results[1]));
    say(format_args!("draws: {}", results[2]));
    say(format_args!(
        "mean moves: {:.1}",
        total_moves as f64 / games as f64
    ));
    say(format_args!("max moves: {max_moves}"));
    say(format_args!(
        "games per second: {:.0}",
        games as f64 / seconds.max(1e-9)
    ));
    Ok(ExitCode::SUCCESS)
}

/// 0 for white's win, 1 for black's, 2 for a draw.
fn outcome_index(outcome: Outcome) -> usize {
    match outcome {
        Outcome::Win(side) => side.index(),
        Outcome::Draw => 2,
    }
}

/// A record's final position (LFEN) and result (`white`, `black`, `draw` or `*`).
fn replay(text: &str) -> Result<(String, &'static str), String> {
    let record: Record = text.parse().map_err(|e| format!("{e}"))?;
    let end = record.replay().map_err(|e| e.to_string())?;
    Ok((
        end.to_string(),
        end.outcome(&record.rules).map_or("*", Outcome::name),
    ))
}
