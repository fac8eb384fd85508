//! XSN, the XII Scripta position notation: `[<rules> ]<turn> <albi> <nigri>[ <dice>]`, read
//! and written by [`Table`](super::Table) (`table/xsn.rs`).
//!
//! Each side is `w<waiting>s<sent home>o<borne off>:<marks>`, marks a comma-separated list of
//! `m` (one counter) or `mxk` (k counters). Example: `A w8s0o0:1x2,5,31x4 w13s0o0:4x2 235`.

use super::position::{Dice, Tray, COUNTERS, MARKS};
use std::fmt;

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
