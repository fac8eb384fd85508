//! A game of XII Scripta under any [`Rules`]: seeded dice, who opens (Albi, or the higher
//! opening throw), moves with undo, the turn confirmed once no move is left, another throw for
//! all dice alike where the rules give one, the record of it all, and the seeds of the next
//! game and of a computer player's choice.

use super::position::{Dice, Die, Side, DICE, FACES};
use super::record::{Record, WrittenTurn};
use super::ruleset::{Opener, Rules};
use super::step::{From, To};
use super::table::{Move, Table, TableTurn};
use crate::rng::{splitmix64, Rng};
use std::fmt;

/// What one die shows during a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DieState {
    Unused,
    Used,
    /// Left over when no legal step can use it: lost for this turn.
    Forfeited,
}

impl DieState {
    pub fn name(self) -> &'static str {
        match self {
            DieState::Unused => "unused",
            DieState::Used => "used",
            DieState::Forfeited => "forfeited",
        }
    }
}

/// Why a game action was refused. The game is unchanged after any error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    GameOver(Side),
    NotThrown,
    AlreadyThrown,
    TurnNotOver,
    NothingToUndo,
    /// A game rebuilt from a public save throws no dice of its own: its server does.
    ThrownElsewhere,
    /// A move that is not legal now, and why.
    Illegal(String),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(winner) => write!(f, "the game is over: {winner} won"),
            GameError::NotThrown => f.write_str("throw the dice first"),
            GameError::AlreadyThrown => f.write_str("the dice are already thrown"),
            GameError::TurnNotOver => f.write_str("a die can still be played"),
            GameError::NothingToUndo => f.write_str("no step of this turn to take back"),
            GameError::ThrownElsewhere => {
                f.write_str("this game's dice are thrown by the server that holds it")
            }
            GameError::Illegal(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for GameError {}

/// The seed of a match's next game: it follows from this game's seed alone, whatever the
/// rules.
pub(crate) fn next_seed(seed: u64) -> u64 {
    let mut state = seed;
    splitmix64(&mut state)
}

/// The seed a computer player draws on after `turns` confirmed turns of a game seeded `seed`.
pub(crate) fn turn_seed(seed: u64, turns: usize) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(turns as u64)
}

/// Each die of `thrown` in throw order with its state, `left` the dice still to play and
/// `over` whether no move is left. Of equal dice the first ones count as used; dice left when
/// the turn is over are forfeited.
pub(crate) fn dice_states(thrown: Dice, left: Dice, over: bool) -> Vec<(Die, DieState)> {
    let mut used = [0usize; FACES as usize + 1];
    for &v in thrown.values() {
        used[usize::from(v)] += 1;
    }
    for &v in left.values() {
        used[usize::from(v)] = used[usize::from(v)].saturating_sub(1);
    }
    thrown
        .values()
        .iter()
        .filter_map(|&v| {
            let state = if used[usize::from(v)] > 0 {
                used[usize::from(v)] -= 1;
                DieState::Used
            } else if over {
                DieState::Forfeited
            } else {
                DieState::Unused
            };
            Die::new(v).map(|d| (d, state))
        })
        .collect()
}

/// Where a move stands in [`Game::legal_moves`]: by its start, then single-die moves, stacks
/// and sums, each by distance, then by count.
fn order(mv: &Move) -> (From, bool, bool, u8, u8) {
    let dice = mv.dice.values();
    let reach = if mv.summed {
        dice.iter().sum()
    } else {
        dice.first().copied().unwrap_or(0)
    };
    (mv.from, mv.summed, mv.count > 1, reach, mv.count)
}

/// `mv`, or the same counters borne off from the same mark with a smaller die.
fn smaller_die(legal: &[Move], mv: Move) -> Move {
    if mv.to != To::Off || mv.summed {
        return mv;
    }
    legal
        .iter()
        .copied()
        .filter(|l| (l.from, l.to, l.count, l.summed) == (mv.from, mv.to, mv.count, false))
        .min_by_key(|l| l.dice.values().first().copied())
        .unwrap_or(mv)
}

/// The legal move `text` names (see [`Table::legal_move`]), bearing off with the smaller of
/// two dice that both could, as [`Game::play`] spends them; the error says why not.
pub(crate) fn named(table: &Table, text: &str) -> Result<Move, String> {
    let mv = table
        .legal_move(text)
        .map_err(|_| format!("{} is not a legal step now", text.trim()))?;
    Ok(smaller_die(&table.legal_moves(), mv))
}

/// Ends a turn of `thrown` on `table`: the dice pass on (see [`Table::pass_turn`]), or, once
/// the game is won, are put away with the turn left to the winner.
pub(crate) fn hand_on(table: &mut Table, thrown: Dice) {
    if table.winner().is_some() {
        *table = table.without_dice();
    } else {
        table.pass_turn(thrown);
    }
}

/// A game in progress under its rules. Every method either does what it says or changes
/// nothing.
#[derive(Clone, Debug)]
pub struct Game {
    seed: u64,
    rng: Rng,
    /// The opening throws, Albi's then Nigri's, when the higher throw opens.
    opening: Vec<[Dice; 2]>,
    /// The table the game started from, with any dice it carried.
    start: Table,
    table: Table,
    thrown: Dice,
    before_moves: Vec<(Table, Move)>,
    turns: Vec<WrittenTurn>,
    /// The dice are thrown elsewhere (an online game's server, which keeps the seed secret):
    /// this game only takes their throws.
    thrown_elsewhere: bool,
}

impl Game {
    /// A new game under `rules` with dice drawn from `seed`: `opener` opens where the rules
    /// name the opener, else the opening throw (from the same dice) decides.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, Game};
    ///
    /// let game = Game::new(Rules::ITALIAN, 7, Side::Albi);
    /// assert!(!game.opening().is_empty());
    /// assert_eq!(Game::new(Rules::ITALIAN, 7, Side::Albi).opener(), game.opener());
    /// ```
    pub fn new(rules: Rules, seed: u64, opener: Side) -> Game {
        let mut rng = Rng::new(seed);
        let (opener, opening) = match rules.opener {
            Opener::Albi => (opener, Vec::new()),
            Opener::Throw => Table::opening_throw(&rules, &mut rng),
        };
        let start = Table::start(rules, opener);
        Game {
            seed,
            rng,
            opening,
            start,
            table: start,
            thrown: Dice::NONE,
            before_moves: Vec::new(),
            turns: Vec::new(),
            thrown_elsewhere: false,
        }
    }

    /// A game that starts from `table`, under its rules: dice it carries count as already
    /// thrown, and no opening throw is made (the table names the side to move).
    ///
    /// ```
    /// use ludi_core::scripta::{Table, Game};
    ///
    /// let table: Table = "italian A w15s0o0: w15s0o0: 356".parse().unwrap();
    /// let game = Game::from_table(table, 1);
    /// assert_eq!(game.thrown().values(), [3, 5, 6]);
    /// assert!(game.opening().is_empty());
    /// ```
    pub fn from_table(table: Table, seed: u64) -> Game {
        Game {
            seed,
            rng: Rng::new(seed),
            opening: Vec::new(),
            start: table,
            table,
            thrown: table.dice(),
            before_moves: Vec::new(),
            turns: Vec::new(),
            thrown_elsewhere: false,
        }
    }

    /// The next game of a match under the same rules: the other side is named opener (rule
    /// 1; the opening throw still decides where the rules say so), with a seed that follows
    /// from this game's seed alone, so a seeded match replays however far the games went.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Rules, Side};
    ///
    /// let first = Game::new(Rules::RUSSIAN, 7, Side::Albi);
    /// let second = first.next_game();
    /// assert_eq!(*second.rules(), Rules::RUSSIAN);
    /// assert_eq!(second.seed(), first.next_game().seed());
    /// let murray = Game::new(Rules::AUSTIN_MURRAY, 7, Side::Albi).next_game();
    /// assert_eq!(murray.opener(), Side::Nigri);
    /// assert_eq!(murray.next_game().opener(), Side::Albi);
    /// ```
    pub fn next_game(&self) -> Game {
        Game::new(*self.rules(), next_seed(self.seed), self.opener().other())
    }

    /// The seed a computer player draws on for its choice this turn: it follows from the
    /// game's seed and the turns confirmed, so a replayed game is played the same way.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Rules, Side};
    ///
    /// let mut game = Game::new(Rules::AUSTIN_MURRAY, 3, Side::Albi);
    /// assert_eq!(game.turn_seed(), 3u64.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    /// game.throw().unwrap();
    /// while let Some(&mv) = game.legal_moves().first() {
    ///     game.play(mv).unwrap();
    /// }
    /// game.confirm().unwrap();
    /// assert_eq!(game.turn_seed(), 3u64.wrapping_mul(0x9e37_79b9_7f4a_7c15) + 1);
    /// ```
    pub fn turn_seed(&self) -> u64 {
        turn_seed(self.seed, self.turns.len())
    }

    /// The table the game started from, with any dice it carried.
    pub fn start(&self) -> &Table {
        &self.start
    }

    pub fn rules(&self) -> &Rules {
        self.table.rules()
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The opening throws, Albi's then Nigri's, ties thrown again (none when the rules name
    /// the opener).
    pub fn opening(&self) -> &[[Dice; 2]] {
        &self.opening
    }

    pub fn opener(&self) -> Side {
        self.start.turn()
    }

    /// The table now, with the dice still to play.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// This turn's throw, `Dice::NONE` before it.
    pub fn thrown(&self) -> Dice {
        self.thrown
    }

    pub fn winner(&self) -> Option<Side> {
        self.table.winner()
    }

    /// The confirmed turns.
    pub fn turns(&self) -> &[WrittenTurn] {
        &self.turns
    }

    /// The moves of this turn so far.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.before_moves.iter().map(|&(_, mv)| mv)
    }

    fn check_not_over(&self) -> Result<(), GameError> {
        self.winner()
            .map_or(Ok(()), |w| Err(GameError::GameOver(w)))
    }

    /// Throws the rules' dice for the side to move.
    pub fn throw(&mut self) -> Result<Dice, GameError> {
        if self.thrown_elsewhere {
            return Err(GameError::ThrownElsewhere);
        }
        // Checked before the dice roll: a refused throw must not draw on the seed, or a saved
        // game would replay other dice.
        self.check_may_throw()?;
        let dice = self.table.throw(&mut self.rng);
        self.take_throw(dice)
    }

    fn check_may_throw(&self) -> Result<(), GameError> {
        self.check_not_over()?;
        if !self.thrown.is_empty() {
            return Err(GameError::AlreadyThrown);
        }
        Ok(())
    }

    /// Takes `dice` as this turn's throw: the rules' number of dice, not yet thrown.
    fn take_throw(&mut self, dice: Dice) -> Result<Dice, GameError> {
        self.check_may_throw()?;
        let count = self.rules().dice.min(DICE);
        if dice.len() != usize::from(count) {
            return Err(GameError::Illegal(format!(
                "a throw under these rules is {count} dice, not {}",
                dice.len()
            )));
        }
        self.thrown = dice;
        self.table = self.table.with_dice(dice);
        Ok(dice)
    }

    /// A game whose throws come from elsewhere: `start` and its opening throws as a public
    /// save gives them. Its seed is 0 and plays no part.
    pub(crate) fn thrown_elsewhere(start: Table, opening: Vec<[Dice; 2]>) -> Game {
        Game {
            opening,
            thrown_elsewhere: true,
            ..Game::from_table(start, 0)
        }
    }

    /// Plays the throw `dice` of a game whose dice are thrown elsewhere.
    pub(crate) fn take_throw_from_elsewhere(&mut self, dice: Dice) -> Result<Dice, GameError> {
        if !self.thrown_elsewhere {
            return Err(GameError::Illegal(
                "this game throws its own dice from its seed".into(),
            ));
        }
        self.take_throw(dice)
    }

    /// The dice are thrown elsewhere: the game was rebuilt from a public save.
    pub fn is_thrown_elsewhere(&self) -> bool {
        self.thrown_elsewhere
    }

    /// The moves that may be played now, grouped by where they start (the tray first, then
    /// the marks in order); from one place single-die moves come first by die, then stacks,
    /// then sums, each by distance.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Table};
    ///
    /// let table: Table = "A w13s0o0:1,5 w15s0o0: 32".parse().unwrap();
    /// let moves: Vec<String> = Game::from_table(table, 1)
    ///     .legal_moves()
    ///     .iter()
    ///     .map(ToString::to_string)
    ///     .collect();
    /// assert_eq!(moves, ["in/2", "in/3", "1/3", "1/4", "5/7", "5/8"]);
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.thrown.is_empty() || self.winner().is_some() {
            return Vec::new();
        }
        let mut moves = self.table.legal_moves();
        // An insertion sort, stable, of a handful of moves: a library sort would cost the
        // page's wasm kilobytes.
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && order(&moves[j - 1]) > order(&moves[j]) {
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
        moves
    }

    /// Plays one move, refusing anything not legal now. When two dice bear the same counter
    /// off, the smaller is spent whichever was asked for, as [`Game::play_text`] and a
    /// replayed record or save spend it (a move's text names no die). Nothing is lost: both
    /// dice overshoot every counter left, so either bears off only what the other would.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        self.check_not_over()?;
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return Err(GameError::Illegal(format!("{mv} is not a legal step now")));
        }
        let mv = smaller_die(&legal, mv);
        let before = self.table;
        self.table.apply(mv);
        self.before_moves.push((before, mv));
        Ok(())
    }

    /// Plays a move written as [`Table::legal_move`] reads it (`in/5`, `12/15*`, `33/off`;
    /// under other readings also `4/10(4+2)`, `5/8x2`).
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        self.check_not_over()?;
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        let mv = named(&self.table, text).map_err(GameError::Illegal)?;
        self.play(mv)?;
        Ok(self.before_moves.last().map_or(mv, |&(_, played)| played))
    }

    /// Plays a whole turn chosen by a player (one of the outcomes of this throw) and
    /// confirms it; refuses, changing nothing, a turn that is not legal or does not end the
    /// turn.
    pub fn play_turn(&mut self, turn: &TableTurn) -> Result<&WrittenTurn, GameError> {
        let start = self.before_moves.len();
        // By text: where `play` spent the smaller of two dice bearing a counter off, a later
        // move of the turn spends the other, which is worth the same.
        let played = turn
            .moves
            .iter()
            .try_for_each(|mv| self.play_text(&mv.to_string()).map(drop));
        let ended = played.and_then(|()| {
            if self.turn_is_over() {
                Ok(())
            } else {
                Err(GameError::TurnNotOver)
            }
        });
        if let Err(e) = ended {
            if let Some(&(before, _)) = self.before_moves.get(start) {
                self.table = before;
            }
            self.before_moves.truncate(start);
            return Err(e);
        }
        self.confirm()
    }

    /// Takes back the last move of this turn.
    pub fn undo(&mut self) -> Result<Move, GameError> {
        let (before, mv) = self.before_moves.pop().ok_or(GameError::NothingToUndo)?;
        self.table = before;
        Ok(mv)
    }

    /// Each thrown die in throw order with its state: the dice a move spent (one, or each of
    /// a sum or a stack's matched dice) are used, the rest unused, or forfeited once no move
    /// is left.
    pub fn dice_states(&self) -> Vec<(Die, DieState)> {
        dice_states(self.thrown, self.table.dice(), self.turn_is_over())
    }

    /// The dice are thrown and no further move is legal (all played, the rest lost, or the
    /// game won).
    pub fn turn_is_over(&self) -> bool {
        // Some move begins an outcome whenever any move can be made at all, so the cheap list
        // answers what the full one would.
        !self.thrown.is_empty() && self.table.moves().is_empty()
    }

    /// Ends the turn once it is over: records it and hands the dice on, to the other side or,
    /// after a throw of all dice alike where the rules say so, to the same side again.
    pub fn confirm(&mut self) -> Result<&WrittenTurn, GameError> {
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        // A game won before this turn (a start table with dice) has no turn to record: the
        // record would not replay. A turn whose own move won is recorded.
        if self.before_moves.is_empty() {
            self.check_not_over()?;
        }
        if !self.turn_is_over() {
            return Err(GameError::TurnNotOver);
        }
        self.turns.push(WrittenTurn {
            side: self.table.turn(),
            throw: self.thrown,
            moves: self
                .before_moves
                .drain(..)
                .map(|(_, mv)| mv.to_string())
                .collect(),
        });
        hand_on(&mut self.table, self.thrown);
        self.thrown = Dice::NONE;
        self.turns.last().ok_or(GameError::NotThrown)
    }

    /// The record of the confirmed turns, with the game's seed and rules.
    pub fn record(&self) -> Record {
        // A record without `Start:` opens with the side of its first turn, Albi without one.
        let opener = self.turns.first().map_or(Side::Albi, |t| t.side);
        let standard = self.start == Table::start(*self.rules(), opener);
        Record {
            seed: (!self.thrown_elsewhere).then_some(self.seed),
            start: (!standard).then_some(self.start),
            // A winning move not yet confirmed is not in the turns, so not yet the result.
            result: self.winner().filter(|_| self.before_moves.is_empty()),
            turns: self.turns.clone(),
            ..Record::new(*self.rules())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::{SavedGame, PRESETS};

    /// Plays a whole game, each move picked at random among the legal ones, undoing and
    /// playing again the first move of every turn on the way.
    fn play_out(rules: Rules, seed: u64) -> Game {
        let mut game = Game::new(rules, seed, Side::Albi);
        let mut rng = Rng::new(seed ^ 0xabc);
        while game.winner().is_none() {
            game.throw().unwrap();
            let mut undone = false;
            while !game.turn_is_over() {
                let legal = game.legal_moves();
                let mv = legal[rng.below(legal.len() as u32) as usize];
                let before = *game.table();
                game.play(mv).unwrap();
                if !undone {
                    let played = game.moves().last().unwrap();
                    assert_eq!(game.undo(), Ok(played));
                    assert_eq!(*game.table(), before);
                    game.play_text(&mv.to_string()).unwrap();
                    undone = true;
                }
            }
            game.confirm().unwrap();
        }
        game
    }

    #[test]
    fn a_seeded_game_under_every_reading_ends_and_its_record_replays_to_the_same_table() {
        for &id in &PRESETS {
            let rules = Rules::preset_rules(id).unwrap();
            for seed in 1..=4 {
                let game = play_out(rules, seed);
                let record = game.record();
                assert_eq!(record.result, game.winner());
                let text = record.to_string();
                let replayed = text.parse::<Record>().unwrap().replay();
                assert_eq!(replayed, Ok(*game.table()), "{id} seed {seed}\n{text}");
                for side in Side::BOTH {
                    assert_eq!(game.table().counters(side), rules.counters);
                }
            }
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_dice() {
        let a = play_out(Rules::RUSSIAN, 9);
        let b = play_out(Rules::RUSSIAN, 9);
        assert_eq!(a.record(), b.record());
        assert_ne!(a.record(), play_out(Rules::RUSSIAN, 10).record());
    }

    #[test]
    fn actions_out_of_order_are_refused_and_change_nothing() {
        let mut game = Game::new(Rules::ITALIAN_6, 3, Side::Albi);
        assert_eq!(game.confirm().unwrap_err(), GameError::NotThrown);
        assert_eq!(game.undo().unwrap_err(), GameError::NothingToUndo);
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.play_text("in/1").unwrap_err(), GameError::NotThrown);
        game.throw().unwrap();
        assert_eq!(game.throw().unwrap_err(), GameError::AlreadyThrown);
        assert_eq!(game.confirm().unwrap_err(), GameError::TurnNotOver);
        let before = *game.table();
        assert!(matches!(
            game.play_text("30/off"),
            Err(GameError::Illegal(_))
        ));
        assert_eq!(*game.table(), before);
    }

    /// A refused throw draws nothing from the seed: the next turn's dice are the ones a game
    /// without the refusal throws, so its save replays.
    #[test]
    fn a_refused_throw_leaves_the_dice_to_come_unchanged() {
        let turn = |game: &mut Game, refuse: bool| {
            game.throw().unwrap();
            if refuse {
                assert_eq!(game.throw().unwrap_err(), GameError::AlreadyThrown);
            }
            while let Some(&mv) = game.legal_moves().first() {
                game.play(mv).unwrap();
            }
            game.confirm().unwrap();
        };
        let mut plain = Game::new(Rules::AUSTIN_MURRAY, 11, Side::Albi);
        let mut refused = plain.clone();
        turn(&mut plain, false);
        turn(&mut refused, true);
        assert_eq!(plain.throw(), refused.throw());
        assert_eq!(
            Game::restore(&refused.save()).unwrap().table(),
            refused.table()
        );
    }

    #[test]
    fn the_opening_throw_decides_who_opens_where_the_rules_say_so() {
        let albi = Game::new(Rules::AUSTIN_MURRAY, 5, Side::Nigri);
        assert!(albi.opening().is_empty());
        assert_eq!(albi.opener(), Side::Nigri);
        for seed in 0..20 {
            let game = Game::new(Rules::ITALIAN, seed, Side::Albi);
            let last = game.opening().last().unwrap();
            let total = |d: &Dice| d.values().iter().map(|&v| u32::from(v)).sum::<u32>();
            let (a, n) = (total(&last[0]), total(&last[1]));
            assert_ne!(a, n);
            assert_eq!(game.opener(), if a > n { Side::Albi } else { Side::Nigri });
        }
    }

    /// A game under `rules` from `seed`, `turns` turns played by their first legal moves,
    /// then a throw and one move of the next.
    fn played(mut game: Game, turns: usize) -> Game {
        for _ in 0..turns {
            if game.winner().is_some() {
                return game;
            }
            if game.thrown().is_empty() {
                game.throw().unwrap();
            }
            while let Some(&mv) = game.legal_moves().first() {
                game.play(mv).unwrap();
            }
            game.confirm().unwrap();
        }
        if game.winner().is_none() {
            game.throw().unwrap();
            if let Some(&mv) = game.legal_moves().first() {
                game.play(mv).unwrap();
            }
        }
        game
    }

    fn assert_same(back: &Game, game: &Game) {
        assert_eq!(back.table(), game.table());
        assert_eq!(back.start(), game.start());
        assert_eq!(back.opening(), game.opening());
        assert_eq!(back.turns(), game.turns());
        assert_eq!(
            back.moves().collect::<Vec<_>>(),
            game.moves().collect::<Vec<_>>()
        );
        assert_eq!(back.dice_states(), game.dice_states());
        assert_eq!(back.save(), game.save());
        assert_eq!(back.turn_seed(), game.turn_seed());
        assert_eq!(back.next_game().seed(), game.next_game().seed());
    }

    #[test]
    fn a_saved_game_under_every_reading_restores_exactly() {
        for &id in &PRESETS {
            let rules = Rules::preset_rules(id).unwrap();
            for seed in [3, 42] {
                let game = played(Game::new(rules, seed, Side::Nigri), 25);
                let saved = game.save();
                assert_eq!(saved.opening.is_empty(), rules.opener == Opener::Albi);
                let json = serde_json::to_string(&saved).unwrap();
                assert_eq!(json.contains("opening"), !saved.opening.is_empty());
                let back = Game::restore(&serde_json::from_str(&json).unwrap()).unwrap();
                assert_same(&back, &game);
                // Then played on alike: the same dice follow.
                assert_same(&played(back, 3), &played(game, 3));
            }
        }
        let table: Table = "italian N w12s0o0:1,5,20 w13s0o0:2x2 625".parse().unwrap();
        let game = played(Game::from_table(table, 8), 6);
        assert!(game.save().start.ends_with(" 625"));
        assert_same(&Game::restore(&game.save()).unwrap(), &game);
        // The start table with no dice: no opening throw, whoever the seed's would name.
        for seed in 0..4 {
            for side in Side::BOTH {
                let start = Table::start(Rules::ITALIAN, side);
                let game = played(Game::from_table(start, seed), 2);
                assert_same(&Game::restore(&game.save()).unwrap(), &game);
            }
        }
    }

    #[test]
    fn tampering_with_a_saved_game_is_caught() {
        use crate::scripta::RestoreError;
        let saved = played(Game::new(Rules::ITALIAN, 42, Side::Albi), 20).save();
        let restore = |edit: &dyn Fn(&mut SavedGame)| {
            let mut bad = saved.clone();
            edit(&mut bad);
            Game::restore(&bad).unwrap_err()
        };
        let e = restore(&|s| s.turns[3].throw = "777".into());
        assert!(matches!(e, RestoreError::Throw { turn: 4, .. }), "{e}");
        let e = restore(&|s| s.turns[0].steps.push("30/off".into()));
        assert!(matches!(e, RestoreError::Play(_)), "{e}");
        let e = restore(&|s| s.opening[0][1] = "111".into());
        assert!(e.to_string().contains("opening throws were"), "{e}");
        let e = restore(&|s| s.opening.clear());
        assert!(matches!(e, RestoreError::Throw { turn: 1, .. }), "{e}");
        let other = |s: &mut SavedGame| {
            let turn = if s.start.contains(" A ") {
                " N "
            } else {
                " A "
            };
            s.start = s.start.replacen(
                [" A ", " N "]
                    .iter()
                    .find(|t| s.start.contains(**t))
                    .unwrap(),
                turn,
                1,
            );
        };
        let e = restore(&other);
        assert!(e.to_string().contains("to open, not"), "{e}");
        let e = restore(&|s| s.start = "italian A w14s0o0:3 w15s0o0:".into());
        assert!(e.to_string().contains("only a game from its start"), "{e}");
        // Other rules, with other dice or the same: the turns no longer replay.
        for rules in ["italian-6", "sum=on,opener=throw"] {
            let e = restore(&|s| s.start = s.start.replacen("italian", rules, 1));
            assert!(e.to_string().starts_with("the saved"), "{rules}: {e}");
        }
        let e = restore(&|s| s.start = "italian A nonsense".into());
        assert!(matches!(e, RestoreError::Start(_)), "{e}");
        let e = restore(&|s| s.seed = "-1".into());
        assert!(matches!(e, RestoreError::Seed(_)), "{e}");
        // An opening throw under rules where Albi simply opens, or under Austin and Murray's.
        let mut albi = played(Game::new(Rules::AUSTIN_MURRAY, 1, Side::Albi), 1).save();
        albi.opening = saved.opening.clone();
        assert!(matches!(
            Game::restore(&albi),
            Err(RestoreError::Opening(_))
        ));
    }

    #[test]
    fn the_dice_states_count_every_die_a_move_spent() {
        let table: Table = "italian A w0s0o14:8 w15s0o0: 421".parse().unwrap();
        let mut game = Game::from_table(table, 1);
        let states = |g: &Game| -> Vec<(u8, DieState)> {
            g.dice_states()
                .into_iter()
                .map(|(d, s)| (d.get(), s))
                .collect()
        };
        assert!(states(&game).iter().all(|&(_, s)| s == DieState::Unused));
        game.play_text("8/14(4+2)").unwrap();
        assert_eq!(
            states(&game),
            [
                (4, DieState::Used),
                (2, DieState::Used),
                (1, DieState::Unused)
            ]
        );
        assert_eq!(game.turn_seed(), Game::from_table(table, 1).turn_seed());
    }

    /// Found by `cargo xtask fuzz` (scripta_game): a game the opening throw gave to Nigri,
    /// recorded before its first turn, replayed from Albi's start.
    #[test]
    fn a_record_before_the_first_turn_starts_with_the_opener() {
        let game = (0..)
            .map(|seed| Game::new(Rules::ITALIAN, seed, Side::Albi))
            .find(|g| g.opener() == Side::Nigri)
            .unwrap();
        assert_eq!(game.record().replay(), Ok(*game.table()));
        assert_eq!(Game::restore(&game.save()).unwrap().table(), game.table());
    }

    /// Found by `cargo xtask fuzz` (scripta_game): bearing off with the larger of two dice
    /// that could both do it spent that die, while the save, the record and `play_text`
    /// spend the smaller, so a saved game restored with other dice left.
    #[test]
    fn bearing_off_with_either_of_two_dice_spends_the_smaller() {
        let start: Table = "A w0s0o13:32,34 w15s0o0: 65".parse().unwrap();
        let mut game = Game::from_table(start, 1);
        let six = *game
            .legal_moves()
            .iter()
            .find(|mv| mv.to == To::Off && mv.dice.values() == [6])
            .unwrap();
        game.play(six).unwrap();
        assert_eq!(game.table().dice().values(), [6]);
        assert_eq!(game.moves().next().map(|mv| mv.dice.values()[0]), Some(5));
        let back = Game::restore(&game.save()).unwrap();
        assert_eq!(back.table(), game.table());
        assert_eq!(
            back.moves().collect::<Vec<_>>(),
            game.moves().collect::<Vec<_>>()
        );
        // The record's replay spends the same die.
        let mut text = Game::from_table(start, 1);
        text.play_text("32/off").unwrap();
        assert_eq!(text.table(), game.table());
    }

    /// Found by `cargo xtask fuzz` (xsn), after the fix above: a turn bearing off with the
    /// larger die first, then with the smaller, was refused once the first move spent the
    /// smaller.
    #[test]
    fn every_outcome_of_a_bearing_off_throw_plays_as_a_turn() {
        let start: Table = "A w0s0o12:34,35x2 w15s0o0: 46".parse().unwrap();
        let outcomes = start.turns();
        assert!(!outcomes.is_empty());
        for turn in &outcomes {
            let mut game = Game::from_table(start, 1);
            game.play_turn(turn).unwrap();
            let mut after = turn.result;
            hand_on(&mut after, start.dice());
            assert_eq!(game.table(), &after, "{turn}");
        }
    }

    /// A turn of another throw that plays but leaves a die to play is refused whole.
    #[test]
    fn a_turn_that_does_not_end_the_turn_changes_nothing() {
        let start: Table = "A w13s0o0:10,20 w15s0o0: 123".parse().unwrap();
        let other = start.with_dice(Dice::new(&[1, 2]).unwrap()).turns();
        let mut game = Game::from_table(start, 1);
        let short = other.iter().find(|t| t.moves.len() == 2).unwrap();
        assert_eq!(game.play_turn(short).unwrap_err(), GameError::TurnNotOver);
        assert_eq!(game.table(), &start);
        assert_eq!(game.moves().count(), 0);
    }

    /// Found by `cargo xtask fuzz` (scripta_game): a start position already won, with dice,
    /// let its throw be confirmed as a forfeit, and the record of that turn did not replay.
    #[test]
    fn a_game_won_before_the_throw_confirms_no_turn() {
        let won: Table = "A w0s0o15: w0s3o3:2,29,31x2,33x4,34 5".parse().unwrap();
        for start in [won, won.without_dice()] {
            let mut game = Game::from_table(start, 1);
            let refused = if start.dice().is_empty() {
                GameError::NotThrown
            } else {
                GameError::GameOver(Side::Albi)
            };
            assert_eq!(game.confirm().unwrap_err(), refused);
            assert!(game.turns().is_empty());
            assert_eq!(game.record().replay(), Ok(won.without_dice()));
        }
    }
}
