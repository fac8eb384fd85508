//! `cargo xtask fuzz [--seconds N]`: runs every libFuzzer target in `fuzz/` (a crate of its
//! own, outside the workspace: the core's parsers and games, the server's frame parser) for N
//! seconds each under `cargo +nightly fuzz`, installing the nightly toolchain and cargo-fuzz
//! when they are missing, and fails when a target crashes.
//! Each target's corpus grows in `fuzz/corpus/<target>/` (the `seed-*` files are committed);
//! a crashing input lands in `fuzz/artifacts/<target>/`, and each run's whole output in
//! `<target dir>/fuzz/<target>.log`.

use crate::{run, run_command, wasm, workspace_root};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// The targets, as `fuzz/Cargo.toml` names them.
pub const TARGETS: [&str; 7] = [
    "xsn",
    "lfen",
    "scripta_record",
    "latrunculi_record",
    "scripta_game",
    "latrunculi_game",
    "server_frame",
];

/// How long each target runs when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 60;
/// Safe Rust: the address sanitizer would find nothing and halve the speed. The build and the
/// runs must agree, or each run would build its target again.
const SANITIZER: [&str; 2] = ["--sanitizer", "none"];
/// How many targets fuzz at once: libFuzzer runs on one thread, so two fill two cores.
const AT_ONCE: usize = 2;

pub fn command(args: &[String]) -> Result<(), String> {
    let seconds = match args {
        [] => DEFAULT_SECONDS,
        [flag, n] if flag == "--seconds" => n
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("--seconds wants a whole number above 0, not `{n}`"))?,
        _ => return Err("usage: cargo xtask fuzz [--seconds N]".into()),
    };
    run_all(seconds)
}

/// What one run of a target did.
#[derive(Debug, Default, PartialEq)]
struct Stats {
    executions: u64,
    per_second: u64,
    /// Inputs that reached new code and joined the corpus.
    new_inputs: u64,
}

/// Runs every target for `seconds`, prints a line per target, and fails when any crashed.
pub fn run_all(seconds: u64) -> Result<(), String> {
    install()?;
    let fuzz = workspace_root().join("fuzz");
    let target_dir = wasm::target_dir()?.join("fuzz");
    std::fs::create_dir_all(&target_dir)
        .map_err(|e| format!("cannot create {}: {e}", target_dir.display()))?;
    build(&fuzz, &target_dir)?;
    let mut runs = Vec::new();
    for group in TARGETS.chunks(AT_ONCE) {
        runs.extend(std::thread::scope(|scope| {
            let running: Vec<_> = group
                .iter()
                .map(|target| scope.spawn(|| run_target(&fuzz, &target_dir, target, seconds)))
                .collect();
            running
                .into_iter()
                .map(|run| {
                    run.join()
                        .unwrap_or_else(|_| Err("a fuzzing thread panicked".into()))
                })
                .collect::<Vec<_>>()
        }));
    }
    let mut crashed = Vec::new();
    let mut lines = Vec::new();
    for (target, run) in TARGETS.into_iter().zip(runs) {
        let (stats, findings) = run?;
        let found = if findings.is_empty() {
            "no findings".to_string()
        } else {
            crashed.push(target);
            format!("CRASHED: {}", findings.join(", "))
        };
        lines.push(format!(
            "{target:<18} {:>11} executions {:>7} exec/s {:>5} new inputs   {found}",
            stats.executions, stats.per_second, stats.new_inputs
        ));
    }
    println!("xtask: fuzzing, {seconds} s a target:");
    for line in &lines {
        println!("  {line}");
    }
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the fuzzers found crashes in {}: each input is in fuzz/artifacts/<target>/ and \
             the output above says how to rerun it (`Reproduce with`); fix the core and add \
             the case to its unit tests",
            crashed.join(", ")
        ))
    }
}

/// The nightly toolchain (libFuzzer's instrumentation needs it) and cargo-fuzz; libFuzzer
/// itself is C++, built by the `cc` crate.
fn install() -> Result<(), String> {
    if !succeeds("rustup", &["run", "nightly", "rustc", "--version"]) {
        run(
            "rustup",
            &["toolchain", "install", "nightly", "--profile", "minimal"],
        )?;
    }
    if !succeeds("cargo", &["+nightly", "fuzz", "--version"]) {
        run("cargo", &["install", "--locked", "cargo-fuzz"])?;
    }
    if !["c++", "clang++", "g++"]
        .iter()
        .any(|cxx| succeeds(cxx, &["--version"]))
    {
        return Err(
            "fuzzing builds libFuzzer, which needs a C++ compiler: run `.ci/run` (it \
             installs one) or `apt-get install build-essential`"
                .into(),
        );
    }
    Ok(())
}

/// Whether a command can be started and succeeds, its output discarded.
fn succeeds(program: &str, args: &[&str]) -> bool {
    fuzz_command(program)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Builds every target at once, so the runs that follow, two at a time, only fuzz.
fn build(fuzz: &Path, target_dir: &Path) -> Result<(), String> {
    let target_dir = target_dir.to_string_lossy();
    let mut args = vec!["+nightly", "fuzz", "build"];
    args.extend(SANITIZER);
    args.extend(["--target-dir", &target_dir]);
    let mut command = fuzz_command("cargo");
    command.current_dir(fuzz);
    run_command(command, "cargo", &args)
}

/// A command free of the toolchain choice `cargo xtask` itself runs under, so that
/// `+nightly` picks the toolchain.
fn fuzz_command(program: &str) -> Command {
    let mut command = Command::new(program);
    command.env_remove("RUSTUP_TOOLCHAIN").env_remove("RUSTC");
    command
}

/// Runs one target for `seconds`; returns its statistics and the crashing inputs it wrote.
fn run_target(
    fuzz: &Path,
    target_dir: &Path,
    target: &str,
    seconds: u64,
) -> Result<(Stats, Vec<String>), String> {
    let artifacts = fuzz.join("artifacts").join(target);
    let before = files_in(&artifacts);
    let log_path = target_dir.join(format!("{target}.log"));
    eprintln!(
        "xtask: fuzzing {target} for {seconds} s (output in {})",
        log_path.display()
    );
    let target_dir_arg = target_dir.to_string_lossy();
    let max_time = format!("-max_total_time={seconds}");
    let mut child = fuzz_command("cargo")
        .args(["+nightly", "fuzz", "run"])
        .args(SANITIZER)
        .args([
            "--target-dir",
            &target_dir_arg,
            target,
            "--",
            &max_time,
            "-print_final_stats=1",
        ])
        .current_dir(fuzz)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start cargo fuzz: {e}"))?;
    // libFuzzer reports on stderr; cargo-fuzz's advice on a crash comes on stdout.
    let stdout = child.stdout.take();
    let advice = std::thread::spawn(move || {
        stdout
            .map(|out| BufReader::new(out).lines().map_while(Result::ok).collect())
            .unwrap_or_else(Vec::new)
    });
    let mut log = Vec::new();
    let mut crashing = false;
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            // From a panic on, everything matters; before it only the build does.
            crashing |= line.contains("panicked") || line.contains("ERROR: libFuzzer");
            if crashing || line.starts_with("error") {
                eprintln!("{target}: {line}");
            }
            log.push(line);
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("cargo fuzz run {target}: {e}"))?;
    let advice: Vec<String> = advice.join().unwrap_or_default();
    if crashing {
        for line in &advice {
            eprintln!("{target}: {line}");
        }
    }
    log.extend(advice);
    std::fs::write(&log_path, log.join("\n") + "\n")
        .map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
    let stats = parse_stats(&log);
    let mut findings: Vec<String> = files_in(&artifacts)
        .into_iter()
        .filter(|f| !before.contains(f))
        .map(|f| format!("fuzz/artifacts/{target}/{f}"))
        .collect();
    if !status.success() && findings.is_empty() {
        if stats.executions == 0 {
            return Err(format!(
                "`cargo +nightly fuzz run {target}` failed ({status}) before fuzzing: see {}",
                log_path.display()
            ));
        }
        findings.push(format!("exit {status}, see {}", log_path.display()));
    }
    Ok((stats, findings))
}

/// The file names in `dir`; none while it does not exist (libFuzzer makes it on a crash).
fn files_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Reads libFuzzer's final statistics (`stat::number_of_executed_units: N`), or, after a
/// crash that cut them short, its last progress line (`#N ... exec/s: M`).
fn parse_stats(log: &[String]) -> Stats {
    let number = |text: &str| text.trim().parse::<u64>().unwrap_or(0);
    let mut stats = Stats::default();
    let mut progress = (0, 0);
    for line in log {
        if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
            stats.executions = number(n);
        } else if let Some(n) = line.strip_prefix("stat::average_exec_per_sec:") {
            stats.per_second = number(n);
        } else if let Some(n) = line.strip_prefix("stat::new_units_added:") {
            stats.new_inputs = number(n);
        } else if let Some(rest) = line.strip_prefix('#') {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if let Some(at) = words.iter().position(|&w| w == "exec/s:") {
                let rate = words.get(at + 1).map_or(0, |w| number(w));
                progress = (words.first().map_or(0, |w| number(w)), rate);
            }
        }
    }
    if stats.executions == 0 {
        (stats.executions, stats.per_second) = progress;
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(String::from).collect()
    }

    #[test]
    fn reads_the_final_statistics() {
        let log = lines(
            "#2\tINITED exec/s: 0 rss: 30Mb\n#1024\tpulse  cov: 1 exec/s: 512 rss: 30Mb\n\
             Done 609439 runs in 31 second(s)\nstat::number_of_executed_units: 609439\n\
             stat::average_exec_per_sec:     19659\nstat::new_units_added:         312\n",
        );
        assert_eq!(
            parse_stats(&log),
            Stats {
                executions: 609439,
                per_second: 19659,
                new_inputs: 312
            }
        );
    }

    #[test]
    fn a_crash_leaves_the_last_progress_line() {
        let log = lines(
            "#2\tINITED exec/s: 0 rss: 30Mb\n#4096\tpulse  cov: 9 ft: 3 corp: 5/9b exec/s: 2048 rss: 31Mb\n\
             #4100\tNEW    cov: 10 ft: 4 corp: 6/10b lim: 4 exec/s: 2050 rss: 31Mb\n\
             thread '<unnamed>' panicked at fuzz_targets/xsn.rs:1:1:\n",
        );
        let stats = parse_stats(&log);
        assert_eq!((stats.executions, stats.per_second), (4100, 2050));
    }

    #[test]
    fn every_target_has_a_source_and_a_seed_corpus() {
        let fuzz = workspace_root().join("fuzz");
        let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
        for target in TARGETS {
            assert!(
                fuzz.join("fuzz_targets")
                    .join(format!("{target}.rs"))
                    .is_file(),
                "{target}"
            );
            assert!(
                manifest.contains(&format!("name = \"{target}\"")),
                "{target}"
            );
            let seeds = files_in(&fuzz.join("corpus").join(target));
            assert!(seeds.iter().any(|f| f.starts_with("seed-")), "{target}");
        }
    }
}
