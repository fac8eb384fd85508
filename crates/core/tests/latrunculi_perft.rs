//! Perft: the number of move sequences of each length from the preset starts, checked three
//! ways: the table below, a closed-form count, and a second, deliberately naive generator.

use ludi_core::latrunculi::{Move, Movement, Position, Rules};

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
    let table: [(&Rules, &Position, [u64; 3]); 2] = [
        (&Rules::PISO, &piso, [64, 4_032, 249_984]),
        (&Rules::QUINTANA, &quintana, [32, 944, 37_796]),
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
        let naive = Naive::from_lfen(&position.to_string());
        for depth in 1..=3 {
            assert_eq!(
                perft(&rules, &position, depth),
                naive.perft(&rules, depth),
                "{rules} from {position} depth {depth}"
            );
        }
    }
}

/// A second movement-phase generator written straight from the wording, with none
/// of the engine's data structures: a grid of chars, rows from rank 1 up.
#[derive(Clone)]
struct Naive {
    grid: Vec<Vec<char>>,
    turn: char,
    /// Each side's last move as (from file, from rank, to file, to rank).
    last: [Option<(i32, i32, i32, i32)>; 2],
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
        Naive {
            grid,
            turn: if fields[1] == "w" { 'W' } else { 'B' },
            last: [None, None],
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

    fn moves(&self, rules: &Rules) -> Vec<(i32, i32, i32, i32)> {
        let mut moves = Vec::new();
        let side = usize::from(self.turn == 'B');
        for rank in 0..self.grid.len() as i32 {
            for file in 0..self.grid[0].len() as i32 {
                if self.at(file, rank) != self.turn {
                    continue;
                }
                for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                    let mut distance = 1;
                    while self.at(file + df * distance, rank + dr * distance) == '.' {
                        let mv = (file, rank, file + df * distance, rank + dr * distance);
                        let back = self.last[side].map(|(a, b, c, d)| (c, d, a, b));
                        if !(rules.noback && back == Some(mv)) {
                            moves.push(mv);
                        }
                        if rules.movement == Movement::Step {
                            break;
                        }
                        distance += 1;
                    }
                }
            }
        }
        moves
    }

    fn play(&self, rules: &Rules, (ff, fr, tf, tr): (i32, i32, i32, i32)) -> Naive {
        let mut next = self.clone();
        let me = self.turn;
        let enemy = if me == 'W' { 'B' } else { 'W' };
        next.grid[fr as usize][ff as usize] = '.';
        next.grid[tr as usize][tf as usize] = me;
        let (width, height) = (self.grid[0].len() as i32, self.grid.len() as i32);
        let is_corner = |f: i32, r: i32| (f == 0 || f == width - 1) && (r == 0 || r == height - 1);
        let mut taken = Vec::new();
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (ef, er) = (tf + df, tr + dr);
            if next.at(ef, er) != enemy {
                continue;
            }
            if next.at(ef + df, er + dr) == me {
                taken.push((ef, er));
            } else if rules.corner && is_corner(ef, er) {
                // The corner's other neighbour is the one not on the line we came along.
                let (of, or) = (ef + dr, er + df);
                let (of2, or2) = (ef - dr, er - df);
                if next.at(of, or) == me || next.at(of2, or2) == me {
                    taken.push((ef, er));
                }
            }
        }
        for (f, r) in taken {
            next.grid[r as usize][f as usize] = '.';
        }
        next.last[usize::from(me == 'B')] = Some((ff, fr, tf, tr));
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
    let names = |(ff, fr, tf, tr): (i32, i32, i32, i32)| {
        let sq = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        format!("{}-{}", sq(ff, fr), sq(tf, tr))
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
