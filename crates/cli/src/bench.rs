//! `ludi bench`: how fast the XII Scripta engine generates turns and plays random games.

use crate::{Args, UsageError};
use ludi_core::rng::Rng;
use ludi_core::scripta::{random_game, random_turn, Dice, Generator, Position, Side};
use std::process::ExitCode;
use std::time::Instant;

/// A fixed, reproducible set of positions with dice, taken from random games: every phase
/// of play (entering, racing, hitting, bearing off) appears.
pub fn sample_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::with_capacity(count);
    while positions.len() < count {
        let mut position = Position::start(Side::Albi);
        loop {
            let thrown = position.with_dice(Dice::throw(&mut rng));
            positions.push(thrown);
            let turn = random_turn(&thrown, &mut rng);
            if turn.result.winner().is_some() || positions.len() >= count {
                break;
            }
            position = turn.result;
        }
    }
    positions
}

pub fn run(args: &[String]) -> Result<ExitCode, UsageError> {
    let args = Args::parse(args, &["seconds"])?;
    let seconds: f64 = args.number("seconds", 3.0)?;
    if !(seconds > 0.0) {
        return Err(UsageError("--seconds must be positive".into()));
    }
    let positions = sample_positions(2_000, 2026);
    let mut generator = Generator::new();
    let (mut outcomes, mut throws) = (0u64, 0u64);
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        for position in &positions {
            outcomes += generator.turns(position).len() as u64;
        }
        throws += positions.len() as u64;
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "scripta turn generation: {:.2} M distinct outcomes/s, {:.0} throws/s ({:.1} outcomes per throw over {} positions)",
        outcomes as f64 / elapsed / 1e6,
        throws as f64 / elapsed,
        outcomes as f64 / throws as f64,
        positions.len()
    );
    let mut rng = Rng::new(7);
    let (mut games, mut turns) = (0u64, 0u64);
    let started = Instant::now();
    while started.elapsed().as_secs_f64() < seconds {
        let opener = if games % 2 == 0 { Side::Albi } else { Side::Nigri };
        turns += random_game(&mut rng, opener).1 as u64;
        games += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "scripta random games: {:.0} games/s ({:.1} turns per game)",
        games as f64 / elapsed,
        turns as f64 / games as f64
    );
    Ok(ExitCode::SUCCESS)
}
