//! The game as the page sees it, in plain Rust: every answer is a small serializable value
//! and every failure a readable message.

use ludi_core::rng::{os_seed, splitmix64};
use ludi_core::scripta::{Dice, From, Game, Mark, Position, Side, Step, To};
use serde::{Deserialize, Serialize};

/// Where a step starts or ends, as the page names it: a mark number or a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Place {
    Mark(u8),
    /// `tray` (entering) or `off` (bearing off).
    Word(&'static str),
}

/// One step, written and taken apart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepView {
    pub step: String,
    pub from: Place,
    pub to: Place,
    pub die: u8,
    pub hit: bool,
}

impl StepView {
    fn of(step: Step) -> StepView {
        StepView {
            step: step.to_string(),
            from: match step.from {
                From::Tray => Place::Word("tray"),
                From::Mark(m) => Place::Mark(m.get()),
            },
            to: match step.to {
                To::Mark(m) => Place::Mark(m.get()),
                To::Off => Place::Word("off"),
            },
            die: step.die.get(),
            hit: step.hit,
        }
    }
}

/// The legal steps from one source (the tray or a mark).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SourceSteps {
    pub source: Place,
    pub steps: Vec<StepView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DieView {
    pub value: u8,
    pub state: &'static str,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrayView {
    pub waiting: u8,
    pub sent_home: u8,
    pub borne_off: u8,
}

/// Counters of one side on one mark.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Placed {
    pub mark: u8,
    pub side: &'static str,
    pub count: u8,
}

/// Everything the page draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub position: String,
    pub turn: &'static str,
    pub opener: &'static str,
    pub thrown: bool,
    pub dice: Vec<DieView>,
    pub turn_over: bool,
    /// The steps played so far this turn, in order.
    pub steps: Vec<String>,
    pub sources: Vec<SourceSteps>,
    pub albi: TrayView,
    pub nigri: TrayView,
    pub marks: Vec<Placed>,
    /// Confirmed turns of both sides.
    pub turns: usize,
    pub winner: Option<&'static str>,
    pub seed: String,
}

/// One confirmed turn as saved: its throw (`235`) and steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTurn {
    pub throw: String,
    pub steps: Vec<String>,
}

/// Enough to rebuild a game exactly: the seed replays the dice and the steps replay play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub seed: String,
    pub start: String,
    pub turns: Vec<SavedTurn>,
    /// The current turn's dice are thrown.
    pub thrown: bool,
    pub steps: Vec<String>,
}

/// A game and what is needed to save it and start the next one.
#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    seed: u64,
    start: Position,
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

pub(crate) fn parse_position(xsn: &str) -> Result<Position, String> {
    xsn.trim()
        .parse()
        .map_err(|e| format!("the position `{}` is not valid XSN: {e}", xsn.trim()))
}

fn parse_side(name: Option<&str>) -> Result<Side, String> {
    match name.map(str::trim) {
        None | Some("") | Some("albi") => Ok(Side::Albi),
        Some("nigri") => Ok(Side::Nigri),
        Some(other) => Err(format!(
            "the opener must be `albi` or `nigri`, not `{other}`"
        )),
    }
}

fn digits(dice: Dice) -> String {
    dice.values().iter().map(u8::to_string).collect()
}

fn tray(position: &Position, side: Side) -> TrayView {
    let tray = position.tray(side);
    TrayView {
        waiting: tray.waiting,
        sent_home: tray.sent_home,
        borne_off: tray.borne_off,
    }
}

impl Session {
    pub fn new(seed: Option<&str>, opener: Option<&str>) -> Result<Session, String> {
        let seed = parse_seed(seed)?;
        let opener = parse_side(opener)?;
        Ok(Session::started(Position::start(opener), seed))
    }

    pub fn from_position(xsn: &str, seed: Option<&str>) -> Result<Session, String> {
        Ok(Session::started(parse_position(xsn)?, parse_seed(seed)?))
    }

    fn started(start: Position, seed: u64) -> Session {
        Session {
            game: Game::from_position(start, seed),
            seed,
            start,
        }
    }

    /// The next game of the match: the other side opens; the seed follows from this one so
    /// a seeded match stays reproducible.
    pub fn next_game(&self) -> Session {
        let mut state = self.seed;
        let seed = splitmix64(&mut state);
        Session::started(Position::start(self.game.opener().other()), seed)
    }

    pub fn throw_dice(&mut self) -> Result<Vec<u8>, String> {
        let dice = self.game.throw().map_err(|e| e.to_string())?;
        Ok(dice.values().to_vec())
    }

    pub fn legal_steps(&self) -> Vec<SourceSteps> {
        let mut groups: Vec<SourceSteps> = Vec::new();
        // Steps come sorted by source, so each group is a run.
        for step in self.game.legal_steps() {
            let view = StepView::of(step);
            match groups.last_mut() {
                Some(group) if group.source == view.from => group.steps.push(view),
                _ => groups.push(SourceSteps {
                    source: view.from,
                    steps: vec![view],
                }),
            }
        }
        groups
    }

    pub fn play(&mut self, step: &str) -> Result<StepView, String> {
        self.game
            .play_text(step)
            .map(StepView::of)
            .map_err(|e| e.to_string())
    }

    pub fn undo(&mut self) -> Result<StepView, String> {
        self.game
            .undo()
            .map(StepView::of)
            .map_err(|e| e.to_string())
    }

    pub fn confirm(&mut self) -> Result<String, String> {
        self.game
            .confirm()
            .map(|record| record.to_string())
            .map_err(|e| e.to_string())
    }

    pub fn position(&self) -> String {
        self.game.position().to_string()
    }

    pub fn record(&self) -> Vec<String> {
        self.game.record().iter().map(ToString::to_string).collect()
    }

    pub fn winner(&self) -> Option<String> {
        self.game.winner().map(|s| s.name().to_string())
    }

    pub fn dice_states(&self) -> Vec<DieView> {
        self.game
            .dice_states()
            .into_iter()
            .map(|(die, state)| DieView {
                value: die.get(),
                state: state.name(),
            })
            .collect()
    }

    pub fn snapshot(&self) -> Snapshot {
        let position = self.game.position();
        let marks = (1..=36)
            .filter_map(Mark::new)
            .filter_map(|m| {
                position.occupant(m).map(|(side, count)| Placed {
                    mark: m.get(),
                    side: side.name(),
                    count,
                })
            })
            .collect();
        Snapshot {
            position: position.to_string(),
            turn: position.turn().name(),
            opener: self.game.opener().name(),
            thrown: !self.game.thrown().is_empty(),
            dice: self.dice_states(),
            turn_over: self.game.turn_is_over(),
            steps: self.game.steps().map(|s| s.to_string()).collect(),
            sources: self.legal_steps(),
            albi: tray(position, Side::Albi),
            nigri: tray(position, Side::Nigri),
            marks,
            turns: self.game.record().len(),
            winner: self.game.winner().map(Side::name),
            seed: self.seed.to_string(),
        }
    }

    pub fn save(&self) -> SavedGame {
        SavedGame {
            seed: self.seed.to_string(),
            start: self.start.to_string(),
            turns: self
                .game
                .record()
                .iter()
                .map(|t| SavedTurn {
                    throw: digits(t.throw),
                    steps: t.steps.iter().map(ToString::to_string).collect(),
                })
                .collect(),
            thrown: !self.game.thrown().is_empty(),
            steps: self.game.steps().map(|s| s.to_string()).collect(),
        }
    }

    /// Replays a saved game from its start and seed, refusing anything that does not replay
    /// exactly (a throw that differs, an illegal step).
    pub fn restore(saved: &SavedGame) -> Result<Session, String> {
        let seed = parse_seed(Some(&saved.seed))?;
        let mut session = Session::from_position(&saved.start, Some(&seed.to_string()))?;
        let replay = |e: String| format!("the saved game does not replay: {e}");
        for (n, turn) in saved.turns.iter().enumerate() {
            if session.game.thrown().is_empty() {
                session.game.throw().map_err(|e| replay(e.to_string()))?;
            }
            let thrown = digits(session.game.thrown());
            if thrown != turn.throw {
                return Err(replay(format!(
                    "turn {} threw {thrown}, not {}",
                    n + 1,
                    turn.throw
                )));
            }
            for step in &turn.steps {
                session.play(step).map_err(replay)?;
            }
            session.confirm().map_err(replay)?;
        }
        if saved.thrown && session.game.thrown().is_empty() {
            session.game.throw().map_err(|e| replay(e.to_string()))?;
        }
        for step in &saved.steps {
            session.play(step).map_err(replay)?;
        }
        Ok(session)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(xsn: &str) -> Session {
        Session::from_position(xsn, Some("1")).unwrap()
    }

    #[test]
    fn groups_legal_steps_by_source() {
        let s = session("A w13s0o0:1,5 w15s0o0: 23");
        let groups = s.legal_steps();
        let sources: Vec<Place> = groups.iter().map(|g| g.source).collect();
        assert_eq!(
            sources,
            [Place::Word("tray"), Place::Mark(1), Place::Mark(5)]
        );
        let tray: Vec<&str> = groups[0].steps.iter().map(|s| s.step.as_str()).collect();
        assert_eq!(tray, ["in/2", "in/3"]);
    }

    #[test]
    fn plays_undoes_and_confirms() {
        let mut s = session("A w15s0o0: w14s0o0:2 235");
        let hit = s.play("in/2").unwrap();
        assert!(hit.hit);
        assert_eq!(s.position(), "A w14s0o0:2 w14s1o0: 35");
        assert_eq!(s.undo().unwrap().step, "in/2*");
        assert!(s.confirm().is_err());
        for step in ["in/2", "in/3", "in/5"] {
            s.play(step).unwrap();
        }
        assert_eq!(s.confirm().unwrap(), "A 235: in/2* in/3 in/5");
        assert_eq!(s.snapshot().turn, "nigri");
        assert!(!s.snapshot().thrown);
    }

    #[test]
    fn refuses_bad_input_with_words() {
        assert!(Session::new(Some("-3"), None)
            .unwrap_err()
            .contains("whole number"));
        assert!(Session::new(Some("99999999999999999999999"), None).is_err());
        assert!(Session::new(None, Some("rubri"))
            .unwrap_err()
            .contains("opener"));
        assert!(Session::from_position("A nonsense", None)
            .unwrap_err()
            .contains("XSN"));
        let mut s = session("A w15s0o0: w15s0o0:");
        assert!(s.play("in/3").unwrap_err().contains("throw"));
        assert!(s.play("zz").unwrap_err().contains("not a step"));
        assert!(s.undo().is_err());
    }

    #[test]
    fn saved_games_replay_exactly_and_tampering_is_caught() {
        let mut s = Session::new(Some("42"), Some("nigri")).unwrap();
        for _ in 0..30 {
            if s.winner().is_some() {
                break;
            }
            s.throw_dice().unwrap();
            while let Some(step) = s.legal_steps().first().map(|g| g.steps[0].step.clone()) {
                s.play(&step).unwrap();
            }
            s.confirm().unwrap();
        }
        s.throw_dice().unwrap();
        if let Some(step) = s.legal_steps().first().map(|g| g.steps[0].step.clone()) {
            s.play(&step).unwrap();
        }
        let saved = s.save();
        let back = Session::restore(&saved).unwrap();
        assert_eq!(back.snapshot(), s.snapshot());
        assert_eq!(back.record(), s.record());

        let mut bad = saved.clone();
        bad.turns[3].throw = "777".into();
        assert!(Session::restore(&bad)
            .unwrap_err()
            .contains("does not replay"));
        let mut bad = saved;
        bad.start = "garbage".into();
        assert!(Session::restore(&bad).is_err());
    }

    #[test]
    fn next_game_alternates_the_opener_reproducibly() {
        let s = Session::new(Some("7"), None).unwrap();
        let next = s.next_game();
        assert_eq!(next.snapshot().opener, "nigri");
        assert_eq!(next.snapshot().seed, s.next_game().snapshot().seed);
        assert_eq!(next.next_game().snapshot().opener, "albi");
    }
}
