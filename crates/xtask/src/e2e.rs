//! The browser tests: Debian's Chromium driven by npm's playwright-core from `tests/`,
//! against the built site (`target/dist/`) served on a free local port by the real game
//! server, as `cargo xtask serve` serves it, with a fresh SQLite database for the run (so the
//! online tests play through it).

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
    // The first-tap test serves the site over HTTPS too, with a certificate made for the run.
    if Command::new("openssl").arg("version").output().is_err() {
        return Err(
            "the browser tests need openssl, which is missing: run `.ci/run` \
                    (it installs it) or `apt-get install openssl`"
                .into(),
        );
    }
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
    // The online tests start servers of their own (to kill and restart them): the binary as
    // `cargo test --workspace` built it for the server's own tests, which this finds fresh. A
    // build of the server alone would resolve its dependencies' features differently and
    // compile them all again: three minutes on a fresh machine.
    crate::run("cargo", &["test", "--workspace", "--no-run"])?;
    let server_bin = wasm::target_dir()?.join("debug").join("ludi-server");
    let server = Server::start(0, site.clone())?;
    let url = format!("http://{}/", server.addr());
    // The update test changes a file of the site it is served, to make a new version: it gets
    // a copy of its own, so the files running beside it never see that version.
    let update_site = wasm::target_dir()?.join("dist-update");
    copy_site(&site, &update_site)?;
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
        .env("LUDI_SERVER", &server_bin)
        .env("LUDI_SITE", &site)
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

/// Copies the built site `from` into a fresh `to`, its compressed copies included.
fn copy_site(from: &Path, to: &Path) -> Result<(), String> {
    if to.exists() {
        std::fs::remove_dir_all(to).map_err(|e| format!("cannot empty {}: {e}", to.display()))?;
    }
    copy_tree(from, to)
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot list {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", from.display()))?;
        let (source, copy) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            copy_tree(&source, &copy)?;
        } else {
            std::fs::copy(&source, &copy)
                .map_err(|e| format!("cannot copy {}: {e}", source.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_copy_of_a_site_holds_every_file_and_nothing_older() {
        let root = std::env::temp_dir().join(format!("xtask-copy-{}", std::process::id()));
        let (from, to) = (root.join("dist"), root.join("copy"));
        std::fs::create_dir_all(from.join("pkg")).unwrap();
        std::fs::create_dir_all(&to).unwrap();
        std::fs::write(to.join("stale.js"), "old").unwrap();
        for (name, text) in [
            ("index.html", "page"),
            ("pkg/a.wasm", "wasm"),
            ("pkg/a.wasm.br", "br"),
        ] {
            std::fs::write(from.join(name), text).unwrap();
        }
        copy_site(&from, &to).unwrap();
        let read = |name: &str| std::fs::read_to_string(to.join(name)).ok();
        let copied = [
            read("index.html"),
            read("pkg/a.wasm"),
            read("pkg/a.wasm.br"),
            read("stale.js"),
        ];
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(
            copied,
            [
                Some("page".into()),
                Some("wasm".into()),
                Some("br".into()),
                None
            ]
        );
    }
}
