// A module the page imports later (a game's screen, the home screen) arrives with its whole
// static graph at once: the build lists each such module's imports (`pkg/modules.js`), and
// `importWhole` asks for all of them with `<link rel="modulepreload">` before importing it, so
// a phone waits one round trip for the graph rather than one per level of imports.

import { GRAPHS } from '../../pkg/modules.js';

// The site's root, which the build's paths are relative to.
const ROOT = new URL('../../', import.meta.url).href;
const asked = new Set();
const here = new Map();

/** Whether the build lists the graph of the module at `url` (a URL). */
export function hasGraph(url) {
  return Object.hasOwn(GRAPHS, url.href.slice(ROOT.length));
}

/** Asks for the whole graph of the module at `url` (a URL) without running it. */
export function preloadWhole(url) {
  for (const file of GRAPHS[url.href.slice(ROOT.length)] ?? []) {
    if (asked.has(file)) continue;
    asked.add(file);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = ROOT + file;
    document.head.append(link);
  }
}

/** Imports the module at `url` (a URL), its whole graph asked for at once. */
export function importWhole(url) {
  preloadWhole(url);
  return import(url.href).then((module) => {
    here.set(url.href, module);
    return module;
  });
}

/**
 * The module at `url` if `importWhole` has brought it, else null: what is here is used in the
 * same task, where awaiting even a loaded module's import may wait for another.
 */
export const imported = (url) => here.get(url.href) ?? null;
