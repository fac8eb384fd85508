// The games' engines: one wasm module per game (`pkg/<game>.js` and its `<game>_bg.wasm`),
// each fetched and instantiated the first time something asks for it, so a visitor who plays
// Latrunculi never downloads XII Scripta's engine. The page and the computer's worker each keep
// one loader.

/** The smallest engine: what is asked which game a record is of when no engine is here yet. */
const SMALLEST = 'latrunculi';

const url = (file) => new URL(`../../pkg/${file}`, import.meta.url);
const wasm = (game) => url(`${game}_bg.wasm`);

// The wasm of each game asked for early, compiling as it downloads: the page's first loader
// takes it once.
const downloads = new Map();

/**
 * Starts downloading `game`'s glue and wasm (in a page, not a worker): the page's first script
 * does so for a link to a game, before the page's loader exists. The wasm compiles off the main
 * thread while it arrives, so the engine is ready soon after its glue and the screen's modules
 * are. It is fetched as `load` would fetch it, not preloaded with a link: a preload answered by
 * the service worker offline was seen to fail now and then.
 */
export function download(game) {
  if (downloads.has(game)) return;
  document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: url(`${game}.js`).href }));
  // The largest download and the last one the board waits for: asked for first. A failure here
  // (the network, a server that does not say `application/wasm`) leaves it to `load`, which
  // fetches again and lets the glue handle any answer.
  const compiled = fetch(wasm(game), { priority: 'high', credentials: 'omit' })
    .then((response) => (response.ok ? WebAssembly.compileStreaming(response) : null))
    .catch(() => null);
  downloads.set(game, compiled);
}

/**
 * A loader of engines. `onPanic(message)` hears of a Rust panic in any of them (the hook hands
 * the message over just before the call traps). `load(game)` resolves to that game's module once
 * instantiated (the same promise to every caller); `prefetch(game)` only downloads its glue and
 * wasm (in a page, not a worker); `forRecord(text)` resolves to {game, engine}
 * for a game record, the game named by the record as an engine reads it.
 */
export function createEngines({ onPanic = (message) => console.error(message) } = {}) {
  const loading = new Map();

  function load(game) {
    if (!loading.has(game)) {
      const early = downloads.get(game);
      downloads.delete(game);
      // An early download that failed is tried again here, as `load` alone would have.
      const module = early?.then((compiled) => compiled ?? fetch(wasm(game)));
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
   * Starts downloading `game`'s engine (see [`download`]), so that `load` (after the screen's
   * first words) finds it here: a game's screen asks while it draws its words.
   */
  function prefetch(game) {
    if (!loading.has(game)) download(game);
  }

  async function forRecord(text) {
    const here = [...loading.keys()][0] ?? SMALLEST;
    const game = (await load(here)).recordGame(text);
    return { game, engine: await load(game) };
  }

  return { load, prefetch, forRecord };
}
