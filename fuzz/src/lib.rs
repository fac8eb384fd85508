//! What the fuzz targets share: the invariants every position must keep, checked after each
//! parse or play, and the building of valid notations from fuzz bytes so that the game
//! targets start from positions far beyond the standard start.

use ludi_core::{latrunculi, scripta};

/// XII Scripta: the rules' number of counters a side, counted waiting, sent home, on the
/// board and off.
pub fn scripta_counters(table: &scripta::Table) {
    let rules = table.rules();
    for side in scripta::Side::BOTH {
        let tray = table.tray(side);
        let on_board: u32 = (1..=rules.marks())
            .filter_map(scripta::Mark::new)
            .map(|m| u32::from(table.count(side, m)))
            .sum();
        let total = u32::from(tray.waiting)
            + u32::from(tray.sent_home)
            + u32::from(tray.borne_off)
            + on_board;
        assert_eq!(
            total,
            u32::from(rules.counters),
            "{side} has {total} counters in {table}"
        );
        assert_eq!(table.counters(side), rules.counters, "{table}");
    }
}

/// XII Scripta: the canonical XSN reads back as the same table and writes the same text.
pub fn scripta_xsn_round_trip(table: &scripta::Table) {
    let text = table.to_string();
    let back: scripta::Table = text
        .parse()
        .unwrap_or_else(|e| panic!("canonical XSN `{text}` does not read back: {e}"));
    assert_eq!(&back, table, "`{text}` reads back as another position");
    assert_eq!(back.to_string(), text);
}

/// The marks and counters of Austin and Murray's board.
const MARKS: u8 = 36;
const COUNTERS: u8 = 15;

/// An XSN position under Austin and Murray's rules built from fuzz bytes. For each side the first byte says how many
/// counters are borne off (any number, so that games near their end come up often), the
/// second how many are sent home (up to three), and each further byte where one of the rest
/// stands: waiting or on a mark (a mark the other side holds sends it to wait instead). Then
/// up to three dice. Always valid XSN unless both sides are borne off.
pub fn scripta_xsn_from(turn: bool, albi: &[u8], nigri: &[u8], dice: &[u8]) -> String {
    let byte = |bytes: &[u8], i: usize| bytes.get(i).copied().unwrap_or(0);
    let mut board = [0i8; MARKS as usize + 1];
    let mut trays = [[0u8; 3]; 2];
    for (side, bytes) in [albi, nigri].into_iter().enumerate() {
        let sign = if side == 0 { 1 } else { -1 };
        let off = byte(bytes, 0) % (COUNTERS + 1);
        let sent = (byte(bytes, 1) % 4).min(COUNTERS - off);
        trays[side] = [0, sent, off];
        for i in 0..usize::from(COUNTERS - off - sent) {
            let mark = usize::from(byte(bytes, 2 + i) % (MARKS + 1));
            if mark > 0 && board[mark] * sign >= 0 {
                board[mark] += sign;
            } else {
                trays[side][0] += 1;
            }
        }
    }
    let mut text = String::from(if turn { "A" } else { "N" });
    for (side, tray) in trays.iter().enumerate() {
        let sign = if side == 0 { 1 } else { -1 };
        let marks: Vec<String> = (1..=MARKS as usize)
            .filter(|&m| board[m] * sign > 0)
            .map(|m| format!("{m}x{}", board[m] * sign))
            .collect();
        text += &format!(" w{}s{}o{}:{}", tray[0], tray[1], tray[2], marks.join(","));
    }
    if !dice.is_empty() {
        text.push(' ');
        for d in dice.iter().take(3) {
            text.push(char::from(b'1' + d % 6));
        }
    }
    text
}

/// Latrunculi: each side's counters on the board, still to place and taken by the other
/// side, which no placement, move or capture changes.
pub fn latrunculi_totals(position: &latrunculi::Position) -> [u32; 2] {
    latrunculi::Side::BOTH.map(|side| {
        u32::from(position.counters(side))
            + u32::from(position.to_place(side))
            + u32::from(position.captured_by(side.other()))
    })
}

/// Latrunculi: the counters the position counts are the ones on its board.
pub fn latrunculi_board_counts(position: &latrunculi::Position) {
    let board = position.board();
    for side in latrunculi::Side::BOTH {
        let on_board = board
            .squares()
            .filter(|&s| board.get(s).owner() == Some(side))
            .count();
        assert_eq!(
            on_board,
            usize::from(position.counters(side)),
            "{} counters in {position}",
            side.name()
        );
    }
}

/// Latrunculi: the canonical LFEN reads back as the same position and writes the same text.
pub fn lfen_round_trip(position: &latrunculi::Position) {
    let text = position.to_string();
    let back: latrunculi::Position = text
        .parse()
        .unwrap_or_else(|e| panic!("canonical LFEN `{text}` does not read back: {e}"));
    assert_eq!(&back, position, "`{text}` reads back as another position");
    assert_eq!(back.to_string(), text);
}

/// Latrunculi rules from fuzz bits, one switch each (`Rules::from_switches`).
pub fn latrunculi_rules(bits: u32) -> latrunculi::Rules {
    latrunculi::Rules::from_switches(bits)
}

/// An LFEN position built from fuzz bytes: a board of 6 to 14 a side, each square empty,
/// white or black, frozen or not, the side to move, counters to place and captured, the
/// clock. It may still be refused (counters to place with no room for them, or none for the
/// side to move).
pub fn lfen_from(width: u8, height: u8, cells: &[u8], turn: bool, numbers: [u8; 5]) -> String {
    let width = 6 + usize::from(width % 9);
    let height = 6 + usize::from(height % 9);
    let mut ranks = Vec::new();
    for rank in 0..height {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..width {
            let byte = cells.get(rank * width + file).copied().unwrap_or(0);
            let letter = match byte % 7 {
                3 => 'W',
                4 => 'B',
                5 => 'w',
                6 => 'b',
                _ => {
                    empty += 1;
                    continue;
                }
            };
            if empty > 0 {
                text += &empty.to_string();
                empty = 0;
            }
            text.push(letter);
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        ranks.push(text);
    }
    let [pw, pb, cw, cb, clock] = numbers;
    format!(
        "{} {} {},{} {},{} {} -,-",
        ranks.join("/"),
        if turn { "w" } else { "b" },
        pw % 24,
        pb % 24,
        cw,
        cb,
        clock % 110
    )
}
