//! Node.js test files, and the pure-JS unit tests in `tests/unit/` that need no browser and
//! no npm package.

use crate::{run, workspace_root};
use std::io::ErrorKind;
use std::path::Path;
use std::process::{Command, Stdio};

/// The names of the `*.test.mjs` files directly in `dir`, sorted; folders are not entered.
pub fn test_files(dir: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    for entry in
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?
    {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if name.ends_with(".test.mjs") && entry.path().is_file() {
            files.push(name);
        }
    }
    files.sort();
    Ok(files)
}

/// Fails with what to install when `node` cannot be started.
pub fn require(for_what: &str) -> Result<(), String> {
    match Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
    {
        Ok(status) if status.success() => Ok(()),
        Ok(status) => Err(format!("`node --version` failed ({status})")),
        Err(e) if e.kind() == ErrorKind::NotFound => Err(format!(
            "{for_what} need Node.js, and `node` is not on the PATH: run `.ci/run` (it \
             installs it) or `apt-get install nodejs`"
        )),
        Err(e) => Err(format!("cannot start node: {e}")),
    }
}

/// Runs `node --test` on every `tests/unit/*.test.mjs`, from the workspace root.
pub fn unit_tests() -> Result<(), String> {
    let unit = workspace_root().join("tests").join("unit");
    let files = if unit.is_dir() {
        test_files(&unit)?
    } else {
        Vec::new()
    };
    if files.is_empty() {
        println!("xtask: no tests/unit/*.test.mjs files, so no JS unit tests to run");
        return Ok(());
    }
    require("the JS unit tests in tests/unit/")?;
    let paths: Vec<String> = files.iter().map(|f| format!("tests/unit/{f}")).collect();
    let mut args = vec!["--test"];
    args.extend(paths.iter().map(String::as_str));
    run("node", &args).map_err(|e| format!("the JS unit tests failed: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_only_test_files_at_the_top_sorted() {
        let dir = std::env::temp_dir().join(format!("xtask-node-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("unit")).unwrap();
        std::fs::create_dir_all(dir.join("folder.test.mjs")).unwrap();
        for name in [
            "rules.test.mjs",
            "game.test.mjs",
            "helpers.mjs",
            "notes.test.js",
            "unit/params.test.mjs",
        ] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let files = test_files(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(files, ["game.test.mjs", "rules.test.mjs"]);
    }
}
