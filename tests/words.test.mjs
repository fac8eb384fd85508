// Words that agree with who they speak of (issue 25, point 5), on the page: a lost game against
// the computer says you lost, a won one that you won, and pass and play names the winning side
// in the page's language (no Latin "vincunt" outside Latin); a tray's counts take the form
// their number needs ("1 побита", not "1 побиты"); your tray says "to move" in your person
// ("вы · ходите", "tu · ludis"); German names the home screen "Startseite".

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, says, screenshotPath } from './helpers.mjs';
import { createI18n } from '../www/js/i18n/index.js';

const CATALOGUES = Object.fromEntries(await Promise.all(['en', 'de', 'ru', 'la'].map(async (lang) =>
  [lang, {
    ...(await import(`../www/js/i18n/${lang}.js`)).default,
    ...(await import(`../www/js/i18n/pages/${lang}.js`)).default,
  }])));
const i18n = (lang) => createI18n(lang, CATALOGUES[lang]);

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

// One counter each left to bear off, the mover's on the last mark with dice thrown.
const NIGRI_WINS = 'N w0s0o14:1 w0s0o14:36 356';
const ALBI_WINS = 'A w0s0o14:36 w0s0o14:1 356';
const link = (position, extra) => `?${new URLSearchParams({ game: 'scripta', position, ...extra })}`;

const heading = (page) => page.getAttribute('#game-over-title', 'data-say');

test('against the computer, a lost game says you lost and a won one that you won', async () => {
  const lost = await open(browser, link(NIGRI_WINS, { opponent: 'computer', level: 'medium', pace: '0', lang: 'en' }));
  await lost.page.waitForSelector('[data-winner="nigri"]');
  assert.equal(await heading(lost.page), 'gameOver.you.lost');
  assert.equal(await lost.page.textContent('#game-over-title'), i18n('en').t('gameOver.you.lost'));
  await says(lost.page, 'situation.you.lost');
  assert.match(await lost.page.textContent('#game-over-text'), /Miles/);
  await lost.page.screenshot({ path: screenshotPath('words-lost-en.png') });
  await close(lost);

  const won = await open(browser, link(ALBI_WINS, { opponent: 'computer', level: 'medium', pace: '0', lang: 'ru' }));
  await won.page.click('[data-mark="36"]');
  await won.page.click('[data-off="albi"]');
  await won.page.waitForSelector('[data-winner="albi"]');
  assert.equal(await heading(won.page), 'gameOver.you.won');
  await says(won.page, 'situation.you.won');
  await close(won);
});

test('in pass and play the heading names the winning side in the page\'s language', async () => {
  for (const lang of ['en', 'de', 'ru', 'la']) {
    const s = await open(browser, link(ALBI_WINS, { opponent: 'human', lang }));
    await s.page.click('[data-mark="36"]');
    await s.page.click('[data-off="albi"]');
    await s.page.waitForSelector('[data-winner="albi"]');
    assert.equal(await heading(s.page), 'gameOver.title');
    const title = await s.page.textContent('#game-over-title');
    assert.equal(title, i18n(lang).t('gameOver.title', { side: i18n(lang).t('side.albi') }));
    if (lang !== 'la') assert.doesNotMatch(title, /vincunt/, lang);
    await says(s.page, 'situation.won');
    await close(s);
  }
});

test('a tray\'s counts agree with their numbers and your tray speaks to you', async () => {
  for (const lang of ['ru', 'la']) {
    const { t } = i18n(lang);
    // Albi, yours, with one counter sent home and thirteen waiting; Nigri to come.
    const s = await open(browser, link('A w13s1o0:5 w15s0o0: 356', { opponent: 'computer', level: 'medium', lang }));
    const piles = await s.page.$$eval('[data-tray="albi"] .pile-text', (nodes) => nodes.map((n) => n.textContent));
    assert.deepEqual(piles, [
      `13 ${t('tray.waiting', { count: 13 })}`, `1 ${t('tray.sentHome', { count: 1 })}`, `0 ${t('tray.borneOff', { count: 0 })}`,
    ]);
    assert.equal(await s.page.textContent('[data-tray="albi"] .tray-player'), ` · ${t('tray.you')}`);
    assert.equal(await s.page.textContent('[data-tray="albi"] .tray-state'), ` · ${t('tray.toMove.you')}`);
    if (lang === 'ru') {
      assert.equal(piles[1], '1 побита');
      await s.page.screenshot({ path: screenshotPath('words-tray-ru.png') });
    }
    await close(s);
  }
});

test('German calls Home "Startseite", and the header still fits a phone', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&lang=de');
  assert.equal(await s.page.textContent('[data-action="home"]'), 'Startseite');
  const over = await s.page.$$eval('header button, header select', (nodes) => nodes
    .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > innerWidth)
    .map((n) => n.textContent));
  assert.deepEqual(over, []);
  await s.page.screenshot({ path: screenshotPath('words-header-de.png') });
  await close(s);
});
