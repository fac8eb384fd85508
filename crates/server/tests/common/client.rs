//! A client of the real `ludi-server` for the integration tests and `cargo xtask load` (which
//! includes this file): starting the binary, plain HTTP/1.1 requests, WebSocket connections
//! from a chosen loopback address, and a random legal action for a seat, which the engine
//! chooses from the state's save the way a page would ask it.

use futures_util::{SinkExt, StreamExt};
use ludi_core::rng::Rng;
use ludi_core::{latrunculi, scripta};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

pub type Socket = WebSocketStream<TcpStream>;

/// A running `ludi-server` child, killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: SocketAddr,
    pub data: PathBuf,
    pub log: PathBuf,
}

/// A port nobody listens on now, for a server to bind a moment later. It is taken below the
/// kernel's ephemeral range (32768 and up), where a client socket's own port or another
/// test's port-0 choice cannot land on it in that moment, and from a sequence seeded by the
/// process id, so parallel tests and test binaries do not pick the same one.
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    const LOW: u32 = 20_000;
    const SPAN: u32 = 12_000;
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let seed = std::process::id().wrapping_mul(7919);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let port = (LOW + seed.wrapping_add(n.wrapping_mul(101)) % SPAN) as u16;
        if std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, port)).is_ok() {
            return port;
        }
    }
}

impl Server {
    /// Starts `binary` on `port` with SQLite in `data`, or PostgreSQL at `database` when
    /// given, plus `extra` flags; returns once it answers `GET /api/online`.
    pub fn start(
        binary: &Path,
        port: u16,
        data: &Path,
        database: Option<&str>,
        extra: &[&str],
    ) -> Result<Server, String> {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let log = data.join(format!("server-{port}.log"));
        std::fs::create_dir_all(data).map_err(|e| format!("{}: {e}", data.display()))?;
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .map_err(|e| format!("{}: {e}", log.display()))?;
        let err = out.try_clone().map_err(|e| e.to_string())?;
        // A restart on the same port appends to the same log: only lines after this count.
        let logged = out.metadata().map(|m| m.len()).unwrap_or(0);
        let mut command = Command::new(binary);
        command
            .args(["--port", &port.to_string(), "--data"])
            .arg(data)
            .args(["--origin", &origin(addr)])
            .args(extra)
            .env_remove("DATABASE_URL")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err);
        if let Some(url) = database {
            command.env("DATABASE_URL", url);
        }
        let child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let mut server = Server {
            child,
            addr,
            data: data.to_path_buf(),
            log,
        };
        server.wait_ready(logged)?;
        Ok(server)
    }

    /// Waits until this child (not whoever else might hold the port) says it listens and the
    /// port answers.
    fn wait_ready(&mut self, logged: u64) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!(
                    "ludi-server exited ({status}): {}",
                    self.log_text()
                ));
            }
            let said = self
                .log_text()
                .get(logged as usize..)
                .is_some_and(|new| new.contains("listening on"));
            if said && std::net::TcpStream::connect(self.addr).is_ok() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(format!(
            "ludi-server did not listen within 30 s: {}",
            self.log_text()
        ))
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Kills the process at once (SIGKILL), as a crash would, and reaps it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The page origin the server at `addr` is its own.
pub fn origin(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

/// A TCP connection to `server` from the loopback address `local` (the load client spreads
/// its sockets over 127.0.0.x so that no address runs out of ports).
pub async fn connect(server: SocketAddr, local: IpAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(local, 0))?;
    socket.connect(server).await
}

/// An HTTP/1.1 request with a JSON body (or none) and an optional bearer token; answers the
/// status and the body.
pub async fn http(
    server: SocketAddr,
    local: IpAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> Result<(u16, String), String> {
    let mut stream = connect(server, local)
        .await
        .map_err(|e| format!("connect {server}: {e}"))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(token) = token {
        request += &format!("Authorization: Bearer {token}\r\n");
    }
    request += "\r\n";
    request += &body;
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| format!("{method} {path}: {e}"))?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .await
        .map_err(|e| format!("{method} {path}: {e}"))?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("{method} {path}: no HTTP answer"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{method} {path}: no status in `{head}`"))?;
    Ok((status, body.to_string()))
}

/// The JSON body of an answer that must have `status`.
pub fn expect_json(answer: (u16, String), status: u16) -> Result<Value, String> {
    if answer.0 != status {
        return Err(format!(
            "HTTP {} where {status} was due: {}",
            answer.0, answer.1
        ));
    }
    serde_json::from_str(&answer.1).map_err(|e| format!("not JSON ({e}): {}", answer.1))
}

/// A game made and joined: both seats' names and tokens.
#[derive(Clone, Debug)]
pub struct Pair {
    pub id: String,
    pub seats: [(String, String); 2],
    pub watch: String,
}

/// Creates a game of `game` (`scripta` or `latrunculi`) under `rules` (none: the default)
/// and joins its free seat.
pub async fn create_pair(
    server: SocketAddr,
    local: IpAddr,
    game: &str,
    rules: Option<&str>,
) -> Result<Pair, String> {
    let mut body = json!({"game": game, "side": "random", "name": "Marcus"});
    if let Some(rules) = rules {
        body["rules"] = json!(rules);
    }
    let made = expect_json(
        http(server, local, "POST", "/api/games", Some(&body), None).await?,
        201,
    )?;
    let text = |v: &Value, key: &str| v[key].as_str().unwrap_or_default().to_string();
    let id = text(&made, "id");
    let join = json!({"code": text(&made, "invite"), "name": "Julia"});
    let joined = expect_json(
        http(
            server,
            local,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(&join),
            None,
        )
        .await?,
        200,
    )?;
    Ok(Pair {
        seats: [
            (text(&made, "seat"), text(&made, "token")),
            (text(&joined, "seat"), text(&joined, "token")),
        ],
        watch: text(&made, "watch"),
        id,
    })
}

/// A WebSocket to `/ws` from `local`, with the server's own origin.
pub async fn open_socket(server: SocketAddr, local: IpAddr) -> Result<Socket, String> {
    open_socket_from(server, local, &origin(server)).await
}

/// A WebSocket to `/ws` from `local`, claiming to come from the page at `origin`.
pub async fn open_socket_from(
    server: SocketAddr,
    local: IpAddr,
    origin: &str,
) -> Result<Socket, String> {
    let stream = connect(server, local)
        .await
        .map_err(|e| format!("connect {server}: {e}"))?;
    let mut request = format!("ws://{server}/ws")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    request.headers_mut().insert(
        "Origin",
        origin.parse().map_err(|_| format!("bad origin {origin}"))?,
    );
    // Small buffers (the default reads 128 KiB at a time): the load client holds thousands.
    let config = WebSocketConfig::default()
        .read_buffer_size(8192)
        .write_buffer_size(0);
    let (socket, _) = tokio_tungstenite::client_async_with_config(request, stream, Some(config))
        .await
        .map_err(|e| format!("WebSocket upgrade: {e}"))?;
    Ok(socket)
}

/// Sends one text frame.
pub async fn send(socket: &mut Socket, frame: &Value) -> Result<(), String> {
    socket
        .send(Message::text(frame.to_string()))
        .await
        .map_err(|e| format!("send: {e}"))
}

/// The next JSON frame from the server (pings and pongs skipped); an error when the socket
/// closes or `wait` passes.
pub async fn receive(socket: &mut Socket, wait: Duration) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(wait, socket.next())
            .await
            .map_err(|_| format!("no frame within {wait:?}"))?;
        match message {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))
            }
            Some(Ok(Message::Close(close))) => return Err(format!("closed: {close:?}")),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(format!("receive: {e}")),
            None => return Err("closed".into()),
        }
    }
}

/// Says hello for a seat and answers the welcome's state.
pub async fn hello(socket: &mut Socket, game: &str, token: &str) -> Result<Value, String> {
    send(socket, &json!({"t": "hello", "game": game, "token": token})).await?;
    let welcome = receive(socket, Duration::from_secs(10)).await?;
    if welcome["t"] != "welcome" {
        return Err(format!("hello answered {welcome}"));
    }
    Ok(welcome["state"].clone())
}

/// The seat to act in a playing game's state (XII Scripta: the side to throw, step or
/// confirm; Latrunculi: the side to move), or none when the game is not being played.
pub fn to_act(state: &Value) -> Option<String> {
    if state["status"] != "playing" {
        return None;
    }
    let save = state["save"].clone();
    match state["game"].as_str()? {
        "scripta" => {
            let saved: scripta::SavedGame = serde_json::from_value(save).ok()?;
            // The winning turn too is the mover's until confirmed.
            let game = scripta::Game::restore(&saved).ok()?;
            Some(game.table().turn().name().to_string())
        }
        "latrunculi" => {
            let saved: latrunculi::SavedGame = serde_json::from_value(save).ok()?;
            let game = latrunculi::Game::restore(&saved).ok()?;
            game.outcome()
                .is_none()
                .then(|| game.position().turn().name().to_string())
        }
        _ => None,
    }
}

/// A random legal action for `seat` in `state`, as the frame to send, or none when the seat
/// is not to act. XII Scripta now and then takes a step back (undo) before going on.
pub fn random_action(state: &Value, seat: &str, rng: &mut Rng) -> Option<Value> {
    if state["status"] != "playing" {
        return None;
    }
    let v = state["version"].as_u64()?;
    let save = state["save"].clone();
    match state["game"].as_str()? {
        "scripta" => {
            let saved: scripta::SavedGame = serde_json::from_value(save).ok()?;
            let game = scripta::Game::restore(&saved).ok()?;
            if game.table().turn().name() != seat {
                return None;
            }
            if game.thrown().is_empty() {
                return Some(json!({"t": "throw", "v": v}));
            }
            let legal = game.legal_moves();
            if game.moves().next().is_some() && rng.below(8) == 0 {
                return Some(json!({"t": "undo", "v": v}));
            }
            if legal.is_empty() {
                return Some(json!({"t": "confirm", "v": v}));
            }
            let mv = legal[rng.below(legal.len() as u32) as usize];
            Some(json!({"t": "step", "v": v, "step": mv.to_string()}))
        }
        "latrunculi" => {
            let saved: latrunculi::SavedGame = serde_json::from_value(save).ok()?;
            let game = latrunculi::Game::restore(&saved).ok()?;
            if game.outcome().is_some() || game.position().turn().name() != seat {
                return None;
            }
            let legal = game.legal_moves();
            let mv = legal.get(rng.below(legal.len().max(1) as u32) as usize)?;
            Some(json!({"t": "move", "v": v, "move": mv.to_string()}))
        }
        _ => None,
    }
}
