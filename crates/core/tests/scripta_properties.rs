//! Properties over random games under Austin and Murray's rules, on the one engine: counters
//! are conserved, every turn plays the most dice possible, playing legal moves one at a time
//! through a game reaches exactly the outcomes the fast generator lists, games end, and XSN
//! reads back.

use ludi_core::rng::Rng;
use ludi_core::scripta::{random_game, Game, Mark, Rules, Side, Table};
use proptest::prelude::*;
use std::collections::BTreeSet;

const MURRAY: Rules = Rules::AUSTIN_MURRAY;

/// Every table with dice met in a random game from `seed` (at most `limit`).
fn tables_of_a_game(seed: u64, limit: usize) -> Vec<Table> {
    let mut rng = Rng::new(seed);
    let mut table = Table::start(MURRAY, Side::Albi);
    let mut seen = Vec::new();
    while seen.len() < limit {
        let thrown = table.throw(&mut rng);
        let before = table.with_dice(thrown);
        seen.push(before);
        let mut outcomes = before.turns();
        table = outcomes
            .swap_remove(rng.below(outcomes.len() as u32) as usize)
            .result;
        if table.winner().is_some() {
            break;
        }
        table.pass_turn(thrown);
    }
    seen
}

fn counters(table: &Table, side: Side) -> u32 {
    let tray = table.tray(side);
    let on_board: u32 = (1..=36)
        .filter_map(Mark::new)
        .map(|m| u32::from(table.count(side, m)))
        .sum();
    on_board + u32::from(tray.waiting) + u32::from(tray.sent_home) + u32::from(tray.borne_off)
}

/// The tables reached by playing legal moves one by one through a game until the turn is
/// over, with undo between.
fn move_by_move_outcomes(table: &Table) -> BTreeSet<String> {
    fn walk(game: &mut Game, out: &mut BTreeSet<String>) {
        let legal = game.legal_moves();
        if legal.is_empty() {
            out.insert(game.table().without_dice().to_string());
            return;
        }
        for mv in legal {
            game.play(mv).expect("a legal move plays");
            walk(game, out);
            game.undo().expect("a played move undoes");
        }
    }
    let mut out = BTreeSet::new();
    walk(&mut Game::from_table(*table, 0), &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn counters_are_conserved_and_positions_stay_valid(seed in any::<u64>()) {
        for table in tables_of_a_game(seed, 400) {
            for side in Side::BOTH {
                prop_assert_eq!(counters(&table, side), 15);
            }
            // The parser checks every invariant (no mark held by both sides, totals).
            let reread: Table = table.to_string().parse().expect("printed XSN reads back");
            prop_assert_eq!(reread, table);
        }
    }

    #[test]
    fn every_turn_plays_the_most_dice_and_move_by_move_reaches_the_same_outcomes(seed in any::<u64>()) {
        for table in tables_of_a_game(seed, 60) {
            let all = table.turns();
            prop_assert!(!all.is_empty());
            let most = all.iter().map(|t| t.moves.len()).max().unwrap_or(0);
            for turn in &all {
                let won = turn.result.winner().is_some();
                prop_assert!(won || turn.moves.len() == most, "{:?} of {}", turn.moves, most);
            }
            let fast: BTreeSet<String> = all.iter().map(|t| t.result.to_string()).collect();
            prop_assert_eq!(fast.len(), all.len(), "outcomes are distinct");
            let general: BTreeSet<String> = table.turns().iter().map(|t| t.result.to_string()).collect();
            prop_assert_eq!(&fast, &general, "the fast and the general generator agree");
            prop_assert_eq!(fast, move_by_move_outcomes(&table));
        }
    }

    #[test]
    fn every_random_game_ends_with_a_winner(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let opener = if seed % 2 == 0 { Side::Albi } else { Side::Nigri };
        let (winner, played) = random_game(&MURRAY, &mut rng, opener);
        prop_assert!(played > 0);
        prop_assert!(Side::BOTH.contains(&winner));
    }

    #[test]
    fn the_parser_never_panics_and_rejects_or_round_trips(text in "[ANw0-9sox:,]{0,40}( [0-9]{0,4})?") {
        if let Ok(table) = text.parse::<Table>() {
            let again: Table = table.to_string().parse().expect("canonical XSN reads back");
            prop_assert_eq!(again, table);
        }
    }
}
