//! The session under the other readings of the rules, as the page drives it: the same calls
//! as under Austin and Murray's, on the same engine.

use super::session::{Session, Tapped};
use super::view::{
    BlockedView, DieView, PlaceView, Placed, Snapshot, SourceSteps, StepView, ThrowView, TrayView,
};
use ludi_core::scripta::{Record, Rules, PRESETS};

fn session(xsn: &str) -> Session {
    Session::from_position(xsn, Some("1")).unwrap()
}

/// The first legal step, as the page would pick it from the snapshot.
fn first_step(s: &Session) -> Option<String> {
    let snapshot = s.snapshot();
    snapshot.sources.first().map(|g| g.steps[0].step.clone())
}

/// Plays every turn by its first legal steps until the game is won (or `limit` turns).
fn play_out(s: &mut Session, limit: usize) {
    for _ in 0..limit {
        if s.snapshot().winner.is_some() {
            return;
        }
        if !s.snapshot().thrown {
            s.throw_dice().unwrap();
        }
        while let Some(step) = first_step(s) {
            s.play(&step).unwrap();
        }
        s.confirm().unwrap();
    }
}

fn steps(views: &[StepView]) -> Vec<&str> {
    views.iter().map(|v| v.step.as_str()).collect()
}

fn word(w: &str) -> Tapped {
    Tapped::Word(w.into())
}

#[test]
fn a_summed_move_is_played_with_its_dice() {
    let mut s = session("italian A w0s0o14:8 w15s0o0: 421");
    let snapshot = s.snapshot();
    assert_eq!(snapshot.rules, "italian");
    let group = &snapshot.sources[0];
    assert_eq!(group.source, PlaceView::Mark(8));
    // Single dice by die, then the sums by distance.
    assert_eq!(
        steps(&group.steps),
        [
            "8/9",
            "8/10",
            "8/12",
            "8/11(2+1)",
            "8/13(4+1)",
            "8/14(4+2)",
            "8/15(4+2+1)"
        ]
    );
    let played = s.play("8/14(2+4)").unwrap();
    assert_eq!(played.step, "8/14(4+2)");
    assert_eq!(
        (
            played.die,
            played.dice.as_slice(),
            played.summed,
            played.count
        ),
        (6, &[4, 2][..], true, 1)
    );
    assert_eq!(
        (played.from, played.to),
        (PlaceView::Mark(8), PlaceView::Mark(14))
    );
    let snapshot = s.snapshot();
    let states: Vec<(u8, &str)> = snapshot.dice.iter().map(|d| (d.value, d.state)).collect();
    assert_eq!(states, [(4, "used"), (2, "used"), (1, "unused")]);
    assert_eq!(snapshot.steps, [played]);
    assert_eq!(snapshot.position, "italian A w0s0o14:14 w15s0o0: 1");
    // A plain `8/14` would need a single 6: not a move now.
    assert_eq!(s.undo().unwrap().step, "8/14(4+2)");
    assert!(s.play("8/14").is_ok(), "8/14 names the only way: the sum");
}

#[test]
fn a_stack_moves_together() {
    let mut s = session("italian A w0s0o13:8x2 w15s0o0: 421");
    let group = &s.snapshot().sources[0];
    assert!(steps(&group.steps).starts_with(&["8/9", "8/10", "8/12", "8/9x2", "8/10x2"]));
    let played = s.play("8/12x2").unwrap();
    assert_eq!(
        (
            played.die,
            played.dice.as_slice(),
            played.summed,
            played.count
        ),
        (4, &[4][..], false, 2)
    );
    let marks = s.snapshot().marks;
    assert!(marks.contains(&Placed {
        mark: 12,
        side: "albi",
        count: 2
    }));
    // Russian: a pair moves with a double, spending both dice.
    let mut russian =
        session("russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 443");
    let pair = russian.play("1/5x2").unwrap();
    assert_eq!(
        (pair.die, pair.dice.as_slice(), pair.summed, pair.count),
        (4, &[4, 4][..], false, 2)
    );
}

#[test]
fn three_alike_throw_again() {
    let mut s = session("italian A w15s0o0: w15s0o0: 333");
    for _ in 0..3 {
        s.play("in/3").unwrap();
    }
    assert_eq!(s.confirm().unwrap(), "A 333: in/3 in/3 in/3");
    let after = s.snapshot();
    assert_eq!((after.turn, after.thrown, after.turns), ("albi", false, 1));
    s.throw_dice().unwrap();
    assert_eq!(s.snapshot().turn, "albi");
}

#[test]
fn the_russian_hit_goes_to_the_owners_middle_row() {
    let mut s =
        session("russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6,10 w0s0o0:1x2,2x2,3x2,4x2,5x3,12 2");
    let hit = s.play("10/12").unwrap();
    assert!(hit.hit);
    let snapshot = s.snapshot();
    assert!(snapshot.position.contains(",6!"), "{}", snapshot.position);
    // On nigri's own sixth cell, not on albi's.
    let sixes: Vec<&Placed> = snapshot.marks.iter().filter(|p| p.mark == 6).collect();
    assert_eq!(
        sixes,
        [
            &Placed {
                mark: 6,
                side: "albi",
                count: 1
            },
            &Placed {
                mark: 6,
                side: "nigri",
                count: 1
            }
        ]
    );
    assert!(!snapshot
        .marks
        .iter()
        .any(|p| p.mark == 12 && p.side == "nigri"));
    assert_eq!(snapshot.nigri.must_move, 1);
    assert_eq!(s.geometry().hit, "middle");
    assert_eq!(
        session("italian A w15s0o0: w15s0o0: 1").geometry().hit,
        "tray"
    );
}

#[test]
fn a_counter_hit_to_the_middle_row_makes_the_first_move() {
    let mut s =
        session("russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6!,20 w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 123");
    assert_eq!(
        (s.snapshot().albi.must_move, s.snapshot().albi.sent_home),
        (1, 0)
    );
    for mark in [1.0, 20.0] {
        let refused = s.refusal(None, Tapped::Number(mark)).unwrap();
        assert_eq!(refused.code, "must-move-hit");
    }
    s.play("6/7").unwrap();
    assert_eq!(s.snapshot().albi.must_move, 0);
    s.play("20/22").unwrap();
}

#[test]
fn refusals_under_the_other_readings() {
    let exact = session("italian A w0s0o13:25,27 w15s0o0: 255");
    let refusal = exact
        .refusal(Some(Tapped::Number(27.0)), word("off:albi"))
        .unwrap();
    assert_eq!(refusal.code, "bear-off-exact");
    assert_eq!(refusal.args.from, Some(PlaceView::Mark(27)));
    let phase = session("italian A w13s0o0:2,3 w15s0o0: 666");
    let refusal = phase.refusal(None, Tapped::Number(2.0)).unwrap();
    assert_eq!(
        (refusal.code, refusal.args.counters),
        ("enter-all-first", Some(13))
    );
    let russian =
        session("russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 w0s0o0:1x2,2x2,3x2,4x2,5x2,20x2 123");
    let theirs = russian.refusal(None, word("nigri:3")).unwrap();
    assert_eq!(
        (theirs.code, theirs.args.mark, theirs.args.side),
        ("not-yours", Some(3), Some("nigri"))
    );
    assert_eq!(
        russian.refusal(None, word("nigri:6")).unwrap().code,
        "other-cell"
    );
    assert_eq!(
        russian.refusal(None, word("albi:25")).unwrap().code,
        "empty"
    );
    for bad in [
        word("nigri:0"),
        word("nigri:31"),
        word("rubri:3"),
        word("albi:x"),
        Tapped::Number(31.0),
        Tapped::Number(0.5),
    ] {
        let e = russian.refusal(None, bad.clone()).unwrap_err();
        assert!(e.contains("mark") || e.contains("place"), "{bad:?}: {e}");
    }
    assert!(russian
        .refusal(Some(Tapped::Number(31.0)), Tapped::Number(3.0))
        .unwrap_err()
        .contains("1 to 30"));
}

#[test]
fn a_saved_game_keeps_its_opening_throws() {
    let mut s = Session::new(Some("42"), Some("nigri"), Some("italian")).unwrap();
    play_out(&mut s, 3);
    let saved = s.save();
    assert!(saved.start.starts_with("italian "), "{}", saved.start);
    assert!(!saved.opening.is_empty());
    assert_eq!(Session::restore(&saved).unwrap().snapshot(), s.snapshot());
    let mut bad = saved.clone();
    bad.opening[0][0] = "666".into();
    assert!(Session::restore(&bad)
        .unwrap_err()
        .contains("opening throws"));
    let mut bad = saved;
    bad.start = "italian A nonsense".into();
    assert!(Session::restore(&bad).unwrap_err().contains("XSN"));
}

#[test]
fn the_opening_throw_is_shown_until_the_first_throw() {
    let mut s = Session::new(Some("42"), None, Some("italian")).unwrap();
    let shown = s.snapshot().opening.expect("the throw decides the opener");
    let [albi, nigri] = s.save().opening.last().cloned().unwrap();
    let digits = |t: &ThrowView| t.dice.iter().map(u8::to_string).collect::<String>();
    assert_eq!([digits(&shown.albi), digits(&shown.nigri)], [albi, nigri]);
    let higher = if shown.albi.total > shown.nigri.total {
        "albi"
    } else {
        "nigri"
    };
    assert_eq!(s.snapshot().turn, higher);
    s.throw_dice().unwrap();
    assert_eq!(s.snapshot().opening, None, "the game has begun");
    let named = Session::new(Some("42"), None, Some("austin-murray")).unwrap();
    assert_eq!(named.snapshot().opening, None, "the rules name the opener");
}

#[test]
fn bad_input_is_refused_with_words_and_changes_nothing() {
    for rules in ["chess", "italian-7", "dice=7"] {
        let e = Session::new(Some("1"), None, Some(rules)).unwrap_err();
        assert!(e.contains(rules), "{e}");
    }
    let e = Session::from_position("chess A w15s0o0: w15s0o0:", None).unwrap_err();
    assert!(e.contains("chess"), "{e}");
    let mut s = Session::new(Some("3"), None, Some("russian")).unwrap();
    let before = s.snapshot();
    assert!(s.play("in/3").unwrap_err().contains("throw"));
    assert!(s.confirm().unwrap_err().contains("throw"));
    assert!(s.undo().is_err());
    assert!(s.refusal(None, word("tray")).is_err());
    assert_eq!(s.snapshot(), before);
    s.throw_dice().unwrap();
    let thrown = s.snapshot();
    assert!(s.throw_dice().unwrap_err().contains("already thrown"));
    assert!(s.play("30/off").unwrap_err().contains("not a legal step"));
    assert!(s.play("1/5(9+9)").is_err());
    assert!(s.confirm().unwrap_err().contains("can still be played"));
    assert_eq!(s.snapshot(), thrown);
}

#[test]
fn a_seeded_game_of_every_preset_plays_to_its_end() {
    for id in PRESETS {
        let mut s = Session::new(Some("5"), None, Some(id)).unwrap();
        assert_eq!(s.snapshot().rules, id);
        let rules = Rules::preset_rules(id).unwrap();
        let board = s.geometry();
        assert_eq!(board.exit_after, rules.marks());
        assert_eq!(board.counters, rules.counters);
        play_out(&mut s, 5000);
        let end = s.snapshot();
        assert!(end.winner.is_some(), "{id}: {}", end.position);
        assert!(s.throw_dice().unwrap_err().contains("game is over"));
        let record = s.record(Some("Ada"), Some("easy"), None).unwrap();
        if id != "austin-murray" {
            let read: Record = record.parse().unwrap();
            assert_eq!(read.rules, rules);
            assert_eq!(read.replay().map(|_| ()), Ok(()), "{id}");
        }
        let next = s.next_game();
        assert_eq!(next.snapshot().rules, id);
        assert_eq!(next.snapshot().turns, 0);
    }
}

#[test]
fn a_record_under_another_reading_is_taken_over() {
    let mut s = Session::new(Some("31"), None, Some("italian-6")).unwrap();
    play_out(&mut s, 4);
    let text = s.record(Some("Ada"), Some("Centurio"), None).unwrap();
    assert!(text.contains("Rules: italian-6\n"), "{text}");
    let taken = Session::from_record(&text, 2, None).unwrap();
    assert_eq!(taken.snapshot().turns, 2, "the history is kept");
    assert_eq!(taken.snapshot().rules, "italian-6");
    let all = Session::from_record(&text, u32::MAX, None).unwrap();
    assert_eq!(all.snapshot().position, s.snapshot().position);
    let written = "Game: XII Scripta\nRules: italian-6\n\nA 42: in/6(4+2)\n";
    let fresh = Session::from_record(written, 1, Some("5")).unwrap();
    assert_eq!(fresh.snapshot().turns, 0, "no seed: from the position");
    assert_eq!(fresh.snapshot().position, "italian-6 N w5s0o0:6 w6s0o0:");
    let bad = Session::from_record(
        "Game: XII Scripta\nRules: italian-6\n\nA 42: in/4\n",
        1,
        None,
    );
    assert!(bad.unwrap_err().contains("not played out"));
    let unknown = Session::from_record("Game: XII Scripta\nRules: chess\n\n", 0, None);
    assert!(unknown.unwrap_err().contains("chess"));
}

#[test]
fn austin_and_murray_snapshots_only_gain_the_new_fields() {
    let named = [
        None,
        Some("austin-murray"),
        Some(" Austin & Murray "),
        Some(""),
    ];
    let snapshots: Vec<Snapshot> = named
        .iter()
        .map(|rules| Session::new(Some("9"), None, *rules).unwrap().snapshot())
        .collect();
    assert!(snapshots.iter().all(|s| *s == snapshots[0]));
    let mut s = Session::from_position("A w15s0o0: w14s0o0:2 235", Some("1")).unwrap();
    let hit = s.play("in/2").unwrap();
    let step = StepView {
        step: "in/2*".into(),
        from: PlaceView::Word("tray"),
        to: PlaceView::Mark(2),
        die: 2,
        hit: true,
        count: 1,
        dice: vec![2],
        summed: false,
    };
    assert_eq!(hit, step);
    let tray = |waiting, sent_home| TrayView {
        waiting,
        sent_home,
        borne_off: 0,
        must_move: 0,
    };
    let die = |value, state| DieView { value, state };
    let plain = |from: PlaceView, to: u8, die: u8| StepView {
        step: match from {
            PlaceView::Mark(m) => format!("{m}/{to}"),
            PlaceView::Word(_) => format!("in/{to}"),
        },
        from,
        to: PlaceView::Mark(to),
        die,
        hit: false,
        count: 1,
        dice: vec![die],
        summed: false,
    };
    let tray_source = PlaceView::Word("tray");
    let expected = Snapshot {
        position: "A w14s0o0:2 w14s1o0: 35".into(),
        turn: "albi",
        opener: "albi",
        opening: None,
        thrown: true,
        dice: vec![die(2, "used"), die(3, "unused"), die(5, "unused")],
        turn_over: false,
        steps: vec![step],
        sources: vec![
            SourceSteps {
                source: tray_source,
                steps: vec![plain(tray_source, 3, 3), plain(tray_source, 5, 5)],
            },
            SourceSteps {
                source: PlaceView::Mark(2),
                steps: vec![
                    plain(PlaceView::Mark(2), 5, 3),
                    plain(PlaceView::Mark(2), 7, 5),
                ],
            },
        ],
        albi: tray(14, 0),
        nigri: tray(14, 1),
        marks: vec![Placed {
            mark: 2,
            side: "albi",
            count: 1,
        }],
        turns: 0,
        winner: None,
        seed: "1".into(),
        turn_seed: "11400714819323198485".into(),
        rules: "austin-murray".into(),
        blocked: BlockedView {
            albi: vec![],
            nigri: vec![],
        },
    };
    assert_eq!(s.snapshot(), expected);
    assert_eq!(s.geometry().name, "trier");
}

#[test]
fn a_table_snapshot_names_its_rules_and_board() {
    let mut s = Session::new(Some("7"), None, Some("italian")).unwrap();
    s.throw_dice().unwrap();
    let snapshot = s.snapshot();
    assert_eq!(snapshot.rules, "italian");
    assert!(snapshot.position.starts_with("italian "));
    assert_eq!(snapshot.dice.len(), 3);
    assert!(!snapshot.sources.is_empty());
    assert_eq!(s.geometry().name, "split");
    let custom = Session::new(Some("7"), None, Some("sum=on")).unwrap();
    assert!(custom.snapshot().rules.contains("sum=on"));
}

#[test]
fn the_snapshot_names_the_marks_a_lone_counter_cannot_land_on() {
    let s = session("A w10s0o0:3,20x4 w9s0o0:5x2,21,30x3 123");
    assert_eq!(
        s.snapshot().blocked,
        BlockedView {
            albi: vec![5, 30],
            nigri: vec![20],
        }
    );
    // The other side's private cells are no part of a side's track.
    let split = session("russian A w0s0o7:3x5 w0s0o5:3x5,20x2 123");
    assert_eq!(split.snapshot().blocked.albi, [20]);
    assert!(split.snapshot().blocked.nigri.is_empty());
}

/// An online game's mirror: the page restores the server's public save (no seed, the throw in
/// `dice`) through the same `restore`, and sees the same game, its dice and steps included.
#[test]
fn a_public_save_restores_to_the_same_game_with_its_dice() {
    use ludi_core::scripta::{Game, Side};
    let same = |game: &Game| {
        let public = game.public_save();
        assert_eq!(public.seed, "");
        let seeded = Session::restore(&game.save()).unwrap().snapshot();
        let mirror = Session::restore(&public).unwrap().snapshot();
        assert_eq!(mirror.position, seeded.position);
        assert_eq!(mirror.dice, seeded.dice);
        assert_eq!(mirror.sources, seeded.sources);
        assert_eq!(mirror.turns, seeded.turns);
    };
    for rules in [Rules::AUSTIN_MURRAY, Rules::ITALIAN] {
        let mut game = Game::new(rules, 42, Side::Albi);
        for _ in 0..8 {
            same(&game);
            game.throw().unwrap();
            assert!(!game.public_save().dice.is_empty());
            same(&game);
            while let Some(mv) = game.legal_moves().first().copied() {
                game.play(mv).unwrap();
                same(&game);
            }
            game.confirm().unwrap();
        }
    }
}
