//! A game in progress: the rules, the current position and the moves played so far.

use super::moves::Move;
use super::position::{IllegalMove, Outcome, Position};
use super::rules::Rules;
use crate::rng::Rng;

/// A game under one set of rules, from the start or from any LFEN position.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    position: Position,
    record: Vec<Move>,
}

impl Game {
    /// A new game from the rules' start position.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(rules, Position::start(&rules))
    }

    /// A game continuing from `position` (parse LFEN with `str::parse`).
    pub fn from_position(rules: Rules, position: Position) -> Game {
        Game {
            rules,
            position,
            record: Vec::new(),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves and placements played in this game, in order.
    pub fn record(&self) -> &[Move] {
        &self.record
    }

    /// Every legal move now; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position.legal_moves(&self.rules)
    }

    /// Plays `mv` if it is legal and the game is not over.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove(format!(
                "the game is over ({})",
                outcome.name()
            )));
        }
        self.position = self.position.apply(&self.rules, mv)?;
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

    /// "Place the rest for me": every remaining placement of both sides, on random empty
    /// squares, in the usual alternating order. Returns the placements made.
    pub fn place_rest(&mut self, rng: &mut Rng) -> Vec<Move> {
        let mut placed = Vec::new();
        let mut moves = Vec::new();
        while self.position.is_placement_phase() {
            self.position.legal_moves_into(&self.rules, &mut moves);
            let Some(&mv) = moves.get(rng.below(moves.len() as u32) as usize) else {
                break;
            };
            self.position.play(&self.rules, mv);
            self.record.push(mv);
            placed.push(mv);
        }
        placed
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome(&self.rules)
    }
}
