//! One test per rule of the Austin and Murray reconstruction, each showing the rule both
//! allowing and forbidding, on the one engine every reading plays.

use ludi_core::scripta::{DieState, Game, GameError, Rules, Side, Table, WrittenTurn};

fn pos(xsn: &str) -> Table {
    xsn.parse().unwrap_or_else(|e| panic!("{xsn}: {e}"))
}

/// The legal next moves, as text, in the order the game lists them.
fn steps(xsn: &str) -> Vec<String> {
    Game::from_table(pos(xsn), 1)
        .legal_moves()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Every outcome as `moves -> resulting XSN` (the turn handed on), `-` for a lost throw.
fn outcomes(xsn: &str) -> Vec<(String, String)> {
    let table = pos(xsn);
    let mut list: Vec<(String, String)> = table
        .turns()
        .iter()
        .map(|t| {
            let moves: Vec<String> = t.moves.iter().map(ToString::to_string).collect();
            let mut after = t.result;
            after.pass_turn(table.dice());
            let written = if moves.is_empty() {
                "-".to_string()
            } else {
                moves.join(" ")
            };
            (written, after.to_string())
        })
        .collect();
    list.sort_by(|a, b| a.1.cmp(&b.1));
    list
}

fn results(xsn: &str) -> Vec<String> {
    outcomes(xsn).into_iter().map(|(_, r)| r).collect()
}

const MURRAY: Rules = Rules::AUSTIN_MURRAY;

#[test]
fn rule_1_one_track_fifteen_counters_albi_open_and_the_opener_alternates() {
    let start = Table::start(MURRAY, Side::Albi);
    assert_eq!(start.to_string(), "A w15s0o0: w15s0o0:");
    // Both sides run the same direction: a Nigri counter on 5 moves on to 8.
    assert_eq!(
        steps("N w15s0o0: w14s0o0:5 3"),
        ["in/3", "5/8"],
        "nigri enter and move forward like albi"
    );
    let first = Game::new(MURRAY, 1, Side::Albi);
    assert_eq!(first.opener(), Side::Albi);
    assert_eq!(first.table().turn(), Side::Albi);
    let second = first.next_game();
    assert_eq!(second.opener(), Side::Nigri);
    assert_eq!(second.table(), &Table::start(MURRAY, Side::Nigri));
    assert_eq!(
        second.seed(),
        first.next_game().seed(),
        "a seeded match replays"
    );
    assert_eq!(second.next_game().opener(), Side::Albi);
    // Forbidden: sixteen counters, or a mark off the track.
    assert!("A w16s0o0: w15s0o0:".parse::<Table>().is_err());
    assert!("A w14s0o0:37 w15s0o0:".parse::<Table>().is_err());
}

#[test]
fn rule_2_three_dice_each_one_step_never_added_together() {
    let mut game = Game::new(MURRAY, 9, Side::Albi);
    let dice = game.throw().unwrap();
    assert_eq!(dice.len(), 3);
    assert!(dice.values().iter().all(|v| (1..=6).contains(v)));
    // One counter may take several steps: 10 -> 12 -> 15.
    let open = "A w0s0o14:10 w11s0o0:20x2,21x2 23";
    assert!(results(open).contains(&"N w0s0o14:15 w11s0o0:20x2,21x2".to_string()));
    // Never one jump of 5: with 12 and 13 both blocked, 15 cannot be reached.
    let shut = "A w0s0o14:10 w11s0o0:12x2,13x2 23";
    assert!(steps(shut).is_empty());
    assert_eq!(
        outcomes(shut),
        [(
            "-".to_string(),
            "N w0s0o14:10 w11s0o0:12x2,13x2".to_string()
        )]
    );
}

#[test]
fn rule_3_play_as_many_dice_as_possible_with_no_preference_for_the_larger() {
    // 20/21 is a step on its own, but after it the 6 has nowhere to go, while 20/26 and
    // 10/11 both let the other die play: 20/21 is not legal.
    let xsn = "A w0s0o13:10,20 w11s0o0:16x2,27x2 16";
    assert_eq!(steps(xsn), ["10/11", "20/26"]);
    assert!(pos(xsn).turns().iter().all(|t| t.moves.len() == 2));
    // Only one die can ever be played: either may be chosen, the other is forfeited.
    let one = "A w0s0o14:10 w13s0o0:16x2 24";
    assert_eq!(steps(one), ["10/12", "10/14"]);
    let mut game = Game::from_table(pos(one), 1);
    game.play_text("10/14").unwrap();
    assert!(game.turn_is_over());
    let states: Vec<&str> = game.dice_states().iter().map(|(_, s)| s.name()).collect();
    assert_eq!(states, ["forfeited", "used"]);
    // No legal step at all: the whole throw is forfeited.
    let none = "A w0s1o0:31x14 w9s0o0:2x2,3x2,5x2 235";
    assert_eq!(
        outcomes(none),
        [(
            "-".to_string(),
            "N w0s1o0:31x14 w9s0o0:2x2,3x2,5x2".to_string()
        )]
    );
    let mut game = Game::from_table(pos(none), 1);
    assert!(game.turn_is_over());
    assert!(game
        .dice_states()
        .iter()
        .all(|(_, s)| *s == DieState::Forfeited));
    let record: WrittenTurn = game.confirm().unwrap().clone();
    assert_eq!(record.to_string(), "A 235: -");
    assert_eq!(game.table().turn(), Side::Nigri);
}

#[test]
fn rule_4_a_die_enters_a_counter_on_its_own_mark_mixed_freely_with_moves() {
    assert_eq!(steps("A w15s0o0: w15s0o0: 235"), ["in/2", "in/3", "in/5"]);
    // Entering and moving in one turn.
    assert_eq!(steps("A w14s0o0:10 w15s0o0: 2"), ["in/2", "10/12"]);
    assert!(outcomes("A w14s0o0:10 w15s0o0: 24")
        .iter()
        .any(|(t, _)| t == "in/2 10/14" || t == "10/14 in/2"));
    // Forbidden: entering on a block.
    assert_eq!(steps("A w14s0o0:10 w13s0o0:2x2 2"), ["10/12"]);
}

#[test]
fn rule_5_a_step_moves_exactly_its_value_forward_passing_over_anything() {
    // Over Nigri's blocks on 11 and 12 to 13.
    assert_eq!(steps("A w0s0o14:10 w11s0o0:11x2,12x2 3"), ["10/13"]);
    // Never short, never long, never back.
    let text = steps("A w0s0o14:10 w15s0o0: 3");
    assert_eq!(text, ["10/13"]);
}

#[test]
fn rule_6_two_or_more_counters_make_a_block_the_enemy_cannot_land_on() {
    assert!(steps("A w0s0o14:10 w12s0o0:13x3 3").is_empty());
    // A lone enemy counter is no block; one's own stack never blocks oneself.
    assert_eq!(steps("A w0s0o14:10 w14s0o0:13 3"), ["10/13*"]);
    assert_eq!(steps("A w0s0o12:10,13x2 w15s0o0: 3"), ["10/13", "13/16"]);
}

#[test]
fn rule_7_landing_on_a_blot_sends_it_home() {
    let by_move = outcomes("A w0s0o14:10 w14s0o0:13 3");
    assert_eq!(
        by_move,
        [("10/13*".to_string(), "N w0s0o14:13 w14s1o0:".to_string())]
    );
    let by_entering = outcomes("A w15s0o0: w14s0o0:4 4");
    assert_eq!(
        by_entering,
        [("in/4*".to_string(), "N w14s0o0:4 w14s1o0:".to_string())]
    );
    // A pair is safe.
    assert!(steps("A w0s0o14:10 w13s0o0:13x2 3").is_empty());
}

#[test]
fn rule_8_counters_sent_home_must_enter_before_anything_moves() {
    // With a counter sent home, only entering is legal...
    assert_eq!(
        steps("A w0s1o0:10x14 w15s0o0: 124"),
        ["in/1", "in/2", "in/4"]
    );
    // ...and once it is in, the other dice are free.
    let freed = outcomes("A w0s1o0:10x14 w15s0o0: 12");
    assert!(freed
        .iter()
        .any(|(t, _)| t == "in/1 10/12" || t == "in/2 10/11"));
    // When no die can enter it, the rest of the throw is forfeited.
    let stuck = "A w0s1o0:10x14 w11s0o0:1x2,2x2 12";
    assert_eq!(outcomes(stuck).len(), 1);
    assert_eq!(outcomes(stuck)[0].0, "-");
    // Entering with one die, then the other die plays a move once the counter is back.
    let partly = "A w0s1o0:10x14 w13s0o0:1x2 12";
    assert!(outcomes(partly).iter().all(|(t, _)| t.starts_with("in/2")));
    // Counters that never entered carry no obligation.
    assert_eq!(steps("A w1s0o0:10x14 w13s0o0:1x2 1"), ["10/11"]);
}

#[test]
fn rule_9_bearing_off_from_the_home_zone_with_the_exact_or_a_larger_die() {
    let home = "A w0s0o12:33,35,36 w15s0o0:";
    // A 4 is exact from 33; a larger die bears off only the rearmost counter, never 35 or 36.
    assert_eq!(steps(&format!("{home} 4")), ["33/off"]);
    assert_eq!(steps(&format!("{home} 6")), ["33/off"]);
    // Exact from 35, and moving within the home zone stays legal.
    assert_eq!(steps(&format!("{home} 2")), ["33/35", "35/off"]);
    assert_eq!(steps(&format!("{home} 1")), ["33/34", "35/36", "36/off"]);
    // Forbidden while any counter is outside 31-36, waiting, or sent home.
    assert_eq!(steps("A w0s0o12:30,35,36 w15s0o0: 1"), ["30/31", "35/36"]);
    assert_eq!(steps("A w1s0o11:33,35,36 w15s0o0: 2"), ["in/2", "33/35"]);
    assert_eq!(
        steps("A w0s1o11:33,35,36 w15s0o0: 2"),
        ["in/2"],
        "a counter sent home after bearing off began must come round again"
    );
}

#[test]
fn rule_10_the_first_to_bear_off_fifteen_wins_at_once() {
    let last = "A w0s0o14:36 w15s0o0: 123";
    let all = outcomes(last);
    assert_eq!(
        all,
        [("36/off".to_string(), "N w0s0o15: w15s0o0:".to_string())]
    );
    let mut game = Game::from_table(pos(last), 3);
    game.play_text("36/off").unwrap();
    assert!(game.turn_is_over(), "the win ends the turn with dice left");
    assert_eq!(game.winner(), Some(Side::Albi));
    game.confirm().unwrap();
    assert!(matches!(game.throw(), Err(GameError::GameOver(Side::Albi))));
    // Fourteen off is not yet a win.
    let mut early = Game::from_table(pos("A w0s0o13:35,36 w15s0o0: 1"), 3);
    early.play_text("36/off").unwrap();
    assert_eq!(early.winner(), None);
}

#[test]
fn a_game_refuses_illegal_actions_and_changes_nothing() {
    let mut game = Game::new(MURRAY, 5, Side::Albi);
    assert_eq!(game.confirm().unwrap_err(), GameError::NotThrown);
    assert!(game.play_text("in/3").is_err());
    game.throw().unwrap();
    assert_eq!(game.throw().unwrap_err(), GameError::AlreadyThrown);
    let before = *game.table();
    for bad in ["in/7", "36/off", "12/15", "", "garbage", "3/2"] {
        assert!(game.play_text(bad).is_err(), "{bad}");
        assert_eq!(*game.table(), before);
    }
    assert_eq!(game.undo().unwrap_err(), GameError::NothingToUndo);
    assert_eq!(game.confirm().unwrap_err(), GameError::TurnNotOver);
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    assert_eq!(game.undo().unwrap(), first);
    assert_eq!(*game.table(), before);
}

#[test]
fn the_same_seed_throws_the_same_dice() {
    let throws = |seed| {
        let mut game = Game::new(MURRAY, seed, Side::Albi);
        let mut seen = Vec::new();
        for _ in 0..20 {
            seen.push(game.throw().unwrap().values().to_vec());
            while let Some(mv) = game.legal_moves().first().copied() {
                game.play(mv).unwrap();
            }
            game.confirm().unwrap();
        }
        seen
    };
    assert_eq!(throws(42), throws(42));
    assert_ne!(throws(42), throws(43));
}
