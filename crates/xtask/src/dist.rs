//! `cargo xtask dist`: the site as it ships, in `target/dist/`. Every file the page needs
//! (pages, modules, the wasm and its glue, icons, manifest, service worker and its generated
//! precache list), `.gz` and `.br` copies beside the larger ones for servers that send
//! precompressed files, `api/online` (the answer a static host gives the page: no game server
//! here) and `DEPLOY.md`: the headers a host should set.

use crate::{modules, strip, wasm, workspace_root};
use flate2::write::GzEncoder;
use flate2::Compression;
use ludi_server::precache;
use ludi_server::site::{cache_control, csp_header, CSP};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Files smaller than this are sent as they are: compressing them saves less than a packet.
const COMPRESS_FROM: u64 = 1024;
/// What compresses well; PNGs are compressed already.
const COMPRESSIBLE: &[&str] = &[
    "html",
    "js",
    "mjs",
    "css",
    "wasm",
    "svg",
    "webmanifest",
    "json",
];
pub use ludi_server::precache::DEPLOY;

/// Builds the wasm, then writes `target/dist/` afresh; returns its path.
pub fn build() -> Result<PathBuf, String> {
    let www = workspace_root().join("www");
    let missing = pages_missing_the_csp(&www)?;
    if !missing.is_empty() {
        return Err(format!(
            "these pages lack the served Content-Security-Policy <meta> (serve.rs's CSP): {}",
            missing.join(", ")
        ));
    }
    let over: Vec<String> = wasm::build()?
        .iter()
        .filter_map(|size| size.check().err())
        .collect();
    if !over.is_empty() {
        return Err(over.join("; "));
    }
    let dist = wasm::target_dir()?.join("dist");
    write(&www, &dist)?;
    Ok(dist)
}

/// Copies the site from `www` into a fresh `dist`, with its precache list, compressed copies,
/// the static answer `api/online` and `DEPLOY.md`.
pub fn write(www: &Path, dist: &Path) -> Result<(), String> {
    if dist.exists() {
        std::fs::remove_dir_all(dist)
            .map_err(|e| format!("cannot empty {}: {e}", dist.display()))?;
    }
    let mut files = Vec::new();
    copy_tree(www, dist, "", &mut files)?;
    preload_modules(dist, &mut files)?;
    precache::write(dist)?;
    files.push(precache::FILE.to_string());
    let mut compressed = 0;
    for file in &files {
        if compress(&dist.join(file))? {
            compressed += 1;
        }
    }
    let deploy = dist.join(DEPLOY);
    std::fs::write(&deploy, deploy_notes())
        .map_err(|e| format!("cannot write {}: {e}", deploy.display()))?;
    write_no_server(dist)?;
    println!(
        "xtask: wrote {} ({} files, {compressed} with .gz and .br copies)",
        dist.display(),
        files.len()
    );
    Ok(())
}

/// The site's answer to the page's question whether a game server is here, for a static host
/// to send rather than a 404 (which a browser reports as an error in the console).
fn write_no_server(dist: &Path) -> Result<(), String> {
    let answer = dist.join(precache::NO_SERVER);
    if let Some(folder) = answer.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    }
    std::fs::write(&answer, "{\"online\":false}\n")
        .map_err(|e| format!("cannot write {}: {e}", answer.display()))
}

/// Whether a file of `www/` stays out of the shipped site: editor and tool litter, and the
/// precache list, which is written for the shipped files.
fn left_out(relative: &str, name: &str) -> bool {
    name.starts_with('.')
        || relative == precache::FILE
        || name.ends_with(".d.ts")
        || name.ends_with(".map")
        || name.ends_with(".gz")
        || name.ends_with(".br")
}

fn copy_tree(from: &Path, to: &Path, prefix: &str, files: &mut Vec<String>) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot list {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("cannot list {}: {e}", from.display()))?;
        let Ok(name) = entry.file_name().into_string() else {
            return Err(format!("{} has a name that is not UTF-8", from.display()));
        };
        let relative = format!("{prefix}{name}");
        if left_out(&relative, &name) {
            continue;
        }
        let path = entry.path();
        let metadata =
            std::fs::metadata(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if metadata.is_dir() {
            copy_tree(&path, &to.join(&name), &format!("{relative}/"), files)?;
        } else if metadata.is_file() {
            if let Some(strip) = strip::for_file(&name) {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let shipped = strip(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                std::fs::write(to.join(&name), shipped)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            } else {
                std::fs::copy(&path, to.join(&name))
                    .map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
            }
            files.push(relative);
        }
    }
    Ok(())
}

/// Writes `file.gz` and `file.br` beside a large, compressible file; says whether it did.
fn compress(file: &Path) -> Result<bool, String> {
    let kind = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    let size = std::fs::metadata(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?
        .len();
    if !COMPRESSIBLE.contains(&kind) || size < COMPRESS_FROM {
        return Ok(false);
    }
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let sibling = |suffix: &str| {
        let mut name = file.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    };
    std::fs::write(sibling(".gz"), gzip(&bytes)?)
        .map_err(|e| format!("cannot write {}.gz: {e}", file.display()))?;
    std::fs::write(sibling(".br"), brotli(&bytes)?)
        .map_err(|e| format!("cannot write {}.br: {e}", file.display()))?;
    Ok(true)
}

pub fn gzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder
        .write_all(bytes)
        .and_then(|()| encoder.finish())
        .map_err(|e| format!("cannot gzip: {e}"))
}

pub fn brotli(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)
        .map_err(|e| format!("cannot brotli: {e}"))?;
    Ok(out)
}

/// Gives each page of `dist` a `<link rel="modulepreload">` for every module its scripts import,
/// and writes `pkg/modules.js` (`export const GRAPHS = {module: [itself, ...its imports]}`) for
/// the modules the page imports later (`js/kit/preload.js`).
fn preload_modules(dist: &Path, files: &mut Vec<String>) -> Result<(), String> {
    for page in files.iter().filter(|f| f.ends_with(".html")) {
        let path = dist.join(page);
        let html = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        std::fs::write(&path, modules::with_preloads(dist, &html))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let scripts: Vec<String> = files
        .iter()
        .filter(|f| f.starts_with("js/") && f.ends_with(".js"))
        .cloned()
        .collect();
    let graphs = serde_json::to_string(&modules::lazy_graphs(dist, &scripts))
        .map_err(|e| format!("cannot write the module graphs: {e}"))?;
    let file = "pkg/modules.js";
    std::fs::write(
        dist.join(file),
        format!("// Written by `cargo xtask dist`: js/kit/preload.js reads it.\nexport const GRAPHS = {graphs};\n"),
    )
    .map_err(|e| format!("cannot write {file}: {e}"))?;
    files.push(file.to_string());
    Ok(())
}

fn deploy_notes() -> String {
    format!(
        "# Deploying Ludi Romani\n\n\
         This folder is the whole site, made by `cargo xtask dist`. Copy it to any static host,\n\
         at the root or in a folder of its own (every URL in it is relative): everything but\n\
         online play works there. `api/online` is the site's answer to the page's question\n\
         whether a game server is here (`{{\"online\":false}}`, sent with any type), so a static\n\
         host shows no error for it.\n\n\
         ## Online play\n\n\
         Playing a friend on another device needs the game server, which also serves this\n\
         folder with the headers below: `ludi-server --site <this folder> --data <dir>` (or\n\
         `DATABASE_URL=postgres://...` for several servers on one database). Behind a reverse\n\
         proxy that ends TLS, pass `/ws` on as a WebSocket upgrade (`wss:` to the browser) with\n\
         the `Host` header kept; see docs/online.md. A proxy that serves this folder itself and\n\
         passes on only what it lacks must pass `/api/` to the game server first: the folder's own\n\
         `api/online` says that no server is here.\n\n\
         ## Types\n\n\
         - `.wasm`: `application/wasm` (browsers refuse to stream-compile anything else)\n\
         - `.webmanifest`: `application/manifest+json`\n\
         - `.js`: `text/javascript`; `.html`, `.css`, `.svg`, `.png` as usual\n\n\
         ## Compression\n\n\
         Large files have `.br` and `.gz` copies beside them. Send `file.br` with\n\
         `Content-Encoding: br` (or `file.gz` with `Content-Encoding: gzip`) when the request's\n\
         `Accept-Encoding` allows it, with the original's `Content-Type` and `Vary:\n\
         Accept-Encoding` (nginx: `brotli_static on; gzip_static on;`). Never serve the copies\n\
         under their own names.\n\n\
         ## HTTP/2\n\n\
         Serve the site over HTTPS with HTTP/2 (most hosts do): a game's first screen is fifty\n\
         small modules, which HTTP/1.1 fetches six at a time. On a slow phone the first throw\n\
         comes about 0.4 s sooner over HTTP/2.\n\n\
         ## Headers\n\n\
         On every response:\n\n\
         ```\n\
         X-Content-Type-Options: nosniff\n\
         Referrer-Policy: strict-origin-when-cross-origin\n\
         ```\n\n\
         On the pages (`.html`) and the scripts that run as workers (`sw.js`,\n\
         `js/kit/ai-worker.js`), whose policy comes from their own response (the modules a page\n\
         imports run under the page's, so they need none):\n\n\
         ```\n\
         Content-Security-Policy: {page}\n\
         ```\n\n\
         `embed.html` alone may be framed by other sites, so its policy ends differently:\n\n\
         ```\n\
         Content-Security-Policy: {embed}\n\
         ```\n\n\
         Every page also carries the policy (less `frame-ancestors`, which works only as a\n\
         header) in a `<meta>` tag, so a host that cannot set headers still gets most of it.\n\n\
         ## Caching\n\n\
         File names carry no hash, so the page's files must be revalidated on each load:\n\n\
         - everything, and above all `sw.js` and `precache.js`: `Cache-Control: {code}`\n\
         - `icons/` and `screenshots/`: `Cache-Control: {pictures}`\n\n\
         The service worker keeps the whole build for offline play and answers from it first;\n\
         `precache.js` names the cache with a hash of every file, so a new build reaches\n\
         players as \"A new version is ready\", applied when they tap Update.\n\n\
         ## Embedding\n\n\
         Other sites embed the board with `embed.js` (see `embedding.html`). Their pages need\n\
         `frame-src` to allow this site's origin when they have a CSP.\n",
        page = csp_header("/"),
        embed = csp_header("/embed.html"),
        code = cache_control("/sw.js"),
        pictures = cache_control("/icons/icon-192.png"),
    )
}

/// Every HTML page in `www` carries exactly the served policy in its `<meta>`.
pub fn pages_missing_the_csp(www: &Path) -> Result<Vec<String>, String> {
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">");
    let mut missing = Vec::new();
    for entry in
        std::fs::read_dir(www).map_err(|e| format!("cannot list {}: {e}", www.display()))?
    {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "html") {
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            if !text.contains(&meta) {
                missing.push(path.display().to_string());
            }
        }
    }
    missing.sort();
    Ok(missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_carries_the_served_policy() {
        let www = workspace_root().join("www");
        assert_eq!(pages_missing_the_csp(&www).unwrap(), Vec::<String>::new());
    }

    #[test]
    fn writes_the_site_with_compressed_copies_and_notes() {
        let root = std::env::temp_dir().join(format!("xtask-dist-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let (www, dist) = (root.join("www"), root.join("dist"));
        std::fs::create_dir_all(www.join("js")).unwrap();
        std::fs::create_dir_all(www.join("pkg")).unwrap();
        let big = "export const words = 'salve';\n".repeat(100);
        std::fs::write(www.join("index.html"), "<p>salve</p>").unwrap();
        std::fs::write(www.join("sw.js"), "importScripts('precache.js');").unwrap();
        std::fs::write(www.join("js/main.js"), &big).unwrap();
        std::fs::write(www.join("js/.main.js.swp"), "").unwrap();
        std::fs::write(www.join("pkg/ludi_wasm.d.ts"), "").unwrap();
        std::fs::write(www.join(precache::FILE), "stale").unwrap();
        std::fs::create_dir_all(&dist).unwrap();
        std::fs::write(dist.join("old.js"), "from an earlier build").unwrap();

        write(&www, &dist).unwrap();
        for present in [
            "index.html",
            "sw.js",
            "js/main.js",
            "js/main.js.gz",
            "js/main.js.br",
        ] {
            assert!(dist.join(present).is_file(), "{present}");
        }
        for absent in [
            "old.js",
            "js/.main.js.swp",
            "pkg/ludi_wasm.d.ts",
            "index.html.gz",
        ] {
            assert!(!dist.join(absent).exists(), "{absent}");
        }
        let gz = std::fs::read(dist.join("js/main.js.gz")).unwrap();
        let mut plain = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gz[..]), &mut plain)
            .unwrap();
        assert_eq!(plain, big);
        let mut unbrotli = Vec::new();
        let br = std::fs::read(dist.join("js/main.js.br")).unwrap();
        brotli::BrotliDecompress(&mut &br[..], &mut unbrotli).unwrap();
        assert_eq!(unbrotli, big.as_bytes());

        let list = std::fs::read_to_string(dist.join(precache::FILE)).unwrap();
        assert!(list.contains("\"js/main.js\""), "{list}");
        assert!(!list.contains(".gz\"") && !list.contains(".br\"") && !list.contains(DEPLOY));
        assert!(!list.contains(precache::NO_SERVER), "{list}");
        let answer = std::fs::read_to_string(dist.join(precache::NO_SERVER)).unwrap();
        let answer: serde_json::Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer, serde_json::json!({ "online": false }));
        let notes = std::fs::read_to_string(dist.join(DEPLOY)).unwrap();
        assert!(notes.contains("application/wasm") && notes.contains("frame-ancestors *"));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
