//! A game of XII Scripta: seeded dice, the opener rule, turns played step by step with undo,
//! the record of throws and turns, the winner, and the seeds of the next game and of a
//! computer player's choice.

use super::movegen::{legal_steps, Turn};
use super::position::{Dice, Die, Position, Side, FACES};
use super::step::{Step, StepError, StepText};
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

/// One confirmed turn: who threw, what, and the steps played (none for a forfeited throw).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    pub side: Side,
    pub throw: Dice,
    pub steps: Vec<Step>,
}

/// `A 235: in/2 in/3 in/5`, or `N 666: -` for a forfeited throw.
impl fmt::Display for TurnRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.side.letter())?;
        for v in self.throw.values() {
            write!(f, "{v}")?;
        }
        f.write_str(":")?;
        if self.steps.is_empty() {
            return f.write_str(" -");
        }
        for step in &self.steps {
            write!(f, " {step}")?;
        }
        Ok(())
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
    Step(StepError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::GameOver(winner) => write!(f, "the game is over: {winner} won"),
            GameError::NotThrown => f.write_str("throw the dice first"),
            GameError::AlreadyThrown => f.write_str("the dice are already thrown"),
            GameError::TurnNotOver => f.write_str("a die can still be played"),
            GameError::NothingToUndo => f.write_str("no step of this turn to take back"),
            GameError::Step(e) => write!(f, "{e}"),
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

/// A game in progress. Every method either does what it says or changes nothing.
#[derive(Clone, Debug)]
pub struct Game {
    /// The seed the dice are drawn from, kept so the game can be saved and followed.
    seed: u64,
    start: Position,
    rng: Rng,
    opener: Side,
    position: Position,
    thrown: Dice,
    before_steps: Vec<(Position, Step)>,
    record: Vec<TurnRecord>,
}

impl Game {
    /// A new game with dice drawn from `seed`: the same seed plays the same dice.
    pub fn new(seed: u64, opener: Side) -> Game {
        Game::from_position(Position::start(opener), seed)
    }

    /// A game that starts from `position`; dice it carries count as already thrown.
    pub fn from_position(position: Position, seed: u64) -> Game {
        Game {
            seed,
            start: position,
            rng: Rng::new(seed),
            opener: position.turn(),
            position,
            thrown: position.dice(),
            before_steps: Vec::new(),
            record: Vec::new(),
        }
    }

    /// The next game of a match: the other side opens (rule 1), with a seed that follows from
    /// this game's seed alone, so a seeded match replays however far the games went.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Side};
    ///
    /// let first = Game::new(7, Side::Albi);
    /// let second = first.next_game();
    /// assert_eq!(second.opener(), Side::Nigri);
    /// assert_eq!(second.seed(), first.next_game().seed());
    /// assert_eq!(second.next_game().opener(), Side::Albi);
    /// ```
    pub fn next_game(&self) -> Game {
        Game::new(next_seed(self.seed), self.opener.other())
    }

    /// The seed a computer player draws on for its choice this turn: it follows from the
    /// game's seed and the turns confirmed, so a replayed game is played the same way.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Side};
    ///
    /// let mut game = Game::new(3, Side::Albi);
    /// assert_eq!(game.turn_seed(), 3u64.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    /// game.throw().unwrap();
    /// while let Some(&step) = game.legal_steps().first() {
    ///     game.play(step).unwrap();
    /// }
    /// game.confirm().unwrap();
    /// assert_eq!(game.turn_seed(), 3u64.wrapping_mul(0x9e37_79b9_7f4a_7c15) + 1);
    /// ```
    pub fn turn_seed(&self) -> u64 {
        turn_seed(self.seed, self.record.len())
    }

    /// The seed the dice are drawn from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn opener(&self) -> Side {
        self.opener
    }

    pub fn record(&self) -> &[TurnRecord] {
        &self.record
    }

    pub fn winner(&self) -> Option<Side> {
        self.position.winner()
    }

    /// This turn's throw as thrown, or no dice before the throw.
    pub fn thrown(&self) -> Dice {
        self.thrown
    }

    /// The steps played so far this turn.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        self.before_steps.iter().map(|(_, s)| *s)
    }

    fn check_not_over(&self) -> Result<(), GameError> {
        self.winner()
            .map_or(Ok(()), |w| Err(GameError::GameOver(w)))
    }

    /// Throws three dice for the side to move (rule 2).
    pub fn throw(&mut self) -> Result<Dice, GameError> {
        self.check_not_over()?;
        if !self.thrown.is_empty() {
            return Err(GameError::AlreadyThrown);
        }
        let dice = Dice::throw(&mut self.rng);
        self.thrown = dice;
        self.position = self.position.with_dice(dice);
        Ok(dice)
    }

    /// The steps that may be played now.
    pub fn legal_steps(&self) -> Vec<Step> {
        legal_steps(&self.position)
    }

    /// Each thrown die in throw order with its state. Of equal dice the first ones count as
    /// used; dice left when no step remains are forfeited.
    pub fn dice_states(&self) -> Vec<(Die, DieState)> {
        dice_states(self.thrown, self.position.dice(), self.turn_is_over())
    }

    /// Plays one step, refusing anything that is not legal now. When two dice bear the same
    /// counter off, the smaller is spent whichever was asked for, as [`Game::play_text`] and
    /// a replayed record or save spend it (the step's text does not name its die). Nothing
    /// is lost: both dice exceed every distance left, so either can only bear off from the
    /// rearmost mark.
    pub fn play(&mut self, step: Step) -> Result<(), GameError> {
        self.check_not_over()?;
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        let legal = self.legal_steps();
        if !legal.contains(&step) {
            return Err(GameError::Step(StepError::Illegal(format!(
                "{step} is not a legal step now"
            ))));
        }
        // Sorted by start, end and die: the first naming the same step has the smallest die.
        let step = legal
            .into_iter()
            .find(|s| (s.from, s.to) == (step.from, step.to))
            .unwrap_or(step);
        let before = self.position;
        self.position.apply(step);
        self.before_steps.push((before, step));
        Ok(())
    }

    /// Plays a step written as `in/5`, `12/15` or `33/off` (the hit sign is optional). When
    /// two dice could make the same step (bearing off), the smaller die is spent.
    pub fn play_text(&mut self, text: &str) -> Result<Step, GameError> {
        let wanted: StepText = text.parse().map_err(GameError::Step)?;
        self.check_not_over()?;
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        let step = self
            .legal_steps()
            .into_iter()
            .find(|s| wanted.names(s))
            .ok_or_else(|| {
                GameError::Step(StepError::Illegal(format!(
                    "{} is not a legal step now",
                    text.trim()
                )))
            })?;
        self.play(step)?;
        Ok(step)
    }

    /// Takes back the last step of this turn.
    pub fn undo(&mut self) -> Result<Step, GameError> {
        let (before, step) = self.before_steps.pop().ok_or(GameError::NothingToUndo)?;
        self.position = before;
        Ok(step)
    }

    /// The dice are thrown and no further step is legal (all played, the rest forfeited, or
    /// the game won).
    pub fn turn_is_over(&self) -> bool {
        !self.thrown.is_empty() && self.legal_steps().is_empty()
    }

    /// Ends the turn once it is over: records it and passes the dice to the other side.
    pub fn confirm(&mut self) -> Result<&TurnRecord, GameError> {
        if self.thrown.is_empty() {
            return Err(GameError::NotThrown);
        }
        // A game won before this turn (a start position with dice) has no turn to record:
        // the record would not replay. A turn whose own step won is recorded.
        if self.before_steps.is_empty() {
            self.check_not_over()?;
        }
        if !self.turn_is_over() {
            return Err(GameError::TurnNotOver);
        }
        self.record.push(TurnRecord {
            side: self.position.turn(),
            throw: self.thrown,
            steps: self.before_steps.drain(..).map(|(_, s)| s).collect(),
        });
        if self.position.winner().is_none() {
            self.position.pass_turn();
        } else {
            self.position = self.position.with_dice(Dice::NONE);
        }
        self.thrown = Dice::NONE;
        self.record.last().ok_or(GameError::NotThrown)
    }

    /// Plays a whole turn chosen by a player (one of the outcomes of this throw) and
    /// confirms it; refuses, changing nothing, a turn that is not legal or does not end the
    /// turn.
    pub fn play_turn(&mut self, turn: &Turn) -> Result<&TurnRecord, GameError> {
        let start = self.before_steps.len();
        let played = turn.steps().try_for_each(|step| {
            // By name: where `play` spent the smaller of two dice bearing a counter off, a
            // later step of the turn spends the other, which is worth the same.
            let named = self
                .legal_steps()
                .into_iter()
                .find(|s| (s.from, s.to) == (step.from, step.to))
                .unwrap_or(step);
            self.play(named)
        });
        let ended = played.and_then(|()| {
            if self.turn_is_over() {
                Ok(())
            } else {
                Err(GameError::TurnNotOver)
            }
        });
        if let Err(e) = ended {
            while self.before_steps.len() > start {
                self.undo()?;
            }
            return Err(e);
        }
        self.confirm()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::{From as Source, Mark, To};

    /// Found by `cargo xtask fuzz` (scripta_game): bearing off with the larger of two dice
    /// that could both do it spent that die, while the save, the record and `play_text`
    /// spend the smaller, so a saved game restored with other dice left.
    #[test]
    fn bearing_off_with_either_of_two_dice_spends_the_smaller() {
        let start: Position = "A w0s0o13:32,34 w15s0o0: 65".parse().unwrap();
        let mut game = Game::from_position(start, 1);
        let six = Step {
            from: Source::Mark(Mark::new(32).unwrap()),
            to: To::Off,
            die: Die::new(6).unwrap(),
            hit: false,
        };
        assert!(game.legal_steps().contains(&six));
        game.play(six).unwrap();
        assert_eq!(game.position().dice().values(), [6]);
        assert_eq!(game.steps().next().map(|s| s.die.get()), Some(5));
        let back = Game::restore(&game.save()).unwrap();
        assert_eq!(back.position(), game.position());
        assert_eq!(
            back.steps().collect::<Vec<_>>(),
            game.steps().collect::<Vec<_>>()
        );
    }

    /// Found by `cargo xtask fuzz` (xsn), after the fix above: a turn bearing off with the
    /// larger die first, then with the smaller, was refused once the first step spent the
    /// smaller.
    #[test]
    fn every_outcome_of_a_bearing_off_throw_plays_as_a_turn() {
        let start: Position = "A w0s0o12:34,35x2 w15s0o0: 46".parse().unwrap();
        let outcomes = crate::scripta::turns(&start);
        assert!(!outcomes.is_empty());
        for turn in &outcomes {
            let mut game = Game::from_position(start, 1);
            game.play_turn(turn).unwrap();
            assert_eq!(game.position(), &turn.result, "{turn}");
        }
    }

    /// A turn of another throw that plays but leaves a die to play is refused whole.
    #[test]
    fn a_turn_that_does_not_end_the_turn_changes_nothing() {
        let start: Position = "A w13s0o0:10,20 w15s0o0: 123".parse().unwrap();
        let other = crate::scripta::turns(&start.with_dice(Dice::new(&[1, 2]).unwrap()));
        let mut game = Game::from_position(start, 1);
        let short = other.iter().find(|t| t.dice_played() == 2).unwrap();
        assert_eq!(game.play_turn(short).unwrap_err(), GameError::TurnNotOver);
        assert_eq!(game.position(), &start);
        assert_eq!(game.steps().count(), 0);
    }

    /// Found by `cargo xtask fuzz` (scripta_game): a start position already won, with dice,
    /// let its throw be confirmed as a forfeit, and the record of that turn did not replay.
    #[test]
    fn a_game_won_before_the_throw_confirms_no_turn() {
        let won: Position = "A w0s0o15: w0s3o3:2,29,31x2,33x4,34 5".parse().unwrap();
        for start in [won, won.with_dice(Dice::NONE)] {
            let mut game = Game::from_position(start, 1);
            let refused = if start.dice().is_empty() {
                GameError::NotThrown
            } else {
                GameError::GameOver(Side::Albi)
            };
            assert_eq!(game.confirm().unwrap_err(), refused);
            assert!(game.record().is_empty());
            assert_eq!(
                crate::scripta::Record::from_game(&game).replay(),
                Ok(won.with_dice(Dice::NONE))
            );
        }
    }
}
