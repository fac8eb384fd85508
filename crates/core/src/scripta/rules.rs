//! The rules of movement, one function per rule, as the Austin and Murray reconstruction
//! states them. Everything that decides whether a single step is allowed lives here.

use super::position::{cell_of, count_of, Die, Mark, Position, Side, COUNTERS, MARKS};
use super::step::{From, Step, To};

impl Position {
    /// Rule 6: two or more counters of one side on a mark form a block that the other side
    /// may neither enter onto nor land on.
    pub fn is_blocked_for(&self, side: Side, mark: Mark) -> bool {
        count_of(self.board[mark.get() as usize], side.other()) >= 2
    }

    /// Rule 7: a single enemy counter alone on a mark is a blot; landing there sends it home.
    pub fn is_blot_for(&self, side: Side, mark: Mark) -> bool {
        count_of(self.board[mark.get() as usize], side.other()) == 1
    }

    /// Rule 8: while a side has counters sent home, entering them is its only legal step.
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
        self.trays[side.index()].to_enter() == 0
            && self.rearmost(side).is_none_or(Mark::in_home)
    }

    /// Rule 4: a die of value v enters a waiting (or sent-home) counter on mark v, unless that
    /// mark is blocked.
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
                let bears_off = self.may_bear_off(side)
                    && (exact || self.rearmost(side) == Some(from));
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
    pub(crate) fn each_step(&self, die: Die, mut visit: impl FnMut(Step)) {
        let side = self.turn;
        if let Some(step) = self.enter_step(die) {
            visit(step);
        }
        if self.must_reenter(side) {
            return;
        }
        for m in 1..=MARKS {
            if count_of(self.board[m as usize], side) > 0 {
                if let Some(step) = Mark::new(m).and_then(|from| self.move_step(from, die)) {
                    visit(step);
                }
            }
        }
    }

    /// Plays a step already known to be legal: spends its die, moves the counter and sends any
    /// blot it lands on home. Returns the change to the position's hash key.
    pub(crate) fn apply(&mut self, step: Step) -> u64 {
        let side = self.turn;
        let me = side.index();
        let mut delta = zobrist::dice(&self.dice);
        self.dice.spend(step.die);
        delta ^= zobrist::dice(&self.dice);
        match step.from {
            From::Tray => {
                let tray = &mut self.trays[me];
                delta ^= zobrist::tray(side, tray);
                if tray.sent_home > 0 {
                    tray.sent_home -= 1;
                } else {
                    tray.waiting -= 1;
                }
                delta ^= zobrist::tray(side, tray);
            }
            From::Mark(m) => delta ^= self.set_count(side, m, |n| n - 1),
        }
        match step.to {
            To::Off => {
                let tray = &mut self.trays[me];
                delta ^= zobrist::tray(side, tray);
                tray.borne_off += 1;
                delta ^= zobrist::tray(side, tray);
            }
            To::Mark(m) => {
                if step.hit {
                    delta ^= self.send_home(side.other(), m);
                }
                delta ^= self.set_count(side, m, |n| n + 1);
            }
        }
        delta
    }

    /// Rule 7: the blot on `mark` leaves the board for its owner's tray, marked sent home.
    fn send_home(&mut self, owner: Side, mark: Mark) -> u64 {
        let mut delta = self.set_count(owner, mark, |_| 0);
        let tray = &mut self.trays[owner.index()];
        delta ^= zobrist::tray(owner, tray);
        tray.sent_home += 1;
        delta ^= zobrist::tray(owner, tray);
        delta
    }

    fn set_count(&mut self, side: Side, mark: Mark, change: impl Fn(u8) -> u8) -> u64 {
        let cell = &mut self.board[mark.get() as usize];
        let old = *cell;
        *cell = cell_of(side, change(count_of(old, side)));
        zobrist::cell(mark, old) ^ zobrist::cell(mark, *cell)
    }

    /// The position's hash key (board, trays and dice left; the side to move is fixed while
    /// a turn is generated).
    pub(crate) fn key(&self) -> u64 {
        let mut key = zobrist::dice(&self.dice);
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

    /// The part of the hash key that comes from the dice left.
    pub(crate) fn dice_key(&self) -> u64 {
        zobrist::dice(&self.dice)
    }

    /// Rule 10: the side to move has just borne off its fifteenth counter.
    pub(crate) fn mover_has_won(&self) -> bool {
        self.trays[self.turn.index()].borne_off == COUNTERS
    }
}

/// Zobrist keys: one random word per (mark, signed count), tray count and remaining die.
mod zobrist {
    use super::super::position::{Dice, Mark, Side, Tray, COUNTERS, MARKS};
    use crate::rng::splitmix64;

    const CELLS: usize = 2 * COUNTERS as usize + 1;
    const TRAY_SLOTS: usize = COUNTERS as usize + 1;

    struct Keys {
        cells: [[u64; CELLS]; MARKS as usize + 1],
        trays: [[[u64; TRAY_SLOTS]; 3]; 2],
        dice: [[u64; 4]; 7],
    }

    const KEYS: Keys = {
        let mut state = 0x5C21_97A5_u64;
        let mut keys = Keys {
            cells: [[0; CELLS]; MARKS as usize + 1],
            trays: [[[0; TRAY_SLOTS]; 3]; 2],
            dice: [[0; 4]; 7],
        };
        let mut m = 1;
        while m <= MARKS as usize {
            let mut c = 0;
            while c < CELLS {
                // An empty mark hashes to zero so that empty boards need no work.
                if c != COUNTERS as usize {
                    keys.cells[m][c] = splitmix64(&mut state);
                }
                c += 1;
            }
            m += 1;
        }
        let mut s = 0;
        while s < 2 {
            let mut k = 0;
            while k < 3 {
                let mut n = 0;
                while n < TRAY_SLOTS {
                    keys.trays[s][k][n] = splitmix64(&mut state);
                    n += 1;
                }
                k += 1;
            }
            s += 1;
        }
        let mut v = 1;
        while v < 7 {
            let mut n = 1;
            while n < 4 {
                keys.dice[v][n] = splitmix64(&mut state);
                n += 1;
            }
            v += 1;
        }
        keys
    };

    #[inline]
    pub fn cell(mark: Mark, cell: i8) -> u64 {
        KEYS.cells[mark.get() as usize][(cell + COUNTERS as i8) as usize]
    }

    #[inline]
    pub fn tray(side: Side, tray: &Tray) -> u64 {
        let t = &KEYS.trays[side.index()];
        t[0][tray.waiting as usize] ^ t[1][tray.sent_home as usize] ^ t[2][tray.borne_off as usize]
    }

    /// The dice left as a multiset: order does not change what can still be played.
    #[inline]
    pub fn dice(dice: &Dice) -> u64 {
        let mut counts = [0usize; 7];
        for &v in dice.values() {
            counts[v as usize] += 1;
        }
        (1..7).fold(0, |k, v| k ^ KEYS.dice[v][counts[v]])
    }
}
