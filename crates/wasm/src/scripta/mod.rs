//! XII Scripta for the page. The core holds every rule, seed and saved game; [`Session`] and
//! [`Opponent`] read the page's words and numbers into core values and shape the answers as
//! the views in `view.rs` (in plain Rust, so native unit tests cover them); [`ScriptaGame`]
//! and [`ScriptaPlayer`] only cross to JS.

mod player;
#[cfg(test)]
mod readings;
mod replay;
mod rules;
mod session;
mod view;

pub use player::{
    hint, judge, load_weights, needs_weights, BetterView, Budget, Opponent, VerdictView,
};
pub use replay::{HeaderView, ReplayView, TurnView};
pub use rules::{
    catalogue, geometry_of, scripta_geometry, scripta_rules, OptionView, PresetView, RulesCatalogue,
};
pub use session::{Session, Tapped};
pub use view::{
    BlockedView, CellView, DieView, GeometryView, PlaceView, Placed, RefusalArgs, RefusalView,
    Snapshot, SourceSteps, StepView, TrayView,
};

use crate::convert::{
    bool_field, err, js, list_field, optional_string_field, performance_now, string_field, strings,
    strings_field,
};
use crate::record::thrown;
use ludi_core::scripta::{SavedGame, SavedTurn};
use wasm_bindgen::prelude::*;

/// A mark number or a word from the page; nothing for `null` or `undefined`.
fn tapped(value: &JsValue) -> Result<Option<Tapped>, JsError> {
    if value.is_null() || value.is_undefined() {
        return Ok(None);
    }
    if let Some(n) = value.as_f64() {
        return Ok(Some(Tapped::Number(n)));
    }
    value
        .as_string()
        .map(|word| Some(Tapped::Word(word)))
        .ok_or_else(|| JsError::new("expected a mark number or a word such as `tray:albi`"))
}

/// A game of XII Scripta, as the page holds it.
#[wasm_bindgen]
pub struct ScriptaGame {
    session: Session,
}

#[wasm_bindgen]
impl ScriptaGame {
    /// A new game from the start. `seed` (decimal digits) makes the dice reproducible;
    /// without it they come from the browser's randomness. `opener` is `albi` (default) or
    /// `nigri` (where the rules let the higher opening throw decide, it does). `rules` is a
    /// preset id (`italian`, `italian-6`, `italian-columns`, `russian`) or `key=value,...`
    /// text; Austin and Murray's rules when absent or empty.
    #[wasm_bindgen(constructor)]
    pub fn new(
        seed: Option<String>,
        opener: Option<String>,
        rules: Option<String>,
    ) -> Result<ScriptaGame, JsError> {
        let session =
            Session::new(seed.as_deref(), opener.as_deref(), rules.as_deref()).map_err(err)?;
        Ok(ScriptaGame { session })
    }

    /// The keys of two options that cannot be played together (`["start", "track"]`), when
    /// that is why `rules` is refused; `null` when it is valid or wrong in another way.
    #[wasm_bindgen(js_name = rulesClash)]
    pub fn rules_clash(rules: &str) -> Result<JsValue, JsError> {
        js(&session::rules_clash(rules))
    }

    /// A game that starts from an XSN position; dice it carries count as already thrown. A
    /// leading rules field (`italian A w15s0o0: w15s0o0:`) plays it under that reading.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(xsn: &str, seed: Option<String>) -> Result<ScriptaGame, JsError> {
        let session = Session::from_position(xsn, seed.as_deref()).map_err(err)?;
        Ok(ScriptaGame { session })
    }

    /// Reads a game record for the replay view: `{header, record, start, turns}`, where
    /// `turns[k]` leads from the position after `k` turns (`start` before the first) to its
    /// `after`. A bad record throws a [`Fault`](crate::record::Fault): where it goes wrong.
    #[wasm_bindgen(js_name = readRecord)]
    pub fn read_record(text: &str) -> Result<JsValue, JsValue> {
        Ok(js(&replay::read(text).map_err(thrown)?)?)
    }

    /// The game of a record taken over after its first `turns` turns: their history kept when
    /// the record's seed throws its dice (records the page writes), else from the position they
    /// reach, with dice from `seed` (random without one). A record whose `Rules:` names another
    /// reading goes on under it.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        text: &str,
        turns: u32,
        seed: Option<String>,
    ) -> Result<ScriptaGame, JsError> {
        let session = Session::from_record(text, turns, seed.as_deref()).map_err(err)?;
        Ok(ScriptaGame { session })
    }

    /// Rebuilds a game from what [`ScriptaGame::save`] returned, checking every step.
    pub fn restore(saved: JsValue) -> Result<ScriptaGame, JsError> {
        let saved = saved_game(&saved)
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

    /// Plays a step written `in/5`, `12/15` or `33/off` (under other readings also a sum
    /// `4/10(4+2)` or a stack `5/8x2`); returns it as played: `{step, from, to, die, hit,
    /// count, dice, summed}`.
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

    /// Everything the page draws, in one call.
    pub fn snapshot(&self) -> Result<JsValue, JsError> {
        js(&self.session.snapshot())
    }

    /// What the page keeps in storage to rebuild this game exactly.
    pub fn save(&self) -> Result<JsValue, JsError> {
        js(&self.session.save())
    }

    /// The game record so far (the README's record format): `albi` and `nigri` name who played
    /// Albi and Nigri (a person or a computer level), `date` is an ISO date (`2026-11-30`;
    /// anything else throws).
    pub fn record(
        &self,
        albi: Option<String>,
        nigri: Option<String>,
        date: Option<String>,
    ) -> Result<String, JsError> {
        self.session
            .record(albi.as_deref(), nigri.as_deref(), date.as_deref())
            .map_err(err)
    }

    /// The board: its cells, track, entry and home marks, exit, inscription and counts.
    pub fn geometry(&self) -> Result<JsValue, JsError> {
        js(&self.session.geometry())
    }

    /// Why tapping `place` (a mark number in the mover's numbering, `tray:albi`, `off:nigri`,
    /// or a side's own cell `nigri:3`) with `selected` picked up (`null`, `tray` or a mark
    /// number) does nothing: `{code, args}`.
    pub fn refusal(&self, selected: JsValue, place: JsValue) -> Result<JsValue, JsError> {
        let selected = tapped(&selected)?;
        let place = tapped(&place)?.ok_or_else(|| JsError::new("no place was tapped"))?;
        js(&self.session.refusal(selected, place).map_err(err)?)
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

    /// The steps of the chosen turn in play order (`[{step: "in/5", from: "tray", to: 5,
    /// die: 5, hit: false, count: 1, dice: [5], summed: false}, ...]`), `[]` when the throw
    /// is forfeited. The XSN must carry the dice still to play; `expert` searches for at most
    /// about `budget_ms` milliseconds when it is given. An XSN with a rules field is played
    /// under that reading (where no level searches, so the budget cuts nothing short).
    pub fn choose(&mut self, xsn: &str, budget_ms: Option<f64>) -> Result<JsValue, JsError> {
        js(&timed(budget_ms, |budget| {
            self.opponent.choose(xsn, budget)
        })?)
    }

    /// What `expert` would play in `xsn`, within about `budget_ms` milliseconds, as
    /// [`ScriptaPlayer::choose`] answers.
    pub fn hint(xsn: &str, budget_ms: Option<f64>) -> Result<JsValue, JsError> {
        js(&timed(budget_ms, |budget| hint(xsn, budget))?)
    }

    /// The hard player's opinion of the turn from `before` (XSN with its throw) to `after`:
    /// `{best, played, costly, better: {text, steps} | null}`, chances for the mover from 0 to 1.
    /// Only Austin and Murray's rules have it: a position under another reading throws.
    pub fn judge(before: &str, after: &str) -> Result<JsValue, JsError> {
        js(&judge(before, after).map_err(err)?)
    }
}

/// The preset (`austin-murray`, `italian`, ...) whose network the player `level` choosing in
/// `xsn` (or `hard` judging a turn from it, `expert` hinting) needs first, before
/// [`load_scripta_weights`] has given it; `undefined` when none is needed: the levels that use
/// a network, under a reading that has one.
#[wasm_bindgen(js_name = scriptaNeedsWeights)]
pub fn scripta_needs_weights(level: &str, xsn: &str) -> Result<Option<String>, JsError> {
    needs_weights(level, xsn)
        .map(|preset| preset.map(str::to_string))
        .map_err(err)
}

/// Gives the engine the network of `preset`: the bytes of the weights file the page fetched.
#[wasm_bindgen(js_name = loadScriptaWeights)]
pub fn load_scripta_weights(preset: &str, bytes: &[u8]) -> Result<(), JsError> {
    load_weights(preset, bytes).map_err(err)
}

/// A saved game's fields, each checked to be what [`ScriptaGame::save`] writes (`opening` and
/// `dice` may be left out, as the save leaves them out when empty).
fn saved_game(saved: &JsValue) -> Result<SavedGame, String> {
    // A game ends long before this many turns, and no turn has this many steps: past them the
    // data is not a save.
    const MOST_TURNS: usize = 100_000;
    const MOST_STEPS: usize = 64;
    // Equal opening throws are thrown again; this many ties in a row is no game's.
    const MOST_OPENINGS: usize = 100;
    let opening = list_field(saved, "opening", MOST_OPENINGS, true)?
        .iter()
        .map(|pair| match strings(pair, 2).as_deref() {
            Ok([albi, nigri]) => Ok([albi.clone(), nigri.clone()]),
            _ => Err("is not a list of pairs of throws"),
        })
        .collect::<Result<_, &str>>()
        .map_err(|why| format!("`opening` {why}"))?;
    let turns = list_field(saved, "turns", MOST_TURNS, false)?
        .iter()
        .map(|turn| {
            Ok(SavedTurn {
                throw: string_field(turn, "throw")?,
                steps: strings_field(turn, "steps", MOST_STEPS)?,
            })
        })
        .collect::<Result<_, String>>()?;
    Ok(SavedGame {
        seed: string_field(saved, "seed")?,
        start: string_field(saved, "start")?,
        opening,
        turns,
        thrown: bool_field(saved, "thrown")?,
        steps: strings_field(saved, "steps", MOST_STEPS)?,
        dice: optional_string_field(saved, "dice")?,
    })
}
