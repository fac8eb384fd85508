//! `ludi-server`: the whole deployment in one process (see `ludi-server --help` and
//! docs/online.md).

use ludi_server::{Config, Server};
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("ludi-server: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: &[String]) -> Result<(), String> {
    let config = Config::from_args(args)?;
    let site = config.site.clone();
    let store = match &config.database_url {
        Some(_) => "PostgreSQL (DATABASE_URL)".to_string(),
        None => config
            .data
            .join(ludi_server::store::SQLITE_FILE)
            .display()
            .to_string(),
    };
    let server = Server::bind(config).await?;
    let site = site.map_or("no site".into(), |s| format!("site {}", s.display()));
    println!(
        "ludi-server: listening on http://{}/ ({site}; games in {store})",
        server.addr()?
    );
    server.run(stopped()).await
}

/// Completes on ctrl-c or SIGTERM.
async fn stopped() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
