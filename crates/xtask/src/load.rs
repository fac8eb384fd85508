//! `cargo xtask load --games N [--pace SECONDS] [--seconds T]`: starts a release
//! `ludi-server` (SQLite in a temporary folder, its rate limits raised out of the way) and
//! plays N concurrent games of random legal actions through it over loopback, every seat on a
//! WebSocket of its own, spread over 127.0.0.x source addresses. Each seat acts after a random
//! pause of 0 to 2×SECONDS (SECONDS on average; 0 as fast as the server answers); the engine
//! picks the action from the state's save and the server checks it. A game that ends is
//! followed by a new one, so N stay in play until T seconds have passed. Prints the actions a
//! second, the latency from an action's send to the other seat's update (p50, p99, max) and
//! the server's memory (VmRSS, VmHWM).
//!
//! `cargo xtask load --classes C [--pupils P (30)] [--pace ..] [--seconds ..]` plays classes
//! instead: each class from one source address, as a school's tablets share one, is opened
//! by its teacher, joined by P pupils and started (pairs by arrival); every pupil plays its
//! game on its own socket as above, while the teacher watches each game on a socket of its
//! own (as the wall does) and asks for the wall every 3 s. It adds the latency from a
//! pupil's action to the teacher's watcher. A class's game that ends is not replaced.

// The integration tests' client: the tests use more of it than the load does.
#[allow(dead_code)]
#[path = "../../server/tests/common/client.rs"]
mod client;

use crate::{run, wasm};
use futures_util::StreamExt;
use ludi_core::rng::{os_seed, Rng};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::time::{sleep_until, timeout_at};
use tokio_tungstenite::tungstenite::Message;

const USAGE: &str = "usage: cargo xtask load (--games N | --classes C [--pupils P (30)]) \
[--pace SECONDS (2)] [--seconds T (60)]";
/// How often the teacher's page asks for the wall (teach.js's ASK_EVERY).
const WALL_EVERY: Duration = Duration::from_secs(3);
/// Games made and seats connected at once while setting up.
const SETUP_AT_ONCE: usize = 64;
/// Source addresses 127.0.0.1 to 127.0.0.250: a few hundred sockets each at most.
const ADDRESSES: usize = 250;

struct Options {
    games: usize,
    /// Classes of `pupils` instead of `games` pairs.
    classes: usize,
    pupils: usize,
    pace: f64,
    seconds: u64,
}

impl Options {
    /// The games played at once: a class's pupils two to a game.
    fn tables(&self) -> usize {
        if self.classes > 0 {
            self.classes * (self.pupils / 2)
        } else {
            self.games
        }
    }
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        games: 0,
        classes: 0,
        pupils: 30,
        pace: 2.0,
        seconds: 60,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("{flag} wants a value\n{USAGE}"))?;
        let bad = || format!("{flag} does not take `{value}`\n{USAGE}");
        match flag.as_str() {
            "--games" => options.games = value.parse().map_err(|_| bad())?,
            "--classes" => options.classes = value.parse().map_err(|_| bad())?,
            "--pupils" => options.pupils = value.parse().map_err(|_| bad())?,
            "--pace" => {
                options.pace = value
                    .parse()
                    .ok()
                    .filter(|p: &f64| p.is_finite() && *p >= 0.0)
                    .ok_or_else(bad)?
            }
            "--seconds" => options.seconds = value.parse().map_err(|_| bad())?,
            _ => return Err(format!("unknown flag {flag}\n{USAGE}")),
        }
    }
    if (options.games == 0) == (options.classes == 0) {
        return Err(format!("either --games or --classes\n{USAGE}"));
    }
    if options.seconds == 0 || !(2..=60).contains(&options.pupils) {
        return Err(format!(
            "--seconds wants a whole number above 0, --pupils 2 to 60 (a class's most)\n{USAGE}"
        ));
    }
    Ok(options)
}

pub fn command(args: &[String]) -> Result<(), String> {
    let options = parse(args)?;
    // Two sockets a game here and two in the server (a child: it inherits the limit), and a
    // class's watchers as many again as its games.
    let wanted = options.tables() as u64 * 3 + 1024;
    let files = raise_file_limit(wanted)?;
    if files < wanted {
        return Err(format!(
            "{} games need {wanted} open files (two sockets a game, and some to spare), and \
             this process may open only {files} (its hard limit, which only a privileged \
             process raises): fewer games, or `ulimit -Hn {wanted}` as root first",
            options.games
        ));
    }
    run("cargo", &["build", "--release", "-p", "ludi-server"])?;
    let binary = wasm::target_dir()?.join("release").join("ludi-server");
    let data = std::env::temp_dir().join(format!("ludi-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let games = (options.games * 4 + options.classes).to_string();
    // A class comes from one address, as a school's tablets do: its joins and start stay
    // under the real limit of class commands, which is left as it is.
    let flags = [
        "--frames-per-second",
        "100000",
        "--frame-burst",
        "100000",
        "--sockets-per-address",
        "1000000",
        "--games-per-minute",
        &games,
    ];
    let mut server = client::Server::start(&binary, client::free_port(), &data, None, &flags)?;
    eprintln!(
        "xtask: load: {} games{} at a pace of {} s for {} s against {} (pid {}, open files {files})",
        options.tables(),
        if options.classes > 0 {
            format!(" in {} classes of {} pupils", options.classes, options.pupils)
        } else {
            String::new()
        },
        options.pace,
        options.seconds,
        server.addr,
        server.child.id()
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("tokio: {e}"))?;
    let pid = server.child.id();
    let result = runtime.block_on(drive(server.addr, &options, pid));
    let running = server.is_running();
    let log = server.log_text();
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
    let report = result?;
    if !running {
        return Err(format!("the server died under load:\n{log}"));
    }
    println!("{report}");
    Ok(())
}

/// Raises the soft limit of open files to `wanted` (the hard one too when allowed, as root
/// is); answers the limit now in force.
fn raise_file_limit(wanted: u64) -> Result<u64, String> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return Err("cannot read the open-file limit".into());
        }
        if limit.rlim_cur >= wanted {
            return Ok(limit.rlim_cur);
        }
        let raised = libc::rlimit {
            rlim_cur: wanted,
            rlim_max: limit.rlim_max.max(wanted),
        };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
            return Ok(wanted);
        }
        let within = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        libc::setrlimit(libc::RLIMIT_NOFILE, &within);
        Ok(limit.rlim_max)
    }
}

/// What the seats count as they play.
#[derive(Default)]
struct Tally {
    /// Microseconds from an action's send to the other seat's update…
    latencies: Mutex<Vec<u32>>,
    /// …and to the teacher's watcher of the game (classes).
    wall_latencies: Mutex<Vec<u32>>,
    /// The teacher's asks for the wall answered, and the slowest (microseconds).
    wall_asks: AtomicU64,
    slowest_ask: AtomicU64,
    /// Actions the server acknowledged.
    actions: AtomicU64,
    finished: AtomicU64,
    refusals: AtomicU64,
    /// The first few things that went wrong.
    problems: Mutex<Vec<String>>,
}

impl Tally {
    fn problem(&self, what: String) {
        let mut problems = self.problems.lock().unwrap_or_else(|e| e.into_inner());
        if problems.len() < 5 {
            problems.push(what);
        }
    }
}

/// One game's actions in flight: the version each will make and when it was sent.
type InFlight = Arc<Mutex<Vec<(u64, Instant)>>>;

/// Where a seat notes each action it sends: for the other seat, and for a class's teacher.
#[derive(Clone, Default)]
struct Flights {
    other: InFlight,
    wall: Option<InFlight>,
}

/// The time since `sent` of the action that made `version`, taken out of `in_flight`.
fn arrived(in_flight: &InFlight, version: u64) -> Option<u32> {
    let mut in_flight = lock(in_flight);
    let at = in_flight.iter().position(|&(v, _)| v == version)?;
    let (_, sent) = in_flight.swap_remove(at);
    Some(sent.elapsed().as_micros().min(u32::MAX as u128) as u32)
}

fn source(i: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % ADDRESSES) as u8))
}

fn kind(i: usize) -> &'static str {
    if i.is_multiple_of(2) {
        "scripta"
    } else {
        "latrunculi"
    }
}

/// A game's two seats, connected and welcomed.
struct Table {
    seats: Vec<(String, client::Socket, Value)>,
}

async fn seat_table(server: SocketAddr, i: usize) -> Result<Table, String> {
    let local = source(i);
    let pair = client::create_pair(server, local, kind(i), None).await?;
    let mut seats = Vec::new();
    for (seat, token) in &pair.seats {
        let mut socket = client::open_socket(server, local).await?;
        let state = client::hello(&mut socket, &pair.id, token).await?;
        seats.push((seat.clone(), socket, state));
    }
    Ok(Table { seats })
}

async fn drive(server: SocketAddr, options: &Options, pid: u32) -> Result<String, String> {
    if options.classes > 0 {
        return drive_classes(server, options, pid).await;
    }
    let setup = Instant::now();
    let mut tables = Vec::with_capacity(options.games);
    let mut pending = tokio::task::JoinSet::new();
    for i in 0..options.games {
        if pending.len() >= SETUP_AT_ONCE {
            tables.push(joined(pending.join_next().await)?);
        }
        pending.spawn(async move { seat_table(server, i).await.map(|t| (i, t)) });
    }
    while let Some(done) = pending.join_next().await {
        tables.push(joined(Some(done))?);
    }
    eprintln!(
        "xtask: load: {} games made and {} seats connected in {:.1} s",
        options.games,
        options.games * 2,
        setup.elapsed().as_secs_f64()
    );
    let tally = Arc::new(Tally::default());
    let start = Instant::now();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(options.seconds);
    let mut games = tokio::task::JoinSet::new();
    for (i, table) in tables {
        let tally = tally.clone();
        let pace = options.pace;
        games.spawn(async move { play_games(server, i, table, pace, deadline, &tally).await });
    }
    played(games, options, &tally, pid, start, deadline).await
}

/// Waits for every task to end while sampling the server's memory, then reports.
async fn played(
    mut tasks: tokio::task::JoinSet<()>,
    options: &Options,
    tally: &Tally,
    pid: u32,
    start: Instant,
    deadline: tokio::time::Instant,
) -> Result<String, String> {
    let memory = tokio::spawn(sample_memory(pid, deadline - Duration::from_millis(200)));
    while tasks.join_next().await.is_some() {}
    let elapsed = start.elapsed().as_secs_f64();
    let memory = memory
        .await
        .map_err(|e| format!("the memory sampler: {e}"))?;
    Ok(report(options, tally, elapsed, &memory))
}

/// A class opened, joined and started: its teacher and its games, each with the teacher's
/// watcher socket.
struct Class {
    id: String,
    key: String,
    local: IpAddr,
    games: Vec<(Table, client::Socket)>,
}

/// Opens class `c` from its own address, joins `pupils` to it and starts its games, as a
/// teacher and pupils' pages do.
async fn seat_class(server: SocketAddr, c: usize, pupils: usize) -> Result<Class, String> {
    let local = source(c);
    let text = |v: &Value, key: &str| v[key].as_str().unwrap_or_default().to_string();
    let body = json!({"game": kind(c)});
    let path = "/api/classes";
    let made = client::expect_json(
        client::http(server, local, "POST", path, Some(&body), None).await?,
        201,
    )?;
    let (id, key, code) = (text(&made, "id"), text(&made, "key"), text(&made, "code"));
    let mut tokens = HashMap::new();
    for p in 1..=pupils {
        let path = format!("/api/class-codes/{code}/join");
        let body = json!({ "name": format!("Pupil {p}") });
        let joined = client::expect_json(
            client::http(server, local, "POST", &path, Some(&body), None).await?,
            201,
        )?;
        tokens.insert(
            joined["number"].as_i64().unwrap_or(0),
            text(&joined, "token"),
        );
    }
    let path = format!("/api/classes/{id}/start");
    let wall = client::expect_json(
        client::http(server, local, "POST", &path, Some(&json!({})), Some(&key)).await?,
        200,
    )?;
    let mut games = Vec::new();
    let pupils = wall["pupils"].as_array().cloned().unwrap_or_default();
    for game in wall["games"].as_array().into_iter().flatten() {
        let game_id = text(game, "id");
        let mut seats = Vec::new();
        for pupil in pupils.iter().filter(|p| p["game"] == game_id.as_str()) {
            let number = pupil["number"].as_i64().unwrap_or(0);
            let token = tokens
                .get(&number)
                .ok_or_else(|| format!("the wall names pupil {number}, who never joined"))?;
            let mut socket = client::open_socket(server, local).await?;
            let state = client::hello(&mut socket, &game_id, token).await?;
            seats.push((text(pupil, "seat"), socket, state));
        }
        let mut watcher = client::open_socket(server, local).await?;
        let hello = json!({"t": "hello", "game": game_id, "watch": text(game, "watch")});
        client::send(&mut watcher, &hello).await?;
        let welcome = client::receive(&mut watcher, Duration::from_secs(10)).await?;
        if welcome["t"] != "welcome" {
            return Err(format!("the teacher's hello was answered {welcome}"));
        }
        games.push((Table { seats }, watcher));
    }
    Ok(Class {
        id,
        key,
        local,
        games,
    })
}

async fn drive_classes(server: SocketAddr, options: &Options, pid: u32) -> Result<String, String> {
    let setup = Instant::now();
    let mut pending = tokio::task::JoinSet::new();
    let pupils = options.pupils;
    for c in 0..options.classes {
        pending.spawn(async move { seat_class(server, c, pupils).await });
    }
    let mut classes = Vec::new();
    while let Some(done) = pending.join_next().await {
        classes.push(done.map_err(|e| format!("a class's setup failed: {e}"))??);
    }
    eprintln!(
        "xtask: load: {} classes of {} pupils joined and started in {:.1} s",
        options.classes,
        options.pupils,
        setup.elapsed().as_secs_f64()
    );
    let tally = Arc::new(Tally::default());
    let start = Instant::now();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(options.seconds);
    let mut tasks = tokio::task::JoinSet::new();
    for (c, class) in classes.into_iter().enumerate() {
        for (g, (table, watcher)) in class.games.into_iter().enumerate() {
            let wall = InFlight::default();
            let (tally, also) = (tally.clone(), tally.clone());
            let (pace, seen) = (options.pace, wall.clone());
            let mut seed = os_seed().unwrap_or(0) ^ (c * 1000 + g) as u64;
            tasks.spawn(async move {
                let ended = play_table(table, &mut seed, pace, deadline, Some(wall), &tally).await;
                if ended {
                    tally.finished.fetch_add(1, Ordering::Relaxed);
                }
            });
            tasks.spawn(async move { watch_game(watcher, seen, deadline, &also).await });
        }
        let tally = tally.clone();
        let (id, key, local) = (class.id, class.key, class.local);
        tasks.spawn(async move { ask_for_wall(server, local, &id, &key, deadline, &tally).await });
    }
    played(tasks, options, &tally, pid, start, deadline).await
}

/// The teacher's watcher of one game: the time from each pupil's action to its arrival here.
async fn watch_game(
    mut socket: client::Socket,
    wall: InFlight,
    deadline: tokio::time::Instant,
    tally: &Tally,
) {
    loop {
        let text = match timeout_at(deadline, socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => text,
            Ok(Some(Ok(_))) => continue,
            Ok(other) => return tally.problem(format!("a watcher's socket ended: {other:?}")),
            Err(_) => return,
        };
        let Ok(frame) = serde_json::from_str::<Value>(&text) else {
            return tally.problem(format!("a watcher got no JSON: {text}"));
        };
        if frame["t"] != "state" {
            continue;
        }
        let version = frame["state"]["version"].as_u64().unwrap_or(0);
        if let Some(micros) = arrived(&wall, version) {
            lock(&tally.wall_latencies).push(micros);
        }
        if frame["state"]["status"] == "over" {
            return;
        }
    }
}

/// The teacher's page asking for the wall (new pupils, new games) every few seconds.
async fn ask_for_wall(
    server: SocketAddr,
    local: IpAddr,
    id: &str,
    key: &str,
    deadline: tokio::time::Instant,
    tally: &Tally,
) {
    let path = format!("/api/classes/{id}");
    let mut next = tokio::time::Instant::now() + WALL_EVERY;
    while next < deadline {
        sleep_until(next).await;
        next += WALL_EVERY;
        let asked = Instant::now();
        let answer = client::http(server, local, "GET", &path, None, Some(key)).await;
        if let Err(e) = answer.and_then(|a| client::expect_json(a, 200)) {
            return tally.problem(format!("the wall of class {id}: {e}"));
        }
        tally.wall_asks.fetch_add(1, Ordering::Relaxed);
        let micros = asked.elapsed().as_micros().min(u64::MAX as u128) as u64;
        tally.slowest_ask.fetch_max(micros, Ordering::Relaxed);
    }
}

/// A setup task's table, as `JoinSet::join_next` hands it back.
type SetUp = Option<Result<Result<(usize, Table), String>, tokio::task::JoinError>>;

fn joined(done: SetUp) -> Result<(usize, Table), String> {
    match done {
        Some(Ok(result)) => result,
        Some(Err(e)) => Err(format!("a setup task failed: {e}")),
        None => Err("no setup task left".into()),
    }
}

/// Plays `table`'s game, then new ones on the same source address, until `deadline`.
async fn play_games(
    server: SocketAddr,
    i: usize,
    mut table: Table,
    pace: f64,
    deadline: tokio::time::Instant,
    tally: &Tally,
) {
    let mut seed = os_seed().unwrap_or(i as u64) ^ i as u64;
    loop {
        let ended = play_table(table, &mut seed, pace, deadline, None, tally).await;
        if !ended || tokio::time::Instant::now() >= deadline {
            return;
        }
        tally.finished.fetch_add(1, Ordering::Relaxed);
        table = match timeout_at(deadline, seat_table(server, i)).await {
            Ok(Ok(table)) => table,
            Ok(Err(e)) => return tally.problem(format!("a new game: {e}")),
            Err(_) => return,
        };
    }
}

/// Plays one game's two seats until it ends (true), or the deadline or a failure (false);
/// each action is noted for `wall` too, when a teacher watches.
async fn play_table(
    table: Table,
    seed: &mut u64,
    pace: f64,
    deadline: tokio::time::Instant,
    wall: Option<InFlight>,
    tally: &Tally,
) -> bool {
    let flights = Flights {
        other: InFlight::default(),
        wall,
    };
    let mut seats = table.seats.into_iter().map(|(seat, socket, state)| {
        *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let rng = Rng::new(*seed);
        play_seat(
            seat,
            socket,
            state,
            rng,
            pace,
            deadline,
            flights.clone(),
            tally,
        )
    });
    let (Some(first), Some(second)) = (seats.next(), seats.next()) else {
        return false;
    };
    let (a, b) = tokio::join!(first, second);
    a && b
}

/// One seat's play until its game ends (true) or the deadline or a failure (false).
#[allow(clippy::too_many_arguments)]
async fn play_seat(
    seat: String,
    mut socket: client::Socket,
    mut state: Value,
    mut rng: Rng,
    pace: f64,
    deadline: tokio::time::Instant,
    flights: Flights,
    tally: &Tally,
) -> bool {
    let game = state["id"].as_str().unwrap_or_default().to_string();
    loop {
        if state["status"] == "over" {
            return true;
        }
        if let Some(action) = client::random_action(&state, &seat, &mut rng) {
            let pause = Duration::from_secs_f64(pace * 2.0 * rng.unit());
            let at = tokio::time::Instant::now() + pause;
            if at >= deadline {
                return false;
            }
            sleep_until(at).await;
            let version = state["version"].as_u64().unwrap_or(0) + 1;
            let now = Instant::now();
            lock(&flights.other).push((version, now));
            if let Some(wall) = &flights.wall {
                lock(wall).push((version, now));
            }
            if let Err(e) = client::send(&mut socket, &action).await {
                tally.problem(format!("{game} {seat}: {e}"));
                return false;
            }
        }
        // Until the next state: presence and the like pass by.
        loop {
            let frame = match timeout_at(deadline, socket.next()).await {
                Err(_) => return false,
                Ok(Some(Ok(Message::Text(text)))) => text,
                Ok(Some(Ok(_))) => continue,
                Ok(other) => {
                    tally.problem(format!("{game} {seat}: the socket ended: {other:?}"));
                    return false;
                }
            };
            let Ok(frame) = serde_json::from_str::<Value>(&frame) else {
                tally.problem(format!("{game} {seat}: not JSON: {frame}"));
                return false;
            };
            match frame["t"].as_str() {
                Some("state") => {
                    state = frame["state"].clone();
                    let version = state["version"].as_u64().unwrap_or(0);
                    if frame["by"] == seat.as_str() {
                        tally.actions.fetch_add(1, Ordering::Relaxed);
                    } else if let Some(micros) = arrived(&flights.other, version) {
                        lock(&tally.latencies).push(micros);
                    }
                    break;
                }
                Some("refused") | Some("error") => {
                    tally.refusals.fetch_add(1, Ordering::Relaxed);
                    tally.problem(format!("{game} {seat}: {frame}"));
                    return false;
                }
                _ => {}
            }
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A figure of the server's /proc status, in kB.
fn status_kb(pid: u32, name: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn megabytes(kb: Option<u64>) -> String {
    kb.map_or("?".into(), |kb| format!("{:.0} MB", kb as f64 / 1024.0))
}

/// The server's largest resident memory while the games play (sampled twice a second, before
/// the sockets close) and its peak over the whole run (VmHWM, the setup included).
async fn sample_memory(pid: u32, until: tokio::time::Instant) -> String {
    let mut peak = (0, 0);
    while tokio::time::Instant::now() < until {
        if let (Some(rss), Some(anon)) = (status_kb(pid, "VmRSS:"), status_kb(pid, "RssAnon:")) {
            peak = peak.max((rss, anon));
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    format!(
        "VmRSS at most {} while playing ({} of it the server's own, RssAnon), VmHWM {}",
        megabytes(Some(peak.0)),
        megabytes(Some(peak.1)),
        megabytes(status_kb(pid, "VmHWM:"))
    )
}

/// The p50, p99 and largest of `samples` (microseconds), as text in milliseconds.
fn spread(samples: &Mutex<Vec<u32>>) -> String {
    let mut samples = std::mem::take(&mut *lock(samples));
    samples.sort_unstable();
    let ms = |us: u32| f64::from(us) / 1000.0;
    let at = |q: f64| {
        let i = ((samples.len() as f64 * q).ceil() as usize).saturating_sub(1);
        samples.get(i).map_or(0.0, |&us| ms(us))
    };
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} samples)",
        at(0.5),
        at(0.99),
        samples.last().map_or(0.0, |&us| ms(us)),
        samples.len()
    )
}

fn report(options: &Options, tally: &Tally, elapsed: f64, memory: &str) -> String {
    let actions = tally.actions.load(Ordering::Relaxed);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    let classes = if options.classes > 0 {
        format!(
            " in {} classes of {} pupils; latency to the teacher's wall {}; {} asks for the wall, \
             the slowest {:.1} ms",
            options.classes,
            options.pupils,
            spread(&tally.wall_latencies),
            tally.wall_asks.load(Ordering::Relaxed),
            tally.slowest_ask.load(Ordering::Relaxed) as f64 / 1000.0
        )
    } else {
        String::new()
    };
    let mut text = format!(
        "load: {} games{classes}, pace {} s, {:.1} s: {actions} actions, {:.0} actions/s; \
         latency to the other seat {}; server {memory}; {} games finished; {} refused; load \
         average {}",
        options.tables(),
        options.pace,
        elapsed,
        actions as f64 / elapsed,
        spread(&tally.latencies),
        tally.finished.load(Ordering::Relaxed),
        tally.refusals.load(Ordering::Relaxed),
        load.join(" ")
    );
    for problem in lock(&tally.problems).iter() {
        text += &format!("\n  problem: {problem}");
    }
    text
}
