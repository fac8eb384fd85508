//! Austin and Murray's rules on their fast engine: a table under them is read as a
//! [`Position`] and back, so that whole turns, random games and the computer players run on
//! `movegen` and none of its speed is lost. On the shared S both store a signed count per
//! mark, cell n being mark n.

use super::{Move, Table, TableTurn};
use crate::rng::Rng;
use crate::scripta::movegen::{self, Generator, Turn};
use crate::scripta::position::{Dice, Position, Side};
use crate::scripta::ruleset::{Opener, Rules};
use crate::scripta::step::Step;
use std::cell::RefCell;

thread_local! {
    /// One generator per thread, so its tables are allocated once.
    static GENERATOR: RefCell<Generator> = RefCell::new(Generator::new());
}

impl Table {
    /// The fast engine's position of this table, when its rules are Austin and Murray's.
    pub(crate) fn position(&self) -> Option<Position> {
        if !self.rules.is_default() {
            return None;
        }
        Some(Position {
            board: self.cells,
            trays: self.trays,
            turn: self.turn,
            dice: self.dice,
        })
    }

    /// The table of a fast engine's position, under Austin and Murray's rules.
    pub(crate) fn of_position(position: &Position) -> Table {
        Table {
            rules: Rules::AUSTIN_MURRAY,
            cells: position.board,
            trays: position.trays,
            first: [0; 2],
            turn: position.turn,
            dice: position.dice,
        }
    }
}

/// The fast generator's outcomes of `table`'s throw, as [`Table::turns`] lists them: in its
/// order, each with its first order of moves.
pub(super) fn turns(table: &Table) -> Vec<TableTurn> {
    let Some(position) = table.position() else {
        return table.turns_general();
    };
    GENERATOR.with(|generator| {
        generator
            .borrow_mut()
            .turns(&position)
            .iter()
            .map(|turn| outcome(turn, table.turn))
            .collect()
    })
}

/// A random turn of the fast engine, chosen step by step (see [`Table::random_turn`]).
pub(super) fn random_turn(table: &Table, rng: &mut Rng) -> TableTurn {
    match table.position() {
        Some(position) => outcome(&movegen::random_turn(&position, rng), table.turn),
        None => table.random_turn_general(rng),
    }
}

impl Move {
    /// The move of one die a step makes.
    pub(crate) fn of_step(step: Step) -> Move {
        Move {
            from: step.from,
            to: step.to,
            count: 1,
            dice: Dice::new(&[step.die.get()]).unwrap_or(Dice::NONE),
            summed: false,
            hit: u8::from(step.hit),
        }
    }
}

/// A fast engine's turn played by `mover` as an outcome: its moves, and the table they leave
/// with the turn not yet passed.
pub(crate) fn outcome(turn: &Turn, mover: Side) -> TableTurn {
    TableTurn {
        moves: turn.steps().map(Move::of_step).collect(),
        result: Table {
            turn: mover,
            dice: Dice::NONE,
            ..Table::of_position(&turn.result)
        },
    }
}

/// A whole game between two random players under `rules`: the winner and the number of
/// turns. The opener is `opener`, or the higher opening throw where the rules say so. Under
/// Austin and Murray's rules each step is drawn at random on the fast engine; under the
/// others each distinct outcome is equally likely. Every random game ends (the tests check
/// it), so the loop has no limit.
///
/// ```
/// use ludi_core::rng::Rng;
/// use ludi_core::scripta::{random_game, Rules, Side};
///
/// for rules in [Rules::AUSTIN_MURRAY, Rules::ITALIAN_6] {
///     let (_, turns) = random_game(&rules, &mut Rng::new(1), Side::Albi);
///     assert_eq!(random_game(&rules, &mut Rng::new(1), Side::Albi).1, turns);
/// }
/// ```
pub fn random_game(rules: &Rules, rng: &mut Rng, opener: Side) -> (Side, usize) {
    if rules.is_default() {
        return movegen::random_game(rng, opener);
    }
    let opener = match rules.opener {
        Opener::Albi => opener,
        Opener::Throw => Table::opening_throw(rules, rng).0,
    };
    let mut table = Table::start(*rules, opener);
    let mut turns = 0;
    loop {
        let thrown = table.throw(rng);
        let mut outcomes = table.with_dice(thrown).turns();
        turns += 1;
        let pick = rng.below(outcomes.len() as u32) as usize;
        table = outcomes.swap_remove(pick).result;
        if let Some(winner) = table.winner() {
            return (winner, turns);
        }
        table.pass_turn(thrown);
    }
}

/// The tests of the fast engine write its positions in XSN, through the table.
#[cfg(test)]
mod xsn {
    use super::*;
    use crate::scripta::xsn::XsnError;
    use std::fmt;
    use std::str::FromStr;

    impl FromStr for Position {
        type Err = XsnError;

        fn from_str(text: &str) -> Result<Position, XsnError> {
            let table: Table = text.parse()?;
            table
                .position()
                .ok_or_else(|| XsnError::new("rules", "not Austin and Murray's"))
        }
    }

    impl fmt::Display for Position {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            Table::of_position(self).fmt(f)
        }
    }
}
