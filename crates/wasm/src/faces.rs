//! The inscribed boards the page may draw XII Scripta's marks with, as the core lists them.

use crate::convert::js;
use ludi_core::scripta::Face;
use wasm_bindgen::prelude::*;

/// `[{id, lines, found}]`: every inscribed board, the Trier board (the default) first; `lines`
/// are its three lines of two six-letter words, `found` where it was found (`trier`, `ostia`)
/// or null when the source does not say.
#[wasm_bindgen(js_name = scriptaFaces)]
pub fn scripta_faces() -> Result<JsValue, JsError> {
    js(&Face::all())
}
