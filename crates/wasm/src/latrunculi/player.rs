//! The computer players as the page asks for them, in plain Rust: a level by name, the game
//! (its rules, position and, for `norepeat`, its history), and the chosen move back taken
//! apart, with what it would capture.

use super::session::MoveView;
use ludi_core::latrunculi::ai::{Clock, Level, Player};
use ludi_core::latrunculi::{parse_seed, Game};
use ludi_core::rng::os_seed;

/// A time budget: the clock to read and how many milliseconds a search may take.
pub type Budget<'a> = (&'a dyn Clock, f64);

/// A computer player of one level.
pub struct Opponent {
    player: Player,
}

impl Opponent {
    /// A player of `level` (`random`, `easy`, `medium` or `hard`); `seed` (decimal digits)
    /// makes its choices reproducible, else they draw on the system's randomness.
    pub fn new(level: &str, seed: Option<&str>) -> Result<Opponent, String> {
        let level: Level = level.trim().parse()?;
        let seed = match seed.map(str::trim) {
            None | Some("") => os_seed()?,
            Some(text) => parse_seed(text)?,
        };
        Ok(Opponent {
            player: Player::new(level, seed),
        })
    }

    pub fn level(&self) -> &'static str {
        self.player.level().name()
    }

    /// The move this player picks in `game`, among the moves its rules allow now (a position
    /// already seen is among them no more under `norepeat`), within its level's node budget
    /// and, when given, about `budget`'s milliseconds. Nothing is played.
    pub fn choose(&mut self, game: &Game, budget: Option<Budget>) -> Result<MoveView, String> {
        if let Some(outcome) = game.outcome() {
            return Err(format!("the game is over ({})", outcome.name()));
        }
        let mut limits = self.player.level().budget();
        let clock = match budget {
            // Not echoing the number keeps float formatting, and its size, out of the wasm.
            Some((_, millis)) if !(millis.is_finite() && millis >= 0.0) => {
                return Err(
                    "the time budget must be a finite, positive number of milliseconds".into(),
                )
            }
            Some((clock, millis)) => {
                limits.max_millis = Some(millis);
                Some(clock)
            }
            None => None,
        };
        let (rules, position) = (game.rules(), game.position());
        let report = self
            .player
            .think_among(rules, position, game.legal_moves(), limits, clock)
            .ok_or_else(|| format!("no move can be played in `{position}`"))?;
        Ok(MoveView::of(rules, position, report.best))
    }
}

/// What `hard` plays in `game`: the page's hint.
pub fn hint(game: &Game, budget: Option<Budget>) -> Result<MoveView, String> {
    Opponent {
        player: Player::hint(),
    }
    .choose(game, budget)
}

#[cfg(test)]
mod tests {
    use super::super::session::{parse_position, parse_rules, Session};
    use super::*;

    fn game(lfen: &str, rules: &str) -> Game {
        Game::from_position(parse_rules(rules).unwrap(), parse_position(lfen).unwrap())
    }

    const LEVELS: [&str; 4] = ["random", "easy", "medium", "hard"];

    #[test]
    fn every_level_plays_a_whole_legal_game_to_its_result() {
        // Every preset with the random player; the searching levels on 8 x 8 and the smallest
        // board of each family of Ludii's (the larger boards are the same rules, and slow).
        // Each level plays White against a random Black: half the searches, shorter games.
        let searched = [
            "piso",
            "quintana",
            "schadler-1994",
            "schadler-2001",
            "seneca",
            "kharebga-6x6",
            "seega-6x7",
        ];
        for (n, level) in LEVELS.into_iter().enumerate() {
            let presets = ludi_core::latrunculi::PRESETS.map(|preset| preset.id);
            for rules in presets
                .into_iter()
                .filter(|id| level == "random" || searched.contains(id))
            {
                let mut session = Session::new(rules, None, Some(&n.to_string())).unwrap();
                let mut opponent = Opponent::new(level, Some("5")).unwrap();
                assert_eq!(opponent.level(), level);
                let mut random = Opponent::new("random", Some("6")).unwrap();
                let mut turns = 0;
                let mut snapshot = session.snapshot();
                while snapshot.result.is_none() {
                    assert!(turns < 5000, "{level} under {rules} did not finish");
                    let player = if snapshot.turn == "white" {
                        &mut opponent
                    } else {
                        &mut random
                    };
                    let chosen = player.choose(session.game(), None).unwrap();
                    assert_eq!(session.snapshot(), snapshot, "choosing plays nothing");
                    let played = session.play(&chosen.text).unwrap_or_else(|e| {
                        panic!("{} in {}: {e}", chosen.text, snapshot.position)
                    });
                    assert_eq!(played, chosen, "what it would take is what it takes");
                    turns += 1;
                    snapshot = session.snapshot();
                }
                assert!(
                    opponent.choose(session.game(), None).is_err(),
                    "{snapshot:?}"
                );
            }
        }
    }

    #[test]
    fn the_same_seed_chooses_the_same_move() {
        let lfen = "8/2B5/8/3WB3/8/2W5/8/8 w 0,0 0,0 0 -,-";
        for level in LEVELS {
            let a = Opponent::new(level, Some("9"))
                .unwrap()
                .choose(&game(lfen, "piso"), None);
            let b = Opponent::new(level, Some("9"))
                .unwrap()
                .choose(&game(lfen, "piso"), None);
            assert_eq!(a, b, "{level}");
            assert!(a.is_ok(), "{level}");
        }
    }

    #[test]
    fn every_searching_level_shows_the_counter_it_takes() {
        // c1-c2 takes c3 against c4.
        let lfen = "8/8/8/8/2W5/2B5/8/2W4B w 0,0 0,0 0 -,-";
        for level in ["easy", "medium", "hard"] {
            let chosen = Opponent::new(level, Some("1"))
                .unwrap()
                .choose(&game(lfen, "quintana"), None)
                .unwrap();
            assert_eq!(chosen.text, "c1-c2", "{level}");
            assert_eq!(chosen.captured, ["c3"], "{level}");
        }
    }

    #[test]
    fn the_hint_is_hards_move_and_a_budget_cuts_it_short() {
        let lfen = "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-";
        let full = Opponent::new("hard", Some("0"))
            .unwrap()
            .choose(&game(lfen, "quintana"), None);
        let frozen = || 0.0;
        assert_eq!(hint(&game(lfen, "quintana"), Some((&frozen, 1000.0))), full);
        // Each reading of this clock moves it on by a second: the search stops at once, yet
        // still answers with a legal move.
        let racing = ludi_core::clock::Ticking::new(1000.0);
        let hurried = hint(&game(lfen, "quintana"), Some((&racing, 1.0))).unwrap();
        let mut session = Session::new("quintana", Some(lfen), Some("1")).unwrap();
        session.play(&hurried.text).unwrap();
    }

    #[test]
    fn refuses_bad_input_with_words() {
        let unknown = Opponent::new("grandmaster", None).err().unwrap();
        assert!(unknown.contains("random, easy, medium, hard"), "{unknown}");
        assert!(Opponent::new("easy", Some("x")).is_err());
        let mut p = Opponent::new("medium", Some("1")).unwrap();
        let start = game("8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-", "piso");
        let over = game("8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-", "piso");
        assert!(p.choose(&over, None).unwrap_err().contains("over"));
        let clock = || 0.0;
        for bad in [f64::NAN, -1.0, f64::INFINITY] {
            assert!(p
                .choose(&start, Some((&clock, bad)))
                .unwrap_err()
                .contains("milliseconds"));
        }
        assert!(p.choose(&start, Some((&clock, 50.0))).is_ok());
    }

    #[test]
    fn under_norepeat_the_computer_never_brings_a_position_back() {
        // Two counters each, shuffling: medium would step back and forth, but every
        // position it could return to has been seen.
        let mut session = Session::new(
            "schadler-1994",
            Some("B7/8/8/8/8/8/8/W6B w 0,0 0,0 0 -,-"),
            Some("2"),
        )
        .unwrap();
        let mut players = [
            Opponent::new("medium", Some("3")).unwrap(),
            Opponent::new("hard", Some("4")).unwrap(),
        ];
        let mut seen = vec![session.snapshot().position];
        for turn in 0..60 {
            let Ok(chosen) = players[turn % 2].choose(session.game(), None) else {
                break;
            };
            session.play(&chosen.text).unwrap();
            let now = session.snapshot().position;
            let board = |lfen: &str| lfen.split(' ').take(3).collect::<Vec<_>>().join(" ");
            assert!(
                seen.iter().all(|earlier| board(earlier) != board(&now)),
                "{} brought back {now}",
                chosen.text
            );
            seen.push(now);
        }
    }
}
