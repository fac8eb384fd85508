// Shared set-up for the browser tests: Debian's Chromium through playwright-core, the page
// served by `cargo xtask test` (LUDI_URL), and a record of every request the page makes.

import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const BASE = process.env.LUDI_URL;
if (!BASE) {
  throw new Error('LUDI_URL is not set: run the browser tests through `cargo xtask test`');
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
  });
}

/**
 * A fresh page (own storage) at `query`, with every requested URL collected in `requests`, and
 * those the page and its workers asked for (not the service worker's copies) in `asked`.
 * Motion is reduced unless asked for, so steps are not slowed by animation. `options.init` runs
 * in every page before its own scripts (a stub of a browser API, say); `options.base` serves
 * the page from another site than LUDI_URL's.
 */
export async function open(browser, query = '', options = {}) {
  const base = options.base ?? BASE;
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 390, height: 844 },
    deviceScaleFactor: options.scale ?? 1,
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    hasTouch: options.touch ?? false,
  });
  if (options.init) await context.addInitScript(options.init);
  const requests = [];
  // What the page and its workers asked for, without the service worker's own copies.
  const asked = [];
  context.on('request', (request) => {
    requests.push(request.url());
    if (!request.serviceWorker()) asked.push(request.url());
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(new URL(query, base).href);
  await page.waitForSelector('body.ready');
  return { context, page, requests, asked, errors, base };
}

/**
 * Takes an open page to `query` as a first visit would go there: with nothing stored, so no
 * earlier screen's game is offered or asked about. Much cheaper than a fresh context a screen.
 */
export async function visit(page, query, base = BASE) {
  await page.evaluate(() => localStorage.clear());
  await page.goto(new URL(query, base).href);
  await page.waitForSelector('body.ready');
}

/** The query string for a position (and optional seed). */
export function at(xsn, seed) {
  const params = new URLSearchParams({ game: 'scripta', opponent: 'human', position: xsn });
  if (seed !== undefined) params.set('seed', String(seed));
  return `?${params}`;
}

export const position = (page) => page.getAttribute('[data-position]', 'data-position');
/** The catalogue keys of what the status line says now (its data-say). */
export const said = (page) => page.getAttribute('[role="status"]', 'data-say');

/**
 * Fails unless the status line says the message `key` (a string or a pattern of keys) within
 * a few seconds: some messages follow a promise (the clipboard, a download), which a loaded
 * machine may take a moment to keep.
 */
export async function says(page, key) {
  const pattern = typeof key === 'string' ? null : { source: key.source, flags: key.flags };
  const heard = await page.waitForFunction(({ word, pattern }) => {
    const keys = document.querySelector('[role="status"]')?.dataset.say ?? '';
    return pattern ? new RegExp(pattern.source, pattern.flags).test(keys) : keys.split(' ').includes(word);
  }, { word: typeof key === 'string' ? key : null, pattern }, { timeout: 5000 }).then(() => true, () => false);
  if (!heard) {
    const keys = (await said(page)) ?? '';
    throw new Error(`the status line says ${keys || 'nothing'}, not ${key}`);
  }
}

export async function tray(page, side) {
  const t = page.locator(`[data-tray="${side}"]`);
  return {
    waiting: Number(await t.getAttribute('data-waiting')),
    sentHome: Number(await t.getAttribute('data-sent-home')),
    borneOff: Number(await t.getAttribute('data-borne-off')),
  };
}

export const sorted = async (page, selector, attribute) =>
  (await page.$$eval(selector, (nodes, a) => nodes.map((n) => n.getAttribute(a)), attribute))
    .map((v) => (/^\d+$/.test(v) ? Number(v) : v))
    .sort((a, b) => (a > b ? 1 : a < b ? -1 : 0));

export const selectable = (page) => page.$$eval('[data-selectable]', (nodes) =>
  nodes.map((n) => n.dataset.mark ? Number(n.dataset.mark) : `tray:${n.dataset.tray}`));

export const targets = (page) => page.$$eval('[data-target]', (nodes) =>
  nodes.map((n) => (n.dataset.mark ? Number(n.dataset.mark) : `off:${n.dataset.off}`)));

export const dice = (page) => page.$$eval('[data-die]', (nodes) =>
  nodes.map((n) => ({ value: Number(n.dataset.value), state: n.dataset.state })));

export function screenshotPath(name) {
  const dir = process.env.SCREENSHOTS || path.resolve('..', 'target', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * Fails if axe-core finds any violation on the page as it is now. With `labelInName`, also
 * WCAG 2.5.3, label in name, which axe keeps off by default: a voice-control user says what
 * they see. Only violations are gathered: collecting every passing node too takes a third longer.
 */
export async function axe(page, what, { labelInName = true } = {}) {
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: labelInName } } })
    .analyze();
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | ')}`);
  assert.deepEqual(found, [], `${what}: ${found.join('\n')}`);
}

/** Closes a page's context, failing if it ever asked anything of another origin. */
export async function close({ context, requests, errors, base = BASE }) {
  await context.close();
  const origin = new URL(base).origin;
  const foreign = requests.filter((url) => !url.startsWith(`${origin}/`));
  if (foreign.length) throw new Error(`requests to other origins: ${foreign.join(', ')}`);
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
}

/** Clicks an element the way a tap does (SVG elements have no click() of their own). */
export function tap(page, selector) {
  return page.click(selector);
}

/** Starts a new game from the header's New game dialog, against the computer at `level` as `side`. */
export async function newGameVs(page, level, side) {
  await page.click('[data-action="new"]');
  await page.check('#new-game input[value="computer"]');
  await page.check(`#new-game input[value="${level}"]`);
  await page.check(`#new-game input[value="${side}"]`);
  await page.click('#new-game button[value="start"]');
}

/** Waits until the human may throw again (the computer has finished its turn). */
export const humanToThrow = (page) =>
  page.waitForSelector('[data-action="throw"]:not([disabled])', { timeout: 20000 });

/** Plays the human's whole turn through the DOM: throw, first source to first target, confirm. */
export function playHumanTurn(page) {
  return page.evaluate(() => {
    const q = (s) => document.querySelector(s);
    const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    tap(q('[data-action="throw"]'));
    for (let source = q('[data-selectable]'); source; source = q('[data-selectable]')) {
      tap(source);
      tap(q('[data-target]'));
    }
    tap(q('[data-action="confirm"]'));
  });
}

/** Plays Latrunculi moves ('c2-c5' ...) by tapping their squares. */
export async function moves(page, list) {
  for (const move of list) {
    const [from, to] = move.split('-');
    await page.click(`[data-square="${from}"]`);
    await page.click(`[data-square="${to}"]`);
  }
}

/**
 * Holds back `game`'s engine (pkg/<game>_bg.wasm) until the function it resolves to is called:
 * with 'fail', the download then fails.
 */
export async function holdEngine(context, game) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route(`**/pkg/${game}_bg.wasm*`, async (route) => {
    if (await held === 'fail') await route.abort();
    else await route.continue();
  });
  return release;
}
