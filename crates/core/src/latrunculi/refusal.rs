//! Why a tap on the board does nothing: the page selects a counter and then taps where it
//! should go (or taps an empty square to place), and when the rules refuse, the core says
//! which rule, so no rule is repeated in JS.

use super::board::{Board, Cell, Dir, Side, Square};
use super::moves::Move;
use super::position::Position;
use super::rules::{Leap, Movement, Rules};

/// Why a tap is refused, with what a message about it needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// Placing on a taken square, or moving onto one.
    Occupied { square: Square },
    /// A move tried while counters remain to place.
    PlaceFirst,
    /// Nothing selected and the tapped counter is the other side's.
    NotYours { square: Square, side: Side },
    /// Nothing selected and the tapped square is empty, in the movement phase.
    Empty { square: Square },
    /// The side to move's counter has no legal move.
    NoMove { square: Square },
    /// The side to move's counter is frozen: it moves no more until it is freed.
    Frozen { square: Square },
    /// `norepeat=on`: the move brings back a position the game has had.
    Repeats { from: Square, to: Square },
    /// `nobetween=on`: arriving on `square`, between two enemies, traps none of them.
    Between { square: Square },
    /// A counter is part-way through a leaping turn, on `square`: only it may go on leaping,
    /// or stop.
    Leaping { square: Square },
    /// `again=on`: the counter on `square` has just captured: only it may move again, or its
    /// side stop.
    Again { square: Square },
    /// The back-and-forth rule: the exact reverse of the side's last move.
    StraightBack { from: Square, to: Square },
    /// Counters move along a rank or a file only.
    NotInLine { from: Square, to: Square },
    /// Counters move along a rank, a file or a diagonal only (`diagonal=on`).
    NotInLineOrDiagonal { from: Square, to: Square },
    /// A counter stands on the way, at `at`.
    PathBlocked {
        from: Square,
        to: Square,
        at: Square,
    },
    /// With step moves a counter goes one square only.
    OneStep { from: Square, to: Square },
    /// The text names no square of this board.
    NotASquare { square: String },
    /// `centre=on`: the centre square stays empty while counters are placed.
    Centre { square: Square },
}

impl Refusal {
    /// The refusal's code, as the page looks up its message: `game-over`, `occupied`, ...
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::GameOver => "game-over",
            Refusal::Occupied { .. } => "occupied",
            Refusal::PlaceFirst => "place-first",
            Refusal::NotYours { .. } => "not-yours",
            Refusal::Empty { .. } => "empty",
            Refusal::NoMove { .. } => "no-move",
            Refusal::Frozen { .. } => "frozen",
            Refusal::Leaping { .. } => "leaping",
            Refusal::Again { .. } => "again",
            Refusal::Between { .. } => "between",
            Refusal::Repeats { .. } => "repeats",
            Refusal::StraightBack { .. } => "straight-back",
            Refusal::NotInLine { .. } => "not-in-line",
            Refusal::NotInLineOrDiagonal { .. } => "not-in-line-or-diagonal",
            Refusal::PathBlocked { .. } => "path-blocked",
            Refusal::OneStep { .. } => "one-step",
            Refusal::NotASquare { .. } => "not-a-square",
            Refusal::Centre { .. } => "centre",
        }
    }

    /// The refusal's arguments by name, squares and sides as text.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Refusal, Square};
    /// let at = |s| Square::parse(s).unwrap();
    /// let refusal = Refusal::PathBlocked { from: at("d1"), to: at("d5"), at: at("d3") };
    /// assert_eq!(refusal.code(), "path-blocked");
    /// assert_eq!(refusal.args(), [("from", "d1".to_string()), ("to", "d5".into()), ("at", "d3".into())]);
    /// ```
    pub fn args(&self) -> Vec<(&'static str, String)> {
        let name = Square::to_string;
        match self {
            Refusal::GameOver | Refusal::PlaceFirst => Vec::new(),
            Refusal::Occupied { square }
            | Refusal::Empty { square }
            | Refusal::NoMove { square }
            | Refusal::Frozen { square }
            | Refusal::Leaping { square }
            | Refusal::Again { square }
            | Refusal::Between { square }
            | Refusal::Centre { square } => {
                vec![("square", name(square))]
            }
            Refusal::NotYours { square, side } => {
                vec![("square", name(square)), ("side", side.name().to_string())]
            }
            Refusal::StraightBack { from, to }
            | Refusal::Repeats { from, to }
            | Refusal::NotInLine { from, to }
            | Refusal::NotInLineOrDiagonal { from, to }
            | Refusal::OneStep { from, to } => vec![("from", name(from)), ("to", name(to))],
            Refusal::PathBlocked { from, to, at } => {
                vec![("from", name(from)), ("to", name(to)), ("at", name(at))]
            }
            Refusal::NotASquare { square } => vec![("square", square.clone())],
        }
    }
}

/// A square of `board` named by `text`.
pub(crate) fn square_on(board: &Board, text: &str) -> Result<Square, Refusal> {
    Square::parse(text.trim())
        .filter(|&square| board.contains(square))
        .ok_or_else(|| Refusal::NotASquare {
            square: text.to_string(),
        })
}

impl Position {
    /// Why tapping `tapped`, with `selected` chosen before (or nothing), does nothing; `None`
    /// when the tap places a counter, plays a move, or selects a counter that can move.
    /// A selection that is not a counter of the side to move counts as no selection.
    ///
    /// ```
    /// use ludi_core::latrunculi::{Position, Refusal, Rules, Square};
    /// let p = Position::start(&Rules::QUINTANA);
    /// let at = |s| Square::parse(s).unwrap();
    /// assert_eq!(p.refusal(&Rules::QUINTANA, Some(at("a2")), at("a5")), None);
    /// assert_eq!(
    ///     p.refusal(&Rules::QUINTANA, Some(at("a2")), at("b4")),
    ///     Some(Refusal::NotInLine { from: at("a2"), to: at("b4") })
    /// );
    /// ```
    pub fn refusal(
        &self,
        rules: &Rules,
        selected: Option<Square>,
        tapped: Square,
    ) -> Option<Refusal> {
        for square in selected.into_iter().chain([tapped]) {
            if !self.board.contains(square) {
                return Some(Refusal::NotASquare {
                    square: square.to_string(),
                });
            }
        }
        if self.outcome(rules).is_some() {
            return Some(Refusal::GameOver);
        }
        if self.is_placement_phase() {
            return self.placement_refusal(rules, selected, tapped);
        }
        if let Some(at) = self.leaping() {
            return self.leaping_refusal(rules, at, selected, tapped);
        }
        match selected.filter(|&from| self.board.get(from).is_free(self.turn)) {
            Some(from) if self.board.get(tapped) == Cell::Empty => {
                self.move_refusal(rules, from, tapped)
            }
            Some(_) if self.board.get(tapped).is_free(self.turn.other()) => {
                Some(Refusal::Occupied { square: tapped })
            }
            _ => self.selection_refusal(rules, tapped),
        }
    }

    /// Part-way through a leaping turn, or after a capture under `again=on`: only the counter on
    /// `at`, selected, going on (or tapped, when it can).
    fn leaping_refusal(
        &self,
        rules: &Rules,
        at: Square,
        selected: Option<Square>,
        tapped: Square,
    ) -> Option<Refusal> {
        let leaps = |to: Square| self.is_legal(rules, Move::slide(at, to));
        let fine = match selected {
            Some(from) if from == at => tapped == at || leaps(tapped),
            _ => tapped == at && self.board.squares().any(leaps),
        };
        (!fine).then_some(if rules.again {
            Refusal::Again { square: at }
        } else {
            Refusal::Leaping { square: at }
        })
    }

    /// Placement phase: only placing, on an empty square.
    fn placement_refusal(
        &self,
        rules: &Rules,
        selected: Option<Square>,
        tapped: Square,
    ) -> Option<Refusal> {
        if selected.is_some() {
            Some(Refusal::PlaceFirst)
        } else if self.board.get(tapped) != Cell::Empty {
            Some(Refusal::Occupied { square: tapped })
        } else if !self.may_place(rules, tapped) {
            Some(Refusal::Centre { square: tapped })
        } else {
            None
        }
    }

    /// Movement phase, nothing selected: only a counter of the side to move that can move,
    /// or, where trapped counters freeze, a frozen enemy counter to remove.
    fn selection_refusal(&self, rules: &Rules, tapped: Square) -> Option<Refusal> {
        match self.board.get(tapped) {
            Cell::Frozen(side) if side == self.turn => Some(Refusal::Frozen { square: tapped }),
            Cell::Frozen(side) if !self.is_legal(rules, Move::remove(tapped)) => {
                Some(Refusal::NotYours {
                    square: tapped,
                    side,
                })
            }
            Cell::Frozen(_) => None,
            Cell::Counter(side) | Cell::Dux(side) if side != self.turn => Some(Refusal::NotYours {
                square: tapped,
                side,
            }),
            Cell::Counter(_) | Cell::Dux(_) => {
                let mut moves = Vec::new();
                self.legal_moves_into(rules, &mut moves);
                let movable = moves.iter().any(|mv| mv.from() == Some(tapped));
                (!movable).then_some(Refusal::NoMove { square: tapped })
            }
            _ => Some(Refusal::Empty { square: tapped }),
        }
    }

    /// A counter of the side to move on `from` going to the empty square `to`.
    fn move_refusal(&self, rules: &Rules, from: Square, to: Square) -> Option<Refusal> {
        let between = (!self.may_enter(rules, from, to)).then_some(Refusal::Between { square: to });
        // A leap goes two squares and over a counter, which the checks below would refuse.
        let anywhere = Rules {
            nobetween: false,
            ..*rules
        };
        if rules.leap != Leap::Off && self.is_legal(&anywhere, Move::slide(from, to)) {
            return between;
        }
        let Some(dir) = Dir::towards(from, to, rules.diagonal) else {
            return Some(if rules.diagonal {
                Refusal::NotInLineOrDiagonal { from, to }
            } else {
                Refusal::NotInLine { from, to }
            });
        };
        let distance = from
            .file()
            .abs_diff(to.file())
            .max(from.rank().abs_diff(to.rank()));
        if rules.movement == Movement::Step && distance > 1 {
            return Some(Refusal::OneStep { from, to });
        }
        if let Some(at) = self.first_blocker(from, to, dir) {
            return Some(Refusal::PathBlocked { from, to, at });
        }
        if self.forbidden_back_move(rules) == Some(Move::slide(from, to)) {
            return Some(Refusal::StraightBack { from, to });
        }
        between
    }

    /// The first counter strictly between `from` and `to` along `dir`.
    fn first_blocker(&self, from: Square, to: Square, dir: Dir) -> Option<Square> {
        let mut at = from.step(dir);
        while at != to {
            if self.board.get(at) != Cell::Empty {
                return Some(at);
            }
            at = at.step(dir);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::Game;
    use crate::rng::Rng;

    fn pos(lfen: &str) -> Position {
        lfen.parse().expect(lfen)
    }

    fn at(name: &str) -> Square {
        Square::parse(name).expect(name)
    }

    fn refusal(rules: &Rules, lfen: &str, selected: Option<&str>, tapped: &str) -> Option<Refusal> {
        pos(lfen).refusal(rules, selected.map(at), at(tapped))
    }

    const STEP: Rules = Rules::PISO;
    const ROOK: Rules = Rules {
        movement: Movement::Rook,
        ..Rules::PISO
    };
    const PLACING: &str = "8/8/8/8/8/8/8/WB6 w 2,2 0,0 0 -,-";
    const MOVING: &str = "8/8/8/3B4/3W4/8/8/W6B w 0,0 0,0 0 -,-";

    #[test]
    fn the_centre_is_refused_while_placing_under_centre_on() {
        let centre = Rules {
            centre: true,
            ..STEP
        };
        assert_eq!(
            refusal(&centre, PLACING, None, "d4"),
            Some(Refusal::Centre { square: at("d4") })
        );
        assert_eq!(refusal(&STEP, PLACING, None, "d4"), None);
        assert_eq!(refusal(&centre, PLACING, None, "d5"), None);
    }

    #[test]
    fn game_over_refuses_every_tap() {
        let over = "8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-";
        assert_eq!(refusal(&STEP, over, None, "h2"), Some(Refusal::GameOver));
        assert_eq!(refusal(&STEP, MOVING, None, "d4"), None);
    }

    #[test]
    fn squares_off_the_board_are_not_squares() {
        let off = Some(Refusal::NotASquare {
            square: "i1".into(),
        });
        assert_eq!(refusal(&STEP, MOVING, None, "i1"), off);
        assert_eq!(refusal(&STEP, MOVING, Some("i1"), "d3"), off);
        assert_eq!(refusal(&STEP, MOVING, Some("d4"), "d3"), None);
        let board = pos(MOVING).board().clone();
        assert_eq!(square_on(&board, "h8"), Ok(at("h8")));
        for bad in ["", "z9", "i1", "d4-d5"] {
            assert!(square_on(&board, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn placing_goes_on_empty_squares_and_moving_waits() {
        assert_eq!(refusal(&STEP, PLACING, None, "c1"), None);
        assert_eq!(
            refusal(&STEP, PLACING, None, "b1"),
            Some(Refusal::Occupied { square: at("b1") })
        );
        assert_eq!(
            refusal(&STEP, PLACING, Some("a1"), "a2"),
            Some(Refusal::PlaceFirst)
        );
    }

    #[test]
    fn nothing_selected_only_a_movable_counter_of_the_side_to_move_selects() {
        assert_eq!(refusal(&STEP, MOVING, None, "d4"), None);
        assert_eq!(
            refusal(&STEP, MOVING, None, "d5"),
            Some(Refusal::NotYours {
                square: at("d5"),
                side: Side::Black
            })
        );
        assert_eq!(
            refusal(&STEP, MOVING, None, "e4"),
            Some(Refusal::Empty { square: at("e4") })
        );
        let boxed = "8/8/8/8/8/B7/WB6/WW6 w 0,0 0,0 0 -,-";
        assert_eq!(
            refusal(&STEP, boxed, None, "a1"),
            Some(Refusal::NoMove { square: at("a1") })
        );
        assert_eq!(refusal(&STEP, boxed, None, "b1"), None);
    }

    #[test]
    fn a_frozen_counter_is_refused_and_a_frozen_enemy_is_removed() {
        let freeze = Rules {
            trap: crate::latrunculi::Trap::Freeze,
            ..Rules::PISO
        };
        // White's d3 frozen between black's d4 and d2; black's f6 frozen between e6 and g6.
        let p = "8/8/4WbW1/8/3B4/3w4/3B4/8 w 0,0 0,0 0 -,-";
        assert_eq!(
            refusal(&freeze, p, None, "d3"),
            Some(Refusal::Frozen { square: at("d3") })
        );
        assert_eq!(Refusal::Frozen { square: at("d3") }.code(), "frozen");
        assert_eq!(refusal(&freeze, p, None, "f6"), None, "a tap removes it");
        assert_eq!(refusal(&freeze, p, Some("e6"), "f6"), None);
        // Under the capturing rules nothing is removed, whatever the position says.
        assert_eq!(
            refusal(&STEP, p, None, "f6"),
            Some(Refusal::NotYours {
                square: at("f6"),
                side: Side::Black
            })
        );
    }

    #[test]
    fn while_a_counter_leaps_only_it_may_be_tapped_on() {
        let leap = Rules {
            leap: crate::latrunculi::Leap::Any,
            ..Rules::PISO
        };
        let p = "BB6/8/8/8/3W4/3W4/3W4/7W w 0,0 0,0 1 d1-d3,- d3,d1";
        assert_eq!(refusal(&leap, p, None, "d3"), None);
        assert_eq!(refusal(&leap, p, Some("d3"), "d5"), None);
        let leaping = Some(Refusal::Leaping { square: at("d3") });
        assert_eq!(
            refusal(&leap, p, None, "h1"),
            leaping,
            "another counter waits"
        );
        assert_eq!(refusal(&leap, p, Some("h1"), "h2"), leaping);
        assert_eq!(
            refusal(&leap, p, Some("d3"), "c3"),
            leaping,
            "a step is no leap"
        );
        assert_eq!(leaping.map(|r| r.code()), Some("leaping"));
        // Before any leap a legal leap is no refusal, though it goes two squares.
        assert_eq!(
            refusal(
                &leap,
                "BB6/8/8/8/8/8/3W4/3W4 w 0,0 0,0 0 -,-",
                Some("d1"),
                "d3"
            ),
            None
        );
    }

    #[test]
    fn arriving_between_two_enemies_is_refused_by_name() {
        let nobetween = Rules {
            nobetween: true,
            ..Rules::PISO
        };
        let p = "8/8/8/8/2B1B3/3W4/8/W6B w 0,0 0,0 0 -,-";
        let refused = refusal(&nobetween, p, Some("d3"), "d4");
        assert_eq!(refused, Some(Refusal::Between { square: at("d4") }));
        assert_eq!(refused.map(|r| r.code()), Some("between"));
        assert_eq!(refusal(&Rules::PISO, p, Some("d3"), "d4"), None);
        assert_eq!(refusal(&nobetween, p, Some("d3"), "c3"), None);
        let leaping = Rules {
            leap: crate::latrunculi::Leap::Any,
            ..nobetween
        };
        let over = "8/8/8/8/2B1B3/3W4/3W4/7B w 0,0 0,0 0 -,-";
        assert_eq!(
            refusal(&leaping, over, Some("d2"), "d4"),
            Some(Refusal::Between { square: at("d4") })
        );
    }

    #[test]
    fn a_selected_counter_cannot_move_onto_a_counter() {
        assert_eq!(
            refusal(&STEP, MOVING, Some("d4"), "d5"),
            Some(Refusal::Occupied { square: at("d5") })
        );
        assert_eq!(
            refusal(&STEP, MOVING, Some("d4"), "a1"),
            None,
            "another own counter selects it instead"
        );
    }

    #[test]
    fn moves_go_along_a_rank_or_file() {
        assert_eq!(
            refusal(&ROOK, MOVING, Some("d4"), "e5"),
            Some(Refusal::NotInLine {
                from: at("d4"),
                to: at("e5")
            })
        );
        assert_eq!(refusal(&ROOK, MOVING, Some("d4"), "h4"), None);
    }

    #[test]
    fn with_the_diagonals_moves_go_along_them_too_and_still_one_square() {
        let queen = Rules {
            diagonal: true,
            ..ROOK
        };
        let king = Rules {
            diagonal: true,
            ..STEP
        };
        assert_eq!(refusal(&queen, MOVING, Some("d4"), "e5"), None);
        assert_eq!(refusal(&king, MOVING, Some("d4"), "c3"), None);
        assert_eq!(
            refusal(&queen, MOVING, Some("d4"), "e6"),
            Some(Refusal::NotInLineOrDiagonal {
                from: at("d4"),
                to: at("e6")
            })
        );
        assert_eq!(
            refusal(&king, MOVING, Some("d4"), "f6"),
            Some(Refusal::OneStep {
                from: at("d4"),
                to: at("f6")
            })
        );
        assert_eq!(
            refusal(&queen, MOVING, Some("a1"), "e5"),
            Some(Refusal::PathBlocked {
                from: at("a1"),
                to: at("e5"),
                at: at("d4")
            })
        );
        assert_eq!(refusal(&queen, MOVING, Some("d4"), "f2"), None);
    }

    #[test]
    fn step_moves_go_one_square() {
        assert_eq!(
            refusal(&STEP, MOVING, Some("d4"), "d2"),
            Some(Refusal::OneStep {
                from: at("d4"),
                to: at("d2")
            })
        );
        assert_eq!(refusal(&STEP, MOVING, Some("d4"), "d3"), None);
        assert_eq!(refusal(&ROOK, MOVING, Some("d4"), "d2"), None);
    }

    #[test]
    fn rook_moves_stop_at_the_first_counter() {
        assert_eq!(
            refusal(&ROOK, MOVING, Some("d4"), "d7"),
            Some(Refusal::PathBlocked {
                from: at("d4"),
                to: at("d7"),
                at: at("d5")
            })
        );
        assert_eq!(
            refusal(&ROOK, MOVING, Some("a1"), "h1").map(|r| r.code()),
            Some("occupied")
        );
        assert_eq!(refusal(&ROOK, MOVING, Some("a1"), "g1"), None);
    }

    #[test]
    fn noback_refuses_the_exact_reverse_only() {
        let lfen = "7B/8/8/3W4/8/8/8/W6B w 0,0 0,0 0 d4-d5,h7-h8";
        assert_eq!(
            refusal(&STEP, lfen, Some("d5"), "d4"),
            Some(Refusal::StraightBack {
                from: at("d5"),
                to: at("d4")
            })
        );
        let noback_off = Rules {
            noback: false,
            ..Rules::PISO
        };
        assert_eq!(refusal(&noback_off, lfen, Some("d5"), "d4"), None);
        assert_eq!(refusal(&STEP, lfen, Some("d5"), "d6"), None);
        let rook_noback = "7B/8/3W4/8/8/8/8/W6B w 0,0 0,0 0 d4-d6,h7-h8";
        assert_eq!(refusal(&ROOK, rook_noback, Some("d6"), "d5"), None);
        assert_eq!(
            refusal(&ROOK, rook_noback, Some("d6"), "d4").map(|r| r.code()),
            Some("straight-back")
        );
    }

    #[test]
    fn no_refusal_exactly_for_legal_moves_and_placements() {
        // Counters and duxes, along diagonals, leaping, after a capture under `again=on`.
        let freeze = Rules {
            trap: crate::latrunculi::Trap::Freeze,
            ..Rules::PISO
        };
        let leap = Rules {
            leap: crate::latrunculi::Leap::Any,
            ..freeze
        };
        let nobetween = Rules {
            nobetween: true,
            ..leap
        };
        let readings = ["falkener", "kowalski-8x12", "bell-8x7", "bell-8x8"]
            .map(|id| Rules::parse(id).expect("a preset"));
        for (n, rules) in [Rules::PISO, Rules::QUINTANA, ROOK, freeze, leap, nobetween]
            .into_iter()
            .chain(readings)
            .enumerate()
        {
            let mut game = Game::new(rules);
            let mut rng = Rng::new(n as u64);
            for _ in 0..120 {
                let p = game.position().clone();
                if p.outcome(&rules).is_some() {
                    break;
                }
                for to in p.board().squares() {
                    let froms: Vec<Option<Square>> = if p.is_placement_phase() {
                        vec![None]
                    } else {
                        p.board()
                            .squares()
                            .filter(|&s| p.board().get(s).is_free(p.turn()))
                            .map(Some)
                            .collect()
                    };
                    for from in froms {
                        let mv = from.map_or(Move::place(to), |from| Move::slide(from, to));
                        let moving_to_empty = p.board().get(to) == Cell::Empty;
                        if mv.is_placement() || moving_to_empty {
                            assert_eq!(
                                p.refusal(&rules, from, to).is_none(),
                                p.is_legal(&rules, mv),
                                "{mv} in {p}"
                            );
                        }
                    }
                    if matches!(p.board().get(to), Cell::Frozen(_)) {
                        assert_eq!(
                            p.refusal(&rules, None, to).is_none(),
                            p.is_legal(&rules, Move::remove(to)),
                            "x{to} in {p}"
                        );
                    }
                }
                let moves = game.legal_moves();
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play(mv).expect("legal");
            }
        }
    }
}
