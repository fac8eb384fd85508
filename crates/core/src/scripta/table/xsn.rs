//! XSN for any rules: `[<rules> ]<turn> <albi> <nigri>[ <dice>]`. The rules field is left out
//! for Austin and Murray's rules and is otherwise the preset id or the canonical key=value
//! text. Marks are numbered along each side's own track; a counter hit to the middle row that
//! must move first is marked `!` after its mark (`2!`, `2x3!`).

use super::{Table, CELLS};
use crate::scripta::position::{cell_of, Dice, Side};
use crate::scripta::ruleset::Rules;
use crate::scripta::xsn::{parse_dice, parse_side, XsnError};
use std::fmt::{self, Write};
use std::str::FromStr;

impl FromStr for Table {
    type Err = XsnError;

    /// ```
    /// use ludi_core::scripta::{Rules, Table};
    /// let t: Table = "italian A w15s0o0: w15s0o0: 356".parse().unwrap();
    /// assert_eq!(*t.rules(), Rules::ITALIAN);
    /// assert_eq!(t.to_string(), "italian A w15s0o0: w15s0o0: 356");
    /// let plain: Table = "A w15s0o0: w15s0o0:".parse().unwrap();
    /// assert!(plain.rules().is_default());
    /// ```
    fn from_str(text: &str) -> Result<Table, XsnError> {
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        let rules = match fields.first() {
            Some(&first) if first != "A" && first != "N" && fields.len() >= 4 => {
                fields.remove(0);
                Rules::parse(first).map_err(|e| XsnError::new("rules", e.reason().to_string()))?
            }
            _ => Rules::default(),
        };
        if !(3..=4).contains(&fields.len()) {
            return Err(XsnError::new(
                "position",
                format!(
                    "expected `[<rules> ]<turn> <albi> <nigri>[ <dice>]`, found {} field(s) in `{}`",
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
        let mut table = Table::start(rules, turn);
        table.cells = [0; CELLS];
        for side in Side::BOTH {
            let part = side.name();
            let raw = fields[1 + side.index()];
            let mut first = 0u8;
            let (head, list) = raw.split_once(':').unwrap_or((raw, ""));
            let mut plain = Vec::new();
            for item in list.split(',').filter(|i| !i.is_empty()) {
                match item.strip_suffix('!') {
                    Some(item) => {
                        let mark: u8 = item
                            .split('x')
                            .next()
                            .and_then(|m| m.parse().ok())
                            .unwrap_or(0);
                        if rules.hit != crate::scripta::Hit::Middle
                            || !(1..=rules.private_marks()).contains(&mark)
                        {
                            return Err(XsnError::new(
                                part,
                                format!("`{item}!`: only a counter hit to the own half of the middle row moves first"),
                            ));
                        }
                        first |= 1 << mark;
                        plain.push(item);
                    }
                    None => plain.push(item),
                }
            }
            let joined = format!("{head}:{}", plain.join(","));
            let text = if raw.contains(':') {
                joined
            } else {
                raw.to_string()
            };
            let (tray, marks) = parse_side(&text, part)?;
            table.trays[side.index()] = tray;
            table.first[side.index()] = first;
            for (mark, n) in marks {
                if mark > rules.marks() {
                    return Err(XsnError::new(
                        part,
                        format!(
                            "mark {mark}: these rules' track has marks 1-{}",
                            rules.marks()
                        ),
                    ));
                }
                let cell = table.place(side, mark);
                if table.cells[cell] != 0 {
                    return Err(XsnError::new(
                        part,
                        format!("mark {mark} is already held by albi"),
                    ));
                }
                table.cells[cell] = cell_of(side, n);
            }
            let total = u32::from(table.counters(side));
            if total != u32::from(rules.counters) {
                return Err(XsnError::new(
                    part,
                    format!("has {total} counters in all, not {}", rules.counters),
                ));
            }
        }
        if Side::BOTH
            .iter()
            .all(|s| table.trays[s.index()].borne_off == rules.counters)
        {
            return Err(XsnError::new(
                "position",
                "both sides have borne off all their counters",
            ));
        }
        if let Some(dice) = fields.get(3) {
            let dice = parse_dice(dice)?;
            if dice.len() > usize::from(rules.dice) {
                return Err(XsnError::new(
                    "dice",
                    format!("{} dice, but these rules throw {}", dice.len(), rules.dice),
                ));
            }
            table.dice = dice;
        }
        Ok(table)
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.rules.is_default() {
            write!(f, "{} ", self.rules.name())?;
        }
        f.write_char(self.turn.letter())?;
        for side in Side::BOTH {
            let t = self.trays[side.index()];
            write!(f, " w{}s{}o{}:", t.waiting, t.sent_home, t.borne_off)?;
            let mut sep = "";
            for m in 1..=self.rules.marks() {
                let n = crate::scripta::position::count_of(self.cells[self.place(side, m)], side);
                if n == 0 {
                    continue;
                }
                f.write_str(sep)?;
                sep = ",";
                write!(f, "{m}")?;
                if n > 1 {
                    write!(f, "x{n}")?;
                }
                if m < 8 && self.first[side.index()] & (1 << m) != 0 {
                    f.write_char('!')?;
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

impl Table {
    /// The same table without dice (what an outcome leaves for the other side).
    pub fn without_dice(&self) -> Table {
        self.with_dice(Dice::NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scripta::PRESETS;

    #[test]
    fn austin_and_murray_positions_read_alike_with_or_without_the_rules_field() {
        for text in ["A w7s1o0:1x2,5,31x4 w13s0o0:4x2 235", "N w15s0o0: w15s0o0:"] {
            let table: Table = text.parse().unwrap();
            assert!(table.rules().is_default());
            assert_eq!(table.to_string(), text);
            let named: Table = format!("austin-murray {text}").parse().unwrap();
            assert_eq!(named, table);
        }
        let unsorted: Table = "A w7s1o0:31x4,5x1,1x2 w13s0o0:4x2 235".parse().unwrap();
        assert_eq!(unsorted.to_string(), "A w7s1o0:1x2,5,31x4 w13s0o0:4x2 235");
        assert!("N w15s0o0: w15s0o0:"
            .parse::<Table>()
            .unwrap()
            .dice()
            .is_empty());
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
            let err = text.parse::<Table>().expect_err(text);
            assert_eq!(err.part, part, "{text}: {err}");
        }
    }

    #[test]
    fn the_rules_field_names_a_preset_or_a_custom_text() {
        for id in PRESETS.iter().skip(1) {
            let start = Table::start(Rules::parse(id).unwrap(), Side::Albi);
            let text = start.to_string();
            assert!(text.starts_with(&format!("{id} A ")), "{text}");
            assert_eq!(text.parse::<Table>(), Ok(start));
        }
        let custom = Rules::parse("track=split,sum=on").unwrap();
        let table = Table::start(custom, Side::Nigri);
        let text = table.to_string();
        assert!(
            text.starts_with("counters=15,dice=3,track=split,"),
            "{text}"
        );
        assert_eq!(text.parse::<Table>(), Ok(table));
    }

    #[test]
    fn private_marks_belong_to_their_side_and_shared_ones_clash() {
        let t: Table = "italian A w13s0o0:3x2 w13s0o0:3x2".parse().unwrap();
        assert_eq!(t.to_string(), "italian A w13s0o0:3x2 w13s0o0:3x2");
        let clash = "italian A w13s0o0:9x2 w13s0o0:9x2".parse::<Table>();
        assert_eq!(clash.unwrap_err().part, "nigri");
        let beyond = "italian A w14s0o0:31 w15s0o0:".parse::<Table>();
        assert!(beyond.unwrap_err().message.contains("1-30"));
    }

    #[test]
    fn a_hit_counter_that_moves_first_is_marked() {
        let text = "russian N w0s0o10:20x2 w0s0o8:1x2,2!,5";
        let t: Table = text.parse().unwrap();
        assert_eq!(t.must_move_first(Side::Nigri), 1 << 2);
        assert_eq!(t.to_string(), text);
        let italian = "italian A w13s0o0:3x2 w12s0o0:3x2,4!".parse::<Table>();
        assert_eq!(italian.unwrap_err().part, "nigri");
    }

    #[test]
    fn bad_parts_are_named() {
        for (text, part) in [
            ("chess A w15s0o0: w15s0o0:", "rules"),
            ("italian-6 A w6s0o0: w6s0o0: 123", "dice"),
            ("italian A w14s0o0: w15s0o0:", "albi"),
            ("italian X w15s0o0: w15s0o0:", "turn"),
        ] {
            assert_eq!(text.parse::<Table>().unwrap_err().part, part, "{text}");
        }
    }
}
