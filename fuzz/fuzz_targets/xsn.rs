//! XSN: any text either reads as a position that writes back canonically and reads back
//! the same, with fifteen counters a side, or is refused with the bad part named. A position
//! that reads with dice gets its legal steps and turns listed, and each must play. The same
//! text is read under any rules too (a leading rules field, `italian A ...`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludi_core::scripta::{legal_steps, max_dice, turns, Game, Position, Side, Table};
use ludi_fuzz::{scripta_counters, scripta_xsn_round_trip};

const PARTS: [&str; 5] = ["turn", "albi", "nigri", "dice", "position"];

/// The same text under any rules (a leading rules field): it reads as a table that writes
/// back and reads back equal, with the rules' counters a side, whose every single move keeps
/// them; or it is refused with the bad part named.
fn any_rules(text: &str) {
    let table: Table = match text.parse() {
        Ok(table) => table,
        Err(e) => {
            assert!(
                PARTS.contains(&e.part) || e.part == "rules",
                "unknown part in {e}"
            );
            return;
        }
    };
    let written = table.to_string();
    assert_eq!(written.parse::<Table>().as_ref(), Ok(&table), "{written}");
    let counters = table.rules().counters;
    for mv in table.moves() {
        let mut next = table;
        next.apply(mv);
        for side in Side::BOTH {
            assert_eq!(next.counters(side), counters, "{mv} in {written}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    any_rules(&text);
    let position: Position = match text.parse() {
        Ok(position) => position,
        Err(e) => {
            assert!(PARTS.contains(&e.part), "unknown part in {e}");
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    scripta_counters(&position);
    scripta_xsn_round_trip(&position);
    if position.dice().is_empty() {
        return;
    }
    // What a `position=` link leads to: the steps the page offers and the turns the computer
    // players choose among all play under the rules.
    let steps = legal_steps(&position);
    for &step in &steps {
        assert!(position.dice().contains(step.die), "{step} in {position}");
        let mut game = Game::from_position(position, 0);
        game.play(step)
            .unwrap_or_else(|e| panic!("legal {step} refused in {position}: {e}"));
        scripta_counters(game.position());
        scripta_xsn_round_trip(game.position());
    }
    let most = max_dice(&position);
    for turn in turns(&position).iter().take(16) {
        assert!(
            turn.dice_played() == most || turn.result.winner().is_some(),
            "{turn} plays {} dice, not {most}, in {position}",
            turn.dice_played()
        );
        let mut game = Game::from_position(position, 0);
        game.play_turn(turn)
            .unwrap_or_else(|e| panic!("turn {turn} refused in {position}: {e}"));
        scripta_counters(game.position());
        if game.winner().is_none() {
            assert_eq!(game.position(), &turn.result, "turn {turn} in {position}");
        }
    }
});
