//! LFEN and the rules texts: any text either reads and writes back canonically or is
//! refused with a message. A position that reads lists its legal moves under the rules given
//! (or five fuzz bits of them), and each must play, keep every counter accounted for, capture
//! what it said it would, and write back as LFEN that reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludi_core::latrunculi::{Position, Rules};
use ludi_fuzz::{latrunculi_board_counts, latrunculi_rules, latrunculi_totals, lfen_round_trip};

fuzz_target!(|data: &[u8]| {
    let Some((&bits, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    // The rules text on the first line, the position on the rest.
    let (rules_text, lfen) = text.split_once('\n').unwrap_or(("", &text));
    let rules = match Rules::parse(rules_text) {
        Ok(rules) => {
            let canonical = rules.to_string();
            assert_eq!(Rules::parse(&canonical), Ok(rules), "`{canonical}`");
            if let Some(name) = rules.preset() {
                assert_eq!(Rules::parse(name), Ok(rules));
            }
            rules
        }
        Err(e) => {
            assert!(!e.reason().is_empty());
            latrunculi_rules(u32::from(bits))
        }
    };
    let position: Position = match lfen.parse() {
        Ok(position) => position,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    lfen_round_trip(&position);
    latrunculi_board_counts(&position);
    let outcome = position.outcome(&rules);
    assert_eq!(outcome, position.result(&rules).map(|r| r.outcome));
    let moves = position.legal_moves(&rules);
    if outcome.is_none() {
        assert!(!moves.is_empty(), "no move and no end in {position}");
    }
    let mut captures = Vec::new();
    position.capture_moves_into(&rules, &mut captures);
    let mut capturing: Vec<_> = moves
        .iter()
        .copied()
        .filter(|&mv| position.captures_of(&rules, mv) > 0)
        .collect();
    captures.sort_by_key(|mv| (mv.from(), mv.to()));
    capturing.sort_by_key(|mv| (mv.from(), mv.to()));
    assert_eq!(captures, capturing, "capture moves in {position}");
    let totals = latrunculi_totals(&position);
    for &mv in moves.iter().take(64) {
        assert!(position.is_legal(&rules, mv));
        let taken = position.captures_of(&rules, mv);
        let next = position
            .apply(&rules, mv)
            .unwrap_or_else(|e| panic!("legal {mv} refused in {position}: {e}"));
        assert_eq!(latrunculi_totals(&next), totals, "{mv} in {position}");
        let mover = position.turn();
        assert_eq!(
            next.captured_by(mover),
            position.captured_by(mover) + taken,
            "{mv} in {position}"
        );
        latrunculi_board_counts(&next);
        lfen_round_trip(&next);
    }
});
