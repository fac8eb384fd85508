//! The Trier board as the page draws it: three rows of twelve marks split by a central gap,
//! the track running through them as an S, and the inscription whose letters are the marks.

use super::position::{Die, Mark, Side, COUNTERS, DICE, FACES, MARKS};
use super::ruleset::{Hit, Rules, Track};

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
    /// The side whose private cell this is (its entry cells on the split track), `None` for
    /// a cell both sides run over.
    pub owner: Option<Side>,
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
    /// Where a hit counter goes: the tray, or its owner's half of the middle row.
    pub hit: Hit,
    /// Per side (Albi, Nigri), the indices into `cells` in the order that side's counters
    /// run: the side's mark n is `cells[paths[side][n - 1]]`.
    pub paths: [Vec<usize>; 2],
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
            hit: Hit::Tray,
            paths: [
                (0..usize::from(MARKS)).collect(),
                (0..usize::from(MARKS)).collect(),
            ],
        }
    }

    /// The board `rules` play on: the Trier S for the shared track, else the split track.
    pub fn of(rules: &Rules) -> Geometry {
        match rules.track {
            Track::Shared => Geometry {
                counters: rules.counters,
                dice: rules.dice,
                ..Geometry::trier()
            },
            Track::Split => Geometry::split(rules),
        }
    }

    /// The split track, drawn from the Ostia board (entries in group A on the middle row,
    /// then B and C on the top row, D and E on the bottom row): each side's six private
    /// cells on its own half of the middle row, Albi's the left half and Nigri's the right,
    /// both run left to right; then the 24 shared cells, the top row right to left (marks
    /// 7-18) and the bottom row left to right (19-30), the exit after the bottom-right cell.
    ///
    /// ```
    /// use ludi_core::scripta::{Geometry, Rules, Side};
    ///
    /// let board = Geometry::of(&Rules::ITALIAN);
    /// let albi_one = &board.cells[board.paths[0][0]];
    /// assert_eq!((albi_one.row, albi_one.col, albi_one.owner), (1, 0, Some(Side::Albi)));
    /// let seven = &board.cells[board.paths[1][6]];
    /// assert_eq!((seven.row, seven.col, seven.owner), (0, 11, None));
    /// ```
    fn split(rules: &Rules) -> Geometry {
        let private = rules.private_marks();
        let marks = rules.marks();
        let mut cells = Vec::with_capacity(usize::from(ROWS * COLUMNS));
        for side in Side::BOTH {
            let first_col = if side == Side::Albi { 0 } else { COLUMNS / 2 };
            for n in 1..=private {
                let col = first_col + n - 1;
                cells.extend(Mark::new(n).map(|mark| Cell {
                    mark,
                    row: 1,
                    col,
                    label: n.to_string(),
                    letter: letter(1, col),
                    owner: Some(side),
                }));
            }
        }
        for n in private + 1..=marks {
            let along = n - private - 1;
            let (row, col) = if along < COLUMNS {
                (0, COLUMNS - 1 - along)
            } else {
                (2, along - COLUMNS)
            };
            cells.extend(Mark::new(n).map(|mark| Cell {
                mark,
                row,
                col,
                label: n.to_string(),
                letter: letter(row, col),
                owner: None,
            }));
        }
        let own = |side: Side| -> Vec<usize> {
            let start = side.index() * usize::from(private);
            (start..start + usize::from(private))
                .chain(2 * usize::from(private)..cells.len())
                .collect()
        };
        let paths = [own(Side::Albi), own(Side::Nigri)];
        let track: Vec<Mark> = (1..=marks).filter_map(Mark::new).collect();
        Geometry {
            name: "split",
            rows: ROWS,
            columns: COLUMNS,
            gap_before: COLUMNS / 2,
            entry: track.iter().copied().take(usize::from(private)).collect(),
            home: track
                .iter()
                .copied()
                .filter(|m| m.get() >= rules.home())
                .collect(),
            exit_after: Mark::new(marks).unwrap_or(Mark::LAST),
            track,
            inscription: INSCRIPTION,
            counters: rules.counters,
            dice: rules.dice,
            faces: FACES,
            hit: rules.hit,
            paths,
            cells,
        }
    }

    /// Where `side`'s mark `mark` is drawn, if its track has that mark.
    pub fn cell(&self, side: Side, mark: Mark) -> Option<&Cell> {
        self.paths[side.index()]
            .get(usize::from(mark.get()).checked_sub(1)?)
            .and_then(|&i| self.cells.get(i))
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
        owner: None,
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
    use crate::scripta::position::HOME;

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

    #[test]
    fn austin_and_murray_play_on_the_trier_board_unchanged() {
        assert_eq!(Geometry::of(&Rules::AUSTIN_MURRAY), Geometry::trier());
        let board = Geometry::trier();
        for side in Side::BOTH {
            for n in 1..=MARKS {
                let mark = Mark::new(n).unwrap();
                assert_eq!(board.cell(side, mark).map(|c| c.mark), Some(mark));
            }
        }
        assert!(board.cells.iter().all(|c| c.owner.is_none()));
    }

    #[test]
    fn the_split_track_covers_every_cell_once_and_shares_only_the_outer_rows() {
        for rules in [Rules::ITALIAN, Rules::ITALIAN_6, Rules::RUSSIAN] {
            let board = Geometry::of(&rules);
            assert_eq!(board.cells.len(), 36);
            let mut seen: Vec<(u8, u8)> = board.cells.iter().map(|c| (c.row, c.col)).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), 36, "every cell drawn once");
            let at = |side: Side, n: u8| {
                let c = board.cell(side, Mark::new(n).unwrap()).unwrap();
                (c.row, c.col, c.owner)
            };
            for n in 1..=6 {
                assert_eq!(at(Side::Albi, n), (1, n - 1, Some(Side::Albi)));
                assert_eq!(at(Side::Nigri, n), (1, n + 5, Some(Side::Nigri)));
            }
            for n in 7..=30 {
                assert_eq!(at(Side::Albi, n), at(Side::Nigri, n), "mark {n} is shared");
            }
            assert_eq!(at(Side::Albi, 7), (0, 11, None));
            assert_eq!(at(Side::Albi, 18), (0, 0, None));
            assert_eq!(at(Side::Albi, 19), (2, 0, None));
            assert_eq!(at(Side::Albi, 30), (2, 11, None));
            assert!(board.cell(Side::Albi, Mark::new(31).unwrap()).is_none());
            let numbers = |marks: &[Mark]| marks.iter().map(|m| m.get()).collect::<Vec<_>>();
            assert_eq!(numbers(&board.entry), [1, 2, 3, 4, 5, 6]);
            assert_eq!(numbers(&board.home), [25, 26, 27, 28, 29, 30]);
            assert_eq!(board.exit_after.get(), 30);
            assert_eq!((board.counters, board.dice), (rules.counters, rules.dice));
            // The letters are the inscription's wherever the track runs.
            assert_eq!(board.cells[board.paths[0][0]].letter, 'H');
            assert_eq!(board.cells[board.paths[1][0]].letter, 'V');
        }
    }
}
