//! Perft: the number of move sequences of each length from the preset starts, checked three
//! ways: the table below, a closed-form count, and a second, deliberately naive generator.

use ludi_core::latrunculi::{
    Dux, Game, Leap, Move, Movement, Position, Removal, Rules, Side, Trap, Win, PRESETS,
};
use ludi_core::rng::Rng;

fn perft(rules: &Rules, position: &Position, depth: u32) -> u64 {
    if depth == 0 || position.outcome(rules).is_some() {
        return u64::from(depth == 0);
    }
    position
        .legal_moves(rules)
        .into_iter()
        .map(|mv| perft(rules, &position.apply(rules, mv).expect("legal"), depth - 1))
        .sum()
}

/// A Piso position in the movement phase: both sides' 20 counters placed at random.
fn piso_after_placing() -> Position {
    let mut game =
        ludi_core::latrunculi::Game::seeded(Rules::PISO, Position::start(&Rules::PISO), 2024);
    game.place_rest();
    game.position().clone()
}

#[test]
fn perft_table_from_the_preset_starts() {
    let piso = Position::start(&Rules::PISO);
    let quintana = Position::start(&Rules::QUINTANA);
    let schadler = Position::start(&Rules::SCHADLER_1994);
    let seneca = Position::start(&Rules::SENECA);
    let table: [(&Rules, &Position, [u64; 3]); 5] = [
        (&Rules::PISO, &piso, [64, 4_032, 249_984]),
        (&Rules::QUINTANA, &quintana, [32, 944, 37_796]),
        (&Rules::SCHADLER_1994, &schadler, [64, 4_032, 249_984]),
        (&Rules::SCHADLER_2001, &schadler, [64, 4_032, 249_984]),
        (&Rules::SENECA, &seneca, [64, 4_032, 249_984]),
    ];
    for (rules, position, counts) in table {
        for (depth, expected) in (1..=3).zip(counts) {
            assert_eq!(
                perft(rules, position, depth),
                expected,
                "{rules} depth {depth}"
            );
        }
    }
}

#[test]
fn piso_placement_perft_is_a_falling_product_of_empty_squares() {
    // Placements never capture, so each one fills one of the empty squares: 64 * 63 * 62.
    let piso = Position::start(&Rules::PISO);
    assert_eq!(perft(&Rules::PISO, &piso, 1), 64);
    assert_eq!(perft(&Rules::PISO, &piso, 2), 64 * 63);
    assert_eq!(perft(&Rules::PISO, &piso, 3), 64 * 63 * 62);
}

#[test]
fn seega_placement_perft_skips_the_centre_and_places_in_pairs() {
    // 6 x 6: 35 squares but the centre, then one fewer per placement, whoever places.
    let rules = Rules::parse("seega-6x6").unwrap();
    let start = Position::start(&rules);
    assert_eq!(perft(&rules, &start, 1), 35);
    assert_eq!(perft(&rules, &start, 2), 35 * 34);
    assert_eq!(perft(&rules, &start, 3), 35 * 34 * 33);
    let kharebga = Rules::parse("kharebga-11x12").unwrap();
    assert_eq!(perft(&kharebga, &Position::start(&kharebga), 2), 131 * 130);
}

#[test]
fn every_kharebga_and_seega_board_places_and_moves_as_counted() {
    // Every board of the two families: the first placements fill any square but the centre,
    // one fewer each time whoever places; then, 20 random moves after placing, the engine and
    // the naive generator count the same move sequences.
    let families = PRESETS
        .iter()
        .filter(|p| p.id.starts_with("kharebga-") || p.id.starts_with("seega-"));
    for (n, preset) in families.enumerate() {
        let rules = preset.rules;
        let start = Position::start(&rules);
        let open = (rules.board.squares() - 1) as u64;
        assert_eq!(perft(&rules, &start, 1), open, "{}", preset.id);
        assert_eq!(perft(&rules, &start, 2), open * (open - 1), "{}", preset.id);
        let plies = 2 * usize::from(rules.placed) + 20;
        let moving = midgame(&rules, n as u64 + 1, plies);
        let lfen = moving.to_string();
        assert_eq!(lfen.split(' ').nth(2), Some("0,0"), "{lfen}: all placed");
        assert!(perft(&rules, &moving, 1) > 0, "{lfen}: a side can move");
        agree_to_depth_3(&rules, &moving);
    }
}

#[test]
fn quintana_opening_perft_by_counting_open_squares() {
    // Only rank-2 counters can move, up the file into ranks 3-6: 8 files * 4 = 32.
    // After white's counter reaches rank k on a file, black's counter on that file has
    // 6 - k squares left and the other seven files still have 4 each.
    let quintana = Position::start(&Rules::QUINTANA);
    let depth2: u64 = 8 * (3..=6u64).map(|k| (6 - k) + 7 * 4).sum::<u64>();
    assert_eq!(perft(&Rules::QUINTANA, &quintana, 1), 32);
    assert_eq!(perft(&Rules::QUINTANA, &quintana, 2), depth2);
}

#[test]
fn naive_generator_agrees_at_depths_1_to_3() {
    let positions = [
        (Rules::QUINTANA, Position::start(&Rules::QUINTANA)),
        (Rules::PISO, piso_after_placing()),
        (
            Rules {
                movement: Movement::Rook,
                ..Rules::PISO
            },
            piso_after_placing(),
        ),
    ];
    for (rules, position) in positions {
        agree_to_depth_3(&rules, &position);
    }
}

/// The engine and the naive generator count the same move sequences to depth 3.
fn agree_to_depth_3(rules: &Rules, position: &Position) {
    let naive = Naive::from_lfen(&position.to_string());
    for depth in 1..=3 {
        assert_eq!(
            perft(rules, position, depth),
            naive.perft(rules, depth),
            "{rules} from {position} depth {depth}"
        );
    }
}

/// A Piso position played on under `rules` until counters are frozen, its last moves cleared
/// (the naive generator starts without them).
fn with_frozen_counters(rules: &Rules, seed: u64) -> Position {
    let mut game = ludi_core::latrunculi::Game::seeded(*rules, piso_after_placing(), seed);
    let mut rng = ludi_core::rng::Rng::new(seed);
    loop {
        let lfen = game.position().to_string();
        let fields: Vec<&str> = lfen.split(' ').collect();
        let frozen = fields[0].contains(['w', 'b']);
        if frozen && fields.len() == 6 && game.outcome().is_none() {
            let cleared = format!("{} -,-", fields[..5].join(" "));
            return cleared.parse().expect("a position");
        }
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "the game ended before anything froze");
        game.play(moves[rng.below(moves.len() as u32) as usize])
            .expect("legal");
    }
}

#[test]
fn naive_generator_agrees_under_schadlers_rules() {
    let freeze = Rules {
        trap: Trap::Freeze,
        corner: false,
        noback: false,
        ..Rules::PISO
    };
    let leap_any = Rules {
        leap: Leap::Any,
        ..freeze
    };
    let seneca = Rules {
        leap: Leap::Own,
        corner: true,
        ..freeze
    };
    let schadler_2001 = Rules {
        nobetween: true,
        ..leap_any
    };
    let capturing_rook = Rules {
        leap: Leap::Any,
        movement: Movement::Rook,
        ..Rules::PISO
    };
    let free_removal = Rules {
        removal: Removal::Free,
        ..leap_any
    };
    let presets = [Rules::SCHADLER_1994, Rules::SCHADLER_2001, Rules::SENECA];
    for (n, rules) in [
        freeze,
        leap_any,
        seneca,
        schadler_2001,
        capturing_rook,
        free_removal,
    ]
    .into_iter()
    .chain(presets)
    .enumerate()
    {
        let start = piso_after_placing();
        let frozen = with_frozen_counters(
            &Rules {
                trap: Trap::Freeze,
                ..rules
            },
            n as u64,
        );
        for position in [start, frozen] {
            agree_to_depth_3(&rules, &position);
        }
    }
}

#[test]
fn falkener_opening_perft_by_counting_open_squares() {
    // Each side's 30 counters stand on a1's colour, so every square beside one along a rank
    // or file is empty: 109 such steps for white on the board (6 counters of rank 1 cannot go
    // down, 5 at an edge cannot go sideways), and the 6 counters of rank 5 step diagonally
    // into rank 6 (11 squares, a5 having no up-left). No counter is next to an enemy, so
    // nothing hops and nothing is taken, and black's 120 do not depend on white's move.
    let rules = Rules::parse("falkener").unwrap();
    let start = Position::start(&rules);
    assert_eq!(start.counters(Side::White), 30);
    assert_eq!(start.counters(Side::Black), 30);
    assert_eq!(perft(&rules, &start, 1), 109 + 11);
    assert_eq!(perft(&rules, &start, 2), 120 * 120);
    agree_to_depth_3(&rules, &start);
}

#[test]
fn kowalski_opening_perft_by_counting_open_squares() {
    // 11 files, 10 ranks, each back rank full (the dux on f1 and f10): each white piece
    // slides up its file over ranks 2-9, 11 x 8 = 88. After white's piece on a file stops on
    // rank r, black's piece on that file has 9 - r squares left and the other ten files 8
    // each; nothing is taken so early.
    let rules = Rules::parse("kowalski-10x11").unwrap();
    let start = Position::start(&rules);
    assert_eq!(perft(&rules, &start, 1), 88);
    let depth2: u64 = 11 * (2..=9u64).map(|r| (9 - r) + 10 * 8).sum::<u64>();
    assert_eq!(perft(&rules, &start, 2), depth2);
    // 8 ranks of 12: the back ranks full and the duxes on g2 and f7 in front of them. White's
    // dux slides along rank 2 (six squares left, five right) or up file g to g7 (black's dux
    // is on f7): 16; its counters slide up their files from rank 1 but g1, blocked by the
    // dux: 11 files to rank 7, that is 6 squares each but f (to f6: 5 squares) = 65.
    let rules = Rules::parse("kowalski-8x12").unwrap();
    let start = Position::start(&rules);
    assert_eq!(perft(&rules, &start, 1), 6 + 5 + 5 + 65);
}

#[test]
fn naive_generator_agrees_along_the_diagonals() {
    let falkener = Rules::parse("falkener").unwrap();
    let diagonal = Rules {
        diagonal: true,
        ..Rules::PISO
    };
    let variants = [
        diagonal,
        Rules {
            movement: Movement::Rook,
            leap: Leap::Enemy,
            ..diagonal
        },
        Rules {
            trap: Trap::Freeze,
            leap: Leap::Any,
            nobetween: true,
            noback: false,
            ..diagonal
        },
    ];
    for seed in 0..4 {
        agree_to_depth_3(&falkener, &midgame(&falkener, seed, 40));
    }
    for (n, rules) in variants.into_iter().enumerate() {
        agree_to_depth_3(&rules, &piso_after_placing());
        let frozen = Rules {
            trap: Trap::Freeze,
            ..rules
        };
        agree_to_depth_3(&rules, &with_frozen_counters(&frozen, n as u64));
    }
}

/// The position after `plies` random moves from `rules`' start (or fewer, if the game
/// ends), its last moves cleared for the naive generator.
fn midgame(rules: &Rules, seed: u64, plies: usize) -> Position {
    let mut game = Game::seeded(*rules, Position::start(rules), seed);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if game.outcome().is_some() || moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len() as u32) as usize])
            .unwrap();
        if game.position().leaping().is_some() {
            game.play(Move::stop(game.position().leaping().unwrap()))
                .unwrap();
        }
    }
    let lfen = game.position().to_string();
    let fields: Vec<&str> = lfen.split(' ').take(5).collect();
    format!("{} -,-", fields.join(" ")).parse().unwrap()
}

/// A second movement-phase generator written straight from the rules' wording, with none
/// of the engine's data structures: a grid of chars (`W`, `B`, frozen `w`, `b`, duxes `X`,
/// `Y`, empty `.`), rows from rank 1 up.
#[derive(Clone)]
struct Naive {
    grid: Vec<Vec<char>>,
    turn: char,
    /// Each side's last move as (from file, from rank, to file, to rank).
    last: [Option<(i32, i32, i32, i32)>; 2],
    leap: Option<NaiveLeap>,
}

/// A leaping counter's file and rank, and the squares it has stood on this turn.
type NaiveLeap = (i32, i32, Vec<(i32, i32)>);

/// The side (`W` or `B`) of a grid char's counter or dux, frozen or not.
fn owner_of(c: char) -> Option<char> {
    match c {
        'W' | 'w' | 'X' => Some('W'),
        'B' | 'b' | 'Y' => Some('B'),
        _ => None,
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum NaiveMove {
    Slide(i32, i32, i32, i32),
    Remove(i32, i32),
    Stop,
}

const DIRECTIONS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, -1), (-1, 1), (1, -1)];

/// The directions a counter moves, leaps and traps along under `rules`.
fn lines(rules: &Rules) -> Vec<(i32, i32)> {
    let diagonals = if rules.diagonal { &DIAGONALS[..] } else { &[] };
    DIRECTIONS.iter().chain(diagonals).copied().collect()
}

impl Naive {
    fn from_lfen(lfen: &str) -> Naive {
        let fields: Vec<&str> = lfen.split(' ').collect();
        let mut grid: Vec<Vec<char>> = fields[0]
            .split('/')
            .map(|rank| {
                let mut row = Vec::new();
                let mut run = 0;
                for c in rank.chars() {
                    if let Some(d) = c.to_digit(10) {
                        run = run * 10 + d;
                        continue;
                    }
                    row.extend(std::iter::repeat_n('.', run as usize));
                    run = 0;
                    row.push(c);
                }
                row.extend(std::iter::repeat_n('.', run as usize));
                row
            })
            .collect();
        grid.reverse();
        assert_eq!(
            fields[5], "-,-",
            "the naive generator starts without last moves"
        );
        // Only a counter that has just captured (a square alone), not a leap part-way.
        let leap = fields.get(6).map(|square| {
            assert!(
                !square.contains(','),
                "the naive generator starts without a leap"
            );
            let file = i32::from(square.as_bytes()[0] - b'a');
            let rank = square[1..].parse::<i32>().unwrap() - 1;
            (file, rank, vec![(file, rank)])
        });
        Naive {
            grid,
            turn: if fields[1] == "w" { 'W' } else { 'B' },
            last: [None, None],
            leap,
        }
    }

    fn at(&self, file: i32, rank: i32) -> char {
        if file < 0 || rank < 0 {
            return '#';
        }
        let row = self.grid.get(rank as usize);
        row.and_then(|r| r.get(file as usize))
            .copied()
            .unwrap_or('#')
    }

    /// The side (`W` or `B`) of whatever counter or dux stands at (file, rank), frozen or not.
    fn owner(&self, file: i32, rank: i32) -> Option<char> {
        owner_of(self.at(file, rank))
    }

    /// The side (`W` or `B`) of the unfrozen counter or dux at (file, rank), if one stands there.
    fn free_side(&self, file: i32, rank: i32) -> Option<char> {
        match self.at(file, rank) {
            'W' | 'X' => Some('W'),
            'B' | 'Y' => Some('B'),
            _ => None,
        }
    }

    fn foe(&self) -> char {
        if self.turn == 'W' {
            'B'
        } else {
            'W'
        }
    }

    fn moves(&self, rules: &Rules) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        if let Some((file, rank, visited)) = &self.leap {
            if rules.again {
                moves = self.moves_of(rules, *file, *rank);
            } else {
                for (tf, tr) in self.hops(rules, *file, *rank, visited) {
                    moves.push(NaiveMove::Slide(*file, *rank, tf, tr));
                }
            }
            moves.push(NaiveMove::Stop);
            return moves;
        }
        for rank in 0..self.grid.len() as i32 {
            for file in 0..self.grid[0].len() as i32 {
                if self.free_side(file, rank) == Some(self.turn) {
                    moves.extend(self.moves_of(rules, file, rank));
                }
            }
        }
        if rules.trap == Trap::Freeze {
            let frozen_foe = self.foe().to_ascii_lowercase();
            for rank in 0..self.grid.len() as i32 {
                for file in 0..self.grid[0].len() as i32 {
                    if self.at(file, rank) == frozen_foe {
                        moves.push(NaiveMove::Remove(file, rank));
                    }
                }
            }
        }
        moves
    }

    /// The moves and leaps of the side to move's free counter or dux at (file, rank).
    fn moves_of(&self, rules: &Rules, file: i32, rank: i32) -> Vec<NaiveMove> {
        let mut moves = Vec::new();
        let side = usize::from(self.turn == 'B');
        let back = self.last[side].map(|(a, b, c, d)| NaiveMove::Slide(c, d, a, b));
        let mut allowed = |mv: NaiveMove| {
            if !(rules.noback && back == Some(mv)) {
                moves.push(mv);
            }
        };
        for (df, dr) in lines(rules) {
            let mut distance = 1;
            while self.at(file + df * distance, rank + dr * distance) == '.' {
                let (tf, tr) = (file + df * distance, rank + dr * distance);
                if self.may_enter(rules, (file, rank), (tf, tr)) {
                    allowed(NaiveMove::Slide(file, rank, tf, tr));
                }
                if rules.movement == Movement::Step {
                    break;
                }
                distance += 1;
            }
        }
        if rules.leap != Leap::Off {
            for (tf, tr) in self.hops(rules, file, rank, &[(file, rank)]) {
                allowed(NaiveMove::Slide(file, rank, tf, tr));
            }
        }
        moves
    }

    /// Leaps from (file, rank) over a counter the rules allow onto an empty square not visited.
    fn hops(&self, rules: &Rules, file: i32, rank: i32, visited: &[(i32, i32)]) -> Vec<(i32, i32)> {
        let mut hops = Vec::new();
        for (df, dr) in lines(rules) {
            let (of, or) = (file + df, rank + dr);
            let over = self.at(of, or);
            let (tf, tr) = (file + 2 * df, rank + 2 * dr);
            let my_dux = if self.turn == 'W' { 'X' } else { 'Y' };
            let leapable = match rules.leap {
                Leap::Off => false,
                Leap::Any => self.owner(of, or).is_some(),
                Leap::Own => self.free_side(of, or) == Some(self.turn) || over.is_ascii_lowercase(),
                Leap::Enemy => self.owner(of, or) == Some(self.foe()),
                Leap::Dux => {
                    self.owner(of, or) == Some(self.foe()) && self.at(file, rank) == my_dux
                }
            };
            if leapable
                && self.at(tf, tr) == '.'
                && !visited.contains(&(tf, tr))
                && self.may_enter(rules, (file, rank), (tf, tr))
            {
                hops.push((tf, tr));
            }
        }
        hops
    }

    /// `nobetween`: not onto a square between two enemies, frozen or not, unless it traps.
    fn may_enter(&self, rules: &Rules, from: (i32, i32), to: (i32, i32)) -> bool {
        let foe = self.foe();
        let enemy = |f: i32, r: i32| self.owner(f, r) == Some(foe);
        let (f, r) = to;
        let between = lines(rules)
            .iter()
            .any(|&(df, dr)| enemy(f + df, r + dr) && enemy(f - df, r - dr));
        if !rules.nobetween || !between {
            return true;
        }
        let mut moved = self.clone();
        moved.grid[from.1 as usize][from.0 as usize] = '.';
        moved.grid[r as usize][f as usize] = self.at(from.0, from.1);
        !moved.trapped(rules, f, r).is_empty()
    }

    /// The free enemy counters that a free counter of the side to move, just arrived on
    /// (tf, tr), traps against another free counter of its own or, on a corner, the corner
    /// rule.
    fn trapped(&self, rules: &Rules, tf: i32, tr: i32) -> Vec<(i32, i32)> {
        let (me, enemy) = (self.turn, self.foe());
        let (width, height) = (self.grid[0].len() as i32, self.grid.len() as i32);
        let is_corner = |f: i32, r: i32| (f == 0 || f == width - 1) && (r == 0 || r == height - 1);
        let enemy_dux = if enemy == 'W' { 'X' } else { 'Y' };
        let prey = |c: char| c == enemy || (rules.dux == Dux::Placed && c == enemy_dux);
        let mine = |f: i32, r: i32| self.free_side(f, r) == Some(me);
        let mut taken = Vec::new();
        for (df, dr) in lines(rules) {
            let (ef, er) = (tf + df, tr + dr);
            if !prey(self.at(ef, er)) {
                continue;
            }
            let straight = df == 0 || dr == 0;
            let beyond = (ef + df, er + dr);
            if mine(beyond.0, beyond.1) || (rules.hostile && is_corner(beyond.0, beyond.1)) {
                taken.push((ef, er));
            } else if rules.corner && straight && is_corner(ef, er) {
                // The corner's other neighbour is the one not on the line we came along.
                let (of, or) = (ef + dr, er + df);
                let (of2, or2) = (ef - dr, er - df);
                if mine(of, or) || mine(of2, or2) {
                    taken.push((ef, er));
                }
            }
        }
        taken
    }

    /// Under `trap=freeze`: every frozen counter no pair of free enemies holds is free again.
    fn free_the_unheld(&mut self, rules: &Rules) {
        let (width, height) = (self.grid[0].len() as i32, self.grid.len() as i32);
        for rank in 0..height {
            for file in 0..width {
                let c = self.at(file, rank);
                if !c.is_ascii_lowercase() {
                    continue;
                }
                let enemy = if c == 'w' { 'B' } else { 'W' };
                let is_corner =
                    |f: i32, r: i32| (f == 0 || f == width - 1) && (r == 0 || r == height - 1);
                let holds = |f: i32, r: i32| {
                    self.free_side(f, r) == Some(enemy) || (rules.hostile && is_corner(f, r))
                };
                let line = lines(rules)
                    .iter()
                    .any(|&(df, dr)| holds(file + df, rank + dr) && holds(file - df, rank - dr));
                let corner_neighbours: Vec<(i32, i32)> = DIRECTIONS
                    .iter()
                    .map(|(df, dr)| (file + df, rank + dr))
                    .filter(|&(f, r)| self.at(f, r) != '#')
                    .collect();
                let on_corner =
                    (file == 0 || file == width - 1) && (rank == 0 || rank == height - 1);
                let corner = rules.corner
                    && on_corner
                    && corner_neighbours.iter().all(|&(f, r)| holds(f, r));
                if !(line || corner) {
                    self.grid[rank as usize][file as usize] = c.to_ascii_uppercase();
                }
            }
        }
    }

    fn play(&self, rules: &Rules, mv: NaiveMove) -> Naive {
        let mut next = self.clone();
        let me = self.turn;
        let enemy = self.foe();
        next.leap = None;
        let (ff, fr, tf, tr) = match mv {
            NaiveMove::Stop => {
                next.turn = enemy;
                return next;
            }
            NaiveMove::Remove(f, r) => {
                next.grid[r as usize][f as usize] = '.';
                next.last[usize::from(me == 'B')] = None;
                // Seneca: the remover moves on (or removes again) in the same turn.
                if rules.removal == Removal::Turn {
                    next.turn = enemy;
                }
                return next;
            }
            NaiveMove::Slide(ff, fr, tf, tr) => (ff, fr, tf, tr),
        };
        let (df, dr) = ((tf - ff).abs(), (tr - fr).abs());
        let leapt = df.max(dr) == 2
            && (df == 0 || dr == 0 || df == dr)
            && self.at((ff + tf) / 2, (fr + tr) / 2).is_ascii_alphabetic();
        next.grid[fr as usize][ff as usize] = '.';
        next.grid[tr as usize][tf as usize] = self.at(ff, fr);
        let trapped = next.trapped(rules, tf, tr);
        for &(f, r) in &trapped {
            let cell = &mut next.grid[r as usize][f as usize];
            *cell = match rules.trap {
                Trap::Capture => '.',
                // A dux never freezes.
                Trap::Freeze if *cell != enemy => *cell,
                Trap::Freeze => enemy.to_ascii_lowercase(),
            };
        }

        if rules.trap == Trap::Freeze {
            next.free_the_unheld(rules);
        }
        next.last[usize::from(me == 'B')] = Some((ff, fr, tf, tr));
        let left = |side: char| {
            let pieces = next.grid.iter().flatten();
            pieces.filter(|&&c| owner_of(c) == Some(side)).count()
        };
        let floor = if rules.win == Win::Captures { 1 } else { 0 };
        let plays_on = left('W') > floor && left('B') > floor;
        if rules.again && rules.trap == Trap::Capture && !trapped.is_empty() && plays_on {
            // Another move for the counter that captured, if it has one, the game going on.
            next.leap = Some((tf, tr, vec![(tf, tr)]));
            if next.moves_of(rules, tf, tr).is_empty() {
                next.leap = None;
            } else {
                return next;
            }
        }
        if leapt && matches!(rules.leap, Leap::Any | Leap::Own) {
            let mut visited = self.leap.as_ref().map_or(vec![(ff, fr)], |l| l.2.clone());
            visited.push((tf, tr));
            if !next.hops(rules, tf, tr, &visited).is_empty() {
                next.leap = Some((tf, tr, visited));
                return next;
            }
        }
        next.turn = enemy;
        next
    }

    fn perft(&self, rules: &Rules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves(rules)
            .into_iter()
            .map(|mv| self.play(rules, mv).perft(rules, depth - 1))
            .sum()
    }
}

#[test]
fn naive_generator_reads_moves_like_the_engine() {
    let position = Position::start(&Rules::QUINTANA);
    let naive = Naive::from_lfen(&position.to_string());
    let names = |mv: NaiveMove| {
        let sq = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        match mv {
            NaiveMove::Slide(ff, fr, tf, tr) => format!("{}-{}", sq(ff, fr), sq(tf, tr)),
            NaiveMove::Remove(f, r) => format!("x{}", sq(f, r)),
            NaiveMove::Stop => "=".into(),
        }
    };
    let mut ours: Vec<String> = position
        .legal_moves(&Rules::QUINTANA)
        .iter()
        .map(Move::to_string)
        .collect();
    let mut theirs: Vec<String> = naive
        .moves(&Rules::QUINTANA)
        .into_iter()
        .map(names)
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
}

#[test]
fn bell_placement_perft_places_two_a_turn_then_the_dux() {
    let rules = Rules::parse("bell-8x7").unwrap();
    let start = Position::start(&rules);
    // 56 empty squares, anywhere; white places two in a row, then black.
    assert_eq!(perft(&rules, &start, 1), 56);
    assert_eq!(perft(&rules, &start, 2), 56 * 55);
    assert_eq!(perft(&rules, &start, 3), 56 * 55 * 54);
    // The last placement of each side, its dux, is one placement a turn.
    let last: Position = "W6/7/7/7/7/7/7/B6 w 1,1 0,0 0 -,-".parse().unwrap();
    assert_eq!(perft(&rules, &last, 2), 54 * 53);
}

#[test]
fn bell_movement_perft_by_hand_and_as_the_naive_generator_counts() {
    let rules = Rules::parse("bell-8x8").unwrap();
    // White: counters d6, f5, c4 and the dux a1; black: a2, d5, e5, h8. d6, f5 and c4 step
    // three, three and four ways; the dux steps to b1 or leaps a2 to a3.
    let p: Position = "7B/8/3W4/3BBW2/2W5/8/B7/X7 w 0,0 0,0 0 -,-"
        .parse()
        .unwrap();
    assert_eq!(perft(&rules, &p, 1), 12);
    // c4-d4 takes d5 against d6: d4 then moves on (to c4, d3, d5 or e4) or stops.
    let after = p.apply(&rules, Move::parse("c4-d4").unwrap()).unwrap();
    assert_eq!(perft(&rules, &after, 1), 5);
    agree_to_depth_3(&rules, &p);
    agree_to_depth_3(&rules, &after_cleared(&after));
    for seed in 0..4 {
        let eight_by_seven = Rules::parse("bell-8x7").unwrap();
        agree_to_depth_3(&eight_by_seven, &midgame(&eight_by_seven, seed, 60));
        agree_to_depth_3(&rules, &midgame(&rules, seed, 70));
    }
}

/// `position` with its last moves cleared, for the naive generator, which starts without them.
fn after_cleared(position: &Position) -> Position {
    let lfen = position.to_string();
    let mut fields: Vec<&str> = lfen.split(' ').collect();
    fields[5] = "-,-";
    fields.join(" ").parse().unwrap()
}

#[test]
fn naive_generator_agrees_with_kowalskis_dux_that_is_never_taken() {
    for id in ["kowalski-10x11", "kowalski-8x12"] {
        let rules = Rules::parse(id).unwrap();
        for seed in 0..2 {
            agree_to_depth_3(&rules, &midgame(&rules, seed, 30));
        }
    }
}
