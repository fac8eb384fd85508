//! The server end to end, in-process: HTTP and the socket on a free port, SQLite in a
//! fresh folder. (The load helper's `crates/server/tests/` drive the binary.)

use crate::{Config, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ludi-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

struct Running {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = self.task.await;
    }
}

async fn start(data: &Path, site: Option<PathBuf>) -> Running {
    let config = Config {
        port: 0,
        data: data.to_path_buf(),
        site,
        ..Config::default()
    };
    start_with(config).await
}

async fn start_with(config: Config) -> Running {
    let server = Server::bind(config).await.unwrap();
    let addr = server.addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let _ = server
            .run(async {
                let _ = stopped.await;
            })
            .await;
    });
    Running {
        addr,
        stop: Some(stop),
        task,
    }
}

/// One HTTP request; the status and the body.
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &str,
) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer[9..12].parse().unwrap();
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = request(addr, "POST", path, "", &body.to_string()).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn socket(addr: SocketAddr) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap()
        .0
}

async fn send(ws: &mut Socket, frame: Value) {
    ws.send(Message::text(frame.to_string())).await.unwrap();
}

/// The next frame of type `t`, skipping others (presence comes and goes).
async fn next(ws: &mut Socket, t: &str) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a frame within 5 s")
            .unwrap()
            .unwrap();
        let value: Value = serde_json::from_str(frame.to_text().unwrap()).unwrap();
        if value["t"] == t {
            return value;
        }
    }
}

/// Every frame but presence that arrives within `wait`.
async fn frames_for(ws: &mut Socket, wait: Duration) -> Vec<Value> {
    let mut frames = Vec::new();
    while let Ok(Some(Ok(frame))) = tokio::time::timeout(wait, ws.next()).await {
        let value: Value = serde_json::from_str(frame.to_text().unwrap_or("")).unwrap_or_default();
        if value["t"] != "presence" {
            frames.push(value);
        }
    }
    frames
}

/// A joined XII Scripta game: its creation answer and both seats' tokens.
async fn new_game(addr: SocketAddr) -> (Value, String, String) {
    let (status, created) = post(
        addr,
        "/api/games",
        json!({"game": "scripta", "side": "albi", "name": "Marcus"}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}/join");
    let code = created["invite"].clone();
    let (status, joined) = post(addr, &path, json!({"code": code, "name": "Livia"})).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], "nigri");
    let (status, again) = post(addr, &path, json!({"code": code, "name": "Eve"})).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("invite-used")));
    let albi = created["token"].as_str().unwrap().to_string();
    let nigri = joined["token"].as_str().unwrap().to_string();
    (created, albi, nigri)
}

async fn hello(addr: SocketAddr, game: &Value, key: &str, value: &str) -> (Socket, Value) {
    let mut ws = socket(addr).await;
    send(
        &mut ws,
        json!({"t": "hello", "game": game["id"], key: value}),
    )
    .await;
    let welcome = next(&mut ws, "welcome").await;
    (ws, welcome)
}

#[tokio::test]
async fn two_seats_and_a_watcher_play_through_the_socket_and_a_restart_keeps_the_game() {
    let data = scratch("play");
    let server = start(&data, None).await;
    let addr = server.addr;
    let (game, albi_token, nigri_token) = new_game(addr).await;
    let (mut albi, welcome) = hello(addr, &game, "token", &albi_token).await;
    assert_eq!(welcome["seat"], "albi");
    assert_eq!(welcome["state"]["status"], "playing");
    assert_eq!(
        welcome["state"]["names"],
        json!({"albi": "Marcus", "nigri": "Livia"})
    );
    let (mut nigri, _) = hello(addr, &game, "token", &nigri_token).await;
    let (mut watcher, welcome) = hello(addr, &game, "watch", game["watch"].as_str().unwrap()).await;
    assert_eq!(welcome["seat"], "watch");

    send(&mut nigri, json!({"t": "throw", "v": 0})).await;
    assert_eq!(next(&mut nigri, "refused").await["code"], "not-your-turn");
    send(&mut watcher, json!({"t": "throw", "v": 0})).await;
    assert_eq!(next(&mut watcher, "refused").await["code"], "watching");
    send(&mut albi, json!({"t": "throw", "v": 0})).await;
    let state = next(&mut albi, "state").await;
    assert_eq!(
        (state["by"].as_str(), state["state"]["version"].as_u64()),
        (Some("albi"), Some(1))
    );
    assert_eq!(state["state"]["save"]["seed"], "", "the seed stays secret");
    assert_eq!(next(&mut nigri, "state").await["state"], state["state"]);
    assert_eq!(
        next(&mut watcher, "state").await["action"],
        json!({"t": "throw"})
    );
    send(&mut albi, json!({"t": "throw", "v": 0})).await;
    assert_eq!(next(&mut albi, "refused").await["code"], "stale");
    send(&mut albi, json!({"t": "throw", "v": 1})).await;
    assert_eq!(next(&mut albi, "refused").await["code"], "already-thrown");
    send(&mut albi, json!({"t": "step", "v": 1, "step": "in/9"})).await;
    assert_eq!(next(&mut albi, "refused").await["code"], "illegal");
    let big = json!({"t": "ping", "x": "y".repeat(5000)});
    send(&mut albi, big).await;
    assert_eq!(next(&mut albi, "error").await["code"], "too-big");
    send(&mut albi, json!({"t": "ping"})).await;
    next(&mut albi, "pong").await;

    let mut forged = socket(addr).await;
    send(
        &mut forged,
        json!({"t": "hello", "game": game["id"], "token": "forged"}),
    )
    .await;
    assert_eq!(next(&mut forged, "refused").await["code"], "bad-token");
    send(&mut forged, json!({"t": "throw", "v": 1})).await;
    assert_eq!(next(&mut forged, "refused").await["code"], "not-joined");
    // A refused hello leaves the socket free for a right one.
    send(
        &mut forged,
        json!({"t": "hello", "game": game["id"], "watch": game["watch"]}),
    )
    .await;
    assert_eq!(next(&mut forged, "welcome").await["seat"], "watch");

    drop(nigri);
    let away = next(&mut albi, "presence").await;
    assert_eq!(
        (away["seat"].as_str(), away["here"].as_bool()),
        (Some("nigri"), Some(false))
    );
    drop((albi, watcher, forged));
    server.stop().await;

    let server = start(&data, None).await;
    let (_, welcome) = hello(server.addr, &game, "token", &nigri_token).await;
    assert_eq!(welcome["state"]["version"], 1);
    assert_eq!(
        welcome["state"]["save"], state["state"]["save"],
        "rebuilt from its seed"
    );
    let id = game["id"].as_str().unwrap();
    let auth = format!("Authorization: Bearer {albi_token}\r\n");
    let (status, record) = request(
        server.addr,
        "GET",
        &format!("/api/games/{id}/record"),
        &auth,
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        record.contains("Albi: Marcus") && record.contains("Nigri: Livia"),
        "{record}"
    );
    assert!(
        !record.contains("Seed"),
        "no seed while the game is on: {record}"
    );
    let (status, _) = request(
        server.addr,
        "GET",
        &format!("/api/games/{id}/record"),
        "",
        "",
    )
    .await;
    assert_eq!(status, 403);
    server.stop().await;
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test]
async fn the_api_refuses_bad_requests_with_a_code() {
    let data = scratch("api");
    let server = start(&data, None).await;
    let addr = server.addr;
    for (body, code) in [
        (
            json!({"game": "chess", "side": "albi", "name": "M"}),
            "bad-game",
        ),
        (
            json!({"game": "scripta", "side": "white", "name": "M"}),
            "bad-side",
        ),
        (
            json!({"game": "scripta", "side": "albi", "name": "  "}),
            "bad-name",
        ),
        (
            json!({"game": "scripta", "rules": "fly=on", "side": "albi", "name": "M"}),
            "bad-rules",
        ),
        (
            json!({"game": "scripta", "side": "albi", "name": "M", "x": 1}),
            "bad-request",
        ),
    ] {
        let (status, answer) = post(addr, "/api/games", body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some(code)));
    }
    let huge = json!({"game": "scripta", "side": "albi", "name": "x".repeat(5000)});
    assert_eq!(post(addr, "/api/games", huge).await.0, 413);
    let (status, created) = post(
        addr,
        "/api/games",
        json!({"game": "latrunculi", "rules": "quintana", "side": "random", "name": "Marcus"}),
    )
    .await;
    assert_eq!(status, 201);
    assert!(["white", "black"].contains(&created["seat"].as_str().unwrap()));
    let path = format!(
        "/api/games/{}/invite/{}",
        created["id"].as_str().unwrap(),
        created["invite"].as_str().unwrap()
    );
    let (status, invite) = request(addr, "GET", &path, "", "").await;
    let invite: Value = serde_json::from_str(&invite).unwrap();
    assert_eq!(status, 200);
    assert_eq!(
        (
            invite["host"].as_str(),
            invite["rules"].as_str(),
            invite["open"].as_bool()
        ),
        (Some("Marcus"), Some("quintana"), Some(true))
    );
    let (status, _) = request(addr, "GET", "/api/games/aaaaaaaaaa/invite/x", "", "").await;
    assert_eq!(status, 404);
    let (status, svg) = request(
        addr,
        "GET",
        "/api/qr.svg?text=https%3A%2F%2Fludi.example%2F",
        "",
        "",
    )
    .await;
    assert!(status == 200 && svg.contains("<svg"), "{status}");
    let long = "x".repeat(301);
    let (status, _) = request(addr, "GET", &format!("/api/qr.svg?text={long}"), "", "").await;
    assert_eq!(status, 400);
    server.stop().await;
    let _ = std::fs::remove_dir_all(&data);
}

/// The whole answer (head and body) to a GET with the given extra header lines.
async fn get_raw(addr: SocketAddr, path: &str, extra: &str) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let head = format!("GET {path} HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

fn header<'a>(answer: &'a str, name: &str) -> Option<&'a str> {
    let head = answer.split("\r\n\r\n").next()?;
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// A site folder with `files`, and a server for it.
async fn site(name: &str, files: &[(&str, &str)]) -> (PathBuf, Running) {
    let root = scratch(name);
    let dir = root.join("site");
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    let server = start(&root.join("data"), Some(dir)).await;
    (root, server)
}

#[tokio::test]
async fn serves_files_with_their_types_and_a_deployments_headers() {
    let files = [
        ("index.html", "<p>salve</p>"),
        ("embed.html", "<p>board</p>"),
        ("x.wasm", "\0asm"),
    ];
    let (root, server) = site("types", &files).await;
    let page = get_raw(server.addr, "/", "").await;
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(header(&page, "content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(page.ends_with("<p>salve</p>"));
    assert_eq!(header(&page, "x-content-type-options"), Some("nosniff"));
    assert_eq!(header(&page, "cache-control"), Some("no-cache"));
    let csp = header(&page, "content-security-policy").unwrap();
    assert!(csp.starts_with(crate::site::CSP), "{csp}");
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    assert!(csp.ends_with("frame-ancestors 'self'"), "{csp}");
    let embed = get_raw(server.addr, "/embed.html?game=scripta", "").await;
    let csp = header(&embed, "content-security-policy").unwrap();
    assert!(csp.ends_with("frame-ancestors *"), "{csp}");
    let wasm = get_raw(server.addr, "/x.wasm", "").await;
    assert_eq!(header(&wasm, "content-type"), Some("application/wasm"));
    assert!(get_raw(server.addr, "/../etc/passwd", "")
        .await
        .starts_with("HTTP/1.1 404"));
    assert!(get_raw(server.addr, "/missing.js", "")
        .await
        .starts_with("HTTP/1.1 404"));
    let online = get_raw(server.addr, "/api/online", "").await;
    assert!(online.ends_with(r#"{"online":true}"#), "{online}");
    server.stop().await;
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn sends_the_precompressed_copy_the_browser_accepts() {
    let files = [
        ("app.js", "plain"),
        ("app.js.gz", "gzip bytes"),
        ("app.js.br", "brotli bytes"),
    ];
    let (root, server) = site("compressed", &files).await;
    let br = get_raw(server.addr, "/app.js", "Accept-Encoding: gzip, br\r\n").await;
    assert_eq!(header(&br, "content-encoding"), Some("br"), "{br}");
    assert!(br.ends_with("brotli bytes"));
    assert!(header(&br, "content-type")
        .unwrap()
        .starts_with("text/javascript"));
    let gz = get_raw(server.addr, "/app.js", "Accept-Encoding: gzip\r\n").await;
    assert_eq!(header(&gz, "content-encoding"), Some("gzip"));
    let plain = get_raw(server.addr, "/app.js", "").await;
    assert_eq!(header(&plain, "content-encoding"), None);
    assert!(plain.ends_with("plain"));
    server.stop().await;
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn makes_the_precache_list_afresh_for_each_request() {
    use crate::precache::{self, Precache};
    let (root, server) = site("precache", &[("index.html", "<p>salve</p>")]).await;
    let dir = root.join("site");
    let first = get_raw(server.addr, "/precache.js?v=1", "").await;
    assert!(first.starts_with("HTTP/1.1 200 OK"), "{first}");
    assert!(header(&first, "content-type")
        .unwrap()
        .starts_with("text/javascript"));
    assert!(first.contains(&Precache::of(&dir).unwrap().version));
    std::fs::write(dir.join("index.html"), "<p>vale</p>").unwrap();
    let second = get_raw(server.addr, "/precache.js", "").await;
    assert!(second.contains(&Precache::of(&dir).unwrap().version));
    assert_ne!(
        first.split("\r\n\r\n").nth(1),
        second.split("\r\n\r\n").nth(1),
        "an edited file changes the list's version"
    );
    assert!(!dir.join(precache::FILE).exists(), "served, not written");
    server.stop().await;
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn two_servers_on_one_postgres_serve_one_game() {
    let Some(url) = std::env::var("LUDI_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        println!("skipped: LUDI_TEST_POSTGRES is not set");
        return;
    };
    let config = || Config {
        port: 0,
        database_url: Some(url.clone()),
        ..Config::default()
    };
    let (one, two) = (start_with(config()).await, start_with(config()).await);
    let (_, created) = post(
        one.addr,
        "/api/games",
        json!({"game": "scripta", "side": "albi", "name": "Marcus"}),
    )
    .await;
    let (mut albi, welcome) = hello(
        one.addr,
        &created,
        "token",
        created["token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(welcome["state"]["status"], "waiting");
    // Nigri joins through the other server, and plays there.
    let path = format!("/api/games/{}/join", created["id"].as_str().unwrap());
    let code = created["invite"].clone();
    let (status, joined) = post(two.addr, &path, json!({"code": code, "name": "Livia"})).await;
    assert_eq!(status, 200, "{joined}");
    let taken = next(&mut albi, "presence").await;
    assert_eq!(
        (taken["seat"].as_str(), taken["here"].as_bool()),
        (Some("nigri"), Some(false))
    );
    assert_eq!(
        taken["state"]["status"], "playing",
        "the creator learns the seat is taken"
    );
    let (status, _) = post(one.addr, &path, json!({"code": code, "name": "Eve"})).await;
    assert_eq!(status, 409, "the invite was used through the other server");
    let (mut nigri, welcome) = hello(
        two.addr,
        &created,
        "token",
        joined["token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(welcome["state"]["names"]["albi"], "Marcus");
    let came = next(&mut albi, "presence").await;
    assert_eq!(
        (came["seat"].as_str(), came["here"].as_bool()),
        (Some("nigri"), Some(true))
    );
    assert_eq!(came["state"]["names"]["nigri"], "Livia");
    send(&mut albi, json!({"t": "throw", "v": 0})).await;
    let seen = next(&mut nigri, "state").await;
    assert_eq!(seen["state"]["version"], 1);
    assert_eq!(
        seen["state"]["here"]["albi"], true,
        "presence crosses servers"
    );
    assert_eq!(
        seen["state"]["save"],
        next(&mut albi, "state").await["state"]["save"]
    );
    send(&mut nigri, json!({"t": "throw", "v": 1})).await;
    assert_eq!(next(&mut nigri, "refused").await["code"], "not-your-turn");
    // Albi on both servers at once, the same action twice: the database takes one.
    let token = created["token"].as_str().unwrap();
    let (mut albi_there, _) = hello(two.addr, &created, "token", token).await;
    let step = |save: &Value| save["dice"].as_str().map(|d| format!("in/{}", &d[..1]));
    let Some(step) = step(&seen["state"]["save"]) else {
        panic!("a throw shows its dice: {seen}")
    };
    let frame = json!({"t": "step", "v": 1, "step": step});
    send(&mut albi, frame.clone()).await;
    send(&mut albi_there, frame).await;
    assert_eq!(next(&mut nigri, "state").await["state"]["version"], 2);
    let mut frames = frames_for(&mut albi, Duration::from_millis(800)).await;
    frames.extend(frames_for(&mut albi_there, Duration::from_millis(800)).await);
    let kinds: Vec<&str> = frames.iter().filter_map(|f| f["t"].as_str()).collect();
    let stale = frames.iter().filter(|f| f["code"] == "stale").count();
    assert_eq!(
        (kinds.iter().filter(|&&k| k == "state").count(), stale),
        (2, 1),
        "{frames:?}"
    );
    assert_eq!(kinds.len(), 3, "nothing else: {frames:?}");
    drop(albi_there);
    drop(nigri);
    let away = next(&mut albi, "presence").await;
    assert_eq!(
        (away["seat"].as_str(), away["here"].as_bool()),
        (Some("nigri"), Some(false))
    );
    drop(albi);
    one.stop().await;
    two.stop().await;
}
