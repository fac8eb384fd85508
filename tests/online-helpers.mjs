// Shared set-up of the online browser tests: a ludi-server of their own (the binary cargo
// built, a fresh --data directory, the shipped site), started, killed hard and started again
// on the same port and data; two browser contexts as two devices; and in-page drivers that
// play a whole game through the DOM contract only, each device acting when its seat has the
// move and waiting for the server's next state (data-version) before the next action.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
export const SERVER_BIN = process.env.LUDI_SERVER ?? path.join(ROOT, 'target', 'debug', 'ludi-server');
const SITE = process.env.LUDI_SITE ?? path.join(ROOT, 'target', 'dist');

/** A port nothing listens on now (the kernel's choice), for a server of the tests' own. */
export const freePort = () => new Promise((resolve, reject) => {
  const probe = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});

/** Whether the server binary is there to test against (else the tests say they were skipped). */
export const serverBuilt = () => existsSync(SERVER_BIN) && existsSync(path.join(SITE, 'index.html'));

/** Why the online tests are skipped, or false; under `cargo xtask test` (LUDI_SERVER set) a missing server fails rather than skips. */
export const skipWithoutServer = process.env.LUDI_SERVER || serverBuilt() ? false
  : `no ${SERVER_BIN}: build ludi-server (cargo test --workspace --no-run) and the site (cargo xtask dist)`;

async function answering(base, up, ms = 20000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(new URL('/api/online', base)).then((r) => r.ok, () => false);
    if (ok === up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server at ${base} did not ${up ? 'start' : 'stop'}`);
}

/**
 * A ludi-server on `port` with its own data directory. `kill()` is SIGKILL; `start()` runs it
 * again on the same port and data; `stop()` ends it and removes the data.
 */
export async function startServer(port, extra = [], env = {}) {
  const data = mkdtempSync(path.join(tmpdir(), 'ludi-online-'));
  const base = `http://127.0.0.1:${port}/`;
  const server = { base, data, child: null, log: [] };
  server.start = async () => {
    // At pace 0 a device acts far faster than a person: the frame limits are raised; a short
    // claim time lets a test claim a game without waiting two minutes.
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--data', data, '--site', SITE,
      '--frames-per-second', '1000', '--frame-burst', '2000', '--games-per-minute', '1000', '--claim-after', '3', ...extra];
    const child = spawn(SERVER_BIN, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    // Ready when this child says it listens (not whoever else might hold the port), then
    // when the port answers.
    const listening = new Promise((resolve, reject) => {
      let said = '';
      child.stdout.on('data', (chunk) => {
        said += chunk;
        if (said.includes('listening on')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`ludi-server exited (${code}): ${server.log.join('')}`)));
    });
    child.stdout.on('data', (chunk) => server.log.push(String(chunk)));
    child.stderr.on('data', (chunk) => server.log.push(String(chunk)));
    server.child = child;
    await listening;
    await answering(base, true);
  };
  server.kill = async () => {
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    await answering(base, false);
  };
  server.stop = async () => {
    if (server.child && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    rmSync(data, { recursive: true, force: true });
  };
  await server.start();
  return server;
}

/**
 * A device: its own context (storage) and page, page errors collected. Its sockets pass
 * through the test (`sockets`), so `drop(d)` can cut them as a lost network would.
 */
export async function device(browser, url, viewport = { width: 390, height: 844 }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const sockets = [];
  await context.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    sockets.push({ ws, server });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (url) {
    await page.goto(url);
    await page.waitForSelector('body.ready');
  }
  return { context, page, errors, sockets };
}

/** Cuts every open socket of device `d` (the page sees its connection close). */
export async function drop(d) {
  for (const { ws, server } of d.sockets.splice(0)) {
    await server.close().catch(() => {});
    await ws.close().catch(() => {});
  }
}

/**
 * Creates an online game from the home screen of `d` (game, its rules left as they are, side,
 * name) and waits for the invite card; returns {id, invite, watch}.
 */
export async function create(d, base, { game, side = null, name }) {
  await d.page.goto(new URL('/?pace=0', base).href);
  await d.page.waitForSelector('body.ready');
  await d.page.click('[data-opponent="online"]:not([disabled])');
  await d.page.click(`[data-game="${game}"]`);
  if (side) await d.page.click(`[data-side="${side}"]`);
  await d.page.fill('input[name="name"]', name);
  await d.page.click('[data-action="start"]');
  await d.page.waitForSelector('#online-invite');
  const invite = await d.page.getAttribute('#online-invite', 'data-invite');
  const watch = await d.page.getAttribute('.online-watch', 'href');
  return { id: new URL(invite).searchParams.get('online'), invite, watch };
}

/** Opens the invite on `d`, joins under `name`, and waits for the game. */
export async function join(d, invite, name) {
  const url = new URL(invite);
  url.searchParams.set('pace', '0');
  await d.page.goto(url.href);
  await d.page.waitForSelector('[data-action="join"]');
  await d.page.fill('input[name="name"]', name);
  await d.page.click('[data-action="join"]');
  await d.page.waitForSelector('[data-seat][data-online="playing"]');
}

export const version = (page) => page.getAttribute('[data-seat]', 'data-version').then(Number);
export const position = (page) => page.getAttribute('[data-position]', 'data-position');

/** Waits until `page` shows the server's game at `v` or later. */
export const reaches = (page, v, timeout = 15000) => page.waitForFunction(
  (v) => Number(document.querySelector('[data-seat]')?.dataset.version) >= v, v, { timeout },
);

/**
 * Plays this device's part of the game in the page until the game is over or `limit` actions
 * are made: when its seat may act, the first legal thing the DOM offers (throw; a selectable
 * source and its first target, the first dice if asked which; confirm; in Latrunculi a
 * placement target or a move), then waits for the server's state that answers it. With
 * `once`, makes at most one action and returns at once when the seat has none to make.
 */
export function playPart(page, limit = 100000, once = false) {
  return page.evaluate(async ({ limit, once }) => {
    const q = (s) => document.querySelector(s);
    const tap = (el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const pause = () => new Promise((resolve) => setTimeout(resolve, 2));
    const root = q('[data-seat]');
    const over = () => root.dataset.online === 'over';
    const usable = (name) => {
      const b = q(`[data-action="${name}"]`);
      return b && !b.disabled && !b.hidden ? b : null;
    };
    const next = () => {
      if (usable('throw')) return usable('throw');
      const source = q('[data-selectable]');
      if (source) {
        tap(source);
        return q('[data-target]');
      }
      return q('[data-target]') ?? usable('confirm');
    };
    let acts = 0;
    while (!over() && acts < limit) {
      const v = root.dataset.version;
      const target = root.dataset.link === 'up' ? next() : null;
      if (!target) {
        if (once) return acts;
        await pause();
        continue;
      }
      tap(target);
      const choose = q('#move-choice:not([hidden]) [data-action="choose"]');
      if (choose) tap(choose);
      acts += 1;
      for (let i = 0; i < 5000 && root.dataset.version === v && !over(); i++) await pause();
      if (root.dataset.version === v && !over()) throw new Error(`no answer to an action at version ${v}`);
    }
    return acts;
  }, { limit: once ? 1 : limit, once });
}

/** Makes `count` actions, each by whichever device has the move, every device following. */
export async function someActions(devices, count) {
  for (let i = 0; i < count; i++) {
    const v = await version(devices[0].page);
    const made = await Promise.all(devices.map((d) => playPart(d.page, 1, true)));
    if (!made.some(Boolean)) throw new Error(`nobody could act at version ${v}`);
    await Promise.all(devices.map((d) => reaches(d.page, v + 1)));
  }
}
