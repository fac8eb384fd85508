//! The network's inputs, TD-Gammon style, always from the point of view of the side to move.
//!
//! Both sides run the same track in the same direction, so no mirroring is needed: the
//! inputs simply list the mover's counters first and the opponent's second. Each mark gets
//! four units per side (at least one counter, at least two, at least three, and half of
//! any beyond three); each side's trays, pips and bearing-off right add six more, and, as
//! TD-Gammon's later versions added, a few hand-made ones: how much the side stands to lose
//! from its blots being hit, its most exposed blot, whether the sides are still in contact,
//! and how its blocks hinder the enemy (blocks just in front of the enemy's rearmost counter,
//! the longest wall, blocks on the entry marks while the enemy still has counters to enter).
//! Most marks are empty, so a position is encoded sparsely as the list of its non-zero
//! inputs.

use crate::scripta::position::{count_of, Mark, Position, COUNTERS, FACES, MARKS};

/// Units per mark and side.
const PER_MARK: usize = 4;
/// Units for one side's trays and totals.
const PER_TRAY: usize = 12;
/// Inputs for one side.
const PER_SIDE: usize = MARKS as usize * PER_MARK + PER_TRAY;
/// All inputs of the network.
pub const INPUTS: usize = 2 * PER_SIDE;
/// The most inputs one position can switch on.
pub const MAX_ACTIVE: usize = 2 * (COUNTERS as usize * PER_MARK + PER_TRAY);

/// A position's non-zero inputs as (index, value) pairs.
#[derive(Clone, Debug)]
pub struct Features {
    pub len: usize,
    pub index: [u16; MAX_ACTIVE],
    pub value: [f32; MAX_ACTIVE],
}

impl Features {
    fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 && self.len < MAX_ACTIVE {
            self.index[self.len] = index as u16;
            self.value[self.len] = value;
            self.len += 1;
        }
    }

    /// The active inputs as pairs.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.index[..self.len]
            .iter()
            .zip(&self.value[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// The full input vector (for tests and gradient checks).
    pub fn dense(&self) -> Vec<f32> {
        let mut x = vec![0.0; INPUTS];
        for (i, v) in self.iter() {
            x[i] = v;
        }
        x
    }
}

/// Encodes `position` for the side to move in it.
pub fn encode(position: &Position) -> Features {
    let mut f = Features {
        len: 0,
        index: [0; MAX_ACTIVE],
        value: [0.0; MAX_ACTIVE],
    };
    let mover = position.turn;
    for (k, side) in [mover, mover.other()].into_iter().enumerate() {
        let base = k * PER_SIDE;
        for m in 1..=MARKS as usize {
            let n = count_of(position.board[m], side);
            if n == 0 {
                continue;
            }
            let at = base + (m - 1) * PER_MARK;
            f.push(at, 1.0);
            if n >= 2 {
                f.push(at + 1, 1.0);
            }
            if n >= 3 {
                f.push(at + 2, 1.0);
            }
            if n > 3 {
                f.push(at + 3, f32::from(n - 3) / 2.0);
            }
        }
        let tray = position.trays[side.index()];
        let at = base + MARKS as usize * PER_MARK;
        let counters = f32::from(COUNTERS);
        f.push(at, f32::from(tray.waiting) / counters);
        f.push(at + 1, f32::from(u8::from(tray.sent_home > 0)));
        f.push(at + 2, f32::from(tray.sent_home) / 4.0);
        f.push(at + 3, f32::from(tray.borne_off) / counters);
        f.push(at + 4, position.pips(side) as f32 / (37.0 * counters));
        f.push(at + 5, f32::from(u8::from(position.may_bear_off(side))));
        let (loss, worst, contact) = exposure(position, side);
        f.push(at + 6, loss / 20.0);
        f.push(at + 7, worst);
        f.push(at + 8, f32::from(u8::from(contact)));
        let (in_front, wall, on_entry) = blocking(position, side);
        f.push(at + 9, f32::from(in_front) / 6.0);
        f.push(at + 10, f32::from(wall) / 6.0);
        f.push(at + 11, f32::from(on_entry) / 6.0);
    }
    f
}

/// The marks counters enter on: a block there stops the enemy's entering throws.
const ENTRY_MARKS: u8 = FACES;

/// How `side`'s blocks hinder the enemy: blocks on the six marks in front of the enemy's
/// rearmost counter (the entry marks while it still has counters to enter), the longest run
/// of adjacent blocks, and blocks on the entry marks while the enemy has counters to enter.
fn blocking(position: &Position, side: crate::scripta::Side) -> (u8, u8, u8) {
    let enemy = side.other();
    // As bits, because every reply the search looks at is encoded.
    let blocks = position.blocks_for(enemy);
    let between = |low: u8, high: u8| (blocks & marks(low, high)).count_ones() as u8;
    let entering = position.trays[enemy.index()].to_enter() > 0;
    let rearmost = if entering {
        Some(0)
    } else {
        position.rearmost(enemy).map(Mark::get)
    };
    let in_front = rearmost.map_or(0, |rear| between(rear + 1, rear + ENTRY_MARKS));
    let (mut wall, mut run) = (0, blocks);
    while run != 0 {
        run &= run << 1;
        wall += 1;
    }
    let on_entry = if entering { between(1, ENTRY_MARKS) } else { 0 };
    (in_front, wall.min(ENTRY_MARKS), on_entry)
}

/// Bits `low..=high` (high capped at the last mark).
fn marks(low: u8, high: u8) -> u64 {
    let high = high.min(MARKS);
    if low > high {
        return 0;
    }
    (u64::MAX >> (63 - high)) & (u64::MAX << low)
}

/// Throws (of 216) in which some of the three dice sum to each distance: the chance that
/// one counter could cover it, ignoring blocks on the way.
const SHOTS: [u32; 19] = shots();

const fn shots() -> [u32; 19] {
    let mut table = [0u32; 19];
    let mut throw = 0;
    while throw < 216 {
        let dice = [throw / 36 + 1, throw / 6 % 6 + 1, throw % 6 + 1];
        let mut reach = [false; 19];
        let mut subset = 1;
        while subset < 8 {
            let mut sum = 0;
            let mut i = 0;
            while i < 3 {
                if subset & (1 << i) != 0 {
                    sum += dice[i];
                }
                i += 1;
            }
            reach[sum] = true;
            subset += 1;
        }
        let mut d = 1;
        while d < 19 {
            if reach[d] {
                table[d] += 1;
            }
            d += 1;
        }
        throw += 1;
    }
    table
}

/// For `side`'s blots: the expected pips lost to hits (each blot's chance of being hit,
/// from the enemy counters up to 18 marks behind it or entering, times its mark plus ten
/// for the re-entry), the largest single chance, and whether any enemy counter is behind
/// one of the side's counters at all.
fn exposure(position: &Position, side: crate::scripta::Side) -> (f32, f32, bool) {
    let enemy = side.other();
    let tray = position.trays[enemy.index()];
    let entering = tray.to_enter() > 0;
    let board_shoots = tray.sent_home == 0;
    let enemies = position.occupied(enemy);
    let (mut loss, mut worst) = (0.0f32, 0.0f32);
    let mut contact = false;
    for (m, &cell) in position.board.iter().enumerate().skip(1) {
        let mine = count_of(cell, side);
        let behind = entering || enemies & marks(1, m as u8 - 1) != 0;
        if mine > 0 && behind {
            contact = true;
        }
        if mine != 1 || !behind {
            continue;
        }
        let mut safe = 1.0f32;
        if entering && m <= 18 {
            safe *= 1.0 - SHOTS[m] as f32 / 216.0;
        }
        if board_shoots {
            // Nearest shooter first, as the distance grows.
            let mut shooters = enemies & marks(m.saturating_sub(18).max(1) as u8, m as u8 - 1);
            while shooters != 0 {
                let at = 63 - shooters.leading_zeros() as usize;
                shooters &= !(1u64 << at);
                safe *= 1.0 - SHOTS[m - at] as f32 / 216.0;
            }
        }
        let hit = 1.0 - safe;
        loss += hit * (m as f32 + 10.0);
        worst = worst.max(hit);
    }
    (loss, worst, contact)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_has_only_waiting_and_pip_inputs() {
        let f = encode(&Position::start(crate::scripta::Side::Albi));
        let x = f.dense();
        let tray = MARKS as usize * PER_MARK;
        assert_eq!(x[tray], 1.0, "all fifteen waiting");
        assert_eq!(x[tray + 4], 1.0, "all pips to go");
        assert_eq!(x[PER_SIDE + tray], 1.0);
        assert_eq!(f.len, 4);
    }

    #[test]
    fn a_blot_in_front_of_an_enemy_counter_is_exposed() {
        // 91 throws hold a 3, and 1+2 or 1+1+1 add more.
        assert!(SHOTS[3] > 91 && SHOTS[3] < 216);
        assert_eq!(SHOTS[1], 91);
        assert_eq!(SHOTS[18], 1);
        let open: Position = "A w14s0o0:13 w0s0o0:10x15".parse().unwrap();
        let (loss, worst, contact) = exposure(&open, crate::scripta::Side::Albi);
        assert!(contact);
        assert!((worst - SHOTS[3] as f32 / 216.0).abs() < 1e-6);
        assert!((loss - worst * 23.0).abs() < 1e-4);
        let passed: Position = "A w0s0o0:13x15 w0s0o0:20x15".parse().unwrap();
        assert_eq!(
            exposure(&passed, crate::scripta::Side::Albi),
            (0.0, 0.0, false)
        );
    }

    #[test]
    fn mark_ranges_stop_at_the_last_mark() {
        assert_eq!(marks(1, 6), 0b111_1110);
        assert_eq!(marks(35, 40), 0b11 << 35);
        assert_eq!(marks(37, 42), 0);
        assert_eq!(marks(5, 4), 0);
    }

    #[test]
    fn blocks_count_where_they_hinder() {
        // Albi blocks 2, 3, 4 and 9; Nigri still has counters to enter.
        let entering: Position = "A w7s0o0:2x2,3x2,4x2,9x2 w14s0o0:12".parse().unwrap();
        let blocks = 1 << 2 | 1 << 3 | 1 << 4 | 1 << 9;
        assert_eq!(entering.blocks_for(crate::scripta::Side::Nigri), blocks);
        assert_eq!(entering.blocks_for(crate::scripta::Side::Albi), 0);
        assert_eq!(blocking(&entering, crate::scripta::Side::Albi), (3, 3, 3));
        // Nigri has entered all: only the blocks within six marks of its counter on 3 count.
        let entered: Position = "A w7s0o0:5x2,6x2,9x2,12x2 w0s0o14:3".parse().unwrap();
        assert_eq!(blocking(&entered, crate::scripta::Side::Albi), (3, 2, 0));
        // Nigri's single counters block nothing.
        assert_eq!(blocking(&entered, crate::scripta::Side::Nigri), (0, 0, 0));
        let x = encode(&entered).dense();
        let at = MARKS as usize * PER_MARK + 9;
        assert_eq!(&x[at..at + 3], &[0.5, 2.0 / 6.0, 0.0]);
    }

    #[test]
    fn mover_comes_first_and_counts_use_four_units() {
        let p: Position = "N w9s0o0:1,5x5 w11s2o0:7x2".parse().unwrap();
        let x = encode(&p).dense();
        // Nigri move: their two counters on 7 are the first half.
        let seven = 6 * PER_MARK;
        assert_eq!(&x[seven..seven + 4], &[1.0, 1.0, 0.0, 0.0]);
        assert_eq!(x[PER_SIDE + MARKS as usize * PER_MARK + 1], 0.0);
        assert_eq!(
            x[MARKS as usize * PER_MARK + 1],
            1.0,
            "mover has counters sent home"
        );
        assert_eq!(x[MARKS as usize * PER_MARK + 2], 0.5);
        // Albi: a blot on 1 and five counters on 5.
        let albi = PER_SIDE;
        assert_eq!(&x[albi..albi + 4], &[1.0, 0.0, 0.0, 0.0]);
        let five = albi + 4 * PER_MARK;
        assert_eq!(&x[five..five + 4], &[1.0, 1.0, 1.0, 1.0]);
    }

    #[test]
    fn swapping_the_turn_swaps_the_halves() {
        let a: Position = "A w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6"
            .parse()
            .unwrap();
        let mut n = a;
        n.pass_turn();
        let (xa, xn) = (encode(&a).dense(), encode(&n).dense());
        assert_eq!(xa[..PER_SIDE], xn[PER_SIDE..]);
        assert_eq!(xa[PER_SIDE..], xn[..PER_SIDE]);
    }
}
