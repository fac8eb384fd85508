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

use crate::scripta::position::{
    count_of, marks_in, Position, Side, Tray, COUNTERS, DICE, FACES, MARKS,
};
use crate::scripta::table::Table;

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
#[derive(Clone, Debug, PartialEq)]
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

/// What the inputs read of a position, so that the fast engine's positions and the general
/// engine's tables of any reading are encoded by one function. Marks are each side's own
/// numbering; past `first_shared` both sides number a cell alike (the whole S, or the split
/// track's marks 7-30), and only there can one side's counters meet the other's.
trait Seen {
    fn mover(&self) -> Side;
    fn marks(&self) -> u8;
    fn first_shared(&self) -> u8;
    fn counters(&self) -> u8;
    fn dice(&self) -> u8;
    fn count(&self, side: Side, mark: u8) -> u8;
    fn tray(&self, side: Side) -> Tray;
    /// Bit m set where `side` has counters: marks 1 to [`Seen::marks`] only, which the
    /// encoding walks by these bits.
    fn occupied(&self, side: Side) -> u64;
    /// Bit m set where `side` may not land: the other side holds the mark.
    fn blocks_for(&self, side: Side) -> u64;
    fn may_bear_off(&self, side: Side) -> bool;
}

impl Seen for Position {
    fn mover(&self) -> Side {
        self.turn
    }
    fn marks(&self) -> u8 {
        MARKS
    }
    fn first_shared(&self) -> u8 {
        1
    }
    fn counters(&self) -> u8 {
        COUNTERS
    }
    fn dice(&self) -> u8 {
        DICE
    }
    fn count(&self, side: Side, mark: u8) -> u8 {
        count_of(self.board[usize::from(mark)], side)
    }
    fn tray(&self, side: Side) -> Tray {
        self.trays[side.index()]
    }
    fn occupied(&self, side: Side) -> u64 {
        Position::occupied(self, side)
    }
    fn blocks_for(&self, side: Side) -> u64 {
        Position::blocks_for(self, side)
    }
    fn may_bear_off(&self, side: Side) -> bool {
        Position::may_bear_off(self, side)
    }
}

/// A table as the inputs read it, gathered in one pass: each side's counters by its own mark,
/// the marks it holds, where it is blocked and whether it may bear off. The encoding asks for
/// each of these several times, and asking the table each time (its cells by side and mark,
/// its landing rules) took a third of the hard player's time under the readings.
struct TableSeen<'a> {
    table: &'a Table,
    counts: [[u8; MARKS as usize + 1]; 2],
    occupied: [u64; 2],
    blocks: [u64; 2],
    bear_off: [bool; 2],
}

impl<'a> TableSeen<'a> {
    fn of(table: &'a Table) -> TableSeen<'a> {
        let mut seen = TableSeen {
            table,
            counts: [[0; MARKS as usize + 1]; 2],
            occupied: [0; 2],
            blocks: [0; 2],
            bear_off: [false; 2],
        };
        for side in Side::BOTH {
            let i = side.index();
            seen.counts[i] = table.counts_by_mark(side);
            for (m, &n) in seen.counts[i].iter().enumerate() {
                seen.occupied[i] |= u64::from(n > 0) << m;
            }
            seen.blocks[i] = table.blocks_for(side);
            seen.bear_off[i] = table.may_bear_off_for(side);
        }
        seen
    }
}

impl Seen for TableSeen<'_> {
    fn mover(&self) -> Side {
        self.table.turn()
    }
    fn marks(&self) -> u8 {
        self.table.rules().marks()
    }
    fn first_shared(&self) -> u8 {
        self.table.rules().private_marks() + 1
    }
    fn counters(&self) -> u8 {
        self.table.rules().counters
    }
    fn dice(&self) -> u8 {
        self.table.rules().dice
    }
    fn count(&self, side: Side, mark: u8) -> u8 {
        self.counts[side.index()]
            .get(usize::from(mark))
            .copied()
            .unwrap_or(0)
    }
    fn tray(&self, side: Side) -> Tray {
        self.table.tray(side)
    }
    fn occupied(&self, side: Side) -> u64 {
        self.occupied[side.index()]
    }
    fn blocks_for(&self, side: Side) -> u64 {
        self.blocks[side.index()]
    }
    fn may_bear_off(&self, side: Side) -> bool {
        self.bear_off[side.index()]
    }
}

/// Encodes `position` for the side to move in it.
pub fn encode(position: &Position) -> Features {
    encode_seen(position)
}

/// Encodes `table`, under any reading, for the side to move in it: the same inputs as
/// [`encode`] gives its position under Austin and Murray's rules, each reading with its own
/// marks, counters and dice (a network is trained for one reading).
pub fn encode_table(table: &Table) -> Features {
    encode_seen(&TableSeen::of(table))
}

fn encode_seen(seen: &impl Seen) -> Features {
    let mut f = Features {
        len: 0,
        index: [0; MAX_ACTIVE],
        value: [0.0; MAX_ACTIVE],
    };
    let mover = seen.mover();
    let marks = seen.marks();
    let counters = f32::from(seen.counters());
    for (k, side) in [mover, mover.other()].into_iter().enumerate() {
        let base = k * PER_SIDE;
        let mut pips = u32::from(seen.tray(side).to_enter()) * (u32::from(marks) + 1);
        // The side's marks in order.
        for m in marks_in(seen.occupied(side)) {
            let n = seen.count(side, m);
            pips += u32::from(n) * u32::from(marks + 1 - m);
            let at = base + usize::from(m - 1) * PER_MARK;
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
        let tray = seen.tray(side);
        let at = base + MARKS as usize * PER_MARK;
        f.push(at, f32::from(tray.waiting) / counters);
        f.push(at + 1, f32::from(u8::from(tray.sent_home > 0)));
        f.push(at + 2, f32::from(tray.sent_home) / 4.0);
        f.push(at + 3, f32::from(tray.borne_off) / counters);
        f.push(at + 4, pips as f32 / ((f32::from(marks) + 1.0) * counters));
        f.push(at + 5, f32::from(u8::from(seen.may_bear_off(side))));
        let (loss, worst, contact) = exposure(seen, side);
        f.push(at + 6, loss / 20.0);
        f.push(at + 7, worst);
        f.push(at + 8, f32::from(u8::from(contact)));
        let (in_front, wall, on_entry) = blocking(seen, side);
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
fn blocking(seen: &impl Seen, side: Side) -> (u8, u8, u8) {
    let enemy = side.other();
    // As bits, because every reply the search looks at is encoded.
    let blocks = seen.blocks_for(enemy);
    let between = |low: u8, high: u8| (blocks & marks(low, high)).count_ones() as u8;
    let entering = seen.tray(enemy).to_enter() > 0;
    let rearmost = if entering {
        Some(0)
    } else {
        (1..=seen.marks()).find(|&m| seen.count(enemy, m) > 0)
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

/// The longest distance one counter covers with the dice of one throw.
const REACH: usize = (FACES * DICE) as usize;

/// Throws (of 36 for two dice, of 216 for three) in which some of the dice sum to each
/// distance: the chance that one counter could cover it, ignoring blocks on the way.
const SHOTS: [[u32; REACH + 1]; 2] = [shots(2), shots(3)];

const fn shots(dice: u32) -> [u32; REACH + 1] {
    let mut table = [0u32; REACH + 1];
    let throws = 6u32.pow(dice);
    let mut throw = 0;
    while throw < throws {
        let mut values = [0u32; 3];
        let mut rest = throw;
        let mut i = 0;
        while i < dice as usize {
            values[i] = rest % 6 + 1;
            rest /= 6;
            i += 1;
        }
        let mut reach = [false; REACH + 1];
        let mut subset = 1;
        while subset < 1 << dice {
            let mut sum = 0;
            let mut i = 0;
            while i < dice as usize {
                if subset & (1 << i) != 0 {
                    sum += values[i];
                }
                i += 1;
            }
            reach[sum as usize] = true;
            subset += 1;
        }
        let mut d = 1;
        while d <= REACH {
            if reach[d] {
                table[d] += 1;
            }
            d += 1;
        }
        throw += 1;
    }
    table
}

/// For each distance, the chance that a throw of two ([0]) or three ([1]) dice does not cover
/// it: one shooter's miss, which [`exposure`] multiplies for every shooter of every blot of
/// every outcome the players score. Worked out once, as `1.0 - shots as f32 / throws`: Rust
/// rounds f32 arithmetic at compile time exactly as it does at run time.
const MISSES: [[f32; REACH + 1]; 2] = [misses(&SHOTS[0], 36.0), misses(&SHOTS[1], 216.0)];

const fn misses(shots: &[u32; REACH + 1], throws: f32) -> [f32; REACH + 1] {
    let mut miss = [0.0; REACH + 1];
    let mut d = 0;
    while d <= REACH {
        miss[d] = 1.0 - shots[d] as f32 / throws;
        d += 1;
    }
    miss
}

/// [`MISSES`] for `dice` dice.
fn misses_of(dice: u8) -> &'static [f32; REACH + 1] {
    if dice == 2 {
        &MISSES[0]
    } else {
        &MISSES[1]
    }
}

/// For `side`'s blots: the expected pips lost to hits (each blot's chance of being hit,
/// from the enemy counters within a throw's reach behind it or entering, times its mark plus
/// ten for the re-entry), the largest single chance, and whether any enemy counter is behind
/// one of the side's counters at all. Only shared marks can be hit.
fn exposure(seen: &impl Seen, side: Side) -> (f32, f32, bool) {
    let enemy = side.other();
    let tray = seen.tray(enemy);
    let entering = tray.to_enter() > 0;
    let board_shoots = tray.sent_home == 0;
    let enemies = seen.occupied(enemy);
    let dice = seen.dice();
    let reach = usize::from(FACES * dice);
    let miss = misses_of(dice);
    let (mut loss, mut worst) = (0.0f32, 0.0f32);
    let mut contact = false;
    // The side's counters on shared marks, in order.
    for m in marks_in(seen.occupied(side) & (u64::MAX << seen.first_shared())).map(usize::from) {
        // An enemy on marks 1 to m - 1, or entering.
        let behind = entering || enemies & ((1u64 << m) - 2) != 0;
        contact |= behind;
        if seen.count(side, m as u8) != 1 || !behind {
            continue;
        }
        let mut safe = 1.0f32;
        if entering && m <= reach {
            safe *= miss[m];
        }
        if board_shoots {
            // Nearest shooter first, as the distance grows.
            let mut shooters = enemies & marks(m.saturating_sub(reach).max(1) as u8, m as u8 - 1);
            while shooters != 0 {
                let at = 63 - shooters.leading_zeros() as usize;
                shooters &= !(1u64 << at);
                safe *= miss[m - at];
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
        let three = SHOTS[1];
        assert!(three[3] > 91 && three[3] < 216);
        assert_eq!(three[1], 91);
        assert_eq!(three[18], 1);
        let open: Position = "A w14s0o0:13 w0s0o0:10x15".parse().unwrap();
        let (loss, worst, contact) = exposure(&open, crate::scripta::Side::Albi);
        assert!(contact);
        assert!((worst - three[3] as f32 / 216.0).abs() < 1e-6);
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

    #[test]
    fn two_dice_reach_twelve_and_a_die_or_their_sum_covers_a_distance() {
        let two = SHOTS[0];
        // A 1 shows in 11 throws of 36; a 4 as a die (11) or as 1+3, 3+1, 2+2 (3 more).
        assert_eq!(two[1], 11);
        assert_eq!(two[4], 14);
        assert_eq!(two[12], 1);
        assert_eq!(two[13], 0);
        assert_eq!(misses_of(2)[1], 1.0 - 11.0 / 36.0);
        assert_eq!(misses_of(2)[13], 1.0);
        assert_eq!(misses_of(3)[18], 1.0 - 1.0 / 216.0);
    }

    #[test]
    fn each_miss_worked_out_at_compile_time_is_the_run_time_division() {
        for (k, throws) in [36.0f32, 216.0].into_iter().enumerate() {
            for d in 0..=REACH {
                let shots = std::hint::black_box(SHOTS[k][d]) as f32;
                let at_run_time = 1.0 - shots / std::hint::black_box(throws);
                assert_eq!(
                    MISSES[k][d].to_bits(),
                    at_run_time.to_bits(),
                    "{throws} {d}"
                );
            }
        }
    }

    #[test]
    fn a_table_under_austin_and_murray_encodes_as_its_fast_position() {
        let mut rng = crate::rng::Rng::new(5);
        for game in 0..20 {
            let opener = if game % 2 == 0 {
                Side::Albi
            } else {
                Side::Nigri
            };
            let mut table = Table::start(crate::scripta::Rules::AUSTIN_MURRAY, opener);
            while table.winner().is_none() {
                let position = table.position().expect("Austin and Murray's table");
                assert_eq!(
                    encode_table(&table).dense(),
                    encode(&position).dense(),
                    "{table}"
                );
                let dice = table.throw(&mut rng);
                table = table.with_dice(dice).random_turn(&mut rng).result;
            }
        }
    }

    #[test]
    fn the_split_tracks_private_cells_are_each_sides_own_and_cannot_be_hit() {
        // Albi to move: a blot on its private 3 and one on the shared 9, Nigri on its own 2.
        let table: Table = "italian A w13s0o0:3,9 w14s0o0:2".parse().unwrap();
        let x = encode_table(&table).dense();
        let mark = |side: usize, m: usize| side * PER_SIDE + (m - 1) * PER_MARK;
        assert_eq!(x[mark(0, 3)], 1.0);
        assert_eq!(x[mark(0, 9)], 1.0);
        assert_eq!(x[mark(1, 2)], 1.0);
        // Only the blot on 9 is in reach of Nigri's counter on 2 and its entering ones.
        let (loss, worst, contact) = exposure(&TableSeen::of(&table), Side::Albi);
        assert!(contact && worst > 0.0);
        assert!((loss - worst * 19.0).abs() < 1e-4);
        // Thirty marks: a counter waiting is 31 pips away.
        let pips = x[MARKS as usize * PER_MARK + 4];
        let expected = (13.0 * 31.0 + 28.0 + 22.0) / (31.0 * 15.0);
        assert!((pips - expected).abs() < 1e-6);
    }
}
