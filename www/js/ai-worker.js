// The computer players, off the page's thread so the page never freezes while they think.
// Requests: {id, kind: 'choose', position, level, seed, budget} or {id, kind: 'hint',
// position, budget}; answers: {id, steps} (step texts in play order) or {id, error}.

import init, { ScriptaPlayer } from '../pkg/ludi_wasm.js';

const ready = init({ module_or_path: new URL('../pkg/ludi_wasm_bg.wasm', import.meta.url) });

function answer({ kind, position, level, seed, budget }) {
  if (kind === 'hint') return ScriptaPlayer.hint(position, budget);
  // A fresh player per turn, seeded by the page: a game replays the same way after a reload.
  const player = new ScriptaPlayer(level, seed);
  try {
    return player.choose(position, budget);
  } finally {
    player.free();
  }
}

self.addEventListener('message', async ({ data }) => {
  try {
    await ready;
    self.postMessage({ id: data.id, steps: answer(data) });
  } catch (error) {
    self.postMessage({ id: data.id, error: error?.message ?? String(error) });
  }
});
