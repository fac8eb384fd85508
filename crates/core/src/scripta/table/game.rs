//! A game under any [`Rules`], played move by move as [`Game`] plays Austin and Murray's:
//! seeded dice, who opens (Albi, or the higher opening throw), moves with undo, the turn
//! confirmed once no move is left, another throw for all dice alike where the rules give one,
//! and the record of it all. The page's session under other readings is to stand on this.
//!
//! [`Game`]: crate::scripta::Game

use super::super::game::{dice_states, next_seed, turn_seed, DieState, GameError};
use super::super::position::{Dice, Die, Side};
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
    /// The table the game started from, with any dice it carried.
    start: Table,
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
        let start = Table::start(rules, opener);
        TableGame {
            seed,
            rng,
            opening,
            start,
            table: start,
            thrown: Dice::NONE,
            before_moves: Vec::new(),
            turns: Vec::new(),
        }
    }

    /// A game that starts from `table`, under its rules, as [`Game::from_position`] starts
    /// one: dice it carries count as already thrown, and no opening throw is made (the table
    /// names the side to move).
    ///
    /// ```
    /// use ludi_core::scripta::{Table, TableGame};
    ///
    /// let table: Table = "italian A w15s0o0: w15s0o0: 356".parse().unwrap();
    /// let game = TableGame::from_table(table, 1);
    /// assert_eq!(game.thrown().values(), [3, 5, 6]);
    /// assert!(game.opening().is_empty());
    /// ```
    ///
    /// [`Game::from_position`]: crate::scripta::Game::from_position
    pub fn from_table(table: Table, seed: u64) -> TableGame {
        TableGame {
            seed,
            rng: Rng::new(seed),
            opening: Vec::new(),
            start: table,
            table,
            thrown: table.dice(),
            before_moves: Vec::new(),
            turns: Vec::new(),
        }
    }

    /// The next game of a match under the same rules: the other side is named opener (the
    /// opening throw still decides where the rules say so), the seed following from this
    /// game's as [`Game::next_game`] derives it.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, TableGame};
    ///
    /// let first = TableGame::new(Rules::RUSSIAN, 7, Side::Albi);
    /// let second = first.next_game();
    /// assert_eq!(*second.rules(), Rules::RUSSIAN);
    /// assert_eq!(second.seed(), first.next_game().seed());
    /// ```
    ///
    /// [`Game::next_game`]: crate::scripta::Game::next_game
    pub fn next_game(&self) -> TableGame {
        TableGame::new(*self.rules(), next_seed(self.seed), self.opener().other())
    }

    /// The seed a computer player draws on this turn, as [`Game::turn_seed`] gives it: from
    /// the game's seed and the turns confirmed.
    ///
    /// [`Game::turn_seed`]: crate::scripta::Game::turn_seed
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

    /// Each thrown die in throw order with its state, as [`Game::dice_states`] gives them:
    /// the dice a move spent (one, or each of a sum or a stack's matched dice) are used, the
    /// rest unused, or forfeited once no move is left.
    ///
    /// [`Game::dice_states`]: crate::scripta::Game::dice_states
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
    pub fn confirm(&mut self) -> Result<&TableWrittenTurn, GameError> {
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
        let standard = self.start == Table::start(*self.rules(), self.start.turn());
        TableRecord {
            seed: Some(self.seed),
            start: (!standard).then_some(self.start),
            // A winning move not yet confirmed is not in the turns, so not yet the result.
            result: self.winner().filter(|_| self.before_moves.is_empty()),
            turns: self.turns.clone(),
            ..TableRecord::new(*self.rules())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::{SavedGame, PRESETS};

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

    /// A game under `rules` from `seed`, `turns` turns played by their first legal moves,
    /// then a throw and one move of the next.
    fn played(mut game: TableGame, turns: usize) -> TableGame {
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

    fn assert_same(back: &TableGame, game: &TableGame) {
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
                let game = played(TableGame::new(rules, seed, Side::Nigri), 25);
                let saved = game.save();
                assert_eq!(saved.opening.is_empty(), rules.opener == Opener::Albi);
                let json = serde_json::to_string(&saved).unwrap();
                assert_eq!(json.contains("opening"), !saved.opening.is_empty());
                let back = TableGame::restore(&serde_json::from_str(&json).unwrap()).unwrap();
                assert_same(&back, &game);
                // Then played on alike: the same dice follow.
                assert_same(&played(back, 3), &played(game, 3));
            }
        }
        let table: Table = "italian N w12s0o0:1,5,20 w13s0o0:2x2 625".parse().unwrap();
        let game = played(TableGame::from_table(table, 8), 6);
        assert!(game.save().start.ends_with(" 625"));
        assert_same(&TableGame::restore(&game.save()).unwrap(), &game);
        // The start table with no dice: no opening throw, whoever the seed's would name.
        for seed in 0..4 {
            for side in Side::BOTH {
                let start = Table::start(Rules::ITALIAN, side);
                let game = played(TableGame::from_table(start, seed), 2);
                assert_same(&TableGame::restore(&game.save()).unwrap(), &game);
            }
        }
    }

    #[test]
    fn tampering_with_a_saved_game_is_caught() {
        use crate::scripta::RestoreError;
        let saved = played(TableGame::new(Rules::ITALIAN, 42, Side::Albi), 20).save();
        let restore = |edit: &dyn Fn(&mut SavedGame)| {
            let mut bad = saved.clone();
            edit(&mut bad);
            TableGame::restore(&bad).unwrap_err()
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
        let mut albi = played(TableGame::new(Rules::AUSTIN_MURRAY, 1, Side::Albi), 1).save();
        albi.opening = saved.opening.clone();
        assert!(matches!(
            TableGame::restore(&albi),
            Err(RestoreError::Opening(_))
        ));
        assert!(matches!(
            crate::scripta::Game::restore(&albi),
            Err(RestoreError::Opening(_))
        ));
    }

    #[test]
    fn the_dice_states_count_every_die_a_move_spent() {
        let table: Table = "italian A w0s0o14:8 w15s0o0: 421".parse().unwrap();
        let mut game = TableGame::from_table(table, 1);
        let states = |g: &TableGame| -> Vec<(u8, DieState)> {
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
        assert_eq!(
            game.turn_seed(),
            TableGame::from_table(table, 1).turn_seed()
        );
    }

    #[test]
    fn the_result_waits_for_the_winning_turn_to_be_confirmed() {
        let table: Table = "italian A w0s0o14:27 w15s0o0: 421".parse().unwrap();
        let mut game = TableGame::from_table(table, 1);
        game.play_text("27/off").unwrap();
        assert_eq!(game.winner(), Some(Side::Albi));
        let pending = game.record();
        assert_eq!(pending.result, None);
        assert_eq!(pending.replay().unwrap(), table.with_dice(Dice::NONE));
        game.confirm().unwrap();
        let won = game.record();
        assert_eq!(won.result, Some(Side::Albi));
        assert_eq!(won.replay().unwrap().winner(), Some(Side::Albi));
    }
}
