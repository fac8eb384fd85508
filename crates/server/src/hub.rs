//! Every game this process holds, loaded from the database on first use, and the one path
//! an action takes: checked by its room, written by the writer, then sent to everyone.

use crate::config::Config;
use crate::ids;
use crate::play::Kind;
use crate::protocol::{Action, Refusal, Seat};
use crate::room::{Checked, ComputerTurn, Conn, Room};
use crate::store::writer::Writer;
use crate::store::{Db, NewGame, StoredGame};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use tokio::sync::Mutex as RoomLock;

pub type SharedRoom = Arc<RoomLock<Room>>;

pub struct Hub {
    pub db: Arc<Db>,
    pub config: Config,
    writer: Writer,
    rooms: Mutex<HashMap<String, SharedRoom>>,
    next_conn: AtomicU64,
    /// Names this process in its presence notifications, so it skips its own.
    instance: String,
    /// The hub itself, for the tasks that play the computer's seats.
    me: Weak<Hub>,
}

/// A refusal as the socket sends it.
pub struct Refused {
    pub code: Refusal,
    pub message: String,
    pub v: u64,
}

/// What creating a game hands the creator.
pub struct Created {
    pub id: String,
    pub seat: Seat,
    pub token: String,
    pub invite: String,
    pub watch: String,
}

/// A game to create, as asked for.
pub struct Wanted {
    pub kind: Kind,
    pub rules: String,
    pub seat: Seat,
    pub name: String,
}

impl Hub {
    pub fn new(db: Db, config: Config) -> Arc<Hub> {
        let db = Arc::new(db);
        Arc::new_cyclic(|me| Hub {
            writer: Writer::start(db.clone()),
            db,
            config,
            rooms: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            instance: ids::code(ids::ID_LEN).unwrap_or_default(),
            me: me.clone(),
        })
    }

    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    fn cached(&self, id: &str) -> Option<SharedRoom> {
        self.rooms.lock().ok()?.get(id).cloned()
    }

    fn insert(&self, room: Room) -> SharedRoom {
        let id = room.id.clone();
        let fresh = Arc::new(RoomLock::new(room));
        match self.rooms.lock() {
            Ok(mut rooms) => rooms.entry(id).or_insert(fresh).clone(),
            Err(_) => fresh,
        }
    }

    /// The room of game `id`, rebuilt from the database when this process has not held it.
    pub async fn room(&self, id: &str) -> Result<Option<SharedRoom>, String> {
        if !ids::is_code(id, ids::ID_LEN) {
            return Ok(None);
        }
        if let Some(room) = self.cached(id) {
            return Ok(Some(room));
        }
        let Some(stored) = self.db.load(id).await? else {
            return Ok(None);
        };
        let room = self.insert(Room::rebuild(stored, self.config.claim_after)?);
        // A restart may have stopped the computer in the middle of its turn.
        self.wake_computer(&room, &mut *room.lock().await);
        // Other processes holding the game say which seats are connected to them.
        self.db
            .notify(&format!("{id}:ask:{}", self.instance))
            .await?;
        Ok(Some(room))
    }

    /// Forgets the rooms nobody is connected to and no task holds, so a long-running server
    /// keeps only the games in play; a forgotten game is rebuilt from the database when next
    /// wanted.
    pub fn sweep(&self) {
        let Ok(mut rooms) = self.rooms.lock() else {
            return;
        };
        // With the map locked nobody can take a new handle, so a room only the map holds,
        // idle, can go.
        rooms.retain(|_, room| {
            Arc::strong_count(room) > 1 || room.try_lock().map_or(true, |r| !r.is_idle())
        });
    }

    /// Creates a game with the creator in `wanted.seat`.
    pub async fn create(&self, wanted: Wanted) -> Result<Created, String> {
        let [first, second] = wanted.kind.seats();
        let free = if wanted.seat == first { second } else { first };
        let token = ids::token()?;
        let game = NewGame {
            id: ids::code(ids::ID_LEN)?,
            kind: wanted.kind.name().into(),
            rules: wanted.rules,
            seed: ids::seed()?,
            watch: ids::code(ids::CODE_LEN)?,
            created: crate::store::now_ms(),
            seat: wanted.seat.name().into(),
            token_hash: ids::token_hash(&token),
            name: wanted.name,
            free_seat: free.name().into(),
            invite: ids::code(ids::CODE_LEN)?,
        };
        self.db.create(&game).await?;
        let stored = StoredGame {
            id: game.id.clone(),
            kind: game.kind.clone(),
            rules: game.rules.clone(),
            seed: game.seed.to_string(),
            watch: game.watch.clone(),
            seats: self.db.seats(&game.id).await?,
            actions: Vec::new(),
            paused: false,
        };
        self.insert(Room::rebuild(stored, self.config.claim_after)?);
        Ok(Created {
            id: game.id,
            seat: wanted.seat,
            token,
            invite: game.invite,
            watch: game.watch,
        })
    }

    /// Gives the invite's seat to a new holder; `None` when the invite is used or unknown.
    pub async fn join(
        &self,
        id: &str,
        code: &str,
        name: &str,
    ) -> Result<Option<(Seat, String)>, String> {
        let Some(room) = self.room(id).await? else {
            return Ok(None);
        };
        let token = ids::token()?;
        let Some(seat) = self
            .db
            .join(id, code, &ids::token_hash(&token), name)
            .await?
        else {
            return Ok(None);
        };
        let seats = self.db.seats(id).await?;
        room.lock().await.set_seats(&seats);
        self.db.notify(&format!("{id}:seats")).await?;
        Ok(Seat::from_name(&seat).map(|seat| (seat, token)))
    }

    /// The seat `token` holds at `room`, reading the seats again when another process may
    /// have given it out.
    pub async fn seat_for(
        &self,
        id: &str,
        room: &SharedRoom,
        token: &str,
    ) -> Result<Option<Seat>, String> {
        let hash = ids::token_hash(token);
        if let Some(seat) = room.lock().await.seat_of(&hash) {
            return Ok(Some(seat));
        }
        let seats = self.db.seats(id).await?;
        let mut room = room.lock().await;
        room.set_seats(&seats);
        Ok(room.seat_of(&hash))
    }

    /// Adds a connection to a room, announcing the seat to other processes when it came.
    pub async fn enter(&self, room: &SharedRoom, conn: Conn) {
        let seat = conn.seat;
        let mut locked = room.lock().await;
        let came = locked.join(conn);
        let id = locked.id.clone();
        drop(locked);
        if came && seat != Seat::Watch {
            self.announce(&id, seat, true).await;
        }
    }

    /// Removes a connection, telling the others when its seat went away.
    pub async fn exit(&self, room: &SharedRoom, conn: u64) {
        let mut locked = room.lock().await;
        let Some(seat) = locked.leave(conn) else {
            return;
        };
        locked.went_away(seat);
        let id = locked.id.clone();
        drop(locked);
        if seat != Seat::Watch {
            self.announce(&id, seat, false).await;
        }
    }

    async fn announce(&self, id: &str, seat: Seat, here: bool) {
        let payload = format!(
            "{id}:here:{}:{}:{}",
            seat.name(),
            u8::from(here),
            self.instance
        );
        if let Err(e) = self.db.notify(&payload).await {
            eprintln!("ludi-server: {e}");
        }
    }

    /// Plays one action: checked by the room, committed, then sent to every connection.
    pub async fn act(
        &self,
        room: &SharedRoom,
        seat: Seat,
        v: u64,
        action: Action,
    ) -> Result<(), Refused> {
        let mut locked = room.lock().await;
        let refuse = |(code, message): (Refusal, String), v: u64| Refused { code, message, v };
        let checked: Checked = locked
            .check(seat, v, action)
            .map_err(|r| refuse(r, locked.version()))?;
        match self.writer.write(checked.row.clone()).await {
            Ok(true) => {
                let (by, action) = locked.accept(checked);
                locked.broadcast_state(by, &action);
                self.wake_computer(room, &mut locked);
                Ok(())
            }
            Ok(false) => {
                self.catch_up_locked(&mut locked).await;
                let message = "another server wrote this version first".to_string();
                Err(refuse((Refusal::Stale, message), locked.version()))
            }
            Err(e) => {
                eprintln!("ludi-server: {e}");
                let message = "the game could not be saved; try again".to_string();
                Err(refuse((Refusal::Unavailable, message), locked.version()))
            }
        }
    }

    /// Has the computer play its seat of `room` (locked as `locked`) whenever it is to act,
    /// unless a task of this process does already.
    pub fn wake_computer(&self, room: &SharedRoom, locked: &mut Room) {
        if locked.computer_busy || locked.computer_turn().is_none() {
            return;
        }
        let Some(hub) = self.me.upgrade() else {
            return;
        };
        locked.computer_busy = true;
        let room = room.clone();
        tokio::spawn(async move { hub.play_computer(&room).await });
    }

    /// Plays the computer's actions through [`Hub::act`], as a pupil's are, one each
    /// `computer_pace` so that the pupil can follow them; thinks off the async threads. Stops
    /// when the game no longer waits for the computer, or after failures in a row (a later
    /// action or the room's next load wakes it again).
    async fn play_computer(&self, room: &SharedRoom) {
        let mut failures = 0;
        loop {
            // Checked and given up under one lock, so an action that hands the computer its
            // turn meanwhile either finds this task still here or wakes a new one.
            let turn = {
                let mut locked = room.lock().await;
                match locked.computer_turn().filter(|_| failures < 3) {
                    Some(turn) => turn,
                    None => {
                        locked.computer_busy = false;
                        return;
                    }
                }
            };
            let ComputerTurn {
                seat,
                level,
                play,
                version,
            } = turn;
            let seed = ids::seed().unwrap_or(version);
            let thought =
                tokio::task::spawn_blocking(move || play.computer_actions(&level, seed)).await;
            let actions = match thought {
                Ok(Ok(actions)) => actions,
                Ok(Err(e)) => {
                    eprintln!("ludi-server: the computer cannot play: {e}");
                    failures = 3;
                    continue;
                }
                Err(e) => {
                    eprintln!("ludi-server: the computer's thinking failed: {e}");
                    failures = 3;
                    continue;
                }
            };
            let mut v = version;
            for action in actions {
                tokio::time::sleep(self.config.computer_pace).await;
                match self.act(room, seat, v, action).await {
                    Ok(()) => {
                        v += 1;
                        failures = 0;
                    }
                    // The game moved on meanwhile (a resignation, another server, a pause):
                    // think again from where it stands.
                    Err(_) => {
                        failures += 1;
                        break;
                    }
                }
            }
        }
    }

    /// Reads and sends the actions another process wrote.
    async fn catch_up_locked(&self, room: &mut Room) {
        let after = i64::try_from(room.version()).unwrap_or(i64::MAX);
        let rows = match self.db.actions_after(&room.id, after).await {
            Ok(rows) => rows,
            Err(e) => return eprintln!("ludi-server: {e}"),
        };
        for row in rows {
            if let Err(e) = room.replay(&row) {
                return eprintln!("ludi-server: game {} does not replay: {e}", room.id);
            }
            if let (Some(seat), Ok(action)) = (
                Seat::from_name(&row.seat),
                serde_json::from_str::<Action>(&row.action),
            ) {
                room.broadcast_state(seat, &action);
            }
        }
    }

    /// Reads what other processes wrote to every game held here (after the listener
    /// reconnects, when notifications may have been missed).
    pub async fn catch_up_all(&self) {
        let rooms: Vec<SharedRoom> = match self.rooms.lock() {
            Ok(rooms) => rooms.values().cloned().collect(),
            Err(_) => return,
        };
        for room in rooms {
            let mut locked = room.lock().await;
            self.catch_up_locked(&mut locked).await;
        }
    }

    /// Another process told of a change to game `id` (PostgreSQL's NOTIFY payload).
    pub async fn notified(&self, payload: &str) {
        let mut parts = payload.split(':');
        let Some(room) = parts.next().and_then(|id| self.cached(id)) else {
            return;
        };
        let mut locked = room.lock().await;
        match (parts.next(), parts.next(), parts.next(), parts.next()) {
            (Some("seats"), None, None, None) => match self.db.seats(&locked.id).await {
                Ok(seats) => locked.set_seats(&seats),
                Err(e) => eprintln!("ludi-server: {e}"),
            },
            (Some("ask"), Some(from), None, None) if from != self.instance => {
                let here: Vec<Seat> = locked
                    .kind()
                    .seats()
                    .into_iter()
                    .filter(|&s| locked.is_here_locally(s))
                    .collect();
                let id = locked.id.clone();
                drop(locked);
                for seat in here {
                    self.announce(&id, seat, true).await;
                }
            }
            (Some("here"), Some(seat), Some(here), Some(from)) => {
                if let Some(seat) = Seat::from_name(seat).filter(|_| from != self.instance) {
                    locked.remote_presence(seat, here == "1");
                }
            }
            (Some("paused"), Some(paused), None, None) => locked.set_paused(paused == "1"),
            // Its own actions are in the room already: no need to read them back.
            (Some(version), None, None, None)
                if version.parse::<u64>().is_ok_and(|v| v > locked.version()) =>
            {
                self.catch_up_locked(&mut locked).await;
            }
            _ => {}
        }
    }
}
