//! What `ludi scripta` does alike under every reading: the `--rules` option, the block
//! `moves` prints for a position, and who opens a game.

use crate::UsageError;
use ludi_core::rng::Rng;
use ludi_core::scripta::{Opener, Rules, Side, Table};
use std::fmt::Write;

/// The `--rules` option: Austin and Murray's without it.
pub fn rules_option(text: Option<&str>) -> Result<Rules, UsageError> {
    text.map_or(Ok(Rules::default()), |t| {
        Rules::parse(t).map_err(|e| UsageError(e.to_string()))
    })
}

/// Who opens a game under `rules`: `opener`, or the higher opening throw when the rules say.
pub fn opener(rules: &Rules, rng: &mut Rng, opener: Side) -> Side {
    match rules.opener {
        Opener::Albi => opener,
        Opener::Throw => Table::opening_throw(rules, rng).0,
    }
}

/// The block `moves` prints for a table with its dice: each outcome `<moves>\t<resulting
/// XSN>` (the turn handed on, `-` for a lost throw) sorted by the resulting XSN, then the
/// count; `result: <winner>` and `0 outcomes` for a finished game.
pub fn outcomes_block(table: &Table) -> String {
    if let Some(winner) = table.winner() {
        return format!("result: {winner}\n0 outcomes\n");
    }
    let mut lines: Vec<(String, String)> = table
        .turns()
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
