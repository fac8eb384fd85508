//! XII Scripta engine speed: `cargo bench -p ludi-core --bench scripta`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludi_core::rng::Rng;
use ludi_core::scripta::{random_game, random_turn, Dice, Generator, Position, Side};
use std::hint::black_box;

/// Positions with dice from random games: every phase of play, reproducibly.
fn positions(count: usize) -> Vec<Position> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::with_capacity(count);
    let mut position = Position::start(Side::Albi);
    while out.len() < count {
        let thrown = position.with_dice(Dice::throw(&mut rng));
        out.push(thrown);
        let turn = random_turn(&thrown, &mut rng);
        position = if turn.result.winner().is_some() {
            Position::start(Side::Albi)
        } else {
            turn.result
        };
    }
    out
}

fn turn_generation(c: &mut Criterion) {
    let sample = positions(500);
    let mut generator = Generator::new();
    let outcomes: usize = sample.iter().map(|p| generator.turns(p).len()).sum();
    let mut group = c.benchmark_group("scripta");
    group.throughput(Throughput::Elements(outcomes as u64));
    group.bench_function("turns (500 throws, per distinct outcome)", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|p| generator.turns(black_box(p)).len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(7);
    group.bench_function("random game", |b| {
        b.iter(|| random_game(&mut rng, Side::Albi))
    });
    group.finish();
}

criterion_group!(benches, turn_generation);
criterion_main!(benches);
