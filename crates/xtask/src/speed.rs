//! `cargo xtask wasm-speed`: how much slower the rules and players run as WebAssembly than
//! natively. Builds `ludi` for the host and for `wasm32-wasip1` (release, as the page's
//! engines), then runs each workload natively and under Node's WASI (and, when binaryen
//! is installed, the same wasm after `wasm-opt -O3`), interleaved, five rounds, and prints the
//! median time of each and how many times native it takes. The workloads: random games (the
//! rules alone) and the hard player choosing every turn of whole games.

use crate::{node, run, wasm};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

const WASI: &str = "wasm32-wasip1";
/// Each workload: its name and the `ludi` arguments that do it (about a second natively).
const WORKLOADS: &[(&str, &[&str])] = &[
    (
        "random games",
        &["scripta", "play", "--games", "8000", "--seed", "1"],
    ),
    (
        "hard player",
        &[
            "scripta",
            "match",
            "hard",
            "hard",
            "--games",
            "300",
            "--seed",
            "1",
            "--threads",
            "1",
        ],
    ),
];
const ROUNDS: usize = 5;
const RUNNER: &str = "import { WASI } from 'node:wasi';\n\
    import { readFileSync } from 'node:fs';\n\
    const [file, ...args] = process.argv.slice(2);\n\
    const wasi = new WASI({ version: 'preview1', args: ['ludi', ...args], env: {}, returnOnExit: true });\n\
    const instance = await WebAssembly.instantiate(await WebAssembly.compile(readFileSync(file)), wasi.getImportObject());\n\
    process.exitCode = wasi.start(instance);\n";

pub fn run_speed() -> Result<(), String> {
    node::require("the wasm speed measurement")?;
    run("rustup", &["target", "add", WASI])?;
    run("cargo", &["build", "--release", "-p", "ludi-cli"])?;
    run(
        "cargo",
        &["build", "--release", "-p", "ludi-cli", "--target", WASI],
    )?;
    let target = wasm::target_dir()?;
    let native = target.join("release").join("ludi");
    let plain = target.join(WASI).join("release").join("ludi.wasm");
    let runner = target.join("wasi-run.mjs");
    std::fs::write(&runner, RUNNER).map_err(|e| format!("cannot write the runner: {e}"))?;
    let optimised = target.join(WASI).join("release").join("ludi.opt.wasm");
    let with_opt = wasm::wasm_opt(&plain, &optimised)?;

    let mut kinds: Vec<(&str, Vec<String>)> = vec![
        ("native", vec![native.display().to_string()]),
        ("wasm", node_args(&runner, &plain)),
    ];
    if with_opt {
        kinds.push(("wasm-opt -O3", node_args(&runner, &optimised)));
    }
    for (workload, args) in WORKLOADS {
        let mut seconds = vec![Vec::new(); kinds.len()];
        for _ in 0..ROUNDS {
            for (i, (_, command)) in kinds.iter().enumerate() {
                seconds[i].push(time(command, args)?);
            }
        }
        let medians: Vec<f64> = seconds
            .iter_mut()
            .map(|s| {
                s.sort_by(f64::total_cmp);
                s[s.len() / 2]
            })
            .collect();
        println!(
            "{workload} (`ludi {}`), median of {ROUNDS}:",
            args.join(" ")
        );
        for ((name, _), median) in kinds.iter().zip(&medians) {
            println!(
                "  {name:<14} {median:>7.3} s  ({:.2}x native)",
                median / medians[0]
            );
        }
    }
    Ok(())
}

fn node_args(runner: &Path, wasm: &Path) -> Vec<String> {
    vec![
        "node".into(),
        "--no-warnings".into(),
        runner.display().to_string(),
        wasm.display().to_string(),
    ]
}

/// Runs `command` with `args` and gives its wall-clock seconds (a run of Node's includes
/// compiling the wasm, a few milliseconds of the second it takes).
fn time(command: &[String], args: &[&str]) -> Result<f64, String> {
    let start = Instant::now();
    let output = Command::new(&command[0])
        .args(&command[1..])
        .args(args)
        .output()
        .map_err(|e| format!("cannot start {}: {e}", command[0]))?;
    let seconds = start.elapsed().as_secs_f64();
    if output.status.success() {
        Ok(seconds)
    } else {
        Err(format!(
            "`{} {}` failed ({}): {}",
            command.join(" "),
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}
