// The page's side of the computer players: requests go to a module worker (ai-worker.js) and
// come back as promises, so the page stays responsive however long a player thinks.

let worker = null;
let nextId = 0;
const pending = new Map(); // id -> {resolve, reject}

function failAll(message) {
  for (const { reject } of pending.values()) reject(new Error(message));
  pending.clear();
}

function start() {
  worker = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('message', ({ data }) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if (data.error) waiting.reject(new Error(data.error));
    else waiting.resolve(data.steps);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    // A worker that failed to load answers nothing: the next request starts a new one.
    worker = null;
    failAll(event.message || 'the computer player could not start');
  });
}

function ask(request) {
  if (!worker) start();
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, ...request });
  });
}

/** Loads the worker and its wasm ahead of the first question. */
export function warmUp() {
  if (!worker) start();
}

/** The steps `level` plays in `position` (XSN with dice), reproducible for `seed`. */
export function choose(position, level, seed, budget) {
  return ask({ kind: 'choose', position, level, seed, budget });
}

/** The steps the strongest player would play in `position`. */
export function hint(position, budget) {
  return ask({ kind: 'hint', position, budget });
}
