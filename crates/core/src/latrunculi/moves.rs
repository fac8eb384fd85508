//! A turn's action: placing a counter (`@d4`) or moving one (`d4-d6`).

use super::board::Square;
use std::fmt;

/// A placement or a move: small and `Copy`, so that search can keep many of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the counter comes from; `None` for a placement.
    from: Option<Square>,
    to: Square,
}

impl Move {
    pub fn place(to: Square) -> Move {
        Move { from: None, to }
    }

    pub fn slide(from: Square, to: Square) -> Move {
        Move {
            from: Some(from),
            to,
        }
    }

    /// The square the counter leaves; `None` for a placement.
    pub fn from(self) -> Option<Square> {
        self.from
    }

    pub fn to(self) -> Square {
        self.to
    }

    pub fn is_placement(self) -> bool {
        self.from.is_none()
    }

    /// The move that undoes this one's path: `d6-d4` for `d4-d6`.
    pub fn reversed(self) -> Option<Move> {
        self.from.map(|from| Move::slide(self.to, from))
    }

    /// Reads `@d4` or `d4-d6`. Checks the names only; the position decides legality.
    pub fn parse(text: &str) -> Option<Move> {
        if let Some(square) = text.strip_prefix('@') {
            return Square::parse(square).map(Move::place);
        }
        let (from, to) = text.split_once('-')?;
        Some(Move::slide(Square::parse(from)?, Square::parse(to)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            None => write!(f, "@{}", self.to),
            Some(from) => write!(f, "{from}-{}", self.to),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trips() {
        for text in ["@d4", "d4-d6", "a10-a1", "@n14"] {
            assert_eq!(Move::parse(text).expect(text).to_string(), text);
        }
        for bad in [
            "", "@", "d4", "d4-", "-d6", "d4--d6", "@d4-d5", "d4-d6-d8", "@@d4",
        ] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn reversing_a_move_swaps_its_squares() {
        let m = Move::parse("d4-d6").unwrap();
        assert_eq!(m.reversed(), Move::parse("d6-d4"));
        assert_eq!(Move::parse("@d4").unwrap().reversed(), None);
    }
}
