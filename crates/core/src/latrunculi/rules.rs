//! The rule options, the presets and the `--rules` text that names them.

use super::board::{parse_count, Size, Square, MAX_FILES, MAX_RANKS};
pub use crate::RulesError;
use std::fmt;

/// How the counters come onto the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// 20 counters each, placed one at a time on any empty square, white first.
    Place,
    /// 16 counters each: white fills ranks 1-2, black ranks 7-8.
    Rows,
    /// On the squares of a1's colour, white fills the lower (ranks - 2) / 2 ranks and black as
    /// many at the top, leaving the middle two empty (three on an odd number of ranks): ranks
    /// 1-5 and 8-12 of Falkener's 12 x 12 board, 30 counters each.
    Chequer,
    /// White fills rank 1 and black the last rank (Kowalski's readings).
    Rank,
}

/// How a counter moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Movement {
    /// One square along a rank or file onto an empty square.
    Step,
    /// Any distance along a rank or file over empty squares, like a chess rook.
    Rook,
}

/// When the game ends and who has won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Win {
    /// Ends when a side is down to one counter; more captures wins.
    Captures,
    /// Ends when a side has no counters; more counters left wins.
    All,
    /// The side to move that cannot move (it has no counters, or all are blocked) loses
    /// (Falkener's reading).
    Block,
}

/// What becomes of a counter trapped between two enemies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trap {
    /// It is taken off the board at once.
    Capture,
    /// It is frozen: it cannot move and cannot trap, and stays until the captor's side spends
    /// a turn removing it, or until no two unfrozen enemies hold it any more (a trapper moved
    /// away, or its owner froze a trapper), when it is free again. Ulrich Schädler's reading.
    Freeze,
}

/// Which counters a counter may leap over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leap {
    /// No leaping.
    Off,
    /// Over any counter, either side's, frozen or not (Schädler's readings).
    Any,
    /// Over its own side's counters and frozen enemy counters (Locus Ludi's Seneca).
    Own,
    /// Over one enemy counter, frozen or not, a single leap a turn (Falkener's reading).
    Enemy,
    /// Only a dux leaps, over one enemy counter or dux, a single leap a turn (Bell's reading).
    Dux,
}

impl Leap {
    /// Whether a counter that has leapt may leap again in the same turn.
    pub fn goes_on(self) -> bool {
        matches!(self, Leap::Any | Leap::Own)
    }
}

/// Whether each side has a dux, a counter that moves and traps as the others do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dux {
    Off,
    /// White's dux stands on this square from the start (replacing a counter there), black's on
    /// the square opposite it through the board's middle, and neither is ever taken
    /// (Kowalski's readings).
    Stands(Square),
    /// Under `start=place`, the last counter each side places is its dux, which is taken like
    /// any counter (Bell's readings).
    Placed,
}

impl Dux {
    /// Whether a dux is trapped like a counter: Bell's, placed, is; Kowalski's never. No
    /// reading has a standing dux that may be taken or a placed one that may not, so one key
    /// says both.
    pub fn is_taken(self) -> bool {
        self == Dux::Placed
    }
}

/// What removing a frozen enemy counter costs its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Removal {
    /// The removal is the side's whole turn (Schädler's readings).
    Turn,
    /// The side removes and then moves as well, or removes another (Locus Ludi's Seneca).
    Free,
}

/// One reading of the rules: a value for each option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub start: Start,
    pub movement: Movement,
    /// Enemy counters on a corner square are captured by occupying both its neighbours.
    pub corner: bool,
    /// A counter may not go straight back to the square it just left on its side's next move.
    pub noback: bool,
    pub win: Win,
    pub trap: Trap,
    /// A counter may leap over an adjacent counter (as this says which) onto the empty square
    /// straight beyond, instead of moving, and leap on from there in the same turn.
    pub leap: Leap,
    /// A counter may not arrive between two enemy counters on its rank or file (frozen ones
    /// too) unless its arrival traps an enemy counter (Schädler's 2001 reading).
    pub nobetween: bool,
    /// No move may bring back a position the game has had before (the board with its frozen
    /// counters, the side to move, the counters to place, a leap part-way). A rule of the
    /// whole game, which only [`crate::latrunculi::Game`] knows the history for.
    pub norepeat: bool,
    /// Counters each side places under `start=place` (2 to 111, leaving a square empty).
    pub placed: u8,
    /// Under `trap=freeze`, whether a removal ends the turn.
    pub removal: Removal,
    /// The board the game starts on (an LFEN position may be of any size).
    pub board: Size,
    /// Each side places two counters a turn, one when only one is left (Kharebga and Seega).
    pub pairs: bool,
    /// The board's centre square stays empty while counters are placed (Kharebga and Seega).
    pub centre: bool,
    /// Counters move, leap and trap along the diagonals too (Falkener's reading).
    pub diagonal: bool,
    pub dux: Dux,
    /// The corner squares side with whoever traps against them: a counter between an enemy
    /// that arrives and a corner square is trapped, whatever stands on the corner (Bell's
    /// reading).
    pub hostile: bool,
    /// A counter that captures may move again at once, and again after each capture, or its
    /// side may stop (Bell's reading). Under `trap=freeze` no move captures, so it never
    /// applies; it cannot go with leaps that go on (`leap=any` or `own`).
    pub again: bool,
    /// Moves in a row without a capture, in the movement phase, that end the game.
    pub quiet: u16,
}

/// A published reading of the rules, offered by name: its id (what `--rules`, links and
/// records take) and its rules; [`Preset::source`] says who gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    pub id: &'static str,
    pub rules: Rules,
}

/// Every preset, the default first.
pub const PRESETS: [Preset; 30] = [
    Preset {
        id: "piso",
        rules: Rules::PISO,
    },
    Preset {
        id: "quintana",
        rules: Rules::QUINTANA,
    },
    Preset {
        id: "schadler-1994",
        rules: Rules::SCHADLER_1994,
    },
    Preset {
        id: "schadler-2001",
        rules: Rules::SCHADLER_2001,
    },
    Preset {
        id: "seneca",
        rules: Rules::SENECA,
    },
    Preset {
        id: "falkener",
        rules: Rules::FALKENER,
    },
    Preset {
        id: "kowalski-10x11",
        rules: Rules::KOWALSKI_10X11,
    },
    Preset {
        id: "kowalski-8x12",
        rules: Rules::KOWALSKI_8X12,
    },
    Preset {
        id: "bell-8x7",
        rules: Rules::bell(8, 7),
    },
    Preset {
        id: "bell-8x8",
        rules: Rules::bell(8, 8),
    },
    Preset {
        id: "kharebga-6x6",
        rules: Rules::kharebga(6, 6),
    },
    Preset {
        id: "kharebga-6x7",
        rules: Rules::kharebga(6, 7),
    },
    Preset {
        id: "kharebga-6x8",
        rules: Rules::kharebga(6, 8),
    },
    Preset {
        id: "kharebga-7x8",
        rules: Rules::kharebga(7, 8),
    },
    Preset {
        id: "kharebga-8x8",
        rules: Rules::kharebga(8, 8),
    },
    Preset {
        id: "kharebga-8x9",
        rules: Rules::kharebga(8, 9),
    },
    Preset {
        id: "kharebga-9x10",
        rules: Rules::kharebga(9, 10),
    },
    Preset {
        id: "kharebga-10x10",
        rules: Rules::kharebga(10, 10),
    },
    Preset {
        id: "kharebga-11x12",
        rules: Rules::kharebga(11, 12),
    },
    Preset {
        id: "kharebga-11x16",
        rules: Rules::kharebga(11, 16),
    },
    Preset {
        id: "seega-6x6",
        rules: Rules::seega(6, 6),
    },
    Preset {
        id: "seega-6x7",
        rules: Rules::seega(6, 7),
    },
    Preset {
        id: "seega-6x8",
        rules: Rules::seega(6, 8),
    },
    Preset {
        id: "seega-7x8",
        rules: Rules::seega(7, 8),
    },
    Preset {
        id: "seega-8x8",
        rules: Rules::seega(8, 8),
    },
    Preset {
        id: "seega-8x9",
        rules: Rules::seega(8, 9),
    },
    Preset {
        id: "seega-9x10",
        rules: Rules::seega(9, 10),
    },
    Preset {
        id: "seega-10x10",
        rules: Rules::seega(10, 10),
    },
    Preset {
        id: "seega-11x12",
        rules: Rules::seega(11, 12),
    },
    Preset {
        id: "seega-11x16",
        rules: Rules::seega(11, 16),
    },
];

impl Preset {
    /// Who reads the game so, in the words of the sources (`../shared/seeds/003_*`). Only the
    /// command prints it: kept apart from [`PRESETS`], the page's engine goes without it.
    pub fn source(&self) -> String {
        let named = match self.id {
            "piso" => "Locus Ludi (University of Fribourg), reading the Laus Pisonis",
            "quintana" => "Museum Quintana, Künzing: the rules shown at the museum",
            "schadler-1994" => "Ulrich Schädler, 1994, as the Ludii game database reads him",
            "schadler-2001" => "Ulrich Schädler, 2001, as the Ludii game database reads him",
            "seneca" => "Locus Ludi (University of Fribourg), its Seneca reading, as the Ludii game database gives it",
            "falkener" => "Edward Falkener, 1892, as the Ludii game database reads him",
            "kowalski-10x11" => {
                "Kowalski, as the Ludii game database gives him: 10 ranks of 11 squares"
            }
            "kowalski-8x12" => {
                "Kowalski, as the Ludii game database gives him: 8 ranks of 12 squares"
            }
            "bell-8x7" => "R. C. Bell, 1979, as the Ludii game database gives him: 8 x 7 squares",
            "bell-8x8" => "R. C. Bell, 1979, as the Ludii game database gives him: 8 x 8 squares",
            _ => "",
        };
        if !named.is_empty() {
            return named.to_string();
        }
        let family = if self.rules.movement == Movement::Rook {
            "Kharebga"
        } else {
            "Seega"
        };
        let (files, ranks) = (self.rules.board.files(), self.rules.board.ranks());
        format!("the Ludii game database: {family}'s rules on the {files} x {ranks} board")
    }
}

/// Moves in a row without a capture, in the movement phase, that end the game unless the
/// rules' `quiet` says otherwise (fifty each).
pub const QUIET_MOVES_LIMIT: u16 = 100;

impl Rules {
    /// Locus Ludi's reading of the Laus Pisonis.
    pub const PISO: Rules = Rules {
        start: Start::Place,
        movement: Movement::Step,
        corner: true,
        noback: true,
        win: Win::Captures,
        trap: Trap::Capture,
        leap: Leap::Off,
        nobetween: false,
        norepeat: false,
        placed: 20,
        removal: Removal::Turn,
        board: Size::EIGHT,
        pairs: false,
        centre: false,
        diagonal: false,
        dux: Dux::Off,
        hostile: false,
        again: false,
        quiet: QUIET_MOVES_LIMIT,
    };

    /// The rules shown at Museum Quintana, Künzing.
    pub const QUINTANA: Rules = Rules {
        start: Start::Rows,
        movement: Movement::Rook,
        corner: false,
        noback: false,
        win: Win::All,
        ..Rules::PISO
    };

    /// Ulrich Schädler's 1994 reconstruction: 16 counters each placed, steps or leaps over any
    /// counter, trapped counters frozen until removed or freed, no repeated position.
    pub const SCHADLER_1994: Rules = Rules {
        corner: false,
        noback: false,
        trap: Trap::Freeze,
        leap: Leap::Any,
        norepeat: true,
        placed: 16,
        ..Rules::PISO
    };

    /// Schädler's 2001 reading: his 1994 rules, and no arriving between two enemies unless
    /// the move traps one. (The players may agree on 16 to 24 counters; the preset takes 16,
    /// `placed` the rest.)
    pub const SCHADLER_2001: Rules = Rules {
        nobetween: true,
        ..Rules::SCHADLER_1994
    };

    /// Locus Ludi's Seneca reading: Piso's twenty counters and corners, but trapped counters
    /// freeze, a counter leaps over its own and over frozen enemies, removing a frozen counter
    /// does not end the turn, and no position comes back.
    pub const SENECA: Rules = Rules {
        noback: false,
        trap: Trap::Freeze,
        leap: Leap::Own,
        norepeat: true,
        removal: Removal::Free,
        ..Rules::PISO
    };

    /// Edward Falkener's reading (1892), which the Ludii game database calls highly
    /// speculative: 30 counters each on a1's colour of a 12 x 12 board, stepping to any
    /// neighbouring square, leaping once over an enemy counter, trapping along diagonals too;
    /// the side that cannot move loses, and no position comes twice.
    pub const FALKENER: Rules = Rules {
        start: Start::Chequer,
        corner: false,
        noback: false,
        win: Win::Block,
        leap: Leap::Enemy,
        norepeat: true,
        board: Size::of(12, 12),
        diagonal: true,
        ..Rules::PISO
    };

    /// Kowalski's reading on 10 ranks of 11 squares, as the Ludii game database gives it: each
    /// side's back rank full, its dux in the middle of it (f1, f10), moves like a rook, custodial
    /// and corner capture, the dux never taken; the side that cannot move loses, and no
    /// position comes twice.
    pub const KOWALSKI_10X11: Rules = Rules {
        start: Start::Rank,
        movement: Movement::Rook,
        noback: false,
        win: Win::Block,
        norepeat: true,
        board: Size::of(11, 10),
        dux: Dux::Stands(Square::at(5, 0)),
        ..Rules::PISO
    };

    /// Kowalski's reading on 8 ranks of 12 squares: the same, each back rank full and the
    /// duxes in front of them (g2, f7).
    pub const KOWALSKI_8X12: Rules = Rules {
        board: Size::of(12, 8),
        dux: Dux::Stands(Square::at(6, 1)),
        ..Rules::KOWALSKI_10X11
    };

    /// R. C. Bell's reading (1979) on a board of `files` x `ranks`, as the Ludii game database
    /// gives it: 16 counters each placed two a turn anywhere, then the dux; steps; a counter is
    /// trapped against a corner square too, and the dux is taken like a counter; a capture
    /// earns the capturing counter another move; the dux may leap over an enemy; the side left
    /// with nothing loses, and after 30 moves without a capture the side with more wins.
    const fn bell(files: u8, ranks: u8) -> Rules {
        Rules {
            corner: false,
            noback: false,
            win: Win::All,
            leap: Leap::Dux,
            norepeat: true,
            placed: 16,
            board: Size::of(files, ranks),
            pairs: true,
            dux: Dux::Placed,
            hostile: true,
            again: true,
            quiet: 30,
            ..Rules::PISO
        }
    }

    /// The Ludii game database's "Kharebga rules" on a board of `files` x `ranks`: counters
    /// for all but two squares, placed two a turn with the centre kept empty, then moved like
    /// rooks; no corner capture, no position twice.
    const fn kharebga(files: u8, ranks: u8) -> Rules {
        Rules {
            movement: Movement::Rook,
            ..Rules::seega(files, ranks)
        }
    }

    /// The Ludii game database's "Seega rules" on a board of `files` x `ranks`: Kharebga's,
    /// but a counter steps one square.
    const fn seega(files: u8, ranks: u8) -> Rules {
        Rules {
            corner: false,
            noback: false,
            norepeat: true,
            placed: (files * ranks - 2) / 2,
            board: Size::of(files, ranks),
            pairs: true,
            centre: true,
            ..Rules::PISO
        }
    }

    /// One of the combinations of twenty switches, a bit each of `bits`: start by rows, move
    /// like a rook, corner capture, no moving back, win by taking all, trapped counters freeze,
    /// leap over any counter, no arriving between two enemies, a removal does not end the turn,
    /// two placements a turn, the centre kept empty while placing, the diagonals, the blocked
    /// side loses (over win by taking all), leap over enemies (over any counter: then over
    /// one's own), start on a1's colour (over by rows), a dux on d1 (and e8), hostile corners,
    /// another move after a capture (unless leaps go on), the dux placed last (over d1, when
    /// counters are placed), only the dux leaps (over the other leaps).
    /// Tests and fuzzing walk every rule set of the position with it; `norepeat`, a rule of the
    /// game's history, is off, and the board is 8 x 8.
    ///
    /// ```
    /// use ludi_core::latrunculi::Rules;
    /// assert_eq!(Rules::from_switches(0b01100).preset(), Some("piso"));
    /// assert_eq!(Rules::from_switches(0b10011).preset(), Some("quintana"));
    /// ```
    pub fn from_switches(bits: u32) -> Rules {
        Rules {
            start: match (bits & 1, bits & 16384) {
                (_, 16384) => Start::Chequer,
                (0, _) => Start::Place,
                _ => Start::Rows,
            },
            movement: if bits & 2 == 0 {
                Movement::Step
            } else {
                Movement::Rook
            },
            corner: bits & 4 != 0,
            noback: bits & 8 != 0,
            win: match (bits & 16, bits & 4096) {
                (_, 4096) => Win::Block,
                (0, _) => Win::Captures,
                _ => Win::All,
            },
            trap: if bits & 32 == 0 {
                Trap::Capture
            } else {
                Trap::Freeze
            },
            leap: match (bits & 64, bits & 8192, bits & 524_288) {
                (_, _, 524_288) => Leap::Dux,
                (0, 0, _) => Leap::Off,
                (_, 0, _) => Leap::Any,
                (0, _, _) => Leap::Enemy,
                _ => Leap::Own,
            },
            nobetween: bits & 128 != 0,
            norepeat: false,
            placed: 20,
            removal: if bits & 256 == 0 {
                Removal::Turn
            } else {
                Removal::Free
            },
            board: Size::EIGHT,
            pairs: bits & 512 != 0,
            centre: bits & 1024 != 0,
            diagonal: bits & 2048 != 0,
            dux: match (bits & 32768, bits & 262_144) {
                (_, 262_144) if bits & (1 | 16384) == 0 => Dux::Placed,
                (0, _) => Dux::Off,
                _ => Dux::Stands(Square::at(3, 0)),
            },
            hostile: bits & 65536 != 0,
            again: bits & 131_072 != 0 && (bits & 64 == 0 || bits & 524_288 != 0),
            quiet: QUIET_MOVES_LIMIT,
        }
    }

    /// The preset's id when these rules are a preset, else `None`.
    ///
    /// ```
    /// use ludi_core::latrunculi::Rules;
    /// assert_eq!(Rules::parse("start=rows,move=rook,corner=off,noback=off,win=all").unwrap().preset(), Some("quintana"));
    /// assert_eq!(Rules::parse("move=rook").unwrap().preset(), None);
    /// ```
    pub fn preset(&self) -> Option<&'static str> {
        PRESETS.iter().find(|p| p.rules == *self).map(|p| p.id)
    }

    /// Reads a preset's id (`piso`, `quintana`, `schadler-1994`, ... as [`PRESETS`] lists
    /// them) or `key=value` pairs separated by commas, with keys `start`, `move`, `corner`,
    /// `noback`, `win`, `trap`, `leap`, `nobetween`, `norepeat`, `placed`, `remove`, `board`,
    /// `perturn`, `centre`, `diagonal`, `dux`, `hostile`, `again`, `quiet`. Keys left out take
    /// Piso's value, but for `placed` on a board too small for twenty: the most that fit.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        if let Some(preset) = PRESETS.iter().find(|p| p.id == text) {
            return Ok(preset.rules);
        }
        if text.is_empty() {
            return Err(RulesError::new(format!(
                "empty rules: give a preset ({}) or key=value pairs",
                preset_ids()
            )));
        }
        let mut rules = Rules::PISO;
        let mut seen: Vec<&str> = Vec::new();
        for pair in text.split(',') {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                RulesError::new(format!(
                    "`{pair}` is neither a preset ({}) nor a key=value pair",
                    preset_ids()
                ))
            })?;
            if seen.contains(&key) {
                return Err(RulesError::new(format!("`{key}` is given twice")));
            }
            seen.push(key);
            let bad = || RulesError::new(format!("`{key}={value}`: {}", expected_values(key)));
            match key {
                "start" => {
                    rules.start = match value {
                        "place" => Start::Place,
                        "rows" => Start::Rows,
                        "chequer" => Start::Chequer,
                        "rank" => Start::Rank,
                        _ => return Err(bad()),
                    }
                }
                "move" => {
                    rules.movement = match value {
                        "step" => Movement::Step,
                        "rook" => Movement::Rook,
                        _ => return Err(bad()),
                    }
                }
                "corner" => rules.corner = on_off(value).ok_or_else(bad)?,
                "noback" => rules.noback = on_off(value).ok_or_else(bad)?,
                "win" => {
                    rules.win = match value {
                        "captures" => Win::Captures,
                        "all" => Win::All,
                        "block" => Win::Block,
                        _ => return Err(bad()),
                    }
                }
                "trap" => {
                    rules.trap = match value {
                        "capture" => Trap::Capture,
                        "freeze" => Trap::Freeze,
                        _ => return Err(bad()),
                    }
                }
                "leap" => {
                    rules.leap = match value {
                        "off" => Leap::Off,
                        "any" => Leap::Any,
                        "own" => Leap::Own,
                        "enemy" => Leap::Enemy,
                        "dux" => Leap::Dux,
                        _ => return Err(bad()),
                    }
                }
                "nobetween" => rules.nobetween = on_off(value).ok_or_else(bad)?,
                "norepeat" => rules.norepeat = on_off(value).ok_or_else(bad)?,
                "remove" => {
                    rules.removal = match value {
                        "turn" => Removal::Turn,
                        "free" => Removal::Free,
                        _ => return Err(bad()),
                    }
                }
                "placed" => {
                    rules.placed = parse_count(value)
                        .filter(|n| (2..=MOST_PLACED).contains(n))
                        .map_or_else(|| Err(bad()), |n| Ok(n as u8))?
                }
                "board" => rules.board = Size::parse(value).ok_or_else(bad)?,
                "perturn" => {
                    rules.pairs = match value {
                        "1" => false,
                        "2" => true,
                        _ => return Err(bad()),
                    }
                }
                "centre" => rules.centre = on_off(value).ok_or_else(bad)?,
                "diagonal" => rules.diagonal = on_off(value).ok_or_else(bad)?,
                "dux" => {
                    rules.dux = match value {
                        "off" => Dux::Off,
                        "place" => Dux::Placed,
                        _ => Dux::Stands(Square::parse(value).ok_or_else(bad)?),
                    }
                }
                "hostile" => rules.hostile = on_off(value).ok_or_else(bad)?,
                "again" => rules.again = on_off(value).ok_or_else(bad)?,
                "quiet" => {
                    rules.quiet = parse_count(value)
                        .filter(|n| (2..=999).contains(n))
                        .map_or_else(|| Err(bad()), |n| Ok(n as u16))?
                }
                _ => {
                    return Err(RulesError::new(format!(
                        "unknown rules key `{key}` (keys: start, move, corner, noback, win, trap, leap, nobetween, norepeat, placed, remove, board, perturn, centre, diagonal, dux, hostile, again, quiet)"
                    )))
                }
            }
        }
        if !seen.contains(&"placed") {
            rules.placed = rules.most_that_fit().min(rules.placed);
        }
        rules.check_room()?;
        Ok(rules)
    }

    /// The counters placed must leave an empty square, and the centre too under `centre=on`,
    /// so that placing can finish and a counter can then move.
    fn check_room(&self) -> Result<(), RulesError> {
        if self.again && self.leap.goes_on() {
            return Err(RulesError::clash(
                ["again", "leap"],
                "`again=on` cannot go with leaps that go on (`leap=any` or `own`)".into(),
            ));
        }
        if self.dux == Dux::Placed && self.start != Start::Place {
            return Err(RulesError::clash(
                ["dux", "start"],
                "`dux=place` needs `start=place`".into(),
            ));
        }
        if let Dux::Stands(square) = self.dux {
            let on = square.file() < self.board.files() && square.rank() < self.board.ranks();
            if !on || self.board.opposite(square) == square {
                return Err(RulesError::new(format!(
                    "`dux={square}`: the dux needs a square of the {} board other than its \
                     middle",
                    self.board
                )));
            }
        }
        let (squares, room) = self.room();
        let placed = 2 * usize::from(self.to_place());
        if self.start == Start::Place && placed > room {
            return Err(RulesError::new(format!(
                "{placed} counters do not fit on the {} board with {} square{} left empty",
                self.board,
                squares - room,
                if squares - room == 1 { "" } else { "s" }
            )));
        }
        Ok(())
    }

    /// The board's squares (less the standing duxes') and how many of them placing may fill:
    /// one stays empty to move into, and the centre too under `centre=on`.
    fn room(&self) -> (usize, usize) {
        let squares = self.board.squares() - 2 * usize::from(matches!(self.dux, Dux::Stands(_)));
        (squares, squares - 1 - usize::from(self.centre))
    }

    /// The most counters each side can place on this board, its dux included: what a text
    /// that leaves `placed` out gets on a board too small for Piso's twenty.
    fn most_that_fit(&self) -> u8 {
        let each = self.room().1 / 2 - usize::from(self.dux == Dux::Placed);
        u8::try_from(each).unwrap_or(u8::MAX)
    }
}

impl Rules {
    /// Counters each side places under `start=place`: `placed`, and its dux last when the dux
    /// is placed.
    pub fn to_place(&self) -> u16 {
        u16::from(self.placed) + u16::from(self.dux == Dux::Placed)
    }

    /// Whether corners take part in traps: a counter on a corner is taken by its two
    /// neighbours (`corner=on`), or a corner square traps with an enemy (`hostile=on`).
    pub fn corners_trap(&self) -> bool {
        self.corner || self.hostile
    }
}

/// The most counters a side may place: all but two squares of the largest board, halved.
const MOST_PLACED: usize = (MAX_FILES * MAX_RANKS - 2) / 2;

/// The presets' ids, for an error message.
fn preset_ids() -> String {
    PRESETS.map(|p| p.id).join(", ")
}

fn on_off(value: &str) -> Option<bool> {
    match value {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

fn expected_values(key: &str) -> &'static str {
    match key {
        "start" => "expected place, rows, chequer or rank",
        "dux" => "expected off, place or the square of white's dux, such as f1",
        "quiet" => "expected a number of moves from 2 to 999",
        "move" => "expected step or rook",
        "win" => "expected captures, all or block",
        "trap" => "expected capture or freeze",
        "leap" => "expected off, any, own, enemy or dux",
        "remove" => "expected turn or free",
        "placed" => "expected a number of counters from 2 to 111",
        "board" => "expected files x ranks, 6 to 14 files and 6 to 16 ranks, such as 7x8",
        "perturn" => "expected 1 or 2",
        _ => "expected on or off",
    }
}

impl fmt::Display for Rules {
    /// The canonical key=value form, accepted back by [`Rules::parse`]. `trap`, `leap`,
    /// `nobetween`, `norepeat`, `placed`, `remove`, `board`, `perturn`, `centre`, `diagonal`,
    /// `hostile`, `again` and `quiet` are written only when not `capture`, `off`, 20, `turn`,
    /// `8x8`, 1, `off`, `off`, `off`, `off` and 100, and `dux` only when there is one, so the
    /// rules written before they existed keep their text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let start = match self.start {
            Start::Place => "place",
            Start::Rows => "rows",
            Start::Chequer => "chequer",
            Start::Rank => "rank",
        };
        let movement = match self.movement {
            Movement::Step => "step",
            Movement::Rook => "rook",
        };
        let win = match self.win {
            Win::Captures => "captures",
            Win::All => "all",
            Win::Block => "block",
        };
        let on = |b: bool| if b { "on" } else { "off" };
        write!(
            f,
            "start={start},move={movement},corner={},noback={},win={win}",
            on(self.corner),
            on(self.noback)
        )?;
        if self.trap == Trap::Freeze {
            f.write_str(",trap=freeze")?;
        }
        match self.leap {
            Leap::Off => {}
            Leap::Any => f.write_str(",leap=any")?,
            Leap::Own => f.write_str(",leap=own")?,
            Leap::Enemy => f.write_str(",leap=enemy")?,
            Leap::Dux => f.write_str(",leap=dux")?,
        }
        if self.nobetween {
            f.write_str(",nobetween=on")?;
        }
        if self.norepeat {
            f.write_str(",norepeat=on")?;
        }
        if self.placed != 20 {
            write!(f, ",placed={}", self.placed)?;
        }
        if self.removal == Removal::Free {
            f.write_str(",remove=free")?;
        }
        if self.board != Size::EIGHT {
            write!(f, ",board={}", self.board)?;
        }
        if self.pairs {
            f.write_str(",perturn=2")?;
        }
        if self.centre {
            f.write_str(",centre=on")?;
        }
        if self.diagonal {
            f.write_str(",diagonal=on")?;
        }
        match self.dux {
            Dux::Off => {}
            Dux::Stands(square) => write!(f, ",dux={square}")?,
            Dux::Placed => f.write_str(",dux=place")?,
        }
        if self.hostile {
            f.write_str(",hostile=on")?;
        }
        if self.again {
            f.write_str(",again=on")?;
        }
        if self.quiet != QUIET_MOVES_LIMIT {
            write!(f, ",quiet={}", self.quiet)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_their_spelled_out_forms_agree() {
        for rules in [Rules::PISO, Rules::QUINTANA] {
            assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        }
        assert_eq!(Rules::parse("piso"), Ok(Rules::PISO));
        assert_eq!(Rules::parse("quintana"), Ok(Rules::QUINTANA));
        assert_eq!(
            Rules::parse("start=rows,move=rook,corner=off,noback=off,win=all"),
            Ok(Rules::QUINTANA)
        );
    }

    #[test]
    fn schadlers_presets_read_and_write_as_their_rules() {
        assert_eq!(Rules::parse("schadler-1994"), Ok(Rules::SCHADLER_1994));
        assert_eq!(Rules::SCHADLER_2001.preset(), Some("schadler-2001"));
        assert_eq!(
            Rules::SCHADLER_1994.to_string(),
            "start=place,move=step,corner=off,noback=off,win=captures,trap=freeze,leap=any,norepeat=on,placed=16"
        );
        for preset in PRESETS {
            assert_eq!(Rules::parse(preset.id), Ok(preset.rules));
            assert_eq!(Rules::parse(&preset.rules.to_string()), Ok(preset.rules));
            assert_eq!(preset.rules.preset(), Some(preset.id));
        }
        let start = crate::latrunculi::Position::start(&Rules::SCHADLER_1994);
        assert_eq!(start.to_string(), "8/8/8/8/8/8/8/8 w 16,16 0,0 0 -,-");
    }

    #[test]
    fn placed_left_out_is_twenty_or_the_most_that_fit() {
        let count = |text: &str| Rules::parse(text).map(|r| r.placed);
        assert_eq!(count("board=10x10"), Ok(20), "Piso's twenty where they fit");
        // 36 squares, one left empty: 17 each; with the centre also empty, still 17.
        assert_eq!(count("board=6x6"), Ok(17));
        assert_eq!(count("board=6x6,centre=on"), Ok(17));
        // 42 squares less the centre and one more: 20 each, as Kharebga's 6 x 7 preset has.
        assert_eq!(count("board=6x7,centre=on"), Ok(20));
        assert_eq!(count("board=6x6,dux=place"), Ok(16), "and the dux makes 17");
        let kharebga = "start=place,move=rook,corner=off,noback=off,win=captures,norepeat=on,\
                        board=6x6,perturn=2,centre=on";
        assert_eq!(
            Rules::parse(kharebga).map(|r| r.preset()),
            Ok(Some("kharebga-6x6"))
        );
        assert!(
            Rules::parse("board=6x6,placed=18").is_err(),
            "given, it is checked"
        );
    }

    #[test]
    fn board_perturn_and_centre_read_write_and_check_the_room() {
        let rules = Rules::parse("board=7x10,perturn=2,centre=on,placed=34").unwrap();
        assert_eq!((rules.board.files(), rules.board.ranks()), (7, 10));
        assert!(rules.pairs && rules.centre);
        assert_eq!(
            rules.to_string(),
            "start=place,move=step,corner=on,noback=on,win=captures,placed=34,board=7x10,perturn=2,centre=on"
        );
        assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        // 2 x 34 = 68 of 70 squares: the centre and one more stay empty; 35 each would not.
        let full = Rules::parse("board=7x10,centre=on,placed=35").unwrap_err();
        assert!(
            full.reason()
                .contains("70 counters do not fit on the 7x10 board"),
            "{full}"
        );
        assert!(
            Rules::parse("board=7x10,placed=35").is_err(),
            "a square stays empty to move into"
        );
        assert!(Rules::parse("placed=32").is_err());
        assert!(
            Rules::parse("start=rows,placed=40").is_ok(),
            "placing is not played"
        );
        for bad in [
            "board=5x8",
            "board=8x17",
            "board=15x8",
            "board=8",
            "board=8x8x8",
            "board=08x8",
            "perturn=3",
            "centre=yes",
        ] {
            let error = Rules::parse(bad).unwrap_err();
            assert!(
                error.reason().starts_with(&format!("`{bad}`: expected")),
                "{bad}: {error}"
            );
        }
    }

    #[test]
    fn kharebga_and_seega_fill_all_but_two_squares_placing_two_a_turn() {
        let sizes = [
            "6x6", "6x7", "6x8", "7x8", "8x8", "8x9", "9x10", "10x10", "11x12", "11x16",
        ];
        for size in sizes {
            let seega = Rules::parse(&format!("seega-{size}")).unwrap();
            let kharebga = Rules::parse(&format!("kharebga-{size}")).unwrap();
            assert_eq!(seega.board.to_string(), size);
            assert_eq!(usize::from(seega.placed) * 2 + 2, seega.board.squares());
            assert!(seega.pairs && seega.centre && seega.norepeat && !seega.corner);
            assert_eq!(seega.movement, Movement::Step);
            assert_eq!(
                kharebga,
                Rules {
                    movement: Movement::Rook,
                    ..seega
                }
            );
        }
    }

    #[test]
    fn only_the_presets_have_a_preset_name() {
        assert_eq!(Rules::PISO.preset(), Some("piso"));
        assert_eq!(Rules::QUINTANA.preset(), Some("quintana"));
        let mixed = Rules {
            corner: false,
            ..Rules::PISO
        };
        assert_eq!(mixed.preset(), None);
    }

    #[test]
    fn trap_is_written_only_when_counters_freeze() {
        assert!(!Rules::PISO.to_string().contains("trap"));
        assert_eq!(Rules::parse("trap=capture"), Ok(Rules::PISO));
        let freeze = Rules::parse("trap=freeze").unwrap();
        assert_eq!(
            freeze,
            Rules {
                trap: Trap::Freeze,
                ..Rules::PISO
            }
        );
        assert!(freeze.to_string().ends_with(",trap=freeze"));
        assert_eq!(Rules::parse(&freeze.to_string()), Ok(freeze));
        assert_eq!(freeze.preset(), None);
    }

    #[test]
    fn leap_is_written_only_when_counters_leap() {
        assert_eq!(Rules::parse("leap=off"), Ok(Rules::PISO));
        for (text, leap) in [("leap=any", Leap::Any), ("leap=own", Leap::Own)] {
            let rules = Rules::parse(text).unwrap();
            assert_eq!(
                rules,
                Rules {
                    leap,
                    ..Rules::PISO
                }
            );
            assert!(rules.to_string().ends_with(text), "{rules}");
            assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        }
        let both = Rules::parse("leap=any,trap=freeze").unwrap();
        assert!(
            both.to_string().ends_with(",trap=freeze,leap=any"),
            "{both}"
        );
    }

    #[test]
    fn nobetween_is_written_only_when_on() {
        assert_eq!(Rules::parse("nobetween=off"), Ok(Rules::PISO));
        let rules = Rules::parse("nobetween=on,leap=own,trap=freeze").unwrap();
        assert!(rules.nobetween);
        assert_eq!(
            rules.to_string(),
            "start=place,move=step,corner=on,noback=on,win=captures,trap=freeze,leap=own,nobetween=on"
        );
        assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        assert!(Rules::parse("nobetween=yes").is_err());
        assert!(Rules::from_switches(128).nobetween && !Rules::from_switches(127).nobetween);
        let sixteen = Rules::parse("placed=16").unwrap();
        assert_eq!(
            (sixteen.placed, sixteen.to_string().ends_with(",placed=16")),
            (16, true)
        );
        assert_eq!(Rules::parse("placed=20"), Ok(Rules::PISO));
        for bad in ["placed=1", "placed=33", "placed=016", "placed=x", "placed="] {
            assert!(Rules::parse(bad).is_err(), "{bad}");
        }
        let free = Rules::parse("trap=freeze,remove=free").unwrap();
        assert_eq!(free.removal, Removal::Free);
        assert!(free.to_string().ends_with(",trap=freeze,remove=free"));
        assert_eq!(Rules::parse("remove=turn"), Ok(Rules::PISO));
        assert!(Rules::parse("remove=later").is_err());
        assert_eq!(Rules::from_switches(256).removal, Removal::Free);
        assert_eq!(Rules::from_switches(255).removal, Removal::Turn);
        let norepeat = Rules::parse("norepeat=on").unwrap();
        assert!(norepeat.norepeat && norepeat.to_string().ends_with(",norepeat=on"));
        assert_eq!(Rules::parse(&norepeat.to_string()), Ok(norepeat));
    }

    #[test]
    fn every_preset_names_its_source() {
        for preset in PRESETS {
            assert!(!preset.source().is_empty(), "{}", preset.id);
        }
        let seega = PRESETS.iter().find(|p| p.id == "seega-6x7").unwrap();
        assert_eq!(
            seega.source(),
            "the Ludii game database: Seega's rules on the 6 x 7 board"
        );
        assert!(PRESETS[0].source().contains("Laus Pisonis"));
    }

    #[test]
    fn falkeners_rules_read_and_write_as_their_keys() {
        let falkener = Rules::parse("falkener").unwrap();
        assert_eq!(falkener, Rules::FALKENER);
        assert_eq!(
            falkener.to_string(),
            "start=chequer,move=step,corner=off,noback=off,win=block,leap=enemy,norepeat=on,\
             board=12x12,diagonal=on"
        );
        assert_eq!(Rules::parse(&falkener.to_string()), Ok(falkener));
        assert_eq!(falkener.preset(), Some("falkener"));
        let each = Rules::parse("diagonal=on,leap=enemy,win=block,start=chequer").unwrap();
        assert!(each.diagonal);
        assert_eq!(
            (each.leap, each.win, each.start),
            (Leap::Enemy, Win::Block, Start::Chequer)
        );
        assert_eq!(Rules::parse("diagonal=off"), Ok(Rules::PISO));
        assert!(!Leap::Enemy.goes_on() && Leap::Any.goes_on() && Leap::Own.goes_on());
        // The switches reach each new value.
        assert!(Rules::from_switches(2048).diagonal);
        assert_eq!(Rules::from_switches(4096 | 16).win, Win::Block);
        assert_eq!(Rules::from_switches(8192).leap, Leap::Enemy);
        assert_eq!(Rules::from_switches(8192 | 64).leap, Leap::Own);
        assert_eq!(Rules::from_switches(16384 | 1).start, Start::Chequer);
    }

    #[test]
    fn kowalskis_rules_and_the_dux_key() {
        let rules = Rules::parse("kowalski-10x11").unwrap();
        assert_eq!(
            rules.to_string(),
            "start=rank,move=rook,corner=on,noback=off,win=block,norepeat=on,board=11x10,dux=f1"
        );
        assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        assert_eq!(rules.preset(), Some("kowalski-10x11"));
        assert_eq!(
            Rules::parse("kowalski-8x12").unwrap().dux,
            Dux::Stands(Square::at(6, 1))
        );
        assert_eq!(Rules::parse("dux=off"), Ok(Rules::PISO));
        for (bad, needle) in [
            ("dux=z9", "expected off, place or the square"),
            ("dux=i1", "other than its middle"),
            ("board=7x7,dux=d4", "other than its middle"),
        ] {
            let err = Rules::parse(bad).unwrap_err().to_string();
            assert!(err.contains(needle), "{bad}: {err}");
        }
        assert!(Rules::parse("board=7x7,dux=d3").is_ok());
        assert_eq!(
            Rules::from_switches(32768).dux,
            Dux::Stands(Square::at(3, 0))
        );
        assert_eq!(Rules::from_switches(32767).dux, Dux::Off);
    }

    #[test]
    fn bells_rules_read_and_write_as_their_keys() {
        let rules = Rules::parse("bell-8x7").unwrap();
        assert_eq!(
            rules.to_string(),
            "start=place,move=step,corner=off,noback=off,win=all,leap=dux,norepeat=on,placed=16,\
             board=8x7,perturn=2,dux=place,hostile=on,again=on,quiet=30"
        );
        assert_eq!(Rules::parse(&rules.to_string()), Ok(rules));
        assert_eq!((rules.board.files(), rules.board.ranks()), (8, 7));
        assert_eq!(rules.to_place(), 17, "16 counters, then the dux");
        assert_eq!(Rules::parse("bell-8x8").unwrap().board, Size::EIGHT);
        assert_eq!(Rules::PISO.to_place(), 20);
        for (bad, needle) in [
            ("quiet=1", "from 2 to 999"),
            ("quiet=many", "from 2 to 999"),
            ("hostile=yes", "on or off"),
            ("again=yes", "on or off"),
            ("again=on,leap=any", "cannot go with leaps that go on"),
            ("again=on,leap=own", "cannot go with leaps that go on"),
            ("start=rows,dux=place", "needs `start=place`"),
            ("board=6x6,placed=17,dux=place", "do not fit"),
        ] {
            let err = Rules::parse(bad).unwrap_err().to_string();
            assert!(err.contains(needle), "{bad}: {err}");
        }
        assert!(Rules::parse("again=on,leap=enemy,quiet=2,hostile=on").is_ok());
        for (clash, keys) in [
            ("again=on,leap=any", ["again", "leap"]),
            ("start=rows,dux=place", ["dux", "start"]),
        ] {
            assert_eq!(Rules::parse(clash).unwrap_err().clashing(), Some(keys));
        }
        assert_eq!(Rules::parse("leap=many").unwrap_err().clashing(), None);
        assert_eq!(
            Rules::parse("board=6x6,placed=18").unwrap_err().clashing(),
            None
        );
        let all = Rules::from_switches(0b1111_1011_1111_1111_1110);
        assert_eq!(
            (all.dux, all.leap, all.hostile),
            (Dux::Placed, Leap::Dux, true)
        );
        assert!(
            all.again,
            "only the dux leaps, once: another move may follow a capture"
        );
        assert!(
            !Rules::from_switches(131_072 | 64).again,
            "not with leaps that go on"
        );
    }

    #[test]
    fn omitted_keys_take_piso_values() {
        let rules = Rules::parse("move=rook").unwrap();
        assert_eq!(
            rules,
            Rules {
                movement: Movement::Rook,
                ..Rules::PISO
            }
        );
    }

    #[test]
    fn bad_rules_are_named_in_the_error() {
        for (text, needle) in [
            ("", "empty"),
            ("chess", "`chess`"),
            ("move=jump", "`move=jump`"),
            ("corner=yes", "on or off"),
            ("colour=red", "unknown rules key `colour`"),
            ("win=all,win=captures", "twice"),
            ("trap=ice", "capture or freeze"),
            ("leap=far", "off, any, own, enemy or dux"),
            ("win=most", "captures, all or block"),
            ("start=circle", "place, rows, chequer or rank"),
            ("diagonal=yes", "on or off"),
            ("start=rows,", "``"),
        ] {
            let err = Rules::parse(text).unwrap_err().to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }
}
