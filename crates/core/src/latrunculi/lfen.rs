//! LFEN, the position notation: `<board> <turn> <to place> <captured> <clock> <last moves>`,
//! for example `BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-`, and part-way
//! through a leaping turn a seventh field, `<leap>`: where the leaping counter stands, then
//! the squares it has stood on this turn in board order (`f6,d4,d6`); or the square alone of
//! a counter that has just captured and may move again (`again=on`).

use super::board::Squares;
use super::board::{parse_count, Board, Cell, Dir, Side, Square, MAX_FILES, MAX_RANKS, MIN_SIDE};
use super::moves::Move;
use super::position::{Leaping, Position};
use std::fmt;
use std::str::FromStr;

/// The part of an LFEN string that an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The string as a whole (number of fields).
    Layout,
    Board,
    Turn,
    ToPlace,
    Captured,
    Clock,
    LastMoves,
    Leap,
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Layout => "LFEN",
            Field::Board => "board",
            Field::Turn => "turn",
            Field::ToPlace => "to place",
            Field::Captured => "captured",
            Field::Clock => "clock",
            Field::LastMoves => "last moves",
            Field::Leap => "leap",
        }
    }
}

/// Why a string is not a valid LFEN position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LfenError {
    pub field: Field,
    pub message: String,
}

impl LfenError {
    fn new(field: Field, message: impl Into<String>) -> LfenError {
        LfenError {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for LfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field.name(), self.message)
    }
}

impl std::error::Error for LfenError {}

/// Longest text echoed back in an error message.
const ECHO: usize = 40;

fn echo(text: &str) -> String {
    match text.char_indices().nth(ECHO) {
        Some((cut, _)) => format!("`{}...`", &text[..cut]),
        None => format!("`{text}`"),
    }
}

impl FromStr for Position {
    type Err = LfenError;

    /// Reads LFEN. Fields are separated by single spaces; surrounding spaces are ignored.
    fn from_str(text: &str) -> Result<Position, LfenError> {
        let fields: Vec<&str> = text.trim().split(' ').collect();
        if !(6..=7).contains(&fields.len()) || fields.contains(&"") {
            return Err(LfenError::new(
                Field::Layout,
                format!(
                    "expected 6 fields separated by single spaces (board turn to-place captured clock last-moves), and a 7th part-way through a leap, found {}",
                    fields.len()
                ),
            ));
        }
        let board = parse_board(fields[0])?;
        let turn = match fields[1] {
            "w" => Side::White,
            "b" => Side::Black,
            other => {
                return Err(LfenError::new(
                    Field::Turn,
                    format!("expected w or b, found {}", echo(other)),
                ))
            }
        };
        let to_place = parse_pair(fields[2], Field::ToPlace)?;
        let captured = parse_pair(fields[3], Field::Captured)?;
        let clock = parse_count(fields[4]).ok_or_else(|| {
            LfenError::new(
                Field::Clock,
                format!("expected a count, found {}", echo(fields[4])),
            )
        })?;
        let last = parse_last_moves(fields[5], &board)?;
        check_placing(&board, turn, to_place)?;
        let leap = match fields.get(6) {
            Some(text) => Some(parse_leap(text, &board, turn, to_place)?),
            None => None,
        };
        let mut position =
            Position::from_parts(board, turn, to_place, captured, clock as u32, last);
        position.leap = leap;
        Ok(position)
    }
}

/// `f6,d4,d6`: the leaping counter's square (one of the side to move's, unfrozen), then the
/// other squares it has stood on this turn, empty now; or `f6` alone, a counter that has just
/// captured under `again=on`; only once placing is over.
fn parse_leap(
    text: &str,
    board: &Board,
    turn: Side,
    to_place: [u16; 2],
) -> Result<Leaping, LfenError> {
    let mut squares = text
        .split(',')
        .map(|name| Square::parse(name).filter(|&square| board.contains(square)));
    let at = squares.next().flatten();
    let mut visited = Squares::default();
    let mut fine = to_place == [0, 0] && at.is_some_and(|at| board.get(at).is_free(turn));
    for square in squares {
        match square {
            Some(square) if !visited.contains(square) && board.get(square) == Cell::Empty => {
                visited.insert(square);
            }
            _ => fine = false,
        }
    }
    match at {
        Some(at) if fine => {
            visited.insert(at);
            Ok(Leaping { at, visited })
        }
        _ => Err(LfenError::new(
            Field::Leap,
            format!(
                "{}: expected the square of the side to move's leaping counter (not frozen), \
                 then the empty squares it has stood on this turn, each once, after placing",
                echo(text)
            ),
        )),
    }
}

fn parse_board(text: &str) -> Result<Board, LfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    let height = ranks.len();
    if !(MIN_SIDE..=MAX_RANKS).contains(&height) {
        return Err(LfenError::new(
            Field::Board,
            format!("{height} ranks; a board has {MIN_SIDE} to {MAX_RANKS}"),
        ));
    }
    let mut rows = Vec::with_capacity(height);
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = height - i;
        let row = parse_rank(rank_text).map_err(|why| {
            LfenError::new(
                Field::Board,
                format!("rank {rank} ({}): {why}", echo(rank_text)),
            )
        })?;
        rows.push(row);
    }
    let width = rows[0].len();
    if !(MIN_SIDE..=MAX_FILES).contains(&width) {
        return Err(LfenError::new(
            Field::Board,
            format!(
                "rank {height} has {width} squares; a board has {MIN_SIDE} to {MAX_FILES} files"
            ),
        ));
    }
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != width) {
        return Err(LfenError::new(
            Field::Board,
            format!(
                "rank {} has {} squares but rank {height} has {width}",
                height - i,
                row.len()
            ),
        ));
    }
    let mut board = Board::empty(width, height);
    for (i, row) in rows.iter().enumerate() {
        for (file, cell) in row.iter().enumerate() {
            board.set(Square::at(file, height - 1 - i), *cell);
        }
    }
    Ok(board)
}

/// One rank: `W`, `B` and runs of empty squares as numbers. Stops early once too wide.
fn parse_rank(text: &str) -> Result<Vec<Cell>, String> {
    let mut cells = Vec::new();
    let mut rest = text;
    if text.is_empty() {
        return Err("empty rank".into());
    }
    while let Some(c) = rest.chars().next() {
        if cells.len() > MAX_FILES {
            return Err(format!("more than {MAX_FILES} squares"));
        }
        match c {
            '1'..='9' => {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let run = parse_count(&rest[..digits])
                    .filter(|&n| n <= MAX_FILES)
                    .ok_or_else(|| format!("bad run of empty squares `{}`", &rest[..digits]))?;
                cells.extend(std::iter::repeat_n(Cell::Empty, run));
                rest = &rest[digits..];
                if rest.starts_with(|c: char| c.is_ascii_digit()) {
                    return Err("two runs of empty squares in a row".into());
                }
                continue;
            }
            '0' => return Err("a run of empty squares cannot be 0".into()),
            other => cells.push(Cell::from_letter(other).ok_or_else(|| {
                format!("unexpected `{other}` (expected W, B, w, b, X, Y or a number)")
            })?),
        }
        rest = &rest[c.len_utf8()..];
    }
    Ok(cells)
}

fn parse_pair(text: &str, field: Field) -> Result<[u16; 2], LfenError> {
    let bad = || {
        LfenError::new(
            field,
            format!("expected <white>,<black> counts, found {}", echo(text)),
        )
    };
    let (white, black) = text.split_once(',').ok_or_else(bad)?;
    // Counters to place fit on the board; a side may capture that many more than it has
    // already, since each capture takes a counter that stood there or was still to place.
    let most = match field {
        Field::Captured => 2 * MAX_FILES * MAX_RANKS,
        _ => MAX_FILES * MAX_RANKS,
    };
    let count = |t: &str| {
        parse_count(t)
            .and_then(|n| u16::try_from(n).ok())
            .filter(|&n| usize::from(n) <= most)
            .ok_or_else(bad)
    };
    Ok([count(white)?, count(black)?])
}

fn parse_last_moves(text: &str, board: &Board) -> Result<[Option<Move>; 2], LfenError> {
    let (white, black) = text.split_once(',').ok_or_else(|| {
        LfenError::new(
            Field::LastMoves,
            format!(
                "expected <white's last move>,<black's last move>, found {}",
                echo(text)
            ),
        )
    })?;
    Ok([
        parse_last_move(white, board, Side::White)?,
        parse_last_move(black, board, Side::Black)?,
    ])
}

/// `-` or a move along a rank or file between two squares of the board.
fn parse_last_move(text: &str, board: &Board, side: Side) -> Result<Option<Move>, LfenError> {
    if text == "-" {
        return Ok(None);
    }
    let bad = |why: &str| {
        LfenError::new(
            Field::LastMoves,
            format!("{}'s last move {}: {why}", side.name(), echo(text)),
        )
    };
    let mv = Move::parse(text).ok_or_else(|| bad("expected a move like e5-e4, or -"))?;
    let Some(from) = mv.from() else {
        return Err(bad(
            "placements and removals are not remembered; expected a move like e5-e4, or -",
        ));
    };
    let to = mv.to();
    if !board.contains(from) || !board.contains(to) {
        return Err(bad("a square is off the board"));
    }
    if Dir::towards(from, to, true).is_none() {
        return Err(bad("a move goes along a rank, a file or a diagonal"));
    }
    Ok(Some(mv))
}

/// While counters remain to place, the side to move must have some, and there must be room.
fn check_placing(board: &Board, turn: Side, to_place: [u16; 2]) -> Result<(), LfenError> {
    if to_place == [0, 0] {
        return Ok(());
    }
    if to_place[turn.index()] == 0 {
        return Err(LfenError::new(
            Field::ToPlace,
            format!(
                "{} is to play but has nothing to place while {} still has {}",
                turn.name(),
                turn.other().name(),
                to_place[turn.other().index()]
            ),
        ));
    }
    let empty = board
        .squares()
        .filter(|&s| board.get(s) == Cell::Empty)
        .count();
    let total = usize::from(to_place[0]) + usize::from(to_place[1]);
    if total > empty {
        return Err(LfenError::new(
            Field::ToPlace,
            format!("{total} counters to place but only {empty} empty squares"),
        ));
    }
    Ok(())
}

impl fmt::Display for Position {
    /// Canonical LFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = &self.board;
        for rank in (0..board.height()).rev() {
            let mut empty = 0;
            for file in 0..board.width() {
                let Some(letter) = board.get(Square::at(file, rank)).letter() else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                write!(f, "{letter}")?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let turn = match self.turn {
            Side::White => 'w',
            Side::Black => 'b',
        };
        let last =
            |side: Side| self.last[side.index()].map_or_else(|| "-".to_string(), |m| m.to_string());
        write!(
            f,
            " {turn} {},{} {},{} {} {},{}",
            self.to_place[0],
            self.to_place[1],
            self.captured[0],
            self.captured[1],
            self.clock,
            last(Side::White),
            last(Side::Black)
        )?;
        if let Some(leap) = self.leap {
            write!(f, " {}", leap.at)?;
            for square in board.squares() {
                if square != leap.at && leap.visited.contains(square) {
                    write!(f, ",{square}")?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::rules::Rules;

    const QUINTANA: &str = "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-";

    #[test]
    fn preset_starts_print_as_the_issue_says() {
        assert_eq!(Position::start(&Rules::QUINTANA).to_string(), QUINTANA);
        assert_eq!(
            Position::start(&Rules::PISO).to_string(),
            "8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-"
        );
    }

    #[test]
    fn lfen_round_trips_and_is_canonical() {
        for text in [
            QUINTANA,
            "W6B/8/8/3WB3/8/8/8/B6W b 0,0 12,11 37 a2-a1,h7-h8",
            "14/14/14/14/14/14/14/14/14/14/14/14/14/W12B w 3,3 0,0 0 -,-",
            "W5/6/6/6/6/6/6 b 0,1 0,0 0 -,-",
            "W10B/12/12/12/12/B10W w 0,0 0,0 99 -,-",
        ] {
            let position: Position = text.parse().expect(text);
            assert_eq!(position.to_string(), text);
        }
        let spaced: Position = format!("  {QUINTANA} \n").parse().unwrap();
        assert_eq!(spaced.to_string(), QUINTANA);
    }

    /// Found by `cargo xtask fuzz` (latrunculi_game): LFEN read fewer captures than a game
    /// could make from a position it read, so a game went on capturing into a position whose
    /// LFEN did not read back. At most a largest board's squares are still to place (224, 14
    /// x 16) and twice that captured.
    #[test]
    fn a_position_captured_past_what_lfen_reads_at_most_still_reads_back() {
        let start: Position = "8/8/8/8/3W4/3B4/8/3W4 w 0,0 447,0 0 -,-".parse().unwrap();
        let mv = crate::latrunculi::Move::parse("d1-d2").unwrap();
        let after = start.apply(&Rules::PISO, mv).unwrap();
        assert_eq!(after.captured_by(Side::White), 448);
        assert_eq!(after.to_string().parse::<Position>(), Ok(after));
        let largest = ["14"; 16].join("/");
        let most = format!("{largest} w 112,112 448,448 0 -,-");
        assert_eq!(most.parse::<Position>().unwrap().to_string(), most);
        let err = "8/8/8/8/8/8/8/8 w 0,0 449,0 0 -,-".parse::<Position>();
        assert_eq!(err.unwrap_err().field, Field::Captured);
        let err = "8/8/8/8/8/8/8/8 w 225,0 0,0 0 -,-".parse::<Position>();
        assert_eq!(err.unwrap_err().field, Field::ToPlace);
    }

    #[test]
    fn square_names_on_a_wide_board() {
        let position: Position = "13W/14/14/14/14/14 w 0,0 0,0 0 -,-".parse().unwrap();
        assert_eq!(
            position.board().get(Square::parse("n6").unwrap()),
            Cell::Counter(Side::White)
        );
    }

    #[test]
    fn errors_name_the_bad_part() {
        for (text, field, needle) in [
            ("", Field::Layout, "found 1"),
            ("8/8/8/8/8/8/8/8 w 0,0 0,0 0", Field::Layout, "found 5"),
            ("8/8/8/8/8/8/8/8  w 0,0 0,0 0 -,-", Field::Layout, "found 7"),
            ("8/8/8/8/8 w 0,0 0,0 0 -,-", Field::Board, "5 ranks"),
            (
                "8/8/8/8/8/8/8/7 w 0,0 0,0 0 -,-",
                Field::Board,
                "rank 1 has 7",
            ),
            ("5/5/5/5/5/5 w 0,0 0,0 0 -,-", Field::Board, "6 to 14 files"),
            (
                "8/8/8/8/8/8/8/7Q w 0,0 0,0 0 -,-",
                Field::Board,
                "unexpected `Q`",
            ),
            (
                "8/8/8/8/8/8/8/08 w 0,0 0,0 0 -,-",
                Field::Board,
                "cannot be 0",
            ),
            ("8/8/8/8/8/8/8/44 w 0,0 0,0 0 -,-", Field::Board, "bad run"),
            (
                "8/8/8/8/8/8/8/4W15 w 0,0 0,0 0 -,-",
                Field::Board,
                "bad run",
            ),
            (
                "8/8/8/8/8/8/8/8/ w 0,0 0,0 0 -,-",
                Field::Board,
                "empty rank",
            ),
            ("8/8/8/8/8/8/8/8 x 0,0 0,0 0 -,-", Field::Turn, "`x`"),
            ("8/8/8/8/8/8/8/8 w 0 0,0 0 -,-", Field::ToPlace, "`0`"),
            ("8/8/8/8/8/8/8/8 w 1,+1 0,0 0 -,-", Field::ToPlace, "`1,+1`"),
            (
                "8/8/8/8/8/8/8/8 b 3,0 0,0 0 -,-",
                Field::ToPlace,
                "nothing to place",
            ),
            (
                "8/8/8/8/8/8/8/8 w 40,40 0,0 0 -,-",
                Field::ToPlace,
                "only 64 empty",
            ),
            ("8/8/8/8/8/8/8/8 w 0,0 0,x 0 -,-", Field::Captured, "`0,x`"),
            ("8/8/8/8/8/8/8/8 w 0,0 0,0 -1 -,-", Field::Clock, "`-1`"),
            ("8/8/8/8/8/8/8/8 w 0,0 0,0 007 -,-", Field::Clock, "`007`"),
            (
                "8/8/8/8/8/8/8/8 w 0,0 0,0 0 -",
                Field::LastMoves,
                "expected <white",
            ),
            (
                "8/8/8/8/8/8/8/8 w 0,0 0,0 0 @d4,-",
                Field::LastMoves,
                "placements",
            ),
            (
                "8/8/8/8/8/8/8/8 w 0,0 0,0 0 -,a1-b3",
                Field::LastMoves,
                "a rank, a file or a diagonal",
            ),
            (
                "8/8/8/8/8/8/8/8 w 0,0 0,0 0 a1-a9,-",
                Field::LastMoves,
                "off the board",
            ),
            (
                "8/8/8/8/8/8/8/8 w 0,0 0,0 0 a1-a1,-",
                Field::LastMoves,
                "a rank, a file or a diagonal",
            ),
        ] {
            let err = text.parse::<Position>().unwrap_err();
            assert_eq!(err.field, field, "{text}: {err}");
            assert!(err.to_string().contains(needle), "{text}: {err}");
        }
    }
}
