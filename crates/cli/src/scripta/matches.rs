//! `ludi scripta match P1 P2 --games N --seed S [--threads T] [--weights F] [--weights2 F]
//! [--rules R]`:
//! two computer players play N games. Each pair of games throws the same dice with the colours
//! swapped, so that luck cancels as far as it can; the same seed plays the same match on any
//! number of threads, under any reading. Besides the page's levels, `mcts` or `mcts:N` is the
//! reference UCT player with N playouts per move, under any reading.

use crate::{say, Args, Stopwatch, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::ai::mcts::{Mcts, DEFAULT_PLAYOUTS};
use ludi_core::scripta::ai::train::{game_seed, MAX_TURNS};
use ludi_core::scripta::ai::{builtin_net, Level, Net, Player, WeightsError};
use ludi_core::scripta::{Opener, Rules, Side, Table, TableTurn};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Who plays a side of a match: one of the page's levels or the reference UCT player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entrant {
    Level(Level),
    /// UCT with this many playouts per move.
    Mcts(u32),
}

impl FromStr for Entrant {
    type Err = String;

    fn from_str(s: &str) -> Result<Entrant, String> {
        let unknown = || {
            format!(
                "unknown player `{s}`: random, easy, medium, hard, expert, mcts or mcts:N \
                 (N playouts per move, 1 to 1000000)"
            )
        };
        match s.split_once(':') {
            None if s == "mcts" => Ok(Entrant::Mcts(DEFAULT_PLAYOUTS)),
            None => s.parse().map(Entrant::Level).map_err(|_| unknown()),
            Some(("mcts", n)) => match n.parse() {
                Ok(n) if (1..=1_000_000).contains(&n) => Ok(Entrant::Mcts(n)),
                _ => Err(unknown()),
            },
            Some(_) => Err(unknown()),
        }
    }
}

impl Entrant {
    fn name(self) -> String {
        match self {
            Entrant::Level(level) => level.name().into(),
            Entrant::Mcts(n) => format!("mcts:{n}"),
        }
    }

    /// This entrant as a player, whose `hard` and `expert` play `net`, trained for `reading`.
    fn player(self, seed: u64, net: &Arc<Net>, reading: Rules) -> Contestant {
        match self {
            Entrant::Level(level) => Contestant::Player(Box::new(Player::with_net_for(
                level,
                seed,
                reading,
                net.clone(),
            ))),
            Entrant::Mcts(n) => Contestant::Mcts(Mcts::new(n, seed)),
        }
    }
}

/// A player sitting at the board.
pub enum Contestant {
    Player(Box<Player>),
    Mcts(Mcts),
}

impl Contestant {
    fn choose(&mut self, table: &Table) -> Option<TableTurn> {
        match self {
            Contestant::Player(p) => p.choose(table),
            Contestant::Mcts(m) => m.choose(table),
        }
    }
}

/// Reads a weights file, or the compiled-in network without one.
pub fn network(path: Option<&str>) -> Result<Result<Arc<Net>, WeightsError>, UsageError> {
    match path.map(std::fs::read) {
        None => Ok(builtin_net()),
        Some(Ok(bytes)) => Ok(Net::from_bytes(&bytes).map(Arc::new)),
        Some(Err(e)) => Err(UsageError(format!("cannot read the weights: {e}"))),
    }
}

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(
        args,
        &["games", "seed", "threads", "weights", "weights2", "rules"],
    )?;
    let [p1, p2] = args.positional.as_slice() else {
        return Err(UsageError(
            "match needs two players: random, easy, medium, hard, expert, mcts or mcts:N".into(),
        ));
    };
    let rules = super::general::rules_option(args.get("rules"))?;
    let entrants: [Entrant; 2] = [
        p1.parse().map_err(UsageError)?,
        p2.parse().map_err(UsageError)?,
    ];
    let games: u64 = args.number("games", 200)?;
    let seed: u64 = args.number("seed", 1)?;
    let threads: usize = args.number("threads", 1)?;
    if games == 0 || !(1..=64).contains(&threads) {
        return Err(UsageError(
            "--games must be at least 1 and --threads 1 to 64".into(),
        ));
    }
    // `hard` and `expert` play the compiled-in network unless a weights file is named;
    // `--weights2` gives the second player its own, to pit two networks against each other.
    // A file named is a network for the match's reading; without one each reading plays its
    // own compiled-in network, and rules of one's own the network they borrow
    // (`ai::network_reading`) or, where none, the hand-written evaluation.
    let (first_path, second_path) = (args.get("weights"), args.get("weights2"));
    let first = network(first_path)?;
    let second = match second_path {
        None => first.clone(),
        path => network(path)?,
    };
    let named = [first_path.is_some(), second_path.or(first_path).is_some()];
    let readings = named.map(|n| if n { rules } else { Rules::AUSTIN_MURRAY });
    let nets = match (first, second) {
        (Ok(a), Ok(b)) => [a, b],
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("ludi: the network cannot play: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let make = |side: usize, game: u64| {
        let seed = game_seed(seed ^ ((side as u64 + 1) << 32), game);
        entrants[side].player(seed, &nets[side], readings[side])
    };
    let started = Instant::now();
    let outcome = play_match(
        |game| Ok::<_, WeightsError>((make(0, game), make(1, game))),
        rules,
        games,
        seed,
        threads,
    );
    let outcome = match outcome {
        Ok(o) => o,
        Err(e) => {
            eprintln!("ludi: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let (name1, name2) = (entrants[0].name(), entrants[1].name());
    if !rules.is_default() {
        say(format_args!("rules: {}", rules.name()));
    }
    say(format_args!(
        "games: {games} in pairs with the same dice and colours swapped, {:.0} s",
        started.elapsed().as_secs_f64()
    ));
    if outcome.unfinished > 0 {
        say(format_args!(
            "unfinished after {MAX_TURNS} turns: {}",
            outcome.unfinished
        ));
    }
    let (rate, low, high) = outcome.win_rate();
    say(format_args!(
        "{name1} win rate: {:.1}% (95% CI {:.1}%-{:.1}%)",
        100.0 * rate,
        100.0 * low,
        100.0 * high
    ));
    for (name, times) in [(&name1, &outcome.think[0]), (&name2, &outcome.think[1])] {
        let (median, max) = median_max(times);
        say(format_args!(
            "{name} think per turn (CPU): median {median:.3} ms, max {max:.3} ms"
        ));
    }
    say(format_args!(
        "{name1} {} {name2} {}",
        outcome.wins[0], outcome.wins[1]
    ));
    Ok(ExitCode::SUCCESS)
}

/// What a match came to: wins of each player, games cut off unfinished, and each player's
/// think time per turn in milliseconds.
pub struct Outcome {
    pub wins: [u64; 2],
    pub unfinished: u64,
    pub think: [Vec<f64>; 2],
}

impl Outcome {
    /// The first player's share of finished games, with its 95% Wilson interval.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        wilson(self.wins[0], self.wins[0] + self.wins[1])
    }
}

/// The share `wins / n` with its 95% Wilson interval; (0, 0, 1) for no games.
pub fn wilson(wins: u64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 1.0);
    }
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    // Clamped so that rounding never prints a bound outside 0-100% (nor a minus zero).
    let low = if centre - half > 0.0 {
        centre - half
    } else {
        0.0
    };
    (p, low, (centre + half).min(1.0))
}

fn median_max(times: &[f64]) -> (f64, f64) {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    (median, sorted.last().copied().unwrap_or(0.0))
}

/// Plays `games` games between the players `players(game)` makes for each game, on
/// `threads` threads (this one alone for one). Games 2k and 2k+1 throw the same dice; the first player plays Albi
/// in the even game and Nigri in the odd one, and opens both games of every other pair.
pub fn play_match<E: Send>(
    players: impl Fn(u64) -> Result<(Contestant, Contestant), E> + Sync,
    rules: Rules,
    games: u64,
    seed: u64,
    threads: usize,
) -> Result<Outcome, E> {
    let next = AtomicU64::new(0);
    let total = Mutex::new(Ok(Outcome {
        wins: [0; 2],
        unfinished: 0,
        think: [Vec::new(), Vec::new()],
    }));
    let work = || loop {
        let game = next.fetch_add(1, Ordering::Relaxed);
        if game >= games {
            break;
        }
        let result = players(game).map(|(p1, p2)| play_game(p1, p2, rules, game, seed));
        let mut total = total.lock().unwrap_or_else(|e| e.into_inner());
        match (result, total.as_mut()) {
            (Ok((winner, think)), Ok(outcome)) => {
                match winner {
                    Some(i) => outcome.wins[i] += 1,
                    None => outcome.unfinished += 1,
                }
                for (all, mine) in outcome.think.iter_mut().zip(think) {
                    all.extend(mine);
                }
            }
            (Err(e), Ok(_)) => *total = Err(e),
            _ => {}
        }
    };
    // One thread is this one: no thread is started (WASI, where `cargo xtask wasm-speed` plays
    // matches, has none to start).
    if threads <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// One game of the match under `rules`: the index of the winning player (0 for the first),
/// if any, and each player's think times. The opener is the first player in alternate pairs,
/// or the higher opening throw where the rules say so.
fn play_game(
    p1: Contestant,
    p2: Contestant,
    rules: Rules,
    game: u64,
    seed: u64,
) -> (Option<usize>, [Vec<f64>; 2]) {
    let pair = game / 2;
    let first_side = if game.is_multiple_of(2) {
        Side::Albi
    } else {
        Side::Nigri
    };
    let mut dice = Rng::new(game_seed(seed, pair));
    let opener = match rules.opener {
        Opener::Albi if pair.is_multiple_of(2) => first_side,
        Opener::Albi => first_side.other(),
        Opener::Throw => Table::opening_throw(&rules, &mut dice).0,
    };
    let mut players = [p1, p2];
    let mut think = [Vec::new(), Vec::new()];
    let mut table = Table::start(rules, opener);
    for _ in 0..MAX_TURNS {
        let thrown = table.throw(&mut dice);
        let who = usize::from(table.turn() != first_side);
        let clock = Stopwatch::start();
        let turn = players[who].choose(&table.with_dice(thrown));
        think[who].push(clock.cpu() * 1e3);
        let Some(turn) = turn else {
            break;
        };
        table = turn.result;
        if let Some(winner) = table.winner() {
            return (Some(usize::from(winner != first_side)), think);
        }
        table.pass_turn(thrown);
    }
    (None, think)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let o = Outcome {
            wins: [650, 350],
            unfinished: 0,
            think: [vec![], vec![]],
        };
        let (p, low, high) = o.win_rate();
        assert!((p - 0.65).abs() < 1e-12);
        assert!(low < p && p < high);
        assert!((high - low - 0.059).abs() < 0.002, "{low} {high}");
    }

    #[test]
    fn a_match_replays_from_its_seed_on_any_number_of_threads() {
        let make = |game: u64| {
            Ok::<_, WeightsError>((
                Contestant::Player(Box::new(Player::new(Level::Easy, game)?)),
                Contestant::Mcts(Mcts::new(4, game)),
            ))
        };
        let one = play_match(make, Rules::default(), 6, 3, 1).unwrap();
        let two = play_match(make, Rules::default(), 6, 3, 2).unwrap();
        assert_eq!(one.wins, two.wins);
        assert_eq!(one.wins[0] + one.wins[1] + one.unfinished, 6);
    }

    #[test]
    fn entrants_read_from_their_names() {
        assert_eq!("hard".parse(), Ok(Entrant::Level(Level::Hard)));
        assert_eq!("mcts".parse(), Ok(Entrant::Mcts(DEFAULT_PLAYOUTS)));
        assert_eq!("mcts:250".parse(), Ok(Entrant::Mcts(250)));
        for bad in ["mcts:0", "mcts:x", "mcts:", "hard:3", "grandmaster"] {
            assert!(bad.parse::<Entrant>().is_err(), "{bad}");
        }
        assert_eq!(Entrant::Mcts(250).name(), "mcts:250");
    }
}
