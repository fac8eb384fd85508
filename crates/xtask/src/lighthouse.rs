//! `cargo xtask lighthouse`: npm's Lighthouse (pinned in `tests/package.json`) with Debian's
//! Chromium, mobile profile, against the built site served two ways: as `cargo xtask serve`
//! serves it (HTTP/1.1), and over HTTP/2 with TLS as a static web host serves it
//! (`tests/h2-site.mjs`, its certificate made for the run, so Chromium is told to take it).
//! The home screen and each game. Prints the four category scores of each; the reports are
//! kept in `target/lighthouse/`.

use crate::serve::Server;
use crate::{dist, node, run_in, wasm, workspace_root};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

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
    let server = Server::start(0, site.clone())?;
    let host = HttpsHost::start(&tests, &site)?;
    let reports = wasm::target_dir()?.join("lighthouse");
    std::fs::create_dir_all(&reports)
        .map_err(|e| format!("cannot create {}: {e}", reports.display()))?;
    let lighthouse = |url: &str, report: &Path, flags: &str| {
        eprintln!("xtask: lighthouse {url}");
        let status = Command::new("node")
            .arg(&cli)
            .arg(url)
            .arg(format!("--only-categories={}", CATEGORIES.join(",")))
            .args(["--form-factor=mobile", "--output=json", "--quiet"])
            .arg(format!("--output-path={}", report.display()))
            .arg(format!("--chrome-flags=--headless=new --no-sandbox{flags}"))
            .env("CHROME_PATH", &chrome)
            .current_dir(&tests)
            .status()
            .map_err(|e| format!("cannot start node: {e}"))?;
        if !status.success() {
            return Err(format!("lighthouse on {url} failed ({status})"));
        }
        scores(report)
    };
    let served = [
        ("HTTP/1.1", format!("http://{}/", server.addr()), "", ""),
        (
            "HTTP/2",
            host.url.clone(),
            "-h2",
            " --ignore-certificate-errors",
        ),
    ];
    let mut tables = Vec::new();
    for (protocol, base, suffix, flags) in &served {
        let mut table = Vec::new();
        for (name, query) in PAGES {
            let report = reports.join(format!("{name}{suffix}.json"));
            table.push((name, lighthouse(&format!("{base}{query}"), &report, flags)?));
        }
        tables.push((protocol, table));
    }
    drop(host);
    drop(server);
    for (protocol, table) in tables {
        println!("{:<12} {}  ({protocol})", "page", CATEGORIES.join("  "));
        for (name, scores) in table {
            let cells: Vec<String> = CATEGORIES
                .iter()
                .zip(scores)
                .map(|(category, score)| format!("{score:>width$}", width = category.len()))
                .collect();
            println!("{name:<12} {}", cells.join("  "));
        }
    }
    println!("reports: {}", reports.display());
    Ok(())
}

/// `tests/h2-site.mjs` serving the built site over HTTP/2, stopped when dropped.
struct HttpsHost {
    child: Child,
    url: String,
}

impl HttpsHost {
    fn start(tests: &Path, site: &Path) -> Result<HttpsHost, String> {
        let mut child = Command::new("node")
            .arg(tests.join("h2-site.mjs"))
            .arg(site)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start node: {e}"))?;
        let mut url = String::new();
        let read = child
            .stdout
            .take()
            .map(|out| BufReader::new(out).read_line(&mut url));
        if !matches!(read, Some(Ok(n)) if n > 0) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(
                "tests/h2-site.mjs did not say where it serves (is openssl installed?)".into(),
            );
        }
        Ok(HttpsHost {
            child,
            url: url.trim().to_owned(),
        })
    }
}

impl Drop for HttpsHost {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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
