//! SQLite in one file: the embedded default. WAL with `synchronous=NORMAL`: a commit is in
//! the log before it returns, so a killed process loses nothing; only a power cut can lose
//! the last commits (docs/online.md).

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::Sqlite;
use std::path::Path;

type Pool = sqlx::SqlitePool;

/// The database file under `--data`.
pub const FILE: &str = "ludi.sqlite";

pub async fn open(data: &Path) -> Result<Pool, String> {
    std::fs::create_dir_all(data)
        .map_err(|e| format!("cannot create the data folder {}: {e}", data.display()))?;
    let options = SqliteConnectOptions::new()
        .filename(data.join(FILE))
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(4)
        .connect_with(options)
        .await
        .map_err(|e| format!("cannot open {}: {e}", data.join(FILE).display()))?;
    super::migrate::run(super::migrate::MIGRATIONS, &pool).await?;
    Ok(pool)
}

/// SQLite has one process: nobody to tell.
async fn notify_in(_: &mut sqlx::Transaction<'_, Sqlite>, _: &str) -> Result<(), String> {
    Ok(())
}

super::queries!();
