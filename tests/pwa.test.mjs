// Installable and offline: the manifest and its icons, the deployment headers, the home screen
// with the network gone after a first visit and every game after one game, a new version offered
// (never forced), and Install offered only when the browser says the page can be installed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BASE as SHARED, launch, open as openShared, close } from './helpers.mjs';

// The served site (`cargo xtask serve|test` serve target/dist/, and make its precache list
// afresh for each request): adding a file there makes a new version. `cargo xtask test` gives
// this file a copy of the site of its own (LUDI_UPDATE_URL, LUDI_DIST), so the new version
// never reaches the test files that run beside it.
const BASE = process.env.LUDI_UPDATE_URL ?? SHARED;
const DIST = process.env.LUDI_DIST || path.resolve('..', 'target', 'dist');
const open = (browser, query, options = {}) => openShared(browser, query, { ...options, base: BASE });

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Waits until a service worker controls the page and has cached its version. */
async function controlled(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

test('the manifest makes the page installable, with PNG and maskable icons and screenshots', async () => {
  const manifest = await (await fetch(new URL('manifest.webmanifest', BASE))).json();
  for (const field of ['id', 'name', 'short_name', 'description', 'start_url', 'scope', 'theme_color', 'background_color', 'lang']) {
    assert.ok(manifest[field], field);
  }
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.categories.includes('games'));
  const sizes = manifest.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`);
  for (const wanted of ['192x192 any', '512x512 any', '512x512 maskable']) assert.ok(sizes.includes(wanted), wanted);
  const forms = manifest.screenshots.map((s) => `${s.form_factor} ${s.sizes}`).sort();
  assert.deepEqual(forms, ['narrow 390x844', 'wide 1280x800']);
  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    const response = await fetch(new URL(image.src, new URL('manifest.webmanifest', BASE)));
    assert.equal(response.status, 200, image.src);
    assert.equal(response.headers.get('content-type'), image.type, image.src);
  }
});

test('every page carries the CSP and nosniff; only embed.html may be framed elsewhere', async () => {
  for (const page of ['', 'embedding.html', 'embed.html']) {
    const response = await fetch(new URL(page, BASE));
    const csp = response.headers.get('content-security-policy');
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/, page);
    assert.doesNotMatch(csp, /unsafe-inline/, page);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.match(csp, page === 'embed.html' ? /frame-ancestors \*$/ : /frame-ancestors 'self'$/, page);
    assert.match(await response.text(), /<meta http-equiv="Content-Security-Policy" content="default-src 'self'/, page);
  }
  const wasm = await fetch(new URL('pkg/scripta_bg.wasm', BASE), { headers: { 'accept-encoding': 'br' } });
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
});

/** The files of the site's offline copy, as its precache list names them. */
function precached() {
  const list = { PRECACHE: null };
  new Function('self', readFileSync(path.join(DIST, 'precache.js'), 'utf8'))(list);
  return list.PRECACHE;
}

/** The paths the service worker's cache holds now. */
const cachedPaths = (page, version) => page.evaluate(async (name) => {
  const cache = await caches.open(name);
  return (await cache.keys()).map((request) => new URL(request.url).pathname);
}, version);

test('a first visit keeps the home screen offline, one game the whole site', async () => {
  const { version, files } = precached();
  const s = await open(browser, '');
  const violations = [];
  s.page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text()); });
  await controlled(s.page);
  // The first visit kept what the home screen downloaded, and no engine.
  const first = await cachedPaths(s.page, version);
  assert.ok(first.includes('/js/app/main.js') && first.includes('/pkg/pictures.js'), first.join(' '));
  assert.ok(!first.some((p) => p.endsWith('.wasm')), first.join(' '));
  await s.context.setOffline(true);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.ok(await s.page.locator('[data-action="install"]').count() <= 1);
  await s.context.setOffline(false);
  // One game played: the worker completes the copy, every file of the version.
  await s.page.goto(new URL('?game=latrunculi&opponent=human', BASE).href);
  await s.page.waitForSelector('[data-square="d4"]');
  const complete = () => s.page.evaluate(async ([name, all]) => {
    const cache = await caches.open(name);
    const held = new Set((await cache.keys()).map((request) => request.url));
    return all.every((file) => held.has(new URL(file, document.baseURI).href));
  }, [version, files]);
  const deadline = Date.now() + 30_000;
  while (!(await complete())) {
    assert.ok(Date.now() < deadline, 'the offline copy is completed within 30 s');
    await s.page.waitForTimeout(200);
  }
  await s.context.setOffline(true);
  await s.page.goto(new URL('?game=scripta&opponent=human', BASE).href);
  await s.page.waitForSelector('body.ready');
  await s.page.waitForSelector('[data-position]');
  await s.page.goto(new URL('?game=latrunculi&opponent=human', BASE).href);
  await s.page.waitForSelector('body.ready');
  await s.page.waitForSelector('[data-square="d4"]');
  await s.page.goto(new URL('?page=rules&game=latrunculi', BASE).href);
  await s.page.waitForSelector('body.ready');
  await s.context.setOffline(false);
  assert.deepEqual(violations, []);
  await close(s);
});

test('a new version is offered, never forced: Update reloads once, on request', async () => {
  const s = await open(browser, '');
  await controlled(s.page);
  const first = await s.page.evaluate(() => caches.keys());
  assert.equal(await s.page.locator('.pwa-notice').isVisible(), false);
  const marker = path.join(DIST, `pwa-test-${process.pid}.txt`);
  writeFileSync(marker, `a new version ${Date.now()}`);
  try {
    await s.page.evaluate(() => { window.stillHere = true; });
    await s.page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await s.page.locator('[data-action="update"]').waitFor({ state: 'visible' });
    assert.equal(await s.page.getAttribute('.pwa-notice [role="status"]', 'data-say'), 'pwa.updateReady');
    // Nothing reloads under the player.
    await s.page.waitForTimeout(1500);
    assert.equal(await s.page.evaluate(() => window.stillHere), true);
    assert.ok(await s.page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))));
    await Promise.all([s.page.waitForEvent('load'), s.page.click('[data-action="update"]')]);
    await s.page.waitForSelector('body.ready');
    assert.equal(await s.page.evaluate(() => window.stillHere), undefined);
    assert.equal(await s.page.locator('.pwa-notice').isVisible(), false);
    const now = await s.page.evaluate(() => caches.keys());
    assert.notDeepEqual(now, first, 'the new version took over its own cache');
    // Once: the new page is left alone.
    await s.page.evaluate(() => { window.afterUpdate = true; });
    await s.page.waitForTimeout(800);
    assert.equal(await s.page.evaluate(() => window.afterUpdate), true);
  } finally {
    rmSync(marker, { force: true });
  }
  await close(s);
});

test('Install appears only after beforeinstallprompt, and asks the browser once', async () => {
  const s = await open(browser, '');
  assert.equal(await s.page.locator('[data-action="install"]').isVisible(), false);
  await s.page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    event.prompt = () => { window.prompted = (window.prompted ?? 0) + 1; return Promise.resolve(); };
    window.dispatchEvent(event);
  });
  await s.page.locator('[data-action="install"]').waitFor({ state: 'visible' });
  assert.equal(await s.page.getAttribute('.pwa-notice [role="status"]', 'data-say'), 'pwa.installText');
  await s.page.click('[data-action="install"]');
  assert.equal(await s.page.evaluate(() => window.prompted), 1);
  assert.equal(await s.page.locator('[data-action="install"]').isVisible(), false);
  await close(s);
});

test('a slow network shows a game at once: words and the empty board first, the game when the engine arrives, nothing moving', async () => {
  for (const game of ['scripta', 'latrunculi']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const release = {};
    const held = new Promise((resolve) => { release.wasm = resolve; });
    await context.route('**/*.wasm', async (route) => { await held; await route.continue(); });
    const page = await context.newPage();
    await page.goto(new URL(`?game=${game}`, BASE).href);
    await page.waitForSelector('[role="status"][data-say="app.loading"]');
    await page.waitForSelector('#command-about');
    // The board may be drawn empty from the build's pictures; no position before the engine.
    assert.equal(await page.locator('[data-position]').count(), 0, 'no position before the engine');
    const frame = await page.locator('.controls [data-action]').evaluateAll((buttons) => buttons.map((b) => b.disabled));
    assert.ok(frame.length > 0 && frame.every(Boolean), `${game}: buttons wait for the engine`);
    const place = () => page.evaluate(() => ['.board-wrap', '.controls', '#command-about']
      .map((s) => Math.round(document.querySelector(s).getBoundingClientRect().top)));
    const before = await place();
    release.wasm();
    await page.waitForSelector('body.ready');
    assert.equal(await page.locator('#board svg').count(), 1);
    assert.notEqual(await page.getAttribute('[role="status"]', 'data-say'), 'app.loading');
    assert.deepEqual(await place(), before, `${game}: the board arrives in its held place`);
    await context.close();
  }
});
