//! The inscribed boards: Roman XII Scripta boards often carry six words of six letters, one
//! letter a mark, in three lines of two words. The Trier board is the one the game is drawn
//! on; the others are faces the page may draw instead. The lines are spelled as the boards
//! (and the sources that list them) spell them, Vulgar Latin and all.

use serde::Serialize;

/// Lines of a face, one per row of the board.
pub const LINES: usize = 3;

/// One inscribed board; serialized as `{id, lines, found}` for the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Face {
    /// The page's name for it, in links and storage.
    pub id: &'static str,
    /// Two six-letter words a line, the top line first.
    pub lines: [&'static str; LINES],
    /// Where the board was found, when the source says.
    pub found: Option<&'static str>,
}

const fn face(id: &'static str, lines: [&'static str; LINES]) -> Face {
    Face {
        id,
        lines,
        found: None,
    }
}

/// Every face, the default (Trier) first. The Trier board keeps the V of its inscription;
/// the others are spelled as the Italian source on Duodecim Scripta lists them.
const FACES: [Face; 13] = [
    Face {
        found: Some("trier"),
        ..face("trier", ["VIRTVS IMPERI", "HOSTES VINCTI", "LVDANT ROMANI"])
    },
    face(
        "venari-lavari",
        ["VENARI LAVARI", "LUDERE RIDERE", "OCCEST VIVERE"],
    ),
    face(
        "levate-dalocu",
        ["LEVATE DALOCU", "LUDERE NESCIS", "IDIOTA RECEDE"],
    ),
    face(
        "invida-puncta",
        ["INVIDA PUNCTA", "IURENT FELICE", "LUDERE DOCTUM"],
    ),
    face(
        "vincer-efatus",
        ["VINCER EFATUS", "SENSUS DOCUIT", "TABULA LUDERE"],
    ),
    face(
        "sitibi-tessel",
        ["SITIBI TESSEL", "LAFAVE TEGOTE", "STUDIO VINCAM"],
    ),
    face(
        "tabula-doctis",
        ["TABULA DOCTIS", "BELOCI LUSORI", "DICCTE LAUDES"],
    ),
    face(
        "victus-lebate",
        ["VICTUS LEBATE", "LUDERE NESCIS", "DALUSO RILOCU"],
    ),
    face(
        "tabula-circus",
        ["TABULA CIRCUS", "BICTUS RECEDE", "LUDERE NESCIS"],
    ),
    face(
        "victor-ipalma",
        ["VICTOR IPALMA", "VICTUS SURGAT", "LUDERE NESCIS"],
    ),
    face(
        "stupet-turdus",
        ["STUPET TURDUS", "CANTAT MERULA", "CAPTAT AUCEPS"],
    ),
    face(
        "abemus-incena",
        ["ABEMUS INCENA", "PULLUM PISCEM", "PERNAM PAONEM"],
    ),
    // The letters show the way round: in at the A's, on through B, C and D, off from the E's.
    Face {
        found: Some("ostia"),
        ..face(
            "ostia-alphabet",
            ["CCCCCC BBBBBB", "AAAAAA AAAAAA", "DDDDDD EEEEEE"],
        )
    },
];

impl Face {
    /// Every face, Trier first.
    ///
    /// ```
    /// use ludi_core::scripta::Face;
    ///
    /// assert_eq!(Face::all()[0].id, "trier");
    /// assert_eq!(Face::by_id("ostia-alphabet").and_then(|f| f.letter(1, 0)), Some('A'));
    /// assert_eq!(Face::by_id("venari-lavari").and_then(|f| f.letter(2, 11)), Some('E'));
    /// ```
    pub fn all() -> &'static [Face] {
        &FACES
    }

    /// The default face: the Trier board.
    pub fn trier() -> &'static Face {
        &FACES[0]
    }

    /// The face called `id`, if there is one.
    pub fn by_id(id: &str) -> Option<&'static Face> {
        FACES.iter().find(|f| f.id == id)
    }

    /// The letter on the mark at `row` (0 at the top) and `col` (0 at the left), read left to
    /// right whatever way the track runs; `None` off the board.
    pub fn letter(&self, row: u8, col: u8) -> Option<char> {
        self.lines
            .get(usize::from(row))?
            .chars()
            .filter(|c| *c != ' ')
            .nth(usize::from(col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::Geometry;
    use std::collections::HashSet;

    /// Letters of a word, one per mark of a half row.
    const WORD: usize = 6;

    #[test]
    fn every_line_is_two_words_of_six_letters() {
        for face in Face::all() {
            for line in face.lines {
                let words: Vec<&str> = line.split(' ').collect();
                assert_eq!(words.len(), 2, "{}: {line}", face.id);
                for word in words {
                    assert_eq!(word.chars().count(), WORD, "{}: {word}", face.id);
                    assert!(word.chars().all(|c| c.is_ascii_uppercase()), "{word}");
                }
            }
        }
    }

    #[test]
    fn every_mark_has_a_letter_and_nothing_beyond() {
        let board = Geometry::trier();
        for face in Face::all() {
            for cell in &board.cells {
                assert!(
                    face.letter(cell.row, cell.col).is_some(),
                    "{} {cell:?}",
                    face.id
                );
            }
            assert_eq!(face.letter(board.rows, 0), None);
            assert_eq!(face.letter(0, board.columns), None);
            assert_eq!(face.lines.len(), usize::from(board.rows));
        }
    }

    #[test]
    fn ids_are_unique_kebab_case() {
        let ids: HashSet<&str> = Face::all().iter().map(|f| f.id).collect();
        assert_eq!(ids.len(), Face::all().len());
        for id in ids {
            assert!(
                id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{id}"
            );
            assert_eq!(Face::by_id(id).map(|f| f.id), Some(id));
        }
        assert_eq!(Face::by_id("Trier"), None);
        assert_eq!(Face::by_id(""), None);
    }

    #[test]
    fn trier_comes_first_with_the_letters_the_board_is_drawn_with() {
        let trier = Face::trier();
        assert_eq!(Face::all()[0], *trier);
        assert_eq!((trier.id, trier.found), ("trier", Some("trier")));
        let board = Geometry::trier();
        assert_eq!(trier.lines, board.inscription);
        for cell in &board.cells {
            assert_eq!(
                trier.letter(cell.row, cell.col),
                Some(cell.letter),
                "{cell:?}"
            );
        }
    }

    #[test]
    fn the_ostia_board_spells_the_way_round() {
        let ostia = Face::by_id("ostia-alphabet").expect("the Ostia board");
        assert_eq!(ostia.found, Some("ostia"));
        let row = |r: u8| -> String { (0..12).filter_map(|c| ostia.letter(r, c)).collect() };
        assert_eq!(
            [row(0), row(1), row(2)],
            ["CCCCCCBBBBBB", "AAAAAAAAAAAA", "DDDDDDEEEEEE"]
        );
        // Only Trier and Ostia have a findspot in the source.
        let found: Vec<&str> = Face::all().iter().filter_map(|f| f.found).collect();
        assert_eq!(found, ["trier", "ostia"]);
    }
}
