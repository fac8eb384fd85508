//! `cargo xtask lighthouse`: npm's Lighthouse (pinned in `tests/package.json`) with Debian's
//! Chromium, mobile profile, against the built site served as `cargo xtask serve` serves it:
//! the home screen and each game. Prints the four category scores; the reports are kept in
//! `target/lighthouse/`.

use crate::serve::Server;
use crate::{dist, node, run_in, wasm, workspace_root};
use std::path::Path;
use std::process::Command;

const PAGES: &[(&str, &str)] = &[
    ("home", ""),
    ("scripta", "?game=scripta"),
    ("latrunculi", "?game=latrunculi"),
];
const CATEGORIES: &[&str] = &["performance", "accessibility", "best-practices", "seo"];

pub fn run() -> Result<(), String> {
    let chrome = std::env::var("CHROME_PATH").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chrome).exists() {
        return Err(format!(
            "Lighthouse needs Chromium at {chrome}: `apt-get install chromium`"
        ));
    }
    node::require("Lighthouse")?;
    let tests = workspace_root().join("tests");
    let cli = tests.join("node_modules/lighthouse/cli/index.js");
    if !cli.exists() {
        run_in(&tests, "npm", &["ci", "--no-audit", "--no-fund"])?;
    }
    let site = dist::build()?;
    let server = Server::start(0, site)?;
    let reports = wasm::target_dir()?.join("lighthouse");
    std::fs::create_dir_all(&reports)
        .map_err(|e| format!("cannot create {}: {e}", reports.display()))?;
    let mut table = Vec::new();
    for (name, query) in PAGES {
        let url = format!("http://{}/{query}", server.addr());
        let report = reports.join(format!("{name}.json"));
        eprintln!("xtask: lighthouse {url}");
        let status = Command::new("node")
            .arg(&cli)
            .arg(&url)
            .arg(format!("--only-categories={}", CATEGORIES.join(",")))
            .args(["--form-factor=mobile", "--output=json", "--quiet"])
            .arg(format!("--output-path={}", report.display()))
            .arg("--chrome-flags=--headless=new --no-sandbox")
            .env("CHROME_PATH", &chrome)
            .current_dir(&tests)
            .status()
            .map_err(|e| format!("cannot start node: {e}"))?;
        if !status.success() {
            return Err(format!("lighthouse on {url} failed ({status})"));
        }
        table.push((name, scores(&report)?));
    }
    drop(server);
    println!("{:<12} {}", "page", CATEGORIES.join("  "));
    for (name, scores) in table {
        let cells: Vec<String> = CATEGORIES
            .iter()
            .zip(scores)
            .map(|(category, score)| format!("{score:>width$}", width = category.len()))
            .collect();
        println!("{name:<12} {}", cells.join("  "));
    }
    println!("reports: {}", reports.display());
    Ok(())
}

/// The four category scores of a JSON report, out of 100.
fn scores(report: &Path) -> Result<Vec<u32>, String> {
    let text = std::fs::read_to_string(report)
        .map_err(|e| format!("cannot read {}: {e}", report.display()))?;
    let json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", report.display()))?;
    CATEGORIES
        .iter()
        .map(|c| {
            json["categories"][c]["score"]
                .as_f64()
                .map(|s| (s * 100.0).round() as u32)
                .ok_or_else(|| format!("{} has no {c} score", report.display()))
        })
        .collect()
}
