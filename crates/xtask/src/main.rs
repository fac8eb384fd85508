//! Project tasks: `cargo xtask test` runs every check; `cargo xtask serve` plays the game;
//! `cargo xtask dist` writes the site as it ships; `cargo xtask fuzz` fuzzes the core;
//! `cargo xtask lighthouse` measures the site; `cargo xtask load` measures the game server.

mod dist;
mod e2e;
mod fuzz;
mod lighthouse;
mod load;
mod modules;
mod node;
mod serve;
mod speed;
mod strip;
mod train;
mod wasm;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test(),
        Some("serve") => serve_command(&args[1..]),
        Some("dist") => dist::build().map(|_| ()),
        Some("fuzz") => fuzz::command(&args[1..]),
        Some("lighthouse") => lighthouse::run(),
        Some("load") => load::command(&args[1..]),
        Some("wasm-speed") => speed::run_speed(),
        Some("train-scripta") => train::train_scripta(&args[1..]),
        _ => {
            eprintln!("usage: cargo xtask <test | serve [--port P] | dist | fuzz [--seconds N] | lighthouse | load (--games N | --classes C [--pupils P]) [--pace S --seconds T] | wasm-speed | train-scripta [--games N --seed S --threads T --checkpoint F ...]>");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a command from `dir`, failing with its name when it fails.
fn run_in(dir: &Path, program: &str, args: &[&str]) -> Result<(), String> {
    let mut command = Command::new(program);
    command.current_dir(dir);
    run_command(command, program, args)
}

/// Runs `command`, made for `program`, with `args`; fails with its name when it fails.
fn run_command(mut command: Command, program: &str, args: &[&str]) -> Result<(), String> {
    eprintln!("xtask: {program} {}", args.join(" "));
    let status = command
        .args(args)
        .status()
        .map_err(|e| format!("cannot start {program}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", args.join(" ")))
    }
}

/// Runs a command from the workspace root.
fn run(program: &str, args: &[&str]) -> Result<(), String> {
    run_in(&workspace_root(), program, args)
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| ".".into())
}

/// How long `cargo xtask test` runs each fuzz target: enough to catch what a change breaks
/// in the parsers and games; `cargo xtask fuzz --seconds N` searches longer.
const FUZZ_SECONDS: u64 = 20;

fn test() -> Result<(), String> {
    wasm::ensure_target()?;
    run("cargo", &["fmt", "--all", "--check"])?;
    run(
        "cargo",
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    )?;
    // The page's engines as the page builds them: each game alone, XII Scripta without weights.
    for features in ["scripta,latrunculi,weights", "scripta", "latrunculi"] {
        run(
            "cargo",
            &[
                "clippy",
                "-p",
                "ludi-wasm",
                "--target",
                wasm::TARGET,
                "--no-default-features",
                "--features",
                features,
                "--",
                "-D",
                "warnings",
            ],
        )?;
    }
    let postgres = postgres_note();
    eprintln!("xtask: {postgres}");
    run("cargo", &["test", "--workspace"])?;
    fuzz::run_all(FUZZ_SECONDS)?;
    node::unit_tests()?;
    e2e::run()?;
    println!("xtask: {postgres}");
    Ok(())
}

/// Which databases the server's tests ran against: SQLite always, PostgreSQL only when
/// `LUDI_TEST_POSTGRES` names one (`.ci/run` installs, starts and names it).
fn postgres_note() -> String {
    match std::env::var("LUDI_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => {
            let host = url.rsplit('@').next().unwrap_or_default();
            format!("the server's tests run against SQLite and PostgreSQL ({host})")
        }
        _ => "LUDI_TEST_POSTGRES is not set: the server's tests run against SQLite only and \
              SKIP PostgreSQL (set it to postgres://..., as .ci/run does)"
            .into(),
    }
}

fn serve_command(args: &[String]) -> Result<(), String> {
    let port = match args {
        [] => 8080,
        [flag, port] if flag == "--port" => port
            .parse()
            .map_err(|_| format!("--port wants a number from 0 to 65535, not `{port}`"))?,
        _ => return Err("usage: cargo xtask serve [--port P]".into()),
    };
    let dist = dist::build()?;
    // Games live on between runs, as on a deployment.
    let data = wasm::target_dir()?.join("ludi-data");
    let server = serve::Server::start_with(port, dist.clone(), data.clone())?;
    println!(
        "Ludi Romani: http://{}/ (serving {}, games in {}; run `cargo xtask serve` again after editing www/)",
        server.addr(),
        dist.display(),
        data.display()
    );
    server.wait();
    Ok(())
}
