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
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
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
        // A built site's answer for static hosts: the server answers that path itself.
        (crate::precache::NO_SERVER, r#"{"online":false}"#),
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

/// Two servers on the PostgreSQL that `LUDI_TEST_POSTGRES` names; none when it names none.
async fn two_postgres_servers() -> Option<(Running, Running)> {
    let Some(url) = std::env::var("LUDI_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        println!("skipped: LUDI_TEST_POSTGRES is not set");
        return None;
    };
    let config = || Config {
        port: 0,
        database_url: Some(url.clone()),
        ..Config::default()
    };
    Some((start_with(config()).await, start_with(config()).await))
}

#[tokio::test]
async fn two_servers_on_one_postgres_serve_one_game() {
    let Some((one, two)) = two_postgres_servers().await else {
        return;
    };
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

/// A request with a bearer token and a JSON answer.
async fn with_key(
    addr: SocketAddr,
    method: &str,
    path: &str,
    key: &str,
    body: &str,
) -> (u16, Value) {
    let auth = format!("Authorization: Bearer {key}\r\n");
    let (status, text) = request(addr, method, path, &auth, body).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Joins pupils by name to the class with `code`: their tokens, by arrival.
async fn join_pupils(addr: SocketAddr, code: &str, names: &[&str]) -> Vec<String> {
    let mut tokens = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let (status, joined) = post(
            addr,
            &format!("/api/class-codes/{code}/join"),
            json!({"name": name}),
        )
        .await;
        assert_eq!(status, 201, "{joined}");
        assert_eq!(joined["number"], i + 1);
        tokens.push(joined["token"].as_str().unwrap().to_string());
    }
    tokens
}

#[tokio::test]
async fn a_teacher_pairs_a_class_pauses_it_and_downloads_every_record() {
    let data = scratch("class");
    let server = start(&data, None).await;
    let addr = server.addr;
    let (status, class) = post(addr, "/api/classes", json!({"game": "scripta"})).await;
    assert_eq!(status, 201, "{class}");
    let (id, key) = (
        class["id"].as_str().unwrap(),
        class["key"].as_str().unwrap(),
    );
    let code = class["code"].as_str().unwrap().to_string();
    assert_eq!(class["status"], "open");
    // Read aloud and typed in lower case with a space, the code still finds the class.
    let typed = format!("{} {}", &code[..3], &code[3..]).to_lowercase();
    let path = format!("/api/class-codes/{}", typed.replace(' ', "%20"));
    let (status, seen) = request(addr, "GET", &path, "", "").await;
    assert_eq!(status, 200, "{seen}");
    assert!(!seen.contains(key), "the code does not give the key away");

    let join = format!("/api/class-codes/{code}/join");
    for bad in ["   ", "", &"x".repeat(25)] {
        let (status, answer) = post(addr, &join, json!({"name": bad})).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("bad-name")));
    }
    let names = ["Marcus", "<b>Livia</b>", "Gaius", "Julia", "Titus"];
    let pupils = join_pupils(addr, &code, &names).await;
    let me = format!("/api/classes/{id}/pupil");
    let (status, waiting) = with_key(addr, "GET", &me, &pupils[0], "").await;
    assert_eq!((status, &waiting["paired"]), (200, &Value::Null));

    let start_path = format!("/api/classes/{id}/start");
    let (status, _) = with_key(addr, "POST", &start_path, &pupils[0], "").await;
    assert_eq!(status, 404, "a pupil's token is not the teacher's key");
    let (status, wall) = with_key(addr, "POST", &start_path, key, "").await;
    assert_eq!(status, 200, "{wall}");
    assert_eq!(wall["status"], "playing");
    assert_eq!(wall["games"].as_array().unwrap().len(), 2, "{wall}");
    let first = &wall["games"][0];
    assert_eq!(
        first["state"]["names"],
        json!({"albi": "Marcus", "nigri": "<b>Livia</b>"}),
        "paired by arrival, the name kept as text"
    );
    assert_eq!(
        wall["pupils"][4]["game"],
        Value::Null,
        "the odd pupil waits"
    );

    // Each pupil's token is its seat in its own game, and in no other.
    let (_, paired) = with_key(addr, "GET", &me, &pupils[0], "").await;
    assert_eq!(paired["paired"]["game"], first["id"]);
    let game = json!({"id": first["id"]});
    let (mut marcus, welcome) = hello(addr, &game, "token", &pupils[0]).await;
    assert_eq!(welcome["seat"], "albi");
    let mut gaius = socket(addr).await;
    send(
        &mut gaius,
        json!({"t": "hello", "game": first["id"], "token": pupils[2]}),
    )
    .await;
    assert_eq!(next(&mut gaius, "refused").await["code"], "bad-token");
    let (mut teacher, _) = hello(addr, &game, "watch", first["watch"].as_str().unwrap()).await;

    let pause_path = format!("/api/classes/{id}/pause");
    let (status, wall) = with_key(addr, "POST", &pause_path, key, "").await;
    assert_eq!((status, wall["status"].as_str()), (200, Some("paused")));
    assert_eq!(next(&mut marcus, "paused").await["paused"], true);
    assert_eq!(next(&mut teacher, "paused").await["state"]["paused"], true);
    send(&mut marcus, json!({"t": "throw", "v": 0})).await;
    assert_eq!(next(&mut marcus, "refused").await["code"], "paused");

    // A restart keeps the class paused.
    drop((marcus, gaius, teacher));
    server.stop().await;
    let server = start(&data, None).await;
    let addr = server.addr;
    let (mut marcus, welcome) = hello(addr, &game, "token", &pupils[0]).await;
    assert_eq!(welcome["state"]["paused"], true);
    send(&mut marcus, json!({"t": "throw", "v": 0})).await;
    assert_eq!(next(&mut marcus, "refused").await["code"], "paused");
    let resume = format!("/api/classes/{id}/resume");
    let (status, wall) = with_key(addr, "POST", &resume, key, "").await;
    assert_eq!((status, wall["status"].as_str()), (200, Some("playing")));
    assert_eq!(next(&mut marcus, "paused").await["paused"], false);
    send(&mut marcus, json!({"t": "throw", "v": 0})).await;
    assert_eq!(next(&mut marcus, "state").await["state"]["version"], 1);

    // A late pupil is paired with the one left waiting, as the teacher chooses.
    let (status, late) = post(addr, &join, json!({"name": "Quintus"})).await;
    assert_eq!((status, late["number"].as_i64()), (201, Some(6)));
    let (_, wall) = with_key(addr, "GET", &format!("/api/classes/{id}"), key, "").await;
    let waiting: Vec<i64> = wall["pupils"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["game"].is_null())
        .map(|p| p["number"].as_i64().unwrap())
        .collect();
    assert_eq!(waiting, [5, 6]);
    let (status, answer) = with_key(addr, "POST", &start_path, key, r#"{"pairs":[[5,5]]}"#).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("bad-pairs")));
    let (status, answer) = with_key(addr, "POST", &start_path, key, r#"{"pairs":[[1,5]]}"#).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (400, Some("bad-pairs")),
        "1 plays already"
    );
    let (status, wall) = with_key(addr, "POST", &start_path, key, r#"{"pairs":[[6,5]]}"#).await;
    assert_eq!(status, 200, "{wall}");
    let third = &wall["games"][2]["state"]["names"];
    assert_eq!(third, &json!({"albi": "Quintus", "nigri": "Titus"}));

    let records = format!("/api/classes/{id}/records");
    let (status, _) = request(addr, "GET", &records, "", "").await;
    assert_eq!(status, 404);
    let auth = format!("Authorization: Bearer {key}\r\n");
    let (status, text) = request(addr, "GET", &records, &auth, "").await;
    assert_eq!(status, 200);
    assert_eq!(text.matches("Game: XII Scripta").count(), 3, "{text}");
    assert!(
        text.contains("Albi: Marcus") && text.contains("Nigri: Titus"),
        "{text}"
    );
    assert_eq!(
        text.matches("\nGame: ").count(),
        2,
        "each record starts on a line of its own"
    );
    let one = format!(
        "{records}?game={}",
        wall["games"][2]["id"].as_str().unwrap()
    );
    let (status, text) = request(addr, "GET", &one, &auth, "").await;
    assert_eq!(status, 200);
    assert_eq!(text.matches("Game: XII Scripta").count(), 1, "{text}");
    assert!(text.contains("Albi: Quintus"), "{text}");
    let other = format!("{records}?game={}", class["id"].as_str().unwrap());
    let (status, _) = request(addr, "GET", &other, &auth, "").await;
    assert_eq!(status, 404, "a game of no class of this teacher's");

    let (status, wall) = with_key(addr, "POST", &format!("/api/classes/{id}/end"), key, "").await;
    assert_eq!((status, wall["status"].as_str()), (200, Some("ended")));
    let (status, answer) = post(addr, &join, json!({"name": "Quintus"})).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("unknown-class"))
    );
    let (status, answer) = with_key(addr, "POST", &pause_path, key, "").await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (410, Some("class-ended"))
    );
    // The games go on after the lesson: nothing is lost.
    send(&mut marcus, json!({"t": "step", "v": 1, "step": "in/9"})).await;
    let answer = next(&mut marcus, "refused").await;
    assert_eq!(
        answer["code"], "illegal",
        "the core's refusal, not the class's"
    );
    server.stop().await;
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test]
async fn a_class_takes_sixty_pupils() {
    let data = scratch("class-full");
    let server = start(&data, None).await;
    let addr = server.addr;
    let (_, class) = post(
        addr,
        "/api/classes",
        json!({"game": "latrunculi", "rules": "quintana"}),
    )
    .await;
    assert_eq!(class["rules"], "quintana");
    let code = class["code"].as_str().unwrap();
    let names: Vec<String> = (1..=60).map(|i| format!("Pupil {i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    join_pupils(addr, code, &names).await;
    let join = format!("/api/class-codes/{code}/join");
    let (status, answer) = post(addr, &join, json!({"name": "Late"})).await;
    assert_eq!((status, answer["code"].as_str()), (409, Some("class-full")));
    let (status, answer) = post(addr, "/api/classes", json!({"game": "chess"})).await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("bad-game")));
    let (status, answer) = request(addr, "GET", "/api/class-codes/BBBBBB", "", "").await;
    assert_eq!(status, 404, "{answer}");
    server.stop().await;
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test]
async fn a_class_on_two_servers_pauses_every_game() {
    let Some((one, two)) = two_postgres_servers().await else {
        return;
    };
    let (_, class) = post(one.addr, "/api/classes", json!({"game": "latrunculi"})).await;
    let (id, key) = (
        class["id"].as_str().unwrap(),
        class["key"].as_str().unwrap(),
    );
    // Pupils join through either server: the numbers still come one after another.
    let code = class["code"].as_str().unwrap();
    let marcus = join_pupils(one.addr, code, &["Marcus"]).await.remove(0);
    let join = format!("/api/class-codes/{code}/join");
    let (status, livia) = post(two.addr, &join, json!({"name": "Livia"})).await;
    assert_eq!((status, livia["number"].as_i64()), (201, Some(2)));
    let start_path = format!("/api/classes/{id}/start");
    let (_, wall) = with_key(one.addr, "POST", &start_path, key, "").await;
    let game = json!({"id": wall["games"][0]["id"]});
    let (mut white, welcome) = hello(two.addr, &game, "token", &marcus).await;
    assert_eq!(welcome["seat"], "white");
    let (status, _) = with_key(
        one.addr,
        "POST",
        &format!("/api/classes/{id}/pause"),
        key,
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        next(&mut white, "paused").await["paused"],
        true,
        "told by the other server"
    );
    send(&mut white, json!({"t": "move", "v": 0, "move": "@d4"})).await;
    assert_eq!(next(&mut white, "refused").await["code"], "paused");
    let (status, _) = with_key(
        two.addr,
        "POST",
        &format!("/api/classes/{id}/resume"),
        key,
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(next(&mut white, "paused").await["paused"], false);
    one.stop().await;
    two.stop().await;
}

/// A legal move for the side to move in a Latrunculi state frame, from the core.
fn a_legal_move(state: &Value) -> String {
    let saved: ludi_core::latrunculi::SavedGame =
        serde_json::from_value(state["save"].clone()).unwrap();
    let game = ludi_core::latrunculi::Game::restore(&saved).unwrap();
    game.legal_moves()[0].to_string()
}

#[tokio::test]
async fn an_odd_pupil_plays_the_computer_which_waits_out_a_pause_and_a_restart() {
    let data = scratch("class-computer");
    let config = Config {
        port: 0,
        data: data.clone(),
        // Long enough for the test to pause the class, or stop the server, before it moves.
        computer_pace: Duration::from_millis(1500),
        ..Config::default()
    };
    let server = start_with(config.clone()).await;
    let addr = server.addr;
    let (_, class) = post(addr, "/api/classes", json!({"game": "latrunculi"})).await;
    let (id, key) = (
        class["id"].as_str().unwrap().to_string(),
        class["key"].as_str().unwrap().to_string(),
    );
    let code = class["code"].as_str().unwrap();
    let pupils = join_pupils(addr, code, &["Marcus", "Livia", "Gaius"]).await;
    let start_path = format!("/api/classes/{id}/start");
    for bad in ["expert", "chess"] {
        let body = json!({ "computer": bad }).to_string();
        let (status, answer) = with_key(addr, "POST", &start_path, &key, &body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("bad-level")));
    }
    let body = json!({"computer": "easy"}).to_string();
    let (status, wall) = with_key(addr, "POST", &start_path, &key, &body).await;
    assert_eq!(status, 200, "{wall}");
    let games = wall["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{wall}");
    let state = &games[1]["state"];
    assert_eq!(state["names"], json!({"white": "Gaius", "black": null}));
    assert_eq!(state["computer"], json!({"white": null, "black": "easy"}));
    assert_eq!(
        state["status"], "playing",
        "the computer is no seat to wait for"
    );
    assert_eq!(state["here"]["black"], true, "nor one to claim a game from");
    let game = json!({"id": games[1]["id"]});

    // The computer answers the pupil's move, but not while the class is paused.
    let (mut gaius, welcome) = hello(addr, &game, "token", &pupils[2]).await;
    let mv = a_legal_move(&welcome["state"]);
    send(&mut gaius, json!({"t": "move", "v": 0, "move": mv})).await;
    assert_eq!(next(&mut gaius, "state").await["by"], "white");
    let pause = format!("/api/classes/{id}/pause");
    assert_eq!(with_key(addr, "POST", &pause, &key, "").await.0, 200);
    let frames = frames_for(&mut gaius, Duration::from_millis(2500)).await;
    assert!(
        frames.iter().all(|f| f["t"] != "state"),
        "no move while paused: {frames:?}"
    );
    let resume = format!("/api/classes/{id}/resume");
    assert_eq!(with_key(addr, "POST", &resume, &key, "").await.0, 200);
    let answered = next(&mut gaius, "state").await;
    assert_eq!(
        (
            answered["by"].as_str(),
            answered["state"]["version"].as_i64()
        ),
        (Some("black"), Some(2))
    );

    // Stopped before its answer, the server plays it once the game is loaded again.
    let mv = a_legal_move(&answered["state"]);
    send(&mut gaius, json!({"t": "move", "v": 2, "move": mv})).await;
    assert_eq!(next(&mut gaius, "state").await["state"]["version"], 3);
    drop(gaius);
    server.stop().await;
    let server = start_with(config).await;
    let (mut gaius, welcome) = hello(server.addr, &game, "token", &pupils[2]).await;
    let seen = welcome["state"]["version"].as_i64().unwrap();
    if seen == 3 {
        let answered = next(&mut gaius, "state").await;
        assert_eq!(answered["by"], "black");
    }
    let (_, wall) = with_key(server.addr, "GET", &format!("/api/classes/{id}"), &key, "").await;
    assert_eq!(wall["games"][1]["state"]["version"], 4, "{wall}");
    server.stop().await;
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test]
async fn an_address_joins_and_commands_classes_only_so_often() {
    let data = scratch("class-limits");
    let mut config = Config {
        port: 0,
        data: data.clone(),
        ..Config::default()
    };
    config.limits.class_commands_per_minute = 3;
    let server = start_with(config).await;
    let addr = server.addr;
    let (_, class) = post(addr, "/api/classes", json!({"game": "scripta"})).await;
    let (id, key) = (
        class["id"].as_str().unwrap(),
        class["key"].as_str().unwrap(),
    );
    join_pupils(addr, class["code"].as_str().unwrap(), &["Marcus", "Livia"]).await;
    let start_path = format!("/api/classes/{id}/start");
    assert_eq!(with_key(addr, "POST", &start_path, key, "").await.0, 200);
    let (status, answer) =
        with_key(addr, "POST", &format!("/api/classes/{id}/pause"), key, "").await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (429, Some("rate-limited"))
    );
    let (status, _) = with_key(addr, "GET", &format!("/api/classes/{id}"), key, "").await;
    assert_eq!(status, 200, "looking at the wall is not a command");
    server.stop().await;
    let _ = std::fs::remove_dir_all(&data);
}
