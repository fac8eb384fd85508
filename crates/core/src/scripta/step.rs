//! A step: one die spent moving one counter. Notation `in/5`, `12/15`, `33/off`, with `*`
//! when the step sends a blot home.

use super::position::{Die, Mark};
use std::fmt;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_three_kinds_of_step() {
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
        }
    }
}
