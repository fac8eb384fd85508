//! Properties over random games: counters are conserved, every turn plays the most dice
//! possible, the step-by-step API reaches exactly the outcomes of `turns`, games end.

use ludi_core::rng::Rng;
use ludi_core::scripta::{
    max_dice, random_turn, turns, Dice, Game, Mark, Position, Side, COUNTERS, MARKS,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every position with dice met in a random game from `seed` (at most `limit`).
fn positions_of_a_game(seed: u64, limit: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut position = Position::start(Side::Albi);
    let mut seen = Vec::new();
    while seen.len() < limit {
        let thrown = position.with_dice(Dice::throw(&mut rng));
        seen.push(thrown);
        let turn = random_turn(&thrown, &mut rng);
        if turn.result.winner().is_some() {
            break;
        }
        position = turn.result;
    }
    seen
}

fn counters(position: &Position, side: Side) -> u32 {
    let tray = position.tray(side);
    let on_board: u32 = (1..=MARKS)
        .filter_map(Mark::new)
        .map(|m| u32::from(position.count(side, m)))
        .sum();
    on_board + u32::from(tray.waiting) + u32::from(tray.sent_home) + u32::from(tray.borne_off)
}

/// The positions reachable by playing legal steps one by one until the turn is over.
fn step_by_step_outcomes(position: &Position) -> BTreeSet<String> {
    fn walk(game: &mut Game, out: &mut BTreeSet<String>) {
        let legal = game.legal_steps();
        if legal.is_empty() {
            let mut end = *game.position();
            end.pass_turn();
            out.insert(end.to_string());
            return;
        }
        for step in legal {
            game.play(step).expect("a legal step plays");
            walk(game, out);
            game.undo().expect("a played step undoes");
        }
    }
    let mut out = BTreeSet::new();
    walk(&mut Game::from_position(*position, 0), &mut out);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn counters_are_conserved_and_positions_stay_valid(seed in any::<u64>()) {
        for position in positions_of_a_game(seed, 400) {
            for side in Side::BOTH {
                prop_assert_eq!(counters(&position, side), u32::from(COUNTERS));
            }
            // The parser checks every invariant (no mark held by both sides, totals).
            let reread: Position = position.to_string().parse().expect("printed XSN reads back");
            prop_assert_eq!(reread, position);
        }
    }

    #[test]
    fn every_turn_plays_the_most_dice_and_step_by_step_reaches_the_same_outcomes(seed in any::<u64>()) {
        for position in positions_of_a_game(seed, 60) {
            let all = turns(&position);
            prop_assert!(!all.is_empty());
            let most = max_dice(&position);
            for turn in &all {
                let won = turn.result.winner().is_some();
                prop_assert!(won || turn.dice_played() == most, "{} plays {} of {}", turn, turn.dice_played(), most);
            }
            let fast: BTreeSet<String> = all.iter().map(|t| t.result.to_string()).collect();
            prop_assert_eq!(fast.len(), all.len(), "outcomes are distinct");
            prop_assert_eq!(fast, step_by_step_outcomes(&position));
        }
    }

    #[test]
    fn every_random_game_ends_with_a_winner(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let opener = if seed % 2 == 0 { Side::Albi } else { Side::Nigri };
        let (winner, played) = ludi_core::scripta::random_game(&mut rng, opener);
        prop_assert!(played > 0);
        prop_assert!(Side::BOTH.contains(&winner));
    }

    #[test]
    fn the_parser_never_panics_and_rejects_or_round_trips(text in "[ANw0-9sox:,]{0,40}( [0-9]{0,4})?") {
        if let Ok(position) = text.parse::<Position>() {
            let again: Position = position.to_string().parse().expect("canonical XSN reads back");
            prop_assert_eq!(again, position);
        }
    }
}
