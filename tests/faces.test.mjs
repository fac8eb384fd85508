// The inscribed boards (faces) of XII Scripta: a link's face puts its letters on the board's
// cells, the home screen's choice outlives a reload and reaches the game, an unknown face is
// told and gives the default (Trier), and the rules page draws every face the engine lists.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, says } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/**
 * What the engine the page has loaded says: every face, and the cell (row, col) of each mark.
 * The module is the page's own instance, already initialised.
 */
const engine = (page) => page.evaluate(async () => {
  const wasm = await import(new URL('pkg/scripta.js', document.baseURI).href);
  await wasm.default({ module_or_path: new URL('pkg/scripta_bg.wasm', document.baseURI) });
  const game = new wasm.ScriptaGame('1');
  const cells = game.geometry().cells.map(({ mark, row, col, letter }) => ({ mark, row, col, letter }));
  game.free();
  return { faces: wasm.scriptaFaces(), cells };
});

/** The game board's face and its letters by mark. */
async function board(page) {
  const svg = page.locator('#board svg');
  const letters = await page.$$eval('#board [data-mark]', (nodes) =>
    Object.fromEntries(nodes.map((n) => [n.dataset.mark, n.dataset.letter])));
  return { face: await svg.getAttribute('data-board-face'), letters };
}

/** A face's letter at a cell: its line's letters left to right, one a column. */
const letterAt = (face, row, col) => face.lines[row].split(' ').join('')[col];

/** Fails unless every mark carries the letter `face` has at the mark's cell. */
function assertDrawn(drawn, face, cells) {
  assert.equal(drawn.face, face.id);
  assert.equal(Object.keys(drawn.letters).length, cells.length);
  for (const { mark, row, col } of cells) {
    assert.equal(drawn.letters[mark], letterAt(face, row, col), `mark ${mark}`);
  }
}

test('a link\'s face puts its letters on the board, cell by cell', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&face=venari-lavari');
  const { faces, cells } = await engine(s.page);
  const drawn = await board(s.page);
  assertDrawn(drawn, faces.find((f) => f.id === 'venari-lavari'), cells);
  // The track runs as an S, but each row reads left to right: marks 1-12, then 24 down to 13.
  const read = (marks) => marks.map((m) => drawn.letters[m]).join('');
  assert.equal(read([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), 'VENARILAVARI');
  assert.equal(read([24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13]), 'LUDERERIDERE');
  assert.equal(read([25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]), 'OCCESTVIVERE');
  await close(s);
});

test('the face chosen on the home screen outlives a reload and reaches the game', async () => {
  const s = await open(browser, '');
  const { page } = s;
  const { faces, cells } = await engine(page);
  await page.click('[data-game="scripta"]');
  const picker = page.locator('select[data-choice="face"]');
  assert.deepEqual(await picker.locator('option').evaluateAll((os) => os.map((o) => o.value)), faces.map((f) => f.id));
  assert.equal(await picker.inputValue(), faces[0].id, 'Trier by default');
  await picker.selectOption('ostia-alphabet');
  // The home screen's picture of the board takes the new letters.
  await page.waitForSelector('[data-game="scripta"] svg[data-board-face="ostia-alphabet"]');
  await page.reload();
  await page.waitForSelector('body.ready');
  assert.equal(await page.locator('select[data-choice="face"]').inputValue(), 'ostia-alphabet');
  // Latrunculi has no faces: its card offers none.
  await page.click('[data-game="latrunculi"]');
  assert.equal(await page.locator('select[data-choice="face"]').count(), 0);
  await page.click('[data-game="scripta"]');
  await page.click('[data-opponent="human"]');
  await page.click('[data-action="start"]');
  await page.waitForSelector('#board svg');
  await page.waitForSelector('body.ready');
  assertDrawn(await board(page), faces.find((f) => f.id === 'ostia-alphabet'), cells);
  await close(s);
});

test('an unknown face is told and the Trier board is drawn', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&face=pompeii');
  await says(s.page, 'notice.unknownFace');
  const { faces, cells } = await engine(s.page);
  assert.equal(faces[0].id, 'trier');
  const drawn = await board(s.page);
  assertDrawn(drawn, faces[0], cells);
  // The default face is the board the engine's geometry is inscribed with, mark for mark.
  for (const { mark, letter } of cells) assert.equal(drawn.letters[mark], letter, `mark ${mark}`);
  await close(s);
});

test('an embedded board draws the face its link carries (embed.js passes data-face on)', async () => {
  const s = await open(browser, 'embed.html?game=scripta&opponent=human&face=ostia-alphabet');
  const { faces, cells } = await engine(s.page);
  assertDrawn(await board(s.page), faces.find((f) => f.id === 'ostia-alphabet'), cells);
  await close(s);
});

test('the rules page draws one board for every face, with its letters', async () => {
  const s = await open(browser, '?page=rules&game=scripta');
  await s.page.waitForSelector('[data-rules-page="scripta"]');
  const { faces, cells } = await engine(s.page);
  const figures = await s.page.$$eval('[data-face-figure]', (nodes) => nodes.map((n) => ({
    id: n.dataset.faceFigure,
    boards: [...n.querySelectorAll('svg[data-board-face]')].map((b) => b.getAttribute('data-board-face')),
    letters: [...n.querySelectorAll('[data-letter]')].map((l) => l.dataset.letter),
  })));
  assert.equal(figures.length, faces.length);
  assert.ok(faces.length > 1);
  assert.deepEqual(figures.map((f) => f.id), faces.map((f) => f.id));
  for (const [i, figure] of figures.entries()) {
    assert.deepEqual(figure.boards, [faces[i].id]);
    // The board draws its marks in track order: each carries the face's letter at its cell.
    assert.deepEqual(figure.letters, cells.map(({ row, col }) => letterAt(faces[i], row, col)), figure.id);
  }
  await close(s);
});
