//! A tiny static file server for `www/` on 127.0.0.1: enough HTTP/1.1 for a browser to load
//! the page, its modules and its wasm, with the right content types. Not for the internet.

use crate::precache::{self, Precache};
use std::io::{BufRead, BufReader, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A running server; dropping it stops it.
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 picks a free port) from a background thread.
    pub fn start(port: u16, root: PathBuf) -> Result<Server, String> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the server's address: {e}"))?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    let root = root.clone();
                    std::thread::spawn(move || handle(stream, &root));
                }
            }
        });
        Ok(Server {
            addr,
            stop,
            thread: Some(thread),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Blocks for as long as the server runs (until the process is interrupted).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file a request path names under `root`, refusing anything that climbs out of it.
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let relative = Path::new(path.trim_start_matches('/'));
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let file = root.join(relative);
    if file.is_dir() {
        Some(file.join("index.html"))
    } else {
        Some(file)
    }
}

/// A file's bytes. The service worker's list is made afresh from `root` each time, so a file
/// edited while serving changes its cache's name and reaches an installed worker.
fn read(root: &Path, file: &Path) -> Option<Vec<u8>> {
    if file == root.join(precache::FILE) {
        return Precache::of(root).ok().map(|p| p.script().into_bytes());
    }
    std::fs::read(file).ok()
}

fn handle(stream: TcpStream, root: &Path) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(&stream);
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    // The headers are not needed, but must be read before answering.
    let mut header = String::new();
    while reader.read_line(&mut header).is_ok_and(|n| n > 2) {
        header.clear();
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let response = match method {
        "GET" | "HEAD" => match resolve(root, target)
            .and_then(|f| read(root, &f).map(|body| (content_type(&f), body)))
        {
            Some((kind, body)) => ("200 OK", kind, body),
            None => ("404 Not Found", "text/plain", b"not found\n".to_vec()),
        },
        _ => (
            "405 Method Not Allowed",
            "text/plain",
            b"only GET and HEAD\n".to_vec(),
        ),
    };
    let (status, kind, body) = response;
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let mut stream = &stream;
    let _ = stream.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = stream.write_all(&body);
    }
    let _ = stream.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_inside_the_root_only() {
        let root = Path::new("/srv/www");
        assert_eq!(
            resolve(root, "/pkg/ludi_wasm.js?v=1"),
            Some(PathBuf::from("/srv/www/pkg/ludi_wasm.js"))
        );
        assert_eq!(resolve(root, "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/a/./b"), Some(PathBuf::from("/srv/www/a/b")));
        assert_eq!(content_type(Path::new("x.wasm")), "application/wasm");
    }

    fn get(server: &Server, path: &str) -> String {
        let mut stream = TcpStream::connect(server.addr()).unwrap();
        stream
            .write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
            .unwrap();
        let mut answer = String::new();
        std::io::Read::read_to_string(&mut stream, &mut answer).unwrap();
        answer
    }

    #[test]
    fn serves_a_file_with_its_type() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<p>salve</p>").unwrap();
        let server = Server::start(0, dir.clone()).unwrap();
        let answer = get(&server, "/");
        assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
        assert!(answer.contains("text/html"));
        assert!(answer.ends_with("<p>salve</p>"));
        drop(server);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn makes_the_precache_list_afresh_for_each_request() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-pre-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<p>salve</p>").unwrap();
        let server = Server::start(0, dir.clone()).unwrap();
        let first = get(&server, "/precache.js?v=1");
        assert!(first.starts_with("HTTP/1.1 200 OK"), "{first}");
        assert!(first.contains("text/javascript"));
        assert!(first.contains(&Precache::of(&dir).unwrap().version));
        std::fs::write(dir.join("index.html"), "<p>vale</p>").unwrap();
        let second = get(&server, "/precache.js");
        assert!(second.contains(&Precache::of(&dir).unwrap().version));
        assert_ne!(first, second, "an edited file changes the list's version");
        assert!(!dir.join(precache::FILE).exists(), "served, not written");
        drop(server);
        std::fs::remove_dir_all(dir).unwrap();
    }
}
