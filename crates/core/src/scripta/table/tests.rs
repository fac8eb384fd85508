use super::*;
use crate::scripta::movegen;
use crate::scripta::PRESETS;
use std::collections::{BTreeSet, HashSet};

fn dice(values: &[u8]) -> Dice {
    Dice::new(values).unwrap()
}

fn mark(n: u8) -> Mark {
    Mark::new(n).unwrap()
}

/// An empty table under `rules` with Albi to move: nothing waiting, nothing on the board.
fn empty(rules: Rules) -> Table {
    Table {
        rules,
        cells: [0; CELLS],
        trays: [Tray::default(); 2],
        first: [0; 2],
        turn: Side::Albi,
        dice: Dice::NONE,
    }
}

/// `side` puts `n` counters on its mark `m`, borne off counting the rest.
fn put(table: &mut Table, side: Side, m: u8, n: u8) {
    let cell = table.place(side, m);
    table.cells[cell] += cell_of(side, n);
}

/// Makes the counters add up by bearing off the rest of each side's (a side with none
/// placed keeps one waiting, so that nobody has won).
fn balance(mut table: Table) -> Table {
    for side in Side::BOTH {
        if table.counters(side) == 0 {
            table.trays[side.index()].waiting = 1;
        }
        let have = table.counters(side);
        table.trays[side.index()].borne_off += table.rules.counters - have;
    }
    table
}

fn texts(table: &Table) -> BTreeSet<String> {
    table.legal_moves().iter().map(Move::to_string).collect()
}

fn has(table: &Table, text: &str) -> bool {
    table.moves().iter().any(|m| m.to_string() == text)
}

/// The tables with dice met in a random game of `rules` from `seed`, at most `limit`.
fn tables_of_a_game(rules: Rules, seed: u64, limit: usize) -> Vec<Table> {
    let mut rng = Rng::new(seed);
    let mut table = Table::start(rules, Side::Albi);
    let mut seen = Vec::new();
    while seen.len() < limit && table.winner().is_none() {
        let thrown = table.throw(&mut rng);
        let before = table.with_dice(thrown);
        seen.push(before);
        table = before.random_turn(&mut rng).result;
        table.pass_turn(thrown);
    }
    seen
}

#[test]
fn austin_and_murray_outcomes_are_the_fast_engines() {
    for seed in 0..40 {
        for table in tables_of_a_game(Rules::AUSTIN_MURRAY, seed, 80) {
            let fast = table.turns();
            let by_movegen: HashSet<Table> = movegen::turns(&table.position().unwrap())
                .iter()
                .map(|t| Table {
                    turn: table.turn,
                    ..Table::of_position(&t.result.with_dice(Dice::NONE))
                })
                .collect();
            let results: HashSet<Table> = fast.iter().map(|t| t.result).collect();
            assert_eq!(results.len(), fast.len(), "each outcome once: {table}");
            assert_eq!(results, by_movegen, "{table}");
            let general: HashSet<Table> = table.turns_general().iter().map(|t| t.result).collect();
            assert_eq!(results, general, "{table}");
            // The fast engine's moves play legally, one at a time, to its result.
            for outcome in fast.iter().step_by(5) {
                let mut t = table;
                for mv in &outcome.moves {
                    assert!(t.legal_moves().contains(mv), "{mv} in {t}");
                    t.apply(*mv);
                }
                assert_eq!(t.with_dice(Dice::NONE), outcome.result, "{table}");
            }
        }
    }
}

/// The outcomes as the rules read literally: every order of moves walked in full, the ends
/// playing the most dice kept, each with the first way found. Slow and plainly right.
fn reference_turns(table: &Table) -> Vec<TableTurn> {
    fn walk(t: &Table, path: &mut Vec<Move>, all: usize, ends: &mut Vec<(usize, TableTurn)>) {
        let moves = t.moves();
        if moves.is_empty() {
            let used = if t.winner().is_some() {
                all
            } else {
                all - t.dice.len()
            };
            let end = TableTurn {
                moves: path.iter().copied().collect(),
                result: t.with_dice(Dice::NONE),
            };
            ends.push((used, end));
        }
        for mv in moves {
            let mut next = *t;
            next.apply(mv);
            path.push(mv);
            walk(&next, path, all, ends);
            path.pop();
        }
    }
    let mut ends = Vec::new();
    walk(table, &mut Vec::new(), table.dice.len(), &mut ends);
    let most = ends.iter().map(|(used, _)| *used).max().unwrap_or(0);
    let mut met = HashSet::new();
    ends.into_iter()
        .filter(|(used, end)| *used == most && met.insert(end.result))
        .map(|(_, end)| end)
        .collect()
}

#[test]
fn the_general_generator_lists_the_literal_rules_outcomes_in_their_order() {
    let mixes = (5..u16::MAX).step_by(2_777).map(Rules::from_switches);
    let rules: Vec<Rules> = PRESETS
        .iter()
        .filter_map(|id| Rules::parse(id).ok())
        .chain(mixes)
        .collect();
    for (i, rules) in rules.into_iter().enumerate() {
        for table in tables_of_a_game(rules, i as u64, 25) {
            assert_eq!(table.turns_general(), reference_turns(&table), "{table}");
        }
    }
}

#[test]
fn a_random_turn_is_an_outcome_of_legal_moves() {
    for id in PRESETS {
        let rules = Rules::parse(id).unwrap();
        let mut rng = Rng::new(11);
        for table in tables_of_a_game(rules, 3, 40) {
            let outcomes: HashSet<Table> = table.turns().iter().map(|t| t.result).collect();
            let general = table.random_turn_general(&mut rng);
            for turn in [table.random_turn(&mut rng), general] {
                assert!(outcomes.contains(&turn.result), "{id}: {table}");
                let mut t = table;
                for mv in &turn.moves {
                    assert!(t.legal_moves().contains(mv), "{id}: {mv} in {t}");
                    t.apply(*mv);
                }
                assert_eq!(t.with_dice(Dice::NONE), turn.result);
            }
        }
    }
}

#[test]
fn counters_and_dice_per_side_follow_the_rules() {
    let six = Table::start(Rules::ITALIAN_6, Side::Albi);
    assert_eq!(six.tray(Side::Nigri).waiting, 6);
    let mut rng = Rng::new(3);
    assert_eq!(six.throw(&mut rng).len(), 2);
    let fifteen = Table::start(Rules::ITALIAN, Side::Albi);
    assert_eq!(fifteen.tray(Side::Albi).waiting, 15);
    assert_eq!(fifteen.throw(&mut rng).len(), 3);
}

#[test]
fn the_split_track_keeps_private_cells_apart_and_shares_the_rest() {
    let mut table = empty(Rules::parse("track=split").unwrap());
    put(&mut table, Side::Albi, 2, 1);
    put(&mut table, Side::Nigri, 4, 1);
    table = balance(table);
    // Albi's 2 to 4 is its own cell 4: Nigri's counter on its 4 is elsewhere.
    let t = table.with_dice(dice(&[2]));
    assert!(has(&t, "2/4"));
    assert_eq!(t.count(Side::Nigri, mark(4)), 1);
    // On a shared cell the two sides meet: Albi hits Nigri's lone counter on 9.
    let mut shared = empty(Rules::parse("track=split").unwrap());
    put(&mut shared, Side::Albi, 5, 1);
    put(&mut shared, Side::Nigri, 9, 1);
    let shared = balance(shared).with_dice(dice(&[4]));
    assert!(has(&shared, "5/9*"));
    // The shared S has no private cells: the same 4 meets Nigri's counter there.
    let mut s = empty(Rules::AUSTIN_MURRAY);
    put(&mut s, Side::Albi, 2, 1);
    put(&mut s, Side::Nigri, 4, 1);
    let s = balance(s).with_dice(dice(&[2]));
    assert!(has(&s, "2/4*"));
}

#[test]
fn set_up_starts_two_to_a_mark_on_the_own_half() {
    let table = Table::start(Rules::RUSSIAN, Side::Albi);
    for side in Side::BOTH {
        for m in 1..=6 {
            assert_eq!(table.count(side, mark(m)), 2);
        }
        assert_eq!(table.tray(side).waiting, 0);
        assert_eq!(table.counters(side), 12);
    }
    let off = Table::start(Rules::ITALIAN, Side::Albi);
    assert_eq!(off.count(Side::Albi, mark(1)), 0);
}

#[test]
fn entry_all_holds_counters_inside_the_entry_marks_until_all_are_in() {
    let rules = Rules::parse("track=split,entry=all").unwrap();
    let mut table = empty(rules);
    put(&mut table, Side::Albi, 5, 1);
    table.trays[0].waiting = 1;
    let table = balance(table).with_dice(dice(&[3]));
    assert!(!has(&table, "5/8"), "held while one waits");
    assert!(has(&table, "in/3"));
    let mut inside = table.with_dice(dice(&[1]));
    assert!(
        has(&inside, "5/6"),
        "moving inside the entry marks is allowed"
    );
    inside.trays[0].waiting = 0;
    inside.trays[0].borne_off += 1;
    assert!(has(&inside.with_dice(dice(&[3])), "5/8"));
    let free = Table {
        rules: Rules::parse("track=split").unwrap(),
        ..table
    };
    assert!(has(&free, "5/8"));
}

#[test]
fn summed_dice_jump_over_a_block_to_land_at_the_end() {
    let rules = Rules::parse("track=split,sum=on").unwrap();
    let mut table = empty(rules);
    put(&mut table, Side::Albi, 8, 1);
    put(&mut table, Side::Nigri, 12, 2);
    let table = balance(table).with_dice(dice(&[4, 2]));
    assert!(has(&table, "8/14(4+2)"), "the block on 12 is passed");
    assert!(!has(&table, "8/12"));
    let single = Table {
        rules: Rules::parse("track=split").unwrap(),
        ..table
    };
    assert!(!has(&single, "8/14(4+2)"));
    // A summed move spends both dice: the turn uses the most dice all the same.
    let turns = table.turns();
    assert!(turns
        .iter()
        .any(|t| t.moves.len() == 1 && t.moves[0].to_string() == "8/14(4+2)"));
}

#[test]
fn any_stack_moves_together_with_one_die() {
    let rules = Rules::parse("track=split,stacks=any").unwrap();
    let mut table = empty(rules);
    put(&mut table, Side::Albi, 5, 3);
    let table = balance(table).with_dice(dice(&[3]));
    assert!(has(&table, "5/8x2"));
    assert!(has(&table, "5/8x3"));
    let off = Table {
        rules: Rules::parse("track=split").unwrap(),
        ..table
    };
    assert!(!has(&off, "5/8x2"));
}

#[test]
fn a_matched_pair_needs_a_double_and_a_triple_three_of_a_kind() {
    let mut table = empty(Rules::RUSSIAN);
    put(&mut table, Side::Albi, 5, 3);
    let table = balance(table);
    let double = table.with_dice(dice(&[3, 3, 1]));
    assert!(has(&double, "5/8x2"));
    assert!(!has(&double, "5/8x3"));
    let triple = table.with_dice(dice(&[3, 3, 3]));
    assert!(has(&triple, "5/8x3"));
    let plain = table.with_dice(dice(&[3, 2, 1]));
    assert!(!has(&plain, "5/8x2"));
}

#[test]
fn all_dice_alike_throw_again_only_when_the_rules_say() {
    let mut table = Table::start(Rules::ITALIAN, Side::Albi);
    table.pass_turn(dice(&[4, 4, 4]));
    assert_eq!(table.turn(), Side::Albi);
    table.pass_turn(dice(&[4, 4, 2]));
    assert_eq!(table.turn(), Side::Nigri);
    let mut russian = Table::start(Rules::RUSSIAN, Side::Albi);
    russian.pass_turn(dice(&[4, 4, 4]));
    assert_eq!(russian.turn(), Side::Nigri);
    let mut six = Table::start(Rules::ITALIAN_6, Side::Albi);
    six.pass_turn(dice(&[5, 5]));
    assert_eq!(six.turn(), Side::Albi, "in italian-6 a double throws again");
}

#[test]
fn a_counter_hit_to_the_middle_row_must_move_first_or_the_turn_is_lost() {
    let mut table = empty(Rules::RUSSIAN);
    put(&mut table, Side::Albi, 9, 1);
    put(&mut table, Side::Nigri, 1, 1);
    put(&mut table, Side::Nigri, 6, 1);
    put(&mut table, Side::Nigri, 15, 1);
    let mut table = balance(table).with_dice(dice(&[6]));
    let hit = table.moves().into_iter().find(|m| m.to_string() == "9/15*");
    table.apply(hit.unwrap());
    // Nigri's counter goes to its first empty cell, mark 2, and must move first.
    assert_eq!(table.count(Side::Nigri, mark(2)), 1);
    assert_eq!(table.tray(Side::Nigri).sent_home, 0);
    assert_eq!(table.must_move_first(Side::Nigri), 1 << 2);
    table.pass_turn(dice(&[6]));
    let next = table.with_dice(dice(&[3]));
    assert_eq!(texts(&next), BTreeSet::from(["2/5".to_string()]));
    // With its way ahead blocked, nothing else may move: the turn is lost.
    let mut blocked = next;
    put(&mut blocked, Side::Albi, 7, 2);
    blocked.trays[0].borne_off -= 2;
    let blocked = blocked.with_dice(dice(&[5]));
    assert!(
        blocked.legal_moves().is_empty(),
        "{:?}",
        blocked.legal_moves()
    );
    let tray = Table {
        rules: Rules::ITALIAN,
        first: [0; 2],
        ..blocked
    };
    assert!(!tray.legal_moves().is_empty());
}

#[test]
fn a_counter_hit_to_the_tray_re_enters_before_anything_else() {
    let mut table = empty(Rules::ITALIAN);
    put(&mut table, Side::Albi, 10, 1);
    table.trays[0].sent_home = 1;
    let table = balance(table).with_dice(dice(&[2]));
    assert_eq!(texts(&table), BTreeSet::from(["in/2".to_string()]));
}

#[test]
fn exact_bearing_off_refuses_the_overshoot_that_austin_and_murray_allow() {
    let mut table = empty(Rules::ITALIAN);
    put(&mut table, Side::Albi, 28, 1);
    let table = balance(table);
    assert!(has(&table.with_dice(dice(&[3])), "28/off"));
    assert!(!has(&table.with_dice(dice(&[5])), "28/off"));
    let over = Table {
        rules: Rules::parse("track=split,bearoff=over").unwrap(),
        ..table
    };
    assert!(has(&over.with_dice(dice(&[5])), "28/off"));
    // Bearing off waits until every counter is on the last six.
    let mut early = table;
    put(&mut early, Side::Albi, 20, 1);
    early.trays[0].borne_off -= 1;
    assert!(!has(&early.with_dice(dice(&[3])), "28/off"));
}

#[test]
fn a_column_is_captured_only_by_an_equal_or_larger_one() {
    let mut table = empty(Rules::ITALIAN_COLUMNS);
    put(&mut table, Side::Albi, 9, 2);
    put(&mut table, Side::Albi, 10, 1);
    put(&mut table, Side::Nigri, 12, 2);
    let table = balance(table);
    let t = table.with_dice(dice(&[3]));
    assert!(has(&t, "9/12x2*"));
    let t2 = table.with_dice(dice(&[2]));
    assert!(!has(&t2, "10/12"), "a single does not take a column");
    let plain = Table {
        rules: Rules::ITALIAN,
        ..t
    };
    assert!(!has(&plain, "9/12x2*"));
    let mut after = t;
    let mv = t.moves().into_iter().find(|m| m.to_string() == "9/12x2*");
    after.apply(mv.unwrap());
    assert_eq!(after.tray(Side::Nigri).sent_home, 2);
    assert_eq!(after.count(Side::Albi, mark(12)), 2);
}

#[test]
fn the_cap_of_four_refuses_a_fifth_counter() {
    let rules = Rules::parse("track=split,counters=12,start=set,cap=4").unwrap();
    let mut table = empty(rules);
    put(&mut table, Side::Albi, 8, 4);
    put(&mut table, Side::Albi, 5, 1);
    let table = balance(table).with_dice(dice(&[3]));
    assert!(!has(&table, "5/8"));
    let open = Table {
        rules: Rules::parse("track=split").unwrap(),
        ..table
    };
    assert!(has(&open, "5/8"));
}

#[test]
fn a_counter_hit_to_a_full_half_goes_where_the_cap_of_four_leaves_room() {
    let capped = Rules {
        cap4: true,
        ..Rules::RUSSIAN
    };
    for rules in [capped, Rules::RUSSIAN] {
        // Every cell of Nigri's half is taken, its first by four.
        let mut table = empty(rules);
        for (m, n) in [(1, 4), (2, 2), (3, 1), (4, 1), (5, 1), (6, 1)] {
            put(&mut table, Side::Nigri, m, n);
        }
        put(&mut table, Side::Nigri, 15, 1);
        put(&mut table, Side::Albi, 9, 1);
        let mut table = balance(table).with_dice(dice(&[6]));
        let hit = table.moves().into_iter().find(|m| m.to_string() == "9/15*");
        table.apply(hit.unwrap());
        let first = if rules.cap4 { 2 } else { 1 };
        assert_eq!(
            table.count(Side::Nigri, mark(1)),
            if rules.cap4 { 4 } else { 5 }
        );
        assert_eq!(
            table.count(Side::Nigri, mark(2)),
            if rules.cap4 { 3 } else { 2 }
        );
        assert_eq!(table.must_move_first(Side::Nigri), 1 << first, "{rules}");
    }
}

#[test]
fn moves_are_written_with_their_sum_and_count() {
    let mv = Move {
        from: From::Mark(mark(4)),
        to: To::Mark(mark(10)),
        count: 1,
        dice: dice(&[4, 2]),
        summed: true,
        hit: 0,
    };
    assert_eq!(mv.to_string(), "4/10(4+2)");
    let stack = Move {
        from: From::Mark(mark(5)),
        to: To::Mark(mark(8)),
        count: 2,
        dice: dice(&[3]),
        summed: false,
        hit: 1,
    };
    assert_eq!(stack.to_string(), "5/8x2*");
}

/// Plays a random game under `rules` from `seed`, checking each turn; its number of turns.
fn random_game(rules: Rules, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut table = Table::start(rules, Side::Albi);
    for played in 0..5000 {
        if table.winner().is_some() {
            return played;
        }
        let thrown = table.throw(&mut rng);
        let before = table.with_dice(thrown);
        let outcomes = before.turns();
        assert!(!outcomes.is_empty());
        let pick = &outcomes[rng.below(outcomes.len() as u32) as usize];
        for side in Side::BOTH {
            assert_eq!(pick.result.counters(side), rules.counters);
        }
        // Private cells hold only their owner's counters.
        let private = usize::from(rules.private_marks());
        assert!(pick.result.cells[1..=private].iter().all(|&c| c >= 0));
        assert!(pick.result.cells[private + 1..=2 * private]
            .iter()
            .all(|&c| c <= 0));
        table = pick.result;
        table.pass_turn(thrown);
    }
    panic!("{rules} seed {seed}: no end in 5000 turns");
}

#[test]
fn random_games_of_every_preset_end_with_the_counters_conserved() {
    for id in PRESETS {
        let rules = Rules::parse(id).unwrap();
        for seed in 0..3 {
            let turns = random_game(rules, seed);
            assert!(turns > 10, "{id}: {turns}");
        }
    }
}

/// The outcomes reached by playing legal moves one at a time.
fn step_by_step(table: &Table, out: &mut HashSet<Table>) {
    let legal = table.legal_moves();
    if legal.is_empty() {
        let mut end = *table;
        end.dice = Dice::NONE;
        out.insert(end);
        return;
    }
    for mv in legal {
        let mut next = *table;
        next.apply(mv);
        step_by_step(&next, out);
    }
}

#[test]
fn step_by_step_play_reaches_exactly_the_outcomes_of_turns() {
    for id in PRESETS {
        let rules = Rules::parse(id).unwrap();
        let mut rng = Rng::new(7);
        let mut table = Table::start(rules, Side::Albi);
        for _ in 0..40 {
            if table.winner().is_some() {
                break;
            }
            let thrown = table.throw(&mut rng);
            let before = table.with_dice(thrown);
            let outcomes = before.turns();
            let listed: HashSet<Table> = outcomes.iter().map(|t| t.result).collect();
            let mut walked = HashSet::new();
            step_by_step(&before, &mut walked);
            assert_eq!(listed, walked, "{id}");
            table = outcomes[rng.below(outcomes.len() as u32) as usize].result;
            table.pass_turn(thrown);
        }
    }
}

#[test]
fn the_higher_opening_throw_opens_and_ties_throw_again() {
    for seed in 0..50 {
        let (opener, throws) = Table::opening_throw(&Rules::ITALIAN, &mut Rng::new(seed));
        let total = |d: &Dice| d.values().iter().map(|&v| u32::from(v)).sum::<u32>();
        let (last, ties) = throws.split_last().unwrap();
        assert!(ties.iter().all(|p| total(&p[0]) == total(&p[1])));
        let winner = if total(&last[0]) > total(&last[1]) {
            Side::Albi
        } else {
            Side::Nigri
        };
        assert_ne!(total(&last[0]), total(&last[1]));
        assert_eq!(opener, winner);
    }
}

#[test]
fn a_written_move_names_its_sum_or_its_stack() {
    let mut table = empty(Rules::ITALIAN);
    put(&mut table, Side::Albi, 8, 2);
    let table = balance(table).with_dice(dice(&[4, 2]));
    assert_eq!(
        table.legal_move("8/14(2+4)").unwrap().to_string(),
        "8/14(4+2)"
    );
    assert_eq!(table.legal_move("8/14").unwrap().to_string(), "8/14(4+2)");
    assert_eq!(table.legal_move("8/12x2").unwrap().count, 2);
    assert!(table.legal_move("8/12").unwrap().count == 1);
    assert!(table.legal_move("8/13").is_err());
    assert!(table.legal_move("8/14(4+3)").is_err());
    assert!(table.legal_move("8/14(4+").is_err());
}
