//! The WebSocket protocol (docs/online.md): every client frame is parsed into one typed
//! [`ClientMessage`] or refused with a [`FrameError`]; every server frame is a
//! [`ServerMessage`]. Nothing else crosses the socket.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// The largest text frame a client may send, in bytes.
pub const MAX_FRAME: usize = 4096;
/// The longest game id, token, code or move text a message may carry.
const MAX_FIELD: usize = 128;

/// What a client may send.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// Joins a game as a seat (with its token) or as a watcher (with the watch code).
    Hello {
        game: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        watch: Option<String>,
    },
    Throw {
        v: u64,
    },
    Step {
        v: u64,
        step: String,
    },
    Undo {
        v: u64,
    },
    Confirm {
        v: u64,
    },
    Move {
        v: u64,
        #[serde(rename = "move")]
        mv: String,
    },
    Claim {
        v: u64,
    },
    Abandon {
        v: u64,
    },
    /// A struct variant, so that unknown fields are refused here too.
    Ping {},
}

/// One accepted action of a game, as stored and as sent in `state` frames (no version: the
/// version is its place in the game's list).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "t", rename_all = "lowercase", deny_unknown_fields)]
pub enum Action {
    Throw,
    Step {
        step: String,
    },
    Undo,
    Confirm,
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Claim,
    Abandon,
}

impl ClientMessage {
    /// The action this message asks for, with the version the client has seen.
    pub fn action(&self) -> Option<(u64, Action)> {
        Some(match self {
            ClientMessage::Throw { v } => (*v, Action::Throw),
            ClientMessage::Step { v, step } => (*v, Action::Step { step: step.clone() }),
            ClientMessage::Undo { v } => (*v, Action::Undo),
            ClientMessage::Confirm { v } => (*v, Action::Confirm),
            ClientMessage::Move { v, mv } => (*v, Action::Move { mv: mv.clone() }),
            ClientMessage::Claim { v } => (*v, Action::Claim),
            ClientMessage::Abandon { v } => (*v, Action::Abandon),
            ClientMessage::Hello { .. } | ClientMessage::Ping {} => return None,
        })
    }

    /// Out-of-range values serde cannot see: over-long texts, a hello with both or neither of
    /// token and watch code.
    fn check(&self) -> Result<(), String> {
        let long = |name: &str, text: &str| {
            if text.is_empty() || text.len() > MAX_FIELD {
                Err(format!("`{name}` must be 1 to {MAX_FIELD} bytes"))
            } else {
                Ok(())
            }
        };
        match self {
            ClientMessage::Hello { game, token, watch } => {
                long("game", game)?;
                match (token, watch) {
                    (Some(token), None) => long("token", token),
                    (None, Some(watch)) => long("watch", watch),
                    _ => Err("hello takes either `token` or `watch`".into()),
                }
            }
            ClientMessage::Step { step, .. } => long("step", step),
            ClientMessage::Move { mv, .. } => long("move", mv),
            _ => Ok(()),
        }
    }
}

/// Why a frame was not read: the `code` of the `error` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FrameErrorCode {
    BadFrame,
    TooBig,
    NotText,
}

/// A frame that is not a message, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameError {
    pub code: FrameErrorCode,
    pub message: String,
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FrameError {}

impl FrameError {
    pub fn not_text() -> FrameError {
        FrameError {
            code: FrameErrorCode::NotText,
            message: "frames are JSON text".into(),
        }
    }

    pub fn too_big(len: usize) -> FrameError {
        FrameError {
            code: FrameErrorCode::TooBig,
            message: format!("a frame is at most {MAX_FRAME} bytes, not {len}"),
        }
    }

    fn bad(message: String) -> FrameError {
        FrameError {
            code: FrameErrorCode::BadFrame,
            message,
        }
    }
}

/// Reads one client frame: its size first, then its JSON into a typed message, then the
/// ranges of its values. Never panics, whatever the text.
pub fn parse(frame: &str) -> Result<ClientMessage, FrameError> {
    if frame.len() > MAX_FRAME {
        return Err(FrameError::too_big(frame.len()));
    }
    let message: ClientMessage =
        serde_json::from_str(frame).map_err(|e| FrameError::bad(e.to_string()))?;
    message.check().map_err(FrameError::bad)?;
    Ok(message)
}

/// A seat at a game, or watching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    Albi,
    Nigri,
    White,
    Black,
    Watch,
}

impl Seat {
    pub fn name(self) -> &'static str {
        match self {
            Seat::Albi => "albi",
            Seat::Nigri => "nigri",
            Seat::White => "white",
            Seat::Black => "black",
            Seat::Watch => "watch",
        }
    }

    pub fn from_name(name: &str) -> Option<Seat> {
        [
            Seat::Albi,
            Seat::Nigri,
            Seat::White,
            Seat::Black,
            Seat::Watch,
        ]
        .into_iter()
        .find(|s| s.name() == name)
    }
}

/// Why an action changed nothing: the `code` of a `refused` frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refusal {
    NotYourTurn,
    Watching,
    GameOver,
    Illegal,
    Stale,
    NoUndo,
    NotThrown,
    AlreadyThrown,
    TurnNotOver,
    NothingToUndo,
    NotAway,
    NotJoined,
    Waiting,
    RateLimited,
    UnknownGame,
    BadToken,
    /// The game's class is paused by its teacher.
    Paused,
    /// The database did not answer: nothing changed, try again.
    Unavailable,
}

/// What the server sends.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum ServerMessage {
    Welcome {
        seat: Seat,
        state: Value,
    },
    State {
        state: Value,
        by: Seat,
        action: Action,
    },
    Refused {
        code: Refusal,
        message: String,
        v: u64,
    },
    Error {
        code: FrameErrorCode,
        message: String,
    },
    Presence {
        seat: Seat,
        here: bool,
    },
    /// The class's teacher paused or resumed its games.
    Paused {
        paused: bool,
        state: Value,
    },
    Pong,
}

impl ServerMessage {
    /// The frame's JSON text.
    pub fn text(&self) -> String {
        // Every field serializes (strings, numbers, JSON values), so this cannot fail; an
        // empty frame would be refused by any client rather than crash the server.
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn frame_error(e: FrameError) -> ServerMessage {
        ServerMessage::Error {
            code: e.code,
            message: e.message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_message() {
        let good = [
            (
                r#"{"t":"hello","game":"abc","token":"xyz"}"#,
                ClientMessage::Hello {
                    game: "abc".into(),
                    token: Some("xyz".into()),
                    watch: None,
                },
            ),
            (
                r#"{"t":"hello","game":"abc","watch":"w"}"#,
                ClientMessage::Hello {
                    game: "abc".into(),
                    token: None,
                    watch: Some("w".into()),
                },
            ),
            (r#"{"t":"throw","v":0}"#, ClientMessage::Throw { v: 0 }),
            (
                r#"{"t":"step","v":3,"step":"in/2*"}"#,
                ClientMessage::Step {
                    v: 3,
                    step: "in/2*".into(),
                },
            ),
            (r#"{"t":"undo","v":4}"#, ClientMessage::Undo { v: 4 }),
            (r#"{"t":"confirm","v":5}"#, ClientMessage::Confirm { v: 5 }),
            (
                r#"{"v":6,"t":"move","move":"a2-a5"}"#,
                ClientMessage::Move {
                    v: 6,
                    mv: "a2-a5".into(),
                },
            ),
            (r#"{"t":"claim","v":7}"#, ClientMessage::Claim { v: 7 }),
            (r#"{"t":"abandon","v":8}"#, ClientMessage::Abandon { v: 8 }),
            (r#"{"t":"ping"}"#, ClientMessage::Ping {}),
        ];
        for (frame, message) in good {
            assert_eq!(parse(frame), Ok(message.clone()), "{frame}");
            assert_eq!(
                parse(&serde_json::to_string(&message).unwrap()),
                Ok(message)
            );
        }
    }

    #[test]
    fn refuses_bad_frames_with_their_code() {
        let long = "x".repeat(MAX_FIELD + 1);
        let bad = [
            "",
            "null",
            "[]",
            "{}",
            "not json",
            r#"{"t":"fly","v":1}"#,
            r#"{"t":"throw"}"#,
            r#"{"t":"throw","v":-1}"#,
            r#"{"t":"throw","v":1.5}"#,
            r#"{"t":"throw","v":"1"}"#,
            r#"{"t":"throw","v":18446744073709551616}"#,
            r#"{"t":"throw","v":1,"dice":"666"}"#,
            r#"{"t":"step","v":1}"#,
            r#"{"t":"step","v":1,"step":""}"#,
            r#"{"t":"step","v":1,"step":7}"#,
            r#"{"t":"hello","game":"abc"}"#,
            r#"{"t":"hello","game":"abc","token":"a","watch":"b"}"#,
            r#"{"t":"hello","game":"","token":"a"}"#,
            r#"{"t":"ping","extra":true}"#,
            r#"{"T":"ping"}"#,
        ];
        for frame in bad {
            let e = parse(frame).unwrap_err();
            assert_eq!(e.code, FrameErrorCode::BadFrame, "{frame}");
            assert!(!e.message.is_empty());
        }
        let frame = format!(r#"{{"t":"step","v":1,"step":"{long}"}}"#);
        assert_eq!(parse(&frame).unwrap_err().code, FrameErrorCode::BadFrame);
        let huge = format!(r#"{{"t":"ping","x":"{}"}}"#, "y".repeat(MAX_FRAME));
        assert_eq!(parse(&huge).unwrap_err().code, FrameErrorCode::TooBig);
    }

    #[test]
    fn server_frames_name_their_codes_as_the_protocol_spells_them() {
        let refused = ServerMessage::Refused {
            code: Refusal::NotYourTurn,
            message: "wait".into(),
            v: 3,
        }
        .text();
        assert_eq!(
            refused,
            r#"{"t":"refused","code":"not-your-turn","message":"wait","v":3}"#
        );
        let error = ServerMessage::frame_error(FrameError::not_text()).text();
        assert!(
            error.starts_with(r#"{"t":"error","code":"not-text""#),
            "{error}"
        );
        assert_eq!(ServerMessage::Pong.text(), r#"{"t":"pong"}"#);
        let action = serde_json::to_string(&Action::Move { mv: "a2-a5".into() }).unwrap();
        assert_eq!(action, r#"{"t":"move","move":"a2-a5"}"#);
    }
}
