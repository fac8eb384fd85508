//! The computer players under any [`Rules`] but Austin and Murray's, on the general engine.
//! `hard` and `expert` score every outcome with the network that plays the rules (each
//! preset's own, a preset's whose inputs mean the same under rules of one's own, or one given
//! with `Player::with_net_for`), and `expert` searches the best few one throw deeper, as on
//! the fast engine; where no network plays them every level from `easy` up plays this
//! hand-written evaluation. `easy` blurs it with noise, as on the fast engine.
//!
//! [`Rules`]: crate::scripta::Rules

use super::features::encode_table;
use super::{Clock, Level, Net, Search};
use crate::rng::Rng;
use crate::scripta::position::{Dice, Side};
use crate::scripta::table::{Table, TableTurn};
use crate::scripta::{Mark, Track};

/// The outcome of the throw a player of `level` drawing on `rng` picks in `table`, which
/// carries the dice; `net`, trained for the table's reading, scores the outcomes of `hard`
/// and `expert`, and `expert` searches as far as `search` and the time on the clock allow.
pub(super) fn choose(
    level: Level,
    rng: &mut Rng,
    table: &Table,
    net: Option<&Net>,
    search: Search,
    time: Option<(&dyn Clock, f64)>,
) -> Option<TableTurn> {
    let mut outcomes = table.turns();
    if level == Level::Random {
        let i = rng.below(outcomes.len() as u32) as usize;
        return Some(outcomes.swap_remove(i));
    }
    if let (Level::Hard | Level::Expert, Some(net)) = (level, net) {
        let thrown = table.dice();
        let mut scored: Vec<(f32, usize)> = outcomes
            .iter()
            .enumerate()
            .map(|(i, o)| (after_outcome(net, &o.result, thrown), i))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let &(best, first) = scored.first()?;
        let chosen = if level == Level::Hard || best >= 1.0 || scored.len() == 1 {
            first
        } else {
            let throws = throws(table.rules().dice);
            search.deepest(&scored, time, |i, left| {
                one_ply(net, &outcomes[i].result, thrown, &throws, left)
            })
        };
        return Some(outcomes.swap_remove(chosen));
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

/// The mover's chance after `result` of the throw `thrown`, averaged over the next throw
/// (the other side's, or its own when `thrown` gives another), each answered by the outcome
/// the network likes best for whoever throws it; and how many outcomes that looked at.
/// `None` once more than `left` outcomes would be needed: the biggest lists of the
/// fifteen-counter readings would otherwise hold one turn for a quarter of a second.
fn one_ply(
    net: &Net,
    result: &Table,
    thrown: Dice,
    throws: &[(Dice, u32)],
    left: usize,
) -> Option<(f32, usize)> {
    if result.winner().is_some() {
        return Some((1.0, 0));
    }
    let mover = result.turn();
    let mut next = *result;
    next.pass_turn(thrown);
    let (mut total, mut weights, mut looked) = (0.0, 0, 0);
    for &(dice, weight) in throws {
        let replies = next.with_dice(dice).turns();
        looked += replies.len();
        if looked > left {
            return None;
        }
        let best = replies
            .iter()
            .map(|r| after_outcome(net, &r.result, dice))
            .fold(0.0f32, f32::max);
        let value = if next.turn() == mover {
            best
        } else {
            1.0 - best
        };
        total += weight as f32 * value;
        weights += weight;
    }
    Some((total / weights.max(1) as f32, looked))
}

/// Every throw of `dice` dice regardless of order, with how many of the ordered throws give it.
fn throws(dice: u8) -> Vec<(Dice, u32)> {
    let dice = u32::from(dice.clamp(1, 3));
    let mut throws: Vec<(Dice, u32)> = Vec::new();
    for n in 0..6u32.pow(dice) {
        let mut values: Vec<u8> = (0..dice).map(|k| (n / 6u32.pow(k) % 6) as u8 + 1).collect();
        values.sort_unstable();
        let Some(thrown) = Dice::new(&values) else {
            continue;
        };
        match throws.iter_mut().find(|(d, _)| *d == thrown) {
            Some((_, weight)) => *weight += 1,
            None => throws.push((thrown, 1)),
        }
    }
    throws
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

    #[test]
    fn the_throws_of_two_and_three_dice_count_every_order_once() {
        for (dice, distinct, orders) in [(2, 21, 36), (3, 56, 216)] {
            let all = throws(dice);
            assert_eq!(all.len(), distinct, "{dice} dice");
            assert_eq!(all.iter().map(|(_, w)| w).sum::<u32>(), orders);
        }
        let ways = |dice: u8, values: &[u8]| {
            throws(dice)
                .into_iter()
                .find(|(d, _)| d.values() == values)
                .map(|(_, w)| w)
        };
        assert_eq!(ways(2, &[3, 3]), Some(1));
        assert_eq!(ways(2, &[2, 5]), Some(2));
        assert_eq!(ways(3, &[4, 4, 4]), Some(1));
        assert_eq!(ways(3, &[1, 1, 6]), Some(3));
        assert_eq!(ways(3, &[1, 2, 3]), Some(6));
    }

    /// The tables with dice that two `medium` players meet in the first `turns` turns of a
    /// game under `rules`.
    fn tables(rules: Rules, turns: usize, seed: u64) -> Vec<Table> {
        let mut dice = Rng::new(seed);
        let mut medium = Player::new(Level::Medium, seed).unwrap();
        let mut table = Table::start(rules, Side::Albi);
        let mut seen = Vec::new();
        while seen.len() < turns && table.winner().is_none() {
            let thrown = table.throw(&mut dice);
            let with = table.with_dice(thrown);
            seen.push(with);
            table = medium.choose(&with).unwrap().result;
            table.pass_turn(thrown);
        }
        seen
    }

    #[test]
    fn expert_looks_a_throw_deeper_than_hard() {
        for rules in [Rules::RUSSIAN, Rules::ITALIAN_6] {
            let positions = tables(rules, 24, 5);
            let mut differs = 0;
            for table in &positions {
                let hard = Player::new(Level::Hard, 1).unwrap().choose(table).unwrap();
                let expert = Player::new(Level::Expert, 1)
                    .unwrap()
                    .choose(table)
                    .unwrap();
                assert!(table.turns().contains(&expert), "{table}");
                differs += usize::from(expert.result != hard.result);
            }
            let name = rules.name();
            assert!(
                differs > 0,
                "{name}: expert agreed with hard on all {}",
                positions.len()
            );
        }
    }

    #[test]
    fn a_throw_deeper_is_the_next_thrower_s_and_a_throw_alike_gives_the_mover_another() {
        // Six counters, two dice, a double throws again, any die at least as big bears off.
        let rules = Rules {
            bear_off: crate::scripta::ruleset::BearOff::Over,
            ..Rules::ITALIAN_6
        };
        let net = super::super::reading_net(&Rules::ITALIAN_6).unwrap();
        let all = throws(rules.dice);
        let value = |xsn: &str, thrown: &[u8]| {
            let table: Table = format!("{} {xsn}", rules.name()).parse().unwrap();
            let thrown = Dice::new(thrown).unwrap();
            one_ply(&net, &table, thrown, &all, usize::MAX).unwrap().0
        };
        // Albi has just moved; Nigri's last counter bears off with any throw.
        assert_eq!(value("A w0s0o0:1x6 w0s0o5:30", &[2, 5]), 0.0);
        // Albi's own last counter bears off with any throw, but only a double gives Albi one.
        assert_eq!(value("A w0s0o5:30 w0s0o0:1x6", &[3, 3]), 1.0);
        let handed_on = value("A w0s0o5:30 w0s0o0:1x6", &[2, 5]);
        assert!(handed_on > 0.0 && handed_on < 1.0, "{handed_on}");
        // And a search with no replies to spend stops short.
        let table: Table = format!("{} A w0s0o5:30 w0s0o0:1x6", rules.name())
            .parse()
            .unwrap();
        let thrown = Dice::new(&[2, 5]).unwrap();
        assert_eq!(one_ply(&net, &table, thrown, &all, 0), None);
    }
}
