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

/// The string `name` of a JS object: what a saved game's fields are read with where serde's
/// deserializer, which brings float formatting and string escaping into the module for its
/// messages, would weigh more than the engine's own rules. (Latrunculi's saves are read so;
/// XII Scripta's nested ones still go through serde.)
#[cfg(feature = "latrunculi")]
pub fn string_field(object: &JsValue, name: &str) -> Result<String, String> {
    get(object, &JsValue::from_str(name))?
        .as_string()
        .ok_or_else(|| format!("`{name}` is not a string"))
}

/// The array of strings `name` of a JS object, at most `most` long.
#[cfg(feature = "latrunculi")]
pub fn strings_field(object: &JsValue, name: &str, most: usize) -> Result<Vec<String>, String> {
    let array = get(object, &JsValue::from_str(name))?;
    let not_strings = || format!("`{name}` is not a list of strings");
    if !is_array(&array) {
        return Err(not_strings());
    }
    let length = get(&array, &JsValue::from_str("length"))?
        .as_f64()
        .ok_or_else(not_strings)?;
    if length > most as f64 {
        return Err(format!("`{name}` holds more than {most} entries"));
    }
    (0..length as u32)
        .map(|i| {
            get(&array, &JsValue::from_f64(f64::from(i)))?
                .as_string()
                .ok_or_else(not_strings)
        })
        .collect()
}

/// `Reflect.get`, which throws (here: an error) when `object` is not an object at all.
#[cfg(feature = "latrunculi")]
fn get(object: &JsValue, key: &JsValue) -> Result<JsValue, String> {
    reflect_get(object, key).map_err(|_| "it is not an object".to_owned())
}

#[wasm_bindgen]
extern "C" {
    #[cfg(feature = "latrunculi")]
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(object: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;

    #[cfg(feature = "latrunculi")]
    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;

    /// The browser's clock, in a window or a worker alike: `std::time::Instant` panics on
    /// wasm32-unknown-unknown, so the search's time budget reads this instead.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub fn performance_now() -> f64;
}
