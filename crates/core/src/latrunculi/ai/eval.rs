//! The static evaluation: what a position is worth to the side to move, in hundredths of a
//! counter. It knows material, counters one move from capture, safe formations, corners
//! and mobility.

use crate::latrunculi::board::{Cell, Dir, Side, Square, Squares};
use crate::latrunculi::position::Position;
use crate::latrunculi::rules::{Movement, Rules};

/// One counter.
pub(crate) const COUNTER: i32 = 100;
/// A frozen counter, which its captors may remove on their next turn unless it is freed.
const FROZEN: i32 = 3 * COUNTER / 4;

/// How much each feature counts; the levels share them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Weights {
    /// Per counter that cannot be taken while its friends stay put.
    pub safe: i32,
    /// Per legal move.
    pub mobility: i32,
    /// Per enemy counter the side to move could take next move.
    pub threat: i32,
    /// Per own counter the opponent could take next move: the first can usually be saved.
    pub hanging_first: i32,
    pub hanging_more: i32,
    /// Per own counter alone on a corner while corner captures are on.
    pub bare_corner: i32,
}

pub(crate) const WEIGHTS: Weights = Weights {
    safe: 6,
    mobility: 2,
    threat: 15,
    hanging_first: 12,
    hanging_more: 55,
    bare_corner: 20,
};

/// What one side's counters do on the board.
#[derive(Default)]
struct Features {
    safe: i32,
    bare_corners: i32,
    mobility: i32,
    /// Empty squares one of its counters can move to.
    reach: Squares,
    /// Enemy counters it could capture with one move.
    threats: i32,
}

/// Value of `position` for the side to move.
pub(crate) fn evaluate(position: &Position, rules: &Rules, weights: &Weights) -> i32 {
    let me = position.turn;
    let mut sides = [Features::default(), Features::default()];
    let mut frozen = [0i32; 2];
    let board = &position.board;
    for square in board.squares() {
        match board.get(square) {
            Cell::Counter(side) | Cell::Dux(side) => {
                survey(position, rules, square, side, &mut sides[side.index()])
            }
            Cell::Frozen(side) => frozen[side.index()] += 1,
            Cell::Empty | Cell::Off => {}
        }
    }
    for side in Side::BOTH {
        let reach = sides[side.index()].reach;
        sides[side.index()].threats = threats(position, rules, reach, side);
    }
    let lead = position.lead(rules) * if me == Side::White { 1 } else { -1 };
    let (mine, theirs) = (&sides[me.index()], &sides[me.other().index()]);
    let hanging = theirs.threats;
    COUNTER * lead
        + FROZEN * (frozen[me.other().index()] - frozen[me.index()])
        + weights.safe * (mine.safe - theirs.safe)
        + weights.mobility * (mine.mobility - theirs.mobility)
        - weights.bare_corner * (mine.bare_corners - theirs.bare_corners)
        + weights.threat * mine.threats
        - weights.hanging_first * hanging.min(1)
        - weights.hanging_more * (hanging - 1).max(0)
}

/// Records the counter on `square`: its safety, corner and moves.
fn survey(position: &Position, rules: &Rules, square: Square, side: Side, out: &mut Features) {
    let board = &position.board;
    let shield = |dir: Dir| {
        matches!(board.get(square.step(dir)), Cell::Off)
            || board.get(square.step(dir)) == Cell::Counter(side)
    };
    let lines = Dir::lines(rules.diagonal);
    let on_corner = rules.corner && board.is_corner(square);
    let safe = if on_corner {
        Dir::ALL
            .into_iter()
            .any(|d| board.get(square.step(d)) == Cell::Counter(side))
    } else {
        lines
            .chunks(2)
            .all(|line| shield(line[0]) || shield(line[1]))
    };
    out.safe += i32::from(safe);
    out.bare_corners += i32::from(on_corner && !safe);
    for &dir in lines {
        let mut to = square.step(dir);
        while board.get(to) == Cell::Empty {
            out.mobility += 1;
            out.reach.insert(to);
            if rules.movement == Movement::Step {
                break;
            }
            to = to.step(dir);
        }
    }
}

/// Enemy counters `side` could capture by moving a counter onto one of `reach`'s squares:
/// one with a friend of `side` on one side and a reachable square on the other, or, under
/// the corner rule, a cornered one with a friend on one neighbour and the other reachable.
fn threats(position: &Position, rules: &Rules, reach: Squares, side: Side) -> i32 {
    let board = &position.board;
    let (friend, enemy) = (Cell::Counter(side), Cell::Counter(side.other()));
    let mut count = 0;
    for victim in board.squares() {
        if board.get(victim) != enemy {
            continue;
        }
        let custodial = Dir::lines(rules.diagonal).iter().any(|&d| {
            reach.contains(victim.step(d)) && board.get(victim.step(d.reverse())) == friend
        });
        let cornered = !custodial
            && rules.corner
            && board.is_corner(victim)
            && Dir::ALL.into_iter().any(|d| reach.contains(victim.step(d)))
            && Dir::ALL
                .into_iter()
                .any(|d| board.get(victim.step(d)) == friend);
        count += i32::from(custodial || cornered);
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(lfen: &str, rules: &Rules) -> i32 {
        evaluate(&lfen.parse().expect(lfen), rules, &WEIGHTS)
    }

    #[test]
    fn material_counts_most() {
        let ahead = eval("8/8/8/8/8/8/8/W1W1W2B w 0,0 0,0 0 -,-", &Rules::QUINTANA);
        let behind = eval("8/8/8/8/8/8/8/W1W1W2B b 0,0 0,0 0 -,-", &Rules::QUINTANA);
        assert!(ahead > COUNTER && behind < -COUNTER, "{ahead} {behind}");
    }

    #[test]
    fn a_counter_one_move_from_capture_is_a_threat() {
        // White's b1 can step to b2 and take c2 against d2.
        let lfen = "8/8/8/8/8/8/2BW4/1W6 w 0,0 0,0 0 -,-";
        let position: Position = lfen.parse().unwrap();
        let mut white = Features::default();
        for square in position.board.squares() {
            if position.board.get(square) == Cell::Counter(Side::White) {
                survey(&position, &Rules::PISO, square, Side::White, &mut white);
            }
        }
        assert_eq!(
            threats(&position, &Rules::PISO, white.reach, Side::White),
            1
        );
        let quiet = "8/8/8/8/8/8/2B5/1W6 w 0,0 0,0 0 -,-";
        assert!(eval(lfen, &Rules::PISO) > eval(quiet, &Rules::PISO));
    }

    #[test]
    fn a_block_of_four_is_safe_and_worth_more_than_a_line() {
        let block = eval("8/8/8/3WW3/3WW3/8/8/7B b 0,0 0,0 0 -,-", &Rules::PISO);
        let line = eval("8/8/8/8/2WWWW2/8/8/7B b 0,0 0,0 0 -,-", &Rules::PISO);
        assert!(
            block < line,
            "black to move: white's block is worse for black"
        );
    }

    #[test]
    fn a_bare_corner_counter_costs_with_corner_captures_on() {
        let corner = eval("8/8/8/8/8/8/8/W6B w 0,0 0,0 0 -,-", &Rules::PISO);
        let edge = eval("8/8/8/8/8/8/8/1W5B w 0,0 0,0 0 -,-", &Rules::PISO);
        assert!(corner < edge);
    }
}
