//! Latrunculi records: any text either reads or is refused with a line number; a record
//! that reads writes canonically, reads back equal, and replays (or is refused) without a
//! panic. A record that replays is the record of the game that plays its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludi_core::latrunculi::{Game, Record};
use ludi_fuzz::{latrunculi_board_counts, latrunculi_totals, lfen_round_trip};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let record: Record = match text.parse() {
        Ok(record) => record,
        Err(e) => {
            assert!(e.line <= text.lines().count(), "{e}");
            return;
        }
    };
    let canonical = record.to_string();
    let back: Record = canonical
        .parse()
        .unwrap_or_else(|e| panic!("canonical record does not read back: {e}\n{canonical}"));
    assert_eq!(back, record, "\n{canonical}");
    assert_eq!(back.to_string(), canonical);
    let Ok(end) = record.replay() else {
        return;
    };
    lfen_round_trip(&end);
    latrunculi_board_counts(&end);
    let start = record.start_position();
    assert_eq!(latrunculi_totals(&end), latrunculi_totals(&start));
    let mut game = Game::seeded(record.rules, start, record.seed.unwrap_or(0));
    for &mv in &record.moves {
        game.play(mv)
            .unwrap_or_else(|e| panic!("{mv} replays but does not play: {e}\n{canonical}"));
    }
    assert_eq!(game.position(), &end);
    assert_eq!(game.outcome(), record.result);
    let again = Record::from_game(&game);
    assert_eq!((again.rules, &again.moves), (record.rules, &record.moves));
    assert_eq!(again.replay().as_ref(), Ok(&end));
});
