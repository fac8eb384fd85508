//! Saving a game and rebuilding it: the seed replays the dice and the written steps replay
//! the play, so a save is small, readable JSON that cannot smuggle in an illegal position.
//! Games under any reading ([`TableGame`]) save in the same shape, their start naming their
//! rules, and replay through the same code.

use super::game::{Game, GameError};
use super::position::{Dice, Position};
use super::ruleset::Opener;
use super::table::{Table, TableGame};
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

/// What saving and restoring need of a game, whichever engine plays it.
trait Replay: Sized {
    fn thrown(&self) -> Dice;
    fn throw(&mut self) -> Result<Dice, GameError>;
    fn play_text(&mut self, text: &str) -> Result<(), GameError>;
    fn confirm(&mut self) -> Result<(), GameError>;
}

impl Replay for Game {
    fn thrown(&self) -> Dice {
        Game::thrown(self)
    }
    fn throw(&mut self) -> Result<Dice, GameError> {
        Game::throw(self)
    }
    fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        Game::play_text(self, text).map(drop)
    }
    fn confirm(&mut self) -> Result<(), GameError> {
        Game::confirm(self).map(drop)
    }
}

impl Replay for TableGame {
    fn thrown(&self) -> Dice {
        TableGame::thrown(self)
    }
    fn throw(&mut self) -> Result<Dice, GameError> {
        TableGame::throw(self)
    }
    fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        TableGame::play_text(self, text).map(drop)
    }
    fn confirm(&mut self) -> Result<(), GameError> {
        TableGame::confirm(self).map(drop)
    }
}

/// Plays a saved game's turns and its turn in progress on `game` (fresh from the saved
/// start and seed), refusing anything that does not replay exactly: a throw that differs
/// from the one saved, an illegal step, a turn ended early.
fn replay<G: Replay>(mut game: G, saved: &SavedGame) -> Result<G, RestoreError> {
    for (n, turn) in saved.turns.iter().enumerate() {
        if game.thrown().is_empty() {
            game.throw()?;
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
        game.throw()?;
    }
    for step in &saved.steps {
        game.play_text(step)?;
    }
    Ok(game)
}

/// A save of `turns` (each a throw and its moves as written) and the turn in progress.
fn save(
    seed: u64,
    start: String,
    turns: impl Iterator<Item = (Dice, Vec<String>)>,
    thrown: Dice,
    steps: impl Iterator<Item = String>,
) -> SavedGame {
    SavedGame {
        seed: seed.to_string(),
        start,
        opening: Vec::new(),
        turns: turns
            .map(|(throw, steps)| SavedTurn {
                throw: digits(throw),
                steps,
            })
            .collect(),
        thrown: !thrown.is_empty(),
        steps: steps.collect(),
    }
}

impl Game {
    /// What to store to rebuild this game exactly with [`Game::restore`].
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Side};
    ///
    /// let mut game = Game::new(42, Side::Albi);
    /// game.throw().unwrap();
    /// let saved = game.save();
    /// assert_eq!(saved.seed, "42");
    /// assert_eq!(saved.start, "A w15s0o0: w15s0o0:");
    /// assert!(saved.thrown && saved.turns.is_empty() && saved.steps.is_empty());
    /// ```
    pub fn save(&self) -> SavedGame {
        save(
            self.seed(),
            self.start().to_string(),
            self.record().iter().map(|turn| {
                let steps = turn.steps.iter().map(ToString::to_string).collect();
                (turn.throw, steps)
            }),
            self.thrown(),
            self.steps().map(|s| s.to_string()),
        )
    }

    /// Replays a saved game from its start and seed, refusing anything that does not replay
    /// exactly: a throw that differs from the one saved, an illegal step, a turn ended early.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Side};
    ///
    /// let mut game = Game::new(5, Side::Nigri);
    /// game.throw().unwrap();
    /// let step = game.legal_steps()[0];
    /// game.play(step).unwrap();
    /// let back = Game::restore(&game.save()).unwrap();
    /// assert_eq!(back.position(), game.position());
    /// assert_eq!(back.save(), game.save());
    ///
    /// let mut tampered = game.save();
    /// tampered.seed = "6".into();
    /// assert!(Game::restore(&tampered).is_err());
    /// ```
    pub fn restore(saved: &SavedGame) -> Result<Game, RestoreError> {
        let seed = read_seed(saved.seed.trim())?;
        let start: Position = saved.start.trim().parse().map_err(RestoreError::Start)?;
        if !saved.opening.is_empty() {
            return Err(RestoreError::Opening(
                "Austin and Murray's rules have no opening throw".into(),
            ));
        }
        replay(Game::from_position(start, seed), saved)
    }
}

/// Opening throws as saved: Albi's and Nigri's digits, a pair per throw.
fn opening_digits(opening: &[[Dice; 2]]) -> Vec<[String; 2]> {
    opening
        .iter()
        .map(|[albi, nigri]| [digits(*albi), digits(*nigri)])
        .collect()
}

impl TableGame {
    /// What to store to rebuild this game exactly with [`TableGame::restore`]: the shape
    /// [`Game::save`] stores, the start naming its rules, and the opening throws when the
    /// higher throw opened.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, TableGame};
    ///
    /// let mut game = TableGame::new(Rules::ITALIAN, 42, Side::Albi);
    /// game.throw().unwrap();
    /// let saved = game.save();
    /// assert!(saved.start.starts_with("italian "));
    /// assert_eq!(saved.opening.len(), game.opening().len());
    /// assert_eq!(TableGame::restore(&saved).unwrap().table(), game.table());
    /// ```
    pub fn save(&self) -> SavedGame {
        SavedGame {
            opening: opening_digits(self.opening()),
            ..save(
                self.seed(),
                self.start().to_string(),
                self.turns().iter().map(|t| (t.throw, t.moves.clone())),
                self.thrown(),
                self.moves().map(|mv| mv.to_string()),
            )
        }
    }

    /// Replays a saved game under the rules its start names, as [`Game::restore`] does: the
    /// seed throws the opening throws (when saved) and every turn's dice again, each saved
    /// throw is checked, each move replayed; anything else is refused.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, TableGame};
    ///
    /// let mut game = TableGame::new(Rules::RUSSIAN, 5, Side::Nigri);
    /// game.throw().unwrap();
    /// let mv = game.legal_moves()[0];
    /// game.play(mv).unwrap();
    /// let back = TableGame::restore(&game.save()).unwrap();
    /// assert_eq!(back.table(), game.table());
    /// assert_eq!(back.save(), game.save());
    ///
    /// let mut tampered = game.save();
    /// tampered.opening[0][0] = "666".into();
    /// assert!(TableGame::restore(&tampered).is_err());
    /// ```
    pub fn restore(saved: &SavedGame) -> Result<TableGame, RestoreError> {
        let seed = read_seed(saved.seed.trim())?;
        let start: Table = saved.start.trim().parse().map_err(RestoreError::Start)?;
        let game = if saved.opening.is_empty() {
            TableGame::from_table(start, seed)
        } else {
            if start.rules().opener != Opener::Throw {
                return Err(RestoreError::Opening(format!(
                    "under {} no opening throw decides who opens",
                    start.rules().name()
                )));
            }
            let game = TableGame::new(*start.rules(), seed, start.turn());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::Side;

    /// A game of `turns` turns, each playing the first legal step until none is left, and
    /// then one step into the next turn.
    fn played(seed: u64, turns: usize) -> Game {
        let mut game = Game::new(seed, Side::Nigri);
        for _ in 0..turns {
            if game.winner().is_some() {
                break;
            }
            game.throw().unwrap();
            while let Some(&step) = game.legal_steps().first() {
                game.play(step).unwrap();
            }
            game.confirm().unwrap();
        }
        game.throw().unwrap();
        if let Some(&step) = game.legal_steps().first() {
            game.play(step).unwrap();
        }
        game
    }

    #[test]
    fn a_saved_game_replays_exactly() {
        let game = played(42, 30);
        let back = Game::restore(&game.save()).unwrap();
        assert_eq!(back.position(), game.position());
        assert_eq!(back.record(), game.record());
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
        for seed in ["", "-3", "1.5", "99999999999999999999999"] {
            let mut bad = saved.clone();
            bad.seed = seed.into();
            assert!(matches!(Game::restore(&bad), Err(RestoreError::Seed(_))));
        }
    }

    #[test]
    fn the_json_shape_is_the_one_the_page_stores() {
        let stored = r#"{"seed":"1","start":"A w15s0o0: w14s0o0:2 235","turns":[{"throw":"235","steps":["in/2*","in/3","in/5"]}],"thrown":false,"steps":[]}"#;
        let saved: SavedGame = serde_json::from_str(stored).unwrap();
        let game = Game::restore(&saved).unwrap();
        assert_eq!(game.record()[0].to_string(), "A 235: in/2* in/3 in/5");
        assert_eq!(serde_json::to_string(&game.save()).unwrap(), stored);
    }
}
