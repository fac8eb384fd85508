//! The migrations in `crates/server/migrations/`, built into the binary so a deployment is
//! one file; sqlx records which have run. Both databases take the same SQL (the store's
//! queries are written for both); a migration one of them needs alone would get its own list.

use sqlx::migrate::{Migrate, Migration, MigrationType, Migrator};
use sqlx::{Acquire, Database, SqlSafeStr};

/// Each migration: its version, description and SQL.
type Migrations = &'static [(i64, &'static str, &'static str)];

pub const MIGRATIONS: Migrations = &[
    (1, "games", include_str!("../../migrations/0001_games.sql")),
    (
        2,
        "classes",
        include_str!("../../migrations/0002_classes.sql"),
    ),
    (
        3,
        "computer",
        include_str!("../../migrations/0003_computer.sql"),
    ),
];

pub async fn run<'a, A>(migrations: Migrations, pool: A) -> Result<(), String>
where
    A: Acquire<'a>,
    <A::Connection as std::ops::Deref>::Target: Migrate,
    A::Database: Database,
{
    let list = migrations
        .iter()
        .map(|&(version, description, sql)| {
            Migration::new(
                version,
                description.into(),
                MigrationType::Simple,
                sql.into_sql_str(),
                false,
            )
        })
        .collect();
    Migrator::with_migrations(list)
        .run(pool)
        .await
        .map_err(|e| format!("cannot migrate the database: {e}"))
}
