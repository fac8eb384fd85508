//! `ludi latrunculi ...` as a user runs it: the built binary, its output and exit codes.

mod common;

use common::{ludi, text};
use std::process::Output;

const QUINTANA: &str = "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0,0 0,0 0 -,-";

fn stdout(output: &Output) -> String {
    text(&output.stdout)
}

#[test]
fn moves_lists_sorted_moves_with_positions_after_and_a_count() {
    let out = ludi(
        &["latrunculi", "moves", "--rules", "quintana", QUINTANA],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 33);
    assert_eq!(lines[32], "32 moves");
    assert_eq!(
        lines[0],
        "a2-a3\tBBBBBBBB/BBBBBBBB/8/8/8/W7/1WWWWWWW/WWWWWWWW b 0,0 0,0 1 a2-a3,-"
    );
    let moves: Vec<&str> = lines[..32]
        .iter()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
}

#[test]
fn placements_come_first_in_byte_order() {
    let out = ludi(
        &[
            "latrunculi",
            "moves",
            "--rules",
            "piso",
            "8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(text.starts_with("@a1\t8/8/8/8/8/8/8/W7 b 19,20 0,0 0 -,-\n@a2\t"));
    assert!(text.ends_with("64 moves\n"));
}

#[test]
fn a_finished_game_prints_its_result() {
    let out = ludi(
        &[
            "latrunculi",
            "moves",
            "--rules",
            "piso",
            "8/8/8/8/8/8/W6B/2B5 b 0,0 3,5 4 -,-",
        ],
        "",
    );
    assert_eq!(stdout(&out), "result: black\n0 moves\n");
}

#[test]
fn stdin_mode_answers_each_line_with_a_block() {
    let input = format!("{QUINTANA}\nnot a position\n8/8/8/8/8/8/8/2B5 w 0,0 0,5 4 -,-\n");
    let out = ludi(&["latrunculi", "moves", "--rules", "quintana"], &input);
    assert!(out.status.success());
    let text = stdout(&out);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        4,
        "three blocks each followed by an empty line"
    );
    assert!(blocks[0].ends_with("32 moves"));
    assert!(blocks[1].starts_with("error: LFEN: expected 6 fields"));
    assert_eq!(
        blocks[2], "result: black\n0 moves",
        "win=all: white has no counters left"
    );
    assert_eq!(blocks[3], "");
}

#[test]
fn bad_input_in_argument_form_exits_2_with_a_message() {
    for args in [
        vec!["latrunculi", "moves", "--rules", "quintana", "8/8 w"],
        vec!["latrunculi", "moves", "--rules", "chess", QUINTANA],
        vec!["latrunculi", "moves", "--rules", "move=jump", QUINTANA],
        vec!["latrunculi", "moves", QUINTANA, QUINTANA],
        vec!["latrunculi", "fly"],
        vec!["latrunculi"],
    ] {
        let out = ludi(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn play_reports_games_wins_moves_and_speed() {
    let args = [
        "latrunculi",
        "play",
        "--rules",
        "quintana",
        "--games",
        "5",
        "--seed",
        "3",
    ];
    let out = ludi(&args, "");
    assert!(out.status.success());
    let text = stdout(&out);
    for label in [
        "games: 5",
        "white wins: ",
        "black wins: ",
        "draws: ",
        "mean moves: ",
        "max moves: ",
        "games per second: ",
    ] {
        assert!(text.contains(label), "{label} in {text}");
    }
    let again = stdout(&ludi(&args, ""));
    let without_speed = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with("games per second"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        without_speed(&text),
        without_speed(&again),
        "same seed, same games"
    );
}

#[test]
fn match_ends_with_both_players_wins() {
    let args = [
        "latrunculi",
        "match",
        "easy",
        "random",
        "--rules",
        "quintana",
        "--games",
        "4",
        "--seed",
        "5",
        "--threads",
        "2",
    ];
    let out = ludi(&args, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let last = text.lines().last().expect("a last line");
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[0], words[2]), ("easy", "random"));
    let wins: u32 = words[1].parse::<u32>().unwrap() + words[3].parse::<u32>().unwrap();
    assert!(wins <= 4);
    assert!(text.contains("easy think time per move (CPU): median"));
    assert!(text.contains("95% CI") || text.contains("no decided games"));
    let one_thread = stdout(&ludi(&args[..args.len() - 2], ""));
    assert_eq!(
        one_thread.lines().last(),
        Some(last),
        "threads do not change results"
    );
}

#[test]
fn match_rejects_unknown_players() {
    let out = ludi(&["latrunculi", "match", "hard", "grandmaster"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("grandmaster"));
}

#[test]
fn bench_reports_depth_nodes_and_speed() {
    let out = ludi(
        &["latrunculi", "bench", "--millis", "30", "--depth", "2"],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("hard to depth 2:"), "{text}");
    assert!(text.contains("nodes/s"), "{text}");
}

#[test]
fn replay_prints_the_final_lfen_and_the_result() {
    let record = "Game: Latrunculi\nRules: quintana\nWhite: Livia\n\n1. a2-a5\n2. h7-h4\n";
    let out = ludi(&["latrunculi", "replay", "-"], record);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "BBBBBBBB/BBBBBBB1/8/W7/7B/8/1WWWWWWW/WWWWWWWW w 0,0 0,0 2 a2-a5,h7-h4\nresult: *\n"
    );
    let over = "Game: Latrunculi\nRules: quintana\nStart: 8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-\nResult: black\n";
    let out = ludi(&["latrunculi", "replay", "-"], over);
    assert_eq!(
        text(&out.stdout),
        "8/8/8/8/8/8/8/2BB4 w 0,0 0,0 4 -,-\nresult: black\n"
    );
}

#[test]
fn replay_names_the_first_illegal_move_and_exits_2() {
    let out = ludi(
        &["latrunculi", "replay", "-"],
        "Game: Latrunculi\n\n@d4\n@d4\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).starts_with("ludi: standard input: turn 2 `@d4` is illegal: "),
        "{}",
        text(&out.stderr)
    );
    let scripta = ludi(&["latrunculi", "replay", "-"], "Game: XII Scripta\n");
    assert_eq!(scripta.status.code(), Some(2));
    assert_eq!(
        text(&scripta.stderr),
        "ludi: standard input: line 1: this is a record of XII Scripta, not Latrunculi\n"
    );
}

#[test]
fn presets_lists_each_reading_with_rules_that_read_back_to_it() {
    let out = ludi(&["latrunculi", "presets"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    let ids: Vec<&str> = lines.iter().map(|fields| fields[0]).collect();
    let sizes = [
        "6x6", "6x7", "6x8", "7x8", "8x8", "8x9", "9x10", "10x10", "11x12", "11x16",
    ];
    let ludii = ["kharebga", "seega"]
        .into_iter()
        .flat_map(|family| sizes.map(|size| format!("{family}-{size}")));
    let expected: Vec<String> = [
        "piso",
        "quintana",
        "schadler-1994",
        "schadler-2001",
        "seneca",
        "falkener",
        "kowalski-10x11",
        "kowalski-8x12",
        "bell-8x7",
        "bell-8x8",
    ]
    .map(String::from)
    .into_iter()
    .chain(ludii)
    .collect();
    assert_eq!(ids, expected);
    for fields in &lines {
        assert_eq!(fields.len(), 3, "{fields:?}");
        assert!(!fields[2].is_empty(), "{fields:?} names no source");
        // The rules column is the preset itself: `moves` under it and under the id agree.
        let start = match fields[0] {
            "piso" => "8/8/8/8/8/8/8/8 w 20,20 0,0 0 -,-",
            "quintana" => QUINTANA,
            _ => "8/8/8/2B1B3/3W4/8/3W4/3W3B w 0,0 0,0 0 -,-",
        };
        let by_id = ludi(&["latrunculi", "moves", "--rules", fields[0], start], "");
        let by_rules = ludi(&["latrunculi", "moves", "--rules", fields[1], start], "");
        assert_eq!(stdout(&by_id), stdout(&by_rules));
    }
    assert_eq!(
        lines[1][1],
        "start=rows,move=rook,corner=off,noback=off,win=all"
    );
    assert!(
        lines[2][2].contains("1994") && lines[3][2].contains("2001"),
        "{lines:?}"
    );

    let extra = ludi(&["latrunculi", "presets", "piso"], "");
    assert!(!extra.status.success());
    assert!(text_of_err(&extra).contains("no arguments"));
}

#[test]
fn presets_read_by_a_reader_that_stops_early_end_quietly() {
    // A pipe whose reading end is closed before `ludi` writes: every write fails, as under
    // `ludi latrunculi presets | head -1` once `head` has its line.
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ludi"))
        .args(["latrunculi", "presets"])
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .output()
        .expect("ludi runs");
    assert!(out.status.success(), "{}", text_of_err(&out));
    assert_eq!(text_of_err(&out), "");
}

fn text_of_err(output: &Output) -> String {
    text(&output.stderr)
}
