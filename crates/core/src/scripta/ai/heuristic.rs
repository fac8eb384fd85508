//! Hand-written evaluations for `easy` and `medium`, in pips: how far ahead in the race the
//! side that has just moved is, less the risks it leaves and plus the blocks it holds.

use crate::scripta::position::{count_of, Position, Side, MARKS};

/// Throws of three dice regardless of order: 56 of them, each with its weight out of 216.
pub struct Throws {
    /// Each throw's weight and the die sequences one counter could take with it: every
    /// ordering of every non-empty subset, without repeats.
    pub throws: Vec<(u32, Vec<Vec<u8>>)>,
}

impl Default for Throws {
    fn default() -> Self {
        Throws::new()
    }
}

impl Throws {
    pub fn new() -> Throws {
        let mut throws = Vec::with_capacity(56);
        for a in 1..=6u8 {
            for b in a..=6 {
                for c in b..=6 {
                    let weight = match (a == b, b == c) {
                        (true, true) => 1,
                        (false, false) if a != c => 6,
                        _ => 3,
                    };
                    let dice = [a, b, c];
                    let mut sequences: Vec<Vec<u8>> = Vec::new();
                    for order in ORDERS {
                        for len in 1..=3 {
                            let s: Vec<u8> = order[..len].iter().map(|&i| dice[i]).collect();
                            if !sequences.contains(&s) {
                                sequences.push(s);
                            }
                        }
                    }
                    throws.push((weight, sequences));
                }
            }
        }
        Throws { throws }
    }

    /// The three dice of each of the 56 throws, with their weights out of 216.
    pub fn dice(&self) -> impl Iterator<Item = ([u8; 3], u32)> + '_ {
        self.throws.iter().map(|(w, seqs)| {
            let full = seqs.iter().find(|s| s.len() == 3).map_or([1, 1, 1], |s| {
                let mut d = [s[0], s[1], s[2]];
                d.sort_unstable();
                d
            });
            (full, *w)
        })
    }
}

const ORDERS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// For each mark, the chance (out of 216) that `shooter`, moving next, can land on it.
/// Landing needs every intermediate mark of the path free of blocks of the other side.
/// Counters sent home must re-enter first, so then only the entering counter shoots.
pub fn shot_chances(position: &Position, shooter: Side, throws: &Throws) -> [u32; 37] {
    let mut chances = [0u32; 37];
    let target = shooter.other();
    let tray = position.tray(shooter);
    let mut sources = [0u8; 37];
    let mut n = 0;
    if tray.to_enter() > 0 {
        sources[n] = 0;
        n += 1;
    }
    if tray.sent_home == 0 {
        for m in 1..MARKS {
            if count_of(position.board[m as usize], shooter) > 0 {
                sources[n] = m;
                n += 1;
            }
        }
    }
    // Rule 6 read straight off the board: this is medium's innermost loop.
    let blocked = |m: usize| count_of(position.board[m], target) >= 2;
    for (weight, sequences) in &throws.throws {
        let mut reached = 0u64;
        for &source in &sources[..n] {
            for seq in sequences {
                let mut at = usize::from(source);
                for &d in seq {
                    at += usize::from(d);
                    if at > MARKS as usize || blocked(at) {
                        break;
                    }
                    reached |= 1 << at;
                }
            }
        }
        for (m, c) in chances.iter_mut().enumerate().skip(1) {
            if reached & (1 << m) != 0 {
                *c += weight;
            }
        }
    }
    chances
}

/// `medium`'s judgement of `position` (the opponent to move) for the side that just moved,
/// in pips: the race, the blots the opponent can hit weighted by their chance and cost,
/// counters sent home, and blocks where they hinder: in the entry zone 1-6 while the
/// opponent still has counters to enter, and just in front of enemy counters, more when
/// they join into walls.
pub fn medium(position: &Position, throws: &Throws) -> f32 {
    let them = position.turn();
    let us = them.other();
    if position.winner() == Some(us) {
        return 10_000.0;
    }
    let race = position.pips(them) as f32 - position.pips(us) as f32;
    let mut score = race;
    let contact = in_contact(position, us);
    if contact {
        let chances = shot_chances(position, them, throws);
        for (m, &chance) in chances.iter().enumerate().skip(1) {
            if count_of(position.board[m], us) == 1 && chance > 0 {
                // Sent home, the counter loses its pips and must re-enter before anything moves.
                score -= chance as f32 / 216.0 * (m as f32 + 10.0);
            }
        }
    }
    let tray = |s: Side| position.tray(s);
    score += 6.0 * f32::from(tray(them).sent_home) - 6.0 * f32::from(tray(us).sent_home);
    let mut wall = 0;
    for m in 1..=MARKS as usize {
        if count_of(position.board[m], us) < 2 {
            wall = 0;
            continue;
        }
        wall += 1;
        let mut block = 0.0;
        if m <= 6 && tray(them).to_enter() > 0 {
            block += 2.0 + f32::from(tray(them).to_enter().min(5)) * 0.5;
        }
        let behind = (m.saturating_sub(6).max(1)..m)
            .filter(|&b| count_of(position.board[b], them) > 0)
            .count();
        block += 1.5 * behind as f32;
        if block > 0.0 {
            block += 1.5 * (wall - 1) as f32;
        }
        score += block;
    }
    if !contact {
        // A pure race: bringing counters home and off is all that is left.
        score += f32::from(tray(us).borne_off) * 0.5;
    }
    score
}

/// Whether any counter of `us` can still be hit: an enemy counter behind it or waiting.
fn in_contact(position: &Position, us: Side) -> bool {
    let them = us.other();
    if position.tray(them).to_enter() > 0 {
        return (1..=MARKS as usize).any(|m| count_of(position.board[m], us) > 0);
    }
    let Some(rear) = position.rearmost(them) else {
        return false;
    };
    (usize::from(rear.get()) + 1..=MARKS as usize).any(|m| count_of(position.board[m], us) > 0)
}

/// `easy`'s judgement: the race, less a flat penalty per blot with an enemy counter within
/// reach behind it, plus counters sent home.
pub fn easy(position: &Position) -> f32 {
    let them = position.turn();
    let us = them.other();
    if position.winner() == Some(us) {
        return 10_000.0;
    }
    let mut score = position.pips(them) as f32 - position.pips(us) as f32;
    let waiting = position.tray(them).to_enter() > 0;
    for m in 1..=MARKS as usize {
        if count_of(position.board[m], us) != 1 {
            continue;
        }
        let exposed = (waiting && m <= 12)
            || (m.saturating_sub(12).max(1)..m).any(|b| count_of(position.board[b], them) > 0);
        if exposed {
            score -= 4.0;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_56_throws_weighing_216() {
        let t = Throws::new();
        assert_eq!(t.throws.len(), 56);
        assert_eq!(t.throws.iter().map(|(w, _)| w).sum::<u32>(), 216);
        // 1-2-3: three singles, six ordered pairs, six ordered triples.
        let (_, seqs) = t.throws.iter().find(|(w, _)| *w == 6).unwrap();
        assert_eq!(seqs.len(), 15);
        let (_, triple) = &t.throws[0];
        assert_eq!(triple, &vec![vec![1], vec![1, 1], vec![1, 1, 1]]);
    }

    #[test]
    fn a_direct_shot_of_one_die_is_hit_by_91_throws_of_216() {
        // Nigri on 10, an Albi blot on 13 (distance 3): any throw holding a 3 hits (91),
        // as do throws making 3 as 1+2 or 1+1+1 without a 3.
        let p: Position = "N w14s0o0:13 w14s0o0:10".parse().unwrap();
        let chances = shot_chances(&p, Side::Nigri, &Throws::new());
        let holds_three = 216 - 125;
        assert!(chances[13] > holds_three);
        assert!(chances[13] < 216);
        // Nothing behind a counter that cannot be reached.
        assert_eq!(chances[36], 0);
    }

    #[test]
    fn blocks_stop_the_intermediate_landing() {
        // Albi blocks 11 and 12; Nigri on 10 reaches 13 with a 3 only, never 1+2 or 2+1.
        let open: Position = "N w13s0o0:13,20 w0s0o0:10x15".parse().unwrap();
        let walled: Position = "N w10s0o0:11x2,12x2,13 w0s0o0:10x15".parse().unwrap();
        let throws = Throws::new();
        let (a, b) = (
            shot_chances(&open, Side::Nigri, &throws)[13],
            shot_chances(&walled, Side::Nigri, &throws)[13],
        );
        assert_eq!(b, 91, "only throws holding a 3");
        assert!(a > b);
    }

    #[test]
    fn counters_sent_home_shoot_only_from_the_tray() {
        let p: Position = "N w14s0o0:20 w13s1o0:14".parse().unwrap();
        let chances = shot_chances(&p, Side::Nigri, &Throws::new());
        assert_eq!(chances[20], 0, "the counter on 14 may not move");
        assert!(chances[15] > 0, "an entering counter reaches 15 with 4+5+6");
    }

    #[test]
    fn medium_prefers_safety_and_the_race() {
        let throws = Throws::new();
        // The same pips, one with a blot in front of an enemy counter, one with a block.
        let blot: Position = "N w12s0o0:14,15,16 w14s0o0:10".parse().unwrap();
        let safe: Position = "N w12s0o0:14,15x2 w14s0o0:10".parse().unwrap();
        assert!(medium(&safe, &throws) > medium(&blot, &throws));
        let ahead: Position = "N w14s0o0:20 w14s0o0:3".parse().unwrap();
        let behind: Position = "N w14s0o0:3 w14s0o0:20".parse().unwrap();
        assert!(medium(&ahead, &throws) > medium(&behind, &throws));
        assert!(easy(&ahead) > easy(&behind));
    }
}
