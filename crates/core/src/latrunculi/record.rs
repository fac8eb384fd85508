//! A Latrunculi game as plain text: a `Key: value` header, a blank line, then one placement
//! (`@d4`) or move (`d4-d6`) a line, optionally numbered (`12. d4-d6`).
//!
//! ```text
//! Game: Latrunculi
//! Rules: start=rows,move=rook,corner=off,noback=off,win=all
//! White: Livia
//! Black: hard
//! Date: 2026-11-30
//! Result: *
//!
//! a2-a5
//! h7-h4
//! ```

use super::game::Game;
use super::moves::Move;
use super::position::{Outcome, Position};
use super::rules::Rules;
use super::Side;
use crate::record::{self, Common, RecordError, ReplayError};
use std::fmt;
use std::str::FromStr;

/// A Latrunculi game record. `Display` writes it canonically; `FromStr` reads it leniently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub rules: Rules,
    /// Who played white: a person or a computer level.
    pub white: Option<String>,
    pub black: Option<String>,
    /// An ISO date, `2026-11-30`.
    pub date: Option<String>,
    /// The game's seed (placing the rest, the computer's choices).
    pub seed: Option<u64>,
    /// `None` for the rules' standard start.
    pub start: Option<Position>,
    /// How the game ended, or `None` while it is unfinished (`Result: *`).
    pub result: Option<Outcome>,
    pub moves: Vec<Move>,
}

impl Record {
    /// An empty record of a game under `rules` from their standard start.
    pub fn new(rules: Rules) -> Record {
        Record {
            rules,
            white: None,
            black: None,
            date: None,
            seed: None,
            start: None,
            result: None,
            moves: Vec::new(),
        }
    }

    /// The record of a game played so far, with no players or date.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Record, Rules};
    ///
    /// let mut game = Game::new(Rules::QUINTANA);
    /// game.play_text("a2-a5").unwrap();
    /// let record = Record::from_game(&game);
    /// assert_eq!(record.to_string().lines().last(), Some("a2-a5"));
    /// assert_eq!(&record.replay().unwrap(), game.position());
    /// ```
    pub fn from_game(game: &Game) -> Record {
        let rules = *game.rules();
        let standard = *game.start() == Position::start(&rules);
        Record {
            seed: Some(game.seed()),
            start: (!standard).then(|| game.start().clone()),
            result: game.outcome(),
            moves: game.record().to_vec(),
            ..Record::new(rules)
        }
    }

    /// The record written canonically, refused when it would not read back (a date that is
    /// not ISO, say): a record handed on must open again.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Game, Record, Rules};
    ///
    /// let game = Game::new(Rules::QUINTANA);
    /// let dated = |date: &str| Record { date: Some(date.into()), ..Record::from_game(&game) };
    /// assert!(dated("2026-11-30").checked_text().is_ok());
    /// assert!(dated("today").checked_text().unwrap_err().contains("ISO date"));
    /// ```
    pub fn checked_text(&self) -> Result<String, String> {
        let text = self.to_string();
        text.parse::<Record>()
            .map_err(|e| format!("the record would not read back: {}", e.message))?;
        Ok(text)
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Position {
        self.start
            .clone()
            .unwrap_or_else(|| Position::start(&self.rules))
    }

    /// Replays every move from the start through the rules and returns the final position,
    /// or the first move the rules refuse (with the engine's reason), or a `Result:` other
    /// than the one the moves reach.
    ///
    /// ```
    /// use ludi_core::latrunculi::Record;
    ///
    /// let record: Record = "Game: Latrunculi\nRules: quintana\n\na2-a5\nh7-h4\n".parse().unwrap();
    /// assert_eq!(
    ///     record.replay().unwrap().to_string(),
    ///     "BBBBBBBB/BBBBBBB1/8/W7/7B/8/1WWWWWWW/WWWWWWWW w 0,0 0,0 2 a2-a5,h7-h4"
    /// );
    /// let bad: Record = "Game: Latrunculi\nRules: quintana\n\na2-a5\na5-a6\n".parse().unwrap();
    /// assert!(bad.replay().unwrap_err().to_string().starts_with("turn 2 `a5-a6` is illegal"));
    /// ```
    pub fn replay(&self) -> Result<Position, ReplayError> {
        Ok(self.replay_game()?.position().clone())
    }

    /// Replays every move as [`Record::replay`] does and returns the game played, whose
    /// history holds the position before each move: the replay view steps through it.
    ///
    /// ```
    /// use ludi_core::latrunculi::Record;
    ///
    /// let record: Record = "Game: Latrunculi\nRules: quintana\nSeed: 5\n\na2-a5\nh7-h4\n".parse().unwrap();
    /// let game = record.replay_game().unwrap();
    /// assert_eq!(game.history().len(), 2);
    /// assert_eq!(game.history()[0], record.start_position());
    /// assert_eq!(game.seed(), 5);
    /// ```
    pub fn replay_game(&self) -> Result<Game, ReplayError> {
        let game = self.play_moves(self.moves.len(), self.seed.unwrap_or(0))?;
        let replayed = game.outcome();
        if replayed != self.result {
            return Err(ReplayError::Result {
                recorded: result_text(self.result).into(),
                replayed: result_text(replayed).into(),
            });
        }
        Ok(game)
    }

    /// A game that goes on from the position after the record's first `moves` moves (all of
    /// them when it has fewer), with those moves as its history: moves replay without chance,
    /// so a record can always be taken over where it stands. The game's seed is the record's,
    /// else `seed`.
    ///
    /// ```
    /// use ludi_core::latrunculi::Record;
    ///
    /// let record: Record = "Game: Latrunculi\nRules: quintana\n\na2-a5\nh7-h4\n".parse().unwrap();
    /// let game = record.resume(1, 8).unwrap();
    /// assert_eq!(game.record().len(), 1);
    /// assert_eq!(game.seed(), 8);
    /// ```
    pub fn resume(&self, moves: usize, seed: u64) -> Result<Game, ReplayError> {
        self.replay_game()?;
        self.play_moves(moves.min(self.moves.len()), self.seed.unwrap_or(seed))
    }

    /// The game of the first `count` moves from the start, refusing the first illegal one.
    fn play_moves(&self, count: usize, seed: u64) -> Result<Game, ReplayError> {
        let mut game = Game::seeded(self.rules, self.start_position(), seed);
        for (i, &mv) in self.moves.iter().take(count).enumerate() {
            game.play(mv).map_err(|e| ReplayError::Illegal {
                turn: i + 1,
                text: mv.to_string(),
                reason: e.0,
            })?;
        }
        Ok(game)
    }
}

fn result_text(result: Option<Outcome>) -> &'static str {
    result.map_or("*", Outcome::name)
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        record::write_header(
            f,
            &record::Header {
                game: "Latrunculi",
                rules: &self.rules,
                players: [
                    ("White", self.white.as_deref()),
                    ("Black", self.black.as_deref()),
                ],
                date: self.date.as_deref(),
                seed: self.seed,
                start: self.start.as_ref().map(|p| p as &dyn fmt::Display),
                result: result_text(self.result),
            },
        )?;
        for mv in &self.moves {
            writeln!(f, "{mv}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads a record leniently: blank lines, `#` comments, CRLF, extra spaces, header keys
    /// in any case and order, moves optionally numbered (`12. d4-d6`). `Game:` is required;
    /// `Rules:` (a preset or key=value pairs) defaults to Piso; `Result:` defaults to `*`.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Record, Rules};
    ///
    /// let record: Record = "game: latrunculi\r\nRULES: Quintana\r\n\r\n1. a2-a5  # bold\r\n".parse().unwrap();
    /// assert_eq!(record.rules, Rules::QUINTANA);
    /// assert_eq!(record.moves[0].to_string(), "a2-a5");
    /// let err = "Game: Latrunculi\n\n@d4\nd4:d5\n".parse::<Record>().unwrap_err();
    /// assert_eq!(err.to_string(), "line 4: `d4:d5` is not a move (like @d4 or d4-d6)");
    /// ```
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let (header, body) = record::split(text)?;
        record::check_game(&header, "Latrunculi", "XII Scripta")?;
        let mut record = Record::new(Rules::PISO);
        let mut common = Common::default();
        for h in &header {
            if common.read(h)? {
                continue;
            }
            match h.key.as_str() {
                "game" => {}
                "rules" => {
                    record.rules = Rules::parse(&h.value.to_ascii_lowercase().replace(' ', ""))
                        .map_err(|e| RecordError::new(h.line, format!("Rules: {}", e.reason())))?;
                }
                "white" => record.white = Some(record::read_name(h)?),
                "black" => record.black = Some(record::read_name(h)?),
                "start" => {
                    let start: Position = h
                        .value
                        .parse()
                        .map_err(|e| RecordError::new(h.line, format!("Start: {e}")))?;
                    record.start = Some(start);
                }
                "result" => {
                    record.result = match h.value.to_ascii_lowercase().as_str() {
                        "white" => Some(Outcome::Win(Side::White)),
                        "black" => Some(Outcome::Win(Side::Black)),
                        "draw" => Some(Outcome::Draw),
                        "*" => None,
                        _ => {
                            return Err(RecordError::new(
                                h.line,
                                format!("Result: `{}` is not white, black, draw or *", h.value),
                            ))
                        }
                    }
                }
                _ => {
                    return Err(record::unknown_key(
                        h,
                        "Game, Rules, White, Black, Date, Seed, Start, Result",
                    ))
                }
            }
        }
        record.date = common.date;
        record.seed = common.seed;
        for line in body {
            let mv = Move::parse(line.text).ok_or_else(|| {
                RecordError::new(
                    line.line,
                    format!("`{}` is not a move (like @d4 or d4-d6)", line.text),
                )
            })?;
            record.moves.push(mv);
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Record, RecordError> {
        text.parse()
    }

    const GAME: &str = "Game: Latrunculi\nRules: start=rows,move=rook,corner=off,noback=off,win=all\nWhite: Livia\nBlack: hard\nDate: 2026-11-30\nSeed: 7\nResult: *\n\na2-a5\nh7-h4\n";

    #[test]
    fn a_canonical_record_reads_and_writes_back_unchanged() {
        let record = read(GAME).unwrap();
        assert_eq!(record.rules, Rules::QUINTANA);
        assert_eq!(record.black.as_deref(), Some("hard"));
        assert_eq!(record.to_string(), GAME);
        assert_eq!(
            record.replay().unwrap().to_string(),
            "BBBBBBBB/BBBBBBB1/8/W7/7B/8/1WWWWWWW/WWWWWWWW w 0,0 0,0 2 a2-a5,h7-h4"
        );
    }

    #[test]
    fn reading_is_lenient() {
        let text = "# from the tablet\r\n  seed: 7\r\nBLACK:  hard \r\nrules: quintana\r\n\r\nDate:2026-11-30\r\ngame: LATRUNCULI\r\nwhite: Livia\r\n\r\n1.  a2-a5 # first\r\n\r\n# then\r\n2.h7-h4\r\n";
        assert_eq!(read(text).unwrap(), read(GAME).unwrap());
        let piso = read("Game: Latrunculi\n@d4\n").unwrap();
        assert_eq!(piso.rules, Rules::PISO);
        assert_eq!(piso.result, None);
    }

    /// Found by `cargo xtask fuzz` (latrunculi_record): a lone carriage return in a name was
    /// written back as a space, so the record read back as another one.
    #[test]
    fn a_name_with_a_lone_carriage_return_reads_back_as_written() {
        let record = read("Game: Latrunculi\nWhite: Li\rvia\nBlack: ha\r\rrd\n\n@d4\n").unwrap();
        assert_eq!(record.white.as_deref(), Some("Li via"));
        assert_eq!(record.black.as_deref(), Some("ha  rd"));
        assert_eq!(read(&record.to_string()).unwrap(), record);
    }

    #[test]
    fn each_reading_error_names_its_line() {
        let cases = [
            (
                "Game: Latrunculi\nWhite: a\nBlack: b\nColour: red\n",
                4,
                "unknown header key `colour`",
            ),
            (
                "Game: Latrunculi\nRules: piso\nrules: quintana\n",
                3,
                "given twice (first on line 2)",
            ),
            ("Game: XII Scripta\n", 1, "a record of XII Scripta"),
            ("\n\n@d4\n", 0, "no `Game: Latrunculi`"),
            ("Game: Latrunculi\nRules: chess\n", 2, "Rules: `chess`"),
            ("Game: Latrunculi\nDate: tomorrow\n", 2, "ISO date"),
            ("Game: Latrunculi\nSeed: x\n", 2, "whole number"),
            ("Game: Latrunculi\nStart: 8/8 w\n", 2, "Start: "),
            (
                "Game: Latrunculi\nResult: albi\n",
                2,
                "not white, black, draw or *",
            ),
            ("Game: Latrunculi\nBlack:   \n", 2, "empty player name"),
            ("Game: Latrunculi\n\n@d4\n@z99\n", 4, "`@z99` is not a move"),
            (
                "Game: Latrunculi\n\n1. @d4\n3. @e5\n",
                4,
                "turn 2 is numbered 3",
            ),
            ("Game: Latrunculi\n\n1.\n", 3, "turn 1 is empty"),
            (
                "Game: Latrunculi\n\n@d4\nDate: 2026-11-30\n",
                4,
                "after the moves",
            ),
        ];
        for (text, line, needle) in cases {
            let err = read(text).unwrap_err();
            assert_eq!(err.line, line, "{text:?}: {err}");
            assert!(err.to_string().contains(needle), "{text:?}: {err}");
        }
    }

    #[test]
    fn schadlers_games_write_and_replay_with_their_leaps_stops_and_removals() {
        use crate::rng::Rng;
        for (seed, rules) in [(3, Rules::SCHADLER_1994), (4, Rules::SCHADLER_2001)] {
            let mut game = Game::seeded(rules, Position::start(&rules), seed);
            game.place_rest();
            let mut rng = Rng::new(seed);
            while game.outcome().is_none() && game.record().len() < 400 {
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len() as u32) as usize])
                    .expect("legal");
            }
            let text = Record::from_game(&game).to_string();
            let kinds = |mark: char| {
                game.record()
                    .iter()
                    .any(|m| m.to_string().starts_with(mark))
            };
            assert!(
                kinds('=') || kinds('x'),
                "a leap stopped or a counter removed in {text}"
            );
            let back: Record = text.parse().expect("reads back");
            assert_eq!(back.rules, rules);
            assert_eq!(back.replay().expect("replays"), *game.position());
        }
    }

    #[test]
    fn a_record_resumes_after_any_move_with_its_history() {
        let record = read(GAME).unwrap();
        let game = record.replay_game().unwrap();
        assert_eq!(game.record(), record.moves.as_slice());
        for k in 0..=2 {
            let resumed = record.resume(k, 99).unwrap();
            assert_eq!(resumed.record(), &record.moves[..k]);
            assert_eq!(resumed.seed(), 7, "the record's seed");
            let expected = game.history().get(k).unwrap_or(game.position());
            assert_eq!(resumed.position(), expected);
        }
        assert_eq!(record.resume(50, 99).unwrap().position(), game.position());
        let unseeded = Record {
            seed: None,
            ..record
        };
        assert_eq!(unseeded.resume(1, 99).unwrap().seed(), 99);
        let bad = read("Game: Latrunculi\n\n@d4\n@d4\n").unwrap();
        assert!(
            bad.resume(1, 99).is_err(),
            "a record that does not replay resumes nowhere"
        );
    }

    #[test]
    fn each_replay_error_names_its_move_and_reason() {
        let bad = read("Game: Latrunculi\n\n@d4\n@d4\n").unwrap();
        match bad.replay().unwrap_err() {
            ReplayError::Illegal { turn, text, .. } => {
                assert_eq!((turn, text.as_str()), (2, "@d4"))
            }
            other => panic!("{other}"),
        }
        let moving = read("Game: Latrunculi\nRules: quintana\n\na2-b3\n").unwrap();
        assert!(matches!(
            moving.replay(),
            Err(ReplayError::Illegal { turn: 1, .. })
        ));
        let over = "Game: Latrunculi\nRules: quintana\nStart: 8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-\n";
        let err = read(&format!("{over}\nc1-c2\n"))
            .unwrap()
            .replay()
            .unwrap_err();
        assert!(
            err.to_string().contains("the game is over (black)"),
            "{err}"
        );
        let wrong = read(&format!("{over}Result: draw\n")).unwrap();
        assert_eq!(
            wrong.replay().unwrap_err().to_string(),
            "the record says `Result: draw` but the moves end in `black`"
        );
        let right = read(&format!("{over}Result: black\n")).unwrap();
        assert_eq!(
            right.replay().unwrap().to_string(),
            "8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-"
        );
    }
}
