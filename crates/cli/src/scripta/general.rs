//! What `ludi scripta` does alike under every reading: the `--rules` option, the block
//! `moves` prints for a position, and `ludi bench`'s sample of positions.

use crate::{say, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::{random_game, Rules, Side, Table};
use std::fmt::Write;

/// The `--rules` option: Austin and Murray's without it.
pub fn rules_option(text: Option<&str>) -> Result<Rules, UsageError> {
    text.map_or(Ok(Rules::default()), |t| {
        Rules::parse(t).map_err(|e| UsageError(e.to_string()))
    })
}

/// `ludi bench [--rules R]`: distinct outcomes per second over positions from random games
/// under `rules`, then random games per second, the rules named first unless they are
/// Austin and Murray's.
pub fn bench(rules: &Rules, seconds: f64) {
    let positions = sample_tables(rules, 2_000, 2026);
    let mut rng = Rng::new(7);
    if !rules.is_default() {
        say(format_args!("rules: {}", rules.name()));
    }
    crate::bench::measure(
        seconds,
        positions.len(),
        || {
            positions
                .iter()
                .map(|table| table.outcomes().len() as u64)
                .sum()
        },
        |opener| random_game(rules, &mut rng, opener).1,
    );
}

/// `count` positions with their throws from random games under `rules`, reproducible by
/// `seed`: every phase of play appears.
fn sample_tables(rules: &Rules, count: usize, seed: u64) -> Vec<Table> {
    let mut rng = Rng::new(seed);
    let mut tables = Vec::with_capacity(count);
    while tables.len() < count {
        let mut table = Table::start(*rules, Side::Albi);
        loop {
            let thrown = table.throw(&mut rng);
            let with_dice = table.with_dice(thrown);
            let mut outcomes = with_dice.outcomes();
            tables.push(with_dice);
            let pick = rng.below(outcomes.len() as u32) as usize;
            table = outcomes.swap_remove(pick).result;
            if table.winner().is_some() || tables.len() >= count {
                break;
            }
            table.pass_turn(thrown);
        }
    }
    tables
}

/// The block `moves` prints for a table with its dice: each outcome `<moves>\t<resulting
/// XSN>` (the turn handed on, `-` for a lost throw) sorted by the resulting XSN, then the
/// count; `result: <winner>` and `0 outcomes` for a finished game.
pub fn outcomes_block(table: &Table) -> String {
    if let Some(winner) = table.winner() {
        return format!("result: {winner}\n0 outcomes\n");
    }
    let mut lines: Vec<(String, String)> = table
        .outcomes()
        .into_iter()
        .map(|outcome| {
            let mut after = outcome.result;
            after.pass_turn(table.dice());
            (after.to_string(), outcome.to_string())
        })
        .collect();
    lines.sort();
    let mut block = String::new();
    for (result, turn) in &lines {
        let _ = writeln!(block, "{turn}\t{result}");
    }
    let _ = writeln!(block, "{} outcomes", lines.len());
    block
}
