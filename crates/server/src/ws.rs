//! The WebSocket at `/ws`: the upgrade (origin and per-address limits checked), then one
//! task per connection reading frames and forwarding its room's frames.

use crate::hub::{Hub, SharedRoom};
use crate::limits::Bucket;
use crate::protocol::{self, ClientMessage, FrameError, Refusal, Seat, ServerMessage, MAX_FRAME};
use crate::room::{Conn, OUTBOX};
use crate::AppState;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Bytes a socket reads at a time.
const READ_BUFFER: usize = 8 * 1024;

/// Whether a page at `origin` may open a socket: the server's own origin (from `Host`) or
/// one given with `--origin`. A request without `Origin` is not from a browser page and
/// passes (a browser always sends it on an upgrade).
pub fn origin_allowed(headers: &HeaderMap, extra: &[String]) -> bool {
    let Some(origin) = headers.get("origin") else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    let origin = origin.trim_end_matches('/');
    if extra.iter().any(|o| o == origin) {
        return true;
    }
    let host = headers.get("host").and_then(|h| h.to_str().ok());
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((own, host), (Some(own), Some(host)) if own.eq_ignore_ascii_case(host))
}

pub async fn upgrade(
    State(app): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &app.hub.config.origins) {
        return (StatusCode::FORBIDDEN, "this origin may not open a socket").into_response();
    }
    let max = app.hub.config.limits.sockets_per_address;
    let Some(place) = app.addresses.open_socket(peer.ip(), max) else {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            "too many sockets from this address",
        )
            .into_response();
    };
    // The socket takes frames a little over the limit so that `parse` can answer them with a
    // `too-big` error; a far larger one closes the connection.
    ws.max_message_size(4 * MAX_FRAME)
        .max_frame_size(4 * MAX_FRAME)
        // Small frames both ways: a small read buffer, and each frame written at once, keep
        // thousands of idle sockets cheap (the defaults hold 128 KB each).
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            Connection::new(app.hub.clone()).run(socket).await;
            drop(place);
        })
}

/// One client's connection.
struct Connection {
    hub: Arc<Hub>,
    id: u64,
    bucket: Bucket,
    joined: Option<(SharedRoom, Seat)>,
}

/// What the connection's task waits for next.
enum Next {
    Frame(Option<Result<Message, axum::Error>>),
    Outgoing(Option<String>),
}

impl Connection {
    fn new(hub: Arc<Hub>) -> Connection {
        let limits = hub.config.limits;
        Connection {
            id: hub.conn_id(),
            bucket: Bucket::new(limits.frames_per_second, limits.frame_burst),
            hub,
            joined: None,
        }
    }

    async fn run(mut self, socket: WebSocket) {
        let (mut sink, mut stream) = socket.split();
        let (outbox, mut inbox) = mpsc::channel::<String>(OUTBOX);
        let mut outbox = Some(outbox);
        loop {
            let next = tokio::select! {
                frame = stream.next() => Next::Frame(frame),
                out = inbox.recv(), if self.joined.is_some() => Next::Outgoing(out),
            };
            let reply = match next {
                Next::Frame(Some(Ok(message))) => self.read(message, &mut outbox).await,
                Next::Outgoing(Some(text)) => Some(text),
                // The socket closed or failed, or the room dropped us for being too slow.
                Next::Frame(_) | Next::Outgoing(None) => break,
            };
            if let Some(text) = reply {
                if sink.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
        }
        if let Some((room, _)) = &self.joined {
            self.hub.exit(room, self.id).await;
        }
    }

    /// Answers one frame from the client, if it wants an answer straight away.
    async fn read(
        &mut self,
        message: Message,
        outbox: &mut Option<mpsc::Sender<String>>,
    ) -> Option<String> {
        let text = match message {
            Message::Text(text) => text,
            Message::Binary(_) => {
                return Some(ServerMessage::frame_error(FrameError::not_text()).text())
            }
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => return None,
        };
        if !self.bucket.take() {
            return Some(
                self.refused(Refusal::RateLimited, "too many frames; slow down")
                    .await,
            );
        }
        match protocol::parse(text.as_str()) {
            Err(e) => Some(ServerMessage::frame_error(e).text()),
            Ok(ClientMessage::Ping {}) => Some(ServerMessage::Pong.text()),
            Ok(ClientMessage::Hello { game, token, watch }) => {
                Some(self.hello(&game, token, watch, outbox).await)
            }
            Ok(other) => self.act(other).await,
        }
    }

    async fn refused(&self, code: Refusal, message: &str) -> String {
        let v = match &self.joined {
            Some((room, _)) => room.lock().await.version(),
            None => 0,
        };
        ServerMessage::Refused {
            code,
            message: message.into(),
            v,
        }
        .text()
    }

    async fn hello(
        &mut self,
        game: &str,
        token: Option<String>,
        watch: Option<String>,
        outbox: &mut Option<mpsc::Sender<String>>,
    ) -> String {
        if self.joined.is_some() {
            return self
                .refused(Refusal::Illegal, "this connection has said hello")
                .await;
        }
        let room = match self.hub.room(game).await {
            Ok(Some(room)) => room,
            Ok(None) => return self.refused(Refusal::UnknownGame, "no such game").await,
            Err(e) => {
                eprintln!("ludi-server: {e}");
                return self
                    .refused(Refusal::Unavailable, "the game could not be loaded")
                    .await;
            }
        };
        let seat = match (token, watch) {
            (Some(token), _) => self.hub.seat_for(game, &room, &token).await.ok().flatten(),
            (None, Some(watch)) => (room.lock().await.watch == watch).then_some(Seat::Watch),
            (None, None) => None,
        };
        // The outbox is taken only for a hello that joins, so a refused one can be tried again.
        let Some((seat, sender)) = seat.and_then(|seat| Some((seat, outbox.take()?))) else {
            return self
                .refused(
                    Refusal::BadToken,
                    "that token or watch code is not this game's",
                )
                .await;
        };
        let conn = Conn {
            id: self.id,
            seat,
            outbox: sender,
        };
        self.hub.enter(&room, conn).await;
        let state = room.lock().await.state(seat);
        self.joined = Some((room, seat));
        ServerMessage::Welcome { seat, state }.text()
    }

    async fn act(&self, message: ClientMessage) -> Option<String> {
        let Some((room, seat)) = &self.joined else {
            return Some(self.refused(Refusal::NotJoined, "say hello first").await);
        };
        let (v, action) = message.action()?;
        match self.hub.act(room, *seat, v, action).await {
            // The state frame comes through the room, as to everyone.
            Ok(()) => None,
            Err(r) => Some(
                ServerMessage::Refused {
                    code: r.code,
                    message: r.message,
                    v: r.v,
                }
                .text(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("host", host.parse().unwrap());
        if let Some(o) = origin {
            h.insert("origin", o.parse().unwrap());
        }
        h
    }

    #[test]
    fn only_the_own_origin_and_configured_ones_may_connect() {
        let extra = vec!["https://museum.example".to_string()];
        assert!(origin_allowed(
            &headers(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"),
            &[]
        ));
        assert!(origin_allowed(
            &headers(Some("https://ludi.example"), "ludi.example"),
            &[]
        ));
        assert!(origin_allowed(
            &headers(Some("https://museum.example"), "ludi.example"),
            &extra
        ));
        assert!(!origin_allowed(
            &headers(Some("https://evil.example"), "ludi.example"),
            &extra
        ));
        assert!(!origin_allowed(&headers(Some("null"), "ludi.example"), &[]));
        assert!(!origin_allowed(
            &headers(Some("http://ludi.example.evil"), "ludi.example"),
            &[]
        ));
        assert!(origin_allowed(&headers(None, "ludi.example"), &[]));
    }
}
