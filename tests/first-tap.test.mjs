// The first tap on a slow phone: Chromium's CPU slowed 4x and the network throttled to
// Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), from a cold cache.
// Two times are measured and printed every run: from opening `?game=scripta` to the first throw
// being possible, and from the home screen's Play to the board being playable. Each is measured
// twice: over `cargo xtask serve` (plain HTTP/1.1: six connections, so the page's modules queue)
// and over HTTP/2 with TLS, as a static web host serves the built site. The times are
// figures, not assertions (they depend on the machine's load); the test asserts only that each
// screen became playable. The page itself notes when the throw became possible: when the task
// that enabled the button ends and a tap could be taken (polling from outside the page lags
// the slowed page by up to half a second). On the static host, the home screen's question
// whether a game server is here is answered by the site itself (`api/online`), without a failed
// request.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, BASE } from './helpers.mjs';
import { serveHttp2 } from './h2-site.mjs';

const SITE = process.env.LUDI_SITE;

let browser;
let host;
before(async () => {
  browser = await launch();
  assert.ok(SITE, 'LUDI_SITE names the built site (cargo xtask test sets it)');
  host = await serveHttp2(SITE);
});
after(async () => {
  await browser?.close();
  await host?.close();
});

// Where the two measurements are taken.
const OVER = [
  { name: 'HTTP/1.1', base: () => BASE },
  { name: 'HTTP/2', base: () => host.url },
];

const THROW = '[data-action="throw"]:not([disabled])';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** A cold page (fresh context, no cache, no service worker) on a slowed phone. */
async function slowPhone() {
  // The HTTP/2 host's certificate is made for the run, so no browser trusts it.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.addInitScript((selector) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      seen.disconnect();
      setTimeout(() => { window.firstThrowPossible = performance.now(); }, 0);
    });
    seen.observe(document, { subtree: true, childList: true, attributes: true });
  }, THROW);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page };
}

/** When, by the page's clock, the first throw became possible. */
async function throwPossible(page) {
  await page.waitForFunction(() => window.firstThrowPossible !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => window.firstThrowPossible);
}

for (const { name, base } of OVER) {
  test(`opening ?game=scripta on a slow phone over ${name}: time to the first throw (printed)`, async () => {
    const { context, page } = await slowPhone();
    await page.goto(new URL('?game=scripta&opponent=human', base()).href, { waitUntil: 'commit' });
    // Milliseconds since the navigation started, by the page's own clock.
    const ms = await throwPossible(page);
    const painted = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    console.log(`first tap: ?game=scripta to the first throw possible in ${(ms / 1000).toFixed(2)} s over ${name} (4x CPU, slow 4G, cold cache; target 1.5 s); first paint of content at ${(painted / 1000).toFixed(2)} s`);
    assert.ok(await page.locator('[data-position]').count() > 0);
    await context.close();
  });

  test(`the home screen's Play on a slow phone over ${name}: time to a playable board (printed)`, async () => {
    const { context, page } = await slowPhone();
    await page.goto(base());
    await page.waitForSelector('body.ready', { timeout: 60_000 });
    await page.click('[data-game="scripta"]');
    await page.click('[data-opponent="human"]');
    const start = await page.evaluate(() => performance.now());
    await page.click('[data-action="start"]');
    const ms = (await throwPossible(page)) - start;
    console.log(`first tap: home's Play to a playable board in ${(ms / 1000).toFixed(2)} s over ${name} (4x CPU, slow 4G, cold cache; target 1.5 s)`);
    assert.ok(await page.locator('[data-position]').count() > 0);
    await context.close();
  });
}

test('on a static host the home screen learns there is no game server without a failed request', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const failed = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failed.push(message.text());
  });
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/online');
  await page.goto(host.url);
  await page.waitForSelector('body.ready');
  assert.deepEqual(await (await asked).json(), { online: false });
  for (const choice of ['online', 'class']) {
    await page.waitForSelector(`[data-opponent="${choice}"][disabled]`);
  }
  assert.deepEqual(failed, []);
  await context.close();
});

test('the page paints its splash before its scripts arrive, and the first screen replaces it', async () => {
  const waiting = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await waiting.route('**/*.js', () => {});
  const before = await waiting.newPage();
  await before.goto(BASE, { waitUntil: 'commit' });
  const box = await before.locator('.splash svg').boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, 'the splash is drawn');
  await waiting.close();
  // Without scripts, the no-JavaScript notice stands alone.
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await bare.newPage();
  for (const shell of ['', 'embed.html?game=scripta']) {
    await plain.goto(new URL(shell, BASE).href);
    assert.equal(await plain.isVisible('.splash'), false, shell);
    assert.equal(await plain.isVisible('noscript p, p.status'), true, shell);
  }
  await bare.close();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const query of ['', '?game=scripta&opponent=human', '?game=latrunculi&opponent=human', 'embed.html?game=scripta']) {
    await page.goto(new URL(query, BASE).href);
    await page.waitForSelector('body.ready');
    assert.equal(await page.locator('.splash').count(), 0, query);
  }
  await context.close();
});

test('a game\'s engine is instantiated once the screen\'s first words are on screen, not the splash', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    window.seen = { words: null, engine: null };
    // The first text painted: the splash, shapes only, makes no such entry.
    new PerformanceObserver((list) => { window.seen.words ??= list.getEntries()[0].startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
    for (const name of ['instantiate', 'instantiateStreaming']) {
      const real = WebAssembly[name];
      WebAssembly[name] = function watched(...args) {
        window.seen.engine ??= performance.now();
        return real.apply(this, args);
      };
    }
  });
  const page = await context.newPage();
  await page.goto(new URL('?game=scripta&opponent=human', BASE).href);
  await page.waitForSelector('body.ready');
  const seen = await page.evaluate(() => window.seen);
  assert.ok(seen.words !== null && seen.engine !== null, JSON.stringify(seen));
  assert.ok(seen.engine >= seen.words, `the engine at ${seen.engine} ms, the first words at ${seen.words} ms`);
  await context.close();
});

test('the home screen shows its words in a frame before it builds its board pictures, one to a frame', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    // Frames counted by the browser's rendering steps; the frame each part first appeared in.
    window.seen = { frames: 0, words: null, pictures: [] };
    const count = () => { window.seen.frames += 1; requestAnimationFrame(count); };
    requestAnimationFrame(count);
    const watch = new MutationObserver(() => {
      const { seen } = window;
      if (document.querySelector('main.home legend')) seen.words ??= seen.frames;
      const drawn = document.querySelectorAll('.preview-board svg').length;
      while (seen.pictures.length < drawn) seen.pictures.push(seen.frames);
      if (drawn === 2) watch.disconnect();
    });
    watch.observe(document, { subtree: true, childList: true });
  });
  const page = await context.newPage();
  await page.goto(BASE);
  await page.waitForSelector('body.ready');
  assert.equal(await page.locator('.preview-board svg').count(), 2, 'both games have their picture');
  const seen = await page.evaluate(() => window.seen);
  const [first, second] = seen.pictures;
  assert.ok(seen.words !== null && second !== undefined, JSON.stringify(seen));
  assert.ok(first > seen.words, `the words appeared by frame ${seen.words}, the first picture by frame ${first}`);
  assert.ok(second > first, `the first picture by frame ${first}, the second by frame ${second}`);
  await context.close();
});
