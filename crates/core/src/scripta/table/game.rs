//! A game under any [`Rules`], played move by move as [`Game`] plays Austin and Murray's:
//! seeded dice, who opens (Albi, or the higher opening throw), moves with undo, the turn
//! confirmed once no move is left, another throw for all dice alike where the rules give one,
//! and the record of it all. The page's session under other readings is to stand on this.
//!
//! [`Game`]: crate::scripta::Game

use super::super::game::GameError;
use super::super::position::{Dice, Side};
use super::super::ruleset::{Opener, Rules};
use super::super::step::StepError;
use super::{Move, Table, TableRecord, TableWrittenTurn};
use crate::rng::Rng;

/// A game in progress under its rules. Every method either does what it says or changes
/// nothing.
#[derive(Clone, Debug)]
pub struct TableGame {
    seed: u64,
    rng: Rng,
    /// The opening throws, Albi's then Nigri's, when the higher throw opens.
    opening: Vec<[Dice; 2]>,
    table: Table,
    thrown: Dice,
    before_moves: Vec<(Table, Move)>,
    turns: Vec<TableWrittenTurn>,
}

impl TableGame {
    /// A new game under `rules` with dice drawn from `seed`: `opener` opens where the rules
    /// name the opener, else the opening throw (from the same dice) decides.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, TableGame};
    ///
    /// let game = TableGame::new(Rules::ITALIAN, 7, Side::Albi);
    /// assert!(!game.opening().is_empty());
    /// assert_eq!(TableGame::new(Rules::ITALIAN, 7, Side::Albi).opener(), game.opener());
    /// ```
    pub fn new(rules: Rules, seed: u64, opener: Side) -> TableGame {
        let mut rng = Rng::new(seed);
        let (opener, opening) = match rules.opener {
            Opener::Albi => (opener, Vec::new()),
            Opener::Throw => Table::opening_throw(&rules, &mut rng),
        };
        TableGame {
            seed,
            rng,
            opening,
            table: Table::start(rules, opener),
            thrown: Dice::NONE,
            before_moves: Vec::new(),
            turns: Vec::new(),
        }
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
        self.turns.first().map_or(self.table.turn(), |t| t.side)
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
    pub fn turns(&self) -> &[TableWrittenTurn] {
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
        self.check_not_over()?;
        if !self.thrown.is_empty() {
            return Err(GameError::AlreadyThrown);
        }
        let dice = self.table.throw(&mut self.rng);
        self.thrown = dice;
        self.table = self.table.with_dice(dice);
        Ok(dice)
    }

    /// The moves that may be played now.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.thrown.is_empty() || self.winner().is_some() {
            return Vec::new();
        }
        self.table.legal_moves()
    }

    /// Plays one move, refusing anything not legal now.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        self.check_not_over()?;
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        if !self.legal_moves().contains(&mv) {
            return Err(GameError::Step(StepError::Illegal(format!(
                "{mv} is not a legal move now"
            ))));
        }
        let before = self.table;
        self.table.apply(mv);
        self.before_moves.push((before, mv));
        Ok(())
    }

    /// Plays a move written as [`Table::legal_move`] reads it (`in/5`, `4/10(4+2)`, `5/8x2`).
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        self.check_not_over()?;
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        let mv = self
            .table
            .legal_move(text)
            .map_err(|e| GameError::Step(StepError::Illegal(e)))?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move of this turn.
    pub fn undo(&mut self) -> Result<Move, GameError> {
        let (before, mv) = self.before_moves.pop().ok_or(GameError::NothingToUndo)?;
        self.table = before;
        Ok(mv)
    }

    /// The dice are thrown and no further move is legal (all played, the rest lost, or the
    /// game won).
    pub fn turn_is_over(&self) -> bool {
        !self.thrown.is_empty() && self.legal_moves().is_empty()
    }

    /// Ends the turn once it is over: records it and hands the dice on, to the other side or,
    /// after a throw of all dice alike where the rules say so, to the same side again.
    pub fn confirm(&mut self) -> Result<&TableWrittenTurn, GameError> {
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        if !self.turn_is_over() {
            return Err(GameError::TurnNotOver);
        }
        self.turns.push(TableWrittenTurn {
            side: self.table.turn(),
            throw: self.thrown,
            moves: self
                .before_moves
                .drain(..)
                .map(|(_, mv)| mv.to_string())
                .collect(),
        });
        self.table.pass_turn(self.thrown);
        self.thrown = Dice::NONE;
        self.turns.last().ok_or(GameError::NotThrown)
    }

    /// The record of the confirmed turns, with the game's seed and rules.
    pub fn record(&self) -> TableRecord {
        TableRecord {
            seed: Some(self.seed),
            result: self.winner(),
            turns: self.turns.clone(),
            ..TableRecord::new(*self.rules())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::PRESETS;

    /// Plays a whole game, each move picked at random among the legal ones, undoing and
    /// playing again the first move of every turn on the way.
    fn play_out(rules: Rules, seed: u64) -> TableGame {
        let mut game = TableGame::new(rules, seed, Side::Albi);
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
                    assert_eq!(game.undo(), Ok(mv));
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
                let replayed = text.parse::<TableRecord>().unwrap().replay();
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
        let mut game = TableGame::new(Rules::ITALIAN_6, 3, Side::Albi);
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
            Err(GameError::Step(StepError::Illegal(_)))
        ));
        assert_eq!(*game.table(), before);
    }

    #[test]
    fn the_opening_throw_decides_who_opens_where_the_rules_say_so() {
        let albi = TableGame::new(Rules::AUSTIN_MURRAY, 5, Side::Nigri);
        assert!(albi.opening().is_empty());
        assert_eq!(albi.opener(), Side::Nigri);
        for seed in 0..20 {
            let game = TableGame::new(Rules::ITALIAN, seed, Side::Albi);
            let last = game.opening().last().unwrap();
            let total = |d: &Dice| d.values().iter().map(|&v| u32::from(v)).sum::<u32>();
            let (a, n) = (total(&last[0]), total(&last[1]));
            assert_ne!(a, n);
            assert_eq!(game.opener(), if a > n { Side::Albi } else { Side::Nigri });
        }
    }
}
