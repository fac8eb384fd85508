//! A turn's action: placing a counter (`@d4`), moving or leaping with one (`d4-d6`), where
//! trapped counters freeze removing a frozen enemy counter (`xd4`), and where counters leap,
//! ending a leap that could go on (`=d6`: the counter stays on d6).

use super::board::Square;
use std::fmt;

/// What a turn does with its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Place,
    /// A move from this square.
    From(Square),
    Remove,
    /// The leaping counter stays where it is and the turn ends.
    Stop,
}

/// A placement, a move or a removal: small and `Copy`, so that search can keep many of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    kind: Kind,
    to: Square,
}

impl Move {
    pub fn place(to: Square) -> Move {
        Move {
            kind: Kind::Place,
            to,
        }
    }

    pub fn slide(from: Square, to: Square) -> Move {
        Move {
            kind: Kind::From(from),
            to,
        }
    }

    /// Takes the frozen enemy counter on `square` off the board.
    pub fn remove(square: Square) -> Move {
        Move {
            kind: Kind::Remove,
            to: square,
        }
    }

    /// Ends the turn of the counter leaping on `square`, which stays there.
    pub fn stop(square: Square) -> Move {
        Move {
            kind: Kind::Stop,
            to: square,
        }
    }

    /// The square the counter leaves; `None` for a placement, a removal or a stop.
    pub fn from(self) -> Option<Square> {
        match self.kind {
            Kind::From(from) => Some(from),
            Kind::Place | Kind::Remove | Kind::Stop => None,
        }
    }

    /// Where the counter arrives, for a removal the square emptied, for a stop where the
    /// counter stays.
    pub fn to(self) -> Square {
        self.to
    }

    pub fn is_placement(self) -> bool {
        self.kind == Kind::Place
    }

    pub fn is_removal(self) -> bool {
        self.kind == Kind::Remove
    }

    pub fn is_stop(self) -> bool {
        self.kind == Kind::Stop
    }

    /// The move that undoes this one's path: `d6-d4` for `d4-d6`.
    pub fn reversed(self) -> Option<Move> {
        self.from().map(|from| Move::slide(self.to, from))
    }

    /// Reads `@d4`, `d4-d6`, `xd4` or `=d6`. Checks the names only; the position decides
    /// legality.
    pub fn parse(text: &str) -> Option<Move> {
        let made_by: Option<fn(Square) -> Move> = match text.as_bytes().first() {
            Some(b'@') => Some(Move::place),
            Some(b'x') => Some(Move::remove),
            Some(b'=') => Some(Move::stop),
            _ => None,
        };
        if let Some(make) = made_by {
            // The mark is one ASCII byte.
            return Square::parse(&text[1..]).map(make);
        }
        let (from, to) = text.split_once('-')?;
        Some(Move::slide(Square::parse(from)?, Square::parse(to)?))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Place => write!(f, "@{}", self.to),
            Kind::From(from) => write!(f, "{from}-{}", self.to),
            Kind::Remove => write!(f, "x{}", self.to),
            Kind::Stop => write!(f, "={}", self.to),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_text_round_trips() {
        for text in ["@d4", "d4-d6", "a10-a1", "@n14", "xd4", "xn14", "=d6"] {
            assert_eq!(Move::parse(text).expect(text).to_string(), text);
        }
        for bad in [
            "", "@", "d4", "d4-", "-d6", "d4--d6", "@d4-d5", "d4-d6-d8", "@@d4", "x", "xd4-d5",
            "x@d4", "X d4", "=", "=d6-d8", "d6=",
        ] {
            assert_eq!(Move::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn reversing_a_move_swaps_its_squares() {
        let m = Move::parse("d4-d6").unwrap();
        assert_eq!(m.reversed(), Move::parse("d6-d4"));
        assert_eq!(Move::parse("@d4").unwrap().reversed(), None);
        assert_eq!(Move::parse("xd4").unwrap().reversed(), None);
    }

    #[test]
    fn only_a_removal_is_a_removal_and_it_leaves_no_square() {
        let removal = Move::parse("xd4").unwrap();
        assert!(removal.is_removal() && !removal.is_placement());
        assert_eq!(
            (removal.from(), removal.to().to_string()),
            (None, "d4".into())
        );
        assert!(!Move::parse("@d4").unwrap().is_removal());
        assert!(!Move::parse("d4-d5").unwrap().is_removal());
        let stop = Move::parse("=d6").unwrap();
        assert!(stop.is_stop() && !stop.is_removal() && stop.from().is_none());
        assert_eq!(stop.to().to_string(), "d6");
    }
}
