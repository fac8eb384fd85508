//! XII Scripta (Ludus Duodecim Scriptorum), as Austin and Murray reconstructed it on the
//! Trier board: one 36-mark track run by both sides, three dice spent one step each.

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
pub use game::{DieState, Game, GameError, TurnRecord};
pub use geometry::{Cell, Geometry};
pub use movegen::{legal_steps, max_dice, random_game, random_turn, turns, Generator, Turn};
pub use position::{Dice, Die, Mark, Position, Side, Tray, COUNTERS, DICE, FACES, HOME, MARKS};
pub use record::{Record, ReplayedTurn, WrittenStep, WrittenTurn, RULES};
pub use refusal::{Place, Refusal};
pub use ruleset::{
    BearOff, Entry, Hit, Opener, RuleOption, Rules, RulesError, Stacks, Start, Track, OPTIONS,
    PRESETS,
};
pub use saved::{RestoreError, SavedGame, SavedTurn};
pub use step::{From, Step, StepError, To};
pub use table::{
    Move, Table, TableGame, TableRecord, TableReplayedTurn, TableTurn, TableWrittenTurn,
};
pub use xsn::XsnError;
