//! A XII Scripta game under any reading (every preset, or rules from fuzz bits) driven by
//! fuzz bytes through everything the page can ask of it: throw, play a legal move or any move
//! at all, play text, undo, confirm, play whole turns, ask why a tap is refused. After each
//! action: the rules' counters a side, an accepted move was legal, a refused action changed
//! nothing, and a tap is refused only when it plays nothing, for a reason that holds; at
//! checkpoints and at the end the game's record replays to the live table and its save
//! restores the same game.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use ludi_core::scripta::{
    Dice, From, Game, GameError, Mark, Move, Place, Record, Refusal, Rules, Side, Table, To,
    PRESETS,
};
use ludi_fuzz::{scripta_counters, scripta_xsn_from, scripta_xsn_round_trip};

#[derive(Arbitrary, Debug)]
enum Reading {
    Preset(u8),
    Switches(u16),
}

#[derive(Arbitrary, Debug)]
enum Start {
    Standard {
        albi_opens: bool,
    },
    /// An Austin and Murray position from bytes, under the reading when it fits it.
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
    /// A legal move, by its index among them.
    Play(u8),
    /// Any move of one die at all: legal or not.
    Step {
        from: u8,
        to: u8,
        die: u8,
        count: u8,
        hit: bool,
    },
    /// A legal move's text, perhaps with a stray hit sign and spaces around it.
    Written {
        index: u8,
        star: bool,
        spaces: bool,
    },
    Text(String),
    Undo,
    Confirm,
    /// Whole turns with the moves chosen by `choice`, to reach the late game.
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
    reading: Reading,
    start: Start,
    ops: Vec<Op>,
}

/// What a refused action must leave unchanged.
#[derive(Debug, PartialEq)]
struct State {
    table: Table,
    thrown: Dice,
    moves: Vec<Move>,
    turns: usize,
    turn_seed: u64,
}

fn state(game: &Game) -> State {
    State {
        table: *game.table(),
        thrown: game.thrown(),
        moves: game.moves().collect(),
        turns: game.turns().len(),
        turn_seed: game.turn_seed(),
    }
}

fn mark(n: u8) -> Option<Mark> {
    Mark::new(n % 38)
}

fn rules(reading: &Reading) -> Rules {
    match reading {
        Reading::Preset(i) => {
            Rules::parse(PRESETS[usize::from(*i) % PRESETS.len()]).expect("a preset reads")
        }
        Reading::Switches(bits) => Rules::from_switches(*bits),
    }
}

/// The game from the start the fuzz bytes chose, or the rules' start when they chose one
/// that does not read.
fn start(input: &Input) -> Game {
    let rules = rules(&input.reading);
    let standard = |albi: bool| {
        let opener = if albi { Side::Albi } else { Side::Nigri };
        Game::new(rules, input.seed, opener)
    };
    let named = |xsn: &str| {
        if rules.is_default() {
            xsn.to_string()
        } else {
            format!("{} {xsn}", rules.name())
        }
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
            match named(&xsn).parse::<Table>() {
                Ok(table) => Game::from_table(table, input.seed),
                Err(e) => {
                    assert!(
                        !rules.is_default() || e.message.contains("both sides have borne off"),
                        "built `{xsn}` refused: {e}"
                    );
                    standard(true)
                }
            }
        }
        Start::Text(text) => match text.parse::<Table>() {
            Ok(table) => Game::from_table(table, input.seed),
            Err(_) => standard(false),
        },
    }
}

/// The reach of a move: its die, or the dice of a sum added.
fn reach(mv: &Move) -> u8 {
    if mv.summed {
        mv.dice.values().iter().sum()
    } else {
        mv.dice.values().first().copied().unwrap_or(0)
    }
}

struct Run {
    game: Game,
    /// The table before each move of this turn, for checking undo.
    before: Vec<Table>,
}

impl Run {
    /// The move just played is the legal one asked for, or, of two dice bearing the same
    /// counters off, the one with the smaller die (what its text, and so a record or a save,
    /// replays as).
    fn after_move(&mut self, before: Table, asked: Move, legal: &[Move]) {
        let played = self.game.moves().last().expect("a move played");
        assert!(legal.contains(&played), "{played} is not among {legal:?}");
        assert_eq!(
            (played.from, played.to, played.count),
            (asked.from, asked.to, asked.count)
        );
        if played.to == To::Off && !played.summed {
            let smallest = legal
                .iter()
                .filter(|m| {
                    (m.from, m.to, m.count, m.summed)
                        == (played.from, played.to, played.count, false)
                })
                .map(reach)
                .min();
            assert_eq!(Some(reach(&played)), smallest, "{played} in {before}");
        }
        self.before.push(before);
    }

    /// Plays a legal move by index; false when there is none.
    fn play_index(&mut self, index: usize) -> bool {
        let legal = self.game.legal_moves();
        let Some(&mv) = legal.get(index % legal.len().max(1)) else {
            return false;
        };
        let before = *self.game.table();
        self.game
            .play(mv)
            .unwrap_or_else(|e| panic!("legal {mv} refused in {before}: {e}"));
        self.after_move(before, mv, &legal);
        true
    }

    fn confirm(&mut self) {
        let was = state(&self.game);
        let over = self.game.turn_is_over();
        match self.game.confirm() {
            Ok(turn) => {
                assert!(over, "confirmed a turn that was not over");
                let written: Vec<String> = was.moves.iter().map(ToString::to_string).collect();
                assert_eq!(turn.moves, written);
                assert_eq!(turn.throw, was.thrown);
                assert_eq!(turn.side, was.table.turn());
                assert_eq!(self.game.turns().len(), was.turns + 1);
                assert!(self.game.thrown().is_empty());
                self.before.clear();
                if self.game.winner().is_none() && !self.game.rules().again {
                    assert_eq!(self.game.table().turn(), was.table.turn().other());
                }
            }
            Err(_) => {
                // A game won before this turn's moves has no turn to confirm.
                let won_before = was.moves.is_empty() && self.game.winner().is_some();
                assert!(!over || was.thrown.is_empty() || won_before);
                assert_eq!(state(&self.game), was, "a refused confirm changed the game");
            }
        }
    }

    /// Where a tap on `place` would take a counter of the side to move.
    fn target(&self, place: Place) -> Option<To> {
        let table = self.game.table();
        let mover = table.turn();
        match place {
            Place::Mark(m) => Some(To::Mark(m)),
            Place::Own(side, m) if side == mover || m.get() > table.rules().private_marks() => {
                Some(To::Mark(m))
            }
            Place::Exit(side) if side == mover => Some(To::Off),
            _ => None,
        }
    }

    /// Where a tap on `place` would pick up a counter of the side to move: as for a target,
    /// the other side's numbering names the mover's mark wherever the track is shared.
    fn source(&self, place: Place) -> Option<From> {
        let table = self.game.table();
        let mover = table.turn();
        match place {
            Place::Tray(side) if side == mover => Some(From::Tray),
            Place::Mark(m) => Some(From::Mark(m)),
            Place::Own(side, m) if side == mover || m.get() > table.rules().private_marks() => {
                Some(From::Mark(m))
            }
            _ => None,
        }
    }

    /// A tap is refused only when it plays nothing and picks up nothing that moves, and the
    /// reason the game gives holds.
    fn check_refusal(&self, selected: Option<From>, place: Place) {
        let game = &self.game;
        let table = game.table();
        let legal = game.legal_moves();
        let plays = selected
            .zip(self.target(place))
            .is_some_and(|(from, to)| legal.iter().any(|mv| (mv.from, mv.to) == (from, to)));
        let picks = self
            .source(place)
            .is_some_and(|from| legal.iter().any(|mv| mv.from == from));
        if plays || picks {
            // The page plays the move or picks the counter up; it never asks why not.
            return;
        }
        let refusal = game.refusal(selected, place);
        assert!(!refusal.code().is_empty());
        let what = format!("{selected:?} {place:?} in {table}: {refusal:?}");
        assert_eq!(
            refusal == Refusal::GameOver,
            game.winner().is_some(),
            "{what}"
        );
        if game.winner().is_some() {
            return;
        }
        assert_eq!(
            matches!(refusal, Refusal::NotThrown { .. }),
            game.thrown().is_empty(),
            "{what}"
        );
        if game.thrown().is_empty() {
            return;
        }
        assert_eq!(refusal == Refusal::TurnOver, legal.is_empty(), "{what}");
        match refusal {
            Refusal::PickFirst => {
                assert!(legal.iter().any(|mv| mv.to == To::Off), "{what}")
            }
            Refusal::EnterFromTray => {
                assert!(legal.iter().any(|mv| mv.from == From::Tray), "{what}")
            }
            Refusal::Stuck { mark } => {
                assert!(table.count(table.turn(), mark) > 0, "{what}");
                assert!(
                    !legal.iter().any(|mv| mv.from == From::Mark(mark)),
                    "{what}"
                );
            }
            Refusal::NoneWaiting => assert_eq!(table.tray(table.turn()).to_enter(), 0, "{what}"),
            Refusal::Blocked { mark, side } => {
                assert_eq!(side, table.turn().other(), "{what}");
                assert!(table.count(side, mark) >= 2, "{what}");
            }
            _ => {}
        }
    }

    fn apply(&mut self, op: &Op) {
        let was = state(&self.game);
        let legal = self.game.legal_moves();
        let rules = *self.game.rules();
        match op {
            Op::Throw => match self.game.throw() {
                Ok(dice) => {
                    assert!(was.thrown.is_empty() && self.game.winner().is_none());
                    assert_eq!(dice.len(), usize::from(rules.dice));
                    assert_eq!(self.game.table().dice(), dice);
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
            Op::Step {
                from,
                to,
                die,
                count,
                hit,
            } => {
                let mv = Move {
                    from: mark(*from).map_or(From::Tray, From::Mark),
                    to: mark(*to).map_or(To::Off, To::Mark),
                    count: 1 + count % 4,
                    dice: Dice::new(&[1 + die % 6]).expect("a die from 1 to 6"),
                    summed: false,
                    hit: u8::from(*hit),
                };
                match self.game.play(mv) {
                    Ok(()) => self.after_move(was.table, mv, &legal),
                    Err(e) => {
                        assert!(!legal.contains(&mv), "legal {mv} refused: {e}");
                        assert_eq!(state(&self.game), was, "refused {mv} changed the game");
                    }
                }
            }
            Op::Written {
                index,
                star,
                spaces,
            } => {
                let Some(&mv) = legal.get(usize::from(*index) % legal.len().max(1)) else {
                    return;
                };
                let mut text = mv.to_string().trim_end_matches('*').to_string();
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
                assert_eq!((played.from, played.to), (mv.from, mv.to));
                self.after_move(was.table, played, &legal);
            }
            Op::Text(text) => match self.game.play_text(text) {
                Ok(mv) => {
                    assert_eq!(self.game.moves().last(), Some(mv));
                    self.after_move(was.table, mv, &legal);
                }
                Err(_) => assert_eq!(state(&self.game), was, "refused `{text}` changed the game"),
            },
            Op::Undo => match self.game.undo() {
                Ok(mv) => {
                    assert_eq!(was.moves.last(), Some(&mv));
                    let before = self.before.pop().expect("a move to take back");
                    assert_eq!(self.game.table(), &before, "undo of {mv}");
                }
                Err(e) => {
                    assert_eq!(e, GameError::NothingToUndo);
                    assert!(was.moves.is_empty());
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
                    let values: Vec<u8> = values
                        .iter()
                        .take(usize::from(rules.dice))
                        .map(|v| 1 + v % 6)
                        .collect();
                    Dice::new(&values)
                });
                let table = match other {
                    Some(dice) => self.game.table().with_dice(dice),
                    None => *self.game.table(),
                };
                let outcomes = table.turns();
                let Some(turn) = outcomes.get(usize::from(*index) % outcomes.len().max(1)) else {
                    return;
                };
                let mover = was.table.turn();
                match self.game.play_turn(turn) {
                    Ok(_) => {
                        self.before.clear();
                        if self.game.winner().is_none() {
                            let mut after = turn.result;
                            after.pass_turn(was.thrown);
                            assert_eq!(self.game.table(), &after);
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
                    n if place & 128 == 0 => Place::Mark(Mark::new(n).expect("a mark")),
                    n => Place::Own(side, Mark::new(n).expect("a mark")),
                };
                self.check_refusal(selected, place);
                assert_eq!(state(&self.game), was, "asking why changed the game");
            }
            Op::Check => self.check_replay_and_restore(),
        }
        self.check_invariants();
    }

    fn check_invariants(&self) {
        let table = self.game.table();
        scripta_counters(table);
        scripta_xsn_round_trip(table);
        assert_eq!(self.before.len(), self.game.moves().count());
        let used = self
            .game
            .dice_states()
            .iter()
            .filter(|(_, s)| s.name() == "used")
            .count();
        let spent: usize = self.game.moves().map(|mv| mv.dice.len()).sum();
        assert_eq!(used, spent, "dice used in {table}");
    }

    /// The record replays to where the live game stood before this turn's throw, and reads
    /// back as written; the save rebuilds the very same game.
    fn check_replay_and_restore(&self) {
        let game = &self.game;
        let turn_start = self.before.first().unwrap_or(game.table());
        let record = game.record();
        let text = record.to_string();
        assert_eq!(text.parse::<Record>().as_ref(), Ok(&record), "\n{text}");
        let replayed = record
            .replay()
            .unwrap_or_else(|e| panic!("the live game's record does not replay: {e}\n{text}"));
        assert_eq!(replayed, turn_start.without_dice(), "\n{text}");
        let saved = game.save();
        let back = Game::restore(&saved)
            .unwrap_or_else(|e| panic!("the live game's save does not restore: {e}\n{saved:?}"));
        assert_eq!(state(&back), state(game), "restored from {saved:?}");
        assert_eq!(back.turns(), game.turns(), "restored from {saved:?}");
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
