//! Property tests of both games' plain-text records: a random game written and read back
//! gives the same record and replays to the same final position, and the readers never
//! panic on arbitrary text (nor does replaying whatever they accept).

use ludi_core::latrunculi::{self, Rules};
use ludi_core::rng::Rng;
use ludi_core::scripta::{self, Side, PRESETS};
use proptest::prelude::*;

/// A XII Scripta game of random outcomes under `rules`, played to its end or `max_turns`.
/// With `midway`, the game starts from the table a first game reached after 30 turns.
fn scripta_game(rules: scripta::Rules, seed: u64, max_turns: usize, midway: bool) -> scripta::Game {
    let opener = if seed.is_multiple_of(2) {
        Side::Albi
    } else {
        Side::Nigri
    };
    let mut game = if midway {
        let before = scripta_game(rules, seed.wrapping_add(1), 30, false);
        scripta::Game::from_table(before.table().without_dice(), seed)
    } else {
        scripta::Game::new(rules, seed, opener)
    };
    let mut rng = Rng::new(seed ^ 0x5eed);
    for _ in 0..max_turns {
        if game.winner().is_some() {
            break;
        }
        game.throw().expect("throws");
        let mut outcomes = game.table().turns();
        let turn = outcomes.swap_remove(rng.below(outcomes.len() as u32) as usize);
        game.play_turn(&turn).expect("a generated turn is legal");
    }
    game
}

/// A Latrunculi game of random moves, played to its end or `max_moves`.
/// With `midway`, the game starts from the position a first game reached after 60 moves.
fn latrunculi_game(bits: u32, seed: u64, max_moves: usize, midway: bool) -> latrunculi::Game {
    let rules = Rules::from_switches(bits);
    let start = if midway {
        latrunculi_game(bits, seed.wrapping_add(1), 60, false)
            .position()
            .clone()
    } else {
        latrunculi::Position::start(&rules)
    };
    let mut game = latrunculi::Game::seeded(rules, start, seed);
    let mut rng = Rng::new(seed);
    for _ in 0..max_moves {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        game.play(mv).expect("a generated move is legal");
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn scripta_records_round_trip_and_replay(preset in 0usize..5, seed in any::<u64>(), turns in 0usize..400, named in any::<bool>(), midway in any::<bool>()) {
        let rules = scripta::Rules::parse(PRESETS[preset]).expect("a preset");
        let game = scripta_game(rules, seed, turns, midway);
        let mut record = game.record();
        if named {
            record.albi = Some("Marcus Aurelius".into());
            record.nigri = Some("imperator".into());
            record.date = Some("2026-11-30".into());
        }
        let text = record.to_string();
        let back: scripta::Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_string(), text);
        let end = back.replay().map_err(|e| TestCaseError::fail(format!("{e}\n{back}")))?;
        prop_assert_eq!(end, game.table().without_dice());
        prop_assert_eq!(end.winner(), game.winner());
    }

    #[test]
    fn latrunculi_records_round_trip_and_replay(bits in any::<u32>(), seed in any::<u64>(), moves in 0usize..300, midway in any::<bool>()) {
        let game = latrunculi_game(bits, seed, moves, midway);
        let mut record = latrunculi::Record::from_game(&game);
        record.white = Some("Livia".into());
        let text = record.to_string();
        let back: latrunculi::Record = text.parse().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(back.to_string(), text);
        let end = back.replay().map_err(|e| TestCaseError::fail(format!("{e}\n{back}")))?;
        prop_assert_eq!(&end, game.position());
    }

    #[test]
    fn the_readers_never_panic_on_arbitrary_text(text in "\\PC{0,200}") {
        if let Ok(record) = text.parse::<scripta::Record>() {
            let _ = record.replay();
        }
        if let Ok(record) = text.parse::<latrunculi::Record>() {
            let _ = record.replay();
        }
    }

    #[test]
    fn the_readers_never_panic_on_near_records(
        head in "((Game: ?(XII Scripta|Latrunculi|x)|Rules: ?(piso|quintana|Austin & Murray|austin and murray|italian|italian-6|italian-columns|russian|sum=on|move=rook)|Seed: ?[0-9]{0,22}|Date: ?[0-9-]{0,12}|Result: ?(albi|nigri|white|black|draw|\\*|x)|Start: ?[A-Za-z0-9/ ,:-]{0,30}|[A-Za-z]{1,6}: ?[ -~]{0,10})\r?\n){0,8}",
        turns in "(([0-9]{1,3}\\. ?)?[AN] [0-9]{0,4}: ?(((in|[0-9]{1,2})/([0-9]{1,2}|off)(x[0-9])?(\\([0-9](\\+[0-9]){0,3}\\)?)?\\*?) ?){0,4}-?\r?\n){0,8}",
        moves in "(([0-9]{1,3}\\. ?)?(@[a-p][0-9]{1,2}|[a-p][0-9]{1,2}-[a-p][0-9]{1,2})( #.{0,5})?\r?\n){0,8}",
    ) {
        for text in [format!("{head}\n{turns}"), format!("{head}\n{moves}")] {
            if let Ok(record) = text.parse::<scripta::Record>() {
                let _ = record.replay();
                let again: scripta::Record = record.to_string().parse().expect("a written record reads back");
                prop_assert_eq!(again, record);
            }
            if let Ok(record) = text.parse::<latrunculi::Record>() {
                let _ = record.replay();
                let again: latrunculi::Record = record.to_string().parse().expect("a written record reads back");
                prop_assert_eq!(again, record);
            }
        }
    }
}
