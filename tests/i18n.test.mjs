// Six languages in the browser: each screen in each language shows no raw catalogue key, no
// "undefined", no {placeholder} left and no English where the language has its own words, and
// no button's text overflows at 390 px. The switcher redraws at once and keeps the game; the
// link's lang, the saved choice and the browser's languages pick the language in that order.
// Screenshots of the home screen and a game in German and Russian.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, open, close, position, said, screenshotPath, visit } from './helpers.mjs';
import { LANGUAGES } from '../www/js/i18n/index.js';

const CATALOGUES = Object.fromEntries(await Promise.all(LANGUAGES.map(async (lang) =>
  [lang, {
    ...(await import(`../www/js/i18n/${lang}.js`)).default,
    ...(await import(`../www/js/i18n/pages/${lang}.js`)).default,
  }])));
const en = CATALOGUES.en;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const forms = (message) => (typeof message === 'string' ? [message] : Object.values(message ?? {}));

/**
 * English messages that `lang` words differently, as tests on the page's text: a message with
 * no placeholder must not be a whole text of its own; a longer one must not show any of its
 * fixed stretches of three words or more.
 */
function englishLeft(lang) {
  const own = CATALOGUES[lang];
  const whole = new Set();
  const stretches = new Set();
  for (const [key, message] of Object.entries(en)) {
    if (own[key] === undefined) continue;
    const mine = new Set(forms(own[key]));
    for (const text of forms(message)) {
      if (mine.has(text)) continue;
      // A single letter (a shortcut key) is no word: the board's inscriptions show letters too.
      if (!/\{\w+(?::\w+)?\}|\*\*/.test(text) && text.length > 1) whole.add(text);
      for (const part of text.split(/\{\w+(?::\w+)?\}|\*\*/)) {
        const trimmed = part.trim();
        if (trimmed.split(/\s+/).length >= 3 && !forms(own[key]).some((m) => m.includes(trimmed))) stretches.add(trimmed);
      }
    }
  }
  // A word the language itself uses for another message is its own (a level's Latin name).
  for (const message of Object.values(own)) for (const text of forms(message)) whole.delete(text);
  return { whole, stretches: [...stretches] };
}

/** The page's words: visible text nodes (the switcher's language names aside) and labels. */
const words = (page) => page.evaluate(() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.data.trim() || parent.closest('select[data-action="language"]')) continue;
    if (!parent.checkVisibility() || parent.closest('dialog:not([open]), [hidden]')) continue;
    texts.push(node.data.trim());
  }
  const labels = [...document.querySelectorAll('[aria-label], [title]')]
    .flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')]).filter(Boolean);
  return { texts, labels, title: document.title };
});

/** What is wrong with the words on `page` in `lang`: a list of findings, empty when all is well. */
async function problems(page, lang) {
  const { texts, labels, title } = await words(page);
  const found = [];
  for (const text of [...texts, ...labels, title]) {
    for (const [key] of text.matchAll(/\b[a-z]+\.[a-z][\w.-]*\b/g)) {
      if (key in en) found.push(`raw key ${key} in "${text}"`);
    }
    if (/\bundefined\b|\bNaN\b/.test(text)) found.push(`"${text}"`);
    if (/\{\w+(?::\w+)?\}/.test(text)) found.push(`placeholder left in "${text}"`);
  }
  if (lang !== 'en') {
    const { whole, stretches } = englishLeft(lang);
    for (const text of [...texts, title]) {
      if (whole.has(text)) found.push(`English "${text}"`);
      const stretch = stretches.find((s) => text.includes(s));
      if (stretch) found.push(`English "${stretch}" in "${text}"`);
    }
  }
  const overflowing = await page.$$eval('button, select, header', (nodes) => nodes
    .filter((n) => n.checkVisibility() && !n.closest('dialog:not([open])') && n.scrollWidth > n.clientWidth + 1)
    .map((n) => `${n.tagName.toLowerCase()} "${n.textContent.trim().slice(0, 40)}" ${n.scrollWidth} > ${n.clientWidth}`));
  found.push(...overflowing.map((o) => `overflows: ${o}`));
  if (await page.evaluate(() => document.documentElement.scrollWidth > innerWidth)) found.push('the page is wider than the screen');
  return found;
}

const SCREENS = [
  ['home', ''],
  ['scripta', 'game=scripta&opponent=human&seed=7'],
  ['latrunculi', 'game=latrunculi&opponent=human'],
  ['scripta rules', 'page=rules&game=scripta'],
  ['scripta reading', 'page=rules&game=scripta&rules=russian'],
  ['latrunculi rules', 'page=rules&game=latrunculi&rules=quintana'],
];

for (const lang of LANGUAGES) {
  test(`${lang}: every screen speaks ${lang} and fits a phone`, async () => {
    const found = [];
    const s = await open(browser, `?lang=${lang}`);
    const { page } = s;
    for (const [name, query] of SCREENS) {
      if (name !== 'home') await visit(page, `?${query}&lang=${lang}`);
      assert.equal(await page.getAttribute('html', 'lang'), lang, name);
      assert.equal(await page.inputValue('select[data-action="language"]'), lang, name);
      const look = async (what) => found.push(...(await problems(page, lang)).map((p) => `${name}${what}: ${p}`));
      await look('');
      if (name === 'scripta') {
        await page.click('[data-action="throw"]');
        await look(' after a throw');
      }
      if (name === 'latrunculi') {
        await page.click('[data-action="place-rest"]');
        await look(' after placing');
      }
      if (name === 'scripta' || name === 'latrunculi') {
        await page.click('[data-action="new"]');
        await page.waitForSelector('dialog[open]');
        await look(' new game dialog');
        await page.keyboard.press('Escape');
        await page.click('[data-action="rules"]');
        await page.waitForSelector('dialog[open]');
        await look(' rules dialog');
        await page.keyboard.press('Escape');
        await page.click('[data-action="records"]');
        await page.waitForSelector('dialog[open]');
        await look(' record dialog');
        await page.click('#record-menu [data-menu="record-replay"]');
        await page.waitForSelector('#replay');
        await page.keyboard.press('End');
        await look(' replay');
        await page.goBack();
        await page.waitForSelector('#board[data-position]');
      }
      if (name === 'home') {
        await page.click('[data-game="latrunculi"]');
        await page.click('[data-rules="custom"]');
        await page.click('[data-opponent="computer"]');
        await look(' (latrunculi, own rules, computer)');
      }
      if ((lang === 'de' || lang === 'ru') && (name === 'home' || name === 'scripta' || name === 'latrunculi')) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: screenshotPath(`i18n-${lang}-${name}.png`), fullPage: name === 'home' });
      }
    }
    await close(s);
    assert.deepEqual(found, []);
  });
}

test('the switcher redraws the game at once, keeps it, and the choice outlives a reload', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=3&lang=en');
  const { page } = s;
  await page.click('[data-action="throw"]');
  const before = await position(page);
  await page.selectOption('select[data-action="language"]', 'de');
  await page.waitForFunction(() => document.documentElement.lang === 'de' && document.body.classList.contains('ready'));
  assert.equal(await position(page), before, 'the same game, the same throw');
  assert.doesNotMatch(await said(page), /notice\.restored/, 'the same screen, not a game come back');
  assert.equal(await page.textContent('[data-action="throw"]'), CATALOGUES.de['action.throw']);
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'de', 'the link follows');
  await page.selectOption('select[data-action="language"]', 'fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr' && document.body.classList.contains('ready'));
  await page.click('[data-action="home"]');
  await page.waitForSelector('[data-action="start"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  assert.equal(await page.textContent('[data-action="start"]'), CATALOGUES.fr['home.start']);
  assert.equal(await page.title(), CATALOGUES.fr['app.title']);
  await page.goto(BASE);
  await page.waitForSelector('body.ready');
  assert.equal(await page.getAttribute('html', 'lang'), 'fr', 'the saved choice, with no lang in the link');
  await page.goto(new URL('?page=rules&game=scripta&lang=de', BASE).href);
  await page.waitForSelector('body.ready');
  assert.equal(await page.title(), `${CATALOGUES.de['page.rulesTitle'].replace('{game}', 'XII Scripta')} · Ludi Romani`);
  await close(s);
});

test('with no link and no choice, the browser\'s languages decide in order, else English', async () => {
  for (const [locale, want] of [['de-AT', 'de'], ['ru-RU', 'ru'], ['pt-BR', 'en']]) {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(BASE);
    await page.waitForSelector('body.ready');
    assert.equal(await page.getAttribute('html', 'lang'), want, locale);
    await context.close();
  }
});
