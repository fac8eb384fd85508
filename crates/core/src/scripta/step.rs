//! A step: one die spent moving one counter. Notation `in/5`, `12/15`, `33/off`, with `*`
//! when the step sends a blot home.

use super::position::{Die, Mark};
use std::fmt;
use std::str::FromStr;

/// Where a step starts: the tray (entering) or a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum From {
    Tray,
    Mark(Mark),
}

/// Where a step ends: a mark, or off the board (bearing off).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum To {
    Mark(Mark),
    Off,
}

/// One die spent on one counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: From,
    pub to: To,
    pub die: Die,
    /// The step lands on a lone enemy counter and sends it home.
    pub hit: bool,
}

impl fmt::Display for Step {
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

/// A step as written by a player: its start and end, without the die (which the position
/// decides) and with or without the hit sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepText {
    pub from: From,
    pub to: To,
}

/// Why a step was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The text is not of the form `in/5`, `12/15` or `33/off`.
    Malformed(String),
    /// Well formed, but not a legal step here.
    Illegal(String),
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::Malformed(text) => write!(
                f,
                "`{text}` is not a step (write `in/5`, `12/15` or `33/off`)"
            ),
            StepError::Illegal(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for StepError {}

impl FromStr for StepText {
    type Err = StepError;

    fn from_str(text: &str) -> Result<StepText, StepError> {
        let malformed = || StepError::Malformed(text.to_string());
        let body = text.trim();
        let body = body.strip_suffix('*').unwrap_or(body);
        let (from, to) = body.split_once('/').ok_or_else(malformed)?;
        let mark = |s: &str| -> Result<Mark, StepError> {
            if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            s.parse().ok().and_then(Mark::new).ok_or_else(malformed)
        };
        let from = match from {
            "in" => From::Tray,
            m => From::Mark(mark(m)?),
        };
        let to = match to {
            "off" => To::Off,
            m => To::Mark(mark(m)?),
        };
        Ok(StepText { from, to })
    }
}

impl StepText {
    /// Whether `step` is this written step.
    pub fn names(&self, step: &Step) -> bool {
        self.from == step.from && self.to == step.to
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_the_three_kinds_of_step() {
        let m = |n| Mark::new(n).unwrap();
        let d = |v| Die::new(v).unwrap();
        let cases = [
            (From::Tray, To::Mark(m(5)), 5, true, "in/5*"),
            (From::Mark(m(12)), To::Mark(m(15)), 3, false, "12/15"),
            (From::Mark(m(33)), To::Off, 6, false, "33/off"),
        ];
        for (from, to, die, hit, text) in cases {
            let step = Step {
                from,
                to,
                die: d(die),
                hit,
            };
            assert_eq!(step.to_string(), text);
            let read: StepText = text.parse().unwrap();
            assert!(read.names(&step));
        }
        for bad in [
            "", "in", "5/", "0/3", "in/37", "off/3", "a/b", "12-15", "in/+5",
        ] {
            assert!(matches!(
                bad.parse::<StepText>(),
                Err(StepError::Malformed(_))
            ));
        }
    }
}
