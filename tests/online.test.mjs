// Online play through a real ludi-server (issue 27): two browser contexts are two devices,
// a third watches. A whole XII Scripta game and a whole Latrunculi game at pace 0; the
// watcher sees every version; the invite works once; a name with markup stays text; a socket
// cut mid-turn comes back to the same state; the server killed hard and started again on the
// same data brings both pages back and the game goes on; the game stays on home to reopen;
// without the server the choice says it is unavailable. Data attributes and engine positions
// only, never English sentences.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshotPath, says, axe, holdEngine } from './helpers.mjs';
import {
  skipWithoutServer, startServer, freePort, device, create, join, drop, playPart, someActions, position, version, reaches,
} from './online-helpers.mjs';

const skip = skipWithoutServer;

let browser;
let server;
before(async () => {
  if (skip) return;
  browser = await launch();
  server = await startServer(Number(process.env.LUDI_ONLINE_PORT ?? await freePort()));
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const closeAll = (...devices) => Promise.all(devices.map((d) => d.context.close()));
const seat = (d) => d.page.getAttribute('[data-seat]', 'data-seat');
const linkUp = (d) => d.page.waitForSelector('[data-seat][data-link="up"]', { timeout: 30000 });
const noErrors = (...devices) => assert.deepEqual(devices.flatMap((d) => d.errors), []);

/** Every version the page shows, as it shows them (kept in the page from now on). */
const watchVersions = (page) => page.evaluate(() => {
  const root = document.querySelector('[data-seat]');
  window.seenVersions = [Number(root.dataset.version)];
  new MutationObserver(() => {
    const v = Number(root.dataset.version);
    if (v !== window.seenVersions.at(-1)) window.seenVersions.push(v);
  }).observe(root, { attributes: true, attributeFilter: ['data-version'] });
});

test('a whole XII Scripta game through the server, a watcher seeing every move, the record downloaded', { skip }, async () => {
  const a = await device(browser);
  const b = await device(browser);
  const made = await create(a, server.base, { game: 'scripta', side: 'albi', name: 'Marcus' });
  assert.equal(await seat(a), 'albi');
  // Nobody is to move while the friend has not come.
  assert.equal(await a.page.locator('[data-tray].to-move').count(), 0);
  await join(b, made.invite, 'Julia');
  assert.equal(await seat(b), 'nigri');
  assert.equal(new URL(b.page.url()).searchParams.get('invite'), null, 'the joined link carries no code');
  const token = await b.page.evaluate((id) => JSON.parse(localStorage.getItem('ludi-romani.online.v1'))[id].token, made.id);
  assert.ok(token.length >= 22 && !b.page.url().includes(token), 'the token is in storage, never in the link');
  await a.page.waitForSelector('[data-seat][data-online="playing"]');
  assert.equal(await a.page.$('#online-invite'), null, 'the invite card goes once the friend has joined');
  await a.page.waitForSelector('[data-tray="albi"].to-move');

  const w = await device(browser, `${made.watch}&pace=0`);
  await w.page.waitForSelector('[data-seat="watch"]');
  await watchVersions(w.page);
  const [played] = await Promise.all([playPart(a.page), playPart(b.page)]);
  assert.ok(played > 50, `albi made only ${played} actions`);
  const last = await version(a.page);
  await reaches(w.page, last);
  for (const d of [a, b, w]) assert.equal(await d.page.getAttribute('[data-seat]', 'data-online'), 'over');
  const winner = await a.page.getAttribute('#game-over', 'data-winner');
  assert.ok(['albi', 'nigri'].includes(winner));
  assert.equal(await b.page.getAttribute('#game-over', 'data-winner'), winner);
  assert.equal(await w.page.getAttribute('#game-over', 'data-winner'), winner);
  assert.equal(await a.page.getAttribute('[data-tray="' + winner + '"]', 'data-borne-off'), '15');
  assert.equal(await position(w.page), await position(a.page));
  assert.equal(await position(b.page), await position(a.page));
  const seen = await w.page.evaluate(() => window.seenVersions);
  const first = seen[0];
  assert.deepEqual(seen, Array.from({ length: last - first + 1 }, (_, i) => first + i), 'the watcher saw every version in order');
  assert.deepEqual(await a.page.getAttribute('#game-over-title', 'data-say'), winner === 'albi' ? 'gameOver.you.won' : 'gameOver.you.lost');

  const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.click('#game-over [data-action="record-download"]')]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  assert.match(text, /XII Scripta/);
  assert.ok(text.split('\n').length > 20, 'the record holds the game');
  await a.page.screenshot({ path: screenshotPath('online-scripta-over.png') });
  noErrors(a, b, w);
  await closeAll(a, b, w);
});

test('a whole Latrunculi game through the server', { skip }, async () => {
  const a = await device(browser);
  const b = await device(browser, null, { width: 768, height: 1024 });
  const made = await create(a, server.base, { game: 'latrunculi', side: 'black', name: 'Marcus' });
  assert.equal(await seat(a), 'black');
  assert.equal(await a.page.locator('[data-camp].to-move').count(), 0, 'nobody is to move before the friend comes');
  await join(b, made.invite, 'Julia');
  assert.equal(await seat(b), 'white');
  await a.page.waitForSelector('[data-seat][data-online="playing"]');
  await a.page.waitForSelector('[data-camp="white"].to-move');
  // The server keeps an online game: no "not saved" mark, though the page saves nothing.
  assert.ok(await a.page.locator('[data-unsaved]').isHidden());
  await Promise.all([playPart(a.page), playPart(b.page)]);
  const v = await version(a.page);
  await reaches(b.page, v);
  assert.equal(await position(b.page), await position(a.page));
  const winner = await a.page.getAttribute('#game-over', 'data-winner');
  assert.ok(['white', 'black', 'draw'].includes(winner), winner);
  assert.ok(await a.page.getAttribute('#game-over', 'data-reason'));
  noErrors(a, b);
  await closeAll(a, b);
});

test('the invite works once, and a name with markup stays text everywhere', { skip }, async () => {
  const a = await device(browser);
  const b = await device(browser);
  const c = await device(browser);
  const made = await create(a, server.base, { game: 'scripta', name: 'Marcus <b>bold</b>' });
  await b.page.goto(`${made.invite}&pace=0`);
  await b.page.waitForSelector('[data-action="join"]');
  assert.match(await b.page.textContent('.online-invited'), /<b>bold<\/b>/);
  assert.equal(await b.page.$('main b'), null, 'no element made of the name');
  assert.equal(await b.page.getAttribute('main', 'data-online'), 'invite');
  await b.page.screenshot({ path: screenshotPath('online-join-390.png') });
  await b.page.fill('input[name="name"]', '<img src=x onerror=alert(1)>');
  await b.page.click('[data-action="join"]');
  await b.page.waitForSelector('[data-seat][data-online="playing"]');
  for (const d of [a, b]) {
    await d.page.waitForSelector('[data-seat][data-online="playing"]');
    const made = await d.page.evaluate(() => ({
      bold: [...document.querySelectorAll('b')].filter((e) => e.textContent === 'bold').length,
      images: document.querySelectorAll('img[src="x"]').length,
    }));
    assert.deepEqual(made, { bold: 0, images: 0 }, 'no element made of a name');
  }
  assert.match(await a.page.textContent('.online-people'), /<img src=x/);

  await c.page.goto(made.invite);
  await c.page.waitForSelector('[data-notice="online.used"]');
  const again = await fetch(new URL(`/api/games/${made.id}/join`, server.base), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: new URL(made.invite).searchParams.get('invite'), name: 'Gaius' }),
  });
  assert.equal(again.status, 409);
  assert.equal((await again.json()).code, 'invite-used');
  noErrors(a, b, c);
  await closeAll(a, b, c);
});

test('a socket cut mid-turn comes back by itself to the same state, and the game goes on', { skip }, async () => {
  const a = await device(browser);
  const b = await device(browser);
  const made = await create(a, server.base, { game: 'scripta', side: 'albi', name: 'Marcus' });
  await join(b, made.invite, 'Julia');
  await a.page.waitForSelector('[data-seat][data-online="playing"]');
  // Albi throws and plays one step: mid-turn.
  const start = await version(a.page);
  await a.page.click('[data-action="throw"]');
  await reaches(a.page, start + 1);
  const before = await version(a.page);
  await a.page.click('[data-selectable]');
  await a.page.click('[data-target]');
  await reaches(a.page, before + 1);
  const mid = { position: await position(a.page), version: await version(a.page) };
  await drop(a);
  await a.page.waitForSelector('[data-seat][data-link="down"]');
  await b.page.waitForFunction(() => document.querySelector('.online-person[data-side="albi"]')?.dataset.here === 'false', null, { timeout: 15000 });
  await linkUp(a);
  assert.equal(await position(a.page), mid.position);
  assert.equal(await version(a.page), mid.version);
  await b.page.waitForFunction(() => document.querySelector('.online-person[data-side="albi"]')?.dataset.here === 'true', null, { timeout: 15000 });
  // A reload is a reconnect too: the token is in this device's storage, the game as it was.
  await a.page.reload();
  await a.page.waitForSelector('[data-seat="albi"][data-link="up"]');
  assert.equal(await position(a.page), mid.position);
  await someActions([a, b], 6);
  assert.equal(await position(a.page), await position(b.page));
  noErrors(a, b);

  // Home lists the unfinished online game; Resume opens it.
  await a.page.goto(server.base);
  await a.page.waitForSelector(`[data-action="resume-online"][data-online="${made.id}"]`);
  await a.page.screenshot({ path: screenshotPath('online-home-listed-390.png'), fullPage: true });
  await a.page.click(`[data-action="resume-online"][data-online="${made.id}"]`);
  await a.page.waitForSelector('[data-seat="albi"][data-link="up"]');
  assert.equal(await position(a.page), await position(b.page));
  await closeAll(a, b);
});

/** Kills `server` hard mid-game and starts it again: both pages reconnect, nothing is lost. */
async function killedAndBack(server) {
  const a = await device(browser);
  const b = await device(browser);
  const made = await create(a, server.base, { game: 'latrunculi', side: 'white', name: 'Marcus' });
  await join(b, made.invite, 'Julia');
  await a.page.goto(new URL(`/?online=${made.id}&pace=0`, server.base).href);
  await a.page.waitForSelector('[data-seat][data-online="playing"]');
  await someActions([a, b], 5);
  const kept = { position: await position(a.page), version: await version(a.page) };
  await server.kill();
  await a.page.waitForSelector('[data-seat][data-link="down"]', { timeout: 15000 });
  await b.page.waitForSelector('[data-seat][data-link="down"]', { timeout: 15000 });
  await server.start();
  await Promise.all([linkUp(a), linkUp(b)]);
  for (const d of [a, b]) {
    assert.equal(await version(d.page), kept.version, 'nothing acknowledged was lost');
    assert.equal(await position(d.page), kept.position);
  }
  await someActions([a, b], 5);
  assert.equal(await version(a.page), kept.version + 5);
  assert.equal(await position(a.page), await position(b.page));
  noErrors(a, b);
  await closeAll(a, b);
}

test('the server killed hard and started again: both pages reconnect and the game goes on', { skip }, () => killedAndBack(server));

const postgres = process.env.LUDI_TEST_POSTGRES;
test('the same under PostgreSQL', { skip: skip || (!postgres && 'LUDI_TEST_POSTGRES is not set') }, async () => {
  const onPostgres = await startServer(await freePort(), [], { DATABASE_URL: postgres });
  try {
    await killedAndBack(onPostgres);
  } finally {
    await onPostgres.stop();
  }
});

test('a friend away long enough can be claimed against; giving up hands the other the win', { skip }, async () => {
  const a = await device(browser);
  const b = await device(browser);
  const made = await create(a, server.base, { game: 'scripta', side: 'albi', name: 'Marcus' });
  await join(b, made.invite, 'Julia');
  await a.page.waitForSelector('[data-seat][data-online="playing"]');
  await b.context.close();
  await a.page.waitForSelector('.online-person[data-side="nigri"][data-here="false"]', { timeout: 15000 });
  // Shown at once, open only after the test server's claim time of three seconds.
  assert.equal(await a.page.getAttribute('[data-action="claim"]', 'data-claimable'), 'false');
  assert.equal(await a.page.isDisabled('[data-action="claim"]'), true, 'too early: not to be pressed');
  await a.page.waitForSelector('[data-action="claim"][data-claimable="true"]:not([disabled])', { timeout: 6000 });
  await a.page.click('[data-action="claim"]:not([hidden])');
  await a.page.waitForSelector('[data-seat][data-online="over"]');
  assert.equal(await a.page.getAttribute('#game-over', 'data-winner'), 'albi');
  assert.equal(await a.page.getAttribute('#game-over', 'data-end'), 'claimed');
  noErrors(a);
  await a.context.close();

  const c = await device(browser);
  const d = await device(browser);
  const second = await create(c, server.base, { game: 'latrunculi', side: 'white', name: 'Marcus' });
  await join(d, second.invite, 'Julia');
  d.page.on('dialog', (dialog) => dialog.accept());
  await d.page.click('[data-action="abandon"]');
  for (const x of [c, d]) {
    await x.page.waitForSelector('[data-seat][data-online="over"]');
    assert.equal(await x.page.getAttribute('#game-over', 'data-winner'), 'white');
    assert.equal(await x.page.getAttribute('#game-over', 'data-end'), 'abandoned');
  }
  noErrors(c, d);
  await closeAll(c, d);
});

test('a forged token, an unknown game and a link without a seat each say so, with a way home', { skip }, async () => {
  const a = await device(browser);
  const made = await create(a, server.base, { game: 'latrunculi', name: 'Marcus' });
  const d = await device(browser);
  await d.page.goto(server.base);
  await d.page.evaluate((id) => localStorage.setItem('ludi-romani.online.v1', JSON.stringify({
    [id]: { token: 'A'.repeat(43), seat: 'black', game: 'latrunculi', at: 1 },
    nosuchgame: { token: 'B'.repeat(43), seat: 'white', game: 'latrunculi', at: 2 },
  })), made.id);
  for (const [query, notice] of [[`?online=${made.id}`, 'online.bad-token'], ['?online=nosuchgame', 'online.unknown-game'], ['?online=abcdefghjk', 'online.notHere']]) {
    await d.page.goto(new URL(query, server.base).href);
    await d.page.waitForSelector(`[data-notice="${notice}"] [data-action="home"]`);
  }
  assert.equal(await a.page.getAttribute('[data-seat]', 'data-online'), 'waiting', 'the real seat is untouched');
  noErrors(a, d);
  await closeAll(a, d);
});

test('without the game server the third way says it is unavailable, and the rest works', { skip }, async () => {
  const d = await device(browser);
  await d.page.route('**/api/online', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await d.page.goto(server.base);
  await d.page.waitForSelector('body.ready');
  await d.page.waitForSelector('[data-opponent="online"][disabled]');
  await d.page.click('[data-opponent="human"]');
  await d.page.click('[data-action="start"]');
  await d.page.waitForSelector('[data-position]');
  assert.equal(await d.page.$('[data-seat]'), null, 'pass and play as ever');
  noErrors(d);
  await closeAll(d);
});

test('the online screens at a phone\'s and a tablet\'s size (screenshots to look at)', { skip }, async () => {
  for (const [width, height] of [[390, 844], [768, 1024]]) {
    const size = { width, height };
    const a = await device(browser, null, size);
    const b = await device(browser, null, size);
    await a.page.goto(new URL('/?pace=0', server.base).href);
    await a.page.waitForSelector('body.ready');
    await a.page.click('[data-opponent="online"]:not([disabled])');
    await a.page.fill('input[name="name"]', 'Marcus');
    await a.page.$eval('input[name="name"]', (input) => input.scrollIntoView({ block: 'center' }));
    await a.page.screenshot({ path: screenshotPath(`online-home-name-${width}.png`) });
    await a.page.evaluate(() => window.scrollTo(0, 0));
    await a.page.screenshot({ path: screenshotPath(`online-home-${width}.png`) });
    const made = await create(a, server.base, { game: 'scripta', side: 'albi', name: 'Marcus' });
    await a.page.screenshot({ path: screenshotPath(`online-invite-${width}.png`) });
    if (width === 390) await axe(a.page, 'the invite card');
    await b.page.goto(`${made.invite}&pace=0`);
    await b.page.waitForSelector('[data-action="join"]');
    await b.page.screenshot({ path: screenshotPath(`online-join-${width}.png`) });
    const fits = await b.page.$eval('.online-join', (card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll('input, button')].every((e) => {
        const r = e.getBoundingClientRect();
        return r.left >= box.left && r.right <= Math.min(box.right, document.documentElement.clientWidth);
      });
    });
    assert.ok(fits, `the name field and Join sit inside the card at ${width}px`);
    if (width === 390) await axe(b.page, 'the friend\'s first screen');
    await b.page.fill('input[name="name"]', 'Julia');
    await b.page.click('[data-action="join"]');
    for (const d of [a, b]) await d.page.waitForSelector('[data-seat][data-online="playing"]');
    await someActions([a, b], 9);
    await a.page.screenshot({ path: screenshotPath(`online-game-albi-${width}.png`) });
    await b.page.screenshot({ path: screenshotPath(`online-game-nigri-${width}.png`) });
    if (width === 390) await axe(b.page, 'an online game');
    const other = await create(a, server.base, { game: 'latrunculi', side: 'white', name: 'Marcus' });
    await join(b, other.invite, 'Julia');
    await someActions([a, b], 46);
    await a.page.screenshot({ path: screenshotPath(`online-game-white-${width}.png`) });
    await b.page.screenshot({ path: screenshotPath(`online-game-black-${width}.png`) });
    noErrors(a, b);
    await closeAll(a, b);
  }
});

test('an invitation joined on a screen left meanwhile keeps its seat and leaves the new screen alone', { skip }, async () => {
  const a = await device(browser);
  const made = await create(a, server.base, { game: 'latrunculi', name: 'Marcus' });
  const b = await device(browser);
  // The server's answer to Join is slow to come.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await b.page.route(/\/api\/games\/[^/]+\/join$/, async (route) => {
    await held;
    await route.continue();
  });
  const link = new URL(made.invite);
  link.searchParams.set('pace', '0');
  await b.page.goto(link.href);
  await b.page.fill('input[name="name"]', 'Livia');
  await b.page.click('[data-action="join"]');
  // Another language before the answer: the invitation's screen is drawn again.
  await b.page.selectOption('[data-action="language"]', 'it');
  await b.page.waitForSelector('html[lang="it"] [data-action="join"]:not([disabled])');
  release();
  await b.page.waitForTimeout(1000);
  assert.equal(await b.page.locator('[data-online="connecting"], [data-seat]').count(), 0, 'the left screen draws nothing');
  assert.ok(await b.page.locator('[data-action="join"]').isVisible());
  // Join on the new screen: the invitation is used, by this visitor, whose seat is here.
  await b.page.fill('input[name="name"]', 'Livia');
  await b.page.click('[data-action="join"]');
  await b.page.waitForSelector('[data-seat][data-online="playing"]');
  assert.equal(new URL(b.page.url()).searchParams.get('invite'), null);
  noErrors(a, b);
  await closeAll(a, b);
});

test('an online game left while it connects leaves the screen that took its place alone', { skip }, async () => {
  const a = await device(browser);
  const made = await create(a, server.base, { game: 'latrunculi', name: 'Marcus' });
  // The home screen's Resume connects again; the server's answer is slow to come.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await a.context.routeWebSocket(/\/ws$/, (ws) => {
    const upstream = ws.connectToServer();
    upstream.onMessage(async (message) => {
      await held;
      ws.send(message);
    });
  });
  await a.page.goto(new URL('/?pace=0', server.base).href);
  await a.page.click(`[data-action="resume-online"][data-online="${made.id}"]`);
  await a.page.waitForSelector('[data-online="connecting"]');
  // Back to the home screen before the welcome: when it comes, nothing of the game is drawn.
  // (Released at once, so the welcome beats the page's own check, each second, that it was left.)
  await a.page.goBack();
  release();
  await a.page.waitForSelector('[data-action="resume-online"]');
  await a.page.waitForTimeout(500);
  assert.equal(await a.page.locator('#online-invite, [data-seat], [data-online="connecting"]').count(), 0);
  assert.ok(await a.page.locator('[data-action="start"]').isVisible());
  // The same once connected, while the game's engine is on its way (from the network: the
  // offline copy would have it at once).
  await a.page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  const engine = await holdEngine(a.context, 'latrunculi');
  await a.page.goto(new URL('/?pace=0', server.base).href);
  await a.page.click(`[data-action="resume-online"][data-online="${made.id}"]`);
  await a.page.waitForSelector('header [data-action="rules"][disabled]');
  await a.page.goBack();
  await a.page.waitForSelector('[data-action="resume-online"]');
  const title = await a.page.title();
  engine();
  await a.page.waitForTimeout(500);
  assert.equal(await a.page.locator('#online-invite, [data-seat]').count(), 0);
  assert.equal(await a.page.title(), title, 'the home screen keeps its title');
  noErrors(a);
  await closeAll(a);
});
