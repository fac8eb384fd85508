//! The inscribed boards the page may draw XII Scripta's marks with, as the core lists them.

use crate::convert::js;
use ludi_core::scripta::Face;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One face as the page draws it: `letters[row][col]` is the letter on the mark at that cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FaceView {
    pub id: &'static str,
    pub lines: Vec<&'static str>,
    /// Where the board was found (`trier`, `ostia`), or null when the source does not say.
    pub found: Option<&'static str>,
    pub letters: Vec<Vec<String>>,
}

impl FaceView {
    fn of(face: &Face) -> FaceView {
        FaceView {
            id: face.id,
            lines: face.lines.to_vec(),
            found: face.found,
            letters: face
                .letters()
                .iter()
                .map(|row| row.iter().map(char::to_string).collect())
                .collect(),
        }
    }
}

/// Every face, the default first.
pub fn faces() -> Vec<FaceView> {
    Face::all().iter().map(FaceView::of).collect()
}

/// `[{id, lines, found, letters}]`: every inscribed board, the Trier board (the default) first.
#[wasm_bindgen(js_name = scriptaFaces)]
pub fn scripta_faces() -> Result<JsValue, JsError> {
    js(&faces())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_reaches_the_page_with_its_letters_by_cell() {
        let all = faces();
        assert_eq!(all.len(), Face::all().len());
        assert_eq!(all[0].id, "trier");
        let venari = all
            .iter()
            .find(|f| f.id == "venari-lavari")
            .expect("listed");
        assert_eq!(
            venari.lines,
            ["VENARI LAVARI", "LUDERE RIDERE", "OCCEST VIVERE"]
        );
        assert_eq!(venari.found, None);
        assert_eq!(venari.letters[0].concat(), "VENARILAVARI");
        assert_eq!(venari.letters[2][6], "V");
        let ostia = all
            .iter()
            .find(|f| f.id == "ostia-alphabet")
            .expect("listed");
        assert_eq!(ostia.found, Some("ostia"));
        assert_eq!(ostia.letters[1].concat(), "AAAAAAAAAAAA");
    }
}
