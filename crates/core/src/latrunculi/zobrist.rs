//! Zobrist keys: one random number per (side, cell), per side to move and per remembered
//! last move, fixed at compile time so that hashes are the same on every platform.

use super::board::{Side, Square, CELLS};
use super::moves::Move;
use crate::rng::splitmix64;

/// Counters: `2 * CELLS`; then last-move origins and destinations per side: `4 * CELLS`.
const COUNT: usize = 6 * CELLS + 1;

static KEYS: [u64; COUNT] = keys();

const fn keys() -> [u64; COUNT] {
    let mut state = 0x1a7_2c41_u64;
    let mut keys = [0; COUNT];
    let mut i = 0;
    while i < COUNT {
        keys[i] = splitmix64(&mut state);
        i += 1;
    }
    keys
}

/// Key of `side`'s counter standing on `square`.
pub(crate) fn counter(side: Side, square: Square) -> u64 {
    KEYS[side.index() * CELLS + square.index()]
}

/// Key toggled when black is to move.
pub(crate) fn black_to_move() -> u64 {
    KEYS[6 * CELLS]
}

/// Key of `side`'s remembered last move, which the back-and-forth rule looks at.
pub(crate) fn last_move(side: Side, mv: Move) -> u64 {
    let base = 2 * CELLS + side.index() * 2 * CELLS;
    let from = mv.from().map_or(0, |from| KEYS[base + from.index()]);
    from ^ KEYS[base + CELLS + mv.to().index()]
}

/// Key of the counters still to place, which decide how long placing goes on.
pub(crate) fn to_place(white: u16, black: u16) -> u64 {
    let mut state = (u64::from(white) << 16 | u64::from(black)) ^ 0x5eed;
    splitmix64(&mut state)
}
