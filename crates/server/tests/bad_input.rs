//! Bad input: malformed, oversized, unknown-field, wrong-type, out-of-range, out-of-turn,
//! wrong-seat, watching, wrong-token, forged-token, replayed, after-the-end, before-hello and
//! binary frames, a bad origin and a used invite. Each is refused with its code, the server
//! stays up and the game is exactly as it was.

mod common;

use common::client::{self, create_pair, hello, http, send, Socket};
use common::{game_part, next_state, runtime, seats, start, TempDir, LOOPBACK, WAIT};
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// The game as a watcher newly connected sees it.
async fn watched(server: &client::Server, pair: &client::Pair) -> Value {
    let mut socket = client::open_socket(server.addr, LOOPBACK).await.unwrap();
    send(
        &mut socket,
        &json!({"t": "hello", "game": pair.id, "watch": pair.watch}),
    )
    .await
    .unwrap();
    let welcome = client::receive(&mut socket, WAIT).await.unwrap();
    assert_eq!(welcome["t"], "welcome", "{welcome}");
    game_part(&welcome["state"])
}

/// The answer to a frame that must be refused: its `t` (`error` or `refused`) and code.
async fn answer(socket: &mut Socket, frame: Message) -> (String, String) {
    socket.send(frame).await.unwrap();
    loop {
        let reply = client::receive(socket, WAIT).await.unwrap();
        match reply["t"].as_str() {
            Some("presence") => continue,
            Some(t @ ("error" | "refused")) => {
                assert!(
                    reply["message"].as_str().is_some_and(|m| !m.is_empty()),
                    "{reply}"
                );
                return (
                    t.to_string(),
                    reply["code"].as_str().unwrap_or_default().into(),
                );
            }
            _ => panic!("a refusal was due, not {reply}"),
        }
    }
}

fn p_token(pair: &client::Pair, seat: &str) -> String {
    pair.seats
        .iter()
        .find(|(s, _)| s == seat)
        .map(|(_, t)| t.clone())
        .unwrap()
}

/// A token one character off the real one (the first: the last carries padding bits).
fn forge(token: &str) -> String {
    let first = if token.starts_with('A') { "B" } else { "A" };
    format!("{first}{}", &token[1..])
}

fn text(frame: &Value) -> Message {
    Message::text(frame.to_string())
}

/// Sends `frame` and checks it is refused with `kind`/`code` and changes nothing.
async fn refused(
    server: &mut client::Server,
    pair: &client::Pair,
    socket: &mut Socket,
    what: &str,
    frame: Message,
    expected: (&str, &str),
) {
    println!("bad input: {what}");
    let before = watched(server, pair).await;
    let (kind, code) = answer(socket, frame).await;
    assert_eq!((kind.as_str(), code.as_str()), expected, "{what}");
    assert!(server.is_running(), "{what}: the server stopped");
    assert_eq!(
        watched(server, pair).await,
        before,
        "{what} changed the game"
    );
}

/// Frames over the limit: one of a few KB is refused `too-big`; a huge one the WebSocket layer
/// cuts off, closing that socket. Either way the server stays up and nothing changes.
async fn oversized(server: &mut client::Server, pair: &client::Pair, v: u64) {
    for (size, refused) in [(5000, true), (100_000, false)] {
        let before = watched(server, pair).await;
        let mut socket = client::open_socket(server.addr, LOOPBACK).await.unwrap();
        let frame = json!({"t": "step", "v": v, "step": "x".repeat(size)});
        // The server may close before the whole of a huge frame is written.
        let _ = socket.send(text(&frame)).await;
        match client::receive(&mut socket, WAIT).await {
            Ok(reply) => {
                assert!(refused, "a {size}-byte frame was answered: {reply}");
                assert_eq!(
                    (&reply["t"], &reply["code"]),
                    (&json!("error"), &json!("too-big"))
                );
            }
            Err(closed) => assert!(
                !refused && !closed.starts_with("no frame"),
                "{size}: {closed}"
            ),
        }
        assert!(server.is_running());
        assert_eq!(
            watched(server, pair).await,
            before,
            "a {size}-byte frame changed the game"
        );
    }
}

#[test]
fn every_kind_of_bad_frame_is_refused_and_changes_nothing() {
    let dir = TempDir::new("bad-input");
    let mut server = start(&dir, None, &[]);
    runtime().block_on(async {
        let pair = create_pair(server.addr, LOOPBACK, "scripta", None)
            .await
            .unwrap();
        let (seated, state) = seats([&server, &server], &pair).await;
        let to_act = client::to_act(&state).unwrap();
        let [first, second]: [common::Seat; 2] = seated.try_into().ok().unwrap();
        let (mover, other) = if first.name == to_act {
            (first, second)
        } else {
            (second, first)
        };
        let token = |name: &str| p_token(&pair, name);
        let mover_token = token(&mover.name);
        let (mut m, mut o) = (mover.socket, other.socket);
        let v = state["version"].as_u64().unwrap();
        let s = &mut server;
        let p = &pair;
        let error = |code| ("error", code);
        let refusal = |code| ("refused", code);

        refused(
            s,
            p,
            &mut m,
            "not JSON",
            Message::text("{\"t\":"),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "JSON but no object",
            Message::text("[1,2]"),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "no tag",
            text(&json!({"v": v})),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "unknown tag",
            text(&json!({"t": "fly", "v": v})),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "unknown field",
            text(&json!({"t": "throw", "v": v, "dice": "666"})),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "v as text",
            text(&json!({"t": "throw", "v": v.to_string()})),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "negative v",
            text(&json!({"t": "throw", "v": -1})),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "v past 2^64",
            Message::text("{\"t\":\"throw\",\"v\":18446744073709551616}"),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "missing step",
            text(&json!({"t": "step", "v": v})),
            error("bad-frame"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "step as a number",
            text(&json!({"t": "step", "v": v, "step": 12})),
            error("bad-frame"),
        )
        .await;
        oversized(s, p, v).await;
        refused(
            s,
            p,
            &mut m,
            "binary",
            Message::binary(b"{\"t\":\"ping\"}".to_vec()),
            error("not-text"),
        )
        .await;

        // A fresh socket that has said no hello may not act.
        let mut fresh = client::open_socket(s.addr, LOOPBACK).await.unwrap();
        refused(
            s,
            p,
            &mut fresh,
            "before hello",
            text(&json!({"t": "throw", "v": v})),
            refusal("not-joined"),
        )
        .await;
        let forged = forge(&mover_token);
        refused(
            s,
            p,
            &mut fresh,
            "forged token",
            text(&json!({"t": "hello", "game": p.id, "token": forged})),
            refusal("bad-token"),
        )
        .await;
        refused(
            s,
            p,
            &mut fresh,
            "made-up token",
            text(&json!({"t": "hello", "game": p.id, "token": "A".repeat(43)})),
            refusal("bad-token"),
        )
        .await;
        refused(
            s,
            p,
            &mut fresh,
            "an unknown game",
            text(&json!({"t": "hello", "game": "aaaaaaaaaa", "token": p.seats[0].1})),
            refusal("unknown-game"),
        )
        .await;
        refused(
            s,
            p,
            &mut fresh,
            "still not joined",
            text(&json!({"t": "throw", "v": v})),
            refusal("not-joined"),
        )
        .await;

        // The seats themselves.
        refused(
            s,
            p,
            &mut o,
            "out of turn",
            text(&json!({"t": "throw", "v": v})),
            refusal("not-your-turn"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "stale v",
            text(&json!({"t": "throw", "v": v + 3})),
            refusal("stale"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "step before the throw",
            text(&json!({"t": "step", "v": v, "step": "in/1"})),
            refusal("not-thrown"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "confirm before the throw",
            text(&json!({"t": "confirm", "v": v})),
            refusal("not-thrown"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "undo of nothing",
            text(&json!({"t": "undo", "v": v})),
            refusal("nothing-to-undo"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "claim with the other here",
            text(&json!({"t": "claim", "v": v})),
            refusal("not-away"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "a Latrunculi move",
            text(&json!({"t": "move", "v": v, "move": "a1"})),
            refusal("illegal"),
        )
        .await;

        let mut watcher = client::open_socket(s.addr, LOOPBACK).await.unwrap();
        send(
            &mut watcher,
            &json!({"t": "hello", "game": p.id, "watch": p.watch}),
        )
        .await
        .unwrap();
        assert_eq!(
            client::receive(&mut watcher, WAIT).await.unwrap()["seat"],
            "watch"
        );
        refused(
            s,
            p,
            &mut watcher,
            "watcher throwing",
            text(&json!({"t": "throw", "v": v})),
            refusal("watching"),
        )
        .await;
        refused(
            s,
            p,
            &mut watcher,
            "watcher abandoning",
            text(&json!({"t": "abandon", "v": v})),
            refusal("watching"),
        )
        .await;

        // A real throw, then its replay, which must not act twice.
        let throw = json!({"t": "throw", "v": v});
        send(&mut m, &throw).await.unwrap();
        let thrown = next_state(&mut m).await;
        next_state(&mut o).await;
        let v = thrown["state"]["version"].as_u64().unwrap();
        assert_eq!(v, state["version"].as_u64().unwrap() + 1);
        refused(
            s,
            p,
            &mut m,
            "replayed throw",
            text(&throw),
            refusal("stale"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "second throw",
            text(&json!({"t": "throw", "v": v})),
            refusal("already-thrown"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "nonsense step",
            text(&json!({"t": "step", "v": v, "step": "zz/99"})),
            refusal("illegal"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "step past the board",
            text(&json!({"t": "step", "v": v, "step": "in/40"})),
            refusal("illegal"),
        )
        .await;
        refused(
            s,
            p,
            &mut o,
            "other seat stepping",
            text(&json!({"t": "confirm", "v": v})),
            refusal("not-your-turn"),
        )
        .await;
        let steps = client::random_action(
            &thrown["state"],
            &mover.name,
            &mut ludi_core::rng::Rng::new(1),
        );
        if steps.is_some_and(|f| f["t"] == "step") {
            refused(
                s,
                p,
                &mut m,
                "confirm with moves left",
                text(&json!({"t": "confirm", "v": v})),
                refusal("turn-not-over"),
            )
            .await;
        }

        // The end: the mover gives up; nothing acts after it.
        send(&mut m, &json!({"t": "abandon", "v": v}))
            .await
            .unwrap();
        let over = next_state(&mut m).await;
        assert_eq!(over["state"]["status"], "over", "{over}");
        assert_eq!(over["state"]["end"], "abandoned", "{over}");
        assert_eq!(over["state"]["winner"], other.name.as_str(), "{over}");
        next_state(&mut o).await;
        let v = v + 1;
        refused(
            s,
            p,
            &mut o,
            "throw after the end",
            text(&json!({"t": "throw", "v": v})),
            refusal("game-over"),
        )
        .await;
        refused(
            s,
            p,
            &mut o,
            "abandon after the end",
            text(&json!({"t": "abandon", "v": v})),
            refusal("game-over"),
        )
        .await;
        refused(
            s,
            p,
            &mut m,
            "claim after the end",
            text(&json!({"t": "claim", "v": v})),
            refusal("game-over"),
        )
        .await;

        // HTTP: the invite is single-use; bad bodies are refused.
        let join = json!({"code": "x", "name": "Third"});
        let (status, _) = http(
            s.addr,
            LOOPBACK,
            "POST",
            &format!("/api/games/{}/join", p.id),
            Some(&join),
            None,
        )
        .await
        .unwrap();
        assert!((400..500).contains(&status), "a made-up invite: {status}");
        let fresh_pair = create_pair(s.addr, LOOPBACK, "latrunculi", None)
            .await
            .unwrap();
        let invite_page = http(s.addr, LOOPBACK, "GET", "/api/games/x/invite/y", None, None)
            .await
            .unwrap();
        assert!((400..500).contains(&invite_page.0), "{invite_page:?}");
        for body in [
            json!({"game": "chess", "side": "random", "name": "A"}),
            json!({"game": "scripta", "side": "red", "name": "A"}),
            json!({"game": "scripta", "side": "albi", "name": "   "}),
            json!({"game": "scripta", "side": "albi", "name": "A".repeat(25)}),
            json!({"game": "scripta", "side": "albi", "name": "A", "extra": 1}),
            json!({"game": "scripta", "side": "albi", "name": "A", "rules": "no such rules"}),
        ] {
            let (status, answer) = http(s.addr, LOOPBACK, "POST", "/api/games", Some(&body), None)
                .await
                .unwrap();
            assert_eq!(status, 400, "{body}: {answer}");
            let error: Value = serde_json::from_str(&answer).unwrap();
            assert!(
                error["code"].is_string() && error["message"].is_string(),
                "{answer}"
            );
        }

        // Latrunculi takes no undo online.
        let (lseats, lstate) = seats([&*s, &*s], &fresh_pair).await;
        let lmover = client::to_act(&lstate).unwrap();
        let lv = lstate["version"].as_u64().unwrap();
        let mut lm = lseats
            .into_iter()
            .find(|x| x.name == lmover)
            .unwrap()
            .socket;
        let (status, used) = http(
            s.addr,
            LOOPBACK,
            "POST",
            &format!("/api/games/{}/join", fresh_pair.id),
            Some(&json!({"code": "abc", "name": "Third"})),
            None,
        )
        .await
        .unwrap();
        assert!((400..500).contains(&status), "{used}");
        refused(
            s,
            &fresh_pair,
            &mut lm,
            "undo in Latrunculi",
            text(&json!({"t": "undo", "v": lv})),
            refusal("no-undo"),
        )
        .await;
        refused(
            s,
            &fresh_pair,
            &mut lm,
            "a XII Scripta step in Latrunculi",
            text(&json!({"t": "step", "v": lv, "step": "in/1"})),
            refusal("illegal"),
        )
        .await;
        refused(
            s,
            &fresh_pair,
            &mut lm,
            "an illegal placement",
            text(&json!({"t": "move", "v": lv, "move": "z99"})),
            refusal("illegal"),
        )
        .await;

        // The server is up and answers.
        send(&mut lm, &json!({"t": "ping"})).await.unwrap();
        assert_eq!(client::receive(&mut lm, WAIT).await.unwrap()["t"], "pong");
    });
}

#[test]
fn a_used_invite_a_waiting_game_and_a_bad_origin_are_refused() {
    let dir = TempDir::new("invite");
    let mut server = start(&dir, None, &[]);
    runtime().block_on(async {
        let s = &mut server;
        let made = client::expect_json(
            http(
                s.addr,
                LOOPBACK,
                "POST",
                "/api/games",
                Some(&json!({"game": "scripta", "side": "albi", "name": "Marcus"})),
                None,
            )
            .await
            .unwrap(),
            201,
        )
        .unwrap();
        let id = made["id"].as_str().unwrap();
        let pair = client::Pair {
            id: id.to_string(),
            seats: [
                ("albi".into(), made["token"].as_str().unwrap().into()),
                ("nigri".into(), String::new()),
            ],
            watch: made["watch"].as_str().unwrap().into(),
        };
        // Nobody has joined: the creator must wait.
        let mut host = client::open_socket(s.addr, LOOPBACK).await.unwrap();
        let state = hello(&mut host, id, &pair.seats[0].1).await.unwrap();
        assert_eq!(state["status"], "waiting");
        refused(
            s,
            &pair,
            &mut host,
            "acting alone",
            text(&json!({"t": "throw", "v": 0})),
            ("refused", "waiting"),
        )
        .await;

        let join = json!({"code": made["invite"], "name": "Julia"});
        let path = format!("/api/games/{id}/join");
        let first = http(s.addr, LOOPBACK, "POST", &path, Some(&join), None)
            .await
            .unwrap();
        assert_eq!(first.0, 200, "{first:?}");
        let before = watched(s, &pair).await;
        let second = http(s.addr, LOOPBACK, "POST", &path, Some(&join), None)
            .await
            .unwrap();
        assert_eq!(second.0, 409, "{second:?}");
        let error: Value = serde_json::from_str(&second.1).unwrap();
        assert_eq!(error["code"], "invite-used");
        let invite = client::expect_json(
            http(
                s.addr,
                LOOPBACK,
                "GET",
                &format!(
                    "/api/games/{id}/invite/{}",
                    made["invite"].as_str().unwrap()
                ),
                None,
                None,
            )
            .await
            .unwrap(),
            200,
        )
        .unwrap();
        assert_eq!(invite["open"], false);

        // A page elsewhere may not open a socket.
        let upgrade = client::open_socket_from(s.addr, LOOPBACK, "https://evil.example").await;
        assert!(upgrade.is_err(), "a foreign origin was let in");
        // A record is only for the players.
        let record = http(
            s.addr,
            LOOPBACK,
            "GET",
            &format!("/api/games/{id}/record"),
            None,
            Some("not-a-token"),
        )
        .await
        .unwrap();
        assert!((400..500).contains(&record.0), "{record:?}");
        assert!(s.is_running());
        assert_eq!(watched(s, &pair).await, before);
    });
}

#[test]
fn a_flood_of_frames_is_rate_limited_and_the_game_is_unchanged() {
    let dir = TempDir::new("flood");
    let mut server = start(&dir, None, &[]);
    runtime().block_on(async {
        let pair = create_pair(server.addr, LOOPBACK, "scripta", None)
            .await
            .unwrap();
        let (mut seated, _) = seats([&server, &server], &pair).await;
        let before = watched(&server, &pair).await;
        let socket = &mut seated[0].socket;
        for _ in 0..100 {
            send(socket, &json!({"t": "ping"})).await.unwrap();
        }
        let mut limited = false;
        while let Ok(frame) = client::receive(socket, std::time::Duration::from_secs(2)).await {
            limited |= frame["t"] == "refused" && frame["code"] == "rate-limited";
        }
        assert!(limited, "100 frames at once were all answered");
        assert!(server.is_running());
        assert_eq!(watched(&server, &pair).await, before);
    });
}
