//! Property tests over random games under every combination of options, and over random
//! text fed to the LFEN parser.

use ludi_core::latrunculi::{Cell, Game, Position, Rules, Side};
use ludi_core::rng::Rng;
use proptest::prelude::*;

/// Every placement, plus 100 quiet moves after each capture, each perhaps a leap followed by
/// a stop (which the clock does not count), bounds a game.
const LONGEST_GAME: usize = 40 + 2 * 100 * 41;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_conserve_counters_and_end(bits in any::<u32>(), seed in any::<u64>()) {
        let rules = Rules::from_switches(bits);
        let mut game = Game::new(rules);
        let start = game.position().clone();
        let total = |p: &Position, side: Side| p.counters(side) + p.to_place(side);
        let mut rng = Rng::new(seed);
        let mut turns = 0;
        while game.outcome().is_none() {
            prop_assert!(turns < LONGEST_GAME, "game did not end");
            let before = game.position().clone();
            let moves = game.legal_moves();
            prop_assert!(!moves.is_empty());
            let mv = moves[rng.below(moves.len() as u32) as usize];
            let mut captures = Vec::new();
            before.capture_moves_into(&rules, &mut captures);
            let mut capturing: Vec<_> = moves.iter().copied().filter(|&m| before.captures_of(&rules, m) > 0).collect();
            captures.sort_by_key(|m| m.to_string());
            capturing.sort_by_key(|m| m.to_string());
            prop_assert_eq!(captures, capturing, "capture generator agrees with the full one");
            let predicted = before.captures_of(&rules, mv);
            game.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let after = game.position();
            let mover = before.turn();
            let taken = after.captured_by(mover) - before.captured_by(mover);
            prop_assert_eq!(after.captured_by(mover.other()), before.captured_by(mover.other()));
            prop_assert_eq!(total(after, mover), total(&before, mover));
            prop_assert_eq!(total(after, mover.other()) + taken, total(&before, mover.other()));
            prop_assert!(taken == 0 || !mv.is_placement(), "placing never captures");
            prop_assert_eq!(taken, predicted, "captures_of predicts the capture");
            for square in before.board().squares() {
                if let Cell::Frozen(side) = before.board().get(square) {
                    let removed = mv.is_removal() && mv.to() == square;
                    let now = after.board().get(square);
                    prop_assert!(
                        removed || now == Cell::Frozen(side) || now == Cell::Counter(side),
                        "a frozen counter never moves: {} in {} after {}", square, before, mv
                    );
                }
            }
            for side in Side::BOTH {
                prop_assert_eq!(
                    total(after, side) + after.captured_by(side.other()),
                    total(&start, side),
                    "counters on board, to place and captured add up"
                );
            }
            let reread: Position = after.to_string().parse().map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert_eq!(&reread, after, "LFEN round trip, counts and hash");
            turns += 1;
        }
    }

    #[test]
    fn place_the_rest_fills_every_placement(seed in any::<u64>()) {
        let mut game = Game::seeded(Rules::PISO, Position::start(&Rules::PISO), seed);
        game.play_text("@d4").map_err(|e| TestCaseError::fail(e.to_string()))?;
        let placed = game.place_rest();
        prop_assert_eq!(placed.len(), 39);
        let p = game.position();
        prop_assert!(!p.is_placement_phase());
        prop_assert_eq!((p.counters(Side::White), p.counters(Side::Black)), (20, 20));
        prop_assert_eq!(p.turn(), Side::White);
    }

    #[test]
    fn parser_never_panics_on_any_text(text in any::<String>()) {
        if let Ok(position) = text.parse::<Position>() {
            prop_assert_eq!(position.to_string().parse::<Position>().ok(), Some(position));
        }
    }

    #[test]
    fn parser_never_panics_on_near_lfen(text in "[WB0-9/]{1,40} [wbx] [0-9,]{1,6} [0-9,]{1,5} [0-9]{1,4} [a-p0-9,@-]{1,14}") {
        if let Ok(position) = text.parse::<Position>() {
            let canonical = position.to_string();
            prop_assert_eq!(canonical.parse::<Position>().ok().map(|p| p.to_string()), Some(canonical));
        }
    }
}
