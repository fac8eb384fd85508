//! Builds the page's WebAssembly: the release `ludi-wasm` library, then wasm-bindgen's web
//! glue into `www/pkg/`, and measures what a browser downloads; then lists `www/` for the
//! service worker.

use crate::dist::{brotli, gzip};
use crate::{run, workspace_root};
use ludi_server::precache;
use std::path::{Path, PathBuf};
use std::process::Command;
use wasm_bindgen_cli_support::Bindgen;

pub const TARGET: &str = "wasm32-unknown-unknown";
/// The games, each built alone into its own module (`www/pkg/<game>.js` and
/// `<game>_bg.wasm`), with what its engine and glue may weigh gzipped: a visitor on a phone
/// downloads only the engine of the game played. A budget is raised only by an issue that
/// says why; a feature that needs room makes room first.
pub const GAMES: &[Budget] = &[
    Budget {
        game: "scripta",
        most: 170 * 1024,
        profile: "release",
        rustflags: "",
    },
    Budget {
        game: "latrunculi",
        most: 70 * 1024,
        profile: "wasm-small",
        // LLVM's inliner at a quarter of its default threshold: 2 KB gzip smaller, and the
        // search's nodes a second in the page measure the same (`ludi latrunculi bench`
        // under Node's WASI).
        rustflags: r#"target.wasm32-unknown-unknown.rustflags=["-C","llvm-args=-inline-threshold=50"]"#,
    },
];

/// A game's budget: the most its engine and glue may weigh gzipped, in bytes, printed with the
/// size every build; the build fails past it. `profile` is the cargo profile it is built with:
/// XII Scripta's `release` for speed, Latrunculi's `wasm-small` (see the workspace's
/// Cargo.toml) for size. `rustflags`, when not empty, is a `--config` adding to the
/// compiler flags of `.cargo/config.toml` for this game alone.
pub struct Budget {
    pub game: &'static str,
    pub most: usize,
    pub profile: &'static str,
    pub rustflags: &'static str,
}

/// What the Rust compiler's wasm output uses beyond the MVP, for binaryen to accept it.
const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
];

/// What a browser downloads of one game's engine: its wasm and glue, gzipped and brotli'd.
pub struct Size {
    budget: &'static Budget,
    gzip: usize,
    brotli: usize,
}

impl Size {
    pub fn check(&self) -> Result<(), String> {
        let Budget { game, most, .. } = self.budget;
        if self.gzip <= *most {
            Ok(())
        } else {
            Err(format!(
                "{game}'s engine and glue gzip to {} bytes, past its budget of {most} bytes",
                self.gzip
            ))
        }
    }

    /// The size, the budget and by how much it is missed, if it is.
    fn report(&self) -> String {
        let kb = |bytes: usize| bytes as f64 / 1024.0;
        let Budget { game, most, .. } = self.budget;
        let over = if self.gzip > *most {
            format!(": OVER the budget by {:.1} KB", kb(self.gzip - most))
        } else {
            String::new()
        };
        format!(
            "wasm size: {game} engine and glue {:.1} KB gzip, {:.1} KB brotli (budget {:.0} KB gzip){over}",
            kb(self.gzip),
            kb(self.brotli),
            kb(*most)
        )
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

/// Builds each game's wasm and glue into `www/pkg/`, the home screen's board pictures beside
/// them, then writes `www/precache.js` for the service worker; prints and returns each engine's
/// size.
pub fn build() -> Result<Vec<Size>, String> {
    ensure_target()?;
    let www = workspace_root().join("www");
    let out = www.join("pkg");
    let target = target_dir()?.join(TARGET);
    let mut sizes = Vec::new();
    for budget in GAMES {
        let Budget {
            game,
            profile,
            rustflags,
            ..
        } = budget;
        let mut args = vec![
            "build",
            "--profile",
            profile,
            "-p",
            "ludi-wasm",
            "--target",
            TARGET,
            "--no-default-features",
            "--features",
            game,
        ];
        if !rustflags.is_empty() {
            args.extend(["--config", rustflags]);
        }
        run("cargo", &args)?;
        // Cargo gives both builds one file name: each game's is kept under its own.
        let built = target.join(profile).join(format!("{game}.wasm"));
        std::fs::copy(target.join(profile).join("ludi_wasm.wasm"), &built)
            .map_err(|e| format!("cannot copy {game}'s wasm: {e}"))?;
        let input = optimise(&built)?;
        eprintln!("xtask: wasm-bindgen --target web {}", input.display());
        Bindgen::new()
            .input_path(&input)
            .out_name(game)
            .web(true)
            .map_err(|e| format!("wasm-bindgen: {e}"))?
            .typescript(false)
            .generate(&out)
            .map_err(|e| format!("wasm-bindgen on {}: {e:#}", input.display()))?;
        let wasm = out.join(format!("{game}_bg.wasm"));
        strip_names(&wasm)?;
        strip_doc_comments(&out.join(format!("{game}.js")))?;
        let files = [wasm, out.join(format!("{game}.js"))];
        let size = Size {
            budget,
            gzip: files
                .iter()
                .map(|f| compressed(f, gzip))
                .sum::<Result<_, _>>()?,
            brotli: files
                .iter()
                .map(|f| compressed(f, brotli))
                .sum::<Result<_, _>>()?,
        };
        println!("{}", size.report());
        sizes.push(size);
    }
    // The engines of an earlier build, when both games were one module, are not shipped.
    for old in ["ludi_wasm.js", "ludi_wasm_bg.wasm"] {
        let _ = std::fs::remove_file(out.join(old));
    }
    // XII Scripta's networks beside the engine that reads them, `scripta-<preset>.bin`, each
    // fetched by the page only when its reading is played.
    for preset in ludi_core::scripta::ai::TRAINED {
        let from = match preset {
            "austin-murray" => crate::train::WEIGHTS.to_string(),
            _ => crate::train::preset_weights(preset),
        };
        std::fs::copy(
            workspace_root().join(&from),
            out.join(format!("scripta-{preset}.bin")),
        )
        .map_err(|e| format!("cannot copy the network's weights {from}: {e}"))?;
    }
    write_pictures(&out)?;
    precache::write(&www)?;
    Ok(sizes)
}

/// Drops the `name` custom section (function names for debuggers, a sixth of each module, which
/// the page never reads) from a bound module. It is done here, after wasm-bindgen, because
/// stripping at link time also drops the section that tells wasm-bindgen the module's features.
fn strip_names(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let stripped = without_section(&bytes, "name")
        .ok_or_else(|| format!("{} is not a WebAssembly module", path.display()))?;
    std::fs::write(path, stripped).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Drops the doc comments wasm-bindgen copies from the Rust into the glue (a quarter of the
/// glue's gzipped size, 1.3 KB for Latrunculi), which no browser reads.
fn strip_doc_comments(path: &Path) -> Result<(), String> {
    let glue = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    std::fs::write(path, without_doc_comments(&glue))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `js` without its `/** ... */` blocks that stand on lines of their own.
fn without_doc_comments(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    let mut in_comment = false;
    for line in js.split_inclusive('\n') {
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with("/**") {
            in_comment = !trimmed.ends_with("*/");
        } else if in_comment {
            in_comment = trimmed != "*/";
        } else {
            out.push_str(line);
        }
    }
    out
}

/// `module` without its custom sections called `name`; None when it does not parse.
fn without_section(module: &[u8], name: &str) -> Option<Vec<u8>> {
    const HEADER: usize = 8;
    if module.len() < HEADER || &module[..4] != b"\0asm" {
        return None;
    }
    let mut out = module[..HEADER].to_vec();
    let mut at = HEADER;
    while at < module.len() {
        let id = module[at];
        let (size, len) = leb128(&module[at + 1..])?;
        let body = at + 1 + len;
        let end = body.checked_add(size)?;
        let payload = module.get(body..end)?;
        let custom_name = (id == 0)
            .then(|| leb128(payload))
            .flatten()
            .and_then(|(n, len)| payload.get(len..len + n));
        if custom_name != Some(name.as_bytes()) {
            out.extend_from_slice(&module[at..end]);
        }
        at = end;
    }
    Some(out)
}

/// An unsigned LEB128 number at the start of `bytes` and how many bytes it took.
fn leb128(bytes: &[u8]) -> Option<(usize, usize)> {
    let mut value = 0usize;
    for (i, &byte) in bytes.iter().enumerate().take(5) {
        value |= usize::from(byte & 0x7f) << (7 * i);
        if byte & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

/// `www/pkg/pictures.js`: the home screen's board pictures, as each game's engine draws them,
/// each preset's options, and which network plays rules of one's own, for the level picker.
fn write_pictures(out: &Path) -> Result<(), String> {
    let pictures = ludi_wasm::pictures::pictures()?;
    let json = serde_json::to_string(&pictures)
        .map_err(|e| format!("cannot write the board pictures: {e}"))?;
    let networks = serde_json::to_string(&ludi_wasm::pictures::networks())
        .map_err(|e| format!("cannot write the networks: {e}"))?;
    let presets = serde_json::to_string(&ludi_wasm::pictures::presets())
        .map_err(|e| format!("cannot write the presets: {e}"))?;
    let script = format!(
        "// Written by `cargo xtask` from the engines: the home screen's board pictures, each\n\
         // preset's options, and the options a network's inputs read with the presets trained.\n\
         export const PICTURES = {json};\n\
         export const PRESETS = {presets};\n\
         export const NETWORKS = {networks};\n"
    );
    std::fs::write(out.join("pictures.js"), script)
        .map_err(|e| format!("cannot write {}: {e}", out.join("pictures.js").display()))
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

/// The bytes of `path` after `compress` (gzip or brotli as the dist writes them).
fn compressed(
    path: &Path,
    compress: fn(&[u8]) -> Result<Vec<u8>, String>,
) -> Result<usize, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    compress(&bytes)
        .map(|c| c.len())
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_section_goes_and_every_other_stays() {
        let custom = |name: &str, body: &[u8]| {
            let mut payload = vec![u8::try_from(name.len()).unwrap()];
            payload.extend_from_slice(name.as_bytes());
            payload.extend_from_slice(body);
            let mut section = vec![0, u8::try_from(payload.len()).unwrap()];
            section.extend(payload);
            section
        };
        let header = b"\0asm\x01\0\0\0".to_vec();
        let types = vec![1, 4, 1, 0x60, 0, 0];
        let module = [
            header.clone(),
            types.clone(),
            custom("name", &[1, 2, 3]),
            custom("producers", &[9]),
        ]
        .concat();
        let expected = [header, types, custom("producers", &[9])].concat();
        assert_eq!(without_section(&module, "name"), Some(expected.clone()));
        assert_eq!(without_section(&expected, "name"), Some(expected));
        assert_eq!(without_section(b"\0asm\x01\0\0\0\x01\x09", "name"), None);
        assert_eq!(without_section(b"PK", "name"), None);
    }

    #[test]
    fn doc_comments_go_and_the_code_stays() {
        let glue = "export class Game {\n    /**\n     * The board.\n     * @returns {any}\n     */\n    snapshot() {\n        return wasm.snapshot(this.p); /* kept */\n    }\n    /** One line. */\n}\n";
        assert_eq!(
            without_doc_comments(glue),
            "export class Game {\n    snapshot() {\n        return wasm.snapshot(this.p); /* kept */\n    }\n}\n"
        );
    }

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
