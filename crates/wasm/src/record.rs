//! Which game a record is of, so the page reads it with that game's reader, and why a record
//! is refused, in the shape the page says it in its own words.

use crate::convert::js;
use ludi_core::{RecordError, RecordedGame, ReplayError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Where a record goes wrong: the `line` of its text from 1, else the `turn` from 1, else its
/// `result` (0 and false where not that). The page says why in the
/// visitor's language from the where, so the core's English reason stays here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fault {
    pub line: u32,
    pub turn: u32,
    pub result: bool,
}

impl From<RecordError> for Fault {
    fn from(e: RecordError) -> Fault {
        Fault {
            line: count(e.line),
            turn: 0,
            result: false,
        }
    }
}

impl From<ReplayError> for Fault {
    fn from(e: ReplayError) -> Fault {
        match e {
            ReplayError::Illegal { turn, .. } => Fault {
                line: 0,
                turn: count(turn),
                result: false,
            },
            ReplayError::Result { .. } => Fault {
                line: 0,
                turn: 0,
                result: true,
            },
        }
    }
}

/// A line or turn number as JS numbers take it cheaply (a record of four billion lines is
/// not one the page was given).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The fault as the page catches it: an object of [`Fault`]'s fields.
pub fn thrown(fault: Fault) -> JsValue {
    js(&fault).unwrap_or_else(JsValue::from)
}

/// The page's id of the game `text` records (`scripta` or `latrunculi`), or why it records
/// neither.
pub fn game_of(text: &str) -> Result<&'static str, Fault> {
    match RecordedGame::of(text)? {
        RecordedGame::Scripta => Ok("scripta"),
        RecordedGame::Latrunculi => Ok("latrunculi"),
    }
}

/// `scripta` or `latrunculi`, from the record's `Game:` line; throws a [`Fault`] when it
/// names neither.
#[wasm_bindgen(js_name = recordGame)]
pub fn record_game(text: &str) -> Result<String, JsValue> {
    game_of(text).map(str::to_owned).map_err(thrown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_line_names_the_reader() {
        assert_eq!(
            game_of("Game: XII Scripta\n\nA 235: in/2 in/3 in/5\n"),
            Ok("scripta")
        );
        assert_eq!(game_of("# saved\r\nGAME: latrunculi\r\n"), Ok("latrunculi"));
        assert_eq!(game_of("Game: chess\n").unwrap_err().line, 1);
        let none = game_of("").unwrap_err();
        assert_eq!((none.line, none.turn, none.result), (0, 0, false));
    }
}
