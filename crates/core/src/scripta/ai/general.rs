//! The computer players under any [`Rules`] but Austin and Murray's, on the general engine.
//! `hard` and `expert` score every outcome with the network trained for the reading (each
//! preset's own, or one given with `Player::with_net_for`); where there is none (rules of
//! one's own) every level from `easy` up plays this hand-written evaluation. `easy` blurs it
//! with noise, as on the fast engine.
//!
//! [`Rules`]: crate::scripta::Rules

use super::features::encode_table;
use super::{Level, Net};
use crate::rng::Rng;
use crate::scripta::position::{Dice, Side};
use crate::scripta::table::{Table, TableTurn};
use crate::scripta::{Mark, Track};

/// The outcome of the throw a player of `level` drawing on `rng` picks in `table`, which
/// carries the dice; `net`, trained for the table's reading, scores the outcomes of `hard`
/// and `expert`.
pub(super) fn choose(
    level: Level,
    rng: &mut Rng,
    table: &Table,
    net: Option<&Net>,
) -> Option<TableTurn> {
    let mut outcomes = table.turns();
    if level == Level::Random {
        let i = rng.below(outcomes.len() as u32) as usize;
        return Some(outcomes.swap_remove(i));
    }
    if let (Level::Hard | Level::Expert, Some(net)) = (level, net) {
        let best = best_outcome(net, &outcomes, table.dice())?;
        return Some(outcomes.swap_remove(best));
    }
    let side = table.turn();
    let noise = if level == Level::Easy { 12.0 } else { 0.0 };
    let mut best: Option<(f64, TableTurn)> = None;
    for outcome in outcomes {
        let score = evaluate(&outcome.result, side) + noise * rng.unit();
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, outcome));
        }
    }
    best.map(|(_, turn)| turn)
}

/// The chance `net` gives the mover of outcome `result` of the throw `thrown`: 1 for a won
/// game, else its value of the table handed on, seen from the side to throw next (the
/// mover itself after a throw that gives another).
fn after_outcome(net: &Net, result: &Table, thrown: Dice) -> f32 {
    if result.winner().is_some() {
        return 1.0;
    }
    let mover = result.turn();
    let mut next = *result;
    next.pass_turn(thrown);
    let value = net.evaluate(&encode_table(&next));
    if next.turn() == mover {
        value
    } else {
        1.0 - value
    }
}

/// The index of the outcome `net` rates best for its mover (the first of equals).
pub(crate) fn best_outcome(net: &Net, outcomes: &[TableTurn], thrown: Dice) -> Option<usize> {
    let mut best: Option<(f32, usize)> = None;
    for (i, outcome) in outcomes.iter().enumerate() {
        let score = after_outcome(net, &outcome.result, thrown);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

/// How good `table` (after `side`'s move) is for `side`: the race, counters borne off, blots
/// within the enemy's reach, blocks standing in the enemy's way.
fn evaluate(table: &Table, side: Side) -> f64 {
    if let Some(winner) = table.winner() {
        return if winner == side { 1e6 } else { -1e6 };
    }
    let rules = *table.rules();
    let marks = rules.marks();
    let reach = if rules.sum { 6 * rules.dice } else { 6 };
    let pips = |s: Side| -> f64 {
        let tray = table.tray(s);
        let off = f64::from(tray.waiting + tray.sent_home) * f64::from(marks + 1);
        (1..=marks).filter_map(Mark::new).fold(off, |sum, m| {
            sum + f64::from(table.count(s, m)) * f64::from(marks + 1 - m.get())
        })
    };
    let mut score = pips(side.other()) - pips(side);
    score += 4.0 * f64::from(table.tray(side).borne_off);
    // Where the two sides meet: marks 7-30 on the split track, every mark on the S; the
    // other side numbers the same shared cell alike.
    let first_shared = match rules.track {
        Track::Shared => 1,
        Track::Split => rules.private_marks() + 1,
    };
    let enemy_behind = |s: Side, m: u8| -> bool {
        let lo = m.saturating_sub(reach).max(1);
        let tray = table.tray(s.other());
        let waiting = tray.waiting + tray.sent_home > 0 && m <= 6 && rules.track == Track::Shared;
        waiting
            || (lo..m).any(|b| {
                Mark::new(b).is_some_and(|mark| {
                    table.count(s.other(), mark) > 0
                        && (b >= first_shared || rules.track == Track::Split)
                })
            })
    };
    for m in (first_shared..=marks).filter_map(Mark::new) {
        let own = table.count(side, m);
        if own == 1 && enemy_behind(side, m.get()) {
            // A blot hit late costs its whole way so far.
            score -= 0.5 * f64::from(m.get()) + 3.0;
        }
        if own >= 2 {
            score += 2.0;
        }
        let theirs = table.count(side.other(), m);
        if theirs == 1 && enemy_behind(side.other(), m.get()) {
            score += 0.25 * f64::from(m.get());
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::super::Player;
    use super::*;
    use crate::scripta::{Rules, PRESETS};

    /// Plays one game between two levels under `rules`; the winner.
    fn game(rules: Rules, albi: Level, nigri: Level, seed: u64) -> Option<Side> {
        let mut dice = Rng::new(seed);
        let mut players = [
            Player::new(albi, seed).unwrap(),
            Player::new(nigri, seed + 1).unwrap(),
        ];
        let mut table = Table::start(rules, Side::Albi);
        for _ in 0..3000 {
            let thrown = table.throw(&mut dice);
            let turn = players[table.turn().index()].choose(&table.with_dice(thrown))?;
            table = turn.result;
            if let Some(w) = table.winner() {
                return Some(w);
            }
            table.pass_turn(thrown);
        }
        None
    }

    #[test]
    fn medium_beats_random_under_every_preset() {
        for id in PRESETS {
            let rules = Rules::parse(id).unwrap_or_default();
            let wins = (0..6)
                .filter(|&g| {
                    let (albi, nigri, medium) = if g % 2 == 0 {
                        (Level::Medium, Level::Random, Side::Albi)
                    } else {
                        (Level::Random, Level::Medium, Side::Nigri)
                    };
                    game(rules, albi, nigri, g) == Some(medium)
                })
                .count();
            assert!(wins >= 5, "{id}: medium won {wins} of 6");
        }
    }
}
