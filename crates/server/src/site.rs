//! The built site (`cargo xtask dist`'s `target/dist/`), served with tower-http's
//! `ServeDir`: precompressed `.br`/`.gz` copies when the browser takes them, and the headers
//! a deployment should send (the CSP on pages and workers, `nosniff`, caching). `/precache.js` is made afresh from
//! the folder for each request, so whatever the folder holds now is what an installed worker
//! gets.

use crate::precache::{self, Precache};
use axum::extract::{Request, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;

/// The page's Content-Security-Policy, as every HTML page's `<meta>` carries it. The page
/// talks to its own server only (`connect-src 'self'` covers its `ws:`/`wss:` socket).
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
                       style-src 'self'; img-src 'self'; connect-src 'self'; \
                       object-src 'none'; base-uri 'self'; form-action 'self'";
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

/// The site's files under `root`, for the router's fallback.
pub fn router(root: PathBuf) -> Router {
    let files = ServeDir::new(&root)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    Router::new()
        .route(&format!("/{}", precache::FILE), get(precache_script))
        .fallback_service(files)
        .with_state(Arc::new(root))
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

/// Whether a response is governed by its own CSP header: a page (HTML), or a script that runs
/// as a worker (`sw.js`, `*-worker.js`), whose policy comes from its own response. A module a
/// page imports runs under the page's policy, so the other files go without the header's
/// quarter-kilobyte (a first visit fetches dozens of them).
pub fn takes_csp(path: &str, content_type: Option<&str>) -> bool {
    content_type.is_some_and(|t| t.starts_with("text/html"))
        || path.ends_with("/sw.js")
        || path.ends_with("-worker.js")
}

/// The headers of every response, the API's included.
pub async fn deployment_headers(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok());
    if takes_csp(&path, content_type) {
        if let Ok(csp) = HeaderValue::from_str(&csp_header(&path)) {
            headers.insert(CONTENT_SECURITY_POLICY, csp);
        }
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

    #[test]
    fn pages_and_workers_take_the_csp_and_imported_modules_do_not() {
        assert!(takes_csp("/", Some("text/html; charset=utf-8")));
        assert!(takes_csp("/embed.html", Some("text/html")));
        assert!(takes_csp("/sw.js", Some("text/javascript")));
        assert!(takes_csp("/js/kit/ai-worker.js", Some("text/javascript")));
        assert!(!takes_csp("/js/app/main.js", Some("text/javascript")));
        assert!(!takes_csp("/pkg/scripta_bg.wasm", Some("application/wasm")));
        assert!(!takes_csp("/style.css", None));
    }
}
