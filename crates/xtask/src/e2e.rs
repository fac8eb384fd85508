//! The browser tests: Debian's Chromium driven by npm's playwright-core from `tests/`,
//! against the built site (`target/dist/`) served on a free local port as `cargo xtask serve`
//! serves it.

use crate::serve::Server;
use crate::{dist, node, run_in, wasm, workspace_root};
use std::path::Path;
use std::process::Command;

/// Where Debian installs Chromium; `CHROMIUM` overrides it.
const CHROMIUM: &str = "/usr/bin/chromium";
/// How many test files run at once. A browser test spends much of its time waiting (for the
/// page's pace, a worker, a timer), so two files share two cores well.
const CONCURRENCY: usize = 2;

pub fn run() -> Result<(), String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| CHROMIUM.into());
    if !Path::new(&chromium).exists() {
        return Err(format!(
            "the browser tests need Chromium at {chromium}, which is missing: run `.ci/run` \
             (it installs it) or `apt-get install chromium`"
        ));
    }
    node::require("the browser tests")?;
    let tests = workspace_root().join("tests");
    if !tests.join("node_modules").join("playwright-core").exists() {
        run_in(&tests, "npm", &["ci", "--no-audit", "--no-fund"])?;
    }
    // Only the top level: `tests/unit/` holds the browserless unit tests, run before these.
    let files = node::test_files(&tests)?;
    if files.is_empty() {
        return Err(format!("no *.test.mjs files in {}", tests.display()));
    }
    let site = dist::build()?;
    let server = Server::start(0, site.clone())?;
    let url = format!("http://{}/", server.addr());
    // The update test changes a file of the site it is served, to make a new version: it gets
    // a copy of its own, so the files running beside it never see that version.
    let update_site = wasm::target_dir()?.join("dist-update");
    dist::write(&workspace_root().join("www"), &update_site)?;
    let update_server = Server::start(0, update_site.clone())?;
    let screenshots = wasm::target_dir()?.join("screenshots");
    let concurrency = format!("--test-concurrency={CONCURRENCY}");
    eprintln!(
        "xtask: node --test {concurrency} {} (page at {url})",
        files.join(" ")
    );
    let status = Command::new("node")
        .arg("--test")
        .arg(&concurrency)
        .args(&files)
        .current_dir(&tests)
        .env("LUDI_URL", &url)
        .env("CHROMIUM", &chromium)
        .env("SCREENSHOTS", &screenshots)
        .env(
            "LUDI_UPDATE_URL",
            format!("http://{}/", update_server.addr()),
        )
        .env("LUDI_DIST", &update_site)
        .status()
        .map_err(|e| format!("cannot start node: {e}"))?;
    drop(server);
    drop(update_server);
    if status.success() {
        Ok(())
    } else {
        Err(format!("the browser tests failed ({status})"))
    }
}
