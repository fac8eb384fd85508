//! Builds the page's WebAssembly: the release `ludi-wasm` library, then wasm-bindgen's web
//! glue into `www/pkg/`, and measures what a browser downloads; then lists `www/` for the
//! service worker.

use crate::{run, workspace_root};
use flate2::write::GzEncoder;
use flate2::Compression;
use ludi_server::precache;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use wasm_bindgen_cli_support::Bindgen;

pub const TARGET: &str = "wasm32-unknown-unknown";
/// The budget for both games' wasm and its JS glue together, gzipped: what a first visit on
/// a slow phone downloads before the board can be played.
const BUDGET: usize = 268 * 1024;
/// What the Rust compiler's wasm output uses beyond the MVP, for binaryen to accept it.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// Gzipped sizes of the built files, in bytes.
pub struct Size {
    wasm: usize,
    glue: usize,
}

impl Size {
    pub fn check(&self) -> Result<(), String> {
        let total = self.wasm + self.glue;
        if total < BUDGET {
            Ok(())
        } else {
            Err(format!(
                "the page's wasm and glue gzip to {total} bytes, over the {BUDGET}-byte budget"
            ))
        }
    }
}

/// Cargo's target directory, wherever the environment or configuration puts it.
pub fn target_dir() -> Result<PathBuf, String> {
    let output = Command::new("cargo")
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot start cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err("`cargo metadata` failed".into());
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|e| format!("cannot read cargo metadata: {e}"))?;
    metadata["target_directory"]
        .as_str()
        .map(PathBuf::from)
        .ok_or_else(|| "cargo metadata names no target directory".into())
}

/// Makes sure the toolchain in use can build for [`TARGET`]. `rust-toolchain.toml` names it,
/// but a rustup that does not install what that file asks (auto-install off, as on many CI and
/// managed machines) leaves it out, and cargo then fails with "can't find crate for `core`".
/// So the target is looked for in the active toolchain's sysroot and, when missing, added with
/// rustup; without rustup the error says what to install.
pub fn ensure_target() -> Result<(), String> {
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot start rustc: {e}"))?;
    if !sysroot.status.success() {
        return Err("`rustc --print sysroot` failed".into());
    }
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    if has_target(&sysroot) {
        return Ok(());
    }
    eprintln!("xtask: the Rust target {TARGET} is not installed; adding it with rustup");
    run("rustup", &["target", "add", TARGET]).map_err(|e| {
        format!(
            "{e}\nthe page needs the Rust target {TARGET}: run `rustup target add {TARGET}` \
             in this folder (or install it for the toolchain in rust-toolchain.toml by your \
             system's means), then try again"
        )
    })?;
    if has_target(&sysroot) {
        Ok(())
    } else {
        Err(format!(
            "rustup added {TARGET}, but the toolchain at {} still lacks it",
            sysroot.display()
        ))
    }
}

/// Whether a toolchain's sysroot holds the standard library for [`TARGET`].
fn has_target(sysroot: &Path) -> bool {
    sysroot
        .join("lib")
        .join("rustlib")
        .join(TARGET)
        .join("lib")
        .is_dir()
}

/// Builds the wasm and its glue into `www/pkg/`, then writes `www/precache.js` for the
/// service worker; prints and returns the wasm's and glue's gzipped sizes.
pub fn build() -> Result<Size, String> {
    ensure_target()?;
    run(
        "cargo",
        &["build", "--release", "-p", "ludi-wasm", "--target", TARGET],
    )?;
    let input = target_dir()?
        .join(TARGET)
        .join("release")
        .join("ludi_wasm.wasm");
    let www = workspace_root().join("www");
    let out = www.join("pkg");
    let input = optimise(&input)?;
    eprintln!("xtask: wasm-bindgen --target web {}", input.display());
    Bindgen::new()
        .input_path(&input)
        .out_name("ludi_wasm")
        .web(true)
        .map_err(|e| format!("wasm-bindgen: {e}"))?
        .typescript(false)
        .generate(&out)
        .map_err(|e| format!("wasm-bindgen on {}: {e:#}", input.display()))?;
    let size = Size {
        wasm: gzipped(&out.join("ludi_wasm_bg.wasm"))?,
        glue: gzipped(&out.join("ludi_wasm.js"))?,
    };
    println!(
        "wasm size: {} bytes wasm + {} bytes JS glue = {} bytes gzip ({:.1} KB; budget {} KB)",
        size.wasm,
        size.glue,
        size.wasm + size.glue,
        (size.wasm + size.glue) as f64 / 1024.0,
        BUDGET / 1024
    );
    precache::write(&www)?;
    Ok(size)
}

/// With `LUDI_WASM_OPT=1`, runs binaryen's `wasm-opt -O3` over cargo's wasm when it is
/// installed (Debian's `binaryen` package) and returns the file to bind: the optimised copy, or
/// cargo's own. It is off by default because binaryen 108 (Debian 12's) makes the wasm 15 KB
/// smaller but the engine about 25% slower (`cargo xtask wasm-speed`: 0.49 of native speed
/// against 0.66 without it), and the computer players' strength in the page is bought with
/// speed. It runs before wasm-bindgen because binaryen 108 rewrites the externref table
/// wasm-bindgen's glue fills.
fn optimise(wasm: &Path) -> Result<PathBuf, String> {
    if std::env::var_os("LUDI_WASM_OPT").is_none_or(|v| v != "1") {
        return Ok(wasm.to_path_buf());
    }
    let optimised = wasm.with_extension("opt.wasm");
    Ok(if wasm_opt(wasm, &optimised)? {
        optimised
    } else {
        wasm.to_path_buf()
    })
}

/// `wasm-opt -O3 from -o to`; false (with a note) when binaryen is not installed.
pub fn wasm_opt(from: &Path, to: &Path) -> Result<bool, String> {
    let probe = Command::new("wasm-opt").arg("--version").output();
    if !probe.is_ok_and(|o| o.status.success()) {
        println!("xtask: wasm-opt not found, so no wasm-opt pass (apt-get install binaryen)");
        return Ok(false);
    }
    let (source, output) = (from.to_string_lossy(), to.to_string_lossy());
    let mut args = vec!["-O3"];
    args.extend_from_slice(WASM_FEATURES);
    args.extend_from_slice(&[&source, "-o", &output]);
    run("wasm-opt", &args)?;
    let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    println!("xtask: wasm-opt -O3: {} -> {} bytes", size(from), size(to));
    Ok(true)
}

fn gzipped(path: &Path) -> Result<usize, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder
        .write_all(&bytes)
        .and_then(|()| encoder.finish())
        .map(|gz| gz.len())
        .map_err(|e| format!("cannot gzip {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sysroot_without_the_wasm_library_lacks_the_target() {
        let root = std::env::temp_dir().join(format!("xtask-sysroot-{}", std::process::id()));
        let lib = root.join("lib").join("rustlib").join(TARGET).join("lib");
        std::fs::create_dir_all(
            root.join("lib")
                .join("rustlib")
                .join("x86_64-unknown-linux-gnu"),
        )
        .unwrap();
        assert!(!has_target(&root));
        std::fs::create_dir_all(&lib).unwrap();
        assert!(has_target(&root));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
