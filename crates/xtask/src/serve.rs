//! Runs the real game server (`ludi-server`, in this process) on 127.0.0.1 for `cargo xtask
//! serve`, the browser tests and Lighthouse: the built site, its headers and online play.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;
use tokio::sync::oneshot;

/// A running server; dropping it stops it.
pub struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    /// A data folder of its own, removed when the server stops.
    scratch: Option<PathBuf>,
}

/// Tells apart the fresh data folders of the servers one run starts.
static STARTED: AtomicUsize = AtomicUsize::new(0);

impl Server {
    /// Serves `site` on 127.0.0.1:`port` (0 picks a free port) with games in a fresh SQLite
    /// database of its own under `target/`.
    pub fn start(port: u16, site: PathBuf) -> Result<Server, String> {
        let n = STARTED.fetch_add(1, Ordering::Relaxed);
        let data = crate::wasm::target_dir()?
            .join("online")
            .join(format!("{}-{n}", std::process::id()));
        if data.exists() {
            std::fs::remove_dir_all(&data)
                .map_err(|e| format!("cannot empty {}: {e}", data.display()))?;
        }
        let mut server = Server::start_with(port, site, data.clone())?;
        server.scratch = Some(data);
        Ok(server)
    }

    /// Serves `site` on 127.0.0.1:`port` with games kept in `data`.
    pub fn start_with(port: u16, site: PathBuf, data: PathBuf) -> Result<Server, String> {
        let config = ludi_server::Config {
            bind: Ipv4Addr::LOCALHOST.into(),
            port,
            data,
            site: Some(site),
            ..ludi_server::Config::default()
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
        let server = runtime.block_on(ludi_server::Server::bind(config))?;
        let addr = server.addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let stopped = async {
                let _ = stopped.await;
            };
            if let Err(e) = runtime.block_on(server.run(stopped)) {
                eprintln!("xtask: {e}");
            }
            runtime.shutdown_background();
        });
        Ok(Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
            scratch: None,
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Blocks for as long as the server runs (until the process is interrupted).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if let Some(data) = self.scratch.take() {
            let _ = std::fs::remove_dir_all(data);
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        if let Some(data) = self.scratch.take() {
            let _ = std::fs::remove_dir_all(data);
        }
    }
}
