//! The rules of movement, one function per rule, as the Austin and Murray reconstruction
//! states them. Everything that decides whether a single step is allowed lives here.

use super::position::{
    cell_of, count_of, marks_in, Die, Mark, Position, Side, Tray, COUNTERS, HOME, MARKS,
};
use super::step::{From, Step, To};

impl Position {
    /// Rule 6: two or more counters of one side on a mark form a block that the other side
    /// may neither enter onto nor land on.
    #[inline]
    pub fn is_blocked_for(&self, side: Side, mark: Mark) -> bool {
        count_of(self.board[mark.get() as usize], side.other()) >= 2
    }

    /// Rule 6 for every mark at once: bit m is set when mark m is blocked for `side`.
    pub(crate) fn blocks_for(&self, side: Side) -> u64 {
        (1..=MARKS).filter_map(Mark::new).fold(0, |bits, m| {
            bits | (u64::from(self.is_blocked_for(side, m)) << m.get())
        })
    }

    /// Rule 7: a single enemy counter alone on a mark is a blot; landing there sends it home.
    #[inline]
    pub fn is_blot_for(&self, side: Side, mark: Mark) -> bool {
        count_of(self.board[mark.get() as usize], side.other()) == 1
    }

    /// Rule 8: while a side has counters sent home, entering them is its only legal step.
    #[inline]
    pub fn must_reenter(&self, side: Side) -> bool {
        self.trays[side.index()].sent_home > 0
    }

    /// The side's counter furthest from the exit, if it has any on the board.
    pub fn rearmost(&self, side: Side) -> Option<Mark> {
        (1..=MARKS)
            .find(|&m| count_of(self.board[m as usize], side) > 0)
            .and_then(Mark::new)
    }

    /// Rule 9: a side may bear off only while every counter it still has in play stands in
    /// the home zone, marks 31-36: none waiting, none sent home.
    pub fn may_bear_off(&self, side: Side) -> bool {
        self.trays[side.index()].to_enter() == 0 && self.rearmost(side).is_none_or(Mark::in_home)
    }

    /// Rule 4: a die of value v enters a waiting (or sent-home) counter on mark v, unless that
    /// mark is blocked.
    #[inline]
    pub fn enter_step(&self, die: Die) -> Option<Step> {
        let side = self.turn;
        let target = Mark::new(die.get())?;
        if self.trays[side.index()].to_enter() == 0 || self.is_blocked_for(side, target) {
            return None;
        }
        Some(Step {
            from: From::Tray,
            to: To::Mark(target),
            die,
            hit: self.is_blot_for(side, target),
        })
    }

    /// Rules 5 and 9: a die of value v moves a counter exactly v marks on, passing freely over
    /// anything, to land on any mark that is not blocked; past mark 36 it bears off, with the
    /// exact die from any mark or a larger one from the rearmost mark only.
    pub fn move_step(&self, from: Mark, die: Die) -> Option<Step> {
        self.move_step_bearing(from, die, self.bearing_off_from())
    }

    /// The rearmost counter while the side to move may bear off (rule 9), else `None`.
    fn bearing_off_from(&self) -> Option<Mark> {
        let side = self.turn;
        if self.may_bear_off(side) {
            self.rearmost(side)
        } else {
            None
        }
    }

    /// [`Position::move_step`] with rule 9's condition worked out once for the whole throw.
    #[inline]
    fn move_step_bearing(&self, from: Mark, die: Die, rearmost: Option<Mark>) -> Option<Step> {
        let side = self.turn;
        if count_of(self.board[from.get() as usize], side) == 0 {
            return None;
        }
        let reach = from.get() + die.get();
        match Mark::new(reach) {
            Some(target) => (!self.is_blocked_for(side, target)).then(|| Step {
                from: From::Mark(from),
                to: To::Mark(target),
                die,
                hit: self.is_blot_for(side, target),
            }),
            None => {
                let exact = reach == MARKS + 1;
                let bears_off = rearmost.is_some() && (exact || rearmost == Some(from));
                bears_off.then_some(Step {
                    from: From::Mark(from),
                    to: To::Off,
                    die,
                    hit: false,
                })
            }
        }
    }

    /// Every single step one die allows the side to move, before rule 3 (use as many dice as
    /// possible) is applied. Sent-home counters must come in first (rule 8).
    #[cfg(test)]
    pub(crate) fn each_step(&self, die: Die, visit: impl FnMut(Step)) {
        self.each_step_from(die, self.occupied(self.turn), visit);
    }

    /// The marks `side` holds, as bits (bit m for mark m).
    pub(crate) fn occupied(&self, side: Side) -> u64 {
        (1..=MARKS).fold(0, |bits, m| {
            bits | (u64::from(count_of(self.board[m as usize], side) > 0) << m)
        })
    }

    /// [`Position::each_step`] given the marks the side to move holds, which a caller that
    /// walks many steps keeps up to date instead of scanning the board each time.
    pub(crate) fn each_step_from(&self, die: Die, own: u64, mut visit: impl FnMut(Step)) {
        let side = self.turn;
        if let Some(step) = self.enter_step(die) {
            visit(step);
        }
        if self.must_reenter(side) {
            return;
        }
        let outside_home = own & ((1u64 << HOME) - 1);
        let rearmost = (own != 0 && outside_home == 0 && self.trays[side.index()].to_enter() == 0)
            .then(|| Mark::new(own.trailing_zeros() as u8))
            .flatten();
        for m in marks_in(own) {
            if let Some(step) =
                Mark::new(m).and_then(|from| self.move_step_bearing(from, die, rearmost))
            {
                visit(step);
            }
        }
    }

    /// The marks of the side to move after `step`, from the marks before it.
    #[inline]
    pub(crate) fn occupied_after(&self, own: u64, step: Step) -> u64 {
        let mut own = own;
        if let From::Mark(m) = step.from {
            if count_of(self.board[m.get() as usize], self.turn) == 0 {
                own &= !(1u64 << m.get());
            }
        }
        if let To::Mark(m) = step.to {
            own |= 1u64 << m.get();
        }
        own
    }

    /// Plays a step already known to be legal: spends its die, moves the counter and sends any
    /// blot it lands on home.
    #[inline]
    pub(crate) fn apply(&mut self, step: Step) {
        self.apply_keyed(step);
    }

    /// [`Position::apply`], returning the change to the board-and-trays hash key (callers
    /// that ignore it let the compiler drop the key work).
    #[inline]
    pub(crate) fn apply_keyed(&mut self, step: Step) -> u64 {
        let side = self.turn;
        let one = cell_of(side, 1);
        self.dice.spend(step.die);
        let mut delta = match step.from {
            From::Tray => self.change_tray(side, |tray| {
                if tray.sent_home > 0 {
                    tray.sent_home -= 1;
                } else {
                    tray.waiting -= 1;
                }
            }),
            From::Mark(m) => self.change_cell(m, |cell| cell - one),
        };
        delta ^= match step.to {
            To::Off => self.change_tray(side, |tray| tray.borne_off += 1),
            // Rule 7: the blot leaves for its owner's tray, marked sent home.
            To::Mark(m) if step.hit => {
                self.change_tray(side.other(), |tray| tray.sent_home += 1)
                    ^ self.change_cell(m, |_| one)
            }
            To::Mark(m) => self.change_cell(m, |cell| cell + one),
        };
        delta
    }

    #[inline]
    fn change_cell(&mut self, mark: Mark, change: impl Fn(i8) -> i8) -> u64 {
        let cell = &mut self.board[mark.get() as usize];
        let old = *cell;
        *cell = change(old);
        zobrist::cell(mark, old) ^ zobrist::cell(mark, *cell)
    }

    #[inline]
    fn change_tray(&mut self, side: Side, change: impl Fn(&mut Tray)) -> u64 {
        let tray = &mut self.trays[side.index()];
        let old = zobrist::tray(side, tray);
        change(tray);
        old ^ zobrist::tray(side, tray)
    }

    /// The hash key of the board and trays (the side to move is fixed while a turn is
    /// generated; the dice are keyed apart).
    pub(crate) fn key(&self) -> u64 {
        let mut key = 0;
        for side in Side::BOTH {
            key ^= zobrist::tray(side, &self.trays[side.index()]);
        }
        for m in 1..=MARKS {
            if let Some(mark) = Mark::new(m) {
                key ^= zobrist::cell(mark, self.board[m as usize]);
            }
        }
        key
    }

    /// The same counters on the same marks and in the same trays (dice and turn aside).
    #[inline]
    pub(crate) fn same_counters(&self, other: &Position) -> bool {
        self.trays == other.trays && self.board == other.board
    }

    /// Rule 10: the side to move has just borne off its fifteenth counter.
    pub(crate) fn mover_has_won(&self) -> bool {
        self.trays[self.turn.index()].borne_off == COUNTERS
    }
}

/// Whether two steps played one after the other by the same side could be played in the
/// other order to the same effect: both orders legal, the same position after both. Only
/// cases that are certain count: no hit, no bearing off, no mark shared, and a move never
/// swapped ahead of an entry that may have been the obligatory return of a counter sent
/// home. `sent_home_before` is the mover's sent-home count before `first`.
pub(crate) fn steps_commute(first: Step, then: Step, sent_home_before: u8) -> bool {
    let marks = |s: Step| {
        let from = match s.from {
            From::Mark(m) => 1u64 << m.get(),
            From::Tray => 0,
        };
        match s.to {
            To::Mark(m) => Some(from | 1u64 << m.get()),
            To::Off => None,
        }
    };
    let (Some(a), Some(b)) = (marks(first), marks(then)) else {
        return false;
    };
    let mixed = (first.from == From::Tray) != (then.from == From::Tray);
    !first.hit && !then.hit && a & b == 0 && (!mixed || sent_home_before == 0)
}

/// Zobrist keys: one random word per (mark, signed count) and per tray count. The tables
/// are flat and a power of two long so that masked indices need no bounds checks. They are
/// filled on first use rather than at compile time: random, so incompressible, they would be
/// 17 KB of the page's download.
mod zobrist {
    use super::super::position::{Mark, Side, Tray};
    use crate::rng::splitmix64;
    use std::sync::LazyLock;

    /// 64 marks of 32 signed counts (-15..=15 offset by 16).
    const CELLS: usize = 64 * 32;
    /// 2 sides of 3 tray counts (waiting, sent home, borne off) of 16 values.
    const TRAYS: usize = 2 * 4 * 16;

    static CELL_KEYS: LazyLock<[u64; CELLS]> = LazyLock::new(|| {
        let mut state = 0x5C21_97A5_u64;
        // An empty mark hashes to zero so that empty boards need no work.
        std::array::from_fn(|i| {
            if i % 32 == 16 {
                0
            } else {
                splitmix64(&mut state)
            }
        })
    });

    static TRAY_KEYS: LazyLock<[u64; TRAYS]> = LazyLock::new(|| {
        let mut state = 0x7A11_0FF5_u64;
        std::array::from_fn(|_| splitmix64(&mut state))
    });

    #[inline]
    pub fn cell(mark: Mark, cell: i8) -> u64 {
        let index = (usize::from(mark.get()) << 5) | ((cell + 16) as usize & 31);
        CELL_KEYS[index & (CELLS - 1)]
    }

    #[inline]
    pub fn tray(side: Side, tray: &Tray) -> u64 {
        let base = side.index() << 6;
        let at =
            |k: usize, n: u8| TRAY_KEYS[(base | (k << 4) | (usize::from(n) & 15)) & (TRAYS - 1)];
        at(0, tray.waiting) ^ at(1, tray.sent_home) ^ at(2, tray.borne_off)
    }
}
