//! Saving a game and rebuilding it: the seed replays the dice and the written moves replay
//! the play, so a save is small, readable JSON that cannot smuggle in an illegal position.
//! The start names its rules in XSN (none for Austin and Murray's, as every save the page
//! wrote before other readings existed).

use super::game::{Game, GameError};
use super::position::Dice;
use super::ruleset::Opener;
use super::table::Table;
use super::xsn::XsnError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One confirmed turn as saved: its throw (`235`) and its steps (`in/2*`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTurn {
    pub throw: String,
    pub steps: Vec<String>,
}

/// Enough to rebuild a game exactly. Its JSON shape, `{seed, start, turns: [{throw, steps}],
/// thrown, steps}`, is what the page has always stored, so older saves still restore.
///
/// A public save ([`Game::public_save`]) has an empty seed and the current throw in `dice`:
/// it shows a game whose dice another party throws (an online game's server) without the
/// seed that would foretell them. It restores to a game that takes its throws as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Decimal digits: a u64 does not survive JSON numbers in the browser.
    pub seed: String,
    /// The start position in XSN, with its rules field under any reading but Austin and
    /// Murray's.
    pub start: String,
    /// The opening throws, Albi's then Nigri's (`["423", "651"]`), of a game whose rules let
    /// the higher throw open: the seed threw them before the first turn. Left out of the JSON
    /// when there are none, as for every game under Austin and Murray's rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opening: Vec<[String; 2]>,
    pub turns: Vec<SavedTurn>,
    /// The current turn's dice are thrown.
    pub thrown: bool,
    /// The steps played so far this turn.
    pub steps: Vec<String>,
    /// A public save's current throw (`356`), empty when not thrown; absent from a seeded
    /// save, whose seed throws it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub dice: String,
}

/// Why a saved game does not rebuild.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// The seed is not a whole number that fits in 64 bits.
    Seed(String),
    Start(XsnError),
    /// Turn `turn` (from 1) threw `thrown` where the save says `saved`.
    Throw {
        turn: usize,
        thrown: String,
        saved: String,
    },
    /// A saved step or turn end that the rules refuse.
    Play(GameError),
    /// The saved opening throws are not the seed's, or do not name the start's opener.
    Opening(String),
    /// A public save's throw is not digits of dice (`356`).
    Dice(String),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Seed(seed) => write!(
                f,
                "the saved seed `{seed}` is not a whole number of at most 20 digits"
            ),
            RestoreError::Start(e) => write!(f, "the saved start is not valid XSN: {e}"),
            RestoreError::Throw {
                turn,
                thrown,
                saved,
            } => write!(
                f,
                "the saved game does not replay: turn {turn} threw {thrown}, not {saved}"
            ),
            RestoreError::Play(e) => write!(f, "the saved game does not replay: {e}"),
            RestoreError::Opening(why) => write!(f, "the saved game does not replay: {why}"),
            RestoreError::Dice(text) => write!(
                f,
                "the saved throw `{text}` is not one to three dice from 1 to 6"
            ),
        }
    }
}

impl std::error::Error for RestoreError {}

impl From<GameError> for RestoreError {
    fn from(e: GameError) -> RestoreError {
        RestoreError::Play(e)
    }
}

/// A throw as saved: its values in throw order, `235`.
fn digits(dice: Dice) -> String {
    dice.values().iter().map(u8::to_string).collect()
}

fn read_seed(text: &str) -> Result<u64, RestoreError> {
    let seed = || RestoreError::Seed(text.to_string());
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(seed());
    }
    text.parse().map_err(|_| seed())
}

/// A throw as saved, read back.
fn read_dice(text: &str) -> Result<Dice, RestoreError> {
    let values: Option<Vec<u8>> = text
        .chars()
        .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
        .collect();
    values
        .and_then(|v| Dice::new(&v))
        .ok_or_else(|| RestoreError::Dice(text.to_string()))
}

/// Throws a saved turn's dice: from the seed, or as saved when they were thrown elsewhere.
fn throw_as_saved(game: &mut Game, saved: &str) -> Result<(), RestoreError> {
    if game.is_thrown_elsewhere() {
        game.take_throw_from_elsewhere(read_dice(saved)?)?;
    } else {
        game.throw()?;
    }
    Ok(())
}

/// Plays a saved game's turns and its turn in progress on `game` (fresh from the saved
/// start and seed), refusing anything that does not replay exactly: a throw that differs
/// from the one saved, an illegal step, a turn ended early.
fn replay(mut game: Game, saved: &SavedGame) -> Result<Game, RestoreError> {
    for (n, turn) in saved.turns.iter().enumerate() {
        if game.thrown().is_empty() {
            throw_as_saved(&mut game, &turn.throw)?;
        }
        let thrown = digits(game.thrown());
        if thrown != turn.throw {
            return Err(RestoreError::Throw {
                turn: n + 1,
                thrown,
                saved: turn.throw.clone(),
            });
        }
        for step in &turn.steps {
            game.play_text(step)?;
        }
        game.confirm()?;
    }
    if saved.thrown && game.thrown().is_empty() {
        throw_as_saved(&mut game, &saved.dice)?;
    }
    for step in &saved.steps {
        game.play_text(step)?;
    }
    Ok(game)
}

/// Opening throws as saved: Albi's and Nigri's digits, a pair per throw.
fn opening_digits(opening: &[[Dice; 2]]) -> Vec<[String; 2]> {
    opening
        .iter()
        .map(|[albi, nigri]| [digits(*albi), digits(*nigri)])
        .collect()
}

impl Game {
    /// What to store to rebuild this game exactly with [`Game::restore`]: the start naming
    /// its rules (none for Austin and Murray's), and the opening throws when the higher throw
    /// opened.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, Game};
    ///
    /// let mut game = Game::new(Rules::ITALIAN, 42, Side::Albi);
    /// game.throw().unwrap();
    /// let saved = game.save();
    /// assert!(saved.start.starts_with("italian "));
    /// assert_eq!(saved.opening.len(), game.opening().len());
    /// assert_eq!(Game::restore(&saved).unwrap().table(), game.table());
    /// ```
    pub fn save(&self) -> SavedGame {
        SavedGame {
            seed: self.seed().to_string(),
            start: self.start().to_string(),
            opening: opening_digits(self.opening()),
            turns: self
                .turns()
                .iter()
                .map(|t| SavedTurn {
                    throw: digits(t.throw),
                    steps: t.moves.clone(),
                })
                .collect(),
            thrown: !self.thrown().is_empty(),
            steps: self.moves().map(|mv| mv.to_string()).collect(),
            dice: String::new(),
        }
    }

    /// The save without its seed, for those who may see the game but not foretell its dice
    /// (the players of an online game): the current throw is written out instead.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Rules, Side};
    ///
    /// let mut game = Game::new(Rules::ITALIAN, 42, Side::Albi);
    /// game.throw().unwrap();
    /// let public = game.public_save();
    /// assert_eq!(public.seed, "");
    /// let mirror = Game::restore(&public).unwrap();
    /// assert_eq!(mirror.table(), game.table());
    /// assert!(mirror.clone().throw().is_err());
    /// ```
    pub fn public_save(&self) -> SavedGame {
        SavedGame {
            seed: String::new(),
            dice: digits(self.thrown()),
            ..self.save()
        }
    }

    /// Replays a saved game under the rules its start names: the seed throws the opening
    /// throws (when saved) and every turn's dice again, each saved throw is checked, each
    /// move replayed; anything else is refused.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, Game};
    ///
    /// let mut game = Game::new(Rules::RUSSIAN, 5, Side::Nigri);
    /// game.throw().unwrap();
    /// let mv = game.legal_moves()[0];
    /// game.play(mv).unwrap();
    /// let back = Game::restore(&game.save()).unwrap();
    /// assert_eq!(back.table(), game.table());
    /// assert_eq!(back.save(), game.save());
    ///
    /// let mut tampered = game.save();
    /// tampered.opening[0][0] = "666".into();
    /// assert!(Game::restore(&tampered).is_err());
    /// ```
    pub fn restore(saved: &SavedGame) -> Result<Game, RestoreError> {
        let start: Table = saved.start.trim().parse().map_err(RestoreError::Start)?;
        if saved.seed.trim().is_empty() {
            return restore_public(start, saved);
        }
        let seed = read_seed(saved.seed.trim())?;
        let game = if saved.opening.is_empty() {
            Game::from_table(start, seed)
        } else {
            if start.rules().opener != Opener::Throw {
                return Err(RestoreError::Opening(format!(
                    "under {} no opening throw decides who opens",
                    start.rules().name()
                )));
            }
            let game = Game::new(*start.rules(), seed, start.turn());
            let thrown = opening_digits(game.opening());
            if thrown != saved.opening {
                let text = |throws: &[[String; 2]]| {
                    let pairs: Vec<String> = throws.iter().map(|p| p.join("-")).collect();
                    pairs.join(", ")
                };
                return Err(RestoreError::Opening(format!(
                    "the opening throws were {}, not {}",
                    text(&thrown),
                    text(&saved.opening)
                )));
            }
            if start != Table::start(*start.rules(), start.turn()) {
                return Err(RestoreError::Opening(
                    "an opening throw begins only a game from its start".into(),
                ));
            }
            if game.opener() != start.turn() {
                return Err(RestoreError::Opening(format!(
                    "the opening throws name {} to open, not {}",
                    game.opener(),
                    start.turn()
                )));
            }
            game
        };
        replay(game, saved)
    }
}

/// A public save rebuilt: its throws are taken as saved. The opening throws must still name
/// the start's opener under rules where the higher throw opens.
fn restore_public(start: Table, saved: &SavedGame) -> Result<Game, RestoreError> {
    let opening = saved
        .opening
        .iter()
        .map(|[albi, nigri]| Ok([read_dice(albi)?, read_dice(nigri)?]))
        .collect::<Result<Vec<_>, RestoreError>>()?;
    if !opening.is_empty() && start.rules().opener != Opener::Throw {
        return Err(RestoreError::Opening(format!(
            "under {} no opening throw decides who opens",
            start.rules().name()
        )));
    }
    replay(Game::thrown_elsewhere(start, opening), saved)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::{Record, Rules, Side};

    /// A game of `turns` turns, each playing the first legal move until none is left, and
    /// then one move into the next turn.
    fn played(seed: u64, turns: usize) -> Game {
        let mut game = Game::new(Rules::AUSTIN_MURRAY, seed, Side::Nigri);
        for _ in 0..turns {
            if game.winner().is_some() {
                break;
            }
            game.throw().unwrap();
            while let Some(&mv) = game.legal_moves().first() {
                game.play(mv).unwrap();
            }
            game.confirm().unwrap();
        }
        game.throw().unwrap();
        if let Some(&mv) = game.legal_moves().first() {
            game.play(mv).unwrap();
        }
        game
    }

    #[test]
    fn a_saved_game_replays_exactly() {
        let game = played(42, 30);
        let back = Game::restore(&game.save()).unwrap();
        assert_eq!(back.table(), game.table());
        assert_eq!(back.turns(), game.turns());
        assert_eq!(back.save(), game.save());
        assert_eq!(back.turn_seed(), game.turn_seed());
        assert_eq!(back.next_game().seed(), game.next_game().seed());
    }

    #[test]
    fn tampering_is_caught() {
        let saved = played(42, 30).save();
        let mut bad = saved.clone();
        bad.turns[3].throw = "777".into();
        let e = Game::restore(&bad).unwrap_err();
        assert!(matches!(e, RestoreError::Throw { turn: 4, .. }), "{e}");
        assert!(e.to_string().contains("does not replay"));
        let mut bad = saved.clone();
        bad.turns[0].steps.push("36/off".into());
        assert!(matches!(Game::restore(&bad), Err(RestoreError::Play(_))));
        let mut bad = saved.clone();
        bad.start = "garbage".into();
        assert!(matches!(Game::restore(&bad), Err(RestoreError::Start(_))));
        for seed in ["-3", "1.5", "99999999999999999999999"] {
            let mut bad = saved.clone();
            bad.seed = seed.into();
            assert!(matches!(Game::restore(&bad), Err(RestoreError::Seed(_))));
        }
    }

    #[test]
    fn a_public_save_shows_the_game_without_its_seed() {
        let mut game = Game::new(Rules::ITALIAN, 9, Side::Albi);
        for _ in 0..12 {
            game.throw().unwrap();
            while let Some(&mv) = game.legal_moves().first() {
                game.play(mv).unwrap();
            }
            game.confirm().unwrap();
        }
        game.throw().unwrap();
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
        let public = game.public_save();
        assert_eq!(public.seed, "");
        assert_eq!(public.dice, digits(game.thrown()));
        assert!(!serde_json::to_string(&public)
            .unwrap()
            .contains(&game.seed().to_string()));
        let mut mirror = Game::restore(&public).unwrap();
        assert_eq!(mirror.table(), game.table());
        assert_eq!(mirror.turns(), game.turns());
        assert_eq!(mirror.opening(), game.opening());
        assert_eq!(mirror.dice_states(), game.dice_states());
        assert_eq!(mirror.public_save(), public);
        assert_eq!(mirror.record().seed, None);
        assert_eq!(mirror.undo().unwrap(), mv);
        while let Some(&mv) = mirror.legal_moves().first() {
            mirror.play(mv).unwrap();
        }
        mirror.confirm().unwrap();
        assert_eq!(mirror.throw(), Err(GameError::ThrownElsewhere));
        // A seeded save keeps its seed and writes no dice.
        assert_eq!(game.save().dice, "");
    }

    #[test]
    fn a_public_save_with_a_bad_throw_is_refused() {
        let mut game = Game::new(Rules::AUSTIN_MURRAY, 4, Side::Albi);
        game.throw().unwrap();
        let public = game.public_save();
        for (dice, bad) in [("7", true), ("", true), ("3x5", true), ("35", false)] {
            let mut tampered = public.clone();
            tampered.dice = dice.into();
            let e = Game::restore(&tampered).unwrap_err();
            assert_eq!(matches!(e, RestoreError::Dice(_)), bad, "{dice}: {e}");
        }
        let mut tampered = public.clone();
        tampered.opening = vec![["6".into(), "5".into()]];
        assert!(matches!(
            Game::restore(&tampered),
            Err(RestoreError::Opening(_))
        ));
    }

    #[test]
    fn the_json_shape_is_the_one_the_page_stores() {
        let stored = r#"{"seed":"1","start":"A w15s0o0: w14s0o0:2 235","turns":[{"throw":"235","steps":["in/2*","in/3","in/5"]}],"thrown":false,"steps":[]}"#;
        let saved: SavedGame = serde_json::from_str(stored).unwrap();
        let game = Game::restore(&saved).unwrap();
        assert_eq!(game.turns()[0].to_string(), "A 235: in/2* in/3 in/5");
        assert_eq!(serde_json::to_string(&game.save()).unwrap(), stored);
    }

    /// Saves and a record written by the Austin and Murray engine the page had before every
    /// reading played on one engine, each with the position and dice states it showed: a won
    /// game, a game saved mid-turn, and a counter borne off with the smaller of two dice.
    #[test]
    fn the_saves_and_records_the_page_wrote_before_restore_unchanged() {
        let data = include_str!("../../tests/data/austin_murray_saves.txt");
        let lines: Vec<&str> = data.lines().collect();
        for case in lines[..9].chunks(3) {
            let saved: SavedGame = serde_json::from_str(case[0]).unwrap();
            let game = Game::restore(&saved).unwrap();
            assert_eq!(game.table().to_string(), case[1]);
            let states: Vec<String> = game
                .dice_states()
                .iter()
                .map(|(d, s)| format!("{}:{}", d.get(), s.name()))
                .collect();
            assert_eq!(states.join(" "), case[2]);
            assert_eq!(game.save(), saved);
        }
        let text: String = lines[9..].iter().map(|l| format!("{l}\n")).collect();
        let record: Record = text.parse().unwrap();
        assert_eq!(record.to_string(), text);
        let end = record.replay().unwrap();
        assert_eq!(end.to_string(), lines[1]);
        assert_eq!(end.winner(), Some(Side::Albi));
    }
}
