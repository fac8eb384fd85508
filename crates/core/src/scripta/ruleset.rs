//! The readings of XII Scripta as one value: an option per point where the sources differ,
//! four named presets and the `--rules` text (`key=value,...`) that names any mix of them.
//!
//! The sources: Austin and Murray (`austin-murray`, the default), the Italian rules "commonly
//! accepted by experts" with their two variants (`italian`, `italian-6`, `italian-columns`)
//! and the Russian club rules (`russian`). Every choice made where a source is silent is
//! written on its preset and in docs/scripta-rules.md.

pub use crate::RulesError;
use std::fmt;

/// The way counters run over the three rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Track {
    /// One 36-mark S run by both sides: top row left to right, middle row back, bottom row
    /// left to right (Austin and Murray's Trier board).
    Shared,
    /// Six private cells on the side's own half of the middle row (marks 1-6), then 24 cells
    /// both sides share: the top row right to left (7-18), the bottom row left to right
    /// (19-30); the exit is one step past 30 (the Italian and Russian boards).
    Split,
}

/// Where the counters are when the game begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// All waiting off the board, to be entered by the dice.
    Off,
    /// Set up two to a mark on the side's own half of the middle row (Russian; needs the
    /// split track and twelve counters).
    Set,
}

/// Whether moving on may begin before every counter is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// Entering and moving mix freely.
    Free,
    /// Every counter waiting must be entered before any counter moves past the entry cells
    /// (marks 1-6) (Italian: "nella prima fase è obbligatorio far entrare tutte le pedine").
    All,
}

/// Which counters on one mark may move together as one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stacks {
    /// Every counter moves alone.
    Off,
    /// Any two or more counters of one side on a mark move together with one die (or one
    /// sum) (Italian: "queste possono muovere assieme, con lo stesso lancio di dadi").
    Any,
    /// A pair moves with a double, a triple with three of a kind, spending those dice
    /// (Russian).
    Matched,
}

/// What becomes of a counter that is hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hit {
    /// It waits off the board and re-enters by a die's value before anything else moves.
    Tray,
    /// It goes straight to the first empty cell of its owner's half of the middle row, and
    /// its owner's next turn must start with it when it can move, or the turn is lost
    /// (Russian; needs the split track).
    Middle,
}

/// How a counter leaves the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BearOff {
    /// The exact throw, or a larger one from the rearmost counter (Austin and Murray).
    Over,
    /// Only a throw reaching exactly one step past the last mark (Italian, Russian).
    Exact,
}

/// Who throws first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opener {
    /// Albi opens the first game; the openers alternate between games.
    Albi,
    /// Each side throws the dice; the higher total opens, ties throw again.
    Throw,
}

/// One reading of the rules: a value for each option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Counters per side: 15, 12 or 6.
    pub counters: u8,
    /// Dice per throw: 3 or 2.
    pub dice: u8,
    pub track: Track,
    pub start: Start,
    pub entry: Entry,
    /// Two or three dice may be added up to move one counter (or one stack) in one jump,
    /// landing only at its end; the cells passed need not be open.
    pub sum: bool,
    pub stacks: Stacks,
    /// A throw whose dice all show the same number is followed by another throw.
    pub again: bool,
    pub hit: Hit,
    pub bear_off: BearOff,
    /// A column (two or more counters of one side on a mark) is captured by an enemy column
    /// of as many or more landing on it, instead of blocking it.
    pub columns: bool,
    /// At most four counters on a mark.
    pub cap4: bool,
    pub opener: Opener,
}

/// One option as the home screen offers it: its key, the values it takes and the default's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    pub key: &'static str,
    pub values: &'static [&'static str],
    pub default: &'static str,
}

/// Every option in the order the canonical text writes it; the default is Austin and
/// Murray's value.
pub const OPTIONS: [RuleOption; 13] = [
    RuleOption {
        key: "counters",
        values: &["15", "12", "6"],
        default: "15",
    },
    RuleOption {
        key: "dice",
        values: &["3", "2"],
        default: "3",
    },
    RuleOption {
        key: "track",
        values: &["shared", "split"],
        default: "shared",
    },
    RuleOption {
        key: "start",
        values: &["off", "set"],
        default: "off",
    },
    RuleOption {
        key: "entry",
        values: &["free", "all"],
        default: "free",
    },
    RuleOption {
        key: "sum",
        values: &["off", "on"],
        default: "off",
    },
    RuleOption {
        key: "stacks",
        values: &["off", "any", "matched"],
        default: "off",
    },
    RuleOption {
        key: "again",
        values: &["off", "on"],
        default: "off",
    },
    RuleOption {
        key: "hit",
        values: &["tray", "middle"],
        default: "tray",
    },
    RuleOption {
        key: "bearoff",
        values: &["over", "exact"],
        default: "over",
    },
    RuleOption {
        key: "columns",
        values: &["off", "on"],
        default: "off",
    },
    RuleOption {
        key: "cap",
        values: &["off", "4"],
        default: "off",
    },
    RuleOption {
        key: "opener",
        values: &["albi", "throw"],
        default: "albi",
    },
];

/// The presets' ids, the default first.
pub const PRESETS: [&str; 5] = [
    "austin-murray",
    "italian",
    "italian-6",
    "italian-columns",
    "russian",
];

impl Rules {
    /// Austin and Murray's reconstruction on the Trier board, the default: fifteen counters
    /// waiting off the board, three dice spent one step each, one shared 36-mark S, a hit
    /// counter re-enters by a die, bearing off with the exact die or a larger one from the
    /// rearmost counter, Albi opens.
    pub const AUSTIN_MURRAY: Rules = Rules {
        counters: 15,
        dice: 3,
        track: Track::Shared,
        start: Start::Off,
        entry: Entry::Free,
        sum: false,
        stacks: Stacks::Off,
        again: false,
        hit: Hit::Tray,
        bear_off: BearOff::Over,
        columns: false,
        cap4: false,
        opener: Opener::Albi,
    };

    /// The Italian rules "commonly accepted by experts": fifteen counters off the board,
    /// three dice, six private entry cells then 24 shared ones, every counter entered before
    /// any moves past the entry cells, dice spent singly or added, a stack of two or more
    /// moves together with one die, three of a kind throws again, a hit counter re-enters
    /// first, bearing off only exactly one step past cell 30, the higher opening throw opens.
    ///
    /// Choices where the text is silent: the path is the Ostia board's (entries on the own
    /// half of the middle row, then the top row right to left, the bottom row left to
    /// right); bearing off starts once every counter is on cells 25-30 (the Ostia board's
    /// group E); a stack step moves any two or more of the counters on the mark, not
    /// necessarily all; the entry phase covers the counters never entered, not a counter
    /// hit later (which re-enters under the hit rule).
    pub const ITALIAN: Rules = Rules {
        counters: 15,
        dice: 3,
        track: Track::Split,
        start: Start::Off,
        entry: Entry::All,
        sum: true,
        stacks: Stacks::Any,
        again: true,
        hit: Hit::Tray,
        bear_off: BearOff::Exact,
        columns: false,
        cap4: false,
        opener: Opener::Throw,
    };

    /// The Italian six-counter variant: the Italian rules with six counters a side and two
    /// dice. Choice: "three of a kind throws again" becomes "all dice the same", so a double
    /// throws again.
    pub const ITALIAN_6: Rules = Rules {
        counters: 6,
        dice: 2,
        ..Rules::ITALIAN
    };

    /// The Italian capturable-columns variant: the Italian rules, and a column (two or more
    /// counters on a mark) is captured by an enemy column of as many or more counters landing
    /// on it, every counter of it sent off to re-enter.
    pub const ITALIAN_COLUMNS: Rules = Rules {
        columns: true,
        ..Rules::ITALIAN
    };

    /// The Russian club rules: twelve counters set up two to a mark on the side's own half
    /// of the middle row, three dice spent singly or added, a pair moves with a double and a
    /// triple with three of a kind, two or more counters block, a hit counter goes to the
    /// first empty cell of its owner's half of the middle row and must move first next turn
    /// (or the turn is lost), bearing off exactly one step past the last cell once every
    /// counter is on the last six, the higher opening throw opens.
    ///
    /// Choices where the text is silent: the path is the Italian one (the text's "counters
    /// move right on their own half of the middle row" fits it); a pair step moves two
    /// counters from one mark by the double's value, spending both dice (a triple, all
    /// three), so it reaches nothing two single steps could not, it is written as one step;
    /// with no empty cell on the half, the hit counter goes onto its first cell; the "four
    /// on a mark" limit the club used for speed is an option (`cap=4`), off here.
    pub const RUSSIAN: Rules = Rules {
        counters: 12,
        dice: 3,
        track: Track::Split,
        start: Start::Set,
        entry: Entry::Free,
        sum: true,
        stacks: Stacks::Matched,
        again: false,
        hit: Hit::Middle,
        bear_off: BearOff::Exact,
        columns: false,
        cap4: false,
        opener: Opener::Throw,
    };

    /// The rules a preset id names.
    pub fn preset_rules(id: &str) -> Option<Rules> {
        match id {
            "austin-murray" => Some(Rules::AUSTIN_MURRAY),
            "italian" => Some(Rules::ITALIAN),
            "italian-6" => Some(Rules::ITALIAN_6),
            "italian-columns" => Some(Rules::ITALIAN_COLUMNS),
            "russian" => Some(Rules::RUSSIAN),
            _ => None,
        }
    }

    /// The preset id when these rules are a preset, else `None`.
    ///
    /// ```
    /// use ludi_core::scripta::Rules;
    /// assert_eq!(Rules::default().preset(), Some("austin-murray"));
    /// assert_eq!(Rules::parse("counters=6,dice=2").unwrap().preset(), None);
    /// ```
    pub fn preset(&self) -> Option<&'static str> {
        PRESETS
            .into_iter()
            .find(|id| Rules::preset_rules(id) == Some(*self))
    }

    /// Whether these are Austin and Murray's rules, which positions and records leave unnamed.
    pub fn is_default(&self) -> bool {
        *self == Rules::AUSTIN_MURRAY
    }

    /// The shortest text naming these rules: the preset id, else the canonical key=value
    /// form. Both read back with [`Rules::parse`].
    pub fn name(&self) -> String {
        self.preset()
            .map_or_else(|| self.to_string(), str::to_string)
    }

    /// Marks on each side's track: 36 on the shared S, 6 private and 24 shared on the split.
    pub fn marks(&self) -> u8 {
        match self.track {
            Track::Shared => 36,
            Track::Split => 30,
        }
    }

    /// Marks 1 to this are the side's own and never hold an enemy counter (0 on the S).
    pub fn private_marks(&self) -> u8 {
        match self.track {
            Track::Shared => 0,
            Track::Split => 6,
        }
    }

    /// The first mark of the home zone: bearing off may start once every counter of the
    /// side stands on it or beyond (the last six marks).
    pub fn home(&self) -> u8 {
        self.marks() - 5
    }

    /// One combination of options for tests and fuzzing, chosen by the bits of `bits`
    /// (higher bits ignored), mended to a consistent set: the five presets for 0-4, then
    /// every option drawn from the remaining bits.
    ///
    /// ```
    /// use ludi_core::scripta::Rules;
    /// assert_eq!(Rules::from_switches(4).preset(), Some("russian"));
    /// for bits in 0..=u16::MAX {
    ///     let rules = Rules::from_switches(bits);
    ///     assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
    /// }
    /// ```
    pub fn from_switches(bits: u16) -> Rules {
        if let Some(rules) = PRESETS
            .get(usize::from(bits))
            .and_then(|id| Rules::preset_rules(id))
        {
            return rules;
        }
        let on = |bit: u16| bits & (1 << bit) != 0;
        let track = if on(2) { Track::Split } else { Track::Shared };
        let split = track == Track::Split;
        let start = if split && on(3) {
            Start::Set
        } else {
            Start::Off
        };
        Rules {
            counters: match (start, bits & 3) {
                (Start::Set, _) => 12,
                (_, 0) => 15,
                (_, 1) => 12,
                _ => 6,
            },
            dice: if on(4) { 2 } else { 3 },
            track,
            start,
            entry: if on(5) { Entry::All } else { Entry::Free },
            sum: on(6),
            stacks: match (on(7), on(8)) {
                (false, _) => Stacks::Off,
                (true, false) => Stacks::Any,
                (true, true) => Stacks::Matched,
            },
            again: on(9),
            hit: if split && on(10) {
                Hit::Middle
            } else {
                Hit::Tray
            },
            bear_off: if on(11) {
                BearOff::Exact
            } else {
                BearOff::Over
            },
            columns: on(12),
            cap4: on(13),
            opener: if on(14) { Opener::Throw } else { Opener::Albi },
        }
    }

    /// Reads a preset id (`austin-murray`, `italian`, `italian-6`, `italian-columns`,
    /// `russian`) or `key=value` pairs separated by commas (keys in [`OPTIONS`]); keys left
    /// out take Austin and Murray's value. Options that cannot go together are refused:
    /// setting up on the board and sending a hit counter to the middle row need the split
    /// track, and setting up two to a mark needs twelve counters.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        if let Some(rules) = Rules::preset_rules(text) {
            return Ok(rules);
        }
        if text.is_empty() {
            return Err(RulesError::new(format!(
                "empty rules: give a preset ({}) or key=value pairs",
                PRESETS.join(", ")
            )));
        }
        let mut rules = Rules::AUSTIN_MURRAY;
        let mut seen: Vec<&str> = Vec::new();
        for pair in text.split(',') {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                RulesError::new(format!(
                    "`{pair}` is neither a preset ({}) nor a key=value pair",
                    PRESETS.join(", ")
                ))
            })?;
            let option = OPTIONS.iter().find(|o| o.key == key).ok_or_else(|| {
                let keys: Vec<&str> = OPTIONS.iter().map(|o| o.key).collect();
                RulesError::new(format!(
                    "unknown rules key `{key}` (keys: {})",
                    keys.join(", ")
                ))
            })?;
            if seen.contains(&key) {
                return Err(RulesError::new(format!("`{key}` is given twice")));
            }
            seen.push(key);
            if !option.values.contains(&value) {
                return Err(RulesError::new(format!(
                    "`{key}={value}`: expected {}",
                    option.values.join(" or ")
                )));
            }
            rules.set(key, value);
        }
        rules.check()?;
        Ok(rules)
    }

    /// Reads rules as a person or a record names them: what [`Rules::parse`] reads, or
    /// `Austin & Murray` (`Austin and Murray`, any case), as a record's `Rules:` writes the
    /// default; spaces around are ignored.
    ///
    /// ```
    /// use ludi_core::scripta::Rules;
    /// assert!(Rules::read(" Austin & Murray ").unwrap().is_default());
    /// assert_eq!(Rules::read("russian"), Ok(Rules::RUSSIAN));
    /// assert!(Rules::read("chess").is_err());
    /// ```
    pub fn read(text: &str) -> Result<Rules, RulesError> {
        let text = text.trim();
        if super::record::is_austin_murray(text) {
            return Ok(Rules::AUSTIN_MURRAY);
        }
        Rules::parse(text)
    }

    /// Sets one option from a value [`OPTIONS`] lists for its key.
    fn set(&mut self, key: &str, value: &str) {
        let on = value == "on";
        match key {
            "counters" => self.counters = value.parse().unwrap_or(self.counters),
            "dice" => self.dice = value.parse().unwrap_or(self.dice),
            "track" if value == "split" => self.track = Track::Split,
            "track" => self.track = Track::Shared,
            "start" if value == "set" => self.start = Start::Set,
            "start" => self.start = Start::Off,
            "entry" if value == "all" => self.entry = Entry::All,
            "entry" => self.entry = Entry::Free,
            "sum" => self.sum = on,
            "stacks" => {
                self.stacks = match value {
                    "any" => Stacks::Any,
                    "matched" => Stacks::Matched,
                    _ => Stacks::Off,
                }
            }
            "again" => self.again = on,
            "hit" if value == "middle" => self.hit = Hit::Middle,
            "hit" => self.hit = Hit::Tray,
            "bearoff" if value == "exact" => self.bear_off = BearOff::Exact,
            "bearoff" => self.bear_off = BearOff::Over,
            "columns" => self.columns = on,
            "cap" => self.cap4 = value == "4",
            "opener" if value == "throw" => self.opener = Opener::Throw,
            "opener" => self.opener = Opener::Albi,
            _ => {}
        }
    }

    /// The value of one option as [`OPTIONS`] spells it.
    pub fn value(&self, key: &str) -> Option<&'static str> {
        let on = |b: bool| if b { "on" } else { "off" };
        Some(match key {
            "counters" => match self.counters {
                15 => "15",
                12 => "12",
                _ => "6",
            },
            "dice" => {
                if self.dice == 2 {
                    "2"
                } else {
                    "3"
                }
            }
            "track" => match self.track {
                Track::Shared => "shared",
                Track::Split => "split",
            },
            "start" => match self.start {
                Start::Off => "off",
                Start::Set => "set",
            },
            "entry" => match self.entry {
                Entry::Free => "free",
                Entry::All => "all",
            },
            "sum" => on(self.sum),
            "stacks" => match self.stacks {
                Stacks::Off => "off",
                Stacks::Any => "any",
                Stacks::Matched => "matched",
            },
            "again" => on(self.again),
            "hit" => match self.hit {
                Hit::Tray => "tray",
                Hit::Middle => "middle",
            },
            "bearoff" => match self.bear_off {
                BearOff::Over => "over",
                BearOff::Exact => "exact",
            },
            "columns" => on(self.columns),
            "cap" => {
                if self.cap4 {
                    "4"
                } else {
                    "off"
                }
            }
            "opener" => match self.opener {
                Opener::Albi => "albi",
                Opener::Throw => "throw",
            },
            _ => return None,
        })
    }

    /// Refuses options that cannot go together, naming the two that clash.
    fn check(&self) -> Result<(), RulesError> {
        if self.track == Track::Shared && self.start == Start::Set {
            return Err(RulesError::clash(
                ["start", "track"],
                "`start=set` sets counters up on the own half of the middle row: it needs `track=split`".into(),
            ));
        }
        if self.start == Start::Set && self.counters != 12 {
            return Err(RulesError::clash(
                ["start", "counters"],
                "`start=set` puts two counters on each of six marks: it needs `counters=12`".into(),
            ));
        }
        if self.track == Track::Shared && self.hit == Hit::Middle {
            return Err(RulesError::clash(
                ["hit", "track"],
                "`hit=middle` sends a hit counter to the own half of the middle row: it needs `track=split`".into(),
            ));
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::AUSTIN_MURRAY
    }
}

impl fmt::Display for Rules {
    /// The canonical key=value form (every key, in [`OPTIONS`] order), accepted back by
    /// [`Rules::parse`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, option) in OPTIONS.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            write!(
                f,
                "{sep}{}={}",
                option.key,
                self.value(option.key).unwrap_or(option.default)
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_their_spelled_out_forms_agree() {
        for id in PRESETS {
            let rules = Rules::preset_rules(id).unwrap();
            assert_eq!(Rules::parse(id), Ok(rules));
            assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
            assert_eq!(rules.preset(), Some(id));
            assert_eq!(rules.name(), id);
        }
        assert_eq!(
            Rules::parse("counters=6,dice=2,track=split,entry=all,sum=on,stacks=any,again=on,bearoff=exact,opener=throw"),
            Ok(Rules::ITALIAN_6)
        );
    }

    #[test]
    fn the_default_is_austin_and_murray_and_every_option_defaults_to_it() {
        assert!(Rules::default().is_default());
        for option in OPTIONS {
            assert_eq!(Rules::AUSTIN_MURRAY.value(option.key), Some(option.default));
            assert!(option.values.contains(&option.default));
        }
        assert_eq!(Rules::parse("cap=off"), Ok(Rules::AUSTIN_MURRAY));
        assert!(!Rules::ITALIAN.is_default());
    }

    #[test]
    fn every_value_of_every_option_reads_and_writes_back() {
        for option in OPTIONS {
            for value in option.values {
                let base = if matches!(option.key, "start" | "hit") {
                    "track=split,counters=12,"
                } else {
                    ""
                };
                let base = if option.key == "counters" || option.key == "track" {
                    ""
                } else {
                    base
                };
                let rules = Rules::parse(&format!("{base}{}={value}", option.key)).unwrap();
                assert_eq!(rules.value(option.key), Some(*value), "{}", option.key);
                assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
            }
        }
    }

    #[test]
    fn a_custom_mix_has_no_preset_and_names_itself_in_full() {
        let rules = Rules::parse("track=split,sum=on").unwrap();
        assert_eq!(rules.preset(), None);
        assert_eq!(
            rules.name(),
            "counters=15,dice=3,track=split,start=off,entry=free,sum=on,stacks=off,again=off,hit=tray,bearoff=over,columns=off,cap=off,opener=albi"
        );
        assert!(!rules.name().contains(' '));
    }

    #[test]
    fn options_that_cannot_go_together_are_refused() {
        for (text, needle) in [
            ("start=set", "track=split"),
            ("track=split,start=set", "counters=12"),
            ("hit=middle", "track=split"),
            ("russian,cap=4", "neither a preset"),
        ] {
            let err = Rules::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
        assert!(Rules::parse("track=split,counters=12,start=set,hit=middle").is_ok());
    }

    #[test]
    fn bad_rules_are_named_in_the_error() {
        for (text, needle) in [
            ("", "empty"),
            ("chess", "`chess`"),
            ("dice=4", "`dice=4`: expected 3 or 2"),
            ("sum=yes", "off or on"),
            ("colour=red", "unknown rules key `colour`"),
            ("sum=on,sum=off", "twice"),
            ("sum=on,", "``"),
        ] {
            let err = Rules::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn the_split_track_has_six_private_marks_and_thirty_in_all() {
        assert_eq!(
            (Rules::ITALIAN.marks(), Rules::ITALIAN.private_marks()),
            (30, 6)
        );
        assert_eq!(Rules::ITALIAN.home(), 25);
        assert_eq!(Rules::AUSTIN_MURRAY.marks(), 36);
        assert_eq!(Rules::AUSTIN_MURRAY.private_marks(), 0);
        assert_eq!(Rules::AUSTIN_MURRAY.home(), 31);
    }

    #[test]
    fn every_switch_combination_is_consistent() {
        for bits in 0..(1u16 << 15) {
            let rules = Rules::from_switches(bits);
            assert_eq!(rules.check(), Ok(()), "{rules}");
        }
    }
}
