//! A XII Scripta record as the replay view reads it, in plain Rust: the header, the start, and
//! each turn's throw, steps and positions. The core reads and replays the record; here its
//! answers only take the page's shape.

use super::view::StepView;
use crate::record::Fault;
use ludi_core::scripta::{Record, ReplayedTurn, Side};
use serde::Serialize;

/// The record's header, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeaderView {
    /// `Austin & Murray`, or another reading's preset id or `key=value` text.
    pub rules: String,
    pub albi: Option<String>,
    pub nigri: Option<String>,
    pub date: Option<String>,
    /// Decimal digits: a u64 does not survive JS numbers.
    pub seed: Option<String>,
    /// `albi`, `nigri`, or `*` while unfinished.
    pub result: &'static str,
}

/// One turn: who threw what, the steps played, and the positions around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnView {
    pub side: &'static str,
    /// The dice in the order thrown.
    pub throw: Vec<u8>,
    /// The steps as written (`in/2 in/3* 12/15`), `-` for a forfeited throw.
    pub text: String,
    pub steps: Vec<StepView>,
    /// XSN with the throw, before the first step: what the hard player judges.
    pub before: String,
    /// XSN of what the turn leaves.
    pub after: String,
}

/// The steps as the record writes them, `-` for a lost throw.
fn written(steps: &[StepView]) -> String {
    if steps.is_empty() {
        return "-".to_string();
    }
    steps
        .iter()
        .map(|s| s.step.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

impl TurnView {
    fn of(turn: &ReplayedTurn) -> TurnView {
        let steps: Vec<StepView> = turn.moves.iter().copied().map(StepView::of).collect();
        TurnView {
            side: turn.before.turn().name(),
            throw: turn.before.dice().values().to_vec(),
            text: written(&steps),
            steps,
            before: turn.before.to_string(),
            after: turn.after.to_string(),
        }
    }
}

/// A whole record for the replay view: the game starts at `start` and `turns[k]` leads from
/// the position after `k` turns to `turns[k].after`. The page draws each position from the
/// game's own snapshot of it (`ScriptaGame.fromPosition`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayView {
    pub header: HeaderView,
    /// The record written canonically: what the page keeps and offers again.
    pub record: String,
    /// XSN of the start: without dice, unless the record starts with its first throw.
    pub start: String,
    pub turns: Vec<TurnView>,
}

/// Reads and replays a record; a bad one gives where it goes wrong.
pub fn read(text: &str) -> Result<ReplayView, Fault> {
    let record: Record = text.parse()?;
    let turns = record.replay_turns()?;
    Ok(ReplayView {
        header: HeaderView {
            rules: record.rules_text(),
            albi: record.albi.clone(),
            nigri: record.nigri.clone(),
            date: record.date.clone(),
            seed: record.seed.map(|s| s.to_string()),
            result: record.result.map_or("*", Side::name),
        },
        record: record.to_string(),
        start: record.start_table().to_string(),
        turns: turns.iter().map(TurnView::of).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "Game: XII Scripta\nAlbi: Ada\nNigri: Centurio\nDate: 2026-11-30\nSeed: 42\n\nA 235: in/2 in/3 in/5\nN 112: in/1 in/1 1/3*\nA 666: in/6 in/6 in/6\n";

    #[test]
    fn a_record_reads_as_frames_and_turns() {
        let view = read(GAME).unwrap();
        assert_eq!(
            view.header,
            HeaderView {
                rules: "Austin & Murray".into(),
                albi: Some("Ada".into()),
                nigri: Some("Centurio".into()),
                date: Some("2026-11-30".into()),
                seed: Some("42".into()),
                result: "*",
            }
        );
        assert!(view
            .record
            .starts_with("Game: XII Scripta\nRules: Austin & Murray\n"));
        assert_eq!(view.turns.len(), 3);
        assert_eq!(view.start, "A w15s0o0: w15s0o0:");
        assert_eq!(view.turns[0].before, "A w15s0o0: w15s0o0: 235");
        assert_eq!(view.turns[1].after, "A w12s1o0:2,5 w13s0o0:1,3");
        let hit = &view.turns[1];
        assert_eq!((hit.side, hit.throw.as_slice()), ("nigri", &[1, 1, 2][..]));
        assert_eq!(hit.text, "in/1 in/1 1/3*");
        assert!(hit.steps[2].hit);
        assert_eq!(hit.before, "N w12s0o0:2,3,5 w15s0o0: 112");
        assert_eq!(view.turns[2].text, "in/6 in/6 in/6");
        assert_eq!(view.turns[2].before, "A w12s1o0:2,5 w13s0o0:1,3 666");
    }

    #[test]
    fn a_bad_record_names_its_line_or_turn() {
        let line = read("Game: XII Scripta\n\nA 2357: in/2 in/3 in/5\n").unwrap_err();
        assert_eq!((line.line, line.turn, line.result), (3, 0, false));
        let turn = read("Game: XII Scripta\n\nA 235: in/2 in/3\n").unwrap_err();
        assert_eq!((turn.line, turn.turn), (0, 1));
        let other = read("Game: Latrunculi\n").unwrap_err();
        assert_eq!(other.line, 1);
    }

    #[test]
    fn a_won_game_ends_on_its_winner_and_a_forfeit_is_a_dash() {
        let view = read(
            "Game: XII Scripta\nStart: A w0s0o14:36 w15s0o0:\nResult: albi\n\nA 111: 36/off\n",
        )
        .unwrap();
        assert_eq!(view.header.result, "albi");
        assert_eq!(view.start, "A w0s0o14:36 w15s0o0:");
        assert_eq!(view.turns[0].after, "A w0s0o15: w15s0o0:");
        let forfeit =
            read("Game: XII Scripta\nStart: A w0s1o0:31x14 w9s0o0:2x2,3x2,5x2\n\nA 235: -\n")
                .unwrap();
        assert_eq!(forfeit.turns[0].text, "-");
        assert!(forfeit.turns[0].steps.is_empty());
    }

    #[test]
    fn another_readings_record_reads_with_its_rules_sums_and_stacks() {
        let view =
            read("Game: XII Scripta\nRules: italian\nSeed: 7\n\nN 425: in/4 in/2 in/5\n").unwrap();
        assert_eq!(view.header.rules, "italian");
        assert!(view.record.contains("Rules: italian\n"));
        assert_eq!(view.start, "italian N w15s0o0: w15s0o0:");
        assert_eq!(view.turns[0].before, "italian N w15s0o0: w15s0o0: 425");
        assert_eq!(view.turns[0].after, "italian A w15s0o0: w12s0o0:2,4,5");
        let stack = read("Game: XII Scripta\nRules: italian-columns\nStart: italian-columns A w0s0o13:8x2 w15s0o0:\n\nA 531: 8/11x2 11/16 16/17\n")
            .unwrap();
        assert_eq!(stack.turns[0].text, "8/11x2 11/16 16/17");
        assert_eq!(stack.turns[0].steps[0].count, 2);
        assert_eq!(
            stack.turns[0].after,
            "italian-columns N w0s0o13:11,17 w15s0o0:"
        );
        let bad = read("Game: XII Scripta\nRules: italian\n\nN 425: in/4\n").unwrap_err();
        assert_eq!(bad.turn, 1);
    }
}
