//! Alpha-beta search: negamax with principal-variation windows, iterative deepening, a
//! transposition table, captures first, killer moves and the history heuristic, and a
//! quiescence search over captures.

use super::eval::{evaluate, Weights};
use super::tt::{Bound, Table};
use super::{Budget, Clock};
use crate::latrunculi::board::{Side, SLOTS};
use crate::latrunculi::moves::Move;
use crate::latrunculi::position::Position;
use crate::latrunculi::rules::{Movement, Rules, Win};
use crate::rng::splitmix64;

/// A won game's score, less the plies it takes to win.
pub(crate) const WIN: i32 = 30_000;
const INFINITY: i32 = 32_000;
/// Deepest line searched, quiescence included.
const MAX_PLY: usize = 96;
/// Captures followed past the nominal depth.
const MAX_QUIESCENCE: u32 = 8;
/// Captures followed where counters move like rooks on boards of more than `LARGE_BOARD`
/// squares (Kharebga's 11 x 12 and 11 x 16): there so many captures stand open at once that
/// eight in a row would take the whole node budget and leave the search one ply deep.
const LARGE_QUIESCENCE: u32 = 4;
const LARGE_BOARD: usize = 120;
/// What a draw costs the side searching, in hundredths of a counter.
const CONTEMPT: i32 = 30;
/// Nodes between looks at the clock (a power of two).
const CLOCK_EVERY: u64 = 1024;

/// What a finished search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub best: Move,
    /// Value for the side to move, in hundredths of a counter; beyond ±29,000 a forced win
    /// or loss.
    pub score: i32,
    /// Deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
    /// The expected line, best move first.
    pub line: Vec<Move>,
}

/// A searcher's memory, kept from move to move within a game.
pub(crate) struct Searcher {
    table: Table,
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<u32>,
    moves: Vec<Vec<Move>>,
    /// Scratch space for move ordering.
    scored: Vec<(u64, Move)>,
    nodes: u64,
    stopped: bool,
    weights: Weights,
    /// Amplitude of the seeded jitter added to every evaluation, so that seeds vary play.
    noise: i32,
    noise_seed: u64,
    /// The side whose move is being searched.
    root_side: Side,
}

struct Limits<'a> {
    budget: Budget,
    clock: Option<&'a dyn Clock>,
    started: f64,
}

impl Searcher {
    pub fn new(table_bits: u32, weights: Weights, noise: i32, noise_seed: u64) -> Searcher {
        Searcher {
            table: Table::new(table_bits),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * SLOTS * SLOTS],
            moves: vec![Vec::new(); MAX_PLY + 1],
            scored: Vec::new(),
            nodes: 0,
            stopped: false,
            weights,
            noise,
            noise_seed,
            root_side: Side::White,
        }
    }

    /// Forgets everything learnt, as at the start of a new game.
    pub fn reset(&mut self, noise_seed: u64) {
        self.table.clear();
        self.history.fill(0);
        self.noise_seed = noise_seed;
    }

    /// The best of `root_moves` (the position's legal moves, or those a game's history leaves)
    /// by iterative deepening until the budget runs out; `None` when the game is over or there
    /// is nothing to play.
    pub fn search(
        &mut self,
        rules: &Rules,
        root: &Position,
        mut root_moves: Vec<Move>,
        budget: Budget,
        clock: Option<&dyn Clock>,
    ) -> Option<Report> {
        if root.outcome(rules).is_some() {
            return None;
        }
        let limits = Limits {
            budget,
            clock,
            started: clock.map_or(0.0, |c| c.now_ms()),
        };
        self.nodes = 0;
        self.stopped = false;
        self.root_side = root.turn;
        self.killers.fill([None; 2]);
        for h in &mut self.history {
            *h /= 8;
        }
        let mut report = Report {
            best: *root_moves.first()?,
            score: 0,
            depth: 0,
            nodes: 0,
            line: Vec::new(),
        };
        if root_moves.len() == 1 {
            report.line = root_moves;
            return Some(report);
        }
        self.order(rules, root, &mut root_moves, 0, None);
        for depth in 1..=budget.max_depth.max(1) {
            let (score, best) = self.root(rules, root, &mut root_moves, depth as i32, &limits);
            if let Some(best) = best {
                report.best = best;
                report.score = score;
            }
            if self.stopped {
                break;
            }
            report.depth = depth;
            if score.abs() > WIN - MAX_PLY as i32 {
                break;
            }
            if let (Some(clock), Some(millis)) = (limits.clock, limits.budget.max_millis) {
                // The next iteration costs several times this one: do not start what cannot finish.
                if clock.now_ms() - limits.started > millis * 0.4 {
                    break;
                }
            }
        }
        report.nodes = self.nodes;
        report.line = self.principal_line(rules, root, report.best);
        Some(report)
    }

    /// One iteration at the root; moves the best move to the front for the next one.
    fn root(
        &mut self,
        rules: &Rules,
        root: &Position,
        moves: &mut [Move],
        depth: i32,
        limits: &Limits,
    ) -> (i32, Option<Move>) {
        let mut alpha = -INFINITY;
        let mut best = None;
        for i in 0..moves.len() {
            let mv = moves[i];
            let mut child = root.clone();
            child.play(rules, mv);
            let score = if i == 0 {
                self.reply(rules, root, &child, depth - 1, alpha, INFINITY, 1, limits)
            } else {
                let probe = self.reply(rules, root, &child, depth - 1, alpha, alpha + 1, 1, limits);
                if probe > alpha && !self.stopped {
                    self.reply(rules, root, &child, depth - 1, alpha, INFINITY, 1, limits)
                } else {
                    probe
                }
            };
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some(mv);
                moves[..=i].rotate_right(1);
            }
        }
        if let Some(mv) = best {
            self.table
                .store(root.key(rules), Some(mv), alpha, depth, Bound::Exact);
        }
        (alpha, best)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        rules: &Rules,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        limits: &Limits,
    ) -> i32 {
        if self.out_of_budget(limits) {
            return 0;
        }
        self.nodes += 1;
        if let Some(score) = self.finished(position, rules, ply) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(rules, position, alpha, beta, ply, 0, limits);
        }
        let key = position.key(rules);
        let entry = self.table.probe(key);
        if let Some(e) = entry.filter(|e| e.depth >= depth) {
            let score = from_table(e.score, ply);
            let usable = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.legal_moves_into(rules, &mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return self.stuck_score(position, rules, ply);
        }
        self.order(rules, position, &mut moves, ply, entry.and_then(|e| e.mv));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            let taken = child.play(rules, mv);
            let quiet = taken == 0;
            let score = if i == 0 {
                self.reply(
                    rules,
                    position,
                    &child,
                    depth - 1,
                    alpha,
                    beta,
                    ply + 1,
                    limits,
                )
            } else {
                // Late quiet moves are searched a ply shallower first; a surprise is re-searched.
                let reduction = i32::from(quiet && depth >= 3 && i >= 4);
                let mut s = self.reply(
                    rules,
                    position,
                    &child,
                    depth - 1 - reduction,
                    alpha,
                    alpha + 1,
                    ply + 1,
                    limits,
                );
                if s > alpha && reduction > 0 {
                    s = self.reply(
                        rules,
                        position,
                        &child,
                        depth - 1,
                        alpha,
                        alpha + 1,
                        ply + 1,
                        limits,
                    );
                }
                if s > alpha && s < beta {
                    s = self.reply(
                        rules,
                        position,
                        &child,
                        depth - 1,
                        alpha,
                        beta,
                        ply + 1,
                        limits,
                    );
                }
                s
            };
            if self.stopped {
                self.moves[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(position, mv, ply, depth);
                }
                break;
            }
        }
        self.moves[ply] = moves;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, best_move, to_table(best, ply), depth, bound);
        best
    }

    /// The score of `child`, a move on from `parent`, for the side that moved, searched within
    /// that side's window: the negation of the child's own when the turn passed, as it does
    /// after most moves, its own when the same side plays on (a leap that may go on, a placer
    /// with the only counters left to place, or the last placer when it moves first).
    #[allow(clippy::too_many_arguments)]
    fn reply(
        &mut self,
        rules: &Rules,
        parent: &Position,
        child: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        limits: &Limits,
    ) -> i32 {
        if child.turn == parent.turn {
            self.negamax(rules, child, depth, alpha, beta, ply, limits)
        } else {
            -self.negamax(rules, child, depth, -beta, -alpha, ply, limits)
        }
    }

    /// Captures only, until the position is quiet, with the static value as a floor.
    #[allow(clippy::too_many_arguments)]
    fn quiescence(
        &mut self,
        rules: &Rules,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        level: u32,
        limits: &Limits,
    ) -> i32 {
        let stand = self.evaluate(rules, position);
        if stand >= beta
            || level >= quiescence_depth(rules, position)
            || ply >= MAX_PLY
            || position.is_placement_phase()
        {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        position.capture_moves_into(rules, &mut moves);
        if moves.is_empty() && !position.has_legal_move(rules) {
            self.moves[ply] = moves;
            return self.stuck_score(position, rules, ply);
        }
        let mut best = stand;
        for &mv in &moves {
            if self.out_of_budget(limits) {
                break;
            }
            self.nodes += 1;
            let mut child = position.clone();
            child.play(rules, mv);
            let same_side = child.turn == position.turn;
            let score = match self.finished(&child, rules, ply + 1) {
                Some(score) if same_side => score,
                Some(score) => -score,
                None if same_side => {
                    self.quiescence(rules, &child, alpha, beta, ply + 1, level + 1, limits)
                }
                None => -self.quiescence(rules, &child, -beta, -alpha, ply + 1, level + 1, limits),
            };
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.moves[ply] = moves;
        best
    }

    fn evaluate(&self, rules: &Rules, position: &Position) -> i32 {
        let value = evaluate(position, rules, &self.weights);
        if self.noise == 0 {
            return value;
        }
        let mut state = position.key(rules) ^ self.noise_seed;
        let spread = (2 * self.noise + 1) as u64;
        value + (splitmix64(&mut state) % spread) as i32 - self.noise
    }

    fn out_of_budget(&mut self, limits: &Limits) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= limits.budget.max_nodes {
            self.stopped = true;
        } else if let (Some(clock), Some(millis)) = (limits.clock, limits.budget.max_millis) {
            if self.nodes & (CLOCK_EVERY - 1) == 0 && clock.now_ms() - limits.started >= millis {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Best first: the table's move, then captures (most first), killers, then by history.
    fn order(
        &mut self,
        rules: &Rules,
        position: &Position,
        moves: &mut [Move],
        ply: usize,
        hint: Option<Move>,
    ) {
        let side = position.turn.index();
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        scored.extend(moves.iter().enumerate().map(|(index, &mv)| {
            let score = if Some(mv) == hint {
                u32::MAX
            } else if let n @ 1.. = position.captures_of(rules, mv) {
                u32::MAX - 100 + u32::from(n)
            } else if Some(mv) == self.killers[ply][0] {
                u32::MAX - 200
            } else if Some(mv) == self.killers[ply][1] {
                u32::MAX - 201
            } else {
                self.history[history_index(side, mv)].min(u32::MAX - 300)
            };
            // Best first, ties in generation order: the key is unique.
            let key = (u64::from(u32::MAX - score) << 32) | index as u64;
            (key, mv)
        }));
        insertion_sort(&mut scored);
        for (slot, &(_, mv)) in moves.iter_mut().zip(&scored) {
            *slot = mv;
        }
        self.scored = scored;
    }

    fn remember_cutoff(&mut self, position: &Position, mv: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let h = &mut self.history[history_index(position.turn.index(), mv)];
        *h = h.saturating_add((depth * depth) as u32);
    }

    /// The expected line, read back from the table.
    fn principal_line(&self, rules: &Rules, root: &Position, best: Move) -> Vec<Move> {
        let mut line = vec![best];
        let mut position = root.clone();
        position.play(rules, best);
        while line.len() < 32 && position.outcome(rules).is_none() {
            let Some(mv) = self.table.probe(position.key(rules)).and_then(|e| e.mv) else {
                break;
            };
            if !position.is_legal(rules, mv) {
                break;
            }
            position.play(rules, mv);
            line.push(mv);
        }
        line
    }
    /// The score of a game that has ended by counters or by the clock, if it has.
    fn finished(&self, position: &Position, rules: &Rules, ply: usize) -> Option<i32> {
        let over = !position.is_placement_phase()
            && (position.side_exhausted(rules) || position.clock >= u32::from(rules.quiet));
        over.then(|| self.ended_score(position, rules, ply))
    }

    /// The side to move cannot move: under `win=block` it has lost, else the leader wins.
    fn stuck_score(&self, position: &Position, rules: &Rules, ply: usize) -> i32 {
        if rules.win == Win::Block {
            -WIN + ply as i32
        } else {
            self.ended_score(position, rules, ply)
        }
    }

    /// A finished game from the side to move's view: the leader wins, sooner is better; a
    /// draw is a little worse than level play for the side searching, so that it plays on.
    fn ended_score(&self, position: &Position, rules: &Rules, ply: usize) -> i32 {
        let lead = position.lead(rules) * if position.turn.index() == 0 { 1 } else { -1 };
        match lead.signum() {
            1 => WIN - ply as i32,
            -1 => -WIN + ply as i32,
            _ if position.turn == self.root_side => -CONTEMPT,
            _ => CONTEMPT,
        }
    }
}

/// Sorts by key, inserting each in place. A turn's moves are tens, where this is about as
/// quick as the library's sort, whose several algorithms would be kilobytes of the page's
/// download.
fn insertion_sort(scored: &mut [(u64, Move)]) {
    for i in 1..scored.len() {
        let item = scored[i];
        let mut j = i;
        while j > 0 && scored[j - 1].0 > item.0 {
            scored[j] = scored[j - 1];
            j -= 1;
        }
        scored[j] = item;
    }
}

fn history_index(side: usize, mv: Move) -> usize {
    let from = mv.from().map_or(0, |f| f.slot());
    (side * SLOTS + from) * SLOTS + mv.to().slot()
}

/// How many captures in a row the quiescence search follows on `position`'s board.
fn quiescence_depth(rules: &Rules, position: &Position) -> u32 {
    let board = position.board();
    if rules.movement == Movement::Rook && board.width() * board.height() > LARGE_BOARD {
        LARGE_QUIESCENCE
    } else {
        MAX_QUIESCENCE
    }
}

/// Win scores are stored relative to the position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN - MAX_PLY as i32 * 2 {
        score + ply as i32
    } else if score < -WIN + MAX_PLY as i32 * 2 {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN - MAX_PLY as i32 * 2 {
        score - ply as i32
    } else if score < -WIN + MAX_PLY as i32 * 2 {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latrunculi::Square;
    use crate::rng::Rng;

    #[test]
    fn insertion_sort_orders_as_the_library_does() {
        let mut rng = Rng::new(7);
        for len in [0, 1, 2, 5, 40, 64, 150] {
            let mut keys: Vec<(u64, Move)> = (0..len)
                .map(|i| {
                    let key = (u64::from(rng.below(5)) << 32) | i as u64;
                    (key, Move::place(Square::at(i % 8, i / 8 % 8)))
                })
                .collect();
            let mut expected = keys.clone();
            expected.sort_unstable_by_key(|&(key, _)| key);
            insertion_sort(&mut keys);
            assert_eq!(keys, expected, "{len}");
        }
    }
}
