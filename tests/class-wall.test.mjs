// The teacher's wall at a class's largest (issue 28): sixty pupils join (over HTTP, as their
// tablets would), Start makes thirty XII Scripta games, and the wall on a tablet shows a card
// for each, drawn by the board component. Prints, against the budget of one frame (about
// 16.7 ms; figures, not assertions), how long the wall takes to build its thirty boards in one
// go, and to redraw all thirty in one frame when every game's first player has thrown.
// Screenshots in landscape and portrait.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshotPath } from './helpers.mjs';
import { skipWithoutServer, startServer, freePort, device } from './online-helpers.mjs';

const skip = skipWithoutServer;
const PUPILS = 60;

let browser;
let server;
before(async () => {
  if (skip) return;
  browser = await launch();
  server = await startServer(Number(await freePort()));
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function api(path, options = {}) {
  const response = await fetch(new URL(path, server.base), {
    ...options, headers: { 'content-type': 'application/json', ...options.headers },
  });
  assert.ok(response.ok, `${path}: ${response.status}`);
  return response.json();
}

/** The `wall-redraw` measures since `from` (ms on the page's clock): {games, ms} each. */
const redraws = (page, from) => page.evaluate((from) => performance.getEntriesByName('wall-redraw')
  .filter((e) => e.startTime >= from)
  .map((e) => ({ games: e.detail.games, ms: e.duration })), from);

test('the wall of a full class: thirty games drawn together, the redraw measured', { skip }, async () => {
  const teacher = await device(browser, new URL('/?pace=0', server.base).href, { width: 1024, height: 768 });
  await teacher.page.click('[data-opponent="class"]:not([disabled])');
  await teacher.page.click('[data-game="scripta"]');
  await teacher.page.click('[data-action="start"]');
  await teacher.page.waitForSelector('main[data-class="open"]');
  const code = await teacher.page.getAttribute('[data-class-code]', 'data-class-code');
  const id = new URL(teacher.page.url()).searchParams.get('teach');

  const tokens = [];
  for (let i = 1; i <= PUPILS; i++) {
    const joined = await api(`/api/class-codes/${code}/join`, { method: 'POST', body: JSON.stringify({ name: `Pupil ${i}` }) });
    tokens.push(joined.token);
  }
  await teacher.page.waitForFunction((n) => document.querySelectorAll('.class-pupil').length === n, PUPILS);
  await teacher.page.click('[data-action="class-start"]');
  await teacher.page.waitForFunction((n) => document.querySelectorAll('.wall-game .wall-picture svg').length === n, PUPILS / 2);

  // The whole wall built again, its engine loaded: away to the home screen and back.
  await teacher.page.click('header [data-action="home"]');
  await teacher.page.waitForSelector('[data-opponent]');
  const from = await teacher.page.evaluate(() => performance.now());
  await teacher.page.goBack();
  await teacher.page.waitForFunction((n) => document.querySelectorAll('.wall-game .wall-picture svg').length === n, PUPILS / 2);
  const whole = await redraws(teacher.page, from);
  assert.deepEqual(whole.map((r) => r.games), [PUPILS / 2], 'every card in one frame\'s batch');
  console.log(`# the wall's ${whole[0].games} boards built in one go in ${whole[0].ms.toFixed(1)} ms (one frame: 16.7 ms)`);
  await teacher.page.screenshot({ path: screenshotPath('class-wall-30-landscape.png') });

  // Every game's first player throws at once; the wall batches what arrives within a frame.
  const albi = [];
  for (const token of tokens) {
    const { paired } = await api(`/api/classes/${id}/pupil`, { headers: { authorization: `Bearer ${token}` } });
    if (paired.seat === 'albi') albi.push({ game: paired.game, token });
  }
  assert.equal(albi.length, PUPILS / 2);
  const driver = await device(browser, server.base);
  // The teacher's frames are held until every throw has reached its card, so the wall
  // redraws all thirty in the one frame that follows, as when they arrive together.
  const before = await teacher.page.evaluate(() => {
    const held = [];
    window.heldFrames = held;
    window.realFrame = window.requestAnimationFrame;
    window.requestAnimationFrame = (callback) => held.push(callback);
    return performance.now();
  });
  await driver.page.evaluate((seats) => Promise.all(seats.map(({ game, token }) => new Promise((resolve, reject) => {
    const ws = new WebSocket(new URL('/ws', location.href).href.replace(/^http/, 'ws'));
    ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', game, token }));
    ws.onerror = reject;
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.t === 'welcome') ws.send(JSON.stringify({ t: 'throw', v: 0 }));
      if (frame.t === 'state') resolve(ws.close());
      if (frame.t === 'refused') reject(new Error(frame.code));
    };
  }))), albi);
  await teacher.page.waitForFunction(() => [...document.querySelectorAll('.wall-game')].every((g) => g.dataset.version === '1'));
  await teacher.page.evaluate(() => {
    window.requestAnimationFrame = window.realFrame;
    for (const callback of window.heldFrames.splice(0)) window.requestAnimationFrame(callback);
  });
  await teacher.page.waitForFunction((from) => performance.getEntriesByName('wall-redraw')
    .filter((e) => e.startTime >= from).length > 0, before);
  const updates = await redraws(teacher.page, before);
  assert.deepEqual(updates.map((r) => r.games), [PUPILS / 2], 'thirty games redrawn in one frame');
  console.log(`# all ${updates[0].games} boards redrawn in one frame in ${updates[0].ms.toFixed(1)} ms (one frame: 16.7 ms)`);

  await teacher.page.setViewportSize({ width: 768, height: 1024 });
  await teacher.page.screenshot({ path: screenshotPath('class-wall-30-portrait.png') });
  assert.deepEqual(teacher.errors, []);
  await Promise.all([teacher, driver].map((d) => d.context.close()));
});
