// The home screen: it reaches each game with the chosen rules and opponent, offers every
// unfinished game first (one per game and rule set), never lets Play or a link replace one
// without asking, remembers the last choices, and opens the rules pages; a rules page also
// opens from play. At three sizes, both games and Play are in view without scrolling, and the
// home screen and each rules page never scroll sideways (screenshots of each).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, screenshotPath, playHumanTurn, visit, moves } from './helpers.mjs';
import { GAME as SCRIPTA } from '../www/js/games/scripta/meta.js';
import { GAME as LATRUNCULI } from '../www/js/games/latrunculi/meta.js';
import { strengthOf, strengthWords } from '../www/js/app/strength.js';
import { createI18n } from '../www/js/i18n/index.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['tablet', { width: 768, height: 1024 }],
  ['desktop', { width: 1280, height: 800 }],
];

const param = (page, name) => new URL(page.url()).searchParams.get(name);

test('the home screen starts XII Scripta against the computer with the chosen level and side', async () => {
  const s = await open(browser, '');
  assert.equal(await s.page.locator('[data-game="scripta"]').count(), 1);
  assert.equal(await s.page.locator('[data-game="latrunculi"]').count(), 1);
  // The previews are pictures of the real board, not controls.
  assert.equal(await s.page.locator('[data-game="scripta"] svg').count(), 1);
  assert.equal(await s.page.locator('[data-mark]').count(), 0);
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-opponent="computer"]');
  await s.page.click('[data-level="hard"]');
  await s.page.click('[data-side="nigri"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready [data-mark="36"]');
  assert.equal(param(s.page, 'game'), 'scripta');
  assert.equal(await s.page.getAttribute('body', 'data-opponent'), 'computer');
  assert.equal(await s.page.getAttribute('body', 'data-level'), 'hard');
  assert.equal(await s.page.getAttribute('[data-tray="nigri"]', 'data-player'), 'you');
  await close(s);
});

test('a level measured against the random player says what that player does, not a level the picker never offers', () => {
  // The catalogue's key and arguments stand for the words.
  const t = (key, args) => (args ? `${key} ${JSON.stringify(args)}` : key);
  for (const game of [SCRIPTA, LATRUNCULI]) assert.ok(!game.levels.includes('random'));
  const words = strengthWords(t, { kind: 'measured', against: 'random', wins: 10, draws: 0 });
  assert.equal(words, 'strength.wins {"wins":10,"draws":0,"other":"strength.random"}');
  assert.equal(strengthWords(t, { kind: 'measured', against: 'medium', wins: 8, draws: 0 }),
    'strength.wins {"wins":8,"draws":0,"other":"level.medium"}');
});

/** Each level's strength line in `scope`, as its data says. */
const strengthLines = (page, scope) => page.$$eval(`${scope} .strength`, (lines) => lines.map((l) => ({ ...l.dataset })));

/** What the measured table says of every level of `game` under `rules`, as the data shows it. */
const expected = (game, rules) => game.levels.map((level) => {
  const s = strengthOf(game, rules, level);
  const data = { strength: s.kind };
  if (s.against) data.against = s.against;
  if (s.kind === 'measured') Object.assign(data, { wins: String(s.wins), draws: String(s.draws) });
  return data;
});

test('the level picker says how strong each level is under the rules chosen, at home and in New game', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-opponent="computer"]');
  // Austin & Murray: each level measured against the one below it.
  let lines = await strengthLines(s.page, '.choices-level');
  assert.deepEqual(lines, expected(SCRIPTA, 'austin-murray'));
  assert.ok(lines.every((l) => l.strength === 'measured' && Number(l.wins) >= 5), JSON.stringify(lines));
  // The Italian reading has its own network, measured against Miles, and Imperator's search
  // on it, measured against Centurio.
  await s.page.click('[data-rules="italian"]');
  lines = await strengthLines(s.page, '.choices-level');
  assert.deepEqual(lines, expected(SCRIPTA, 'italian'));
  assert.deepEqual([lines[2].strength, lines[2].against], ['measured', 'medium']);
  assert.deepEqual([lines[3].strength, lines[3].against], ['measured', 'hard']);
  // Rules of one's own that are a preset's, every option at Austin & Murray's: measured as
  // theirs. Others: nothing measured; Centurio and Imperator play the network of the preset
  // whose inputs mean the same, and where none does the strongest real level is named.
  await s.page.click('[data-rules="custom"]');
  assert.deepEqual(await strengthLines(s.page, '.choices-level'), expected(SCRIPTA, 'austin-murray'));
  await s.page.selectOption('select[data-option="again"]', 'on');
  lines = await strengthLines(s.page, '.choices-level');
  assert.deepEqual(lines.map((l) => [l.strength, l.reading]), [
    ['unmeasured', undefined], ['unmeasured', undefined], ['borrowed', 'austin-murray'], ['borrowed', 'austin-murray']]);
  await s.page.selectOption('select[data-option="sum"]', 'on');
  lines = await strengthLines(s.page, '.choices-level');
  assert.deepEqual(lines.map((l) => l.strength), ['unmeasured', 'unmeasured', 'same', 'same']);
  // The Italian track, sums and stacks, entering freely and bearing off with any larger throw:
  // the Italian network.
  await s.page.selectOption('select[data-option="track"]', 'split');
  await s.page.selectOption('select[data-option="stacks"]', 'any');
  lines = await strengthLines(s.page, '.choices-level');
  assert.deepEqual(lines.slice(2).map((l) => [l.strength, l.reading]), [['borrowed', 'italian'], ['borrowed', 'italian']]);
  await s.page.locator('.choices-level').scrollIntoViewIfNeeded();
  await s.page.screenshot({ path: screenshotPath('home-levels-borrowed-phone.png') });
  // Latrunculi under Quintana counts its draws.
  await s.page.click('[data-game="latrunculi"]');
  await s.page.click('[data-rules="quintana"]');
  lines = await strengthLines(s.page, '.choices-level');
  assert.deepEqual(lines, expected(LATRUNCULI, 'quintana'));
  assert.ok(Number(lines[2].draws) > 0, JSON.stringify(lines));
  // Every line has words in the page's language, not a key.
  const words = await s.page.$$eval('.choices-level .strength', (l) => l.map((n) => n.textContent));
  assert.ok(words.every((w) => w.length > 10 && !w.includes('strength.')), words.join(' | '));
  await s.page.locator('.choices-level').scrollIntoViewIfNeeded();
  await s.page.screenshot({ path: screenshotPath('home-levels-strength-phone.png') });
  // The game screen's New game dialog says the same for its own rules.
  await s.page.goto(new URL('?game=latrunculi&rules=piso&opponent=human', s.page.url()).href);
  await s.page.waitForSelector('body.ready');
  await s.page.click('[data-action="new"]');
  await s.page.waitForSelector('#new-game[open]');
  assert.deepEqual(await strengthLines(s.page, '#new-game'), expected(LATRUNCULI, 'piso'));
  await s.page.screenshot({ path: screenshotPath('new-game-strength-phone.png') });
  // And of rules of one's own read as the Italian, and of the Italian rules spelled out,
  // which are the Italian preset.
  const mine = 'counters=15,dice=3,track=split,entry=free,sum=on,stacks=any,again=off,bearoff=over,opener=albi';
  const italian = 'counters=15,dice=3,track=split,start=off,entry=all,sum=on,stacks=any,again=on,hit=tray,bearoff=exact,columns=off,cap=off,opener=throw';
  for (const [rules, check] of [
    [mine, (got) => assert.deepEqual(got.slice(2).map((l) => [l.strength, l.reading]), [['borrowed', 'italian'], ['borrowed', 'italian']])],
    [italian, (got) => assert.deepEqual(got, expected(SCRIPTA, 'italian'))],
  ]) {
    await s.page.goto(new URL(`?game=scripta&rules=${rules}&opponent=human`, s.page.url()).href);
    await s.page.waitForSelector('body.ready');
    await s.page.click('[data-action="new"]');
    await s.page.waitForSelector('#new-game[open]');
    check(await strengthLines(s.page, '#new-game'));
  }
  await close(s);
});

test('where the opening throw picks who opens, no side is said to open: at home and in New game', async () => {
  const en = createI18n('en');
  const s = await open(browser, '?lang=en');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-opponent="computer"]');
  const albi = (scope) => s.page.locator(`${scope} [data-side="albi"]`).first().textContent();
  assert.ok((await albi('.home')).includes(en.t('side.albi.long')), 'Austin & Murray: Albi open');
  await s.page.click('[data-rules="italian"]');
  assert.ok((await albi('.home')).includes(en.t('side.albi.byThrow')));
  assert.ok(!(await albi('.home')).includes(en.t('side.albi.long')));
  await s.page.click('[data-rules="custom"]');
  assert.ok((await albi('.home')).includes(en.t('side.albi.long')), 'one\'s own rules start at Austin & Murray\'s');
  await s.page.selectOption('select[data-option="opener"]', 'throw');
  assert.ok(!(await albi('.home')).includes(en.t('side.albi.long')));
  await s.page.goto(new URL('?game=scripta&rules=italian&opponent=human&lang=en', s.page.url()).href);
  await s.page.waitForSelector('body.ready');
  await s.page.click('[data-action="new"]');
  await s.page.waitForSelector('#new-game[open]');
  assert.equal((await s.page.locator('#new-game input[name="side"][value="albi"]').locator('xpath=..').textContent()).trim(), en.t('side.albi.byThrow'));
  await close(s);
});

test('two players here, and the last choices are remembered', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready [data-mark="1"]');
  assert.equal(await s.page.getAttribute('body', 'data-opponent'), 'human');
  assert.equal(await position(s.page), 'A w15s0o0: w15s0o0:');
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="start"]');
  assert.equal(await s.page.getAttribute('.choice[data-opponent="human"]', 'aria-pressed'), 'true');
  assert.equal(await s.page.getAttribute('.choice[data-game="scripta"]', 'aria-pressed'), 'true');
  // A game with nothing played is not offered to go back to; once its dice are thrown, it is.
  assert.equal(await s.page.locator('[data-action="resume"]').count(), 0);
  await s.page.click('[data-action="start"]');
  await s.page.click('[data-action="throw"]');
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="scripta"]');
  await close(s);
});

test('own rules whose options cannot go together are named before Play, and mended there', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-rules="custom"]');
  await s.page.waitForSelector('.options-clash[data-checked]', { state: 'attached' });
  assert.equal(await s.page.isVisible('.options-clash'), false, 'the defaults go together');
  const invalid = () => s.page.$$eval('select[aria-invalid="true"]', (nodes) => nodes.map((n) => n.dataset.option).sort());
  // Set up on the board needs the split track, then twelve counters: the engine names each pair.
  await s.page.selectOption('select[data-option="start"]', 'set');
  await s.page.waitForSelector('.options-clash[data-clash="start track"]:not([hidden])');
  assert.deepEqual(await invalid(), ['start', 'track']);
  assert.equal(await s.page.getAttribute('select[data-option="start"]', 'aria-describedby'), 'options-clash');
  await s.page.selectOption('select[data-option="track"]', 'split');
  await s.page.waitForSelector('.options-clash[data-clash="start counters"]:not([hidden])');
  assert.deepEqual(await invalid(), ['counters', 'start']);
  await s.page.selectOption('select[data-option="counters"]', '12');
  await s.page.waitForSelector('.options-clash[data-checked]', { state: 'attached' });
  assert.equal(await s.page.isVisible('.options-clash'), false);
  assert.deepEqual(await invalid(), []);
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready #board[data-position]');
  assert.match(param(s.page, 'rules'), /start=set/, 'the game is the rules chosen, not a fallback');
  // Latrunculi's engine says its own: a placed dux needs the counters placed.
  await s.page.click('[data-action="home"]');
  await s.page.click('[data-game="latrunculi"]');
  await s.page.click('[data-rules="custom"]');
  await s.page.selectOption('select[data-option="start"]', 'rows');
  await s.page.selectOption('select[data-option="dux"]', 'place');
  await s.page.waitForSelector('.options-clash[data-clash="dux start"]:not([hidden])');
  assert.deepEqual(await invalid(), ['dux', 'start']);
  await close(s);
});

test('the home screen offers Latrunculi with its rule sets, Kharebga and Seega by board, and the seventeen options of your own rules', async () => {
  let s = await open(browser, '');
  await s.page.click('[data-game="latrunculi"]');
  for (const rules of ['piso', 'quintana', 'schadler-1994', 'schadler-2001', 'seneca', 'falkener', 'kowalski-10x11', 'kowalski-8x12', 'bell-8x7', 'bell-8x8', 'kharebga', 'seega', 'custom']) {
    assert.equal(await s.page.locator(`[data-rules="${rules}"]`).count(), 1, rules);
  }
  // A family of Ludii's: its board below it, and the game plays that preset.
  await s.page.click('[data-rules="seega"]');
  const boards = await s.page.$$eval('select[data-option="board"] option', (nodes) => nodes.map((n) => n.value));
  assert.deepEqual(boards, LATRUNCULI.families.seega);
  await s.page.selectOption('select[data-option="board"]', '6x7');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready [data-square="f7"]');
  assert.equal(await s.page.evaluate(() => new URLSearchParams(location.search).get('rules')), 'seega-6x7');
  await close(s);
  s = await open(browser, '');
  await s.page.click('[data-game="latrunculi"]');
  await s.page.click('[data-rules="custom"]');
  const options = await s.page.$$eval('select[data-option]', (nodes) => nodes.map((n) => n.dataset.option));
  assert.deepEqual(options, ['start', 'move', 'corner', 'noback', 'win', 'trap', 'leap', 'nobetween', 'norepeat', 'remove', 'board', 'perturn', 'centre', 'diagonal', 'hostile', 'again', 'dux']);
  // Piso with Seneca's frozen counters and free removals: the game plays exactly those rules.
  await s.page.selectOption('select[data-option="trap"]', 'freeze');
  await s.page.selectOption('select[data-option="remove"]', 'free');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready [data-square="a1"]');
  const rules = await s.page.evaluate(() => new URLSearchParams(location.search).get('rules'));
  assert.equal(rules, 'start=place,move=step,corner=on,noback=on,win=captures,trap=freeze,remove=free');
  await close(s);
  // A smaller board places as many counters as fit it: 17 a side on 6 x 6, one square empty.
  s = await open(browser, '');
  await s.page.click('[data-game="latrunculi"]');
  await s.page.click('[data-rules="custom"]');
  await s.page.selectOption('select[data-option="board"]', '6x6');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready [data-square="f6"]');
  assert.match(await position(s.page), / w 17,17 /);
  await close(s);
  // Two choices the engine cannot play together are named, and the default is played.
  s = await open(browser, '');
  await s.page.click('[data-game="latrunculi"]');
  await s.page.click('[data-rules="custom"]');
  await s.page.selectOption('select[data-option="start"]', 'rows');
  await s.page.selectOption('select[data-option="dux"]', 'place');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready [data-square="h8"]');
  await says(s.page, 'notice.rulesClash');
  assert.match(await position(s.page), / w 20,20 /, 'Piso is played');
  assert.deepEqual(s.errors, []);
  await close(s);
  // XII Scripta's too: set up on the board, on the shared track.
  s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-rules="custom"]');
  await s.page.selectOption('select[data-option="start"]', 'set');
  await s.page.click('[data-opponent="human"]');
  await s.page.click('[data-action="start"]');
  await s.page.waitForSelector('body.ready #board[data-position]');
  await says(s.page, 'notice.rulesClash');
  assert.equal(await s.page.getAttribute('main', 'data-rules'), 'austin-murray', 'Austin & Murray is played');
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('Resume restores an unfinished game from the home screen', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=21');
  await s.page.click('[data-action="throw"]');
  await s.page.click('[data-tray="albi"]');
  await s.page.click('[data-target]');
  const before = await position(s.page);
  await s.page.click('[data-action="home"]');
  await s.page.waitForSelector('[data-action="resume"][data-game="scripta"]');
  await s.page.click('[data-action="resume"]');
  await s.page.waitForSelector('body.ready [data-mark="1"]');
  assert.equal(await position(s.page), before);
  await says(s.page, 'notice.restored');
  // The browser's back button returns home, and forward to the game.
  await s.page.goBack();
  await s.page.waitForSelector('[data-action="resume"]');
  await close(s);
});

/** Back to the home screen by its button, once it is drawn (its pictures too). */
async function home(page) {
  await page.click('[data-action="home"]');
  await page.waitForSelector('[data-action="start"]');
  await page.waitForSelector('body.ready');
}

/** The unfinished games the home screen offers, as `game/slot`, in its order. */
const offered = (page) => page.$$eval('[data-action="resume"]', (nodes) => nodes.map((b) => `${b.dataset.game}/${b.dataset.slot}`));

/** Chooses a game, its rules and two players on the home screen, and presses Play. */
async function play(page, game, rules) {
  await page.click(`.choice[data-game="${game}"]`);
  await page.click(`.choice[data-rules="${rules}"]`);
  await page.click('.choice[data-opponent="human"]');
  await page.click('[data-action="start"]');
}

test('every unfinished game waits on the home screen, and Play or a link never replaces one silently', async () => {
  const s = await open(browser, '?game=latrunculi&rules=quintana&opponent=human&pace=0');
  await moves(s.page, ['c2-c5', 'f7-f4', 'd2-d4']);
  const quintana = await position(s.page);
  await home(s.page);
  assert.deepEqual(await offered(s.page), ['latrunculi/quintana']);

  // A turn of XII Scripta started from the home screen: both games are offered, the last first,
  // each with a picture of its board (a picture, not controls) and how far it is.
  await play(s.page, 'scripta', 'austin-murray');
  await s.page.waitForSelector('body.ready [data-mark="1"]');
  await playHumanTurn(s.page);
  await s.page.waitForSelector('body[data-turn="nigri"]');
  await home(s.page);
  assert.deepEqual(await offered(s.page), ['scripta/austin-murray', 'latrunculi/quintana']);
  assert.equal(await s.page.locator('.unfinished-card svg[role="img"]').count(), 2);
  assert.equal(await s.page.locator('.unfinished-card [data-square], .unfinished-card [data-mark], .unfinished-card [data-position]').count(), 0);
  assert.deepEqual(await s.page.$$eval('.unfinished-far', (nodes) => nodes.map((n) => n.textContent)), ['1 turn played', '3 moves played']);

  // Play under other rules of the same game starts at once, and the Quintana game stays.
  await play(s.page, 'latrunculi', 'piso');
  await s.page.waitForSelector('body[data-phase="place"]');
  assert.equal(await s.page.locator('[data-notice="replace"]').count(), 0);
  await s.page.click('[data-target]');
  await home(s.page);
  assert.deepEqual((await offered(s.page)).sort(), ['latrunculi/piso', 'latrunculi/quintana', 'scripta/austin-murray']);

  // Play under the same rules asks first, Resume focused; Cancel stays home with nothing lost.
  await play(s.page, 'latrunculi', 'quintana');
  const ask = s.page.locator('dialog[open] [data-notice="replace"]');
  await ask.waitFor();
  assert.equal(await ask.locator('[data-action="resume"][data-game="latrunculi"][data-slot="quintana"]').evaluate((b) => b === document.activeElement), true);
  assert.equal(await ask.locator('.unfinished-far').textContent(), '3 moves played');
  await s.page.screenshot({ path: screenshotPath('home-replace-ask-phone.png') });
  await ask.locator('[data-action="cancel"]').click();
  assert.equal(await s.page.locator('dialog[open]').count(), 0);
  assert.ok((await offered(s.page)).includes('latrunculi/quintana'));
  await play(s.page, 'latrunculi', 'quintana');
  await ask.locator('[data-action="resume"]').click();
  await s.page.waitForSelector('body.ready [data-square="c5"]');
  assert.equal(await position(s.page), quintana);
  await says(s.page, 'notice.restored');

  // A link to another Quintana game asks too, as a screen of its own; Resume goes back to the game.
  await s.page.goto(new URL('?game=latrunculi&rules=quintana&opponent=computer&level=easy', s.page.url()).href);
  await s.page.waitForSelector('body.ready');
  const gate = s.page.locator('main [data-notice="replace"]');
  await gate.waitFor();
  assert.equal(await s.page.locator('[data-square]').count(), 0, 'no game is started behind the question');
  assert.equal(await gate.locator('[data-action="resume"]').evaluate((b) => b === document.activeElement), true);
  await s.page.screenshot({ path: screenshotPath('home-replace-link-phone.png') });
  await gate.locator('[data-action="resume"]').click();
  await s.page.waitForSelector('body.ready [data-square="c5"]');
  assert.equal(await position(s.page), quintana);

  // Only Start the new game replaces it: then the link's game is played and saved in its place.
  await s.page.goto(new URL('?game=latrunculi&rules=quintana&opponent=computer&level=easy', s.page.url()).href);
  await gate.waitFor();
  await gate.locator('[data-action="replace"]').click();
  await s.page.waitForSelector('body[data-opponent="computer"]');
  assert.notEqual(await position(s.page), quintana);
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await s.page.locator('[data-notice="replace"]').count(), 0, 'the link now restores its own game');
  await says(s.page, 'notice.restored');

  // A game with nothing played yet gives way unasked: nothing of it would be lost.
  await home(s.page);
  await play(s.page, 'latrunculi', 'quintana');
  await s.page.waitForSelector('body.ready');
  assert.equal(await s.page.locator('[data-notice="replace"]').count(), 0);
  const start = await position(s.page);

  // Start the new game, in Play's question, is what replaces a game: a fresh board in its place.
  await moves(s.page, ['c2-c5']);
  await home(s.page);
  await play(s.page, 'latrunculi', 'quintana');
  await ask.locator('[data-action="replace"]').click();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), start);
  assert.equal(await s.page.locator('[data-notice="replace"]').count(), 0);
  // The new game is saved in the old one's place: a reload finds it, and home lists no game.
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), start);
  await home(s.page);
  assert.ok(!(await offered(s.page)).includes('latrunculi/quintana'));
  await close(s);
});

test('the home screen at three sizes with unfinished games: the game cards use the width, every new control is 44 px', async () => {
  const s = await open(browser, '');
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['tablet', { width: 768, height: 1024 }], ['landscape', { width: 1024, height: 768 }]]) {
    await s.page.setViewportSize(viewport);
    await visit(s.page, '?game=latrunculi&rules=quintana&opponent=human&pace=0');
    await moves(s.page, ['c2-c5']);
    await s.page.goto(new URL('?game=scripta&opponent=computer&level=easy&seed=4', s.page.url()).href);
    await s.page.waitForSelector('body.ready');
    await s.page.click('[data-action="throw"]');
    await home(s.page);
    await s.page.screenshot({ path: screenshotPath(`home-unfinished-${name}.png`) });
    const main = await s.page.locator('main.home').boundingBox();
    const cards = await s.page.$$eval('.choice[data-game]', (nodes) => nodes.map((n) => n.getBoundingClientRect().width));
    assert.equal(cards.length, 2);
    assert.ok(cards[0] + cards[1] > 0.9 * (main.width - 20), `${name}: the game cards are ${cards} wide of ${main.width}`);
    for (const b of await s.page.locator('[data-action="resume"]').all()) {
      const box = await b.boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `${name}: Resume is ${box.width}x${box.height}`);
    }
    await s.page.click('.choice[data-game="latrunculi"]');
    await s.page.click('.choice[data-rules="quintana"]');
    await s.page.click('[data-action="start"]');
    await s.page.locator('dialog[open] [data-notice="replace"]').waitFor();
    for (const b of await s.page.locator('dialog[open] button').all()) {
      const box = await b.boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `${name}: a button of the question is ${box.width}x${box.height}`);
    }
    await s.page.screenshot({ path: screenshotPath(`home-replace-ask-${name}.png`) });
  }
  await close(s);
});

test('an unknown game is the home screen with a notice', async () => {
  const s = await open(browser, '?game=chess');
  await s.page.waitForSelector('[data-action="start"]');
  assert.match(await s.page.getAttribute('[role="status"]', 'data-say'), /notice\.unknownGame/);
  await close(s);
});

test('rules pages open from the home screen and from play', async () => {
  const s = await open(browser, '');
  await s.page.click('[data-game="scripta"]');
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('[data-rules-page="scripta"]');
  assert.equal(param(s.page, 'page'), 'rules');
  // The rules' four diagrams; the inscribed boards have figures of their own (faces.test.mjs).
  assert.equal(await s.page.locator('.rules-page figure:not([data-face-figure]) svg').count(), 4);
  await s.page.click('[data-action="play"]');
  await s.page.waitForSelector('body.ready [data-mark="1"]');
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('dialog#rules[open] .rules-page');
  assert.equal(await s.page.locator('dialog#rules .rules-page figure:not([data-face-figure])').count(), 4);
  // The diagrams are pictures: the board's contract stays on the one board in play.
  assert.equal(await s.page.locator('[data-position]').count(), 1);
  assert.equal(await s.page.locator('[data-mark]').count(), 36);
  await close(s);
});

/** Where `selector` lies against the window before any scroll: the part of it out of view, in px. */
const outOfView = (page, selector) => page.$eval(selector, (node) => {
  const r = node.getBoundingClientRect();
  return Math.max(0, -r.top, r.bottom - innerHeight, -r.left, r.right - innerWidth);
});

const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - innerWidth);

test('a newcomer at three sizes sees both games and Play without scrolling, and no screen scrolls sideways', async () => {
  const s = await open(browser, '');
  for (const [name, viewport] of SIZES) {
    await s.page.setViewportSize(viewport);
    await visit(s.page, '');
    assert.equal(await sideways(s.page), 0, `${name}: the home screen scrolls sideways`);
    for (const selector of ['.choice[data-game="scripta"]', '.choice[data-game="latrunculi"]', '[data-action="start"]']) {
      assert.equal(await outOfView(s.page, selector), 0, `${name}: ${selector} is not all in view`);
    }
    await s.page.screenshot({ path: screenshotPath(`home-${name}.png`), fullPage: true });
    for (const [game, rules] of [['scripta', 'austin-murray'], ['latrunculi', 'piso'], ['latrunculi', 'quintana'], ['latrunculi', 'start=rows,move=step,corner=on,noback=off,win=all']]) {
      await s.page.goto(new URL(`?page=rules&game=${game}&rules=${encodeURIComponent(rules)}`, s.page.url()).href);
      await s.page.waitForSelector(`[data-rules-page="${game}"]`);
      const label = rules.includes('=') ? 'custom' : rules;
      assert.equal(await sideways(s.page), 0, `${name}: the rules page of ${game} ${label} scrolls sideways`);
      await s.page.screenshot({ path: screenshotPath(`rules-${game}-${label}-${name}.png`), fullPage: true });
    }
  }
  await close(s);
});
