//! The online server's frame parser on any text: it never panics; a refusal says why, with
//! `too-big` exactly for frames over the limit; an accepted frame is a message that writes
//! back as JSON the parser reads as the same message, and asks for an action exactly when it
//! is neither a hello nor a ping.
#![no_main]

// The parser alone, from the server's own source: the whole server (axum, sqlx) built under
// the fuzzer's instrumentation would cost a cold run ten minutes and test nothing more.
#[path = "../../crates/server/src/protocol.rs"]
#[allow(dead_code)]
mod protocol;

use libfuzzer_sys::fuzz_target;
use protocol::{parse, ClientMessage, FrameErrorCode, MAX_FRAME};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse(text) {
        Ok(message) => {
            assert!(text.len() <= MAX_FRAME);
            let written = serde_json::to_string(&message).expect("a message writes as JSON");
            if written.len() <= MAX_FRAME {
                assert_eq!(parse(&written).as_ref(), Ok(&message), "{written}");
            }
            let talk = matches!(message, ClientMessage::Hello { .. } | ClientMessage::Ping {});
            assert_eq!(message.action().is_none(), talk, "{message:?}");
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            assert_eq!(e.code == FrameErrorCode::TooBig, text.len() > MAX_FRAME, "{e}");
        }
    }
});
