//! `cargo xtask wasm-speed`: how much slower the rules and players run as WebAssembly than
//! natively. Builds `ludi` for the host and for `wasm32-wasip1`, runs `ludi scripta play
//! --games 2000 --seed 1` natively and under Node's WASI (and, when binaryen is installed,
//! the same wasm after `wasm-opt -O3`), interleaved, and prints the median games per second.

use crate::{node, run, wasm};
use std::path::Path;
use std::process::Command;

const WASI: &str = "wasm32-wasip1";
const ARGS: &[&str] = &["scripta", "play", "--games", "2000", "--seed", "1"];
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
    let mut rates = vec![Vec::new(); kinds.len()];
    for _ in 0..ROUNDS {
        for (i, (_, command)) in kinds.iter().enumerate() {
            rates[i].push(games_per_second(command)?);
        }
    }
    let medians: Vec<f64> = rates
        .iter_mut()
        .map(|r| {
            r.sort_by(f64::total_cmp);
            r[r.len() / 2]
        })
        .collect();
    for ((name, _), median) in kinds.iter().zip(&medians) {
        println!(
            "{name:<14} {median:>7.0} games/s  ({:.2} of native speed)",
            median / medians[0]
        );
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

/// Runs `command` with the game arguments and reads its "games per second: N" line.
fn games_per_second(command: &[String]) -> Result<f64, String> {
    let output = Command::new(&command[0])
        .args(&command[1..])
        .args(ARGS)
        .output()
        .map_err(|e| format!("cannot start {}: {e}", command[0]))?;
    if !output.status.success() {
        return Err(format!(
            "`{}` failed ({})",
            command.join(" "),
            output.status
        ));
    }
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("games per second:"))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("`{}` printed no games per second", command.join(" ")))
}
