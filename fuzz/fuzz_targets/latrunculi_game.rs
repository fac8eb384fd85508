//! A Latrunculi game driven by fuzz bytes through everything the page can ask of it: play a
//! legal move, any move at all or any text, place the rest, undo, ask why a tap is refused.
//! After each action: every counter accounted for, an accepted move was legal, a refused one
//! changed nothing, a tap is refused exactly when it is no legal move; at checkpoints and at
//! the end the game's record replays to the live position and its save restores the game.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use ludi_core::latrunculi::{Cell, Game, Move, Position, Record, Square};
use ludi_fuzz::{
    latrunculi_board_counts, latrunculi_rules, latrunculi_totals, lfen_from, lfen_round_trip,
};

#[derive(Arbitrary, Debug)]
enum Start {
    Standard,
    Built {
        width: u8,
        height: u8,
        cells: Vec<u8>,
        white_turn: bool,
        numbers: [u8; 5],
    },
    Text(String),
}

#[derive(Arbitrary, Debug)]
enum Op {
    /// A legal move, by its index among them.
    Play(u16),
    /// Any placement or move on the largest board: legal or not.
    Move {
        from: Option<(u8, u8)>,
        to: (u8, u8),
    },
    /// A legal move's text, as the page sends it.
    Written(u16),
    Text(String),
    PlaceRest,
    Undo,
    /// Several moves chosen by `choice`, to reach the late game.
    Moves {
        count: u8,
        choice: u16,
    },
    /// Why a tap does nothing, squares named on the largest board.
    Refusal {
        selected: Option<(u8, u8)>,
        tapped: (u8, u8),
    },
    RefusalText {
        selected: Option<String>,
        tapped: String,
    },
    Check,
}

#[derive(Arbitrary, Debug)]
struct Input {
    rules: u32,
    seed: u64,
    start: Start,
    ops: Vec<Op>,
}

fn square((file, rank): (u8, u8)) -> Square {
    Square::at(usize::from(file % 14), usize::from(rank % 14))
}

fn start(input: &Input) -> Game {
    let rules = latrunculi_rules(input.rules);
    let standard = Position::start(&rules);
    let position = match &input.start {
        Start::Standard => standard,
        Start::Built {
            width,
            height,
            cells,
            white_turn,
            numbers,
        } => lfen_from(*width, *height, cells, *white_turn, *numbers)
            .parse()
            .unwrap_or(standard),
        Start::Text(text) => text.parse().unwrap_or(standard),
    };
    Game::seeded(rules, position, input.seed)
}

/// What a refused action must leave unchanged.
#[derive(Debug, PartialEq)]
struct State {
    position: Position,
    record: Vec<Move>,
    turn_seed: u64,
}

fn state(game: &Game) -> State {
    State {
        position: game.position().clone(),
        record: game.record().to_vec(),
        turn_seed: game.turn_seed(),
    }
}

struct Run {
    game: Game,
    totals: [u32; 2],
}

impl Run {
    fn play_index(&mut self, index: usize) -> bool {
        let legal = self.game.legal_moves();
        let Some(&mv) = legal.get(index % legal.len().max(1)) else {
            return false;
        };
        let before = self.game.position().clone();
        self.game
            .play(mv)
            .unwrap_or_else(|e| panic!("legal {mv} refused in {before}: {e}"));
        self.after_move(&before, mv);
        true
    }

    /// The move just played is the last of the record, and left what playing it leaves.
    fn after_move(&self, before: &Position, mv: Move) {
        let rules = self.game.rules();
        assert_eq!(self.game.record().last(), Some(&mv));
        assert_eq!(self.game.history().last(), Some(before));
        let expected = before.apply(rules, mv).expect("an accepted move is legal");
        assert_eq!(self.game.position(), &expected);
    }

    /// Plays `mv` (legal or not): accepted exactly when it is among the legal moves.
    fn try_move(&mut self, mv: Move) {
        let was = state(&self.game);
        let legal = self.game.legal_moves().contains(&mv);
        match self.game.play(mv) {
            Ok(()) => {
                assert!(legal, "{mv} accepted in {}", was.position);
                self.after_move(&was.position, mv);
            }
            Err(e) => {
                assert!(!legal, "legal {mv} refused in {}: {e}", was.position);
                assert_eq!(state(&self.game), was, "refused {mv} changed the game");
            }
        }
    }

    /// A tap on squares of the board is refused exactly when it places or moves nothing
    /// legal (selecting a movable counter is no refusal either).
    fn check_refusal(&self, selected: Option<Square>, tapped: Square) {
        let game = &self.game;
        let position = game.position();
        let board = position.board();
        let names = (selected.map(|s| s.to_string()), tapped.to_string());
        let refusal = game.refusal(names.0.as_deref(), &names.1);
        if let Some(refusal) = &refusal {
            assert!(!refusal.code().is_empty());
        }
        let on_board = selected
            .into_iter()
            .chain([tapped])
            .all(|s| board.contains(s));
        if !on_board || game.outcome().is_some() {
            assert!(refusal.is_some(), "{names:?} in {position}");
            return;
        }
        let rules = game.rules();
        let mover = Cell::Counter(position.turn());
        match selected {
            None if position.is_placement_phase() => assert_eq!(
                refusal.is_none(),
                position.is_legal(rules, Move::place(tapped)),
                "{names:?} in {position}: {refusal:?}"
            ),
            Some(from)
                if !position.is_placement_phase()
                    && board.get(from) == mover
                    && board.get(tapped) == Cell::Empty =>
            {
                assert_eq!(
                    refusal.is_none(),
                    position.is_legal(rules, Move::slide(from, tapped)),
                    "{names:?} in {position}: {refusal:?}"
                )
            }
            None if matches!(board.get(tapped), Cell::Frozen(_)) => assert_eq!(
                refusal.is_none(),
                position.is_legal(rules, Move::remove(tapped)),
                "{names:?} in {position}: {refusal:?}"
            ),
            None if board.get(tapped) == mover => {
                let movable = game
                    .legal_moves()
                    .iter()
                    .any(|mv| mv.from() == Some(tapped));
                assert_eq!(refusal.is_none(), movable, "{names:?} in {position}");
            }
            _ => {}
        }
    }

    fn apply(&mut self, op: &Op) {
        let was = state(&self.game);
        match op {
            Op::Play(index) => {
                let legal = !self.game.legal_moves().is_empty();
                assert_eq!(self.play_index(usize::from(*index)), legal);
            }
            Op::Move { from, to } => {
                let mv = match from {
                    None => Move::place(square(*to)),
                    Some(from) => Move::slide(square(*from), square(*to)),
                };
                self.try_move(mv);
            }
            Op::Written(index) => {
                let legal = self.game.legal_moves();
                let Some(mv) = legal.get(usize::from(*index) % legal.len().max(1)) else {
                    return;
                };
                let text = mv.to_string();
                let played = self
                    .game
                    .play_text(&text)
                    .unwrap_or_else(|e| panic!("legal `{text}` refused: {e}"));
                assert_eq!(&played, mv);
                self.after_move(&was.position, played);
            }
            Op::Text(text) => match self.game.play_text(text) {
                Ok(mv) => self.after_move(&was.position, mv),
                Err(_) => assert_eq!(state(&self.game), was, "refused `{text}` changed the game"),
            },
            Op::PlaceRest => {
                let placing = was.position.is_placement_phase();
                let placed = self.game.place_rest();
                assert!(!self.game.position().is_placement_phase());
                assert_eq!(placed.is_empty(), !placing);
                assert!(placed.iter().all(|mv| mv.is_placement()));
                assert_eq!(self.game.record()[was.record.len()..], placed[..]);
                let mut replay = was.position.clone();
                for &mv in &placed {
                    replay = replay
                        .apply(self.game.rules(), mv)
                        .unwrap_or_else(|e| panic!("placed {mv}: {e}"));
                }
                assert_eq!(self.game.position(), &replay);
            }
            Op::Undo => match self.game.undo() {
                Some(mv) => {
                    assert_eq!(was.record.last(), Some(&mv));
                    assert_eq!(self.game.record(), &was.record[..was.record.len() - 1]);
                    let expected = self.game.position().apply(self.game.rules(), mv);
                    assert_eq!(expected.as_ref(), Ok(&was.position), "undo of {mv}");
                }
                None => {
                    assert!(was.record.is_empty());
                    assert_eq!(state(&self.game), was, "a refused undo changed the game");
                }
            },
            Op::Moves { count, choice } => {
                let mut k = usize::from(*choice);
                for _ in 0..count % 64 {
                    if !self.play_index(k) {
                        break;
                    }
                    k = k.wrapping_mul(31).wrapping_add(17);
                    self.check_invariants();
                }
            }
            Op::Refusal { selected, tapped } => {
                self.check_refusal(selected.map(square), square(*tapped));
                assert_eq!(state(&self.game), was, "asking why changed the game");
            }
            Op::RefusalText { selected, tapped } => {
                let refusal = self.game.refusal(selected.as_deref(), tapped);
                if let Some(refusal) = refusal {
                    assert!(!refusal.code().is_empty());
                }
            }
            Op::Check => self.check_replay_and_restore(),
        }
        self.check_invariants();
    }

    fn check_invariants(&self) {
        let game = &self.game;
        let position = game.position();
        assert_eq!(latrunculi_totals(position), self.totals, "in {position}");
        latrunculi_board_counts(position);
        lfen_round_trip(position);
        assert_eq!(game.record().len(), game.history().len());
        if game.outcome().is_none() {
            assert!(!game.legal_moves().is_empty(), "stuck in {position}");
        } else {
            assert!(game.legal_moves().is_empty());
        }
    }

    /// The record replays to the live position and reads back as written; the save rebuilds
    /// the very same game.
    fn check_replay_and_restore(&self) {
        let game = &self.game;
        let record = Record::from_game(game);
        let text = record.to_string();
        assert_eq!(text.parse::<Record>().as_ref(), Ok(&record), "\n{text}");
        let replayed = record
            .replay()
            .unwrap_or_else(|e| panic!("the live game's record does not replay: {e}\n{text}"));
        assert_eq!(&replayed, game.position(), "\n{text}");
        let saved = game.save();
        let back = Game::restore(&saved)
            .unwrap_or_else(|e| panic!("the live game's save does not restore: {e}\n{saved:?}"));
        assert_eq!(state(&back), state(game), "restored from {saved:?}");
        assert_eq!(back.history(), game.history());
        assert_eq!(back.save(), saved);
    }
}

fuzz_target!(|input: Input| {
    let game = start(&input);
    let totals = latrunculi_totals(game.position());
    let mut run = Run { game, totals };
    run.check_invariants();
    for op in &input.ops {
        run.apply(op);
    }
    run.check_replay_and_restore();
});
