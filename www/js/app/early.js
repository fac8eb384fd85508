// The page's first script, run as soon as it arrives (`async`), long before the rest of the
// page's modules have arrived and run: a link to a game starts that game's screen and engine
// downloading at once, so a phone on a slow network waits for the page, the screen and the
// engine at the same time rather than one after the other.

import { readRoute } from './route.js';
import { hasGraph, preloadWhole } from '../kit/preload.js';
import { download } from '../kit/engines.js';

const route = readRoute(location.search);
// Only a game the build has a screen for (`GRAPHS` lists every one). The engine is asked for
// before the screen's modules: its glue would otherwise wait behind them all, and the wasm
// compiles while they arrive.
const screen = new URL(`../games/${encodeURIComponent(route.game)}/screen.js`, import.meta.url);
if (route.screen === 'game' && hasGraph(screen)) {
  download(route.game);
  preloadWhole(screen);
}
