// Embedding: a host page on another origin (a tiny server on a free port) with the one-line
// snippet gets both games as frames, sized through messages; a move played in a frame ends a
// game and the host element hears ludi:gameover; forged or malformed messages are ignored both
// ways.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { BASE, launch } from './helpers.mjs';

const GAME_ORIGIN = new URL(BASE).origin;
// Nigri to bear off their last counter: one tap from the end of the game.
const LAST_MOVE = 'N w15s0o0: w0s0o14:36 1';

const HOST_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>A host</title></head>
<body>
  <h1>Somebody else's page</h1>
  <div id="a" data-ludi-game="scripta" data-opponent="human" data-position="${LAST_MOVE}" data-seed="5"></div>
  <div id="b" data-ludi-game="latrunculi" data-rules="piso" data-opponent="human" data-theme="dark"></div>
  <div id="c" data-ludi-game="scripta" data-opponent="human" data-lang="en"></div>
  <script>
    window.heard = [];
    for (const el of document.querySelectorAll('[data-ludi-game]')) {
      el.addEventListener('ludi:gameover', (e) => heard.push({ id: el.id, ...e.detail }));
    }
  </script>
  <script src="${new URL('embed.js', BASE).href}" defer></script>
</body></html>`;

let browser;
let host;
let hostUrl;
before(async () => {
  browser = await launch();
  host = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(HOST_PAGE);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${host.address().port}/`;
});
after(async () => {
  await browser?.close();
  host?.close();
});

async function hostPage() {
  const context = await browser.newContext({ viewport: { width: 480, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e));
  await page.goto(hostUrl);
  assert.notEqual(new URL(hostUrl).origin, GAME_ORIGIN);
  const frames = {};
  for (const id of ['a', 'b', 'c']) {
    // The frames load lazily, as a reader scrolls to them.
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForSelector(`#${id}[data-ludi-height]`);
    frames[id] = await (await page.$(`#${id} iframe`)).contentFrame();
    await frames[id].waitForSelector('body.ready');
  }
  return { context, page, frames, errors };
}

test('the snippet embeds both games, each sized to its board and told of its own game-over', async () => {
  const { context, page, frames, errors } = await hostPage();
  for (const id of ['a', 'b', 'c']) {
    const iframe = page.locator(`#${id} iframe`);
    assert.ok(await iframe.getAttribute('title'));
    assert.ok((await iframe.getAttribute('src')).startsWith(`${GAME_ORIGIN}/embed.html?game=`));
    const height = Number(await page.getAttribute(`#${id}`, 'data-ludi-height'));
    assert.ok(height > 100, `${id}: ${height}`);
    assert.equal((await iframe.boundingBox()).height, height);
    const frame = frames[id];
    assert.equal(await frame.evaluate(() => document.documentElement.hasAttribute('data-embed')), true);
    assert.equal(await frame.evaluate(() => document.documentElement.dataset.embedHost), new URL(hostUrl).origin);
    assert.equal(await frame.locator('.bar').isVisible().catch(() => false), false, 'no header');
    const full = frame.locator('[data-action="open-full"]');
    assert.equal(await full.getAttribute('target'), '_blank');
    assert.match(await full.getAttribute('href'), new RegExp(`^${GAME_ORIGIN}/\\?game=`));
  }
  assert.equal(await frames.b.evaluate(() => document.documentElement.dataset.theme), 'dark');
  // A narrow frame keeps the phone's portrait layout: sized only once the board is drawn.
  for (const id of ['a', 'c']) {
    const box = await page.locator(`#${id} iframe`).boundingBox();
    assert.ok(box.height > box.width, `${id}: ${box.width}x${box.height}`);
    assert.equal(await frames[id].locator('[data-position]').count(), 1);
  }
  assert.equal(await frames.b.locator('.embed-unavailable').isVisible(), false);
  // Latrunculi through its frame: White places a counter.
  await frames.b.click('[data-square="d4"]');
  assert.equal(await frames.b.getAttribute('[data-square="d4"]', 'data-piece'), 'white');

  // A move through frame a ends its game; only a's element hears it.
  await frames.a.click('[data-mark="36"]');
  await frames.a.click('[data-off="nigri"]');
  await frames.a.waitForSelector('[data-winner]');
  await page.waitForFunction(() => window.heard.length > 0);
  await page.waitForTimeout(300);
  assert.deepEqual(await page.evaluate(() => window.heard), [{ id: 'a', winner: 'nigri', rules: 'austin-murray', turns: 1 }]);
  // Frame c plays on its own.
  assert.equal(await frames.c.getAttribute('[data-position]', 'data-position'), 'A w15s0o0: w15s0o0:');
  assert.deepEqual(errors, []);
  await context.close();
});

test('forged and malformed messages are ignored both ways', async () => {
  const { context, page, frames } = await hostPage();
  const height = () => page.getAttribute('#c', 'data-ludi-height');
  const before = await height();
  const id = await page.getAttribute('#c iframe', 'data-ludi-frame');

  // To the host: the right shape from the wrong window and origin is ignored...
  await page.evaluate((id) => window.postMessage({ ludi: 'embed', v: 1, type: 'gameover', id, winner: 'albi', rules: null, turns: 3 }, '*'), id);
  await page.evaluate((id) => window.postMessage({ ludi: 'embed', v: 1, type: 'resize', id, height: 222 }, '*'), id);
  // ...and so are the wrong shapes from the frame itself.
  for (const message of [
    { ludi: 'embed', v: 1, type: 'resize', id, height: 'tall' },
    { ludi: 'embed', v: 2, type: 'resize', id, height: 250 },
    { ludi: 'embed', v: 1, type: 'resize', id: 'ludi-999', height: 260 },
    { ludi: 'embed', v: 1, type: 'gameover', id, winner: '<b>albi</b>', rules: null, turns: 3 },
    { ludi: 'embed', v: 1, type: 'gameover', id, winner: 'albi', rules: null, turns: -1 },
    'gameover',
    null,
  ]) {
    await frames.c.evaluate((m) => parent.postMessage(m, '*'), message);
  }
  await page.waitForTimeout(300);
  assert.equal(await height(), before);
  assert.deepEqual(await page.evaluate(() => window.heard), []);
  // The same channel does carry a well-formed message, so the checks are what refused the rest.
  // (A little taller keeps the frame portrait, so its layout, hence its own height, stays put.)
  const taller = String(Number(before) + 7);
  await frames.c.evaluate(([id, h]) => parent.postMessage({ ludi: 'embed', v: 1, type: 'resize', id, height: Number(h) }, '*'), [id, taller]);
  await page.waitForFunction((h) => document.querySelector('#c').dataset.ludiHeight === h, taller);

  // To the frame: malformed greetings from the parent, and a good one from the wrong window.
  const ignored = () => frames.c.evaluate(() => Number(document.documentElement.dataset.embedIgnored ?? 0));
  const was = await ignored();
  await page.evaluate(() => {
    const w = document.querySelector('#c iframe').contentWindow;
    w.postMessage({ type: 'hello' }, '*');
    w.postMessage({ ludi: 'embed', v: 1, type: 'hello', id: 42 }, '*');
  });
  await frames.c.evaluate(() => window.postMessage({ ludi: 'embed', v: 1, type: 'hello', id: 'mine' }, '*'));
  await frames.c.waitForFunction((n) => Number(document.documentElement.dataset.embedIgnored) >= n + 3, was);
  assert.equal(await frames.c.evaluate(() => document.documentElement.dataset.embedHost), new URL(hostUrl).origin);
  await context.close();
});
