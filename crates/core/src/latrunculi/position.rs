//! A position and the rules of play: who may place or move where, what a move captures,
//! and when the game is over.

use super::board::{Board, Cell, Dir, Side, Square, Squares};
use super::moves::Move;
use super::rules::{Dux, Leap, Movement, Removal, Rules, Start, Trap, Win};
use super::zobrist;
use std::fmt;

/// Everything that decides the rest of the game (with the rules): what LFEN writes down.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Side,
    pub(crate) to_place: [u16; 2],
    pub(crate) captured: [u16; 2],
    /// Movement-phase moves since the last capture.
    pub(crate) clock: u32,
    /// Each side's last move in the movement phase; placements are not remembered.
    pub(crate) last: [Option<Move>; 2],
    /// Counters on the board, per side (kept in step with `board`).
    pub(crate) count: [u16; 2],
    /// Zobrist hash of the counters and the side to move (kept in step with `board`).
    pub(crate) hash: u64,
    /// The counter part-way through a leaping turn, if one is.
    pub(crate) leap: Option<Leaping>,
}

/// A counter that has leapt and may leap on in the same turn: where it stands, and every
/// square it has stood on this turn (where it stands included), none of which it may land on
/// again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Leaping {
    pub at: Square,
    pub visited: Squares,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

impl Outcome {
    /// `white`, `black` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win(side) => side.name(),
            Outcome::Draw => "draw",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Under `win=captures`, a side has one counter or none left.
    DownToOne,
    /// Under `win=all`, a side has no counters left.
    AllTaken,
    /// The side to move has no legal move.
    NoMove,
    /// Fifty moves each went by without a capture.
    QuietMoves,
}

impl EndReason {
    /// `down-to-one`, `all-taken`, `no-move` or `quiet-moves`.
    pub fn code(self) -> &'static str {
        match self {
            EndReason::DownToOne => "down-to-one",
            EndReason::AllTaken => "all-taken",
            EndReason::NoMove => "no-move",
            EndReason::QuietMoves => "quiet-moves",
        }
    }
}

/// A finished game: who won (the side ahead by the `win` option's count) and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub outcome: Outcome,
    pub reason: EndReason,
}

/// A move that the rules do not allow in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// Counters each side places under `start=place`, unless the rules' `placed` says otherwise.
pub const PLACED_COUNTERS: u16 = 20;

impl Position {
    /// The start of a game under `rules`, on its board.
    pub fn start(rules: &Rules) -> Position {
        let (files, ranks) = (rules.board.files(), rules.board.ranks());
        let mut board = Board::empty(files, ranks);
        let to_place = match rules.start {
            Start::Place => [rules.to_place(); 2],
            Start::Rows => {
                for file in 0..files {
                    for (rank, side) in [
                        (0, Side::White),
                        (1, Side::White),
                        (ranks - 2, Side::Black),
                        (ranks - 1, Side::Black),
                    ] {
                        board.set(Square::at(file, rank), Cell::Counter(side));
                    }
                }
                [0, 0]
            }
            Start::Chequer => {
                let rows = (ranks - 2) / 2;
                for square in board.squares().filter(|q| (q.file() + q.rank()) % 2 == 0) {
                    if square.rank() < rows {
                        board.set(square, Cell::Counter(Side::White));
                    } else if square.rank() >= ranks - rows {
                        board.set(square, Cell::Counter(Side::Black));
                    }
                }
                [0, 0]
            }
            Start::Rank => {
                for file in 0..files {
                    board.set(Square::at(file, 0), Cell::Counter(Side::White));
                    board.set(Square::at(file, ranks - 1), Cell::Counter(Side::Black));
                }
                [0, 0]
            }
        };
        if let Dux::Stands(square) = rules.dux {
            board.set(square, Cell::Dux(Side::White));
            board.set(rules.board.opposite(square), Cell::Dux(Side::Black));
        }
        Position::from_parts(board, Side::White, to_place, [0, 0], 0, [None, None])
    }

    /// Assembles a position, counting counters and hashing; validity is the caller's check.
    pub(crate) fn from_parts(
        board: Board,
        turn: Side,
        to_place: [u16; 2],
        captured: [u16; 2],
        clock: u32,
        last: [Option<Move>; 2],
    ) -> Position {
        let mut count = [0u16; 2];
        let mut hash = if turn == Side::Black {
            zobrist::black_to_move()
        } else {
            0
        };
        for square in board.squares() {
            let cell = board.get(square);
            if let Some(side) = cell.owner() {
                count[side.index()] += 1;
                hash ^= zobrist::counter(side, square);
            }
            match cell {
                Cell::Frozen(_) => hash ^= zobrist::frozen(square),
                Cell::Dux(_) => hash ^= zobrist::dux(square),
                _ => {}
            }
        }
        Position {
            board,
            turn,
            to_place,
            captured,
            clock,
            last,
            count,
            hash,
            leap: None,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side whose turn it is to place or move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Counters `side` still has to place.
    pub fn to_place(&self, side: Side) -> u16 {
        self.to_place[side.index()]
    }

    /// Enemy counters `side` has captured (removed, where trapped counters freeze).
    pub fn captured_by(&self, side: Side) -> u16 {
        self.captured[side.index()]
    }

    /// `side`'s counters on the board, frozen ones included.
    pub fn counters(&self, side: Side) -> u16 {
        self.count[side.index()]
    }

    /// Movement-phase moves since a counter was last taken off the board.
    pub fn clock(&self) -> u32 {
        self.clock
    }

    /// `side`'s last move in the movement phase.
    pub fn last_move(&self, side: Side) -> Option<Move> {
        self.last[side.index()]
    }

    /// The square of the counter part-way through a leaping turn: it may leap on, or stop
    /// (`=d6`), and nothing else moves until it does.
    pub fn leaping(&self) -> Option<Square> {
        self.leap.map(|leap| leap.at)
    }

    /// The side to move is part-way through a turn: a counter leaping on, or the second of a
    /// pair of placements to come (`perturn=2`).
    pub fn mid_turn(&self, rules: &Rules) -> bool {
        self.leap.is_some() || self.places_second(rules)
    }

    /// The side to move has placed the first of its two this turn (`perturn=2`).
    pub fn places_second(&self, rules: &Rules) -> bool {
        self.halfway_placing(rules, self.turn)
    }

    /// `side` has placed the first of its two this turn: an odd number of those it started
    /// with, and some are left.
    fn halfway_placing(&self, rules: &Rules, side: Side) -> bool {
        let left = self.to_place[side.index()];
        rules.pairs && left > 0 && (rules.to_place() + left) % 2 == 1
    }

    /// While either side has counters to place, turns are placements.
    pub fn is_placement_phase(&self) -> bool {
        self.to_place != [0, 0]
    }

    /// Hash of the position for the transposition table: counters, side to move, counters to
    /// place and, when the back-and-forth rule is on, the remembered last moves.
    pub fn key(&self, rules: &Rules) -> u64 {
        let mut key = self.hash;
        if self.is_placement_phase() {
            key ^= zobrist::to_place(self.to_place[0], self.to_place[1]);
        }
        if rules.noback {
            for side in Side::BOTH {
                if let Some(mv) = self.last[side.index()] {
                    key ^= zobrist::last_move(side, mv);
                }
            }
        }
        if let Some(leap) = self.leap {
            key ^= zobrist::leaping(leap.at);
            for square in self.board.squares().filter(|&s| leap.visited.contains(s)) {
                key ^= zobrist::visited(square);
            }
        }
        key
    }

    /// Every legal placement or move, in board order (removals after the moves).
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(rules, &mut moves);
        moves
    }

    /// Like [`Position::legal_moves`], reusing `moves`' allocation.
    pub fn legal_moves_into(&self, rules: &Rules, moves: &mut Vec<Move>) {
        moves.clear();
        self.visit_moves(rules, |mv| {
            moves.push(mv);
            true
        });
    }

    /// Whether the side to move has any legal placement or move.
    pub fn has_legal_move(&self, rules: &Rules) -> bool {
        let mut found = false;
        self.visit_moves(rules, |_| {
            found = true;
            false
        });
        found
    }

    /// Whether `mv` is among the legal moves. Asked on a tap or a move played, not in search's
    /// inner loops: it reuses the one list-making copy of the generator, which the page
    /// downloads, rather than a copy of its own.
    pub fn is_legal(&self, rules: &Rules, mv: Move) -> bool {
        self.legal_moves(rules).contains(&mv)
    }

    /// Calls `visit` with each legal move until it returns false.
    fn visit_moves(&self, rules: &Rules, mut visit: impl FnMut(Move) -> bool) {
        if self.to_place[self.turn.index()] > 0 {
            for square in self.board.squares() {
                if self.may_place(rules, square) && !visit(Move::place(square)) {
                    return;
                }
            }
            return;
        }
        if self.is_placement_phase() {
            return;
        }
        if let Some(leap) = self.leap {
            let going_on = if rules.again {
                self.visit_moves_from(rules, leap.at, &mut visit)
            } else {
                self.hops(rules, leap.at, &leap.visited)
                    .into_iter()
                    .flatten()
                    .all(|to| visit(Move::slide(leap.at, to)))
            };
            if going_on {
                visit(Move::stop(leap.at));
            }
            return;
        }
        for from in self.board.squares() {
            if self.board.get(from).is_free(self.turn)
                && !self.visit_moves_from(rules, from, &mut visit)
            {
                return;
            }
        }
        if rules.trap == Trap::Freeze {
            for square in self.removable() {
                if !visit(Move::remove(square)) {
                    return;
                }
            }
        }
    }

    /// Calls `visit` with each legal move and leap of the side to move's counter on `from`
    /// until it returns false; returns false then.
    fn visit_moves_from(
        &self,
        rules: &Rules,
        from: Square,
        visit: &mut impl FnMut(Move) -> bool,
    ) -> bool {
        let forbidden = self.forbidden_back_move(rules);
        for &dir in Dir::lines(rules.diagonal) {
            let mut to = from.step(dir);
            while self.board.get(to) == Cell::Empty {
                let mv = Move::slide(from, to);
                if Some(mv) != forbidden && self.may_enter(rules, from, to) && !visit(mv) {
                    return false;
                }
                if rules.movement == Movement::Step {
                    break;
                }
                to = to.step(dir);
            }
        }
        if rules.leap != Leap::Off {
            let mut visited = Squares::default();
            visited.insert(from);
            for to in self.hops(rules, from, &visited).into_iter().flatten() {
                let mv = Move::slide(from, to);
                if Some(mv) != forbidden && !visit(mv) {
                    return false;
                }
            }
        }
        true
    }

    /// Leaping: from `from`, over an adjacent counter the rules let it leap (any, its own and
    /// frozen ones, or an enemy's), onto the empty square straight beyond, if it has not stood
    /// there this turn.
    fn hops(&self, rules: &Rules, from: Square, visited: &Squares) -> [Option<Square>; 8] {
        let leapable = |cell: Cell| match rules.leap {
            Leap::Off => false,
            Leap::Any => cell.owner().is_some(),
            Leap::Own => cell.is_free(self.turn) || matches!(cell, Cell::Frozen(_)),
            Leap::Enemy => cell.owner() == Some(self.turn.other()),
            Leap::Dux => {
                cell.owner() == Some(self.turn.other())
                    && self.board.get(from) == Cell::Dux(self.turn)
            }
        };
        let mut hops = [None; 8];
        for (slot, &dir) in hops.iter_mut().zip(Dir::lines(rules.diagonal)) {
            let (over, to) = (from.step(dir), from.step(dir).step(dir));
            let open = self.board.get(to) == Cell::Empty && !visited.contains(to);
            *slot = (open && leapable(self.board.get(over)) && self.may_enter(rules, from, to))
                .then_some(to);
        }
        hops
    }

    /// Not between two enemies (`nobetween=on`): a counter from `from` may not arrive on `to`
    /// between two enemy counters on one of its lines, frozen or not, unless its arrival traps
    /// an enemy counter.
    pub(crate) fn may_enter(&self, rules: &Rules, from: Square, to: Square) -> bool {
        if !rules.nobetween {
            return true;
        }
        let enemy = |dir: Dir| self.board.get(to.step(dir)).owner() == Some(self.turn.other());
        let between = Dir::lines(rules.diagonal)
            .chunks(2)
            .any(|line| enemy(line[0]) && enemy(line[1]));
        !between || self.trapped_leaving(rules, from, to) != [None; 8]
    }

    /// What the side to move's counter from `from` traps on arriving at `to`, asked of the
    /// board as it will be: the square left may be the far side of a counter next to `to` (a
    /// leap's departure is).
    fn trapped_leaving(&self, rules: &Rules, from: Square, to: Square) -> [Option<Square>; 8] {
        let mut board = self.board.clone();
        board.set(from, Cell::Empty);
        trapped(&board, rules, to, self.turn)
    }

    /// The counter that a move from `from` to `to` leaps over: the one between them when they
    /// are two squares apart along a line. (A rook's move of two squares passes an empty one.)
    fn leapt(&self, rules: &Rules, from: Square, to: Square) -> Option<Square> {
        let over = Dir::lines(rules.diagonal)
            .iter()
            .find(|&&dir| from.step(dir).step(dir) == to)
            .map(|&dir| from.step(dir))?;
        self.board.get(over).owner().map(|_| over)
    }

    /// Removing: where trapped counters freeze, the side to move may spend its turn taking any
    /// frozen enemy counter off the board.
    fn removable(&self) -> impl Iterator<Item = Square> + '_ {
        let frozen = Cell::Frozen(self.turn.other());
        self.board
            .squares()
            .filter(move |&square| self.board.get(square) == frozen)
    }

    /// The legal moves that capture, found from the squares where arriving would capture:
    /// the same as filtering [`Position::legal_moves`], much faster when captures are few.
    /// Where trapped counters freeze, only a removal takes a counter off the board.
    pub fn capture_moves_into(&self, rules: &Rules, moves: &mut Vec<Move>) {
        moves.clear();
        if self.is_placement_phase() {
            return;
        }
        if rules.trap == Trap::Freeze {
            if self.leap.is_none() {
                moves.extend(self.removable().map(Move::remove));
            }
            return;
        }
        if rules.leap != Leap::Off || corner_beside(rules) || self.leap.is_some() {
            // Leaps capture too, where the arrival's neighbours do not say it, a diagonal
            // move may leave a corner's other neighbour, and after a capture only one counter
            // moves on: ask each move.
            self.legal_moves_into(rules, moves);
            moves.retain(|&mv| self.captures_of(rules, mv) > 0);
            return;
        }
        let forbidden = self.forbidden_back_move(rules);
        for to in self.board.squares() {
            if self.board.get(to) != Cell::Empty
                || trapped(&self.board, rules, to, self.turn) == [None; 8]
            {
                continue;
            }
            for &dir in Dir::lines(rules.diagonal) {
                let mut from = to.step(dir);
                while rules.movement == Movement::Rook && self.board.get(from) == Cell::Empty {
                    from = from.step(dir);
                }
                let mv = Move::slide(from, to);
                if self.board.get(from).is_free(self.turn) && Some(mv) != forbidden {
                    moves.push(mv);
                }
            }
        }
    }

    /// The back-and-forth rule: with `noback` on, the side to move may not take the counter
    /// it moved last straight back to the square that counter just left.
    pub fn forbidden_back_move(&self, rules: &Rules) -> Option<Move> {
        if !rules.noback {
            return None;
        }
        self.last[self.turn.index()].and_then(Move::reversed)
    }

    /// The same state of play, as the rule against repeated positions compares them: the
    /// board with its frozen counters, the side to move, the counters to place and a leap
    /// part-way (not the clock, the captures or the last moves).
    pub fn same_state(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.board == other.board
            && self.turn == other.turn
            && self.to_place == other.to_place
            && self.leap == other.leap
    }

    /// The position after `mv`, a move from this position's own list (unchecked): for the
    /// reference players, which play many.
    pub(crate) fn after(&self, rules: &Rules, mv: Move) -> Position {
        let mut next = self.clone();
        next.play(rules, mv);
        next
    }

    /// Plays `mv` after checking that it is legal.
    pub fn apply(&self, rules: &Rules, mv: Move) -> Result<Position, IllegalMove> {
        if !self.is_legal(rules, mv) {
            return Err(IllegalMove(format!("{mv} is not a legal move here")));
        }
        let mut next = self.clone();
        next.play(rules, mv);
        Ok(next)
    }

    /// Plays a move known to be legal; returns how many counters it took off the board.
    pub(crate) fn play(&mut self, rules: &Rules, mv: Move) -> u16 {
        let side = self.turn;
        if mv.is_placement() {
            let dux = self.places_dux(rules);
            self.put(side, mv.to());
            if dux {
                self.crown(side, mv.to());
            }
            self.to_place[side.index()] -= 1;
            self.pass_turn(self.after_placement(rules));
            return 0;
        }
        if mv.is_stop() {
            self.leap = None;
            self.pass_turn(side.other());
            return 0;
        }
        // A counter leaping on, or a free removal, keeps the turn with the side.
        let goes_on;
        let taken = match mv.from() {
            None => {
                self.remove(side, mv.to());
                self.last[side.index()] = None;
                goes_on = rules.removal == Removal::Free;
                1
            }
            Some(from) => {
                let leapt = self.leapt(rules, from, mv.to()).is_some();
                let taken = self.slide(rules, side, from, mv.to());
                self.last[side.index()] = Some(mv);
                goes_on = if rules.again {
                    taken > 0 && self.move_again(rules, mv.to())
                } else {
                    leapt && rules.leap.goes_on() && self.leap_on(rules, from, mv.to())
                };
                taken
            }
        };
        self.captured[side.index()] += taken;
        // Only a counter taken off the board resets the clock: counters freed and frozen
        // again could otherwise go on for ever. Each leap of a turn counts as a move.
        self.clock = if taken > 0 { 0 } else { self.clock + 1 };
        if !goes_on {
            self.leap = None;
            self.pass_turn(side.other());
        }
        taken
    }

    /// After a leap from `from` to `to`: when the counter can leap again, the turn stays with
    /// it (it may leap on or stop), and true.
    fn leap_on(&mut self, rules: &Rules, from: Square, to: Square) -> bool {
        let mut visited = self.leap.map_or_else(
            || {
                let mut start = Squares::default();
                start.insert(from);
                start
            },
            |leap| leap.visited,
        );
        visited.insert(to);
        let again = self.hops(rules, to, &visited).iter().any(Option::is_some);
        self.leap = again.then_some(Leaping { at: to, visited });
        again
    }

    /// Another move (`again=on`): after a capture by the counter now on `at`, when the game
    /// goes on and that counter can move, the turn stays with it (it may move or stop), and
    /// true.
    fn move_again(&mut self, rules: &Rules, at: Square) -> bool {
        let mut visited = Squares::default();
        visited.insert(at);
        let again =
            !self.side_exhausted(rules) && !self.visit_moves_from(rules, at, &mut |_| false);
        self.leap = again.then_some(Leaping { at, visited });
        again
    }

    /// `side`'s counter goes from `from` to `to` and traps what it traps: taken off the board
    /// or frozen, as the rules say. Returns the counters taken.
    fn slide(&mut self, rules: &Rules, side: Side, from: Square, to: Square) -> u16 {
        let dux = self.board.get(from) == Cell::Dux(side);
        self.lift(side, from);
        self.put(side, to);
        if dux {
            self.crown(side, to);
        }
        let mut taken = 0;
        for victim in trapped(&self.board, rules, to, side).into_iter().flatten() {
            match rules.trap {
                Trap::Capture => {
                    self.lift(side.other(), victim);
                    taken += 1;
                }
                Trap::Freeze => self.freeze(victim),
            }
        }
        if rules.trap == Trap::Freeze {
            self.free_the_unheld(rules);
        }
        taken
    }

    /// Takes the frozen enemy counter on `square` off the board.
    fn remove(&mut self, side: Side, square: Square) {
        self.lift(side.other(), square);
    }

    /// Freeing: a frozen counter that no two unfrozen enemy counters hold any more (one of
    /// them moved away, or its owner froze one of them) is free again.
    fn free_the_unheld(&mut self, rules: &Rules) {
        for square in self.board.squares() {
            if let Cell::Frozen(side) = self.board.get(square) {
                if !held(&self.board, rules, square, side) {
                    self.board.set(square, Cell::Counter(side));
                    self.hash ^= zobrist::frozen(square);
                }
            }
        }
    }

    fn freeze(&mut self, square: Square) {
        if let Cell::Counter(side) = self.board.get(square) {
            self.board.set(square, Cell::Frozen(side));
            self.hash ^= zobrist::frozen(square);
        }
    }

    /// The squares whose counters the legal move `mv` would capture, without playing it, so
    /// the page can show them go. The board before the move answers the same as the board
    /// after: the square the counter leaves is never the enemy next to `to`'s far side, nor a
    /// friend beyond it, nor a corner's other neighbour, since moves run straight over empty
    /// squares. A leap, and a diagonal move where corners are taken (it may leave a corner's
    /// other neighbour), are asked of the board without the counter that moves.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Move, Position, Rules};
    /// let p: Position = "8/8/8/8/3W4/3B4/8/3W4 w 0,0 0,0 0 -,-".parse().unwrap();
    /// let mv = Move::parse("d1-d2").unwrap();
    /// let taken: Vec<String> = p.captured_squares(&Rules::PISO, mv).map(|s| s.to_string()).collect();
    /// assert_eq!(taken, ["d3"]);
    /// ```
    pub fn captured_squares(&self, rules: &Rules, mv: Move) -> impl Iterator<Item = Square> {
        let taken = match mv.from() {
            _ if mv.is_removal() => [Some(mv.to()), None, None, None, None, None, None, None],
            None => [None; 8],
            Some(_) if rules.trap == Trap::Freeze => [None; 8],
            Some(from) if corner_beside(rules) || self.leapt(rules, from, mv.to()).is_some() => {
                self.trapped_leaving(rules, from, mv.to())
            }
            Some(_) => trapped(&self.board, rules, mv.to(), self.turn),
        };
        taken.into_iter().flatten()
    }

    /// How many counters the legal move `mv` would capture (see
    /// [`Position::captured_squares`]).
    pub fn captures_of(&self, rules: &Rules, mv: Move) -> u16 {
        self.captured_squares(rules, mv).count() as u16
    }

    /// A counter may be placed on an empty square; under `centre=on` not on the centre while
    /// another square is empty (so that placing can always finish).
    pub(crate) fn may_place(&self, rules: &Rules, square: Square) -> bool {
        self.board.get(square) == Cell::Empty
            && !(rules.centre && square == self.board.centre() && self.empty_squares() > 1)
    }

    fn empty_squares(&self) -> usize {
        let taken = usize::from(self.count[0]) + usize::from(self.count[1]);
        self.board.width() * self.board.height() - taken
    }

    /// Under `dux=place`, the side to move's next placement is its dux: its last.
    pub fn places_dux(&self, rules: &Rules) -> bool {
        rules.dux == Dux::Placed && self.to_place[self.turn.index()] == 1
    }

    /// Placing goes to the other side while it has counters to place; a side with the only
    /// counters left places them all; after the last placement white moves first. Under
    /// `perturn=2` a side that has placed the first of its two this turn places again: it has
    /// then placed an odd number of the `placed` it started with.
    fn after_placement(&self, rules: &Rules) -> Side {
        let side = self.turn;
        let left = self.to_place[side.index()];
        if self.halfway_placing(rules, side) {
            side
        } else if self.to_place[side.other().index()] > 0 {
            side.other()
        } else if left > 0 {
            side
        } else {
            Side::White
        }
    }

    fn pass_turn(&mut self, next: Side) {
        if next != self.turn {
            self.hash ^= zobrist::black_to_move();
        }
        self.turn = next;
    }

    fn put(&mut self, side: Side, square: Square) {
        self.board.set(square, Cell::Counter(side));
        self.count[side.index()] += 1;
        self.hash ^= zobrist::counter(side, square);
    }

    /// The counter `side` just put on `square` is its dux.
    fn crown(&mut self, side: Side, square: Square) {
        self.board.set(square, Cell::Dux(side));
        self.hash ^= zobrist::dux(square);
    }

    fn lift(&mut self, side: Side, square: Square) {
        match self.board.get(square) {
            Cell::Frozen(_) => self.hash ^= zobrist::frozen(square),
            Cell::Dux(_) => self.hash ^= zobrist::dux(square),
            _ => {}
        }
        self.board.set(square, Cell::Empty);
        self.count[side.index()] -= 1;
        self.hash ^= zobrist::counter(side, square);
    }

    /// The game is over in the movement phase when a side is out of counters (down to one
    /// under `win=captures`, none under `win=all`), the side to move cannot move, or fifty
    /// moves each have gone by without a capture. Then the side ahead wins.
    pub fn outcome(&self, rules: &Rules) -> Option<Outcome> {
        self.end_reason(rules)
            .map(|reason| self.winner(rules, reason))
    }

    /// Why the game is over, if it is: a side out of counters first, then the quiet-move
    /// limit, then a side to move without a legal move.
    ///
    /// ```
    /// use ludi_core::latrunculi::{EndReason, Position, Rules};
    /// let p: Position = "8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-".parse().unwrap();
    /// assert_eq!(p.end_reason(&Rules::PISO), Some(EndReason::DownToOne));
    /// assert_eq!(Position::start(&Rules::PISO).end_reason(&Rules::PISO), None);
    /// ```
    pub fn end_reason(&self, rules: &Rules) -> Option<EndReason> {
        if self.is_placement_phase() {
            None
        } else if self.side_exhausted(rules) {
            Some(match rules.win {
                Win::Captures => EndReason::DownToOne,
                Win::All | Win::Block => EndReason::AllTaken,
            })
        } else if self.clock >= u32::from(rules.quiet) {
            Some(EndReason::QuietMoves)
        } else if !self.has_legal_move(rules) {
            Some(EndReason::NoMove)
        } else {
            None
        }
    }

    /// Who won and why, once the game is over.
    ///
    /// ```
    /// use ludi_core::latrunculi::{EndReason, Outcome, Position, Rules, Side};
    /// let p: Position = "8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-".parse().unwrap();
    /// let result = p.result(&Rules::QUINTANA).unwrap();
    /// assert_eq!(result.outcome, Outcome::Win(Side::Black));
    /// assert_eq!(result.reason, EndReason::AllTaken);
    /// ```
    pub fn result(&self, rules: &Rules) -> Option<GameResult> {
        self.end_reason(rules).map(|reason| GameResult {
            outcome: self.winner(rules, reason),
            reason,
        })
    }

    /// Who wins a game ended for `reason`: under `win=block` the side to move that cannot
    /// move loses; otherwise the side ahead by the win option's count.
    pub fn winner(&self, rules: &Rules, reason: EndReason) -> Outcome {
        if rules.win == Win::Block && reason == EndReason::NoMove {
            Outcome::Win(self.turn.other())
        } else {
            self.leader(rules)
        }
    }

    /// A side has too few counters left to play on.
    pub(crate) fn side_exhausted(&self, rules: &Rules) -> bool {
        let floor = match rules.win {
            Win::Captures => 1,
            Win::All | Win::Block => 0,
        };
        self.count.iter().any(|&n| n <= floor)
    }

    /// The win option's count, white's minus black's: captures made or counters left.
    pub fn lead(&self, rules: &Rules) -> i32 {
        let score = match rules.win {
            Win::Captures => self.captured,
            Win::All | Win::Block => [
                self.count[0] + self.to_place[0],
                self.count[1] + self.to_place[1],
            ],
        };
        i32::from(score[0]) - i32::from(score[1])
    }

    /// Who is ahead by the win option's count; level is a draw.
    pub fn leader(&self, rules: &Rules) -> Outcome {
        match self.lead(rules) {
            0 => Outcome::Draw,
            lead if lead > 0 => Outcome::Win(Side::White),
            _ => Outcome::Win(Side::Black),
        }
    }
}

/// Enemy counters trapped by `mover`'s counter that has just arrived on `to`: captured or
/// frozen, as the rules say. At most one per direction (four, or eight with the diagonals),
/// a corner's counter instead of one. Only unfrozen counters trap, and only unfrozen counters
/// are trapped.
fn trapped(board: &Board, rules: &Rules, to: Square, mover: Side) -> [Option<Square>; 8] {
    let mut taken = [None; 8];
    let lines = Dir::lines(rules.diagonal);
    for (n, (slot, &dir)) in taken.iter_mut().zip(lines).enumerate() {
        // A corner is taken from a neighbour along its rank or file (the first four lines).
        let by_corner = rules.corner && n < Dir::ALL.len();
        *slot = custodial_capture(board, rules, to, dir, mover).or_else(|| {
            by_corner
                .then(|| corner_capture(board, rules, to, dir, mover))
                .flatten()
        });
    }
    taken
}

/// Whether a move may start beside a corner that its arrival takes: a diagonal step from one
/// of the corner's neighbours to the other.
fn corner_beside(rules: &Rules) -> bool {
    rules.diagonal && rules.corner
}

/// Whether `cell` holds a counter of `mover`'s enemy that a trap may take: an unfrozen
/// counter, or a dux where the rules take it.
fn is_prey(rules: &Rules, cell: Cell, mover: Side) -> bool {
    let enemy = mover.other();
    cell == Cell::Counter(enemy) || (rules.dux.is_taken() && cell == Cell::Dux(enemy))
}

/// Whether `square` holds a counter of `side` that traps: an unfrozen one, or (`hostile=on`)
/// it is a corner square, whatever stands on it.
fn is_trapper(board: &Board, rules: &Rules, square: Square, side: Side) -> bool {
    board.get(square).is_free(side)
        || (rules.hostile && board.contains(square) && board.is_corner(square))
}

/// Custodial capture: the next square holds one enemy counter and the square beyond it a
/// counter of the mover (or a hostile corner).
fn custodial_capture(
    board: &Board,
    rules: &Rules,
    to: Square,
    dir: Dir,
    mover: Side,
) -> Option<Square> {
    let next = to.step(dir);
    (is_prey(rules, board.get(next), mover) && is_trapper(board, rules, next.step(dir), mover))
        .then_some(next)
}

/// Whether `side`'s frozen counter on `square` is still held: between two unfrozen enemy
/// counters along one of its lines or, with corner capture on, on a corner with unfrozen enemy
/// counters on both its neighbours.
fn held(board: &Board, rules: &Rules, square: Square, side: Side) -> bool {
    let enemy = |dir: Dir| is_trapper(board, rules, square.step(dir), side.other());
    let on_a_line = Dir::lines(rules.diagonal)
        .chunks(2)
        .any(|line| enemy(line[0]) && enemy(line[1]));
    let on_a_corner = rules.corner
        && board.is_corner(square)
        && Dir::ALL
            .into_iter()
            .filter(|&dir| board.contains(square.step(dir)))
            .all(enemy);
    on_a_line || on_a_corner
}

/// Corner capture: the next square is a corner holding an enemy counter, and the corner's
/// other neighbour holds a counter of the mover.
fn corner_capture(
    board: &Board,
    rules: &Rules,
    to: Square,
    dir: Dir,
    mover: Side,
) -> Option<Square> {
    let corner = to.step(dir);
    if !is_prey(rules, board.get(corner), mover) || !board.is_corner(corner) {
        return None;
    }
    let guarded = Dir::ALL.into_iter().any(|side_dir| {
        let other = corner.step(side_dir);
        other != to && board.get(other).is_free(mover)
    });
    guarded.then_some(corner)
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::Size;

    fn pos(lfen: &str) -> Position {
        lfen.parse().expect(lfen)
    }

    fn mv(text: &str) -> Move {
        Move::parse(text).expect(text)
    }

    fn after(rules: &Rules, lfen: &str, moves: &[&str]) -> Position {
        moves
            .iter()
            .fold(pos(lfen), |p, m| p.apply(rules, mv(m)).expect(m))
    }

    fn legal(rules: &Rules, lfen: &str, m: &str) -> bool {
        pos(lfen).is_legal(rules, mv(m))
    }

    const STEP: Rules = Rules::PISO;
    const ROOK: Rules = Rules {
        movement: Movement::Rook,
        ..Rules::PISO
    };

    #[test]
    fn placing_goes_on_any_empty_square_turn_about_and_white_moves_after() {
        let p = Position::start(&Rules::PISO);
        assert_eq!(p.legal_moves(&STEP).len(), 64);
        let p = after(&STEP, "8/8/8/8/8/8/8/8 w 2,2 0,0 0 -,-", &["@d4"]);
        assert_eq!(p.turn(), Side::Black);
        assert!(!p.is_legal(&STEP, mv("@d4")), "occupied square");
        assert!(!p.is_legal(&STEP, mv("d4-d5")), "no moving while placing");
        let p = after(&STEP, &p.to_string(), &["@a1", "@h8", "@b1"]);
        assert!(!p.is_placement_phase());
        assert_eq!(p.turn(), Side::White, "white moves first after placing");
        assert_eq!((p.counters(Side::White), p.counters(Side::Black)), (2, 2));
        assert_eq!(p.clock(), 0);
    }

    #[test]
    fn a_side_with_the_only_counters_left_to_place_places_them_all() {
        let p = after(&STEP, "8/8/8/8/8/8/8/8 b 0,2 0,0 0 -,-", &["@a1"]);
        assert_eq!(p.turn(), Side::Black);
        let p = after(&STEP, &p.to_string(), &["@a2"]);
        assert_eq!(p.turn(), Side::White);
        assert!(!p.is_placement_phase());
    }

    #[test]
    fn perturn_2_places_two_a_turn_and_one_when_one_is_left() {
        let pairs = Rules {
            pairs: true,
            placed: 3,
            ..STEP
        };
        let start = Position::start(&pairs);
        let mut p = start.clone();
        let mut turns = Vec::new();
        for square in ["a1", "b1", "c1", "d1", "e1", "f1"] {
            turns.push(p.turn());
            p = p.apply(&pairs, mv(&format!("@{square}"))).expect(square);
        }
        use Side::{Black, White};
        assert_eq!(turns, [White, White, Black, Black, White, Black]);
        assert!(!p.is_placement_phase());
        assert_eq!(p.turn(), White, "white moves first after placing");
        // One a turn, as in every other reading.
        let single = Rules { placed: 3, ..STEP };
        let p = after(&single, &start.to_string(), &["@a1"]);
        assert_eq!(p.turn(), Black);
    }

    #[test]
    fn centre_on_keeps_the_centre_empty_while_another_square_is() {
        let centre = Rules {
            centre: true,
            ..STEP
        };
        // d4 on 8 x 8, c3 on 6 x 6, c4 on 6 x 7 (files x ranks).
        for (lfen, square) in [
            ("8/8/8/8/8/8/8/8 w 2,2 0,0 0 -,-", "d4"),
            ("6/6/6/6/6/6 w 2,2 0,0 0 -,-", "c3"),
            ("6/6/6/6/6/6/6 w 2,2 0,0 0 -,-", "c4"),
        ] {
            assert_eq!(pos(lfen).board().centre(), Square::parse(square).unwrap());
            assert!(!legal(&centre, lfen, &format!("@{square}")), "{lfen}");
            assert!(legal(&STEP, lfen, &format!("@{square}")), "{lfen}");
            assert_eq!(
                pos(lfen).legal_moves(&centre).len() + 1,
                pos(lfen).legal_moves(&STEP).len()
            );
        }
        // The centre is the last empty square: placing goes on there rather than stop.
        let last = "BBBBBB/BBBBBB/BBBBBB/WW1WWW/WWWWWW/WWWWWW w 1,0 0,0 0 -,-";
        assert_eq!(pos(last).legal_moves(&centre), [mv("@c3")]);
        // Once the counters are placed, a counter may move onto the centre.
        assert!(legal(&centre, "B4B/6/6/1W4/6/W4W w 0,0 0,0 0 -,-", "b3-c3"));
    }

    #[test]
    fn a_board_of_another_size_starts_with_its_own_rows() {
        let rules = Rules {
            board: Size::of(10, 6),
            ..Rules::QUINTANA
        };
        let p = Position::start(&rules);
        assert_eq!((p.board().width(), p.board().height()), (10, 6));
        assert_eq!(p.counters(Side::White), 20);
        assert_eq!(
            p.board().get(Square::parse("j5").unwrap()),
            Cell::Counter(Side::Black)
        );
        assert_eq!(p.board().get(Square::parse("a3").unwrap()), Cell::Empty);
        let seega = Rules::parse("seega-6x7").unwrap();
        let p = Position::start(&seega);
        assert_eq!(p.to_string(), "6/6/6/6/6/6/6 w 20,20 0,0 0 -,-");
        assert_eq!(p.legal_moves(&seega).len(), 41);
    }

    #[test]
    fn placing_never_captures() {
        let p = after(&STEP, "8/8/8/8/8/8/8/WB6 w 1,1 0,0 0 -,-", &["@c1"]);
        assert_eq!(p.counters(Side::Black), 1);
        assert_eq!(p.captured_by(Side::White), 0);
    }

    #[test]
    fn rows_start_has_sixteen_a_side_and_no_placing() {
        let p = Position::start(&Rules::QUINTANA);
        assert_eq!((p.counters(Side::White), p.counters(Side::Black)), (16, 16));
        assert!(!p.is_placement_phase());
        assert!(p
            .legal_moves(&Rules::QUINTANA)
            .iter()
            .all(|m| !m.is_placement()));
    }

    #[test]
    fn step_moves_one_square_along_a_rank_or_file_onto_an_empty_square() {
        let lfen = "8/8/8/3B4/3W4/8/8/8 w 0,0 0,0 0 -,-";
        for ok in ["d4-d3", "d4-c4", "d4-e4"] {
            assert!(legal(&STEP, lfen, ok), "{ok}");
        }
        for bad in ["d4-d5", "d4-d2", "d4-e5", "d4-b4", "d5-d6"] {
            assert!(!legal(&STEP, lfen, bad), "{bad}");
        }
        assert_eq!(pos(lfen).legal_moves(&STEP).len(), 3);
    }

    #[test]
    fn rook_moves_any_distance_over_empty_squares_only() {
        let lfen = "8/8/8/3B4/3W4/8/8/8 w 0,0 0,0 0 -,-";
        for ok in ["d4-d1", "d4-a4", "d4-h4", "d4-d3"] {
            assert!(legal(&ROOK, lfen, ok), "{ok}");
        }
        for bad in ["d4-d6", "d4-e5", "d4-d5"] {
            assert!(!legal(&ROOK, lfen, bad), "{bad}");
        }
        assert_eq!(pos(lfen).legal_moves(&ROOK).len(), 10);
    }

    #[test]
    fn custodial_capture_takes_one_enemy_between_mover_and_friend() {
        let p = after(&STEP, "8/8/8/8/3W4/3B4/8/3W4 w 0,0 0,0 0 -,-", &["d1-d2"]);
        assert_eq!(p.counters(Side::Black), 0);
        assert_eq!(p.captured_by(Side::White), 1);
        assert_eq!(p.to_string(), "8/8/8/8/3W4/8/3W4/8 b 0,0 1,0 0 d1-d2,-");
    }

    #[test]
    fn two_enemies_in_a_row_are_not_captured() {
        let p = after(&STEP, "8/8/8/3W4/3B4/3B4/8/3W4 w 0,0 0,0 0 -,-", &["d1-d2"]);
        assert_eq!(p.counters(Side::Black), 2);
    }

    #[test]
    fn one_move_may_capture_several_counters() {
        let p = after(
            &STEP,
            "8/8/8/3W4/3B4/1WB1BW2/3W4/8 w 0,0 0,0 0 -,-",
            &["d2-d3"],
        );
        assert_eq!(p.counters(Side::Black), 0);
        assert_eq!(p.captured_by(Side::White), 3);
    }

    #[test]
    fn stepping_between_two_enemies_is_safe() {
        let p = after(&STEP, "8/8/8/8/8/8/2B1B3/3W4 w 0,0 0,0 0 -,-", &["d1-d2"]);
        assert_eq!(p.counters(Side::White), 1);
        assert_eq!(p.captured_by(Side::Black), 0);
    }

    #[test]
    fn corner_capture_with_corner_on_and_not_with_it_off() {
        let corner_off = Rules {
            corner: false,
            ..Rules::PISO
        };
        let lone = "8/8/8/8/8/8/1W6/BW6 w 0,0 0,0 0 -,-";
        let on = after(&STEP, lone, &["b2-a2"]);
        assert_eq!(on.counters(Side::Black), 0, "corner on: a1 taken");
        assert_eq!(on.captured_by(Side::White), 1);
        let off = after(&corner_off, lone, &["b2-a2"]);
        assert_eq!(off.counters(Side::Black), 1, "corner off: a1 safe");
        let unguarded = after(&STEP, "8/8/8/8/8/8/1W6/B7 w 0,0 0,0 0 -,-", &["b2-a2"]);
        assert_eq!(
            unguarded.counters(Side::Black),
            1,
            "b1 must hold a white counter"
        );
        let own_corner = after(&STEP, "8/8/8/8/8/8/1W6/WB6 w 0,0 0,0 0 -,-", &["b2-a2"]);
        assert_eq!(
            own_corner.counters(Side::White),
            2,
            "never one's own counter"
        );
    }

    #[test]
    fn noback_forbids_going_straight_back_on_the_next_move_only() {
        let lfen = "7B/8/8/8/3W4/8/8/W7 w 0,0 0,0 0 -,-";
        let p = after(&STEP, lfen, &["d4-d5", "h8-h7"]);
        assert!(!p.is_legal(&STEP, mv("d5-d4")), "straight back");
        assert!(p.is_legal(&STEP, mv("d5-d6")));
        let p = after(&STEP, &p.to_string(), &["a1-a2", "h7-h6"]);
        assert!(p.is_legal(&STEP, mv("d5-d4")), "allowed again a move later");
        let noback_off = Rules {
            noback: false,
            ..Rules::PISO
        };
        let p = after(&noback_off, lfen, &["d4-d5", "h8-h7"]);
        assert!(p.is_legal(&noback_off, mv("d5-d4")));
    }

    #[test]
    fn noback_with_rook_moves_forbids_only_the_exact_return() {
        let rook_noback = Rules {
            movement: Movement::Rook,
            ..Rules::PISO
        };
        let p = after(
            &rook_noback,
            "7B/8/8/8/3W4/8/8/W7 w 0,0 0,0 0 -,-",
            &["d4-d7", "h8-h7"],
        );
        assert!(!p.is_legal(&rook_noback, mv("d7-d4")));
        assert!(p.is_legal(&rook_noback, mv("d7-d5")));
        assert!(p.is_legal(&rook_noback, mv("d7-d1")));
    }

    #[test]
    fn win_captures_ends_at_one_counter_and_more_captures_wins() {
        let p = pos("8/8/8/8/8/8/W6B/1WB5 b 0,0 3,5 4 -,-");
        assert_eq!(p.outcome(&STEP), None);
        let p = pos("8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-");
        assert_eq!(
            p.outcome(&STEP),
            Some(Outcome::Win(Side::Black)),
            "white down to one"
        );
        let p = pos("8/8/8/8/8/8/W6B/2B5 b 0,0 5,5 4 -,-");
        assert_eq!(p.outcome(&STEP), Some(Outcome::Draw));
    }

    #[test]
    fn win_all_ends_only_when_a_side_has_no_counters() {
        let all = Rules {
            win: Win::All,
            ..Rules::PISO
        };
        let p = pos("8/8/8/8/8/8/W7/2BB4 w 0,0 0,0 4 -,-");
        assert_eq!(p.outcome(&all), None, "one counter left plays on");
        let p = pos("8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-");
        assert_eq!(p.outcome(&all), Some(Outcome::Win(Side::Black)));
    }

    #[test]
    fn a_side_that_cannot_move_ends_the_game() {
        let boxed = "8/8/8/8/8/8/BB6/WB6 w 0,0 2,0 0 -,-";
        assert_eq!(
            pos(boxed).outcome(&Rules::QUINTANA),
            Some(Outcome::Win(Side::Black))
        );
        let free = "8/8/8/8/8/8/B7/W7 w 0,0 2,0 0 -,-";
        assert_eq!(pos(free).outcome(&Rules::QUINTANA), None);
        let only_back = "8/8/8/8/W7/BW6/W7/B7 b 0,0 0,0 0 -,b1-a1";
        assert_eq!(
            pos(only_back).outcome(&STEP),
            Some(Outcome::Draw),
            "noback leaves no move"
        );
        let noback_off = Rules {
            noback: false,
            ..Rules::PISO
        };
        assert_eq!(pos(only_back).outcome(&noback_off), None);
    }

    #[test]
    fn fifty_quiet_moves_each_end_the_game_and_captures_reset_the_clock() {
        let lfen = "B7/8/8/8/8/8/8/W6W w 0,0 0,0 99 -,-";
        let p = after(&Rules::QUINTANA, lfen, &[]);
        assert_eq!(p.outcome(&Rules::QUINTANA), None);
        let p = after(&Rules::QUINTANA, lfen, &["a1-a2"]);
        assert_eq!(p.clock(), 100);
        assert_eq!(
            p.outcome(&Rules::QUINTANA),
            Some(Outcome::Win(Side::White)),
            "more counters"
        );
        let p = after(&STEP, "8/8/8/8/3W4/3B4/8/3W4 w 0,0 0,0 99 -,-", &["d1-d2"]);
        assert_eq!(p.clock(), 0);
        let p = after(&STEP, "8/8/8/8/8/8/8/8 w 1,1 0,0 0 -,-", &["@a1", "@h8"]);
        assert_eq!(p.clock(), 0, "placing does not run the clock");
    }

    #[test]
    fn captured_squares_name_every_counter_a_move_takes_and_only_those() {
        let squares = |rules: &Rules, lfen: &str, m: &str| -> Vec<String> {
            let mut taken: Vec<String> = pos(lfen)
                .captured_squares(rules, mv(m))
                .map(|s| s.to_string())
                .collect();
            taken.sort();
            taken
        };
        let three = "8/8/8/3W4/3B4/1WB1BW2/3W4/8 w 0,0 0,0 0 -,-";
        assert_eq!(squares(&STEP, three, "d2-d3"), ["c3", "d4", "e3"]);
        assert_eq!(pos(three).captures_of(&STEP, mv("d2-d3")), 3);
        let corner = "8/8/8/8/8/8/1W6/BW6 w 0,0 0,0 0 -,-";
        assert_eq!(squares(&STEP, corner, "b2-a2"), ["a1"]);
        let corner_off = Rules {
            corner: false,
            ..Rules::PISO
        };
        assert!(squares(&corner_off, corner, "b2-a2").is_empty());
        assert!(squares(&STEP, three, "d2-c2").is_empty(), "a quiet move");
        let placing = "8/8/8/8/8/8/8/WB6 w 1,1 0,0 0 -,-";
        assert!(
            squares(&STEP, placing, "@c1").is_empty(),
            "placing never takes"
        );
    }

    #[test]
    fn end_reasons_name_what_ended_the_game() {
        let all = Rules {
            win: Win::All,
            ..Rules::PISO
        };
        let reason = |rules: &Rules, lfen: &str| pos(lfen).end_reason(rules);
        let one_white = "8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-";
        assert_eq!(reason(&STEP, one_white), Some(EndReason::DownToOne));
        assert_eq!(reason(&all, one_white), None, "win=all plays on with one");
        let none_white = "8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-";
        assert_eq!(reason(&all, none_white), Some(EndReason::AllTaken));
        let boxed = "8/8/8/8/8/8/BB6/WB6 w 0,0 2,0 0 -,-";
        assert_eq!(reason(&Rules::QUINTANA, boxed), Some(EndReason::NoMove));
        let free = "8/8/8/8/8/8/B7/W7 w 0,0 2,0 0 -,-";
        assert_eq!(reason(&Rules::QUINTANA, free), None);
        let quiet = "B7/8/8/8/8/8/8/W6W w 0,0 0,0 100 -,-";
        assert_eq!(reason(&Rules::QUINTANA, quiet), Some(EndReason::QuietMoves));
        let quiet_soon = "B7/8/8/8/8/8/8/W6W w 0,0 0,0 99 -,-";
        assert_eq!(reason(&Rules::QUINTANA, quiet_soon), None);
        assert_eq!(reason(&STEP, "8/8/8/8/8/8/8/8 w 1,1 0,0 0 -,-"), None);
        let result = pos(quiet).result(&Rules::QUINTANA);
        assert_eq!(
            result,
            Some(GameResult {
                outcome: Outcome::Win(Side::White),
                reason: EndReason::QuietMoves
            })
        );
        assert_eq!(EndReason::QuietMoves.code(), "quiet-moves");
    }

    const FREEZE: Rules = Rules {
        trap: Trap::Freeze,
        ..Rules::PISO
    };

    /// The position's incremental hash agrees with one computed afresh from its LFEN.
    fn hash_is_kept(p: &Position) {
        assert_eq!(p.hash, pos(&p.to_string()).hash, "{p}");
    }

    #[test]
    fn a_trapped_counter_freezes_and_stays_on_the_board() {
        let p = after(&FREEZE, "8/8/8/8/3W4/3B4/8/3W4 w 0,0 0,0 0 -,-", &["d1-d2"]);
        assert_eq!(p.board().get(Square::at(3, 2)), Cell::Frozen(Side::Black));
        assert_eq!(
            (p.counters(Side::Black), p.captured_by(Side::White)),
            (1, 0)
        );
        assert_eq!(p.to_string(), "8/8/8/8/3W4/3b4/3W4/8 b 0,0 0,0 1 d1-d2,-");
        assert_eq!(p.clock(), 1, "only taking a counter off resets the clock");
        hash_is_kept(&p);
        // Under the capturing rules the same move takes it.
        assert_eq!(
            after(&STEP, "8/8/8/8/3W4/3B4/8/3W4 w 0,0 0,0 0 -,-", &["d1-d2"]).counters(Side::Black),
            0
        );
    }

    #[test]
    fn a_frozen_counter_cannot_move_and_its_side_may_move_another() {
        let frozen = "8/8/8/8/3W4/3b4/3W4/B7 b 0,0 0,0 0 -,-";
        assert!(!legal(&FREEZE, frozen, "d3-c3"));
        assert!(!legal(&FREEZE, frozen, "d3-e3"));
        assert!(legal(&FREEZE, frozen, "a1-b1"));
        let moves: Vec<String> = pos(frozen)
            .legal_moves(&FREEZE)
            .iter()
            .map(Move::to_string)
            .collect();
        assert_eq!(
            moves,
            ["a1-a2", "a1-b1"],
            "black has nothing frozen of white's to remove"
        );
    }

    #[test]
    fn a_frozen_counter_does_not_trap_and_is_not_trapped_again() {
        // Black's d3, frozen between c3 and e3, and d6-d5 would hold white's d4 if it trapped.
        let p = after(
            &FREEZE,
            "8/8/3B4/8/3W4/2WbW3/8/8 b 0,0 0,0 0 -,-",
            &["d6-d5"],
        );
        assert_eq!(p.board().get(Square::at(3, 3)), Cell::Counter(Side::White));
        assert_eq!(p.board().get(Square::at(3, 2)), Cell::Frozen(Side::Black));
        assert_eq!(p.clock(), 1);
        // White's d1-d2 closes d4-d3-d2 on the frozen d3: nothing more happens to it.
        let p = after(
            &FREEZE,
            "8/8/8/8/3W4/2WbW3/8/3W4 w 0,0 0,0 0 -,-",
            &["d1-d2"],
        );
        assert_eq!(p.board().get(Square::at(3, 2)), Cell::Frozen(Side::Black));
        assert_eq!((p.counters(Side::Black), p.clock()), (1, 1));
    }

    #[test]
    fn the_captors_side_may_spend_a_turn_removing_a_frozen_enemy() {
        let frozen = "8/8/8/8/3W4/3b4/3W4/B7 w 0,0 0,0 7 -,-";
        assert!(legal(&FREEZE, frozen, "xd3"));
        assert!(!legal(&FREEZE, frozen, "xd4"), "not one's own counter");
        assert!(!legal(&FREEZE, frozen, "xa1"), "not an unfrozen one");
        assert!(
            !legal(&STEP, "8/8/8/8/3W4/3B4/3W4/B7 w 0,0 0,0 7 -,-", "xd3"),
            "nothing freezes"
        );
        let p = after(&FREEZE, frozen, &["xd3"]);
        assert_eq!(p.to_string(), "8/8/8/8/3W4/8/3W4/B7 b 0,0 1,0 0 -,-");
        assert_eq!(pos(frozen).captures_of(&FREEZE, mv("xd3")), 1);
        let mut removals = Vec::new();
        pos(frozen).capture_moves_into(&FREEZE, &mut removals);
        assert_eq!(removals, [mv("xd3")]);
        hash_is_kept(&p);
    }

    #[test]
    fn a_frozen_counter_is_freed_when_a_trapper_moves_away() {
        let p = after(
            &FREEZE,
            "8/8/8/8/3W4/3b4/3W4/B7 w 0,0 0,0 0 -,-",
            &["d2-e2"],
        );
        assert_eq!(p.board().get(Square::at(3, 2)), Cell::Counter(Side::Black));
        hash_is_kept(&p);
        // Held along a file and a rank, it stays frozen while one pair still holds it.
        let p = after(
            &FREEZE,
            "8/8/8/8/3W4/2WbW3/3W4/B7 w 0,0 0,0 0 -,-",
            &["d2-d1"],
        );
        assert_eq!(p.board().get(Square::at(3, 2)), Cell::Frozen(Side::Black));
    }

    #[test]
    fn a_frozen_counter_is_freed_when_its_side_freezes_a_trapper() {
        // Black's d3 is held by d4 and d2; e1-e2 freezes d2 between c2 and e2.
        let p = after(
            &FREEZE,
            "8/8/8/8/3W4/3b4/2BW4/4B3 b 0,0 0,0 0 -,-",
            &["e1-e2"],
        );
        assert_eq!(p.board().get(Square::at(3, 1)), Cell::Frozen(Side::White));
        assert_eq!(
            p.board().get(Square::at(3, 2)),
            Cell::Counter(Side::Black),
            "rescued"
        );
        hash_is_kept(&p);
    }

    #[test]
    fn a_corner_counter_freezes_and_is_freed_like_any_other() {
        let p = after(&FREEZE, "8/8/8/8/8/W7/8/BW6 w 0,0 0,0 0 -,-", &["a3-a2"]);
        assert_eq!(p.board().get(Square::at(0, 0)), Cell::Frozen(Side::Black));
        let p = after(&FREEZE, "8/8/8/8/8/8/W7/bW6 w 0,0 0,0 0 -,-", &["b1-c1"]);
        assert_eq!(p.board().get(Square::at(0, 0)), Cell::Counter(Side::Black));
        hash_is_kept(&p);
    }

    #[test]
    fn a_side_that_can_only_remove_is_not_stuck() {
        // Black's a1 and c1 are hemmed in; white's b1 is frozen between them.
        let p = pos("8/8/8/8/8/8/W1W5/BwBW4 b 0,0 0,0 0 -,-");
        assert_eq!(p.legal_moves(&FREEZE), [mv("xb1")]);
        assert_eq!(p.end_reason(&FREEZE), None);
        let stuck = pos("8/8/8/8/8/8/W1W5/BWBW4 b 0,0 0,0 0 -,-");
        assert_eq!(stuck.end_reason(&FREEZE), Some(EndReason::NoMove));
    }

    #[test]
    fn under_seneca_a_removal_keeps_the_turn_and_the_side_then_moves_or_removes_again() {
        // White's d4 and f4 hold black's frozen e4; white's b1 and b3 hold black's frozen b2.
        let start = "B6B/8/8/8/3WbW2/1W6/1b6/1W6 w 0,0 0,0 0 -,-";
        let free = Rules {
            removal: Removal::Free,
            ..FREEZE
        };
        let p = after(&free, start, &["xe4"]);
        assert_eq!(
            (p.turn(), p.captured_by(Side::White), p.clock()),
            (Side::White, 1, 0),
            "still white's turn"
        );
        let moves = p.legal_moves(&free);
        assert!(moves.contains(&mv("xb2")), "another removal");
        assert!(moves.contains(&mv("d4-d5")), "or a move");
        let p = p.apply(&free, mv("d4-d5")).unwrap();
        assert_eq!(p.turn(), Side::Black, "the move ends the turn");
        hash_is_kept(&p);
        // Schädler's removal is the whole turn.
        assert_eq!(after(&FREEZE, start, &["xe4"]).turn(), Side::Black);
    }

    const LEAP: Rules = Rules {
        leap: Leap::Any,
        ..Rules::PISO
    };
    const LEAP_OWN: Rules = Rules {
        leap: Leap::Own,
        trap: Trap::Freeze,
        ..Rules::PISO
    };

    fn moves(rules: &Rules, lfen: &str) -> Vec<String> {
        pos(lfen)
            .legal_moves(rules)
            .iter()
            .map(Move::to_string)
            .collect()
    }

    #[test]
    fn a_counter_leaps_over_an_adjacent_counter_onto_the_empty_square_beyond() {
        // White's d3 may leap over black's d4 or its own c3, not over an empty square.
        let p = "8/8/8/8/3B4/2WW4/8/7B w 0,0 0,0 0 -,-";
        assert!(legal(&LEAP, p, "d3-d5"));
        assert!(legal(&LEAP, p, "d3-b3"));
        assert!(!legal(&LEAP, p, "d3-f3"), "nothing on e3 to leap over");
        assert!(!legal(&LEAP, p, "d3-d1"));
        assert!(!legal(&STEP, p, "d3-d5"), "no leaping without the rule");
        // Not onto a taken square.
        assert!(!legal(
            &LEAP,
            "8/8/8/3B4/3B4/3W4/8/7B w 0,0 0,0 0 -,-",
            "d3-d5"
        ));
    }

    #[test]
    fn leaping_over_own_counters_and_frozen_ones_only() {
        let p = "8/8/8/8/3B4/2WWb3/4W3/7B w 0,0 0,0 0 -,-";
        assert!(legal(&LEAP_OWN, p, "d3-b3"), "over its own");
        assert!(legal(&LEAP_OWN, p, "d3-f3"), "over a frozen enemy");
        assert!(!legal(&LEAP_OWN, p, "d3-d5"), "not over a free enemy");
        assert!(legal(
            &Rules {
                leap: Leap::Any,
                ..LEAP_OWN
            },
            p,
            "d3-d5"
        ));
    }

    #[test]
    fn a_leap_goes_on_from_where_it_lands_until_it_stops_or_cannot() {
        let start = "B7/8/8/8/3W4/8/3W4/3W4 w 0,0 0,0 0 -,-";
        let p = after(&LEAP, start, &["d1-d3"]);
        assert_eq!(
            p.to_string(),
            "B7/8/8/8/3W4/3W4/3W4/8 w 0,0 0,0 1 d1-d3,- d3,d1"
        );
        assert_eq!(p.leaping(), Some(Square::at(3, 2)));
        assert_eq!(
            moves(&LEAP, &p.to_string()),
            ["d3-d5", "=d3"],
            "only it, on or stopping"
        );
        let stopped = p.apply(&LEAP, mv("=d3")).unwrap();
        assert_eq!(
            stopped.to_string(),
            "B7/8/8/8/3W4/3W4/3W4/8 b 0,0 0,0 1 d1-d3,-"
        );
        let on = p.apply(&LEAP, mv("d3-d5")).unwrap();
        assert_eq!(
            on.to_string(),
            "B7/8/8/3W4/3W4/8/3W4/8 b 0,0 0,0 2 d3-d5,-",
            "no leap left"
        );
        // The same board and side to move, with and without a leap going on, are two positions.
        let mut still = stopped.clone();
        still.pass_turn(Side::White);
        assert_ne!(still.key(&LEAP), p.key(&LEAP));
    }

    #[test]
    fn a_leap_never_lands_where_the_counter_has_stood_this_turn() {
        // c3 leaps over d3, e4 and d5 round to c5; over c4 it would be back on c3, its start.
        let start = "7B/8/8/3W4/2W1W3/2WW4/8/8 w 0,0 0,0 0 -,-";
        let p = after(&LEAP, start, &["c3-e3"]);
        assert!(
            !p.is_legal(&LEAP, mv("e3-c3")),
            "back over d3 onto its start"
        );
        let p = after(&LEAP, start, &["c3-e3", "e3-e5"]);
        assert_eq!(p.leaping(), Some(Square::at(4, 4)));
        let p = p.apply(&LEAP, mv("e5-c5")).unwrap();
        assert_eq!(
            (p.leaping(), p.turn()),
            (None, Side::Black),
            "c5-c3 is no leap: the turn is over"
        );
    }

    #[test]
    fn each_leap_traps_on_arrival_and_the_square_left_traps_nothing() {
        // a1 over a2 to a3, then over black's a4 to a5, which takes a6 against a7.
        let start = "8/W7/B7/8/B7/8/W7/W6B w 0,0 0,0 0 -,-";
        let p = after(&LEAP, start, &["a1-a3"]);
        assert_eq!(
            (p.counters(Side::Black), p.leaping()),
            (3, Some(Square::at(0, 2)))
        );
        assert_eq!(p.captures_of(&LEAP, mv("a3-a5")), 1);
        let p = p.apply(&LEAP, mv("a3-a5")).unwrap();
        assert_eq!(
            p.counters(Side::Black),
            2,
            "a6 taken, a4 (behind, where a3 is now empty) not"
        );
        // d2 over black's d3 to d4: d3 lies between d4 and d2, which d2's own leap has emptied.
        let q = pos("8/8/8/8/8/3B4/3W4/7B w 0,0 0,0 0 -,-");
        assert_eq!(q.captures_of(&LEAP, mv("d2-d4")), 0);
        assert_eq!(
            q.apply(&LEAP, mv("d2-d4")).unwrap().counters(Side::Black),
            2
        );
        let mut capturing = Vec::new();
        pos(start).capture_moves_into(&LEAP, &mut capturing);
        assert!(
            capturing.is_empty(),
            "the capture is the second leap's: {capturing:?}"
        );
    }

    #[test]
    fn while_a_counter_leaps_nothing_is_removed_and_leaps_freeze() {
        // White's b1 leaps over its c1 onto d1, freezing black's e1 against f1, and could go on.
        let p = after(
            &LEAP_OWN,
            "8/8/8/8/8/8/3W4/1WW1BW1b w 0,0 0,0 0 -,-",
            &["b1-d1"],
        );
        assert_eq!(p.board().get(Square::at(4, 0)), Cell::Frozen(Side::Black));
        assert_eq!(p.leaping(), Some(Square::at(3, 0)));
        assert_eq!(moves(&LEAP_OWN, &p.to_string()), ["d1-d3", "=d1"]);
        hash_is_kept(&p);
    }

    #[test]
    fn bad_leap_fields_are_refused() {
        for lfen in [
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d4",
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,d1,d1",
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,d3",
            "8/8/8/8/8/3W4/3B4/7B w 0,0 0,0 0 -,- d3,d2",
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d4,d2",
            "8/8/8/8/8/3w4/8/7B w 0,0 0,0 0 -,- d3,d2",
            "8/8/8/8/8/3W4/8/7B b 0,0 0,0 0 -,- d3,d1",
            "8/8/8/8/8/3W4/8/7B w 1,1 0,0 0 -,- d3,d1",
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,z9",
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,",
        ] {
            let err = lfen.parse::<Position>().unwrap_err();
            assert_eq!(err.field, crate::latrunculi::Field::Leap, "{lfen}: {err}");
        }
        let alone: Position = "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3".parse().unwrap();
        assert_eq!(
            alone.leaping(),
            Square::parse("d3"),
            "a counter that has just captured"
        );
        let eight = "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,d1 x";
        let err = eight.parse::<Position>().unwrap_err();
        assert_eq!(err.field, crate::latrunculi::Field::Layout);
        let fine: Position = "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,d5,d1"
            .parse()
            .unwrap();
        assert_eq!(
            fine.to_string(),
            "8/8/8/8/8/3W4/8/7B w 0,0 0,0 0 -,- d3,d1,d5"
        );
    }

    const NOBETWEEN: Rules = Rules {
        nobetween: true,
        ..Rules::PISO
    };

    #[test]
    fn no_arriving_between_two_enemies_unless_the_move_traps() {
        // d3-d4 arrives between black's c4 and e4.
        let between = "8/8/8/8/2B1B3/3W4/8/7B w 0,0 0,0 0 -,-";
        assert!(legal(&STEP, between, "d3-d4"));
        assert!(!legal(&NOBETWEEN, between, "d3-d4"));
        assert!(legal(&NOBETWEEN, between, "d3-c3"));
        // With white's f4 beyond e4 the same move traps e4: allowed, and it takes it.
        let trapping = "8/8/8/8/2B1BW2/3W4/8/7B w 0,0 0,0 0 -,-";
        assert!(legal(&NOBETWEEN, trapping, "d3-d4"));
        assert_eq!(pos(trapping).captures_of(&NOBETWEEN, mv("d3-d4")), 1);
        // Along a file as along a rank, and a frozen enemy counts as an enemy.
        let file = "8/8/8/3B4/2W5/3B4/8/7B w 0,0 0,0 0 -,-";
        assert!(!legal(&NOBETWEEN, file, "c4-d4"));
        let frozen = "8/8/8/8/2b1B3/3W4/8/7B w 0,0 0,0 0 -,-";
        let freeze = Rules {
            trap: Trap::Freeze,
            ..NOBETWEEN
        };
        assert!(!legal(&freeze, frozen, "d3-d4"));
        // A rook's move stops short of the square, or goes past it.
        let rook = Rules {
            movement: Movement::Rook,
            ..NOBETWEEN
        };
        let moves = moves(&rook, "8/8/8/8/2B1B3/8/8/3W3B w 0,0 0,0 0 -,-");
        assert!(moves.contains(&"d1-d3".to_string()) && moves.contains(&"d1-d5".to_string()));
        assert!(!moves.contains(&"d1-d4".to_string()));
    }

    #[test]
    fn no_leaping_between_two_enemies_unless_the_leap_traps() {
        let p = "8/8/8/8/2B1B3/3W4/3W4/7B w 0,0 0,0 0 -,-";
        assert!(legal(&LEAP, p, "d2-d4"));
        let both = Rules {
            leap: Leap::Any,
            ..NOBETWEEN
        };
        assert!(!legal(&both, p, "d2-d4"));
        // Nor does a leap go on onto such a square: d1 over d2 lands on d3, and over d4 it
        // would land on d5, between c5 and e5, trapping neither: its turn ends on d3.
        let on = "8/8/8/2B1B3/3W4/8/3W4/3W3B w 0,0 0,0 0 -,-";
        let after = pos(on).apply(&both, mv("d1-d3")).unwrap();
        assert_eq!(after.leaping(), None, "d3-d5 would land between c5 and e5");
        assert!(pos(on)
            .apply(&LEAP, mv("d1-d3"))
            .unwrap()
            .leaping()
            .is_some());
    }

    /// Falkener's rules on an 8 x 8 board, for hand-made positions.
    const FALKENER_8: Rules = Rules {
        board: Size::EIGHT,
        ..Rules::FALKENER
    };

    #[test]
    fn with_the_diagonals_a_counter_steps_to_any_neighbouring_square() {
        let p = "8/8/8/8/3W4/8/8/7B w 0,0 0,0 0 -,-";
        let diagonal = Rules {
            diagonal: true,
            ..STEP
        };
        assert_eq!(moves(&diagonal, p).len(), 8);
        assert!(legal(&diagonal, p, "d4-e5") && legal(&diagonal, p, "d4-c3"));
        assert_eq!(moves(&STEP, p).len(), 4);
        assert!(
            !legal(&STEP, p, "d4-e5"),
            "along ranks and files only without them"
        );
        let queen = Rules {
            movement: Movement::Rook,
            ..diagonal
        };
        assert!(legal(&queen, p, "d4-h8") && legal(&queen, p, "d4-a1"));
        assert!(!legal(&queen, p, "d4-e6"), "a knight's jump is on no line");
    }

    #[test]
    fn with_the_diagonals_a_counter_traps_along_them_too() {
        // White's d2-c3 arrives with black's b4 between c3 and white's a5 on a diagonal.
        let p = "8/8/8/W7/1B6/8/3W4/7B w 0,0 0,0 0 -,-";
        let diagonal = Rules {
            diagonal: true,
            ..Rules::QUINTANA
        };
        let taken = after(&diagonal, p, &["d2-c3"]);
        assert_eq!(taken.board().get(Square::parse("b4").unwrap()), Cell::Empty);
        assert_eq!(taken.captured_by(Side::White), 1);
        let kept = after(&Rules::QUINTANA, p, &["d2-d3", "h1-h2", "d3-c3"]);
        assert_eq!(
            kept.board().get(Square::parse("b4").unwrap()),
            Cell::Counter(Side::Black),
            "no trap along a diagonal without them"
        );
        // A corner is still taken only from beside it along its rank or file: black's a1
        // with white on b1, and white arriving on b2 takes nothing.
        let corner = Rules {
            corner: true,
            ..diagonal
        };
        let p = "7B/8/8/8/8/8/2W5/BW6 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&corner, mv("c2-b2")), 0);
        assert_eq!(pos(p).captures_of(&corner, mv("c2-c1")), 0);
        let p = "7B/8/8/8/8/8/W7/B1W5 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&corner, mv("c1-b1")), 1);
        // Stepping from one neighbour of a corner to the other leaves the first empty: black's
        // g8-h7 takes nothing on h8, and the capture generator agrees.
        let p = "6BW/8/8/8/8/8/8/W7 b 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&corner, mv("g8-h7")), 0);
        let mut captures = Vec::new();
        pos(p).capture_moves_into(&corner, &mut captures);
        assert!(captures.is_empty());
        let moved = after(&corner, p, &["g8-h7"]);
        assert_eq!(
            moved.board().get(Square::parse("h8").unwrap()),
            Cell::Counter(Side::White)
        );
    }

    #[test]
    fn leaping_over_an_enemy_once_a_turn() {
        // White's d4 may leap over black's e5 (a diagonal) or d5, not over its own c4.
        let p = "8/8/8/3BB3/2WW4/8/8/7B w 0,0 0,0 0 -,-";
        assert!(legal(&FALKENER_8, p, "d4-f6"));
        assert!(legal(&FALKENER_8, p, "d4-d6"));
        assert!(!legal(&FALKENER_8, p, "d4-b4"), "not over its own counter");
        // After a leap the turn is over, even with another enemy to leap from where it lands.
        let p = "8/8/3B4/8/3B4/3W4/8/7B w 0,0 0,0 0 -,-";
        let landed = after(&FALKENER_8, p, &["d3-d5"]);
        assert_eq!(landed.leaping(), None);
        assert_eq!(landed.turn(), Side::Black);
        assert!(
            landed.board().get(Square::parse("d4").unwrap()) == Cell::Counter(Side::Black),
            "the leap takes nothing by itself"
        );
        // The leap traps where it lands: black's e6 between d5 and white's f7.
        let p = "8/5W2/4B3/8/3B4/3W4/8/7B w 0,0 0,0 0 -,-";
        let trapping = after(&FALKENER_8, p, &["d3-d5"]);
        assert_eq!(trapping.captured_by(Side::White), 1);
        assert_eq!(pos(p).captures_of(&FALKENER_8, mv("d3-d5")), 1);
    }

    #[test]
    fn under_win_block_the_side_that_cannot_move_loses_even_ahead() {
        // Black's a1 is walled in by white's a2, b1, b2 and a3, b3, c1, c2 behind them (so
        // nothing leaps out): black cannot move, with more captures and fewer counters.
        let p = "8/8/8/8/8/WWW5/WWW5/BWW4B b 0,0 0,5 3 -,-";
        let blocked = pos(p);
        let falkener = Rules {
            win: Win::Block,
            ..FALKENER_8
        };
        assert_eq!(blocked.end_reason(&falkener), None, "h1 can still move");
        let p = "8/8/8/8/8/WWW5/WWW5/BWW5 b 0,0 0,5 3 -,-";
        let blocked = pos(p);
        assert_eq!(blocked.end_reason(&falkener), Some(EndReason::NoMove));
        assert_eq!(blocked.outcome(&falkener), Some(Outcome::Win(Side::White)));
        // Under win=captures the same block gives the game to black, five captures ahead.
        let captures = Rules {
            win: Win::Captures,
            ..falkener
        };
        assert_eq!(blocked.outcome(&captures), Some(Outcome::Win(Side::Black)));
        // A side with no counters left has lost too.
        let none = pos("8/8/8/8/8/8/8/W7 b 0,0 0,0 0 -,-");
        assert_eq!(none.end_reason(&falkener), Some(EndReason::AllTaken));
        assert_eq!(none.outcome(&falkener), Some(Outcome::Win(Side::White)));
    }

    #[test]
    fn the_chequer_start_fills_a1s_colour_below_and_above_the_middle_two_ranks() {
        let p = Position::start(&Rules::FALKENER);
        let board = p.board();
        assert_eq!((board.width(), board.height()), (12, 12));
        for square in board.squares() {
            let on_colour = (square.file() + square.rank()) % 2 == 0;
            let expected = match square.rank() {
                0..=4 if on_colour => Cell::Counter(Side::White),
                7..=11 if on_colour => Cell::Counter(Side::Black),
                _ => Cell::Empty,
            };
            assert_eq!(board.get(square), expected, "{square}");
        }
        assert!(!p.is_placement_phase());
        let small = Position::start(&FALKENER_8);
        assert_eq!(
            (small.counters(Side::White), small.counters(Side::Black)),
            (12, 12)
        );
    }

    #[test]
    fn kowalskis_start_puts_each_dux_in_its_back_rank_or_before_it() {
        let p = Position::start(&Rules::KOWALSKI_10X11);
        assert_eq!((p.board().width(), p.board().height()), (11, 10));
        assert_eq!(
            p.board().get(Square::parse("f1").unwrap()),
            Cell::Dux(Side::White)
        );
        assert_eq!(
            p.board().get(Square::parse("f10").unwrap()),
            Cell::Dux(Side::Black)
        );
        assert_eq!(
            p.board().get(Square::parse("a1").unwrap()),
            Cell::Counter(Side::White)
        );
        assert_eq!((p.counters(Side::White), p.counters(Side::Black)), (11, 11));
        let p = Position::start(&Rules::KOWALSKI_8X12);
        assert_eq!(
            p.board().get(Square::parse("g2").unwrap()),
            Cell::Dux(Side::White)
        );
        assert_eq!(
            p.board().get(Square::parse("f7").unwrap()),
            Cell::Dux(Side::Black)
        );
        assert_eq!((p.counters(Side::White), p.counters(Side::Black)), (13, 13));
        assert_eq!(
            p.to_string(),
            "BBBBBBBBBBBB/5Y6/12/12/12/12/6X5/WWWWWWWWWWWW w 0,0 0,0 0 -,-"
        );
    }

    #[test]
    fn a_dux_moves_and_traps_as_a_counter_and_is_never_trapped() {
        let rules = Rules {
            board: Size::EIGHT,
            ..Rules::KOWALSKI_10X11
        };
        // White's dux on a4 slides to d4 and traps black's e4 against white's f4.
        let p = "7B/8/8/8/X3BW2/8/8/7Y w 0,0 0,0 0 -,-";
        assert!(legal(&rules, p, "a4-d4"));
        let taken = after(&rules, p, &["a4-d4"]);
        assert_eq!(taken.captured_by(Side::White), 1);
        assert_eq!(
            taken.board().get(Square::parse("d4").unwrap()),
            Cell::Dux(Side::White)
        );
        assert_eq!(
            taken.to_string(),
            "7B/8/8/8/3X1W2/8/8/7Y b 0,0 1,0 0 a4-d4,-"
        );
        // Black's dux on e4, between white's d4 and a counter arriving on f4, stays.
        let p = "7B/8/8/8/3WY3/8/5W2/8 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&rules, mv("f2-f4")), 0);
        let kept = after(&rules, p, &["f2-f4"]);
        assert_eq!(
            kept.board().get(Square::parse("e4").unwrap()),
            Cell::Dux(Side::Black)
        );
        // Nor does a dux in a corner fall to the corner rule.
        let p = "B6Y/7W/6W1/8/8/8/8/X7 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&rules, mv("g6-g8")), 0);
        let cornered = after(&rules, p, &["g6-g8"]);
        assert_eq!(
            cornered.board().get(Square::parse("h8").unwrap()),
            Cell::Dux(Side::Black)
        );
        // A dux's move is refused with the same reasons as a counter's.
        assert_eq!(
            pos("7B/8/8/8/X3BW2/8/8/7Y w 0,0 0,0 0 -,-").refusal(
                &rules,
                Square::parse("a4"),
                Square::parse("b5").unwrap()
            ),
            Some(crate::latrunculi::Refusal::NotInLine {
                from: Square::parse("a4").unwrap(),
                to: Square::parse("b5").unwrap()
            })
        );
    }

    fn bell() -> Rules {
        Rules::parse("bell-8x8").unwrap()
    }

    fn at(square: &str) -> Square {
        Square::parse(square).unwrap()
    }

    #[test]
    fn under_bell_the_last_counter_each_side_places_is_its_dux() {
        let rules = Rules {
            placed: 2,
            ..bell()
        };
        let p = Position::start(&rules);
        assert_eq!(p.to_place(Side::White), 3, "two counters and the dux");
        let p = after(&rules, &p.to_string(), &["@a1", "@b1", "@a8", "@b8"]);
        assert_eq!(p.board().get(at("b1")), Cell::Counter(Side::White));
        let p = after(&rules, &p.to_string(), &["@d4"]);
        assert_eq!(p.board().get(at("d4")), Cell::Dux(Side::White));
        assert_eq!(p.turn(), Side::Black, "the dux is a placement of its own");
        let p = after(&rules, &p.to_string(), &["@e5"]);
        assert_eq!(p.board().get(at("e5")), Cell::Dux(Side::Black));
        assert!(!p.is_placement_phase());
        assert_eq!((p.turn(), p.counters(Side::White)), (Side::White, 3));
        let standing = Rules {
            dux: Dux::Off,
            ..rules
        };
        let p = after(&standing, "8/8/8/8/8/8/8/8 w 1,1 0,0 0 -,-", &["@d4"]);
        assert_eq!(
            p.board().get(at("d4")),
            Cell::Counter(Side::White),
            "no dux: a counter"
        );
    }

    #[test]
    fn a_hostile_corner_traps_with_the_counter_that_arrives() {
        // Black's b1 stands between the corner a1 and c1, where white's c2 arrives.
        let p = "7B/8/8/8/8/8/2W5/1B6 w 0,0 0,0 0 -,-";
        let hostile = Rules {
            hostile: true,
            ..STEP
        };
        assert_eq!(
            after(&hostile, p, &["c2-c1"]).board().get(at("b1")),
            Cell::Empty
        );
        assert_eq!(pos(p).captures_of(&hostile, mv("c2-c1")), 1);
        let kept = after(&STEP, p, &["c2-c1"]);
        assert_eq!(
            kept.board().get(at("b1")),
            Cell::Counter(Side::Black),
            "not without it"
        );
        // Whatever stands on the corner: here black's own counter.
        let p = "7B/8/8/8/8/8/2W5/BB6 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&hostile, mv("c2-c1")), 1);
        // A side square is no corner: black's c1 beside b1 is safe when white arrives on d1.
        let p = "7B/8/8/8/8/8/3W4/2B5 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&hostile, mv("d2-d1")), 0);
    }

    #[test]
    fn bells_dux_is_taken_like_a_counter_and_kowalskis_never() {
        let p = "7B/8/8/8/3Y4/3W4/8/4W3 w 0,0 0,0 0 -,-";
        let taken = after(
            &bell(),
            p,
            &["e1-e2", "h8-h7", "e2-e3", "h7-h6", "e3-e4", "h6-h5"],
        );
        assert_eq!(
            taken.board().get(at("d4")),
            Cell::Dux(Side::Black),
            "one side is no trap"
        );
        let taken = after(&bell(), &taken.to_string(), &["d3-d2", "h5-h4", "d2-d3"]);
        assert_eq!(
            taken.board().get(at("d4")),
            Cell::Dux(Side::Black),
            "no enemy beyond"
        );
        let p = "7B/8/8/3W4/3Y4/8/3W4/8 w 0,0 0,0 0 -,-";
        assert_eq!(pos(p).captures_of(&bell(), mv("d2-d3")), 1);
        assert_eq!(after(&bell(), p, &["d2-d3"]).counters(Side::Black), 1);
        let kowalski = Rules {
            dux: Dux::Stands(at("d1")),
            ..bell()
        };
        assert_eq!(pos(p).captures_of(&kowalski, mv("d2-d3")), 0);
    }

    #[test]
    fn only_the_dux_leaps_and_only_over_an_enemy() {
        // White's dux d4 before black's d5; white's counter e4 before black's e5; own f4.
        let p = "7B/8/8/3BB3/2WXWW2/8/8/8 w 0,0 0,0 0 -,-";
        let rules = bell();
        assert!(legal(&rules, p, "d4-d6"), "the dux over an enemy");
        assert!(!legal(&rules, p, "e4-e6"), "a counter does not leap");
        assert!(!legal(&rules, p, "d4-b4"), "nor the dux over its own");
        let landed = after(&rules, p, &["d4-d6"]);
        assert_eq!(
            landed.board().get(at("d5")),
            Cell::Counter(Side::Black),
            "not taken"
        );
        assert_eq!(
            (landed.turn(), landed.leaping()),
            (Side::Black, None),
            "one leap a turn"
        );
        assert!(!legal(
            &Rules {
                leap: Leap::Off,
                ..rules
            },
            p,
            "d4-d6"
        ));
    }

    #[test]
    fn a_capture_earns_the_capturing_counter_another_move_or_a_stop() {
        // White's c4-d4 takes d5 (against d6); then d4 may move again, e.g. d4-d5 taking e5
        // against f5, and then again.
        let p = "7B/8/3W4/3BBW2/2W5/8/8/W7 w 0,0 0,0 0 -,-";
        let rules = bell();
        let p1 = after(&rules, p, &["c4-d4"]);
        assert_eq!(p1.board().get(at("d5")), Cell::Empty);
        assert_eq!((p1.turn(), p1.leaping()), (Side::White, Some(at("d4"))));
        let mut moves: Vec<String> = p1.legal_moves(&rules).iter().map(Move::to_string).collect();
        moves.sort();
        assert_eq!(moves, ["=d4", "d4-c4", "d4-d3", "d4-d5", "d4-e4"]);
        assert_eq!(
            p1.refusal(&rules, None, at("a1")),
            Some(crate::latrunculi::Refusal::Again { square: at("d4") })
        );
        let p2 = after(&rules, &p1.to_string(), &["d4-d5"]);
        assert_eq!(p2.board().get(at("e5")), Cell::Empty, "a second capture");
        assert_eq!((p2.turn(), p2.leaping()), (Side::White, Some(at("d5"))));
        let p3 = after(&rules, &p2.to_string(), &["d5-c5"]);
        assert_eq!(
            (p3.turn(), p3.leaping()),
            (Side::Black, None),
            "no capture, no more"
        );
        let stopped = after(&rules, &p1.to_string(), &["=d4"]);
        assert_eq!((stopped.turn(), stopped.leaping()), (Side::Black, None));
        let once = Rules {
            again: false,
            ..rules
        };
        assert_eq!(
            after(&once, p, &["c4-d4"]).turn(),
            Side::Black,
            "not without the rule"
        );
        // The LFEN of the position part-way reads back the same.
        assert_eq!(pos(&p1.to_string()), p1);
    }

    #[test]
    fn bells_game_ends_after_thirty_quiet_moves_the_side_with_more_winning() {
        let rules = bell();
        let p = "7B/8/8/8/8/8/8/WW6 w 0,0 0,0 29 -,-";
        let ended = after(&rules, p, &["b1-b2"]);
        assert_eq!(ended.end_reason(&rules), Some(EndReason::QuietMoves));
        assert_eq!(ended.outcome(&rules), Some(Outcome::Win(Side::White)));
        let hundred = Rules {
            win: Win::All,
            ..STEP
        };
        let p2 = after(&hundred, p, &["b1-b2"]);
        assert_eq!(p2.end_reason(&hundred), None, "a hundred elsewhere");
        // Under `win=all` a lone dux plays on.
        let p: Position = "7Y/8/8/8/8/8/8/WW6 w 0,0 0,0 0 -,-".parse().unwrap();
        assert_eq!(p.end_reason(&rules), None);
    }
}
