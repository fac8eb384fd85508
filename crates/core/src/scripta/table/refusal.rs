//! Why a tap on the board does nothing under any reading: asked only for a tap that is
//! neither a legal move of the selected source nor a source to pick up. Marks are in the
//! mover's own numbering, but for [`Place::Own`], a side's own: a tap on the other side's
//! private cell answers `not-yours` when it holds that side's counters, else `other-cell`
//! (the mover's counters never go there).

use super::super::game::Game;
use super::super::position::{Mark, Side};
use super::super::refusal::{Place, Refusal};
use super::super::step::{From, To};
use super::{moves_first, Move, Table};

impl Game {
    /// Why tapping `place`, with `selected` picked up (the tray or a mark), does nothing now:
    /// the game as a whole speaks first (over, not thrown, turn over), then the place.
    ///
    /// ```
    /// use ludi_core::scripta::{Mark, Place, Refusal, Table, Game};
    ///
    /// let table: Table = "italian A w13s0o0:2,3 w15s0o0: 666".parse().unwrap();
    /// let game = Game::from_table(table, 1);
    /// let two = Place::Mark(Mark::new(2).unwrap());
    /// assert_eq!(game.refusal(None, two), Refusal::EnterAllFirst { counters: 13 });
    /// assert_eq!(game.refusal(None, two).code(), "enter-all-first");
    /// ```
    pub fn refusal(&self, selected: Option<From>, place: Place) -> Refusal {
        if self.winner().is_some() {
            return Refusal::GameOver;
        }
        let table = self.table();
        if self.thrown().is_empty() {
            return Refusal::NotThrown { side: table.turn() };
        }
        let moves = self.legal_moves();
        if moves.is_empty() {
            return Refusal::TurnOver;
        }
        let mover = table.turn();
        let private = table.rules().private_marks();
        match place {
            Place::Exit(side) => exit_refusal(table, side, selected),
            Place::Tray(side) => tray_refusal(table, side),
            Place::Own(side, mark) if side != mover && mark.get() <= private => {
                if table.count(side, mark) > 0 {
                    Refusal::NotYours { mark, side }
                } else {
                    Refusal::OtherCell { mark, side }
                }
            }
            // Off this reading's track: no cell to speak of.
            Place::Mark(mark) | Place::Own(_, mark) if mark.get() > table.rules().marks() => {
                Refusal::Empty { mark }
            }
            Place::Mark(mark) | Place::Own(_, mark) => match selected {
                Some(from) => table.why_not(from, mark),
                None => source_refusal(table, &moves, mark),
            },
        }
    }
}

/// The exit of `side` tapped.
fn exit_refusal(table: &Table, side: Side, selected: Option<From>) -> Refusal {
    if side != table.turn() {
        return Refusal::OtherTray { side };
    }
    let rules = table.rules();
    if !table.may_bear_off() {
        return Refusal::BearOffNotYet {
            counters: rules.counters,
            from: Mark::new(rules.home()).unwrap_or(Mark::HOME),
            to: Mark::new(rules.marks()).unwrap_or(Mark::LAST),
        };
    }
    match selected {
        Some(From::Mark(from)) => Refusal::BearOffExact { from },
        _ => Refusal::PickFirst,
    }
}

/// The tray of `side` tapped, as where to enter from.
fn tray_refusal(table: &Table, side: Side) -> Refusal {
    if side != table.turn() {
        return Refusal::OtherTray { side };
    }
    if table.tray(side).to_enter() == 0 {
        Refusal::NoneWaiting
    } else if table.must_move_first(side) != 0 {
        Refusal::MustMoveHit
    } else {
        Refusal::EntryBlocked
    }
}

/// A mark on the track tapped with nothing selected, as a counter to pick up.
fn source_refusal(table: &Table, moves: &[Move], mark: Mark) -> Refusal {
    let mover = table.turn();
    let m = mark.get();
    let enters_here = moves
        .iter()
        .any(|mv| mv.from == From::Tray && mv.to == To::Mark(mark));
    // When entering is all there is to do, any empty mark points to the tray.
    let only_entering = moves.iter().all(|mv| mv.from == From::Tray);
    let own = table.own(m);
    let enemies = table.enemies(mover, m);
    if enters_here || (only_entering && own == 0 && enemies == 0) {
        return Refusal::EnterFromTray;
    }
    if own > 0 {
        let tray = table.tray(mover);
        return if tray.sent_home > 0 {
            Refusal::MustEnterFirst
        } else if !moves_first(table.must_move_first(mover), m) {
            Refusal::MustMoveHit
        } else if let Err(held) = table.held_inside(From::Mark(mark), table.rules().marks()) {
            held
        } else {
            Refusal::Stuck { mark }
        };
    }
    if enemies > 0 {
        return Refusal::NotYours {
            mark,
            side: mover.other(),
        };
    }
    Refusal::Empty { mark }
}

impl Table {
    /// The marks of `side`'s track (in its own numbering) where one of its counters could not
    /// land now because the other side holds the mark, as the moves' rule check decides it
    /// (two or more, which a lone counter never captures, even where columns are captured);
    /// the other side's private cells are no part of `side`'s track.
    ///
    /// ```
    /// use ludi_core::scripta::Table;
    ///
    /// let t: Table = "italian A w11s0o0:3x2,20x2 w10s0o0:3x2,9,21x2".parse().unwrap();
    /// let marks = |side| t.blocked(side).iter().map(|m| m.get()).collect::<Vec<_>>();
    /// assert_eq!(marks(ludi_core::scripta::Side::Albi), [21]);
    /// assert_eq!(marks(ludi_core::scripta::Side::Nigri), [20]);
    /// ```
    pub fn blocked(&self, side: Side) -> Vec<Mark> {
        let bits = self.blocks_for(side);
        (1..=self.rules.marks())
            .filter(|&m| bits & 1 << m != 0)
            .filter_map(Mark::new)
            .collect()
    }

    /// [`Table::blocked`] as bits (bit m for mark m), for the network's inputs, which ask for
    /// every outcome of a throw.
    pub(crate) fn blocks_for(&self, side: Side) -> u64 {
        let mover = Table {
            turn: side,
            ..*self
        };
        (self.rules.private_marks() + 1..self.rules.marks() + 1)
            .filter(|&m| mover.enemies(side, m) > 0 && mover.landing(m, 1).is_err())
            .fold(0, |bits, m| bits | 1 << m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(xsn: &str) -> Game {
        Game::from_table(xsn.parse().unwrap(), 1)
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

    /// The page asks only about taps that are not a legal move of the selection.
    fn legal(g: &Game, text: &str) {
        assert!(
            g.table().legal_move(text).is_ok(),
            "{text} in {}",
            g.table()
        );
    }

    #[test]
    fn the_game_speaks_before_the_place() {
        assert_eq!(
            game("italian N w0s0o15: w15s0o0:").refusal(None, at(3)),
            Refusal::GameOver
        );
        assert_eq!(
            game("italian N w15s0o0: w15s0o0:").refusal(from(3), Place::Tray(Side::Albi)),
            Refusal::NotThrown { side: Side::Nigri }
        );
        // 27 bears off only by an exact 4: three sixes, added or not, play nothing.
        let over = game("italian A w0s0o14:27 w15s0o0: 666");
        assert_eq!(over.refusal(from(27), at(30)), Refusal::TurnOver);
    }

    #[test]
    fn the_trays_and_exits() {
        let g = game("italian A w0s0o0:10x15 w15s0o0: 123");
        let other = Refusal::OtherTray { side: Side::Nigri };
        for (place, refusal) in [
            (Place::Tray(Side::Nigri), other),
            (Place::Exit(Side::Nigri), other),
            (Place::Tray(Side::Albi), Refusal::NoneWaiting),
        ] {
            assert_eq!(g.refusal(None, place), refusal, "{place:?}");
        }
        // The split track's home is marks 25-30.
        assert_eq!(
            g.refusal(from(10), Place::Exit(Side::Albi)),
            Refusal::BearOffNotYet {
                counters: 15,
                from: mark(25),
                to: mark(30),
            }
        );
        // Entries 1 and 2 are held by two nigri each, and no sum is allowed.
        let blocked = game("opener=throw A w2s0o0:10x13 w11s0o0:1x2,2x2 112");
        assert_eq!(
            blocked.refusal(None, Place::Tray(Side::Albi)),
            Refusal::EntryBlocked
        );
        // A counter hit to the middle row moves before any enters.
        let first = game("track=split,hit=middle A w14s0o0:2! w15s0o0: 123");
        legal(&first, "2/3");
        assert_eq!(
            first.refusal(None, Place::Tray(Side::Albi)),
            Refusal::MustMoveHit
        );
    }

    #[test]
    fn bearing_off() {
        let home = game("italian A w0s0o13:27,30 w15s0o0: 412");
        legal(&home, "27/off");
        assert_eq!(
            home.refusal(None, Place::Exit(Side::Albi)),
            Refusal::PickFirst
        );
        // 27 needs an exact 4: a 2 and two 5s, alone or added, never make it.
        let exact = game("italian A w0s0o13:25,27 w15s0o0: 255");
        legal(&exact, "27/29");
        assert_eq!(
            exact.refusal(from(27), Place::Exit(Side::Albi)),
            Refusal::BearOffExact { from: mark(27) }
        );
        assert_eq!(
            Refusal::BearOffExact { from: mark(27) }.code(),
            "bear-off-exact"
        );
    }

    #[test]
    fn a_target_of_the_selected_counter() {
        let blocked = |n| Refusal::Blocked {
            mark: mark(n),
            side: Side::Nigri,
        };
        let no_die = |n, from| Refusal::NotADie {
            mark: mark(n),
            from,
        };
        // Each case: the table, a move the selection has, the selection, the target tapped.
        let cases = [
            (
                "italian A w0s0o13:10,11 w13s0o0:14x2 123",
                "10/12",
                from(10),
                14,
                blocked(14),
            ),
            (
                "italian A w0s0o13:10,11 w13s0o0:14x2 123",
                "10/12",
                from(10),
                20,
                no_die(20, From::Mark(mark(10))),
            ),
            // A column of two is taken by two, not by one.
            (
                "italian-columns A w0s0o14:10 w13s0o0:14x2 41",
                "10/11",
                from(10),
                14,
                blocked(14),
            ),
            (
                "italian A w13s0o0:3,5 w15s0o0: 245",
                "3/5",
                from(3),
                7,
                Refusal::EnterAllFirst { counters: 13 },
            ),
            (
                "italian A w13s0o0:3,5 w15s0o0: 245",
                "in/2",
                Some(From::Tray),
                3,
                no_die(3, From::Tray),
            ),
            (
                "cap=4 A w10s0o0:1,5x4 w15s0o0: 43",
                "1/4",
                from(1),
                5,
                Refusal::Full { mark: mark(5) },
            ),
        ];
        for (xsn, has, selected, target, refusal) in cases {
            let g = game(xsn);
            legal(&g, has);
            assert_eq!(g.refusal(selected, at(target)), refusal, "{xsn}");
        }
    }

    #[test]
    fn a_counter_to_pick_up() {
        let g = game("italian A w13s0o0:3,5 w14s0o0:20 245");
        assert_eq!(g.refusal(None, at(2)), Refusal::EnterFromTray);
        assert_eq!(
            g.refusal(None, at(20)),
            Refusal::NotYours {
                mark: mark(20),
                side: Side::Nigri,
            }
        );
        let first = game("italian A w15s0o0: w15s0o0: 123");
        assert_eq!(first.refusal(None, at(20)), Refusal::EnterFromTray);
        let phase = game("italian A w13s0o0:2,3 w15s0o0: 666");
        assert_eq!(
            phase.refusal(None, at(2)),
            Refusal::EnterAllFirst { counters: 13 }
        );
        let sent = game("italian A w0s1o0:20x14 w15s0o0: 123");
        assert_eq!(sent.refusal(None, at(20)), Refusal::MustEnterFirst);
        // Russian: the counter hit to albi's 6 moves first.
        let hit =
            game("russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6!,20 w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 123");
        legal(&hit, "6/7");
        assert_eq!(hit.refusal(None, at(20)), Refusal::MustMoveHit);
        assert_eq!(hit.refusal(None, at(1)), Refusal::MustMoveHit);
        let stuck = game("opener=throw A w14s0o0:20 w9s0o0:21x2,22x2,23x2 123");
        assert_eq!(
            stuck.refusal(None, at(20)),
            Refusal::Stuck { mark: mark(20) }
        );
        let open = game("italian A w0s0o13:10,11 w13s0o0:14x2 123");
        assert_eq!(
            open.refusal(None, at(25)),
            Refusal::Empty { mark: mark(25) }
        );
        assert_eq!(
            open.refusal(None, at(33)),
            Refusal::Empty { mark: mark(33) }
        );
    }

    #[test]
    fn the_other_sides_own_cells() {
        let g =
            game("russian A w0s0o0:1x2,2x2,3x2,4x2,5x2,6x2 w0s0o0:1x2,2x2,3x2,4x2,5x2,20x2 123");
        let own = |side, n| Place::Own(side, mark(n));
        assert_eq!(
            g.refusal(None, own(Side::Nigri, 3)),
            Refusal::NotYours {
                mark: mark(3),
                side: Side::Nigri,
            }
        );
        let other = Refusal::OtherCell {
            mark: mark(6),
            side: Side::Nigri,
        };
        assert_eq!(g.refusal(None, own(Side::Nigri, 6)), other);
        assert_eq!(g.refusal(from(1), own(Side::Nigri, 6)), other);
        assert_eq!(other.code(), "other-cell");
        // A shared cell is the same mark whoever numbers it; the mover's own cell is its mark.
        assert_eq!(
            g.refusal(None, own(Side::Nigri, 20)),
            g.refusal(None, at(20))
        );
        assert_eq!(
            g.refusal(None, own(Side::Albi, 25)),
            Refusal::Empty { mark: mark(25) }
        );
    }

    /// Random taps on random games under many mixes of options: an answer every time, any
    /// place, any selection, marks past the track included.
    #[test]
    fn every_tap_has_an_answer_under_any_rules() {
        use crate::rng::Rng;
        use crate::scripta::Rules;
        let mut rng = Rng::new(11);
        for bits in (0..5).chain([0x44, 0x6c4, 0x1f0c, 0x2a87, 0x7fff, 0x3456, 0x55a4]) {
            let rules = Rules::from_switches(bits);
            let mut game = Game::new(rules, u64::from(bits), Side::Albi);
            for _ in 0..300 {
                if game.winner().is_some() {
                    break;
                }
                if game.thrown().is_empty() {
                    game.throw().unwrap();
                }
                for _ in 0..12 {
                    let side = if rng.below(2) == 0 {
                        Side::Albi
                    } else {
                        Side::Nigri
                    };
                    let n = mark(1 + rng.below(36) as u8);
                    let place = match rng.below(4) {
                        0 => Place::Mark(n),
                        1 => Place::Own(side, n),
                        2 => Place::Tray(side),
                        _ => Place::Exit(side),
                    };
                    let selected = match rng.below(3) {
                        0 => None,
                        1 => Some(From::Tray),
                        _ => Some(From::Mark(mark(1 + rng.below(36) as u8))),
                    };
                    assert!(!game.refusal(selected, place).code().is_empty());
                }
                match game.legal_moves().first() {
                    Some(&mv) => game.play(mv).unwrap(),
                    None => {
                        game.confirm().unwrap();
                    }
                }
            }
        }
    }

    /// The two engines the page had disagreed here: every counter already stands on 31-36,
    /// so bearing off has begun, and no die left takes the counter on 34 off.
    #[test]
    fn under_austin_and_murray_a_counter_no_die_bears_off_is_refused_as_inexact() {
        let g = game("A w0s0o1:34x4,35x4,36x6 w0s0o0:2,4x3,7x2,24,32x6,33x2 514");
        assert_eq!(
            g.refusal(from(34), Place::Exit(Side::Albi)),
            Refusal::BearOffExact { from: mark(34) }
        );
        assert_eq!(
            g.refusal(from(34), Place::Exit(Side::Albi)).code(),
            "bear-off-exact"
        );
    }

    #[test]
    fn a_mark_blocks_a_lone_counter_under_every_reading() {
        let marks = |t: &Table, side| t.blocked(side).iter().map(|m| m.get()).collect::<Vec<_>>();
        let s: Table = "A w11s0o0:3,20x3 w10s0o0:5x2,21,30x2".parse().unwrap();
        assert_eq!(marks(&s, Side::Albi), [5, 30]);
        assert_eq!(marks(&s, Side::Nigri), [20]);
        // Columns are captured by as many, never by one counter.
        let columns: Table = "italian-columns A w13s0o0:20x2 w13s0o0:21x2"
            .parse()
            .unwrap();
        assert_eq!(marks(&columns, Side::Albi), [21]);
        // Each side's private cells are its own.
        let split: Table = "russian A w0s0o7:3x5 w0s0o5:3x5,20x2".parse().unwrap();
        assert_eq!(marks(&split, Side::Albi), [20]);
        assert!(marks(&split, Side::Nigri).is_empty());
    }
}
