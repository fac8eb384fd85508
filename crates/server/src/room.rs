//! One game on the server: the core's game, its seats, who is here, and the connections to
//! tell. A room checks an action and hands back the game it would make; the hub writes it
//! and only then has the room accept it.

use crate::play::{Kind, Play, Refused};
use crate::protocol::{Action, Refusal, Seat, ServerMessage};
use crate::store::{ActionRow, Ending, SeatRow, StoredGame};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// Frames waiting for one connection before it counts as too slow and is dropped.
pub const OUTBOX: usize = 256;

/// One side's seat.
#[derive(Debug)]
pub struct SeatState {
    pub seat: Seat,
    pub token_hash: Option<String>,
    pub name: Option<String>,
    /// Connections to this process.
    local: usize,
    /// Another process said the seat is here (PostgreSQL).
    remote: bool,
    /// Since when the seat has been away (or since the room was made, for one never here).
    away_since: Instant,
    /// The computer's level, for a seat it plays: always here, never waited for.
    pub computer: Option<String>,
}

/// A connection to tell of the room's changes.
pub struct Conn {
    pub id: u64,
    pub seat: Seat,
    pub outbox: mpsc::Sender<String>,
}

/// How a game ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffBoard {
    Claimed(Seat),
    Abandoned(Seat),
}

pub struct Room {
    pub id: String,
    pub watch: String,
    rules: String,
    play: Play,
    version: u64,
    seats: [SeatState; 2],
    off_board: Option<OffBoard>,
    conns: Vec<Conn>,
    /// How long a seat must be away before the other may claim the game.
    claim_after: Duration,
    /// The teacher of the game's class has paused every game of the class.
    paused: bool,
    /// A task of this process is playing the computer's seat.
    pub computer_busy: bool,
}

/// What the computer needs to play its turn, taken from the room so it thinks unlocked.
pub struct ComputerTurn {
    pub seat: Seat,
    pub level: String,
    pub play: Play,
    pub version: u64,
}

/// An action checked against the game: what the game becomes and the row to write.
pub struct Checked {
    play: Play,
    off_board: Option<OffBoard>,
    seat: Seat,
    action: Action,
    pub row: ActionRow,
}

/// Who won and how (`won`, `claimed`, `abandoned`, `drawn`), or neither while playing.
fn outcome(play: &Play, off_board: Option<OffBoard>) -> (Option<Seat>, Option<&'static str>) {
    let other = |seat: Seat| play.kind().seats().into_iter().find(|&s| s != seat);
    match off_board {
        Some(OffBoard::Claimed(by)) => (Some(by), Some("claimed")),
        Some(OffBoard::Abandoned(by)) => (other(by), Some("abandoned")),
        None if !play.is_over() => (None, None),
        None => match play.winner() {
            Some(winner) => (Some(winner), Some("won")),
            None => (None, Some("drawn")),
        },
    }
}

impl Room {
    /// Rebuilds a stored game by replaying its actions from its seed.
    pub fn rebuild(stored: StoredGame, claim_after: Duration) -> Result<Room, String> {
        let kind = Kind::from_name(&stored.kind).ok_or("unknown game kind")?;
        let seed: u64 = stored.seed.parse().map_err(|_| "unreadable seed")?;
        let mut room = Room {
            play: Play::new(kind, &stored.rules, seed)?,
            id: stored.id,
            watch: stored.watch,
            rules: stored.rules,
            version: 0,
            seats: kind.seats().map(|seat| SeatState {
                seat,
                token_hash: None,
                name: None,
                local: 0,
                remote: false,
                away_since: Instant::now(),
                computer: None,
            }),
            off_board: None,
            conns: Vec::new(),
            claim_after,
            paused: stored.paused,
            computer_busy: false,
        };
        room.set_seats(&stored.seats);
        for row in &stored.actions {
            room.replay(row)?;
        }
        Ok(room)
    }

    /// Takes the seats as stored; a seat just taken is announced (as not here yet), so the
    /// waiting creator learns the friend's name and that the game is on.
    pub fn set_seats(&mut self, rows: &[SeatRow]) {
        let mut taken = Vec::new();
        for row in rows {
            if let Some(state) = self.seats.iter_mut().find(|s| s.seat.name() == row.seat) {
                if state.token_hash.is_none() && row.token_hash.is_some() {
                    taken.push(state.seat);
                }
                state.token_hash.clone_from(&row.token_hash);
                state.name.clone_from(&row.name);
                state.computer.clone_from(&row.computer);
            }
        }
        for seat in taken {
            let here = self.seat_state(seat).is_some_and(Room::here);
            self.broadcast_presence(seat, here);
        }
    }

    /// Applies a stored action (from this process's start or another process).
    pub fn replay(&mut self, row: &ActionRow) -> Result<(), String> {
        let expected = i64::try_from(self.version + 1).unwrap_or(i64::MAX);
        if row.version != expected {
            return Err(format!("action {} where {expected} was due", row.version));
        }
        let action: Action = serde_json::from_str(&row.action).map_err(|e| e.to_string())?;
        let seat = Seat::from_name(&row.seat).ok_or("unknown seat")?;
        let checked = self.apply(seat, action).map_err(|(_, why)| why)?;
        self.accept(checked);
        Ok(())
    }

    pub fn version(&self) -> u64 {
        self.version
    }

    pub fn kind(&self) -> Kind {
        self.play.kind()
    }

    /// The seat a token holds, if any.
    pub fn seat_of(&self, token_hash: &str) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.token_hash.as_deref() == Some(token_hash))
            .map(|s| s.seat)
    }

    fn seat_state(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    fn opponent(&self, seat: Seat) -> Option<&SeatState> {
        self.seats.iter().find(|s| s.seat != seat)
    }

    pub fn names(&self) -> [Option<String>; 2] {
        [self.seats[0].name.clone(), self.seats[1].name.clone()]
    }

    pub fn waiting(&self) -> bool {
        self.seats
            .iter()
            .any(|s| s.token_hash.is_none() && s.computer.is_none())
    }

    /// The computer's seat when it is to act: the game in play, not paused.
    pub fn computer_turn(&self) -> Option<ComputerTurn> {
        if self.paused || self.status() != "playing" {
            return None;
        }
        let seat = self.play.turn()?;
        let level = self.seat_state(seat)?.computer.clone()?;
        Some(ComputerTurn {
            seat,
            level,
            play: self.play.clone(),
            version: self.version,
        })
    }

    pub fn is_over(&self) -> bool {
        self.off_board.is_some() || self.play.is_over()
    }

    fn status(&self) -> &'static str {
        if self.is_over() {
            "over"
        } else if self.waiting() {
            "waiting"
        } else {
            "playing"
        }
    }

    fn winner(&self) -> Option<Seat> {
        outcome(&self.play, self.off_board).0
    }

    fn ending(&self) -> Option<&'static str> {
        outcome(&self.play, self.off_board).1
    }

    fn here(state: &SeatState) -> bool {
        state.local > 0 || state.remote || state.computer.is_some()
    }

    fn away_for(state: &SeatState) -> u64 {
        if Room::here(state) {
            0
        } else {
            state.away_since.elapsed().as_secs()
        }
    }

    /// The opponent of `seat` has been away at least `claim_after` in a game in play.
    fn claimable(&self, seat: Seat) -> bool {
        self.status() == "playing"
            && self
                .opponent(seat)
                .is_some_and(|o| !Room::here(o) && o.away_since.elapsed() >= self.claim_after)
            && self.seat_state(seat).is_some()
    }

    /// Pauses or resumes the game for its class's teacher, telling every connection.
    pub fn set_paused(&mut self, paused: bool) {
        if self.paused == paused {
            return;
        }
        self.paused = paused;
        let frames: Vec<Option<String>> = self
            .conns
            .iter()
            .map(|c| {
                let state = self.state(c.seat);
                Some(ServerMessage::Paused { paused, state }.text())
            })
            .collect();
        self.send_each(frames);
    }

    /// The state as `seat` sees it (see docs/online.md).
    pub fn state(&self, seat: Seat) -> Value {
        let mut names = serde_json::Map::new();
        let mut here = serde_json::Map::new();
        let mut away = serde_json::Map::new();
        let mut computer = serde_json::Map::new();
        for s in &self.seats {
            names.insert(s.seat.name().into(), json!(s.name));
            computer.insert(s.seat.name().into(), json!(s.computer));
            here.insert(s.seat.name().into(), json!(Room::here(s)));
            away.insert(s.seat.name().into(), json!(Room::away_for(s)));
        }
        json!({
            "id": self.id,
            "game": self.kind().name(),
            "rules": self.rules,
            "version": self.version,
            "names": names,
            "computer": computer,
            "here": here,
            "claimable": self.claimable(seat),
            "claimAfter": self.claim_after.as_secs(),
            "awaySeconds": away,
            "status": self.status(),
            "turn": self.play.turn().filter(|_| !self.is_over()).map(Seat::name),
            "winner": self.winner().map(Seat::name),
            "end": self.ending(),
            "save": self.play.public_save(),
            "paused": self.paused,
        })
    }

    /// Checks `action` by `seat` at version `v` without changing anything.
    pub fn check(&self, seat: Seat, v: u64, action: Action) -> Result<Checked, Refused> {
        if seat == Seat::Watch {
            return Err((Refusal::Watching, "watchers cannot act".into()));
        }
        if self.waiting() {
            return Err((Refusal::Waiting, "no opponent has joined yet".into()));
        }
        if v != self.version {
            return Err((
                Refusal::Stale,
                format!("the game is at version {}, not {v}", self.version),
            ));
        }
        if self.is_over() {
            return Err((Refusal::GameOver, "the game is over".into()));
        }
        if self.paused {
            return Err((Refusal::Paused, "the teacher has paused the class".into()));
        }
        if action == Action::Claim && !self.claimable(seat) {
            return Err((
                Refusal::NotAway,
                "the opponent has not been away long enough".into(),
            ));
        }
        let off_board = matches!(action, Action::Claim | Action::Abandon);
        if !off_board && self.play.turn() != Some(seat) {
            return Err((Refusal::NotYourTurn, "it is the other side's turn".into()));
        }
        self.apply(seat, action)
    }

    /// The game `action` makes, through the core; no check of turn, version or presence.
    fn apply(&self, seat: Seat, action: Action) -> Result<Checked, Refused> {
        let mut play = self.play.clone();
        let off_board = match action {
            Action::Claim => Some(OffBoard::Claimed(seat)),
            Action::Abandon => Some(OffBoard::Abandoned(seat)),
            _ => {
                play.apply(&action)?;
                None
            }
        };
        let row = ActionRow {
            game: self.id.clone(),
            version: i64::try_from(self.version + 1).unwrap_or(i64::MAX),
            seat: seat.name().into(),
            action: serde_json::to_string(&action).unwrap_or_default(),
            at: crate::store::now_ms(),
            ending: None,
        };
        let mut checked = Checked {
            play,
            off_board,
            seat,
            action,
            row,
        };
        checked.row.ending = Room::ending_after(&checked);
        Ok(checked)
    }

    /// What the games table records when `checked` ends the game.
    fn ending_after(checked: &Checked) -> Option<Ending> {
        let (winner, ending) = outcome(&checked.play, checked.off_board);
        ending.map(|ending| Ending {
            winner: winner.map(|s| s.name().to_string()),
            ending: ending.to_string(),
        })
    }

    /// Takes a written action: the game moves on.
    pub fn accept(&mut self, checked: Checked) -> (Seat, Action) {
        self.play = checked.play;
        self.off_board = self.off_board.or(checked.off_board);
        self.version += 1;
        (checked.seat, checked.action)
    }

    /// Tells every connection of the action just accepted.
    pub fn broadcast_state(&mut self, by: Seat, action: &Action) {
        let frames: Vec<Option<String>> = self
            .conns
            .iter()
            .map(|c| {
                let frame = ServerMessage::State {
                    state: self.state(c.seat),
                    by,
                    action: action.clone(),
                };
                Some(frame.text())
            })
            .collect();
        self.send_each(frames);
    }

    /// Sends each connection its frame; one too slow to keep up is dropped (its socket
    /// closes, and it reconnects to a fresh welcome).
    fn send_each(&mut self, frames: Vec<Option<String>>) {
        let mut dropped = Vec::new();
        for (conn, frame) in self.conns.iter().zip(frames) {
            let Some(frame) = frame else { continue };
            if conn.outbox.try_send(frame).is_err() {
                dropped.push(conn.id);
            }
        }
        for id in dropped {
            if let Some(seat) = self.leave(id) {
                self.broadcast_presence(seat, false);
            }
        }
    }

    /// Tells everyone but `seat` that it came or went, with the state as each sees it.
    fn broadcast_presence(&mut self, seat: Seat, here: bool) {
        let frames: Vec<Option<String>> = self
            .conns
            .iter()
            .map(|c| {
                let mut frame = serde_json::to_value(ServerMessage::Presence { seat, here })
                    .unwrap_or(Value::Null);
                frame["state"] = self.state(c.seat);
                (c.seat != seat).then(|| frame.to_string())
            })
            .collect();
        self.send_each(frames);
    }

    /// Adds a connection; returns whether its seat just came back (first connection).
    pub fn join(&mut self, conn: Conn) -> bool {
        let seat = conn.seat;
        self.conns.push(conn);
        let Some(state) = self.seats.iter_mut().find(|s| s.seat == seat) else {
            return false;
        };
        state.local += 1;
        let came = state.local == 1 && !state.remote;
        if came {
            self.broadcast_presence(seat, true);
        }
        came
    }

    /// Removes a connection; returns the seat that just went away (its last connection).
    pub fn leave(&mut self, id: u64) -> Option<Seat> {
        let at = self.conns.iter().position(|c| c.id == id)?;
        let seat = self.conns.swap_remove(at).seat;
        let state = self.seats.iter_mut().find(|s| s.seat == seat)?;
        state.local = state.local.saturating_sub(1);
        if state.local > 0 || state.remote {
            return None;
        }
        state.away_since = Instant::now();
        Some(seat)
    }

    /// After [`Room::leave`]: tells the others.
    pub fn went_away(&mut self, seat: Seat) {
        self.broadcast_presence(seat, false);
    }

    /// Another process says whether `seat` is connected to it.
    pub fn remote_presence(&mut self, seat: Seat, here: bool) {
        let Some(state) = self.seats.iter_mut().find(|s| s.seat == seat) else {
            return;
        };
        let before = Room::here(state);
        state.remote = here;
        if !here && state.local == 0 {
            state.away_since = Instant::now();
        }
        let after = Room::here(state);
        if before != after {
            self.broadcast_presence(seat, after);
        }
    }

    /// Whether any connection is here.
    pub fn is_idle(&self) -> bool {
        self.conns.is_empty()
    }

    /// Whether `seat` has a connection to this process.
    pub fn is_here_locally(&self, seat: Seat) -> bool {
        self.seat_state(seat).is_some_and(|s| s.local > 0)
    }

    /// The record text for download.
    pub fn record(&self) -> String {
        self.play.record(self.names(), self.is_over())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(kind: &str) -> StoredGame {
        let k = Kind::from_name(kind).unwrap();
        let [a, b] = k.seats();
        StoredGame {
            id: "g".into(),
            kind: kind.into(),
            rules: k.rules("").unwrap(),
            seed: "42".into(),
            watch: "w".into(),
            seats: vec![
                SeatRow {
                    seat: a.name().into(),
                    token_hash: Some("ha".into()),
                    name: Some("Marcus".into()),
                    computer: None,
                },
                SeatRow {
                    seat: b.name().into(),
                    token_hash: Some("hb".into()),
                    name: Some("Livia".into()),
                    computer: None,
                },
            ],
            actions: Vec::new(),
            paused: false,
        }
    }

    const CLAIM: Duration = Duration::from_secs(120);

    #[test]
    fn actions_are_checked_for_seat_turn_and_version() {
        let mut room = Room::rebuild(stored("scripta"), CLAIM).unwrap();
        let refused = |r: Result<Checked, Refused>| r.err().map(|e| e.0);
        assert_eq!(
            refused(room.check(Seat::Watch, 0, Action::Throw)),
            Some(Refusal::Watching)
        );
        assert_eq!(
            refused(room.check(Seat::Nigri, 0, Action::Throw)),
            Some(Refusal::NotYourTurn)
        );
        assert_eq!(
            refused(room.check(Seat::Albi, 1, Action::Throw)),
            Some(Refusal::Stale)
        );
        assert_eq!(
            refused(room.check(Seat::Albi, 0, Action::Claim)),
            Some(Refusal::NotAway)
        );
        let checked = room.check(Seat::Albi, 0, Action::Throw).unwrap();
        assert_eq!(checked.row.version, 1);
        assert_eq!(room.version(), 0, "checking changes nothing");
        let row = checked.row.clone();
        room.accept(checked);
        assert_eq!(room.version(), 1);
        let state = room.state(Seat::Albi);
        assert_eq!(state["save"]["seed"], "");
        assert_eq!(state["status"], "playing");

        let mut again = Room::rebuild(
            StoredGame {
                actions: vec![row],
                ..stored("scripta")
            },
            CLAIM,
        )
        .unwrap();
        assert_eq!(again.state(Seat::Albi), state, "replay rebuilds the state");
        assert!(again
            .replay(&room.check(Seat::Albi, 1, Action::Undo).map_or_else(
                |_| ActionRow {
                    game: "g".into(),
                    version: 5,
                    seat: "albi".into(),
                    action: "{\"t\":\"throw\"}".into(),
                    at: 0,
                    ending: None,
                },
                |c| c.row
            ))
            .is_err());
    }

    #[test]
    fn abandoning_ends_the_game_for_the_other_side() {
        let mut room = Room::rebuild(stored("latrunculi"), CLAIM).unwrap();
        let checked = room.check(Seat::Black, 0, Action::Abandon).unwrap();
        let ending = checked.row.ending.clone().unwrap();
        assert_eq!(ending.winner.as_deref(), Some("white"));
        assert_eq!(ending.ending, "abandoned");
        room.accept(checked);
        let state = room.state(Seat::White);
        assert_eq!(
            (state["status"].as_str(), state["end"].as_str()),
            (Some("over"), Some("abandoned"))
        );
        assert_eq!(
            room.check(Seat::White, 1, Action::Move { mv: "a1".into() })
                .err()
                .map(|e| e.0),
            Some(Refusal::GameOver)
        );
    }

    #[test]
    fn a_seat_away_long_enough_can_be_claimed() {
        let mut room = Room::rebuild(stored("latrunculi"), CLAIM).unwrap();
        let (tx, _rx) = mpsc::channel(OUTBOX);
        let white = Conn {
            id: 1,
            seat: Seat::White,
            outbox: tx,
        };
        room.join(white);
        assert!(!room.claimable(Seat::White));
        room.claim_after = Duration::ZERO;
        assert!(room.claimable(Seat::White), "black never came");
        assert!(!room.claimable(Seat::Black), "white is here");
        assert!(room.check(Seat::White, 0, Action::Claim).is_ok());
        assert_eq!(room.leave(1), Some(Seat::White));
        assert_eq!(room.state(Seat::Black)["here"]["white"], false);
    }
}
