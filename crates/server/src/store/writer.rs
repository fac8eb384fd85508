//! The one task that writes actions: whatever has queued while a transaction commits goes
//! into the next one, so many games share each commit (and each sync of the disk).

use super::{ActionRow, Db};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// The most actions in one transaction.
const MAX_BATCH: usize = 512;
/// Actions waiting for the writer before senders wait too.
const QUEUE: usize = 16_384;

type Reply = oneshot::Sender<Result<bool, String>>;

#[derive(Clone)]
pub struct Writer {
    queue: mpsc::Sender<(ActionRow, Reply)>,
}

impl Writer {
    pub fn start(db: Arc<Db>) -> Writer {
        let (queue, rx) = mpsc::channel(QUEUE);
        tokio::spawn(run(db, rx));
        Writer { queue }
    }

    /// Writes one action: `Ok(true)` once committed, `Ok(false)` when another writer holds
    /// its version.
    pub async fn write(&self, row: ActionRow) -> Result<bool, String> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .send((row, reply))
            .await
            .map_err(|_| "the writer stopped".to_string())?;
        answer.await.map_err(|_| "the writer stopped".to_string())?
    }
}

async fn run(db: Arc<Db>, mut rx: mpsc::Receiver<(ActionRow, Reply)>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let rows: Vec<&ActionRow> = batch.iter().map(|(row, _)| row).collect();
        let result = db.append(&rows).await;
        for (i, (_, reply)) in batch.drain(..).enumerate() {
            let answer = match &result {
                Ok(written) => Ok(written.get(i).copied().unwrap_or(false)),
                Err(e) => Err(e.clone()),
            };
            let _ = reply.send(answer);
        }
    }
}
