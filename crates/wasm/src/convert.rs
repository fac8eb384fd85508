//! What every game's bindings share: values to JS, messages to JS errors, the browser clock.

use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A value as a plain JS object (not ES Maps), so the page can read fields and JSON.stringify
/// them.
pub fn js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&format!("cannot hand the game to the page: {e}")))
}

/// A readable message as a JS `Error`.
pub fn err(message: String) -> JsError {
    JsError::new(&message)
}

#[wasm_bindgen]
extern "C" {
    /// The browser's clock, in a window or a worker alike: `std::time::Instant` panics on
    /// wasm32-unknown-unknown, so the search's time budget reads this instead.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub fn performance_now() -> f64;
}
