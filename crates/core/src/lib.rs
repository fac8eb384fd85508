//! Ludi Romani's rules core: XII Scripta and Latrunculi, their notations and players.
//!
//! Pure Rust: no clocks, no I/O, no wasm types, so the same code runs natively and in the page.

pub mod clock;
pub mod latrunculi;
mod record;
pub mod rng;
mod rules_error;
pub mod scripta;

pub use record::{RecordError, RecordedGame, ReplayError};
pub use rules_error::RulesError;
