//! Storage: SQLite in a file by default, PostgreSQL when `DATABASE_URL` names one. Both
//! hold the same tables (migrations in `crates/server/migrations/`) and run the same SQL
//! (`queries!`); PostgreSQL also tells the other processes of each new action.

mod migrate;
pub mod postgres;
pub mod sqlite;
pub mod writer;

pub use postgres::CHANNEL;
pub use sqlite::FILE as SQLITE_FILE;

use std::path::Path;

/// A game as created: its first seat taken, the other waiting for the invite.
pub struct NewGame {
    pub id: String,
    pub kind: String,
    pub rules: String,
    pub seed: u64,
    pub watch: String,
    pub created: i64,
    pub seat: String,
    pub token_hash: String,
    pub name: String,
    pub free_seat: String,
    pub invite: String,
}

/// A seat as stored: no token or name until someone holds it, and none for a seat the
/// computer plays.
#[derive(Clone, Debug)]
pub struct SeatRow {
    pub seat: String,
    pub token_hash: Option<String>,
    pub name: Option<String>,
    /// The computer's level, for a seat it plays.
    pub computer: Option<String>,
}

/// One accepted action, `version` from 1; `ending` is written with the action that ends
/// the game.
#[derive(Clone, Debug)]
pub struct ActionRow {
    pub game: String,
    pub version: i64,
    pub seat: String,
    pub action: String,
    pub at: i64,
    pub ending: Option<Ending>,
}

/// A game's end as the games table keeps it.
#[derive(Clone, Debug)]
pub struct Ending {
    pub winner: Option<String>,
    pub ending: String,
}

/// Everything that rebuilds a game.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: String,
    pub kind: String,
    pub rules: String,
    pub seed: String,
    pub watch: String,
    pub seats: Vec<SeatRow>,
    pub actions: Vec<ActionRow>,
    /// The game belongs to a class its teacher has paused.
    pub paused: bool,
}

/// A class as created: the teacher holds the key, the table only its hash.
pub struct NewClass {
    pub id: String,
    pub code: String,
    pub kind: String,
    pub rules: String,
    pub key_hash: String,
    pub created: i64,
}

/// A class as stored; `status` is `open`, `playing`, `paused` or `ended`.
#[derive(Clone, Debug)]
pub struct ClassRow {
    pub id: String,
    pub code: String,
    pub kind: String,
    pub rules: String,
    pub key_hash: String,
    pub created: i64,
    pub status: String,
}

/// A pupil of a class, numbered by arrival from 1; `game` and `seat` once paired.
#[derive(Clone, Debug)]
pub struct PupilRow {
    pub number: i64,
    pub name: String,
    pub token_hash: String,
    pub game: Option<String>,
    pub seat: Option<String>,
}

/// A game the teacher pairs two waiting pupils into: each pupil's token holds its seat.
pub struct PairedGame {
    pub id: String,
    pub kind: String,
    pub rules: String,
    pub seed: u64,
    pub watch: String,
    pub created: i64,
    pub class: String,
    /// Each seat's name and who takes it.
    pub seats: [(String, Taker); 2],
}

/// Who takes a seat of a paired game.
pub enum Taker {
    /// The pupil of this number.
    Pupil(i64),
    /// The computer, at this level.
    Computer(String),
}

/// An invite as the friend's first screen shows it.
pub struct Invite {
    pub seat: String,
    pub used: bool,
}

/// The database.
pub enum Db {
    Sqlite(sqlx::SqlitePool),
    Postgres(sqlx::PgPool),
}

/// Calls the function `$f` of whichever database this is, with its pool first.
macro_rules! either {
    ($db:expr, $f:ident($($arg:expr),*)) => {
        match $db {
            Db::Sqlite(pool) => sqlite::$f(pool, $($arg),*).await,
            Db::Postgres(pool) => postgres::$f(pool, $($arg),*).await,
        }
    };
}

impl Db {
    /// Opens (and migrates) PostgreSQL at `url`, else SQLite in `data/ludi.sqlite`.
    pub async fn open(url: Option<&str>, data: &Path) -> Result<Db, String> {
        match url {
            Some(url) => postgres::open(url).await.map(Db::Postgres),
            None => sqlite::open(data).await.map(Db::Sqlite),
        }
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Db::Postgres(_))
    }

    pub async fn create(&self, game: &NewGame) -> Result<(), String> {
        either!(self, create(game))
    }

    /// Takes the invite `code` of `game` for a new seat holder; `None` when the code is
    /// used or unknown.
    pub async fn join(
        &self,
        game: &str,
        code: &str,
        token_hash: &str,
        name: &str,
    ) -> Result<Option<String>, String> {
        either!(self, join(game, code, token_hash, name))
    }

    pub async fn invite(&self, game: &str, code: &str) -> Result<Option<Invite>, String> {
        either!(self, invite(game, code))
    }

    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, String> {
        either!(self, load(id))
    }

    pub async fn seats(&self, id: &str) -> Result<Vec<SeatRow>, String> {
        either!(self, seats(id))
    }

    /// The actions of `id` after `version`.
    pub async fn actions_after(&self, id: &str, version: i64) -> Result<Vec<ActionRow>, String> {
        either!(self, actions_after(id, version))
    }

    /// Writes a batch of actions in one transaction: for each, whether it was written
    /// (false: another writer already wrote that version).
    pub async fn append(&self, rows: &[&ActionRow]) -> Result<Vec<bool>, String> {
        either!(self, append(rows))
    }

    pub async fn create_class(&self, class: &NewClass) -> Result<(), String> {
        either!(self, create_class(class))
    }

    pub async fn class(&self, id: &str) -> Result<Option<ClassRow>, String> {
        either!(self, class(id))
    }

    /// The newest class with `code` created after `since` (ms) and not ended.
    pub async fn live_class(&self, code: &str, since: i64) -> Result<Option<ClassRow>, String> {
        either!(self, live_class(code, since))
    }

    /// Adds a pupil as the class's next number; `None` when it has `max` pupils already.
    pub async fn join_class(
        &self,
        class: &str,
        name: &str,
        token_hash: &str,
        max: i64,
    ) -> Result<Option<i64>, String> {
        // Two joins at once may both pick the next number; the loser tries the one after.
        for _ in 0..8 {
            if let Some(number) = either!(self, add_pupil(class, name, token_hash, max))? {
                return Ok(Some(number));
            }
            if self.pupils(class).await?.len() >= usize::try_from(max).unwrap_or(0) {
                return Ok(None);
            }
        }
        Err("too many pupils joined at once; try again".into())
    }

    pub async fn pupils(&self, class: &str) -> Result<Vec<PupilRow>, String> {
        either!(self, pupils(class))
    }

    pub async fn set_class_status(&self, class: &str, status: &str) -> Result<(), String> {
        either!(self, set_class_status(class, status))
    }

    /// Creates a paired game; false (nothing written) when either pupil is paired already.
    pub async fn pair(&self, game: &PairedGame) -> Result<bool, String> {
        either!(self, pair(game))
    }

    /// Tells the other processes something about a game (PostgreSQL only).
    pub async fn notify(&self, payload: &str) -> Result<(), String> {
        match self {
            Db::Sqlite(_) => Ok(()),
            Db::Postgres(pool) => postgres::notify(pool, payload).await,
        }
    }
}

/// Now, in milliseconds since 1970, as the tables keep times.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn db_error(e: sqlx::Error) -> String {
    format!("database: {e}")
}

/// The SQL both databases run, written once; each module defines `Pool` and `notify_in`.
macro_rules! queries {
    () => {
        use super::{
            db_error, ActionRow, ClassRow, Invite, NewClass, NewGame, PairedGame, PupilRow,
            SeatRow, StoredGame, Taker,
        };

        pub async fn create(pool: &Pool, game: &NewGame) -> Result<(), String> {
            let mut tx = pool.begin().await.map_err(db_error)?;
            sqlx::query(
                "INSERT INTO games (id, game, rules, seed, watch, created, status) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'waiting')",
            )
            .bind(&game.id)
            .bind(&game.kind)
            .bind(&game.rules)
            .bind(game.seed.to_string())
            .bind(&game.watch)
            .bind(game.created)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
            for (seat, hash, name) in [
                (&game.seat, Some(&game.token_hash), Some(&game.name)),
                (&game.free_seat, None, None),
            ] {
                sqlx::query("INSERT INTO seats (game, seat, token_hash, name) VALUES ($1, $2, $3, $4)")
                    .bind(&game.id)
                    .bind(seat)
                    .bind(hash)
                    .bind(name)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_error)?;
            }
            sqlx::query("INSERT INTO invites (code, game, seat) VALUES ($1, $2, $3)")
                .bind(&game.invite)
                .bind(&game.id)
                .bind(&game.free_seat)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            tx.commit().await.map_err(db_error)
        }

        pub async fn join(
            pool: &Pool,
            game: &str,
            code: &str,
            token_hash: &str,
            name: &str,
        ) -> Result<Option<String>, String> {
            let mut tx = pool.begin().await.map_err(db_error)?;
            let seat: Option<(String,)> = sqlx::query_as(
                "UPDATE invites SET used = TRUE WHERE code = $1 AND game = $2 AND used = FALSE \
                 RETURNING seat",
            )
            .bind(code)
            .bind(game)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db_error)?;
            let Some((seat,)) = seat else {
                return Ok(None);
            };
            sqlx::query("UPDATE seats SET token_hash = $1, name = $2 WHERE game = $3 AND seat = $4")
                .bind(token_hash)
                .bind(name)
                .bind(game)
                .bind(&seat)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            sqlx::query("UPDATE games SET status = 'playing' WHERE id = $1 AND status = 'waiting'")
                .bind(game)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            tx.commit().await.map_err(db_error)?;
            Ok(Some(seat))
        }

        pub async fn invite(pool: &Pool, game: &str, code: &str) -> Result<Option<Invite>, String> {
            let row: Option<(String, bool)> =
                sqlx::query_as("SELECT seat, used FROM invites WHERE code = $1 AND game = $2")
                    .bind(code)
                    .bind(game)
                    .fetch_optional(pool)
                    .await
                    .map_err(db_error)?;
            Ok(row.map(|(seat, used)| Invite { seat, used }))
        }

        pub async fn seats(pool: &Pool, id: &str) -> Result<Vec<SeatRow>, String> {
            type Row = (String, Option<String>, Option<String>, Option<String>);
            let rows: Vec<Row> = sqlx::query_as(
                "SELECT seat, token_hash, name, computer FROM seats WHERE game = $1 ORDER BY seat",
            )
            .bind(id)
            .fetch_all(pool)
            .await
            .map_err(db_error)?;
            Ok(rows
                .into_iter()
                .map(|(seat, token_hash, name, computer)| SeatRow {
                    seat,
                    token_hash,
                    name,
                    computer,
                })
                .collect())
        }

        pub async fn actions_after(
            pool: &Pool,
            id: &str,
            version: i64,
        ) -> Result<Vec<ActionRow>, String> {
            let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
                "SELECT version, seat, action, at FROM actions \
                 WHERE game = $1 AND version > $2 ORDER BY version",
            )
            .bind(id)
            .bind(version)
            .fetch_all(pool)
            .await
            .map_err(db_error)?;
            Ok(rows
                .into_iter()
                .map(|(version, seat, action, at)| ActionRow {
                    game: id.to_string(),
                    version,
                    seat,
                    action,
                    at,
                    ending: None,
                })
                .collect())
        }

        pub async fn load(pool: &Pool, id: &str) -> Result<Option<StoredGame>, String> {
            let row: Option<(String, String, String, String, Option<String>)> = sqlx::query_as(
                "SELECT g.game, g.rules, g.seed, g.watch, c.status FROM games g \
                 LEFT JOIN classes c ON c.id = g.class WHERE g.id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await
            .map_err(db_error)?;
            let Some((kind, rules, seed, watch, class)) = row else {
                return Ok(None);
            };
            Ok(Some(StoredGame {
                id: id.to_string(),
                kind,
                rules,
                seed,
                watch,
                seats: seats(pool, id).await?,
                actions: actions_after(pool, id, 0).await?,
                paused: class.as_deref() == Some("paused"),
            }))
        }

        pub async fn create_class(pool: &Pool, class: &NewClass) -> Result<(), String> {
            sqlx::query(
                "INSERT INTO classes (id, code, game, rules, key_hash, created, status) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'open')",
            )
            .bind(&class.id)
            .bind(&class.code)
            .bind(&class.kind)
            .bind(&class.rules)
            .bind(&class.key_hash)
            .bind(class.created)
            .execute(pool)
            .await
            .map(drop)
            .map_err(db_error)
        }

        type ClassTuple = (String, String, String, String, String, i64, String);

        fn class_row((id, code, kind, rules, key_hash, created, status): ClassTuple) -> ClassRow {
            ClassRow { id, code, kind, rules, key_hash, created, status }
        }

        /// The class that `condition` (on `$1`, `$2`) picks, the newest first.
        async fn class_where(
            pool: &Pool,
            condition: &str,
            first: &str,
            second: i64,
        ) -> Result<Option<ClassRow>, String> {
            let sql = format!(
                "SELECT id, code, game, rules, key_hash, created, status FROM classes \
                 WHERE {condition} ORDER BY created DESC LIMIT 1"
            );
            let row: Option<ClassTuple> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                .bind(first)
                .bind(second)
                .fetch_optional(pool)
                .await
                .map_err(db_error)?;
            Ok(row.map(class_row))
        }

        pub async fn class(pool: &Pool, id: &str) -> Result<Option<ClassRow>, String> {
            class_where(pool, "id = $1 AND created >= $2", id, i64::MIN).await
        }

        pub async fn live_class(
            pool: &Pool,
            code: &str,
            since: i64,
        ) -> Result<Option<ClassRow>, String> {
            class_where(pool, "code = $1 AND created > $2 AND status <> 'ended'", code, since).await
        }

        /// One statement, so that the count and the number are read as the row goes in.
        pub async fn add_pupil(
            pool: &Pool,
            class: &str,
            name: &str,
            token_hash: &str,
            max: i64,
        ) -> Result<Option<i64>, String> {
            let row: Option<(i64,)> = sqlx::query_as(
                "INSERT INTO pupils (class, number, name, token_hash) \
                 SELECT $1, COALESCE(MAX(number), 0) + 1, $2, $3 FROM pupils WHERE class = $1 \
                 HAVING COUNT(*) < $4 ON CONFLICT DO NOTHING RETURNING number",
            )
            .bind(class)
            .bind(name)
            .bind(token_hash)
            .bind(max)
            .fetch_optional(pool)
            .await
            .map_err(db_error)?;
            Ok(row.map(|(number,)| number))
        }

        pub async fn pupils(pool: &Pool, class: &str) -> Result<Vec<PupilRow>, String> {
            let rows: Vec<(i64, String, String, Option<String>, Option<String>)> =
                sqlx::query_as(
                    "SELECT number, name, token_hash, game, seat FROM pupils \
                     WHERE class = $1 ORDER BY number",
                )
                .bind(class)
                .fetch_all(pool)
                .await
                .map_err(db_error)?;
            Ok(rows
                .into_iter()
                .map(|(number, name, token_hash, game, seat)| PupilRow {
                    number,
                    name,
                    token_hash,
                    game,
                    seat,
                })
                .collect())
        }

        pub async fn set_class_status(pool: &Pool, class: &str, status: &str) -> Result<(), String> {
            sqlx::query("UPDATE classes SET status = $1 WHERE id = $2")
                .bind(status)
                .bind(class)
                .execute(pool)
                .await
                .map(drop)
                .map_err(db_error)
        }

        pub async fn pair(pool: &Pool, game: &PairedGame) -> Result<bool, String> {
            let mut tx = pool.begin().await.map_err(db_error)?;
            sqlx::query(
                "INSERT INTO games (id, game, rules, seed, watch, created, status, class) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'playing', $7)",
            )
            .bind(&game.id)
            .bind(&game.kind)
            .bind(&game.rules)
            .bind(game.seed.to_string())
            .bind(&game.watch)
            .bind(game.created)
            .bind(&game.class)
            .execute(&mut *tx)
            .await
            .map_err(db_error)?;
            for (seat, taker) in &game.seats {
                let number = match taker {
                    Taker::Pupil(number) => number,
                    Taker::Computer(level) => {
                        sqlx::query("INSERT INTO seats (game, seat, computer) VALUES ($1, $2, $3)")
                            .bind(&game.id)
                            .bind(seat)
                            .bind(level)
                            .execute(&mut *tx)
                            .await
                            .map_err(db_error)?;
                        continue;
                    }
                };
                let taken = sqlx::query(
                    "UPDATE pupils SET game = $1, seat = $2 \
                     WHERE class = $3 AND number = $4 AND game IS NULL",
                )
                .bind(&game.id)
                .bind(seat)
                .bind(&game.class)
                .bind(number)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?
                .rows_affected();
                if taken != 1 {
                    // Dropping the transaction rolls the game back.
                    return Ok(false);
                }
                sqlx::query(
                    "INSERT INTO seats (game, seat, token_hash, name) \
                     SELECT $1, $2, token_hash, name FROM pupils WHERE class = $3 AND number = $4",
                )
                .bind(&game.id)
                .bind(seat)
                .bind(&game.class)
                .bind(number)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?;
            }
            tx.commit().await.map_err(db_error)?;
            Ok(true)
        }

        pub async fn append(pool: &Pool, rows: &[&ActionRow]) -> Result<Vec<bool>, String> {
            let mut tx = pool.begin().await.map_err(db_error)?;
            let mut written = Vec::with_capacity(rows.len());
            for row in rows {
                let done = sqlx::query(
                    "INSERT INTO actions (game, version, seat, action, at) \
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                )
                .bind(&row.game)
                .bind(row.version)
                .bind(&row.seat)
                .bind(&row.action)
                .bind(row.at)
                .execute(&mut *tx)
                .await
                .map_err(db_error)?
                .rows_affected()
                    == 1;
                if done {
                    if let Some(end) = &row.ending {
                        sqlx::query(
                            "UPDATE games SET status = 'over', winner = $1, ending = $2 WHERE id = $3",
                        )
                        .bind(&end.winner)
                        .bind(&end.ending)
                        .bind(&row.game)
                        .execute(&mut *tx)
                        .await
                        .map_err(db_error)?;
                    }
                    notify_in(&mut tx, &format!("{}:{}", row.game, row.version)).await?;
                }
                written.push(done);
            }
            tx.commit().await.map_err(db_error)?;
            Ok(written)
        }
    };
}
use queries;
