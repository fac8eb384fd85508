//! Zobrist keys: one random number per (side, cell), per side to move, per remembered last
//! move, per frozen cell, per dux's cell, and per cell a leaping counter stands on or has
//! visited, the same on every platform. Each is computed where it is used (three multiplies)
//! rather than kept in a table, which, random and so incompressible, would be 12 KB of the
//! page's download.

use super::board::{Side, Square, SLOTS};
use super::moves::Move;
use crate::rng::{splitmix64, SPLITMIX_GAMMA};

/// A block of keys for each of ten uses of a square: counters (two sides), last-move origins
/// and destinations (two sides each), then, after the side to move's key, frozen squares, a
/// leaping counter's square, its visited squares and the duxes' squares; a key for each of
/// the squares' slots.
const BLOCKS: usize = 10;
const COUNT: usize = BLOCKS * SLOTS + 1;

/// The keys are the SplitMix64 stream from this state.
const SEED: u64 = 0x1a7_2c41;

/// The `i`th key of the stream (`i < COUNT`).
fn key(i: usize) -> u64 {
    debug_assert!(i < COUNT);
    let mut state = SEED.wrapping_add((i as u64).wrapping_mul(SPLITMIX_GAMMA));
    splitmix64(&mut state)
}

/// The key of `square` in block `block` (0 to 9); the side to move's key comes between
/// blocks 5 and 6.
fn cell(block: usize, square: Square) -> u64 {
    key(block * SLOTS + usize::from(block >= 6) + square.slot())
}

/// Key of `side`'s counter standing on `square`.
pub(crate) fn counter(side: Side, square: Square) -> u64 {
    cell(side.index(), square)
}

/// Key toggled when black is to move.
pub(crate) fn black_to_move() -> u64 {
    key(6 * SLOTS)
}

/// Key toggled, with the counter's own, while the counter on `square` is frozen.
pub(crate) fn frozen(square: Square) -> u64 {
    cell(6, square)
}

/// Key of a leaping counter standing on `square`.
pub(crate) fn leaping(square: Square) -> u64 {
    cell(7, square)
}

/// Key of a square a leaping counter has stood on this turn.
pub(crate) fn visited(square: Square) -> u64 {
    cell(8, square)
}

/// Key toggled, with its side's counter key, while a dux stands on `square`.
pub(crate) fn dux(square: Square) -> u64 {
    cell(9, square)
}

/// Key of `side`'s remembered last move, which the back-and-forth rule looks at.
pub(crate) fn last_move(side: Side, mv: Move) -> u64 {
    let block = 2 + 2 * side.index();
    let from = mv.from().map_or(0, |from| cell(block, from));
    from ^ cell(block + 1, mv.to())
}

/// Key of the counters still to place, which decide how long placing goes on.
pub(crate) fn to_place(white: u16, black: u16) -> u64 {
    let mut state = (u64::from(white) << 16 | u64::from(black)) ^ 0x5eed;
    splitmix64(&mut state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::board::{Board, MAX_FILES, MAX_RANKS};

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

    #[test]
    fn every_use_of_every_square_has_its_own_key_on_the_largest_board() {
        let board = Board::empty(MAX_FILES, MAX_RANKS);
        let mut keys: Vec<u64> = (0..BLOCKS)
            .flat_map(|block| board.squares().map(move |square| cell(block, square)))
            .collect();
        keys.push(black_to_move());
        let all = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all);
    }
}
