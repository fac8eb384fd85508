//! Saving a game and rebuilding it: the seed replays the dice and the written steps replay
//! the play, so a save is small, readable JSON that cannot smuggle in an illegal position.

use super::game::{Game, GameError};
use super::position::{Dice, Position};
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
    /// The start position in XSN.
    pub start: String,
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
        SavedGame {
            seed: self.seed().to_string(),
            start: self.start().to_string(),
            turns: self
                .record()
                .iter()
                .map(|turn| SavedTurn {
                    throw: digits(turn.throw),
                    steps: turn.steps.iter().map(ToString::to_string).collect(),
                })
                .collect(),
            thrown: !self.thrown().is_empty(),
            steps: self.steps().map(|s| s.to_string()).collect(),
        }
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
        let mut game = Game::from_position(start, seed);
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
