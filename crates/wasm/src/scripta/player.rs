//! The computer players as the page asks for them, in plain Rust: a level by name, a position
//! in XSN with its dice (under any reading), and the chosen turn back as the steps the page
//! plays one by one.

use super::session::{parse_seed, parse_table};
use super::view::StepView;
use ludi_core::scripta::ai::{
    analysis, builtin_net, load_net, needs_net, Clock, Level, Player, TRAINED,
};
use ludi_core::scripta::Rules;
use serde::Serialize;

/// A time budget: the clock to read and how many milliseconds `expert` may search.
pub type Budget<'a> = (&'a dyn Clock, f64);

/// A computer player of one level, under any reading.
pub struct Opponent {
    level: Level,
    player: Player,
}

impl Opponent {
    /// A player of `level` (`random`, `easy`, `medium`, `hard` or `expert`); `seed` (decimal
    /// digits) makes its choices reproducible, else they draw on the system's randomness.
    pub fn new(level: &str, seed: Option<&str>) -> Result<Opponent, String> {
        let level: Level = level.trim().parse()?;
        let seed = parse_seed(seed)?;
        let player = Player::new(level, seed)
            .map_err(|e| format!("the {level} player cannot read its network: {e}"))?;
        Ok(Opponent { level, player })
    }

    /// The steps of the turn this player picks in `xsn` (which must carry the dice still to
    /// play), in play order; empty when the whole throw is forfeited. Under a reading without
    /// a search to cut short the budget is only checked.
    pub fn choose(&mut self, xsn: &str, budget: Option<Budget>) -> Result<Vec<StepView>, String> {
        let table = parse_table(xsn)?;
        if let Some(side) = table.winner() {
            return Err(format!("the game is over: {} have won", side.name()));
        }
        if table.dice().is_empty() {
            return Err(format!(
                "the position `{}` has no dice to play: throw first",
                xsn.trim()
            ));
        }
        if let Some((_, millis)) = budget {
            if !(millis.is_finite() && millis >= 0.0) {
                // Not echoing the number keeps float formatting, and its size, out of the wasm.
                return Err(
                    "the time budget must be a finite, positive number of milliseconds".into(),
                );
            }
        }
        if needs_net(self.level, &table).is_some() {
            return Err(format!(
                "the {} player's network is not loaded: load its weights first",
                self.level
            ));
        }
        let turn = match budget {
            Some((clock, millis)) => self.player.choose_within(&table, clock, millis),
            None => self.player.choose(&table),
        };
        turn.map(|t| t.moves.into_iter().map(StepView::of).collect())
            .ok_or_else(|| format!("no turn can be played in `{}`", xsn.trim()))
    }
}

/// The preset whose trained network `level` (a player's name) choosing in `xsn` needs, when a
/// build without compiled-in weights (the page's) has not been given it yet: the levels that
/// use a network, under rules a network plays (a preset's own, or one's own that borrow it).
pub fn needs_weights(level: &str, xsn: &str) -> Result<Option<&'static str>, String> {
    let level: Level = level.trim().parse()?;
    Ok(needs_net(level, &parse_table(xsn)?))
}

/// Gives a build without compiled-in weights the network of the preset `preset`: the bytes of
/// its weights file.
pub fn load_weights(preset: &str, bytes: &[u8]) -> Result<(), String> {
    let rules = Rules::preset_rules(preset)
        .filter(|rules| TRAINED.contains(&rules.name().as_str()))
        .ok_or_else(|| format!("no network is trained for the rules `{preset}`"))?;
    load_net(&rules, bytes).map_err(|e| format!("the network's weights do not read: {e}"))
}

/// What `expert` would play in `xsn`: the page's hint.
pub fn hint(xsn: &str, budget: Option<Budget>) -> Result<Vec<StepView>, String> {
    // `expert` draws no random numbers, so any seed gives the same hint.
    Opponent::new("expert", Some("0"))?.choose(xsn, budget)
}

/// The best turn of a throw, when it beats the turn played by more than the margin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BetterView {
    /// `in/2 12/15*`, `-` for a forfeit.
    pub text: String,
    pub steps: Vec<StepView>,
}

/// The hard player's opinion of one turn: the mover's chance of winning had they played the
/// best outcome, and after the turn they played (0 to 1).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VerdictView {
    pub best: f32,
    pub played: f32,
    /// The turn gave away more than the core's `COSTLY`: where a game is lost.
    pub costly: bool,
    pub better: Option<BetterView>,
}

/// What the hard player thinks of the turn from `before` (XSN with its throw) to `after` (the
/// XSN the turn leaves), naming a better turn past the core's `MARGIN`.
pub fn judge(before: &str, after: &str) -> Result<VerdictView, String> {
    let before = parse_table(before)?;
    let after = parse_table(after)?;
    let net = builtin_net().map_err(|e| format!("the hard player cannot read its network: {e}"))?;
    let verdict = analysis::judge(&net, &before, &after, analysis::MARGIN)?;
    Ok(VerdictView {
        best: verdict.best,
        played: verdict.played,
        costly: verdict.costly(),
        better: verdict.better.map(|turn| BetterView {
            text: turn.to_string(),
            steps: turn.moves.into_iter().map(StepView::of).collect(),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::super::session::Session;
    use super::*;

    const LEVELS: [&str; 5] = ["random", "easy", "medium", "hard", "expert"];

    /// Plays `steps` as the page does, by their text, and passes the turn.
    fn replay(session: &mut Session, steps: &[StepView]) {
        for step in steps {
            let played = session.play(&step.step).unwrap_or_else(|e| {
                panic!("{} in {}: {e}", step.step, session.snapshot().position)
            });
            assert_eq!(played.step, step.step);
        }
        session
            .confirm()
            .unwrap_or_else(|e| panic!("after {steps:?}: {e}"));
    }

    #[test]
    fn every_level_plays_whole_legal_turns_that_replay_by_their_text() {
        for (n, level) in LEVELS.into_iter().enumerate() {
            let mut session = Session::new(Some(&(100 + n).to_string()), None, None).unwrap();
            let mut opponent = Opponent::new(level, Some("5")).unwrap();
            let mut turns = 0;
            while session.snapshot().winner.is_none() && turns < 2000 {
                session.throw_dice().unwrap();
                let steps = opponent.choose(&session.snapshot().position, None).unwrap();
                replay(&mut session, &steps);
                turns += 1;
            }
            assert!(
                session.snapshot().winner.is_some(),
                "{level} did not finish a game"
            );
        }
    }

    #[test]
    fn the_same_seed_chooses_the_same_turn() {
        let xsn = "N w3s0o2:4,9x3,20x2,33x4 w5s1o0:2x2,8,30x6 146";
        for level in LEVELS {
            let a = Opponent::new(level, Some("9")).unwrap().choose(xsn, None);
            let b = Opponent::new(level, Some("9")).unwrap().choose(xsn, None);
            assert_eq!(a, b, "{level}");
        }
    }

    #[test]
    fn a_throw_that_cannot_be_played_is_an_empty_turn() {
        let blocked = "A w15s0o0: w3s0o0:1x2,2x2,3x2,4x2,5x2,6x2 123";
        for level in LEVELS {
            let steps = Opponent::new(level, Some("1"))
                .unwrap()
                .choose(blocked, None);
            assert_eq!(steps, Ok(vec![]), "{level}");
        }
    }

    #[test]
    fn the_hint_is_experts_full_search_and_a_budget_cuts_it_short() {
        let xsn = "A w7s1o0:1x2,5,31x4 w13s0o0:4x2 235";
        let full = Opponent::new("expert", None).unwrap().choose(xsn, None);
        let frozen = || 0.0;
        assert_eq!(hint(xsn, Some((&frozen, 300.0))), full);
        // Each reading of this clock moves it on by a second: the search stops at once, yet
        // still answers with a legal turn.
        let racing = ludi_core::clock::Ticking::new(1000.0);
        let hurried = hint(xsn, Some((&racing, 1.0))).unwrap();
        let mut session = Session::from_position(xsn, Some("1")).unwrap();
        replay(&mut session, &hurried);
    }

    #[test]
    fn the_judge_reads_each_turn_of_a_replayed_record() {
        let mut session = Session::new(Some("12"), None, None).unwrap();
        let mut players = [
            Opponent::new("hard", Some("1")).unwrap(),
            Opponent::new("random", Some("2")).unwrap(),
        ];
        for n in 0..40 {
            session.throw_dice().unwrap();
            let steps = players[n % 2]
                .choose(&session.snapshot().position, None)
                .unwrap();
            replay(&mut session, &steps);
        }
        let view = super::super::replay::read(&session.record(None, None, None).unwrap()).unwrap();
        let verdicts: Vec<VerdictView> = view
            .turns
            .iter()
            .map(|t| judge(&t.before, &t.after).unwrap())
            .collect();
        for (n, v) in verdicts.iter().enumerate() {
            assert!(
                (0.0..=1.0).contains(&v.played) && v.played <= v.best,
                "turn {n}"
            );
            assert_eq!(v.better.is_some(), v.best - v.played > analysis::MARGIN);
            if n % 2 == 0 {
                assert_eq!(v.played, v.best, "hard plays its own best, turn {n}");
            }
        }
        assert!(
            verdicts.iter().any(|v| v.better.is_some()),
            "random misses a better turn somewhere in twenty"
        );
        let better = verdicts.iter().find_map(|v| v.better.as_ref()).unwrap();
        let joined: Vec<&str> = better.steps.iter().map(|s| s.step.as_str()).collect();
        assert_eq!(better.text, joined.join(" "));

        let start = "A w15s0o0: w15s0o0: 235";
        assert!(judge(start, "A w15s0o0: w15s0o0:")
            .unwrap_err()
            .contains("not an outcome"));
        assert!(judge("nonsense", start).unwrap_err().contains("XSN"));
    }

    #[test]
    fn refuses_bad_input_with_words() {
        let unknown = Opponent::new("grandmaster", None).err().unwrap();
        assert!(
            unknown.contains("random, easy, medium, hard or expert"),
            "{unknown}"
        );
        assert!(Opponent::new("easy", Some("x")).is_err());
        let mut p = Opponent::new("medium", Some("1")).unwrap();
        assert!(p.choose("A nonsense", None).unwrap_err().contains("XSN"));
        assert!(p
            .choose("A w15s0o0: w15s0o0:", None)
            .unwrap_err()
            .contains("throw first"));
        assert!(p
            .choose("N w0s0o15: w0s0o0:30x15 123", None)
            .unwrap_err()
            .contains("over"));
        let clock = || 0.0;
        for bad in [f64::NAN, -1.0, f64::INFINITY] {
            let xsn = "A w15s0o0: w15s0o0: 235";
            assert!(p
                .choose(xsn, Some((&clock, bad)))
                .unwrap_err()
                .contains("milliseconds"));
        }
    }

    #[test]
    fn under_other_readings_every_level_plays_turns_that_replay_by_their_text() {
        for (n, level) in LEVELS.into_iter().enumerate() {
            for rules in ["italian", "russian"] {
                let seed = (200 + n).to_string();
                let mut session = Session::new(Some(&seed), None, Some(rules)).unwrap();
                let mut opponent = Opponent::new(level, Some("5")).unwrap();
                for _ in 0..40 {
                    if session.snapshot().winner.is_some() {
                        break;
                    }
                    session.throw_dice().unwrap();
                    let steps = opponent.choose(&session.snapshot().position, None).unwrap();
                    replay(&mut session, &steps);
                }
                assert!(session.snapshot().turns > 0, "{level} {rules}");
            }
        }
        let frozen = || 0.0;
        let xsn = "italian A w0s0o13:8x2 w15s0o0: 421";
        let hinted = hint(xsn, Some((&frozen, 100.0))).unwrap();
        assert_eq!(hint(xsn, None).unwrap(), hinted);
        let mut session = Session::from_position(xsn, Some("1")).unwrap();
        replay(&mut session, &hinted);
        // Nothing to play: an empty turn; no dice: refused.
        let stuck = "italian A w0s0o14:27 w15s0o0: 666";
        assert_eq!(hint(stuck, None), Ok(vec![]));
        assert!(hint("italian A w0s0o14:27 w15s0o0:", None)
            .unwrap_err()
            .contains("throw first"));
        let e = judge(xsn, "italian N w0s0o13:12x2 w15s0o0:").unwrap_err();
        assert!(e.contains("only Austin and Murray's rules"), "{e}");
    }

    #[test]
    fn weights_are_asked_for_by_level_and_position_and_bad_ones_refused() {
        let start = "A w15s0o0: w15s0o0: 235";
        // This build has them compiled in: nothing is ever wanted.
        for level in LEVELS {
            assert_eq!(needs_weights(level, start), Ok(None), "{level}");
            let italian = "italian A w15s0o0: w15s0o0: 235";
            assert_eq!(needs_weights(level, italian), Ok(None), "{level}");
        }
        assert!(needs_weights("grandmaster", start).is_err());
        assert!(needs_weights("hard", "A w99").is_err());
        let refused = load_weights("italian", b"not weights").unwrap_err();
        assert!(refused.contains("do not read"), "{refused}");
        let unknown = load_weights("counters=6", &[]).unwrap_err();
        assert!(unknown.contains("no network"), "{unknown}");
        // The network is still the compiled-in one.
        assert!(Opponent::new("hard", Some("1"))
            .unwrap()
            .choose(start, None)
            .is_ok());
    }
}
