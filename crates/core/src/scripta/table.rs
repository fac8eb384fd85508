//! A XII Scripta position under any [`Rules`], with its moves: entering, single, summed and
//! stack moves, hits to the tray or to the middle row, columns, the cap of four, exact or
//! overshooting bearing off. This is the one engine of every reading, Austin and Murray's
//! included; under theirs, whole turns come from the fast private generator (`fast.rs`,
//! `movegen.rs`), which the tests check against this one.
//!
//! Cells are stored by place on the board, not by mark: on the split track Albi's private
//! marks 1-6 are cells 1-6, Nigri's cells 7-12, and the shared marks 7-30 cells 13-36; on the
//! shared S cell n is mark n. A signed count per cell (Albi positive) makes "no cell holds
//! both sides" true by construction.

use super::position::{cell_of, count_of, Dice, Mark, Side, Tray, DICE, MARKS};
use super::refusal::Refusal;
use super::ruleset::{BearOff, Entry, Hit, Rules, Stacks, Start};
use super::step::{From, To};
use crate::rng::Rng;
use std::cell::RefCell;
use std::fmt::{self, Write};
use std::ops::{ControlFlow, RangeInclusive};
use std::thread::LocalKey;

/// The entry marks: a die (or a sum) of v enters on mark v.
const ENTRY: u8 = 6;
const CELLS: usize = 37;

/// A position under `rules`: cells, trays, the side to move and its dice, and the marks of
/// counters hit to the middle row that must move first (bit m for the owner's mark m).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    rules: Rules,
    cells: [i8; CELLS],
    trays: [Tray; 2],
    first: [u8; 2],
    turn: Side,
    dice: Dice,
}

/// One move: a counter (or a stack of `count`) from a place to a place, spending one die or
/// the sum of several; `hit` counters captured where it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: From,
    pub to: To,
    pub count: u8,
    /// The dice spent, in the order added.
    pub dice: Dice,
    /// The dice were added into one jump (else one die, or a matched pair or triple).
    pub summed: bool,
    pub hit: u8,
}

impl fmt::Display for Move {
    /// `in/5`, `12/15`, `30/off`, a stack's count `5/8x2`, a sum's dice `4/10(4+2)`, `*` when
    /// it captures.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            From::Tray => f.write_str("in/")?,
            From::Mark(m) => write!(f, "{}/", m.get())?,
        }
        match self.to {
            To::Mark(m) => write!(f, "{}", m.get())?,
            To::Off => f.write_str("off")?,
        }
        if self.count > 1 {
            write!(f, "x{}", self.count)?;
        }
        if self.summed {
            let mut sep = '(';
            for v in self.dice.values() {
                write!(f, "{sep}{v}")?;
                sep = '+';
            }
            f.write_char(')')?;
        }
        if self.hit > 0 {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// The values of `dice` in ascending order, padded with zeros (which sort first): the same
/// values thrown in any order compare equal. A sorting network of three compare-exchanges,
/// where a general sort would cost the page's wasm kilobytes.
fn ascending(dice: Dice) -> [u8; DICE as usize] {
    let mut v = [0u8; DICE as usize];
    v[..dice.len()].copy_from_slice(dice.values());
    for (i, j) in [(0, 1), (1, 2), (0, 1)] {
        if v[i] > v[j] {
            v.swap(i, j);
        }
    }
    v
}

/// One distinct outcome of a throw: the moves in play order and the position they leave (the
/// turn not yet passed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableTurn {
    pub moves: Moves,
    pub result: Table,
}

/// The moves of one outcome in play order, at most one a die: kept in place, as a whole
/// turn's generation makes one for each of hundreds of outcomes. Reads as a slice.
#[derive(Clone, Copy)]
pub struct Moves {
    items: [Move; DICE as usize],
    len: u8,
}

impl Moves {
    /// Stands in the unused places; never read.
    const UNUSED: Move = Move {
        from: From::Tray,
        to: To::Off,
        count: 0,
        dice: Dice::NONE,
        summed: false,
        hit: 0,
    };
}

impl FromIterator<Move> for Moves {
    /// The first three moves (a turn never plays more: each move spends a die).
    fn from_iter<I: IntoIterator<Item = Move>>(moves: I) -> Moves {
        let mut out = Moves {
            items: [Moves::UNUSED; DICE as usize],
            len: 0,
        };
        for (slot, mv) in out.items.iter_mut().zip(moves) {
            *slot = mv;
            out.len += 1;
        }
        out
    }
}

impl std::ops::Deref for Moves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.items[..usize::from(self.len)]
    }
}

impl<'a> IntoIterator for &'a Moves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = std::iter::Take<std::array::IntoIter<Move, { DICE as usize }>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

impl PartialEq for Moves {
    fn eq(&self, other: &Moves) -> bool {
        **self == **other
    }
}

impl Eq for Moves {}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Table {
    /// The start of a game under `rules`, `opener` to throw.
    pub fn start(rules: Rules, opener: Side) -> Table {
        let mut table = Table {
            rules,
            cells: [0; CELLS],
            trays: [Tray::default(); 2],
            first: [0; 2],
            turn: opener,
            dice: Dice::NONE,
        };
        for side in Side::BOTH {
            match rules.start {
                Start::Off => table.trays[side.index()].waiting = rules.counters,
                Start::Set => {
                    for m in 1..=ENTRY.min(rules.private_marks()) {
                        let cell = table.place(side, m);
                        table.cells[cell] = cell_of(side, rules.counters / ENTRY);
                    }
                }
            }
        }
        table
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn turn(&self) -> Side {
        self.turn
    }

    pub fn dice(&self) -> Dice {
        self.dice
    }

    pub fn tray(&self, side: Side) -> Tray {
        self.trays[side.index()]
    }

    /// The marks (bit m) of `side`'s counters hit to the middle row that must move first.
    pub fn must_move_first(&self, side: Side) -> u8 {
        self.first[side.index()]
    }

    /// The same table with the dice thrown.
    pub fn with_dice(mut self, dice: Dice) -> Table {
        self.dice = dice;
        self
    }

    /// A throw of the rules' number of dice.
    pub fn throw(&self, rng: &mut Rng) -> Dice {
        let mut values = [0; DICE as usize];
        let thrown = &mut values[..usize::from(self.rules.dice.min(DICE))];
        for v in thrown.iter_mut() {
            *v = 1 + rng.below(6) as u8;
        }
        Dice::new(thrown).unwrap_or(Dice::NONE)
    }

    /// Who opens under the higher-throw rule: each side throws all its dice, the higher total
    /// opens, ties throw again. The opening throws, Albi's then Nigri's, come back with it so
    /// a record can replay them.
    pub fn opening_throw(rules: &Rules, rng: &mut Rng) -> (Side, Vec<[Dice; 2]>) {
        let probe = Table::start(*rules, Side::Albi);
        let mut throws = Vec::new();
        loop {
            let pair = [probe.throw(rng), probe.throw(rng)];
            let (a, n) = (pair[0].total(), pair[1].total());
            throws.push(pair);
            if a != n {
                return (if a > n { Side::Albi } else { Side::Nigri }, throws);
            }
        }
    }

    /// Hands the turn on after a throw `thrown` is played: to the other side, or to the same
    /// side again when the rules give another throw for all dice alike. A side's duty to move
    /// its hit counters first lasts only its next turn.
    pub fn pass_turn(&mut self, thrown: Dice) {
        self.first[self.turn.index()] = 0;
        let v = thrown.values();
        let again = self.rules.again && !v.is_empty() && v.iter().all(|&d| d == v[0]);
        if !again || self.winner().is_some() {
            self.turn = self.turn.other();
        }
        self.dice = Dice::NONE;
    }

    /// The cell index of `side`'s mark `mark`.
    fn place(&self, side: Side, mark: u8) -> usize {
        let private = self.rules.private_marks();
        let shift = if mark > private || side == Side::Nigri {
            private
        } else {
            0
        };
        usize::from(mark + shift)
    }

    /// How many counters `side` has on its mark `mark` (0 off its track).
    pub fn count(&self, side: Side, mark: Mark) -> u8 {
        if mark.get() > self.rules.marks() {
            return 0;
        }
        count_of(self.cells[self.place(side, mark.get())], side)
    }

    /// [`Table::count`] of every mark of `side`'s track at once (index m for mark m; 0 at
    /// index 0 and past the last mark): the network's inputs read them all for each outcome a
    /// player scores.
    pub(crate) fn counts_by_mark(&self, side: Side) -> [u8; MARKS as usize + 1] {
        let mut counts = [0; MARKS as usize + 1];
        for m in 1..self.rules.marks() + 1 {
            counts[usize::from(m)] = count_of(self.cells[self.place(side, m)], side);
        }
        counts
    }

    /// How many counters of the other side stand on `side`'s mark `mark`.
    fn enemies(&self, side: Side, mark: u8) -> u8 {
        count_of(self.cells[self.place(side, mark)], side.other())
    }

    /// The side that has borne off all its counters, if either has.
    pub fn winner(&self) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|&s| self.trays[s.index()].borne_off == self.rules.counters)
    }

    /// Every counter `side` owns, wherever it is: always the rules' number.
    pub fn counters(&self, side: Side) -> u8 {
        let tray = self.trays[side.index()];
        let on_board: u8 = (1..=self.rules.marks())
            .filter_map(Mark::new)
            .map(|m| self.count(side, m))
            .sum();
        on_board + tray.waiting + tray.sent_home + tray.borne_off
    }

    /// The mover's rearmost mark, if it has counters on the board.
    fn rearmost(&self) -> Option<u8> {
        (1..=self.rules.marks()).find(|&m| self.own(m) > 0)
    }

    fn own(&self, mark: u8) -> u8 {
        count_of(self.cells[self.place(self.turn, mark)], self.turn)
    }

    /// Bearing off may start once every counter of the mover is on the last six marks.
    fn may_bear_off(&self) -> bool {
        self.trays[self.turn.index()].to_enter() == 0
            && self.rearmost().is_none_or(|m| m >= self.rules.home())
    }

    /// [`Table::may_bear_off`] for `side`, whoever moves: for the network's inputs.
    pub(crate) fn may_bear_off_for(&self, side: Side) -> bool {
        Table {
            turn: side,
            ..*self
        }
        .may_bear_off()
    }

    /// Where `count` counters of the mover may land on `to`, and how many enemies they
    /// capture; refused when blocked (two or more, unless a column big enough takes them) or
    /// over the cap of four. The moves and the refusals both ask this.
    fn landing(&self, to: u8, count: u8) -> Result<u8, Refusal> {
        let enemies = self.enemies(self.turn, to);
        let captured = match enemies {
            0 => 0,
            1 => 1,
            n if self.rules.columns && count >= n => n,
            _ => {
                return Err(Refusal::Blocked {
                    mark: mark(to),
                    side: self.turn.other(),
                })
            }
        };
        let after = if captured > 0 { 0 } else { self.own(to) } + count;
        if self.rules.cap4 && after > 4 {
            return Err(Refusal::Full { mark: mark(to) });
        }
        Ok(captured)
    }

    /// Under `entry=all`, a counter still waiting holds every counter inside the entry marks:
    /// a move from the board past them is refused while `counters` wait.
    fn held_inside(&self, from: From, to: u8) -> Result<(), Refusal> {
        let waiting = self.trays[self.turn.index()].waiting;
        if self.rules.entry == Entry::All && waiting > 0 && from != From::Tray && to > ENTRY {
            return Err(Refusal::EnterAllFirst { counters: waiting });
        }
        Ok(())
    }

    /// Why no legal move takes the counters picked up on `from` to the mark `to`: the rule
    /// checks the moves are generated by, asked in the same order (held inside the entry
    /// marks, then the landing, for each number of counters that may move together), and
    /// when every check passes, that no die or sum left carries them there.
    pub(crate) fn why_not(&self, from: From, to: Mark) -> Refusal {
        let target = to.get();
        if let Err(refusal) = self.held_inside(from, target) {
            return refusal;
        }
        let here = match from {
            From::Tray => 1,
            From::Mark(m) => self.count(self.turn, m),
        };
        let mut landings = self
            .counts(here.max(1), None)
            .map(|n| self.landing(target, n));
        match landings.clone().find_map(Result::err) {
            Some(refusal) if !landings.any(|l| l.is_ok()) => refusal,
            _ => Refusal::NotADie { mark: to, from },
        }
    }

    /// The ways to spend the remaining dice on one move, each once: a single die; with `sum`,
    /// two or three dice added; with matched stacks, two or three equal dice moving as many
    /// counters one die's distance.
    fn spends(&self) -> Spends {
        let v = self.dice.values();
        let mut out = Spends::default();
        for (i, &a) in v.iter().enumerate() {
            out.push(&[a], a, None);
            for (j, &b) in v.iter().enumerate().skip(i + 1) {
                if self.rules.sum {
                    out.push(&[a, b], a + b, None);
                }
                if self.rules.stacks == Stacks::Matched && a == b {
                    out.push(&[a, b], a, Some(2));
                }
                for &c in v.iter().skip(j + 1) {
                    if self.rules.sum {
                        out.push(&[a, b, c], a + b + c, None);
                    }
                    if self.rules.stacks == Stacks::Matched && a == b && b == c {
                        out.push(&[a, b, c], a, Some(3));
                    }
                }
            }
        }
        out
    }

    /// Every move the mover may make next, before "use as many dice as possible" is applied.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.each_move(|mv| out.push(mv));
        out
    }

    /// [`Table::moves`] one at a time, in the same order, allocating nothing: entering, then
    /// each counter from the rearmost, for each way to spend the dice.
    fn each_move(&self, mut found: impl FnMut(Move)) {
        let _ = self.try_each_move(|mv| {
            found(mv);
            ControlFlow::Continue(())
        });
    }

    /// [`Table::each_move`] until `found` breaks off.
    fn try_each_move(&self, mut found: impl FnMut(Move) -> ControlFlow<()>) -> ControlFlow<()> {
        if self.dice.is_empty() || self.winner().is_some() {
            return ControlFlow::Continue(());
        }
        let tray = self.trays[self.turn.index()];
        let marks = self.rules.marks();
        let bearing = self.may_bear_off();
        let rearmost = self.rearmost();
        let first = self.first[self.turn.index()];
        // The mover's counters that may start a move, rearmost first, with how many stand
        // there; a counter sent to the tray re-enters before anything else moves.
        let mut starts = [(0, 0); CELLS];
        let mut len = 0;
        if tray.sent_home == 0 {
            for from in (1..=marks).filter(|&m| moves_first(first, m)) {
                let here = self.own(from);
                if here > 0 {
                    starts[len] = (from, here);
                    len += 1;
                }
            }
        }
        for spend in self.spends().iter() {
            let summed = spend.matched.is_none() && spend.dice.len() > 1;
            let mv = |from, to, count, hit| Move {
                from,
                to,
                count,
                dice: spend.dice,
                summed,
                hit,
            };
            if tray.to_enter() > 0 && first == 0 && spend.matched.is_none() && spend.reach <= ENTRY
            {
                if let Ok(hit) = self.landing(spend.reach, 1) {
                    found(mv(From::Tray, To::Mark(mark(spend.reach)), 1, hit))?;
                }
            }
            for &(from, here) in &starts[..len] {
                let to = from + spend.reach;
                for count in self.counts(here, spend.matched) {
                    let start = From::Mark(mark(from));
                    if to <= marks {
                        if self.held_inside(start, to).is_err() {
                            continue;
                        }
                        if let Ok(hit) = self.landing(to, count) {
                            found(mv(start, To::Mark(mark(to)), count, hit))?;
                        }
                    } else if bearing && self.bears_off(from, to, rearmost) {
                        found(mv(start, To::Off, count, 0))?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// How many counters of a cell holding `here` may move together on one spend: a matched
    /// stack exactly its size (none when fewer stand there), any number under `stacks=any`,
    /// else one.
    fn counts(&self, here: u8, matched: Option<u8>) -> RangeInclusive<u8> {
        match (matched, self.rules.stacks) {
            (Some(k), _) => k..=here.min(k),
            (None, Stacks::Any) => 1..=here,
            (None, _) => 1..=1,
        }
    }

    /// A counter from `from` carried to `to`, past the last mark, bears off with the exact
    /// throw, or under `bearoff=over` with a larger one from the rearmost counter.
    fn bears_off(&self, from: u8, to: u8, rearmost: Option<u8>) -> bool {
        to == self.rules.marks() + 1
            || (self.rules.bear_off == BearOff::Over && rearmost == Some(from))
    }
    /// Plays a move from [`Table::moves`]: spends its dice, moves its counters, captures.
    pub fn apply(&mut self, mv: Move) {
        let side = self.turn;
        for &d in mv.dice.values() {
            if let Some(die) = super::position::Die::new(d) {
                self.dice.spend(die);
            }
        }
        self.first[side.index()] = 0;
        match mv.from {
            From::Tray => {
                let tray = &mut self.trays[side.index()];
                if tray.sent_home > 0 {
                    tray.sent_home -= 1;
                } else {
                    tray.waiting = tray.waiting.saturating_sub(1);
                }
            }
            From::Mark(m) => {
                let cell = self.place(side, m.get());
                self.cells[cell] -= cell_of(side, mv.count);
            }
        }
        match mv.to {
            To::Off => self.trays[side.index()].borne_off += mv.count,
            To::Mark(m) => {
                let cell = self.place(side, m.get());
                if mv.hit > 0 {
                    self.cells[cell] = 0;
                    self.send_back(side.other(), mv.hit);
                }
                self.cells[cell] += cell_of(side, mv.count);
            }
        }
    }

    /// Captured counters of `side` go to its tray, or to its half of the middle row, there to
    /// move first on its next turn: to the first empty cell, else to the first cell with room
    /// under the cap of four (the first cell when there is no cap).
    fn send_back(&mut self, side: Side, captured: u8) {
        match self.rules.hit {
            Hit::Tray => self.trays[side.index()].sent_home += captured,
            Hit::Middle => {
                for _ in 0..captured {
                    let half = 1..=self.rules.private_marks();
                    let here = |m: u8| count_of(self.cells[self.place(side, m)], side);
                    // Fifteen counters at most never fill six cells of four.
                    let mark = half
                        .clone()
                        .find(|&m| here(m) == 0)
                        .or_else(|| half.clone().find(|&m| !self.rules.cap4 || here(m) < 4))
                        .unwrap_or(1);
                    let cell = self.place(side, mark);
                    self.cells[cell] += cell_of(side, 1);
                    self.first[side.index()] |= 1 << mark;
                }
            }
        }
    }

    /// Every distinct outcome of the dice: as many dice as can be played over every order of
    /// moves (a winning move counts as playing them all), the same result reached in several
    /// ways listed once. No outcome with the dice unplayable is one outcome with no moves.
    /// Under Austin and Murray's rules the fast generator finds them; elsewhere, and in
    /// [`Table::turns_general`], the general one (the first way found for each).
    pub fn turns(&self) -> Vec<TableTurn> {
        if self.accelerated() {
            fast::turns(self)
        } else {
            self.turns_general()
        }
    }

    /// [`Table::turns`] by the general generator under every rules, Austin and Murray's
    /// included: the same outcomes, perhaps in another order and by other moves. For
    /// benchmarks and tests that compare the two.
    pub fn turns_general(&self) -> Vec<TableTurn> {
        reusing(&WALK, Walk::empty, |walk| {
            walk.all = self.dice.len();
            walk.node(self, 0);
            walk.ends
                .entries
                .iter()
                .map(|(_, result, path)| TableTurn {
                    moves: path.iter().map_while(|mv| *mv).collect(),
                    result: *result,
                })
                .collect()
        })
    }

    /// A random outcome of the dice, chosen move by move with each legal move equally likely
    /// (not each outcome): the random player's fast playout, which lists no outcomes. Under
    /// Austin and Murray's rules by the fast generator.
    pub fn random_turn(&self, rng: &mut Rng) -> TableTurn {
        if self.accelerated() {
            fast::random_turn(self, rng)
        } else {
            self.random_turn_general(rng)
        }
    }

    /// [`Table::random_turn`] on the general engine.
    fn random_turn_general(&self, rng: &mut Rng) -> TableTurn {
        reusing(&MEMO, Seen::clear, |memo| self.random_walk(memo, rng))
    }

    /// Draws the moves of [`Table::random_turn_general`], `memo` knowing the most dice.
    fn random_walk(&self, memo: &mut Seen<usize>, rng: &mut Rng) -> TableTurn {
        let mut table = *self;
        let mut target = table.most_dice(memo);
        let mut moves = Vec::with_capacity(DICE as usize);
        let mut candidates = Vec::with_capacity(64);
        while target > 0 && table.winner().is_none() {
            candidates.clear();
            table.each_move(|mv| candidates.push(mv));
            // The first candidate drawn that keeps the most dice playable is uniform over the
            // legal moves.
            while !candidates.is_empty() {
                let mv = candidates.swap_remove(rng.below(candidates.len() as u32) as usize);
                let mut next = table;
                next.apply(mv);
                let rest = next.most_dice(memo);
                if mv.dice.len() + rest == target {
                    moves.push(mv);
                    table = next;
                    target = rest;
                    break;
                }
            }
        }
        table.dice = Dice::NONE;
        TableTurn {
            moves: moves.into_iter().collect(),
            result: table,
        }
    }

    /// Whether the fast generator plays these rules, and the table has something to play.
    fn accelerated(&self) -> bool {
        self.rules.is_default() && !self.dice.is_empty() && self.winner().is_none()
    }

    /// The moves that begin some outcome of [`Table::turns`]: what may be played next, one
    /// move at a time.
    pub fn legal_moves(&self) -> Vec<Move> {
        reusing(&MEMO, Seen::clear, |memo| {
            let most = self.most_dice(memo);
            let mut out: Vec<Move> = Vec::new();
            self.each_move(|mv| {
                let mut next = *self;
                next.apply(mv);
                if mv.dice.len() + next.most_dice(memo) == most && !out.contains(&mv) {
                    out.push(mv);
                }
            });
            out
        })
    }

    /// The legal move a player wrote: `in/5`, `12/15`, `30/off`, a sum with its dice
    /// `4/10(4+2)` (in any order), a stack with its count `5/8x2`; the `*` of a capture may be
    /// left out. A plain `4/10` names a summed move only when no single die makes it.
    ///
    /// ```
    /// use ludi_core::scripta::Table;
    /// let t: Table = "italian A w0s0o14:8 w15s0o0: 42".parse().unwrap();
    /// assert_eq!(t.legal_move("8/14(2+4)").unwrap().to_string(), "8/14(4+2)");
    /// assert!(t.legal_move("8/13").is_err());
    /// ```
    pub fn legal_move(&self, text: &str) -> Result<Move, String> {
        let text = text.trim();
        let bare = text.strip_suffix('*').unwrap_or(text);
        let (head, sum) = match bare.split_once('(') {
            Some((head, rest)) => {
                let inner = rest
                    .strip_suffix(')')
                    .ok_or_else(|| format!("`{text}`: a sum is written `(4+2)`"))?;
                let mut dice: Vec<u8> = Vec::new();
                for part in inner.split('+') {
                    dice.push(
                        part.parse()
                            .map_err(|_| format!("`{text}`: `{part}` is not a die"))?,
                    );
                }
                // Dice no throw has (a 7, four of them) match no move.
                (head, Some(Dice::new(&dice).map(ascending)))
            }
            None => (bare, None),
        };
        let legal = self.legal_moves();
        let matches: Vec<Move> = legal
            .into_iter()
            .filter(|mv| {
                let written = mv.to_string();
                let plain = written.trim_end_matches('*');
                let mv_head = plain.split('(').next().unwrap_or(plain);
                mv_head == head
                    && match sum {
                        Some(sum) => mv.summed && sum == Some(ascending(mv.dice)),
                        None => true,
                    }
            })
            .collect();
        // Without its dice, the single-die (or matched) way is meant when there is one.
        let plain: Vec<&Move> = matches.iter().filter(|mv| !mv.summed).collect();
        match (plain.first(), matches.first()) {
            (Some(&&mv), _) | (None, Some(&mv)) => Ok(mv),
            (None, None) => Err(format!("`{text}` is not a legal move now")),
        }
    }

    /// The most dice that can be played from here, a winning move counting as all of them;
    /// `memo` keeps what is known per table, as many orders of moves meet again.
    fn most_dice(&self, memo: &mut Seen<usize>) -> usize {
        if self.winner().is_some() || self.dice.is_empty() {
            return self.dice.len();
        }
        let key = self.key();
        if let Some(&known) = memo.get(key, self) {
            return known;
        }
        let mut most = 0;
        let _ = self.try_each_move(|mv| {
            let mut next = *self;
            next.apply(mv);
            most = most.max(mv.dice.len() + next.most_dice(memo));
            if most == self.dice.len() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        memo.insert(key, *self, most);
        most
    }

    /// A hash of everything but the rules, which one search never mixes: the cells eight at
    /// a time (the last word overlapping), then trays and duties, then mover and dice.
    fn key(&self) -> u64 {
        let cells = self.cells.map(|c| c as u8);
        let word = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&cells[at..at + 8]);
            u64::from_le_bytes(w)
        };
        let [a, b] = self.trays;
        let dice = ascending(self.dice);
        let trays = u64::from_le_bytes([
            a.waiting,
            a.sent_home,
            a.borne_off,
            b.waiting,
            b.sent_home,
            b.borne_off,
            self.first[0],
            self.first[1],
        ]);
        let turn = u64::from_le_bytes([
            self.turn as u8,
            self.dice.len() as u8,
            dice[0],
            dice[1],
            dice[2],
            0,
            0,
            0,
        ]);
        let words = [word(1), word(9), word(17), word(25), word(29), trays, turn];
        let key = words.iter().fold(0u64, |key, &w| {
            (key.rotate_left(26) ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        });
        key ^ (key >> 29)
    }
}

/// The moves of one outcome in play order: each spends at least one die.
type Path = [Option<Move>; DICE as usize];

/// The search behind [`Table::turns_general`]: depth first over every order of moves. A
/// table with dice left is walked once (another order meeting it reaches the same ends, by
/// the same number of dice), and each end is kept once, with the first way found.
#[derive(Default)]
struct Walk {
    seen: Seen<()>,
    ends: Seen<Path>,
    path: Path,
    /// The most dice any end found so far plays; ends playing fewer are dropped.
    most: usize,
    /// The dice thrown.
    all: usize,
}

impl Walk {
    fn empty(&mut self) {
        self.seen.clear();
        self.ends.clear();
        self.path = Path::default();
        self.most = 0;
    }

    fn node(&mut self, table: &Table, depth: usize) {
        let mut moved = false;
        table.each_move(|mv| {
            moved = true;
            let mut next = *table;
            next.apply(mv);
            self.path[depth] = Some(mv);
            if next.dice.is_empty() || next.winner().is_some() {
                self.end(&next);
            } else if self.seen.insert(next.key(), next, ()) {
                self.node(&next, depth + 1);
            }
            self.path[depth] = None;
        });
        if !moved {
            self.end(table);
        }
    }

    /// An end of the turn: kept when it plays the most dice (a win plays them all).
    fn end(&mut self, table: &Table) {
        let used = if table.winner().is_some() {
            self.all
        } else {
            self.all - table.dice.len()
        };
        if used < self.most {
            return;
        }
        if used > self.most {
            self.most = used;
            self.ends.clear();
        }
        let end = table.with_dice(Dice::NONE);
        self.ends.insert(end.key(), end, self.path);
    }
}

/// Tables met in one search, each with a value, in the order first met: open addressing
/// over their indices, at most half full, emptied at once by a new stamp.
struct Seen<V> {
    slots: Vec<Slot>,
    stamp: u32,
    entries: Vec<(u64, Table, V)>,
}

/// A slot holds an entry's index when its stamp is the current one.
#[derive(Clone, Copy, Default)]
struct Slot {
    stamp: u32,
    index: u32,
}

impl<V> Default for Seen<V> {
    fn default() -> Self {
        Seen {
            slots: vec![Slot::default(); 64],
            stamp: 1,
            entries: Vec::new(),
        }
    }
}

impl<V> Seen<V> {
    /// The index of the entry for `table` (with its `key`), or else the free slot for it.
    fn find(&self, key: u64, table: &Table) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                return Err(i);
            }
            let (k, t, _) = &self.entries[slot.index as usize];
            if *k == key && t == table {
                return Ok(slot.index as usize);
            }
            i = (i + 1) & mask;
        }
    }

    fn get(&self, key: u64, table: &Table) -> Option<&V> {
        self.find(key, table).ok().map(|i| &self.entries[i].2)
    }

    /// Stores `value` for `table` unless the table is there already: whether it was new.
    fn insert(&mut self, key: u64, table: Table, value: V) -> bool {
        if 2 * (self.entries.len() + 1) > self.slots.len() {
            self.grow();
        }
        match self.find(key, &table) {
            Ok(_) => false,
            Err(i) => {
                self.slots[i] = Slot {
                    stamp: self.stamp,
                    index: self.entries.len() as u32,
                };
                self.entries.push((key, table, value));
                true
            }
        }
    }

    fn grow(&mut self) {
        self.slots = vec![Slot::default(); 2 * self.slots.len()];
        self.stamp = 1;
        let mask = self.slots.len() - 1;
        for (index, (key, _, _)) in self.entries.iter().enumerate() {
            let mut i = *key as usize & mask;
            while self.slots[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = Slot {
                stamp: self.stamp,
                index: index as u32,
            };
        }
    }

    fn clear(&mut self) {
        self.entries.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
    }
}

thread_local! {
    /// The searches' tables, kept between calls so that a warm search allocates nothing.
    static WALK: RefCell<Walk> = RefCell::default();
    static MEMO: RefCell<Seen<usize>> = RefCell::default();
}

/// Runs `f` on this thread's emptied `T`, or on a new one if a caller up the stack holds it.
fn reusing<T: Default, R>(
    cell: &'static LocalKey<RefCell<T>>,
    empty: fn(&mut T),
    f: impl FnOnce(&mut T) -> R,
) -> R {
    cell.with(|cell| match cell.try_borrow_mut() {
        Ok(mut kept) => {
            empty(&mut kept);
            f(&mut kept)
        }
        Err(_) => f(&mut T::default()),
    })
}

/// Mark `n` of a track; every caller has checked it is on the track.
fn mark(n: u8) -> Mark {
    Mark::new(n).unwrap_or(Mark::HOME)
}

/// Whether a counter on `from` may start the move while `first` holds the marks (bit m) of
/// the counters hit to the middle row that must move first: any when there are none.
fn moves_first(first: u8, from: u8) -> bool {
    first == 0 || (from < 8 && first & (1 << from) != 0)
}

/// One way to spend some of the dice on one move: those dice, the distance they carry, and
/// for a matched stack the number of counters that move together.
#[derive(Clone, Copy)]
struct Spend {
    dice: Dice,
    /// The dice in ascending order, the same for the same dice in any order.
    sorted: [u8; DICE as usize],
    reach: u8,
    matched: Option<u8>,
}

/// Three singles, three pairs summed or matched, the triple summed or matched.
const MOST_SPENDS: usize = 11;

/// The spends of one throw in a fixed array: every node of a turn asks for them.
#[derive(Default)]
struct Spends {
    items: [Option<Spend>; MOST_SPENDS],
    len: usize,
}

impl Spends {
    /// Adds a spend unless one with the same dice (in any order), reach and stack is there.
    fn push(&mut self, values: &[u8], reach: u8, matched: Option<u8>) {
        let Some(dice) = Dice::new(values) else {
            return;
        };
        let sorted = ascending(dice);
        let seen = self
            .iter()
            .any(|s| s.reach == reach && s.matched == matched && s.sorted == sorted);
        if !seen && self.len < MOST_SPENDS {
            self.items[self.len] = Some(Spend {
                dice,
                sorted,
                reach,
                matched,
            });
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = Spend> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }
}

mod fast;
mod refusal;
mod xsn;

pub(crate) use fast::outcome;
pub use fast::random_game;

#[cfg(test)]
mod tests;
