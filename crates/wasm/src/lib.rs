//! The page's view of `ludi-core`: a thin wasm-bindgen layer with no game logic of its own, a
//! module per game. Each game's session and player work in plain Rust (native unit tests cover
//! them); the `#[wasm_bindgen]` types only convert their answers to JS values and their errors
//! to JS `Error`s with readable messages. Nothing here unwraps or indexes unchecked, so no call
//! can panic; should one ever do so all the same, `panic` hands the page its message.
//!
//! Each game is a feature: the page's build makes one module per game, so a visitor downloads
//! only the engine of the game played. `record` and `panic` are in both.

mod convert;
#[cfg(feature = "scripta")]
pub mod faces;
#[cfg(feature = "latrunculi")]
pub mod latrunculi;
pub mod panic;
#[cfg(all(feature = "scripta", feature = "latrunculi"))]
pub mod pictures;
pub mod record;
#[cfg(feature = "scripta")]
pub mod scripta;

/// The page's memory: talc, which the engines' searches and the page's views use as they did
/// dlmalloc, the default, in less of the download.
#[cfg(all(
    target_arch = "wasm32",
    target_os = "unknown",
    not(target_feature = "atomics")
))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
