// A teacher's class through a real ludi-server (issue 28): a teacher on a tablet and six
// pupils, each in a browser context of its own. The teacher opens the class from the home
// screen; five pupils join with the code's link and wait; Start pairs them by arrival (the
// fifth waits); each pupil's board opens by itself; a late sixth pupil reloads while waiting
// and the teacher pairs it by hand with the fifth; a pupil's reload comes back to its own game; Pause stops every
// game and Resume starts them again; one pair plays a whole game and the teacher's wall shows
// its winner; the teacher downloads every record at once; a last pupil, left without a
// partner, plays the computer at the level the teacher picks. Data attributes only.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshotPath, axe } from './helpers.mjs';
import { skipWithoutServer, startServer, freePort, device, playPart } from './online-helpers.mjs';

const skip = skipWithoutServer;

let browser;
let server;
before(async () => {
  if (skip) return;
  browser = await launch();
  server = await startServer(Number(await freePort()), ['--computer-pace-ms', '100']);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const TABLET = { width: 1024, height: 768 };

/** A pupil's device: the code's link, a first name, Join; resolves once it waits. */
async function pupil(code, name) {
  const d = await device(browser, new URL(`/?class=${code}&pace=0`, server.base).href);
  await d.page.fill('input[name="name"]', name);
  await d.page.click('[data-action="join-class"]');
  await d.page.waitForSelector('main[data-class="waiting"]');
  return d;
}

const inGame = (d) => d.page.waitForSelector('[data-seat][data-online="playing"]', { timeout: 20000 });
const gameOf = (d) => new URL(d.page.url()).searchParams.get('online');

test('a teacher pairs six pupils, pauses and resumes every game, sees a whole game end and downloads the records', { skip }, async () => {
  const teacher = await device(browser, new URL('/?pace=0', server.base).href, TABLET);
  await teacher.page.click('[data-opponent="class"]:not([disabled])');
  await teacher.page.click('[data-game="scripta"]');
  await teacher.page.click('[data-action="start"]');
  await teacher.page.waitForSelector('main[data-class="open"]');
  const code = await teacher.page.getAttribute('[data-class-code]', 'data-class-code');
  assert.match(code, /^[ACDEFHJKMNPRTVWXY]{6}$/);
  assert.ok(await teacher.page.$('img.class-qr'), 'a QR code for the projector');

  const names = ['Marcus', '<b>Livia</b>', 'Gaius', 'Julia', 'Titus'];
  const pupils = [];
  for (const name of names) pupils.push(await pupil(code, name));
  await pupils[0].page.screenshot({ path: screenshotPath('class-pupil-waiting.png') });
  await teacher.page.waitForFunction(() => document.querySelectorAll('.class-pupil').length === 5);
  const shown = await teacher.page.$$eval('.class-pupil', (items) => items.map((i) => i.firstChild.textContent));
  assert.deepEqual(shown, names, 'names arrive in order, as text');
  await teacher.page.screenshot({ path: screenshotPath('class-teacher-open.png'), fullPage: true });
  await axe(teacher.page, 'the class before it starts');

  // An odd pupil waits for the next, as the teacher chooses.
  await teacher.page.selectOption('[data-control="class-computer"]', '');
  await teacher.page.click('[data-action="class-start"]');
  await teacher.page.waitForFunction(() => document.querySelectorAll('.wall-game').length === 2);
  for (const d of pupils.slice(0, 4)) await inGame(d);
  assert.equal(await pupils[4].page.getAttribute('main', 'data-class'), 'waiting', 'the odd pupil waits');
  assert.equal(gameOf(pupils[0]), gameOf(pupils[1]), 'paired by arrival');
  assert.notEqual(gameOf(pupils[0]), gameOf(pupils[2]));
  assert.deepEqual(await Promise.all(pupils.slice(0, 2).map((d) => d.page.getAttribute('[data-seat]', 'data-seat'))), ['albi', 'nigri']);

  // A late pupil whose tablet reloads while waiting is still in the class, and is paired
  // with the one left over.
  const late = await pupil(code, 'Quintus');
  await late.page.reload();
  await late.page.waitForSelector('main[data-class="waiting"]');
  // The teacher pairs them by hand, the late one first: it takes the first seat.
  await teacher.page.waitForFunction(() => document.querySelectorAll('.class-pupil[data-paired="false"]').length === 2);
  await teacher.page.click('.class-pupil[data-pupil="6"] [data-action="pick-pupil"]');
  await teacher.page.click('.class-pupil[data-pupil="5"] [data-action="pick-pupil"]');
  assert.equal(await teacher.page.getAttribute('.class-pupil[data-pupil="5"]', 'data-pair'), '1');
  await teacher.page.screenshot({ path: screenshotPath('class-teacher-pairs.png') });
  await teacher.page.click('[data-action="class-start"]');
  await teacher.page.waitForFunction(() => document.querySelectorAll('.wall-game').length === 3);
  // Nobody waits: Start and the computer's level stand aside until a pupil arrives.
  await teacher.page.waitForSelector('[data-action="class-start"]', { state: 'hidden' });
  assert.equal(await teacher.page.isVisible('[data-control="class-computer"]'), false);
  await inGame(late);
  await inGame(pupils[4]);
  assert.equal(gameOf(late), gameOf(pupils[4]));
  assert.equal(await late.page.getAttribute('[data-seat]', 'data-seat'), 'albi', 'the teacher\'s pair, not arrival order');

  // A reload comes back to the pupil's own game.
  const before = gameOf(pupils[2]);
  await pupils[2].page.reload();
  await inGame(pupils[2]);
  assert.equal(gameOf(pupils[2]), before);

  await teacher.page.click('[data-action="class-pause"]');
  await teacher.page.waitForSelector('main[data-class="paused"]');
  for (const d of [pupils[0], pupils[3], late]) await d.page.waitForSelector('[data-seat][data-paused="true"]');
  await teacher.page.waitForFunction(() => [...document.querySelectorAll('.wall-game')].every((g) => g.dataset.paused === 'true'));
  await pupils[0].page.screenshot({ path: screenshotPath('class-pupil-paused.png') });
  assert.equal(await playPart(pupils[0].page, 1, true), 0, 'nothing to do while paused');
  await teacher.page.click('[data-action="class-resume"]');
  await teacher.page.waitForSelector('main[data-class="playing"]');
  await pupils[0].page.waitForSelector('[data-seat][data-paused="false"]');

  // One pair plays its whole game; the wall shows how it ended.
  const started = Date.now();
  await Promise.all([playPart(pupils[0].page), playPart(pupils[1].page)]);
  console.log(`a whole game with the wall watching: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const winner = await pupils[0].page.getAttribute('#game-over', 'data-winner');
  assert.ok(['albi', 'nigri'].includes(winner));
  const card = `.wall-game[data-game="${gameOf(pupils[0])}"]`;
  await teacher.page.waitForSelector(`${card}[data-status="over"][data-winner="${winner}"]`);
  // The card's score is the one the pupils' trays show: the counters each side bore off.
  for (const side of ['albi', 'nigri']) {
    const off = await pupils[0].page.getAttribute(`[data-tray="${side}"]`, 'data-borne-off');
    await teacher.page.waitForSelector(`${card} .wall-score[data-score="borneOff"][data-score-${side}="${off}"]`);
  }
  await teacher.page.click(`${card} [data-action="wall-open"]`);
  assert.equal(await teacher.page.getAttribute(`${card} [data-action="wall-open"]`, 'aria-expanded'), 'true');
  await teacher.page.screenshot({ path: screenshotPath('class-teacher-wall.png'), fullPage: true });
  await axe(teacher.page, 'the wall of games');

  const [download] = await Promise.all([teacher.page.waitForEvent('download'), teacher.page.click('[data-action="class-records"]')]);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  assert.equal(text.match(/^Game: XII Scripta$/gm)?.length, 3, text);
  assert.ok(text.includes('Albi: Marcus') && text.includes('Nigri: <b>Livia</b>'), text);
  assert.ok(text.includes('Albi: Quintus') && text.includes('Nigri: Titus'), text);

  // The finished game opens in the replay view, with the computer's opinion of its turns.
  const teachUrl = teacher.page.url();
  await teacher.page.click(`${card} [data-action="class-replay"]`);
  await teacher.page.waitForSelector('#replay .replay-turn[data-turn]');
  const shownTurns = await teacher.page.locator('.replay-turn[data-turn]').count();
  assert.ok(shownTurns > 20, `the replay shows ${shownTurns} turns of a whole game`);
  await teacher.page.click('.replay-turn[data-turn="3"]');
  await teacher.page.waitForSelector('.replay-opinion[data-judged]', { timeout: 30000 });

  // A last pupil, alone, plays the computer at the teacher's level, which answers each turn.
  await teacher.page.goto(teachUrl);
  await teacher.page.waitForSelector('main[data-class="playing"]');
  const last = await pupil(code, 'Decimus');
  await teacher.page.waitForFunction(() => document.querySelectorAll('.class-pupil[data-paired="false"]').length === 1);
  await teacher.page.selectOption('[data-control="class-computer"]', 'medium');
  await teacher.page.click('[data-action="class-start"]');
  await inGame(last);
  assert.equal(await last.page.getAttribute('.online-person[data-side="nigri"]', 'data-computer'), 'medium');
  await teacher.page.waitForSelector(`.wall-game[data-game="${gameOf(last)}"]`);
  const acts = await playPart(last.page, 8);
  const version = Number(await last.page.getAttribute('[data-seat]', 'data-version'));
  assert.ok(version >= acts + 2, `the computer played between the pupil's turns (${acts} acts, version ${version})`);
  await last.page.screenshot({ path: screenshotPath('class-pupil-computer.png') });

  for (const d of [teacher, ...pupils, late, last]) assert.deepEqual(d.errors, []);
  await Promise.all([teacher, ...pupils, late, last].map((d) => d.context.close()));
});
