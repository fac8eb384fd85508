//! XII Scripta for the page: [`Session`] and [`Opponent`] do the work in plain Rust (so native
//! unit tests cover them); [`ScriptaGame`] and [`ScriptaPlayer`] only convert.

mod player;
mod session;

pub use player::{hint, Budget, Opponent};
pub use session::{Placed, SavedGame, SavedTurn, Session, Snapshot, SourceSteps, StepView};

use crate::convert::{err, js, performance_now};
use wasm_bindgen::prelude::*;

/// A game of XII Scripta, as the page holds it.
#[wasm_bindgen]
pub struct ScriptaGame {
    session: Session,
}

#[wasm_bindgen]
impl ScriptaGame {
    /// A new game from the start. `seed` (decimal digits) makes the dice reproducible;
    /// without it they come from the browser's randomness. `opener` is `albi` (default) or
    /// `nigri`.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: Option<String>, opener: Option<String>) -> Result<ScriptaGame, JsError> {
        let session = Session::new(seed.as_deref(), opener.as_deref()).map_err(err)?;
        Ok(ScriptaGame { session })
    }

    /// A game that starts from an XSN position; dice it carries count as already thrown.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(xsn: &str, seed: Option<String>) -> Result<ScriptaGame, JsError> {
        let session = Session::from_position(xsn, seed.as_deref()).map_err(err)?;
        Ok(ScriptaGame { session })
    }

    /// Rebuilds a game from what [`ScriptaGame::save`] returned, checking every step.
    pub fn restore(saved: JsValue) -> Result<ScriptaGame, JsError> {
        let saved: SavedGame = serde_wasm_bindgen::from_value(saved)
            .map_err(|e| JsError::new(&format!("the saved game is not readable: {e}")))?;
        let session = Session::restore(&saved).map_err(err)?;
        Ok(ScriptaGame { session })
    }

    /// The next game: the other side opens, with dice derived from this game's seed.
    #[wasm_bindgen(js_name = nextGame)]
    pub fn next_game(&self) -> ScriptaGame {
        ScriptaGame {
            session: self.session.next_game(),
        }
    }

    /// Throws the three dice for the side to move; returns their values.
    #[wasm_bindgen(js_name = throwDice)]
    pub fn throw_dice(&mut self) -> Result<Vec<u8>, JsError> {
        self.session.throw_dice().map_err(err)
    }

    /// The legal next steps grouped by source: `[{source: "tray"|mark, steps: [{step, from,
    /// to, die, hit}]}]`.
    #[wasm_bindgen(js_name = legalSteps)]
    pub fn legal_steps(&self) -> Result<JsValue, JsError> {
        js(&self.session.legal_steps())
    }

    /// Plays a step written `in/5`, `12/15` or `33/off`; returns it as played.
    pub fn play(&mut self, step: &str) -> Result<JsValue, JsError> {
        js(&self.session.play(step).map_err(err)?)
    }

    /// Takes back the last step of this turn; returns it.
    pub fn undo(&mut self) -> Result<JsValue, JsError> {
        js(&self.session.undo().map_err(err)?)
    }

    /// Ends a turn in which no die can be played any more; returns its record line.
    pub fn confirm(&mut self) -> Result<String, JsError> {
        self.session.confirm().map_err(err)
    }

    /// The current position in XSN, with the dice still to play.
    pub fn position(&self) -> String {
        self.session.position()
    }

    /// One line per confirmed turn, e.g. `A 235: in/2 in/3 in/5`.
    pub fn record(&self) -> Vec<String> {
        self.session.record()
    }

    /// `albi` or `nigri` once a side has borne off all fifteen counters.
    pub fn winner(&self) -> Option<String> {
        self.session.winner()
    }

    /// Each thrown die in throw order: `[{value, state}]`, state `unused|used|forfeited`.
    #[wasm_bindgen(js_name = diceStates)]
    pub fn dice_states(&self) -> Result<JsValue, JsError> {
        js(&self.session.dice_states())
    }

    /// Everything the page draws, in one call.
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        js(&self.session.snapshot())
    }

    /// What the page keeps in storage to rebuild this game exactly.
    pub fn save(&self) -> Result<JsValue, JsError> {
        js(&self.session.save())
    }
}

/// Runs `choose` with the browser's clock when the page gives a budget.
fn timed<T>(
    budget_ms: Option<f64>,
    choose: impl FnOnce(Option<Budget>) -> Result<T, String>,
) -> Result<T, JsError> {
    let clock = performance_now;
    choose(budget_ms.map(|ms| (&clock as &dyn ludi_core::clock::Clock, ms))).map_err(err)
}

/// A computer player of XII Scripta, as the page's worker holds it.
#[wasm_bindgen]
pub struct ScriptaPlayer {
    opponent: Opponent,
}

#[wasm_bindgen]
impl ScriptaPlayer {
    /// A player of `level`: `random`, `easy`, `medium`, `hard` or `expert`. `seed` (decimal
    /// digits) makes its choices reproducible.
    #[wasm_bindgen(constructor)]
    pub fn new(level: &str, seed: Option<String>) -> Result<ScriptaPlayer, JsError> {
        let opponent = Opponent::new(level, seed.as_deref()).map_err(err)?;
        Ok(ScriptaPlayer { opponent })
    }

    #[wasm_bindgen(getter)]
    pub fn level(&self) -> String {
        self.opponent.level().to_string()
    }

    /// The steps of the chosen turn in play order (`["in/5", "12/15*"]`), `[]` when the
    /// throw is forfeited. The XSN must carry the dice still to play; `expert` searches for
    /// at most about `budget_ms` milliseconds when it is given.
    pub fn choose(&mut self, xsn: &str, budget_ms: Option<f64>) -> Result<Vec<String>, JsError> {
        timed(budget_ms, |budget| self.opponent.choose(xsn, budget))
    }

    /// What `expert` would play in `xsn`, within about `budget_ms` milliseconds.
    pub fn hint(xsn: &str, budget_ms: Option<f64>) -> Result<Vec<String>, JsError> {
        timed(budget_ms, |budget| hint(xsn, budget))
    }
}
