//! The hard player's opinion of a throw: every distinct outcome with the mover's chance of
//! winning after it, best first. `ludi scripta analyze` prints it and the page's replay view
//! shows it turn by turn, so a teacher can point at the turn where a game was lost. It runs on
//! the fast engine, so only Austin and Murray's rules have it: a table under other rules has no
//! opinion.
//!
//! [`rollouts`] checks that opinion the slow way, by playing each outcome out to the end.

use super::train::{game_seed, MAX_TURNS};
use super::{after_turn, best_turn, Net};
use crate::rng::Rng;
use crate::scripta::movegen::{Generator, Turn};
use crate::scripta::position::{Dice, Position};
use crate::scripta::table::{outcome, Table, TableTurn};

/// One outcome of the throw and what the hard player thinks of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opinion {
    pub turn: TableTurn,
    /// The mover's chance of winning once this outcome is played, from 0 to 1.
    pub chance: f32,
}

/// `table` on the fast engine the network plays, or why it has no opinion there.
fn fast(table: &Table) -> Result<Position, String> {
    table.position().ok_or_else(|| {
        format!(
            "only Austin and Murray's rules have the hard player's opinion, not {}",
            table.rules().name()
        )
    })
}

/// Every outcome of `position`'s throw with its chance, best first (equal scores keep the
/// engine's order).
fn scored(net: &Net, position: &Position) -> Vec<(Turn, f32)> {
    let mut scored: Vec<(Turn, f32)> = Generator::new()
        .turns(position)
        .iter()
        .map(|&turn| (turn, after_turn(net, &turn.result)))
        .collect();
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored
}

/// Every distinct outcome of `table`'s throw scored by `net`, best first (equal scores keep
/// the engine's order); empty when the table has no dice or the game is over.
///
/// ```
/// use ludi_core::scripta::ai::{analysis::analyze, builtin_net};
/// use ludi_core::scripta::Table;
///
/// let table: Table = "A w15s0o0: w15s0o0: 235".parse().unwrap();
/// let opinions = analyze(&builtin_net().unwrap(), &table).unwrap();
/// assert!(opinions.len() > 1, "entering three, or entering and moving on");
/// assert!(opinions.windows(2).all(|w| w[0].chance >= w[1].chance));
/// let italian: Table = "italian A w15s0o0: w15s0o0: 235".parse().unwrap();
/// assert!(analyze(&builtin_net().unwrap(), &italian).is_err());
/// ```
pub fn analyze(net: &Net, table: &Table) -> Result<Vec<Opinion>, String> {
    let position = fast(table)?;
    Ok(scored(net, &position)
        .into_iter()
        .map(|(turn, chance)| Opinion {
            turn: outcome(&turn, table.turn()),
            chance,
        })
        .collect())
}

/// The margin the replay view names a better turn by: four points of winning chance, more
/// than the network's noise between outcomes it rates alike.
pub const MARGIN: f32 = 0.04;

/// A turn that gives away more winning chance than this is where a game was lost: the replay
/// view marks it, so a teacher can point at it.
pub const COSTLY: f32 = 0.15;

/// What the hard player thinks of `played` in `table`: the best outcome's chance, the chance
/// after the turn played, and the best outcome itself when it differs by more than `margin`.
/// `played` is the table the turn leaves, the other side to throw or the game won (as
/// [`Record::replay_turns`](crate::scripta::Record::replay_turns) gives it). Refused when
/// `played` is not one of the throw's outcomes, or under rules the network does not know.
pub fn judge(net: &Net, table: &Table, played: &Table, margin: f32) -> Result<Verdict, String> {
    let position = fast(table)?;
    let not_an_outcome = || format!("`{played}` is not an outcome of the throw in `{table}`");
    let mut outcome_position = played.position().ok_or_else(not_an_outcome)?;
    // The engine's outcomes pass the turn even when they win; a won game keeps the winner's.
    if outcome_position.turn() == position.turn() {
        outcome_position.pass_turn();
    }
    // One pass, no sorting: the best is the first of the highest, as `analyze` orders them.
    let mut best: Option<(Turn, f32)> = None;
    let mut chosen = None;
    for &turn in Generator::new().turns(&position) {
        let chance = after_turn(net, &turn.result);
        if best.is_none_or(|b| chance > b.1) {
            best = Some((turn, chance));
        }
        if turn.result == outcome_position {
            chosen = Some(chance);
        }
    }
    let (best, chosen) = best.zip(chosen).ok_or_else(not_an_outcome)?;
    Ok(Verdict {
        best: best.1,
        played: chosen,
        better: (best.1 - chosen > margin).then(|| outcome(&best.0, table.turn())),
    })
}

/// One outcome played out to the end many times.
#[derive(Clone, Debug, PartialEq)]
pub struct Rollout {
    pub opinion: Opinion,
    /// Games the mover of the outcome won.
    pub wins: u32,
    /// Games played to the end (a game still going after [`MAX_TURNS`] turns is left out).
    pub games: u32,
}

impl Rollout {
    /// The mover's share of the games played out.
    pub fn rate(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.wins) / f64::from(self.games)
        }
    }
}

/// Every outcome of [`analyze`], in its order, played out `games` times to the end by the
/// hard player (0-ply, `net`) on both sides. Game i of every outcome throws the same dice,
/// drawn from `seed` and i, so the outcomes are compared on equal luck and the estimate
/// repeats itself for a seed. The hard player rather than a random one plays the games out
/// because a random game says little about a position between two players who know the
/// game; searching players (`expert`) on both sides would be sixty times slower.
///
/// ```
/// use ludi_core::scripta::ai::{analysis::rollouts, builtin_net};
/// use ludi_core::scripta::Table;
///
/// let table: Table = "A w0s0o13:31,32 w0s0o13:34x2 564".parse().unwrap();
/// let played = rollouts(&builtin_net().unwrap(), &table, 8, 1).unwrap();
/// assert_eq!(played[0].rate(), 1.0, "bearing off both counters wins at once");
/// ```
pub fn rollouts(net: &Net, table: &Table, games: u32, seed: u64) -> Result<Vec<Rollout>, String> {
    let position = fast(table)?;
    let mut generator = Generator::new();
    Ok(scored(net, &position)
        .into_iter()
        .map(|(turn, chance)| {
            let mut rollout = Rollout {
                opinion: Opinion {
                    turn: outcome(&turn, table.turn()),
                    chance,
                },
                wins: 0,
                games: 0,
            };
            let mover = position.turn();
            for i in 0..games {
                let mut dice = Rng::new(game_seed(seed, u64::from(i)));
                let mut at = turn.result;
                for _ in 0..MAX_TURNS {
                    if at.winner().is_some() {
                        break;
                    }
                    let thrown = at.with_dice(Dice::throw(&mut dice));
                    match best_turn(net, generator.turns(&thrown)) {
                        Some(turn) => at = turn.result,
                        None => break,
                    }
                }
                if let Some(winner) = at.winner() {
                    rollout.games += 1;
                    rollout.wins += u32::from(winner == mover);
                }
            }
            rollout
        })
        .collect())
}

/// The hard player's verdict on one turn of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The mover's chance had they played the best outcome.
    pub best: f32,
    /// The mover's chance after the turn they played.
    pub played: f32,
    /// The best outcome, when it was clearly better than the one played.
    pub better: Option<TableTurn>,
}

impl Verdict {
    /// The winning chance the turn played gave away, against the best.
    pub fn cost(&self) -> f32 {
        self.best - self.played
    }

    /// Whether the turn gave away more than [`COSTLY`].
    pub fn costly(&self) -> bool {
        self.cost() > COSTLY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn net() -> Net {
        Net::new(8, &mut Rng::new(5))
    }

    fn table(xsn: &str) -> Table {
        xsn.parse().unwrap()
    }

    #[test]
    fn outcomes_come_best_first_and_cover_the_throw() {
        let position = table("N w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6 146");
        let net = net();
        let opinions = analyze(&net, &position).unwrap();
        assert_eq!(opinions.len(), position.turns().len());
        assert!(opinions.len() > 1);
        assert!(opinions.windows(2).all(|w| w[0].chance >= w[1].chance));
        assert!(opinions.iter().all(|o| (0.0..=1.0).contains(&o.chance)));
    }

    #[test]
    fn a_winning_outcome_is_certain_and_no_dice_gives_nothing() {
        let position = table("A w0s0o14:36 w0s0o0:1x15 666");
        let opinions = analyze(&net(), &position).unwrap();
        assert_eq!(opinions[0].chance, 1.0);
        assert!(opinions[0].turn.result.winner().is_some());
        assert!(analyze(&net(), &position.without_dice())
            .unwrap()
            .is_empty());
    }

    #[test]
    fn a_winning_turn_is_judged_from_the_position_it_leaves() {
        let position = table("A w0s0o14:36 w0s0o0:1x15 666");
        let won = table("A w0s0o15: w0s0o0:1x15");
        let verdict = judge(&net(), &position, &won, MARGIN).unwrap();
        assert_eq!(
            (verdict.best, verdict.played, verdict.better),
            (1.0, 1.0, None)
        );
    }

    #[test]
    fn rollouts_follow_the_analysis_and_repeat_for_a_seed() {
        let position = table("A w0s0o12:30,31,32 w0s0o13:34x2 564");
        let net = net();
        let opinions = analyze(&net, &position).unwrap();
        let played = rollouts(&net, &position, 6, 2).unwrap();
        assert_eq!(
            played.iter().map(|r| r.opinion.clone()).collect::<Vec<_>>(),
            opinions
        );
        assert!(played.iter().all(|r| r.games == 6 && r.wins <= 6));
        assert_eq!(rollouts(&net, &position, 6, 2).unwrap(), played);
        assert!(rollouts(&net, &position.without_dice(), 6, 2)
            .unwrap()
            .is_empty());
        // No outcome bears off all three, and Nigri bear off both from 34 with most throws.
        assert!(played.iter().all(|r| r.rate() < 1.0));
    }

    #[test]
    fn the_verdict_names_a_better_turn_only_past_the_margin() {
        let position = table("N w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6 146");
        let net = net();
        let opinions = analyze(&net, &position).unwrap();
        let worst = opinions.last().unwrap();
        let mut after = worst.turn.result;
        after.pass_turn(position.dice());
        let verdict = judge(&net, &position, &after, 0.0).unwrap();
        assert_eq!(verdict.best, opinions[0].chance);
        assert_eq!(verdict.played, worst.chance);
        assert_eq!(
            verdict.better.is_some(),
            opinions[0].chance > worst.chance,
            "a better turn only when one scores higher"
        );
        assert!((verdict.cost() - (opinions[0].chance - worst.chance)).abs() < 1e-6);
        assert_eq!(verdict.costly(), verdict.cost() > COSTLY);
        let lenient = judge(&net, &position, &after, 1.0).unwrap();
        assert_eq!(lenient.better, None);
        assert!(judge(&net, &position, &position, 0.0).is_err());
    }

    #[test]
    fn other_readings_have_no_opinion() {
        let italian = table("italian A w15s0o0: w15s0o0: 235");
        let e = analyze(&net(), &italian).unwrap_err();
        assert!(e.contains("only Austin and Murray's"), "{e}");
        assert!(rollouts(&net(), &italian, 1, 1).is_err());
        assert!(judge(&net(), &italian, &italian.without_dice(), 0.0).is_err());
    }
}
