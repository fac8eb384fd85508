// The computer players, off the page's thread so the page never freezes while they think.
// Requests: {id, game, kind: 'choose'|'hint'|'load', level, seed, budget} with XII Scripta's
// `position` or Latrunculi's saved game (`saved`), or for XII Scripta {id, game, kind: 'judge',
// before, after} (the hard player's opinion of one turn of a replay); answers: {id, answer}
// (the engine's structured steps, move or verdict) or {id, error}.

import { createEngines } from './engines.js';

// Each game's engine, loaded by the first request for that game.
const engines = createEngines();

// XII Scripta's networks, one per trained preset: each fetched once, the first time a player
// needs it (the levels that use one, under that preset or rules of one's own that borrow its
// network; the engine names which), and handed to the engine; fetched again after a failure.
function createWeights() {
  const loading = new Map();
  return async function withWeights(engine, level, position) {
    const preset = engine.scriptaNeedsWeights(level, position);
    if (!preset) return;
    if (!loading.has(preset)) {
      loading.set(preset, fetch(new URL(`../../pkg/scripta-${preset}.bin`, import.meta.url))
        .then((response) => {
          if (!response.ok) throw new Error(`the network's weights did not arrive (${response.status})`);
          return response.arrayBuffer();
        })
        .then((bytes) => engine.loadScriptaWeights(preset, new Uint8Array(bytes)))
        .catch((error) => {
          loading.delete(preset);
          throw error;
        }));
    }
    await loading.get(preset);
  };
}

const withWeights = createWeights();

const PLAYERS = {
  scripta: (engine) => ({
    hint: async ({ position, budget }) => {
      await withWeights(engine, 'expert', position);
      return engine.ScriptaPlayer.hint(position, budget);
    },
    judge: async ({ before, after }) => {
      await withWeights(engine, 'hard', before);
      return engine.ScriptaPlayer.judge(before, after);
    },
    choose: async ({ position, level, seed, budget }) => {
      await withWeights(engine, level, position);
      const player = new engine.ScriptaPlayer(level, seed);
      try {
        return player.choose(position, budget);
      } finally {
        player.free();
      }
    },
  }),
  latrunculi: (engine) => ({
    // Latrunculi's players are handed the saved game: under `norepeat` its history decides
    // which moves are left.
    hint: ({ saved, budget }) => engine.LatrunculiPlayer.hint(saved, budget),
    choose: ({ saved, level, seed, budget }) => {
      const player = new engine.LatrunculiPlayer(level, seed);
      try {
        return player.choose(saved, budget);
      } finally {
        player.free();
      }
    },
  }),
};

async function answer(request) {
  const players = PLAYERS[request.game];
  if (!players) throw new Error(`no computer player for the game ${request.game}`);
  const engine = await engines.load(request.game);
  // `load`: the engine fetched ahead of the first question.
  if (request.kind === 'load') return null;
  const kind = players(engine)[request.kind];
  if (!kind) throw new Error(`no ${request.kind} for the game ${request.game}`);
  return kind(request);
}

self.addEventListener('message', async ({ data }) => {
  try {
    self.postMessage({ id: data.id, answer: await answer(data) });
  } catch (error) {
    // A trap (a Rust panic) leaves this wasm instance unusable: the page starts a new worker.
    const fatal = error instanceof WebAssembly.RuntimeError;
    self.postMessage({ id: data.id, error: error?.message ?? String(error), fatal });
    if (fatal) self.close();
  }
});
