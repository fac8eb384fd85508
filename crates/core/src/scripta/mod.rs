//! XII Scripta (Ludus Duodecim Scriptorum) under any reading: Austin and Murray's on the
//! Trier board (the default), the Italian rules, the Russian and custom rule sets. One engine
//! plays them all: [`Table`] (a position with its moves), [`Game`] (seeded dice, moves with
//! undo, refusals, saves) and [`Record`]. Under Austin and Murray's rules the table hands
//! whole turns and the computer players to a private fast engine (`position.rs`, `rules.rs`,
//! `movegen.rs`), which has no game, record, refusal, notation or save of its own.

pub mod ai;
mod faces;
mod game;
mod geometry;
mod movegen;
mod position;
mod record;
mod refusal;
mod rules;
mod ruleset;
mod saved;
mod step;
mod table;
mod xsn;

pub use crate::record::{RecordError, ReplayError};
pub use faces::Face;
pub use game::{DieState, Game, GameError};
pub use geometry::{Cell, Geometry};
pub use position::{Dice, Die, Mark, Side, Tray};
pub use record::{Record, ReplayedTurn, WrittenTurn, RULES};
pub use refusal::{Place, Refusal};
pub use ruleset::{
    BearOff, Entry, Hit, Opener, RuleOption, Rules, RulesError, Stacks, Start, Track, OPTIONS,
    PRESETS,
};
pub use saved::{RestoreError, SavedGame, SavedTurn};
pub use step::{From, To};
pub use table::{random_game, Move, Table, TableTurn};
pub use xsn::XsnError;
