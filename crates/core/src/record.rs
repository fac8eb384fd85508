//! What both games' plain-text records share: splitting a record into its `Key: value`
//! header and its move lines (leniently: blank lines, `#` comments, CRLF, extra spaces, keys
//! in any case and order), the optional fields both carry, and the errors of reading and
//! replaying. Each game's `record.rs` gives the keys and the lines their meaning.

use std::fmt;

/// Why a text is not a game record: the line (from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The line at fault, counted from 1 (0 for the text as a whole).
    pub line: usize,
    pub message: String,
}

impl RecordError {
    pub(crate) fn new(line: usize, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a well-formed record does not replay under the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Turn `turn` (counted from 1), written `text`, is not legal: the engine's `reason`.
    Illegal {
        turn: usize,
        text: String,
        reason: String,
    },
    /// Every turn replays, but the game ends otherwise than the record's `Result:` says.
    Result { recorded: String, replayed: String },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Illegal { turn, text, reason } => {
                write!(f, "turn {turn} `{text}` is illegal: {reason}")
            }
            ReplayError::Result { recorded, replayed } => write!(
                f,
                "the record says `Result: {recorded}` but the moves end in `{replayed}`"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A header line: its line number, its key in lower case and its value, trimmed.
pub(crate) struct HeaderLine<'a> {
    pub line: usize,
    pub key: String,
    pub value: &'a str,
}

/// A move line: its line number and its text, trimmed, without a trailing comment or a
/// leading move number (`12.`), which must equal its place among the moves when given.
pub(crate) struct BodyLine<'a> {
    pub line: usize,
    pub text: &'a str,
}

/// Whether `line` looks like `Key: value`: a key of letters only before the first colon.
fn header_pair(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key = key.trim();
    (!key.is_empty() && key.bytes().all(|b| b.is_ascii_alphabetic())).then_some((key, value.trim()))
}

/// Splits a record into header lines (each key once) and move lines. Header lines come first;
/// the blank line after them is customary but not required.
pub(crate) fn split(text: &str) -> Result<(Vec<HeaderLine<'_>>, Vec<BodyLine<'_>>), RecordError> {
    let mut header: Vec<HeaderLine> = Vec::new();
    let mut body: Vec<BodyLine> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some((key, value)) = header_pair(trimmed) {
            if !body.is_empty() {
                return Err(RecordError::new(
                    line,
                    format!("header line `{key}:` after the moves (the header comes first)"),
                ));
            }
            let lower = key.to_ascii_lowercase();
            if let Some(first) = header.iter().find(|h| h.key == lower) {
                return Err(RecordError::new(
                    line,
                    format!("`{key}:` is given twice (first on line {})", first.line),
                ));
            }
            header.push(HeaderLine {
                line,
                key: lower,
                value,
            });
            continue;
        }
        let text = trimmed.split('#').next().unwrap_or_default().trim();
        let number = body.len() + 1;
        let text = match strip_number(text) {
            Some((n, rest)) if n == number => rest,
            Some((n, _)) => {
                return Err(RecordError::new(
                    line,
                    format!("turn {number} is numbered {n}"),
                ))
            }
            None => text,
        };
        if text.is_empty() {
            return Err(RecordError::new(line, format!("turn {number} is empty")));
        }
        body.push(BodyLine { line, text });
    }
    Ok((header, body))
}

/// `12. d4-d6` as (12, `d4-d6`); `None` without a number.
fn strip_number(text: &str) -> Option<(usize, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = text[digits..].strip_prefix('.')?;
    if digits == 0 || digits > 6 {
        return None;
    }
    Some((text[..digits].parse().ok()?, rest.trim()))
}

/// The header fields both games read the same way.
#[derive(Default)]
pub(crate) struct Common {
    pub date: Option<String>,
    pub seed: Option<u64>,
}

impl Common {
    /// Reads `date` or `seed`; false for any other key.
    pub fn read(&mut self, h: &HeaderLine) -> Result<bool, RecordError> {
        match h.key.as_str() {
            "date" => {
                self.date = Some(read_date(h.value).map_err(|m| RecordError::new(h.line, m))?)
            }
            "seed" => {
                let v = h.value;
                if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(RecordError::new(
                        h.line,
                        format!("Seed: `{v}` is not a whole number"),
                    ));
                }
                self.seed = Some(v.parse().map_err(|_| {
                    RecordError::new(
                        h.line,
                        format!("Seed: `{v}` is too large (at most 20 digits)"),
                    )
                })?);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// An ISO date, `YYYY-MM-DD`, with a month 1-12 and a day 1-31.
fn read_date(v: &str) -> Result<String, String> {
    let bad = || format!("Date: `{v}` is not an ISO date like 2026-11-30");
    let b = v.as_bytes();
    if b.len() != 10
        || b[4] != b'-'
        || b[7] != b'-'
        || ![0..4, 5..7, 8..10]
            .iter()
            .all(|r| b[r.clone()].iter().all(u8::is_ascii_digit))
    {
        return Err(bad());
    }
    let month: u8 = v[5..7].parse().map_err(|_| bad())?;
    let day: u8 = v[8..10].parse().map_err(|_| bad())?;
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(bad());
    }
    Ok(v.to_string())
}

/// A player's name: any text on one line, not empty. A lone carriage return, which ends a
/// line for some readers but not for `str::lines`, reads as the space it is written as, so
/// a name reads back as it was written.
pub(crate) fn read_name(h: &HeaderLine) -> Result<String, RecordError> {
    let name = one_line(h.value);
    if name.is_empty() {
        return Err(RecordError::new(h.line, "an empty player name"));
    }
    Ok(name)
}

/// Which game a record is of, from its `Game:` line: the page reads a record with the game it
/// names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordedGame {
    Scripta,
    Latrunculi,
}

impl RecordedGame {
    /// The game `text` records, or why it is no record of either game.
    ///
    /// ```
    /// use ludi_core::RecordedGame;
    ///
    /// assert_eq!(RecordedGame::of("game: latrunculi\n\n@d4\n"), Ok(RecordedGame::Latrunculi));
    /// assert_eq!(RecordedGame::of("Game: chess\n").unwrap_err().line, 1);
    /// assert_eq!(RecordedGame::of("Albi: Marcus\n").unwrap_err().line, 0);
    /// ```
    pub fn of(text: &str) -> Result<RecordedGame, RecordError> {
        let (header, _) = split(text)?;
        let Some(h) = header.iter().find(|h| h.key == "game") else {
            return Err(RecordError::new(
                0,
                "no `Game:` line in the header (XII Scripta or Latrunculi)",
            ));
        };
        if h.value.eq_ignore_ascii_case("XII Scripta") {
            Ok(RecordedGame::Scripta)
        } else if h.value.eq_ignore_ascii_case("Latrunculi") {
            Ok(RecordedGame::Latrunculi)
        } else {
            Err(RecordError::new(
                h.line,
                format!("Game: `{}` is neither XII Scripta nor Latrunculi", h.value),
            ))
        }
    }
}

/// The `Game:` line must name this game.
pub(crate) fn check_game(
    header: &[HeaderLine],
    name: &str,
    other: &str,
) -> Result<(), RecordError> {
    let Some(h) = header.iter().find(|h| h.key == "game") else {
        return Err(RecordError::new(
            0,
            format!("no `Game: {name}` line in the header"),
        ));
    };
    if h.value.eq_ignore_ascii_case(name) {
        Ok(())
    } else if h.value.eq_ignore_ascii_case(other) {
        Err(RecordError::new(
            h.line,
            format!("this is a record of {other}, not {name}"),
        ))
    } else {
        Err(RecordError::new(
            h.line,
            format!("Game: `{}` is not {name}", h.value),
        ))
    }
}

/// An unknown header key, naming the ones this game knows.
pub(crate) fn unknown_key(h: &HeaderLine, known: &str) -> RecordError {
    RecordError::new(
        h.line,
        format!("unknown header key `{}` (known: {known})", h.key),
    )
}

/// A player's name can hold anything but a line break; one is replaced by a space.
pub(crate) fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ").trim().to_string()
}

/// What both games' records share in their header, as it is written.
pub(crate) struct Header<'a> {
    pub game: &'a str,
    pub rules: &'a dyn fmt::Display,
    pub players: [(&'a str, Option<&'a str>); 2],
    pub date: Option<&'a str>,
    pub seed: Option<u64>,
    pub start: Option<&'a dyn fmt::Display>,
    pub result: &'a str,
}

/// Writes the header canonically (Game, Rules, players, Date, Seed, Start, Result), then the
/// blank line before the turns; players without a name are left out.
pub(crate) fn write_header(f: &mut fmt::Formatter<'_>, header: &Header) -> fmt::Result {
    writeln!(f, "Game: {}", header.game)?;
    writeln!(f, "Rules: {}", header.rules)?;
    for (key, name) in header.players {
        let name = name.map(one_line).unwrap_or_default();
        if !name.is_empty() {
            writeln!(f, "{key}: {name}")?;
        }
    }
    if let Some(date) = header.date {
        writeln!(f, "Date: {date}")?;
    }
    if let Some(seed) = header.seed {
        writeln!(f, "Seed: {seed}")?;
    }
    if let Some(start) = header.start {
        writeln!(f, "Start: {start}")?;
    }
    writeln!(f, "Result: {}", header.result)?;
    writeln!(f)
}
