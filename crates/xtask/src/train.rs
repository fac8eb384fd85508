//! `cargo xtask train-scripta --games N --seed S [--threads T]`: trains the XII Scripta
//! network from scratch and writes the weights file that `ludi-core` compiles in. The work
//! runs in the release build of `ludi scripta train`, since a debug build is far too slow.

use std::process::Command;

/// Where the trained weights go: the file `ludi-core` includes.
const WEIGHTS: &str = "crates/core/src/scripta/ai/weights.bin";

pub fn train_scripta(args: &[String]) -> Result<(), String> {
    let mut options = [("games", "100000"), ("seed", "1"), ("threads", "2")];
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let name = arg.trim_start_matches("--");
        let value = rest
            .next()
            .ok_or_else(|| format!("option `{arg}` needs a value"))?;
        let slot = options
            .iter_mut()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| format!("unknown option `{arg}`: --games, --seed or --threads"))?;
        slot.1 = value.as_str();
    }
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command
        .args([
            "run",
            "--quiet",
            "--release",
            "-p",
            "ludi-cli",
            "--",
            "scripta",
            "train",
        ])
        .args(
            options
                .iter()
                .flat_map(|(n, v)| [format!("--{n}"), v.to_string()]),
        )
        .args(["--out", WEIGHTS])
        .current_dir(crate::workspace_root());
    eprintln!("xtask: {command:?}");
    let status = command
        .status()
        .map_err(|e| format!("cannot start cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("training failed ({status})"))
    }
}
