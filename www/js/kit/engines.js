// The games' engines: one wasm module per game (`pkg/<game>.js` and its `<game>_bg.wasm`),
// each fetched and instantiated the first time something asks for it, so a visitor who plays
// Latrunculi never downloads XII Scripta's engine. The page and the computer's worker each keep
// one loader.

/** The smallest engine: what is asked which game a record is of when no engine is here yet. */
const SMALLEST = 'latrunculi';

/**
 * A loader of engines. `onPanic(message)` hears of a Rust panic in any of them (the hook hands
 * the message over just before the call traps). `load(game)` resolves to that game's module once
 * instantiated (the same promise to every caller); `prefetch(game)` only downloads its glue (in
 * a page, not a worker); `forRecord(text)` resolves to {game, engine}
 * for a game record, the game named by the record as an engine reads it.
 */
export function createEngines({ onPanic = (message) => console.error(message) } = {}) {
  const loading = new Map();

  function load(game) {
    if (!loading.has(game)) {
      const url = (file) => new URL(`../../pkg/${file}`, import.meta.url);
      loading.set(game, import(url(`${game}.js`).href).then(async (engine) => {
        await engine.default({ module_or_path: url(`${game}_bg.wasm`) });
        engine.onPanic(onPanic);
        return engine;
      }));
      // A failed download may be tried again (the network may come back).
      loading.get(game).catch(() => loading.delete(game));
    }
    return loading.get(game);
  }

  /**
   * Asks the browser for `game`'s engine glue without running it, so that `load` later finds
   * it downloaded: a game's screen asks while it draws its words. (The wasm is left to `load`:
   * a preload of it, answered by the service worker offline, was seen to fail now and then.)
   */
  function prefetch(game) {
    if (loading.has(game) || document.querySelector(`link[data-engine="${game}"]`)) return;
    const link = Object.assign(document.createElement('link'), {
      rel: 'modulepreload', href: new URL(`../../pkg/${game}.js`, import.meta.url).href,
    });
    link.dataset.engine = game;
    document.head.append(link);
  }

  async function forRecord(text) {
    const here = [...loading.keys()][0] ?? SMALLEST;
    const game = (await load(here)).recordGame(text);
    return { game, engine: await load(game) };
  }

  return { load, prefetch, forRecord };
}
