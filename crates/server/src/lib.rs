//! The Ludi Romani game server (docs/online.md): online play over WebSockets, with every
//! rule from `ludi-core`, games kept in SQLite or PostgreSQL, and the built site.

pub mod class;
pub mod config;
mod http;
mod hub;
pub mod ids;
pub mod limits;
pub mod play;
pub mod precache;
pub mod protocol;
pub mod room;
pub mod site;
pub mod store;
mod ws;

#[cfg(test)]
mod tests;

pub use config::Config;
use hub::Hub;
use limits::Addresses;
use std::net::SocketAddr;
use std::sync::Arc;
use store::Db;
use tokio::net::TcpListener;

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    hub: Arc<Hub>,
    addresses: Arc<Addresses>,
}

/// The whole service: the API, the socket and (when configured) the site.
fn router(state: AppState, site: Option<std::path::PathBuf>) -> axum::Router {
    let api = http::router()
        .layer(axum::extract::DefaultBodyLimit::max(http::MAX_BODY))
        .route("/ws", axum::routing::get(ws::upgrade))
        .with_state(state);
    let app = match site {
        Some(root) => api.merge(site::router(root)),
        None => api,
    };
    app.layer(axum::middleware::from_fn(site::deployment_headers))
}

/// A server ready to accept connections.
pub struct Server {
    listener: TcpListener,
    app: axum::Router,
}

impl Server {
    /// Opens the database (migrating it) and binds the listening socket.
    pub async fn bind(config: Config) -> Result<Server, String> {
        let db = Db::open(config.database_url.as_deref(), &config.data).await?;
        let listener = TcpListener::bind((config.bind, config.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", config.bind, config.port))?;
        let site = config.site.clone();
        let hub = Hub::new(db, config);
        if hub.db.is_postgres() {
            tokio::spawn(listen(hub.clone()));
        }
        tokio::spawn(sweep(hub.clone()));
        let state = AppState {
            hub,
            addresses: Arc::new(Addresses::default()),
        };
        Ok(Server {
            listener,
            app: router(state, site),
        })
    }

    pub fn addr(&self) -> Result<SocketAddr, String> {
        self.listener
            .local_addr()
            .map_err(|e| format!("cannot read the server's address: {e}"))
    }

    /// Serves until `stop` completes.
    pub async fn run(
        self,
        stop: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), String> {
        let app = self.app.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, app)
            .with_graceful_shutdown(stop)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    }
}

/// How often idle rooms are forgotten.
const SWEEP: std::time::Duration = std::time::Duration::from_secs(60);

async fn sweep(hub: Arc<Hub>) {
    let mut every = tokio::time::interval(SWEEP);
    loop {
        every.tick().await;
        hub.sweep();
    }
}

/// Forwards other processes' notifications to the hub, reconnecting when the listener drops.
async fn listen(hub: Arc<Hub>) {
    loop {
        if let Err(e) = listen_once(&hub).await {
            eprintln!("ludi-server: LISTEN: {e}");
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}

async fn listen_once(hub: &Arc<Hub>) -> Result<(), String> {
    let Db::Postgres(pool) = &*hub.db else {
        return Ok(());
    };
    let mut listener = sqlx::postgres::PgListener::connect_with(pool)
        .await
        .map_err(|e| e.to_string())?;
    listener
        .listen(store::CHANNEL)
        .await
        .map_err(|e| e.to_string())?;
    hub.catch_up_all().await;
    loop {
        let note = listener.recv().await.map_err(|e| e.to_string())?;
        hub.notified(note.payload()).await;
    }
}
