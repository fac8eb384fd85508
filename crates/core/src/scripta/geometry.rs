//! The Trier board as the page draws it: three rows of twelve marks split by a central gap,
//! the track running through them as an S, and the inscription whose letters are the marks.

use super::position::{Die, Mark, COUNTERS, DICE, FACES, MARKS};

const ROWS: u8 = 3;
const COLUMNS: u8 = 12;
const _: () = assert!(ROWS * COLUMNS == MARKS, "every mark has its cell");

/// The inscription of the Trier board, a row per line and a word per half row, so each
/// letter is a mark.
const INSCRIPTION: [&str; ROWS as usize] = ["VIRTVS IMPERI", "HOSTES VINCTI", "LVDANT ROMANI"];

/// Where one mark is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub mark: Mark,
    /// 0 at the top.
    pub row: u8,
    /// 0 at the left.
    pub col: u8,
    /// What the mark is called: its number.
    pub label: String,
    /// The inscription's letter on this mark.
    pub letter: char,
}

/// Everything needed to draw a board and its counters and dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub name: &'static str,
    pub rows: u8,
    pub columns: u8,
    /// The column the central gap comes before.
    pub gap_before: u8,
    /// Every mark, in track order.
    pub cells: Vec<Cell>,
    /// The marks in the order counters run.
    pub track: Vec<Mark>,
    /// The marks a counter can enter on (rule 4).
    pub entry: Vec<Mark>,
    /// The home zone, where bearing off starts (rule 9).
    pub home: Vec<Mark>,
    /// The exit sits beside this mark.
    pub exit_after: Mark,
    /// The inscription, a line per row.
    pub inscription: [&'static str; ROWS as usize],
    pub counters: u8,
    /// Dice thrown each turn.
    pub dice: u8,
    /// Faces of each die.
    pub faces: u8,
}

impl Geometry {
    /// The Trier board.
    ///
    /// ```
    /// use ludi_core::scripta::Geometry;
    ///
    /// let board = Geometry::trier();
    /// let thirteen = &board.cells[12];
    /// assert_eq!((thirteen.row, thirteen.col, thirteen.letter), (1, 11, 'I'));
    /// assert_eq!(board.home.first().map(|m| m.get()), Some(31));
    /// ```
    pub fn trier() -> Geometry {
        let track: Vec<Mark> = (1..=MARKS).filter_map(Mark::new).collect();
        Geometry {
            name: "trier",
            rows: ROWS,
            columns: COLUMNS,
            gap_before: COLUMNS / 2,
            cells: track.iter().map(|&mark| cell(mark)).collect(),
            // Rule 4: a die enters on the mark of its own number.
            entry: (1..=FACES)
                .filter_map(Die::new)
                .filter_map(|die| Mark::new(die.get()))
                .collect(),
            home: track.iter().copied().filter(|m| m.in_home()).collect(),
            exit_after: Mark::LAST,
            track,
            inscription: INSCRIPTION,
            counters: COUNTERS,
            dice: DICE,
            faces: FACES,
        }
    }
}

/// Row and column of `mark`: the track runs left to right on the top row, back right to left
/// on the middle row and left to right again on the bottom row.
fn cell(mark: Mark) -> Cell {
    let index = mark.get() - 1;
    let row = index / COLUMNS;
    let along = index % COLUMNS;
    let col = if row % 2 == 1 {
        COLUMNS - 1 - along
    } else {
        along
    };
    Cell {
        mark,
        row,
        col,
        label: mark.get().to_string(),
        letter: letter(row, col),
    }
}

/// The inscription's letter at `row`, `col`, read left to right whatever way the track runs.
fn letter(row: u8, col: u8) -> char {
    INSCRIPTION
        .get(usize::from(row))
        .and_then(|line| line.chars().filter(|c| *c != ' ').nth(usize::from(col)))
        .unwrap_or(' ')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::HOME;

    #[test]
    fn the_track_runs_as_an_s_under_the_inscription() {
        let board = Geometry::trier();
        let at = |n: usize| {
            let c = &board.cells[n - 1];
            (c.row, c.col, c.letter)
        };
        assert_eq!(at(1), (0, 0, 'V'));
        assert_eq!(at(12), (0, 11, 'I'));
        assert_eq!(at(13), (1, 11, 'I'));
        assert_eq!(at(24), (1, 0, 'H'));
        assert_eq!(at(25), (2, 0, 'L'));
        assert_eq!(at(36), (2, 11, 'I'));
        for row in 0..ROWS {
            let mut cells: Vec<&Cell> = board.cells.iter().filter(|c| c.row == row).collect();
            cells.sort_by_key(|c| c.col);
            let read: String = cells.iter().map(|c| c.letter).collect();
            let line = INSCRIPTION[usize::from(row)].replace(' ', "");
            assert_eq!(read, line);
        }
        assert_eq!(board.cells[30].label, "31");
        assert_eq!(board.gap_before, 6);
    }

    #[test]
    fn entry_home_and_exit_follow_the_rules() {
        let board = Geometry::trier();
        let numbers = |marks: &[Mark]| marks.iter().map(|m| m.get()).collect::<Vec<_>>();
        assert_eq!(numbers(&board.track), (1..=36).collect::<Vec<_>>());
        assert_eq!(numbers(&board.entry), [1, 2, 3, 4, 5, 6]);
        assert_eq!(numbers(&board.home), [HOME, 32, 33, 34, 35, 36]);
        assert_eq!(board.exit_after.get(), 36);
        assert_eq!((board.counters, board.dice, board.faces), (15, 3, 6));
    }
}
