// The computer players, off the page's thread so the page never freezes while they think.
// Requests: {id, game, kind: 'choose'|'hint', position, level, seed, budget, rules}, or for
// XII Scripta {id, game, kind: 'judge', before, after} (the hard player's opinion of one turn of
// a replay); answers: {id, answer} (the engine's structured steps, move or verdict) or
// {id, error}.

import init, * as engine from '../../pkg/ludi_wasm.js';

const ready = init({ module_or_path: new URL('../../pkg/ludi_wasm_bg.wasm', import.meta.url) })
  .then(() => engine.onPanic((message) => console.error(message)));

const PLAYERS = {
  scripta: {
    hint: ({ position, budget }) => engine.ScriptaPlayer.hint(position, budget),
    judge: ({ before, after }) => engine.ScriptaPlayer.judge(before, after),
    choose: ({ position, level, seed, budget }) => {
      const player = new engine.ScriptaPlayer(level, seed);
      try {
        return player.choose(position, budget);
      } finally {
        player.free();
      }
    },
  },
  latrunculi: {
    hint: ({ position, rules, budget }) => engine.LatrunculiPlayer.hint(position, rules, budget),
    choose: ({ position, rules, level, seed, budget }) => {
      const player = new engine.LatrunculiPlayer(level, seed);
      try {
        return player.choose(position, rules, budget);
      } finally {
        player.free();
      }
    },
  },
};

function answer(request) {
  const kind = PLAYERS[request.game]?.[request.kind];
  if (!kind) throw new Error(`no ${request.kind} for the game ${request.game}`);
  return kind(request);
}

self.addEventListener('message', async ({ data }) => {
  try {
    await ready;
    self.postMessage({ id: data.id, answer: answer(data) });
  } catch (error) {
    // A trap (a Rust panic) leaves this wasm instance unusable: the page starts a new worker.
    const fatal = error instanceof WebAssembly.RuntimeError;
    self.postMessage({ id: data.id, error: error?.message ?? String(error), fatal });
    if (fatal) self.close();
  }
});
