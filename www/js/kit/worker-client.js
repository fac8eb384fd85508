// The page's side of the computer players: requests go to a module worker (ai-worker.js) and
// come back as promises, so the page stays responsive however long a player thinks. One client
// per screen; `stop()` ends its worker.

export function createWorkerClient() {
  const pending = new Map(); // id -> {resolve, reject}
  const state = { worker: null, nextId: 0 };

  function failAll(message) {
    for (const { reject } of pending.values()) reject(new Error(message));
    pending.clear();
  }

  function start() {
    const worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
    worker.addEventListener('message', ({ data }) => {
      const waiting = pending.get(data?.id);
      if (!waiting) return;
      pending.delete(data.id);
      if (data.error) waiting.reject(new Error(data.error));
      else waiting.resolve(data.answer);
      // A worker whose engine failed has closed itself: the next request starts a new one.
      if (data.fatal && state.worker === worker) {
        state.worker = null;
        failAll(data.error);
      }
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      // A worker that failed to load answers nothing: the next request starts a new one.
      state.worker = null;
      failAll(event.message || 'the computer player could not start');
    });
    state.worker = worker;
  }

  return {
    /** Loads the worker and `game`'s engine ahead of the first question. */
    warmUp(game) {
      if (!state.worker) start();
      state.worker.postMessage({ id: 0, game, kind: 'load' });
    },
    /** Sends `request` ({game, kind, ...}) and resolves with the worker's answer. */
    ask(request) {
      if (!state.worker) start();
      const id = ++state.nextId;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        state.worker.postMessage({ id, ...request });
      });
    },
    stop() {
      state.worker?.terminate();
      state.worker = null;
      failAll('the game was closed');
    },
  };
}
