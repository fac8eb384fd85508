//! `cargo xtask train-scripta --games N --seed S [--rules R] [--threads T] [--checkpoint F]
//! [--init W --init-games G] [--hidden H] [--check-every C] [--out W]`: trains the XII
//! Scripta network of a reading and writes its weights file: under Austin and Murray's rules
//! the one `ludi-core` compiles in, under another preset `weights-<preset>.bin` beside it (or
//! `--out`, which other rules need). With `--checkpoint`
//! the run saves its state at every check and, run again, goes on where it stopped. The work
//! runs in the release build of `ludi scripta train`, since a debug build is far too slow.

use std::process::Command;

/// Where the trained weights go unless `--out` says otherwise: the file `ludi-core` includes.
pub const WEIGHTS: &str = "crates/core/src/scripta/ai/weights.bin";

/// The weights file of the preset `id` other than Austin and Murray's, beside [`WEIGHTS`].
pub fn preset_weights(id: &str) -> String {
    format!("crates/core/src/scripta/ai/weights-{id}.bin")
}

/// The options passed on to `ludi scripta train`, with their defaults (`None`: left out).
const OPTIONS: [(&str, Option<&str>); 10] = [
    ("games", Some("100000")),
    ("seed", Some("1")),
    ("threads", Some("2")),
    ("rules", None),
    ("out", None),
    ("checkpoint", None),
    ("init", None),
    ("init-games", None),
    ("hidden", None),
    ("check-every", None),
];

pub fn train_scripta(args: &[String]) -> Result<(), String> {
    let mut options: Vec<(&str, Option<&str>)> = OPTIONS.to_vec();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let name = arg.trim_start_matches("--");
        let value = rest
            .next()
            .ok_or_else(|| format!("option `{arg}` needs a value"))?;
        let slot = options
            .iter_mut()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| {
                let known: Vec<String> = OPTIONS.iter().map(|(n, _)| format!("--{n}")).collect();
                format!("unknown option `{arg}`: {}", known.join(", "))
            })?;
        slot.1 = Some(value.as_str());
    }
    let value = |name: &str| {
        options
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| *v)
    };
    let default_out = match value("rules") {
        None | Some("austin-murray") => WEIGHTS.to_string(),
        Some(id) if ludi_core::scripta::Rules::preset_rules(id).is_some() => preset_weights(id),
        Some(other) if value("out").is_none() => {
            return Err(format!(
                "rules `{other}` are no preset: name the weights file with --out"
            ));
        }
        Some(_) => WEIGHTS.to_string(),
    };
    for slot in options
        .iter_mut()
        .filter(|(n, v)| *n == "out" && v.is_none())
    {
        slot.1 = Some(&default_out);
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
                .filter_map(|(n, v)| v.map(|v| [format!("--{n}"), v.to_string()]))
                .flatten(),
        )
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
