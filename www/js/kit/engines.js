// The games' engines: one wasm module per game (`pkg/<game>.js` and its `<game>_bg.wasm`),
// each fetched and instantiated the first time something asks for it, so a visitor who plays
// Latrunculi never downloads XII Scripta's engine. The page and the computer's worker each keep
// one loader.

/** The smallest engine: what is asked which game a record is of when no engine is here yet. */
const SMALLEST = 'latrunculi';

/**
 * A loader of engines. `onPanic(message)` hears of a Rust panic in any of them (the hook hands
 * the message over just before the call traps). `load(game)` resolves to that game's module once
 * instantiated (the same promise to every caller); `prefetch(game)` only downloads its glue and
 * wasm (in a page, not a worker); `forRecord(text)` resolves to {game, engine}
 * for a game record, the game named by the record as an engine reads it.
 */
export function createEngines({ onPanic = (message) => console.error(message) } = {}) {
  const loading = new Map();

  // The wasm of each game whose screen asked for it early, downloading: `load` takes it once.
  const downloads = new Map();
  const url = (file) => new URL(`../../pkg/${file}`, import.meta.url);
  const wasm = (game) => url(`${game}_bg.wasm`);

  function load(game) {
    if (!loading.has(game)) {
      const early = downloads.get(game);
      downloads.delete(game);
      // An early download that failed is tried again here, as `load` alone would have.
      const module = early?.then((response) => (response.ok ? response : fetch(wasm(game))), () => fetch(wasm(game)));
      loading.set(game, import(url(`${game}.js`).href).then(async (engine) => {
        await engine.default({ module_or_path: module ?? wasm(game) });
        engine.onPanic(onPanic);
        return engine;
      }));
      // A failed download may be tried again (the network may come back).
      loading.get(game).catch(() => loading.delete(game));
    }
    return loading.get(game);
  }

  /**
   * Starts downloading `game`'s engine, glue and wasm, without running it, so that `load`
   * (after the screen's first words) finds it here: a game's screen asks while it draws its
   * words. The wasm is fetched as `load` would fetch it, not preloaded with a link: a preload
   * answered by the service worker offline was seen to fail now and then.
   */
  function prefetch(game) {
    if (loading.has(game) || downloads.has(game)) return;
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url(`${game}.js`).href }));
    const download = fetch(wasm(game));
    // Its failure is `load`'s to handle (it fetches again), or nobody's if the game is left.
    download.catch(() => {});
    downloads.set(game, download);
  }

  async function forRecord(text) {
    const here = [...loading.keys()][0] ?? SMALLEST;
    const game = (await load(here)).recordGame(text);
    return { game, engine: await load(game) };
  }

  return { load, prefetch, forRecord };
}
