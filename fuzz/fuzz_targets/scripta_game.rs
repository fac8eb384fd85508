//! A XII Scripta game driven by fuzz bytes through everything the page can ask of it: throw,
//! play a legal step or any step at all, play text, undo, confirm, play whole turns, ask why
//! a tap is refused. After each action: fifteen counters a side, an accepted step was legal,
//! a refused action changed nothing; at checkpoints and at the end the game's record replays
//! to the live position and its save restores the same game.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use ludi_core::scripta::{
    turns, Dice, Die, From, Game, GameError, Mark, Place, Position, Record, Side, Step, To,
};
use ludi_fuzz::{scripta_counters, scripta_xsn_from, scripta_xsn_round_trip};

#[derive(Arbitrary, Debug)]
enum Start {
    Standard {
        albi_opens: bool,
    },
    Built {
        albi_turn: bool,
        albi: [u8; 17],
        nigri: [u8; 17],
        dice: Vec<u8>,
    },
    Text(String),
}

#[derive(Arbitrary, Debug)]
enum Op {
    Throw,
    /// A legal step, by its index among them.
    Play(u8),
    /// Any step at all: legal or not.
    Step {
        from: u8,
        to: u8,
        die: u8,
        hit: bool,
    },
    /// A legal step's text, perhaps with a stray hit sign and spaces around it.
    Written {
        index: u8,
        star: bool,
        spaces: bool,
    },
    Text(String),
    Undo,
    Confirm,
    /// Whole turns with the steps chosen by `choice`, to reach the late game.
    Turns {
        count: u8,
        choice: u8,
    },
    /// One of the throw's distinct outcomes, as a computer player picks it, or one of
    /// another throw's, which must be refused whole unless it is legal here too.
    PlayTurn {
        index: u8,
        other_throw: Option<Vec<u8>>,
    },
    Refusal {
        selected: u8,
        place: u8,
    },
    Check,
}

#[derive(Arbitrary, Debug)]
struct Input {
    seed: u64,
    start: Start,
    ops: Vec<Op>,
}

/// What a refused action must leave unchanged.
#[derive(Debug, PartialEq)]
struct State {
    position: Position,
    thrown: Dice,
    steps: Vec<Step>,
    record: usize,
    turn_seed: u64,
}

fn state(game: &Game) -> State {
    State {
        position: *game.position(),
        thrown: game.thrown(),
        steps: game.steps().collect(),
        record: game.record().len(),
        turn_seed: game.turn_seed(),
    }
}

fn mark(n: u8) -> Option<Mark> {
    Mark::new(n % 38)
}

/// The game from the start the fuzz bytes chose, or the standard start when they chose an
/// unreadable one.
fn start(input: &Input) -> Game {
    let standard = |albi: bool| {
        let opener = if albi { Side::Albi } else { Side::Nigri };
        Game::new(input.seed, opener)
    };
    match &input.start {
        Start::Standard { albi_opens } => standard(*albi_opens),
        Start::Built {
            albi_turn,
            albi,
            nigri,
            dice,
        } => {
            let xsn = scripta_xsn_from(*albi_turn, albi, nigri, dice);
            match xsn.parse::<Position>() {
                Ok(position) => Game::from_position(position, input.seed),
                Err(e) => {
                    assert!(
                        e.message.contains("both sides have borne off"),
                        "built `{xsn}` refused: {e}"
                    );
                    standard(true)
                }
            }
        }
        Start::Text(text) => match text.parse::<Position>() {
            Ok(position) => Game::from_position(position, input.seed),
            Err(_) => standard(false),
        },
    }
}

struct Run {
    game: Game,
    /// The position before each step of this turn, for checking undo.
    before: Vec<Position>,
}

impl Run {
    /// The step just played is the legal one asked for, or, of two dice making it, the one
    /// with the smaller die (what its text, and so a record or a save, replays as).
    fn after_step(&mut self, before: Position, asked: Step, legal: &[Step]) {
        let played = self.game.steps().last().expect("a step played");
        assert!(legal.contains(&played), "{played} is not among {legal:?}");
        assert_eq!((played.from, played.to), (asked.from, asked.to));
        let smallest = legal
            .iter()
            .filter(|s| (s.from, s.to) == (played.from, played.to))
            .map(|s| s.die)
            .min();
        assert_eq!(Some(played.die), smallest, "{played} in {before}");
        self.before.push(before);
    }

    /// Plays a legal step by index; false when there is none.
    fn play_index(&mut self, index: usize) -> bool {
        let legal = self.game.legal_steps();
        let Some(&step) = legal.get(index % legal.len().max(1)) else {
            return false;
        };
        let before = *self.game.position();
        self.game
            .play(step)
            .unwrap_or_else(|e| panic!("legal {step} refused in {before}: {e}"));
        self.after_step(before, step, &legal);
        true
    }

    fn confirm(&mut self) {
        let was = state(&self.game);
        let over = self.game.turn_is_over();
        match self.game.confirm() {
            Ok(turn) => {
                assert!(over, "confirmed a turn that was not over");
                assert_eq!(turn.steps, was.steps);
                assert_eq!(turn.throw, was.thrown);
                assert_eq!(turn.side, was.position.turn());
                assert_eq!(self.game.record().len(), was.record + 1);
                assert!(self.game.thrown().is_empty());
                self.before.clear();
                if self.game.winner().is_none() {
                    assert_eq!(self.game.position().turn(), was.position.turn().other());
                }
            }
            Err(_) => {
                // A game won before this turn's steps has no turn to confirm.
                let won_before = was.steps.is_empty() && self.game.winner().is_some();
                assert!(!over || was.thrown.is_empty() || won_before);
                assert_eq!(state(&self.game), was, "a refused confirm changed the game");
            }
        }
    }

    fn apply(&mut self, op: &Op) {
        let was = state(&self.game);
        let legal = self.game.legal_steps();
        match op {
            Op::Throw => match self.game.throw() {
                Ok(dice) => {
                    assert!(was.thrown.is_empty() && self.game.winner().is_none());
                    assert_eq!(dice.len(), 3);
                    assert_eq!(self.game.position().dice(), dice);
                }
                Err(e) => {
                    assert!(
                        !was.thrown.is_empty() || self.game.winner().is_some(),
                        "{e}"
                    );
                    assert_eq!(state(&self.game), was, "a refused throw changed the game");
                }
            },
            Op::Play(index) => {
                let played = self.play_index(usize::from(*index));
                assert_eq!(played, !legal.is_empty());
            }
            Op::Step { from, to, die, hit } => {
                let step = Step {
                    from: mark(*from).map_or(From::Tray, From::Mark),
                    to: mark(*to).map_or(To::Off, To::Mark),
                    die: Die::new(1 + die % 6).expect("a die from 1 to 6"),
                    hit: *hit,
                };
                match self.game.play(step) {
                    Ok(()) => self.after_step(was.position, step, &legal),
                    Err(e) => {
                        assert!(!legal.contains(&step), "legal {step} refused: {e}");
                        assert_eq!(state(&self.game), was, "refused {step} changed the game");
                    }
                }
            }
            Op::Written {
                index,
                star,
                spaces,
            } => {
                let Some(step) = legal.get(usize::from(*index) % legal.len().max(1)) else {
                    return;
                };
                let mut text = step.to_string().trim_end_matches('*').to_string();
                if *star {
                    text.push('*');
                }
                if *spaces {
                    text = format!("  {text}\t");
                }
                let played = self
                    .game
                    .play_text(&text)
                    .unwrap_or_else(|e| panic!("legal `{text}` refused: {e}"));
                assert_eq!((played.from, played.to), (step.from, step.to));
                self.after_step(was.position, played, &legal);
            }
            Op::Text(text) => match self.game.play_text(text) {
                Ok(step) => {
                    assert_eq!(self.game.steps().last(), Some(step));
                    self.after_step(was.position, step, &legal);
                }
                Err(_) => assert_eq!(state(&self.game), was, "refused `{text}` changed the game"),
            },
            Op::Undo => match self.game.undo() {
                Ok(step) => {
                    assert_eq!(was.steps.last(), Some(&step));
                    let before = self.before.pop().expect("a step to take back");
                    assert_eq!(self.game.position(), &before, "undo of {step}");
                }
                Err(e) => {
                    assert_eq!(e, GameError::NothingToUndo);
                    assert!(was.steps.is_empty());
                    assert_eq!(state(&self.game), was, "a refused undo changed the game");
                }
            },
            Op::Confirm => self.confirm(),
            Op::Turns { count, choice } => {
                for n in 0..usize::from(count % 32) {
                    if self.game.winner().is_some() {
                        break;
                    }
                    if self.game.thrown().is_empty() {
                        self.game.throw().expect("a throw in a game not won");
                    }
                    let mut k = usize::from(*choice) + n;
                    while self.play_index(k) {
                        k = k.wrapping_mul(7).wrapping_add(3);
                    }
                    self.confirm();
                    self.check_invariants();
                }
            }
            Op::PlayTurn { index, other_throw } => {
                if self.game.thrown().is_empty() || self.game.winner().is_some() {
                    return;
                }
                let other = other_throw.as_ref().and_then(|values| {
                    let values: Vec<u8> = values.iter().take(3).map(|v| 1 + v % 6).collect();
                    Dice::new(&values)
                });
                let position = match other {
                    Some(dice) => self.game.position().with_dice(dice),
                    None => *self.game.position(),
                };
                let outcomes = turns(&position);
                let Some(turn) = outcomes.get(usize::from(*index) % outcomes.len().max(1)) else {
                    return;
                };
                let mover = was.position.turn();
                match self.game.play_turn(turn) {
                    Ok(_) => {
                        self.before.clear();
                        if self.game.winner().is_none() {
                            assert_eq!(self.game.position(), &turn.result);
                        } else {
                            assert_eq!(self.game.winner(), Some(mover));
                        }
                    }
                    Err(e) => {
                        assert!(other.is_some(), "turn {turn} refused: {e}");
                        assert_eq!(
                            state(&self.game),
                            was,
                            "refused turn {turn} changed the game"
                        );
                    }
                }
            }
            Op::Refusal { selected, place } => {
                let selected = match selected % 40 {
                    0 => None,
                    37..=39 => Some(From::Tray),
                    n => Mark::new(n).map(From::Mark),
                };
                let side = if place & 64 == 0 {
                    Side::Albi
                } else {
                    Side::Nigri
                };
                let place = match place % 40 {
                    0 | 37 => Place::Tray(side),
                    38 | 39 => Place::Exit(side),
                    n => Place::Mark(Mark::new(n).expect("a mark from 1 to 36")),
                };
                assert!(!self.game.refusal(selected, place).code().is_empty());
                assert_eq!(state(&self.game), was, "asking why changed the game");
            }
            Op::Check => self.check_replay_and_restore(),
        }
        self.check_invariants();
    }

    fn check_invariants(&self) {
        let position = self.game.position();
        scripta_counters(position);
        scripta_xsn_round_trip(position);
        assert_eq!(self.before.len(), self.game.steps().count());
        let used = self
            .game
            .dice_states()
            .iter()
            .filter(|(_, s)| s.name() == "used")
            .count();
        assert_eq!(used, self.game.steps().count(), "dice used in {position}");
    }

    /// The record replays to where the live game stood before this turn's throw, and reads
    /// back as written; the save rebuilds the very same game.
    fn check_replay_and_restore(&self) {
        let game = &self.game;
        let turn_start = self.before.first().unwrap_or(game.position());
        let record = Record::from_game(game);
        let text = record.to_string();
        assert_eq!(text.parse::<Record>().as_ref(), Ok(&record), "\n{text}");
        let replayed = record
            .replay()
            .unwrap_or_else(|e| panic!("the live game's record does not replay: {e}\n{text}"));
        assert_eq!(replayed, turn_start.with_dice(Dice::NONE), "\n{text}");
        let saved = game.save();
        let back = Game::restore(&saved)
            .unwrap_or_else(|e| panic!("the live game's save does not restore: {e}\n{saved:?}"));
        assert_eq!(state(&back), state(game), "restored from {saved:?}");
        assert_eq!(back.record(), game.record(), "restored from {saved:?}");
        assert_eq!(back.save(), saved);
    }
}

fuzz_target!(|input: Input| {
    let game = start(&input);
    let mut run = Run {
        game,
        before: Vec::new(),
    };
    run.check_invariants();
    for op in &input.ops {
        run.apply(op);
    }
    run.check_replay_and_restore();
});
