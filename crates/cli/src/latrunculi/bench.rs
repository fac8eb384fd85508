//! `ludi latrunculi bench`: how deep and how fast the hard player searches under a time
//! limit, and how fast the rules run.

use super::rules_option;
use crate::{say, Args, Stopwatch, UsageError};
use ludi_core::latrunculi::ai::{Budget, Clock, Level, Player};
use ludi_core::latrunculi::{Position, Rules};
use std::process::ExitCode;

/// The clock handed to the search (the core has none of its own): this thread's CPU time
/// where the system tells, so that other programs on the machine do not cut the search short.
struct Native(Stopwatch);

impl Clock for Native {
    fn now_ms(&self) -> f64 {
        self.0.cpu() * 1000.0
    }
}

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["rules", "millis", "depth", "position", "seed"])?;
    let rules = match args.get("rules") {
        None => Rules::QUINTANA,
        Some(_) => rules_option(&args)?,
    };
    let millis: f64 = args.number("millis", 300.0)?;
    let seed: u64 = args.number("seed", 1)?;
    let position = match args.get("position") {
        None => Position::start(&rules),
        Some(lfen) => lfen
            .parse()
            .map_err(|e| UsageError(format!("bad LFEN: {e}")))?,
    };
    say(format_args!("rules: {rules}"));
    say(format_args!("position: {position}"));

    let clock = Native(Stopwatch::start());
    let budget = Budget {
        max_depth: 64,
        max_nodes: u64::MAX,
        max_millis: Some(millis),
    };
    let started = clock.now_ms();
    let report = Player::new(Level::Hard, seed).think(&rules, &position, budget, Some(&clock));
    let elapsed = clock.now_ms() - started;
    let Some(report) = report else {
        say(format_args!("the game is over: nothing to search"));
        return Ok(ExitCode::SUCCESS);
    };
    let line: Vec<String> = report.line.iter().map(ToString::to_string).collect();
    say(format_args!(
        "hard, {millis} ms CPU limit: depth {} in {elapsed:.0} ms, {} nodes, {:.0} nodes/s",
        report.depth,
        report.nodes,
        report.nodes as f64 / (elapsed / 1000.0)
    ));
    say(format_args!(
        "best {} score {} line {}",
        report.best,
        report.score,
        line.join(" ")
    ));

    let depth: u32 = args.number("depth", 6)?;
    let fixed = Budget {
        max_depth: depth,
        max_nodes: u64::MAX,
        max_millis: None,
    };
    let started = Stopwatch::start();
    if let Some(report) = Player::new(Level::Hard, seed).think(&rules, &position, fixed, None) {
        let seconds = started.cpu();
        say(format_args!(
            "hard to depth {}: {:.0} ms CPU, {} nodes, {:.0} nodes/s",
            report.depth,
            seconds * 1000.0,
            report.nodes,
            report.nodes as f64 / seconds
        ));
    }

    let started = Stopwatch::start();
    let leaves = perft(&rules, &position, 3);
    // Too short for the CPU clock's resolution: wall time.
    let seconds = started.wall();
    say(format_args!(
        "perft 3: {leaves} leaves in {:.1} ms, {:.0} moves/s",
        seconds * 1000.0,
        leaves as f64 / seconds
    ));
    Ok(ExitCode::SUCCESS)
}

fn perft(rules: &Rules, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves(rules);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .filter_map(|mv| position.apply(rules, mv).ok())
        .map(|next| perft(rules, &next, depth - 1))
        .sum()
}
