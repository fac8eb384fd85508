//! Whole games through the real server at full speed: a XII Scripta game and a Latrunculi
//! game of random legal moves, each action checked by the server and seen by both seats and
//! a watcher; the finished game's record downloads for both players and replays to its end.

mod common;

use common::client::{self, create_pair, hello, http};
use common::{play, runtime, seats, start, TempDir, FAST, LOOPBACK};
use ludi_core::rng::Rng;
use ludi_core::{latrunculi, scripta};

fn whole_game(game: &str, rules: Option<&str>, seed: u64) {
    let dir = TempDir::new(game);
    let server = start(&dir, None, &FAST);
    runtime().block_on(async {
        let pair = create_pair(server.addr, LOOPBACK, game, rules)
            .await
            .unwrap();
        let (mut seats, state) = seats([&server, &server], &pair).await;
        let mut watcher = client::open_socket(server.addr, LOOPBACK).await.unwrap();
        client::send(
            &mut watcher,
            &serde_json::json!({"t": "hello", "game": pair.id, "watch": pair.watch}),
        )
        .await
        .unwrap();
        let welcome = client::receive(&mut watcher, common::WAIT).await.unwrap();
        assert_eq!(welcome["seat"], "watch", "{welcome}");
        let end = play(&mut seats, &mut [watcher], state, None, &mut Rng::new(seed)).await;
        assert_eq!(end["status"], "over", "{end}");
        // A Latrunculi game may also end drawn, with no winner.
        let winner = end["winner"].as_str().unwrap_or("draw");
        for (_, token) in &pair.seats {
            let (status, record) = http(
                server.addr,
                LOOPBACK,
                "GET",
                &format!("/api/games/{}/record", pair.id),
                None,
                Some(token),
            )
            .await
            .unwrap();
            assert_eq!(status, 200, "{record}");
            let replays_to_the_winner = match game {
                "scripta" => {
                    let record: scripta::Record = record.parse().unwrap();
                    let saved: scripta::SavedGame =
                        serde_json::from_value(end["save"].clone()).unwrap();
                    let live = scripta::Game::restore(&saved).unwrap();
                    assert_eq!(record.replay().unwrap(), live.table().without_dice());
                    live.winner().map(|s| s.name()) == Some(winner)
                }
                _ => {
                    let record: latrunculi::Record = record.parse().unwrap();
                    let saved: latrunculi::SavedGame =
                        serde_json::from_value(end["save"].clone()).unwrap();
                    let live = latrunculi::Game::restore(&saved).unwrap();
                    assert_eq!(&record.replay().unwrap(), live.position());
                    live.outcome().map(|o| o.name()) == Some(winner)
                }
            };
            assert!(replays_to_the_winner, "{record}");
        }
        // The finished game still welcomes its seats, as it ended.
        let mut again = client::open_socket(server.addr, LOOPBACK).await.unwrap();
        let state = hello(&mut again, &pair.id, &pair.seats[0].1).await.unwrap();
        assert_eq!(common::game_part(&state), common::game_part(&end));
    });
}

#[test]
fn a_whole_xii_scripta_game() {
    whole_game("scripta", None, 12);
}

#[test]
fn a_whole_latrunculi_game() {
    whole_game("latrunculi", None, 7);
}
