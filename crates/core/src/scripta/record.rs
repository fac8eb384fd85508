//! A XII Scripta game as plain text: a `Key: value` header, a blank line, then one turn a
//! line as [`TurnRecord`] prints it (`A 235: in/2 in/3* 12/15`, a forfeit `N 112: -`).
//!
//! ```text
//! Game: XII Scripta
//! Rules: Austin & Murray
//! Albi: Marcus
//! Nigri: centurio
//! Date: 2026-11-30
//! Seed: 42
//! Result: *
//!
//! A 235: in/2 in/3 in/5
//! N 112: in/1 in/1 1/3
//! ```

use super::game::{Game, TurnRecord};
use super::movegen::legal_steps;
use super::position::{Dice, Position, Side, DICE};
use super::saved::{SavedGame, SavedTurn};
use super::step::{From, Step, StepText, To};
use crate::record::{self, Common, RecordError, ReplayError};
use std::fmt;
use std::str::FromStr;

/// The rules every XII Scripta record is played under.
pub const RULES: &str = "Austin & Murray";

/// One step as written: where from, where to, and whether it was marked as a hit (`*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenStep {
    pub from: From,
    pub to: To,
    pub hit: bool,
}

impl fmt::Display for WrittenStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            From::Tray => f.write_str("in/")?,
            From::Mark(m) => write!(f, "{}/", m.get())?,
        }
        match self.to {
            To::Mark(m) => write!(f, "{}", m.get())?,
            To::Off => f.write_str("off")?,
        }
        if self.hit {
            f.write_str("*")?;
        }
        Ok(())
    }
}

/// One turn as written: the side, its throw in the order thrown, and its steps (none for a
/// forfeited throw).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenTurn {
    pub side: Side,
    pub throw: Dice,
    pub steps: Vec<WrittenStep>,
}

impl WrittenTurn {
    /// A confirmed turn of a [`Game`], as written.
    pub fn of(turn: &TurnRecord) -> WrittenTurn {
        WrittenTurn {
            side: turn.side,
            throw: turn.throw,
            steps: turn
                .steps
                .iter()
                .map(|s| WrittenStep {
                    from: s.from,
                    to: s.to,
                    hit: s.hit,
                })
                .collect(),
        }
    }
}

/// Exactly as [`TurnRecord`] prints: `A 235: in/2 in/3* 12/15`, or `N 112: -`.
impl fmt::Display for WrittenTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.side.letter())?;
        for v in self.throw.values() {
            write!(f, "{v}")?;
        }
        f.write_str(":")?;
        if self.steps.is_empty() {
            return f.write_str(" -");
        }
        for step in &self.steps {
            write!(f, " {step}")?;
        }
        Ok(())
    }
}

impl FromStr for WrittenTurn {
    type Err = String;

    /// Reads `A 235: in/2 in/3* 12/15` or `N 112: -`, with any spacing.
    fn from_str(text: &str) -> Result<WrittenTurn, String> {
        let (side, throw, steps) = turn_line(text)?;
        let steps = match steps.as_slice() {
            [] => Vec::new(),
            steps => steps
                .iter()
                .map(|s| {
                    let written: StepText = s.parse().map_err(|e| format!("{e}"))?;
                    Ok(WrittenStep {
                        from: written.from,
                        to: written.to,
                        hit: s.ends_with('*'),
                    })
                })
                .collect::<Result<_, String>>()?,
        };
        if steps.len() > throw.len() {
            return Err(format!(
                "{} steps for a throw of {} dice",
                steps.len(),
                throw.len()
            ));
        }
        Ok(WrittenTurn { side, throw, steps })
    }
}

/// A XII Scripta game record. `Display` writes it canonically; `FromStr` reads it leniently.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// Who played Albi: a person or a computer level.
    pub albi: Option<String>,
    pub nigri: Option<String>,
    /// An ISO date, `2026-11-30`.
    pub date: Option<String>,
    /// The seed the dice were drawn from.
    pub seed: Option<u64>,
    /// `None` for the standard start, opened by the side of the first turn (Albi when none).
    pub start: Option<Position>,
    /// The winner, or `None` while the game is unfinished (`Result: *`).
    pub result: Option<Side>,
    pub turns: Vec<WrittenTurn>,
}

impl Record {
    /// The record of a game played so far (its confirmed turns), with no players or date.
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Record, Side};
    ///
    /// let mut game = Game::new(42, Side::Albi);
    /// game.throw().unwrap();
    /// while let Some(&step) = game.legal_steps().first() {
    ///     game.play(step).unwrap();
    /// }
    /// game.confirm().unwrap();
    /// let record = Record::from_game(&game);
    /// assert_eq!(record.seed, Some(42));
    /// assert_eq!(record.turns.len(), 1);
    /// assert_eq!(record.replay().unwrap(), game.position().with_dice(Default::default()));
    /// ```
    pub fn from_game(game: &Game) -> Record {
        let turns: Vec<WrittenTurn> = game.record().iter().map(WrittenTurn::of).collect();
        let start = *game.start();
        let opener = turns.first().map_or(Side::Albi, |t| t.side);
        let standard = start == Position::start(opener);
        Record {
            albi: None,
            nigri: None,
            date: None,
            seed: Some(game.seed()),
            start: (!standard).then_some(start),
            // A winning step not yet confirmed is not in the turns, so not yet the result.
            result: game.winner().filter(|_| game.steps().next().is_none()),
            turns,
        }
    }

    /// The position the game starts from.
    pub fn start_position(&self) -> Position {
        self.start
            .unwrap_or_else(|| Position::start(self.turns.first().map_or(Side::Albi, |t| t.side)))
    }

    /// Replays every turn from the start through the rules, with the throws as recorded, and
    /// returns the final position (no dice), or the first turn the rules refuse: a side out of
    /// turn, an illegal step, a throw not played as fully as the rules demand, a turn after the
    /// game is won, or a `Result:` other than the one the turns reach.
    ///
    /// ```
    /// use ludi_core::scripta::Record;
    ///
    /// let record: Record = "Game: XII Scripta\nResult: *\n\nA 235: in/2 in/3 in/5\n".parse().unwrap();
    /// assert_eq!(record.replay().unwrap().to_string(), "N w12s0o0:2,3,5 w15s0o0:");
    /// let bad: Record = "Game: XII Scripta\n\nA 235: in/2 in/3\n".parse().unwrap();
    /// assert!(bad.replay().unwrap_err().to_string().starts_with("turn 1 `A 235: in/2 in/3` is illegal"));
    /// ```
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let turns = self.replay_turns()?;
        Ok(turns
            .last()
            .map_or_else(|| self.start_position().with_dice(Dice::NONE), |t| t.after))
    }

    /// Replays every turn as [`Record::replay`] does and returns each one as played: the
    /// position with its throw before it, its steps as the rules name them, and the position
    /// it leaves. The replay view steps through these.
    ///
    /// ```
    /// use ludi_core::scripta::Record;
    ///
    /// let record: Record = "Game: XII Scripta\n\nA 235: in/2 in/3 in/5\nN 112: in/1 in/1 1/3*\n".parse().unwrap();
    /// let turns = record.replay_turns().unwrap();
    /// assert_eq!(turns[1].before.to_string(), "N w12s0o0:2,3,5 w15s0o0: 112");
    /// assert!(turns[1].steps[2].hit);
    /// assert_eq!(turns[1].after.to_string(), "A w12s1o0:2,5 w13s0o0:1,3");
    /// ```
    pub fn replay_turns(&self) -> Result<Vec<ReplayedTurn>, ReplayError> {
        let start = self.start_position();
        let mut position = start.with_dice(Dice::NONE);
        let mut replayed = Vec::with_capacity(self.turns.len());
        for (i, turn) in self.turns.iter().enumerate() {
            let illegal = |reason: String| ReplayError::Illegal {
                turn: i + 1,
                text: turn.to_string(),
                reason,
            };
            whose_turn(position.winner(), position.turn(), turn.side).map_err(illegal)?;
            check_throw(i, start.dice(), turn.throw, DICE).map_err(illegal)?;
            position = position.with_dice(turn.throw);
            let before = position;
            let mut steps = Vec::with_capacity(turn.steps.len());
            for written in &turn.steps {
                let wanted = StepText {
                    from: written.from,
                    to: written.to,
                };
                // Sorted by start, end and die: of two dice making the same step (bearing
                // off), the smaller is spent, as `Game::play_text` does.
                let step = legal_steps(&position)
                    .into_iter()
                    .find(|s| wanted.names(s))
                    .ok_or_else(|| illegal(format!("{written} is not a legal step now")))?;
                if written.hit && !step.hit {
                    return Err(illegal(format!("{written} sends no counter home")));
                }
                position.apply(step);
                steps.push(step);
            }
            if let Some(&step) = legal_steps(&position).first() {
                return Err(illegal(format!(
                    "the throw is not played out: {step} can still be played"
                )));
            }
            if position.winner().is_none() {
                position.pass_turn();
            } else {
                position = position.with_dice(Dice::NONE);
            }
            replayed.push(ReplayedTurn {
                before,
                steps,
                after: position,
            });
        }
        let reached = position.winner();
        if reached != self.result {
            return Err(ReplayError::Result {
                recorded: result_text(self.result).into(),
                replayed: result_text(reached).into(),
            });
        }
        Ok(replayed)
    }

    /// A game that goes on from the position after the record's first `turns` turns (all of
    /// them when it has fewer). When the record's seed throws the record's dice, as it does in
    /// every record a [`Game`] wrote, the game keeps those turns as its own history and throws
    /// next what that game threw next; otherwise it starts from that position with dice drawn
    /// from `seed`, and its own record begins there (`Start:`).
    ///
    /// ```
    /// use ludi_core::scripta::{Game, Record, Side};
    ///
    /// let mut game = Game::new(9, Side::Albi);
    /// for _ in 0..3 {
    ///     game.throw().unwrap();
    ///     while let Some(&step) = game.legal_steps().first() {
    ///         game.play(step).unwrap();
    ///     }
    ///     game.confirm().unwrap();
    /// }
    /// let record = Record::from_game(&game);
    /// let resumed = record.resume(2, 1).unwrap();
    /// assert_eq!(resumed.record(), &game.record()[..2]);
    ///
    /// let unseeded = Record { seed: None, ..record };
    /// let fresh = unseeded.resume(2, 1).unwrap();
    /// assert!(fresh.record().is_empty());
    /// assert_eq!(fresh.position(), resumed.position());
    /// ```
    pub fn resume(&self, turns: usize, seed: u64) -> Result<Game, ReplayError> {
        let replayed = self.replay_turns()?;
        let kept = turns.min(replayed.len());
        // The seed's dice are checked as a saved game's are: the same code, the same verdict.
        let saved = self.seed.map(|seed| SavedGame {
            seed: seed.to_string(),
            start: self.start_position().to_string(),
            opening: Vec::new(),
            turns: self.turns[..kept]
                .iter()
                .map(|t| SavedTurn {
                    throw: digits(t.throw),
                    steps: t.steps.iter().map(ToString::to_string).collect(),
                })
                .collect(),
            thrown: false,
            steps: Vec::new(),
        });
        if let Some(game) = saved.and_then(|saved| Game::restore(&saved).ok()) {
            return Ok(game);
        }
        let from = replayed[..kept]
            .last()
            .map_or_else(|| self.start_position(), |t| t.after);
        Ok(Game::from_position(from, seed))
    }
}

/// One turn of a record as the rules replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedTurn {
    /// The position with the turn's throw, before its first step.
    pub before: Position,
    /// The steps in play order, as the rules name them (none for a forfeited throw).
    pub steps: Vec<Step>,
    /// What the turn leaves: the other side to throw, or the game won (no dice either way).
    pub after: Position,
}

/// A turn line taken apart, whatever the rules: `A 235: in/2 in/3* 12/15` is the side, the
/// throw and the moves as written (none for a lost throw, written `-`).
pub(super) fn turn_line(text: &str) -> Result<(Side, Dice, Vec<&str>), String> {
    let (head, moves) = text
        .split_once(':')
        .ok_or_else(|| format!("`{text}` is not a turn like `A 235: in/2 in/3 in/5`"))?;
    let mut head = head.split_whitespace();
    let side = match head.next() {
        Some("A" | "a") => Side::Albi,
        Some("N" | "n") => Side::Nigri,
        Some(other) => return Err(format!("`{other}` is neither `A` (albi) nor `N` (nigri)")),
        None => return Err("the turn names no side (`A` or `N`)".into()),
    };
    let throw = head.collect::<String>();
    let values: Vec<u8> = throw.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    let throw = Dice::new(&values)
        .ok_or_else(|| format!("`{throw}` is not a throw of 1 to 3 dice, each 1 to 6"))?;
    let moves: Vec<&str> = moves.split_whitespace().collect();
    match moves.as_slice() {
        [] => Err("no steps: write `-` for a forfeited throw".into()),
        ["-"] => Ok((side, throw, Vec::new())),
        _ => Ok((side, throw, moves)),
    }
}

/// `Result: albi`, `nigri` or `*` (unfinished).
pub(super) fn read_result(h: &record::HeaderLine) -> Result<Option<Side>, RecordError> {
    match h.value.to_ascii_lowercase().as_str() {
        "albi" => Ok(Some(Side::Albi)),
        "nigri" => Ok(Some(Side::Nigri)),
        "*" => Ok(None),
        _ => Err(RecordError::new(
            h.line,
            format!("Result: `{}` is not albi, nigri or *", h.value),
        )),
    }
}

/// Whether `side` may play a turn: the game goes on and it is `to_move`'s turn.
pub(super) fn whose_turn(winner: Option<Side>, to_move: Side, side: Side) -> Result<(), String> {
    if let Some(winner) = winner {
        return Err(format!("the game is over: {winner} won"));
    }
    if side != to_move {
        return Err(format!("it is {to_move}'s turn, not {side}'s"));
    }
    Ok(())
}

/// Whether turn `i` (from 0) may throw `throw`: the first turn plays the dice its start
/// carries, when it carries some; any other throws `dice` dice.
pub(super) fn check_throw(i: usize, start: Dice, throw: Dice, dice: u8) -> Result<(), String> {
    if i == 0 && !start.is_empty() {
        if throw != start {
            return Err(format!(
                "the start position's dice are {}, not {}",
                digits(start),
                digits(throw)
            ));
        }
    } else if throw.len() != usize::from(dice) {
        return Err(format!("a throw is {dice} dice, not {}", throw.len()));
    }
    Ok(())
}

pub(super) fn digits(dice: Dice) -> String {
    dice.values().iter().map(u8::to_string).collect()
}

pub(super) fn result_text(result: Option<Side>) -> &'static str {
    result.map_or("*", Side::name)
}

/// The header fields of a XII Scripta record other than its rules, whatever the rules: `P`
/// is the engine's position of its `Start:`.
pub(super) struct Fields<P> {
    pub albi: Option<String>,
    pub nigri: Option<String>,
    pub date: Option<String>,
    pub seed: Option<u64>,
    pub start: Option<P>,
    pub result: Option<Side>,
}

/// Reads every header line but `Game:` and `Rules:` (checked by the caller); `start` reads
/// the `Start:` value. Unknown keys are errors.
pub(super) fn read_fields<P>(
    header: &[record::HeaderLine],
    start: impl Fn(&str) -> Result<P, String>,
) -> Result<Fields<P>, RecordError> {
    let mut fields = Fields {
        albi: None,
        nigri: None,
        date: None,
        seed: None,
        start: None,
        result: None,
    };
    let mut common = Common::default();
    for h in header {
        if common.read(h)? {
            continue;
        }
        match h.key.as_str() {
            "game" | "rules" => {}
            "albi" => fields.albi = Some(record::read_name(h)?),
            "nigri" => fields.nigri = Some(record::read_name(h)?),
            "start" => {
                fields.start = Some(
                    start(h.value).map_err(|e| RecordError::new(h.line, format!("Start: {e}")))?,
                )
            }
            "result" => fields.result = read_result(h)?,
            _ => {
                return Err(record::unknown_key(
                    h,
                    "Game, Rules, Albi, Nigri, Date, Seed, Start, Result",
                ))
            }
        }
    }
    fields.date = common.date;
    fields.seed = common.seed;
    Ok(fields)
}

/// Writes a XII Scripta record canonically: its header with `rules`, then a turn a line.
pub(super) fn write_record<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    rules: &dyn fmt::Display,
    fields: &Fields<&dyn fmt::Display>,
    turns: &[T],
) -> fmt::Result {
    record::write_header(
        f,
        &record::Header {
            game: "XII Scripta",
            rules,
            players: [
                ("Albi", fields.albi.as_deref()),
                ("Nigri", fields.nigri.as_deref()),
            ],
            date: fields.date.as_deref(),
            seed: fields.seed,
            start: fields.start,
            result: result_text(fields.result),
        },
    )?;
    for turn in turns {
        writeln!(f, "{turn}")?;
    }
    Ok(())
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fields = Fields {
            albi: self.albi.clone(),
            nigri: self.nigri.clone(),
            date: self.date.clone(),
            seed: self.seed,
            start: self.start.as_ref().map(|p| p as &dyn fmt::Display),
            result: self.result,
        };
        write_record(f, &RULES, &fields, &self.turns)
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads a record leniently: blank lines, `#` comments, CRLF, extra spaces, header keys
    /// in any case and order, turns optionally numbered (`12. A 235: ...`). `Game:` is
    /// required; `Rules:` when given must be Austin & Murray; `Result:` defaults to `*`.
    ///
    /// ```
    /// use ludi_core::scripta::Record;
    ///
    /// let text = "# a friendly game\r\nresult: *\r\nGAME:  xii scripta \r\n\r\n1. A 235:  in/2 in/3 in/5\r\n";
    /// let record: Record = text.parse().unwrap();
    /// assert_eq!(record.turns[0].to_string(), "A 235: in/2 in/3 in/5");
    /// let err = "Game: XII Scripta\n\nA 235: in/2 in/3 in/0\n".parse::<Record>().unwrap_err();
    /// assert_eq!(err.line, 3);
    /// ```
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let (header, body) = record::split(text)?;
        record::check_game(&header, "XII Scripta", "Latrunculi")?;
        if let Some(h) = header.iter().find(|h| h.key == "rules") {
            if !is_austin_murray(h.value) {
                return Err(RecordError::new(
                    h.line,
                    format!("Rules: `{}`: XII Scripta is played as {RULES}", h.value),
                ));
            }
        }
        let fields = read_fields(&header, |v| {
            v.parse::<Position>().map_err(|e| e.to_string())
        })?;
        let mut turns = Vec::with_capacity(body.len());
        for line in body {
            let turn: WrittenTurn = line
                .text
                .parse()
                .map_err(|m| RecordError::new(line.line, m))?;
            turns.push(turn);
        }
        Ok(Record {
            albi: fields.albi,
            nigri: fields.nigri,
            date: fields.date,
            seed: fields.seed,
            start: fields.start,
            result: fields.result,
            turns,
        })
    }
}

/// `Austin & Murray` as records write Austin and Murray's rules, or `Austin and Murray`.
pub(super) fn is_austin_murray(value: &str) -> bool {
    value.eq_ignore_ascii_case(RULES) || value.eq_ignore_ascii_case("Austin and Murray")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Record, RecordError> {
        text.parse()
    }

    const GAME: &str = "Game: XII Scripta\nRules: Austin & Murray\nAlbi: Marcus\nNigri: centurio\nDate: 2026-11-30\nSeed: 42\nResult: *\n\nA 235: in/2 in/3 in/5\nN 112: in/1 in/1 1/3*\n";

    #[test]
    fn a_canonical_record_reads_and_writes_back_unchanged() {
        let record = read(GAME).unwrap();
        assert_eq!(record.albi.as_deref(), Some("Marcus"));
        assert_eq!(record.seed, Some(42));
        assert_eq!(record.to_string(), GAME);
        assert_eq!(
            record.replay().unwrap().to_string(),
            "A w12s1o0:2,5 w13s0o0:1,3"
        );
    }

    #[test]
    fn reading_is_lenient() {
        let text = "  # comment\r\nseed:42\r\n\r\n\r\nrules: austin and murray\r\nNIGRI:   centurio  \r\ngame: XII SCRIPTA\r\nalbi: Marcus\r\ndate: 2026-11-30\r\n\r\n1.  A  235:   in/2   in/3 in/5   # opening\r\n\r\n# middle\r\n2. n 112: in/1 in/1 1/3*\r\n";
        assert_eq!(read(text).unwrap(), read(GAME).unwrap());
        let no_result = "Game: XII Scripta\nA 235: in/2 in/3 in/5\n";
        assert_eq!(read(no_result).unwrap().result, None);
    }

    /// Found by `cargo xtask fuzz` (scripta_record): a lone carriage return in a name was
    /// written back as a space, so the record read back as another one.
    #[test]
    fn a_name_with_a_lone_carriage_return_reads_back_as_written() {
        let record = read(
            "Game: XII Scripta\nAlbi: Mar\rcus\nNigri: centu\r\rrio\n\nA 235: in/2 in/3 in/5\n",
        )
        .unwrap();
        assert_eq!(record.albi.as_deref(), Some("Mar cus"));
        assert_eq!(record.nigri.as_deref(), Some("centu  rio"));
        assert_eq!(read(&record.to_string()).unwrap(), record);
    }

    #[test]
    fn each_reading_error_names_its_line() {
        let cases = [
            (
                "Game: XII Scripta\nFoo: bar\n",
                2,
                "unknown header key `foo`",
            ),
            ("Game: XII Scripta\nSeed: 1\nseed: 2\n", 3, "given twice"),
            ("Game: Latrunculi\n", 1, "a record of Latrunculi"),
            ("Game: chess\n", 1, "is not XII Scripta"),
            ("Albi: x\n", 0, "no `Game: XII Scripta`"),
            ("Game: XII Scripta\nRules: Bell\n", 2, "Austin & Murray"),
            ("Game: XII Scripta\nDate: 30/11/2026\n", 2, "ISO date"),
            ("Game: XII Scripta\nDate: 2026-13-01\n", 2, "ISO date"),
            ("Game: XII Scripta\nSeed: -1\n", 2, "whole number"),
            (
                "Game: XII Scripta\nSeed: 99999999999999999999\n",
                2,
                "too large",
            ),
            (
                "Game: XII Scripta\nStart: nonsense\n",
                2,
                "Start: bad position",
            ),
            (
                "Game: XII Scripta\nResult: draw\n",
                2,
                "not albi, nigri or *",
            ),
            ("Game: XII Scripta\nAlbi:\n", 2, "empty player name"),
            ("Game: XII Scripta\n\nA 235 in/2\n", 3, "is not a turn"),
            ("Game: XII Scripta\n\nB 235: -\n", 3, "neither `A`"),
            ("Game: XII Scripta\n\n235: -\n", 3, "neither `A`"),
            ("Game: XII Scripta\n\nA 237: -\n", 3, "not a throw"),
            ("Game: XII Scripta\n\nA 2345: -\n", 3, "not a throw"),
            ("Game: XII Scripta\n\nA 235:\n", 3, "no steps"),
            (
                "Game: XII Scripta\n\nA 235: in/2 in/3 in/5 5/7\n",
                3,
                "4 steps",
            ),
            ("Game: XII Scripta\n\nA 235: in/0\n", 3, "not a step"),
            (
                "Game: XII Scripta\n\n2. A 235: -\n",
                3,
                "turn 1 is numbered 2",
            ),
            (
                "Game: XII Scripta\n\nA 235: -\nResult: *\n",
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
    fn each_replay_error_names_its_turn_and_reason() {
        let head = "Game: XII Scripta\n\n";
        let cases = [
            (
                "A 235: in/2 in/3\n",
                1,
                "not played out: in/5 can still be played",
            ),
            ("A 235: in/4\n", 1, "in/4 is not a legal step now"),
            ("A 235: in/2* in/3 in/5\n", 1, "sends no counter home"),
            (
                "A 235: in/2 in/3 in/5\nA 111: -\n",
                2,
                "nigri's turn, not albi's",
            ),
            ("A 23: in/2 in/3\n", 1, "a throw is 3 dice, not 2"),
        ];
        for (turns, turn, needle) in cases {
            let record = read(&format!("{head}{turns}")).unwrap();
            match record.replay().unwrap_err() {
                ReplayError::Illegal {
                    turn: t, reason, ..
                } => {
                    assert_eq!(t, turn, "{turns}");
                    assert!(reason.contains(needle), "{turns}: {reason}");
                }
                other => panic!("{turns}: {other}"),
            }
        }
        let won = read("Game: XII Scripta\nStart: A w0s0o14:36 w15s0o0:\nResult: albi\n\nA 111: 36/off\nN 111: in/1 in/1 in/1\n").unwrap();
        let err = won.replay().unwrap_err().to_string();
        assert!(
            err.contains("turn 2") && err.contains("the game is over: albi won"),
            "{err}"
        );
        let unfinished =
            read("Game: XII Scripta\nResult: nigri\n\nA 235: in/2 in/3 in/5\n").unwrap();
        assert_eq!(
            unfinished.replay().unwrap_err(),
            ReplayError::Result {
                recorded: "nigri".into(),
                replayed: "*".into()
            }
        );
        let dice =
            read("Game: XII Scripta\nStart: A w15s0o0: w15s0o0: 23\n\nA 24: in/2 in/4\n").unwrap();
        assert!(dice
            .replay()
            .unwrap_err()
            .to_string()
            .contains("dice are 23, not 24"));
        let from_dice =
            read("Game: XII Scripta\nStart: A w15s0o0: w15s0o0: 23\n\nA 23: in/2 in/3\n").unwrap();
        assert_eq!(
            from_dice.replay().unwrap().to_string(),
            "N w13s0o0:2,3 w15s0o0:"
        );
    }

    #[test]
    fn a_record_resumes_with_its_history_when_its_seed_throws_its_dice() {
        let mut game = Game::new(42, Side::Nigri);
        for _ in 0..6 {
            game.throw().unwrap();
            while let Some(&step) = game.legal_steps().first() {
                game.play(step).unwrap();
            }
            game.confirm().unwrap();
        }
        let record = Record::from_game(&game);
        let turns = record.replay_turns().unwrap();
        assert_eq!(turns.len(), 6);
        assert_eq!(turns[5].after, *game.position());
        for k in [0, 3, 6] {
            let resumed = record.resume(k, 7).unwrap();
            assert_eq!(resumed.record(), &game.record()[..k]);
            assert_eq!(resumed.seed(), 42);
            let expected = if k == 0 {
                record.start_position()
            } else {
                turns[k - 1].after
            };
            assert_eq!(*resumed.position(), expected);
        }
        let mut next = record.resume(3, 7).unwrap();
        assert_eq!(
            next.throw().unwrap(),
            game.record()[3].throw,
            "the dice fall as they did"
        );
        assert_eq!(record.resume(99, 7).unwrap().record(), game.record());

        // Hand-written turns that the seed does not throw: the game starts where they lead.
        let written = read(GAME).unwrap();
        let resumed = written.resume(1, 7).unwrap();
        assert!(resumed.record().is_empty());
        assert_eq!(resumed.seed(), 7);
        assert_eq!(resumed.position().to_string(), "N w12s0o0:2,3,5 w15s0o0:");
        let bad = read("Game: XII Scripta\n\nA 235: in/2\n").unwrap();
        assert!(
            bad.resume(0, 7).is_err(),
            "a record that does not replay resumes nowhere"
        );
    }

    #[test]
    fn a_forfeit_and_a_win_replay() {
        let text =
            "Game: XII Scripta\nRules: Austin & Murray\nStart: A w0s1o0:31x14 w9s0o0:2x2,3x2,5x2\nResult: *\n\nA 235: -\n";
        let record = read(text).unwrap();
        assert_eq!(record.to_string(), text);
        assert_eq!(
            record.replay().unwrap().to_string(),
            "N w0s1o0:31x14 w9s0o0:2x2,3x2,5x2"
        );
        let won = read(
            "Game: XII Scripta\nStart: A w0s0o14:36 w15s0o0:\nResult: albi\n\nA 111: 36/off\n",
        )
        .unwrap();
        assert_eq!(won.replay().unwrap().winner(), Some(Side::Albi));
    }

    /// Found by the `scripta_game` fuzzer: a record written between the winning step and
    /// its confirmation said `Result: albi` over turns that do not reach the win.
    #[test]
    fn the_result_waits_for_the_winning_turn_to_be_confirmed() {
        let start: Position = "A w0s0o14:36 w15s0o0: 111".parse().unwrap();
        let mut game = Game::from_position(start, 7);
        game.play_text("36/off").unwrap();
        assert_eq!(game.winner(), Some(Side::Albi));
        let pending = Record::from_game(&game);
        assert_eq!(pending.result, None);
        assert_eq!(pending.replay().unwrap(), start.with_dice(Dice::NONE));
        game.confirm().unwrap();
        let won = Record::from_game(&game);
        assert_eq!(won.result, Some(Side::Albi));
        assert_eq!(won.replay().unwrap().winner(), Some(Side::Albi));
    }
}
