//! Why a tap on the board does nothing: the page asks when a tap is neither a move of the
//! selected counter nor a counter it may pick up, and words the answer itself. The game
//! answers in `table/refusal.rs`, from the rule checks the moves come from.

use super::position::{Mark, Side};
use super::step::From;

/// A place on or beside the board that a player can tap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A mark in the numbering of the side to move.
    Mark(Mark),
    /// A mark in the numbering of `side`: on the split track, `side`'s private cell for
    /// marks 1-6, else the shared cell both sides number alike; on the shared S simply the
    /// mark.
    Own(Side, Mark),
    /// A side's tray: its counters waiting, sent home and borne off.
    Tray(Side),
    /// Where a side's counters bear off, beside the last mark.
    Exit(Side),
}

/// Why a tap is refused, with what the page needs to say so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    NotThrown {
        side: Side,
    },
    /// No die can be played any more: only confirming is left.
    TurnOver,
    /// The tray or exit of the side not to move.
    OtherTray {
        side: Side,
    },
    NoneWaiting,
    /// Counters wait, but every entry mark their dice reach is blocked.
    EntryBlocked,
    /// Rule 9: bearing off waits until all `counters` stand on marks `from` to `to`.
    BearOffNotYet {
        counters: u8,
        from: Mark,
        to: Mark,
    },
    /// A counter can bear off, but none is picked up.
    PickFirst,
    /// The target is held by two or more counters of `side`.
    Blocked {
        mark: Mark,
        side: Side,
    },
    /// No die takes the selected counter `from` to `mark`.
    NotADie {
        mark: Mark,
        from: From,
    },
    /// An empty entry mark tapped with nothing picked up: entering starts at the tray.
    EnterFromTray,
    /// Rule 8: a counter sent home comes back in before any other moves.
    MustEnterFirst,
    /// A counter hit to its owner's half of the middle row makes the turn's first move
    /// (Russian).
    MustMoveHit,
    /// An own counter that no die can move.
    Stuck {
        mark: Mark,
    },
    NotYours {
        mark: Mark,
        side: Side,
    },
    Empty {
        mark: Mark,
    },
    /// Bearing off has begun, but only a throw that takes the counter on `from` exactly one
    /// step past the last mark bears it off (`bearoff=exact`; under `bearoff=over`, a counter
    /// that is not the rearmost), and no die or sum left does.
    BearOffExact {
        from: Mark,
    },
    /// The Italian entry phase: every counter waiting (`counters` still) must be entered
    /// before any moves past the entry marks.
    EnterAllFirst {
        counters: u8,
    },
    /// `mark` holds four counters of the mover, the most a mark may hold (`cap=4`).
    Full {
        mark: Mark,
    },
    /// `side`'s private cell `mark` (its own numbering), which holds none of its counters:
    /// the mover's counters never go there.
    OtherCell {
        mark: Mark,
        side: Side,
    },
}

impl Refusal {
    /// The code the page words the refusal by.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::NotThrown { .. } => "not-thrown",
            Refusal::TurnOver => "turn-over",
            Refusal::OtherTray { .. } => "other-tray",
            Refusal::NoneWaiting => "none-waiting",
            Refusal::EntryBlocked => "entry-blocked",
            Refusal::BearOffNotYet { .. } => "bear-off-not-yet",
            Refusal::PickFirst => "pick-first",
            Refusal::Blocked { .. } => "blocked",
            Refusal::NotADie { .. } => "not-a-die",
            Refusal::EnterFromTray => "enter-from-tray",
            Refusal::MustEnterFirst => "must-enter-first",
            Refusal::MustMoveHit => "must-move-hit",
            Refusal::Stuck { .. } => "stuck",
            Refusal::NotYours { .. } => "not-yours",
            Refusal::Empty { .. } => "empty",
            Refusal::BearOffExact { .. } => "bear-off-exact",
            Refusal::EnterAllFirst { .. } => "enter-all-first",
            Refusal::Full { .. } => "full",
            Refusal::OtherCell { .. } => "other-cell",
        }
    }
}

#[cfg(test)]
mod tests {
    //! Austin and Murray's rules; every reading's are in `table/refusal.rs`.
    use super::*;
    use crate::scripta::{Game, Table};

    fn game(xsn: &str) -> Game {
        let table: Table = xsn.parse().unwrap();
        Game::from_table(table, 1)
    }

    fn mark(n: u8) -> Mark {
        Mark::new(n).unwrap()
    }

    fn at(n: u8) -> Place {
        Place::Mark(mark(n))
    }

    fn from(n: u8) -> Option<From> {
        Some(From::Mark(mark(n)))
    }

    #[test]
    fn the_game_speaks_before_the_place() {
        let won = game("A w0s0o15: w0s0o0:30x15");
        assert_eq!(won.refusal(None, at(30)), Refusal::GameOver);
        let unthrown = game("N w15s0o0: w15s0o0:");
        assert_eq!(
            unthrown.refusal(from(3), Place::Tray(Side::Albi)),
            Refusal::NotThrown { side: Side::Nigri }
        );
        // 6 6 6 with mark 6 blocked: nothing enters.
        let over = game("A w15s0o0: w13s0o0:6x2 666");
        assert_eq!(over.refusal(None, at(6)), Refusal::TurnOver);
    }

    #[test]
    fn the_trays_and_exits() {
        let g = game("A w0s0o0:10x15 w15s0o0: 123");
        let other = Refusal::OtherTray { side: Side::Nigri };
        assert_eq!(g.refusal(None, Place::Tray(Side::Nigri)), other);
        assert_eq!(g.refusal(None, Place::Exit(Side::Nigri)), other);
        assert_eq!(
            g.refusal(None, Place::Tray(Side::Albi)),
            Refusal::NoneWaiting
        );
        assert_eq!(
            g.refusal(from(10), Place::Exit(Side::Albi)),
            Refusal::BearOffNotYet {
                counters: 15,
                from: mark(31),
                to: mark(36),
            }
        );
        let waiting = game("A w2s0o0:10x13 w11s0o0:1x2,2x2 112");
        assert_eq!(
            waiting.refusal(None, Place::Tray(Side::Albi)),
            Refusal::EntryBlocked
        );
        let home = game("A w0s0o0:33x15 w15s0o0: 456");
        assert_eq!(
            home.refusal(None, Place::Exit(Side::Albi)),
            Refusal::PickFirst
        );
    }

    #[test]
    fn a_target_of_the_selected_counter() {
        let g = game("A w0s0o13:10,11 w13s0o0:14x2 123");
        assert_eq!(
            g.refusal(from(10), at(14)),
            Refusal::Blocked {
                mark: mark(14),
                side: Side::Nigri,
            }
        );
        assert_eq!(
            g.refusal(from(10), at(20)),
            Refusal::NotADie {
                mark: mark(20),
                from: From::Mark(mark(10)),
            }
        );
        let entering = game("A w15s0o0: w15s0o0: 123");
        assert_eq!(
            entering.refusal(Some(From::Tray), at(5)),
            Refusal::NotADie {
                mark: mark(5),
                from: From::Tray,
            }
        );
    }

    #[test]
    fn a_counter_to_pick_up() {
        let entering = game("A w14s0o0:20 w14s0o0:30 123");
        assert_eq!(entering.refusal(None, at(2)), Refusal::EnterFromTray);
        assert_eq!(
            entering.refusal(None, at(30)),
            Refusal::NotYours {
                mark: mark(30),
                side: Side::Nigri,
            }
        );
        assert_eq!(
            entering.refusal(None, at(25)),
            Refusal::Empty { mark: mark(25) }
        );
        // A side's own numbering is the same S.
        assert_eq!(
            entering.refusal(None, Place::Own(Side::Nigri, mark(25))),
            Refusal::Empty { mark: mark(25) }
        );
        // Nothing but entering to do: any empty mark points to the tray.
        let first = game("A w15s0o0: w15s0o0: 123");
        assert_eq!(first.refusal(None, at(25)), Refusal::EnterFromTray);
        let sent_home = game("A w0s1o0:20x14 w15s0o0: 123");
        assert_eq!(sent_home.refusal(None, at(20)), Refusal::MustEnterFirst);
        // Marks 21 to 23 are all held by nigri: the counter on 20 has nowhere to go.
        let stuck = game("A w14s0o0:20 w9s0o0:21x2,22x2,23x2 123");
        assert_eq!(
            stuck.refusal(None, at(20)),
            Refusal::Stuck { mark: mark(20) }
        );
    }

    #[test]
    fn every_code_is_its_own() {
        let codes = [
            Refusal::GameOver,
            Refusal::NotThrown { side: Side::Albi },
            Refusal::TurnOver,
            Refusal::OtherTray { side: Side::Albi },
            Refusal::NoneWaiting,
            Refusal::EntryBlocked,
            Refusal::BearOffNotYet {
                counters: 15,
                from: mark(31),
                to: mark(36),
            },
            Refusal::PickFirst,
            Refusal::Blocked {
                mark: mark(1),
                side: Side::Albi,
            },
            Refusal::NotADie {
                mark: mark(1),
                from: From::Tray,
            },
            Refusal::EnterFromTray,
            Refusal::MustEnterFirst,
            Refusal::MustMoveHit,
            Refusal::Stuck { mark: mark(1) },
            Refusal::NotYours {
                mark: mark(1),
                side: Side::Albi,
            },
            Refusal::Empty { mark: mark(1) },
            Refusal::BearOffExact { from: mark(1) },
            Refusal::EnterAllFirst { counters: 1 },
            Refusal::Full { mark: mark(1) },
            Refusal::OtherCell {
                mark: mark(1),
                side: Side::Albi,
            },
        ]
        .map(|r| r.code());
        let mut distinct = codes.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), codes.len());
    }
}
