//! Which game a record is of, so the page reads it with that game's reader.

use crate::convert::err;
use ludi_core::RecordedGame;
use wasm_bindgen::prelude::*;

/// The page's id of the game `text` records (`scripta` or `latrunculi`), or the core's reason
/// it records neither.
pub fn game_of(text: &str) -> Result<&'static str, String> {
    match RecordedGame::of(text).map_err(|e| e.to_string())? {
        RecordedGame::Scripta => Ok("scripta"),
        RecordedGame::Latrunculi => Ok("latrunculi"),
    }
}

/// `scripta` or `latrunculi`, from the record's `Game:` line; throws when it names neither.
#[wasm_bindgen(js_name = recordGame)]
pub fn record_game(text: &str) -> Result<String, JsError> {
    game_of(text).map(str::to_owned).map_err(err)
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
        assert_eq!(
            game_of("Game: chess\n"),
            Err("line 1: Game: `chess` is neither XII Scripta nor Latrunculi".into())
        );
        assert!(game_of("").unwrap_err().contains("no `Game:` line"));
    }
}
