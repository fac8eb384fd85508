//! PostgreSQL, for several processes on one database: each new action is announced with
//! `NOTIFY ludi_actions, '<game>:<version>'` (sent when its transaction commits) and every
//! process LISTENs (see `hub.rs`).

use sqlx::postgres::PgPoolOptions;
use sqlx::Postgres;

type Pool = sqlx::PgPool;

/// The channel every process listens on.
pub const CHANNEL: &str = "ludi_actions";

pub async fn open(url: &str) -> Result<Pool, String> {
    let pool = PgPoolOptions::new()
        .max_connections(8)
        .connect(url)
        .await
        .map_err(|e| format!("cannot connect to PostgreSQL: {e}"))?;
    super::migrate::run(super::migrate::MIGRATIONS, &pool).await?;
    Ok(pool)
}

/// Queues a notification that PostgreSQL delivers when the transaction commits.
async fn notify_in(tx: &mut sqlx::Transaction<'_, Postgres>, payload: &str) -> Result<(), String> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(&mut **tx)
        .await
        .map(drop)
        .map_err(db_error)
}

pub async fn notify(pool: &Pool, payload: &str) -> Result<(), String> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(payload)
        .execute(pool)
        .await
        .map(drop)
        .map_err(db_error)
}

super::queries!();
