//! Latrunculi engine speed: `cargo bench -p ludi-core --bench latrunculi`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludi_core::latrunculi::ai::{Budget, Level, Player};
use ludi_core::latrunculi::{Game, Position, Rules};
use ludi_core::rng::Rng;
use std::hint::black_box;

/// Movement-phase positions from random games under both presets, reproducibly.
fn positions(rules: Rules, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::with_capacity(count);
    let mut game = Game::new(rules);
    while out.len() < count {
        if game.outcome().is_some() {
            game = Game::new(rules);
        }
        let moves = game.legal_moves();
        let mv = moves[rng.below(moves.len() as u32) as usize];
        game.play(mv).expect("a legal move");
        if !game.position().is_placement_phase() {
            out.push(game.position().clone());
        }
    }
    out
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("latrunculi");
    for (name, rules) in [("piso", Rules::PISO), ("quintana", Rules::QUINTANA)] {
        let sample = positions(rules, 500);
        let total: usize = sample.iter().map(|p| p.legal_moves(&rules).len()).sum();
        let mut moves = Vec::new();
        group.throughput(Throughput::Elements(total as u64));
        group.bench_function(
            format!("{name} legal moves (500 positions, per move)"),
            |b| {
                b.iter(|| {
                    sample
                        .iter()
                        .map(|p| {
                            black_box(p).legal_moves_into(&rules, &mut moves);
                            moves.len()
                        })
                        .sum::<usize>()
                })
            },
        );
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("latrunculi search");
    group.sample_size(10);
    let rules = Rules::QUINTANA;
    let start = Position::start(&rules);
    let budget = Budget {
        max_depth: 6,
        max_nodes: u64::MAX,
        max_millis: None,
    };
    group.bench_function("hard to depth 6, Quintana opening", |b| {
        b.iter(|| Player::new(Level::Hard, 1).think(&rules, black_box(&start), budget, None))
    });
    group.finish();
}

criterion_group!(benches, move_generation, search);
criterion_main!(benches);
