//! Serves a built site (`target/dist/`, see `dist.rs`) on 127.0.0.1 with axum and tower-http's
//! `ServeDir`: precompressed `.br`/`.gz` copies when the browser takes them, and the headers a
//! deployment should send (the CSP, `nosniff`, caching). `/precache.js` is made afresh from the
//! folder for each request, so whatever the folder holds now is what an installed worker gets.

use crate::precache::{self, Precache};
use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use tokio::sync::oneshot;
use tower_http::services::ServeDir;

/// The page's Content-Security-Policy, as every HTML page's `<meta>` carries it.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                       style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'self'; \
                       form-action 'self'";
/// The one page other sites may frame.
const EMBED_PAGE: &str = "/embed.html";

/// The CSP header for a path: the page's own policy, plus who may frame it (`frame-ancestors`
/// works only as a header). Only the embed page may sit in another origin's frame.
pub fn csp_header(path: &str) -> String {
    let ancestors = if path == EMBED_PAGE { "*" } else { "'self'" };
    format!("{CSP}; frame-ancestors {ancestors}")
}

/// How long a browser may keep a response without asking again. File names carry no hash, so
/// the page's code is revalidated on every load (the service worker is what makes it fast and
/// offline); pictures change rarely.
pub fn cache_control(path: &str) -> &'static str {
    if path.starts_with("/icons/") || path.starts_with("/screenshots/") {
        "public, max-age=86400"
    } else {
        "no-cache"
    }
}

/// A running server; dropping it stops it.
pub struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `root` on 127.0.0.1:`port` (0 picks a free port) from a background thread.
    pub fn start(port: u16, root: PathBuf) -> Result<Server, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port)))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the server's address: {e}"))?;
        let app = router(root);
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                tokio::select! {
                    result = axum::serve(listener, app) => {
                        if let Err(e) = result {
                            eprintln!("xtask: the server stopped: {e}");
                        }
                    }
                    _ = stopped => {}
                }
            });
            runtime.shutdown_background();
        });
        Ok(Server {
            addr,
            stop: Some(stop),
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
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn router(root: PathBuf) -> Router {
    let files = ServeDir::new(&root)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    Router::new()
        .route(&format!("/{}", precache::FILE), get(precache_script))
        .fallback_service(files)
        .with_state(Arc::new(root))
        .layer(middleware::from_fn(deployment_headers))
}

/// The service worker's list, made from the folder as it is now.
async fn precache_script(State(root): State<Arc<PathBuf>>) -> Response {
    match Precache::of(&root) {
        Ok(list) => (
            [(
                CONTENT_TYPE,
                HeaderValue::from_static("text/javascript; charset=utf-8"),
            )],
            list.script(),
        )
            .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e).into_response(),
    }
}

async fn deployment_headers(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    if let Ok(csp) = HeaderValue::from_str(&csp_header(&path)) {
        headers.insert(CONTENT_SECURITY_POLICY, csp);
    }
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(
        REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    headers.insert(
        CACHE_CONTROL,
        HeaderValue::from_static(cache_control(&path)),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    /// A fresh folder for one test, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("xtask-serve-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The whole answer (head and body) to a GET with the given extra header lines.
    fn get(server: &Server, path: &str, extra: &str) -> String {
        let mut stream = TcpStream::connect(server.addr()).unwrap();
        stream
            .write_all(
                format!("GET {path} HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n")
                    .as_bytes(),
            )
            .unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        String::from_utf8_lossy(&answer).into_owned()
    }

    fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
        let head = answer.split("\r\n\r\n").next()?;
        head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.eq_ignore_ascii_case(name).then(|| value.trim())
        })
    }

    #[test]
    fn serves_files_with_their_types_and_a_deployments_headers() {
        let dir = Scratch::new("types");
        std::fs::write(dir.0.join("index.html"), "<p>salve</p>").unwrap();
        std::fs::write(dir.0.join("embed.html"), "<p>board</p>").unwrap();
        std::fs::write(dir.0.join("x.wasm"), b"\0asm").unwrap();
        let server = Server::start(0, dir.0.clone()).unwrap();

        let page = get(&server, "/", "");
        assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
        assert!(header(&page, "content-type")
            .unwrap()
            .starts_with("text/html"));
        assert!(page.ends_with("<p>salve</p>"));
        assert_eq!(header(&page, "x-content-type-options"), Some("nosniff"));
        assert_eq!(header(&page, "cache-control"), Some("no-cache"));
        let csp = header(&page, "content-security-policy").unwrap();
        assert!(csp.starts_with(CSP), "{csp}");
        assert!(csp.ends_with("frame-ancestors 'self'"), "{csp}");

        let embed = get(&server, "/embed.html?game=scripta", "");
        let csp = header(&embed, "content-security-policy").unwrap();
        assert!(csp.ends_with("frame-ancestors *"), "{csp}");

        let wasm = get(&server, "/x.wasm", "");
        assert_eq!(header(&wasm, "content-type"), Some("application/wasm"));
        assert!(get(&server, "/../etc/passwd", "").starts_with("HTTP/1.1 404"));
        assert!(get(&server, "/missing.js", "").starts_with("HTTP/1.1 404"));
    }

    #[test]
    fn sends_the_precompressed_copy_the_browser_accepts() {
        let dir = Scratch::new("compressed");
        std::fs::write(dir.0.join("app.js"), "plain").unwrap();
        std::fs::write(dir.0.join("app.js.gz"), "gzip bytes").unwrap();
        std::fs::write(dir.0.join("app.js.br"), "brotli bytes").unwrap();
        let server = Server::start(0, dir.0.clone()).unwrap();
        let br = get(&server, "/app.js", "Accept-Encoding: gzip, br\r\n");
        assert_eq!(header(&br, "content-encoding"), Some("br"), "{br}");
        assert!(br.ends_with("brotli bytes"));
        assert!(header(&br, "content-type")
            .unwrap()
            .starts_with("text/javascript"));
        let gz = get(&server, "/app.js", "Accept-Encoding: gzip\r\n");
        assert_eq!(header(&gz, "content-encoding"), Some("gzip"));
        let plain = get(&server, "/app.js", "");
        assert_eq!(header(&plain, "content-encoding"), None);
        assert!(plain.ends_with("plain"));
    }

    #[test]
    fn makes_the_precache_list_afresh_for_each_request() {
        let dir = Scratch::new("precache");
        std::fs::write(dir.0.join("index.html"), "<p>salve</p>").unwrap();
        let server = Server::start(0, dir.0.clone()).unwrap();
        let first = get(&server, "/precache.js?v=1", "");
        assert!(first.starts_with("HTTP/1.1 200 OK"), "{first}");
        assert!(header(&first, "content-type")
            .unwrap()
            .starts_with("text/javascript"));
        assert!(first.contains(&Precache::of(&dir.0).unwrap().version));
        std::fs::write(dir.0.join("index.html"), "<p>vale</p>").unwrap();
        let second = get(&server, "/precache.js", "");
        assert!(second.contains(&Precache::of(&dir.0).unwrap().version));
        assert_ne!(
            first.split("\r\n\r\n").nth(1),
            second.split("\r\n\r\n").nth(1),
            "an edited file changes the list's version"
        );
        assert!(!dir.0.join(precache::FILE).exists(), "served, not written");
    }
}
