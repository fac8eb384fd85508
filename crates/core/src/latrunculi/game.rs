//! A game in progress: the rules, where it started, its seed, the current position and the
//! moves played so far (with the positions before them, so moves can be taken back).

use super::moves::Move;
use super::position::{EndReason, GameResult, IllegalMove, Outcome, Position};
use super::refusal::{square_on, Refusal};
use super::rules::Rules;
use crate::rng::{splitmix64, Rng};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A game under one set of rules, from the start or from any LFEN position.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Position,
    seed: u64,
    position: Position,
    record: Vec<Move>,
    /// The position before each move of `record`.
    history: Vec<Position>,
}

/// Enough to rebuild a game exactly, all as text: the rules (canonical), the start (LFEN),
/// the seed (decimal, since JS numbers cannot hold every `u64`) and the moves in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub rules: String,
    pub start: String,
    pub seed: String,
    pub moves: Vec<String>,
}

/// A saved game that does not rebuild: unreadable rules, start or seed, or a move that is not
/// legal where it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestoreError(pub String);

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the saved game does not replay: {}", self.0)
    }
}

impl std::error::Error for RestoreError {}

/// Mixed into the seed of "place the rest for me", so its draws differ from those of a
/// computer player seeded with the same turn seed.
const PLACE_REST_STREAM: u64 = 0x504c_4143_4552_4553;

/// Reads a seed written in plain decimal digits.
///
/// ```
/// use ludi_core::latrunculi::parse_seed;
/// assert_eq!(parse_seed("42"), Ok(42));
/// assert!(parse_seed("-1").is_err());
/// assert!(parse_seed("99999999999999999999999").is_err());
/// ```
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("the seed must be a whole number, not `{text}`"));
    }
    text.parse()
        .map_err(|_| format!("the seed `{text}` is too large (at most 20 digits)"))
}

impl Game {
    /// A new game from the rules' start position, with seed 0.
    pub fn new(rules: Rules) -> Game {
        Game::seeded(rules, Position::start(&rules), 0)
    }

    /// A game continuing from `position` (parse LFEN with `str::parse`), with seed 0.
    pub fn from_position(rules: Rules, position: Position) -> Game {
        Game::seeded(rules, position, 0)
    }

    /// A game from `start` whose random choices ("place the rest", the computer players'
    /// turn seeds) all follow from `seed`.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Position, Rules};
    /// let game = Game::seeded(Rules::PISO, Position::start(&Rules::PISO), 7);
    /// assert_eq!(game.seed(), 7);
    /// assert_eq!(game.start(), game.position());
    /// ```
    pub fn seeded(rules: Rules, start: Position, seed: u64) -> Game {
        Game {
            rules,
            position: start.clone(),
            start,
            seed,
            record: Vec::new(),
            history: Vec::new(),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Where this game started.
    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Moves and placements played in this game, in order.
    pub fn record(&self) -> &[Move] {
        &self.record
    }

    /// The position before each move of [`Game::record`].
    pub fn history(&self) -> &[Position] {
        &self.history
    }

    /// The seed a computer player uses for its choice now: the game's seed mixed with the
    /// number of moves and placements played, so each turn differs and a seeded game replays.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Position, Rules};
    /// let mut game = Game::seeded(Rules::PISO, Position::start(&Rules::PISO), 3);
    /// assert_eq!(game.turn_seed(), 3u64.wrapping_mul(0x9e3779b97f4a7c15));
    /// game.play_text("@d4").unwrap();
    /// assert_eq!(game.turn_seed(), 3u64.wrapping_mul(0x9e3779b97f4a7c15) + 1);
    /// ```
    pub fn turn_seed(&self) -> u64 {
        self.seed
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(self.record.len() as u64)
    }

    /// The next game of a match: the same rules from their start, with a seed that follows
    /// from this game's, so a seeded match replays.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Position, Rules};
    /// let mut game = Game::seeded(Rules::QUINTANA, Position::start(&Rules::QUINTANA), 1);
    /// game.play_text("a2-a5").unwrap();
    /// let next = game.next_game();
    /// assert_eq!(next.position(), &Position::start(&Rules::QUINTANA));
    /// assert_eq!(next.seed(), game.next_game().seed());
    /// assert_ne!(next.seed(), game.seed());
    /// ```
    pub fn next_game(&self) -> Game {
        let mut state = self.seed;
        Game::seeded(
            self.rules,
            Position::start(&self.rules),
            splitmix64(&mut state),
        )
    }

    /// Every legal move now; empty once the game is over. Under `norepeat=on`, none that
    /// brings back a position the game has had.
    pub fn legal_moves(&self) -> Vec<Move> {
        // Over by the position's count, or no unrepeated move left: the list is empty either way.
        if self.position.outcome(&self.rules).is_some() {
            return Vec::new();
        }
        self.moves_now()
    }

    /// The position's moves, less, under `norepeat=on`, those that repeat a position.
    fn moves_now(&self) -> Vec<Move> {
        let mut moves = self.position.legal_moves(&self.rules);
        if self.rules.norepeat {
            moves.retain(|&mv| !self.repeats(&self.position.after(&self.rules, mv)));
        }
        moves
    }

    /// No repeated position (`norepeat=on`): whether `next` is a position the game has had.
    fn repeats(&self, next: &Position) -> bool {
        self.history
            .iter()
            .chain([&self.position])
            .any(|earlier| earlier.same_state(next))
    }

    /// Plays `mv` if it is legal and the game is not over.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove(format!(
                "the game is over ({})",
                outcome.name()
            )));
        }
        let next = self.position.apply(&self.rules, mv)?;
        if self.rules.norepeat && self.repeats(&next) {
            return Err(IllegalMove(format!(
                "{mv} brings back a position this game has had"
            )));
        }
        self.history
            .push(std::mem::replace(&mut self.position, next));
        self.record.push(mv);
        Ok(())
    }

    /// Plays a move given as text (`@d4` or `d4-d6`).
    pub fn play_text(&mut self, text: &str) -> Result<Move, IllegalMove> {
        let mv = Move::parse(text)
            .ok_or_else(|| IllegalMove(format!("`{text}` is not a move (like @d4 or d4-d6)")))?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move or placement and returns it; `None` at the start.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Rules};
    /// let mut game = Game::new(Rules::PISO);
    /// game.play_text("@d4").unwrap();
    /// assert_eq!(game.undo().map(|m| m.to_string()), Some("@d4".to_string()));
    /// assert_eq!(game.position(), game.start());
    /// assert_eq!(game.undo(), None);
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let before = self.history.pop()?;
        self.position = before;
        self.record.pop()
    }

    /// "Place the rest for me": every remaining placement of both sides, on random empty
    /// squares, in the usual alternating order. The draws follow from the game's seed and the
    /// number of moves played, so the same game places the same way. Returns the placements.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Position, Rules};
    /// let mut a = Game::seeded(Rules::PISO, Position::start(&Rules::PISO), 5);
    /// let mut b = a.clone();
    /// assert_eq!(a.place_rest().len(), 40);
    /// b.place_rest();
    /// assert_eq!(a.position(), b.position());
    /// ```
    pub fn place_rest(&mut self) -> Vec<Move> {
        let mut rng = Rng::new(self.turn_seed() ^ PLACE_REST_STREAM);
        let mut placed = Vec::new();
        let mut moves = Vec::new();
        while self.position.is_placement_phase() {
            self.position.legal_moves_into(&self.rules, &mut moves);
            let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u32) as usize) else {
                break;
            };
            let mut next = self.position.clone();
            next.play(&self.rules, mv);
            self.history
                .push(std::mem::replace(&mut self.position, next));
            self.record.push(mv);
            placed.push(mv);
        }
        placed
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.result().map(|result| result.outcome)
    }

    /// Who won and why, once the game is over: as the position says, or, under
    /// `norepeat=on`, when every move the side to move has would repeat a position (then it
    /// has no legal move).
    pub fn result(&self) -> Option<GameResult> {
        let result = self.position.result(&self.rules);
        if result.is_some() || !self.rules.norepeat {
            return result;
        }
        self.moves_now().is_empty().then(|| GameResult {
            outcome: self.position.winner(&self.rules, EndReason::NoMove),
            reason: EndReason::NoMove,
        })
    }

    /// Why tapping the square named `tapped`, with the square named `selected` chosen before
    /// (or nothing), does nothing; `None` when the tap is allowed (see [`Position::refusal`]).
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Refusal, Rules};
    /// let game = Game::new(Rules::QUINTANA);
    /// assert_eq!(game.refusal(None, "a2"), None);
    /// assert_eq!(game.refusal(None, "a9"), Some(Refusal::NotASquare { square: "a9".into() }));
    /// assert_eq!(game.refusal(Some("a2"), "b4").map(|r| r.code()), Some("not-in-line"));
    /// ```
    pub fn refusal(&self, selected: Option<&str>, tapped: &str) -> Option<Refusal> {
        let board = self.position.board();
        let selected = match selected.map(|text| square_on(board, text)).transpose() {
            Ok(selected) => selected,
            Err(refusal) => return Some(refusal),
        };
        let tapped = match square_on(board, tapped) {
            Ok(tapped) => tapped,
            Err(refusal) => return Some(refusal),
        };
        let refusal = self.position.refusal(&self.rules, selected, tapped);
        // The position allows the move; the game may not (`norepeat=on`).
        match selected {
            Some(from) if refusal.is_none() && self.rules.norepeat => {
                let mv = Move::slide(from, tapped);
                let repeats = self.position.is_legal(&self.rules, mv)
                    && self.repeats(&self.position.after(&self.rules, mv));
                repeats.then_some(Refusal::Repeats { from, to: tapped })
            }
            _ => refusal,
        }
    }

    /// What rebuilds this game with [`Game::restore`].
    pub fn save(&self) -> SavedGame {
        SavedGame {
            rules: self.rules.to_string(),
            start: self.start.to_string(),
            seed: self.seed.to_string(),
            moves: self.record.iter().map(Move::to_string).collect(),
        }
    }

    /// Rebuilds a saved game by replaying every move from its start, refusing anything that
    /// does not replay.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Rules};
    /// let mut game = Game::new(Rules::QUINTANA);
    /// game.play_text("a2-a5").unwrap();
    /// let mut saved = game.save();
    /// assert_eq!(Game::restore(&saved).unwrap().position(), game.position());
    /// saved.moves.push("a5-a1".into());
    /// assert!(Game::restore(&saved).is_err());
    /// ```
    pub fn restore(saved: &SavedGame) -> Result<Game, RestoreError> {
        let rules = Rules::parse(&saved.rules).map_err(|e| RestoreError(e.to_string()))?;
        let start: Position = saved
            .start
            .parse()
            .map_err(|e| RestoreError(format!("start position: {e}")))?;
        let seed = parse_seed(&saved.seed).map_err(RestoreError)?;
        let mut game = Game::seeded(rules, start, seed);
        for (n, text) in saved.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| RestoreError(format!("move {} `{text}`: {e}", n + 1)))?;
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::Side;

    fn piso(seed: u64) -> Game {
        Game::seeded(Rules::PISO, Position::start(&Rules::PISO), seed)
    }

    #[test]
    fn undo_takes_back_moves_and_placements_to_the_start() {
        let mut game = Game::from_position(
            Rules::PISO,
            "8/8/8/8/8/8/8/8 w 2,2 0,0 0 -,-".parse().unwrap(),
        );
        let mut seen = vec![game.position().clone()];
        for text in ["@d4", "@d6", "@a1", "@h8", "d4-d5"] {
            game.play_text(text).unwrap();
            seen.push(game.position().clone());
        }
        assert_eq!(game.position().turn(), Side::Black);
        for text in ["d4-d5", "@h8", "@a1", "@d6", "@d4"] {
            seen.pop();
            assert_eq!(game.undo().map(|m| m.to_string()), Some(text.to_string()));
            assert_eq!(Some(game.position()), seen.last());
            assert_eq!(game.history().len(), game.record().len());
        }
        assert_eq!(game.undo(), None);
        assert_eq!(game.position(), game.start());
    }

    #[test]
    fn place_rest_replays_for_a_seed_and_differs_for_another() {
        let placed = |seed: u64| {
            let mut game = piso(seed);
            game.play_text("@a1").unwrap();
            let placed = game.place_rest();
            assert!(!game.position().is_placement_phase());
            assert_eq!(game.record().len(), 40);
            assert_eq!(game.history().len(), 40);
            (placed, game)
        };
        let (a, mut game) = placed(11);
        assert_eq!(a.len(), 39);
        assert_eq!(placed(11).0, a);
        assert_ne!(placed(12).0, a);
        for _ in 0..39 {
            game.undo();
        }
        assert_eq!(
            game.place_rest(),
            a,
            "same seed, same moves played, same draws"
        );
        let mut moving = Game::new(Rules::QUINTANA);
        assert!(moving.place_rest().is_empty());
    }

    #[test]
    fn turn_seed_mixes_the_seed_with_the_moves_played() {
        let mut game = piso(u64::MAX);
        let base = u64::MAX.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        assert_eq!(game.turn_seed(), base);
        game.play_text("@c3").unwrap();
        game.play_text("@c4").unwrap();
        assert_eq!(game.turn_seed(), base.wrapping_add(2));
    }

    #[test]
    fn next_game_starts_the_same_rules_afresh_with_a_derived_seed() {
        let mut game = Game::seeded(
            Rules::QUINTANA,
            "8/8/8/3B4/3W4/8/8/W6B w 0,0 0,0 0 -,-".parse().unwrap(),
            9,
        );
        game.play_text("d4-e4").unwrap();
        let next = game.next_game();
        let mut state = 9;
        assert_eq!(next.seed(), splitmix64(&mut state));
        assert_eq!(next.rules(), &Rules::QUINTANA);
        assert_eq!(next.start(), &Position::start(&Rules::QUINTANA));
        assert!(next.record().is_empty());
    }

    #[test]
    fn saved_games_replay_exactly_and_bad_ones_are_refused() {
        let mut game = piso(21);
        game.play_text("@e5").unwrap();
        game.place_rest();
        for _ in 0..10 {
            let Some(&mv) = game.legal_moves().first() else {
                break;
            };
            game.play(mv).unwrap();
        }
        let saved = game.save();
        assert_eq!(saved.rules, Rules::PISO.to_string());
        assert_eq!(saved.seed, "21");
        let back = Game::restore(&saved).unwrap();
        assert_eq!(back.position(), game.position());
        assert_eq!(back.record(), game.record());
        assert_eq!(back.seed(), game.seed());
        assert_eq!(back.turn_seed(), game.turn_seed());
        assert_eq!(back.save(), saved);

        let tamper = |change: &dyn Fn(&mut SavedGame), needle: &str| {
            let mut bad = saved.clone();
            change(&mut bad);
            let err = Game::restore(&bad).unwrap_err().to_string();
            assert!(err.contains(needle), "{err}");
        };
        tamper(&|s| s.moves[1] = s.moves[0].clone(), "move 2 `@e5`");
        tamper(&|s| s.moves[0] = "e4".into(), "not a move");
        tamper(&|s| s.moves.swap(40, 41), "move 41");
        tamper(&|s| s.rules = "chess".into(), "rules");
        tamper(&|s| s.start = "8/8".into(), "start position");
        tamper(&|s| s.seed = "x".into(), "whole number");
    }

    /// A game from `lfen` under `rules`, with `moves` played.
    fn after(rules: &str, lfen: &str, moves: &[&str]) -> Game {
        let rules = Rules::parse(rules).unwrap();
        let mut game = Game::from_position(rules, lfen.parse().unwrap());
        for mv in moves {
            game.play_text(mv).expect(mv);
        }
        game
    }

    #[test]
    fn no_move_brings_back_a_position_the_game_has_had() {
        let rules = "move=rook,noback=off,corner=off,win=all";
        let start = "7B/8/8/8/8/8/8/W7 w 0,0 0,0 0 -,-";
        let moves = ["a1-a2", "h8-h7", "a2-a1"];
        let back = Move::parse("h7-h8").unwrap();
        assert!(after(rules, start, &moves).legal_moves().contains(&back));
        let mut game = after(&format!("{rules},norepeat=on"), start, &moves);
        assert!(
            !game.legal_moves().contains(&back),
            "h7-h8 would bring back the start"
        );
        assert!(game.legal_moves().contains(&Move::parse("h7-h1").unwrap()));
        let refused = game.refusal(Some("h7"), "h8");
        assert_eq!(refused.as_ref().map(Refusal::code), Some("repeats"));
        assert_eq!(game.refusal(Some("h7"), "h1"), None);
        let before = game.position().clone();
        assert!(game.play(back).unwrap_err().0.contains("brings back"));
        assert_eq!(game.position(), &before, "a refused move changes nothing");
    }

    #[test]
    fn a_side_whose_every_move_repeats_has_no_move() {
        // Black's h7 can only go back to h8, which would bring back the start.
        let rules = "move=step,noback=off,corner=off,win=all,norepeat=on";
        let game = after(
            rules,
            "6WB/6W1/7W/8/8/8/8/W7 w 0,0 0,0 0 -,-",
            &["a1-a2", "h8-h7", "a2-a1"],
        );
        assert!(game.legal_moves().is_empty());
        let result = game.result().expect("over");
        assert_eq!(
            (result.outcome, result.reason),
            (Outcome::Win(Side::White), EndReason::NoMove)
        );
        assert_eq!(game.outcome(), Some(Outcome::Win(Side::White)));
        let free = after(
            "move=step,noback=off,corner=off,win=all",
            "6WB/6W1/7W/8/8/8/8/W7 w 0,0 0,0 0 -,-",
            &["a1-a2", "h8-h7", "a2-a1"],
        );
        assert_eq!(free.outcome(), None);
    }

    #[test]
    fn every_player_chooses_among_the_moves_the_history_allows() {
        use crate::latrunculi::ai::{alphabeta::AlphaBeta, mcts::Mcts, Level, Player};
        let rules = "move=rook,noback=off,corner=off,win=all,norepeat=on";
        let game = after(
            rules,
            "7B/8/8/8/8/8/8/W7 w 0,0 0,0 0 -,-",
            &["a1-a2", "h8-h7", "a2-a1"],
        );
        let back = Move::parse("h7-h8").unwrap();
        let (r, p) = (*game.rules(), game.position());
        for seed in 0..20 {
            for level in [Level::Random, Level::Easy, Level::Hard] {
                assert_ne!(
                    Player::new(level, seed).choose_in(&game),
                    Some(back),
                    "{level}"
                );
            }
            let ab = AlphaBeta::new(2, seed).choose_among(&r, p, game.legal_moves());
            assert_ne!(ab, Some(back));
            assert_ne!(
                Mcts::new(30, seed).choose_among(&r, p, &game.legal_moves()),
                Some(back)
            );
        }
    }
}
