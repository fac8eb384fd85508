//! XII Scripta engine speed: `cargo bench -p ludi-core --bench scripta`. Turn generation on
//! the same Austin and Murray positions by the fast generator ([`Table::turns`]) and the
//! general one ([`Table::turns_general`]), then random games.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludi_core::rng::Rng;
use ludi_core::scripta::{Rules, Side, Table};
use std::hint::black_box;

/// Positions with dice from random games: every phase of play, reproducibly.
fn positions(count: usize) -> Vec<Table> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::with_capacity(count);
    let mut table = Table::start(Rules::AUSTIN_MURRAY, Side::Albi);
    while out.len() < count {
        let thrown = table.throw(&mut rng);
        let with_dice = table.with_dice(thrown);
        out.push(with_dice);
        table = with_dice.random_turn(&mut rng).result;
        table.pass_turn(thrown);
        if table.winner().is_some() {
            table = Table::start(Rules::AUSTIN_MURRAY, Side::Albi);
        }
    }
    out
}

/// A game between two random players: its number of turns.
fn random_game(rng: &mut Rng) -> usize {
    let mut table = Table::start(Rules::AUSTIN_MURRAY, Side::Albi);
    let mut turns = 0;
    while table.winner().is_none() {
        let thrown = table.throw(rng);
        table = table.with_dice(thrown).random_turn(rng).result;
        table.pass_turn(thrown);
        turns += 1;
    }
    turns
}

fn turn_generation(c: &mut Criterion) {
    let sample = positions(500);
    let outcomes: usize = sample.iter().map(|t| t.turns().len()).sum();
    let mut group = c.benchmark_group("scripta");
    group.throughput(Throughput::Elements(outcomes as u64));
    group.bench_function("turns (500 throws, per distinct outcome)", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|t| black_box(t).turns().len())
                .sum::<usize>()
        })
    });
    group.bench_function("turns_general (the same throws)", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|t| black_box(t).turns_general().len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(7);
    group.bench_function("random game", |b| b.iter(|| random_game(&mut rng)));
    group.finish();
}

criterion_group!(benches, turn_generation);
criterion_main!(benches);
