//! Properties of the general engine over random games of every preset: counters conserved,
//! no shared mark holding both sides, every outcome playing the most dice, step-by-step play
//! reaching exactly the outcomes of `turns`, every game ending.

use ludi_core::rng::Rng;
use ludi_core::scripta::{Mark, Rules, Side, Table, PRESETS};
use proptest::prelude::*;
use std::collections::HashSet;

/// The tables with dice met in a random game of `rules` from `seed` (at most `limit`), and
/// whether it ended.
fn tables_of_a_game(rules: Rules, seed: u64, limit: usize) -> (Vec<Table>, bool) {
    let mut rng = Rng::new(seed);
    let mut table = Table::start(rules, Side::Albi);
    let mut seen = Vec::new();
    while seen.len() < limit {
        let thrown = table.throw(&mut rng);
        let before = table.with_dice(thrown);
        seen.push(before);
        let mut outcomes = before.turns();
        let pick = rng.below(outcomes.len() as u32) as usize;
        table = outcomes.swap_remove(pick).result;
        if table.winner().is_some() {
            return (seen, true);
        }
        table.pass_turn(thrown);
    }
    (seen, false)
}

/// The outcomes reached by playing legal moves one at a time (dice cleared).
fn walk(table: &Table, out: &mut HashSet<Table>) {
    let legal = table.legal_moves();
    if legal.is_empty() {
        out.insert(table.with_dice(ludi_core::scripta::Dice::NONE));
        return;
    }
    for mv in legal {
        let mut next = *table;
        next.apply(mv);
        walk(&next, out);
    }
}

fn preset(index: usize) -> Rules {
    Rules::parse(PRESETS[index % PRESETS.len()]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    #[test]
    fn counters_are_conserved_and_shared_marks_never_mixed(p in 0usize..5, seed in any::<u64>()) {
        let rules = preset(p);
        let (tables, _) = tables_of_a_game(rules, seed, 60);
        for table in tables {
            for outcome in table.turns() {
                let t = outcome.result;
                for side in Side::BOTH {
                    prop_assert_eq!(t.counters(side), rules.counters);
                }
                for m in (rules.private_marks() + 1..=rules.marks()).filter_map(Mark::new) {
                    prop_assert!(t.count(Side::Albi, m) == 0 || t.count(Side::Nigri, m) == 0);
                }
            }
        }
    }

    #[test]
    fn every_outcome_plays_the_most_dice(p in 0usize..5, seed in any::<u64>()) {
        let rules = preset(p);
        let (tables, _) = tables_of_a_game(rules, seed, 12);
        for table in tables {
            let outcomes = table.turns();
            let used: Vec<usize> = outcomes
                .iter()
                .filter(|o| o.result.winner().is_none())
                .map(|o| o.moves.iter().map(|m| m.dice.len()).sum())
                .collect();
            // Every outcome uses as many dice as any, and no single legal move can be
            // followed to use more: replaying each outcome's moves leaves no move.
            if let Some(&most) = used.iter().max() {
                prop_assert!(used.iter().all(|&u| u == most));
            }
            // A few outcomes each: replaying is costly where stacks and sums abound.
            for outcome in outcomes.iter().step_by(outcomes.len().div_ceil(6)) {
                let mut t = table;
                for mv in &outcome.moves {
                    prop_assert!(t.legal_moves().contains(mv), "{} not legal", mv);
                    t.apply(*mv);
                }
                prop_assert!(t.winner().is_some() || t.legal_moves().is_empty());
            }
        }
    }

    #[test]
    fn step_by_step_play_equals_turns(p in 0usize..5, seed in any::<u64>()) {
        let rules = preset(p);
        let (tables, _) = tables_of_a_game(rules, seed, 15);
        for table in tables {
            let listed: HashSet<Table> = table.turns().into_iter().map(|o| o.result).collect();
            let mut walked = HashSet::new();
            walk(&table, &mut walked);
            prop_assert_eq!(listed, walked);
        }
    }

    #[test]
    fn every_random_game_ends(p in 0usize..5, seed in any::<u64>()) {
        let (_, ended) = tables_of_a_game(preset(p), seed, 5000);
        prop_assert!(ended);
    }
}
