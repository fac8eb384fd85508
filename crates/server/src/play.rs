//! A game as the core holds it, either game under any reading: the server's only way to ask
//! what is legal. Every rule is the core's; this module maps its answers to the protocol.

use crate::protocol::{Action, Refusal, Seat};
use ludi_core::{latrunculi, scripta};
use serde_json::Value;

/// Which game a room plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Scripta,
    Latrunculi,
}

impl Kind {
    pub fn from_name(name: &str) -> Option<Kind> {
        match name {
            "scripta" => Some(Kind::Scripta),
            "latrunculi" => Some(Kind::Latrunculi),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Scripta => "scripta",
            Kind::Latrunculi => "latrunculi",
        }
    }

    /// The two seats, in the core's order.
    pub fn seats(self) -> [Seat; 2] {
        match self {
            Kind::Scripta => [Seat::Albi, Seat::Nigri],
            Kind::Latrunculi => [Seat::White, Seat::Black],
        }
    }

    /// A computer player's level as the core names it (`random` to `hard`, and XII Scripta's
    /// `expert`).
    pub fn level(self, text: &str) -> Result<String, String> {
        let text = text.trim();
        match self {
            Kind::Scripta => text.parse::<scripta::ai::Level>().map(|l| l.name().into()),
            Kind::Latrunculi => text
                .parse::<latrunculi::ai::Level>()
                .map(|l| l.name().into()),
        }
    }

    /// The rules as the core reads them, written as their preset's id or else canonically;
    /// the game's default when empty.
    pub fn rules(self, text: &str) -> Result<String, String> {
        let text = text.trim();
        match self {
            Kind::Scripta if text.is_empty() => Ok("austin-murray".into()),
            Kind::Scripta => scripta::Rules::read(text)
                .map(|r| r.preset().map_or_else(|| r.to_string(), String::from))
                .map_err(|e| e.to_string()),
            Kind::Latrunculi if text.is_empty() => Ok("piso".into()),
            Kind::Latrunculi => latrunculi::Rules::parse(text)
                .map(|r| r.preset().map_or_else(|| r.to_string(), String::from))
                .map_err(|e| e.to_string()),
        }
    }
}

/// A game in play (one per room, so the variants' sizes matter little).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Play {
    Scripta(scripta::Game),
    Latrunculi(latrunculi::Game),
}

/// A refusal with the core's reason.
pub type Refused = (Refusal, String);

fn scripta_seat(side: scripta::Side) -> Seat {
    match side {
        scripta::Side::Albi => Seat::Albi,
        scripta::Side::Nigri => Seat::Nigri,
    }
}

fn latrunculi_seat(side: latrunculi::Side) -> Seat {
    match side {
        latrunculi::Side::White => Seat::White,
        latrunculi::Side::Black => Seat::Black,
    }
}

fn scripta_refusal(e: scripta::GameError) -> Refused {
    let code = match e {
        scripta::GameError::GameOver(_) => Refusal::GameOver,
        scripta::GameError::NotThrown => Refusal::NotThrown,
        scripta::GameError::AlreadyThrown => Refusal::AlreadyThrown,
        scripta::GameError::TurnNotOver => Refusal::TurnNotOver,
        scripta::GameError::NothingToUndo => Refusal::NothingToUndo,
        _ => Refusal::Illegal,
    };
    (code, e.to_string())
}

fn wrong_game(kind: Kind) -> Refused {
    let message = match kind {
        Kind::Scripta => "XII Scripta is played with throw, step, undo and confirm",
        Kind::Latrunculi => "Latrunculi is played with move",
    };
    (Refusal::Illegal, message.into())
}

impl Play {
    /// A new game under `rules` (canonical text, see [`Kind::rules`]) with dice from `seed`;
    /// XII Scripta's Albi opens where the rules name the opener.
    pub fn new(kind: Kind, rules: &str, seed: u64) -> Result<Play, String> {
        Ok(match kind {
            Kind::Scripta => {
                let rules = scripta::Rules::read(rules).map_err(|e| e.to_string())?;
                Play::Scripta(scripta::Game::new(rules, seed, scripta::Side::Albi))
            }
            Kind::Latrunculi => {
                let rules = latrunculi::Rules::parse(rules).map_err(|e| e.to_string())?;
                let start = latrunculi::Position::start(&rules);
                Play::Latrunculi(latrunculi::Game::seeded(rules, start, seed))
            }
        })
    }

    pub fn kind(&self) -> Kind {
        match self {
            Play::Scripta(_) => Kind::Scripta,
            Play::Latrunculi(_) => Kind::Latrunculi,
        }
    }

    /// Whose turn it is, or `None` once the game is over.
    pub fn turn(&self) -> Option<Seat> {
        if self.is_over() {
            return None;
        }
        Some(match self {
            Play::Scripta(game) => scripta_seat(game.table().turn()),
            Play::Latrunculi(game) => latrunculi_seat(game.position().turn()),
        })
    }

    /// The game ended on the board: XII Scripta's winning turn confirmed, or Latrunculi's
    /// result reached.
    pub fn is_over(&self) -> bool {
        match self {
            Play::Scripta(game) => game.winner().is_some() && game.moves().next().is_none(),
            Play::Latrunculi(game) => game.outcome().is_some(),
        }
    }

    /// The winner on the board; `None` while playing or for a drawn Latrunculi game.
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Play::Scripta(game) if self.is_over() => game.winner().map(scripta_seat),
            Play::Scripta(_) => None,
            Play::Latrunculi(game) => match game.outcome() {
                Some(latrunculi::Outcome::Win(side)) => Some(latrunculi_seat(side)),
                _ => None,
            },
        }
    }

    /// Plays one action of the side to move through the core; changes nothing when refused.
    /// Claim and abandon are the room's, not the board's, and are refused here.
    pub fn apply(&mut self, action: &Action) -> Result<(), Refused> {
        match (self, action) {
            (Play::Scripta(game), Action::Throw) => game.throw().map(drop),
            (Play::Scripta(game), Action::Step { step }) => game.play_text(step).map(drop),
            (Play::Scripta(game), Action::Undo) => game.undo().map(drop),
            (Play::Scripta(game), Action::Confirm) => game.confirm().map(drop),
            (Play::Latrunculi(game), Action::Move { mv }) => {
                return game
                    .play_text(mv)
                    .map(drop)
                    .map_err(|e| (Refusal::Illegal, e.to_string()))
            }
            (Play::Latrunculi(_), Action::Undo) => {
                return Err((Refusal::NoUndo, "a Latrunculi move online is final".into()))
            }
            (play, _) => return Err(wrong_game(play.kind())),
        }
        .map_err(scripta_refusal)
    }

    /// The next actions of the computer player of `level` whose turn it is, as a player would
    /// send them: XII Scripta's throw alone, then the steps it picks for that throw and the
    /// confirm; a Latrunculi move. Empty when the game is over.
    pub fn computer_actions(&self, level: &str, seed: u64) -> Result<Vec<Action>, String> {
        if self.is_over() {
            return Ok(Vec::new());
        }
        match self {
            Play::Scripta(game) if game.thrown().is_empty() => Ok(vec![Action::Throw]),
            Play::Scripta(game) => {
                let level: scripta::ai::Level = level.parse()?;
                let mut player =
                    scripta::ai::Player::new(level, seed).map_err(|e| e.to_string())?;
                let steps = match player.choose(game.table()) {
                    Some(turn) => turn.moves.iter().map(ToString::to_string).collect(),
                    // The turn is over already: every move played, or the throw forfeited.
                    None => Vec::new(),
                };
                Ok(steps
                    .into_iter()
                    .map(|step| Action::Step { step })
                    .chain([Action::Confirm])
                    .collect())
            }
            Play::Latrunculi(game) => {
                let level: latrunculi::ai::Level = level.parse()?;
                let mut player = latrunculi::ai::Player::new(level, seed);
                Ok(player
                    .choose_in(game)
                    .map(|mv| Action::Move { mv: mv.to_string() })
                    .into_iter()
                    .collect())
            }
        }
    }

    /// The save every client may see: XII Scripta's without its seed (the dice to come) and
    /// with the current throw in `dice`; Latrunculi's as the core writes it.
    pub fn public_save(&self) -> Value {
        match self {
            Play::Scripta(game) => serde_json::to_value(game.public_save()).unwrap_or(Value::Null),
            Play::Latrunculi(game) => serde_json::to_value(game.save()).unwrap_or(Value::Null),
        }
    }

    /// The game's record in the project's format, with the players' names. The seed (the
    /// dice still to come) is written only once the game is over.
    pub fn record(&self, names: [Option<String>; 2], over: bool) -> String {
        let [first, second] = names;
        match self {
            Play::Scripta(game) => {
                let mut record = game.record();
                record.albi = first;
                record.nigri = second;
                if !over {
                    record.seed = None;
                }
                record.to_string()
            }
            Play::Latrunculi(game) => {
                let mut record = latrunculi::Record::from_game(game);
                record.white = first;
                record.black = second;
                record.to_string()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(text: &str) -> Action {
        Action::Step { step: text.into() }
    }

    #[test]
    fn rules_are_read_by_the_core_and_written_canonically() {
        assert_eq!(
            Kind::Scripta.rules("").unwrap(),
            Kind::Scripta.rules("austin-murray").unwrap()
        );
        assert!(Kind::Scripta.rules("russian").is_ok());
        assert!(Kind::Scripta.rules("dice=2,sum=on").is_ok());
        assert!(Kind::Scripta.rules("chess").is_err());
        assert!(Kind::Latrunculi.rules("quintana").is_ok());
        assert!(Kind::Latrunculi.rules("move=fly").is_err());
        for preset in ["italian", "russian", "italian-columns"] {
            let rules = Kind::Scripta.rules(preset).unwrap();
            assert!(Play::new(Kind::Scripta, &rules, 1).is_ok(), "{rules}");
        }
    }

    #[test]
    fn scripta_actions_go_through_the_core_and_refusals_change_nothing() {
        let rules = Kind::Scripta.rules("").unwrap();
        let mut play = Play::new(Kind::Scripta, &rules, 7).unwrap();
        assert_eq!(play.turn(), Some(Seat::Albi));
        assert_eq!(
            play.apply(&Action::Confirm).unwrap_err().0,
            Refusal::NotThrown
        );
        assert_eq!(
            play.apply(&Action::Undo).unwrap_err().0,
            Refusal::NothingToUndo
        );
        assert_eq!(play.apply(&step("in/1")).unwrap_err().0, Refusal::NotThrown);
        let mv = Action::Move { mv: "a2-a5".into() };
        assert_eq!(play.apply(&mv).unwrap_err().0, Refusal::Illegal);
        play.apply(&Action::Throw).unwrap();
        assert_eq!(
            play.apply(&Action::Throw).unwrap_err().0,
            Refusal::AlreadyThrown
        );
        let save = play.public_save();
        assert_eq!(save["seed"], "");
        assert_eq!(save["dice"].as_str().unwrap().len(), 3);
        let Play::Scripta(game) = &play else {
            unreachable!()
        };
        let first = game.legal_moves()[0].to_string();
        play.apply(&step(&first)).unwrap();
        play.apply(&Action::Undo).unwrap();
        assert_eq!(
            play.apply(&Action::Undo).unwrap_err().0,
            Refusal::NothingToUndo
        );
    }

    #[test]
    fn the_same_seed_and_actions_replay_the_same_game() {
        let rules = Kind::Scripta.rules("italian").unwrap();
        let mut a = Play::new(Kind::Scripta, &rules, 99).unwrap();
        let mut b = Play::new(Kind::Scripta, &rules, 99).unwrap();
        a.apply(&Action::Throw).unwrap();
        b.apply(&Action::Throw).unwrap();
        assert_eq!(a.public_save(), b.public_save());
    }

    /// Plays both seats by the computer's actions until the game ends.
    fn computer_plays_out(mut play: Play, level: &str) -> Play {
        for turn in 0..2_000 {
            let actions = play.computer_actions(level, turn).unwrap();
            if actions.is_empty() {
                break;
            }
            for action in actions {
                play.apply(&action).unwrap();
            }
        }
        play
    }

    #[test]
    fn the_computer_plays_whole_games_of_either_kind_through_the_core() {
        let scripta = Play::new(Kind::Scripta, "italian", 3).unwrap();
        let scripta = computer_plays_out(scripta, "medium");
        assert!(scripta.is_over() && scripta.winner().is_some());
        let latrunculi = Play::new(Kind::Latrunculi, "piso", 3).unwrap();
        assert!(computer_plays_out(latrunculi, "easy").is_over());
        assert_eq!(Kind::Latrunculi.level(" hard ").unwrap(), "hard");
        assert!(Kind::Latrunculi.level("expert").is_err());
        assert_eq!(Kind::Scripta.level("expert").unwrap(), "expert");
    }

    #[test]
    fn latrunculi_moves_go_through_the_core_and_have_no_undo() {
        let rules = Kind::Latrunculi.rules("").unwrap();
        let mut play = Play::new(Kind::Latrunculi, &rules, 1).unwrap();
        assert_eq!(play.turn(), Some(Seat::White));
        assert_eq!(play.apply(&Action::Undo).unwrap_err().0, Refusal::NoUndo);
        assert_eq!(play.apply(&Action::Throw).unwrap_err().0, Refusal::Illegal);
        let bad = Action::Move { mv: "z9".into() };
        assert_eq!(play.apply(&bad).unwrap_err().0, Refusal::Illegal);
        let Play::Latrunculi(game) = &play else {
            unreachable!()
        };
        let first = game.legal_moves()[0].to_string();
        play.apply(&Action::Move { mv: first }).unwrap();
        assert_eq!(play.turn(), Some(Seat::Black));
        assert!(play.record([Some("A".into()), None], false).contains("A"));
    }
}
