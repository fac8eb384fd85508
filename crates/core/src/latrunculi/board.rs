//! The grid: sides, squares and what stands on each square.
//!
//! Any rectangle of 6 to 14 files and 6 to 16 ranks is played on a padded mailbox of 16
//! columns and 32 rows, read modulo its size, so that looking one or two squares past any
//! edge lands on an `Off` cell, and no lookup needs a bounds check.

use std::fmt;

/// Smallest number of files or ranks a board may have.
pub const MIN_SIDE: usize = 6;
/// Largest number of files a board may have.
pub const MAX_FILES: usize = 14;
/// Largest number of ranks a board may have (the Ludii database's 11 x 16 board).
pub const MAX_RANKS: usize = 16;
/// Row length of the padded mailbox: the files and one `Off` column on either side.
pub(crate) const STRIDE: usize = MAX_FILES + 2;
/// Cells in the padded mailbox: the ranks and `Off` rows above them, which also pad the first
/// rank from below as the mailbox is read modulo its size (a power of two).
pub(crate) const CELLS: usize = STRIDE * 2 * MAX_RANKS;
/// Slots of [`Square::slot`].
pub(crate) const SLOTS: usize = 256;

/// The two players. White places first and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`, as results are printed.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// What a cell of the mailbox holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Counter(Side),
    /// A trapped counter under `trap=freeze`: it neither moves nor traps.
    Frozen(Side),
    /// A side's leader (Kowalski's reading): it moves and traps as a counter does, and is
    /// never trapped.
    Dux(Side),
    /// Outside the board.
    Off,
}

impl Cell {
    /// The side whose counter, frozen or not, stands here.
    pub fn owner(self) -> Option<Side> {
        match self {
            Cell::Counter(side) | Cell::Frozen(side) | Cell::Dux(side) => Some(side),
            Cell::Empty | Cell::Off => None,
        }
    }

    /// The LFEN letter of what stands here (`None` for an empty or off-board cell).
    pub(crate) fn letter(self) -> Option<char> {
        Some(match self {
            Cell::Counter(Side::White) => 'W',
            Cell::Counter(Side::Black) => 'B',
            Cell::Frozen(Side::White) => 'w',
            Cell::Frozen(Side::Black) => 'b',
            Cell::Dux(Side::White) => 'X',
            Cell::Dux(Side::Black) => 'Y',
            Cell::Empty | Cell::Off => return None,
        })
    }

    /// The piece an LFEN letter stands for.
    pub(crate) fn from_letter(letter: char) -> Option<Cell> {
        [Side::White, Side::Black]
            .into_iter()
            .flat_map(|side| [Cell::Counter(side), Cell::Frozen(side), Cell::Dux(side)])
            .find(|cell| cell.letter() == Some(letter))
    }

    /// Whether `side` may move this piece, and it traps: its counter not frozen, or its dux.
    pub fn is_free(self, side: Side) -> bool {
        self == Cell::Counter(side) || self == Cell::Dux(side)
    }
}

/// A square of the board, kept as its index in the padded mailbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u16);

impl Square {
    /// The square on `file` and `rank`, both counted from 0 (a1 is `at(0, 0)`), below
    /// `MAX_FILES` and `MAX_RANKS`.
    pub const fn at(file: usize, rank: usize) -> Square {
        debug_assert!(file < MAX_FILES && rank < MAX_RANKS);
        Square(((rank + 1) * STRIDE + file + 1) as u16)
    }

    pub fn file(self) -> usize {
        usize::from(self.0) % STRIDE - 1
    }

    pub fn rank(self) -> usize {
        usize::from(self.0) / STRIDE - 1
    }

    /// The square's cell in the mailbox; a place stepped past it wraps around into `Off` rows.
    pub(crate) fn index(self) -> usize {
        usize::from(self.0) % CELLS
    }

    /// A number below [`SLOTS`], different for every square of any board, for tables kept
    /// per square: the cell's index, but a sixteenth rank's squares take the slots of the
    /// `Off` row below the first rank. For boards of at most 14 ranks it is the index.
    pub(crate) fn slot(self) -> usize {
        self.index() % SLOTS
    }

    /// The square at a mailbox index that lies on the board.
    pub(crate) fn from_index(index: usize) -> Square {
        Square(index as u16)
    }

    /// The neighbouring cell in direction `dir`; past the edge it is an `Off` cell, or past the
    /// top or bottom a place outside the mailbox, which every lookup reads as `Off`.
    pub(crate) fn step(self, dir: Dir) -> Square {
        Square(self.0.wrapping_add_signed(dir.0))
    }

    /// Reads a square name such as `d4` or `a10`: a file letter a-n, a rank 1-16.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let file = usize::from(letter as u8 - b'a');
        let digits = chars.as_str();
        let rank = parse_count(digits)?;
        if file >= MAX_FILES || rank == 0 || rank > MAX_RANKS {
            return None;
        }
        Some(Square::at(file, rank - 1))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// Squares as a bit set over the mailbox.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Squares([u64; CELLS / 64]);

impl Squares {
    pub fn insert(&mut self, square: Square) {
        self.0[square.index() / 64] |= 1 << (square.index() % 64);
    }

    pub fn contains(&self, square: Square) -> bool {
        self.0[square.index() / 64] & (1 << (square.index() % 64)) != 0
    }
}

/// A direction from a square to its neighbour: along a rank or file, or along a diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dir(i16);

const UP: i16 = STRIDE as i16;

impl Dir {
    /// The four directions along a rank or file: up, down, right, left.
    pub const ALL: [Dir; 4] = [Dir(UP), Dir(-UP), Dir(1), Dir(-1)];

    /// The four along a rank or file, then the four diagonals, each direction followed by its
    /// reverse (so that `chunks(2)` gives the lines through a square).
    const EIGHT: [Dir; 8] = [
        Dir(UP),
        Dir(-UP),
        Dir(1),
        Dir(-1),
        Dir(UP + 1),
        Dir(-UP - 1),
        Dir(UP - 1),
        Dir(-UP + 1),
    ];

    /// The directions a counter moves, leaps and traps along: ranks and files, and the
    /// diagonals too when `diagonal` is on. Each is followed by its reverse.
    pub fn lines(diagonal: bool) -> &'static [Dir] {
        if diagonal {
            &Dir::EIGHT
        } else {
            &Dir::EIGHT[..4]
        }
    }

    /// The direction from `from` to a different square `to` on its rank or file, or with
    /// `diagonal` on one of its diagonals.
    pub fn towards(from: Square, to: Square, diagonal: bool) -> Option<Dir> {
        let (files, ranks) = (
            from.file().abs_diff(to.file()),
            from.rank().abs_diff(to.rank()),
        );
        let straight = (files == 0) != (ranks == 0) || (diagonal && files == ranks && files > 0);
        let sign = |a: usize, b: usize| b.cmp(&a) as i16;
        straight.then(|| Dir(sign(from.rank(), to.rank()) * UP + sign(from.file(), to.file())))
    }

    pub fn reverse(self) -> Dir {
        Dir(-self.0)
    }
}

/// A decimal count written canonically: digits only, no sign, no leading zero.
pub(crate) fn parse_count(text: &str) -> Option<usize> {
    let canonical = !text.is_empty()
        && text.len() <= 6
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if canonical {
        text.parse().ok()
    } else {
        None
    }
}

/// A board's size: files from [`MIN_SIDE`] to [`MAX_FILES`] by ranks from [`MIN_SIDE`] to
/// [`MAX_RANKS`], written `7x8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    files: u8,
    ranks: u8,
}

impl Size {
    /// The 8 x 8 board of most readings.
    pub const EIGHT: Size = Size::of(8, 8);

    /// A size known to be valid, for the presets: a bad one fails to compile.
    pub(crate) const fn of(files: u8, ranks: u8) -> Size {
        assert!(files as usize >= MIN_SIDE && files as usize <= MAX_FILES);
        assert!(ranks as usize >= MIN_SIDE && ranks as usize <= MAX_RANKS);
        Size { files, ranks }
    }

    /// `7x8`: files, then ranks.
    pub fn parse(text: &str) -> Option<Size> {
        let (files, ranks) = text.split_once('x')?;
        let side = |t: &str, most: usize| {
            parse_count(t)
                .filter(|n| (MIN_SIDE..=most).contains(n))
                .map(|n| n as u8)
        };
        Some(Size {
            files: side(files, MAX_FILES)?,
            ranks: side(ranks, MAX_RANKS)?,
        })
    }

    pub fn files(self) -> usize {
        usize::from(self.files)
    }

    pub fn ranks(self) -> usize {
        usize::from(self.ranks)
    }

    /// The square opposite `square` through the board's middle (black's dux's for white's).
    pub fn opposite(self, square: Square) -> Square {
        Square::at(
            self.files() - 1 - square.file(),
            self.ranks() - 1 - square.rank(),
        )
    }

    pub fn squares(self) -> usize {
        self.files() * self.ranks()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

/// The counters on a rectangular board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    cells: [Cell; CELLS],
}

impl Board {
    /// An empty board of `width` files and `height` ranks, within `MIN_SIDE..=MAX_FILES` and
    /// `MIN_SIDE..=MAX_RANKS`.
    pub fn empty(width: usize, height: usize) -> Board {
        debug_assert!((MIN_SIDE..=MAX_FILES).contains(&width));
        debug_assert!((MIN_SIDE..=MAX_RANKS).contains(&height));
        let mut cells = [Cell::Off; CELLS];
        for rank in 0..height {
            for file in 0..width {
                cells[Square::at(file, rank).index()] = Cell::Empty;
            }
        }
        Board {
            width: width as u8,
            height: height as u8,
            cells,
        }
    }

    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// The square in the middle, or where there are two or four, the one nearest a1: where
    /// `centre=on` keeps a square empty while the counters are placed.
    pub fn centre(&self) -> Square {
        Square::at((self.width() - 1) / 2, (self.height() - 1) / 2)
    }

    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// The square at `file`, `rank` (from 0) when it lies on this board.
    pub fn square(&self, file: usize, rank: usize) -> Option<Square> {
        (file < self.width() && rank < self.height()).then(|| Square::at(file, rank))
    }

    pub fn contains(&self, square: Square) -> bool {
        self.get(square) != Cell::Off
    }

    /// What stands on `square`; `Off` one or two steps past the board's edges.
    pub fn get(&self, square: Square) -> Cell {
        self.cells[square.index()]
    }

    pub(crate) fn set(&mut self, square: Square, cell: Cell) {
        self.cells[square.index()] = cell;
    }

    /// Every square, rank 1 first, file a first within a rank.
    pub fn squares(&self) -> impl Iterator<Item = Square> {
        let first = Square::at(0, 0).index();
        let last = Square::at(self.width() - 1, self.height() - 1).index();
        let width = self.width();
        (first..=last)
            .filter(move |i| (1..=width).contains(&(i % STRIDE)))
            .map(Square::from_index)
    }

    /// The four corner squares.
    pub fn corners(&self) -> [Square; 4] {
        let (w, h) = (self.width() - 1, self.height() - 1);
        [
            Square::at(0, 0),
            Square::at(w, 0),
            Square::at(0, h),
            Square::at(w, h),
        ]
    }

    pub fn is_corner(&self, square: Square) -> bool {
        let (f, r) = (square.file(), square.rank());
        (f == 0 || f == self.width() - 1) && (r == 0 || r == self.height() - 1)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..self.height()).rev() {
            for file in 0..self.width() {
                let c = self.get(Square::at(file, rank)).letter().unwrap_or('.');
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for text in ["a1", "d4", "h8", "a10", "n14", "k16"] {
            let square = Square::parse(text).expect(text);
            assert_eq!(square.to_string(), text);
        }
        for bad in ["", "a", "a0", "o1", "a17", "A1", "a01", "1a", "a+1", "é1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn stepping_past_the_edge_lands_off_the_board() {
        // One and two steps in all eight directions, on small, wide and tall boards.
        for (width, height) in [(8, 8), (6, 6), (14, 14), (11, 16), (14, 16)] {
            let board = Board::empty(width, height);
            for square in board.squares() {
                for &dir in Dir::lines(true) {
                    let files = (dir.0 + UP + 1).rem_euclid(UP) - 1;
                    let ranks = (dir.0 - files) / UP;
                    for steps in 1..=2 {
                        let to = (0..steps).fold(square, |at, _| at.step(dir));
                        let file = square.file() as i16 + steps * files;
                        let rank = square.rank() as i16 + steps * ranks;
                        let on =
                            (0..width as i16).contains(&file) && (0..height as i16).contains(&rank);
                        assert_eq!(board.contains(to), on, "{square} {dir:?} x{steps}");
                        if on {
                            assert_eq!(to, Square::at(file as usize, rank as usize));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn corners_of_a_wide_board() {
        let board = Board::empty(12, 7);
        let names: Vec<String> = board.corners().iter().map(Square::to_string).collect();
        assert_eq!(names, ["a1", "l1", "a7", "l7"]);
        assert!(board.is_corner(Square::at(11, 6)));
        assert!(!board.is_corner(Square::at(11, 5)));
    }
}
