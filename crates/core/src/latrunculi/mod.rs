//! Ludus latrunculorum, the Roman "game of little soldiers": every reading the sources offer
//! (Locus Ludi's Piso, Museum Quintana's rows, and any mix of their options), the LFEN
//! position notation and a computer opponent.
//!
//! Start with [`Game::new`] or parse a [`Position`] from LFEN; [`Position::legal_moves`],
//! [`Position::apply`] and [`Position::outcome`] are the whole rulebook.

pub mod ai;
mod board;
mod game;
mod lfen;
mod moves;
mod position;
mod record;
mod refusal;
mod rules;
mod zobrist;

pub use crate::record::{RecordError, ReplayError};
pub use board::{Board, Cell, Side, Size, Square, MAX_FILES, MAX_RANKS, MIN_SIDE};
pub use game::{parse_seed, Game, RestoreError, SavedGame};
pub use lfen::{Field, LfenError};
pub use moves::Move;
pub use position::{EndReason, GameResult, IllegalMove, Outcome, Position, PLACED_COUNTERS};
pub use record::Record;
pub use refusal::Refusal;
pub use rules::{
    Dux, Leap, Movement, Preset, Removal, Rules, RulesError, Start, Trap, Win, PRESETS,
    QUIET_MOVES_LIMIT,
};
