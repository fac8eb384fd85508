// XII Scripta's other readings of the rules (issue 11) on the page: a rules page for each
// preset the engine knows, with its board and each side's path drawn from the engine's
// geometry, every option the engine gives it in words, and a Play button that starts a game
// under it; the Austin & Murray page links to each of them.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, screenshotPath } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The engine's presets and options, and the board of each preset, from the page's own wasm. */
const engine = (page) => page.evaluate(async () => {
  const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
  await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
  const { presets, options } = wasm.scriptaRules();
  const boards = Object.fromEntries(presets.map(({ id }) => [id, wasm.scriptaGeometry(id)]));
  return { presets, options, boards };
});

/** The drawn cells of the rules page's path diagram: owner, row of its centre, its centre x. */
const drawnCells = (page) => page.$$eval('.rules-page figure svg .mark', (marks) => marks.map((m) => {
  const box = m.querySelector('.cell').getBBox();
  return { owner: m.dataset.owner ?? null, x: box.x + box.width / 2, y: box.y + box.height / 2 };
}));

test('every other reading has a rules page: its board, both paths, its options, Play', async () => {
  const s = await open(browser, '?page=rules&game=scripta');
  await s.page.waitForSelector('[data-rules-page="scripta"]');
  const { presets, options, boards } = await engine(s.page);
  const others = presets.filter((p) => p.id !== 'austin-murray');
  assert.deepEqual(others.map((p) => p.id), ['italian', 'italian-6', 'italian-columns', 'russian']);
  for (const { id, text } of others) {
    await s.page.goto(new URL(`?page=rules&game=scripta&rules=${id}`, s.page.url()).href);
    await s.page.waitForSelector(`[data-rules-page="scripta"] [data-reading="${id}"]`);
    // One picture, with each side's own path over the engine's cells.
    assert.equal(await s.page.locator('.rules-page figure svg').count(), 1, id);
    assert.deepEqual(await s.page.$$eval('.rules-page [data-path]', (p) => p.map((n) => n.dataset.path)), ['albi', 'nigri'], id);
    // Lettered as the Ostia board, whose letters the rules name (in at the A's, off from the E's).
    assert.equal(await s.page.getAttribute('.rules-page figure svg', 'data-board-face'), 'ostia-alphabet', id);
    const cells = await drawnCells(s.page);
    const board = boards[id];
    assert.equal(cells.length, board.cells.length, id);
    for (const side of ['albi', 'nigri']) {
      const own = board.cells.filter((c) => c.owner === side).length;
      assert.ok(own > 0, id);
      assert.equal(cells.filter((c) => c.owner === side).length, own, `${id}: ${side}'s own cells`);
    }
    // Albi's own cells lie left of Nigri's, on one row between the shared rows.
    const albi = cells.filter((c) => c.owner === 'albi');
    const nigri = cells.filter((c) => c.owner === 'nigri');
    const shared = cells.filter((c) => !c.owner);
    assert.ok(Math.max(...albi.map((c) => c.x)) < Math.min(...nigri.map((c) => c.x)), id);
    assert.equal(new Set([...albi, ...nigri].map((c) => c.y)).size, 1, id);
    const middle = albi[0].y;
    assert.ok(shared.some((c) => c.y < middle) && shared.some((c) => c.y > middle), id);
    // The paths pass below the cells' letters, never through one.
    const crossings = await s.page.$$eval('.rules-page [data-path]', (paths) => {
      const letters = [...document.querySelectorAll('.rules-page .letter')].map((l) => l.getBBox());
      const through = [];
      for (const path of paths) {
        for (let at = 0; at < path.getTotalLength(); at += 2) {
          const { x, y } = path.getPointAtLength(at);
          if (letters.some((b) => x > b.x && x < b.x + b.width && y > b.y && y < b.y + b.height)) through.push(`${path.dataset.path} ${Math.round(x)},${Math.round(y)}`);
        }
      }
      return through;
    });
    assert.deepEqual(crossings.slice(0, 3), [], `${id}: a path through a letter`);
    // Each side's path ends in its own exit.
    const ends = await s.page.$$eval('.rules-page [data-path]', (paths) => paths.map((path) => {
      const { x, y } = path.getPointAtLength(path.getTotalLength());
      const b = document.querySelector(`.rules-page .exit-${path.dataset.path} .exit-cell`).getBBox();
      return x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height;
    }));
    assert.deepEqual(ends, [true, true], `${id}: a path ends in its side's exit`);
    // A sentence for each option, as many as the engine has, and the list differs by reading.
    const items = await s.page.$$eval('.rules-page h3 + ul li', (lis) => lis.map((li) => li.textContent));
    assert.ok(items.length >= options.length, id);
    assert.ok(text.split(',').length === options.length, id);
    await s.page.screenshot({ path: screenshotPath(`rules-scripta-${id}.png`), fullPage: true });
  }
  // Play starts a game under the reading whose page it is.
  await s.page.click('[data-action="play"]');
  await s.page.waitForSelector('main[data-rules="russian"] #board[data-position]');
  assert.equal(new URL(s.page.url()).searchParams.get('rules'), 'russian');
  await close(s);
});

test('rules of one\'s own name their path in words: the split track on Ostia\'s letters, the shared S on its numbers', async () => {
  const s = await open(browser, '?page=rules&game=scripta');
  for (const [track, face] of [['split', 'ostia-alphabet'], ['shared', null]]) {
    const rules = `counters=6,dice=2,track=${track}`;
    await s.page.goto(new URL(`?${new URLSearchParams({ page: 'rules', game: 'scripta', rules })}`, s.page.url()).href);
    await s.page.waitForSelector('[data-reading="custom"] figure svg');
    // A caption from the catalogue, never its key (the shared track's was missing).
    assert.doesNotMatch(await s.page.textContent('[data-reading="custom"] figcaption'), /diagram\.path/, track);
    const drawn = await s.page.getAttribute('[data-reading="custom"] figure svg', 'data-board-face');
    if (face) assert.equal(drawn, face, track);
    else assert.notEqual(drawn, 'ostia-alphabet', `${track}: Ostia's letters spell the split path only`);
  }
  await close(s);
});

test('the readings say their options apart: six counters and two dice only where they hold', async () => {
  const s = await open(browser, '?page=rules&game=scripta&rules=italian-6&lang=en');
  await s.page.waitForSelector('[data-reading="italian-6"]');
  const { options } = await engine(s.page);
  const list = (page) => page.$$eval('.rules-page h3', (hs) => [...hs[0].nextElementSibling.children].map((li) => li.textContent));
  const six = await list(s.page);
  assert.equal(six.length, options.length);
  await s.page.goto(new URL('?page=rules&game=scripta&rules=italian&lang=en', s.page.url()).href);
  await s.page.waitForSelector('[data-reading="italian"]');
  const fifteen = await list(s.page);
  // The counters and dice differ, the other eleven options read the same.
  const differ = six.map((line, i) => line !== fifteen[i]);
  assert.deepEqual(differ.map((d, i) => (d ? options[i].key : null)).filter(Boolean), ['counters', 'dice']);
  await close(s);
});

test('the Austin & Murray page links to each other reading; its Play button stays', async () => {
  const s = await open(browser, '?page=rules&game=scripta');
  await s.page.waitForSelector('[data-rules-page="scripta"]');
  const { presets } = await engine(s.page);
  const links = await s.page.$$eval('a[data-reading]', (as) => as.map((a) => a.dataset.reading));
  assert.deepEqual(links, presets.map((p) => p.id).filter((id) => id !== 'austin-murray'));
  assert.equal(await s.page.locator('[data-action="play"]').count(), 1);
  await s.page.click('a[data-reading="russian"]');
  await s.page.waitForSelector('[data-reading="russian"]');
  assert.equal(new URL(s.page.url()).searchParams.get('rules'), 'russian');
  // Inside a game the rules dialog has no links out of it.
  await s.page.goto(new URL('?game=scripta&opponent=human&seed=3', s.page.url()).href);
  await s.page.waitForSelector('body.ready [data-mark="1"]');
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('dialog#rules[open] .rules-page');
  assert.equal(await s.page.locator('dialog#rules a[data-reading]').count(), 0);
  await close(s);
});
