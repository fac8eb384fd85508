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

/// The string `name` of a JS object: what saved games are read with, where serde's
/// deserializer, which brings float formatting and string escaping into the module for its
/// messages, would weigh more than the engine's own rules.
pub fn string_field(object: &JsValue, name: &str) -> Result<String, String> {
    field(object, name)?
        .as_string()
        .ok_or_else(|| format!("`{name}` is not a string"))
}

/// The string `name` of a JS object, or the empty string where it is left out.
#[cfg(feature = "scripta")]
pub fn optional_string_field(object: &JsValue, name: &str) -> Result<String, String> {
    if field(object, name)?.is_undefined() {
        return Ok(String::new());
    }
    string_field(object, name)
}

/// The boolean `name` of a JS object.
#[cfg(feature = "scripta")]
pub fn bool_field(object: &JsValue, name: &str) -> Result<bool, String> {
    field(object, name)?
        .as_bool()
        .ok_or_else(|| format!("`{name}` is not true or false"))
}

/// The array `name` of a JS object, at most `most` long: its entries, each to be read on.
/// `optional`: a field left out reads as no entries.
#[cfg(feature = "scripta")]
pub fn list_field(
    object: &JsValue,
    name: &str,
    most: usize,
    optional: bool,
) -> Result<Vec<JsValue>, String> {
    let array = field(object, name)?;
    if optional && array.is_undefined() {
        return Ok(Vec::new());
    }
    each(&array, most, Some).map_err(|why| format!("`{name}` {why}"))
}

/// The strings of the array `name` of a JS object, at most `most` of them.
pub fn strings_field(object: &JsValue, name: &str, most: usize) -> Result<Vec<String>, String> {
    strings(&field(object, name)?, most).map_err(|why| format!("`{name}` {why}"))
}

/// The strings of the JS array `array`, at most `most` of them.
pub fn strings(array: &JsValue, most: usize) -> Result<Vec<String>, &'static str> {
    each(array, most, |entry| entry.as_string())
}

/// Each entry of the JS array `array`, at most `most` of them, as `read` reads it (None: an
/// entry of the wrong kind).
fn each<T>(
    array: &JsValue,
    most: usize,
    read: impl Fn(JsValue) -> Option<T>,
) -> Result<Vec<T>, &'static str> {
    if !is_array(array) {
        return Err("is not a list");
    }
    let length = reflect_get(array, &JsValue::from_str("length"))
        .ok()
        .and_then(|length| length.as_f64())
        .ok_or("is not a list")?;
    if length > most as f64 {
        return Err("holds too many entries");
    }
    (0..length as u32)
        .map(|i| {
            reflect_get(array, &JsValue::from_f64(f64::from(i)))
                .ok()
                .and_then(&read)
                .ok_or("holds an entry of the wrong kind")
        })
        .collect()
}

/// The field `name` of a JS object (undefined where it has none).
fn field(object: &JsValue, name: &str) -> Result<JsValue, String> {
    get(object, &JsValue::from_str(name))
}

/// `Reflect.get`, which throws (here: an error) when `object` is not an object at all.
fn get(object: &JsValue, key: &JsValue) -> Result<JsValue, String> {
    reflect_get(object, key).map_err(|_| "it is not an object".to_owned())
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
    fn reflect_get(object: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;

    #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> bool;

    /// The browser's clock, in a window or a worker alike: `std::time::Instant` panics on
    /// wasm32-unknown-unknown, so the search's time budget reads this instead.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    pub fn performance_now() -> f64;
}
