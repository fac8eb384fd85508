//! The transposition table: positions already searched, found again by their Zobrist key.

use crate::latrunculi::moves::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy)]
pub(crate) struct Entry {
    key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size, always-replace-if-deeper-or-different table.
pub(crate) struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![None; 1 << bits],
        }
    }

    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let slot = self.slot(key);
        let keep = self.entries[slot].is_some_and(|e| e.key == key && e.depth > depth);
        if !keep {
            self.entries[slot] = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
            });
        }
    }
}
