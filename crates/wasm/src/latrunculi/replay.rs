//! A Latrunculi record as the replay view reads it, in plain Rust: the header, the start, and
//! each move with the positions around it. The core reads and replays the record; here its
//! answers only take the page's shape.

use super::session::MoveView;
use crate::record::Fault;
use ludi_core::latrunculi::{Outcome, Record};
use serde::Serialize;

/// The record's header, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HeaderView {
    /// Canonical `start=..,move=..,corner=..,noback=..,win=..`.
    pub rules: String,
    pub preset: Option<&'static str>,
    /// Whether counters on a corner square are taken by its two neighbours.
    pub corners_capture: bool,
    pub white: Option<String>,
    pub black: Option<String>,
    pub date: Option<String>,
    /// Decimal digits: a u64 does not survive JS numbers.
    pub seed: Option<String>,
    /// `white`, `black`, `draw`, or `*` while unfinished.
    pub result: &'static str,
}

/// One move or placement with the positions around it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnView {
    pub played: MoveView,
    /// LFEN before the move.
    pub before: String,
    /// LFEN after it.
    pub after: String,
}

/// A whole record for the replay view: the game starts at `start` and `turns[k]` leads from
/// the position after `k` moves to `turns[k].after`. The page draws each position from the
/// game's own snapshot of it (`new LatrunculiGame(rules, lfen)`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayView {
    pub header: HeaderView,
    /// The record written canonically: what the page keeps and offers again.
    pub record: String,
    /// LFEN of the start.
    pub start: String,
    pub turns: Vec<TurnView>,
}

/// Reads and replays a record; a bad one gives where it goes wrong.
pub fn read(text: &str) -> Result<ReplayView, Fault> {
    let record: Record = text.parse()?;
    let game = record.replay_game()?;
    let rules = game.rules();
    let after = game.history().iter().skip(1).chain([game.position()]);
    let turns = game
        .history()
        .iter()
        .zip(game.record())
        .zip(after)
        .map(|((before, &mv), after)| TurnView {
            played: MoveView::of(rules, before, mv),
            before: before.to_string(),
            after: after.to_string(),
        })
        .collect();
    Ok(ReplayView {
        header: HeaderView {
            rules: rules.to_string(),
            preset: rules.preset(),
            corners_capture: rules.corners_trap(),
            white: record.white.clone(),
            black: record.black.clone(),
            date: record.date.clone(),
            seed: record.seed.map(|s| s.to_string()),
            result: record.result.map_or("*", Outcome::name),
        },
        record: record.to_string(),
        start: game.start().to_string(),
        turns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_as_frames_and_moves() {
        let view =
            read("Game: Latrunculi\nRules: quintana\nBlack: Centurio\nSeed: 3\n\na2-a5\nh7-h4\n")
                .unwrap();
        assert_eq!(view.header.preset, Some("quintana"));
        assert!(!view.header.corners_capture);
        assert_eq!(
            (view.header.white.as_deref(), view.header.black.as_deref()),
            (None, Some("Centurio"))
        );
        assert_eq!(
            (view.header.seed.as_deref(), view.header.result),
            (Some("3"), "*")
        );
        assert!(view.record.contains("\nSeed: 3\n"));
        assert_eq!(
            view.start,
            "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-"
        );
        assert_eq!(view.turns.len(), 2);
        let first = &view.turns[0];
        assert_eq!(
            (first.played.text.as_str(), first.played.side),
            ("a2-a5", "white")
        );
        assert_eq!(first.before, view.start);
        assert_eq!(first.after, view.turns[1].before);
        assert_eq!(
            view.turns[1].after,
            "BBBBBBBB/BBBBBBB1/8/W7/7B/8/1WWWWWWW/WWWWWWWW w 0,0 0,0 2 a2-a5,h7-h4"
        );
    }

    #[test]
    fn captures_and_placements_show() {
        let view = read(
            "Game: Latrunculi\nStart: 8/8/8/3W4/3B4/1WB1BW2/3W4/7B w 0,0 0,0 7 -,-\nResult: white\n\nd2-d3\n",
        )
        .unwrap();
        assert_eq!(view.turns[0].played.captured, ["d4", "e3", "c3"]);
        assert_eq!(view.header.result, "white");
        assert!(
            view.header.corners_capture,
            "Piso's rules, the record's default"
        );
        let placing = read("Game: Latrunculi\n\n@d4\n").unwrap();
        assert_eq!(placing.turns[0].played.from, None);
        assert_eq!(
            placing.turns[0].after,
            "8/8/8/8/3W4/8/8/8 b 19,20 0,0 0 -,-"
        );
    }

    #[test]
    fn a_bad_record_names_its_line_or_move() {
        let line = read("Game: Latrunculi\n\n@d4\nd4:d5\n").unwrap_err();
        assert_eq!((line.line, line.turn, line.result), (4, 0, false));
        let turn = read("Game: Latrunculi\n\n@d4\n@d4\n").unwrap_err();
        assert_eq!((turn.line, turn.turn, turn.result), (0, 2, false));
        let result = read("Game: Latrunculi\nResult: white\n\n@d4\n").unwrap_err();
        assert_eq!((result.line, result.turn, result.result), (0, 0, true));
    }
}
