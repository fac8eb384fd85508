//! XII Scripta engine speed: `cargo bench -p ludi-core --bench scripta`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludi_core::rng::Rng;
use ludi_core::scripta::{random_game, Rules, Side, Table};
use std::hint::black_box;

/// Tables with dice from random games under Austin and Murray's rules: every phase of play,
/// reproducibly.
fn tables(count: usize) -> Vec<Table> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::with_capacity(count);
    let start = Table::start(Rules::AUSTIN_MURRAY, Side::Albi);
    let mut table = start;
    while out.len() < count {
        let thrown = table.throw(&mut rng);
        let with_dice = table.with_dice(thrown);
        out.push(with_dice);
        let mut outcomes = with_dice.outcomes();
        let next = outcomes
            .swap_remove(rng.below(outcomes.len() as u32) as usize)
            .result;
        table = if next.winner().is_some() {
            start
        } else {
            let mut next = next;
            next.pass_turn(thrown);
            next
        };
    }
    out
}

fn turn_generation(c: &mut Criterion) {
    let sample = tables(500);
    let outcomes: usize = sample.iter().map(|t| t.outcomes().len()).sum();
    let mut group = c.benchmark_group("scripta");
    group.throughput(Throughput::Elements(outcomes as u64));
    group.bench_function("outcomes (500 throws, per distinct outcome)", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|t| black_box(t).outcomes().len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(7);
    group.bench_function("random game", |b| {
        b.iter(|| random_game(&Rules::AUSTIN_MURRAY, &mut rng, Side::Albi))
    });
    group.finish();
}

criterion_group!(benches, turn_generation);
criterion_main!(benches);
