//! XSN: any text either reads as a table that writes back canonically and reads back the
//! same, with its rules' counters a side, or is refused with the bad part named. A table
//! that reads with dice gets its legal moves and outcomes listed, and each must play through
//! a game. The same bytes are read with and without a leading rules field.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludi_core::scripta::{Game, Table};
use ludi_fuzz::{scripta_counters, scripta_xsn_round_trip};

const PARTS: [&str; 6] = ["turn", "albi", "nigri", "dice", "position", "rules"];

fn check(text: &str) {
    let table: Table = match text.parse() {
        Ok(table) => table,
        Err(e) => {
            assert!(PARTS.contains(&e.part), "unknown part in {e}");
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    scripta_counters(&table);
    scripta_xsn_round_trip(&table);
    for mv in table.moves() {
        let mut next = table;
        next.apply(mv);
        scripta_counters(&next);
    }
    if table.dice().is_empty() || table.winner().is_some() {
        return;
    }
    // What a `position=` link leads to: the moves the page offers and the outcomes the
    // computer players choose among all play under the rules.
    let legal = Game::from_table(table, 0).legal_moves();
    for &mv in &legal {
        let mut game = Game::from_table(table, 0);
        game.play(mv)
            .unwrap_or_else(|e| panic!("legal {mv} refused in {table}: {e}"));
        scripta_counters(game.table());
        scripta_xsn_round_trip(game.table());
    }
    let outcomes = table.turns();
    let most = outcomes
        .iter()
        .map(|t| t.moves.iter().map(|m| m.dice.len()).sum::<usize>())
        .max()
        .unwrap_or(0);
    for turn in outcomes.iter().take(16) {
        let dice: usize = turn.moves.iter().map(|m| m.dice.len()).sum();
        assert!(
            dice == most || turn.result.winner().is_some(),
            "{turn} plays {dice} dice, not {most}, in {table}"
        );
        let mut game = Game::from_table(table, 0);
        game.play_turn(turn)
            .unwrap_or_else(|e| panic!("turn {turn} refused in {table}: {e}"));
        scripta_counters(game.table());
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check(&text);
    // The same position under another reading, named in front.
    if let Some(rest) = text.strip_prefix(|c: char| c.is_ascii_digit()) {
        let id = [
            "austin-murray",
            "italian",
            "italian-6",
            "italian-columns",
            "russian",
        ];
        let pick = usize::from(text.as_bytes()[0] - b'0') % id.len();
        check(&format!("{} {rest}", id[pick]));
    }
});
