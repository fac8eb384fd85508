//! Computer players for XII Scripta, from a random mover to a searching neural player.
//!
//! Every player looks at the distinct outcomes of the throw and picks one; a player is
//! deterministic for its seed. A [`Player`] plays any reading: under Austin and Murray's
//! rules on their fast engine, with the levels below; under the others on the general
//! engine, where `hard` and `expert` play the same way with the network trained for that
//! preset ([`reading_net`], or one given with [`Player::with_net_for`]) over the reading's own
//! dice. Under rules of one's own they play the network of the preset whose inputs mean the
//! same there ([`network_reading`]); where there is none, every level from `easy` up plays the
//! hand-written evaluation of `general.rs`, `easy` with noise.
//! - `random`: any outcome, uniformly.
//! - `easy`: the race and a flat blot penalty, blurred by deliberate noise.
//! - `medium`: a hand-written evaluation (see [`heuristic::medium`]).
//! - `hard`: a neural evaluation trained by self-play with TD(lambda), as TD-Gammon was,
//!   scoring every outcome (0-ply).
//! - `expert`: the same network looking one throw further: for the best few 0-ply
//!   candidates, the average over the next throws (the opponent's 56 of three dice, or the
//!   mover's own after a throw that gives another) of the position after the best reply
//!   (1-ply with candidate filtering, as gnubg does).
//!
//! `ludi-core` has no clock (there is none on wasm32 without the page's help), so a time
//! budget comes with a [`Clock`] that the caller supplies; without one, `expert` searches a
//! fixed number of candidates and so plays reproducibly.
//!
//! The fast engine's [`Position`] and [`Generator`] show here for the network's features and
//! training only: an accelerator for the players, with no game, record, refusal, notation or
//! save of its own. A position comes from a [`Table`] under Austin and Murray's rules.

pub mod analysis;
pub mod features;
mod general;
pub mod heuristic;
pub mod mcts;
pub mod net;
pub mod train;

pub use super::movegen::Generator;
pub use super::position::Position;
pub use net::{Net, WeightsError};

use super::movegen::Turn;
use super::position::Dice;
use super::ruleset::Rules;
use super::table::{outcome, Table, TableTurn};
use crate::rng::Rng;
use features::encode;
use heuristic::Throws;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

/// The presets with a network trained for them, each its own: Austin and Murray's in
/// `weights.bin`, the others in `weights-<preset>.bin`. Rules of one's own borrow one
/// ([`network_reading`]) or play without.
pub const TRAINED: [&str; 5] = [
    "austin-murray",
    "italian",
    "italian-6",
    "italian-columns",
    "russian",
];

/// The trained networks, compiled in, in the order of [`TRAINED`].
#[cfg(feature = "weights")]
const WEIGHTS: [&[u8]; 5] = [
    include_bytes!("weights.bin"),
    include_bytes!("weights-italian.bin"),
    include_bytes!("weights-italian-6.bin"),
    include_bytes!("weights-italian-columns.bin"),
    include_bytes!("weights-russian.bin"),
];

/// Each network read once, from the compiled-in weights or those given to [`load_net`].
static NETS: [OnceLock<Arc<Net>>; 5] = [const { OnceLock::new() }; 5];

/// The options that give a network's inputs their meaning: the marks and counters they count,
/// the dice their hit chances are reckoned with, what a stack is, where a hit counter goes, and
/// whether counters start off the board (a network trained with them set up never saw one
/// waiting to enter). The others (how counters enter and bear off, a throw again, who opens,
/// the cap of four) change what is legal, not what an input says.
pub const INPUT_OPTIONS: [&str; 8] = [
    "counters", "dice", "track", "start", "sum", "stacks", "hit", "columns",
];

/// The trained preset whose network plays `rules`: the reading's own, else, for rules of one's
/// own, the preset that agrees with them on every [`INPUT_OPTIONS`] (its inputs mean the same
/// there); none where no preset does.
pub fn network_reading(rules: &Rules) -> Option<&'static str> {
    let alike = |preset: &Rules| {
        INPUT_OPTIONS
            .iter()
            .all(|k| preset.value(k) == rules.value(k))
    };
    // A preset agrees with itself, and the eight options tell the presets apart (tested), so
    // one search finds a preset's own network and a mix's borrowed one alike.
    TRAINED
        .into_iter()
        .find(|id| Rules::preset_rules(id).is_some_and(|preset| alike(&preset)))
}

/// Where the network that plays `rules` stands in [`TRAINED`], if there is one.
fn trained(rules: &Rules) -> Option<usize> {
    let id = network_reading(rules)?;
    TRAINED.iter().position(|&t| t == id)
}

/// The network that plays `rules` ([`network_reading`]): the compiled-in one (the `weights`
/// feature, on by default), else the one given to [`load_net`]; [`WeightsError::Missing`]
/// before that or for rules with none.
pub fn reading_net(rules: &Rules) -> Result<Arc<Net>, WeightsError> {
    let index = trained(rules).ok_or(WeightsError::Missing)?;
    if let Some(net) = NETS[index].get() {
        return Ok(Arc::clone(net));
    }
    #[cfg(feature = "weights")]
    {
        let net = Arc::new(Net::from_bytes(WEIGHTS[index])?);
        Ok(Arc::clone(NETS[index].get_or_init(|| net)))
    }
    #[cfg(not(feature = "weights"))]
    Err(WeightsError::Missing)
}

/// Austin and Murray's network, [`reading_net`] of their rules.
pub fn builtin_net() -> Result<Arc<Net>, WeightsError> {
    reading_net(&Rules::AUSTIN_MURRAY)
}

/// Reads `bytes` (a weights file, as `weights.bin`) as the network trained for the preset
/// `rules` in a build without compiled-in weights; a network already read stays. Bad bytes,
/// or rules that are not a trained preset, change nothing.
pub fn load_net(rules: &Rules, bytes: &[u8]) -> Result<(), WeightsError> {
    let index = rules
        .preset()
        .and_then(|id| TRAINED.iter().position(|&t| t == id))
        .ok_or(WeightsError::Missing)?;
    let net = Net::from_bytes(bytes)?;
    let _ = NETS[index].set(Arc::new(net));
    Ok(())
}

/// The preset whose network `level` choosing in `table` needs and has not got yet: the levels
/// that use one, under rules a network plays ([`network_reading`]; elsewhere they play the
/// hand-written evaluation), in a build without compiled-in weights before [`load_net`].
pub fn needs_net(level: Level, table: &Table) -> Option<&'static str> {
    let index = trained(table.rules())?;
    (level.needs_net() && reading_net(table.rules()).is_err()).then_some(TRAINED[index])
}

/// How strongly a player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    fn needs_net(self) -> bool {
        matches!(self, Level::Hard | Level::Expert)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("unknown player `{s}`: random, easy, medium, hard or expert"))
    }
}

pub use crate::clock::Clock;

/// How far `expert` looks: at most `candidates` 0-ply candidates get the 1-ply search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    pub candidates: usize,
    /// Candidates whose 0-ply chance of winning trails the best by more are dropped.
    pub margin: f32,
    /// No further candidate is searched once the replies looked at so far, and as many again
    /// as an average candidate needs, would pass this many: a count of work rather than a
    /// clock, so the longest turns stay short and play stays reproducible.
    pub replies: usize,
}

/// Chosen by replaying 2,301 of expert's turns against hard with the top 40 candidates all
/// searched (`docs/scripta-ai.md`): eight candidates and 45,000 replies lose less against
/// that full search than six and 60,000 did, and bound the longest turn lower.
impl Default for Search {
    fn default() -> Self {
        Search {
            candidates: 8,
            margin: 0.06,
            replies: REPLIES,
        }
    }
}

impl Search {
    /// `expert`'s choice among outcomes `scored` at 0 ply (best first, each with its index):
    /// the index whose `one_ply` value is highest among the best few, searched in order until
    /// the replies or the time on the clock would run out. `one_ply` is given the replies
    /// left and answers the value and the replies it looked at, or `None` if it stopped
    /// short of the end of its replies.
    pub(crate) fn deepest(
        self,
        scored: &[(f32, usize)],
        time: Option<(&dyn Clock, f64)>,
        mut one_ply: impl FnMut(usize, usize) -> Option<(f32, usize)>,
    ) -> usize {
        let Some(&(best, first)) = scored.first() else {
            return 0;
        };
        let start = time.map(|(clock, _)| clock.now_ms());
        let mut chosen = (f32::MIN, first);
        let mut looked = 0;
        let candidates = scored
            .iter()
            .take(self.candidates.max(1))
            .take_while(|c| c.0 >= best - self.margin);
        for (k, &(_, i)) in candidates.enumerate() {
            if k > 0 && looked + looked / k > self.replies {
                break;
            }
            if let (Some((clock, millis)), Some(start)) = (time, start) {
                let spent = clock.now_ms() - start;
                if k > 0 && spent + spent / k as f64 > millis {
                    break;
                }
            }
            let Some((value, replies)) = one_ply(i, self.replies.saturating_sub(looked)) else {
                break;
            };
            looked += replies;
            if value > chosen.0 {
                chosen = (value, i);
            }
        }
        chosen.1
    }
}

/// The replies `expert` looks at in one turn, at most about: its longest turns were 200-280
/// ms of CPU natively before a cap (`ludi scripta match`), against a target of 150 ms.
const REPLIES: usize = 45_000;

/// `easy`'s noise: up to this many pips either way on each outcome's score.
const EASY_NOISE: f32 = 10.0;

/// A computer player of one level.
pub struct Player {
    level: Level,
    rng: Rng,
    net: Option<Arc<Net>>,
    /// The reading `net` was trained for.
    reading: Rules,
    search: Search,
    generator: Generator,
    replies: Generator,
    throws: Throws,
    scored: Vec<(f32, usize)>,
}

impl Player {
    /// A player of `level` with its randomness drawn from `seed`; `hard` and `expert` use
    /// each preset's trained network ([`reading_net`]) and fail if Austin and Murray's cannot
    /// be read. Where a reading's is not here yet ([`needs_net`]) they take it once it is;
    /// until then they play no turn under Austin and Murray's rules and the hand-written
    /// evaluation under the others (the page loads the weights first).
    pub fn new(level: Level, seed: u64) -> Result<Player, WeightsError> {
        let net = match level.needs_net().then(builtin_net) {
            None | Some(Err(WeightsError::Missing)) => None,
            Some(net) => Some(net?),
        };
        Ok(Player::build(level, seed, net))
    }

    /// A player of `level` that uses `net`, trained under Austin and Murray's rules (for
    /// training and tests).
    pub fn with_net(level: Level, seed: u64, net: Arc<Net>) -> Player {
        Player::build(level, seed, Some(net))
    }

    /// A player of `level` whose `hard` and `expert` score outcomes under `rules` with
    /// `net`, trained for them; under other rules it plays as [`Player::new`].
    pub fn with_net_for(level: Level, seed: u64, rules: Rules, net: Arc<Net>) -> Player {
        Player {
            reading: rules,
            ..Player::build(level, seed, Some(net))
        }
    }

    fn build(level: Level, seed: u64, net: Option<Arc<Net>>) -> Player {
        Player {
            level,
            rng: Rng::new(seed),
            net,
            reading: Rules::AUSTIN_MURRAY,
            search: Search::default(),
            generator: Generator::new(),
            replies: Generator::new(),
            throws: Throws::new(),
            scored: Vec::new(),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// Sets how far `expert` searches.
    pub fn set_search(&mut self, search: Search) {
        self.search = search;
    }

    /// The outcome this player picks in `table` (which carries the dice), within the fixed
    /// search; `None` when there are no dice or the game is over.
    ///
    /// ```
    /// use ludi_core::scripta::ai::{Level, Player};
    /// use ludi_core::scripta::Table;
    ///
    /// for xsn in ["A w15s0o0: w15s0o0: 235", "russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 235"] {
    ///     let table: Table = xsn.parse().unwrap();
    ///     let turn = Player::new(Level::Medium, 1).unwrap().choose(&table).unwrap();
    ///     assert!(table.turns().iter().any(|t| t.result == turn.result));
    /// }
    /// ```
    pub fn choose(&mut self, table: &Table) -> Option<TableTurn> {
        self.choose_table(table, None)
    }

    /// As [`Player::choose`], but `expert` stops searching further candidates when the next
    /// would likely overrun `millis` on `clock`.
    pub fn choose_within(
        &mut self,
        table: &Table,
        clock: &dyn Clock,
        millis: f64,
    ) -> Option<TableTurn> {
        self.choose_table(table, Some((clock, millis)))
    }

    fn choose_table(
        &mut self,
        table: &Table,
        time: Option<(&dyn Clock, f64)>,
    ) -> Option<TableTurn> {
        if table.dice().is_empty() || table.winner().is_some() {
            return None;
        }
        match table.position() {
            Some(position) => self
                .pick(&position, time)
                .map(|turn| outcome(&turn, table.turn())),
            None => {
                let net = match &self.net {
                    Some(net) if self.reading == *table.rules() => Some(Arc::clone(net)),
                    _ if self.level.needs_net() => reading_net(table.rules()).ok(),
                    _ => None,
                };
                general::choose(
                    self.level,
                    &mut self.rng,
                    table,
                    net.as_deref(),
                    self.search,
                    time,
                )
            }
        }
    }

    fn pick(&mut self, position: &Position, time: Option<(&dyn Clock, f64)>) -> Option<Turn> {
        let count = self.generator.turns(position).len();
        if count <= 1 {
            return self.generator.turns(position).first().copied();
        }
        let index = match self.level {
            Level::Random => self.rng.below(count as u32) as usize,
            Level::Easy => {
                let rng = &mut self.rng;
                best_by(self.generator.turns(position), |t| {
                    heuristic::easy(&t.result) + (rng.unit() as f32 * 2.0 - 1.0) * EASY_NOISE
                })
            }
            Level::Medium => {
                let throws = &self.throws;
                best_by(self.generator.turns(position), |t| {
                    heuristic::medium(&t.result, throws)
                })
            }
            Level::Hard | Level::Expert => return self.neural(position, time),
        };
        self.generator.turns(position).get(index).copied()
    }

    /// `hard` and `expert`: score every outcome with the network; `expert` then searches
    /// the best few one throw deeper.
    fn neural(&mut self, position: &Position, time: Option<(&dyn Clock, f64)>) -> Option<Turn> {
        // A network given for another reading stays for that reading's tables.
        let net = match &self.net {
            Some(net) if self.reading.is_default() => Arc::clone(net),
            _ => builtin_net().ok()?,
        };
        let turns = self.generator.turns(position).to_vec();
        self.scored.clear();
        self.scored.extend(
            turns
                .iter()
                .enumerate()
                .map(|(i, t)| (after_turn(&net, &t.result), i)),
        );
        self.scored
            .sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let (best, first) = self.scored[0];
        if self.level == Level::Hard || best >= 1.0 {
            return Some(turns[first]);
        }
        let search = self.search;
        let scored = std::mem::take(&mut self.scored);
        let chosen = search.deepest(&scored, time, |i, _| {
            Some(self.one_ply(&net, &turns[i].result))
        });
        self.scored = scored;
        Some(turns[chosen])
    }

    /// The mover's chance after `after` (the opponent to move), averaged over the
    /// opponent's 56 throws, each answered by the reply the network likes best for them; and
    /// how many replies that looked at.
    fn one_ply(&mut self, net: &Net, after: &Position) -> (f32, usize) {
        let mut total = 0.0;
        let mut looked = 0;
        for (dice, weight) in self.throws.dice() {
            let Some(dice) = Dice::new(&dice) else {
                continue;
            };
            let replies = self.replies.turns(&after.with_dice(dice));
            looked += replies.len();
            let worst = replies
                .iter()
                .map(|r| {
                    if r.result.winner().is_some() {
                        0.0
                    } else {
                        net.evaluate(&encode(&r.result))
                    }
                })
                .fold(1.0f32, f32::min);
            total += weight as f32 * worst;
        }
        (total / 216.0, looked)
    }
}

/// The chance that the side that just moved wins from `result` (the opponent to move).
pub(crate) fn after_turn(net: &Net, result: &Position) -> f32 {
    if result.winner().is_some() {
        1.0
    } else {
        1.0 - net.evaluate(&encode(result))
    }
}

/// The outcome `net` rates best for its mover (the first of equals): `hard`'s choice.
pub(crate) fn best_turn(net: &Net, turns: &[Turn]) -> Option<Turn> {
    turns
        .get(best_by(turns, |t| after_turn(net, &t.result)))
        .copied()
}

/// The index of the turn with the highest score (the first of equals).
fn best_by(turns: &[Turn], mut score: impl FnMut(&Turn) -> f32) -> usize {
    let mut best = (f32::MIN, 0);
    for (i, t) in turns.iter().enumerate() {
        let s = score(t);
        if s > best.0 {
            best = (s, i);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::ruleset::{BearOff, Entry, Hit, Opener, Start};
    use crate::scripta::{Rules, Side};

    fn positions() -> Vec<Table> {
        [
            "A w15s0o0: w15s0o0: 235",
            "N w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6 146",
            "A w0s0o9:32,33x2,35,36x2 w0s0o4:20,25x3,30,31x6 666",
            "A w7s1o0:1x2,5,31x4 w13s0o0:4x2 235",
        ]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect()
    }

    fn player(level: Level, seed: u64) -> Player {
        match level {
            Level::Hard | Level::Expert => {
                let net = Arc::new(Net::new(8, &mut Rng::new(seed)));
                let mut p = Player::with_net(level, seed, net);
                p.set_search(Search {
                    candidates: 2,
                    margin: 1.0,
                    ..Search::default()
                });
                p
            }
            _ => Player::new(level, seed).unwrap(),
        }
    }

    #[test]
    fn every_player_picks_a_legal_outcome_and_repeats_itself_for_a_seed() {
        let italian = "italian A w0s0o3:8,9x3,20x2,23x5,28 w0s0o2:10,12x3,21,26x4,27x4 146";
        for position in positions().into_iter().chain([italian.parse().unwrap()]) {
            let outcomes = position.turns();
            for level in Level::ALL {
                let a = player(level, 7).choose(&position).unwrap();
                let b = player(level, 7).choose(&position).unwrap();
                assert_eq!(a, b, "{level} on {position}");
                assert!(outcomes.contains(&a), "{level} on {position}");
            }
        }
    }

    #[test]
    fn no_dice_or_a_finished_game_gives_no_turn() {
        let mut p = player(Level::Medium, 1);
        assert_eq!(
            p.choose(&Table::start(Rules::AUSTIN_MURRAY, Side::Albi)),
            None
        );
        assert_eq!(p.choose(&Table::start(Rules::RUSSIAN, Side::Albi)), None);
        let won: Table = "N w0s0o15: w0s0o0:30x15 123".parse().unwrap();
        assert_eq!(p.choose(&won), None);
    }

    #[test]
    fn every_trained_readings_weights_load_and_other_rules_have_none() {
        for (preset, bytes) in TRAINED.iter().zip(WEIGHTS) {
            let rules = Rules::preset_rules(preset).unwrap();
            let net = reading_net(&rules).unwrap();
            assert_eq!(Net::from_bytes(bytes).unwrap(), *net, "{preset}");
            let table = Table::start(rules, Side::Albi);
            assert_eq!(needs_net(Level::Hard, &table), None, "compiled in");
        }
        assert_eq!(
            *builtin_net().unwrap(),
            *reading_net(&Rules::AUSTIN_MURRAY).unwrap()
        );
        let own = Rules {
            sum: false,
            ..Rules::ITALIAN_COLUMNS
        };
        assert_eq!(own.preset(), None);
        assert_eq!(network_reading(&own), None);
        assert_eq!(reading_net(&own), Err(WeightsError::Missing));
        assert_eq!(needs_net(Level::Hard, &Table::start(own, Side::Albi)), None);
        assert!(Player::new(Level::Expert, 1).is_ok());
    }

    #[test]
    fn rules_of_ones_own_play_the_network_of_the_preset_whose_inputs_mean_the_same() {
        // Each trained preset differs from every other in an option its inputs read, so the
        // preset a mix borrows from is never in doubt.
        for (i, a) in TRAINED.iter().enumerate() {
            for b in &TRAINED[i + 1..] {
                let (a, b) = (
                    Rules::preset_rules(a).unwrap(),
                    Rules::preset_rules(b).unwrap(),
                );
                assert!(
                    INPUT_OPTIONS.iter().any(|k| a.value(k) != b.value(k)),
                    "{a} {b}"
                );
            }
        }
        let borrowing = [
            (
                Rules {
                    cap4: true,
                    ..Rules::ITALIAN_COLUMNS
                },
                "italian-columns",
            ),
            (
                Rules {
                    again: true,
                    ..Rules::AUSTIN_MURRAY
                },
                "austin-murray",
            ),
            (
                Rules {
                    entry: Entry::Free,
                    bear_off: BearOff::Over,
                    ..Rules::ITALIAN
                },
                "italian",
            ),
            (
                Rules {
                    opener: Opener::Albi,
                    cap4: true,
                    ..Rules::RUSSIAN
                },
                "russian",
            ),
        ];
        for (own, preset) in borrowing {
            assert_eq!(own.preset(), None, "{own}");
            assert_eq!(network_reading(&own), Some(preset), "{own}");
            let theirs = Rules::preset_rules(preset).unwrap();
            assert_eq!(*reading_net(&own).unwrap(), *reading_net(&theirs).unwrap());
            // Weights are given for a preset only, never for the mix that borrows them.
            assert_eq!(load_net(&own, WEIGHTS[0]), Err(WeightsError::Missing));
        }
        // Each preset plays its own network: the eight options tell the presets apart.
        for preset in TRAINED {
            assert_eq!(
                network_reading(&Rules::preset_rules(preset).unwrap()),
                Some(preset)
            );
        }
        // Options its inputs read keep a mix from borrowing: a stack that is a column, a
        // throw that cannot be summed, the counters counted, counters waiting to enter where
        // the network only saw them set up.
        for own in [
            Rules {
                columns: true,
                ..Rules::RUSSIAN
            },
            Rules {
                start: Start::Off,
                ..Rules::RUSSIAN
            },
            Rules {
                sum: false,
                ..Rules::ITALIAN
            },
            Rules {
                counters: 12,
                ..Rules::ITALIAN
            },
            Rules {
                hit: Hit::Middle,
                ..Rules::ITALIAN
            },
        ] {
            assert_eq!(network_reading(&own), None, "{own}");
        }
    }

    #[test]
    fn hard_under_rules_of_ones_own_plays_the_borrowed_network() {
        let own = Rules {
            entry: Entry::Free,
            ..Rules::ITALIAN
        };
        let mut table = Table::start(own, Side::Albi);
        let net = reading_net(&Rules::ITALIAN).unwrap();
        let mut hard = Player::new(Level::Hard, 1).unwrap();
        let mut medium = Player::new(Level::Medium, 1).unwrap();
        let mut rng = Rng::new(9);
        let mut differ = 0;
        for _ in 0..40 {
            if table.winner().is_some() {
                break;
            }
            let faces: Vec<u8> = (0..3).map(|_| 1 + rng.below(6) as u8).collect();
            let dice = Dice::new(&faces).unwrap();
            let thrown = table.with_dice(dice);
            let outcomes = thrown.turns();
            let best = general::best_outcome(&net, &outcomes, dice).unwrap();
            let pick = hard.choose(&thrown).unwrap();
            assert_eq!(pick, outcomes[best]);
            differ += usize::from(medium.choose(&thrown).as_ref() != Some(&pick));
            table = pick.result;
            table.pass_turn(dice);
        }
        assert!(differ > 0, "hard played the hand-written evaluation");
    }

    #[test]
    fn hard_plays_the_readings_own_network_and_medium_the_hand_written_evaluation() {
        let table: Table = "italian A w0s0o3:8,9x3,20x2,23x5,28 w0s0o2:10,12x3,21,26x4,27x4 146"
            .parse()
            .unwrap();
        let outcomes = table.turns();
        let net = reading_net(table.rules()).unwrap();
        let best = general::best_outcome(&net, &outcomes, table.dice()).unwrap();
        let hard = Player::new(Level::Hard, 1).unwrap().choose(&table).unwrap();
        assert_eq!(hard, outcomes[best]);
        // Austin and Murray's network, given for their rules, has no say under another.
        let am = Player::with_net(Level::Hard, 1, builtin_net().unwrap()).choose(&table);
        assert_eq!(am.unwrap(), outcomes[best]);
        // A network given for the reading plays there, and still does after a turn under
        // Austin and Murray's rules (played with theirs).
        let given = Arc::new(Net::new(8, &mut Rng::new(5)));
        let pick = general::best_outcome(&given, &outcomes, table.dice()).unwrap();
        let mut player = Player::with_net_for(Level::Hard, 1, Rules::ITALIAN, given);
        assert!(player.choose(&positions()[0]).is_some());
        assert_eq!(player.choose(&table).unwrap(), outcomes[pick]);
    }

    #[test]
    fn expert_stops_searching_when_the_clock_runs_out() {
        let position = &positions()[1];
        let mut p = player(Level::Expert, 3);
        p.set_search(Search {
            candidates: 50,
            margin: 1.0,
            ..Search::default()
        });
        // Each reading of this clock advances it by a second: only one candidate fits.
        let clock = crate::clock::Ticking::new(1000.0);
        let timed = p.choose_within(position, &clock, 1.0).unwrap();
        let mut hard = player(Level::Hard, 3);
        assert_eq!(Some(timed), hard.choose(position));
    }

    #[test]
    fn expert_stops_searching_when_its_replies_run_out() {
        let position = &positions()[1];
        let mut p = player(Level::Expert, 3);
        // One candidate's replies already pass the cap: no second candidate is searched.
        p.set_search(Search {
            candidates: 50,
            margin: 1.0,
            replies: 1,
        });
        let capped = p.choose(position).unwrap();
        let mut hard = player(Level::Hard, 3);
        assert_eq!(Some(capped.clone()), hard.choose(position));
        // Without the cap the same search looks further and, here, picks another turn.
        p.set_search(Search {
            candidates: 50,
            margin: 1.0,
            replies: usize::MAX,
        });
        assert_ne!(p.choose(position), Some(capped));
    }

    #[test]
    fn levels_read_back_from_their_names() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }
}
