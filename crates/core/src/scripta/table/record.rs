//! A game under any [`Rules`] as plain text: the record format of [`Record`], with the rules
//! named in `Rules:` (a preset id, or the canonical `key=value` text) and each turn's moves as
//! [`Move`] writes them, so they read back unambiguously: a sum with its dice, a stack with its
//! count.
//!
//! ```text
//! Game: XII Scripta
//! Rules: italian
//! Seed: 7
//! Result: *
//!
//! A 423: in/4 in/2 in/3
//! N 55: in/5x2
//! ```
//!
//! [`Record`]: crate::scripta::Record
//! [`Move`]: super::Move

use super::super::position::{Dice, Side};
use super::super::record::{
    check_throw, digits, read_fields, result_text, turn_line, whose_turn, write_record, Fields,
};
use super::super::ruleset::Rules;
use super::super::saved::{SavedGame, SavedTurn};
use super::{Move, Table, TableGame};
use crate::record::{self, RecordError, ReplayError};
use std::fmt;
use std::str::FromStr;

/// One turn as written: the side, its throw, and its moves as [`super::Move`] prints them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableWrittenTurn {
    pub side: Side,
    pub throw: Dice,
    pub moves: Vec<String>,
}

impl fmt::Display for TableWrittenTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}:", self.side.letter(), digits(self.throw))?;
        if self.moves.is_empty() {
            return f.write_str(" -");
        }
        for mv in &self.moves {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

/// One turn of a record replayed: the table with its throw, the moves in play order (none for
/// a lost throw) and what they leave (the next side to throw, or the game won).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableReplayedTurn {
    pub before: Table,
    pub moves: Vec<Move>,
    pub after: Table,
}

/// A record of a game under `rules`. `Display` writes it canonically; `FromStr` reads it as
/// leniently as [`crate::scripta::Record`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRecord {
    pub rules: Rules,
    pub albi: Option<String>,
    pub nigri: Option<String>,
    pub date: Option<String>,
    pub seed: Option<u64>,
    /// `None` for the rules' own start, opened by the side of the first turn.
    pub start: Option<Table>,
    pub result: Option<Side>,
    pub turns: Vec<TableWrittenTurn>,
}

impl TableRecord {
    /// An empty record under `rules`: no players, no turns, unfinished.
    pub fn new(rules: Rules) -> TableRecord {
        TableRecord {
            rules,
            albi: None,
            nigri: None,
            date: None,
            seed: None,
            start: None,
            result: None,
            turns: Vec::new(),
        }
    }

    /// The table the game starts from, with the dice of its first turn when `Start:` carries
    /// them.
    pub fn start_table(&self) -> Table {
        self.start.unwrap_or_else(|| {
            Table::start(
                self.rules,
                self.turns.first().map_or(Side::Albi, |t| t.side),
            )
        })
    }

    /// Replays every turn from the start under the record's rules and returns the final table
    /// (no dice), or the first turn the rules refuse: a side out of turn (a throw of all dice
    /// alike plays again where the rules say so), a throw of the wrong number of dice, an
    /// illegal move, a throw not played as fully as the rules demand, a turn after the game is
    /// won, or a `Result:` other than the one the turns reach.
    ///
    /// ```
    /// use ludi_core::scripta::TableRecord;
    ///
    /// let record: TableRecord = "Game: XII Scripta\nRules: italian-6\n\nA 42: in/6(4+2)\n".parse().unwrap();
    /// assert_eq!(record.replay().unwrap().to_string(), "italian-6 N w5s0o0:6 w6s0o0:");
    /// let bad: TableRecord = "Game: XII Scripta\nRules: italian-6\n\nA 42: in/4\n".parse().unwrap();
    /// assert!(bad.replay().unwrap_err().to_string().contains("not played out"));
    /// ```
    pub fn replay(&self) -> Result<Table, ReplayError> {
        self.replay_to(self.turns.len(), |_| ())
    }

    /// Replays the record as [`TableRecord::replay`] does, keeping every turn: the table with
    /// its throw, the moves as the rules name them and the table it leaves, for the replay
    /// view.
    ///
    /// ```
    /// use ludi_core::scripta::TableRecord;
    ///
    /// let record: TableRecord = "Game: XII Scripta\nRules: italian-6\n\nA 42: in/6(4+2)\n".parse().unwrap();
    /// let turns = record.replay_turns().unwrap();
    /// assert_eq!(turns[0].before.to_string(), "italian-6 A w6s0o0: w6s0o0: 42");
    /// assert_eq!(turns[0].moves[0].to_string(), "in/6(4+2)");
    /// assert_eq!(turns[0].after.to_string(), "italian-6 N w5s0o0:6 w6s0o0:");
    /// ```
    pub fn replay_turns(&self) -> Result<Vec<TableReplayedTurn>, ReplayError> {
        let mut turns = Vec::with_capacity(self.turns.len());
        self.replay_to(self.turns.len(), |turn| turns.push(turn))?;
        Ok(turns)
    }

    /// Replays the first `limit` turns as [`TableRecord::replay`] does, the `Result:` checked
    /// only once every turn is replayed, handing each turn to `seen`; returns the table they
    /// leave (no dice).
    fn replay_to(
        &self,
        limit: usize,
        mut seen: impl FnMut(TableReplayedTurn),
    ) -> Result<Table, ReplayError> {
        let start = self.start_table();
        let mut table = start.without_dice();
        for (i, turn) in self.turns.iter().enumerate().take(limit) {
            let illegal = |reason: String| ReplayError::Illegal {
                turn: i + 1,
                text: turn.to_string(),
                reason,
            };
            whose_turn(table.winner(), table.turn(), turn.side).map_err(illegal)?;
            check_throw(i, start.dice(), turn.throw, self.rules.dice).map_err(illegal)?;
            table = table.with_dice(turn.throw);
            let before = table;
            let mut moves = Vec::with_capacity(turn.moves.len());
            for written in &turn.moves {
                let mv = table.legal_move(written).map_err(illegal)?;
                if written.ends_with('*') && mv.hit == 0 {
                    return Err(illegal(format!("{written} captures nothing")));
                }
                table.apply(mv);
                moves.push(mv);
            }
            if table.winner().is_none() {
                if let Some(mv) = table.legal_moves().first() {
                    return Err(illegal(format!(
                        "the throw is not played out: {mv} can still be played"
                    )));
                }
            }
            table.pass_turn(turn.throw);
            seen(TableReplayedTurn {
                before,
                moves,
                after: table,
            });
        }
        if limit < self.turns.len() {
            return Ok(table);
        }
        let reached = table.winner();
        if reached != self.result {
            return Err(ReplayError::Result {
                recorded: result_text(self.result).into(),
                replayed: result_text(reached).into(),
            });
        }
        Ok(table)
    }
}

impl TableRecord {
    /// A game that goes on from the table after the record's first `turns` turns (all of
    /// them when it has fewer), as [`Record::resume`] resumes one: when the record's seed
    /// throws the record's dice (and its opening throw, where the rules have one), as in every
    /// record a [`TableGame`] wrote, the game keeps those turns as its history and throws next
    /// what that game threw next; otherwise it starts from that table with dice from `seed`.
    ///
    /// ```
    /// use ludi_core::scripta::{Rules, Side, TableGame, TableRecord};
    ///
    /// let mut game = TableGame::new(Rules::ITALIAN, 9, Side::Albi);
    /// for _ in 0..3 {
    ///     game.throw().unwrap();
    ///     while let Some(&mv) = game.legal_moves().first() {
    ///         game.play(mv).unwrap();
    ///     }
    ///     game.confirm().unwrap();
    /// }
    /// let record = game.record();
    /// let resumed = record.resume(2, 1).unwrap();
    /// assert_eq!(resumed.turns(), &game.turns()[..2]);
    /// assert_eq!(resumed.opening(), game.opening());
    ///
    /// let unseeded = TableRecord { seed: None, ..record };
    /// let fresh = unseeded.resume(2, 1).unwrap();
    /// assert!(fresh.turns().is_empty());
    /// assert_eq!(fresh.table(), resumed.table());
    /// ```
    ///
    /// [`Record::resume`]: crate::scripta::Record::resume
    pub fn resume(&self, turns: usize, seed: u64) -> Result<TableGame, ReplayError> {
        self.replay()?;
        let kept = turns.min(self.turns.len());
        let start = self.start_table();
        // The seed's dice are checked as a saved game's are: the same code, the same verdict.
        let saved = self.seed.map(|seed| {
            let fresh = TableGame::new(self.rules, seed, start.turn());
            SavedGame {
                seed: seed.to_string(),
                start: start.to_string(),
                opening: if *fresh.start() == start {
                    fresh.save().opening
                } else {
                    Vec::new()
                },
                turns: self.turns[..kept]
                    .iter()
                    .map(|t| SavedTurn {
                        throw: digits(t.throw),
                        steps: t.moves.clone(),
                    })
                    .collect(),
                thrown: false,
                steps: Vec::new(),
            }
        });
        if let Some(game) = saved.and_then(|saved| TableGame::restore(&saved).ok()) {
            return Ok(game);
        }
        Ok(TableGame::from_table(self.replay_to(kept, |_| ())?, seed))
    }
}

impl fmt::Display for TableRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fields = Fields {
            albi: self.albi.clone(),
            nigri: self.nigri.clone(),
            date: self.date.clone(),
            seed: self.seed,
            start: self.start.as_ref().map(|t| t as &dyn fmt::Display),
            result: self.result,
        };
        write_record(f, &self.rules.name(), &fields, &self.turns)
    }
}

impl FromStr for TableRecord {
    type Err = RecordError;

    /// Reads a record under any rules: `Rules:` names them (a preset id, `key=value` text, or
    /// `Austin & Murray`; Austin and Murray's when left out); a `Start:` position must carry
    /// the same rules.
    fn from_str(text: &str) -> Result<TableRecord, RecordError> {
        let (header, body) = record::split(text)?;
        record::check_game(&header, "XII Scripta", "Latrunculi")?;
        let rules = match header.iter().find(|h| h.key == "rules") {
            None => Rules::default(),
            Some(h) => {
                Rules::read(h.value).map_err(|e| RecordError::new(h.line, format!("Rules: {e}")))?
            }
        };
        let fields = read_fields(&header, |v| {
            let start: Table = v.parse().map_err(|e| format!("{e}"))?;
            if *start.rules() != rules {
                return Err(format!(
                    "the position is under {}, the record under {}",
                    start.rules().name(),
                    rules.name()
                ));
            }
            Ok(start)
        })?;
        let mut turns = Vec::with_capacity(body.len());
        for line in body {
            let (side, throw, moves) =
                turn_line(line.text).map_err(|m| RecordError::new(line.line, m))?;
            turns.push(TableWrittenTurn {
                side,
                throw,
                moves: moves.into_iter().map(str::to_string).collect(),
            });
        }
        Ok(TableRecord {
            rules,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::scripta::PRESETS;

    /// A game of random outcomes under `rules`, written down as it goes: the record and the
    /// final table.
    fn random_record(rules: Rules, seed: u64) -> (TableRecord, Table) {
        let mut rng = Rng::new(seed);
        let mut table = Table::start(rules, Side::Albi);
        let mut record = TableRecord::new(rules);
        record.seed = Some(seed);
        while table.winner().is_none() {
            let thrown = table.throw(&mut rng);
            let mut outcomes = table.with_dice(thrown).turns();
            let outcome = outcomes.swap_remove(rng.below(outcomes.len() as u32) as usize);
            record.turns.push(TableWrittenTurn {
                side: table.turn(),
                throw: thrown,
                moves: outcome.moves.iter().map(ToString::to_string).collect(),
            });
            table = outcome.result;
            table.pass_turn(thrown);
        }
        record.result = table.winner();
        (record, table)
    }

    #[test]
    fn a_game_under_every_reading_is_written_read_back_and_replayed_to_its_end() {
        for id in PRESETS.iter().filter(|&&id| id != "austin-murray") {
            let rules = Rules::preset_rules(id).unwrap();
            for seed in 1..=3 {
                let (record, end) = random_record(rules, seed);
                let text = record.to_string();
                assert!(
                    text.starts_with(&format!("Game: XII Scripta\nRules: {id}\n")),
                    "{text}"
                );
                let read: TableRecord = text.parse().unwrap();
                assert_eq!(read, record, "{id} seed {seed}");
                assert_eq!(read.replay(), Ok(end), "{id} seed {seed}");
            }
        }
    }

    #[test]
    fn sums_stacks_and_throwing_again_replay_as_written() {
        // Italian, six counters: a double throws again, to the same side; a sum enters one
        // counter on the cell of the two dice added.
        let text = "Game: XII Scripta\nRules: italian-6\n\nA 33: in/3 in/3\nA 42: in/6(4+2)\nN 15: in/1 in/5\n";
        let record: TableRecord = text.parse().unwrap();
        let end = record.replay().unwrap();
        assert_eq!(end.to_string(), "italian-6 A w3s0o0:3x2,6 w4s0o0:1,5");
        // Russian: a pair of counters moves with a double, written with its count.
        let text = "Game: XII Scripta\nRules: russian\n\nA 443: 1/5x2 2/5\n";
        let end = text.parse::<TableRecord>().unwrap().replay().unwrap();
        assert_eq!(
            end.count(Side::Albi, crate::scripta::Mark::new(5).unwrap()),
            5
        );
    }

    #[test]
    fn bad_records_name_the_fault() {
        let err = |text: &str| text.parse::<TableRecord>().unwrap_err().to_string();
        assert!(err("Game: XII Scripta\nRules: italian-7\n").contains("Rules:"));
        assert!(
            err("Game: XII Scripta\nRules: italian\nStart: russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2\n")
                .contains("the record under italian")
        );
        let replay = |text: &str| {
            text.parse::<TableRecord>()
                .unwrap()
                .replay()
                .unwrap_err()
                .to_string()
        };
        assert!(
            replay("Game: XII Scripta\nRules: italian\n\nA 42: in/6(4+2)\n")
                .contains("a throw is 3 dice")
        );
        assert!(replay(
            "Game: XII Scripta\nRules: italian-6\n\nA 42: in/6(4+2)\nA 35: in/3 in/5\n"
        )
        .contains("it is nigri's turn"));
        assert!(replay("Game: XII Scripta\nRules: italian-6\n\nA 42: in/4 4/7\n").contains("4/7"));
        assert!(
            replay("Game: XII Scripta\nRules: italian-6\nResult: albi\n\nA 42: in/6(4+2)\n")
                .contains("Result: albi")
        );
    }

    #[test]
    fn a_game_from_a_table_with_dice_is_recorded_from_it_and_resumed_with_its_history() {
        let table: Table = "italian N w12s0o0:1,5,20 w13s0o0:2x2 625".parse().unwrap();
        let mut game = TableGame::from_table(table, 8);
        for _ in 0..4 {
            if game.thrown().is_empty() {
                game.throw().unwrap();
            }
            while let Some(&mv) = game.legal_moves().first() {
                game.play(mv).unwrap();
            }
            game.confirm().unwrap();
        }
        let text = game.record().to_string();
        assert!(
            text.contains("Start: italian N w12s0o0:1,5,20 w13s0o0:2x2 625\n"),
            "{text}"
        );
        let read: TableRecord = text.parse().unwrap();
        assert_eq!(read.replay(), Ok(game.table().without_dice()));
        let resumed = read.resume(3, 0).unwrap();
        assert_eq!(resumed.turns(), &game.turns()[..3]);
        assert_eq!(resumed.start(), &table);
        // The first turn must throw what the start carries.
        let bad = text.replacen("N 625:", "N 624:", 1);
        let err = bad.parse::<TableRecord>().unwrap().replay().unwrap_err();
        assert!(err.to_string().contains("dice are 625"), "{err}");
    }
}
