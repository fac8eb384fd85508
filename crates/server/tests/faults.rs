//! Faults: the server killed hard (SIGKILL) mid-game and started again on the same data
//! loses nothing that it acknowledged: both seats reconnect and the game goes on from the last
//! acknowledged action, under SQLite and under PostgreSQL. And two server processes sharing
//! one PostgreSQL database carry a whole game between a player on each.

mod common;

use common::client::{self, create_pair, hello};
use common::{
    database_name, databases, game_part, play, postgres, runtime, seats, start, start_on, Seat,
    TempDir, FAST, LOOPBACK, WAIT,
};
use ludi_core::rng::Rng;
use std::time::Instant;

/// Opens a seat's socket again and again until the restarted server answers.
async fn reconnect(
    server: &client::Server,
    game: &str,
    seat: &str,
    token: &str,
) -> (Seat, serde_json::Value) {
    let deadline = Instant::now() + WAIT;
    loop {
        match client::open_socket(server.addr, LOOPBACK).await {
            Ok(mut socket) => {
                let state = hello(&mut socket, game, token).await.unwrap();
                return (
                    Seat {
                        name: seat.to_string(),
                        socket,
                    },
                    state,
                );
            }
            Err(e) => {
                assert!(Instant::now() < deadline, "no reconnection: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    }
}

#[test]
fn a_game_survives_sigkill() {
    for database in databases() {
        let name = database_name(&database);
        for game in ["scripta", "latrunculi"] {
            let dir = TempDir::new("sigkill");
            let port = client::free_port();
            let mut server = start_on(port, &dir, database.as_deref(), &FAST);
            let mut rng = Rng::new(27);
            runtime().block_on(async {
                let pair = create_pair(server.addr, LOOPBACK, game, None)
                    .await
                    .unwrap();
                let (mut seated, state) = seats([&server, &server], &pair).await;
                let acknowledged = play(&mut seated, &mut [], state, Some(25), &mut rng).await;
                assert_eq!(acknowledged["version"], 25, "{name} {game}: {acknowledged}");
                server.kill();
                assert!(!server.is_running());
                // The seats see their sockets drop, as a phone sees the network go.
                for seat in &mut seated {
                    assert!(client::receive(&mut seat.socket, WAIT).await.is_err());
                }
                server = start_on(port, &dir, database.as_deref(), &FAST);
                let mut back = Vec::new();
                for (seat, token) in &pair.seats {
                    let (socket, state) = reconnect(&server, &pair.id, seat, token).await;
                    assert_eq!(
                        game_part(&state),
                        game_part(&acknowledged),
                        "{name} {game}: the restarted server lost or changed an action"
                    );
                    back.push(socket);
                }
                let later =
                    play(&mut back, &mut [], acknowledged.clone(), Some(20), &mut rng).await;
                assert_eq!(later["version"], 45, "{name} {game}: {later}");
            });
        }
    }
}

#[test]
fn two_servers_on_one_postgresql_play_a_whole_game() {
    let Some(url) = postgres() else {
        return;
    };
    for game in ["scripta", "latrunculi"] {
        let dirs = [TempDir::new("cluster-a"), TempDir::new("cluster-b")];
        let one = start(&dirs[0], Some(&url), &FAST);
        let two = start(&dirs[1], Some(&url), &FAST);
        runtime().block_on(async {
            let pair = create_pair(one.addr, LOOPBACK, game, None).await.unwrap();
            let (mut seated, state) = seats([&one, &two], &pair).await;
            let end = play(&mut seated, &mut [], state, None, &mut Rng::new(5)).await;
            assert_eq!(end["status"], "over", "{game}: {end}");
            // Either process tells a newcomer the same finished game.
            for server in [&one, &two] {
                let mut socket = client::open_socket(server.addr, LOOPBACK).await.unwrap();
                let state = hello(&mut socket, &pair.id, &pair.seats[1].1)
                    .await
                    .unwrap();
                assert_eq!(game_part(&state), game_part(&end), "{game}");
            }
        });
    }
}
