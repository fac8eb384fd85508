//! What the integration tests share: a server in a temporary folder, the databases to run
//! against, and seats that play random legal actions through the server.
#![allow(dead_code)] // Each test file uses its own part of this.

pub mod client;

use client::{receive, send, Server, Socket};
use ludi_core::rng::Rng;
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

pub const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
/// How long a frame may take to come: generous for a loaded 2-core CI machine.
pub const WAIT: Duration = Duration::from_secs(20);
/// Rate limits out of the way of tests that play at full speed.
pub const FAST: [&str; 4] = ["--frames-per-second", "100000", "--frame-burst", "100000"];

pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_ludi-server"))
}

/// A folder of its own under the system's temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNT: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ludi-server-test-{name}-{}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// PostgreSQL's URL for the tests, or none, said plainly: CI always sets it.
pub fn postgres() -> Option<String> {
    let url = std::env::var("LUDI_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.trim().is_empty());
    if url.is_none() {
        println!("SKIPPED under PostgreSQL: LUDI_TEST_POSTGRES is not set (.ci/run sets it)");
    }
    url
}

/// The databases to run a test against: SQLite (none), then PostgreSQL when it is set.
pub fn databases() -> Vec<Option<String>> {
    let mut all = vec![None];
    all.extend(postgres().map(Some));
    all
}

pub fn database_name(database: &Option<String>) -> &'static str {
    if database.is_some() {
        "PostgreSQL"
    } else {
        "SQLite"
    }
}

/// Starts the server on a free port.
pub fn start(dir: &TempDir, database: Option<&str>, extra: &[&str]) -> Server {
    start_on(client::free_port(), dir, database, extra)
}

pub fn start_on(port: u16, dir: &TempDir, database: Option<&str>, extra: &[&str]) -> Server {
    Server::start(binary(), port, &dir.0, database, extra).unwrap_or_else(|e| panic!("{e}"))
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime")
}

/// The parts of a state that only an action changes (not presence).
pub fn game_part(state: &Value) -> Value {
    serde_json::json!({
        "version": state["version"],
        "status": state["status"],
        "winner": state["winner"],
        "end": state["end"],
        "save": state["save"],
    })
}

/// A seat's open socket.
pub struct Seat {
    pub name: String,
    pub socket: Socket,
}

/// The next `state` frame on a socket, presence and pongs skipped; panics on a refusal.
pub async fn next_state(socket: &mut Socket) -> Value {
    loop {
        let frame = receive(socket, WAIT)
            .await
            .unwrap_or_else(|e| panic!("{e}"));
        match frame["t"].as_str() {
            Some("state") => return frame,
            Some("presence") | Some("pong") => continue,
            _ => panic!("a state was due, not {frame}"),
        }
    }
}

/// Plays up to `actions` random legal actions (all of them until the game ends when
/// `actions` is none), each through the seat to act; every socket (seats and `watchers`) must
/// receive each accepted action's state, the same for all. Answers the last state.
pub async fn play(
    seats: &mut [Seat],
    watchers: &mut [Socket],
    mut state: Value,
    actions: Option<usize>,
    rng: &mut Rng,
) -> Value {
    let mut done = 0;
    while actions.is_none_or(|n| done < n) {
        let Some(seat) = client::to_act(&state) else {
            break;
        };
        let actor = seats
            .iter_mut()
            .find(|s| s.name == seat)
            .unwrap_or_else(|| panic!("no seat {seat} in the test"));
        let frame = client::random_action(&state, &seat, rng).expect("an action for the seat");
        send(&mut actor.socket, &frame).await.unwrap();
        let version = state["version"].as_u64().unwrap();
        let mut seen = Vec::new();
        for socket in seats
            .iter_mut()
            .map(|s| &mut s.socket)
            .chain(watchers.iter_mut())
        {
            let update = next_state(socket).await;
            assert_eq!(update["by"], seat.as_str(), "{update}");
            assert_eq!(update["state"]["version"], version + 1, "{update}");
            seen.push(game_part(&update["state"]));
            state = update["state"].clone();
        }
        assert!(seen.windows(2).all(|w| w[0] == w[1]), "{seen:?}");
        done += 1;
        assert!(done < 50_000, "a random game went on for {done} actions");
    }
    state
}

/// Opens a seat's socket on `server` and says hello; answers it with the welcome's state.
pub async fn seat(server: &Server, game: &str, name: &str, token: &str) -> (Seat, Value) {
    let mut socket = client::open_socket(server.addr, LOOPBACK)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    let state = client::hello(&mut socket, game, token)
        .await
        .unwrap_or_else(|e| panic!("{e}"));
    (
        Seat {
            name: name.to_string(),
            socket,
        },
        state,
    )
}

/// Both seats of `pair` connected to `servers` (the first seat to the first server, the
/// second to the last), and the state.
pub async fn seats(servers: [&Server; 2], pair: &client::Pair) -> (Vec<Seat>, Value) {
    let [(a, ta), (b, tb)] = &pair.seats;
    let (first, _) = seat(servers[0], &pair.id, a, ta).await;
    let (second, state) = seat(servers[1], &pair.id, b, tb).await;
    (vec![first, second], state)
}
