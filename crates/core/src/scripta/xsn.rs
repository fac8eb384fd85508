//! XSN, the XII Scripta position notation: `<turn> <albi> <nigri>[ <dice>]`.
//!
//! Each side is `w<waiting>s<sent home>o<borne off>:<marks>`, marks a comma-separated list of
//! `m` (one counter) or `mxk` (k counters). Example: `A w8s0o0:1x2,5,31x4 w13s0o0:4x2 235`.

use super::position::{cell_of, count_of, Dice, Position, Side, Tray, COUNTERS, MARKS};
use std::fmt::{self, Write};
use std::str::FromStr;

/// Why a string is not a valid XSN position; the message names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XsnError {
    /// The part of the position at fault: `turn`, `albi`, `nigri`, `dice` or `position`.
    pub part: &'static str,
    pub message: String,
}

impl XsnError {
    pub(super) fn new(part: &'static str, message: impl Into<String>) -> XsnError {
        XsnError {
            part,
            message: message.into(),
        }
    }
}

impl fmt::Display for XsnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad {}: {}", self.part, self.message)
    }
}

impl std::error::Error for XsnError {}

impl FromStr for Position {
    type Err = XsnError;

    fn from_str(text: &str) -> Result<Position, XsnError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(XsnError::new(
                "position",
                format!(
                    "expected `<turn> <albi> <nigri>[ <dice>]`, found {} field(s) in `{}`",
                    fields.len(),
                    text.trim()
                ),
            ));
        }
        let turn = match fields[0] {
            "A" => Side::Albi,
            "N" => Side::Nigri,
            other => {
                return Err(XsnError::new(
                    "turn",
                    format!("`{other}` is neither `A` (albi) nor `N` (nigri)"),
                ))
            }
        };
        let mut position = Position::start(turn);
        for side in Side::BOTH {
            let part = side.name();
            let (tray, marks) = parse_side(fields[1 + side.index()], part)?;
            position.trays[side.index()] = tray;
            for (mark, n) in marks {
                if position.board[mark as usize] != 0 {
                    return Err(XsnError::new(
                        part,
                        format!("mark {mark} is already held by albi"),
                    ));
                }
                position.board[mark as usize] = cell_of(side, n);
            }
            let total = u32::from(tray.waiting)
                + u32::from(tray.sent_home)
                + u32::from(tray.borne_off)
                + (1..=MARKS)
                    .map(|m| u32::from(count_of(position.board[m as usize], side)))
                    .sum::<u32>();
            if total != u32::from(COUNTERS) {
                return Err(XsnError::new(
                    part,
                    format!("has {total} counters in all, not {COUNTERS}"),
                ));
            }
        }
        if position.trays.iter().all(|t| t.borne_off == COUNTERS) {
            return Err(XsnError::new(
                "position",
                "both sides have borne off all their counters",
            ));
        }
        if let Some(dice) = fields.get(3) {
            position.dice = parse_dice(dice)?;
        }
        Ok(position)
    }
}

/// Parses `w<n>s<n>o<n>:<marks>` into the tray and the (mark, count) list.
pub(super) fn parse_side(
    text: &str,
    part: &'static str,
) -> Result<(Tray, Vec<(u8, u8)>), XsnError> {
    let bad = |message: String| XsnError::new(part, format!("{message} in `{text}`"));
    let (counts, marks) = text
        .split_once(':')
        .ok_or_else(|| bad("expected `w<waiting>s<sent home>o<borne off>:<marks>`".into()))?;
    let rest = counts
        .strip_prefix('w')
        .ok_or_else(|| bad("expected `w` first".into()))?;
    let (waiting, rest) = rest
        .split_once('s')
        .ok_or_else(|| bad("expected `s<sent home>` after the waiting count".into()))?;
    let (sent_home, borne_off) = rest
        .split_once('o')
        .ok_or_else(|| bad("expected `o<borne off>` after the sent-home count".into()))?;
    let tray = Tray {
        waiting: parse_count(waiting).ok_or_else(|| bad(format!("waiting `{waiting}`")))?,
        sent_home: parse_count(sent_home)
            .ok_or_else(|| bad(format!("sent-home count `{sent_home}`")))?,
        borne_off: parse_count(borne_off)
            .ok_or_else(|| bad(format!("borne-off count `{borne_off}`")))?,
    };
    let mut list: Vec<(u8, u8)> = Vec::new();
    if !marks.is_empty() {
        for item in marks.split(',') {
            let (mark, n) = match item.split_once('x') {
                Some((m, k)) => (m, parse_count(k).filter(|&k| k >= 1)),
                None => (item, Some(1)),
            };
            let n = n.ok_or_else(|| bad(format!("counter count in `{item}`")))?;
            let mark = parse_number(mark)
                .filter(|m| (1..=MARKS).contains(m))
                .ok_or_else(|| bad(format!("mark `{item}` (marks are 1-36)")))?;
            if list.iter().any(|&(m, _)| m == mark) {
                return Err(bad(format!("mark {mark} listed twice")));
            }
            list.push((mark, n));
        }
    }
    Ok((tray, list))
}

/// A small number in plain decimal digits (no sign, at most two digits).
fn parse_number(text: &str) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A counter count: at most fifteen.
fn parse_count(text: &str) -> Option<u8> {
    parse_number(text).filter(|&n| n <= COUNTERS)
}

pub(super) fn parse_dice(text: &str) -> Result<Dice, XsnError> {
    let values: Vec<u8> = text.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    Dice::new(&values).ok_or_else(|| {
        XsnError::new(
            "dice",
            format!("`{text}` is not 1 to 3 digits, each 1 to 6"),
        )
    })
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.turn.letter())?;
        for side in Side::BOTH {
            let t = self.trays[side.index()];
            write!(f, " w{}s{}o{}:", t.waiting, t.sent_home, t.borne_off)?;
            let mut first = true;
            for m in 1..=MARKS {
                let n = count_of(self.board[m as usize], side);
                if n == 0 {
                    continue;
                }
                if !first {
                    f.write_char(',')?;
                }
                first = false;
                if n == 1 {
                    write!(f, "{m}")?;
                } else {
                    write!(f, "{m}x{n}")?;
                }
            }
        }
        if !self.dice.is_empty() {
            f.write_char(' ')?;
            for v in self.dice.values() {
                write!(f, "{v}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_canonically_what_it_reads() {
        let text = "A w7s1o0:1x2,5,31x4 w13s0o0:4x2 235";
        let p: Position = text.parse().unwrap();
        assert_eq!(p.to_string(), text);
        let unsorted: Position = "A w7s1o0:31x4,5x1,1x2 w13s0o0:4x2 235".parse().unwrap();
        assert_eq!(unsorted, p);
        let no_dice: Position = "N w15s0o0: w15s0o0:".parse().unwrap();
        assert_eq!(no_dice.to_string(), "N w15s0o0: w15s0o0:");
        assert!(no_dice.dice().is_empty());
    }

    #[test]
    fn rejects_each_bad_part_by_name() {
        let cases = [
            ("", "position"),
            ("A w15s0o0:", "position"),
            ("X w15s0o0: w15s0o0:", "turn"),
            ("A w15s0o0 w15s0o0:", "albi"),
            ("A w14s0o0: w15s0o0:", "albi"),
            ("A w14s0o0:37 w15s0o0:", "albi"),
            ("A w14s0o0:0 w15s0o0:", "albi"),
            ("A w13s0o0:3,3 w15s0o0:", "albi"),
            ("A w13s0o0:3x0,4x2 w15s0o0:", "albi"),
            ("A w-1s0o0: w15s0o0:", "albi"),
            ("A w15s0o0: w14s0o0:3x2", "nigri"),
            ("A w14s0o0:3 w14s0o0:3", "nigri"),
            ("A w15s0o0: w15s0o0: 7", "dice"),
            ("A w15s0o0: w15s0o0: 1234", "dice"),
            ("A w15s0o0: w15s0o0: 1a", "dice"),
            ("A w0s0o15: w0s0o15:", "position"),
            ("A w15s0o0: w15s0o0: 12 3", "position"),
        ];
        for (text, part) in cases {
            let err = text.parse::<Position>().expect_err(text);
            assert_eq!(err.part, part, "{text}: {err}");
        }
    }
}
