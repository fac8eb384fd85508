//! Latrunculi for the page: [`Session`] and [`Opponent`] do the work in plain Rust (so native
//! unit tests cover them); [`LatrunculiGame`] and [`LatrunculiPlayer`] only convert.

mod player;
mod replay;
mod session;

pub use player::{hint, Budget, Opponent};
pub use replay::{HeaderView, ReplayView, TurnView};
pub use session::{
    LeapView, MoveView, PerSide, RefusalView, ResultView, Session, Snapshot, SourceMoves,
    SquareView,
};

use crate::convert::{err, js, performance_now, string_field, strings_field};
use crate::record::thrown;
use ludi_core::latrunculi::{Game, SavedGame};
use wasm_bindgen::prelude::*;

/// A game of Latrunculi, as the page holds it.
#[wasm_bindgen]
pub struct LatrunculiGame {
    session: Session,
}

#[wasm_bindgen]
impl LatrunculiGame {
    /// A new game under `rules` (`piso`, `quintana` or `key=value,...`), from their start or
    /// from `lfen`. `seed` (decimal digits) makes "place the rest" and the computer players'
    /// turn seeds reproducible; without it the browser's randomness picks one.
    #[wasm_bindgen(constructor)]
    pub fn new(
        rules: &str,
        lfen: Option<String>,
        seed: Option<String>,
    ) -> Result<LatrunculiGame, JsError> {
        let session = Session::new(rules, lfen.as_deref(), seed.as_deref()).map_err(err)?;
        Ok(LatrunculiGame { session })
    }

    /// The keys of two options that cannot be played together (`["again", "leap"]`), when
    /// that is why `rules` is refused; `null` when it is valid or wrong in another way.
    #[wasm_bindgen(js_name = rulesClash)]
    pub fn rules_clash(rules: &str) -> Result<JsValue, JsError> {
        js(&session::rules_clash(rules))
    }

    /// Reads a game record for the replay view: `{header, record, start, turns}`, where
    /// `turns[k]` (`{played, before, after}`) leads from the position after `k` moves (`start`
    /// before the first) to its `after`. A bad record throws a [`Fault`](crate::record::Fault):
    /// where it goes wrong.
    #[wasm_bindgen(js_name = readRecord)]
    pub fn read_record(text: &str) -> Result<JsValue, JsValue> {
        Ok(js(&replay::read(text).map_err(thrown)?)?)
    }

    /// The game of a record taken over after its first `moves` moves, which it keeps as its
    /// history; its seed is the record's, else `seed` (random without one).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        text: &str,
        moves: u32,
        seed: Option<String>,
    ) -> Result<LatrunculiGame, JsError> {
        let session = Session::from_record(text, moves, seed.as_deref()).map_err(err)?;
        Ok(LatrunculiGame { session })
    }

    /// Rebuilds a game from what [`LatrunculiGame::save`] returned, checking every move.
    pub fn restore(saved: JsValue) -> Result<LatrunculiGame, JsError> {
        Ok(LatrunculiGame {
            session: Session::from_game(game_of(&saved)?),
        })
    }

    /// The next game: the same rules from their start, the seed derived from this game's.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&self) -> LatrunculiGame {
        LatrunculiGame {
            session: self.session.next_game(),
        }
    }

    /// Everything the page draws, in one call.
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        js(&self.session.snapshot())
    }

    /// Plays `@d4` or `d4-d6`; returns `{move, from, to, side, captured}`.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsError> {
        js(&self.session.play(text).map_err(err)?)
    }

    /// Places every remaining counter of both sides, drawn from the game's seed; returns the
    /// placements in order (`[]` when nothing is left to place).
    #[wasm_bindgen(js_name = placeRest)]
    pub fn place_rest(&mut self) -> Result<JsValue, JsError> {
        js(&self.session.place_rest())
    }

    /// Takes back the last move or placement; returns it as it was played.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        js(&self.session.undo().map_err(err)?)
    }

    /// Why tapping `square`, with `selected` chosen before (or null), does nothing:
    /// `{code, args}`, or null when the tap places, moves or selects.
    pub fn refusal(&self, selected: Option<String>, square: &str) -> Result<JsValue, JsError> {
        js(&self.session.refusal(selected.as_deref(), square))
    }

    /// What the page keeps in storage to rebuild this game: `{rules, start, seed, moves}`.
    pub fn save(&self) -> Result<JsValue, JsError> {
        js(&self.session.save())
    }

    /// The game record so far (the README's record format): `white` and `black` name who played
    /// white and black (a person or a computer level), `date` is an ISO date (`2026-11-30`;
    /// anything else throws).
    pub fn record(
        &self,
        white: Option<String>,
        black: Option<String>,
        date: Option<String>,
    ) -> Result<String, JsError> {
        self.session
            .record(white.as_deref(), black.as_deref(), date.as_deref())
            .map_err(err)
    }
}

/// Runs `choose` with the browser's clock when the page gives a budget.
fn timed<T>(
    budget_ms: Option<f64>,
    choose: impl FnOnce(Option<Budget>) -> Result<T, String>,
) -> Result<JsValue, JsError>
where
    T: serde::Serialize,
{
    let clock = performance_now;
    let chosen =
        choose(budget_ms.map(|ms| (&clock as &dyn ludi_core::clock::Clock, ms))).map_err(err)?;
    js(&chosen)
}

/// A computer player of Latrunculi, as the page's worker holds it.
#[wasm_bindgen]
pub struct LatrunculiPlayer {
    opponent: Opponent,
}

#[wasm_bindgen]
impl LatrunculiPlayer {
    /// A player of `level`: `random`, `easy`, `medium` or `hard`. `seed` (decimal digits)
    /// makes its choices reproducible.
    #[wasm_bindgen(constructor)]
    pub fn new(level: &str, seed: Option<String>) -> Result<LatrunculiPlayer, JsError> {
        let opponent = Opponent::new(level, seed.as_deref()).map_err(err)?;
        Ok(LatrunculiPlayer { opponent })
    }

    #[wasm_bindgen(getter)]
    pub fn level(&self) -> String {
        self.opponent.level().to_string()
    }

    /// The move this player picks in the saved game `saved` (nothing is played), searching
    /// for at most about `budget_ms` milliseconds when it is given.
    pub fn choose(&mut self, saved: JsValue, budget_ms: Option<f64>) -> Result<JsValue, JsError> {
        let game = game_of(&saved)?;
        timed(budget_ms, |budget| self.opponent.choose(&game, budget))
    }

    /// What `hard` would play in the saved game `saved`.
    pub fn hint(saved: JsValue, budget_ms: Option<f64>) -> Result<JsValue, JsError> {
        let game = game_of(&saved)?;
        timed(budget_ms, |budget| hint(&game, budget))
    }
}

/// The game a save holds, replayed and checked.
fn game_of(saved: &JsValue) -> Result<Game, JsError> {
    let saved = saved_game(saved)
        .map_err(|e| JsError::new(&format!("the saved game is not readable: {e}")))?;
    Game::restore(&saved).map_err(|e| JsError::new(&e.to_string()))
}

/// A saved game's four fields, each checked to be what [`LatrunculiGame::save`] writes.
fn saved_game(saved: &JsValue) -> Result<SavedGame, String> {
    // A game ends long before this many moves (the clock rule); past it the data is not a save.
    const MOST_MOVES: usize = 100_000;
    Ok(SavedGame {
        rules: string_field(saved, "rules")?,
        start: string_field(saved, "start")?,
        seed: string_field(saved, "seed")?,
        moves: strings_field(saved, "moves", MOST_MOVES)?,
    })
}
