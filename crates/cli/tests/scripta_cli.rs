//! The `ludi scripta` command's output contract.

mod common;

use common::{ludi, text};

#[test]
fn moves_lists_outcomes_sorted_by_resulting_position_then_the_count() {
    let out = ludi(&["scripta", "moves", "A w15s0o0: w15s0o0: 235"], "");
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout),
        "in/5 in/3 in/2\tN w12s0o0:2,3,5 w15s0o0:\n\
         in/5 5/8 in/2\tN w13s0o0:2,8 w15s0o0:\n\
         in/5 in/3 5/7\tN w13s0o0:3,7 w15s0o0:\n\
         in/5 in/3 3/5\tN w13s0o0:5x2 w15s0o0:\n\
         in/5 5/8 8/10\tN w14s0o0:10 w15s0o0:\n\
         5 outcomes\n"
    );
}

#[test]
fn moves_marks_hits_and_forfeits() {
    let hit = ludi(&["scripta", "moves", "A w0s0o14:10 w14s0o0:13 3"], "");
    assert_eq!(
        text(&hit.stdout),
        "10/13*\tN w0s0o14:13 w14s1o0:\n1 outcomes\n"
    );
    let forfeit = ludi(
        &["scripta", "moves", "A w0s1o0:31x14 w9s0o0:2x2,3x2,5x2 235"],
        "",
    );
    assert_eq!(
        text(&forfeit.stdout),
        "-\tN w0s1o0:31x14 w9s0o0:2x2,3x2,5x2\n1 outcomes\n"
    );
    let won = ludi(&["scripta", "moves", "N w0s0o15: w15s0o0: 123"], "");
    assert_eq!(text(&won.stdout), "result: albi\n0 outcomes\n");
}

#[test]
fn moves_reads_standard_input_and_answers_bad_lines_in_place() {
    let input =
        "A w15s0o0: w15s0o0: 111\nnonsense\nA w15s0o0: w15s0o0:\nA w0s0o14:10 w14s0o0:13 3\n";
    let out = ludi(&["scripta", "moves"], input);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let blocks: Vec<&str> = stdout.split("\n\n").collect();
    assert_eq!(blocks.len(), 5, "{stdout}");
    assert!(blocks[0].ends_with("3 outcomes"));
    assert!(
        blocks[1].starts_with("error: bad position"),
        "{}",
        blocks[1]
    );
    assert!(blocks[2].starts_with("error: no dice"), "{}", blocks[2]);
    assert!(blocks[3].ends_with("1 outcomes"));
    assert_eq!(blocks[4], "");
}

#[test]
fn bad_arguments_exit_2_with_a_message_and_never_panic() {
    for args in [
        &["scripta", "moves", "A w15s0o0: w15s0o0:"][..],
        &["scripta", "moves", "A w15s0o0: w15s0o0: 7"],
        &["scripta", "moves", "A w16s0o0: w15s0o0: 1"],
        &["scripta", "moves", "a", "b"],
        &["scripta", "play", "--games", "x"],
        &["scripta", "play", "--games"],
        &["scripta", "fly"],
        &["scripta"],
        &["chess"],
        &[],
    ] {
        let out = ludi(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.starts_with("ludi: "), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn play_is_reproducible_from_its_seed() {
    let run = |seed: &str| {
        let out = ludi(&["scripta", "play", "--games", "20", "--seed", seed], "");
        assert!(out.status.success());
        // All but the speed line are fixed by the seed.
        text(&out.stdout)
            .lines()
            .filter(|l| !l.starts_with("games per second"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let first = run("11");
    assert_eq!(first[0], "games: 20");
    let wins: u32 = first[1..3]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u32>().unwrap())
        .sum();
    assert_eq!(wins, 20);
    assert_eq!(first, run("11"));
    assert_ne!(first, run("12"));
}

#[test]
fn replay_prints_the_final_position_and_the_result() {
    let record = "Game: XII Scripta\nRules: Austin & Murray\nAlbi: Marcus\nNigri: centurio\nResult: *\n\nA 235: in/2 in/3 in/5\nN 112: in/1 in/1 1/3*\n";
    let out = ludi(&["scripta", "replay", "-"], record);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "A w12s1o0:2,5 w13s0o0:1,3\nresult: *\n");

    let path = std::env::temp_dir().join(format!("ludi-scripta-{}.txt", std::process::id()));
    let won = "Game: XII Scripta\nStart: A w0s0o14:36 w15s0o0:\nResult: albi\n\nA 111: 36/off\n";
    std::fs::write(&path, won).unwrap();
    let out = ludi(&["scripta", "replay", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "A w0s0o15: w15s0o0:\nresult: albi\n");
}

#[test]
fn replay_names_the_first_illegal_turn_or_the_bad_line_and_exits_2() {
    let illegal = ludi(
        &["scripta", "replay", "-"],
        "Game: XII Scripta\n\nA 235: in/2 in/3 in/5\nN 112: in/1 in/4\n",
    );
    assert_eq!(illegal.status.code(), Some(2));
    assert_eq!(text(&illegal.stdout), "");
    assert_eq!(
        text(&illegal.stderr),
        "ludi: standard input: turn 2 `N 112: in/1 in/4` is illegal: in/4 is not a legal step now\n"
    );
    let unreadable = ludi(
        &["scripta", "replay", "-"],
        "Game: XII Scripta\n\nA 235 in/2\n",
    );
    assert_eq!(unreadable.status.code(), Some(2));
    assert!(
        text(&unreadable.stderr).starts_with("ludi: standard input: line 3: "),
        "{}",
        text(&unreadable.stderr)
    );
    let missing = ludi(&["scripta", "replay"], "");
    assert_eq!(missing.status.code(), Some(2));
}

/// The chance in a line of `analyze`, without its `%`.
fn percent(column: &str) -> f64 {
    column.trim_end_matches('%').parse().unwrap()
}

#[test]
fn analyze_lists_every_outcome_best_first() {
    let out = ludi(&["scripta", "analyze", "A w15s0o0: w15s0o0: 235"], "");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"5 outcomes"));
    let rows: Vec<Vec<&str>> = lines[..5].iter().map(|l| l.split('\t').collect()).collect();
    assert!(rows.iter().all(|r| r.len() == 3), "{stdout}");
    let chances: Vec<f64> = rows.iter().map(|r| percent(r[0])).collect();
    assert!(chances.windows(2).all(|w| w[0] >= w[1]), "{stdout}");
    let mut results: Vec<&str> = rows.iter().map(|r| r[2]).collect();
    results.sort();
    let moves = ludi(&["scripta", "moves", "A w15s0o0: w15s0o0: 235"], "");
    let mut listed: Vec<String> = text(&moves.stdout)
        .lines()
        .filter_map(|l| l.split_once('\t').map(|(_, r)| r.to_string()))
        .collect();
    listed.sort();
    assert_eq!(results, listed);
}

#[test]
fn analyze_adds_rollouts_that_repeat_for_a_seed() {
    let args = [
        "scripta",
        "analyze",
        "A w0s0o12:30,31,32 w0s0o13:34x2 564",
        "--rollouts",
        "10",
        "--seed",
        "4",
    ];
    let out = ludi(&args, "");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(stdout, text(&ludi(&args, "").stdout));
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"3 outcomes"));
    for line in &lines[..3] {
        let columns: Vec<&str> = line.split('\t').collect();
        assert_eq!(columns.len(), 4, "{line}");
        let (rate, interval) = columns[1].split_once(' ').unwrap();
        let rate = percent(rate);
        let (low, high) = interval
            .trim_matches(|c| c == '(' || c == ')')
            .split_once('-')
            .unwrap();
        let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
        assert!(low <= rate && rate <= high, "{line}");
    }
}

#[test]
fn analyze_refuses_a_bad_position_or_one_without_dice() {
    for position in ["nonsense 123", "A w15s0o0: w15s0o0:"] {
        let out = ludi(&["scripta", "analyze", position], "");
        assert_eq!(out.status.code(), Some(2), "{position}");
        assert!(text(&out.stdout).is_empty());
        assert!(text(&out.stderr).starts_with("ludi: "), "{position}");
    }
    let none = ludi(&["scripta", "analyze", "A w15s0o0: w15s0o0:"], "");
    assert!(text(&none.stderr).contains("no dice"));
    let won = ludi(&["scripta", "analyze", "N w0s0o15: w15s0o0: 123"], "");
    assert_eq!(text(&won.stdout), "result: albi\n0 outcomes\n");
}

#[test]
fn training_stopped_and_resumed_from_its_checkpoint_ends_as_an_unbroken_run() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("scripta-train");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let train = |games: &str, out: &str, checkpoint: &str| {
        let args = [
            "scripta",
            "train",
            "--games",
            games,
            "--seed",
            "3",
            "--hidden",
            "4",
            "--threads",
            "2",
            "--check-every",
            "20",
            "--check-games",
            "2",
            "--out",
            out,
            "--checkpoint",
            checkpoint,
        ];
        let run = ludi(&args, "");
        assert!(run.status.success(), "{}", text(&run.stderr));
        text(&run.stdout)
    };
    train("40", &path("unbroken.bin"), &path("unbroken.ckpt"));
    train("25", &path("broken.bin"), &path("broken.ckpt"));
    let resumed = train("40", &path("broken.bin"), &path("broken.ckpt"));
    assert!(resumed.starts_with("resuming from"), "{resumed}");
    assert!(resumed.contains("at game 25"), "{resumed}");
    for (a, b) in [
        ("unbroken.bin", "broken.bin"),
        ("unbroken.ckpt", "broken.ckpt"),
    ] {
        assert_eq!(
            std::fs::read(path(a)).unwrap(),
            std::fs::read(path(b)).unwrap(),
            "{a} and {b}"
        );
    }
    let refused = ludi(
        &[
            "scripta",
            "train",
            "--out",
            &path("x.bin"),
            "--checkpoint",
            &path("unbroken.bin"),
        ],
        "",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(text(&refused.stderr).contains("checkpoint"));
    // A checkpoint of Austin and Murray's rules goes on only under them: the weights file is
    // named for the command's rules.
    let other = ludi(
        &[
            "scripta",
            "train",
            "--rules",
            "russian",
            "--games",
            "41",
            "--out",
            &path("russian.bin"),
            "--checkpoint",
            &path("unbroken.ckpt"),
        ],
        "",
    );
    assert_eq!(other.status.code(), Some(2));
    assert!(
        text(&other.stderr).contains("--rules austin-murray"),
        "{}",
        text(&other.stderr)
    );
    assert!(!dir.join("russian.bin").exists());
}

#[test]
fn training_from_weights_with_more_hidden_units_widens_them_and_never_narrows() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("scripta-widen");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let train = |hidden: &str, out: &str, init: Option<&str>| {
        let mut args = vec![
            "scripta",
            "train",
            "--games",
            "8",
            "--seed",
            "3",
            "--hidden",
            hidden,
            "--threads",
            "1",
            "--check-every",
            "8",
            "--check-games",
            "2",
            "--out",
            out,
        ];
        if let Some(init) = init {
            args.extend(["--init", init, "--init-games", "0"]);
        }
        ludi(&args, "")
    };
    let small = path("small.bin");
    assert!(train("4", &small, None).status.success());
    let wide = train("6", &path("wide.bin"), Some(&small));
    assert!(wide.status.success(), "{}", text(&wide.stderr));
    assert!(text(&wide.stdout).contains("training 6 hidden units"));
    assert!(
        std::fs::metadata(path("wide.bin")).unwrap().len()
            > std::fs::metadata(&small).unwrap().len()
    );
    let narrow = train("2", &path("narrow.bin"), Some(&small));
    assert_eq!(narrow.status.code(), Some(2));
    assert!(text(&narrow.stderr).contains("4 hidden units"));
}

#[test]
fn average_writes_the_mean_of_networks_of_one_shape_and_refuses_mixed_ones() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("scripta-average");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let train = |hidden: &str, seed: &str, out: &str| {
        let args = [
            "scripta",
            "train",
            "--games",
            "4",
            "--seed",
            seed,
            "--hidden",
            hidden,
            "--threads",
            "1",
            "--check-every",
            "4",
            "--check-games",
            "2",
            "--out",
            out,
        ];
        assert!(ludi(&args, "").status.success());
    };
    train("4", "1", &path("a.bin"));
    train("4", "2", &path("b.bin"));
    train("5", "1", &path("c.bin"));
    let (a, b, mean) = (path("a.bin"), path("b.bin"), path("mean.bin"));
    let run = ludi(&["scripta", "average", "--out", &mean, &a, &b], "");
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("the mean of 2 networks"));
    let size = |p: &str| std::fs::metadata(p).unwrap().len();
    assert_eq!(size(&mean), size(&a));
    // The mean's opinion of a throw lies between the two networks' opinions.
    let best = |weights: &str| -> f64 {
        let out = ludi(
            &[
                "scripta",
                "analyze",
                "A w15s0o0: w15s0o0: 235",
                "--weights",
                weights,
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .next()
            .and_then(|l| l.split('%').next())
            .and_then(|p| p.parse().ok())
            .expect("a chance first")
    };
    let (x, y, m) = (best(&a), best(&b), best(&mean));
    assert_ne!(x, y);
    assert!(m >= x.min(y) - 0.1 && m <= x.max(y) + 0.1, "{x} {y} {m}");
    for bad in [vec![a.as_str(), "c.bin"], vec![]] {
        let mut args = vec!["scripta", "average", "--out", "x.bin"];
        args.extend(bad);
        let refused = ludi(&args, "");
        assert_eq!(refused.status.code(), Some(2));
    }
    let mixed = ludi(
        &["scripta", "average", "--out", &mean, &a, &path("c.bin")],
        "",
    );
    assert_eq!(mixed.status.code(), Some(2));
    assert!(text(&mixed.stderr).contains("same hidden layer"));
}

#[test]
fn moves_plays_the_rules_a_position_names_or_rules_gives() {
    let named = ludi(&["scripta", "moves", "italian-6 A w6s0o0: w6s0o0: 35"], "");
    assert!(named.status.success());
    assert_eq!(
        text(&named.stdout),
        "in/3 in/5\titalian-6 N w4s0o0:3,5 w6s0o0:\n1 outcomes\n"
    );
    let given = ludi(
        &[
            "scripta",
            "moves",
            "--rules",
            "italian-6",
            "A w6s0o0: w6s0o0: 35",
        ],
        "",
    );
    assert_eq!(text(&given.stdout), text(&named.stdout));
    // A sum jumps a block and lands only at its end.
    let sum = ludi(
        &["scripta", "moves", "italian A w0s0o14:8 w13s0o0:12x2 42"],
        "",
    );
    assert!(text(&sum.stdout).contains("8/14(4+2)\titalian N w0s0o14:14 w13s0o0:12x2\n"));
    let bad = ludi(
        &[
            "scripta",
            "moves",
            "--rules",
            "chess",
            "A w15s0o0: w15s0o0: 1",
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn play_and_match_take_rules() {
    let play = ludi(
        &[
            "scripta",
            "play",
            "--rules",
            "italian-6",
            "--games",
            "4",
            "--seed",
            "1",
        ],
        "",
    );
    let out = text(&play.stdout);
    assert!(out.starts_with("rules: italian-6\ngames: 4\n"), "{out}");
    let matched = ludi(
        &[
            "scripta", "match", "medium", "random", "--rules", "russian", "--games", "2",
        ],
        "",
    );
    let out = text(&matched.stdout);
    assert!(out.starts_with("rules: russian\ngames: 2 "), "{out}");
    assert!(out.contains("medium win rate: "), "{out}");
}

#[test]
fn bench_takes_rules_and_names_them() {
    let out = ludi(
        &[
            "scripta",
            "bench",
            "--rules",
            "italian-6",
            "--seconds",
            "0.2",
        ],
        "",
    );
    assert!(out.status.success());
    let out = text(&out.stdout);
    assert!(
        out.starts_with("rules: italian-6\nscripta turn generation: "),
        "{out}"
    );
    assert!(out.contains("\nscripta random games: "), "{out}");
    let default = ludi(&["bench", "--seconds", "0.2"], "");
    let default = text(&default.stdout);
    assert!(
        default.starts_with("scripta turn generation: "),
        "{default}"
    );
    let bad = ludi(&["bench", "--rules", "dice=7"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("dice=7"));
}

#[test]
fn replay_reads_records_under_other_rules() {
    let record = "Game: XII Scripta\nRules: italian-6\nResult: *\n\nA 33: in/3 in/3\nA 42: in/6(4+2)\nN 15: in/1 in/5\n";
    let out = ludi(&["scripta", "replay", "-"], record);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "italian-6 A w3s0o0:3x2,6 w4s0o0:1,5\nresult: *\n"
    );
    let out = ludi(
        &["scripta", "replay", "-"],
        "Game: XII Scripta\nRules: russian\n\nA 443: 1/5x3\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("turn 1 `A 443: 1/5x3` is illegal"));
    let out = ludi(
        &["scripta", "replay", "-"],
        "Game: XII Scripta\nRules: bell\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 2: Rules:"),
        "{}",
        text(&out.stderr)
    );
}
