//! Zobrist keys: one random number per (side, cell), per side to move, per remembered last
//! move, per frozen cell, per dux's cell, and per cell a leaping counter stands on or has
//! visited, the same on every platform. Each is computed where it is used (three multiplies)
//! rather than kept in a table, which, random and so incompressible, would be 12 KB of the
//! page's download.

use super::board::{Side, Square, CELLS};
use super::moves::Move;
use crate::rng::{splitmix64, SPLITMIX_GAMMA};

/// Counters: `2 * CELLS`; then last-move origins and destinations per side: `4 * CELLS`; the
/// side to move; frozen cells, a leaping counter's cell, its visited cells and the duxes'
/// cells: `4 * CELLS`.
const COUNT: usize = 10 * CELLS + 1;

/// The keys are the SplitMix64 stream from this state.
const SEED: u64 = 0x1a7_2c41;

/// The `i`th key of the stream (`i < COUNT`).
fn key(i: usize) -> u64 {
    debug_assert!(i < COUNT);
    let mut state = SEED.wrapping_add((i as u64).wrapping_mul(SPLITMIX_GAMMA));
    splitmix64(&mut state)
}

/// Key of `side`'s counter standing on `square`.
pub(crate) fn counter(side: Side, square: Square) -> u64 {
    key(side.index() * CELLS + square.index())
}

/// Key toggled when black is to move.
pub(crate) fn black_to_move() -> u64 {
    key(6 * CELLS)
}

/// Key toggled, with the counter's own, while the counter on `square` is frozen.
pub(crate) fn frozen(square: Square) -> u64 {
    key(6 * CELLS + 1 + square.index())
}

/// Key of a leaping counter standing on `square`.
pub(crate) fn leaping(square: Square) -> u64 {
    key(7 * CELLS + 1 + square.index())
}

/// Key of a square a leaping counter has stood on this turn.
pub(crate) fn visited(square: Square) -> u64 {
    key(8 * CELLS + 1 + square.index())
}

/// Key toggled, with its side's counter key, while a dux stands on `square`.
pub(crate) fn dux(square: Square) -> u64 {
    key(9 * CELLS + 1 + square.index())
}

/// Key of `side`'s remembered last move, which the back-and-forth rule looks at.
pub(crate) fn last_move(side: Side, mv: Move) -> u64 {
    let base = 2 * CELLS + side.index() * 2 * CELLS;
    let from = mv.from().map_or(0, |from| key(base + from.index()));
    from ^ key(base + CELLS + mv.to().index())
}

/// Key of the counters still to place, which decide how long placing goes on.
pub(crate) fn to_place(white: u16, black: u16) -> u64 {
    let mut state = (u64::from(white) << 16 | u64::from(black)) ^ 0x5eed;
    splitmix64(&mut state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_is_its_place_in_the_stream_and_no_two_are_equal() {
        let mut state = SEED;
        let stream: Vec<u64> = (0..COUNT).map(|_| splitmix64(&mut state)).collect();
        let computed: Vec<u64> = (0..COUNT).map(key).collect();
        assert_eq!(computed, stream);
        let mut distinct = computed.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), COUNT);
    }
}
