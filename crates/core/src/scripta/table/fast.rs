//! Austin and Murray's rules on the fast [`Position`] and its generator: the same counters by
//! mark (the shared S has no private cells, so cell n is mark n on both), the turns converted
//! back to moves. The general engine plays these rules too; tests check that both agree.

use super::{Move, Table, TableTurn};
use crate::rng::Rng;
use crate::scripta::movegen::{self, Generator, Turn};
use crate::scripta::position::{Dice, Position};
use crate::scripta::ruleset::Rules;
use std::cell::RefCell;

thread_local! {
    /// One generator per thread, so its tables are allocated once.
    static GENERATOR: RefCell<Generator> = RefCell::new(Generator::new());
}

impl Table {
    /// The same counters, trays, mover and dice as a fast position. Only meaningful under
    /// Austin and Murray's rules, which have no middle-row duty to carry over.
    pub(crate) fn to_position(self) -> Position {
        Position {
            board: self.cells,
            trays: self.trays,
            turn: self.turn,
            dice: self.dice,
        }
    }

    /// A fast position as a table under Austin and Murray's rules.
    pub(crate) fn from_position(position: &Position) -> Table {
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

/// The fast generator's outcomes of `table`'s throw, as [`Table::turns`] lists them.
pub(super) fn turns(table: &Table) -> Vec<TableTurn> {
    let position = table.to_position();
    GENERATOR.with(|generator| {
        generator
            .borrow_mut()
            .turns(&position)
            .iter()
            .map(|turn| outcome(table, turn))
            .collect()
    })
}

/// A random turn of the fast engine, chosen step by step (see [`Table::random_turn`]).
pub(super) fn random_turn(table: &Table, rng: &mut Rng) -> TableTurn {
    outcome(table, &movegen::random_turn(&table.to_position(), rng))
}

/// A fast turn as moves of one die each and the table it leaves, the turn not yet passed.
fn outcome(table: &Table, turn: &Turn) -> TableTurn {
    let moves = turn
        .steps()
        .map(|step| Move {
            from: step.from,
            to: step.to,
            count: 1,
            dice: Dice::new(&[step.die.get()]).unwrap_or(Dice::NONE),
            summed: false,
            hit: u8::from(step.hit),
        })
        .collect();
    let result = Table {
        turn: table.turn,
        dice: Dice::NONE,
        ..Table::from_position(&turn.result)
    };
    TableTurn { moves, result }
}
