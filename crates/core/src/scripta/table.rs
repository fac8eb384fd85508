//! A XII Scripta position under any [`Rules`], with its moves: entering, single, summed and
//! stack moves, hits to the tray or to the middle row, columns, the cap of four, exact or
//! overshooting bearing off. Austin and Murray's rules keep their own fast [`Position`]
//! (`position.rs`, `rules.rs`, `movegen.rs`); this is the general engine every other reading
//! plays on, and it plays Austin and Murray's rules too, which the tests use to check it.
//!
//! Cells are stored by place on the board, not by mark: on the split track Albi's private
//! marks 1-6 are cells 1-6, Nigri's cells 7-12, and the shared marks 7-30 cells 13-36; on the
//! shared S cell n is mark n. A signed count per cell (Albi positive) makes "no cell holds
//! both sides" true by construction.
//!
//! [`Position`]: super::Position

use super::position::{cell_of, count_of, Dice, Mark, Side, Tray, DICE};
use super::ruleset::{BearOff, Entry, Hit, Rules, Stacks, Start};
use super::step::{From, To};
use crate::rng::Rng;
use std::collections::HashMap;
use std::fmt::{self, Write};

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
    pub moves: Vec<Move>,
    pub result: Table,
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
        let values: Vec<u8> = (0..self.rules.dice)
            .map(|_| 1 + rng.below(6) as u8)
            .collect();
        Dice::new(&values).unwrap_or(Dice::NONE)
    }

    /// Who opens under the higher-throw rule: each side throws all its dice, the higher total
    /// opens, ties throw again. The opening throws, Albi's then Nigri's, come back with it so
    /// a record can replay them.
    pub fn opening_throw(rules: &Rules, rng: &mut Rng) -> (Side, Vec<[Dice; 2]>) {
        let probe = Table::start(*rules, Side::Albi);
        let mut throws = Vec::new();
        loop {
            let pair = [probe.throw(rng), probe.throw(rng)];
            let total = |d: &Dice| d.values().iter().map(|&v| u32::from(v)).sum::<u32>();
            let (a, n) = (total(&pair[0]), total(&pair[1]));
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

    /// Where `count` counters of the mover may land on `mark`, and how many enemies they
    /// capture: `None` when blocked (two or more, unless a column big enough takes them) or
    /// over the cap of four.
    fn landing(&self, mark: u8, count: u8) -> Option<u8> {
        let enemies = self.enemies(self.turn, mark);
        let captured = match enemies {
            0 => 0,
            1 => 1,
            n if self.rules.columns && count >= n => n,
            _ => return None,
        };
        let after = if captured > 0 { 0 } else { self.own(mark) } + count;
        (!self.rules.cap4 || after <= 4).then_some(captured)
    }

    /// The ways to spend the remaining dice on one move: (dice, distance, stack count limit).
    /// A single die; with `sum`, two or three dice added; with matched stacks, two or three
    /// equal dice moving as many counters one die's distance.
    fn spends(&self) -> Vec<(Dice, u8, Option<u8>)> {
        let v = self.dice.values();
        let mut out: Vec<(Dice, u8, Option<u8>)> = Vec::new();
        let mut push = |dice: &[u8], reach: u8, stack: Option<u8>| {
            if let Some(d) = Dice::new(dice) {
                let sorted = ascending(d);
                let seen = out
                    .iter()
                    .any(|(o, r, s)| ascending(*o) == sorted && *r == reach && *s == stack);
                if !seen {
                    out.push((d, reach, stack));
                }
            }
        };
        for (i, &a) in v.iter().enumerate() {
            push(&[a], a, None);
            for (j, &b) in v.iter().enumerate().skip(i + 1) {
                if self.rules.sum {
                    push(&[a, b], a + b, None);
                }
                if self.rules.stacks == Stacks::Matched && a == b {
                    push(&[a, b], a, Some(2));
                }
                for &c in v.iter().skip(j + 1) {
                    if self.rules.sum {
                        push(&[a, b, c], a + b + c, None);
                    }
                    if self.rules.stacks == Stacks::Matched && a == b && b == c {
                        push(&[a, b, c], a, Some(3));
                    }
                }
            }
        }
        out
    }

    /// Every move the mover may make next, before "use as many dice as possible" is applied.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.dice.is_empty() || self.winner().is_some() {
            return out;
        }
        let side = self.turn;
        let tray = self.trays[side.index()];
        let marks = self.rules.marks();
        let bearing = self.may_bear_off();
        let rearmost = self.rearmost();
        let first = self.first[side.index()];
        // A counter never entered holds every counter inside the entry marks.
        let held = self.rules.entry == Entry::All && tray.waiting > 0;
        for (dice, reach, matched) in self.spends() {
            let summed = matched.is_none() && dice.len() > 1;
            if tray.to_enter() > 0 && first == 0 && matched.is_none() && reach <= ENTRY {
                if let Some(hit) = self.landing(reach, 1) {
                    out.push(Move {
                        from: From::Tray,
                        to: To::Mark(Mark::new(reach).unwrap_or(Mark::HOME)),
                        count: 1,
                        dice,
                        summed,
                        hit,
                    });
                }
            }
            // A counter sent to the tray re-enters before anything else moves.
            if tray.sent_home > 0 {
                continue;
            }
            for from in 1..=marks {
                let here = self.own(from);
                if here == 0 || (first != 0 && (from > 7 || first & (1 << from) == 0)) {
                    continue;
                }
                let counts: Vec<u8> = match (matched, self.rules.stacks) {
                    (Some(k), _) => {
                        if here >= k {
                            vec![k]
                        } else {
                            vec![]
                        }
                    }
                    (None, Stacks::Any) => (1..=here).collect(),
                    (None, _) => vec![1],
                };
                let to = from + reach;
                for count in counts {
                    if to <= marks {
                        if held && to > ENTRY {
                            continue;
                        }
                        if let Some(hit) = self.landing(to, count) {
                            out.push(Move {
                                from: From::Mark(Mark::new(from).unwrap_or(Mark::HOME)),
                                to: To::Mark(Mark::new(to).unwrap_or(Mark::HOME)),
                                count,
                                dice,
                                summed,
                                hit,
                            });
                        }
                    } else if bearing {
                        let exact = to == marks + 1;
                        let over = self.rules.bear_off == BearOff::Over && rearmost == Some(from);
                        if exact || over {
                            out.push(Move {
                                from: From::Mark(Mark::new(from).unwrap_or(Mark::HOME)),
                                to: To::Off,
                                count,
                                dice,
                                summed,
                                hit: 0,
                            });
                        }
                    }
                }
            }
        }
        out
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

    /// Captured counters of `side` go to its tray, or to the first empty cells of its half
    /// of the middle row, there to move first on its next turn.
    fn send_back(&mut self, side: Side, captured: u8) {
        match self.rules.hit {
            Hit::Tray => self.trays[side.index()].sent_home += captured,
            Hit::Middle => {
                for _ in 0..captured {
                    let mark = (1..=self.rules.private_marks())
                        .find(|&m| self.cells[self.place(side, m)] == 0)
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
    /// ways listed once (the first way found). No outcome with the dice unplayable is one
    /// outcome with no moves.
    pub fn turns(&self) -> Vec<TableTurn> {
        let mut best: HashMap<Table, Vec<Move>> = HashMap::new();
        let mut order: Vec<Table> = Vec::new();
        let mut most = 0;
        let mut path = Vec::new();
        self.walk(&mut path, &mut best, &mut order, &mut most);
        order
            .into_iter()
            .filter_map(|t| {
                let moves = best.remove(&t)?;
                Some(TableTurn { moves, result: t })
            })
            .collect()
    }

    fn walk(
        &self,
        path: &mut Vec<Move>,
        best: &mut HashMap<Table, Vec<Move>>,
        order: &mut Vec<Table>,
        most: &mut usize,
    ) {
        let moves = if self.winner().is_some() {
            Vec::new()
        } else {
            self.moves()
        };
        if moves.is_empty() {
            // A winning move ends the turn as if every die were played.
            let used = path.iter().map(|m| m.dice.len()).sum::<usize>()
                + if self.winner().is_some() {
                    self.dice.len()
                } else {
                    0
                };
            if used >= *most {
                if used > *most {
                    *most = used;
                    best.clear();
                    order.clear();
                }
                let mut end = *self;
                end.dice = Dice::NONE;
                if let std::collections::hash_map::Entry::Vacant(slot) = best.entry(end) {
                    slot.insert(path.clone());
                    order.push(end);
                }
            }
            return;
        }
        for mv in moves {
            let mut next = *self;
            next.apply(mv);
            path.push(mv);
            next.walk(path, best, order, most);
            path.pop();
        }
    }

    /// The moves that begin some outcome of [`Table::turns`]: what may be played next, one
    /// move at a time.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut memo = HashMap::new();
        let most = self.most_dice(&mut memo);
        let mut out: Vec<Move> = Vec::new();
        for mv in self.moves() {
            let mut next = *self;
            next.apply(mv);
            if mv.dice.len() + next.most_dice(&mut memo) == most && !out.contains(&mv) {
                out.push(mv);
            }
        }
        out
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
    fn most_dice(&self, memo: &mut HashMap<Table, usize>) -> usize {
        if self.winner().is_some() {
            return self.dice.len();
        }
        if let Some(&known) = memo.get(self) {
            return known;
        }
        let mut most = 0;
        for mv in self.moves() {
            let mut next = *self;
            next.apply(mv);
            most = most.max(mv.dice.len() + next.most_dice(memo));
            if most == self.dice.len() {
                break;
            }
        }
        memo.insert(*self, most);
        most
    }
}

mod fast;
mod refusal;
mod xsn;

pub(crate) use fast::outcome;
pub use fast::random_game;

#[cfg(test)]
mod tests;
