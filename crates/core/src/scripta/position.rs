//! The pieces of a XII Scripta position: sides, marks, dice, trays and the board.

use crate::rng::Rng;
use std::fmt;

/// Number of marks on the track (three rows of twelve).
pub const MARKS: u8 = 36;
/// Counters each side owns.
pub const COUNTERS: u8 = 15;
/// The first mark of the home zone (ROMANI, marks 31-36) from which counters bear off.
pub const HOME: u8 = 31;
/// Dice thrown each turn (rule 2).
pub const DICE: u8 = 3;
/// Faces of a die, numbered 1 to this.
pub const FACES: u8 = 6;

/// Albi (white) and Nigri (black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Albi = 0,
    Nigri = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Albi, Side::Nigri];

    pub fn other(self) -> Side {
        match self {
            Side::Albi => Side::Nigri,
            Side::Nigri => Side::Albi,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used in the DOM contract and command output.
    pub fn name(self) -> &'static str {
        match self {
            Side::Albi => "albi",
            Side::Nigri => "nigri",
        }
    }

    /// The one-letter XSN code.
    pub fn letter(self) -> char {
        match self {
            Side::Albi => 'A',
            Side::Nigri => 'N',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A mark of the track, 1 to 36 in the order counters run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark(u8);

impl Mark {
    pub fn new(n: u8) -> Option<Mark> {
        (1..=MARKS).contains(&n).then_some(Mark(n))
    }

    pub fn get(self) -> u8 {
        self.0
    }

    pub fn in_home(self) -> bool {
        self.0 >= HOME
    }

    /// The first mark of the home zone.
    pub const HOME: Mark = Mark(HOME);
    /// The last mark of the track, beside the exit.
    pub const LAST: Mark = Mark(MARKS);
}

/// The numbers of the marks in a set of them held as bits (bit m for mark m), lowest first: a
/// side stands on a handful of the marks, so walking the bits visits only those.
pub(crate) fn marks_in(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let m = set.trailing_zeros() as u8;
            set &= set - 1;
            m
        })
    })
}

/// One die's value, 1 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die(u8);

impl Die {
    pub fn new(v: u8) -> Option<Die> {
        (1..=FACES).contains(&v).then_some(Die(v))
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// The dice still to be played this turn, in the order thrown (at most three).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Dice {
    values: [u8; DICE as usize],
    len: u8,
}

impl Dice {
    pub const NONE: Dice = Dice {
        values: [0; DICE as usize],
        len: 0,
    };

    /// Dice from their values; `None` unless there are 1 to 3 values, each 1 to 6.
    pub fn new(values: &[u8]) -> Option<Dice> {
        if values.is_empty()
            || values.len() > usize::from(DICE)
            || values.iter().any(|&v| Die::new(v).is_none())
        {
            return None;
        }
        let mut dice = Dice::NONE;
        for &v in values {
            dice.values[dice.len as usize] = v;
            dice.len += 1;
        }
        Some(dice)
    }

    /// Three dice thrown (rule 2).
    pub fn throw(rng: &mut Rng) -> Dice {
        Dice {
            values: [0; DICE as usize].map(|_| 1 + rng.below(u32::from(FACES)) as u8),
            len: DICE,
        }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn values(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }

    /// The pips of all the dice: the opening throw's measure.
    pub fn total(&self) -> u32 {
        self.values().iter().map(|&v| u32::from(v)).sum()
    }

    pub fn contains(&self, die: Die) -> bool {
        self.values().contains(&die.0)
    }

    /// The distinct values among the dice, each once, in thrown order.
    pub fn distinct(&self) -> impl Iterator<Item = Die> + '_ {
        let values = self.values();
        values
            .iter()
            .enumerate()
            .filter(move |&(i, v)| !values[..i].contains(v))
            .map(|(_, &v)| Die(v))
    }

    /// Spends one die of this value (the first thrown); false when there is none.
    pub fn spend(&mut self, die: Die) -> bool {
        let len = self.len as usize;
        match self.values[..len].iter().position(|&v| v == die.0) {
            Some(i) => {
                self.values.copy_within(i + 1..len, i);
                self.len -= 1;
                self.values[self.len as usize] = 0;
                true
            }
            None => false,
        }
    }

    /// Puts a spent die back, at the end of the remaining dice.
    pub fn restore(&mut self, die: Die) {
        if (self.len as usize) < self.values.len() {
            self.values[self.len as usize] = die.0;
            self.len += 1;
        }
    }
}

/// What a side holds off the board: counters waiting to enter for the first time, counters
/// sent home (which must re-enter before anything else moves), counters borne off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Tray {
    pub waiting: u8,
    pub sent_home: u8,
    pub borne_off: u8,
}

impl Tray {
    /// Counters not yet on the board, whether never entered or sent home.
    pub fn to_enter(&self) -> u8 {
        self.waiting + self.sent_home
    }
}

/// A full XII Scripta position: the board, both trays, whose turn it is and the dice left.
///
/// The board keeps one signed count per mark: positive for Albi, negative for Nigri, which
/// makes "no mark holds both sides" true by construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [i8; MARKS as usize + 1],
    pub(crate) trays: [Tray; 2],
    pub(crate) turn: Side,
    pub(crate) dice: Dice,
}

impl Position {
    /// The start of a game: an empty board, fifteen counters a side waiting, no dice yet.
    pub fn start(opener: Side) -> Position {
        let tray = Tray {
            waiting: COUNTERS,
            sent_home: 0,
            borne_off: 0,
        };
        Position {
            board: [0; MARKS as usize + 1],
            trays: [tray; 2],
            turn: opener,
            dice: Dice::NONE,
        }
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn dice(&self) -> Dice {
        self.dice
    }

    pub fn tray(&self, side: Side) -> Tray {
        self.trays[side.index()]
    }

    /// How many counters `side` has on `mark`.
    pub fn count(&self, side: Side, mark: Mark) -> u8 {
        count_of(self.board[mark.0 as usize], side)
    }

    /// The side holding `mark` and how many counters it has there, if any.
    pub fn occupant(&self, mark: Mark) -> Option<(Side, u8)> {
        match self.board[mark.0 as usize] {
            0 => None,
            c if c > 0 => Some((Side::Albi, c as u8)),
            c => Some((Side::Nigri, c.unsigned_abs())),
        }
    }

    /// The side that has borne off all fifteen counters, if either has.
    pub fn winner(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.trays[s.index()].borne_off == COUNTERS)
    }

    /// The same position with the dice thrown (replacing any left).
    pub fn with_dice(mut self, dice: Dice) -> Position {
        self.dice = dice;
        self
    }

    /// Hands the turn to the other side with no dice: what a confirmed turn leaves behind.
    pub fn pass_turn(&mut self) {
        self.turn = self.turn.other();
        self.dice = Dice::NONE;
    }

    /// Pips `side` still has to run: each counter's distance to the exit beyond mark 36.
    pub fn pips(&self, side: Side) -> u32 {
        let tray = self.trays[side.index()];
        let off_board = u32::from(tray.to_enter()) * 37;
        (1..=MARKS).fold(off_board, |sum, m| {
            sum + u32::from(count_of(self.board[m as usize], side)) * (37 - u32::from(m))
        })
    }
}

/// The number of counters of `side` in a signed board count.
#[inline]
pub(crate) fn count_of(cell: i8, side: Side) -> u8 {
    match side {
        Side::Albi if cell > 0 => cell as u8,
        Side::Nigri if cell < 0 => cell.unsigned_abs(),
        _ => 0,
    }
}

/// The signed board count for `n` counters of `side`.
#[inline]
pub(crate) fn cell_of(side: Side, n: u8) -> i8 {
    match side {
        Side::Albi => n as i8,
        Side::Nigri => -(n as i8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_of_marks_is_walked_lowest_first() {
        assert_eq!(marks_in(0).count(), 0);
        let set = (1u64 << 36) | (1 << 7) | (1 << 1);
        assert_eq!(marks_in(set).collect::<Vec<_>>(), [1, 7, 36]);
    }
}
