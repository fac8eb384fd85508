//! Computer players: `random`, and three levels of alpha-beta search that differ in how far
//! they look and how much noise blurs their judgement. Beside them, two reference opponents
//! for measuring the levels, of the kinds general game systems play any game with:
//! [`mcts`] (UCT with random playouts) and [`alphabeta`] (plain alpha-beta on material).
//!
//! Deterministic: a player built from a seed, given the same positions and budgets, plays the
//! same moves. Budgets count nodes (deterministic); a time limit is an optional extra, read
//! from a [`Clock`] that the caller supplies, since `ludi-core` has no clock of its own.

pub mod alphabeta;
mod eval;
pub mod mcts;
mod search;
mod tt;

pub use search::Report;

use super::game::Game;
use super::moves::Move;
use super::position::Position;
use super::rules::Rules;
use crate::rng::{splitmix64, Rng};
use search::Searcher;
use std::fmt;
use std::str::FromStr;

pub use crate::clock::Clock;

/// How much a search may do: it stops at whichever limit comes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub max_depth: u32,
    pub max_nodes: u64,
    /// Milliseconds by the caller's clock; ignored without a clock.
    pub max_millis: Option<f64>,
}

/// The players, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A uniformly random legal move.
    Random,
    /// One ply and captures, with a lot of noise in its judgement.
    Easy,
    /// Two plies and captures with the full evaluation.
    Medium,
    /// Iterative deepening as far as 25,000 nodes go, captures, full evaluation.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The deterministic budget used in matches and tests.
    pub fn budget(self) -> Budget {
        let (max_depth, max_nodes) = match self {
            Level::Random => (0, 0),
            Level::Easy => (1, 5_000),
            Level::Medium => (2, 20_000),
            Level::Hard => (64, 25_000),
        };
        Budget {
            max_depth,
            max_nodes,
            max_millis: None,
        }
    }

    /// Amplitude of the evaluation noise, in hundredths of a counter.
    fn noise(self) -> i32 {
        match self {
            Level::Easy => 80,
            _ => 4,
        }
    }

    fn table_bits(self) -> u32 {
        match self {
            Level::Random | Level::Easy => 12,
            Level::Medium => 16,
            Level::Hard => 18,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == text)
            .ok_or_else(|| format!("unknown player `{text}` (players: random, easy, medium, hard)"))
    }
}

/// A computer player with its own random stream and search memory.
pub struct Player {
    level: Level,
    rng: Rng,
    searcher: Searcher,
}

impl Player {
    pub fn new(level: Level, seed: u64) -> Player {
        let mut state = seed;
        let noise_seed = splitmix64(&mut state);
        Player {
            level,
            rng: Rng::new(seed),
            searcher: Searcher::new(level.table_bits(), eval::WEIGHTS, level.noise(), noise_seed),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The page's hint: the strongest player with a fixed seed, so one position always gets
    /// the same hint.
    pub fn hint() -> Player {
        Player::new(Level::Hard, 0)
    }

    /// Forgets the previous game and reseeds, so that one player can play many games.
    pub fn new_game(&mut self, seed: u64) {
        let mut state = seed;
        let noise_seed = splitmix64(&mut state);
        self.rng = Rng::new(seed);
        self.searcher.reset(noise_seed);
    }

    /// The move this player makes, within its level's deterministic budget; `None` when the
    /// game is over.
    pub fn choose(&mut self, rules: &Rules, position: &Position) -> Option<Move> {
        self.think(rules, position, self.level.budget(), None)
            .map(|r| r.best)
    }

    /// The move this player makes in `game`, among the moves its history allows (under
    /// `norepeat=on`, none that repeats a position).
    pub fn choose_in(&mut self, game: &Game) -> Option<Move> {
        let budget = self.level.budget();
        self.think_among(
            game.rules(),
            game.position(),
            game.legal_moves(),
            budget,
            None,
        )
        .map(|r| r.best)
    }

    /// The move within `budget`, and what the search saw. A time limit needs `clock`.
    pub fn think(
        &mut self,
        rules: &Rules,
        position: &Position,
        budget: Budget,
        clock: Option<&dyn Clock>,
    ) -> Option<Report> {
        self.think_among(rules, position, position.legal_moves(rules), budget, clock)
    }

    /// [`Player::think`] choosing among `moves`, some of the position's legal moves.
    pub fn think_among(
        &mut self,
        rules: &Rules,
        position: &Position,
        moves: Vec<Move>,
        budget: Budget,
        clock: Option<&dyn Clock>,
    ) -> Option<Report> {
        if self.level == Level::Random {
            if position.outcome(rules).is_some() {
                return None;
            }
            let best = *moves.get(self.rng.below(moves.len().max(1) as u32) as usize)?;
            return Some(Report {
                best,
                score: 0,
                depth: 0,
                nodes: 0,
                line: vec![best],
            });
        }
        self.searcher.search(rules, position, moves, budget, clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::Side;

    fn pos(lfen: &str) -> Position {
        lfen.parse().expect(lfen)
    }

    #[test]
    fn every_level_takes_a_free_counter() {
        // c1-c2 takes c3 against c4.
        let lfen = "8/8/8/8/2W5/2B5/8/2W4B w 0,0 0,0 0 -,-";
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let mut player = Player::new(level, 1);
            let mv = player.choose(&Rules::QUINTANA, &pos(lfen));
            assert_eq!(
                mv.map(|m| m.to_string()),
                Some("c1-c2".to_string()),
                "{level}"
            );
        }
    }

    #[test]
    fn search_scores_a_side_that_plays_twice_as_itself() {
        // White places its last counter and then moves first: a placement next to d2 lets the
        // move onto d2 take d3 against d4. A search that took its own next move for the
        // opponent's would shun exactly those placements.
        let start = pos("7B/8/8/8/3W4/3B4/8/B7 w 1,0 0,0 0 -,-");
        for level in [Level::Medium, Level::Hard] {
            let mut player = Player::new(level, 1);
            let placed = player.choose(&Rules::PISO, &start).expect("a placement");
            let after = start.apply(&Rules::PISO, placed).unwrap();
            assert_eq!(after.turn(), Side::White, "{level}: {placed}");
            let mut captures = Vec::new();
            after.capture_moves_into(&Rules::PISO, &mut captures);
            assert!(!captures.is_empty(), "{level}: {placed} leaves no capture");
        }
        let mut reference = super::alphabeta::AlphaBeta::new(2, 1);
        let placed = reference.choose(&Rules::PISO, &start).expect("a placement");
        let mut captures = Vec::new();
        start
            .apply(&Rules::PISO, placed)
            .unwrap()
            .capture_moves_into(&Rules::PISO, &mut captures);
        assert!(!captures.is_empty(), "ab:2: {placed} leaves no capture");
    }

    #[test]
    fn search_plays_on_with_a_leap_that_wins_on_its_second_hop() {
        // a1 leaps over a2 to a3 (no capture), then over black's a4 to a5, taking a6 against
        // a7 and leaving black one counter: the same side moves twice, which the search must
        // score as its own, not as the opponent's.
        let rules = Rules {
            leap: crate::latrunculi::Leap::Any,
            ..Rules::PISO
        };
        let start = pos("8/W7/B7/8/B7/8/W7/W7 w 0,0 0,0 0 -,-");
        for level in [Level::Medium, Level::Hard] {
            let mut player = Player::new(level, 1);
            let first = player.choose(&rules, &start).expect("a move");
            assert_eq!(first.to_string(), "a1-a3", "{level}");
            let midway = start.apply(&rules, first).unwrap();
            let second = player.choose(&rules, &midway).expect("a move");
            assert_eq!(second.to_string(), "a3-a5", "{level}");
        }
        let mut reference = super::alphabeta::AlphaBeta::new(2, 1);
        assert_eq!(
            reference.choose(&rules, &start).map(|m| m.to_string()),
            Some("a1-a3".into())
        );
    }

    #[test]
    fn search_saves_a_threatened_counter() {
        // Black's c3-c2 would take d2 against e2.
        let lfen = "7W/8/8/8/8/2B5/3WB3/W7 w 0,0 0,0 0 -,-";
        let rules = Rules::PISO;
        let mut player = Player::new(Level::Hard, 3);
        let position = pos(lfen);
        let mv = player.choose(&rules, &position).expect("a move");
        let after = position.apply(&rules, mv).expect("legal");
        let mut opponent = Player::new(Level::Hard, 4);
        let reply = opponent.choose(&rules, &after).expect("a reply");
        let after_reply = after.apply(&rules, reply).expect("legal");
        assert_eq!(after_reply.counters(Side::White), 3, "{mv} then {reply}");
    }

    #[test]
    fn same_seed_same_moves() {
        let rules = Rules::QUINTANA;
        let position = Position::start(&rules);
        let a =
            Player::new(Level::Medium, 9).think(&rules, &position, Level::Medium.budget(), None);
        let b =
            Player::new(Level::Medium, 9).think(&rules, &position, Level::Medium.budget(), None);
        assert_eq!(a, b);
    }

    #[test]
    fn hard_reaches_depth_six_in_the_quintana_opening_on_enough_nodes() {
        let rules = Rules::QUINTANA;
        let budget = Budget {
            max_depth: 6,
            max_nodes: 400_000,
            max_millis: None,
        };
        let report = Player::new(Level::Hard, 1)
            .think(&rules, &Position::start(&rules), budget, None)
            .expect("a move");
        assert_eq!(report.depth, 6, "{report:?}");
    }

    #[test]
    fn hard_looks_deeper_than_medium_on_kharebgas_largest_board() {
        // Two medium players' game on 11 x 16, 26 moves after the placing: many captures
        // stand open at once, and capture sequences must not eat hard's whole budget.
        let rules = Rules::parse("kharebga-11x16").expect("a preset");
        let position = pos("WBBWBBWBWWB/BWBWWBWWWBB/BWWBWWWWBBW/WBWWWBBWWBB/WBBWWWBBWWB/B2BB1BBBWW/B1BB4BBW/WWBBBWW1WWB/WWBB3WWWB/BBWWW2W1BB/WBBW1W1WW1W/WWBBWWW1WWW/BWWBBBW3B/BBWWBBBBW1B/BBBWWWBBBWW/BWBBWBWWBBW w 0,0 12,9 0 g6-g9,g10-g11");
        let depth = |level: Level| {
            let report = Player::new(level, 1).think(&rules, &position, level.budget(), None);
            report.expect("a move").depth
        };
        assert!(depth(Level::Hard) > depth(Level::Medium));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let over = pos("8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-");
        for level in Level::ALL {
            assert_eq!(Player::new(level, 1).choose(&Rules::PISO, &over), None);
        }
    }

    #[test]
    fn a_clock_stops_the_search() {
        let rules = Rules::QUINTANA;
        let budget = Budget {
            max_depth: 64,
            max_nodes: u64::MAX,
            max_millis: Some(20.0),
        };
        let clock = crate::clock::Ticking::new(1.0);
        let report = Player::new(Level::Hard, 1)
            .think(&rules, &Position::start(&rules), budget, Some(&clock))
            .expect("a move");
        assert!(report.depth < 64);
    }
}
