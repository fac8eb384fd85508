// Dialogs and controls say their state: the Rules dialog opens at its top, and a control
// that can do nothing now is disabled or says what it would do.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, close, position, says, visit } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Makes requests for `pattern` fail until `release()` lets them through. */
async function blocked(context, pattern) {
  let blocking = true;
  await context.route(pattern, (route) => (blocking ? route.abort() : route.continue()));
  return { release: () => { blocking = false; } };
}

test('the Rules dialog in play opens at its top, on its heading; its Close stays in reach, and a tap beside it closes it', async () => {
  for (const game of ['scripta', 'latrunculi']) {
    const s = await open(browser, `?game=${game}&opponent=human`);
    await s.page.waitForSelector('[data-position]');
    await s.page.click('[data-action="rules"]');
    await s.page.waitForSelector('dialog#rules[open] .rules-page');
    const seen = await s.page.evaluate(() => {
      const dialog = document.querySelector('dialog#rules');
      const focused = document.activeElement;
      return {
        scrollTop: dialog.scrollTop,
        long: dialog.scrollHeight > dialog.clientHeight * 2,
        heading: /^H[12]$/.test(focused.tagName),
        inside: dialog.contains(focused),
        named: dialog.getAttribute('aria-labelledby') === focused.id,
      };
    });
    assert.deepEqual(seen, { scrollTop: 0, long: true, heading: true, inside: true, named: true }, game);
    // The page is many screens long: its Close button stands at the foot of the screen.
    const shut = await s.page.locator('dialog#rules [value="close"]').boundingBox();
    const viewport = s.page.viewportSize();
    assert.ok(shut && shut.y >= 0 && shut.y + shut.height <= viewport.height, `${game}: Close is off screen at ${JSON.stringify(shut)}`);
    await s.page.mouse.click(2, viewport.height / 2);
    assert.equal(await s.page.locator('dialog#rules[open]').count(), 0, `${game}: a tap beside the page closes it`);
    await close(s);
  }
});

test('Rules whose module cannot load say so, and a reload keeps the game and opens them', async () => {
  // The dialog's module, fetched at an idle moment once the board is playable, fails until
  // the test lets it through.
  const s = await open(browser);
  const rules = await blocked(s.context, '**/games/scripta/rules.js');
  await visit(s.page, '?game=scripta&opponent=human&seed=3');
  await s.page.click('[data-action="throw"]');
  const thrown = await position(s.page);
  await s.page.click('[data-action="rules"]');
  await says(s.page, 'notice.rulesFailed');
  assert.equal(await s.page.isVisible('dialog#rules[open]'), false);
  assert.equal(await position(s.page), thrown);
  // The connection is back. The browser remembers a failed import, hence the reload the
  // message asks for.
  rules.release();
  await s.page.reload();
  await s.page.waitForSelector('body.ready');
  assert.equal(await position(s.page), thrown);
  await s.page.click('[data-action="rules"]');
  await s.page.waitForSelector('dialog#rules[open] .rules-page');
  assert.deepEqual(s.errors, []);
  await close(s);
});

test('a rules page whose words cannot load says so, and Try again draws it once they can', async () => {
  const s = await open(browser);
  const rules = await blocked(s.context, '**/i18n/pages/en.js');
  await visit(s.page, '?page=rules&game=latrunculi');
  await s.page.waitForSelector('main[data-rules-failed] [data-action="try-again"]');
  assert.equal(await s.page.locator('main[data-rules-page]').count(), 0);
  rules.release();
  await s.page.click('[data-action="try-again"]');
  await s.page.waitForSelector('main[data-rules-page="latrunculi"]');
  await close(s);
});

test('where the game cannot be saved, the message does not promise a reload keeps it', async () => {
  // A browser with storage disabled.
  const noStorage = () => Object.defineProperty(window, 'localStorage', {
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
  });
  const s = await open(browser, '', { init: noStorage });
  await s.context.route('**/games/scripta/rules.js', (route) => route.abort());
  await s.page.goto(new URL('?game=scripta&opponent=human', s.base).href);
  await s.page.waitForSelector('body.ready');
  await s.page.click('[data-action="rules"]');
  await says(s.page, 'notice.rulesFailedUnsaved');
  assert.equal(await s.page.isVisible('dialog#rules[open]'), false);
  await close(s);

  // Storage that fills up during the game: from the first save refused on.
  const f = await open(browser);
  await f.context.route('**/games/scripta/rules.js', (route) => route.abort());
  await visit(f.page, '?game=scripta&opponent=human&seed=3');
  await f.page.evaluate(() => {
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  await f.page.click('[data-action="throw"]');
  await says(f.page, 'notice.unsaved');
  await f.page.click('[data-action="rules"]');
  await says(f.page, 'notice.rulesFailedUnsaved');
  await close(f);
});

test('rules that arrive but fail to draw say why, not that the connection failed', async () => {
  const s = await open(browser);
  await s.context.route('**/games/scripta/rules.js', (route) => route.fulfill({
    contentType: 'text/javascript',
    body: "export function renderRules() { throw new Error('drawn wrong'); }",
  }));
  await visit(s.page, '?game=scripta&opponent=human');
  await s.page.click('[data-action="rules"]');
  await says(s.page, 'notice.failed');
  assert.match(await s.page.textContent('[role="status"]'), /drawn wrong/);
  assert.equal(await s.page.isVisible('dialog#rules[open]'), false);
  await close(s);
});

test('Show again can be pressed only when there is a turn to show again', async () => {
  const s = await open(browser, '?game=scripta&opponent=human&seed=5&pace=0');
  const replay = '[data-action="replay"]';
  // At the start there is nothing to show: the button is in its place, but disabled.
  assert.equal(await s.page.isVisible(replay), true);
  assert.equal(await s.page.isDisabled(replay), true);
  await s.page.click('[data-action="throw"]');
  while (!(await s.page.isEnabled('[data-action="confirm"]'))) {
    await s.page.locator('[data-selectable]').first().click();
    await s.page.locator('[data-target]').first().click();
  }
  await s.page.click('[data-action="confirm"]');
  assert.equal(await s.page.isEnabled(replay), true);
  await close(s);
});

test('Undo is disabled once a Latrunculi game has ended', async () => {
  const q = new URLSearchParams({ game: 'latrunculi', opponent: 'human', rules: 'piso', position: 'B5/6/2W3/2B3/3W2/6 w 0,0 0,0 0 -,-' });
  const s = await open(browser, `?${q}`);
  await s.page.click('[data-square="d2"]');
  await s.page.click('[data-square="c2"]');
  await s.page.waitForSelector('[data-winner="white"]');
  assert.equal(await s.page.isDisabled('[data-action="undo"]'), true);
  await close(s);
});

test('the theme switch shows whether the dark theme is on', async () => {
  const s = await open(browser, '?game=scripta&opponent=human');
  const look = () => s.page.$eval('[data-action="theme"]', (b) => ({
    pressed: b.getAttribute('aria-pressed'),
    theme: document.documentElement.dataset.theme,
    knob: getComputedStyle(b, '::before').backgroundImage,
  }));
  const first = await look();
  await s.page.click('[data-action="theme"]');
  const second = await look();
  assert.notEqual(first.theme, second.theme);
  for (const seen of [first, second]) assert.equal(seen.pressed, String(seen.theme === 'dark'));
  // The switch itself looks different on and off, not only its words.
  assert.notEqual(first.knob, second.knob);
  await close(s);
});

/** Every visible control smaller than 44 x 44 px, and every board place whose drawn cell does not all take its taps. */
const tooSmall = (page) => page.evaluate(() => {
  const visible = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  const controls = [...document.querySelectorAll('button, select, input, summary, [role="button"]:not(svg *)')]
    .filter(visible)
    .map((e) => { const r = e.getBoundingClientRect(); return { what: e.dataset.action ?? e.className ?? e.tagName, w: r.width, h: r.height }; })
    .filter(({ w, h }) => w < 44 || h < 44);
  const places = [];
  for (const place of document.querySelectorAll('[data-mark], [data-off], [data-square]')) {
    if (place.closest('[aria-hidden="true"]') || !visible(place)) continue;
    const drawn = (place.querySelector('.cell') ?? place).getBoundingClientRect();
    // 3 px in: the outlines of neighbouring cells overlap at their shared edge.
    const corners = [[drawn.left + 3, drawn.top + 3], [drawn.right - 3, drawn.top + 3],
      [drawn.left + 3, drawn.bottom - 3], [drawn.right - 3, drawn.bottom - 3]];
    for (const [x, y] of corners) {
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
      if (document.elementFromPoint(x, y)?.closest('[data-mark], [data-off], [data-square]') !== place) {
        places.push(place.dataset.mark ?? place.dataset.off ?? place.dataset.square);
      }
    }
  }
  return { controls, places };
});

test('every control is at least 44 x 44 px, and every drawn cell takes a tap anywhere on it', async () => {
  const screens = ['?lang=en', '?game=scripta&opponent=human&seed=3', '?game=scripta&rules=italian&opponent=human',
    '?game=latrunculi&opponent=human', '?game=latrunculi&opponent=human&rules=quintana', '?page=rules&game=scripta'];
  for (const viewport of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1024, height: 768 }]) {
    const s = await open(browser, screens[0], { viewport });
    for (const query of screens) {
      if (query !== screens[0]) {
        await s.page.goto(new URL(query, s.base).href);
        await s.page.waitForSelector('body.ready');
      }
      // Two frames: whatever the first layout sets off (a board fitted to its box) is drawn.
      await s.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.deepEqual(await tooSmall(s.page), { controls: [], places: [] }, `${query} at ${viewport.width}x${viewport.height}`);
    }
    await close(s);
  }
});
