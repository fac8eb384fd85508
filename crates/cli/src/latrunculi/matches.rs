//! `ludi latrunculi match P1 P2`: two computer players over many games, colours alternating,
//! with their think times and P1's win rate with a 95% confidence interval. Besides the
//! page's levels, two reference opponents: `mcts` or `mcts:N` (UCT with N random playouts a
//! move) and `ab` or `ab:D` (plain alpha-beta on material to depth D).

use super::{outcome_index, rules_option};
use crate::{games_and_seed, say, Args, Stopwatch, UsageError};
use ludi_core::latrunculi::ai::alphabeta::{self, AlphaBeta};
use ludi_core::latrunculi::ai::mcts::{self, Mcts};
use ludi_core::latrunculi::ai::{Level, Player};
use ludi_core::latrunculi::{Game, Move, Outcome, Rules, Side};
use ludi_core::rng::splitmix64;
use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Instant;

/// Who plays a side of a match: one of the page's levels or a reference opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entrant {
    Level(Level),
    /// UCT with this many playouts per move.
    Mcts(u32),
    /// Alpha-beta on material to this depth.
    Ab(u32),
}

impl FromStr for Entrant {
    type Err = String;

    fn from_str(s: &str) -> Result<Entrant, String> {
        let unknown = || {
            format!(
                "unknown player `{s}`: random, easy, medium, hard, mcts or mcts:N (N playouts \
                 a move, 1 to 1000000), ab or ab:D (depth 1 to 8)"
            )
        };
        let number = |n: &str, most: u32| match n.parse::<u32>() {
            Ok(n) if (1..=most).contains(&n) => Ok(n),
            _ => Err(unknown()),
        };
        match s.split_once(':') {
            None if s == "mcts" => Ok(Entrant::Mcts(mcts::DEFAULT_PLAYOUTS)),
            None if s == "ab" => Ok(Entrant::Ab(alphabeta::DEFAULT_DEPTH)),
            None => s.parse().map(Entrant::Level).map_err(|_| unknown()),
            Some(("mcts", n)) => number(n, 1_000_000).map(Entrant::Mcts),
            Some(("ab", d)) => number(d, 8).map(Entrant::Ab),
            Some(_) => Err(unknown()),
        }
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entrant::Level(level) => write!(f, "{level}"),
            Entrant::Mcts(n) => write!(f, "mcts:{n}"),
            Entrant::Ab(d) => write!(f, "ab:{d}"),
        }
    }
}

impl Entrant {
    fn seat(self, seed: u64) -> Seat {
        match self {
            Entrant::Level(level) => Seat::Player(Player::new(level, seed)),
            Entrant::Mcts(n) => Seat::Mcts(Mcts::new(n, seed)),
            Entrant::Ab(d) => Seat::Ab(AlphaBeta::new(d, seed)),
        }
    }
}

/// A player sitting at the board.
enum Seat {
    Player(Player),
    Mcts(Mcts),
    Ab(AlphaBeta),
}

impl Seat {
    fn new_game(&mut self, seed: u64) {
        match self {
            Seat::Player(p) => p.new_game(seed),
            Seat::Mcts(p) => p.new_game(seed),
            Seat::Ab(p) => p.new_game(seed),
        }
    }

    /// Its move in `game`, among those the game's history allows (`norepeat=on`).
    fn choose(&mut self, game: &Game) -> Option<Move> {
        let (rules, position) = (game.rules(), game.position());
        match self {
            Seat::Player(p) => p.choose_in(game),
            Seat::Mcts(p) => p.choose_among(rules, position, &game.legal_moves()),
            Seat::Ab(p) => p.choose_among(rules, position, game.legal_moves()),
        }
    }
}

/// One finished game, seen from P1 and P2.
struct Played {
    /// 0 when P1 won, 1 when P2 won, 2 for a draw.
    result: usize,
    /// CPU milliseconds per move (placements included) of P1 and P2.
    think: [Vec<f64>; 2],
}

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["rules", "games", "seed", "threads"])?;
    let [p1, p2] = match args.positional.as_slice() {
        [a, b] => [entrant(a)?, entrant(b)?],
        _ => {
            return Err(UsageError(
                "match takes two players (random, easy, medium, hard, mcts[:N], ab[:D])".into(),
            ))
        }
    };
    let rules = rules_option(&args)?;
    let (games, seed) = games_and_seed(&args)?;
    let threads: u64 = args.number("threads", 1)?;
    if threads == 0 {
        return Err(UsageError("--threads must be at least 1".into()));
    }
    let started = Instant::now();
    let played: Vec<Played> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut players = [p1.seat(seed), p2.seat(seed)];
                    (t..games)
                        .step_by(threads as usize)
                        .map(|index| play_one(&rules, &mut players, seed, index))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    if played.len() as u64 != games {
        return Err(UsageError("a match thread failed".into()));
    }
    let mut tally = [0u64; 3];
    for game in &played {
        tally[game.result] += 1;
    }
    say(format_args!("rules: {rules}"));
    say(format_args!("games: {games} (seed {seed}, threads {threads}, colours alternate, {p1} white in the first)"));
    for (i, level) in [p1, p2].into_iter().enumerate() {
        let mut times: Vec<f64> = played
            .iter()
            .flat_map(|g| g.think[i].iter().copied())
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
        let max = times.last().copied().unwrap_or(0.0);
        say(format_args!(
            "{level} think time per move (CPU): median {median:.2} ms, max {max:.2} ms ({} moves)",
            times.len()
        ));
    }
    say(format_args!("draws: {}", tally[2]));
    let decided = tally[0] + tally[1];
    if decided > 0 {
        let (low, high) = wilson(tally[0], decided);
        say(format_args!(
            "{p1} win rate: {:.1}% of {decided} decided games (95% CI {:.1}%-{:.1}%)",
            100.0 * tally[0] as f64 / decided as f64,
            100.0 * low,
            100.0 * high
        ));
    } else {
        say(format_args!("{p1} win rate: no decided games"));
    }
    say(format_args!(
        "wall time: {:.1} s",
        started.elapsed().as_secs_f64()
    ));
    say(format_args!("{p1} {} {p2} {}", tally[0], tally[1]));
    Ok(ExitCode::SUCCESS)
}

fn entrant(name: &str) -> Result<Entrant, UsageError> {
    name.parse().map_err(UsageError)
}

/// Game `index`: P1 is white in even games; each game reseeds both players from the seed.
fn play_one(rules: &Rules, players: &mut [Seat; 2], seed: u64, index: u64) -> Played {
    let mut state = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for player in players.iter_mut() {
        player.new_game(splitmix64(&mut state));
    }
    let p1_side = if index & 1 == 0 {
        Side::White
    } else {
        Side::Black
    };
    let mut game = Game::new(*rules);
    let mut think = [Vec::new(), Vec::new()];
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break outcome;
        }
        let who = usize::from(game.position().turn() != p1_side);
        let started = Stopwatch::start();
        let choice = players[who].choose(&game);
        think[who].push(started.cpu() * 1000.0);
        match choice.map(|mv| game.play(mv)) {
            Some(Ok(())) => {}
            // A player that cannot move in a game not over would be a bug; score it as a loss.
            _ => break Outcome::Win(if who == 0 { p1_side.other() } else { p1_side }),
        }
    };
    let result = match outcome_index(outcome) {
        2 => 2,
        side => usize::from(side != p1_side.index()),
    };
    Played { result, think }
}

/// Wilson score interval at 95% for `wins` out of `n`.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    let z = 1.96;
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entrants_parse_levels_and_references() {
        assert_eq!("hard".parse(), Ok(Entrant::Level(Level::Hard)));
        assert_eq!("mcts".parse(), Ok(Entrant::Mcts(mcts::DEFAULT_PLAYOUTS)));
        assert_eq!("mcts:250".parse(), Ok(Entrant::Mcts(250)));
        assert_eq!("ab".parse(), Ok(Entrant::Ab(alphabeta::DEFAULT_DEPTH)));
        assert_eq!("ab:2".parse(), Ok(Entrant::Ab(2)));
        for bad in [
            "mcts:0", "mcts:x", "ab:", "ab:9", "ab:0", "hard:3", "expert",
        ] {
            assert!(bad.parse::<Entrant>().is_err(), "{bad}");
        }
        assert_eq!(Entrant::Mcts(250).to_string(), "mcts:250");
        assert_eq!(Entrant::Ab(4).to_string(), "ab:4");
    }

    #[test]
    fn wilson_interval_matches_a_worked_example() {
        // 190 of 200: p = 0.95, Wilson 95% interval about 0.910-0.973.
        let (low, high) = wilson(190, 200);
        assert!(
            (low - 0.9102).abs() < 0.001 && (high - 0.9726).abs() < 0.001,
            "{low} {high}"
        );
    }
}
