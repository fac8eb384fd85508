//! `ludi latrunculi ...`: legal moves of LFEN positions, random games, matches between
//! computer players and the search benchmark.

use crate::{Args, UsageError};
use ludi_core::latrunculi::{Position, Rules};
use std::io::{BufRead, Write};
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let rest = args.get(1..).unwrap_or_default();
    match args.first().map(String::as_str) {
        Some("moves") => moves(rest),
        Some(other) => Err(UsageError(format!("unknown latrunculi command `{other}`"))),
        None => Err(UsageError(
            "latrunculi: expected moves, play, match or bench".into(),
        )),
    }
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
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match args.positional.as_slice() {
        [lfen] => {
            let position: Position = lfen
                .parse()
                .map_err(|e| UsageError(format!("bad LFEN: {e}")))?;
            write_io(out.write_all(moves_block(&rules, &position).as_bytes()))?;
        }
        [] => {
            for line in std::io::stdin().lock().lines() {
                let line = line.map_err(|e| UsageError(format!("reading standard input: {e}")))?;
                if line.trim().is_empty() {
                    continue;
                }
                let block = match line.parse::<Position>() {
                    Ok(position) => moves_block(&rules, &position),
                    Err(e) => format!("error: {e}\n"),
                };
                write_io(writeln!(out, "{block}"))?;
            }
        }
        _ => return Err(UsageError("moves takes at most one LFEN position".into())),
    }
    write_io(out.flush())?;
    Ok(ExitCode::SUCCESS)
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

/// A failed write to standard output is reported like bad input.
fn write_io(result: std::io::Result<()>) -> Result<(), UsageError> {
    result.map_err(|e| UsageError(format!("writing standard output: {e}")))
}
