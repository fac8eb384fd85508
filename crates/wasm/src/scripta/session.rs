//! The game as the page sees it, in plain Rust: the page's words and numbers read into core
//! values, and every answer a view from `view.rs` or a readable message. The rules, seeds and
//! saving all live in the core's one [`Game`], whatever the reading.

use super::view::{GeometryView, RefusalView, Snapshot, StepView};
use ludi_core::rng::os_seed;
use ludi_core::scripta::{
    From, Game, Geometry, Mark, Place, Record, Rules, SavedGame, Side, Table,
};

/// A place or source as the page passes it: a mark number or a word.
#[derive(Clone, Debug, PartialEq)]
pub enum Tapped {
    Number(f64),
    Word(String),
}

/// A game and nothing else: its seed, start and rules are the core's.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
}

pub(crate) fn parse_seed(seed: Option<&str>) -> Result<u64, String> {
    match seed.map(str::trim) {
        None | Some("") => os_seed(),
        Some(text) if text.bytes().all(|b| b.is_ascii_digit()) => text
            .parse()
            .map_err(|_| format!("the seed `{text}` is too large (at most 20 digits)")),
        Some(text) => Err(format!("the seed must be a whole number, not `{text}`")),
    }
}

/// An XSN, with or without a rules field.
pub(crate) fn parse_table(xsn: &str) -> Result<Table, String> {
    xsn.trim().parse().map_err(|e| format!("XSN: {e}"))
}

/// The rules the page names: Austin and Murray's when absent or empty.
fn parse_rules(text: Option<&str>) -> Result<Rules, String> {
    match text.map(str::trim) {
        None | Some("") => Ok(Rules::default()),
        Some(text) => {
            Rules::read(text).map_err(|e| format!("the rules `{text}` are not readable: {e}"))
        }
    }
}

/// The two option keys that cannot go together in `text`, if that is why it is refused.
pub(crate) fn rules_clash(text: &str) -> Option<[&'static str; 2]> {
    Rules::read(text).err()?.clashing()
}

fn parse_side(name: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.name() == name)
}

fn parse_opener(name: Option<&str>) -> Result<Side, String> {
    match name.map(str::trim) {
        None | Some("") => Ok(Side::Albi),
        Some(name) => parse_side(name)
            .ok_or_else(|| format!("the opener must be `albi` or `nigri`, not `{name}`")),
    }
}

/// A mark number from JS: a whole number on a track of `marks` marks.
fn parse_mark(n: f64, marks: u8) -> Result<Mark, String> {
    // `as` saturates, so anything past 255 lands on 255, which is no mark either.
    (n.fract() == 0.0 && n >= 1.0 && n <= f64::from(marks))
        .then_some(n as u8)
        .and_then(Mark::new)
        // Not echoing the number keeps float formatting, and its size, out of the wasm.
        .ok_or_else(|| format!("a mark is a whole number from 1 to {marks}"))
}

/// What is picked up: nothing, `tray` or a mark number.
fn parse_selected(selected: Option<Tapped>, marks: u8) -> Result<Option<From>, String> {
    match selected {
        None => Ok(None),
        Some(Tapped::Number(n)) => parse_mark(n, marks).map(|m| Some(From::Mark(m))),
        Some(Tapped::Word(word)) if word == "tray" => Ok(Some(From::Tray)),
        Some(Tapped::Word(word)) => Err(format!(
            "the selected source must be `tray` or a mark number, not `{word}`"
        )),
    }
}

/// What is tapped: a mark number (the mover's numbering), `tray:<side>`, `off:<side>`, or a
/// mark in a side's own numbering, `albi:3` (a private cell of the split track).
fn parse_place(place: Tapped, marks: u8) -> Result<Place, String> {
    let word = match place {
        Tapped::Number(n) => return parse_mark(n, marks).map(Place::Mark),
        Tapped::Word(word) => word,
    };
    let place = match word.split_once(':') {
        Some(("tray", side)) => parse_side(side).map(Place::Tray),
        Some(("off", side)) => parse_side(side).map(Place::Exit),
        Some((side, mark)) => {
            let mark = mark.parse::<u8>().ok().filter(|m| (1..=marks).contains(m));
            parse_side(side)
                .zip(mark.and_then(Mark::new))
                .map(|(side, mark)| Place::Own(side, mark))
        }
        None => None,
    };
    place.ok_or_else(|| {
        format!("the place must be a mark number, `tray:albi`, `off:nigri`, `albi:3` and so on, not `{word}`")
    })
}

/// A core error, or a turn's record line, as the page reads it.
fn say<T: std::fmt::Display>(value: T) -> String {
    value.to_string()
}

impl Session {
    /// A new game: `rules` a preset id or key=value text, Austin and Murray's when absent.
    pub fn new(
        seed: Option<&str>,
        opener: Option<&str>,
        rules: Option<&str>,
    ) -> Result<Session, String> {
        let seed = parse_seed(seed)?;
        let opener = parse_opener(opener)?;
        let game = Game::new(parse_rules(rules)?, seed, opener);
        Ok(Session { game })
    }

    pub fn from_position(xsn: &str, seed: Option<&str>) -> Result<Session, String> {
        let table = parse_table(xsn)?;
        let game = Game::from_table(table, parse_seed(seed)?);
        Ok(Session { game })
    }

    /// The game of a record taken over after its first `turns` turns: with those turns as its
    /// history when the record's seed throws its dice, else from the position they reach with
    /// dice from `seed` (the core decides, in `Record::resume`), under the record's rules.
    pub fn from_record(text: &str, turns: u32, seed: Option<&str>) -> Result<Session, String> {
        let turns = usize::try_from(turns).unwrap_or(usize::MAX);
        let record: Record = text.parse().map_err(say)?;
        let game = record.resume(turns, parse_seed(seed)?).map_err(say)?;
        Ok(Session { game })
    }

    pub fn restore(saved: &SavedGame) -> Result<Session, String> {
        let game = Game::restore(saved).map_err(say)?;
        Ok(Session { game })
    }

    pub fn next_game(&self) -> Session {
        Session {
            game: self.game.next_game(),
        }
    }

    pub fn throw_dice(&mut self) -> Result<Vec<u8>, String> {
        let dice = self.game.throw().map_err(say)?;
        Ok(dice.values().to_vec())
    }

    pub fn play(&mut self, step: &str) -> Result<StepView, String> {
        self.game.play_text(step).map(StepView::of).map_err(say)
    }

    pub fn undo(&mut self) -> Result<StepView, String> {
        self.game.undo().map(StepView::of).map_err(say)
    }

    /// Ends the turn; returns its record line.
    pub fn confirm(&mut self) -> Result<String, String> {
        self.game.confirm().map(say).map_err(say)
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot::of(&self.game)
    }

    pub fn save(&self) -> SavedGame {
        self.game.save()
    }

    /// The game record of the confirmed turns so far, with who played and when; refused
    /// when those details would make a record that does not read back (a date that is not
    /// ISO).
    pub fn record(
        &self,
        albi: Option<&str>,
        nigri: Option<&str>,
        date: Option<&str>,
    ) -> Result<String, String> {
        let text = Record {
            albi: albi.map(str::to_owned),
            nigri: nigri.map(str::to_owned),
            date: date.map(str::to_owned),
            ..self.game.record()
        }
        .to_string();
        text.parse::<Record>()
            .map_err(|e| format!("the record would not read back: {}", e.message))?;
        Ok(text)
    }

    pub fn geometry(&self) -> GeometryView {
        GeometryView::of(&Geometry::of(self.game.rules()))
    }

    pub fn refusal(&self, selected: Option<Tapped>, place: Tapped) -> Result<RefusalView, String> {
        let marks = self.game.rules().marks();
        let selected = parse_selected(selected, marks)?;
        let place = parse_place(place, marks)?;
        Ok(RefusalView::of(self.game.refusal(selected, place)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::view::{PlaceView, RefusalArgs};
    use super::*;

    fn session(xsn: &str) -> Session {
        Session::from_position(xsn, Some("1")).unwrap()
    }

    #[test]
    fn own_rules_that_clash_name_their_two_keys() {
        assert_eq!(rules_clash("start=set"), Some(["start", "track"]));
        assert_eq!(
            rules_clash(" track=split,start=set "),
            Some(["start", "counters"])
        );
        assert_eq!(rules_clash("hit=middle"), Some(["hit", "track"]));
        assert_eq!(rules_clash("russian"), None, "valid");
        assert_eq!(
            rules_clash("counters=12,track=split,start=set"),
            None,
            "valid"
        );
        assert_eq!(rules_clash("counters=7"), None, "wrong another way");
    }

    /// The first legal step, as the page would pick it from the snapshot.
    fn first_step(s: &Session) -> Option<String> {
        let snapshot = s.snapshot();
        snapshot.sources.first().map(|g| g.steps[0].step.clone())
    }

    #[test]
    fn groups_legal_steps_by_source() {
        let s = session("A w13s0o0:1,5 w15s0o0: 23");
        let groups = s.snapshot().sources;
        let sources: Vec<PlaceView> = groups.iter().map(|g| g.source).collect();
        assert_eq!(
            sources,
            [
                PlaceView::Word("tray"),
                PlaceView::Mark(1),
                PlaceView::Mark(5)
            ]
        );
        let tray: Vec<&str> = groups[0].steps.iter().map(|s| s.step.as_str()).collect();
        assert_eq!(tray, ["in/2", "in/3"]);
    }

    #[test]
    fn plays_undoes_and_confirms() {
        let mut s = session("A w15s0o0: w14s0o0:2 235");
        let hit = s.play("in/2").unwrap();
        assert!(hit.hit);
        assert_eq!(s.snapshot().position, "A w14s0o0:2 w14s1o0: 35");
        assert_eq!(s.snapshot().steps, std::slice::from_ref(&hit));
        assert_eq!(
            (hit.from, hit.to, hit.die),
            (PlaceView::Word("tray"), PlaceView::Mark(2), 2)
        );
        assert_eq!(s.undo().unwrap().step, "in/2*");
        assert!(s.confirm().is_err());
        for step in ["in/2", "in/3", "in/5"] {
            s.play(step).unwrap();
        }
        assert_eq!(s.confirm().unwrap(), "A 235: in/2* in/3 in/5");
        assert_eq!(s.snapshot().turn, "nigri");
        assert!(!s.snapshot().thrown);
        let record = s
            .record(Some("Ada"), Some("hard"), Some("2026-11-30"))
            .unwrap();
        let read: Record = record.parse().unwrap();
        assert_eq!(
            (read.albi.as_deref(), read.nigri.as_deref()),
            (Some("Ada"), Some("hard"))
        );
        assert_eq!(
            read.replay().unwrap().to_string(),
            "N w12s0o0:2,3,5 w14s1o0:"
        );
    }

    #[test]
    fn the_turn_seed_follows_the_seed_and_the_turns() {
        let mut s = session("A w15s0o0: w15s0o0: 235");
        let seed = |s: &Session| s.snapshot().turn_seed;
        assert_eq!(seed(&s), "11400714819323198485");
        while let Some(step) = first_step(&s) {
            s.play(&step).unwrap();
        }
        s.confirm().unwrap();
        assert_eq!(seed(&s), "11400714819323198486");
    }

    #[test]
    fn refuses_bad_input_with_words() {
        assert!(Session::new(Some("-3"), None, None)
            .unwrap_err()
            .contains("whole number"));
        assert!(Session::new(Some("99999999999999999999999"), None, None).is_err());
        assert!(Session::new(None, Some("rubri"), None)
            .unwrap_err()
            .contains("opener"));
        assert!(Session::from_position("A nonsense", None)
            .unwrap_err()
            .contains("XSN"));
        let mut s = session("A w15s0o0: w15s0o0:");
        assert!(s.play("in/3").unwrap_err().contains("throw"));
        assert!(s.play("zz").unwrap_err().contains("throw"));
        assert!(s.undo().is_err());
    }

    #[test]
    fn actions_out_of_turn_are_refused_with_words_and_change_nothing() {
        let mut s = session("A w15s0o0: w15s0o0:");
        let before = s.snapshot();
        assert!(s.confirm().unwrap_err().contains("throw"));
        assert_eq!(s.snapshot(), before);
        s.throw_dice().unwrap();
        let thrown = s.snapshot();
        assert!(s.throw_dice().unwrap_err().contains("already thrown"));
        assert!(s.confirm().unwrap_err().contains("can still be played"));
        assert!(s.play("36/off").unwrap_err().contains("not a legal step"));
        assert!(s.play("in/5/6").unwrap_err().contains("not a legal step"));
        assert_eq!(s.snapshot(), thrown);
        // A game won before the throw has nothing left to throw, play or confirm.
        let mut won = session("A w0s0o15: w0s3o3:2,29,31x2,33x4,34 5");
        let over = won.snapshot();
        for refused in [won.confirm(), won.play("in/5").map(|v| v.step)] {
            assert!(refused.unwrap_err().contains("game is over"));
        }
        assert!(won.throw_dice().unwrap_err().contains("game is over"));
        assert_eq!(won.snapshot(), over);
    }

    #[test]
    fn a_record_is_refused_when_its_date_would_not_read_back() {
        let s = session("A w15s0o0: w15s0o0:");
        for bad in ["30/11/2026", "2026-13-01", "tomorrow", ""] {
            let err = s.record(None, None, Some(bad)).unwrap_err();
            assert!(err.contains("ISO date"), "{bad}: {err}");
        }
        let text = s.record(Some("Ada\nLovelace"), None, None).unwrap();
        let read: Record = text.parse().unwrap();
        assert_eq!(read.albi.as_deref(), Some("Ada Lovelace"));
    }

    #[test]
    fn saved_games_replay_exactly_and_tampering_is_caught() {
        // Austin and Murray's rules, and other readings (their opening throws
        // are checked in readings.rs).
        for rules in [None, Some("italian"), Some("russian")] {
            let mut s = Session::new(Some("42"), Some("nigri"), rules).unwrap();
            for _ in 0..30 {
                if s.snapshot().winner.is_some() {
                    break;
                }
                s.throw_dice().unwrap();
                while let Some(step) = first_step(&s) {
                    s.play(&step).unwrap();
                }
                s.confirm().unwrap();
            }
            s.throw_dice().unwrap();
            if let Some(step) = first_step(&s) {
                s.play(&step).unwrap();
            }
            let saved = s.save();
            let back = Session::restore(&saved).unwrap();
            assert_eq!(back.snapshot(), s.snapshot());
            assert_eq!(back.save(), saved);

            let mut bad = saved.clone();
            bad.turns[3].throw = "777".into();
            assert!(Session::restore(&bad)
                .unwrap_err()
                .contains("does not replay"));
            let mut bad = saved;
            bad.start = "garbage".into();
            assert!(Session::restore(&bad).is_err());
        }
    }

    #[test]
    fn a_record_is_taken_over_where_the_page_asks() {
        let mut s = Session::new(Some("31"), None, None).unwrap();
        for _ in 0..4 {
            s.throw_dice().unwrap();
            while let Some(step) = first_step(&s) {
                s.play(&step).unwrap();
            }
            s.confirm().unwrap();
        }
        let text = s.record(Some("Ada"), Some("Centurio"), None).unwrap();
        let taken = Session::from_record(&text, 2, None).unwrap();
        assert_eq!(taken.snapshot().turns, 2, "the history is kept");
        assert_eq!(taken.snapshot().seed, "31");
        let read: Record = taken.record(None, None, None).unwrap().parse().unwrap();
        let original: Record = text.parse().unwrap();
        assert_eq!(read.turns, original.turns[..2]);
        let all = Session::from_record(&text, u32::MAX, None).unwrap();
        assert_eq!(all.snapshot().position, s.snapshot().position);

        let written = "Game: XII Scripta\n\nA 235: in/2 in/3 in/5\n";
        let fresh = Session::from_record(written, 1, Some("5")).unwrap();
        assert_eq!(
            fresh.snapshot().turns,
            0,
            "no seed: the game starts from the position"
        );
        assert_eq!(fresh.snapshot().position, "N w12s0o0:2,3,5 w15s0o0:");
        let bad = Session::from_record("Game: XII Scripta\n\nA 235: in/2\n", 0, None);
        assert!(bad.unwrap_err().starts_with("turn 1 "));
        assert!(Session::from_record(written, 1, Some("x")).is_err());
    }

    #[test]
    fn next_game_alternates_the_opener_reproducibly() {
        let s = Session::new(Some("7"), None, None).unwrap();
        let next = s.next_game();
        assert_eq!(next.snapshot().opener, "nigri");
        assert_eq!(next.snapshot().seed, s.next_game().snapshot().seed);
        assert_eq!(next.next_game().snapshot().opener, "albi");
    }

    #[test]
    fn refusals_read_the_pages_places() {
        let s = session("A w14s0o0:20 w14s0o0:30 123");
        let word = |w: &str| Tapped::Word(w.into());
        let refusal = |selected, place| s.refusal(selected, place).unwrap();
        let not_yours = refusal(None, Tapped::Number(30.0));
        assert_eq!(not_yours.code, "not-yours");
        assert_eq!(
            not_yours.args,
            RefusalArgs {
                mark: Some(30),
                side: Some("nigri"),
                ..RefusalArgs::default()
            }
        );
        let from_tray = refusal(Some(word("tray")), Tapped::Number(9.0));
        assert_eq!(from_tray.code, "not-a-die");
        assert_eq!(from_tray.args.from, Some(PlaceView::Word("tray")));
        assert_eq!(refusal(None, word("tray:nigri")).code, "other-tray");
        let exit = refusal(Some(Tapped::Number(20.0)), word("off:albi"));
        assert_eq!(exit.code, "bear-off-not-yet");
        assert_eq!(
            (exit.args.counters, exit.args.from, exit.args.to),
            (Some(15), Some(PlaceView::Mark(31)), Some(36))
        );
        for bad in [
            Tapped::Number(0.0),
            Tapped::Number(37.0),
            Tapped::Number(2.5),
            Tapped::Number(f64::NAN),
            word("tray"),
            word("off:rubri"),
            word("5"),
        ] {
            assert!(s.refusal(None, bad).is_err());
        }
        assert!(s.refusal(Some(word("off")), Tapped::Number(3.0)).is_err());
    }

    #[test]
    fn the_geometry_is_the_trier_board() {
        let board = session("A w15s0o0: w15s0o0:").geometry();
        assert_eq!((board.rows, board.columns, board.gap_before), (3, 12, 6));
        assert_eq!(board.cells.len(), 36);
        assert_eq!(board.cells[12].letter, "I");
        assert_eq!(board.entry, [1, 2, 3, 4, 5, 6]);
        assert_eq!(board.home, [31, 32, 33, 34, 35, 36]);
        assert_eq!(board.exit_after, 36);
        assert_eq!(
            board.inscription,
            ["VIRTVS IMPERI", "HOSTES VINCTI", "LVDANT ROMANI"]
        );
    }
}
